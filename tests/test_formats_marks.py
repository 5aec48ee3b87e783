"""The marks a reader hands on: colours named from any CSS text, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sudoku_models as sm
from sudoku_models.formats.reading.marks import _HUES, colour_name

NAMES = {name for _, name in _HUES} | {"none", "black", "white", "grey"}


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("#F067F0", "pink"),
        ("rgb(255, 0, 0)", "red"),
        ("rgba(0,0,255,0.1)", "none"),
        ("rgb(nan,0,0)", "none"),
        ("rgb(inf,0,0)", "none"),
        ("inf", "none"),
        ("rgb(1,2)", "none"),
        ("rgb(1e308,1e308,-1e308)", "yellow"),  # clamped to 255, 255, 0 as a browser does
    ],
)
def test_a_colour_is_named_or_none(text: str, name: str) -> None:
    assert colour_name(text) == name


@given(st.one_of(st.text(max_size=30), st.from_regex(r"rgba?\([-0-9e.,a-z ]{0,30}\)")))
def test_any_text_names_a_known_colour(text: str) -> None:
    assert colour_name(text) in NAMES


@pytest.mark.parametrize("colour", ["rgb(nan,0,0)", "inf", "rgb(1e308,1e308,-1e308)"])
def test_a_puzzle_with_an_odd_colour_is_read(colour: str) -> None:
    data = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "rectangle": [{"cells": ["R1C1"], "baseC": colour, "outlineC": colour}],
        "line": [{"lines": [["R1C1", "R1C2"]], "outlineC": colour}],
    }
    read = sm.read(json.dumps(data))
    assert any("square drawn only" in w for w in read.warnings)
    assert any("line drawn only" in w for w in read.warnings)


@pytest.mark.parametrize("big", [10**400, -(10**400), float("nan"), float("inf"), True, "5"])
def test_a_number_no_float_holds_is_no_size_or_place(big: object) -> None:
    cells = [[{} for _ in range(4)] for _ in range(4)]
    data = {"cells": cells, "overlays": [{"center": [0.5, big], "backgroundColor": "#f00"}]}
    data["underlays"] = [
        {"center": [0.5, 0.5], "width": big, "height": big, "backgroundColor": "#f00"}
    ]
    read = sm.read(json.dumps(data))
    assert any("drawing(s) on no cell" in w for w in read.warnings)
