"""Drawing a grid as text, HTML (for notebooks) and SVG; every function returns a string."""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Mapping, Sequence

from .board import Board

GIVEN_COLOR = "#111"
FILLED_COLOR = "#1f5fbf"
HIGHLIGHT_COLOR = "#fff3b0"
CANDIDATE_COLOR = "#666"


def text_grid(board: Board, cells: Sequence[int], regions: Sequence[int] | None = None) -> str:
    """A plain-text grid with ``|`` and ``-`` on the borders of regions; ``.`` for a blank.

    ``regions`` gives each cell's region (any hashable label, one a cell); without it the
    regions are the boxes. Columns get a wide gap wherever some row has a border there, and a
    line of ``-`` comes between two rows wherever some column has a border there, so irregular
    regions read as they are drawn.

    >>> print(text_grid(Board(2, 2), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]))
    1 2 | 3 4
    3 4 | 1 2
    ----+----
    2 1 | 4 3
    4 3 | 2 1
    >>> print(text_grid(Board(2, 2), [0] * 16, [0, 0, 0, 1, 2, 0, 1, 1, 2, 2, 3, 1, 2, 3, 3, 3]))
    .   .   . | .
    --+   +---+
    . | . | .   .
      +---+---+
    .   . | . | .
      +---+   +--
    . | .   .   .
    """
    n = board.n
    width = 1 if n <= 9 else 2
    if regions is None:
        regions = [0] * board.size
        for k, box in enumerate(board.boxes):
            for i in box:
                regions[i] = k

    def wall(r: int, c: int) -> bool:  # between (r, c - 1) and (r, c)
        return 0 < c < n and 0 <= r < n and regions[r * n + c - 1] != regions[r * n + c]

    def floor(r: int, c: int) -> bool:  # between (r - 1, c) and (r, c)
        return 0 < r < n and 0 <= c < n and regions[(r - 1) * n + c] != regions[r * n + c]

    wide = [any(wall(r, c) for r in range(n)) for c in range(n)]
    lines = []
    for r in range(n):
        if any(floor(r, c) for c in range(n)):
            lines.append(_border_line(r, n, width, wide, wall, floor))
        parts = []
        for c in range(n):
            if c:
                parts.append((" | " if wall(r, c) else "   ") if wide[c] else " ")
            parts.append(_text_symbol(board, cells[r * n + c]).rjust(width))
        lines.append("".join(parts).rstrip())
    return "\n".join(lines)


def _border_line(
    r: int,
    n: int,
    width: int,
    wide: Sequence[bool],
    wall: Callable[[int, int], bool],
    floor: Callable[[int, int], bool],
) -> str:
    """The line above row ``r``: ``-`` under each cell with a region border above it, and at
    each column gap ``+`` where borders cross or turn, ``|`` where a wall passes through."""
    parts = []
    for c in range(n):
        if c:
            left, right = floor(r, c - 1), floor(r, c)
            upright = wall(r - 1, c) or wall(r, c)
            across = "-" if left or right else " "
            if wide[c]:
                middle = "+" if upright and across == "-" else "|" if upright else across
                parts.append(("-" if left else " ") + middle + ("-" if right else " "))
            else:
                parts.append(across)
        parts.append(("-" if floor(r, c) else " ") * width)
    return "".join(parts).rstrip()


def _text_symbol(board: Board, d: int) -> str:
    if d == 0:
        return "."
    return str(d) if board.n > 9 else board.symbol(d)


def html_grid(
    board: Board,
    cells: Sequence[int],
    givens: Sequence[int] | None = None,
    highlight: Collection[int] = (),
    candidates: Mapping[int, Collection[int]] | None = None,
    marked: Mapping[int, Collection[int]] | None = None,
    caption: str | None = None,
) -> str:
    """An HTML table with inline styles: thick box borders, givens bold, filled digits blue.

    ``givens`` (cell values, 0 blank) tells givens from filled digits; without it every digit is
    a given. ``highlight`` shades cells; ``candidates`` draws small pencil marks in empty cells;
    ``marked`` colours some of those candidates red (for a step's eliminations).
    """
    n = board.n
    givens = cells if givens is None else givens
    cell_px = 28 if n <= 9 else 24 if n <= 16 else 20
    font_px = cell_px * 0.6
    rows = []
    for r in range(n):
        tds = []
        for c in range(n):
            i = r * n + c
            d = cells[i]
            style = [
                f"width:{cell_px}px",
                f"height:{cell_px}px",
                "text-align:center",
                "vertical-align:middle",
                "padding:0",
                f"font-size:{font_px:.0f}px",
                "font-family:sans-serif",
                f"border-top:{_edge(r, board.box_rows)}",
                f"border-left:{_edge(c, board.box_cols)}",
                f"border-bottom:{'2px solid #000' if r == n - 1 else '1px solid #bbb'}",
                f"border-right:{'2px solid #000' if c == n - 1 else '1px solid #bbb'}",
            ]
            if i in highlight:
                style.append(f"background:{HIGHLIGHT_COLOR}")
            if d:
                is_given = bool(givens[i])
                color = GIVEN_COLOR if is_given else FILLED_COLOR
                weight = "bold" if is_given else "normal"
                style += [f"color:{color}", f"font-weight:{weight}"]
                content = html.escape(_text_symbol(board, d))
            elif candidates and i in candidates:
                red = marked.get(i, ()) if marked else ()
                content = _candidate_block(board, candidates[i], red, cell_px)
            else:
                content = ""
            tds.append(f'<td style="{";".join(style)}">{content}</td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    caption_html = (
        f'<caption style="caption-side:top;text-align:left">{html.escape(caption)}</caption>'
        if caption
        else ""
    )
    return (
        '<table style="border-collapse:collapse;margin:4px 0">'
        + caption_html
        + "".join(rows)
        + "</table>"
    )


