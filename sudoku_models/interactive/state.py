"""The board's state and its actions: one function that both the widget and the page server call.

The state is a JSON-friendly dict (what the page holds, what the widget syncs):

- ``box``: the box shape ``[rows, cols]``; ``givens`` and ``values`` (the player's digits, 0
  where empty or given), one int a cell in reading order; ``eliminated``: ``[cell, digit]``
  pencil marks struck out by steps; ``mode``: ``"edit"`` (typing givens) or ``"play"``;
- ``source``: the text the rules were read from when they are more than rows, columns and boxes;
  ``about``: the ``title``, ``author`` and rules text (``ruleset``) that source carries, if any;
  ``warnings``: what the reader left out of the rules or found the rules text to name beyond
  them (marks drawn only, keys it does not read; :attr:`Model.warnings`);
- derived, recomputed after every action: ``candidates`` (pencil marks of every empty cell),
  ``overlay`` (SVG of the variant constraints; ``outside`` when it draws clues beside the
  grid, ``boxes`` false when irregular regions replace the boxes), ``puzzle_text`` (what
  *Copy* gives: the givens in one line, an f-puzzles link for variant rules, ISS text for rules
  f-puzzles has no key for),
  ``can_undo``/``can_redo``;
- answers to the last question: ``solution``, ``stats``, ``highlight``, ``hint``, ``steps``,
  ``step_index``, ``true_candidates``, ``message``.

:func:`respond` takes a state and an action (``{"type": "set", "cell": 3, "digit": 5}``) and
returns the change: the keys whose values differ. A user's mistake (a clash, an impossible
puzzle, a malformed pasted string) comes back as an error ``message`` and changes nothing else;
a malformed state or action raises :class:`BadRequest`.

>>> state = new_state(".1.....4....34..")
>>> change = respond(state, {"type": "set", "cell": 0, "digit": 2})
>>> change["values"][0], change["message"]["kind"]
(2, 'info')
>>> respond(state, {"type": "set", "cell": 0, "digit": 1})["message"]["text"]
'r1c1 cannot hold 1: r1c2 holds it'
"""

from __future__ import annotations

import dataclasses
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any

from ..board import SYMBOLS, Board, cell_name
from ..candidates import true_candidates
from ..diagnosis import why
from ..errors import InvalidPuzzleError, SudokuModelsError
from ..grading import CandidateGrid, Step
from ..grading.candidates import Geometry
from ..logic import Step as LogicStep
from ..model import Model
from ..puzzle import Puzzle
from ..solvers import available_solvers, get_solver
from ..solvers.base import Result, Status
from .overlay import overlay_layout, overlay_svg
from .sources import MAX_ABOUT, about, puzzle_text, read_rules

#: Seconds an action may search before it gives up (the page shows "timed out").
TIME_LIMIT = 10.0

#: The ``source`` of a board whose rules the caller holds as a model (the widget).
HELD = "(model)"

#: Most reader warnings the board shows.
MAX_WARNINGS = 20

#: Undo positions kept.
HISTORY = 200

#: Largest box area the page generates (25x25 generation takes minutes).
GENERATE_MAX_DIGITS = 16


#: Keys that answer the last question; cleared when the position changes.
ANSWERS: dict[str, Any] = {
    "solution": [],
    "stats": None,
    "highlight": {},
    "hint": None,
    "true_candidates": None,
}


# The generator keeps its solvers between calls; one generation at a time.
_generate_lock = threading.Lock()


class BadRequest(SudokuModelsError, ValueError):
    """A state or an action that the page could not have sent: wrong keys, types or sizes."""


class UserError(SudokuModelsError):
    """A mistake of the player; :func:`respond` turns it into an error message."""


