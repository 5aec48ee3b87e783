"""Malformed input, generated: the f-puzzles reader and the plain parser either read a puzzle that
keeps every rule its input names, or refuse it with InvalidPuzzleError (one line and exit code 2
on the command line). Nothing else: no other exception, no rule dropped, no control character
read as a digit or a blank."""

from __future__ import annotations

import io
import json
import re
import sys
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import fpuzzles
from sudoku_models.cli import main
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle

FLAGS = ("diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive")
LIST_KEYS = tuple(k for k in fpuzzles.READERS if k not in FLAGS)

_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from(["", "0", "1", "2", "-3", "5", "17", "true", "false", "X", "V", "odd"]),
    st.sampled_from(["DR", "UL", "ratio", "xv", "R1C1", "R0C2", "R5C5", "r2c3", "R1C1R1C2"]),
    st.text(max_size=4),
    st.floats(allow_nan=False, allow_infinity=False, width=16),
)


def _cell_names(n: int) -> st.SearchStrategy[str]:
    inside = st.builds(lambda r, c: f"R{r}C{c}", st.integers(1, n), st.integers(1, n))
    around = st.builds(lambda r, c: f"R{r}C{c}", st.integers(0, n + 1), st.integers(0, n + 1))
    return st.one_of(inside, inside, around, st.sampled_from(["R1C", "C1R1", "x", "R01C02"]))


def _entries(n: int) -> st.SearchStrategy[Any]:
    names = _cell_names(n)
    cells = st.one_of(st.lists(names, max_size=5), names, _SCALARS)
    entry = st.fixed_dictionaries(
        {},
        optional={
            "cells": cells,
            "cell": st.one_of(names, _SCALARS),
            "lines": st.one_of(st.lists(st.lists(names, max_size=5), max_size=2), _SCALARS),
            "value": _SCALARS,
            "direction": st.one_of(st.sampled_from(["UL", "UR", "DL", "DR"]), _SCALARS),
            "cloneCells": cells,
            "values": st.one_of(st.lists(st.integers(-1, n + 1), max_size=5), _SCALARS),
        },
    )
    return st.one_of(st.lists(st.one_of(entry, entry, _SCALARS), max_size=3), _SCALARS)


def _grid_cells(n: int) -> st.SearchStrategy[Any]:
    cell = st.fixed_dictionaries(
        {},
        optional={
            "value": st.one_of(st.integers(0, n + 1), _SCALARS),
            "given": st.one_of(st.booleans(), _SCALARS),
            "region": st.one_of(st.integers(-1, n), _SCALARS),
            "parity": st.one_of(st.sampled_from(["Odd", "Even"]), _SCALARS),
        },
    )
    return st.one_of(cell, cell, cell, _SCALARS)


#: A valid entry of each list key on a 4x4 or 6x6 grid, which the strategy below may spoil.
TEMPLATES: dict[str, Any] = {
    "extraregion": {"cells": ["R1C1", "R2C2"]},
    "killercage": {"cells": ["R1C1", "R1C2"], "value": "5"},
    "littlekillersum": {"cell": "R0C0", "direction": "DR", "value": "10"},
    "arrow": {"cells": ["R1C1"], "lines": [["R1C1", "R2C1", "R3C2"]]},
    "whispers": {"lines": [["R1C1", "R1C2"]], "value": "2"},
    "difference": {"cells": ["R2C1", "R2C2"], "value": "1"},
    "ratio": {"cells": ["R3C1", "R3C2"]},
    "xv": {"cells": ["R4C1", "R4C2"], "value": "V"},
    "odd": {"cell": "R2C3"},
    "even": {"cell": "R3C3"},
    "minimum": {"cell": "R1C4"},
    "maximum": {"cell": "R4C4"},
    "clone": {"cells": ["R1C1"], "cloneCells": ["R3C4"]},
    "quadruple": {"cells": ["R1C1", "R1C2", "R2C1", "R2C2"], "values": [1]},
    "sandwichsum": {"cell": "R0C2", "value": "0"},
    "xsum": {"cell": "R2C0", "value": "3"},
    "skyscraper": {"cell": "R5C3", "value": "2"},
    "negative": "ratio",
}


@st.composite
def spoilt_entries(draw: st.DrawFn, key: str, n: int) -> list[Any]:
    """One to three entries of ``key``, valid but for one field that may be given a random
    value (or dropped)."""
    out: list[Any] = []
    for _ in range(draw(st.integers(1, 3))):
        template = TEMPLATES.get(key, {"lines": [["R1C1", "R1C2", "R2C2"]]})
        if not isinstance(template, dict):
            out.append(draw(st.one_of(st.just(template), _SCALARS)))
            continue
        entry = dict(template)
        if draw(st.booleans()):
            field = draw(st.sampled_from([*entry, "value"]))
            if draw(st.integers(0, 3)) == 0:
                entry.pop(field, None)
            else:
                entry[field] = draw(st.one_of(_SCALARS, _cell_names(n), st.lists(_cell_names(n))))
        out.append(entry)
    return out


