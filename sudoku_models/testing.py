"""A conformance check any backend can run: ``check_solver(solver)``.

Every backend of this package runs it in its tests, and third-party backends can reuse it::

    from sudoku_models.testing import check_solver

    def test_my_backend():
        check_solver(MySolver())

Each check raises ``AssertionError`` with a message that names the puzzle and what went wrong.

The default tries every shipped board up to 9x9, hard puzzles included, which a slow backend
(plain backtracking without propagation, a first prototype) may take minutes over. Test such a
backend on small boards, with a shorter time limit so that a hang fails quickly::

    check_solver(MySolver(), max_n=4, time_limit=5)   # 4x4 boards only: seconds, not minutes
    check_solver(MySolver(), max_n=6)                 # then 6x6 and 8x8 too

The reference answers do not come from any backend: complete grids are checked against the
rules, and counts on 4x4 boards come from enumerating all 288 4x4 grids by permutations.
"""

from __future__ import annotations

import functools
import itertools
import time
from collections.abc import Iterable, Iterator

from . import datasets
from .board import Board
from .constraints import Automaton, Constraint, Count, Element, Rank
from .errors import UnsupportedModelError
from .model import Model
from .puzzle import Puzzle
from .solvers import get_solver
from .solvers.base import Solver, Status

#: Unique 9x9 puzzles (easy, hard, 17 clues) beside the shipped puzzle of every other size.
NINE_BY_NINE: tuple[str, ...] = (
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
    "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97..",
)


def known_puzzles(max_n: int = 9) -> list[Puzzle]:
    """Unique puzzles of every shipped size up to ``max_n`` digits, smallest first."""
    puzzles = datasets.load("sizes") + [Puzzle.parse(line) for line in NINE_BY_NINE]
    return sorted((p for p in puzzles if p.n <= max_n), key=lambda p: p.n)


#: 9x9 givens that break no rule at first sight but have no solution: row 1 needs a 1 in
#: r1c9, which already sees a 1 in its column; no two givens clash.
UNSAT_WITHOUT_CLASH = (
    "23456789.........1..............................................................."
)

#: Two 5s in the first row: the base class reports the clash without searching.
UNSAT_WITH_CLASH = "5.5" + "." * 78


@functools.cache
def all_grids_4x4() -> tuple[tuple[int, ...], ...]:
    """Every complete 4x4 grid (there are 288), built row by row from permutations alone."""
    board = Board(2, 2)
    rows = list(itertools.permutations(range(1, 5)))
    grids: list[tuple[int, ...]] = []

    def extend(prefix: tuple[int, ...]) -> None:
        if len(prefix) == 16:
            grids.append(prefix)
            return
        for row in rows:
            cells = prefix + row + (0,) * (12 - len(prefix))
            if not Puzzle(board, cells).conflicts():
                extend(prefix + row)

    extend(())
    return tuple(grids)


def reference_count(puzzle: Puzzle, grids: Iterable[tuple[int, ...]]) -> int:
    """How many of ``grids`` keep every given of ``puzzle``."""
    return sum(all(g in (0, d) for g, d in zip(puzzle.cells, grid)) for grid in grids)


def _sample_4x4_puzzles() -> Iterator[Puzzle]:
    board = Board(2, 2)
    lines = [
        "................",  # empty: 288 solutions
        "1...............",  # 72
        "12..34..........",
        ".1.....4....34..",  # unique
        "1.3...1..1..2...",
        "1...2...3...4...",  # first column given
        "1.......2......1",
        "12..............",
    ]
    for line in lines:
        yield Puzzle.parse(line, box=(board.box_rows, board.box_cols))


