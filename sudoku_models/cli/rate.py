"""``sudoku-models rate``: how hard each puzzle is for a person, by the techniques it needs."""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from collections import Counter
from typing import Any

from .. import deadline
from ..errors import InvalidPuzzleError, TimeLimitReached
from ..puzzle import Puzzle
from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import (
    TEXT_OR_JSON,
    add_progress_flags,
    add_puzzle_arguments,
    add_time_limit,
    positive_int,
)
from .notes import say
from .output import emit, shows_bar
from .steps import TIME_LIMIT
from .variant_args import is_rich, read_classic, read_models

#: What rating one puzzle gives back: its HoDoKu level (None when it cannot be rated) and the
#: text to print.
Rated = tuple[str | None, str]


def add_parser(commands: Any) -> None:
    """Register the ``rate`` subcommand."""
    parser = commands.add_parser(
        "rate",
        help="rate puzzles by the human techniques they need",
        description=(
            "Rate PUZZLE (any form listed below): one line per puzzle with its QQWing and "
            "HoDoKu levels, score and hardest "
            "technique. A puzzle without exactly one solution is reported and not rated (exit "
            "code 1)."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument("--steps", action="store_true", help="print the step-by-step walkthrough")
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    parser.add_argument(
        "-w", "--workers", type=positive_int, default=None, metavar="N", help="N processes"
    )
    add_progress_flags(parser, "for several puzzles when stderr is a terminal")
    add_time_limit(parser, "per puzzle", TIME_LIMIT)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Rate every puzzle of the input; a tally by level ends a job of several."""
    from ..batch import check_pool_arguments, run_in_chunks

    if args.puzzle is not None and is_rich(args.puzzle):
        # variant rules: the logical solver
        with per_puzzle(args):
            return rate_models(args.puzzle, args.format, args.time_limit)
    puzzles = read_classic(args.puzzle, args.box)
    check_pool_arguments(None, args.workers, None)
    bar = shows_bar(args.progress, len(puzzles))
    start = time.perf_counter()
    levels: Counter[str | None] = Counter()
    for level, text in run_in_chunks(
        puzzles,
        functools.partial(rate_one, steps=args.steps, fmt=args.format, time_limit=args.time_limit),
        functools.partial(
            _rate_chunk, steps=args.steps, fmt=args.format, time_limit=args.time_limit
        ),
        workers=args.workers,
        progress=bar,
        label="rating",
    ):
        levels[level] += 1
        emit(text, bar)
    if len(puzzles) > 1:
        print(_tally(levels, time.perf_counter() - start), file=sys.stderr)
    return EXIT_NO_SOLUTION if levels[None] else EXIT_OK


def rate_one(puzzle: Puzzle, steps: bool, fmt: str, time_limit: float | None = None) -> Rated:
    """Rate one puzzle and render it as text or JSON (a puzzle that cannot be rated says why,
    one whose rating takes more than ``time_limit`` seconds too)."""
    try:
        with deadline.within(time_limit):
            return _rated(puzzle, steps, fmt)
    except (InvalidPuzzleError, TimeLimitReached) as exc:
        if fmt == "json":
            return None, json.dumps({"puzzle": puzzle.to_line(), "error": str(exc)})
        return None, f"{puzzle.to_line()}  not rated: {exc}"


def _rated(puzzle: Puzzle, steps: bool, fmt: str) -> Rated:
    from ..grading import CandidateGrid, explain, rate

    rating = rate(puzzle)
    if fmt == "json":
        data = rating.to_dict()
        if steps:
            geo = CandidateGrid.from_puzzle(puzzle).geo
            data["steps"] = [step.describe(geo) for step in rating.steps]
        return rating.hodoku_level, json.dumps(data)
    if steps:
        return rating.hodoku_level, explain(puzzle) + "\n"
    return rating.hodoku_level, f"{puzzle.to_line()}  {rating.summary()}"


def rate_models(source: str, fmt: str, time_limit: float | None = None) -> int:
    """``rate`` on an f-puzzles link or JSON: the logical solver's difficulty for a variant
    model, the classic ratings for a classic one."""
    from ..logic import logical_solve

    code = EXIT_OK
    for model in read_models(source, argparse.Namespace()):
        say(model.warnings)
        if model.is_classic:
            level, text = rate_one(model.puzzle, steps=False, fmt=fmt, time_limit=time_limit)
            code = code if level is not None else EXIT_NO_SOLUTION
            print(text, flush=True)
            continue
        path = logical_solve(model, time_limit=time_limit)
        if not path.solved:
            code = EXIT_NO_SOLUTION
        d = path.difficulty
        if fmt == "json":
            data: dict[str, Any] = {
                "puzzle": model.puzzle.to_line(),
                "status": path.status,
                "band": d.band,
            }
            data |= {"score": d.score, "hardest": d.hardest, "steps": d.steps, "trials": d.trials}
            print(json.dumps(data), flush=True)
        else:
            print(f"{model.puzzle.to_line()}  {path.summary()}", flush=True)
    return code


def _rate_chunk(
    chunk: list[Puzzle], steps: bool, fmt: str, time_limit: float | None = None
) -> list[Rated]:
    return [rate_one(puzzle, steps, fmt, time_limit) for puzzle in chunk]


def _tally(levels: Counter[str | None], seconds: float) -> str:
    """``20 puzzles: Easy 12, Medium 6, Hard 2, 0 not rated; 1.52 s`` (HoDoKu levels)."""
    from ..grading import HODOKU_LEVELS

    rated = ", ".join(f"{level} {levels[level]}" for level in HODOKU_LEVELS if levels[level])
    total = sum(levels.values())
    return f"{total} puzzles: {rated or 'none rated'}, {levels[None]} not rated; {seconds:.2f} s"
