"""The memory of positions where a finder's unit found nothing."""

from __future__ import annotations

from sudoku_models.logic.idle import Idle


def test_a_unit_is_quiet_only_on_a_position_it_rested_on():
    idle = Idle()
    assert not idle.quiet("row 1", (1, 2))
    idle.rest("row 1", (1, 2))
    assert idle.quiet("row 1", (1, 2))
    assert not idle.quiet("row 1", (1, 3)) and not idle.quiet("row 2", (1, 2))


def test_one_position_a_unit_by_default():
    idle = Idle()
    idle.rest(0, "a")
    idle.rest(0, "b")
    assert idle.quiet(0, "b") and not idle.quiet(0, "a")


def test_a_full_unit_forgets_every_position_at_once():
    idle = Idle(keep=3)
    for key in "abc":
        idle.rest(0, key)
    assert all(idle.quiet(0, key) for key in "abc")
    idle.rest(0, "d")
    assert idle.quiet(0, "d") and not any(idle.quiet(0, key) for key in "abc")
