"""The ASP backend: conformance, the logic program it grounds, native enumeration, errors."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pytest

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.errors import MissingDependencyError, UnsupportedModelError
from sudoku_models.model import Model, classic_groups
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import asp, available_solvers, get_solver
from sudoku_models.solvers.asp import AspSolver, program

pytest.importorskip("clingo")


@pytest.mark.heavy
def test_conformance() -> None:
    testing.check_solver("asp", max_n=16)


def test_the_program_is_what_clingo_reads() -> None:
    import clingo

    puzzle = Puzzle.parse(testing.NINE_BY_NINE[0])
    text = program(Model.from_puzzle(puzzle))
    assert "{ x(I,D) : digit(D) } = 1 :- cell(I)." in text
    assert text.count("given(") == sum(1 for g in puzzle.cells if g) + 1  # facts and the rule
    control = clingo.Control(["--models=0"])
    control.add("base", [], text)
    control.ground([("base", [])])
    answers: list[list[clingo.Symbol]] = []
    control.solve(on_model=lambda m: answers.append(m.symbols(shown=True)))
    assert len(answers) == 1
    grid = [0] * 81
    for atom in answers[0]:
        grid[atom.arguments[0].number] = atom.arguments[1].number
    assert tuple(grid) == AspSolver().solve(puzzle).solution.cells


def test_enumeration_stops_at_the_limit_and_reports_the_grounding() -> None:
    result = AspSolver().solve(Puzzle.empty((2, 2)), limit=7)
    assert result.count == 7 and len(set(result.solutions)) == 7
    assert result.stats.extra["rules"] > 0 and result.stats.extra["atoms"] > 0


@dataclass(frozen=True)
class Unknown:
    """A primitive no backend here was written for."""

    cells: tuple[int, ...] = (0,)


def test_unknown_primitive_names_backends_that_can() -> None:
    board = Board(2, 2)
    model = Model(board, (0,) * 16, classic_groups(board), constraints=(Unknown(),))  # type: ignore[arg-type]
    with pytest.raises(UnsupportedModelError, match=r"Unknown; no built-in backend"):
        AspSolver().solve(model)


def test_without_clingo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "clingo", None)
    asp._clingo.cache_clear()
    try:
        (info,) = [i for i in available_solvers() if i.name == "asp"]
        assert not info.available and info.requires == "clingo"
        with pytest.raises(MissingDependencyError, match=r"pip install 'sudoku-models\[asp\]'"):
            get_solver("asp")
    finally:
        asp._clingo.cache_clear()
