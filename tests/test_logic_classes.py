"""Digit classes coloured along lines and counted per house: the colourings, worded examples,
certified steps, and soundness against the exact solutions of generated small puzzles."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic import assert_sound
from walks import KING, random_marked_model, random_walk, too_loose

from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.logic import logical_solve
from sudoku_models.logic.certify import Certifier
from sudoku_models.logic.classes import (
    CLASS_COUNT,
    LINE_CLASSES,
    ClassFinder,
    colourings,
    systems,
)
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.state import State
from sudoku_models.logic.step import Step, cells_label
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import XV, Difference, EntropicLine, Thermometer, Whispers
from sudoku_models.variants.sequences import ModularLine, ParityLine

TECHNIQUES = (LINE_CLASSES, CLASS_COUNT)


def model_of(*marks: object, box: tuple[int, int] = (3, 3), givens: str = "") -> Model:
    puzzle = Puzzle.parse(givens, box) if givens else Puzzle.empty(box)
    return Model.from_puzzle(puzzle, variants=list(marks))  # type: ignore[arg-type]


def colours_of(model: Model, title: str) -> list[str]:
    """The colours of more than one cell in the class system named ``title``."""
    found = next(c for c in colourings(layout_of(model)) if c.system.title == title)
    return sorted(cells_label(model.n, cells) for cells in found.members.values() if len(cells) > 1)


def start(model: Model) -> tuple[ClassFinder, State]:
    layout = layout_of(model)
    return ClassFinder(layout), State.start(layout, model.givens)


def test_the_class_systems_of_a_9x9_grid():
    names = {s.title: [s.word(k) for k in range(len(s.masks))] for s in systems(9)}
    assert names == {
        "entropy": ["low (1, 2 or 3)", "middle (4, 5 or 6)", "high (7, 8 or 9)"],
        "remainder": ["1, 4 or 7", "2, 5 or 8", "3, 6 or 9"],
        "parity": ["odd (1, 3, 5, 7 or 9)", "even (2, 4, 6 or 8)"],
        "halves": ["below 5 (1 to 4)", "5", "above 5 (6 to 9)"],
    }


def test_cells_three_apart_on_an_entropic_or_modular_line_share_a_class():
    line = tuple((r, 0) for r in range(7))
    expected = ["r1c1,r4c1,r7c1", "r2c1,r5c1", "r3c1,r6c1"]
    assert colours_of(model_of(EntropicLine(line)), "entropy") == expected
    assert colours_of(model_of(ModularLine(line)), "remainder") == expected


def test_cells_two_apart_on_a_whisper_or_parity_line_share_a_class():
    line = tuple((0, c) for c in range(5))
    expected = ["r1c1,r1c3,r1c5", "r1c2,r1c4"]
    assert colours_of(model_of(Whispers(line)), "halves") == expected
    assert colours_of(model_of(ParityLine(line)), "parity") == expected
    # consecutive digits differ in parity: a chain of white dots colours the same way
    dots = [Difference(((0, c), (0, c + 1)), 1) for c in range(4)]
    assert colours_of(model_of(*dots), "parity") == expected


def test_a_colour_filling_its_class_in_a_house_differs_from_the_rest():
    """Three cells of one class in column 1 take all three of its digits: the column's other
    cells, on another line, are of the other classes, so colours meet across lines."""
    first = EntropicLine(tuple((r, 0) for r in range(7)))
    second = EntropicLine(((7, 0), (7, 1), (8, 1)))
    found = colours_of(model_of(first, second), "entropy")
    assert "r1c1,r4c1,r7c1" in found
    layout = layout_of(model_of(first, second))
    col = next(c for c in colourings(layout) if c.system.title == "entropy")
    root = col.root[0]
    assert col.root[7 * 9] in col.differ[root] and col.root[8 * 9] in col.differ[root]


def test_a_given_low_digit_makes_its_colour_low_along_the_line():
    line = EntropicLine(((0, 2), (0, 3), (1, 3), (2, 3), (2, 4), (2, 5), (3, 5)))
    finder, state = start(model_of(line, givens="..1" + "." * 78))
    step = finder.colours(state)
    assert step is not None and step.technique == LINE_CLASSES
    assert step.text == (
        "r1c3,r3c4,r4c6 share a class (entropic line r1c3-r4c6): r1c3 has no middle "
        "(4, 5 or 6) or high (7, 8 or 9) digit; so r3c4,r4c6 cannot be 4 to 9"
    )
    assert sorted(step.eliminations) == [(i, d) for i in (21, 32) for d in range(4, 10)]
    assert step.rule == "entropic line r1c3-r4c6"


def test_a_colour_loses_the_class_of_a_cell_its_house_keeps_apart():
    """r1c1, r4c1 and r7c1 take a whole class in column 1, so r8c1, given 7, is of another
    class: they are not high."""
    first = EntropicLine(tuple((r, 0) for r in range(7)))
    second = EntropicLine(((7, 0), (7, 1), (8, 1)))
    finder, state = start(model_of(first, second, givens="." * 63 + "7" + "." * 17))
    step = finder.colours(state)
    assert step is not None and step.technique == LINE_CLASSES
    assert step.text == (
        "r1c1,r4c1,r7c1 share a class (entropic line r1c1-r7c1): r8c1 is high (7, 8 or 9) and "
        "of another class (entropic line r1c1-r7c1, column 1); so r1c1,r4c1,r7c1 cannot be 8 "
        "or 9"
    )
    assert step.reasons == ("column 1",)


def test_a_colour_cannot_overfill_its_class_in_a_house():
    """A whisper's ends in row 1 share a class; with 1, 2 and 3 placed in the row they cannot
    both be below 5, so they are above it."""
    finder, state = start(model_of(Whispers(((0, 0), (0, 1), (0, 2))), givens="....123" + "." * 74))
    step = finder.counts(state)
    assert step is not None and step.technique == CLASS_COUNT
    assert step.text == (
        "r1c1,r1c3 share a class (whispers r1c1-r1c3): if they were below 5 (1 to 4), row 1 "
        "would hold 5 such digits (with r1c5,r1c6,r1c7), and it has only 4; so r1c1,r1c3 "
        "cannot be 4"
    )
    assert sorted(step.eliminations) == [(0, 4), (2, 4)]
    assert step.rule == "whispers r1c1-r1c3" and step.reasons == ("row 1",)


GIVENS = (
    ".4.578..."
    + "." * 18
    + "".join("." * 7 + d + "." for d in "123")
    + "".join("." * 8 + d for d in "123")
)


def test_a_house_short_of_a_class_fills_it_from_a_colour():
    """Row 1 needs three low digits; r1c8 and r1c9 see 1, 2 and 3 in their columns, so besides
    the colour of r1c1 and r1c3 only r1c7 can be low: the colour is low."""
    line = EntropicLine(((0, 0), (1, 0), (1, 1), (0, 2)))
    finder, state = start(model_of(line, givens=GIVENS))
    step = finder.counts(state)
    assert step is not None and step.technique == CLASS_COUNT
    assert step.text == (
        "r1c1,r1c3 share a class (entropic line r1c1-r1c3): row 1 needs 3 low (1, 2 or 3) "
        "digits, and besides r1c1,r1c3 only r1c7 can hold them; so r1c1,r1c3 cannot be 6 or 9"
    )
    assert sorted(step.eliminations) == [(0, 6), (0, 9), (2, 6), (2, 9)]


def class_marks(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Lines and dots that speak of digit classes, each true on ``grid``."""
    n = board.n
    at = lambda cell: grid[board.cell(*cell)]  # noqa: E731
    out: list[object] = []
    for _ in range(10):
        line = random_walk(board, rng, rng.randint(3, 8), KING)
        values = [at(c) for c in line]
        windows = [values[k : k + 3] for k in range(len(values))]
        if n % 3 == 0 and all(len({(v - 1) * 3 // n for v in w}) == len(w) for w in windows):
            out.append(EntropicLine(line))
        if all(len({v % 3 for v in w}) == len(w) for w in windows):
            out.append(ModularLine(line))
        if all(a % 2 != b % 2 for a, b in itertools.pairwise(values)):
            out.append(ParityLine(line))
        gap = (n + 1) // 2
        if all(abs(a - b) >= gap for a, b in itertools.pairwise(values)):
            out.append(Whispers(line))
        for a, b, x, y in zip(line, line[1:], values, values[1:]):
            if abs(x - y) == 1:
                out.append(Difference((a, b), 1))
            out.append(XV((a, b), x + y))
            if x < y:
                out.append(Thermometer((a, b)))
    return out


JOINED = ".12......3.7......8........" + "." * 54


def test_colours_join_on_the_candidates_when_they_differ_from_one_colour():
    """r1c1 and r3c3 each differ from r2c2 on an entropic line; with no low digit left to the
    three, they are middle and high in some order, so r1c1 and r3c3 share a class, and box 1
    cannot hold two more high digits beside 7 and 8."""
    marks = EntropicLine(((0, 0), (1, 1))), EntropicLine(((1, 1), (2, 2)))
    finder, state = start(model_of(*marks, givens=JOINED))
    step = finder.counts(state)
    assert step is not None and step.technique == CLASS_COUNT
    assert step.text == (
        "r1c1,r3c3 share a class (entropic line r1c1-r2c2, entropic line r2c2-r3c3; r1c1 and "
        "r3c3 both differ from r2c2, and the three are middle (4, 5 or 6) or high (7, 8 or 9)): "
        "box 1 needs 3 middle (4, 5 or 6) digits, and besides r1c1,r3c3 only r2c2,r3c2 can "
        "hold them; so r1c1,r3c3 cannot be 9"
    )
    assert sorted(step.eliminations) == [(0, 9), (20, 9)]
    assert set(step.reasons) == {"entropic line r2c2-r3c3", "box 1"}


def finder_steps(model: Model, counts_first: bool, most: int = 12) -> list[tuple[list[int], Step]]:
    """The steps the two finders alone take from the givens, each with the candidates before
    it."""
    finder, state = start(model)
    order = (finder.counts, finder.colours) if counts_first else (finder.colours, finder.counts)
    out = []
    for _ in range(most):
        step = order[0](state) or order[1](state)
        if step is None:
            break
        out.append((state.masks[:], step))
        state.apply(step)
    return out


def test_every_step_of_the_finders_is_certified():
    crossing = [
        EntropicLine(tuple((r, 0) for r in range(7))),
        EntropicLine(((7, 0), (7, 1), (8, 1))),
    ]
    models = [
        model_of(
            EntropicLine(((0, 2), (0, 3), (1, 3), (2, 3), (2, 4), (2, 5), (3, 5))),
            givens="..1" + "." * 78,
        ),
        model_of(Whispers(((0, 0), (0, 1), (0, 2), (1, 2), (2, 2))), givens="....123" + "." * 74),
        model_of(EntropicLine(((0, 0), (1, 0), (1, 1), (0, 2))), givens=GIVENS),
        model_of(*crossing, givens="." * 63 + "7" + "." * 17),
        model_of(ModularLine(tuple((r, r % 2) for r in range(9))), givens="1" + "." * 80),
        model_of(EntropicLine(((0, 0), (1, 1))), EntropicLine(((1, 1), (2, 2))), givens=JOINED),
    ]
    seen: set[str] = set()
    for model in models:
        steps = finder_steps(model, False) + finder_steps(model, True)
        assert steps, model
        with Certifier(layout_of(model)) as certifier:
            for masks, step in steps:
                assert certifier.check(masks, step).certified, step
                seen.add(step.technique)
    assert seen == set(TECHNIQUES)


def assert_finders_sound(model: Model) -> int:
    """The finders alone, from the givens, strike no digit a solution uses; their step count."""
    truth = true_candidates(model)
    steps = finder_steps(model, False) + finder_steps(model, True)
    for _, step in steps:
        for i, d in step.eliminations:
            assert d not in truth.digits(i), step
    return len(steps)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_every_class_step_is_sound_on_random_class_puzzles(seed, box):
    """Random class lines and dots true on a random grid, a few givens: no step of the path,
    and no step of the two finders alone, removes a digit some solution uses."""
    model = random_marked_model(seed, box, class_marks, 3, 10, 0.2)
    if too_loose(model):
        return
    assert_sound(model, logical_solve(model, max_depth=0))
    assert_finders_sound(model)


def test_the_finders_act_on_random_class_puzzles():
    """Over a fixed sample of 6x6 class puzzles the finders alone make steps, each sound."""
    made = sum(
        assert_finders_sound(random_marked_model(seed, (2, 3), class_marks, 3, 10, 0.3))
        for seed in range(30)
    )
    assert made >= 10
