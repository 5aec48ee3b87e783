"""Rules the rules text alone gives: the rules of the whole grid, and the negative of the marks
between two cells, each checked against a solution the file embeds."""

from __future__ import annotations

import json

from sudoku_models import formats
from sudoku_models.formats import guard
from sudoku_models.formats.reading import claims, reader
from sudoku_models.formats.reading.builders import negatives
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import (
    XV,
    AntiKing,
    AntiTaxicab,
    Diagonal,
    Difference,
    DisjointGroups,
    DutchFlatmates,
    GlobalEntropy,
    Negative,
    Nonconsecutive,
    ProductCage,
    Ratio,
    Variant,
)
from sudoku_models.variants.composed import Composed, NoOther

#: A 4x4 grid whose diagonals and disjoint groups hold different digits: 1234 / 3412 / 4321 /
#: 2143; and one whose diagonals and disjoint groups repeat: 1423 / 3241 / 2314 / 4132.
DIAGONAL = Puzzle.parse("1234341243212143")
PLAIN = Puzzle.parse("1423324123144132")

WHITE = Difference(((0, 0), (0, 1)), 1)
BLACK = Ratio(((1, 0), (1, 1)), 2)


def test_rules_of_the_whole_grid_the_solution_keeps_are_read_and_confirmed() -> None:
    out = reader.read(
        Model.from_puzzle(Puzzle.empty((2, 2))),
        [],
        "Both main diagonals contain each digit once. Disjoint groups apply.",
        DIAGONAL,
    )
    assert set(out.variants) == {Diagonal(False), Diagonal(True), DisjointGroups()}
    assert {r.status for r in out.readings} == {"confirmed"}


def test_rules_of_the_whole_grid_the_solution_breaks_are_dropped_and_named() -> None:
    rules = "Sudoku X. Disjoint groups apply. No two identical digits touch diagonally."
    out = reader.read(Model.from_puzzle(Puzzle.empty((2, 2))), [], rules, PLAIN)
    assert out.variants == ()
    assert {r.kind for r in out.dropped} == {
        "diagonal top-left to bottom-right",
        "diagonal bottom-left to top-right",
        "disjoint groups",
        "anti-king",
    }


def test_a_rule_of_the_whole_grid_the_board_cannot_hold_is_not_taken() -> None:
    rules = "Every 2x2 box holds a low (1-3), a middle (4-6) and a high (7-9) digit."
    out = reader.read(Model.from_puzzle(Puzzle.empty((2, 2))), [], rules, None)
    assert out.variants == ()  # 4 digits do not split in thirds: the guard names the rule
    named = guard.rules_warnings(Model.from_puzzle(Puzzle.empty((2, 2))), out.unread(rules))
    assert any("global entropy rule" in w for w in named), named
    nine = reader.read(Model.from_puzzle(Puzzle.empty((3, 3))), [], rules, None)
    assert nine.variants == (GlobalEntropy(),)


def test_rules_of_the_whole_grid_with_no_key_are_told_apart_by_name() -> None:
    rules = "Dutch flatmates apply. Anti-taxicab applies."
    cage = ProductCage(((0, 0), (0, 1)), 2)  # a rule with no key either
    base = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[cage])
    out = reader.read(base, [], rules, None)
    assert out.variants == (DutchFlatmates(), AntiTaxicab())


def test_a_near_miss_reads_no_rule_of_the_whole_grid() -> None:
    rules = "Digits may repeat along the main diagonals. Identical digits may touch diagonally."
    out = reader.read(Model.from_puzzle(Puzzle.empty((2, 2))), [], rules, None)
    assert out.variants == () and out.readings == ()


def test_without_a_solution_a_rule_of_the_whole_grid_is_taken_unconfirmed() -> None:
    out = reader.read(Model.from_puzzle(Puzzle.empty((2, 2))), [], "Anti-king applies.", None)
    assert out.variants == (AntiKing(),)
    assert out.readings[0].status == "unconfirmed"


def _negatives(sentence: str, rules: list[Variant]) -> list[Variant] | None:
    return negatives(claims(sentence)[-1], rules)


def test_the_negative_takes_the_kinds_of_mark_the_sentence_names() -> None:
    x = XV(((2, 0), (2, 1)), 10)
    assert _negatives("All white dots are given.", [WHITE, BLACK, x]) == [Negative("difference")]
    assert _negatives("All black dots are given.", [WHITE, BLACK]) == [Negative("ratio")]
    assert _negatives("All kropki dots are given.", [WHITE, BLACK, x]) == [
        Negative("difference"),
        Negative("ratio"),
    ]
    assert _negatives("All possible Xs and Vs are given.", [WHITE, x]) == [Negative("xv")]
    v = XV(((3, 0), (3, 1)), 5)
    assert _negatives("All possible clues are given.", [WHITE, BLACK, x, v]) == [
        Negative("difference"),
        Negative("ratio"),
        Negative("xv"),
    ]


