"""The handwritten backtracking strategies: conformance, agreement, counters and time limits."""

from __future__ import annotations

import pytest

from sudoku_models import datasets, testing
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.backtracking import STRATEGIES
from sudoku_models.solvers.base import Solver, Status

#: Largest board each strategy must solve in the conformance check: the strategies without
#: propagation or a dynamic order take minutes on the hard 9x9 and larger puzzles.
MAX_N = {
    "naive": 8,
    "bitmask": 8,
    "mrv-static": 8,
    "boxwise": 8,
    "mrv": 25,
    "propagate": 25,
    "dlx": 25,
    "constraint": 25,
}

#: Strategies that cannot finish the hard 9x9 below quickly.
SLOW = ("naive", "bitmask", "mrv-static", "boxwise")

#: Seconds any single solve in these tests may take before it counts as a failure.
TIME_LIMIT = 30.0

NINE = testing.NINE_BY_NINE[0]
HARD_NINE = testing.NINE_BY_NINE[1]

#: Puzzles with no, one and many solutions on 4x4, 6x6 and 9x9 boards; none has clashing givens.
AGREEMENT_PUZZLES = (
    ("12....3.........", (2, 2)),
    (".1.....4....34..", (2, 2)),
    ("1.......2......1", (2, 2)),
    ("1...............", (2, 2)),
    ("1.2.....6.3..1..4..65..3.....6...4..", (2, 3)),
    ("..2.....6.3..1..4..65..3.....6...4..", (2, 3)),
    ("........6.3..1..4..65..3.....6...4..", (2, 3)),
    (".............1..4..65..3.....6...4..", (2, 3)),
    ("5" + NINE[1:], (3, 3)),
    (testing.UNSAT_WITHOUT_CLASH, (3, 3)),
    (NINE, (3, 3)),
    ("............" + NINE[12:], (3, 3)),
)


def strategy(name: str) -> Solver:
    """The backtracking solver running strategy ``name``."""
    return get_solver(f"backtracking:{name}")


def test_every_strategy_is_registered_and_fast_stays_the_default() -> None:
    assert next(iter(STRATEGIES)) == "fast"
    assert set(STRATEGIES) == {"fast", *MAX_N}
    assert get_solver("backtracking").variant == "fast"


@pytest.mark.heavy
@pytest.mark.parametrize("name", MAX_N)
def test_conformance(name: str) -> None:
    testing.check_solver(strategy(name), max_n=MAX_N[name], time_limit=TIME_LIMIT)


@pytest.mark.parametrize("name", MAX_N)
def test_counts_agree_with_fast(name: str) -> None:
    fast = strategy("fast")
    solver = strategy(name)
    for line, box in AGREEMENT_PUZZLES:
        puzzle = Puzzle.parse(line, box=box)
        for limit in (2, 50):
            want = fast.solve(puzzle, limit=limit, time_limit=TIME_LIMIT)
            got = solver.solve(puzzle, limit=limit, time_limit=TIME_LIMIT)
            assert got.status is want.status, f"{name} on {line} with limit {limit}"
            assert got.count == want.count, f"{name} on {line} with limit {limit}"
            assert all(s.is_valid_solution_of(puzzle) for s in got.solutions)


@pytest.mark.parametrize("name", MAX_N)
def test_all_solutions_agree_with_fast(name: str) -> None:
    for line, box in AGREEMENT_PUZZLES:
        puzzle = Puzzle.parse(line, box=box)
        want = strategy("fast").solve(puzzle, limit=0, time_limit=TIME_LIMIT)
        if want.count > 400:
            continue
        got = strategy(name).solve(puzzle, limit=0, time_limit=TIME_LIMIT)
        assert set(got.solutions) == set(want.solutions), f"{name} on {line}"
        assert got.count == want.count, f"{name} repeated a solution of {line}"


@pytest.mark.parametrize("name", MAX_N)
def test_four_by_four_counts_match_the_reference_grids(name: str) -> None:
    grids = testing.all_grids_4x4()
    solver = strategy(name)
    for line, box in AGREEMENT_PUZZLES:
        if box == (2, 2):
            puzzle = Puzzle.parse(line, box=box)
            want = testing.reference_count(puzzle, grids)
            assert solver.count_solutions(puzzle, time_limit=TIME_LIMIT) == want, line


