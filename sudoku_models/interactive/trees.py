"""Search trees for the page and the notebook: the trees to compare, in the viewer's form.

The page asks ``GET /tree?puzzle=...&backend=...`` for one strategy's tree
(:func:`tree_answer`); a notebook shows several side by side with
:class:`~sudoku_models.interactive.tree_widget.TreeWidget`
(``static/tree.js`` draws them on a canvas either way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import SudokuModelsError
from ..tracing import SearchTree, trace
from .state import BadRequest

#: Nodes a tree shown in the page or a notebook may have: the canvas stays responsive well past
#: this, and a tree this large is some 4 MB of JSON.
VIEW_NODES = 200_000

#: The lesson of Norvig's essay: blind search, then the tightest cell first, then propagation.
COMPARED = ("naive", "mrv", "propagate")


def tree_answer(query: Mapping[str, Sequence[str]], time_limit: float) -> dict[str, Any]:
    """The viewer data of the tree a page query asks for (``puzzle``, ``backend``, and
    optionally ``limit``); :class:`~sudoku_models.interactive.state.BadRequest` for a query
    it cannot answer."""
    puzzle = query.get("puzzle", [""])[0]
    backend = query.get("backend", ["backtracking"])[0]
    try:
        limit = int(query.get("limit", ["1"])[0])
    except ValueError:
        raise BadRequest("limit must be a whole number") from None
    if not puzzle:
        raise BadRequest("the query needs a puzzle")
    try:
        tree = trace(puzzle, backend, limit=limit, max_nodes=VIEW_NODES, time_limit=time_limit)
    except (SudokuModelsError, ValueError) as exc:
        raise BadRequest(str(exc)) from None
    return tree.viewer_data()


def compare(
    puzzle: Any,
    backends: Sequence[str] = COMPARED,
    limit: int = 1,
    max_nodes: int = VIEW_NODES,
    time_limit: float | None = None,
) -> list[SearchTree]:
    """The trees of several strategies on one puzzle, in the order of ``backends``."""
    return [trace(puzzle, b, limit, max_nodes, time_limit) for b in backends]
