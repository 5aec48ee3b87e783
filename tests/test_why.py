"""Why no solution, why several: every core is minimal, checked here by a third backend (the
handwritten search), and the command prints the documented JSON with its exit codes."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from sudoku_models import count_solutions, fpuzzles, get_solver, why
from sudoku_models.cli import main
from sudoku_models.diagnosis import _model_of, elements
from sudoku_models.model import Model
from sudoku_models.solvers.base import Status

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = {p["id"]: p for p in map(json.loads, SAMPLE.read_text().splitlines())}
CLASSIC = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _solution(entry: dict) -> list[int]:
    sol = entry["solution"]
    return [int(ch) for ch in sol] if isinstance(sol, str) else list(sol)


def _broken(model: Model, solution: list[int]) -> Model:
    """``model`` with one more given, a digit its solution does not hold there and no peer
    given holds: no two givens clash outright."""
    peers = model.peers()
    for i, d in enumerate(model.givens):
        if d:
            continue
        near = {model.givens[p] for p in peers[i]}
        for e in range(1, model.n + 1):
            if e != solution[i] and e not in near:
                cells = list(model.givens)
                cells[i] = e
                changed = dataclasses.replace(model, givens=tuple(cells))
                if count_solutions(changed, limit=1) == 0:
                    return changed
    raise AssertionError("no one given breaks the puzzle")


def _assert_minimal(model: Model, core) -> None:
    """The core alone has no solution, and each element removed gives one, by the handwritten
    search (neither the SAT backend that found it nor the CP-SAT one that checked it)."""
    hard, _ = elements(model)
    search = get_solver("backtracking")
    assert search.solve(_model_of(model, hard, core)).status is Status.UNSATISFIABLE
    for k in range(len(core)):
        rest = [*core[:k], *core[k + 1 :]]
        assert search.solve(_model_of(model, hard, rest)).count == 1


def test_two_clashing_givens_are_the_core() -> None:
    answer = why("11" + "." * 14)
    assert answer.status == "unsatisfiable" and answer.minimal and answer.checked
    assert [e.to_dict(4) for e in answer.core] == [
        {"given": "r1c1", "digit": 1},
        {"given": "r1c2", "digit": 1},
    ]


def test_a_classic_puzzle_broken_by_one_given_has_a_minimal_core() -> None:
    model = Model.from_puzzle(CLASSIC)
    solution = list(get_solver("sat").solve(model).solution.cells)
    broken = _broken(model, solution)
    answer = why(broken)
    assert answer.status == "unsatisfiable" and answer.minimal and answer.checked
    assert all(e.is_given for e in answer.core) and len(answer.core) >= 2
    _assert_minimal(broken, answer.core)


@pytest.mark.parametrize("name", ["6x6-extreme-killer", "peak-sudoku", "irregular-7x7-kropki"])
def test_a_variant_puzzle_broken_by_one_given_has_a_minimal_core(name: str) -> None:
    entry = PUZZLES[name]
    broken = _broken(fpuzzles.read(entry["fpuzzles_lz"]), _solution(entry))
    answer = why(broken)
    assert answer.status == "unsatisfiable" and answer.minimal and answer.checked
    _assert_minimal(broken, answer.core)
    data = answer.to_dict()
    for element in data["core"]:
        assert set(element) in ({"given", "digit"}, {"rule", "cells"})


def test_a_rule_can_be_in_the_core() -> None:
    """Two givens that only a killer cage's total rules out: the cage is in the core."""
    entry = PUZZLES["6x6-extreme-killer"]
    model = fpuzzles.read(entry["fpuzzles_lz"])
    answers = []
    for k in range(6):
        broken = dataclasses.replace(model, givens=tuple(model.givens))
        cage = next(v for v in model.variants if v.name == "killer cage" and v.total)
        cells = [model.board.cell(r, c) for r, c in cage.cells_used()]
        givens = list(broken.givens)
        givens[cells[0]] = k + 1
        broken = dataclasses.replace(broken, givens=tuple(givens))
        if count_solutions(broken, limit=1) == 0:
            answers.append((broken, why(broken)))
    assert answers
    for broken, answer in answers:
        _assert_minimal(broken, answer.core)
    assert any(not e.is_given for _, answer in answers for e in answer.core)


