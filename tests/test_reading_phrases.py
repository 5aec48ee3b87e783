"""Readings composed from parts, given in words or with the parts spelled out
(``formats.reading.phrases``), through ``given`` and ``--as``."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given as for_all
from hypothesis import strategies as st

from sudoku_models.cli import main
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.formats.reading import Group, Mark, given
from sudoku_models.formats.reading.phrases import MAX_PHRASE, Phrase, looks_composed, parse
from sudoku_models.variants import composed
from sudoku_models.variants.composed import Composed

FIRST_3 = Phrase("sum", "first", "=", (), 3)


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("sum of the first 3 cells", FIRST_3),
        ("  Sum  of The First 3 Cells ", FIRST_3),
        ("sum of first 3", FIRST_3),
        ("function:sum scope:first reach:3", FIRST_3),
        ("scope:the first 3 cells function:sum", FIRST_3),
        ("product of the row", Phrase("product", "line")),
        ("product of the column = clue", Phrase("product", "line")),
        ("difference of the pair", Phrase("difference", "pair")),
        ("max of the cells", Phrase("max", "cells")),
        ("function:sum scope:cells comparison:<", Phrase("sum", "cells", "<")),
        ("sum of the cells less than 10", Phrase("sum", "cells", "<", (10,))),
        ("min or max of the first x cells is 3 or 4", Phrase("min or max", "first X", "=", (3, 4))),
        ("odd count of the cells between 1 and the largest digit", Phrase("odd count", "between")),
        ("seen of the row is not 2", Phrase("seen", "line", "!=", (2,))),
        ("comparison:> values:4 scope:before function:first odd",
         Phrase("first odd", "before", ">", (4,))),
        ("function:sum scope:pair value:3, 5", Phrase("sum", "pair", "=", (3, 5))),
    ],
)  # fmt: skip
def test_a_phrase_in_words_or_spelled_out_reads_as_its_parts(text: str, phrase: Phrase) -> None:
    assert parse(text) == phrase
    assert looks_composed(text)


def test_every_function_with_every_scope_reads_back_from_its_words_and_its_parts() -> None:
    scopes = (*composed.GRID_SCOPES, *composed.OUTSIDE_SCOPES)
    for function in composed.FUNCTIONS:
        for scope in scopes:
            reach = 2 if scope == "first" else 0
            for comparison, values in (("=", ()), ("!=", (3, 4)), ("<", (7,))):
                phrase = Phrase(function, scope, comparison, values, reach)
                assert parse(phrase.words()) == phrase, phrase.words()
                assert parse(phrase.parts()) == phrase, phrase.parts()


def test_a_function_added_to_the_table_is_read_with_no_change_here(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spread = composed.FUNCTIONS["difference"]
    monkeypatch.setitem(composed.FUNCTIONS, "spread", spread)
    assert parse("spread of the row < 4") == Phrase("spread", "line", "<", (4,))
    with pytest.raises(InvalidPuzzleError, match=r"functions: .*, spread"):
        parse("nothing of the row")


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("foo of the row", "no known function before 'of'"),
        ("sum of the moon", "no known scope after 'of'"),
        ("function:nothing scope:pair", "no known function:nothing"),
        ("function:sum scope:moon", "no known scope:moon"),
        ("function:sum", "no scope:"),
        ("sum of the row ~ 3", "where a comparison goes"),
        ("sum of the first", "no number of cells for the scope 'first'"),
        ("function:sum scope:pair reach:2", "which takes none"),
        ("function:sum scope:first 3 reach:3", "given once"),
        ("sum of the row < 3 or 4", "< with more than one number"),
        ("sum of the pair = 0", "where numbers"),
        ("sum of the row = 12345", "where numbers"),
        ("function:sum scope:pair scope:pair", "the part 'scope' twice"),
        ("x function:sum scope:pair", "'x' before the first part"),
        ("sum of the row" + " or" * 100, f"at most {MAX_PHRASE} characters"),
    ],
)  # fmt: skip
def test_a_bad_phrase_is_refused_naming_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=r"^[^\n]*$") as refused:
        parse(text)
    said = str(refused.value)
    assert why in said, said
    if "known function" in why or "known scope" in why:
        assert "functions: sum, product" in said and "scopes: the pair, the cells" in said


_WORDS = ["sum", "of", "the", "first", "3", "cells", "row", "pair", "x", "or", "is", "not",
          "<", "=", "!=", "clue", "function:", "scope:", "reach:", "values:", "(", ")", "0",
          "9999", "10000", "min", "max", "count", "odd", ","]  # fmt: skip


@for_all(st.one_of(st.lists(st.sampled_from(_WORDS), max_size=12).map(" ".join), st.text()))
def test_any_text_reads_as_a_phrase_or_is_refused_as_a_puzzle_error(text: str) -> None:
    try:
        phrase = parse(text)
    except InvalidPuzzleError:
        return
    assert parse(phrase.words()) == phrase


def _mark(shape: str, place: str, cells: tuple[tuple[int, int], ...], text: str = "") -> Mark:
    return Mark(shape, place, cells, "black", 0.5, text)


CLUES = Group((_mark("text", "outside", ((-1, 2),), "4"), _mark("text", "outside", ((2, 4),), "7")))
LINES = Group((_mark("line", "path", ((0, 0), (0, 1), (1, 1))),))
DOTS = Group((_mark("circle", "edge", ((0, 0), (0, 1)), "3"),))
QUADS = Group((_mark("circle", "corner", ((0, 0), (0, 1), (1, 0), (1, 1)), "3"),))


def test_a_phrase_makes_one_rule_a_mark_compared_with_its_number() -> None:
    assert FIRST_3.rules(CLUES) == [
        Composed("first", "sum", "=", (4,), clue=(-1, 2), reach=3),
        Composed("first", "sum", "=", (7,), clue=(2, 4), reach=3),
    ]
    assert parse("difference of the pair").rules(DOTS) == [
        Composed("pair", "difference", "=", (3,), cells=((0, 0), (0, 1)))
    ]
    assert parse("sum of the cells < 10").rules(LINES) == [
        Composed("cells", "sum", "<", (10,), cells=((0, 0), (0, 1), (1, 1)))
    ]


def test_marks_that_do_not_suit_the_scope_are_left_to_other_readings() -> None:
    assert FIRST_3.rules(LINES) is None  # seen from outside the grid: clues outside it
    assert parse("sum of the cells").rules(CLUES) is None
    assert parse("difference of the pair").rules(QUADS) is None  # four cells are no pair


@pytest.mark.parametrize(
    ("text", "group", "why"),
    [
        ("sum of the cells", LINES, "a mark of the 1 black line carries none"),
        ("sum of the cells", Group((_mark("line", "path", ((0, 0), (0, 1)), "X"),)), "reads 'X'"),
        ("sum of the row = 5", CLUES, "carry their own numbers ('4')"),
        ("sum of the pair < clue", Group((_mark("circle", "edge", ((0, 0), (0, 1)), "3/5"),)),
         "< compares with one number"),
    ],
)  # fmt: skip
def test_a_mark_with_no_number_to_compare_with_is_refused_naming_its_group(
    text: str, group: Group, why: str
) -> None:
    with pytest.raises(InvalidPuzzleError, match=r"^[^\n]*$") as refused:
        parse(text).rules(group)
    assert why in str(refused.value)


def test_a_given_composed_reading_names_its_marks_by_text_and_place() -> None:
    claim = given("text outside=sum of the first 3 cells")
    assert claim.kind == "sum of the first 3 cells = clue"
    assert (claim.shapes, claim.places) == ({"text"}, {"outside"})
    spelled = given("grey line=function:sum scope:cells comparison:<")
    assert spelled.kind == given("grey line=sum of the cells less than clue").kind
    assert spelled.kind == "sum of the cells < clue"
    assert given("white circle on edges=difference of the pair").places == {"edge"}
    with pytest.raises(ValueError, match="or a composed reading, FUNCTION of SCOPE"):
        given("grey line=nonsense")


# A 4x4 puzzle with no givens: four clues outside the grid, each the sum of the first two
# cells it sees, leave it one solution; a grey line no reading is given for.
SOLUTION = "1234341221434321"
CLUE_TEXTS = {"R0C3": "4", "R3C5": "7", "R0C1": "4", "R2C0": "7"}


def _puzzle() -> str:
    texts = [
        {"cells": [cell], "value": value, "fontC": "#000000", "size": 0.5}
        for cell, value in CLUE_TEXTS.items()
    ]
    line = {"lines": [["R1C1", "R1C2"]], "outlineC": "#808080", "width": 0.4}
    return json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "text": texts, "line": [line]})


Capture = pytest.CaptureFixture[str]


@pytest.mark.parametrize(
    "reading",
    ["text outside=sum of the first 2 cells", "black text=function:sum scope:first reach:2"],
)
def test_solve_with_a_composed_reading_given_finds_the_one_solution(
    reading: str, capsys: Capture
) -> None:
    main(["solve", _puzzle(), "--as", reading, "--format", "json"])
    said = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (said["status"], said["solutions"]) == ("unique", [SOLUTION])
    assert said["readings"][0].startswith("sum of the first 2 cells = clue on 4 black texts")


def test_the_reading_given_is_the_one_solved_another_scope_another_verdict(
    capsys: Capture,
) -> None:
    main(["solve", _puzzle(), "--as", "text outside=sum of the first 3 cells", "--format", "json"])
    said = json.loads(capsys.readouterr().out.splitlines()[0])
    assert said["status"] == "unsatisfiable"  # 4 is no sum of three different digits


def _rebuilt(parts: dict[str, Any]) -> Composed:
    """A rule from its parts as ``read --format json`` prints them."""

    def tupled(value: Any) -> Any:
        return tuple(tupled(v) for v in value) if isinstance(value, list) else value

    return Composed(**{key: tupled(value) for key, value in parts.items()})


def test_read_json_carries_each_composed_rule_with_its_parts(capsys: Capture) -> None:
    reading = "text outside=sum of the first 2 cells"
    assert main(["read", _puzzle(), "--as", reading, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    (taken,) = report["readings"]
    assert (taken["rule"], taken["status"]) == ("sum of the first 2 cells = clue", "given")
    expected = [
        Composed("first", "sum", "=", (4,), clue=(-1, 2), reach=2),
        Composed("first", "sum", "=", (7,), clue=(2, 4), reach=2),
        Composed("first", "sum", "=", (4,), clue=(-1, 0), reach=2),
        Composed("first", "sum", "=", (7,), clue=(1, -1), reach=2),
    ]
    assert [_rebuilt(parts) for parts in taken["parts"]] == expected
    assert taken["parts"][0] == {
        "scope": "first", "function": "sum", "comparison": "=", "values": [4], "cells": [],
        "clue": [-1, 2], "reach": 2, "start": 0, "direction": "",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("reading", "why"),
    [
        ("text outside=sum of the moon", "--as: no known scope after 'of'"),
        ("text outside=average of the row", "functions: sum, product"),
        ("text outside=sum of the row < 3 or 4", "< with more than one number"),
        ("text outside=product of the row", "cannot stand on the 4 black texts outside the grid"),
        ("text outside=sum of the first 2 cells = 5", "carry their own numbers"),
        ("grey line=sum of the cells", "a mark of the 1 grey line carries none"),
    ],
)
def test_a_bad_composed_reading_is_refused_in_one_line(
    reading: str, why: str, capsys: Capture
) -> None:
    assert main(["read", _puzzle(), "--as", reading]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and why in err, err
    assert "Traceback" not in err


Run = Callable[..., tuple[int, str, float, float]]


def test_a_long_composed_reading_is_refused_at_once_in_one_short_line(cli_peak: Run) -> None:
    reading = "text outside=sum of the " + "first " * 20_000
    code, err, grown, _ = cli_peak("read", _puzzle(), "--as", reading)
    assert code == 2 and err.count("\n") == 1 and len(err) < 700, err[:300]
    assert f"at most {MAX_PHRASE} characters" in err
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def test_a_mark_read_as_one_of_two_rules_gives_both_in_json():
    from sudoku_models.cli.read import composed_parts
    from sudoku_models.variants.composed import OneOf

    cells = ((0, 0), (0, 1))
    either = OneOf(
        (
            Composed("cells", "sum", "=", (4,), cells=cells),
            Composed("cells", "digits", "has", (4,), cells=cells),
        )
    )
    (entry,) = composed_parts([either])
    assert [part["function"] for part in entry["one of"]] == ["sum", "digits"]
    assert _rebuilt(entry["one of"][0]) == either.rules[0]
