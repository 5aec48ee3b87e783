"""SudokuPad links, in and out: the f-puzzles payloads they carry and SudokuPad's own
``scl``/``ctc`` data (:mod:`~sudoku_models.formats.sudokupad.link`)."""

from __future__ import annotations

from .link import (
    LINK_PREFIX,
    NAME,
    bare_kind,
    payload_of,
    read,
    read_ctc,
    recognises,
    unzip,
    write,
)

__all__ = [
    "LINK_PREFIX",
    "NAME",
    "bare_kind",
    "payload_of",
    "read",
    "read_ctc",
    "recognises",
    "unzip",
    "write",
]
