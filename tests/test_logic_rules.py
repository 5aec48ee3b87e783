"""Rule-level wording: each step says the premises it rests on, in the rule's own terms."""

from __future__ import annotations

from sudoku_models.logic import chains, layout_of, logical_solve
from sudoku_models.logic.basic import fish
from sudoku_models.logic.solver import hint
from sudoku_models.logic.state import State
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Difference, Thermometer, Whispers


def test_a_white_dot_names_the_candidates_its_reading_rests_on():
    """r5c6 holds 1 or 2 (pencil marks): its white-dot partner keeps 1 to 3."""
    dot = Difference(((3, 5), (4, 5)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[dot])
    r5c6 = 4 * 9 + 5
    step = hint(model, max_depth=0, struck=[(r5c6, d) for d in range(3, 10)])
    assert step is not None and step.technique == "Relation Support"
    assert step.text == "white dot r4c6-r5c6: r5c6 is 1 or 2, so r4c6 is at most 3"
    assert sorted(d for _, d in step.eliminations) == list(range(4, 10))


def test_a_german_whisper_strikes_5_whatever_its_partner_holds():
    line = Whispers(((0, 0), (0, 1)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[line])
    step = logical_solve(model, max_depth=0).steps[0]
    assert step.text == (
        "whispers r1c1-r1c2: r1c2 is not 5, whatever r1c1 holds; r1c1 is not 5, whatever r1c2 holds"
    )
    assert sorted(step.eliminations) == [(0, 5), (1, 5)]


def test_a_long_reading_is_told_by_what_each_cell_keeps():
    thermo = Thermometer(((0, 2), (1, 2), (2, 2)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[thermo])
    step = logical_solve(model, max_depth=0).steps[0]
    assert step.text == (
        "thermometer r1c3-r3c3: r1c3 is at most 7, r2c3 is 2 to 8, r3c3 is at least 3"
    )


def test_a_chain_names_its_links_by_the_rules_that_make_them():
    """r1c1=1 strikes 3 from its white-dot partner r1c2 and 1 from r1c5 (row 1); in r1c2 the
    link from 4 to 3 within the cell carries no name."""
    dot = Difference(((0, 0), (0, 1)))
    layout = layout_of(Model.from_puzzle(Puzzle.empty((3, 3)), variants=[dot]))

    def lit(i: int, d: int, truth: bool) -> int:
        return 2 * (i * 9 + d - 1) + truth

    names = chains._names(layout)
    path = [lit(0, 1, True), lit(1, 3, False), lit(1, 4, True), lit(4, 4, False)]
    assert names.words(path) == (
        "r1c1=1 -> r1c2<>3 (white dot r1c1-r1c2) -> r1c2=4 -> r1c5<>4 (row 1)"
    )
    assert names.words(path, first=False).startswith("r1c2<>3 (white dot")


def test_a_fish_over_rows_and_boxes_is_a_franken_fish():
    """With 1 struck from r1c7-r2c9, the 1s of rows 1 and 2 lie in boxes 1 and 2, which then
    hold 1 nowhere else: row 3 loses it there."""
    layout = layout_of(Model.from_puzzle(Puzzle.empty((3, 3))))
    state = State.start(layout, [0] * 81)
    for i in (6, 7, 8, 15, 16, 17):
        state.masks[i] &= ~1
    step = fish(state, 2)
    assert step is not None and step.technique == "Franken X-Wing"
    assert step.text == "1 in row 1, row 2 lies only in box 1, box 2, so the rest of those lose 1"
    assert sorted(step.eliminations) == [(i, 1) for i in range(18, 24)]
