"""``sudoku-models solve``: solve puzzles given inline, in a file, on standard input or typed in."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

from ..board import cell_name
from ..model import Model
from ..puzzle import Puzzle
from ..solvers import DEFAULT_BACKEND, get_solver
from ..solvers.base import Result, Solver, Stats, Status, as_model
from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import add_progress_flags, add_puzzle_arguments, add_time_limit, positive_int
from .notes import say, say_readings, warnings_of
from .output import Tally, emit, shows_bar
from .prompt import ask_puzzle
from .variant_args import add_reading_flags, add_variant_flags, flag_rules, read_models

FORMATS = ("grid", "line", "json", "svg")


def add_parser(commands: Any) -> None:
    """Register the ``solve`` subcommand."""
    parser = commands.add_parser(
        "solve",
        help="solve puzzles and say whether each solution is unique",
        description=(
            "Solve PUZZLE (any form listed below). By default two solutions are looked for, so the "
            "output says whether the solution is unique. Exit code 0: solved, 1: no solution "
            "found, 2: bad input."
        ),
    )
    add_solve_arguments(parser)
    parser.set_defaults(run=run)


def add_solve_arguments(parser: argparse.ArgumentParser) -> None:
    """Every option of ``solve``: what to read, which backend, how far to search, how to print."""
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-i", "--interactive", action="store_true", help="type the grid in row by row"
    )
    parser.add_argument(
        "-b",
        "--backend",
        default=DEFAULT_BACKEND,
        help=f"backend name[:variant] (default {DEFAULT_BACKEND}; backtracking: handwritten)",
    )
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "-n",
        "--count",
        type=positive_int,
        default=None,
        metavar="N",
        help="collect up to N solutions (default: 2, enough to tell whether it is unique)",
    )
    limits.add_argument(
        "--all",
        action="store_true",
        help="every solution; the grid and line formats print them as the search goes",
    )
    add_time_limit(parser, "per puzzle")
    parser.add_argument(
        "-f",
        "--format",
        choices=FORMATS,
        default="grid",
        help="grid (default), line (solution TAB status), json (one object a puzzle), "
        "svg (a drawing of one puzzle's first solution)",
    )
    parser.add_argument(
        "-w",
        "--workers",
        type=positive_int,
        default=None,
        metavar="N",
        help="solve a file's puzzles on N processes",
    )
    parser.add_argument(
        "--deterministic",
        action="store_true",
        help="answers that depend on the puzzle alone: the sat backend then returns the smallest "
        "solutions when there are more than asked for (slower on such puzzles; the other "
        "built-in backends always answer so)",
    )
    add_progress_flags(parser, "for several puzzles when stderr is a terminal")
    add_variant_flags(parser)
    add_reading_flags(parser)


def run(args: argparse.Namespace) -> int:
    """Solve every puzzle of the input and print the results; a tally ends a job of several."""
    with per_puzzle(args):
        if args.interactive:
            if args.puzzle is not None:
                raise ValueError("give either PUZZLE or --interactive, not both")
            typed = ask_puzzle(box=args.box)
            puzzles = [Model.from_puzzle(typed, variants=flag_rules(args, typed.board))]
        else:
            puzzles = list(read_models(args.puzzle, args, box=args.box))
        if args.format == "svg" and len(puzzles) > 1:
            raise ValueError(f"--format svg draws one puzzle; the input has {len(puzzles)}")
        solver = chosen_solver(args.backend, args.deterministic)
        limit = 0 if args.all else (args.count or 2)
        bar = shows_bar(args.progress, len(puzzles))
        tally = Tally()
        for result in _results(solver, puzzles, limit, args, bar):
            tally.add(result)
        if len(puzzles) > 1:
            print(tally.line(), file=sys.stderr)
        return EXIT_OK if tally.solved == tally.puzzles else EXIT_NO_SOLUTION


#: Backends whose answers depend on the puzzle alone without being asked.
DETERMINISTIC = ("backtracking", "cpsat", "numba")


def chosen_solver(backend: str, deterministic: bool) -> Solver:
    """The solver ``--backend`` names; with ``deterministic``, one whose answers depend on the
    puzzle alone (or ValueError for a backend that makes no such promise)."""
    solver = get_solver(backend)
    if not deterministic or solver.name in DETERMINISTIC:
        return solver
    if solver.name == "sat":
        return get_solver(backend, deterministic=True)
    raise ValueError(f"--deterministic: the {solver.name} backend makes no such promise")


def _results(
    solver: Solver, puzzles: list[Model], limit: int, args: argparse.Namespace, bar: bool
) -> Iterator[Result]:
    """Solve and print each puzzle in turn, yielding its result.

    With ``--all`` (and a format that prints solutions one by one) the solutions are printed as
    the search finds them (see :func:`solve_streaming`); otherwise each result is printed whole,
    the puzzles solved on ``--workers`` processes when asked.
    """
    from ..batch import progress_bar, solve_many

    if args.all and args.format in ("grid", "line") and args.workers is None:
        progress = progress_bar(bar, len(puzzles), solver.label)
        try:
            for puzzle in puzzles:
                stream = _Stream(args.format, bar, puzzle)
                result = solve_streaming(solver, puzzle, args.time_limit, stream.solution)
                stream.end(result)
                say(warnings_of(puzzle, result.solutions, result.status is not Status.TIMEOUT))
                progress.update(1)
                yield result
        finally:
            progress.close()
        return
    results = solve_many(
        puzzles,
        backend=solver,
        limit=limit,
        time_limit=args.time_limit,
        workers=args.workers,
        progress=bar,
    )
    for result, model in zip(results, puzzles, strict=True):  # results first: ends the bar
        notes = warnings_of(model, result.solutions, result.status is not Status.TIMEOUT)
        said = {"warnings": notes} if notes else {}
        said |= {"readings": list(model.readings)} if model.readings else {}
        if args.format == "json" and said:
            emit(json.dumps({**result.to_dict(), **said}), bar)
        else:
            emit(render(result, args.format, model), bar)
        say_readings(model)
        say(notes)
        yield result


def solve_streaming(
    solver: Solver,
    puzzle: Puzzle | Model,
    time_limit: float | None,
    on_solution: Callable[[Puzzle], None],
) -> Result:
    """Every solution of ``puzzle``, handed to ``on_solution`` in batches as the search goes.

    Each batch is one call of ``solver.solve`` for solutions that differ from those found so
    far (the blocking interface), and the batches double in size (1, 2, 4, ...): the first
    solutions show at once, and the searches that walk again past the solutions already found
    cost about as much again as one enumeration. The solutions and their count are those of
    ``solver.solve(puzzle, limit=0)``; the result sums the counters of every call.
    """
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    model = as_model(puzzle)
    found: list[Puzzle] = []
    stats = Stats()
    clashes: tuple[tuple[tuple[int, int], tuple[int, int]], ...] = ()
    batch = 1
    while True:
        remaining = None if deadline is None else deadline - time.perf_counter()
        if remaining is not None and remaining <= 0:
            status = Status.TIMEOUT
            break
        step = solver.solve(model, limit=batch, time_limit=remaining, exclude=found)
        _add_stats(stats, step.stats)
        clashes = step.clashes
        for grid in step.solutions:
            found.append(grid)
            on_solution(grid)
        if step.status is Status.TIMEOUT:
            status = Status.TIMEOUT
            break
        if step.count < batch:
            status = {0: Status.UNSATISFIABLE, 1: Status.UNIQUE}.get(len(found), Status.MULTIPLE)
            break
        batch *= 2
    stats.time = time.perf_counter() - start
    return Result(
        status=status,
        solutions=tuple(found),
        stats=stats,
        puzzle=model.puzzle,
        backend=solver.label_for(model),
        limit=0,
        clashes=clashes,
    )


def _add_stats(total: Stats, more: Stats) -> None:
    total.nodes += more.nodes
    total.guesses += more.guesses
    total.backtracks += more.backtracks
    total.propagations += more.propagations
    total.conflicts += more.conflicts
    for key, value in more.extra.items():
        total.extra[key] = total.extra.get(key, 0.0) + value


class _Stream:
    """Prints the solutions of one puzzle as they come, in the ``grid`` or ``line`` format.

    The first solution waits for the second (or the end): only then is it known whether it is
    the only one, so the output is the same as when the result is printed whole, timeouts aside.
    """

    def __init__(self, fmt: str, bar: bool, model: Model) -> None:
        self.fmt = fmt
        self.bar = bar
        self.model = model
        self.count = 0
        self.first: Puzzle | None = None

    def solution(self, grid: Puzzle) -> None:
        """Take the next solution: print it, and the first one if it was waiting."""
        self.count += 1
        if self.count == 1:
            self.first = grid
            return
        if self.first is not None:
            self._print(self.first, 1, "multiple")
            self.first = None
        self._print(grid, self.count, "multiple")

    def end(self, result: Result) -> None:
        """Print what waits and the closing line of the result."""
        if not result.solutions:
            emit(render(result, self.fmt, self.model), self.bar)
            return
        if self.first is not None:
            self._print(self.first, 1, result.status.value, alone=result.count == 1)
        if self.fmt == "grid":
            emit(_closing_line(result) + "\n", self.bar)

    def _print(self, grid: Puzzle, k: int, status: str, alone: bool = False) -> None:
        if self.fmt == "line":
            emit(f"{grid.to_line()}\t{status}", self.bar)
        else:
            text = self.model.to_text(grid, legend=k == 1)
            emit(f"{'Solution' if alone else f'Solution {k}'}:\n{text}", self.bar)


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


def render(result: Result, fmt: str, model: Model | None = None) -> str:
    """A result as the ``--format`` asks: ``grid``, ``line``, ``json`` or ``svg``.

    ``model`` is the puzzle as solved: the grid and svg formats draw its rules (regions, cages,
    every variant rule in the drawing; the grid names the rules text cannot show).
    """
    model = model or Model.from_puzzle(result.puzzle)
    if fmt == "json":
        return json.dumps(result.to_dict())
    if fmt == "svg":
        return model.to_svg(result.solution)
    if fmt == "line":
        grids = result.solutions or (result.puzzle,)
        return "\n".join(f"{g.to_line()}\t{result.status.value}" for g in grids)
    blocks = []
    for k, grid in enumerate(result.solutions, start=1):
        title = "Solution" if len(result.solutions) == 1 else f"Solution {k}"
        blocks.append(f"{title}:\n{model.to_text(grid, legend=k == 1)}")
    if not result.solutions:
        blocks.append(f"Puzzle:\n{model.to_text()}")
    blocks.append(_closing_line(result))
    return "\n".join(blocks) + "\n"


def _closing_line(result: Result) -> str:
    return f"{describe(result)} [{result.backend}, {result.stats.time * 1000:.1f} ms]"
