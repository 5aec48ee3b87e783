"""Sphinx extension: the variants gallery, one card per rule, written from the package itself.

At ``builder-inited`` it writes ``gallery/index.md``: for every rule in
:mod:`sudoku_models.variants`, its drawing (an SVG the package makes), the primitives it becomes,
its f-puzzles key and the line of Python that made the example.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from gallery_examples import EXAMPLES

import sudoku_models as sm
from sudoku_models import variants as v


def rule_classes() -> list[str]:
    """Names of the rule classes :mod:`sudoku_models.variants` exports."""
    return sorted(
        name for name in v.__all__ if isinstance(getattr(v, name), type) and name != "Variant"
    )


#: Fill of the cells a global rule ties to the centre cell, and of the centre cell itself.
TIED, CENTRE = "#f2c9a0", "#9cc3e6"


def primitive_cells(primitive: Any) -> tuple[int, ...]:
    """The cells one primitive constrains (its ``cells``, or the two cells of a relation)."""
    cells = getattr(primitive, "cells", None)
    return tuple(cells) if cells is not None else (primitive.a, primitive.b)


def shading(board: sm.Board, size: int, fills: dict[str, list[int]]) -> str:
    """SVG squares filling the listed cells, each list in its colour."""
    return "".join(
        f'<rect x="{c * size}" y="{r * size}" width="{size}" height="{size}" fill="{fill}"/>'
        for fill, cells in fills.items()
        for r, c in map(board.row_col, cells)
    )


def unmarked(rule: Any, board: sm.Board, size: int, primitives: list[Any]) -> tuple[str, str]:
    """SVG shading and a caption for a rule that draws no mark of its own: the cells it names
    (an indexer's), or else the cells it ties to the centre cell (a global rule)."""
    named = getattr(rule, "cells", None)
    if named:
        cells = sorted(board.cell(*cell) for cell in named)
        return shading(board, size, {TIED: cells}), "Shaded: the cells the rule names."
    centre = (board.n // 2) * board.n + board.n // 2
    tied = {i for p in primitives if centre in (cells := primitive_cells(p)) for i in cells}
    fills = {TIED: sorted(tied - {centre}), CENTRE: [centre]}
    return shading(board, size, fills), "Shaded: the cells the rule ties to the blue centre cell."


def card(name: str) -> str:
    """The Markdown of one gallery card. A rule with no mark of its own (a global rule) is shown
    by the cells it ties to the centre cell."""
    box, expression = EXAMPLES[name]
    board = sm.Board(*box)
    rule = eval(expression, {"v": v, "board": board})
    model = sm.Model.from_puzzle(sm.Puzzle.empty(box), variants=[rule])
    made = rule.primitives(board, [rule])
    primitives = Counter(type(p).__name__ for p in made)
    listed = ", ".join(f"{count} {kind}" for kind, count in primitives.most_common())
    doc = (type(rule).__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    size = 22 if board.n == 9 else 40
    svg = model.to_svg(cell_size=size)
    if not rule.svg(board, size):
        shaded, caption = unmarked(rule, board, size, made)
        svg = svg.replace('fill="white"/>', 'fill="white"/>' + shaded, 1)
        doc += f" *{caption}*"
    return "\n".join(
        [
            f":::{{grid-item-card}} {type(rule).name or name}",
            ":class-header: sd-font-weight-bold",
            "",
            "```{raw} html",
            svg,
            "```",
            "",
            doc,
            "",
            f"- class: {{class}}`~sudoku_models.variants.{name}`",
            f"- f-puzzles key: `{type(rule).key or '(none)'}`",
            f"- primitives: {listed or 'none'}",
            "",
            "```python",
            f"{expression}",
            "```",
            ":::",
            "",
        ]
    )


def write_gallery(app: Any) -> None:
    """Write ``gallery/index.md`` under the documentation's source folder."""
    missing = [name for name in rule_classes() if name not in EXAMPLES]
    if missing:
        raise RuntimeError(f"the gallery has no example of: {', '.join(missing)}")
    cards = "\n".join(card(name) for name in rule_classes())
    text = (
        "# Variants gallery\n\n"
        "Every rule the package models, drawn by the package itself on an empty board, with the\n"
        "primitive constraints it becomes (what every backend reads), its f-puzzles key, and the\n"
        "line of Python that made the example. This page is written at build time from\n"
        "`sudoku_models.variants`, so it always lists every rule.\n\n"
        "::::{grid} 1 2 3 3\n:gutter: 2\n\n" + cards + "::::\n"
    )
    target = Path(app.srcdir) / "gallery" / "index.md"
    target.parent.mkdir(exist_ok=True)
    if not target.exists() or target.read_text() != text:
        target.write_text(text)


def setup(app: Any) -> dict[str, Any]:
    """Register the gallery writer."""
    app.connect("builder-inited", write_gallery)
    return {"parallel_read_safe": True}
