"""The notebook widget's Python side: synced state, actions as messages, errors in the widget."""

from __future__ import annotations

import builtins
import importlib
import sys
from typing import Any

import pytest

import sudoku_models as sm
from sudoku_models.interactive import SudokuWidget  # the widget extra is in the test extra

EASY = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."


def test_state_is_a_synced_trait_with_the_component() -> None:
    w = SudokuWidget(EASY)
    assert all(w.trait_metadata(name, "sync") for name in ("state", "puzzle", "steps"))
    assert "export default" in w._esm and ".sm-grid" in w._css
    assert w.puzzle == EASY and w.state["mode"] == "play"
    assert w.state["candidates"][2] == sm.grading.CandidateGrid.from_puzzle(
        sm.Puzzle.parse(EASY)
    ).candidates(2)


def test_actions_update_state_puzzle_and_steps() -> None:
    w = SudokuWidget(EASY)
    w.act("steps")
    assert len(w.steps) == len(sm.grading.rate(EASY).steps) == len(w.state["steps"])
    w.act("mode", mode="edit")
    w.act("set", cell=2, digit=1)
    assert w.puzzle[2] == "1" and w.state["can_undo"]
    w.act("undo")
    assert w.puzzle == EASY


def test_assigning_puzzle_loads_it() -> None:
    w = SudokuWidget(EASY)
    w.puzzle = ".1.....4....34.."
    assert w.state["box"] == [2, 2] and w.state["givens"][1] == 1 and w.state["can_undo"]
    w.puzzle = "12x"  # not a puzzle: a message, and the trait goes back to the board's puzzle
    assert w.state["message"]["kind"] == "error" and w.puzzle == ".1.....4....34.."


def test_messages_from_the_grid_are_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    w = SudokuWidget(".1.....4....34..")
    sent: list[Any] = []
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    w._on_message(w, {"kind": "action", "id": 7, "action": {"type": "solve", "backend": "sat"}}, [])
    assert sent == [{"kind": "done", "id": 7}]
    assert "".join(map(str, w.state["solution"])) == "4132231412433421"
    w._on_message(w, {"kind": "action", "id": 8, "action": {"type": "fly"}}, [])
    assert w.state["message"]["kind"] == "error" and "bad request" in w.state["message"]["text"]
    assert sent[-1] == {"kind": "done", "id": 8}


def test_user_errors_show_in_the_widget() -> None:
    w = SudokuWidget(".1.....4....34..")
    change = w.act("set", cell=0, digit=1)
    assert change["message"]["kind"] == "error" and w.state["message"] == change["message"]
    assert w.state["values"][0] == 0


def test_a_variant_model_keeps_its_rules_in_the_widget() -> None:
    killer = sm.Model.from_puzzle(sm.Puzzle.empty((2, 2)), cages=[((0, 1), 3)])
    w = SudokuWidget(killer)
    assert "<path" in w.state["overlay"]
    w.act("solve", backend="cpsat")
    assert sorted(w.state["solution"][:2]) == [1, 2]


def test_missing_anywidget_names_the_pip_command(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_anywidget(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "anywidget":
            raise ImportError("No module named 'anywidget'")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "sudoku_models.interactive.widget")
    monkeypatch.setattr(builtins, "__import__", no_anywidget)
    with pytest.raises(sm.MissingDependencyError, match=r"pip install \"sudoku-models\[widget\]\""):
        importlib.import_module("sudoku_models.interactive.widget")
