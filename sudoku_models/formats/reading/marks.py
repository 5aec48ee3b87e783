"""Marks a puzzle file draws without saying what they mean: lines, circles, text, cages, shading.

Both f-puzzles (its cosmetic keys ``line``, ``circle``, ``rectangle``, ``text``, ``cage`` and
coloured grid cells) and SudokuPad (``lines``, ``arrows``, ``overlays``, ``underlays``, cages
without a number) draw rules this way and explain them in the rules text. This module turns each
drawing into a neutral :class:`Mark` (a shape, where it sits on the grid, its colour, size and
text), which :mod:`~sudoku_models.formats.reading.grouping` sorts into groups of one style and
:mod:`~sudoku_models.formats.reading` then reads with the rules text.

>>> marks = fpuzzles_marks({"size": 4, "line": [{"lines": [["R1C1", "R1C2"]],
...                                           "outlineC": "#F067F0", "width": 0.4}]})
>>> marks[0].shape, marks[0].cells, marks[0].colour
('line', ((0, 0), (0, 1)), 'pink')
"""

from __future__ import annotations

import colorsys
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]

#: How far a point may lie from a cell centre, edge or corner and still be read as on it.
SNAP = 0.2


@dataclass(frozen=True)
class Mark:
    """One drawing: ``shape`` (line, arrow, circle, square, diamond, text, cage, shaded),
    ``place`` (cell, edge, corner, outside, path, area) and the cells it touches (a line's
    cells in order; an edge mark's two cells; a corner mark's four), with its colour name
    (:func:`colour_name`), its size in cells, and its text."""

    shape: str
    place: str
    cells: tuple[Cell, ...]
    colour: str
    size: float
    text: str = ""
    source: str = ""
    angle: float = 0.0

    @property
    def style(self) -> tuple[str, str, str, float, str]:
        """What marks of one group share: shape, place, colour, size, and their text when it is
        a symbol (``X``, ``+``, an arrow), or whether they hold numbers."""
        symbol = self.text if self.text and not any(ch.isdigit() for ch in self.text) else ""
        label = symbol or ("#" if self.text else "")
        return (self.shape, self.place, self.colour, round(self.size, 2), label)


# Colours -------------------------------------------------------------------------------------

_HUES = (
    (15, "red"), (45, "orange"), (70, "yellow"), (160, "green"), (200, "teal"), (255, "blue"),
    (285, "purple"), (340, "pink"), (360, "red"),
)  # fmt: skip
_NAMED = {
    "black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000",
    "blue": "#0000ff", "yellow": "#ffff00", "orange": "#ffa500", "purple": "#800080",
    "pink": "#ffc0cb", "grey": "#808080", "gray": "#808080", "lightgray": "#d3d3d3",
    "lightgrey": "#d3d3d3", "transparent": "#00000000", "none": "#00000000",
}  # fmt: skip


def colour_name(value: Any) -> str:
    """The plain name of a CSS colour (``'#F067F0'`` -> ``'pink'``), or ``'none'`` when it is
    transparent or unreadable."""
    if not isinstance(value, str):
        return "none"
    text = _NAMED.get(value.strip().lower(), value.strip())
    found = re.fullmatch(r"#?([0-9a-fA-F]{3,8})", text)
    rgba = re.fullmatch(r"rgba?\(([^)]*)\)", text)
    if found:
        digits = found[1]
        if len(digits) in (3, 4):
            digits = "".join(ch * 2 for ch in digits)
        if len(digits) == 8 and int(digits[6:], 16) < 40:
            return "none"
        r, g, b = (int(digits[k : k + 2], 16) / 255 for k in (0, 2, 4))
    elif rgba:
        try:
            parts = [float(p) for p in rgba[1].split(",")]
        except ValueError:
            return "none"
        if len(parts) < 3 or not all(math.isfinite(p) for p in parts):
            return "none"  # nan, inf or a missing channel: no colour a browser would draw
        if len(parts) > 3 and parts[3] < 0.15:
            return "none"
        r, g, b = (min(max(p, 0.0), 255.0) / 255 for p in parts[:3])  # as CSS clamps
    else:
        return "none"
    h, light, s = colorsys.rgb_to_hls(r, g, b)
    if s < 0.2 or max(r, g, b) - min(r, g, b) < 0.12:
        return "black" if light < 0.2 else "white" if light > 0.93 else "grey"
    hue = h * 360
    return next(name for top, name in _HUES if hue <= top)


