"""Search trees for the page and the notebook: the trees to compare, in the viewer's form.

The page asks for one strategy's tree with a ``tree`` action posted to ``/api`` (answered by
:func:`tree_answer` in a search process the server can stop); a notebook shows several side
by side with :class:`~sudoku_models.interactive.tree_widget.TreeWidget` (``static/tree.js``
draws them on a canvas either way).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..door import model_of
from ..errors import SudokuModelsError
from ..tracing import SearchTree, trace
from .state import BadRequest

#: Nodes a tree shown in the page or a notebook may have: the canvas stays responsive well past
#: this, and a tree this large is some 4 MB of JSON.
VIEW_NODES = 200_000

#: The action type that asks for a tree.
TREE = "tree"

#: The lesson of Norvig's essay: blind search, then the tightest cell first, then propagation.
COMPARED = ("naive", "mrv", "propagate")

#: For a puzzle with cages or other constraints beyond all-different groups: the strategies
#: that propagate them, which finish where the others run into the node cap (on a killer,
#: blind search and MRV only check a cage's sum once it is full).
COMPARED_WITH_SUMS = ("constraint", "fast")


def tree_answer(action: Mapping[str, Any], time_limit: float) -> dict[str, Any]:
    """The viewer data of the tree a ``tree`` action asks for (``puzzle``, ``backend``, and
    optionally ``limit``), with ``sums`` saying whether the puzzle has cages or other
    constraints that only some strategies propagate;
    :class:`~sudoku_models.interactive.state.BadRequest` for an action it cannot answer."""
    puzzle = action.get("puzzle")
    backend = action.get("backend", "backtracking")
    limit = action.get("limit", 1)
    if type(limit) is not int:
        raise BadRequest("limit must be a whole number")
    if not isinstance(puzzle, str) or not puzzle:
        raise BadRequest("a tree action needs a puzzle")
    if not isinstance(backend, str):
        raise BadRequest("backend must be a strategy's name")
    try:
        model = model_of(puzzle)
        tree = trace(model, backend, limit=limit, max_nodes=VIEW_NODES, time_limit=time_limit)
    except (SudokuModelsError, ValueError) as exc:
        raise BadRequest(str(exc)) from None
    return {**tree.viewer_data(), "sums": bool(model.cages or model.constraints)}


def compare(
    puzzle: Any,
    backends: Sequence[str] | None = None,
    limit: int = 1,
    max_nodes: int = VIEW_NODES,
    time_limit: float | None = None,
) -> list[SearchTree]:
    """The trees of several strategies on one puzzle, in the order of ``backends``: by
    default :data:`COMPARED`, or :data:`COMPARED_WITH_SUMS` for a puzzle with cages or other
    constraints."""
    model = model_of(puzzle)
    if backends is None:
        backends = COMPARED_WITH_SUMS if model.cages or model.constraints else COMPARED
    return [trace(model, b, limit, max_nodes, time_limit) for b in backends]
