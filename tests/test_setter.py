"""Setter tools: needed and redundant givens and rules, repairs, and the count estimate."""

from __future__ import annotations

import dataclasses
import json

import pytest

from sudoku_models import formats
from sudoku_models.cli import main
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.setter import check, estimate_count, needed_rules, unique_placements
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status
from sudoku_models.variants import AntiKnight, Thermometer

UNIQUE_4 = "1...\n..4.\n.3..\n...2"
ANTI_KNIGHT = (
    ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4"
    "~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3"
)
SAT = get_solver("sat")


def _count(model: Model, limit: int = 0) -> int:
    return get_solver("cpsat").solve(model, limit=limit).count


def test_needed_givens_agree_with_counting() -> None:
    model = formats.read(ANTI_KNIGHT).model
    report = check(model, SAT)
    assert report.status is Status.UNIQUE
    assert sorted(report.needed_givens + report.redundant_givens) == [
        i for i, d in enumerate(model.givens) if d
    ]
    for i in report.needed_givens + report.redundant_givens:
        cells = list(model.givens)
        cells[i] = 0
        several = _count(dataclasses.replace(model, givens=tuple(cells)), limit=2) > 1
        assert several == (i in report.needed_givens)
    assert report.needed_rules == (AntiKnight(),) and report.redundant_rules == ()


def test_a_rule_the_givens_already_force_is_redundant() -> None:
    puzzle = Puzzle.parse(UNIQUE_4)
    solution = SAT.solve(puzzle).solutions[0]
    # A thermometer along cells whose solved digits increase: true, and not needed.
    row = solution.cells[:4]
    cells = tuple(sorted(((0, c) for c in range(4)), key=lambda rc: row[rc[1]]))[:2]
    model = Model.from_puzzle(puzzle, variants=[Thermometer(cells)])
    needed, redundant = needed_rules(model, solution, SAT)
    assert needed == () and redundant == (Thermometer(cells),)


def test_placements_make_a_puzzle_unique() -> None:
    model = Model.from_puzzle(Puzzle.parse("1...\n..4.\n.3..\n...."))
    all_solutions = [g.cells for g in SAT.solve(model, limit=0).solutions]
    assert len(all_solutions) > 1
    report = check(model, SAT)
    assert report.status is Status.MULTIPLE and report.complete
    assert report.solutions_found == len(all_solutions)
    assert report.placements
    for i, d in report.placements:
        cells = list(model.givens)
        cells[i] = d
        assert _count(dataclasses.replace(model, givens=tuple(cells))) == 1
    # From a few solutions only, each placement offered is checked by a search.
    some = unique_placements(model, all_solutions[:3], False, SAT)
    assert some and set(some) <= set(report.placements)


def test_estimate_of_the_empty_4x4() -> None:
    model = Model.from_puzzle(Puzzle.empty((2, 2)))
    guess = estimate_count(model, probes=2000, seed=0)
    assert abs(guess.mean - 288) < 4 * guess.stderr + 10 and guess.hits > 0
    assert estimate_count(Model.from_puzzle(Puzzle.parse(UNIQUE_4)), 3).mean == 1.0
    report = check(Puzzle.empty((2, 2)), SAT, probes=300, seed=1)
    assert not report.complete and report.estimate is not None
    assert report.solutions_found == 64


def test_no_solution() -> None:
    report = check("11..\n....\n....\n....", SAT)
    assert report.status is Status.UNSATISFIABLE and report.to_text() == "no solution"