def pigeonhole_link(n: int = 16) -> str:
    """An f-puzzles link with no solution that CDCL solvers take minutes to refute: ``n + 1``
    cells that pairwise differ (2-cell extra regions) on a board of ``n`` digits. For tests and
    benchmarks of time limits: the work is certainly longer than any short limit."""
    from .formats.fpuzzles import keys as fpuzzles

    cells = [(k % n, (2 * k + k // n) % n) for k in range(n + 1)]
    pairs = itertools.combinations([f"R{r + 1}C{c + 1}" for r, c in cells], 2)
    data = {
        "size": n,
        "grid": [[{} for _ in range(n)] for _ in range(n)],
        "extraregion": [{"cells": list(pair)} for pair in pairs],
    }
    return fpuzzles.to_link(fpuzzles.read(data))


def pigeonhole_classic() -> str:
    """A classic 25x25 puzzle with no solution that the backends take far past a minute to
    refute, as a line: the givens keep 13 digits out of the first 13 cells of row 1, which
    leaves those cells 12 digits (boxes 1 and 2 hold the 13 digits in their other rows,
    columns 11 to 13 below)."""
    n, box = 25, 5
    grid = [[0] * n for _ in range(n)]
    for k, d in enumerate(range(13, 26)):
        grid[1 + k // box][k % box] = d
        grid[1 + (k // box + 1) % (box - 1)][box + k % box] = d
        for j in range(3):
            grid[box + (k + box * j) % (n - box)][2 * box + j] = d
    return Puzzle.parse(grid).to_line()


def check_solver(solver: Solver | str, max_n: int = 9, time_limit: float = 60.0) -> None:
    """Run every conformance check on ``solver`` (an instance or a registry name).

    ``max_n`` caps the board sizes tried: the default, 9, includes hard 9x9 puzzles that a slow
    backend needs minutes for, so test one with ``max_n=4`` (4x4 boards, seconds) or ``6`` first.
    The counting, blocking and unsatisfiability checks run on 4x4 and 9x9 boards whatever
    ``max_n`` says. ``time_limit`` bounds each solve so a broken backend fails instead of
    hanging.

    >>> check_solver("backtracking:naive", max_n=4, time_limit=5)
    """
    solver = get_solver(solver)
    check_known_puzzles(solver, max_n, time_limit)
    check_unsatisfiable(solver, time_limit)
    check_counts(solver, time_limit)
    check_latin_squares(solver, time_limit)
    check_blocking(solver, time_limit)
    check_time_limit(solver)
    check_inputs_unchanged(solver, time_limit)
    check_primitives(solver, time_limit)


def check_known_puzzles(solver: Solver, max_n: int = 9, time_limit: float = 60.0) -> None:
    """Unique puzzles come back ``SOLVED`` with limit 1 and ``UNIQUE`` with limit 2."""
    for puzzle in known_puzzles(max_n):
        line = puzzle.to_line()
        first = solver.solve(puzzle, time_limit=time_limit)
        assert first.status is Status.SOLVED, f"{solver.label} on {line}: {first.status}"
        assert first.solution is not None and first.solution.is_valid_solution_of(puzzle), (
            f"{solver.label} returned an invalid solution for {line}"
        )
        both = solver.solve(puzzle, limit=2, time_limit=time_limit)
        assert both.status is Status.UNIQUE, f"{solver.label} on {line}: {both.status}"
        assert both.solutions == (first.solution,), f"{solver.label}: solutions differ on {line}"
        assert solver.is_unique(puzzle, time_limit=time_limit)
        assert first.backend == solver.label


def check_unsatisfiable(solver: Solver, time_limit: float = 60.0) -> None:
    """Contradictory givens, clashing or not at first sight, give ``UNSATISFIABLE``."""
    clash = solver.solve(UNSAT_WITH_CLASH, limit=2, time_limit=time_limit)
    assert clash.status is Status.UNSATISFIABLE, f"{solver.label}: {clash.status} on a clash"
    assert clash.clashes == (((0, 0), (0, 2)),), f"{solver.label}: clashes {clash.clashes}"
    assert clash.solutions == ()
    deep = solver.solve(UNSAT_WITHOUT_CLASH, limit=2, time_limit=time_limit)
    assert deep.status is Status.UNSATISFIABLE, f"{solver.label}: {deep.status} on hidden UNSAT"
    assert deep.clashes == ()
    assert solver.count_solutions(UNSAT_WITHOUT_CLASH, time_limit=time_limit) == 0


def check_counts(solver: Solver, time_limit: float = 60.0) -> None:
    """Counts on 4x4 puzzles match enumeration of all 288 grids, for several limits."""
    grids = all_grids_4x4()
    for puzzle in _sample_4x4_puzzles():
        expected = reference_count(puzzle, grids)
        for limit in (1, 2, 5, 0):
            result = solver.solve(puzzle, limit=limit, time_limit=time_limit)
            want = expected if limit == 0 else min(expected, limit)
            assert result.count == want, (
                f"{solver.label} found {result.count} solutions of {puzzle.to_line()} "
                f"with limit {limit}, expected {want}"
            )
            assert len(set(result.solutions)) == result.count, f"{solver.label}: repeated grids"
            for grid in result.solutions:
                assert grid.is_valid_solution_of(puzzle), f"{solver.label}: invalid grid"
            if limit != 1:
                status = Status.UNIQUE if expected == 1 else Status.MULTIPLE
                assert result.status is status, f"{solver.label}: {result.status}, want {status}"


#: Latin squares of order 4: boards whose boxes are whole rows (1x4) or whole columns (4x1).
LATIN_SQUARES_OF_ORDER_4 = 576


def check_latin_squares(solver: Solver, time_limit: float = 60.0) -> None:
    """Boxes one cell high or wide add no rule: every Latin square of order 4 is a solution."""
    for box in ((1, 4), (4, 1)):
        result = solver.solve(Puzzle.empty(box), limit=0, time_limit=time_limit)
        assert result.count == LATIN_SQUARES_OF_ORDER_4, (
            f"{solver.label} found {result.count} grids on {box[0]}x{box[1]} boxes, "
            f"expected {LATIN_SQUARES_OF_ORDER_4}"
        )
        assert len(set(result.solutions)) == result.count, f"{solver.label}: repeated grids"


def check_blocking(solver: Solver, time_limit: float = 60.0) -> None:
    """``exclude`` blocks grids, and ``has_other_solution`` is one solve with a grid blocked."""
    unique = Puzzle.parse(NINE_BY_NINE[0])
    solution = solver.solve(unique, time_limit=time_limit).solution
    assert solution is not None
    assert not solver.has_other_solution(unique, solution)
    blocked = solver.solve(unique, exclude=[solution], time_limit=time_limit)
    assert blocked.status is Status.UNSATISFIABLE, f"{solver.label}: {blocked.status}"

    several = Puzzle.parse("12..34..........", box=(2, 2))
    everything = solver.solve(several, limit=0, time_limit=time_limit).solutions
    assert len(everything) > 2
    first = everything[0]
    assert solver.has_other_solution(several, first)
    rest = solver.solve(several, limit=0, exclude=[first], time_limit=time_limit).solutions
    assert len(rest) == len(set(rest)), f"{solver.label} returned a grid twice with exclude"
    assert set(rest) == set(everything) - {first}, f"{solver.label}: exclude did not block one grid"


def check_time_limit(solver: Solver, time_limit: float = 0.3, slack: float = 10.0) -> None:
    """Counting every grid of an empty 9x9 board stops with ``TIMEOUT`` soon after the limit."""
    start = time.perf_counter()
    result = solver.solve(Puzzle.empty((3, 3)), limit=0, time_limit=time_limit)
    elapsed = time.perf_counter() - start
    assert result.status is Status.TIMEOUT, f"{solver.label}: {result.status} instead of TIMEOUT"
    assert elapsed < time_limit + slack, f"{solver.label} took {elapsed:.1f} s for {time_limit} s"
    for grid in result.solutions:
        assert grid.is_complete and not grid.conflicts()


def check_inputs_unchanged(solver: Solver, time_limit: float = 60.0) -> None:
    """Solving never changes the rows, puzzle, model or excluded grids it was given."""
    rows = [[1, 0, 3, 0], [0, 0, 1, 0], [0, 1, 0, 0], [2, 0, 0, 0]]
    snapshot = [row[:] for row in rows]
    result = solver.solve(rows, limit=2, time_limit=time_limit)
    assert rows == snapshot, f"{solver.label} changed its input rows"
    model = Model.from_puzzle(rows)
    grid = list(result.solutions[0].cells)
    exclude = [grid]
    solver.solve(model, limit=2, exclude=exclude, time_limit=time_limit)
    assert exclude == [grid] and grid == list(result.solutions[0].cells)
    assert model == Model.from_puzzle(rows)


def _parity_line() -> Automaton:
    """Digits alternate between odd and even along r1c1 r2c2 r3c3 r4c4 (state: last parity)."""
    steps = frozenset((q, d, d % 2) for q in (0, 1, 2) for d in range(1, 5) if q != d % 2)
    return Automaton((0, 5, 10, 15), steps, 2, frozenset({0, 1}), "parity line")


def _lockout_line() -> Automaton:
    """r1c1 and r3c3 differ by at least 2 and r2c1, r2c2 lie outside the span between them:
    a non-deterministic automaton guessing the last digit at the first."""
    steps = set()
    for a in range(1, 5):
        for b in range(1, 5):
            if abs(a - b) >= 2:
                steps.add((0, a, 10 * a + b))
                steps.update((10 * a + b, d, 10 * a + b) for d in range(1, 5) if not a <= d <= b)
                steps.update((10 * a + b, d, 10 * a + b) for d in range(1, 5) if not b <= d <= a)
                steps.add((10 * a + b, b, 100))
    return Automaton((0, 4, 5, 10), frozenset(steps), 0, frozenset({100}), "lockout line")


#: Small models of the automaton, count and element primitives, each with givens or not.
PRIMITIVE_SAMPLES: tuple[tuple[str, tuple[Constraint, ...]], ...] = (
    ("parity line", (_parity_line(),)),
    ("lockout line", (_lockout_line(),)),
    ("count", (Count((0, 1, 4, 5, 6, 10), frozenset({1, 2}), 3, 3),)),
    ("count and element", (Count((0, 5, 10, 15), frozenset({4}), 2, 4), Element(0, (1, 2, 3), 4))),
    ("element with a target", (Element(4, (5, 6, 7, 12), target=0), Element(8, (9, 10), 2))),
    (
        "rank among lines",
        (Rank((0, 1, 2, 3), ((4, 5, 6, 7), (8, 9, 10, 11), (3, 7, 11, 15)), (1, 1), (0, 0)),),
    ),
    ("rank with ties", (Rank((0, 5), ((10, 15), (6, 1), (8, 13)), (0, 1), (1, 2)),)),
)


def check_primitives(solver: Solver, time_limit: float = 60.0) -> None:
    """Models with automata, counts, element lookups and ranks on 4x4 boards give exactly the
    grids that meet their rules, or raise ``UnsupportedModelError`` (a backend that cannot
    express them)."""
    grids = all_grids_4x4()
    board = Board(2, 2)
    for name, constraints in PRIMITIVE_SAMPLES:
        empty = Model.from_puzzle(Puzzle.empty((2, 2)), constraints=constraints)
        allowed = [g for g in grids if empty.is_solution(g)]
        givens = tuple(d if i in (6, 9) else 0 for i, d in enumerate(allowed[len(allowed) // 2]))
        for model in (empty, Model.from_puzzle(Puzzle(board, givens), constraints=constraints)):
            try:
                result = solver.solve(model, limit=0, time_limit=time_limit)
            except UnsupportedModelError:
                return
            got = sorted(s.cells for s in result.solutions)
            want = sorted(g for g in allowed if all(x in (0, y) for x, y in zip(model.givens, g)))
            assert got == want, f"{solver.label} found {len(got)} grids of {name}, want {len(want)}"