def test_a_model_built_without_variants_names_its_primitives() -> None:
    model = Model.from_puzzle("3" + "." * 15, cages=[((0, 1), 3)])
    answer = why(model)
    assert [e.to_dict(4) for e in answer.core] == [
        {"given": "r1c1", "digit": 3},
        {"rule": "cage r1c1-r1c2 (3)", "cells": ["r1c1", "r1c2"]},
    ]
    _assert_minimal(model, answer.core)


def test_several_solutions_say_where_and_how_to_fix() -> None:
    answer = why(".1.....4....3...")
    assert answer.status == "multiple" and len(answer.solutions) == 2
    a, b = answer.solutions
    assert answer.differ == tuple(i for i in range(16) if a[i] != b[i]) and answer.differ
    cells = list(answer.model.givens)
    for i, d in answer.fix:
        cells[i] = d
    fixed = dataclasses.replace(answer.model, givens=tuple(cells))
    assert count_solutions(fixed, limit=2) == 1
    if not answer.fewest:
        for k in range(len(answer.fix)):  # none of the added givens can be dropped
            cells = list(answer.model.givens)
            for i, d in answer.fix[:k] + answer.fix[k + 1 :]:
                cells[i] = d
            looser = dataclasses.replace(answer.model, givens=tuple(cells))
            assert count_solutions(looser, limit=2) == 2


def test_a_unique_puzzle_has_nothing_to_explain() -> None:
    answer = why(".1.....4....34..")
    assert answer.status == "unique" and answer.core == ()


def test_the_core_is_drawn_in_a_notebook() -> None:
    answer = why("11" + "." * 14)
    page = answer._repr_html_()
    assert page.count("<svg") == 1 and page.count('fill="#f4a6a6"') == 2
    assert "the given 1 in r1c1" in page


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json_of_a_puzzle_without_solution(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", "-f", "json", "11" + "." * 14)
    data = json.loads(out)
    assert code == 1
    assert data["status"] == "unsatisfiable" and data["minimal"] and data["checked"]
    assert data["core"] == [{"given": "r1c1", "digit": 1}, {"given": "r1c2", "digit": 1}]


def test_cli_json_of_a_variant_rule_in_the_core(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """An odd cell given an even digit: the core is that given and the rule, in its words."""
    entry = PUZZLES["blitz"]
    model = fpuzzles.read(entry["fpuzzles_lz"])
    odd = next(v for v in model.variants if v.name == "odd")
    (r, c) = odd.cells_used()[0]
    data = json.loads(json.dumps(entry["fpuzzles"]))
    data["grid"][r][c] = {"value": 2, "given": True}
    file = tmp_path / "broken.json"
    file.write_text(json.dumps(data))
    code, out, _ = run(capsys, "why", "-f", "json", str(file))
    answer = json.loads(out)
    assert code == 1 and answer["status"] == "unsatisfiable"
    cell = f"r{r + 1}c{c + 1}"
    assert {"given": cell, "digit": 2} in answer["core"]
    assert {"rule": odd.describe(), "cells": [cell]} in answer["core"]


def test_cli_text_and_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "why", "11" + "." * 14)
    assert code == 1 and "the given 1 in r1c1" in out and "cpsat) agrees" in out
    code, out, _ = run(capsys, "why", ".1.....4....34..")
    assert code == 0 and out.strip() == "one solution: nothing to explain"
    code, out, _ = run(capsys, "why", "-f", "json", ".1.....4....3...")
    assert code == 1 and json.loads(out)["status"] == "multiple"
    code, _, err = run(capsys, "why", "1.3")
    assert code == 2 and err.count("\n") == 1


def test_the_board_marks_the_core_of_a_puzzle_without_solution() -> None:
    from sudoku_models.interactive.state import new_state, respond

    change = respond(new_state("11" + "." * 14, mode="edit"), {"type": "check"})
    assert change["message"]["kind"] == "error"
    assert "the given 1 in r1c1; the given 1 in r1c2" in change["message"]["text"]
    assert change["highlight"] == {"cells": [0, 1]}