def test_check_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", ANTI_KNIGHT]) == 0
    out = capsys.readouterr().out
    assert out.startswith("unique solution\ngivens: 17, needed ")
    assert "rules needed: anti-knight" in out
    assert main(["check", "1.....4..3......", "-f", "json"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "multiple" and data["complete"] and data["placements"]
    assert main(["check", "1..."]) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_rules_of_a_model_with_constraints_of_its_own_are_not_judged() -> None:
    puzzle = Puzzle.parse(UNIQUE_4)
    solution = SAT.solve(puzzle).solutions[0]
    own = Model.from_puzzle(puzzle, cages=[((0, 1), 5)], variants=[AntiKnight()])
    assert needed_rules(own, solution, SAT) == ((), ())


def test_redundant_givens_and_rules_say_whether_all_can_go_at_once() -> None:
    """Each redundant given or rule can go alone; the report says whether all together can,
    and names the two diagonals apart."""
    from sudoku_models.variants import Diagonal

    both = [Diagonal(True), Diagonal(False)]
    full = Model.from_puzzle(Puzzle.parse("1234341243212143"), variants=both)
    report = check(full, SAT)
    assert report.givens_together is False and report.rules_together is True
    text = report.to_text()
    assert "redundant 16 (each can go alone, but not all 16 at once)" in text
    assert "rules redundant (each can go alone, and both at once): diagonal bottom-left" in text
    assert "diagonal top-left to bottom-right" in text
    sparse = Model.from_puzzle(Puzzle.parse("1.3.3.1.4.2.2.4."), variants=both)
    assert check(sparse, SAT).rules_together is False
    one = check(Puzzle.parse(UNIQUE_4), SAT)
    assert one.givens_together is None and "(each" not in one.to_text()


def test_an_estimate_beyond_a_float_is_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """Probe weights past 10**154 overflowed the variance of floats (an empty 25x25 meets
    them): the estimate is taken in exact integers and printed in short."""
    from sudoku_models import setter

    weights = iter([0, 10**400, 2 * 10**400, 10**200])
    monkeypatch.setattr(setter, "_probe", lambda model, rng: next(weights))
    guess = estimate_count(Model.from_puzzle(Puzzle.empty((2, 2))), probes=4)
    assert guess.mean == (3 * 10**400 + 10**200) // 4 and guess.hits == 3
    assert 10**399 < guess.stderr < 10**400
    assert str(guess).startswith("about 7.50e+399 (± 4.8e+399, 4 probes, 3 reaching")
    small = iter([10**200, 0])
    monkeypatch.setattr(setter, "_probe", lambda model, rng: next(small))
    assert estimate_count(Model.from_puzzle(Puzzle.empty((2, 2))), probes=2).mean == 5e199


def test_an_estimate_without_a_solution_reached_says_so() -> None:
    from sudoku_models.setter import Estimate

    assert "no estimate" in str(Estimate(0.0, 0.0, 50, 0))
    assert "reaching a solution" in str(Estimate(3.0, 1.0, 50, 4))


def test_a_dot_under_the_negative_rule_is_needed() -> None:
    from sudoku_models.variants import Difference, Negative

    puzzle = Puzzle.parse(UNIQUE_4)
    solution = SAT.solve(puzzle).solutions[0]
    grid = solution.cells
    pairs = [
        ((r, c), (r2, c2))
        for r in range(4)
        for c in range(4)
        for r2, c2 in ((r, c + 1), (r + 1, c))
        if r2 < 4 and c2 < 4 and abs(grid[4 * r + c] - grid[4 * r2 + c2]) == 1
    ]
    dots = [Difference(pair, 1) for pair in pairs]
    model = Model.from_puzzle(puzzle, variants=[*dots, Negative("difference")])
    assert model.is_solution(grid)
    needed, _ = needed_rules(model, solution, SAT)
    assert set(dots) <= set(needed)  # without a dot, the rule forbids the digits it joins


def test_check_reads_links_and_keeps_their_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    from sudoku_models.formats.lz import compress_to_base64

    scl = (Path(__file__).parent / "data" / "sudokupad" / "tiny.scl").read_text().strip()
    link = "https://sudokupad.app/scl" + compress_to_base64(scl)
    report = check(link, SAT)
    assert report.status is Status.MULTIPLE and report.solutions_found == 12
    assert any("several solutions, but the file embeds one" in w for w in report.warnings)
    assert main(["check", link, "-f", "json"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["warnings"] == list(report.warnings)
    assert "thermometer" in err
