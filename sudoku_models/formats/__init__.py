"""Every puzzle format the package reads, behind one door: :func:`read`.

One module or subpackage a format, each with ``recognises(text)``, ``read(text)`` and
``write(model)``:

- :mod:`~sudoku_models.formats.sudokupad`: SudokuPad links (f-puzzles, ``scl`` and ``ctc``
  payloads) and ``?puzzle=`` links;
- :mod:`~sudoku_models.formats.iss`: Interactive Sudoku Solver links, constraint text and the
  other texts ISS reads (SudokuWiki's and ISS's short killer forms, jigsaw lines, pencil marks);
- :mod:`~sudoku_models.formats.fpuzzles`: f-puzzles links and JSON;
- :mod:`~sudoku_models.formats.plain`: a line of digits or a grid.

:func:`detect` asks them in that order which one reads a text (each format's ``recognises``),
so a format is added in one place; the command line, the board and the API all ask it.
:func:`read` reads with it and gives a :class:`Read`: the model, the file's title, author,
rules text and embedded solution, and warnings about what the file says that the model does
not carry (:mod:`~sudoku_models.formats.guard`).

>>> read(".AntiKnight.~R1C1_5").model.variants
(AntiKnight(),)
>>> from sudoku_models.puzzle import Puzzle
>>> link = sudokupad.write(Puzzle.parse(".1.....4....34.."))
>>> link[:30], read(link).format, read(link).model.givens[:4]
('https://sudokupad.app/fpuzzles', 'sudokupad', (0, 1, 0, 0))
"""

from __future__ import annotations

from types import ModuleType

from .. import deadline
from ..errors import InvalidPuzzleError, SudokuModelsError
from . import fpuzzles, iss, plain, sudokupad
from .base import Read
from .guard import answer_warnings
from .reading import Choice, choosing

__all__ = ["FORMATS", "Choice", "Read", "answer_warnings", "detect", "is_rich", "read"]

#: The format modules (a subpackage stands for its format), in the order :func:`read` tries them.
FORMATS: tuple[ModuleType, ...] = (sudokupad, iss, fpuzzles, plain)
#: What a reader raises only by a slip of its own on input it did not foresee, never on purpose.
_SLIPS = (
    ArithmeticError, AttributeError, IndexError, KeyError, RecursionError, StopIteration,
    TypeError, ValueError,
)  # fmt: skip


def detect(text: str) -> ModuleType | None:
    """The format module that reads ``text``: the first that recognises it, in the order of
    :data:`FORMATS`; then, for a word that looks like the compressed text of a link, however it
    starts, SudokuPad when it decompresses to SudokuPad's data, else f-puzzles; None for text
    no format recognises."""
    for module in FORMATS:
        if module.recognises(text):
            return module
    if fpuzzles.looks_compressed(text):
        return sudokupad if sudokupad.bare_kind(text) else fpuzzles
    return None


def is_rich(text: str) -> bool:
    """Whether ``text`` is a puzzle in a format richer than a plain grid (a link, ISS text,
    f-puzzles JSON or its compressed text): one that may carry rules beside its givens."""
    return detect(text) not in (None, plain)


def read(text: str, choice: Choice | None = None, time_limit: float | None = None) -> Read:
    """The puzzle of ``text`` in any format the package knows (see the module docstring);
    ``choice`` gives readings of its marks and a check of uniqueness to choose between the
    readings its rules text allows (:class:`~sudoku_models.formats.reading.Choice`).

    ``time_limit`` bounds the reading in seconds (None: only a limit already open, see
    :mod:`~sudoku_models.deadline`); past it, :class:`~sudoku_models.errors.TimeLimitReached`.
    A slip of a reader on input it did not foresee is refused as an
    :class:`~sudoku_models.errors.InvalidPuzzleError` that says it is a bug, never another
    exception (a bare ``StopIteration`` would end a caller's ``map(read, ...)`` quietly).
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError("a puzzle to read must be text")
    module = detect(text) or plain  # plain's error says why it is no puzzle
    with deadline.within(time_limit), choosing(choice):
        try:
            return module.read(text)
        except SudokuModelsError:
            raise
        except _SLIPS as exc:  # refused, never a bare StopIteration that ends a caller's loop
            raise InvalidPuzzleError(
                f"the {module.NAME} reader failed on this input ({type(exc).__name__}): a bug "
                "in sudoku_models; please report it with the puzzle"
            ) from exc
