"""Variant input for the commands: f-puzzles links and JSON files, and flags adding global rules.

``PUZZLE`` may be an f-puzzles link, the text after ``?load=``, f-puzzles JSON (inline or a
``.json`` file), or any plain puzzle form; the flags add rules to whatever was read.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .. import deadline
from ..errors import InvalidPuzzleError, TimeLimitReached
from .inputs import given_source, puzzles_in_text, read_at_most, read_file, read_puzzles
from .notes import say

if TYPE_CHECKING:
    from ..board import Board
    from ..formats.base import Read
    from ..model import Model
    from ..puzzle import Puzzle
    from ..variants import Jigsaw, Variant

#: Flags that add one rule to the whole grid: (flag, help).
FLAGS = (
    ("--diagonal", "both main diagonals hold different digits (X-Sudoku)"),
    ("--anti-knight", "cells a knight's move apart differ"),
    ("--anti-king", "cells a king's move apart differ"),
    ("--nonconsecutive", "orthogonal neighbours are not consecutive"),
    ("--windoku", "four extra boxes between the usual ones"),
    ("--disjoint-groups", "cells in the same position of every box differ"),
)


def add_variant_flags(parser: argparse.ArgumentParser) -> None:
    """Add the global-rule flags and ``--jigsaw``."""
    group = parser.add_argument_group("variant rules added to the puzzle")
    for flag, text in FLAGS:
        group.add_argument(flag, action="store_true", help=text)
    group.add_argument(
        "--jigsaw",
        metavar="REGIONS",
        help="irregular regions instead of boxes: one symbol a cell, row by row, same symbol "
        "same region (e.g. 111122223333... for a 4x4 read as rows)",
    )


def add_reading_flags(parser: argparse.ArgumentParser) -> None:
    """Add ``--as``: a reading of a puzzle's marks given by the user."""
    parser.add_argument(
        "--as",
        dest="readings_as",
        action="append",
        metavar="MARKS=KIND",
        help="read the marks a colour, shape and place name as a rule, instead of what the "
        "rules text suggests: a rule kind, e.g. --as 'grey line=renban', --as 'green "
        "line=whispers 5', --as 'red circle=cosmetic', or a rule composed of a function and a "
        "scope, compared with each mark's number, e.g. --as 'text outside=sum of the first 3 "
        "cells', --as 'white circle on edges=difference of the pair', or its parts spelled "
        "out, --as 'grey line=function:sum scope:cells comparison:< values:10' (repeatable)",
    )


def readings_given(args: argparse.Namespace) -> tuple[str, ...]:
    """The readings of marks ``--as`` gives, for :func:`sudoku_models.door.read`, which
    chooses among the others as every entry point does; each is checked here first, so a
    malformed one is refused as a mistake of ``--as``, not of the puzzle file."""
    from ..formats.reading import given

    readings = tuple(getattr(args, "readings_as", None) or ())
    for reading in readings:
        try:
            given(reading)
        except ValueError as exc:
            raise InvalidPuzzleError(f"--as: {exc}") from None
    return readings


def flag_rules(args: argparse.Namespace, board: Board) -> list[Variant]:
    """The rules the flags of ``args`` ask for, on ``board``."""
    from ..variants import AntiKing, AntiKnight, Diagonal, DisjointGroups, Nonconsecutive, windoku

    rules: list[Variant] = []
    if getattr(args, "diagonal", False):
        rules += [Diagonal(True), Diagonal(False)]
    if getattr(args, "anti_knight", False):
        rules.append(AntiKnight())
    if getattr(args, "anti_king", False):
        rules.append(AntiKing())
    if getattr(args, "nonconsecutive", False):
        rules.append(Nonconsecutive())
    if getattr(args, "windoku", False):
        rules += windoku(board)
    if getattr(args, "disjoint_groups", False):
        rules.append(DisjointGroups())
    if getattr(args, "jigsaw", None):
        rules.append(jigsaw_regions(args.jigsaw, board))
    return rules


