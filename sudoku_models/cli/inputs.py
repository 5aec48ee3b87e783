"""Reading what a command is given: a puzzle text, a file, a shipped set's name, or standard input.

A ``PUZZLE`` argument is read as, in this order: ``-`` (standard input); an existing path (a file,
or a pipe such as ``<(...)``; a directory is refused); the name of a shipped set such as ``top95``
(:mod:`sudoku_models.datasets`); otherwise the puzzle itself, unless it looks like a file name, in
which case the error says that no such file exists. With no ``PUZZLE`` at all, a puzzle piped in
on standard input is read.
"""

from __future__ import annotations

import argparse
import math
import os
import stat
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..errors import InvalidPuzzleError, shown

if TYPE_CHECKING:
    from ..puzzle import Puzzle

#: The forms a puzzle is read from, for the help of every command that reads puzzles.
PUZZLE_FORMS = (
    "a puzzle (one line of digits, or a grid), a file of puzzles (one a line), a shipped set "
    "such as top95, an f-puzzles, SudokuPad or ISS link or text, an f-puzzles .json or ISS .iss "
    "file, or - for standard input"
)

#: What ``PUZZLE`` may be, for the help of every command that reads puzzles.
PUZZLE_HELP = f"{PUZZLE_FORMS} (read anyway when piped in and PUZZLE is left out)"

#: The help of ``-f/--format`` on the commands that print text or JSON.
TEXT_OR_JSON = "text (default) or json: one JSON object a puzzle"


def box_shape(text: str) -> tuple[int, int]:
    """Parse a ``--box`` value such as ``3x3`` or ``2x3``."""
    rows, sep, cols = text.lower().partition("x")
    if not sep or not rows.isdigit() or not cols.isdigit():
        raise argparse.ArgumentTypeError(f"box shape must look like 3x3 or 2x3, got {shown(text)}")
    return int(rows), int(cols)


def seconds(text: str) -> float:
    """Parse a time limit: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {shown(text)}") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"a time limit must be positive seconds, got {shown(text)}"
        )
    return value


def add_time_limit(
    parser: argparse.ArgumentParser, bounds: str, default: float | None = None
) -> None:
    """Declare ``-t/--time-limit SECONDS``, a positive number of seconds: ``bounds`` says what
    it limits (``"per puzzle"``) and ends the help, ``default`` is the limit when the option is
    left out (None: no limit)."""
    given = "none" if default is None else f"{default:g}"
    parser.add_argument(
        "-t",
        "--time-limit",
        type=seconds,
        default=default,
        metavar="SECONDS",
        help=f"seconds {bounds} (default: {given})",
    )


def _whole(text: str, least: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {shown(text)}") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"must be at least {least}, got {value}")
    return value


def positive_int(text: str) -> int:
    """Parse a count that must be at least 1 (``--count``, ``--workers``)."""
    return _whole(text, 1)


def natural(text: str) -> int:
    """Parse a whole number that may be 0 (``--seed``, ``--augment``)."""
    return _whole(text, 0)


def share(text: str) -> float:
    """Parse a share: a number from 0 to 1."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {shown(text)}") from None
    if not 0.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"a share is between 0 and 1, got {shown(text)}")
    return value


def add_puzzle_arguments(parser: argparse.ArgumentParser) -> None:
    """The optional ``PUZZLE`` positional and ``--box``, shared by every command reading puzzles."""
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_HELP)
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")


def add_progress_flags(parser: argparse.ArgumentParser, default_help: str) -> None:
    """``--progress`` / ``--no-progress``; left unset (None), the command decides."""
    progress = parser.add_mutually_exclusive_group()
    progress.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help=f"show progress bars (default: {default_help})",
    )
    progress.add_argument(
        "--no-progress", dest="progress", action="store_false", help="show no progress bars"
    )


def given_source(source: str | None) -> str:
    """``source``, or ``-`` when it was left out and something is piped in on standard input."""
    if source is not None:
        return source
    if sys.stdin is not None and not sys.stdin.isatty():
        return "-"
    raise ValueError("give a PUZZLE, a file, a shipped set name, or - for standard input")


def one_puzzle(source: str | None) -> str:
    """What :func:`sudoku_models.door.read` reads for a command that takes one puzzle: the
    text of standard input (``-``) or of a pipe, else the argument as given (a puzzle, a link,
    or a file's path, which the door opens)."""
    from ..door import MAX_FILE

    source = given_source(source)
    if source == "-":
        return sys.stdin.read(MAX_FILE + 1)
    if os.path.lexists(source) and not os.path.isfile(source):
        return read_file(source)
    return source


