"""Tests of the SAT backend: conformance for every option, agreement with the handwritten search."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest
from pysat.solvers import Solver as PySatSolver

from sudoku_models import cnf, datasets, testing
from sudoku_models.batch import solve_many
from sudoku_models.errors import UnknownSolverError, UnsupportedModelError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status
from sudoku_models.solvers.sat import GIVENS, SatSolver
from sudoku_models.testing import NINE_BY_NINE, check_solver, known_puzzles


def test_every_solver_name_is_known_to_the_pinned_pysat():
    from pathlib import Path

    tomllib = pytest.importorskip("tomllib")  # Python 3.11 and newer

    from pysat.solvers import SolverNames

    from sudoku_models.solvers.sat import SAT_SOLVERS

    assert all(hasattr(SolverNames, name) for name in SAT_SOLVERS)
    pyproject = Path(__file__).parent.parent / "pyproject.toml"
    deps = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"]["dependencies"]
    assert "python-sat>=1.9.dev16,<1.10" in deps  # a bounded range, not "any pre-release"


@pytest.mark.heavy
@pytest.mark.parametrize("encoding", cnf.ENCODINGS)
def test_conformance_every_encoding(encoding):
    check_solver(get_solver("sat", encoding=encoding), max_n=25)


@pytest.mark.heavy
@pytest.mark.parametrize("amo", cnf.AT_MOST_ONE[1:])
def test_conformance_every_at_most_one(amo):
    check_solver(get_solver("sat", amo=amo), max_n=25)


@pytest.mark.heavy
@pytest.mark.parametrize("givens", GIVENS[1:])
def test_conformance_fresh_solver_modes(givens):
    check_solver(get_solver("sat", givens=givens), max_n=25)


@pytest.mark.heavy
@pytest.mark.filterwarnings("ignore:.*may overrun the time limit")
@pytest.mark.parametrize("name", ["cadical195", "glucose4", "minisat22", "lingeling", "kissat404"])
def test_conformance_other_sat_solvers(name):
    # kissat cannot be called incrementally: each of the 576 Latin squares of order 4 is a fresh
    # solve (about 25 s in all on a quiet machine), so its limit leaves room for a busy one.
    check_solver(get_solver(f"sat:{name}"), max_n=9, time_limit=300 if name == "kissat404" else 60)


def _several_solutions(seed: int, count: int) -> list[Puzzle]:
    """9x9 puzzles with 2 to 199 solutions: solutions of known puzzles with 52 cells blanked."""
    rng = random.Random(seed)
    backtracking = get_solver("backtracking")
    out: list[Puzzle] = []
    while len(out) < count:
        solution = backtracking.solve(rng.choice(NINE_BY_NINE)).solution
        assert solution is not None
        cells = list(solution.cells)
        for i in rng.sample(range(solution.board.size), 52):
            cells[i] = 0
        puzzle = Puzzle(solution.board, tuple(cells))
        if 2 <= backtracking.count_solutions(puzzle, limit=200) < 200:
            out.append(puzzle)
    return out


OPTION_GRID = [
    {"encoding": e, "amo": a, "givens": g}
    for e in cnf.ENCODINGS
    for a in cnf.AT_MOST_ONE
    for g in GIVENS
]


@pytest.mark.parametrize("puzzle", _several_solutions(seed=3, count=3), ids=Puzzle.to_line)
def test_every_option_finds_the_same_solutions_as_backtracking(puzzle):
    expected = set(get_solver("backtracking").solve(puzzle, limit=0).solutions)
    assert len(expected) > 1
    for options in OPTION_GRID:
        found = get_solver("sat", **options).solve(puzzle, limit=0).solutions
        assert len(found) == len(expected), options
        assert set(found) == expected, options


def test_counts_agree_with_backtracking():
    backtracking = get_solver("backtracking")
    sat = get_solver("sat")
    for puzzle in _several_solutions(seed=11, count=9):
        assert sat.count_solutions(puzzle) == backtracking.count_solutions(puzzle), puzzle.to_line()


def test_extra_groups_of_every_size():
    # An empty 4x4 X-Sudoku (both diagonals, full groups) with one more group of three cells.
    board = Puzzle.empty((2, 2)).board
    diagonals = [[0, 5, 10, 15], [3, 6, 9, 12]]
    model = Model.from_puzzle(Puzzle.empty((2, 2)), extra_groups=[*diagonals, [1, 4, 11]])
    expected = set(get_solver("backtracking").solve(model, limit=0).solutions)
    assert 0 < len(expected) < 288
    for options in ({}, {"encoding": "minimal"}, {"givens": "simplify", "amo": "sequential"}):
        found = get_solver("sat", **options).solve(model, limit=0).solutions
        assert set(found) == expected and len(found) == len(expected), options
        assert all(model.is_solution(g.cells) and g.board == board for g in found)


def test_a_later_puzzle_never_sees_earlier_blocking_clauses():
    several = _several_solutions(seed=5, count=1)[0]
    unique = Puzzle.parse(NINE_BY_NINE[1])
    reused = get_solver("sat")
    first = reused.solve(several, limit=0)
    assert first.count > 1
    # The same puzzle again: every grid blocked the first time must come back.
    again = reused.solve(several, limit=0)
    assert set(again.solutions) == set(first.solutions)
    after = reused.solve(unique, limit=2)
    fresh = get_solver("sat").solve(unique, limit=2)
    assert (after.status, after.solutions) == (fresh.status, fresh.solutions)
    assert reused.has_other_solution(several, first.solutions[0])
    assert reused.count_solutions(several) == first.count


def test_unknown_and_alias_names():
    with pytest.raises(UnknownSolverError, match=r"sat:cadical153.*sat:glucose4"):
        get_solver("sat:nosuchsat")
    assert get_solver("sat:g4").variant == "glucose4"
    assert get_solver("sat").variant == SatSolver.variants[0]


def test_option_errors_are_clear():
    with pytest.raises(ValueError, match="known: minimal, efficient, extended"):
        get_solver("sat", encoding="huge")
    with pytest.raises(ValueError, match="sequential"):
        get_solver("sat", amo="magic")
    with pytest.raises(ValueError, match="ignores assumptions"):
        get_solver("sat:kissat404", givens="assumptions")
    with pytest.raises(TypeError, match="encoding, amo, givens"):
        get_solver("sat", encodng="minimal")


#: 4x4 killer cages (cells, total): some with several digit sets, one with no set at all.
KILLER_4X4 = (
    [((0, 1), 3), ((2, 3), 7), ((4, 8), 5)],
    [((0, 1, 4), 7), ((10, 11), 5)],
    [((5, 6, 9, 10), 10)],
    [((0, 1), 8)],
)


@pytest.mark.parametrize("cages", KILLER_4X4)
@pytest.mark.parametrize("givens", GIVENS)
@pytest.mark.parametrize("encoding", cnf.ENCODINGS)
def test_sum_cages_count_like_the_reference_grids(cages, givens, encoding):
    for line in ("................", "1..............."):
        killer = Model.from_puzzle(Puzzle.parse(line), cages=cages)
        expected = sum(killer.is_solution(g) for g in testing.all_grids_4x4())
        solver = get_solver("sat", encoding=encoding, givens=givens)
        result = solver.solve(killer, limit=0)
        assert result.count == expected, (cages, line)
        assert all(killer.is_solution(g.cells) for g in result.solutions)


def test_a_cage_with_too_many_digit_sets_is_refused():
    board = Puzzle.empty((5, 5)).board
    huge = Model.from_puzzle(Puzzle.empty((5, 5)), cages=[(board.rows[0][:12], 150)])
    with pytest.raises(UnsupportedModelError, match="digit sets"):
        get_solver("sat").solve(huge)


def test_stats_report_the_formula_and_the_solver_counters():
    puzzle = Puzzle.parse(NINE_BY_NINE[1])
    for givens in GIVENS:
        solver = get_solver("sat", givens=givens)
        stats = solver.solve(puzzle, limit=2).stats
        formula = cnf.encode(puzzle, givens="simplify" if givens == "simplify" else "none")
        assert stats.extra["variables"] == formula.num_vars
        units = puzzle.clues if givens == "units" else 0
        assert stats.extra["clauses"] == formula.num_clauses + units
        assert stats.nodes == stats.guesses == stats.extra["decisions"] > 0
        assert stats.propagations > 0


def test_cnf_escape_hatch_solves_to_the_same_grid():
    puzzle = known_puzzles(16)[-1]
    solver = get_solver("sat", encoding="efficient", amo="bitwise")
    formula = solver.cnf(puzzle)
    assert formula.encoding == "efficient" and formula.amo == "bitwise"
    with PySatSolver("minisat22", bootstrap_with=formula.to_pysat().clauses) as sat:
        assert sat.solve()
        grid = formula.decode(sat.get_model())
    assert Puzzle(puzzle.board, grid) == solver.solve(puzzle).solution


def test_time_limit_stops_a_hard_search():
    # An empty 25x25 board with the weakest encoding: counting every grid cannot finish.
    result = get_solver("sat", encoding="minimal").solve(
        Puzzle.empty((5, 5)), limit=0, time_limit=0.5
    )
    assert result.status is Status.TIMEOUT


def test_importing_the_backend_does_not_import_pysat():
    code = (
        "import sys, sudoku_models, sudoku_models.cnf, sudoku_models.solvers.sat; "
        "assert not any(m.startswith('pysat') for m in sys.modules), 'pysat imported'"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_the_first_slice_of_a_search_runs_even_when_loading_used_up_the_time():
    solver = get_solver("sat")
    puzzle = Puzzle.parse(NINE_BY_NINE[0])
    solver.solve(puzzle)  # loads the rules into the kept solver
    assert solver.solve(puzzle, time_limit=1e-9).status is Status.SOLVED
    assert solver.solve(puzzle, limit=2, time_limit=1e-9).status is Status.TIMEOUT


def test_loading_a_large_board_stops_at_the_deadline(monkeypatch):
    from sudoku_models.solvers import sat

    loaded: list[int] = []
    real = PySatSolver.append_formula

    def counting(self, clauses, *args, **kwargs):
        loaded.append(len(clauses))
        return real(self, clauses, *args, **kwargs)

    monkeypatch.setattr(PySatSolver, "append_formula", counting)
    rules = sat._encoded_rules(
        sat._without_givens(Model.from_puzzle(Puzzle.empty((5, 5)))), "extended", "pairwise"
    )
    assert len(rules.clauses) > 4 * sat.CLAUSES_PER_LOAD
    result = get_solver("sat").solve(Puzzle.empty((5, 5)), limit=2, time_limit=1e-9)
    assert result.status is Status.TIMEOUT
    assert sum(loaded) < len(rules.clauses)  # the clock stopped the loading


def test_a_new_solver_object_reuses_the_encoded_rules():
    from sudoku_models.solvers import sat

    model = Model.from_puzzle(Puzzle.empty((4, 4)))
    first = get_solver("sat")._rules(model)
    assert get_solver("sat")._rules(model) is first
    assert get_solver("sat", amo="sequential")._rules(model) is not first
    assert sat._without_givens(Model.from_puzzle(NINE_BY_NINE[0])).givens == (0,) * 81


def test_a_solver_without_a_conflict_budget_warns_that_it_may_overrun_a_time_limit():
    solver = get_solver("sat:lingeling")
    with pytest.warns(UserWarning, match="may overrun"):
        solver.solve(NINE_BY_NINE[0], time_limit=5)


def test_a_solver_keeps_a_bounded_number_of_loaded_shapes():
    from sudoku_models.solvers import sat

    solver = get_solver("sat")
    first = Model.from_puzzle(Puzzle.empty((2, 2)), extra_groups=[[0, 5]])
    solver.solve(first)
    for k in range(1, sat.SHAPES_KEPT + 3):
        solver.solve(Model.from_puzzle(Puzzle.empty((2, 2)), extra_groups=[[0, 5 + k]]))
        solver.solve(first)  # used again each time, so it is never the one let go
    assert len(solver._shared) == sat.SHAPES_KEPT
    assert sat._shape_key(first) in solver._shared


def test_a_missing_pysat_names_the_pip_command(monkeypatch):
    from sudoku_models.errors import MissingDependencyError

    monkeypatch.setattr(SatSolver, "is_available", classmethod(lambda cls: False))
    with pytest.raises(MissingDependencyError, match="pip install python-sat"):
        get_solver("sat")


def test_the_kept_solver_is_rebuilt_once_its_selectors_are_used_up():
    # Each limit-2 search blocks one grid behind a new selector, which stays a solver variable;
    # the bound is max(selectors_per_solver, variables of the rules), 64 on a 4x4 board.
    solver = get_solver("sat")
    solver.selectors_per_solver = 3
    puzzle = Puzzle.parse(".1.....4....34..")
    model = Model.from_puzzle(puzzle)
    first = solver.shared_rules(model)
    assert first.formula.top == 64
    for _ in range(64):
        assert solver.solve(puzzle, limit=2).status is Status.UNIQUE
    assert first.used == 64 and solver._shared[model.board] is first
    assert solver.solve(puzzle, limit=2).status is Status.UNIQUE
    rebuilt = solver._shared[model.board]
    assert rebuilt is not first and rebuilt.used == 1


@pytest.mark.parametrize("name", ["cadical153", "glucose4", "cadical103"])
def test_phases_steer_the_search_but_change_no_answer(name):
    # Phases are flipped for the grid found and put back at the end of each search; with or
    # without them (cadical103 cannot take phases) the same object gives the same answers.
    puzzles = [*_several_solutions(seed=11, count=3), *map(Puzzle.parse, NINE_BY_NINE[:3])]
    steered = get_solver(f"sat:{name}")
    plain = get_solver(f"sat:{name}")
    plain.phases = False
    for puzzle in puzzles + puzzles:
        expected = plain.solve(puzzle, limit=0)
        found = steered.solve(puzzle, limit=0)
        assert set(found.solutions) == set(expected.solutions)
        assert found.count == expected.count == len(set(found.solutions))
        first = steered.solve(puzzle, limit=2, exclude=found.solutions[:1])
        assert first.count == min(2, found.count - 1)
        assert set(first.solutions) <= set(found.solutions) - {found.solutions[0]}


UNIQUE_4_SOLVED = "4132231412433421"

# --- which solutions come back ------------------------------------------------------------------


def _loosened(name: str, count: int, erased: int, seed: int) -> list[Puzzle]:
    """Shipped puzzles with some givens erased: several solutions each."""
    rng = random.Random(seed)
    out = []
    for puzzle in datasets.load(name)[:count]:
        cells = list(puzzle.cells)
        for i in rng.sample([i for i, d in enumerate(cells) if d], erased):
            cells[i] = 0
        out.append(Puzzle(puzzle.board, tuple(cells)))
    return out


def test_deterministic_answers_are_the_smallest_solutions_whatever_came_before():
    puzzles = _loosened("easy50", 12, 6, 1)
    in_reading_order = get_solver("backtracking:naive")  # meets solutions smallest first
    for limit in (1, 2, 3):
        expected = [in_reading_order.solve(p, limit=limit).solutions for p in puzzles]
        assert all(len(e) == limit for e in expected)  # more solutions than the limit
        solver = get_solver("sat", deterministic=True)
        forwards = [solver.solve(p, limit=limit).solutions for p in puzzles]
        backwards = [solver.solve(p, limit=limit).solutions for p in reversed(puzzles)]
        assert forwards == expected and backwards[::-1] == expected


def test_deterministic_small_boards_against_every_solution():
    solver = get_solver("sat", deterministic=True)
    rng = random.Random(3)
    solved = Puzzle.parse(UNIQUE_4_SOLVED)
    several = 0
    for _ in range(40):
        puzzle = Puzzle(solved.board, tuple(d if rng.random() < 0.3 else 0 for d in solved.cells))
        everything = sorted(
            s.cells for s in get_solver("backtracking").solve(puzzle, limit=0).solutions
        )
        several += len(everything) > 4
        for limit in (1, 2, 4):
            found = solver.solve(puzzle, limit=limit)
            assert [s.cells for s in found.solutions] == everything[:limit]
    assert several > 10


def test_deterministic_grids_are_the_same_serially_and_on_two_workers():
    puzzles = _loosened("top95", 16, 4, 2)
    solver = get_solver("sat", deterministic=True)
    serial = [r.solutions for r in solve_many(puzzles, backend=solver, limit=2)]
    pooled = [r.solutions for r in solve_many(puzzles, backend=solver, limit=2, workers=2)]
    assert serial == pooled and all(len(s) == 2 for s in serial)


def test_a_complete_enumeration_comes_back_sorted():
    solver = get_solver("sat")
    solutions = solver.solve("12..34..........", limit=0).solutions
    assert len(solutions) == 12
    assert [s.cells for s in solutions] == sorted(s.cells for s in solutions)


def test_deterministic_must_be_a_boolean():
    with pytest.raises(TypeError, match="deterministic"):
        get_solver("sat", deterministic="yes")
