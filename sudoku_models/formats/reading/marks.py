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
import itertools
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]

#: How far a SudokuPad point may lie from a cell centre, edge or corner and still be read as on
#: it, in cells. SudokuPad draws its marks at exact halves and wholes and stops a line half a
#: stroke (1/32 of a cell) short of a corner; what it draws a tenth of a cell or more from a
#: grid line (a line's end cut short at a circle's rim, an arrowhead, a chevron) lies inside
#: the cell.
SNAP = 0.05


@dataclass(frozen=True)
class Mark:
    """One drawing: ``shape`` (line, arrow, circle, square, diamond, text, cage, shaded),
    ``place`` and the cells it touches, with its colour name (:func:`colour_name`), its size
    in cells, its text, and its angle in degrees, clockwise on the page.

    The places: ``cell``, ``edge`` (its two cells), ``corner`` (its four), ``outside`` (the
    cell outside the grid it sits in; an arrow there points along ``angle``, 0 to the right),
    ``path`` (a line's cells in order, through their centres), ``area`` (a cage, or a shape
    spread over several cells), and for lines that run through no cell centres ``edges``
    (along grid lines: the cells beside them) and ``corners`` (from corner to corner across
    cells: the cells around those corners)."""

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
#
# SudokuPad gives a point as [row, column] in cells from the grid's top left corner: a cell's
# centre is at (r + 0.5, c + 0.5), the edge below it at (r + 1, c + 0.5), its bottom right corner
# at (r + 1, c + 1). A mark made for two or four cells sits at the mean of their centres, so on
# their edge or corner; a shape's ``width`` and ``height`` are in cells too, and a text's
# ``fontSize`` in pixels of a 64-pixel cell.

#: SudokuPad's cell in pixels, the unit of a text's ``fontSize``.
_PIXELS = 64
#: How far above its baseline a line of digits has its middle, in ems.
_MIDDLE = 0.35


def _near(value: float, to: float) -> bool:
    """Whether ``value`` lies within :data:`SNAP` of ``to`` plus a whole number."""
    off = (value - to) % 1
    return min(off, 1 - off) <= SNAP


