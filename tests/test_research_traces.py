"""Solve traces: steps in order, replayable, with a search's decisions when asked."""

from __future__ import annotations

import io
import json

import pytest

from sudoku_models import datasets
from sudoku_models.api import solve
from sudoku_models.research.traces import trace, write_traces


@pytest.mark.parametrize("engine", ["logic", "grade"])
def test_replaying_the_placements_solves_the_puzzle(engine: str) -> None:
    puzzle = datasets.load("easy50")[0]
    cells = list(puzzle.cells)
    steps = trace(puzzle, engine)
    assert [s["order"] for s in steps] == list(range(len(steps)))
    for step in steps:
        assert step["technique"] and step["reason"]
        for p in step["placements"]:
            assert cells[p["index"]] == 0
            cells[p["index"]] = p["digit"]
    assert tuple(cells) == solve(puzzle).solution.cells


def test_search_decisions_end_solved() -> None:
    puzzle = datasets.load("top95")[0]
    lines = trace(puzzle, search=True)
    kinds = [line["kind"] for line in lines]
    assert "guess" in kinds and kinds[-1] == "solved"
    guesses = sum(1 for k in kinds if k == "guess")
    assert lines[-1]["decisions"] == guesses
    depth_ok = all(line["depth"] >= 1 for line in lines if line["kind"] in ("guess", "backtrack"))
    assert depth_ok


def test_write_traces_numbers_puzzles() -> None:
    out = io.StringIO()
    written = write_traces(datasets.load("easy50")[:2], out)
    rows = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(rows) == written and {r["puzzle"] for r in rows} == {0, 1}
