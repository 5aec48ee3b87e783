"""The Solver interface: status rules, limits, blocking, timeouts, and the Result/Stats values."""

from __future__ import annotations

import itertools
import time
import xml.etree.ElementTree as ET

import pytest

from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError, UnknownSolverError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.base import SearchTimeout, Solver, Stats, Status, as_model

ALL_4X4: list[tuple[int, ...]] = []


def all_4x4(oracle) -> list[tuple[int, ...]]:
    """Every complete 4x4 grid: rows stacked from permutations, kept when columns and boxes agree.

    The oracle checks the final grids; the stacking only prunes.
    """
    if not ALL_4X4:
        perms = list(itertools.permutations(range(1, 5)))

        def fits(rows):
            cols_ok = all(len({row[c] for row in rows}) == len(rows) for c in range(4))
            band = rows[(len(rows) - 1) // 2 * 2 :]  # the rows of the band being filled
            boxes_ok = all(
                len({d for row in band for d in row[k : k + 2]}) == 2 * len(band) for k in (0, 2)
            )
            return cols_ok and boxes_ok

        def extend(rows):
            if len(rows) == 4:
                cells = tuple(d for row in rows for d in row)
                if oracle.is_grid(2, 2, cells):
                    ALL_4X4.append(cells)
                return
            for perm in perms:
                if fits([*rows, perm]):
                    extend([*rows, perm])

        extend([])
    return ALL_4X4


class Scripted(Solver):
    """Answers from a fixed list of grids; raises SearchTimeout after ``timeout_after`` calls."""

    name = "scripted"
    variants = ("plain", "other")

    def __init__(self, grids, timeout_after=None, **options):
        super().__init__(**options)
        self.grids = list(grids)
        self.timeout_after = timeout_after
        self.calls = 0

    def _find(self, model, exclude, deadline, stats):
        self.calls += 1
        stats.nodes += 1
        if self.timeout_after is not None and self.calls > self.timeout_after:
            raise SearchTimeout
        for grid in self.grids:
            if grid not in exclude and model.is_solution(grid):
                return grid
        return None


@pytest.fixture
def grids(oracle):
    return all_4x4(oracle)


def test_there_are_288_grids_of_4x4(grids):
    assert len(grids) == 288


def matching(grids, puzzle):
    return [g for g in grids if all(x in (0, y) for x, y in zip(puzzle.cells, g, strict=True))]


UNIQUE_4 = Puzzle.parse(".1.....4....34..")
SEVERAL_4 = Puzzle.parse("12..34..........")


def test_statuses(grids):
    solver = Scripted(grids)
    assert len(matching(grids, UNIQUE_4)) == 1
    assert solver.solve(UNIQUE_4).status is Status.SOLVED
    assert solver.solve(UNIQUE_4, limit=2).status is Status.UNIQUE
    assert solver.solve(UNIQUE_4, limit=0).status is Status.UNIQUE
    several = len(matching(grids, SEVERAL_4))
    assert several > 2
    assert solver.solve(SEVERAL_4).status is Status.SOLVED
    result = solver.solve(SEVERAL_4, limit=2)
    assert result.status is Status.MULTIPLE and result.count == 2
    result = solver.solve(SEVERAL_4, limit=0)
    assert result.status is Status.MULTIPLE and result.count == several
    assert set(result.solutions) == {Puzzle(Board(2, 2), g) for g in matching(grids, SEVERAL_4)}
    assert Scripted([]).solve(UNIQUE_4, limit=2).status is Status.UNSATISFIABLE


def test_timeout_keeps_what_was_found(grids):
    result = Scripted(grids, timeout_after=3).solve(Puzzle.empty((2, 2)), limit=0)
    assert result.status is Status.TIMEOUT
    assert result.count == 3
    assert all(s.is_valid_solution_of(Puzzle.empty((2, 2))) for s in result.solutions)
    assert Scripted(grids, timeout_after=0).solve(UNIQUE_4).status is Status.TIMEOUT


def test_clashing_givens_are_unsatisfiable_without_search(grids):
    solver = Scripted(grids)
    result = solver.solve("1.1.............", limit=2)
    assert result.status is Status.UNSATISFIABLE
    assert result.clashes == (((0, 0), (0, 2)),)
    assert solver.calls == 0
    assert not solver.has_other_solution("1.1.............", grids[0])
    assert solver.calls == 0


def test_exclude_blocks_grids(grids):
    solver = Scripted(grids)
    all_of = solver.solve(SEVERAL_4, limit=0).solutions
    first, second = all_of[0], all_of[1]
    rest = solver.solve(SEVERAL_4, limit=0, exclude=[first, list(second.cells)]).solutions
    assert set(rest) == set(all_of) - {first, second}
    only = solver.solve(UNIQUE_4).solution
    assert solver.solve(UNIQUE_4, exclude=[only]).status is Status.UNSATISFIABLE


@pytest.mark.parametrize("bad", [[1, 2, 3], (0,) * 16, [[1, 2, 3, 4]] * 4])
def test_exclude_needs_complete_grids(grids, bad):
    with pytest.raises(ValueError, match="complete"):
        Scripted(grids).solve(UNIQUE_4, exclude=[bad])


def test_has_other_solution(grids):
    solver = Scripted(grids)
    only = solver.solve(UNIQUE_4).solution
    assert not solver.has_other_solution(UNIQUE_4, only)
    assert not solver.has_other_solution(UNIQUE_4, only.cells)
    first = solver.solve(SEVERAL_4).solution
    assert solver.has_other_solution(SEVERAL_4, first)
    calls = solver.calls
    solver.has_other_solution(SEVERAL_4, first)
    assert solver.calls == calls + 1  # a single solve


def test_is_unique_and_count(grids):
    solver = Scripted(grids)
    assert solver.is_unique(UNIQUE_4)
    assert not solver.is_unique(SEVERAL_4)
    assert solver.count_solutions(SEVERAL_4) == len(matching(grids, SEVERAL_4))
    assert solver.count_solutions(SEVERAL_4, limit=3) == 3
    assert solver.count_solutions(Puzzle.empty((2, 2))) == 288
    with pytest.raises(TimeoutError):
        Scripted(grids, timeout_after=1).is_unique(UNIQUE_4, time_limit=5)


@pytest.mark.parametrize("limit", [-1, 1.5, True, "2", None])
def test_limit_must_be_a_natural_number(grids, limit):
    with pytest.raises(ValueError, match="limit"):
        Scripted(grids).solve(UNIQUE_4, limit=limit)


@pytest.mark.parametrize("time_limit", [0, -1, -0.5, float("nan")])
def test_time_limit_must_be_positive(grids, time_limit):
    with pytest.raises(ValueError, match="time_limit"):
        Scripted(grids).solve(UNIQUE_4, time_limit=time_limit)


def test_a_deadline_is_passed_only_with_a_time_limit(grids):
    seen = []

    class Spy(Scripted):
        def _find(self, model, exclude, deadline, stats):
            seen.append(deadline)
            return super()._find(model, exclude, deadline, stats)

    before = time.perf_counter()
    Spy(grids).solve(UNIQUE_4)
    Spy(grids).solve(UNIQUE_4, time_limit=100)
    assert seen[0] is None
    assert before + 100 <= seen[1] <= time.perf_counter() + 100


def test_a_native_search_is_cut_to_the_limit(grids):
    class Greedy(Scripted):
        def _search(self, model, limit, exclude, deadline, stats, found):
            found.extend(g for g in self.grids if model.is_solution(g))

    result = Greedy(grids).solve(Puzzle.empty((2, 2)), limit=5)
    assert result.count == 5 and result.status is Status.MULTIPLE


def test_solve_accepts_every_puzzle_form_and_a_model(grids):
    solver = Scripted(grids)
    expected = solver.solve(UNIQUE_4).solution
    for form in (UNIQUE_4.to_line(), UNIQUE_4.rows(), UNIQUE_4, Model.from_puzzle(UNIQUE_4)):
        assert solver.solve(form).solution == expected
    model = Model.from_puzzle(UNIQUE_4)
    assert as_model(model) is model


class Answers(Solver):
    """Answers one grid as it is, whatever it holds: a stand-in for a faulty backend."""

    name = "answers"

    def __init__(self, grid):
        super().__init__()
        self.grid = grid

    def _find(self, model, exclude, deadline, stats):
        return None if self.grid in exclude else self.grid


def test_grids_from_a_backend_become_checked_puzzles(grids):
    board = Board(2, 2)
    grid = grids[0]
    solution = Answers(grid).solve(Puzzle.empty((2, 2))).solution
    assert solution == Puzzle(board, grid) and type(solution.cells) is tuple
    assert Answers(list(grid)).solve(Puzzle.empty((2, 2))).solution == Puzzle(board, grid)
    # what a faulty backend answers is refused as it would be from a user, with the same error
    wrong_types = ((True, *grid[1:]), (float(grid[0]), *grid[1:]))
    for bad in (grid[:-1], (5, *grid[1:]), (-1, *grid[1:]), [5, *grid[1:]], *wrong_types):
        with pytest.raises(InvalidPuzzleError) as raised:
            Answers(bad).solve(Puzzle.empty((2, 2)))
        with pytest.raises(InvalidPuzzleError) as direct:
            Puzzle(board, bad)
        assert str(raised.value) == str(direct.value)


def test_variants_label_and_repr(grids):
    assert Scripted(grids).variant == "plain"
    solver = Scripted(grids, variant="other", depth=3)
    assert solver.label == "scripted:other"
    assert repr(solver) == "Scripted('other', depth=3)"
    assert solver.options == {"depth": 3}
    assert solver.solve(UNIQUE_4).backend == "scripted:other"
    with pytest.raises(UnknownSolverError, match=r"scripted:plain, scripted:other"):
        Scripted(grids, variant="nope")

    class Plain(Solver):
        name = "plain"

        def _find(self, model, exclude, deadline, stats):
            return None

    assert Plain().label == "plain" and Plain().variant is None
    with pytest.raises(UnknownSolverError, match="none"):
        Plain("x")
    assert Plain.version() is None and Plain.is_available()


def test_a_solver_must_implement_find():
    class Nothing(Solver):
        name = "nothing"

    with pytest.raises(TypeError):
        Nothing()  # type: ignore[abstract]


def test_result_properties_repr_and_summary(grids):
    result = Scripted(grids).solve(UNIQUE_4, limit=2)
    assert result.solution == result.solutions[0] and result.count == 1 and result.is_unique
    assert result.puzzle == UNIQUE_4 and result.limit == 2
    assert result.stats.nodes == 2  # solve, block, solve again
    text = repr(result)
    assert text.startswith("Result(status=Status.UNIQUE, solutions=1, backend='scripted:plain', ")
    assert text.endswith(" ms)")
    line = result.summary()
    assert line.startswith("unique: 1 solution(s) by scripted:plain in ")
    assert "nodes 2" in line and "\n" not in line
    empty = Scripted(grids).solve("1.1.............")
    assert empty.solution is None and empty.count == 0 and not empty.is_unique
    assert empty.summary().endswith("; clashing givens: r1c1=r1c3")


def test_result_html(grids):
    result = Scripted(grids).solve(UNIQUE_4)
    root = ET.fromstring(result._repr_html_())
    assert root.tag == "div"
    assert result.summary() in root.find("p").text
    tds = root.findall("table/tr/td")
    assert [int(td.text) for td in tds] == list(result.solution.cells)
    givens = [i for i, d in enumerate(UNIQUE_4.cells) if d]
    bold = [i for i, td in enumerate(tds) if "font-weight:bold" in td.get("style")]
    assert bold == givens
    # without a solution the puzzle is drawn
    unsat = Scripted([]).solve(UNIQUE_4)
    tds = ET.fromstring(unsat._repr_html_()).findall("table/tr/td")
    assert [int(td.text or 0) for td in tds] == list(UNIQUE_4.cells)


def test_results_are_frozen(grids):
    result = Scripted(grids).solve(UNIQUE_4)
    with pytest.raises(AttributeError):
        result.status = Status.UNIQUE  # type: ignore[misc]


def test_stats_as_dict():
    stats = Stats(nodes=3, guesses=2, backtracks=1, propagations=7, conflicts=4, time=0.5)
    stats.extra["clauses"] = 12
    assert stats.as_dict() == {
        "nodes": 3,
        "guesses": 2,
        "backtracks": 1,
        "propagations": 7,
        "conflicts": 4,
        "time": 0.5,
        "clauses": 12,
    }
    assert stats.extra == {"clauses": 12}  # the dict view does not take extra away
    assert Stats().as_dict()["nodes"] == 0
    assert Stats().extra is not Stats().extra


def test_status_repr_and_values():
    assert repr(Status.UNIQUE) == "Status.UNIQUE"
    assert {s.value for s in Status} == {"solved", "unique", "multiple", "unsatisfiable", "timeout"}


@pytest.mark.parametrize("backend", ["backtracking", "sat"])
def test_a_search_takes_what_is_left_of_an_open_limit(
    backend: str, pigeonhole_classic: str
) -> None:
    """Under a limit the caller opened, a search with no limit of its own stops there too;
    the questions that answer yes or no raise instead of guessing."""
    from sudoku_models import deadline
    from sudoku_models.errors import TimeLimitReached
    from sudoku_models.solvers import get_solver

    solver = get_solver(backend)
    with deadline.within(1):
        assert solver.solve(pigeonhole_classic, time_limit=3600).status is Status.TIMEOUT
    with deadline.within(1), pytest.raises(TimeLimitReached, match="time limit of 1 s"):
        solver.is_unique(pigeonhole_classic)
    known = [1] * 625  # any complete grid: no solution equals it
    with deadline.within(1), pytest.raises(TimeLimitReached, match="time limit of 1 s"):
        solver.has_other_solution(pigeonhole_classic, known)
