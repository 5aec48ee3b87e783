"""``sudoku-models hint``: the next logical step for a player who is stuck."""

from __future__ import annotations

import argparse
import json
from typing import Any

from .. import deadline
from ..board import cell_name
from ..errors import TimeLimitReached
from ..puzzle import Puzzle
from ..solvers.base import Status, limit_reached
from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import TEXT_OR_JSON, add_puzzle_arguments, add_time_limit
from .steps import TIME_LIMIT, hint_models
from .variant_args import is_rich, read_classic

#: Cells named at most when listing the digits that could be the wrong one.
MAX_NAMED = 8


def add_parser(commands: Any) -> None:
    """Register the ``hint`` subcommand."""
    parser = commands.add_parser(
        "hint",
        help="show the next logical step of a puzzle in progress",
        description=(
            "Print the cheapest next step for PUZZLE (givens plus digits placed so far, in any "
            "form listed below). When a "
            "digit placed is wrong, say which cells clash, or that no solution is left "
            "(exit code 1)."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    add_time_limit(parser, "per puzzle", TIME_LIMIT)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one hint per puzzle of the input."""
    with per_puzzle(args):
        if args.puzzle is not None and is_rich(args.puzzle):
            # variant rules: the logical solver
            variant_code = hint_models(args.puzzle, args.format, args.time_limit)
            if variant_code is not None:
                return variant_code
        return _classic_hints(args)


def _classic_hints(args: argparse.Namespace) -> int:
    """Print one hint per classic puzzle of the input."""
    code = EXIT_OK
    for puzzle in read_classic(args.puzzle, args.box):
        data: dict[str, Any] = {"puzzle": puzzle.to_line()}
        try:
            with deadline.within(args.time_limit):
                problem, found = _classic_hint(puzzle)
        except TimeLimitReached as stopped:
            problem, found = str(stopped), {}
        if problem is not None:
            code = EXIT_NO_SOLUTION
            data["error"] = text = f"no hint: {problem}"
        else:
            data |= found
            text = found["hint"] or "the grid is full"
        print(json.dumps(data) if args.format == "json" else text, flush=True)
    return code


def _classic_hint(puzzle: Puzzle) -> tuple[str | None, dict[str, Any]]:
    """Why there is no hint, or the hint's fields (``hint`` None when the grid is full)."""
    from ..grading import CandidateGrid, hint

    problem = mistake(puzzle)
    if problem is not None:
        return problem, {}
    step = hint(puzzle)
    if step is None:
        return None, {"hint": None}
    geo = CandidateGrid.from_puzzle(puzzle).geo
    return None, {
        "hint": step.describe(geo),
        "technique": step.technique,
        "placements": [[geo.cell_name(i), d] for i, d in step.placements],
        "eliminations": [[geo.cell_name(i), d] for i, d in step.eliminations],
    }


def mistake(puzzle: Puzzle) -> str | None:
    """Why a position has no next step, or None when it has exactly one solution.

    Two equal digits in a group are named; otherwise, when no solution is left, the filled cells
    whose digit, taken out alone, leaves a solution (one of them is wrong).

    >>> mistake(Puzzle.parse("11.............."))
    'r1c1 and r1c2 hold the same digit'
    >>> mistake(Puzzle.parse("21.....4....34.."))
    'no solution is left: one of the digits at r1c1, r2c4 is wrong'
    >>> mistake(Puzzle.parse(".1.....4..1.34.."))
    'no solution is left: the digit at r3c3 is wrong'
    """
    from ..api import solve

    clashes = puzzle.conflicts()
    if clashes:
        pairs = (f"{cell_name(*a)} and {cell_name(*b)}" for a, b in clashes)
        return "; ".join(f"{pair} hold the same digit" for pair in pairs)
    result = solve(puzzle, limit=2)
    if result.status is Status.TIMEOUT:  # only under a limit opened around the call
        raise limit_reached()
    if result.status is Status.MULTIPLE:
        return "the puzzle has more than one solution, so no step is forced"
    if result.status is not Status.UNSATISFIABLE:
        return None
    suspects = []
    for i, d in enumerate(puzzle.cells):
        r, c = divmod(i, puzzle.n)
        if not d:
            continue
        found = solve(puzzle.with_digit(r, c, 0), limit=1)
        if found.status is Status.TIMEOUT:
            raise limit_reached()
        if found.solution is not None:
            suspects.append(cell_name(r, c))
    if not suspects:
        return "no solution is left: more than one digit placed is wrong"
    if len(suspects) == 1:
        return f"no solution is left: the digit at {suspects[0]} is wrong"
    named = ", ".join(suspects[:MAX_NAMED])
    more = f" and {len(suspects) - MAX_NAMED} more" if len(suspects) > MAX_NAMED else ""
    return f"no solution is left: one of the digits at {named}{more} is wrong"
