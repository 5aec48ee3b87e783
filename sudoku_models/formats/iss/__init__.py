"""Interactive Sudoku Solver (ISS) links and constraint text, in and out.

- :mod:`~sudoku_models.formats.iss.link`: links and constraint text, read and written;
- :mod:`~sudoku_models.formats.iss.codes`: ISS's packed rules (pairwise keys, state machines)
  and the automata its sums, hidden skyscrapers, value indexing and distinct counts become;
- :mod:`~sudoku_models.formats.iss.text`: the other texts ISS reads (short killer forms,
  jigsaw lines, pencil marks, sections and comments), turned into the same items first.
"""

from __future__ import annotations

from .link import (
    ISS_TYPES,
    LINK_PREFIX,
    NAME,
    READERS,
    constraint_text,
    items_of,
    little_killer_lines,
    read,
    recognises,
    regex_pattern,
    to_link,
    write,
)

__all__ = [
    "ISS_TYPES",
    "LINK_PREFIX",
    "NAME",
    "READERS",
    "constraint_text",
    "items_of",
    "little_killer_lines",
    "read",
    "recognises",
    "regex_pattern",
    "to_link",
    "write",
]
