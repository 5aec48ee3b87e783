"""f-puzzles links and JSON, in and out.

- :mod:`~sudoku_models.formats.fpuzzles.link`: the format's door (``recognises``, ``read``,
  ``write``), with the keys that only draw handed on as marks;
- :mod:`~sudoku_models.formats.fpuzzles.keys`: the rule keys, read into variant rules and
  written back (``sm.fpuzzles`` names it);
- :mod:`~sudoku_models.formats.fpuzzles.values`: the checks of the values a key holds.

The LZ-string codec of the links is :mod:`~sudoku_models.formats.lz`, shared with SudokuPad.
"""

from __future__ import annotations

from .keys import LINK_PREFIX, looks_compressed
from .link import NAME, ignored, read, read_object, recognises, write

__all__ = [
    "LINK_PREFIX",
    "NAME",
    "ignored",
    "looks_compressed",
    "read",
    "read_object",
    "recognises",
    "write",
]
