"""Certified steps: every step of a path follows from the reasons it names, and a step with a
reason taken away, or a claim added, is caught."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from sudoku_models import certify, fpuzzles, logical_solve
from sudoku_models.cli import main
from sudoku_models.logic.certify import Certifier, describe
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.state import State, place_givens
from sudoku_models.logic.step import Step

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = {p["id"]: p for p in map(json.loads, SAMPLE.read_text().splitlines())}
#: A classic puzzle whose path takes fish, chains, forcing chains and almost locked sets.
HARD = "12.3....435....1....4........54..2..6...7.........8.9...31..5.......9.7.....6...8"


def _before(path, k: int) -> list[int]:
    """The candidate masks before step ``k`` (from 0) of ``path``."""
    state = State.start(layout_of(path.model), [0] * path.model.size)
    place_givens(state, path.struck)
    for step in path.steps[:k]:
        state.apply(step)
    return state.masks


@pytest.fixture(scope="module")
def hard_path():
    return logical_solve(HARD)


def test_every_step_of_a_hard_classic_path_is_certified(hard_path) -> None:
    proofs = certify(hard_path)
    assert len(proofs) == len(hard_path.steps) > 50
    assert [describe(p, 9) for p in proofs if not p.certified] == []
    techniques = {p.step.technique for p in proofs}
    assert {"Hidden Single", "Naked Single"} <= techniques


@pytest.mark.parametrize("name", ["6x6-extreme-killer", "peak-sudoku", "irregular-7x7-kropki"])
def test_every_step_of_a_variant_path_is_certified(name: str) -> None:
    path = logical_solve(fpuzzles.read(PUZZLES[name]["fpuzzles_lz"]))
    proofs = certify(path)
    assert proofs and all(p.certified for p in proofs), [
        p.step.text for p in proofs if not p.certified
    ]
    assert not any(p.unknown for p in proofs)


def _first(path, techniques: tuple[str, ...]) -> int:
    return next(k for k, s in enumerate(path.steps) if s.technique in techniques)


@pytest.mark.parametrize("technique", ["Hidden Single", "Locked Candidates"])
def test_a_step_with_its_rule_removed_is_caught(hard_path, technique: str) -> None:
    """Without its house (the rule and the house's other cells), the step is not proved: a
    digit's one place in a house needs every cell of the house."""
    k = _first(hard_path, (technique,))
    step = hard_path.steps[k]
    masks = _before(hard_path, k)
    changed = tuple(i for i, _ in step.placements + step.eliminations)
    with Certifier(layout_of(hard_path.model)) as certifier:
        assert certifier.check(masks, step).certified
        kept = tuple(i for i in step.cells if i in changed or technique == "Locked Candidates")
        weakened = dataclasses.replace(step, rule="", reasons=(), cells=kept)
        verdict = certifier.check(masks, weakened)
    assert not verdict.certified
    assert verdict.unproved  # the claims left open are named


def test_steps_that_read_several_houses_need_them_named(hard_path) -> None:
    """Fish, chains and forcing steps name the houses they read; without them they fail."""
    caught = 0
    with Certifier(layout_of(hard_path.model)) as certifier:
        for k, step in enumerate(hard_path.steps):
            if not step.reasons or step.rule:
                continue
            masks = _before(hard_path, k)
            assert certifier.check(masks, step).certified
            caught += not certifier.check(masks, dataclasses.replace(step, reasons=())).certified
    assert caught > 0


def test_a_claim_the_reasons_do_not_imply_is_caught(hard_path) -> None:
    k = _first(hard_path, ("Hidden Single",))
    step = hard_path.steps[k]
    masks = _before(hard_path, k)
    other = next(j for j in range(81) if j not in step.cells and masks[j] & (masks[j] - 1))
    e = (masks[other] & -masks[other]).bit_length()
    padded = dataclasses.replace(step, eliminations=((other, e),))
    with Certifier(layout_of(hard_path.model)) as certifier:
        verdict = certifier.check(masks, padded)
    assert not verdict.certified and verdict.unproved == ((other, e, "elimination"),)


def test_an_unknown_reason_is_reported(hard_path) -> None:
    step = Step("Made Up", "no such rule", "nothing", eliminations=())
    with Certifier(layout_of(hard_path.model)) as certifier:
        verdict = certifier.check(_before(hard_path, 0), step)
    assert verdict.unknown == ("no such rule",)


def test_shrinking_keeps_a_subset_that_still_proves_the_step(hard_path) -> None:
    proofs = certify(hard_path, shrink=True)
    for proof in proofs:
        assert proof.needed is not None and set(proof.needed) <= named_of(proof.step)
    shrunk = [(k, p) for k, p in enumerate(proofs) if set(p.needed or ()) < named_of(p.step)]
    assert shrunk  # some steps name more than they need (a naked pair's house)
    with Certifier(layout_of(hard_path.model)) as certifier:
        for k, proof in shrunk:
            rule = proof.step.rule if proof.step.rule in (proof.needed or ()) else ""
            fewer = dataclasses.replace(proof.step, rule=rule, reasons=proof.needed or ())
            assert certifier.check(_before(hard_path, k), fewer).certified


def named_of(step: Step) -> set[str]:
    return {label for label in (step.rule, *step.reasons) if label}


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_cli_steps_certify_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "steps", "--certify", "-f", "json", ".1.....4....34..")
    data = json.loads(out)
    assert code == 0 and data["certified"] is True
    assert data["steps"] and all(step["certified"] is True for step in data["steps"])


def test_cli_steps_certify_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = run(capsys, "steps", "--certify", ".1.....4....34..")
    lines = out.splitlines()
    assert code == 0 and lines[0].endswith("[certified]")
    assert lines[-1] == "certified: 12 of 12 steps"


def test_cli_steps_without_certify_says_nothing_of_it(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(capsys, "steps", "-f", "json", ".1.....4....34..")
    assert "certified" not in out
