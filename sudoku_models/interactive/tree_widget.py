"""``TreeWidget``: search trees in a Jupyter notebook, drawn on a canvas by ``static/tree.js``.

>>> from sudoku_models.tracing import trace
>>> w = TreeWidget(trace(".1.....4....34..", backend="mrv"))
>>> w.trees[0]["strategy"], len(w.trees[0]["parents"]) == w.trees[0]["counts"]["nodes"]
('backtracking:mrv', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..errors import MissingDependencyError
from ..tracing import SearchTree
from .assets import asset
from .trees import VIEW_NODES, compare

try:
    import anywidget
    import traitlets
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError(
        'TreeWidget needs anywidget: pip install "sudoku-models[widget]"'
    ) from exc


class TreeWidget(anywidget.AnyWidget):
    """One search tree, or several side by side with their counts.

    Each tree is laid out once with its failed subtrees collapsed (click a node to open or
    close it); the wheel zooms, dragging pans, hovering a node shows the board there (the
    givens and the values on its path), the arrow keys step through the nodes in the order
    the search visited them.
    """

    _esm = asset("tree.js")

    trees: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)

    def __init__(self, trees: SearchTree | Sequence[SearchTree], **kwargs: Any) -> None:
        if isinstance(trees, SearchTree):
            trees = [trees]
        super().__init__(trees=[t.viewer_data() for t in trees], **kwargs)

    @classmethod
    def compare(
        cls,
        puzzle: Any,
        backends: Sequence[str] | None = None,
        limit: int = 1,
        max_nodes: int = VIEW_NODES,
    ) -> TreeWidget:
        """The trees of ``backends`` on ``puzzle`` side by side (by default naive, MRV and
        propagation, or the strategies that propagate sums on a puzzle with cages; see
        :func:`~sudoku_models.interactive.trees.compare`)."""
        return cls(compare(puzzle, backends, limit, max_nodes))
