"""Lines and dots read with the houses they cross: worded examples, certified steps, bounded
work, and soundness against the exact solutions of generated small puzzles."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic import assert_sound
from walks import random_marked_model, random_walk, too_loose

from sudoku_models import certify
from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import lines, logical_solve
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.lines import LineDigitsInHouse, LineInHouse, units_of
from sudoku_models.logic.state import State
from sudoku_models.logic.step import Contradiction
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import (
    XV,
    BetweenLine,
    Difference,
    EntropicLine,
    Nonconsecutive,
    Ratio,
    Renban,
    Thermometer,
    Whispers,
)

TECHNIQUES = (LineInHouse.technique, lines.CASES, LineDigitsInHouse.technique)


def model_of(*marks: object, box: tuple[int, int] = (3, 3), givens: str = "") -> Model:
    puzzle = Puzzle.parse(givens, box) if givens else Puzzle.empty(box)
    return Model.from_puzzle(puzzle, variants=list(marks))  # type: ignore[arg-type]


def first(path, technique: str):
    return next(s for s in path.steps if s.technique == technique)


def test_a_whisper_middle_cell_in_a_row_cannot_be_4_or_6():
    model = model_of(Whispers(((0, 0), (0, 1), (0, 2))))
    path = logical_solve(model, max_depth=0)
    step = first(path, "Line in House")
    assert step.text == (
        "whispers r1c1-r1c3, with the cells in row 1 different: r1c2 is not 4 or 6 "
        "(with 4 there, r1c1 and r1c3 would both need 9; "
        "with 6 there, r1c1 and r1c3 would both need 1)"
    )
    assert sorted(step.eliminations) == [(1, 4), (1, 6)]
    assert step.rule == "whispers r1c1-r1c3" and "row 1" in step.reasons


def test_two_black_dots_in_a_row_hold_2_and_4_so_the_row_does_not():
    model = model_of(Ratio(((0, 0), (0, 1)), 2), Ratio(((0, 1), (0, 2)), 2))
    path = logical_solve(model, max_depth=0)
    joint = first(path, "Line in House")
    assert "r1c2 is not 1, 3, 6 or 8" in joint.text
    assert "with 3 there, r1c2 is 6 and r1c3 would have no digit left" in joint.text
    held = first(path, "Line Digits in House")
    assert held.text == (
        "black dot r1c1-r1c2, black dot r1c2-r1c3: r1c1,r1c2,r1c3 in row 1 always hold 2 and 4 "
        "(124 or 248), so r1c4,r1c5,r1c6,r1c7,r1c8,r1c9 cannot be 2 or 4"
    )
    assert {(i, d) for i, d in held.eliminations} == {(i, d) for i in range(3, 9) for d in (2, 4)}
    assert set(held.reasons) >= {"black dot r1c2-r1c3", "row 1"}


def test_a_whisper_bent_through_a_box_is_read_through_its_outside_cell():
    # r1c1 and r1c3 lie in row 1; r2c2 between them is outside the row but related to both
    model = model_of(Whispers(((0, 0), (1, 1), (0, 2))))
    (unit,) = [u for u in units_of(layout_of(model)) if u.house.name == "row 1"]
    assert unit.cells == (0, 2, 10) and unit.inside == 2
    step = first(logical_solve(model, max_depth=0), "Line in House")
    assert "r2c2 is not 4 or 6" in step.text


def test_global_relations_do_not_join_units():
    model = model_of(Nonconsecutive())
    assert units_of(layout_of(model)) == []


def test_every_step_of_the_finders_is_certified():
    models = [
        model_of(Whispers(((0, 0), (0, 1), (0, 2), (1, 2), (1, 1)))),
        model_of(Ratio(((0, 0), (0, 1)), 2), Ratio(((0, 1), (0, 2)), 2)),
        model_of(Difference(((4, 4), (4, 5)), 1), Difference(((4, 5), (3, 5)), 1)),
        model_of(Renban(((0, 0), (0, 1), (0, 2), (0, 3))), Thermometer(((1, 0), (0, 1)))),
        model_of(BetweenLine(((0, 0), (0, 1), (1, 1), (0, 2))), givens="1" + "." * 79 + "9"),
    ]
    seen = 0
    for model in models:
        path = logical_solve(model, max_depth=0)
        for step, proof in zip(path.steps, certify(path)):
            if step.technique in TECHNIQUES:
                seen += 1
                assert proof.certified, step
    assert seen >= 4


def test_a_search_stops_at_its_node_budget():
    """A question that needs more nodes than it may take is left open (it strikes nothing);
    with enough nodes the same question is answered."""
    model = model_of(Whispers(((0, 0), (0, 1), (1, 1), (1, 0), (2, 0), (2, 1), (2, 2))))
    unit = next(u for u in units_of(layout_of(model)) if u.house.name == "box 1")
    dom = [0b111101111] * len(unit.cells)
    with pytest.raises(lines._Open):
        lines._Search(unit, 3).filling(dom)
    found = lines._Search(unit, lines.NODES).filling(dom)
    assert found is not None and len(set(found[: unit.inside])) == unit.inside


def line_marks(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Lines and dots of every relation kind, each true on ``grid``."""
    at = lambda cell: grid[board.cell(*cell)]  # noqa: E731
    out: list[object] = []
    for _ in range(8):
        line = random_walk(board, rng, rng.randint(3, 5))
        values = [at(c) for c in line]
        steps = [abs(a - b) for a, b in itertools.pairwise(values)]
        out.append(Whispers(line, gap=min(steps)))
        if sorted(values) == list(range(min(values), min(values) + len(values))):
            out.append(Renban(line))
        if values == sorted(values) and len(set(values)) == len(values):
            out.append(Thermometer(line))
        low, high = sorted((values[0], values[-1]))
        if all(low < v < high for v in values[1:-1]):
            out.append(BetweenLine(line))
        if board.n % 3 == 0 and all(
            len({(v - 1) * 3 // board.n for v in values[k : k + 3]}) == len(values[k : k + 3])
            for k in range(len(values))
        ):
            out.append(EntropicLine(line))
        for a, b, x, y in zip(line, line[1:], values, values[1:]):
            out.append(Difference((a, b), abs(x - y)))
            if max(x, y) % min(x, y) == 0:
                out.append(Ratio((a, b), max(x, y) // min(x, y)))
            out.append(XV((a, b), x + y))
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_every_line_step_is_sound_on_random_line_puzzles(seed, box):
    """Random lines and dots true on a random grid, a few givens: no step of these finders
    removes a digit some solution uses."""
    model = random_marked_model(seed, box, line_marks, 4, 10, 0.25)
    if too_loose(model):
        return
    assert_sound(model, logical_solve(model, max_depth=0))


def test_the_finders_act_on_random_line_puzzles():
    """Over a fixed sample of small line puzzles the finders make steps, each sound."""
    made = 0
    named: set[str] = set()
    for seed in range(40):
        rng = random.Random(seed)
        board = Board(2, 3)
        grid = random_grid(board, rng)
        chosen = rng.sample(line_marks(board, grid, rng), 8)
        model = Model.from_puzzle(Puzzle.empty((2, 3)), variants=chosen)  # type: ignore[arg-type]
        path = logical_solve(model, max_depth=0)
        truth = true_candidates(model)
        for step in path.steps:
            if step.technique in TECHNIQUES:
                made += 1
                named.add(step.technique)
                # a step told by what each candidate forces never leans on a search
                searched = "could not all be filled" in step.text
                assert searched == (step.technique == lines.CASES), step
                for i, d in step.eliminations:
                    assert d not in truth.digits(i), step
    assert made >= 10 and named == set(TECHNIQUES)


def test_a_unit_with_no_joint_filling_is_a_named_contradiction():
    model = model_of(Whispers(((0, 0), (0, 1), (0, 2))))
    layout = layout_of(model)
    state = State.start(layout, [0] * model.size)
    state.masks[0], state.masks[1], state.masks[2] = 1 << 8, 1 << 3, 1 << 8  # 9, 4, 9
    found = LineInHouse(layout)(state)
    assert isinstance(found, Contradiction)
    assert found.text == (
        "whispers r1c1-r1c3, with the cells in row 1 different: no way left to meet them"
    )
