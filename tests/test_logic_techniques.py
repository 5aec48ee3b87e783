"""The table of logic techniques: one row per technique, read by the solve loop, the difficulty
and the logic guide's table, which must match it."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_models.generator import generate
from sudoku_models.logic import WEIGHTS, logical_solve
from sudoku_models.logic.difficulty import CLASSIC_TIERS
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.techniques import (
    BY_NAME,
    IN_ORDER,
    TECHNIQUES,
    TRIALS,
    finders,
    replayed,
)
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal, KillerCage, Thermometer

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide" / "logic.md"
HEADER = "| technique | weight | cost order | applies to | nets replay it | reads |"


def markdown() -> list[str]:
    """The guide's table of techniques, as the table gives it (weight order)."""
    out = [HEADER, "|---|---:|---:|---|---|---|"]
    for t in TECHNIQUES:
        if t.order is not None:
            order = str(t.order)
        elif t.found_by == TRIALS:
            order = "after all: the trials"
        else:
            order = f"with {t.found_by}"
        replay = "yes" if t.replayed else "no"
        out.append(f"| {t.name} | {t.weight} | {order} | {t.applies} | {replay} | {t.reads} |")
    return out


def test_the_guide_shows_the_table():
    lines = GUIDE.read_text().splitlines()
    start = lines.index(HEADER)
    end = next(k for k in range(start, len(lines)) if not lines[k].startswith("|"))
    assert lines[start:end] == markdown(), "regenerate the table with markdown() in this file"


def test_rows_are_named_once_and_finders_have_one_cost_order_each():
    assert len(BY_NAME) == len(TECHNIQUES)
    orders = [t.order for t in IN_ORDER]
    assert orders == sorted(orders) and len(set(orders)) == len(orders)
    for t in TECHNIQUES:
        assert (t.build is None) == (t.order is None) == bool(t.found_by), t.name
        assert t.found_by in BY_NAME or t.found_by in ("", TRIALS), t.name
        if t.found_by:  # replayed as the finder that makes its steps
            finder = BY_NAME.get(t.found_by)
            assert t.replayed == (finder is not None and finder.replayed), t.name


def test_weights_come_from_the_table():
    assert {t.name: t.weight for t in TECHNIQUES if not t.tier} == WEIGHTS
    assert {
        3: BY_NAME["Classic Tier 3"].weight,
        4: BY_NAME["Classic Tier 4"].weight,
    } == CLASSIC_TIERS


def test_cost_order_is_not_weight_order():
    """The loop tries a cheap reading before a lighter-weighted search: the two orders differ."""
    position = {t.name: t.order for t in IN_ORDER}
    assert position["Cage Clash"] < position["Naked Pair"]
    assert BY_NAME["Cage Clash"].weight > BY_NAME["Naked Pair"].weight


def classic_layout():
    return layout_of(Model.from_puzzle(Puzzle.empty((3, 3))))


def test_a_classic_grid_has_the_finders_of_every_model_and_the_classic_grader():
    names = [name for name, _ in finders(classic_layout())]
    assert names[:3] == ["Full House", "Naked Single", "Hidden Single"]
    assert "Classic Tier 3" in names and "Cage Sets" not in names
    assert "Extra-House X-Wing" not in names and "Cell Forcing Net" not in names
    assert names == [t.name for t in IN_ORDER if t.name in names]


def test_rules_bring_their_finders():
    rules = [
        KillerCage(((0, 0), (0, 1)), 10),
        Thermometer(((2, 0), (2, 1), (2, 2))),
        Diagonal(True),
    ]
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=rules)
    names = [name for name, _ in finders(layout_of(model))]
    for name in ("Cage Combinations", "Relation Support", "Cage Sets", "Extra-House X-Wing"):
        assert name in names


def test_nets_replay_the_rows_marked_so():
    found = finders(classic_layout())
    kept = [name for name, _ in replayed(found)]
    assert "Chain" not in kept and "Classic Tier 3" not in kept
    assert kept == [name for name, _ in found if BY_NAME[name].replayed]


@pytest.mark.parametrize("kind", ["classic", "killer"])
def test_every_step_is_named_by_a_row_or_a_classic_technique(kind):
    """Steps carry a row's name, or a classic grader technique's from a tiered row."""
    from sudoku_models.grading.techniques import BY_NAME as CLASSIC

    if kind == "classic":
        model = Model.from_puzzle(".1.....4....34..")
    else:
        model = generate(seed=3, variant="killer", box=(2, 3)).model
    path = logical_solve(model, time_limit=None)
    assert path.solved and path.steps
    for step in path.steps:
        assert step.technique in BY_NAME or CLASSIC[step.technique].tier in CLASSIC_TIERS
