"""Variant constraints drawn over the grid: one SVG fragment in cell units.

The fragment goes into an ``<svg viewBox="0 0 n n">`` laid over the grid, so cell ``(r, c)``
spans ``x = c .. c + 1``, ``y = r .. r + 1``. A model that keeps its variant rules
(``model.variants``, each with ``svg(board, size)``) is drawn by those rules themselves, so a
new variant brings its own drawing; the rules drawn on top (Kropki dots, XV) come last, in a
group of class ``sm-top`` that the page lays over the grid lines. Otherwise extra
all-different groups are drawn as a line through their cells' centres and sum cages as a
dashed outline with the total in a corner.
"""

from __future__ import annotations

from .. import display
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
        on_top = [getattr(rule, "on_top", False) for rule in rules]
        under = "".join(p for r, t in zip(rules, on_top) if not t for p in r.svg(board, RULE_SCALE))
        top = "".join(p for r, t in zip(rules, on_top) if t for p in r.svg(board, RULE_SCALE))
        if top:  # the page shows this group over the grid lines (Kropki dots, XV)
            top = f'<g class="sm-top">{top}</g>'
        return f'<g transform="scale({1 / RULE_SCALE:g})">{under}{top}</g>'
    parts: list[str] = []
    classic = {g.cells for g in classic_groups(board)}
    for group in model.groups:
        if group.cells not in classic:
            parts.append(display.group_line(board, group.cells))
    for cage in model.cages:
        parts.append(display.cage_outline(board, cage.cells, str(cage.total)))
    return "".join(parts)


def overlay_layout(model: Model) -> tuple[bool, bool]:
    """``(outside, boxes)``: whether a rule draws outside the grid (clues beside it, so the
    drawing needs a margin of one cell), and whether the boxes are drawn (not when irregular
    regions replace them)."""
    rules = getattr(model, "variants", ())
    outside = any(getattr(rule, "outside", False) for rule in rules)
    boxes = not any(getattr(rule, "replaces_boxes", False) for rule in rules)
    return outside, boxes
