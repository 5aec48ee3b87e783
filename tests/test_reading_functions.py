"""Sum rules of the file's keys that the rules text gives another function."""

from __future__ import annotations

from sudoku_models import api
from sudoku_models.board import Board
from sudoku_models.formats.reading import Choice, functions, read
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Arrow, KillerCage, Thermometer
from sudoku_models.variants.composed import Composed

# A made-up 4x4 grid: the arrow's circle (r1c2, a 2) is the mean of its line (1 and 3), and
# the cage r3c2-r3c3 (1 and 4) has the product 4, not the sum.
GRID = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
ARROW = Arrow(((0, 1),), ((0, 0), (1, 0)))
CAGE = KillerCage(((2, 1), (2, 2)), 4)
TEXT = "The average of the digits on an arrow is in its circle. Cages show their product."


# Givens of GRID that leave it the only solution with the mean arrow, and none with the sum.
GIVENS = (0, 0, 0, 4, 0, 0, 1, 0, 0, 0, 4, 3, 4, 0, 0, 0)


def keyed(*rules, givens=(0,) * 16):
    return Model.from_puzzle(Puzzle(Board(2, 2), givens), variants=list(rules))


def test_each_kind_takes_the_function_its_own_sentence_names():
    sentences = TEXT.split(". ")
    by_function = {a.function: a for a in functions.alternatives([ARROW, CAGE], sentences)}
    assert set(by_function) == {"mean", "product"}
    assert by_function["mean"].carried == (ARROW,)
    cage_rules = by_function["product"].rules
    assert KillerCage(CAGE.cells) in cage_rules  # the digits stay apart
    assert Composed("cells", "product", "=", (4,), cells=CAGE.cells) in cage_rules


def test_rules_with_no_other_function_or_no_single_clue_stay_as_they_are():
    assert functions.alternatives([ARROW], ["Digits on an arrow sum to the circle."]) == []
    assert functions.alternatives([Thermometer(((0, 0), (0, 1)))], ["Average thermos."]) == []
    pill = Arrow(((0, 0), (0, 1)), ((1, 1),))
    assert functions.recomposed(pill, "mean") is None


def test_the_solution_the_file_embeds_confirms_the_other_function():
    out = read(keyed(ARROW, CAGE), [], TEXT, Puzzle(Board(2, 2), GRID))
    assert {r.kind for r in out.readings} == {"mean arrow", "product killer cage"}
    assert {r.status for r in out.readings} == {"confirmed"}
    assert set(out.replaced) == {ARROW, CAGE}
    assert {"arrow", "killer cage"} <= out.guard_names()


def test_without_a_solution_the_other_function_is_chosen_by_solving():
    out = read(keyed(ARROW, givens=GIVENS), [], TEXT, None, Choice(unique=lambda m: True))
    (reading,) = out.readings
    assert reading.kind == "mean arrow" and reading.status == "unconfirmed"
    assert "leaves one solution" in reading.picked
    model = keyed(*out.variants, givens=GIVENS)
    assert tuple(api.solve(model).solution.cells) == GRID
    assert api.count_solutions(keyed(ARROW, givens=GIVENS), limit=2) == 0
