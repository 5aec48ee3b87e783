"""Variant input for the commands: f-puzzles links and JSON files, and flags adding global rules.

``PUZZLE`` may be an f-puzzles link, the text after ``?load=``, f-puzzles JSON (inline or a
``.json`` file), or any plain puzzle form; the flags add rules to whatever was read.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Iterator

from .. import formats
from ..board import Board
from ..errors import InvalidPuzzleError
from ..model import Model
from ..variants import (
    AntiKing,
    AntiKnight,
    Diagonal,
    DisjointGroups,
    Jigsaw,
    Nonconsecutive,
    Variant,
    windoku,
)
from .inputs import read_puzzles

#: The formats read whole from one argument (f-puzzles is recognised by :func:`is_fpuzzles`).
LINKS = (formats.sudokupad, formats.iss)

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


def flag_rules(args: argparse.Namespace, board: Board) -> list[Variant]:
    """The rules the flags of ``args`` ask for, on ``board``."""
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


def is_fpuzzles(source: str) -> bool:
    """Whether ``source`` looks like an f-puzzles link, load text, JSON text or JSON file."""
    text = source.strip()
    return (
        "load=" in text
        or text.startswith(("{", "N4Ig", "fpuzzles"))
        or (text.endswith(".json") and os.path.isfile(text))
    )


def read_models(
    source: str | None, args: argparse.Namespace, box: tuple[int, int] | None = None
) -> Iterator[Model]:
    """The models of ``source`` with the rules of the flags in ``args`` added.

    ``source`` is what :func:`~sudoku_models.cli.inputs.read_puzzles` reads, or an f-puzzles
    link, its ``?load=`` text, its JSON or a ``.json`` file, a SudokuPad or ISS link, or ISS
    text (inline or an ``.iss`` file).
    """
    rich = source is not None and source.endswith(".iss") and os.path.isfile(source)
    linked = source is not None and any(m.recognises(source) for m in LINKS)
    if source is not None and (rich or linked or is_fpuzzles(source)):
        if source.endswith((".json", ".iss")) and os.path.isfile(source):
            with open(source, encoding="utf-8") as handle:
                source = handle.read()
        model = formats.read(source).model
        rules = flag_rules(args, model.board)
        if rules:
            model = Model.from_puzzle(model.puzzle, variants=[*model.variants, *rules])
        yield model
        return
    for puzzle in read_puzzles(source, box=box):
        yield Model.from_puzzle(puzzle, variants=flag_rules(args, puzzle.board))
