"""Variant constraints drawn over the grid: one SVG fragment in cell units.

The fragment goes into an ``<svg viewBox="0 0 n n">`` laid over the grid, so cell ``(r, c)``
spans ``x = c .. c + 1``, ``y = r .. r + 1``. A model that keeps its variant rules
(``model.variants``, each with ``svg(board, size)``) is drawn by those rules themselves, so a
new variant brings its own drawing. Otherwise extra all-different groups are drawn as a line
through their cells' centres and sum cages as a dashed outline with the total in a corner.
"""

from __future__ import annotations

import html

from ..board import Board
from ..model import Model, classic_groups

#: Cell size handed to a rule's own ``svg``; the fragment is scaled back to cell units.
RULE_SCALE = 100


def overlay_svg(model: Model) -> str:
    """The SVG fragment of ``model``'s constraints beyond rows, columns and boxes ("" if none).

    >>> killer = Model.from_puzzle(".1.....4....34..", cages=[((0, 1), 3)])
    >>> overlay_svg(killer).count("<path")
    1
    """
    if model.is_classic:
        return ""
    board = model.board
    rules = getattr(model, "variants", ())
    if rules:
        drawn = "".join(part for rule in rules for part in rule.svg(board, RULE_SCALE))
        return f'<g transform="scale({1 / RULE_SCALE:g})">{drawn}</g>'
    parts: list[str] = []
    classic = {g.cells for g in classic_groups(board)}
    for group in model.groups:
        if group.cells not in classic:
            parts.append(_group_line(board, group.cells))
    for cage in model.cages:
        parts.append(_cage(board, cage.cells, str(cage.total)))
    return "".join(parts)


def overlay_layout(model: Model) -> tuple[bool, bool]:
    """``(outside, boxes)``: whether a rule draws outside the grid (clues beside it, so the
    drawing needs a margin of one cell), and whether the boxes are drawn (not when irregular
    regions replace them)."""
    rules = getattr(model, "variants", ())
    outside = any(getattr(rule, "outside", False) for rule in rules)
    boxes = not any(getattr(rule, "replaces_boxes", False) for rule in rules)
    return outside, boxes


def _centre(board: Board, i: int) -> tuple[float, float]:
    r, c = board.row_col(i)
    return c + 0.5, r + 0.5


def _group_line(board: Board, cells: tuple[int, ...]) -> str:
    points = " ".join("{:g},{:g}".format(*_centre(board, i)) for i in cells)
    return (
        f'<polyline class="variant-group" points="{points}" fill="none" '
        'stroke="#7a5cc2" stroke-opacity="0.35" stroke-width="0.12" stroke-linecap="round"/>'
    )


def _cage(board: Board, cells: tuple[int, ...], label: str) -> str:
    """A dashed outline just inside the cage's border, the total at its first cell."""
    inside = set(cells)
    inset = 0.08
    segments = []
    for i in cells:
        r, c = board.row_col(i)
        n = board.n
        x0, y0, x1, y1 = c + inset, r + inset, c + 1 - inset, r + 1 - inset
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
        'stroke-width="0.03" stroke-dasharray="0.08 0.06"/>'
        f'<text class="variant-cage-total" x="{c + 0.1:g}" y="{r + 0.3:g}" '
        f'font-size="0.22">{html.escape(label)}</text>'
    )