def variant_models() -> list[Model]:
    """4x4 models with extra full groups (diagonals), a partial group, and sum cages."""
    empty = Puzzle.empty((2, 2))
    one_given = Puzzle.parse("1...............", box=(2, 2))
    diagonals = [(0, 5, 10, 15), (3, 6, 9, 12)]
    return [
        Model.from_puzzle(empty, extra_groups=diagonals),
        Model.from_puzzle(one_given, extra_groups=diagonals),
        Model.from_puzzle(empty, extra_groups=[(0, 6, 15)]),
        Model.from_puzzle(empty, cages=[((0, 4), 3), ((10, 11, 15), 8)]),
        Model.from_puzzle(one_given, extra_groups=[(1, 4)], cages=[((5, 6), 7)]),
    ]


@pytest.mark.parametrize("name", MAX_N)
def test_extra_groups_and_cages_match_the_reference_grids(name: str) -> None:
    grids = testing.all_grids_4x4()
    solver = strategy(name)
    for model in variant_models():
        want = {g for g in grids if model.is_solution(g)}
        result = solver.solve(model, limit=0, time_limit=TIME_LIMIT)
        assert {s.cells for s in result.solutions} == want, f"{name} on {model.groups[12:]}"
        assert result.count == len(want), f"{name} repeated a solution"


@pytest.mark.parametrize("name", MAX_N)
def test_x_sudoku_agrees_with_fast(name: str) -> None:
    board = Puzzle.parse(NINE).board
    diagonals = [
        [board.cell(k, k) for k in range(9)],
        [board.cell(k, 8 - k) for k in range(9)],
    ]
    solution = strategy("fast").solve(Model.from_puzzle(Puzzle.empty(), extra_groups=diagonals))
    assert solution.solution is not None
    cells = [d if k % 3 == 0 else 0 for k, d in enumerate(solution.solution.cells)]
    model = Model.from_puzzle(Puzzle(board, tuple(cells)), extra_groups=diagonals)
    want = strategy("fast").solve(model, limit=2, time_limit=TIME_LIMIT)
    got = strategy(name).solve(model, limit=2, time_limit=TIME_LIMIT)
    assert got.status is want.status and got.count == want.count
    assert all(model.is_solution(s.cells) for s in got.solutions)


@pytest.mark.parametrize("name", MAX_N)
def test_counters_account_for_every_value_taken_back(name: str) -> None:
    # Limit 2 on a unique puzzle searches to the end, so every value the search placed is taken
    # back; values placed by an inference rule (propagate) go back with their guess instead.
    result = strategy(name).solve(NINE, limit=2, time_limit=TIME_LIMIT)
    stats = result.stats
    assert result.status is Status.UNIQUE and stats.nodes > 0
    if name in ("propagate", "constraint"):
        assert stats.backtracks == stats.guesses
    else:
        assert stats.backtracks == stats.guesses + stats.propagations
    assert stats.guesses > 0 or stats.propagations > 0


@pytest.mark.parametrize("name", ["propagate", "dlx", "constraint"])
def test_singles_puzzle_needs_no_guess(name: str) -> None:
    # fast solves this puzzle by naked and hidden singles alone; propagation and the
    # smallest-column rule of Algorithm X find the same forced moves.
    assert strategy("fast").solve(NINE).stats.guesses == 0
    result = strategy(name).solve(NINE, time_limit=TIME_LIMIT)
    assert result.stats.guesses == 0 and result.stats.propagations > 0


@pytest.mark.parametrize("name", SLOW)
def test_slow_strategies_stop_at_the_time_limit_on_a_hard_puzzle(name: str) -> None:
    result = strategy(name).solve(HARD_NINE, limit=2, time_limit=0.3)
    assert result.status is Status.TIMEOUT
    # boxwise lists every box's fillings before its first node; on a loaded machine the limit
    # can run out while it lists them.
    assert result.stats.nodes > 0 or name == "boxwise"


@pytest.mark.parametrize("name", ["fast", *MAX_N])
@pytest.mark.parametrize("box", [(4, 5), (5, 5)])
def test_no_board_is_too_large_for_the_search(name: str, box: tuple[int, int]) -> None:
    # An empty 20x20 and a sparse 25x25 give searches hundreds of levels deep: the answer is a
    # result or a timeout, never a RecursionError (the searches recurse once a cell, or not at all).
    puzzle = Puzzle.empty(box)
    if box == (5, 5):
        puzzle = next(p for p in datasets.load("sizes") if p.n == 25)
        puzzle = Puzzle(puzzle.board, tuple(d if i % 3 else 0 for i, d in enumerate(puzzle.cells)))
    result = strategy(name).solve(puzzle, time_limit=0.5)
    assert result.status in (Status.SOLVED, Status.TIMEOUT)
    assert all(s.is_valid_solution_of(puzzle) for s in result.solutions)
