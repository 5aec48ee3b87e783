"""Variant input for the commands: f-puzzles links and JSON files, and flags adding global rules.

``PUZZLE`` may be an f-puzzles link, the text after ``?load=``, f-puzzles JSON (inline or a
``.json`` file), or any plain puzzle form; the flags add rules to whatever was read.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Iterator

from .. import formats
from ..board import Board
from ..errors import InvalidPuzzleError, UnsupportedModelError
from ..formats import fpuzzles_keys as fpuzzles
from ..model import Model
from ..puzzle import Puzzle
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
from .inputs import given_source, names_fpuzzles, puzzles_in_text, read_puzzles
from .notes import say

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
    return names_fpuzzles(text) or (text.endswith(".json") and os.path.isfile(text))


def is_rich(source: str) -> bool:
    """Whether ``source`` is a puzzle in a format richer than a plain grid: an f-puzzles,
    SudokuPad or ISS link or text, or an f-puzzles ``.json`` or ISS ``.iss`` file."""
    text = source.strip()
    return (
        is_fpuzzles(text)
        or any(module.recognises(text) for module in LINKS)
        or (text.endswith(".iss") and os.path.isfile(text))
    )


def read_models(
    source: str | None, args: argparse.Namespace, box: tuple[int, int] | None = None
) -> Iterator[Model]:
    """The models of ``source`` with the rules of the flags in ``args`` added.

    ``source`` is what :func:`~sudoku_models.cli.inputs.read_puzzles` reads, or a puzzle in a
    richer format (see :mod:`sudoku_models.formats`), given as the argument or on standard
    input: an f-puzzles link, its ``?load=`` text (whatever it starts with), its JSON or a
    ``.json`` file, a SudokuPad or ISS link, or ISS text (inline or an ``.iss`` file).
    """
    source = given_source(source)
    piped = sys.stdin.read() if source == "-" else None
    model = _rich_model(source, piped, box)
    if model is not None:
        rules = flag_rules(args, model.board)
        if rules:
            model = Model.from_puzzle(model.puzzle, variants=[*model.variants, *rules])
        yield model
        return
    if piped is None:
        puzzles = read_puzzles(source, box=box)
    else:
        puzzles = puzzles_in_text(piped, "standard input", box)
    for puzzle in puzzles:
        yield Model.from_puzzle(puzzle, variants=flag_rules(args, puzzle.board))


def read_classic(source: str | None, box: tuple[int, int] | None = None) -> list[Puzzle]:
    """The puzzles of ``source`` in every format :func:`read_models` reads, for a command that
    works on classic rules only: a puzzle with variant rules is refused naming them, and the
    reader's warnings are printed on stderr."""
    puzzles = []
    for model in read_models(source, argparse.Namespace(), box=box):
        if not model.is_classic:
            names = sorted({rule.name for rule in model.variants}) or ["irregular regions"]
            raise UnsupportedModelError(
                f"this command reads classic sudoku only; the puzzle has {', '.join(names)}"
            )
        say(model.warnings)
        puzzles.append(model.puzzle)
    return puzzles


def _rich_model(source: str, piped: str | None, box: tuple[int, int] | None) -> Model | None:
    """The model of the argument ``source``, or of the ``piped`` text of standard input, when
    it is in a format richer than a plain grid; None when it is a plain puzzle's."""
    if piped is None and source.endswith((".json", ".iss")) and os.path.isfile(source):
        return formats.read(_rules_file(source)).model
    text = source if piped is None else piped
    named = is_fpuzzles(source) if piped is None else names_fpuzzles(text)
    if named or any(module.recognises(text) for module in LINKS):
        return formats.read(text).model
    if not fpuzzles.looks_compressed(text) or (piped is None and os.path.lexists(source)):
        return None
    # Compressed text that need not start as usual: read so when it decompresses, a plain
    # puzzle when it does not and reads as one, and otherwise an error saying what it looked like.
    try:
        data = fpuzzles.decode(text)
    except InvalidPuzzleError as not_compressed:
        try:
            if piped is None:
                read_puzzles(source, box=box)
            else:
                Puzzle.parse(text, box=box)
        except (InvalidPuzzleError, OSError):
            raise InvalidPuzzleError(
                "neither a puzzle nor f-puzzles text (it looks like the compressed text after "
                f"?load= in a link): {not_compressed}"
            ) from None
        return None
    return formats.fpuzzles.read_object(data, formats.fpuzzles.NAME).model


def _rules_file(path: str) -> str:
    """The text of an f-puzzles ``.json`` or ISS ``.iss`` file, refused when longer than any
    puzzle's."""
    with open(path, encoding="utf-8") as handle:
        text = handle.read(fpuzzles.MAX_JSON + 1)
    if len(text) > fpuzzles.MAX_JSON:
        raise InvalidPuzzleError(f"{path}: longer than {fpuzzles.MAX_JSON} characters")
    return text
