"""The incremental SAT helper with selector literals."""

from __future__ import annotations

import pytest

from sudoku_models.selectors import SelectorSat

pytest.importorskip("pysat")


def test_a_group_is_written_once_and_switched_by_assumptions() -> None:
    written = []

    def body() -> list[list[int]]:
        written.append(1)
        return [[-1]]

    with SelectorSat([[1, 2], [1, -2]], top=2, needs="the test") as sat:
        s = sat.guard("no 1", body)
        assert sat.guard("no 1", body) == s and written == [1]
        assert s == 3 and sat.fresh.top == 3
        assert sat.solve([]) is True and 1 in sat.true()
        assert sat.solve([s]) is False and sat.core() == [s]
        assert sat.solve(sat.switches([])) is True


def test_switches_turn_every_other_group_off() -> None:
    with SelectorSat([[1, 2]], top=2, needs="the test") as sat:
        a = sat.guard("a", lambda: [[-1]])
        b = sat.guard("b", lambda: [[-2]])
        assert sat.switches([a]) == [a, -b]
        assert sat.solve(sat.switches([a])) is True
        assert sat.solve(sat.switches([a, b])) is False


def test_a_question_clause_lasts_for_one_question() -> None:
    with SelectorSat([[1, 2]], top=2, needs="the test") as sat:
        assert sat.ask([-1], []) is True and {2, 1} & sat.true() == {2}
        assert sat.ask([-1], [1]) is False
        assert sat.solve([1], seconds=60.0) is True  # the question's clause is gone


def test_retire_switches_the_groups_off_for_good_and_keeps_the_base() -> None:
    with SelectorSat([[1, 2]], top=2, needs="the test") as sat:
        gone = sat.guard("a", lambda: [[-1], [-2]])
        assert sat.solve([gone]) is False
        sat.retire()
        assert sat.selectors == {}
        assert sat.solve([]) is True
        assert sat.solve([gone]) is False  # switched off for good: assuming it contradicts
        again = sat.guard("a", lambda: [[-1]])
        assert again != gone and sat.solve([again]) is True


def test_a_budget_of_conflicts_or_seconds_bounds_a_call() -> None:
    # The pigeonhole problem of 9 pigeons in 8 holes needs far more than one conflict.
    pigeons, holes = 9, 8

    def x(p: int, h: int) -> int:
        return p * holes + h + 1

    clauses = [[x(p, h) for h in range(holes)] for p in range(pigeons)]
    clauses += [
        [-x(p, h), -x(q, h)] for h in range(holes) for p in range(pigeons) for q in range(p)
    ]
    with SelectorSat(clauses, top=pigeons * holes, needs="the test") as sat:
        assert sat.solve([], conflicts=1) is None