def new_state(puzzle: Puzzle | Model | str | None = None, mode: str = "play") -> dict[str, Any]:
    """The state of a board showing ``puzzle`` (an empty 9x9 when None).

    >>> s = new_state(".1.....4....34..")
    >>> s["box"], s["givens"][:4], s["candidates"][0]
    ([2, 2], [0, 1, 0, 0], [2, 4])
    """
    if puzzle is None:
        model = Model.from_puzzle(Puzzle.empty())
        source = ""
    elif isinstance(puzzle, Model):
        model, source = puzzle, "" if puzzle.is_classic else HELD
    else:
        text = puzzle.to_line() if isinstance(puzzle, Puzzle) else puzzle
        model = read_rules(text)
        source = "" if model.is_classic else text
    board = model.board
    state: dict[str, Any] = {
        "box": [board.box_rows, board.box_cols],
        "givens": list(model.givens),
        "values": [0] * board.size,
        "eliminated": [],
        "mode": mode,
        "source": source,
        "undo": [],
        "redo": [],
        "steps": [],
        "step_index": -1,
        "steps_base": None,
        "backends": backend_names(),
        "message": {"text": "", "kind": "info"},
        **{k: _copy(v) for k, v in ANSWERS.items()},
    }
    return _derive(state, model)


def backend_names() -> list[str]:
    """The backends installed here, each with its variants (``sat:glucose4``)."""
    names = []
    for info in available_solvers():
        if info.available:
            names.append(info.name)
            names += [f"{info.name}:{v}" for v in info.variants]
    return names


def respond(
    state: Mapping[str, Any],
    action: Mapping[str, Any],
    rules: Model | None = None,
    time_limit: float = TIME_LIMIT,
) -> dict[str, Any]:
    """The change that ``action`` makes to ``state``: the keys whose values differ.

    ``rules`` is the model of a board whose ``source`` is :data:`HELD` (the widget keeps a
    variant model that no text describes); otherwise the rules are read again from
    ``state["source"]`` (a pasted link) or are rows, columns and boxes. ``time_limit`` bounds
    every search. The state is not mutated. Raises :class:`BadRequest` for a malformed state or
    action.
    """
    current = _checked_state(state)
    if not isinstance(action, Mapping) or action.get("type") not in ACTIONS:
        known = ", ".join(ACTIONS)
        raise BadRequest(f"an action is a dict with 'type' one of {known}; got {action!r}")
    board = Board(*current["box"])
    held = rules
    rules = _rules_of(current, board, held)
    deadline = time.perf_counter() + time_limit
    new = {k: _copy(v) for k, v in current.items()}
    new["message"] = {"text": "", "kind": "info"}
    handler = _HANDLERS[action["type"]]
    try:
        made = handler(new, dict(action), board, rules, deadline)
    except BadRequest:
        raise
    except (SudokuModelsError, TimeoutError) as exc:  # the player's mistake, or a slow search
        return {"message": {"text": str(exc), "kind": "error"}}
    if made is None and (new["box"], new["source"]) != (current["box"], current["source"]):
        made = _rules_of(new, Board(*new["box"]), held)
    new = _derive(new, made or rules)
    return {k: v for k, v in new.items() if current.get(k) != v}


# --- the state -----------------------------------------------------------------------------