def _edge(index: int, box_side: int) -> str:
    return "2px solid #000" if index % box_side == 0 else "1px solid #bbb"


def _candidate_block(
    board: Board, digits: Collection[int], red: Collection[int], cell_px: int
) -> str:
    per_line = board.box_cols
    size = max(6, int(cell_px / (per_line + 0.5)))
    spans = []
    for d in range(1, board.n + 1):
        text = _text_symbol(board, d) if d in digits else "&nbsp;"
        color = "#c0392b" if d in red else CANDIDATE_COLOR
        spans.append(f'<span style="color:{color}">{text}</span>')
        if d % per_line == 0:
            spans.append("<br>")
    return (
        f'<div style="font-size:{size}px;line-height:1;font-weight:normal">{"".join(spans)}</div>'
    )


def svg_grid(
    board: Board,
    cells: Sequence[int],
    givens: Sequence[int],
    cell_size: int = 32,
    overlay: Sequence[str] = (),
    margin: float = 0,
    boxes: bool = True,
    on_top: Sequence[str] = (),
) -> str:
    """A standalone SVG drawing of the grid; digits absent from ``givens`` are drawn blue.

    ``overlay`` holds SVG elements drawn over the cells and under the grid lines and digits (a
    variant's marks, in units where a cell is ``cell_size`` wide), ``on_top`` those drawn over
    the grid lines (Kropki dots); ``margin`` widens the picture on every side (for clues outside
    the grid); ``boxes=False`` draws no thick box lines (when irregular regions draw their own).
    """
    n = board.n
    side = n * cell_size
    pad = 2 + margin
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 2 * pad}" '
        f'height="{side + 2 * pad}" viewBox="{-pad} {-pad} {side + 2 * pad} {side + 2 * pad}">',
        f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>',
        *overlay,
    ]
    for k in range(n + 1):
        pos = k * cell_size
        edge = k in (0, n)
        thick_h = edge or (boxes and k % board.box_rows == 0)
        thick_v = edge or (boxes and k % board.box_cols == 0)
        parts.append(
            f'<line x1="0" y1="{pos}" x2="{side}" y2="{pos}" stroke="black" '
            f'stroke-width="{2 if thick_h else 0.5}"/>'
        )
        parts.append(
            f'<line x1="{pos}" y1="0" x2="{pos}" y2="{side}" stroke="black" '
            f'stroke-width="{2 if thick_v else 0.5}"/>'
        )
    parts += on_top
    font = cell_size * 0.6
    for i, d in enumerate(cells):
        if not d:
            continue
        r, c = divmod(i, n)
        x = c * cell_size + cell_size / 2
        y = r * cell_size + cell_size / 2
        given = bool(givens[i])
        parts.append(
            f'<text x="{x}" y="{y}" font-size="{font:.1f}" font-family="sans-serif" '
            f'text-anchor="middle" dominant-baseline="central" '
            f'fill="{GIVEN_COLOR if given else FILLED_COLOR}" '
            f'font-weight="{"bold" if given else "normal"}">{_text_symbol(board, d)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def group_line(board: Board, cells: Sequence[int], size: float = 1) -> str:
    """An SVG line through the centres of an extra all-different group's cells, for cells
    ``size`` units wide (a group that no variant rule draws itself)."""
    points = " ".join(
        f"{(c + 0.5) * size:g},{(r + 0.5) * size:g}" for r, c in map(board.row_col, cells)
    )
    return (
        f'<polyline class="variant-group" points="{points}" fill="none" '
        f'stroke="#7a5cc2" stroke-opacity="0.35" stroke-width="{0.12 * size:g}" '
        'stroke-linecap="round"/>'
    )


def cage_outline(board: Board, cells: Sequence[int], label: str, size: float = 1) -> str:
    """A cage as SVG, for cells ``size`` units wide: a dashed outline just inside its border
    and ``label`` (its total) in the corner of its first cell."""
    inside = set(cells)
    n = board.n
    inset = 0.08
    segments = []
    for i in cells:
        r, c = board.row_col(i)
        x0, y0 = (c + inset) * size, (r + inset) * size
        x1, y1 = (c + 1 - inset) * size, (r + 1 - inset) * size
        if r == 0 or (r - 1) * n + c not in inside:
            segments.append(f"M{x0:g},{y0:g}H{x1:g}")
        if r == n - 1 or (r + 1) * n + c not in inside:
            segments.append(f"M{x0:g},{y1:g}H{x1:g}")
        if c == 0 or i - 1 not in inside:
            segments.append(f"M{x0:g},{y0:g}V{y1:g}")
        if c == n - 1 or i + 1 not in inside:
            segments.append(f"M{x1:g},{y0:g}V{y1:g}")
    r, c = board.row_col(min(cells))
    return (
        f'<path class="variant-cage" d="{"".join(segments)}" fill="none" stroke="#333" '
        f'stroke-width="{0.03 * size:g}" stroke-dasharray="{0.08 * size:g} {0.06 * size:g}"/>'
        f'<text class="variant-cage-total" x="{(c + 0.1) * size:g}" y="{(r + 0.3) * size:g}" '
        f'font-size="{0.22 * size:g}">{html.escape(label)}</text>'
    )
