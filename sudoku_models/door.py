"""One door from anything a user holds to a model: :func:`read`.

A puzzle arrives as a :class:`~sudoku_models.model.Model`, a
:class:`~sudoku_models.puzzle.Puzzle`, a text (a line of digits, a grid, an f-puzzles,
SudokuPad or ISS link or text), rows of digits, or the path of a file holding one puzzle in
any of those forms. Every entry point reads it here, so the same input gives the same model
everywhere: where the rules text of a link leaves several readings of its marks open, one
that leaves a single solution is taken (each check of uniqueness bounded by
:data:`UNIQUE_SECONDS` and by the time limit open in :mod:`~sudoku_models.deadline`).

The door sits above the solvers, which it asks to choose readings; the backends themselves
receive models.

>>> read(".1.....4....34..").model.givens[:4]
(0, 1, 0, 0)
>>> read(read(".1.....4....34..").model).format
'model'
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence

from . import deadline, formats
from .errors import InvalidPuzzleError, UnsupportedModelError
from .formats.fpuzzles import keys as fpuzzles_keys
from .formats.reading import MAX_TRIES, Choice, given
from .model import Model
from .parsing import Source
from .puzzle import Puzzle

__all__ = [
    "UNIQUE_SECONDS",
    "PuzzleLike",
    "classic_puzzle",
    "is_unique",
    "looks_like_a_file_name",
    "model_of",
    "read",
]

#: What every entry point takes as a puzzle: a model, a puzzle, a text or rows of digits, or
#: the path of a file holding one puzzle.
PuzzleLike = Model | Puzzle | Source | os.PathLike[str]

#: Seconds each check of uniqueness may take at most when choosing between readings.
UNIQUE_SECONDS = 5.0

#: Characters read at most from a puzzle file: the longest puzzle any format takes.
MAX_FILE = fpuzzles_keys.MAX_JSON

#: A file name's extension, such as ``.txt``.
_EXTENSION = re.compile(r"\.[A-Za-z][A-Za-z0-9]{0,4}$")


def read(
    puzzle: PuzzleLike,
    readings: Sequence[str] = (),
    files: bool = True,
    time_limit: float | None = None,
) -> formats.Read:
    """The model of ``puzzle`` in any form, with what its file says about it
    (:class:`~sudoku_models.formats.Read`: warnings, rules text, the readings of its marks).

    ``readings`` are readings of marks the user gives (``"grey line=renban"``), taking the
    place of what the rules text suggests; ``files=False`` takes a text as the puzzle even when
    it names a file (for text pasted by someone other than the machine's user); ``time_limit``
    bounds the reading in seconds, choosing readings included (past it,
    :class:`~sudoku_models.errors.TimeLimitReached`; it holds in any thread).
    """
    with deadline.within(time_limit):
        return _read(puzzle, readings, files)


def _read(puzzle: PuzzleLike, readings: Sequence[str], files: bool) -> formats.Read:
    """:func:`read` under the limit it opened."""
    if readings and not isinstance(puzzle, str | os.PathLike):
        raise InvalidPuzzleError("readings of marks are given for a puzzle's text or file only")
    if isinstance(puzzle, Model):
        return _as_read(puzzle, "model")
    if isinstance(puzzle, Puzzle):
        return _as_read(Model.from_puzzle(puzzle), "puzzle")
    if isinstance(puzzle, os.PathLike):
        return _read_file(os.fspath(puzzle), readings)
    if not isinstance(puzzle, str):
        return _as_read(Model.from_puzzle(Puzzle.parse(puzzle)), "grid")
    if files and _names_a_file(puzzle):
        return _read_file(puzzle.strip(), readings)
    try:
        return _read_text(puzzle, readings)
    except InvalidPuzzleError:
        name = puzzle.strip()
        if files and not formats.is_rich(name) and looks_like_a_file_name(name):
            raise InvalidPuzzleError(f"no such file: {name!r}") from None
        raise


def model_of(puzzle: PuzzleLike) -> Model:
    """The model :func:`read` reads from ``puzzle``, the readings of its marks chosen by
    uniqueness."""
    return read(puzzle).model


def classic_puzzle(puzzle: PuzzleLike) -> Puzzle:
    """The givens of ``puzzle`` for work on classic rules only: a puzzle with rules beyond the
    classic ones is refused, naming them, rather than read without them."""
    model = model_of(puzzle)
    if not model.is_classic:
        names = sorted({rule.name for rule in model.variants}) or ["irregular regions"]
        raise UnsupportedModelError(f"classic sudoku only; the puzzle has {', '.join(names)}")
    return model.puzzle


def is_unique(model: Model) -> bool:
    """Whether ``model`` has a single solution, as the choice of readings asks it: a SAT check
    of at most :data:`UNIQUE_SECONDS`, and of a share of the time left under an open limit; a
    check that runs out of time counts as not unique."""
    from .solvers import DEFAULT_BACKEND, get_solver

    seconds = UNIQUE_SECONDS
    left = deadline.remaining()
    if left is not None:
        seconds = min(seconds, left / (2 * MAX_TRIES))
    try:
        return get_solver(DEFAULT_BACKEND).is_unique(model, time_limit=seconds)
    except TimeoutError:
        return False


def looks_like_a_file_name(text: str) -> bool:
    """Whether text that is no puzzle was meant as a file: it has a path separator, or it is
    shorter than a 9x9 puzzle and has an extension or is a bare word such as ``top96``."""
    if "/" in text or os.sep in text:
        return True
    short = len(text) < 81 and not any(ch.isspace() for ch in text)
    word = text.replace("_", "").isalnum() and not text.isdigit()
    return short and (word or bool(_EXTENSION.search(text)))


def _read_text(text: str, readings: Sequence[str]) -> formats.Read:
    choice = Choice(tuple(given(claim) for claim in readings), is_unique)
    return formats.read(text, choice)


def _read_file(path: str, readings: Sequence[str]) -> formats.Read:
    text = _file_text(path)
    try:
        return _read_text(text, readings)
    except InvalidPuzzleError as exc:
        raise exc.located(path) from None
    except UnsupportedModelError as exc:
        raise UnsupportedModelError(f"{path}: {exc}") from None


def _as_read(model: Model, form: str) -> formats.Read:
    solution = None if model.solution is None else Puzzle(model.board, model.solution)
    return formats.Read(model, form, solution=solution, warnings=model.warnings)


def _names_a_file(text: str) -> bool:
    """Whether ``text`` is the path of an existing file (not a puzzle that happens to be one)."""
    name = text.strip()
    return bool(name) and len(name) < 4096 and "\n" not in name and os.path.isfile(name)


def _file_text(path: str) -> str:
    """The text of a puzzle file, refused when longer than any puzzle's."""
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read(MAX_FILE + 1)
    except FileNotFoundError:
        raise InvalidPuzzleError(f"no such file: {path!r}") from None
    except UnicodeDecodeError:
        raise InvalidPuzzleError(f"{path} is not a text file") from None
    except OSError as exc:
        raise InvalidPuzzleError(f"cannot read {path}: {exc.strerror or exc}") from None
    if len(text) > MAX_FILE:
        raise InvalidPuzzleError(f"{path}: longer than {MAX_FILE} characters")
    return text