def read_puzzles(source: str | None, box: tuple[int, int] | None = None) -> list[Puzzle]:
    """Every puzzle of ``source``, read and checked before any work starts.

    Standard input and files hold one puzzle a line, or a single puzzle written as a grid over
    several lines (when the first line is not a puzzle by itself).
    """
    from .. import datasets
    from ..door import looks_like_a_file_name
    from ..puzzle import Puzzle

    source = given_source(source)
    if source == "-":
        return puzzles_in_text(sys.stdin.read(), "standard input", box)
    if os.path.lexists(source):
        return puzzles_in_text(read_file(source), source, box)
    if source in datasets.names():
        return list(datasets.iter_puzzles(datasets.path(source), box=box))
    try:
        return [Puzzle.parse(source, box=box)]
    except InvalidPuzzleError:
        _refuse_rich(source, "")
        if looks_like_a_file_name(source):
            shipped = ", ".join(datasets.names())
            raise FileNotFoundError(
                f"no such file or shipped puzzle set: {source!r} (shipped sets: {shipped})"
            ) from None
        raise


def _refuse_rich(text: str, where: str) -> None:
    """Refuse ``text`` that is no list of plain puzzles but a puzzle in a richer format."""
    from .. import formats

    module = formats.detect(text)
    if module is not None and module is not formats.plain:
        raise InvalidPuzzleError(
            f"{where}this looks like {module.NAME} text, which is read as one puzzle, not as "
            "a list of plain puzzles"
        )


def read_file(path: str) -> str:
    """The text of an existing path: a regular file or a pipe; a directory is an error."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise FileNotFoundError(f"{path}: a link to a file that does not exist") from None
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"{path} is a directory, not a file of puzzles")
    try:
        with open(path, encoding="utf-8") as handle:
            return handle.read()
    except UnicodeDecodeError:
        raise InvalidPuzzleError(f"{path} is not a text file") from None
    except OSError as exc:
        raise OSError(f"cannot read {path}: {exc.strerror or exc}") from None


def puzzles_in_text(text: str, where: str, box: tuple[int, int] | None = None) -> list[Puzzle]:
    """Every puzzle of the text of a file or of standard input (``where`` names it in errors):
    one puzzle a line, or a single puzzle written as a grid over several lines."""
    try:
        return list(_puzzles_from_text(text, where, box))
    except InvalidPuzzleError:
        _refuse_rich(text.lstrip()[:4096], f"{where}: ")
        raise


def _puzzles_from_text(text: str, where: str, box: tuple[int, int] | None) -> Iterator[Puzzle]:
    from ..board import MAX_DIGITS
    from ..parsing import is_square_grid, puzzle_lines
    from ..puzzle import Puzzle

    lines = [line for _, line in puzzle_lines(text)]
    if not lines:
        raise InvalidPuzzleError(f"{where}: no puzzle found")
    if 1 < len(lines) <= 2 * MAX_DIGITS:
        # Short enough to be one grid: read it so when it is one, even if its first row alone
        # also reads as a small puzzle (a 16x16 row of 16 cells is a 4x4 line). Sixteen 4x4
        # puzzles also read as a 16x16 grid; --box 2x2 keeps them apart.
        text = "\n".join(lines)
        try:
            grid = Puzzle.parse(text, box=box)
        except InvalidPuzzleError as exc:
            # n rows of n cells are one grid unless --box says the rows are puzzles: report its
            # fault rather than read the rows as small puzzles up to the faulty one.
            rows_are_puzzles = box is not None and box[0] * box[1] != len(lines)
            if is_square_grid(text) and not rows_are_puzzles:
                raise exc.located(where) from None
        else:
            yield grid
            return
    try:
        Puzzle.parse(lines[0], box=box)
    except InvalidPuzzleError:
        try:
            yield Puzzle.parse("\n".join(lines), box=box)
        except InvalidPuzzleError as exc:
            raise exc.located(where) from None
        return
    for number, line in enumerate(lines, start=1):
        try:
            yield Puzzle.parse(line, box=box)
        except InvalidPuzzleError as exc:
            raise exc.located(f"{where}, puzzle {number}") from None
