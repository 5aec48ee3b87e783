"""A search tree as SVG for documents: the paths to solutions drawn, failed subtrees collapsed.

A subtree holding no solution, no open node and no node of the path where the search stopped
is drawn as one triangle labelled with its size (a single failed node as a red square), so a
tree of a million nodes still fits a page. Nodes whose subtree holds one of those are drawn one
by one, until ``max_drawn`` shapes are drawn; the rest collapse too. Layout: each drawn leaf or
triangle takes the next slot from the left (wide enough for its label), a parent sits over the
middle of its children, depth goes down the page.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Protocol

from ..board import Board, cell_name


class DrawnTree(Protocol):
    """What the drawing reads of a :class:`~sudoku_models.tracing.tree.SearchTree` (which
    calls it, so this module names no tree of its own)."""

    @property
    def board(self) -> Board: ...
    @property
    def strategy(self) -> str: ...
    @property
    def parents(self) -> Sequence[int]: ...
    @property
    def cells(self) -> Sequence[int]: ...
    @property
    def digits(self) -> Sequence[int]: ...
    @property
    def searched(self) -> Sequence[int]: ...
    @property
    def outcomes(self) -> bytes: ...
    @property
    def complete(self) -> bool: ...
    @property
    def counts(self) -> dict[str, int]: ...
    @property
    def stopped(self) -> Sequence[int]: ...
    def ending(self) -> str: ...
    def __len__(self) -> int: ...


SLOT = 20  # horizontal room per drawn leaf (a size label of three digits fits)
DIGIT = 4.5  # width of a digit of a size label
LEVEL = 26  # vertical room per depth
MARGIN = 20
TOP = 34  # room for the caption
COLORS = ("#4a78c2", "#c0392b", "#1e8449")  # open, fail, solution


def tree_svg(tree: DrawnTree, max_drawn: int = 1500) -> str:
    """The SVG text of ``tree``; see the module docstring."""
    size = len(tree)
    parents = tree.parents
    children: list[list[int]] = [[] for _ in range(size)]
    roots: list[int] = []
    for k, p in enumerate(parents):
        (children[p] if p >= 0 else roots).append(k)
    weight = [1] * size  # subtree sizes
    wanted = bytearray(size)  # subtree holds a solution, an open node or where the search stopped
    for k in tree.stopped:
        wanted[k] = 1
    for k in range(size - 1, -1, -1):  # children come after their parent
        outcome = tree.outcomes[k]
        if outcome == 2 or (outcome == 0 and not children[k]):
            wanted[k] = 1
        p = parents[k]
        if p >= 0:
            weight[p] += weight[k]
            wanted[p] |= wanted[k]

    xs: dict[int, float] = {}
    depth: dict[int, int] = {}
    collapsed: set[int] = set()
    slot = 0.0  # the left edge of the next slot
    drawn = 0
    # Iterative post-order layout: place a node once its drawn children are placed.
    stack = [(k, 0, False) for k in reversed(roots)]
    while stack:
        k, d, done = stack.pop()
        if done:
            kids = [c for c in children[k] if c in xs]
            xs[k] = (xs[kids[0]] + xs[kids[-1]]) / 2
            continue
        depth[k] = d
        drawn += 1
        expand = children[k] and (parents[k] < 0 or (wanted[k] and drawn < max_drawn))
        if not expand:
            room: float = SLOT
            if children[k]:
                collapsed.add(k)
                room = max(SLOT, DIGIT * len(str(weight[k])) + 6)
            xs[k] = slot + (room - SLOT) / 2
            slot += room
            continue
        stack.append((k, d, True))
        stack.extend((c, d + 1, False) for c in reversed(children[k]))

    caption_width = 7 * (len(tree.strategy) + 70)
    width = max(max(slot, SLOT), caption_width) + 2 * MARGIN
    height = (max(depth.values(), default=0) + 1) * LEVEL + TOP + MARGIN + 12
    c = tree.counts
    caption = f"{tree.strategy}: {c['nodes']} nodes, {c['backtracks']} backtracks, {tree.ending()}"

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height}" '
        f'viewBox="0 0 {width:.0f} {height}" font-family="sans-serif">',
        f'<text x="{MARGIN}" y="16" font-size="12">{html.escape(caption)}</text>',
        '<g stroke="#999" stroke-width="1">',
    ]

    def at(k: int) -> tuple[float, float]:
        return xs[k] + MARGIN + SLOT / 2, depth[k] * LEVEL + TOP

    for k in xs:
        p = parents[k]
        if p >= 0:
            (x0, y0), (x1, y1) = at(p), at(k)
            out.append(f'<line x1="{x0:.1f}" y1="{y0}" x2="{x1:.1f}" y2="{y1}"/>')
    out.append("</g>")
    board = tree.board
    for k in xs:
        x, y = at(k)
        label = "root" if tree.cells[k] < 0 else f"{cell_name(*board.row_col(tree.cells[k]))}"
        if tree.cells[k] >= 0:
            label += f"={tree.digits[k]}"
        outcome = tree.outcomes[k]
        if k in collapsed:
            title = f"{label}: {weight[k]} nodes, no solution"
            out.append(
                f'<path d="M{x:.1f},{y - 5} l6,14 h-12 z" fill="#f2c4be" stroke="{COLORS[1]}">'
                f"<title>{html.escape(title)}</title></path>"
                f'<text x="{x:.1f}" y="{y + 20}" font-size="7" text-anchor="middle">'
                f"{weight[k]}</text>"
            )
            continue
        title = f"{label}: {('open', 'fail', 'solution')[outcome]}"
        if not tree.searched[k]:
            title += " (refuted by propagation)"
        shape = (
            f'<rect x="{x - 4:.1f}" y="{y - 4}" width="8" height="8"'
            if outcome == 1
            else f'<circle cx="{x:.1f}" cy="{y}" r="{5 if outcome == 2 else 4}"'
        )
        out.append(
            f'{shape} fill="{COLORS[outcome]}"><title>{html.escape(title)}</title>'
            f"{'</rect>' if outcome == 1 else '</circle>'}"
        )
    out.append("</svg>")
    return "\n".join(out)
