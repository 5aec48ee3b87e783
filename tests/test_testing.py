"""The conformance check: its reference data, and that it fails for broken backends."""

from __future__ import annotations

import time

import pytest

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.backtracking import BacktrackingSolver
from sudoku_models.solvers.base import SearchTimeout, Solver

# --- the reference data ------------------------------------------------------------------------


def test_all_4x4_grids(oracle):
    grids = testing.all_grids_4x4()
    assert len(grids) == len(set(grids)) == 288
    assert all(oracle.is_grid(2, 2, g) for g in grids)


def test_reference_counts_agree_with_brute_force(oracle):
    grids = testing.all_grids_4x4()
    for puzzle in testing._sample_4x4_puzzles():
        assert testing.reference_count(puzzle, grids) == oracle.count(2, 2, puzzle.cells)


def test_known_puzzles(oracle):
    puzzles = testing.known_puzzles(25)
    assert [p.n for p in puzzles] == sorted(p.n for p in puzzles)
    assert {p.n for p in puzzles} == {4, 6, 8, 9, 12, 16, 25}
    assert {p.n for p in testing.known_puzzles()} == {4, 6, 8, 9}
    assert {p.n for p in testing.known_puzzles(6)} == {4, 6}
    for p in puzzles:
        if p.n <= 4:
            assert oracle.count(p.board.box_rows, p.board.box_cols, p.cells) == 1


def test_unsatisfiable_samples(oracle):
    deep = Puzzle.parse(testing.UNSAT_WITHOUT_CLASH)
    assert deep.conflicts() == []
    assert oracle.count(3, 3, deep.cells) == 0
    assert Puzzle.parse(testing.UNSAT_WITH_CLASH).conflicts() == [((0, 0), (0, 2))]


# --- broken backends ---------------------------------------------------------------------------


class ViaFind(BacktrackingSolver):
    """The fast strategy reached only through ``_find``, so a broken ``_find`` shows everywhere."""

    def _find(self, model, exclude, deadline, stats):
        found = []
        self._strategy(model)(model, 1, exclude, deadline, stats, found)
        return found[0] if found else None

    _search = Solver._search


class WrongGrid(ViaFind):
    """Swaps two cells of every answer."""

    def _find(self, model, exclude, deadline, stats):
        grid = super()._find(model, exclude, deadline, stats)
        if grid is None:
            return None
        cells = list(grid)
        cells[0], cells[1] = cells[1], cells[0]
        return tuple(cells)


class IgnoresGivens(ViaFind):
    """Solves the empty board instead of the puzzle."""

    def _find(self, model, exclude, deadline, stats):
        empty = Model(model.board, (0,) * model.size, model.groups, model.cages)
        return super()._find(empty, exclude, deadline, stats)


class IgnoresExclude(ViaFind):
    """Finds solutions but never blocks the excluded grids."""

    def _find(self, model, exclude, deadline, stats):
        return super()._find(model, (), deadline, stats)


class IgnoresConstraints(BacktrackingSolver):
    """Solves without the model's primitive constraints."""

    def _search(self, model, limit, exclude, deadline, stats, found):
        bare = Model(model.board, model.givens, model.groups, model.cages)
        super()._search(bare, limit, exclude, deadline, stats, found)


class StopsAtOne(BacktrackingSolver):
    """Never looks for a second solution."""

    def _search(self, model, limit, exclude, deadline, stats, found):
        super()._search(model, 1, exclude, deadline, stats, found)


class NeverFinds(BacktrackingSolver):
    """Says every puzzle is unsatisfiable."""

    def _find(self, model, exclude, deadline, stats):
        return None

    def _search(self, model, limit, exclude, deadline, stats, found):
        return None


class IgnoresDeadline(BacktrackingSolver):
    """Runs without the deadline, and stops after a few solutions so the test ends."""

    def _search(self, model, limit, exclude, deadline, stats, found):
        super()._search(model, limit or 3, exclude, None, stats, found)


class LateTimeout(BacktrackingSolver):
    """Honours the deadline only after a long pause."""

    pause = 1.0

    def _search(self, model, limit, exclude, deadline, stats, found):
        if deadline is not None:
            time.sleep(self.pause)
            raise SearchTimeout
        super()._search(model, limit, exclude, deadline, stats, found)


class MutatesInputs(BacktrackingSolver):
    """Writes its answer into the rows it was given, LeetCode style."""

    def solve(self, puzzle, limit=1, time_limit=None, exclude=()):
        result = super().solve(puzzle, limit, time_limit, exclude)
        if isinstance(puzzle, list) and result.solution is not None:
            for r, row in enumerate(result.solution.rows()):
                puzzle[r][:] = row
        return result


class MutatesExclude(BacktrackingSolver):
    """Empties the caller's list of excluded grids."""

    def solve(self, puzzle, limit=1, time_limit=None, exclude=()):
        result = super().solve(puzzle, limit, time_limit, exclude)
        if isinstance(exclude, list):
            exclude.clear()
        return result


@pytest.mark.parametrize(
    ("broken", "check"),
    [
        (WrongGrid, testing.check_known_puzzles),
        (IgnoresGivens, testing.check_known_puzzles),
        (NeverFinds, testing.check_known_puzzles),
        (NeverFinds, testing.check_counts),
        (IgnoresExclude, testing.check_known_puzzles),
        (IgnoresExclude, testing.check_blocking),
        (StopsAtOne, testing.check_counts),
        (IgnoresDeadline, testing.check_time_limit),
        (MutatesInputs, testing.check_inputs_unchanged),
        (MutatesExclude, testing.check_inputs_unchanged),
        (IgnoresConstraints, testing.check_primitives),
    ],
)
def test_each_check_catches_its_kind_of_bug(broken, check):
    with pytest.raises(AssertionError):
        check(broken())


@pytest.mark.parametrize(
    "broken",
    [
        WrongGrid,
        IgnoresGivens,
        NeverFinds,
        IgnoresExclude,
        StopsAtOne,
        IgnoresDeadline,
        MutatesInputs,
        MutatesExclude,
        IgnoresConstraints,
    ],
)
def test_check_solver_fails_for_broken_backends(broken):
    with pytest.raises(AssertionError):
        testing.check_solver(broken(), max_n=9, time_limit=30)


def test_a_late_timeout_is_caught():
    # the status is right (TIMEOUT), only the time taken is wrong
    with pytest.raises(AssertionError, match="took"):
        testing.check_time_limit(LateTimeout(), time_limit=0.01, slack=0.5)


def test_unsat_checks_catch_a_backend_that_invents_solutions():
    class Invents(BacktrackingSolver):
        def _search(self, model, limit, exclude, deadline, stats, found):
            super()._search(model, limit, exclude, deadline, stats, found)
            if not found:
                found.append(tuple(testing.all_grids_4x4()[0]) if model.n == 4 else (1,) * 81)

    with pytest.raises(AssertionError):
        testing.check_unsatisfiable(Invents())


def test_the_checks_pass_for_a_correct_backend():
    solver = BacktrackingSolver()
    testing.check_solver(solver, max_n=6)
    testing.check_solver("backtracking:fast", max_n=4)
    # the reference board shapes are those of the puzzles
    assert all(isinstance(p.board, Board) for p in testing.known_puzzles(6))
