"""``SudokuWidget``: the board in a Jupyter notebook, built on anywidget.

The whole board state is one synchronized traitlet, ``state``; the grid sends each action as a
message, and the answer of :func:`~sudoku_models.interactive.state.respond` updates the
state. ``puzzle`` (the givens as a one-line string) and ``steps`` (the list of solving steps)
are synchronized too; assigning ``puzzle`` loads that puzzle.
"""

from __future__ import annotations

from typing import Any

from ..board import Board
from ..errors import MissingDependencyError
from ..model import Model
from ..puzzle import Puzzle
from .assets import asset
from .state import TIME_LIMIT, BadRequest, new_state, respond

try:
    import anywidget
    import traitlets
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise MissingDependencyError(
        'SudokuWidget needs anywidget: pip install "sudoku-models[widget]"'
    ) from exc


class SudokuWidget(anywidget.AnyWidget):
    """An interactive board for ``puzzle`` (any form the package reads, a Model, or None).

    >>> w = SudokuWidget(".1.....4....34..")
    >>> w.act("set", cell=0, digit=2)["values"][0]
    2
    >>> w.puzzle
    '.1.....4....34..'
    """

    _esm = asset("board.js")
    _css = asset("board.css")

    state = traitlets.Dict().tag(sync=True)
    puzzle = traitlets.Unicode("").tag(sync=True)
    steps: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)

    def __init__(
        self,
        puzzle: Puzzle | Model | str | None = None,
        time_limit: float = TIME_LIMIT,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        self._rules = puzzle if isinstance(puzzle, Model) else None
        self._time_limit = time_limit
        self.state = new_state(puzzle)
        self._mirror()
        self.on_msg(self._on_message)

    def act(self, type: str, **params: Any) -> dict[str, Any]:
        """Do one action (as the grid would) and return the change made to ``state``."""
        try:
            change = respond(
                self.state, {"type": type, **params}, self._rules, time_limit=self._time_limit
            )
        except BadRequest as exc:
            change = {"message": {"text": f"bad request: {exc}", "kind": "error"}}
        self.state = {**self.state, **change}
        self._mirror()
        return change

    def _mirror(self) -> None:
        board = self.state
        self.puzzle = Puzzle(Board(*board["box"]), tuple(board["givens"])).to_line()
        self.steps = list(board["steps"])

    @traitlets.observe("puzzle")
    def _load_puzzle(self, change: dict[str, Any]) -> None:
        board = self.state
        if (
            board
            and change["new"] != Puzzle(Board(*board["box"]), tuple(board["givens"])).to_line()
        ):
            self.act("load", text=change["new"])

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if isinstance(content, dict) and content.get("kind") == "action":
            action = content.get("action")
            if isinstance(action, dict):
                self.act(**{"type": action.get("type"), **action})
            self.send({"kind": "done", "id": content.get("id")})
