"""``sudoku-models solve``: solve puzzles given inline, in a file, on standard input or typed in."""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..board import cell_name
from ..model import Model
from ..solvers import get_solver
from ..solvers.base import Result, Status
from . import EXIT_BAD_INPUT, EXIT_NO_SOLUTION, EXIT_OK
from .inputs import box_shape
from .prompt import ask_puzzle
from .variant_args import add_variant_flags, flag_rules, read_models


def add_parser(commands: Any) -> None:
    """Register the ``solve`` subcommand."""
    parser = commands.add_parser(
        "solve",
        help="solve puzzles and say whether each solution is unique",
        description=(
            "Solve PUZZLE (an 81-character line, a file of one puzzle a line, or - for standard "
            "input). By default two solutions are looked for, so the output says whether the "
            "solution is unique. Exit code 0: solved, 1: no solution found, 2: bad input."
        ),
    )
    parser.add_argument("puzzle", nargs="?", help="puzzle text, file, or - for standard input")
    parser.add_argument("-b", "--backend", default="backtracking", help="backend name[:variant]")
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "-n",
        "--count",
        type=int,
        default=None,
        metavar="N",
        help="collect up to N solutions (default: 2, enough to tell whether it is unique)",
    )
    limits.add_argument("--all", action="store_true", help="collect every solution")
    parser.add_argument("-t", "--time-limit", type=float, default=None, metavar="SECONDS")
    parser.add_argument("-f", "--format", choices=("grid", "line", "json"), default="grid")
    parser.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    parser.add_argument(
        "-i", "--interactive", action="store_true", help="type the grid in row by row"
    )
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle of the input and print the results."""
    if args.count is not None and args.count < 1:
        raise ValueError("--count must be at least 1")
    if args.interactive:
        puzzle = ask_puzzle(box=args.box)
        if puzzle is None:
            return EXIT_BAD_INPUT
        puzzles = iter([Model.from_puzzle(puzzle, variants=flag_rules(args, puzzle.board))])
    elif args.puzzle is None:
        raise ValueError("give a PUZZLE, a file, - for standard input, or --interactive")
    else:
        puzzles = read_models(args.puzzle, args, box=args.box)
    solver = get_solver(args.backend)
    limit = 0 if args.all else (args.count or 2)
    code = EXIT_OK
    for model in puzzles:
        result = solver.solve(model, limit=limit, time_limit=args.time_limit)
        print(_render(result, args.format), flush=True)
        if result.solution is None:
            code = EXIT_NO_SOLUTION
    return code


def describe(result: Result) -> str:
    """A short human phrase for a result's status."""
    found = len(result.solutions)
    if result.status is Status.UNIQUE:
        return "unique solution"
    if result.status is Status.MULTIPLE:
        more = "" if result.limit == 0 or found < result.limit else " (limit reached)"
        return f"{found} solutions{more}: not unique"
    if result.status is Status.SOLVED:
        return "solved (uniqueness not checked)"
    if result.status is Status.TIMEOUT:
        return f"time limit reached after {found} solution(s)"
    if result.clashes:
        pairs = ", ".join(f"{cell_name(*a)} and {cell_name(*b)}" for a, b in result.clashes)
        return f"no solution: givens clash at {pairs}"
    return "no solution"


def _render(result: Result, fmt: str) -> str:
    if fmt == "json":
        return json.dumps(_as_json(result))
    if fmt == "line":
        grids = result.solutions or (result.puzzle,)
        return "\n".join(f"{g.to_line()}\t{result.status.value}" for g in grids)
    blocks = []
    for k, grid in enumerate(result.solutions, start=1):
        title = "Solution" if len(result.solutions) == 1 else f"Solution {k}"
        blocks.append(f"{title}:\n{grid}")
    if not result.solutions:
        blocks.append(f"Puzzle:\n{result.puzzle}")
    ms = result.stats.time * 1000
    blocks.append(f"{describe(result)} [{result.backend}, {ms:.1f} ms]")
    return "\n".join(blocks) + "\n"


def _as_json(result: Result) -> dict[str, Any]:
    return {
        "puzzle": result.puzzle.to_line(),
        "status": result.status.value,
        "solutions": [g.to_line() for g in result.solutions],
        "backend": result.backend,
        "clashes": [[list(a), list(b)] for a, b in result.clashes],
        "stats": result.stats.as_dict(),
    }