@st.composite
def fpuzzles_objects(draw: st.DrawFn) -> dict[str, Any]:
    """f-puzzles objects with a few known keys holding random values, mostly nearly right."""
    n = draw(st.sampled_from([4, 4, 4, 6]))
    grid = [[draw(_grid_cells(n)) if draw(st.integers(0, 19)) == 7 else {} for _ in range(n)]]
    grid += [[{} for _ in range(n)] for _ in range(n - 1)]
    data: dict[str, Any] = {"size": n, "grid": grid}
    for key in draw(st.lists(st.sampled_from(FLAGS), max_size=2, unique=True)):
        data[key] = draw(st.one_of(st.sampled_from([True, 1, "true", False, 0, "false"]), _SCALARS))
    for key in draw(st.lists(st.sampled_from(LIST_KEYS), max_size=3, unique=True)):
        data[key] = draw(
            st.one_of(spoilt_entries(key, n), _entries(n))
            if draw(st.integers(0, 3)) == 2
            else spoilt_entries(key, n)
        )
    return data


def _named_rules(data: dict[str, Any]) -> set[str]:
    """The rule keys an object names: flags switched on, lists with entries (an arrow bulb drawn
    with no line names no rule, as f-puzzles reads it)."""
    on = ("true", 1)
    return {
        key
        for key, value in data.items()
        if (key in FLAGS and (value is True or (type(value) in (str, int) and value in on)))
        or (key in LIST_KEYS and isinstance(value, list) and value and not _bulbs_only(key, value))
    }


def _bulbs_only(key: str, entries: list[Any]) -> bool:
    return key == "arrow" and all(
        isinstance(e, dict) and e.get("lines") in (None, []) for e in entries
    )


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fpuzzles_objects())
def test_an_f_puzzles_object_is_read_whole_or_refused(data: dict[str, Any]) -> None:
    text = json.dumps(data)
    try:
        model = fpuzzles.read(data)
    except InvalidPuzzleError as exc:
        assert "\n" not in str(exc)
        return
    finally:
        assert json.dumps(data) == text  # the input is never changed
    # A modular line is read from f-puzzles but has no key of its own to write back.
    keys = {v.key or v.name.replace(" ", "") for v in model.variants}
    assert keys >= _named_rules(data), data
    for c, cell in enumerate(data["grid"][0]):
        if cell.get("given") is True and type(cell.get("value")) is int:
            assert model.givens[c] == cell["value"]
        if cell.get("parity"):
            assert cell["parity"].strip().lower() in keys


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fpuzzles_objects())
def test_the_command_line_reads_it_whole_or_says_why_in_one_line(data: dict[str, Any]) -> None:
    try:
        fpuzzles.read(data)
        refused = False
    except InvalidPuzzleError:
        refused = True
    out, err = io.StringIO(), io.StringIO()
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        code = main(["count", json.dumps(data), "--limit", "1", "--backend", "sat"])
    finally:
        sys.stdout, sys.stderr = stdout, stderr
    if refused:
        assert code == 2 and out.getvalue() == ""
        lines = err.getvalue().splitlines()
        assert len(lines) == 1 and lines[0].startswith("sudoku-models: error: ")
    else:  # read: at most warnings (a number on a killer cage that is no sum is a label)
        assert code in (0, 1)
        warned = err.getvalue().splitlines()
        assert all(line.startswith("sudoku-models: warning: ") for line in warned)


LINE_9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
#: Control characters: every C0 and C1 code but tab, line feed and carriage return.
CONTROLS = [chr(k) for k in (*range(32), *range(127, 160)) if chr(k) not in "\t\n\r"]


@st.composite
def texts_with_a_control_character(draw: st.DrawFn) -> str:
    """A puzzle in one of its text forms with a control character put somewhere."""
    form = draw(st.sampled_from(["line", "spaced", "rows", "numbers"]))
    base = {
        "line": LINE_9,
        "spaced": " ".join(LINE_9),
        "rows": "\n".join(LINE_9[r * 9 : r * 9 + 9] for r in range(9)),
        "numbers": " ".join("0" if ch == "." else ch for ch in LINE_9),
    }[form]
    k = draw(st.integers(0, len(base)))
    control = draw(st.sampled_from(CONTROLS))
    replace = draw(st.booleans())
    return base[:k] + control + base[k + replace :]


@settings(max_examples=300, deadline=None)
@given(texts_with_a_control_character())
def test_a_control_character_is_never_read(text: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        Puzzle.parse(text)
    assert re.search(r"unknown symbol '\\x[0-9a-f]{2}'", str(caught.value)), caught.value


@settings(max_examples=30, deadline=None)
@given(texts_with_a_control_character())
def test_a_control_character_on_standard_input_is_bad_input(text: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin, sys.stdout, sys.stderr
    sys.stdin, sys.stdout, sys.stderr = io.StringIO(text), out, err
    try:
        code = main(["solve", "--format", "line"])
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    assert code == 2 and out.getvalue() == ""
    assert len(err.getvalue().splitlines()) == 1 and "unknown symbol" in err.getvalue()


_NOTES = st.one_of(
    st.from_regex(r"#[ -~]{0,20}", fullmatch=True),
    st.from_regex(r"[0-9]{1,2}\.[0-9]", fullmatch=True),
    st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=12),
)


@settings(max_examples=200, deadline=None)
@given(_NOTES, st.sampled_from([" ", "  ", "\t", " \t "]))
def test_a_note_after_a_puzzle_never_changes_it(note: str, space: str) -> None:
    assert Puzzle.parse(LINE_9 + space + note) == Puzzle.parse(LINE_9)