def test_the_negative_of_marks_read_with_a_number_is_theirs() -> None:
    pair = Composed("pair", "sum", "=", (7,), cells=((0, 0), (0, 1)))
    assert _negatives("All possible clues are given.", [pair]) == [NoOther("sum")]
    assert _negatives("All possible clues are given.", [pair, NoOther("sum")]) is None


def test_a_negative_already_held_or_not_carried_is_not_made() -> None:
    assert _negatives("All dots are given.", [WHITE, Negative("difference")]) is None
    assert _negatives("All dots are given.", [WHITE, Nonconsecutive()]) is None
    assert _negatives("All dots are given.", []) is None
    # an X of another sum than 10 has no negative here: the sentence stays for the guard
    assert _negatives("All possible Xs and Vs are given.", [XV(((0, 0), (0, 1)), 7)]) is None


def _fives(grid: Puzzle) -> list[Variant]:
    """A V on every pair of orthogonal neighbours of ``grid`` whose digits sum to 5."""
    rows = grid.rows()
    out: list[Variant] = []
    for r in range(4):
        for c in range(4):
            for rr, cc in ((r, c + 1), (r + 1, c)):
                if rr < 4 and cc < 4 and rows[r][c] + rows[rr][cc] == 5:
                    out.append(XV(((r, c), (rr, cc)), 5))
    return out


def test_the_negative_of_marks_the_keys_carry_is_read_and_checked() -> None:
    marks = _fives(PLAIN)
    rules = "Cells separated by a V sum to 5. All possible Xs and Vs are given."
    base = Model.from_puzzle(Puzzle.empty((2, 2)), variants=marks)
    out = reader.read(base, [], rules, PLAIN)
    assert out.variants == (Negative("xv"),) and out.readings[0].status == "confirmed"
    fewer = Model.from_puzzle(Puzzle.empty((2, 2)), variants=marks[1:])
    out = reader.read(fewer, [], rules, PLAIN)
    assert out.variants == () and [r.kind for r in out.dropped] == ["all dots given"]


def test_the_negative_of_a_kind_the_text_states_holds_with_none_of_its_marks_drawn() -> None:
    said = claims("A black dot shows a ratio of 1:2. All dots are given.")
    stated = {c.kind for c in said}
    assert negatives(said[-1], [WHITE], stated) == [Negative("difference"), Negative("ratio")]
    assert negatives(said[-1], [WHITE]) == [Negative("difference")]


def test_a_relation_the_sentence_names_narrows_its_dots_to_their_kind() -> None:
    said = "If there is no dot between two cells, their digits are not consecutive."
    assert _negatives(said, [WHITE, BLACK]) == [Negative("difference")]
    both = "Two cells without a dot between them are not consecutive nor in a 1:2 ratio."
    assert _negatives(both, [WHITE, BLACK]) == [Negative("difference"), Negative("ratio")]


def _caged(rules: str) -> formats.base.Read:
    """A 4x4 f-puzzles file with the solution ``PLAIN`` and one cage labelled 32 over 4 2 4."""
    grid = [[{} for _ in range(4)] for _ in range(4)]
    for r, c in ((0, 0), (1, 2), (2, 1), (3, 3)):
        grid[r][c] = {"value": PLAIN.rows()[r][c], "given": True}
    cage = {"cells": ["R1C2", "R2C2", "R2C3"], "value": "32", "outlineC": "#000000"}
    data = {"size": 4, "grid": grid, "ruleset": rules, "cage": [cage], "solution": PLAIN.cells}
    return formats.read(json.dumps(data))


def test_a_product_cage_whose_sentence_lets_digits_repeat_holds_repeats() -> None:
    read = _caged("The product of the digits in a cage is its clue; digits may repeat in cages.")
    assert [(r.kind, r.status) for r in read.readings] == [("edge product", "confirmed")]
    assert not any(isinstance(v, ProductCage) for v in read.model.variants)
    distinct = _caged("The product of the digits in a cage is its clue.")
    assert distinct.readings == ()  # 4 2 4 repeats a digit: the reading is dropped and named
    assert any("dropped" in w and "edge product" in w for w in distinct.warnings)
