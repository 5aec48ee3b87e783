"""Rules read from the rules text and drawn marks: found, checked against the embedded solution,
and reported; what no reading explains stays a warning."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sudoku_models import formats
from sudoku_models.cli import main
from sudoku_models.errors import TimeLimitReached
from sudoku_models.formats import base, sudokupad
from sudoku_models.formats.lz import compress_to_base64
from sudoku_models.formats.reading import Choice, claims, given, reader
from sudoku_models.formats.reading import choice as choices
from sudoku_models.model import Model
from sudoku_models.solvers import get_solver
from sudoku_models.variants import (
    Difference,
    Fortress,
    KillerCage,
    Negative,
    ParityLine,
    ProductDot,
    Ratio,
    Renban,
    Thermometer,
    Whispers,
)

#: A 4x4 puzzle with one given short of unique, its solution, and that solution as rows:
#: 1 4 2 3 / 3 2 4 1 / 2 3 1 4 / 4 1 3 2.
GIVENS = "1...\n..4.\n.3..\n...2"
SOLUTION = "1423324123144132"


def _payload(rules: str, solution: bool = True, givens: str = GIVENS, **marks: Any) -> str:
    grid = [
        [{"value": int(ch), "given": True} if ch != "." else {} for ch in row]
        for row in givens.splitlines()
    ]
    for (r, c), colour in marks.pop("shaded", {}).items():
        grid[r][c]["c"] = colour
    data = {"size": 4, "grid": grid, "ruleset": rules, **marks}
    if solution:
        data["solution"] = [int(ch) for ch in SOLUTION]
    return json.dumps(data)


def _line(*cells: str, colour: str = "#F067F0") -> dict[str, Any]:
    return {"lines": [list(cells)], "outlineC": colour, "width": 0.4}


def test_a_line_the_text_explains_becomes_its_rule_confirmed_by_the_solution() -> None:
    read = formats.read(
        _payload("Digits along a pink line form a set of consecutive digits.",
                 line=[_line("R1C3", "R1C4")])
    )  # fmt: skip
    assert read.model.variants == (Renban(((0, 2), (0, 3))),)
    assert [r.status for r in read.readings] == ["confirmed"]
    assert "pink line" in read.model.readings[0] and "satisfies it" in read.model.readings[0]
    assert read.warnings == ()


def test_a_reading_the_solution_breaks_is_dropped_and_named() -> None:
    read = formats.read(
        _payload("Digits along a pink line form a set of consecutive digits.",
                 line=[_line("R1C1", "R1C2")])  # 1 and 4: not consecutive
    )  # fmt: skip
    assert read.model.variants == ()
    text = "\n".join(read.warnings)
    assert "renban" in text and "dropped" in text
    assert "1 pink line drawn only" in text


def test_marks_no_rule_of_the_text_explains_stay_warnings() -> None:
    read = formats.read(
        _payload("Digits in purple lines obey a rule nobody has named yet.",
                 line=[_line("R1C3", "R1C4")])
    )  # fmt: skip
    assert read.readings == ()
    assert any("1 pink line drawn only, not read as rules" in w for w in read.warnings)


def test_without_a_solution_a_reading_is_taken_and_said_to_be_unconfirmed() -> None:
    read = formats.read(
        _payload("Digits along a pink line form a set of consecutive digits.", solution=False,
                 line=[_line("R1C3", "R1C4")])
    )  # fmt: skip
    assert read.model.variants == (Renban(((0, 2), (0, 3))),)
    assert read.readings[0].status == "unconfirmed"
    assert any("no solution in the file to confirm them: renban" in w for w in read.warnings)


def test_colour_words_send_each_rule_to_its_own_lines() -> None:
    read = formats.read(
        _payload(
            "Digits along a pink line are consecutive, in any order. "
            "Adjacent digits along a green line differ by at least 2.",
            line=[_line("R1C3", "R1C4"), _line("R1C1", "R1C2", colour="#67F067")],
        )
    )
    assert set(read.model.variants) == {Renban(((0, 2), (0, 3))), Whispers(((0, 0), (0, 1)), 2)}
    assert {r.kind for r in read.readings} == {"renban", "whispers"}


def test_kropki_dots_drawn_as_circles_on_edges() -> None:
    white = {"cells": ["R1C3", "R1C4"], "baseC": "#FFFFFF", "outlineC": "#000000", "width": 0.3}
    black = {"cells": ["R2C2", "R2C3"], "baseC": "#000000", "outlineC": "#000000", "width": 0.3}
    read = formats.read(
        _payload(
            "Cells separated by a white dot are consecutive. Cells separated by a black dot "
            "have a ratio of 2:1, one double the other.",
            circle=[white, black],
        )
    )
    assert set(read.model.variants) == {Difference(((0, 2), (0, 3))), Ratio(((1, 1), (1, 2)))}


def test_a_thermometer_takes_its_circle_as_the_bulb() -> None:
    bulb = {"cells": ["R4C2"], "baseC": "#CCCCCC", "outlineC": "#CCCCCC", "width": 0.7}
    read = formats.read(
        _payload("Digits along a thermometer increase from the bulb.", circle=[bulb],
                 line=[_line("R4C3", "R4C2", colour="#CCCCCC")])
    )  # fmt: skip
    assert read.model.variants == (Thermometer(((3, 1), (3, 2))),)
    assert read.warnings == ()  # the circle is the bulb, not a mark left over


def test_a_product_dot_and_a_fortress() -> None:
    dot = {"cells": ["R1C3", "R1C4"], "value": "6", "baseC": "#FFFFFF", "outlineC": "#000000"}
    read = formats.read(
        _payload(
            "A number in a white circle is the product of the two digits beside it. A shaded "
            "cell must contain the higher number when beside an unshaded cell.",
            circle=[dot],
            shaded={(0, 1): "#A8A8A8"},
        )
    )
    assert set(read.model.variants) == {ProductDot(((0, 2), (0, 3)), 6), Fortress(((0, 1),))}
    assert all(r.status == "confirmed" for r in read.readings)


def test_cages_without_a_sum_read_as_killer_cages_when_the_text_says_so() -> None:
    cage = {"cells": ["R1C1", "R2C1"], "outlineC": "#000000"}
    read = formats.read(_payload("Digits in cages cannot repeat and sum to a total.", cage=[cage]))
    assert read.model.variants == (KillerCage(((0, 0), (1, 0))),)


def test_the_guard_keeps_warning_of_rules_no_reading_adds() -> None:
    read = formats.read(
        _payload("Digits along a pink line form a set of consecutive digits. Lockout lines ...",
                 line=[_line("R1C3", "R1C4")])
    )  # fmt: skip
    text = "\n".join(read.warnings)
    assert "renban" not in text
    assert "lockout line rule" in text


def test_the_reading_makes_the_embedded_solution_the_only_one() -> None:
    rules = "Digits along a thermometer increase from the bulb."
    fewer = "....\n..4.\n.3..\n...2"  # three solutions
    bulb = {"cells": ["R1C1"], "baseC": "#CCCCCC", "outlineC": "#CCCCCC", "width": 0.7}
    bare = formats.read(_payload(rules, givens=fewer))
    read = formats.read(
        _payload(rules, givens=fewer, circle=[bulb], line=[_line("R1C1", "R2C1", colour="#ccc")])
    )
    solver = get_solver("sat")
    assert len(solver.solve(bare.model, limit=2).solutions) == 2
    result = solver.solve(read.model, limit=2)
    assert [g.to_line() for g in result.solutions] == [SOLUTION]


def test_sudokupad_lines_read_as_the_text_says() -> None:
    rows = [[{"value": int(ch)} if ch != "." else {} for ch in row] for row in GIVENS.split()]
    boxes = [[[r, c] for r in rows_ for c in cols] for rows_ in ((0, 1), (2, 3))
             for cols in ((0, 1), (2, 3))]  # fmt: skip
    data = {
        "cells": rows,
        "regions": boxes,
        "cages": [
            {"value": "rules: Digits along a grey line are consecutive, in any order."},
            {"value": f"solution: {SOLUTION}"},
        ],
        "lines": [{"wayPoints": [[0.5, 2.5], [0.5, 3.5]], "color": "#CFCFCF", "thickness": 9}],
    }
    read = sudokupad.read_ctc(data)
    assert read.model.variants == (Renban(((0, 2), (0, 3))),)
    assert read.readings[0].marks == "1 grey line"


def test_claims_follow_the_vocabulary() -> None:
    said = claims("Normal sudoku rules apply. Digits on a green line differ by at least 4.")
    assert [(c.kind, c.numbers) for c in said] == [("dutch whispers", {}), ("whispers", {"gap": 4})]
    assert "green" in said[0].colours and "line" in said[0].shapes


def test_read_command_shows_keys_readings_and_what_is_left(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _payload("Digits along a pink line form a set of consecutive digits.",
                    line=[_line("R1C3", "R1C4")], circle=[{"cells": ["R3C3"]}])  # fmt: skip
    assert main(["read", text, "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["readings"][0]["rule"] == "renban"
    assert report["readings"][0]["status"] == "confirmed"
    assert any("circle drawn only" in w for w in report["warnings"])
    assert main(["read", text]) == 0
    assert "renban on 1 pink line: confirmed" in capsys.readouterr().out


def test_solve_reports_its_readings_in_json_and_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _payload("A pink line's digits are consecutive, in any order.",
                    line=[_line("R1C3", "R1C4"), _line("R2C2", "R3C2")])  # fmt: skip
    main(["solve", text, "--backend", "sat", "--format", "json"])
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert answer["status"] == "unique" and len(answer["readings"]) == 1
    assert "sudoku-models: read: renban on 2 pink lines" in err


def test_a_symbol_in_the_text_names_the_marks_it_means() -> None:
    def sign(cells: list[str], text: str) -> dict[str, Any]:
        return {"cells": cells, "value": text, "baseC": "#FFFFFF", "outlineC": "#FFFFFF"}

    read = formats.read(
        _payload(
            'Digits separated by a "+" have a sum of less than 5. Digits separated by an "x" '
            "have a product of less than 5.",
            circle=[sign(["R1C1", "R2C1"], "+"), sign(["R4C1", "R4C2"], "x")],  # 1+3, 4x1
        )
    )
    kinds = {r.kind: r.marks for r in read.readings}
    assert kinds == {
        "sum below": "1 white circle on edges with text",
        "product below": "1 white circle on edges with text",
    }
    assert [r.status for r in read.readings] == ["confirmed", "confirmed"]


def test_an_arrow_glyph_turned_by_its_angle_is_a_pointing_digit() -> None:
    glyph = {"cells": ["R1C3"], "value": "\u2b05", "fontC": "#AAAAAA", "size": 1, "angle": -45}
    read = formats.read(
        _payload("If a digit N is in a cell with an arrow, the same digit appears N steps away "
                 "in the direction the arrow is pointing.", text=[glyph])
    )  # fmt: skip
    assert [v.describe() for v in read.model.variants] == ["pointing digit r1c3"]
    assert read.model.variants[0].direction == (1, -1)  # type: ignore[attr-defined]


def test_a_sudokupad_arrow_from_its_circle_through_the_cells_it_crosses() -> None:
    rows = [[{"value": int(ch)} if ch != "." else {} for ch in row] for row in GIVENS.split()]
    boxes = [[[r, c] for r in rows_ for c in cols] for rows_ in ((0, 1), (2, 3))
             for cols in ((0, 1), (2, 3))]  # fmt: skip
    data = {
        "cells": rows,
        "regions": boxes,
        "cages": [
            {"value": "rules: Digits along an arrow sum to the digit in its circle."},
            {"value": f"solution: {SOLUTION}"},
        ],
        "arrows": [{"wayPoints": [[3.5, 0.85], [3.5, 2.5]], "color": "#aaaaaa"}],
        "overlays": [
            {
                "center": [3.5, 0.5],
                "width": 0.8,
                "height": 0.8,
                "rounded": True,
                "backgroundColor": "#FFFFFF",
                "borderColor": "#555",
            }
        ],
    }
    read = sudokupad.read_ctc(data)
    assert [v.describe() for v in read.model.variants] == ["arrow r4c1 r4c2 r4c3"]
    assert read.readings[0].status == "confirmed"
    assert read.warnings == ()  # the circle is the arrow's


def test_sudokupad_cages_without_a_number_are_marks_the_text_may_read() -> None:
    rows = [[{"value": int(ch)} if ch != "." else {} for ch in row] for row in GIVENS.split()]
    boxes = [[[r, c] for r in rows_ for c in cols] for rows_ in ((0, 1), (2, 3))
             for cols in ((0, 1), (2, 3))]  # fmt: skip
    data = {
        "cells": rows,
        "regions": boxes,
        "cages": [
            {"value": "rules: Digits in cages cannot repeat."},
            {"value": f"solution: {SOLUTION}"},
            {"cells": [[0, 1], [1, 1]]},
            {"cells": [[2, 2], [3, 3]], "value": "x2"},  # a label no rule of the text reads
        ],
    }
    read = sudokupad.read_ctc(data)
    assert [v.describe() for v in read.model.variants] == ["killer cage r1c2 r2c2"]
    assert any("cage with text drawn only" in w and "'x2'" in w for w in read.warnings)


def test_all_dots_given_adds_the_negative_rule_for_the_dots_read() -> None:
    pairs = [
        ("R1C3", "R1C4"),
        ("R2C1", "R2C2"),
        ("R3C1", "R3C2"),
        ("R4C3", "R4C4"),
        ("R2C1", "R3C1"),
        ("R2C2", "R3C2"),
    ]  # every consecutive pair of the solution
    dots = [{"cells": list(p), "baseC": "#FFFFFF", "outlineC": "#000000"} for p in pairs]
    read = formats.read(
        _payload("Cells separated by a white dot are consecutive. All dots are given.",
                 circle=dots)
    )  # fmt: skip
    assert Negative("difference") in read.model.variants
    assert sum(isinstance(v, Difference) for v in read.model.variants) == 6
    fewer = formats.read(
        _payload("Cells separated by a white dot are consecutive. All dots are given.",
                 circle=dots[:-1])
    )  # fmt: skip
    assert Negative("difference") not in fewer.model.variants  # the solution breaks it
    assert any("dropped" in w for w in fewer.warnings)


def test_a_drawn_diagonal_the_solution_breaks_is_dropped() -> None:
    diagonal = _line("R1C1", "R2C2", "R3C3", "R4C4", colour="#CCCCCC")
    read = formats.read(_payload("Digits may not repeat on the marked diagonal.", line=[diagonal]))
    assert read.model.variants == ()
    assert any("diagonal on 1 grey line" in w and "dropped" in w for w in read.warnings)


def test_a_reading_answers_the_guard_for_the_rule_it_reads_only() -> None:
    glyph = {"cells": ["R1C3"], "value": "\u2b05", "fontC": "#AAAAAA", "size": 1, "angle": -45}
    read = formats.read(
        _payload("A digit N in a cell with an arrow appears again N steps away in the direction "
                 "the arrow is pointing. For instance, an arrow cell holding 1. Anti-king.",
                 text=[glyph])
    )  # fmt: skip
    text = "\n".join(read.warnings)
    assert "arrow rule" not in text  # the pointing digits read it
    assert read.readings[0].kind == "pointing"
    assert "anti-king" in text and "dropped" in text  # the solution breaks it: said, not added


def _given(*texts: str) -> Choice:
    return Choice(given=tuple(given(t) for t in texts))


def test_a_reading_the_user_gives_replaces_what_the_text_leaves_unread() -> None:
    text = _payload("Digits in purple lines obey a rule nobody has named yet.",
                    line=[_line("R1C3", "R1C4")])  # fmt: skip
    read = formats.read(text, _given("pink line=renban"))
    assert read.model.variants == (Renban(((0, 2), (0, 3))),)
    assert [(r.kind, r.status) for r in read.readings] == [("renban", "given")]
    assert "as the user gave it" in read.model.readings[0]
    assert not any("drawn only" in w for w in read.warnings)


def test_a_given_reading_overrides_the_text_and_cosmetic_reads_nothing() -> None:
    text = _payload("Digits along a pink line form a set of consecutive digits.",
                    line=[_line("R1C3", "R1C4")])  # fmt: skip
    whispers = formats.read(text, _given("pink line=whispers 1"))
    assert whispers.model.variants == (Whispers(((0, 2), (0, 3)), 1),)
    cosmetic = formats.read(text, _given("pink line=cosmetic"))
    assert cosmetic.model.variants == () and cosmetic.readings[0].kind == "cosmetic"
    assert not any("drawn only" in w for w in cosmetic.warnings)


def test_a_given_reading_the_solution_breaks_is_dropped_and_one_no_marks_fit_is_named() -> None:
    text = _payload("", line=[_line("R1C1", "R1C2")])  # 1 and 4: not consecutive
    read = formats.read(text, _given("pink line=renban", "blue circle=odd"))
    assert read.model.variants == ()
    said = "\n".join(read.warnings)
    assert "renban" in said and "dropped" in said
    assert "'blue circle=odd' was given, but no marks fit it" in said


@pytest.mark.parametrize(
    ("text", "why"),
    [("pink line", "MARKS=KIND"), ("pink line=nonsense", "no rule kind"),
     ("big thing=renban", "names no colour or shape"), ("a=b=renban", "MARKS=KIND"),
     ("pink line=whispers 0", "from 1 to 999"), ("pink line=renban 3", "takes no number")],
)  # fmt: skip
def test_a_malformed_given_reading_is_refused_in_one_line(
    text: str, why: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(ValueError, match=why):
        given(text)
    payload = _payload("", line=[_line("R1C3", "R1C4")])
    assert main(["read", payload, "--as", text]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and why in err


def test_where_the_text_allows_two_readings_the_one_that_leaves_one_solution_is_taken() -> None:
    text = _payload(
        "Digits along a pink line are a set of consecutive digits, or alternate between odd "
        "and even.",
        line=[_line("R1C3", "R1C4")],
    )
    plain = formats.read(text)
    assert [(r.kind, r.others) for r in plain.readings] == [("renban", ("parity",))]
    asked: list[int] = []

    def parity_only(model: Model) -> bool:  # stands in for a solver's verdict
        asked.append(len(model.variants))
        return any(isinstance(v, ParityLine) for v in model.variants)

    chosen = formats.read(text, Choice(unique=parity_only))
    assert chosen.model.variants == (ParityLine(((0, 2), (0, 3))),)
    assert "only it leaves one solution" in chosen.model.readings[0]
    assert asked == [1, 1]
    kept = formats.read(text, Choice(unique=lambda model: True))
    assert kept.model.variants == plain.model.variants


def test_solve_and_read_take_a_given_reading_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _payload("Digits in purple lines obey a rule nobody has named yet.",
                    line=[_line("R1C3", "R1C4")])  # fmt: skip
    assert main(["read", text, "--as", "pink line=renban", "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(r["rule"], r["status"]) for r in report["readings"]] == [("renban", "given")]
    assert main(["solve", text, "--as", "pink line=renban", "--format", "json"]) == 0
    said = json.loads(capsys.readouterr().out.splitlines()[0])
    assert said["status"] == "unique" and said["solutions"] == [SOLUTION]


def _dot(cells: list[str], colour: str = "#FFFFFF", value: str = "") -> dict[str, Any]:
    return {"cells": cells, "baseC": colour, "outlineC": "#000000", "width": 0.3,
            **({"value": value} if value else {})}  # fmt: skip


def test_a_text_drawn_on_a_circle_labels_it_and_ratios_are_read() -> None:
    def label(cells: list[str], text: str) -> dict[str, Any]:
        return {"cells": cells, "value": text, "fontC": "#000000", "size": 0.5}

    rules = "Digits placed in adjacent cells must satisfy the ratios, where given."
    circles = [_dot(["R1C1", "R2C1"]), _dot(["R2C2", "R2C3"])]  # 1 and 3, 2 and 4
    read = formats.read(
        _payload(rules, circle=circles, text=[label(["R2C1", "R1C1"], "1\u20443"),
                                              label(["R2C2", "R2C3"], "1/2")])
    )  # fmt: skip
    assert [(r.kind, r.marks, r.status) for r in read.readings] == [
        ("label ratio", "2 white circles on edges with text", "confirmed")
    ]
    assert len(read.model.variants) == 2 and read.warnings == ()
    wrong = formats.read(
        _payload(rules, circle=circles, text=[label(["R1C1", "R2C1"], "3/4"),
                                              label(["R2C2", "R2C3"], "1/2")])
    )  # fmt: skip
    assert wrong.model.variants == () and any("dropped" in w for w in wrong.warnings)


@pytest.mark.parametrize(
    ("rules", "value", "kind"),
    [("Digits in white circles must appear in one of the two adjacent cells.", "4",
      "label either"),
     ("The value in the circle tells you either the sum of the digits in the two cells, or the "
      "greater of the two.", "4", "sum or greater"),
     ("The value in the circle tells you either the sum of the digits in the two cells, or the "
      "greater of the two.", "5", "sum or greater"),
     ("The value in the circle tells you either the sum of the digits in the two cells, or the "
      "lesser of the two.", "1", "sum or less")],
)  # fmt: skip
def test_a_labelled_circle_on_an_edge_reads_as_the_text_says(
    rules: str, value: str, kind: str
) -> None:
    read = formats.read(_payload(rules, circle=[_dot(["R1C1", "R1C2"], value=value)]))  # 1, 4
    assert [(r.kind, r.status) for r in read.readings] == [(kind, "confirmed")]
    wrong = formats.read(_payload(rules, circle=[_dot(["R1C1", "R1C2"], value="3")]))
    assert wrong.model.variants == () and any("dropped" in w for w in wrong.warnings)


def test_dots_whose_digits_sum_to_a_prime() -> None:
    rules = "Digits connected by black dots must sum to a prime number."
    right = formats.read(_payload(rules, circle=[_dot(["R1C1", "R1C2"], "#000000")]))  # 1+4
    assert [(r.kind, r.status) for r in right.readings] == [("prime sum", "confirmed")]
    assert right.warnings == ()
    wrong = formats.read(_payload(rules, circle=[_dot(["R1C2", "R1C3"], "#000000")]))  # 4+2
    assert wrong.model.variants == () and any("dropped" in w for w in wrong.warnings)


def test_cages_whose_digits_may_repeat_sum_without_being_different() -> None:
    cage = {"cells": ["R1C2", "R2C2", "R2C3"], "value": "10", "outlineC": "#000000"}  # 4 2 4
    read = formats.read(
        _payload("Digits in cages must sum to the total in the corner. Digits may repeat in "
                 "cages.", cage=[cage])
    )  # fmt: skip
    assert [(r.kind, r.status) for r in read.readings] == [("repeating killer", "confirmed")]
    assert read.warnings == ()
    assert not any(isinstance(v, KillerCage) for v in read.model.variants)


def test_a_sum_given_with_a_reading_is_kept_and_spaces_are_folded() -> None:
    claim = given("  Green   Line =  edge  sum 010 ")
    assert (claim.kind, claim.numbers["total"]) == ("edge sum", 10)
    assert claim.sentence.endswith("green line=edge sum 10")


Run = Callable[..., tuple[int, str, float, float]]


@pytest.mark.parametrize(
    "reading", ["x=" + " " * 1600 + "!", "pink line=whispers " + "4" * 4400, "=" * 3000]
)
def test_a_long_given_reading_is_refused_at_once_in_one_short_line(
    cli_peak: Run, reading: str
) -> None:
    code, err, grown, _ = cli_peak("solve", "-t", "60", ".1.....4....34..", "--as", reading)
    assert code == 2 and err.count("\n") == 1 and len(err) < 700, err[:300]
    assert reading[-60:] not in err  # the argument is shown cut short
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def _many_lines(rules: str, count: int = 2000) -> dict[str, Any]:
    """A 9x9 f-puzzles object with ``count`` short pink lines, each of its own width (so each
    its own group of marks), under ``rules``."""
    lines = [
        {"lines": [[f"R{k % 8 + 1}C{k % 9 + 1}", f"R{k % 8 + 2}C{k % 9 + 1}"]],
         "outlineC": "#F067F0", "width": round(0.01 * (k + 1), 2)}
        for k in range(count)
    ]  # fmt: skip
    return {"size": 9, "grid": [[{}] * 9] * 9, "line": lines, "ruleset": rules}


FOUR_READINGS = (
    "Digits on lines are a set of consecutive digits in any order. Adjacent digits on lines "
    "differ by at least 5. Lines are palindromes. Digits on lines have the same sum in every box."
)


def test_marks_of_two_thousand_styles_under_four_sentences_read_in_bounded_memory(
    cli_peak: Run, tmp_path: Path
) -> None:
    path = tmp_path / "lines.json"
    path.write_text(json.dumps(_many_lines(FOUR_READINGS)))
    code, err, grown, _ = cli_peak("read", str(path), "-t", "120")
    assert code == 0, err[-300:]
    assert grown < 500, f"peak memory grew by {grown:.0f} MB"


def test_a_rule_name_repeated_through_the_text_is_one_claim(cli_peak: Run) -> None:
    said = claims("Renban. " * 1600 + "Renban lines are sets of consecutive digits.")
    assert [(c.kind, c.sentence[:7], c.order) for c in said] == [
        ("renban", "Renban.", 0), ("renban", "Renban ", 1)
    ]  # fmt: skip
    link = "fpuzzles" + compress_to_base64(json.dumps(_many_lines("Renban. " * 1600)))
    read = formats.read(link)
    assert len(read.readings) == 2000 and {r.kind for r in read.readings} == {"renban"}
    code, err, grown, _ = cli_peak("read", link, "-t", "120")
    assert code == 0, err[-300:]
    assert grown < 200, f"peak memory grew by {grown:.0f} MB"


def test_groups_past_the_budget_of_readings_are_left_with_a_warning_naming_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(reader, "MAX_HYPOTHESES", 4 * 10)  # ten lines of four readings
    read = formats.read(json.dumps(_many_lines(FOUR_READINGS, count=14)))
    assert len(read.readings) == 10
    said = [w for w in read.warnings if "not read" in w]
    assert len(said) == 1 and said[0].startswith("4 group(s) of marks not read (1 pink line")
    assert "past 40 readings of single marks" in said[0]


def test_a_repeating_killer_cage_that_repeats_its_cells_is_left_unread(cli_peak: Run) -> None:
    cells = [f"R{k // 9 % 9 + 1}C{k % 9 + 1}" for k in range(1000)]
    data = {"size": 9, "grid": [[{}] * 9] * 9, "ruleset": "Digits may repeat in cages.",
            "cage": [{"cells": cells, "value": "5000", "outlineC": "#000000"}]}  # fmt: skip
    link = "fpuzzles" + compress_to_base64(json.dumps(data))
    read = formats.read(link)
    assert read.model.variants == ()
    assert any("1 black cage with text drawn only, not read" in w for w in read.warnings)
    code, err, grown, _ = cli_peak("read", link, "-t", "120")
    assert code == 0, err[-300:]
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def test_a_reading_stops_at_its_time_limit_on_the_command_line_and_in_the_api(
    cli_peak: Run, tmp_path: Path
) -> None:
    text = json.dumps(_many_lines(FOUR_READINGS))  # far more than a millisecond of reading
    with pytest.raises(TimeLimitReached):
        formats.read(text, time_limit=0.001)
    path = tmp_path / "lines.json"
    path.write_text(text)
    code, err, _, _ = cli_peak("read", str(path), "-t", "0.001")
    assert code == 2 and err.count("\n") == 1 and "time limit of 0.001 s" in err
    code, err, _, _ = cli_peak("solve", str(path), "-t", "0.001")
    assert code == 2 and err.count("\n") == 1 and "time limit of 0.001 s" in err


def test_a_file_is_read_once_with_the_choice_it_is_given(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[Choice | None] = []
    read_marks = base.read_marks

    def counted(*args: Any, **kwargs: Any) -> reader.Outcome:
        calls.append(choices._CHOICE.get())
        return read_marks(*args, **kwargs)

    monkeypatch.setattr(base, "read_marks", counted)
    choice = _given("pink line=renban")
    read = formats.read(_payload("", line=[_line("R1C3", "R1C4")]), choice)
    assert calls == [choice] and read.readings[0].status == "given"


def test_a_given_reading_for_a_plain_grid_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", ".1.....4....34..", "--as", "pink line=renban"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "a plain grid has none" in err


def test_a_time_limit_of_thousands_of_digits_is_refused_in_one_short_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["read", ".1.....4....34..", "-t", "4" * 4400]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "(4402 characters)" in err
    assert "4" * 60 not in err


def test_past_the_rules_a_choice_may_check_the_first_reading_stands_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    asked: list[Model] = []

    def never_unique(model: Model) -> bool:
        asked.append(model)
        return False

    choice = Choice(unique=never_unique)
    text = json.dumps(_many_lines(FOUR_READINGS, count=6))
    # the readings as taken, three others the text allows, then two without one each
    assert len(formats.read(text, choice).readings) == 6 and len(asked) == 4 + 2
    monkeypatch.setattr(reader, "MAX_CHOICE_RULES", 5)
    asked.clear()
    read = formats.read(text, choice)
    assert asked == [] and {r.kind for r in read.readings} == {"renban"}
    assert any("not chosen by uniqueness: 6 rules, more than 5" in w for w in read.warnings)


def test_a_reading_that_leaves_no_solution_is_dropped_when_the_puzzle_has_one_without_it() -> None:
    def unique_without_line_rules(model: Model) -> bool:  # with any, no solution
        return not model.variants

    text = json.dumps(_many_lines(FOUR_READINGS, count=1))
    read = formats.read(text, Choice(unique=unique_without_line_rules))
    assert read.readings == ()
    (said,) = [w for w in read.warnings if "leaves no solution" in w]
    assert said.startswith("a reading was renban on 1 pink line")
