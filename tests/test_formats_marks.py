"""The marks a reader hands on: colours named from any CSS text, never an exception."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

import sudoku_models as sm
from sudoku_models.formats.reading.marks import (
    _HUES,
    colour_name,
    fpuzzles_marks,
    sudokupad_marks,
)

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


# Where a SudokuPad drawing sits ----------------------------------------------------------------


def _overlay(y: float, x: float, **more: object) -> dict[str, object]:
    return {"center": [y, x], "width": 0.3, "height": 0.3, **more}


def _places(data: dict[str, object], n: int = 4) -> list[tuple[str, str, tuple, str]]:
    marks, lost = sudokupad_marks(data, n)
    assert lost == 0
    return [(m.shape, m.place, m.cells, m.text) for m in marks]


@pytest.mark.parametrize(
    ("centre", "place", "cells"),
    [
        ((1.5, 2.5), "cell", ((1, 2),)),
        ((1, 2.5), "edge", ((0, 2), (1, 2))),
        ((1.5, 2), "edge", ((1, 1), (1, 2))),
        ((1, 2), "corner", ((0, 1), (0, 2), (1, 1), (1, 2))),
        ((1.03, 1.97), "corner", ((0, 1), (0, 2), (1, 1), (1, 2))),  # off by a stroke
        ((-0.5, 1.5), "outside", ((-1, 1),)),
        ((0, 1.5), "outside", ((-1, 1),)),  # on the grid's border, above column 2
        ((2.5, 4), "outside", ((2, 4),)),
    ],
)
def test_a_dot_or_a_letter_keeps_its_place_and_its_text(
    centre: tuple[float, float], place: str, cells: tuple
) -> None:
    dot = _overlay(*centre, rounded=True, backgroundColor="#000")
    letter = _overlay(*centre, text="X")
    assert _places({"overlays": [dot, letter]}) == [
        ("circle", place, cells, ""),
        ("text", place, cells, "X"),
    ]


@pytest.mark.parametrize("centre", [(0.9, 0.5), (1.1, 1.5), (0.5, 0.75), (0, 0)])
def test_a_text_between_the_places_is_said_never_moved_to_a_neighbour(
    centre: tuple[float, float],
) -> None:
    marks, lost = sudokupad_marks({"overlays": [_overlay(*centre, text="V")]}, 4)
    assert (marks, lost) == ([], 1)


def test_a_text_set_on_its_baseline_is_placed_by_its_middle() -> None:
    text = _overlay(1.76, 2.5, text="7", fontSize=40.8, **{"dominant-baseline": "alphabetic"})
    assert _places({"overlays": [text]}) == [("text", "cell", ((1, 2),), "7")]


def _line(*points: tuple[float, float]) -> dict[str, object]:
    return {"wayPoints": [list(p) for p in points], "color": "#000000", "thickness": 4}


@pytest.mark.parametrize(
    ("points", "place", "cells"),
    [
        # through centres; a straight or diagonal run passes the cells between
        ([(0.5, 0.5), (0.5, 3.5)], "path", ((0, 0), (0, 1), (0, 2), (0, 3))),
        ([(0.5, 0.5), (2.5, 2.5), (2.5, 3.5)], "path", ((0, 0), (1, 1), (2, 2), (2, 3))),
        # ends cut short at circles' rims, as SudokuPad draws a between line
        ([(0.9, 0.5), (1.5, 0.5), (2.1, 0.5)], "path", ((0, 0), (1, 0), (2, 0))),
        # a grid's diagonals, drawn from corner to corner
        ([(0, 0), (4, 4)], "path", ((0, 0), (1, 1), (2, 2), (3, 3))),
        ([(0, 4), (4, 0)], "path", ((0, 3), (1, 2), (2, 1), (3, 0))),
        # drawn inside one cell: an arrowhead, a chevron
        ([(0.3, 1.5), (0.88, 1.5), (0.3, 1.7)], "cell", ((0, 1),)),
        # along grid lines: the cells beside them
        ([(0.03, 2), (1.97, 2)], "edges", ((0, 1), (0, 2), (1, 1), (1, 2))),
        ([(2, 0), (2, 1), (1, 1)], "edges", ((1, 0), (2, 0), (1, 1))),
        # from corner to corner across cells, no diagonal
        ([(0, 1), (4, 2)], "corners", ((0, 0), (0, 1), (3, 1), (3, 2))),
    ],
)
def test_a_line_is_placed_where_sudokupad_draws_it(
    points: list[tuple[float, float]], place: str, cells: tuple
) -> None:
    assert _places({"lines": [_line(*points)]}) == [("line", place, cells, "")]


@pytest.mark.parametrize(
    "points",
    [
        [(0.5, 0.5), (1, 1.5)],  # from a centre to an edge
        [(0.5, 0.5), (0.5, 5.5)],  # out of the grid
        [(0.3, 0.3), (1.7, 0.3)],  # across cells, off their centres
    ],
)
def test_a_line_that_fits_no_place_is_counted_not_moved(points: list) -> None:
    assert sudokupad_marks({"lines": [_line(*points)]}, 4) == ([], 1)


def test_a_clue_arrow_outside_the_grid_keeps_its_place_and_its_way() -> None:
    down_right = {"wayPoints": [[-0.2, -0.2], [-0.02, -0.02]]}  # as SudokuPad draws it
    marks, lost = sudokupad_marks({"arrows": [down_right]}, 4)
    assert lost == 0
    assert [(m.shape, m.place, m.cells, m.angle) for m in marks] == [
        ("arrow", "outside", ((-1, -1),), 45.0)
    ]


@pytest.mark.parametrize(
    ("shape", "expected"),
    [
        # a windoku region, its sides on grid lines: each cell shaded
        (
            {"center": [2, 2], "width": 2, "height": 2},
            [("shaded", "cell", (cell,), "") for cell in ((1, 1), (1, 2), (2, 1), (2, 2))],
        ),
        # with a text, one mark over them
        (
            {"center": [1, 1], "width": 2, "height": 2, "text": "4"},
            [("square", "area", ((0, 0), (0, 1), (1, 0), (1, 1)), "4")],
        ),
        # the grid's background
        ({"center": [2, 2], "width": 4, "height": 4}, []),
        ({"center": [2, 2], "width": 6, "height": 6}, []),
        # an arrow's circle over two cells is no dot on their edge
        (
            {"center": [1, 0.5], "width": 0.75, "height": 1.75, "rounded": True},
            [("circle", "area", ((0, 0), (1, 0)), "")],
        ),
    ],
)
def test_a_shape_over_several_cells_covers_them(shape: dict, expected: list) -> None:
    assert _places({"underlays": [{**shape, "backgroundColor": "#cccccc"}]}) == expected


def test_a_shape_over_several_cells_is_named_by_what_it_covers() -> None:
    cells = [[{} for _ in range(4)] for _ in range(4)]
    boxes = [[[r, c] for r in (a, a + 1) for c in (b, b + 1)] for a in (0, 2) for b in (0, 2)]
    windoku = {"center": [2, 2], "width": 2, "height": 2, "backgroundColor": "#cccccc"}
    lines = [_line((0, 2), (4, 2)), _line((2, 0), (2, 4)), _line((0, 1), (4, 2))]
    data = {"cells": cells, "regions": boxes, "underlays": [windoku], "lines": lines}
    read = sm.read(json.dumps(data))
    assert set(read.warnings) == {
        "4 grey shaded cells drawn only, not read as rules",
        "2 black lines along cell edges drawn only, not read as rules",
        "1 black line through cell corners drawn only, not read as rules",
    }


_COORD = st.one_of(
    st.integers(-2, 6).map(float),
    st.integers(-4, 12).map(lambda k: k / 2),
    st.floats(-2, 6, allow_nan=False),
)
_POINT = st.tuples(_COORD, _COORD).map(list)


@given(
    lines=st.lists(st.lists(_POINT, min_size=0, max_size=6), max_size=3),
    shapes=st.lists(
        st.fixed_dictionaries(
            {"center": _POINT, "width": _COORD, "height": _COORD, "rounded": st.booleans()},
            optional={"text": st.sampled_from(["X", "12", ""])},
        ),
        max_size=3,
    ),
)
def test_every_sudokupad_drawing_is_placed_on_the_grid_or_counted(
    lines: list, shapes: list
) -> None:
    data = {
        "lines": [{"wayPoints": w} for w in lines],
        "arrows": [{"wayPoints": w} for w in lines],
        "overlays": [{**s, "backgroundColor": "#f00"} for s in shapes],
    }
    marks, lost = sudokupad_marks(data, 4)
    assert len(marks) + lost >= len(lines) * 2  # a shape may shade several cells, or none
    for mark in marks:
        inside = [0 <= r < 4 and 0 <= c < 4 for r, c in mark.cells]
        if mark.place == "outside":
            assert not inside[0] and all(inside[1:])
        else:
            assert mark.cells and all(inside), mark


def test_an_f_puzzles_letter_on_an_edge_or_a_corner_keeps_its_place_and_text() -> None:
    texts = [
        {"cells": ["R1C1", "R1C2"], "value": "X"},
        {"cells": ["R2C2", "R2C3", "R3C2", "R3C3"], "value": "1 2"},
        {"cells": ["R0C1"], "value": "7"},
    ]
    marks = fpuzzles_marks({"size": 4, "text": texts})
    assert [(m.place, m.cells, m.text) for m in marks] == [
        ("edge", ((0, 0), (0, 1)), "X"),
        ("corner", ((1, 1), (1, 2), (2, 1), (2, 2)), "1 2"),
        ("outside", ((-1, 0),), "7"),
    ]
