"""The compiled second-solution search of the killer benchmark answers as the SAT oracle does."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("numba")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench_killer_questions as bench


@pytest.fixture(scope="module")
def questions() -> list[bench.Question]:
    """The SAT questions of givenless killers: three 6x6 and one 9x9."""
    return bench.record(3, 0, (2, 3)) + bench.record(1, 0, (3, 3))


@pytest.mark.heavy
def test_every_answer_is_the_sat_oracles(questions: list[bench.Question]) -> None:
    assert {q.answer for q in questions} == {True, False}
    assert {q.board.n for q in questions} == {6, 9}
    for q in questions:
        answer, nodes, rules = bench.ask_compiled(q)
        assert answer == q.answer, q.kind
        assert rules > 0 and nodes >= 0


def test_a_spent_budget_gives_no_answer(questions: list[bench.Question]) -> None:
    searched = [q for q in questions if bench.ask_compiled(q)[1] > 2]
    assert searched
    answer, nodes, _ = bench.ask_compiled(searched[0], budget=2)
    assert answer is None and nodes == 2