def jigsaw_regions(text: str, board: Board) -> Jigsaw:
    """Irregular regions from one symbol a cell, row by row (whitespace ignored)."""
    from ..variants import Jigsaw

    symbols = "".join(text.split())
    if len(symbols) != board.size:
        raise InvalidPuzzleError(
            f"--jigsaw needs {board.size} symbols for a {board.n}x{board.n} grid, "
            f"got {len(symbols)}"
        )
    regions: dict[str, list[tuple[int, int]]] = {}
    for i, symbol in enumerate(symbols):
        regions.setdefault(symbol, []).append(board.row_col(i))
    if len(regions) != board.n:
        raise InvalidPuzzleError(f"--jigsaw names {len(regions)} regions, a grid needs {board.n}")
    return Jigsaw(tuple(tuple(cells) for cells in regions.values()))


def is_rich(source: str) -> bool:
    """Whether ``source`` is a puzzle in a format richer than a plain grid: an f-puzzles,
    SudokuPad or ISS link or text (:func:`~sudoku_models.formats.is_rich`), a file holding
    one, or an f-puzzles ``.json`` or ISS ``.iss`` file."""
    from .. import formats

    text = source.strip()
    if _rules_path(text):
        return True
    if os.path.isfile(text):  # a file holding one link or rules text is read as that puzzle
        with open(text, encoding="utf-8", errors="replace") as handle:
            return formats.is_rich(_head(handle.read(4096)))
    return not os.path.lexists(text) and formats.is_rich(text)


def read_models(
    source: str | None, args: argparse.Namespace, box: tuple[int, int] | None = None
) -> Iterator[Model]:
    """The models of ``source`` with the rules of the flags in ``args`` added.

    ``source`` is what :func:`~sudoku_models.cli.inputs.read_puzzles` reads, or one puzzle in a
    richer format, as :func:`sudoku_models.formats.detect` tells, given as the argument, in a
    file or on standard input: an f-puzzles link, its ``?load=`` text (whatever it starts
    with), its JSON or a ``.json`` file, a SudokuPad or ISS link, or ISS text (inline or an
    ``.iss`` file).
    """
    from .. import formats
    from ..model import Model

    source = given_source(source)
    if source == "-":
        text, where = read_at_most(sys.stdin, "standard input"), "standard input"
    elif _rules_path(source):
        text, where = None, source  # the door opens it
    elif os.path.lexists(source):
        text, where = read_file(source), source
    else:
        text, where = None, ""
    if _rules_path(source) or formats.is_rich(source if text is None else _head(text)):
        try:
            model = read_within(source if text is None else text, args).model
        except InvalidPuzzleError as exc:  # text the door did not open itself: name where
            if text is None:
                raise
            raise exc.located(where) from None
        rules = flag_rules(args, model.board)
        if rules:
            model = Model.from_puzzle(model.puzzle, variants=[*model.variants, *rules])
        yield model
        return
    if readings_given(args):
        raise InvalidPuzzleError("--as reads the marks of a puzzle file; a plain grid has none")
    puzzles = read_puzzles(source, box=box) if text is None else puzzles_in_text(text, where, box)
    for puzzle in puzzles:
        yield Model.from_puzzle(puzzle, variants=flag_rules(args, puzzle.board))


def read_within(puzzle: str, args: argparse.Namespace) -> Read:
    """:func:`sudoku_models.door.read` of ``puzzle`` with the readings ``--as`` gives, within
    the command's ``--time-limit`` (the cooperative limit, which holds in any thread)."""
    from .. import door

    try:
        with deadline.within(getattr(args, "time_limit", None)):
            return door.read(puzzle, readings_given(args))
    except TimeLimitReached as stopped:
        raise TimeoutError(
            f"reading the puzzle took longer than the time limit of {stopped.seconds:g} s"
        ) from None


def read_classic(source: str | None, box: tuple[int, int] | None = None) -> list[Puzzle]:
    """The puzzles of ``source`` in every format :func:`read_models` reads, for a command that
    works on classic rules only: a puzzle with variant rules is refused naming them, and the
    reader's warnings are printed on stderr."""
    from ..door import classic_puzzle

    puzzles = []
    for model in read_models(source, argparse.Namespace(), box=box):
        puzzles.append(classic_puzzle(model))
        say(model.warnings)
    return puzzles


def _rules_path(path: str) -> bool:
    """Whether ``path`` names an f-puzzles ``.json`` or ISS ``.iss`` file."""
    return path.endswith((".json", ".iss")) and os.path.isfile(path)


def _head(text: str) -> str:
    """The start of a file's text, enough to tell its format without parsing a long list of
    plain puzzles whole."""
    text = text.lstrip()
    return text if len(text) <= 4096 else text[:4096]
