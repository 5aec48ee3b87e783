"""``sudoku-models judge``: judge an agent's moves on a puzzle, one JSON object a move."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from . import EXIT_BAD_INPUT, EXIT_OK
from .inputs import PUZZLE_FORMS
from .variant_args import source_text

#: Characters of one ``--batch`` record read at most.
MAX_RECORD = 5_000_000


def add_parser(commands: Any) -> None:
    """Register the ``judge`` subcommand."""
    parser = commands.add_parser(
        "judge",
        help="judge moves on a puzzle: legal, correct, derivable, completable",
        description=(
            "Read moves (r3c5=7 places, r3c5=. clears, r3c5:1,2,4 sets candidates, or a "
            "whole-grid answer, in free text or one per line) from MOVES, a file or - for "
            "standard input, make them on PUZZLE in turn and print one JSON object per move "
            "(move, legal, correct, completable, and with --derivable: derivable, step, "
            "difficulty), then a summary object (solved, correct_before_error, moves, "
            "invalid). With --batch FILE.jsonl, judge every record "
            '{"puzzle": ..., "moves": [...]} of FILE, each object carrying its record number. '
            "Exit code 0, or 2 for bad input."
        ),
    )
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE", help=PUZZLE_FORMS)
    parser.add_argument("moves", nargs="?", metavar="MOVES", help="a file of moves, or -")
    parser.add_argument("--batch", metavar="FILE", help="a JSONL file of puzzles and moves")
    parser.add_argument(
        "--derivable",
        action="store_true",
        help="also ask the logical solver whether each placement follows without trials",
    )
    parser.add_argument(
        "--refuse-wrong",
        action="store_true",
        help="leave the board unchanged by a move that is not correct",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Judge the moves and print the verdicts."""
    if args.batch is not None:
        if args.puzzle is not None:
            raise ValueError("--batch reads puzzles from its file: give no PUZZLE or MOVES")
        return _batch(args)
    if args.puzzle is None or args.moves is None:
        raise ValueError("give a PUZZLE and MOVES (a file, or - for standard input)")
    from ..arena import parse
    from ..arena.referee import Referee

    referee = Referee(source_text(args.puzzle))
    for line in _judged(
        referee, parse(_moves_text(args.moves), referee.model.n, referee.model.givens), args
    ):
        print(json.dumps(line), flush=True)
    return EXIT_OK


def _judged(referee: Any, moves: list[Any], args: argparse.Namespace) -> list[dict[str, Any]]:
    """The verdict of each move, then the summary."""
    from ..arena import Game

    game = Game(referee, keep_wrong=not args.refuse_wrong, derivable=args.derivable)
    lines = [game.play(move).to_dict() for move in moves]
    summary = game.score().to_dict()
    del summary["hints"]
    return [*lines, {"summary": True, **summary}]


def _moves_text(source: str) -> str:
    """The text of MOVES: standard input for ``-``, else the file's text (at most as much
    as the move parser reads)."""
    from ..arena.moves import MAX_CHARS

    if source == "-":
        return sys.stdin.read(MAX_CHARS)
    if os.path.isdir(source):
        raise IsADirectoryError(f"{source} is a directory, not a file of moves")
    if not os.path.exists(source):
        raise FileNotFoundError(f"{source}: no such file of moves (give - for standard input)")
    with open(source, encoding="utf-8", errors="replace") as handle:
        return handle.read(MAX_CHARS)


def _records(handle: Any) -> Any:
    """The lines of ``handle``, each cut one character past :data:`MAX_RECORD` (the rest of a
    longer line is skipped), so no record fills the memory."""
    while line := handle.readline(MAX_RECORD + 1):
        if len(line) > MAX_RECORD and not line.endswith("\n"):
            while (rest := handle.readline(MAX_RECORD)) and not rest.endswith("\n"):
                pass
        yield line


def _batch(args: argparse.Namespace) -> int:
    """Judge each record of the JSONL file; a record that cannot be judged gets one object
    with its ``error`` and makes the exit code 2."""
    from ..arena import parse
    from ..arena.referee import Referee
    from ..errors import SudokuModelsError, printable

    code = EXIT_OK
    handle = sys.stdin if args.batch == "-" else open(args.batch, encoding="utf-8")  # noqa: SIM115
    with handle:
        for number, line in enumerate(_records(handle), start=1):
            if not line.strip():
                continue
            try:
                if len(line) > MAX_RECORD:
                    raise ValueError(f"a record is longer than {MAX_RECORD:,} characters")
                record = json.loads(line)
                if not isinstance(record, dict) or not isinstance(record.get("puzzle"), str):
                    raise ValueError('a record is {"puzzle": "...", "moves": ["...", ...]}')
                replies = record.get("moves", [])
                if isinstance(replies, str):
                    replies = [replies]
                if not isinstance(replies, list):
                    raise ValueError("moves must be a list of texts")
                referee = Referee(record["puzzle"])
                moves = [
                    m
                    for reply in replies
                    for m in parse(reply, referee.model.n, referee.model.givens)
                ]
                lines = _judged(referee, moves, args)
            except (SudokuModelsError, ValueError) as exc:
                code = EXIT_BAD_INPUT
                lines = [{"error": printable(str(exc))}]
            for data in lines:
                print(json.dumps({"record": number, **data}), flush=True)
    return code
