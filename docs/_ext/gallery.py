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


def card(name: str) -> str:
    """The Markdown of one gallery card."""
    box, expression = EXAMPLES[name]
    board = sm.Board(*box)
    rule = eval(expression, {"v": v, "board": board})
    model = sm.Model.from_puzzle(sm.Puzzle.empty(box), variants=[rule])
    primitives = Counter(type(p).__name__ for p in rule.primitives(board, [rule]))
    listed = ", ".join(f"{count} {kind}" for kind, count in primitives.most_common())
    doc = (type(rule).__doc__ or "").strip().split("\n\n")[0].replace("\n", " ")
    svg = model.to_svg(cell_size=22 if board.n == 9 else 40)
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
