"""The guard on crafted files: rules text without keys, drawn marks, embedded solutions."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import formats
from sudoku_models.errors import InvalidPuzzleError, SudokuModelsError
from sudoku_models.formats import answer_warnings, guard
from sudoku_models.formats.lz import compress_to_base64
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.variants import AntiKnight

#: A 4x4 classic puzzle with a unique solution, and that solution.
GIVENS = "1...\n..4.\n.3..\n...2"
SOLUTION = "1423324123144132"


def _fpuzzles(givens: str = GIVENS, **more: Any) -> str:
    rows = [line for line in givens.splitlines()]
    grid = [[{"value": int(ch), "given": True} if ch != "." else {} for ch in row] for row in rows]
    return json.dumps({"size": 4, "grid": grid, **more})


def test_the_4x4_fixture_is_unique() -> None:
    result = get_solver("sat").solve(formats.read(_fpuzzles()).model, limit=2)
    assert [g.to_line() for g in result.solutions] == [SOLUTION]


def test_rules_text_without_keys_is_reported() -> None:
    read = formats.read(
        _fpuzzles(
            ruleset="Normal sudoku rules apply. Anti-knight: cells a knight's move apart "
            "differ. Digits along a lockout line ...",
            title="T",
            author="A",
        )
    )
    assert read.format == "f-puzzles"
    assert (read.title, read.author) == ("T", "A")
    assert read.model.variants == (AntiKnight(),)  # read from the text, and said so
    assert any("no solution in the file to confirm them: anti-knight" in w for w in read.warnings)
    assert read.readings[0].status == "unconfirmed"
    assert any("lockout line rule, which the file has no mark for" in w for w in read.warnings)


def test_a_rule_the_keys_carry_is_not_reported() -> None:
    read = formats.read(_fpuzzles(ruleset="Anti-knight rules apply.", antiknight=True))
    assert read.model.variants == (AntiKnight(),)
    assert read.warnings == ()


def test_drawn_marks_are_reported() -> None:
    read = formats.read(
        _fpuzzles(
            line=[{"lines": [["R1C1", "R1C2"]]}],
            circle=[{"cells": ["R2C2"]}, {"cells": ["R3C3"]}],
            text=[{"cells": ["R4C4"], "value": "Z"}],
            cage=[{"cells": ["R1C1", "R1C2"]}],
        )
    )
    text = "\n".join(read.warnings)
    for words in ("1 line drawn", "2 circles drawn", "1 text drawn", "'Z'", "cage without a sum"):
        assert words in text


def test_cage_labels_and_bulbs_without_a_line_are_reported() -> None:
    read = formats.read(
        _fpuzzles(
            cage=[
                {"cells": ["R1C1", "R1C2"], "value": "7"},
                {"cells": ["R2C1"], "value": "x"},
                {"cells": [], "value": "msgcorrect: Well done!"},  # metadata, not a mark
            ],
            arrow=[{"cells": ["R3C3"], "lines": []}],
        )
    )
    assert read.model.variants == ()
    text = "\n".join(read.warnings)
    assert "cage with text drawn only, not read as rules (reading '7')" in text
    assert "cage with text drawn only, not read as rules (reading 'x')" in text
    assert "msgcorrect" not in text
    assert "1 arrow bulb(s) with no line: no rule" in text


def test_embedded_solution_the_model_rejects() -> None:
    wrong = SOLUTION[:2] + SOLUTION[3] + SOLUTION[2] + SOLUTION[4:]
    read = formats.read(_fpuzzles(solution=[int(d) for d in wrong]))
    assert read.solution is not None and read.solution.to_line() == wrong
    assert any("rejects the solution the file embeds" in w for w in read.warnings)
    assert any(guard.NOT_CARRIED in w for w in read.warnings)


def test_embedded_solution_checked_after_solving() -> None:
    good = formats.read(_fpuzzles(solution=[int(d) for d in SOLUTION]))
    assert good.warnings == ()
    result = get_solver("sat").solve(good.model, limit=2)
    assert answer_warnings(good.model, [g.cells for g in result.solutions], True) == []
    # Most givens gone, the solution kept: the puzzle as read has more than that one.
    loose = formats.read(_fpuzzles("1...\n....\n....\n....", solution=[int(d) for d in SOLUTION]))
    result = get_solver("sat").solve(loose.model, limit=2)
    said = answer_warnings(loose.model, [g.cells for g in result.solutions], True)
    assert said and "several solutions" in said[0]


def test_answer_differing_from_the_embedded_one() -> None:
    model = Model.from_puzzle(Puzzle.parse(GIVENS))
    other = tuple(int(d) for d in SOLUTION[::-1])
    marked = formats.read(_fpuzzles(solution=list(other))).model
    result = get_solver("sat").solve(model, limit=2)
    said = answer_warnings(marked, [g.cells for g in result.solutions], True)
    assert said and "differs from the one the file embeds" in said[0]
    assert answer_warnings(model, [], True) == []  # nothing embedded, nothing to say


def test_a_short_embedded_solution_is_reported_not_checked() -> None:
    read = formats.read(_fpuzzles(solution=[1, 2, 3]))
    assert read.solution is None
    assert any("not a grid of this puzzle" in w for w in read.warnings)


def test_plain_text_reads_through_the_same_door() -> None:
    read = formats.read(GIVENS)
    assert read.format == "plain" and read.warnings == ()
    assert formats.detect(GIVENS) is formats.plain
    with pytest.raises(InvalidPuzzleError):
        formats.read("not a puzzle at all")


@pytest.mark.parametrize(
    ("rules", "keys", "said"),
    [
        ("Digits along a red line must have one even and one odd digit.", {}, 2),
        ("Digits along green lines differ by at least 5.", {"whispers": True}, 0),
        ("Not all dots are given.", {}, 0),
        ("Little killer clues give the sum along the diagonal.", {}, 2),
        ("Digits in a white circle appear in the four cells around it.", {}, 0),
    ],
)
def test_vocabulary_on_common_phrasings(rules: str, keys: dict[str, bool], said: int) -> None:
    extra: dict[str, Any] = {}
    if keys.get("whispers"):
        extra["whispers"] = [{"lines": [["R1C1", "R1C2"]]}]
    read = formats.read(_fpuzzles("1...\n....\n....\n....", ruleset=rules, **extra))
    assert len([w for w in read.warnings if "rules text" in w]) == said, read.warnings


SEEDS = [
    ".Thermo~R1C1~R1C2~R1C3.Cage~10~R2C1~R2C2.LittleKiller~12~R1C2.XSum~R5~~15.~R5C5_7",
    ".Shape~6x6.Jigsaw~000111000111222333222333444555444555.NoBoxes.~R1C1_1_3_5",
    (Path(__file__).parent / "data" / "sudokupad" / "tiny.scl").read_text().strip(),
]


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(SEEDS),
    st.lists(
        st.tuples(st.integers(0, 10_000), st.sampled_from(list("~._,:[]{}019RCx'\"#-"))),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_mangled_input_is_a_clear_error(seed: str, edits: list[tuple[int, str]], cut: bool) -> None:
    """Whatever is done to a valid input, reading it succeeds or raises the package's error."""
    text = list(seed)
    for at, ch in edits:
        text.insert(at % (len(text) + 1), ch)
    mangled = "".join(text[: len(text) // 2] if cut else text)
    if seed.startswith("{"):
        mangled = "https://sudokupad.app/scl" + compress_to_base64(mangled)
    try:
        formats.read(mangled)
    except SudokuModelsError as exc:
        assert "\n" not in str(exc)


def _board_with(*rules: Any) -> Model:
    return Model.from_puzzle(Puzzle.empty((3, 3)), variants=list(rules))


def test_a_sentence_stating_a_rule_nothing_explains_is_reported() -> None:
    from sudoku_models.variants import Renban

    lemon = "Digits along each lemon sum to the two-digit number inside it."
    model = _board_with(Renban(((0, 0), (0, 1))))
    (said,) = guard.rules_warnings(model, f"Normal sudoku rules apply. {lemon}")
    assert said.startswith("the rules text states a rule nothing read explains: 'Digits along")
    # The same words about the marks of a rule the puzzle carries explain themselves.
    carried = "Digits along each line form a set of consecutive digits."
    assert guard.rules_warnings(model, carried) == []
    assert guard.rules_warnings(model, "Normal sudoku rules apply. Enjoy the solve!") == []


def test_a_sum_rule_whose_sentence_names_another_function_is_reported() -> None:
    from sudoku_models.variants import Arrow, Maximum

    text = "The average of the digits along each arrow equals the digit in its circle."
    arrow = _board_with(Arrow(((0, 0),), ((1, 1), (2, 2))))
    (said,) = guard.rules_warnings(arrow, text)
    assert said.startswith("the rules text gives the arrow rule its average, but it is read")
    summed = "Digits along an arrow sum to the digit in its circle."
    assert guard.rules_warnings(arrow, summed) == []
    # A maximum rule drawn with arrows is no sum rule: its own words are its function.
    larger = _board_with(Maximum((4, 4)))
    assert not any(
        "usual sum" in w for w in guard.rules_warnings(larger, "Arrows point to the maximum.")
    )


def test_no_solution_under_readings_names_them() -> None:
    model = dataclasses.replace(
        Model.from_puzzle(Puzzle.parse(GIVENS)),
        readings=(
            'renban on 4 pink lines, from "Pink lines are renban.": not confirmed',
            'parity on 2 grey lines, from "Grey lines alternate.": not confirmed',
        ),
    )
    (said,) = answer_warnings(model, [], True)
    assert said.startswith("no solution with the rules read from the rules text and marks")
    assert "renban on 4 pink lines; parity on 2 grey lines" in said
    assert answer_warnings(model, [], False) == []  # a search cut short proves nothing


@pytest.mark.parametrize(
    ("rules", "said"),
    [
        ("Place digits 1-6 in each row, column and box; some cells stay empty.", 1),
        ("Place the digits 1-8 once in every row, column and box.", 1),
        ("Two cells in each row are left blank.", 1),
        ("Place the digits 1 to 9 in each empty cell.", 0),
        ("Fill the empty cells so that every row holds the digits 1-9.", 0),
        ("Each row, column and box contains the digits 1-9 and the letters A-G.", 0),
        ("Digits 1-3 are low digits.", 0),
    ],
)
def test_a_text_that_leaves_cells_empty_is_reported(rules: str, said: int) -> None:
    found = guard.rules_warnings(_board_with(), rules)
    assert len([w for w in found if "leaves cells of the grid empty" in w]) == said, found


def test_repeats_the_text_allows_in_killer_cages_of_the_keys_are_reported() -> None:
    from sudoku_models.variants import KillerCage, ProductCage

    cages = _board_with(KillerCage(((0, 0), (0, 1)), 3))
    (said,) = guard.rules_warnings(cages, "Digits in cages may repeat.")
    assert said.startswith("the rules text lets digits repeat in cages, but the puzzle's killer")
    assert guard.rules_warnings(cages, "Digits in cages may not repeat.") == []
    products = _board_with(ProductCage(((0, 0), (0, 1)), 6))
    found = guard.rules_warnings(products, "Cages may contain repeated digits.")
    assert any("the puzzle's product cages keep them different" in w for w in found), found


@pytest.mark.parametrize(
    "rules",
    ["All possible Xs and Vs are given.", "If no dot is shown, the digits are not consecutive."],
)
def test_each_wording_of_the_negative_the_puzzle_lacks_is_reported(rules: str) -> None:
    found = guard.rules_warnings(_board_with(), rules)
    assert any("negative constraint rule, but the puzzle carries none" in w for w in found)
    assert not guard.rules_warnings(_board_with(), "Not all possible dots are given.")