# f-puzzles -----------------------------------------------------------------------------------

_FP_CELL = re.compile(r"^R(\d{1,3})C(\d{1,3})$", re.IGNORECASE)
#: Most cells one mark may name.
MAX_CELLS = 1_000


def _fp_cells(names: Any) -> tuple[Cell, ...] | None:
    if not isinstance(names, list) or not names or len(names) > MAX_CELLS:
        return None
    out = []
    for name in names:
        found = _FP_CELL.match(name) if isinstance(name, str) else None
        if not found:
            return None
        out.append((int(found[1]) - 1, int(found[2]) - 1))
    return tuple(out)


def _number(value: Any, default: float) -> float:
    """``value`` as a finite float, or ``default`` for anything else (text, nan, an integer too
    large for a float)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    try:
        number = float(value)
    except OverflowError:
        return default
    return number if math.isfinite(number) else default


def fpuzzles_marks(data: Mapping[str, Any]) -> list[Mark]:
    """The marks of an f-puzzles object's cosmetic keys and coloured cells (entries a constraint
    tool drew for a rule key the file carries, ``fromConstraint``, are left out)."""
    n = data.get("size")
    if type(n) is not int or n < 1:
        return []
    out: list[Mark] = []
    for key in ("line", "circle", "rectangle", "text", "cage"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, Mapping) or item.get("fromConstraint"):
                continue
            out += _fp_item(key, item, n)
    grid = data.get("grid")
    for r, row in enumerate(grid if isinstance(grid, list) else ()):
        for c, cell in enumerate(row if isinstance(row, list) else ()):
            if isinstance(cell, Mapping):
                colours = cell.get("cArray") or ([cell["c"]] if cell.get("c") else [])
                names = sorted({colour_name(x) for x in colours} - {"none", "white"})
                if names:
                    out.append(Mark("shaded", "cell", ((r, c),), "/".join(names), 1.0, "", "grid"))
    return out


def _fp_item(key: str, item: Mapping[str, Any], n: int) -> list[Mark]:
    text = str(item.get("value") or "").strip()
    source = f"f-puzzles {key!r}"
    if key == "line":
        colour = colour_name(item.get("outlineC"))
        width = _number(item.get("width"), 0.25)
        lines = item.get("lines")
        paths = [_fp_cells(p) for p in lines] if isinstance(lines, list) else []
        return [Mark("line", "path", p, colour, width, "", source) for p in paths if p]
    cells = _fp_cells(item.get("cells"))
    if cells is None:
        return []
    if key == "cage":
        return [Mark("cage", "area", cells, colour_name(item.get("outlineC")), 1.0, text, source)]
    place = _place(cells, n)
    if key == "text":
        colour = colour_name(item.get("fontC"))
        size, angle = _number(item.get("size"), 0.5), _number(item.get("angle"), 0)
        return [Mark("text", place, cells, colour, size, text, source, angle)]
    shape = "circle"
    if key == "rectangle":
        shape = "diamond" if _number(item.get("angle"), 0) % 90 == 45 else "square"
    fill = colour_name(item.get("baseC"))
    if fill in ("none", "white") and colour_name(item.get("outlineC")) not in ("none", "white"):
        fill = "white"
    size = _number(item.get("width"), 0.5)
    return [Mark(shape, place, cells, fill, size, text, source)]


def _place(cells: Sequence[Cell], n: int) -> str:
    """Where a mark over ``cells`` sits: in a cell, on an edge, on a corner, outside, or over
    an area."""
    inside = all(0 <= r < n and 0 <= c < n for r, c in cells)
    if len(cells) == 1:
        return "cell" if inside else "outside"
    rows = sorted({r for r, _ in cells})
    cols = sorted({c for _, c in cells})
    if inside and len(cells) == 2 and abs(rows[0] - rows[-1]) + abs(cols[0] - cols[-1]) == 1:
        return "edge"
    square = len(rows) == 2 == len(cols) and rows[1] - rows[0] == 1 == cols[1] - cols[0]
    if inside and len(set(cells)) == 4 and square:
        return "corner"
    return "area"


# SudokuPad -----------------------------------------------------------------------------------


def _snap(y: float, x: float, n: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The place of a SudokuPad point (rows and columns in cell units, centres at .5)."""
    fy, fx = y - math.floor(y), x - math.floor(x)

    def near(f: float, to: float) -> bool:
        return abs(f - to) <= SNAP or (to == 0 and abs(f - 1) <= SNAP)

    r, c = round(y - 0.5), round(x - 0.5)
    if near(fy, 0.5) and near(fx, 0.5):
        return ("cell" if 0 <= r < n and 0 <= c < n else "outside"), ((r, c),)
    if near(fy, 0) and near(fx, 0.5):
        top = round(y) - 1
        return "edge", ((top, c), (top + 1, c))
    if near(fy, 0.5) and near(fx, 0):
        left = round(x) - 1
        return "edge", ((r, left), (r, left + 1))
    if near(fy, 0) and near(fx, 0):
        top, left = round(y) - 1, round(x) - 1
        return "corner", tuple((top + i, left + j) for i in (0, 1) for j in (0, 1))
    return None


