"""Interactive Sudoku Solver (ISS) links and constraint text, in and out.

- :mod:`~sudoku_models.formats.iss.link`: links and constraint text, read and written;
- :mod:`~sudoku_models.formats.iss.types`: every ISS constraint type once, with how it reads
  into variant rules and how they write back as it;
- :mod:`~sudoku_models.formats.iss.cells`: how ISS names cells and writes items;
- :mod:`~sudoku_models.formats.iss.codes`: ISS's packed rules (pairwise keys, state machines)
  and the automata its sums, hidden skyscrapers, value indexing and distinct counts become;
- :mod:`~sudoku_models.formats.iss.text`: the other texts ISS reads (short killer forms,
  jigsaw lines, pencil marks, sections and comments), turned into the same items first.
"""

from __future__ import annotations

from .link import LINK_PREFIX, NAME, constraint_text, items_of, read, recognises, to_link, write
from .types import ISS_TYPES, READERS, TYPES, IssType, little_killer_lines, regex_pattern

__all__ = [
    "ISS_TYPES",
    "LINK_PREFIX",
    "NAME",
    "READERS",
    "TYPES",
    "IssType",
    "constraint_text",
    "items_of",
    "little_killer_lines",
    "read",
    "recognises",
    "regex_pattern",
    "to_link",
    "write",
]