def _snap(y: float, x: float, n: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The place of a SudokuPad point: a cell (or a cell outside the grid), an edge or a
    corner of cells of the grid, or None (between them, or on the grid's border)."""
    r, c = math.floor(y), math.floor(x)
    top, left = round(y) - 1, round(x) - 1
    inside = lambda cells: all(0 <= i < n and 0 <= j < n for i, j in cells)  # noqa: E731
    if _near(y, 0.5) and _near(x, 0.5):
        return ("cell" if inside([(r, c)]) else "outside"), ((r, c),)
    if _near(y, 0) and _near(x, 0.5):
        cells: tuple[Cell, ...] = ((top, c), (top + 1, c))
    elif _near(y, 0.5) and _near(x, 0):
        cells = ((r, left), (r, left + 1))
    elif _near(y, 0) and _near(x, 0):
        cells = tuple((top + i, left + j) for i in (0, 1) for j in (0, 1))
    else:
        return None
    if inside(cells):
        return ("edge" if len(cells) == 2 else "corner"), cells
    out = [cell for cell in cells if not inside([cell])]
    if len(cells) == 2 and len(out) == 1:  # on the border, beside one row or column
        return "outside", (out[0],)
    return None


def _point(value: Any, n: int, origin: Cell) -> tuple[float, float] | None:
    """A SudokuPad point measured from the grid's top left corner (``origin`` the drawing's
    cell there), when it lies on the grid or next to it (one cell around)."""
    if isinstance(value, list) and len(value) == 2:
        y, x = (_number(v, math.nan) - o for v, o in zip(value, origin, strict=True))
        if -1 <= y <= n + 1 and -1 <= x <= n + 1:  # False for nan
            return y, x
    return None


def _within(y: float, x: float) -> Cell | None:
    """The cell a point lies inside, None when it lies on a grid line."""
    if _near(y, 0) or _near(x, 0):
        return None
    return math.floor(y), math.floor(x)


def sudokupad_marks(
    data: Mapping[str, Any], n: int, origin: Cell = (0, 0)
) -> tuple[list[Mark], int]:
    """The marks of SudokuPad's ``lines``, ``arrows``, ``overlays`` and ``underlays``, and how
    many drawings landed nowhere on the grid. ``origin`` is the grid's top left cell in the
    drawing (when the drawing frames the grid with cells around it)."""
    out: list[Mark] = []
    lost = 0
    for key in ("lines", "arrows"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, Mapping):
                continue
            way = item.get("wayPoints")
            found = [_point(p, n, origin) for p in way[:MAX_CELLS]] if isinstance(way, list) else []
            points = [p for p in found if p is not None]
            if len(points) < 2 or len(points) != len(found):
                lost += 1
                continue
            where = _arrow(points, n) if key == "arrows" else _line(points, n)
            if where is None:
                lost += 1
                continue
            place, cells = where
            colour = colour_name(item.get("color"))
            width = _number(item.get("thickness"), 10) / 64
            shape = "arrow" if key == "arrows" else "line"
            angle = _heading(points) if key == "arrows" and place != "path" else 0.0
            out.append(Mark(shape, place, cells, colour, width, "", f"SudokuPad {key!r}", angle))
    for key in ("underlays", "overlays"):
        items = data.get(key)
        for item in items if isinstance(items, list) else ():
            if not isinstance(item, Mapping):
                continue
            marks = _sp_shape(item, n, key, origin)
            if marks is None:
                lost += 1
            else:
                out += marks
    return out, lost


def _line(points: Sequence[tuple[float, float]], n: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The place of a line: a path through cell centres (its ends may stop short, inside their
    cells, at a circle's rim; a straight or diagonal run passes the cells between), a path
    along a diagonal from corner to corner, a drawing inside one cell, a line along grid lines
    or across cells from corner to corner; None for anything else."""
    spots = [_snap(y, x, n) for y, x in points]
    centres: list[Cell | None] = [s[1][0] if s and s[0] == "cell" else None for s in spots]
    for end, after in ((0, 1), (-1, -2)):  # an end cut short, on its way to the next cell
        cell, other = _within(*points[end]), centres[after] or _within(*points[after])
        if not centres[end] and cell and other and _on_run(points[end], cell, other):
            centres[end] = cell
    inner = {_within(y, x) for y, x in points}
    path: tuple[Cell, ...] = ()
    if all(centres):
        path = tuple(_through([c for c in centres if c]))
    elif len(inner) == 1:
        path = tuple(c for c in inner if c)
    if path:
        if not all(0 <= r < n and 0 <= c < n for r, c in path):
            return None
        return ("path" if len(path) > 1 else "cell"), path
    if all(_near(y, 0) and _near(x, 0) for y, x in points):
        corners = [(round(y), round(x)) for y, x in points]
        diagonal = _diagonal(corners, n)
        if diagonal:
            return "path", diagonal
        if not all(_along(a, b) for a, b in itertools.pairwise(points)):
            touched = {(r + i, c + j) for r, c in corners for i in (-1, 0) for j in (-1, 0)}
            around = tuple(sorted((r, c) for r, c in touched if 0 <= r < n and 0 <= c < n))
            return ("corners", around) if around else None
    if all(_along(a, b) for a, b in itertools.pairwise(points)):
        beside = _beside(points, n)
        return ("edges", beside) if beside else None
    return None


def _on_run(point: tuple[float, float], cell: Cell, other: Cell) -> bool:
    """Whether ``point`` lies on the straight run from the centre of ``cell`` to that of
    ``other``."""
    (y, x), (r0, c0), (r1, c1) = point, cell, other
    dy, dx = r1 - r0, c1 - c0
    if (dy, dx) == (0, 0):
        return True
    off = (y - r0 - 0.5) * dx - (x - c0 - 0.5) * dy  # the cross product: length times distance
    return abs(off) <= SNAP * math.hypot(dy, dx)


def _diagonal(corners: Sequence[Cell], n: int) -> tuple[Cell, ...] | None:
    """The cells a line from corner to corner crosses through their centres, when each of its
    runs is diagonal (as SudokuPad draws a grid's diagonals) and stays on the grid."""
    out: list[Cell] = []
    for (y0, x0), (y1, x1) in itertools.pairwise(corners):
        k = abs(y1 - y0)
        if k == 0 or abs(x1 - x0) != k:
            return None
        dy, dx = (y1 - y0) // k, (x1 - x0) // k
        for i in range(k):
            cell = (y0 + i * dy + min(dy, 0), x0 + i * dx + min(dx, 0))
            if not out or out[-1] != cell:
                out.append(cell)
    if not all(0 <= r < n and 0 <= c < n for r, c in out):
        return None
    return tuple(out)


def _along(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether the run from ``a`` to ``b`` lies on one grid line."""
    same_row = _near(a[0], 0) and abs(a[0] - b[0]) <= SNAP
    return same_row or (_near(a[1], 0) and abs(a[1] - b[1]) <= SNAP)


def _beside(points: Sequence[tuple[float, float]], n: int) -> tuple[Cell, ...]:
    """The cells of the grid on either side of a line along grid lines, in order."""
    out: dict[Cell, None] = {}
    for (y0, x0), (y1, x1) in itertools.pairwise(points):
        if _near(y0, 0) and abs(y0 - y1) <= SNAP:
            line, lo, hi, across = round(y0), min(x0, x1), max(x0, x1), False
        else:
            line, lo, hi, across = round(x0), min(y0, y1), max(y0, y1), True
        for k in range(math.floor(lo + SNAP), math.ceil(hi - SNAP)):
            for side in (line - 1, line):
                out[(k, side) if across else (side, k)] = None
    return tuple(cell for cell in out if 0 <= cell[0] < n and 0 <= cell[1] < n)


def _arrow(points: Sequence[tuple[float, float]], n: int) -> tuple[str, tuple[Cell, ...]] | None:
    """The place of an arrow: the cells it crosses from its circle's rim; the one cell it is
    drawn in; or, when it starts outside the grid (a clue's arrow), the cell it starts in and
    then those it crosses."""
    cells = tuple(_through([(math.floor(y), math.floor(x)) for y, x in points]))
    inside = [0 <= r < n and 0 <= c < n for r, c in cells]
    if all(inside):
        return ("path" if len(cells) > 1 else "cell"), cells
    if not inside[0] and all(inside[1:]):
        return "outside", cells
    return None


def _heading(points: Sequence[tuple[float, float]]) -> float:
    """The way a drawing from its first point to its last points, in degrees clockwise from
    the right, as the page shows it (rows run down)."""
    (y0, x0), (y1, x1) = points[0], points[-1]
    return round(math.degrees(math.atan2(y1 - y0, x1 - x0)) % 360, 1)


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


def _sp_shape(item: Mapping[str, Any], n: int, key: str, origin: Cell) -> list[Mark] | None:
    """The marks of one overlay or underlay (none for an empty one or the grid's background),
    or None when it lies nowhere on the grid."""
    centre = _point(item.get("center"), n, origin)
    if centre is None:
        return None
    y, x = centre
    text = str(item.get("text") or "").strip()
    width = _number(item.get("width"), 0.5)
    height = _number(item.get("height"), width)
    fill = colour_name(item.get("backgroundColor"))
    border = colour_name(item.get("borderColor"))
    source = f"SudokuPad {key!r}"
    if fill == "none" and border == "none":
        if not text:
            return []
        if item.get("dominant-baseline") == "alphabetic":  # the point is the text's baseline
            y -= _MIDDLE * _number(item.get("fontSize"), 0) / _PIXELS
        where = _snap(y, x, n)
        if where is None:
            return None
        colour = colour_name(item.get("color") or "#000")
        angle = _number(item.get("angle"), 0)
        return [Mark("text", *where, colour, width, text, source, angle)]
    if fill == "none":
        fill = "white" if border != "none" else fill
    rounded = bool(item.get("rounded"))
    rows, cols = _span(y, height, n), _span(x, width, n)
    if len(rows) * len(cols) > 1:  # over the centres of several cells
        aligned = not rounded and all(
            _near(side, 0)
            for side in (y - height / 2, y + height / 2, x - width / 2, x + width / 2)
        )
        return _spread(rows, cols, n, fill, aligned, rounded, text, source)
    where = _snap(y, x, n)
    if where is None:
        return None
    place, cells = where
    if place == "cell" and min(width, height) >= 0.9 and not rounded:
        return [Mark("shaded", "cell", cells, fill, 1.0, text, source)]
    shape = "circle" if rounded else "square"
    if not rounded and item.get("angle") in (45, -45):
        shape = "diamond"
    return [Mark(shape, place, cells, fill, round(width, 2), text, source)]


def _span(middle: float, size: float, n: int) -> range:
    """The rows (or columns) whose centres a shape ``size`` cells long around ``middle``
    covers, clear of its sides (a shape longer than the grid and its surround held to that)."""
    if size <= 0:
        return range(0)
    size = min(size, 2 * n + 8)
    return range(
        math.ceil(middle - size / 2 + SNAP - 0.5), math.floor(middle + size / 2 - SNAP - 0.5) + 1
    )


def _spread(
    rows: range,
    cols: range,
    n: int,
    fill: str,
    aligned: bool,
    rounded: bool,
    text: str,
    source: str,
) -> list[Mark] | None:
    """The marks of a shape over several cells: a rectangle without text whose sides lie on
    grid lines shades each cell of the grid it covers (none when it covers them all: the
    grid's background); any other shape is one mark over the area."""
    grid = range(n)
    inside = (
        range(max(rows.start, 0), min(rows.stop, n)),
        range(max(cols.start, 0), min(cols.stop, n)),
    )
    cells = tuple((r, c) for r in inside[0] for c in inside[1])
    if not cells:
        return None
    if aligned and not text:
        if inside == (grid, grid):
            return []
        return [Mark("shaded", "cell", (cell,), fill, 1.0, text, source) for cell in cells]
    return [Mark("circle" if rounded else "square", "area", cells, fill, 1.0, text, source)]