def _point(value: Any, n: int) -> tuple[float, float] | None:
    """A SudokuPad point, when it lies on the grid or next to it (one cell around)."""
    if isinstance(value, list) and len(value) == 2:
        y, x = (_number(v, math.nan) for v in value)
        if -1 <= y <= n + 1 and -1 <= x <= n + 1:  # False for nan
            return y, x
    return None


def sudokupad_marks(data: Mapping[str, Any], n: int) -> tuple[list[Mark], int]:
    """The marks of SudokuPad's ``lines``, ``arrows``, ``overlays``, ``underlays`` and cages
    without a number, and how many drawings landed nowhere on the grid."""
    out: list[Mark] = []
    lost = 0
    for key in ("lines", "arrows"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, Mapping):
                continue
            way = item.get("wayPoints")
            points = [_point(p, n) for p in way[:MAX_CELLS]] if isinstance(way, list) else []
            if key == "arrows":  # an arrow starts on its circle's rim: each point's cell
                cells = _through([(math.floor(p[0]), math.floor(p[1])) for p in points if p])
            else:
                places = [_snap(*p, n) for p in points if p is not None]
                cells = [where[1][0] for where in places if where and where[0] == "cell"]
            if len(cells) < 2 or (key == "lines" and len(cells) != len(points)):
                lost += 1
                continue
            colour = colour_name(item.get("color"))
            width = _number(item.get("thickness"), 10) / 64
            shape = "arrow" if key == "arrows" else "line"
            out.append(Mark(shape, "path", tuple(cells), colour, width, "", f"SudokuPad {key!r}"))
    for key in ("underlays", "overlays"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, Mapping):
                continue
            mark = _sp_shape(item, n, key)
            if mark is None:
                lost += 1
            elif mark.shape != "none":
                out.append(mark)
    return out, lost


def _through(corners: Sequence[Cell]) -> list[Cell]:
    """The cells a path through ``corners`` crosses, each straight or diagonal run filled in."""
    out: list[Cell] = []
    for cell in corners:
        if out and cell != out[-1]:
            (r0, c0), (r1, c1) = out[-1], cell
            steps = max(abs(r1 - r0), abs(c1 - c0))
            if (r1 - r0) % steps == 0 and (c1 - c0) % steps == 0:
                dr, dc = (r1 - r0) // steps, (c1 - c0) // steps
                out += [(r0 + k * dr, c0 + k * dc) for k in range(1, steps)]
        if not out or cell != out[-1]:
            out.append(cell)
    return out


def _sp_shape(item: Mapping[str, Any], n: int, key: str) -> Mark | None:
    centre = _point(item.get("center"), n)
    if centre is None:
        return None
    where = _snap(*centre, n)
    if where is None:
        return None
    place, cells = where
    text = str(item.get("text") or "").strip()
    width = _number(item.get("width"), 0.5)
    height = _number(item.get("height"), width)
    fill = colour_name(item.get("backgroundColor"))
    border = colour_name(item.get("borderColor"))
    source = f"SudokuPad {key!r}"
    if fill == "none" and border == "none":
        if not text:
            return Mark("none", place, cells, "none", width)
        colour = colour_name(item.get("color") or "#000")
        angle = _number(item.get("angle"), 0)
        return Mark("text", place, cells, colour, width, text, source, angle)
    if fill == "none":
        fill = "white" if border != "none" else fill
    if place == "cell" and min(width, height) >= 0.9 and not item.get("rounded"):
        return Mark("shaded", "cell", cells, fill, 1.0, text, source)
    shape = "circle" if item.get("rounded") else "square"
    if not item.get("rounded") and item.get("angle") in (45, -45):
        shape = "diamond"
    return Mark(shape, place, cells, fill, round(width, 2), text, source)
