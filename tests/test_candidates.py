"""True candidates agree with the solutions a backend enumerates, on every backend."""

from __future__ import annotations

import pytest

import sudoku_models as sm
from sudoku_models.candidates import true_candidates
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal, KillerCage, Thermometer

MODELS = {
    "plain": Model.from_puzzle(Puzzle.parse(".1.....4........")),
    "variants": Model.from_puzzle(
        Puzzle.parse("...............2"),
        variants=[Diagonal(False), KillerCage(((0, 0), (0, 1)), 4), Thermometer(((3, 0), (2, 1)))],
    ),
    "no solution": Model.from_puzzle(
        Puzzle.parse("1..............."), variants=[KillerCage(((0, 0), (0, 1)), 7)]
    ),
}


def reference(model: Model) -> list[dict[int, int]]:
    """Counts per cell and digit over every solution, enumerated by the SAT backend."""
    counts: list[dict[int, int]] = [{} for _ in range(model.size)]
    for solution in sm.get_solver("sat").solve(model, limit=0).solutions:
        for i, d in enumerate(solution.cells):
            counts[i][d] = counts[i].get(d, 0) + 1
    return counts


@pytest.mark.parametrize("backend", ["sat", "sat:minisat22", "cpsat", "backtracking"])
@pytest.mark.parametrize("name", sorted(MODELS))
@pytest.mark.parametrize("limit", [1, 3])
def test_candidates_are_the_digits_of_some_solution(name: str, backend: str, limit: int) -> None:
    model = MODELS[name]
    want = reference(model)
    got = true_candidates(model, backend=backend, limit=limit)
    assert got.complete
    for i in range(model.size):
        assert got.counts[i] == {d: min(k, limit) for d, k in want[i].items()}
    assert got.has_solution == any(want)


def test_a_unique_puzzle_has_one_candidate_per_cell() -> None:
    got = true_candidates(".1.....4....34..")
    assert got.is_unique and got.solutions == 1
    assert got.to_text().splitlines()[0] == "4 1 3 2"


def test_text_shows_counts_and_empty_cells() -> None:
    got = true_candidates(MODELS["plain"], limit=2)
    assert got.to_text().splitlines()[0].split() == ["4:2", "1:2", "2:2,3:2", "2:2,3:2"]
    none = true_candidates(MODELS["no solution"])
    assert not none.has_solution and set(none.to_text().split()) == {"-"}


def test_bad_limit() -> None:
    with pytest.raises(ValueError, match="limit"):
        true_candidates(".1.....4....34..", limit=0)
