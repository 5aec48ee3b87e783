"""Every puzzle format the package reads, behind one door: :func:`read`.

One module a format, each with ``recognises(text)``, ``read(text)`` and ``write(model)``:

- :mod:`~sudoku_models.formats.sudokupad`: SudokuPad links (f-puzzles, ``scl`` and ``ctc``
  payloads) and ``?puzzle=`` links;
- :mod:`~sudoku_models.formats.iss`: Interactive Sudoku Solver links, constraint text and the
  other texts ISS reads (SudokuWiki's and ISS's short killer forms, jigsaw lines, pencil marks);
- :mod:`~sudoku_models.formats.fpuzzles`: f-puzzles links and JSON;
- :mod:`~sudoku_models.formats.plain`: a line of digits or a grid.

:func:`read` tries them in that order and gives a :class:`Read`: the model, the file's title,
author, rules text and embedded solution, and warnings about what the file says that the model
does not carry (:mod:`~sudoku_models.formats.guard`).

>>> read(".AntiKnight.~R1C1_5").model.variants
(AntiKnight(),)
>>> from sudoku_models.puzzle import Puzzle
>>> link = sudokupad.write(Puzzle.parse(".1.....4....34.."))
>>> link[:30], read(link).format, read(link).model.givens[:4]
('https://sudokupad.app/fpuzzles', 'sudokupad', (0, 1, 0, 0))
"""

from __future__ import annotations

from types import ModuleType

from .. import fpuzzles as fpuzzles_reader
from ..errors import InvalidPuzzleError
from . import fpuzzles, iss, plain, sudokupad
from .base import Read
from .guard import answer_warnings

__all__ = ["FORMATS", "Read", "answer_warnings", "detect", "read"]

#: The format modules, in the order :func:`read` tries them.
FORMATS: tuple[ModuleType, ...] = (sudokupad, iss, fpuzzles, plain)


def detect(text: str) -> ModuleType | None:
    """The first format module that recognises ``text``, or None."""
    for module in FORMATS:
        if module.recognises(text):
            return module
    return None


def read(text: str) -> Read:
    """The puzzle of ``text`` in any format the package knows (see the module docstring)."""
    if not isinstance(text, str):
        raise InvalidPuzzleError("a puzzle to read must be text")
    for module in FORMATS[:-1]:
        if module.recognises(text):
            result: Read = module.read(text)
            return result
    try:
        return plain.read(text)  # the last resort: its error says why the text is no puzzle
    except InvalidPuzzleError:
        if not fpuzzles_reader.looks_compressed(text):
            raise
    # The compressed text of an f-puzzles link need not start as usual: read it when it
    # decompresses, and otherwise say what it looked like.
    try:
        data = fpuzzles_reader.decode(text)
    except InvalidPuzzleError as not_compressed:
        raise InvalidPuzzleError(
            "neither a puzzle nor f-puzzles text (it looks like the compressed text after "
            f"?load= in a link): {not_compressed}"
        ) from None
    return fpuzzles.read_object(data, fpuzzles.NAME)