def _copy(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    return value


def _checked_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """The state with the keys :func:`respond` reads checked; BadRequest otherwise."""
    if not isinstance(state, Mapping):
        raise BadRequest("the state must be a dict")
    out = {**_defaults(), **state}
    box = out.get("box")
    if not (isinstance(box, list | tuple) and len(box) == 2 and all(_is_int(x) for x in box)):
        raise BadRequest(f"state 'box' must be [rows, cols], got {box!r}")
    try:
        board = Board(int(box[0]), int(box[1]))
    except InvalidPuzzleError as exc:
        raise BadRequest(str(exc)) from None
    out["box"] = [board.box_rows, board.box_cols]
    for key in ("givens", "values"):
        out[key] = _cells(out.get(key), board, key)
    out["eliminated"] = _pairs(out.get("eliminated"), board, "eliminated")
    if out["mode"] not in ("play", "edit"):
        raise BadRequest("state 'mode' must be 'play' or 'edit'")
    if not isinstance(out["source"], str):
        raise BadRequest("state 'source' must be a string")
    for key in ("undo", "redo", "steps"):
        if not isinstance(out[key], list):
            raise BadRequest(f"state {key!r} must be a list")
    return out


def _defaults() -> dict[str, Any]:
    """The keys a state may leave out, with their values on a fresh board."""
    return {
        "values": None,
        "eliminated": [],
        "mode": "play",
        "source": "",
        "undo": [],
        "redo": [],
        "steps": [],
        "step_index": -1,
        "steps_base": None,
        **{k: _copy(v) for k, v in ANSWERS.items()},
    }


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _cells(cells: Any, board: Board, key: str) -> list[int]:
    if cells is None and key == "values":
        return [0] * board.size
    if not isinstance(cells, list | tuple) or len(cells) != board.size:
        raise BadRequest(f"state {key!r} must list {board.size} cells")
    if not all(_is_int(d) and 0 <= d <= board.n for d in cells):
        raise BadRequest(f"state {key!r} holds a value outside 0..{board.n}")
    return list(cells)


def _pairs(pairs: Any, board: Board, key: str) -> list[list[int]]:
    if not isinstance(pairs, list | tuple):
        raise BadRequest(f"{key!r} must be a list of [cell, digit] pairs")
    out = []
    for p in pairs:
        if not (
            isinstance(p, list | tuple)
            and len(p) == 2
            and all(_is_int(x) for x in p)
            and 0 <= p[0] < board.size
            and 1 <= p[1] <= board.n
        ):
            raise BadRequest(f"{key!r} holds {p!r}, not a [cell, digit] pair")
        out.append([p[0], p[1]])
    return out


def _rules_of(state: dict[str, Any], board: Board, held: Model | None) -> Model:
    """The rules of the board: ``held`` (source :data:`HELD`), read from ``source``, or classic."""
    if state["source"] == HELD:
        if held is None or held.board != board:
            raise BadRequest("this board's rules are held by the widget that made it")
        return held
    if state["source"]:
        try:
            model = read_rules(state["source"])
        except InvalidPuzzleError as exc:
            raise BadRequest(f"state 'source' cannot be read: {exc}") from None
        if model.board == board:
            return model
    return Model.from_puzzle(Puzzle(board, tuple(state["givens"])))


def _position(state: dict[str, Any]) -> list[int]:
    return [g or v for g, v in zip(state["givens"], state["values"])]


def _model(rules: Model, cells: list[int]) -> Model:
    return dataclasses.replace(rules, givens=tuple(cells))


def _derive(state: dict[str, Any], rules: Model) -> dict[str, Any]:
    """Fill in the keys computed from the others: candidates, overlay, undo flags."""
    board = rules.board
    cells = _position(state)
    peers = _model(rules, cells).peers()
    struck = {(i, d) for i, d in state["eliminated"]}
    full = range(1, board.n + 1)
    candidates: list[list[int]] = []
    for i, d in enumerate(cells):
        seen = set() if d else {cells[p] for p in peers[i]}
        candidates.append([] if d else [x for x in full if x not in seen and (i, x) not in struck])
    state["candidates"] = candidates
    state["overlay"] = overlay_svg(rules)
    state["about"] = about(state["source"]) if state["source"] not in ("", HELD) else {}
    state["warnings"] = [w[:MAX_ABOUT] for w in rules.warnings[:MAX_WARNINGS]]
    state["outside"], state["boxes"] = overlay_layout(rules)
    state["puzzle_text"] = puzzle_text(_model(rules, state["givens"]))
    state["symbols"] = SYMBOLS[1 : board.n + 1]
    state["can_undo"] = bool(state["undo"])
    state["can_redo"] = bool(state["redo"])
    return state


def _snapshot(state: dict[str, Any]) -> dict[str, Any]:
    return {
        "box": list(state["box"]),
        "source": state["source"],
        "givens": list(state["givens"]),
        "values": list(state["values"]),
        "eliminated": [list(p) for p in state["eliminated"]],
    }


def _push(state: dict[str, Any]) -> None:
    """Remember the position for undo before it changes; drop the redo list and answers."""
    state["undo"] = [*state["undo"], _snapshot(state)][-HISTORY:]
    state["redo"] = []
    _clear_answers(state)


def _clear_answers(state: dict[str, Any]) -> None:
    for key, value in ANSWERS.items():
        state[key] = _copy(value)


def _clear_steps(state: dict[str, Any]) -> None:
    state["steps"], state["step_index"], state["steps_base"] = [], -1, None


def _say(state: dict[str, Any], text: str) -> None:
    state["message"] = {"text": text, "kind": "info"}


def _remaining(deadline: float) -> float:
    left = deadline - time.perf_counter()
    if left <= 0:
        raise TimeoutError("timed out: the time limit ran out")
    return left


def _solved(rules: Model, cells: list[int], backend: str, limit: int, deadline: float) -> Result:
    """Solve the model of ``cells`` with a fresh solver (solvers are not shared by threads)."""
    try:
        solver = get_solver(backend or "backtracking")
    except SudokuModelsError as exc:
        raise UserError(str(exc)) from None
    try:
        result = solver.solve(_model(rules, cells), limit=limit, time_limit=_remaining(deadline))
    finally:
        solver.close()
    if result.status is Status.TIMEOUT:
        raise TimeoutError(f"timed out: {result.backend} gave up after {result.stats.time:.1f} s")
    return result


def _clash_text(board: Board, pairs: list[tuple[int, int]]) -> str:
    a, b = pairs[0]
    return f"{cell_name(*board.row_col(a))} and {cell_name(*board.row_col(b))} clash"


# --- actions -------------------------------------------------------------------------------

Handler = Callable[[dict[str, Any], dict[str, Any], Board, Model, float], Model | None]


def _int_arg(action: dict[str, Any], key: str, low: int, high: int) -> int:
    value = action.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BadRequest(f"action {action.get('type')!r} needs {key!r} in {low}..{high}")
    return value


def _load(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Read a pasted puzzle string (or a link whose format the package reads)."""
    text = action.get("text")
    if not isinstance(text, str):
        raise BadRequest("action 'load' needs a 'text' string")
    if not text.strip():
        raise UserError("nothing to read: paste a puzzle string")
    model = read_rules(text)
    clashes = model.clashes()
    if clashes:
        raise UserError(f"cannot load this puzzle: its givens {_clash_text(model.board, clashes)}")
    _replace_puzzle(state, model, "" if model.is_classic else text)
    _say(state, f"read a {model.n}x{model.n} puzzle with {model.puzzle.clues} givens")
    return model


def _new(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """An empty board of the given box shape, in edit mode."""
    rows = _int_arg(action, "rows", 1, 35)
    cols = _int_arg(action, "cols", 1, 35)
    model = Model.from_puzzle(Puzzle.empty((rows, cols)))
    _replace_puzzle(state, model, "")
    state["mode"] = "edit"
    _say(state, f"empty {model.n}x{model.n} board: type the givens, then press Check")
    return model


def _replace_puzzle(state: dict[str, Any], model: Model, source: str) -> None:
    _push(state)
    _clear_steps(state)
    board = model.board
    state["box"] = [board.box_rows, board.box_cols]
    state["givens"] = list(model.givens)
    state["values"] = [0] * board.size
    state["eliminated"] = []
    state["source"] = source


def _set(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Write (or, with digit 0, clear) a digit: a given in edit mode, a player's digit in play."""
    i = _int_arg(action, "cell", 0, board.size - 1)
    d = _int_arg(action, "digit", 0, board.n)
    name = cell_name(*board.row_col(i))
    key = "givens" if state["mode"] == "edit" else "values"
    if key == "values" and state["givens"][i]:
        raise UserError(f"{name} is a given; switch to editing givens to change it")
    if state[key][i] == d:
        return None
    cells = _position(state)
    cells[i] = 0
    if d:
        for p in _model(rules, cells).peers()[i]:
            if cells[p] == d:
                raise UserError(
                    f"{name} cannot hold {SYMBOLS[d]}: {cell_name(*board.row_col(p))} holds it"
                )
        cells[i] = d
        clashes = _model(rules, cells).clashes()
        if clashes:
            raise UserError(f"{SYMBOLS[d]} in {name} breaks a rule: {_clash_text(board, clashes)}")
    _push(state)
    _clear_steps(state)
    state[key][i] = d
    if key == "givens":
        state["values"][i] = 0
    _say(state, f"{name} = {SYMBOLS[d]}" if d else f"{name} cleared")
    return None


def _mark(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Strike out a pencil mark of an empty cell, or bring a struck one back."""
    i = _int_arg(action, "cell", 0, board.size - 1)
    d = _int_arg(action, "digit", 1, board.n)
    name = cell_name(*board.row_col(i))
    cells = _position(state)
    if cells[i]:
        raise UserError(f"{name} is filled: pencil marks are for empty cells")
    if any(cells[p] == d for p in _model(rules, cells).peers()[i]):
        raise UserError(f"{SYMBOLS[d]} cannot go in {name}: a cell it sees holds it")
    _push(state)
    if [i, d] in state["eliminated"]:
        state["eliminated"] = [p for p in state["eliminated"] if p != [i, d]]
        _say(state, f"{SYMBOLS[d]} is a pencil mark of {name} again")
    else:
        state["eliminated"] = [*state["eliminated"], [i, d]]
        _say(state, f"{SYMBOLS[d]} struck out of {name}")
    return None


def _mode(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Switch between editing givens and playing."""
    mode = action.get("mode")
    if mode not in ("play", "edit"):
        raise BadRequest("action 'mode' needs mode 'play' or 'edit'")
    state["mode"] = mode
    _say(state, "editing givens" if mode == "edit" else "playing")
    return None


def _check(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Entering givens is finished: count solutions up to two, then play if unique."""
    result = _solved(rules, state["givens"], str(action.get("backend") or ""), 2, dl)
    if result.status is Status.UNIQUE:
        state["mode"] = "play"
        _say(state, "the puzzle has exactly one solution: play on")
    elif result.status is Status.UNSATISFIABLE:
        core = why(_model(rules, state["givens"]), time_limit=_remaining(dl)).core
        text = "the puzzle has no solution"
        if core:  # empty when the time ran out first
            state["highlight"] = {"cells": sorted({i for e in core for i in e.cells})}
            words = "; ".join(e.words(board.n) for e in core)
            text += f": {words} already leave none (marked)"
        state["message"] = {"text": text, "kind": "error"}
    else:
        _show_difference(state, result)
        state["message"] = {
            "text": "the puzzle has several solutions: the marked cells differ between two",
            "kind": "error",
        }
    return None


def _show_difference(state: dict[str, Any], result: Result) -> None:
    a, b = result.solutions[0].cells, result.solutions[1].cells
    state["highlight"] = {"diff": [i for i, (x, y) in enumerate(zip(a, b)) if x != y]}


def _solve(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Solve the givens with the chosen backend and show the solution with its statistics."""
    backend = str(action.get("backend") or "backtracking")
    result = _solved(rules, state["givens"], backend, 2, dl)
    state["stats"] = {
        "backend": result.backend,
        "status": result.status.value,
        **{
            k: round(v, 6) if isinstance(v, float) else v for k, v in result.stats.as_dict().items()
        },
    }
    if result.solution is None:
        state["message"] = {
            "text": f"{result.backend}: the puzzle has no solution",
            "kind": "error",
        }
        return None
    state["solution"] = list(result.solution.cells)
    if result.status is Status.MULTIPLE:
        _show_difference(state, result)
        _say(state, f"{result.backend}: one of several solutions (marked cells differ)")
    else:
        _say(state, f"{result.backend}: solved in {result.stats.time * 1000:.1f} ms, unique")
    return None


def _count(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Count the solutions of the givens up to ``limit``; mark cells where two differ."""
    limit = _int_arg(action, "limit", 1, 100_000) if "limit" in action else 1000
    backend = str(action.get("backend") or "backtracking")
    result = _solved(rules, state["givens"], backend, limit, dl)
    k = result.count
    more = " or more" if k >= limit else ""
    if k >= 2:
        _show_difference(state, result)
    _say(state, f"{k}{more} solution{'s' if k != 1 else ''} (counted by {result.backend})")
    state["stats"] = {"backend": result.backend, "solutions": k, "time": result.stats.time}
    return None


def _true(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Show, in each empty cell, the digits that appear there in some solution."""
    model = _model(rules, _position(state))
    found = true_candidates(model, time_limit=_remaining(dl))
    if not found.complete:
        raise TimeoutError("timed out while looking for the true candidates")
    if not found.has_solution:
        state["message"] = {"text": "this position has no solution", "kind": "error"}
        return None
    state["true_candidates"] = [
        [] if d else list(found.digits(i)) for i, d in enumerate(model.givens)
    ]
    _say(state, "true candidates: the digits each cell holds in some solution")
    return None


def _generate(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """A new puzzle: ``seed`` (int or None), ``symmetry``, ``difficulty``, ``rows``/``cols``."""
    from ..generator import generate

    rows = _int_arg(action, "rows", 1, 35) if "rows" in action else board.box_rows
    cols = _int_arg(action, "cols", 1, 35) if "cols" in action else board.box_cols
    if rows * cols > GENERATE_MAX_DIGITS:
        raise UserError(
            f"generating a {rows * cols}x{rows * cols} puzzle takes minutes; "
            f"use `sudoku-models generate --box {rows}x{cols}`"
        )
    seed = action.get("seed")
    if seed is not None and not _is_int(seed):
        raise UserError(f"the seed must be a whole number, got {seed!r}")
    symmetry = str(action.get("symmetry") or "none")
    difficulty = action.get("difficulty") or None
    try:
        with _generate_lock:
            made = generate(
                seed=seed,
                box=(rows, cols),
                symmetry=symmetry,
                difficulty=difficulty,
                max_attempts=50,
            )
    except (ValueError, RuntimeError) as exc:
        raise UserError(str(exc)) from None
    model = Model.from_puzzle(made.puzzle)
    _replace_puzzle(state, model, "")
    state["mode"] = "play"
    level = f", {made.rating.summary()}" if made.rating is not None else ""
    _say(state, f"generated with seed {made.seed}: {made.clues} clues{level}")
    return model


# --- human steps ---------------------------------------------------------------------------


# Classic rules take the classic grader (its ratings and wording); any other rules take the
# logical solver, whose steps name the rule they read and light its cells.


def _grid(
    state: dict[str, Any], board: Board, rules: Model, deadline: float
) -> tuple[CandidateGrid, Puzzle]:
    """The player's position as the grader's candidate grid, after a time-limited check."""
    cells = _position(state)
    result = _solved(rules, cells, "backtracking", 2, deadline)
    if result.status is Status.UNSATISFIABLE:
        raise UserError("this position has no solution: a digit placed so far is wrong")
    if result.status is Status.MULTIPLE:
        raise UserError("this position has several solutions, so no step is forced")
    grid = CandidateGrid.from_puzzle(Puzzle(board, tuple(cells)))
    for i, d in state["eliminated"]:
        grid.eliminate(i, d)
    return grid, result.solutions[0]


def _step_dict(step: Step, geo: Geometry) -> dict[str, Any]:
    return {
        "technique": step.technique,
        "text": step.describe(geo),
        "cells": list(step.cells),
        "digits": list(step.digits),
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(p) for p in step.eliminations],
    }


def _logic_step_dict(step: LogicStep) -> dict[str, Any]:
    """A logical solver's step as the board shows it: ``cells`` are the rule's cells and those
    that justify the step."""
    return {
        "technique": step.technique,
        "rule": step.rule,
        "text": str(step),
        "cells": list(step.cells),
        "digits": [],
        "placements": [list(p) for p in step.placements],
        "eliminations": [list(p) for p in step.eliminations],
    }


def _logic_model(state: dict[str, Any], rules: Model, deadline: float) -> Model:
    """The player's position under variant rules, after a time-limited check that it still has
    a solution (a position with several is fine: the logical solver assumes none)."""
    cells = _position(state)
    if _solved(rules, cells, "backtracking", 1, deadline).status is Status.UNSATISFIABLE:
        raise UserError("this position has no solution: a digit placed so far is wrong")
    return _model(rules, cells)


def _logic_next(state: dict[str, Any], rules: Model, deadline: float) -> dict[str, Any]:
    """The logical solver's next step from the player's position and struck pencil marks."""
    from ..logic import Contradiction, TimeLimitReached, hint

    model = _logic_model(state, rules, deadline)
    try:
        step = hint(model, time_limit=_remaining(deadline), struck=state["eliminated"])
    except TimeLimitReached:
        raise TimeoutError("timed out: the time limit ran out before a step was found") from None
    if isinstance(step, Contradiction):
        raise UserError(f"this position has no solution: {step.text}")
    if step is None:
        full = all(model.givens)
        raise UserError("the grid is full" if full else "no logical step found from here")
    return _logic_step_dict(step)


def _next(state: dict[str, Any], board: Board, rules: Model, deadline: float) -> dict[str, Any]:
    from ..grading import hint

    if not rules.is_classic:
        return _logic_next(state, rules, deadline)
    grid, _ = _grid(state, board, rules, deadline)
    step = hint(grid)
    if step is None:
        raise UserError("the grid is full")
    return _step_dict(step, grid.geo)


def _show_step(state: dict[str, Any], step: dict[str, Any], level: int) -> None:
    state["hint"] = {"level": level, "step": step}
    if level >= 2:
        state["highlight"] = {
            "cells": step["cells"],
            "candidates": [[i, d] for i in step["cells"] for d in step["digits"]],
            "placements": step["placements"],
            "eliminations": step["eliminations"],
        }


def _hint(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Level 1: the technique's name; level 2 (asked again): its pattern on the grid."""
    old = state["hint"]
    if isinstance(old, dict) and old.get("level") == 1:
        step = _checked_step(old.get("step"), board)
        _show_step(state, step, 2)
        _say(state, str(step.get("text", "")))
        return None
    step = _next(state, board, rules, dl)
    _show_step(state, step, 1)
    _say(state, f"hint: the next step is a {step['technique']} step (ask again to see where)")
    return None


def _checked_step(step: Any, board: Board) -> dict[str, Any]:
    if not isinstance(step, dict):
        raise BadRequest("a step must be a dict")
    for key in ("placements", "eliminations"):
        step[key] = _pairs(step.get(key, []), board, key)
    for key in ("cells", "digits"):
        if not isinstance(step.get(key, []), list):
            raise BadRequest(f"a step's {key!r} must be a list")
    step.setdefault("cells", [])
    step.setdefault("digits", [])
    step["text"] = str(step.get("text", step.get("technique", "")))
    return step


def _apply_step(state: dict[str, Any], step: dict[str, Any]) -> None:
    for i, d in step["placements"]:
        if not state["givens"][i]:
            state["values"][i] = d
    struck = {tuple(p) for p in state["eliminated"]}
    state["eliminated"] += [[i, d] for i, d in step["eliminations"] if (i, d) not in struck]


def _apply(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Make the step of the hint on show (or the next step) on the board."""
    shown = state["hint"]
    step = shown.get("step") if isinstance(shown, dict) else _next(state, board, rules, dl)
    step = _checked_step(step, board)
    _push(state)
    _apply_step(state, step)
    _say(state, f"applied: {step.get('text', step.get('technique', ''))}")
    return None


def _step(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Find the next step and make it at once."""
    step = _next(state, board, rules, dl)
    _push(state)
    _apply_step(state, step)
    _say(state, f"applied: {step['text']}")
    return None


def _steps(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, dl: float
) -> Model | None:
    """Every step from the player's position to the end, as a clickable list."""
    from ..grading import solve_logically

    if not rules.is_classic:
        return _logic_steps(state, rules, dl)
    grid, solution = _grid(state, board, rules, dl)
    geo = grid.geo
    work = grid.copy()
    found = solve_logically(work, solution=solution, deadline=dl)
    steps = [_step_dict(step, geo) for step in found]
    state["steps"] = steps
    state["step_index"] = -1
    state["steps_base"] = _snapshot(state)
    if work.is_solved():
        _say(state, f"{len(steps)} steps to the end; click one to see the board before it")
    else:
        state["message"] = {
            "text": f"the time limit ran out after {len(steps)} steps: the list stops there",
            "kind": "error",
        }
    return None


def _logic_steps(state: dict[str, Any], rules: Model, deadline: float) -> Model | None:
    """The logical solver's path from the player's position, as a clickable list."""
    from ..logic import logical_solve

    model = _logic_model(state, rules, deadline)
    path = logical_solve(model, time_limit=_remaining(deadline), struck=state["eliminated"])
    state["steps"] = [_logic_step_dict(step) for step in path.steps]
    state["step_index"] = -1
    state["steps_base"] = _snapshot(state)
    count = len(path.steps)
    if path.solved:
        _say(state, f"{count} steps to the end ({path.difficulty.band}); click one to see it")
        return None
    if path.status == "stopped":
        text = f"the time limit ran out after {count} steps: the list stops there"
    elif path.contradiction is not None:
        text = f"{count} steps, then a contradiction: {path.contradiction.text}"
    else:
        text = f"logic stops after {count} steps: {path.note}"
    state["message"] = {"text": text, "kind": "error"}
    return None


def _goto(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Show the board just before step ``index`` of the list, that step drawn on it."""
    steps, base = state["steps"], state["steps_base"]
    if not steps or not isinstance(base, dict):
        raise UserError("no list of steps: press Steps first")
    k = _int_arg(action, "index", 0, len(steps) - 1)
    _push(state)
    state["givens"] = _cells(base.get("givens"), board, "givens")
    state["values"] = _cells(base.get("values"), board, "values")
    state["eliminated"] = _pairs(base.get("eliminated"), board, "eliminated")
    for step in steps[:k]:
        _apply_step(state, _checked_step(step, board))
    step = _checked_step(steps[k], board)
    _show_step(state, step, 2)
    state["step_index"] = k
    _say(state, f"step {k + 1}: {step.get('text', '')}")
    return None


def _undo(
    state: dict[str, Any], action: dict[str, Any], board: Board, rules: Model, _: float
) -> Model | None:
    """Go back one position (``redo``: forward again)."""
    back = action["type"] == "undo"
    source, target = ("undo", "redo") if back else ("redo", "undo")
    if not state[source]:
        raise UserError(f"nothing to {action['type']}")
    snap = state[source][-1]
    if not isinstance(snap, dict):
        raise BadRequest(f"state {source!r} holds a malformed position")
    box = snap.get("box")
    if not (isinstance(box, list) and len(box) == 2 and all(_is_int(x) for x in box)):
        raise BadRequest(f"state {source!r} holds a position without its box")
    board = Board(*box)
    if not isinstance(snap.get("source"), str):
        raise BadRequest(f"state {source!r} holds a position without its source")
    state[source] = state[source][:-1]
    state[target] = [*state[target], _snapshot(state)][-HISTORY:]
    state["box"] = [board.box_rows, board.box_cols]
    state["source"] = snap["source"]
    state["givens"] = _cells(snap.get("givens"), board, "givens")
    state["values"] = _cells(snap.get("values"), board, "values")
    state["eliminated"] = _pairs(snap.get("eliminated"), board, "eliminated")
    _clear_answers(state)
    _say(state, "undone" if back else "redone")
    return None


_HANDLERS: dict[str, Handler] = {
    "load": _load,
    "new": _new,
    "set": _set,
    "mark": _mark,
    "mode": _mode,
    "check": _check,
    "solve": _solve,
    "count": _count,
    "true_candidates": _true,
    "generate": _generate,
    "hint": _hint,
    "apply": _apply,
    "step": _step,
    "steps": _steps,
    "goto": _goto,
    "undo": _undo,
    "redo": _undo,
}

#: The action types :func:`respond` knows.
ACTIONS = tuple(_HANDLERS)

#: The actions that may search (the page server runs them in a process it can stop).
SEARCHES = frozenset(
    {"check", "solve", "count", "true_candidates", "generate", "hint", "apply", "step", "steps"}
)
