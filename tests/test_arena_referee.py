"""The referee: legal, correct, derivable and completable, on classic and variant puzzles."""

from __future__ import annotations

import random

import pytest

from sudoku_models import variants as v
from sudoku_models.arena.moves import CANDIDATES, CLEAR, PLACE, Move
from sudoku_models.arena.referee import Referee, apply
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.testing import NINE_BY_NINE, UNSAT_WITHOUT_CLASH, known_puzzles
from sudoku_models.variants import KillerCage, Thermometer

FOUR = ".1.....4....34.."


def test_correct_and_completable_follow_the_solution() -> None:
    ref = Referee(FOUR)
    assert ref.unique and ref.solution == Puzzle.parse("4132231412433421").cells
    grid = list(ref.model.givens)
    assert ref.correct(grid, Move(PLACE, 0, 0, (4,)))
    assert not ref.correct(grid, Move(PLACE, 0, 0, (2,)))
    assert ref.correct(grid, Move(CANDIDATES, 0, 0, (2, 4)))
    assert not ref.correct(grid, Move(CANDIDATES, 0, 0, (2, 3)))
    wrong, _ = apply(grid, {}, Move(PLACE, 0, 0, (2,)))
    assert not ref.completable(wrong, {}) and ref.completable(grid, {})
    assert ref.correct(wrong, Move(CLEAR, 0, 0))
    assert not ref.completable(grid, {0: (2, 3)})


def test_a_legal_move_may_be_wrong_and_an_illegal_one_names_the_clash() -> None:
    ref = Referee(FOUR)
    grid = list(ref.model.givens)
    assert ref.broken(grid, 0, 2) is None  # legal, yet not the solution's digit
    assert ref.broken(grid, 0, 1) == "1 is already at r1c2"


def test_cages_and_rules_are_checked_once_their_cells_are_filled() -> None:
    cage = KillerCage(((0, 0), (2, 2)), 4)
    thermo = Thermometer(((3, 0), (3, 1)))
    ref = Referee(Model.from_puzzle(Puzzle.parse("." * 16), variants=[cage, thermo]))
    grid = [0] * 16
    assert ref.broken(grid, 0, 2) is None  # the cage still has an open cell
    grid[10] = 3
    assert ref.broken(grid, 0, 2) is not None and ref.broken(grid, 0, 1) is None
    grid[13] = 2
    assert ref.broken(grid, 12, 3) is not None and ref.broken(grid, 12, 1) is None


def test_several_solutions_make_correct_mean_completable() -> None:
    ref = Referee(Model.from_puzzle(Puzzle.parse("." * 16)))
    assert not ref.unique
    grid = [0] * 16
    assert ref.correct(grid, Move(PLACE, 0, 0, (3,)))
    grid[1] = 3
    assert not ref.correct(grid, Move(PLACE, 0, 0, (3,)))
    assert ref.completable(grid, {0: (1, 2)}) and not ref.completable(grid, {0: (3,)})


def test_a_puzzle_without_solution_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="no solution"):
        Referee(UNSAT_WITHOUT_CLASH)


def test_derivable_names_the_step_and_its_difficulty() -> None:
    ref = Referee(FOUR)
    found = ref.derive(ref.model.givens, 4, 2)  # r2c1 can only be 2
    assert found is not None and found.step and found.difficulty > 0
    assert ref.derive(ref.model.givens, 4, 3) is None


def _boards(puzzle: Puzzle, rng: random.Random, solution: tuple[int, ...]) -> list[list[int]]:
    """Boards on the way: the givens plus a random share of the solution, sometimes with one
    wrong digit."""
    boards = []
    for share in (0.0, 0.3, 0.6):
        grid = [g or (s if rng.random() < share else 0) for g, s in zip(puzzle.cells, solution)]
        boards.append(grid)
        open_cells = [i for i, d in enumerate(grid) if not d]
        if open_cells:
            wrong = list(grid)
            i = rng.choice(open_cells)
            wrong[i] = solution[i] % puzzle.n + 1
            boards.append(wrong)
    return boards


def test_a_derivable_move_is_always_correct() -> None:
    rng = random.Random(7)
    seen = 0
    rules = [v.KillerCage(((0, 0), (0, 1)), 7), v.Thermometer(((2, 0), (2, 1), (3, 2)))]
    loose = Model.from_puzzle(Puzzle.parse("1" + "." * 35, box=(2, 3)), variants=rules)
    for puzzle in [*known_puzzles(9)[:6], *map(Puzzle.parse, NINE_BY_NINE), loose]:
        ref = Referee(puzzle)
        n = ref.model.n
        for grid in _boards(ref.model.puzzle, rng, ref.solution):
            for i in (i for i, d in enumerate(grid) if not d):
                for d in range(1, n + 1):
                    if ref.derive(grid, i, d) is not None:
                        seen += 1
                        assert ref.correct(grid, Move(PLACE, *divmod(i, n), (d,)))
                        assert ref.completable(grid, {})
    assert seen > 100
