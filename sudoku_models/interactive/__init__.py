"""An interactive board: one grid component shown in Jupyter and in a local web page.

The grid is a plain JavaScript module (``static/board.js``, no build step) that sends actions
and draws the state it gets back. Both hosts answer with the same Python function,
:func:`~sudoku_models.interactive.state.respond`:

- :class:`SudokuWidget` (``pip install "sudoku-models[widget]"``) syncs the state as traitlets;
- :func:`~sudoku_models.interactive.server.serve` (``sudoku-models serve``) answers one JSON
  endpoint on 127.0.0.1 with the standard library's HTTP server.
"""

from __future__ import annotations

from typing import Any

from .sources import read_rules
from .state import ACTIONS, BadRequest, new_state, respond

__all__ = [
    "ACTIONS",
    "BadRequest",
    "SudokuWidget",
    "TreeWidget",
    "new_state",
    "read_rules",
    "respond",
]


def __getattr__(name: str) -> Any:
    # The widget class needs anywidget; import it only when asked for.
    if name == "SudokuWidget":
        from .widget import SudokuWidget

        return SudokuWidget
    if name == "TreeWidget":
        from .tree_widget import TreeWidget

        return TreeWidget
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
