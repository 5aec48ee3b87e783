"""Any text to any reader: a puzzle read, or a SudokuModelsError that says why in one line; never
another exception (a bare StopIteration would end a caller's ``map(read, ...)`` loop silently).

Each format module's own ``read`` is called, so a slip inside a reader fails here rather than
being caught by the safety net of :func:`sudoku_models.formats.read`."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudoku_models import formats
from sudoku_models.errors import SudokuModelsError
from sudoku_models.formats import fpuzzles, iss, plain, sudokupad
from sudoku_models.formats.base import Read
from sudoku_models.formats.iss import ISS_TYPES
from sudoku_models.formats.lz import compress_to_base64

READERS: dict[str, Callable[[str], Read]] = {
    "sudokupad": sudokupad.read,
    "iss": iss.read,
    "f-puzzles": fpuzzles.read,
    "plain": plain.read,
    "any": formats.read,
}

_ODD = st.sampled_from(
    ["", "nan", "inf", "-1", "0", "99", "1e308", "rgb(nan,0,0)", "rgb(1e308,1e308,-1e308)",
     "#zzz", "source: x", "msgcorrect: yes", "R1C1", "r0c0", "[]", "{}", "\\", "'", '"']
)  # fmt: skip
_HUGE = st.sampled_from([10**400, -(10**400), 2**63, 1e308])
_LEAF = st.one_of(
    _HUGE,
    st.none(), st.booleans(), st.integers(-20, 40), st.integers(), _ODD, st.text(max_size=6),
    st.floats(allow_nan=False, allow_infinity=False),
)  # fmt: skip
_VALUE = st.recursive(
    _LEAF,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_ODD, inner, max_size=3)),
    max_leaves=12,
)
_ISS = st.sampled_from(sorted(ISS_TYPES))
#: Colours a browser draws, and text no browser reads as one (nan, inf, a channel missing).
_COLOUR = st.sampled_from(
    [
        *("#ff0000", "#F067F0", "rgb(1,2,3)", "rgba(0,0,0,0)", "none", "", "#zzz", "inf"),
        *("rgb(nan,0,0)", "rgb(1e308,1e308,-1e308)", "rgba(1,2,3,nan)", "rgb(1,2)"),
    ]
)
_HALVES = st.one_of(st.integers(-2, 20).map(lambda k: k / 2), _HUGE)
_POINT = st.one_of(st.lists(_HALVES, min_size=2, max_size=2), st.lists(_LEAF, max_size=3))
_NAME = st.builds(lambda r, c: f"R{r}C{c}", st.integers(0, 10), st.integers(0, 10))
#: An f-puzzles drawing: lines, cells and colours, nearly right.
_DRAWING = st.fixed_dictionaries(
    {},
    optional={
        "lines": st.lists(st.lists(_NAME, max_size=4), max_size=2),
        "cells": st.lists(_NAME, max_size=4),
        "value": _LEAF,
        "outlineC": _COLOUR,
        "baseC": _COLOUR,
        "fontC": _COLOUR,
        "width": _LEAF,
        "angle": _LEAF,
    },
)


@st.composite
def _cells(draw: st.DrawFn, n: int) -> list[list[Any]]:
    """An ``n x n`` grid of empty cells but for a few spoilt ones."""
    spoilt = st.one_of(st.fixed_dictionaries({"value": st.integers(0, n + 1)}), _LEAF, _VALUE)
    return [
        [draw(spoilt) if draw(st.integers(0, 150)) == 7 else {} for _ in range(n)] for _ in range(n)
    ]


def _part(key: str, n: int) -> st.SearchStrategy[Any]:
    """The entries of one SudokuPad key, mostly of the right shape, with odd values."""
    cell = st.lists(st.integers(-1, n), min_size=2, max_size=2)
    cells = st.lists(cell, max_size=5)
    if key == "regions":
        return st.lists(cells, max_size=n + 1)
    if key == "metadata":
        names = st.sampled_from(["antiknight", "antiking", "rules", "solution", "source", "x"])
        return st.dictionaries(names, _LEAF, max_size=3)
    fields = {
        "cages": {"cells": cells, "value": st.one_of(st.integers(-3, 50), _LEAF)},
        "lines": {"wayPoints": st.lists(_POINT, max_size=4), "color": _COLOUR},
        "arrows": {"wayPoints": st.lists(_POINT, max_size=4), "color": _COLOUR},
    }.get(key, {"center": _POINT, "backgroundColor": _COLOUR, "borderColor": _COLOUR})
    more = {"width": _LEAF, "height": _LEAF, "text": _LEAF, "rounded": _LEAF, "unique": _LEAF}
    return st.lists(st.fixed_dictionaries(fields, optional=more), max_size=3)


@st.composite
def sudokupad_data(draw: st.DrawFn) -> dict[str, Any]:
    """SudokuPad puzzle data: a grid, regions, cages and drawings, now and then one part spoilt."""
    n = draw(st.sampled_from([4, 6, 9]))
    data: dict[str, Any] = {"cells": draw(_cells(n))}
    keys = ["regions", "cages", "lines", "arrows", "overlays", "underlays", "metadata", "x"]
    for key in draw(st.lists(st.sampled_from(keys), max_size=4, unique=True)):
        data[key] = draw(_part(key, n))
    if draw(st.integers(0, 9)) == 0:
        data[draw(st.sampled_from(sorted(data)))] = draw(_VALUE)
    return data


@st.composite
def texts(draw: st.DrawFn) -> str:
    """Text in the shape of each format, mostly nearly right."""
    form = draw(st.sampled_from(["ctc", "scl", "json", "iss", "fpuzzles", "bytes", "text"]))
    if form in ("ctc", "json"):
        text = json.dumps(draw(sudokupad_data()))
        return ("ctc" + compress_to_base64(text)) if form == "ctc" else text
    if form == "scl":  # the compact syntax: names unquoted, strings in single quotes
        text = json.dumps(draw(sudokupad_data())).replace('"cells"', "ce").replace('"', "'")
        return "scl" + compress_to_base64(text)
    if form == "iss":
        cell = st.from_regex(r"R[0-9]{1,2}C[0-9]{1,2}", fullmatch=True)
        arg = st.one_of(_ODD, cell, st.integers(-3, 50).map(str), st.text("._RC019-", max_size=6))
        item = st.builds(
            lambda t, a: t + "".join("~" + x for x in a), _ISS, st.lists(arg, max_size=5)
        )
        return "." + ".".join(draw(st.lists(item, min_size=1, max_size=4)))
    if form == "fpuzzles":
        n = draw(st.sampled_from([4, 9]))
        data = {"size": n, "grid": draw(st.one_of(st.just([[{}] * n] * n), _cells(n), _VALUE))}
        keys = ["line", "cage", "rectangle", "circle", "text", "solution", "title", "killercage"]
        entries = st.one_of(st.lists(_DRAWING, max_size=3), _VALUE)
        data.update(draw(st.dictionaries(st.sampled_from(keys), entries, max_size=3)))
        return "https://sudokupad.app/fpuzzles" + compress_to_base64(json.dumps(data))
    if form == "bytes":
        return draw(st.binary(max_size=200)).decode("utf-8", "replace")
    return draw(st.text(max_size=200))


@pytest.mark.parametrize("reader", READERS)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=texts())
def test_any_text_to_any_reader_is_read_or_refused_in_one_line(reader: str, text: str) -> None:
    try:
        read = READERS[reader](text)
    except SudokuModelsError as exc:
        assert "\n" not in str(exc) and str(exc)
        return
    assert isinstance(read, Read)
