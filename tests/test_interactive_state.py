"""The board's state/action function, without a browser: every action, bad input, every size."""

from __future__ import annotations

import json
import time
import types
from typing import Any
from urllib.parse import quote

import pytest

import sudoku_models as sm
from sudoku_models.interactive import BadRequest, new_state, read_rules, respond
from sudoku_models.interactive.overlay import overlay_svg
from sudoku_models.interactive.state import HELD

SMALL = ".1.....4....34.."
SMALL_SOLUTION = "4132231412433421"
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."
SEVERAL = "..3.3..4.......2"  # a 4x4 with three solutions (checked below)
BIG = (  # a 16x16 made by this package's generator (seed 3)
    "..2...7.G....1...DFB.6A.E52...4.GC.4.....A7F....A...FE..41...2.9CF4..8G....1AE....A."
    "...1.E.7.F9..6....2...3.B.8...3....B.2..5......G4...B6.....C4..6C.....1.9.........B.F"
    "....3.693.5.2...CG.F.D...7........38.E2....138..7EB.9.....829..5..4GC....E..C.7.96G3..."
)


def act(state: dict[str, Any], type: str, **params: Any) -> dict[str, Any]:
    """Apply one action and return the new state (the old one merged with the change)."""
    change = respond(state, {"type": type, **params})
    return {**state, **change}


def line(state: dict[str, Any], key: str = "givens") -> str:
    return "".join(sm.board.SYMBOLS[d] for d in state[key])


def test_new_state_is_json_and_has_candidates() -> None:
    state = new_state(SMALL)
    assert json.loads(json.dumps(state)) == state
    assert state["box"] == [2, 2] and line(state) == SMALL
    assert state["candidates"][0] == [2, 4]  # row 1 has 1, column 1 has 3
    assert state["candidates"][1] == []  # a given
    assert "backtracking" in state["backends"] and "sat" in state["backends"]


def test_respond_does_not_mutate_and_returns_only_changes() -> None:
    state = new_state(SMALL)
    before = json.dumps(state, sort_keys=True)
    change = respond(state, {"type": "set", "cell": 0, "digit": 2})
    assert json.dumps(state, sort_keys=True) == before
    assert change["values"][0] == 2
    assert "givens" not in change and "box" not in change
    assert 2 not in change["candidates"][4]  # r2c1 shares column 1 with r1c1


def test_a_clash_is_a_message_and_changes_nothing() -> None:
    state = new_state(SMALL)
    change = respond(state, {"type": "set", "cell": 0, "digit": 1})
    assert change == {"message": {"text": "r1c1 cannot hold 1: r1c2 holds it", "kind": "error"}}


def test_pencil_marks_can_be_struck_and_restored() -> None:
    state = act(new_state(SMALL), "mark", cell=0, digit=2)
    assert state["candidates"][0] == [4] and state["eliminated"] == [[0, 2]]
    state = act(state, "mark", cell=0, digit=2)
    assert state["candidates"][0] == [2, 4] and state["eliminated"] == []
    for cell, digit, why in [(1, 2, "is filled"), (0, 1, "a cell it sees")]:
        change = respond(state, {"type": "mark", "cell": cell, "digit": digit})
        assert set(change) == {"message"} and why in change["message"]["text"]
    wrong = act(state, "mark", cell=0, digit=4)  # 4 is r1c1's digit in the only solution
    change = respond(wrong, {"type": "hint"})
    assert change["message"]["kind"] == "error" and "rule out" in change["message"]["text"]


def test_givens_are_locked_in_play_and_editable_in_edit_mode() -> None:
    state = new_state(SMALL)
    change = respond(state, {"type": "set", "cell": 1, "digit": 2})
    assert set(change) == {"message"} and "is a given" in change["message"]["text"]
    state = act(state, "mode", mode="edit")
    state = act(state, "set", cell=1, digit=2)
    assert state["givens"][1] == 2 and state["mode"] == "edit"


def test_typing_givens_then_check_reports_uniqueness() -> None:
    state = act(new_state(SMALL), "new", rows=2, cols=2)
    assert state["mode"] == "edit" and not any(state["givens"])
    for i, ch in enumerate(SMALL):
        if ch != ".":
            state = act(state, "set", cell=i, digit=int(ch))
    assert line(state) == SMALL
    state = act(state, "check")
    assert state["mode"] == "play" and "exactly one solution" in state["message"]["text"]


def test_check_marks_the_cells_where_two_solutions_differ() -> None:
    assert sm.count_solutions(SEVERAL) == 3
    state = act(new_state(SEVERAL, mode="edit"), "check")
    assert state["message"]["kind"] == "error" and state["mode"] == "edit"
    grids = [g.cells for g in sm.solve(SEVERAL, limit=0).solutions]
    pairs = [
        [i for i in range(16) if a[i] != b[i]] for a in grids for b in grids if a < b
    ]  # the cells two solutions disagree on, for each pair the check may have found
    assert state["highlight"]["diff"] in pairs


@pytest.mark.parametrize("backend", ["backtracking", "backtracking:dlx", "sat", "cpsat"])
def test_solve_with_each_backend_shows_solution_and_stats(backend: str) -> None:
    state = act(new_state(HARD), "solve", backend=backend)
    solution = sm.Puzzle(sm.Board(3, 3), tuple(state["solution"]))
    assert solution.is_valid_solution_of(sm.Puzzle.parse(HARD))
    assert state["stats"]["backend"].startswith(backend)
    assert state["stats"]["status"] == "unique" and state["stats"]["time"] > 0


def test_solve_of_an_impossible_puzzle_is_a_message() -> None:
    impossible = "123." + "...4" + "...." + "...."  # r1c4 must be 4, but r2c4 holds 4
    assert sm.count_solutions(impossible) == 0
    change = respond(new_state(impossible), {"type": "solve", "backend": "sat"})
    assert change["message"]["kind"] == "error" and "no solution" in change["message"]["text"]
    assert "solution" not in change


def test_unknown_backend_is_a_message_naming_the_known_ones() -> None:
    change = respond(new_state(SMALL), {"type": "solve", "backend": "nosuch"})
    assert change["message"]["kind"] == "error" and "backtracking" in change["message"]["text"]


def test_count_agrees_with_the_api_and_marks_differences() -> None:
    state = act(new_state("..............4."), "count", limit=1000)
    assert state["message"]["text"].startswith("72 solutions")
    assert state["highlight"]["diff"]
    state = act(new_state(SMALL), "count", backend="cpsat")
    assert state["message"]["text"].startswith("1 solution ")


def brute_true_candidates(puzzle: str) -> list[list[int]]:
    seen: list[set[int]] = [set() for _ in range(16)]
    for grid in sm.solve(puzzle, limit=0).solutions:
        for i, d in enumerate(grid.cells):
            seen[i].add(d)
    return [sorted(s) for s in seen]


@pytest.mark.parametrize("puzzle", ["..3.3..4.......2", "..............4.", "1..............."])
def test_true_candidates_are_the_digits_of_some_solution(puzzle: str) -> None:
    state = act(new_state(puzzle), "true_candidates")
    expected = brute_true_candidates(puzzle)
    for i, ch in enumerate(puzzle):
        assert state["true_candidates"][i] == ([] if ch != "." else expected[i])


def test_hint_in_two_levels_then_apply_then_undo_redo() -> None:
    state = new_state(EASY)
    state = act(state, "hint")
    assert state["hint"]["level"] == 1 and state["highlight"] == {}
    technique = state["hint"]["step"]["technique"]
    assert f"the next step is a {technique} step" in state["message"]["text"]
    state = act(state, "hint")
    step = state["hint"]["step"]
    assert state["hint"]["level"] == 2 and state["highlight"]["cells"] == step["cells"]
    assert state["highlight"]["placements"] == step["placements"]
    state = act(state, "apply")
    (i, d), *_ = step["placements"]
    assert state["values"][i] == d and state["can_undo"] and state["hint"] is None
    state = act(state, "undo")
    assert state["values"][i] == 0 and state["can_redo"]
    state = act(state, "redo")
    assert state["values"][i] == d


def test_step_agrees_with_the_grader() -> None:
    state = act(new_state(EASY), "step")
    expected = sm.grading.hint(EASY)
    for i, d in expected.placements:
        assert state["values"][i] == d


def test_steps_list_reaches_the_solution_and_goto_shows_a_step() -> None:
    state = act(new_state(EASY), "steps")
    steps = state["steps"]
    assert len(steps) == len(sm.grading.rate(EASY).steps)
    done = act(state, "goto", index=len(steps) - 1)
    last = steps[-1]
    assert done["step_index"] == len(steps) - 1 and done["hint"]["step"]["text"] == last["text"]
    for i, d in last["placements"]:
        assert done["values"][i] == 0
        done["values"][i] = d
    solution = sm.solve(EASY).solution.cells
    assert [g or v for g, v in zip(done["givens"], done["values"])] == list(solution)


def test_steps_keep_the_time_limit_and_return_the_steps_found() -> None:
    """Listing every step of a 16x16 ran past the limit; now the list stops at the limit."""
    state = new_state(BIG)
    began = time.perf_counter()
    # 3 s: room for the uniqueness check first, even on a busy machine; the whole list takes 11 s
    change = respond(state, {"type": "steps"}, time_limit=3.0)
    took = time.perf_counter() - began
    text = change["message"]["text"]
    assert change["message"]["kind"] == "error" and "time limit ran out" in text
    assert took >= 3.0  # a list cut short is a list stopped at the limit
    steps = change["steps"]
    assert steps and f"after {len(steps)} steps" in text
    solution = sm.solve(BIG).solution.cells
    for step in steps:  # the steps found are right: each placement agrees with the solution
        assert all(solution[i] == d for i, d in step["placements"])
        assert all(solution[i] != d for i, d in step["eliminations"])


def test_hint_on_a_wrong_position_is_a_message() -> None:
    state = new_state(SMALL)
    state = act(state, "set", cell=0, digit=2)  # r1c1 is 4 in the only solution
    change = respond(state, {"type": "hint"})
    assert change["message"]["kind"] == "error" and "no solution" in change["message"]["text"]


def test_load_reads_strings_links_and_rejects_malformed_text() -> None:
    state = act(new_state(SMALL), "load", text=HARD)
    assert line(state) == HARD and state["box"] == [3, 3] and state["can_undo"]
    state = act(state, "load", text=f"http://127.0.0.1:8000/?puzzle={SMALL}")
    assert line(state) == SMALL
    for bad in ["12x", "", "1" * 81]:
        change = respond(state, {"type": "load", "text": bad})
        assert set(change) == {"message"} and change["message"]["kind"] == "error"
    back = act(act(state, "load", text=HARD), "undo")
    assert back["box"] == [2, 2] and line(back) == SMALL


def test_fpuzzles_links_go_through_the_package_reader() -> None:
    """A pasted f-puzzles link is read with its rules, which hold on every later request."""
    from sudoku_models.variants import Diagonal

    link = sm.fpuzzles.to_link(sm.Model.from_puzzle(SMALL, variants=[Diagonal(positive=False)]))
    state = act(new_state(), "load", text=link)
    assert state["source"] == link and "line" in state["overlay"] and line(state) == SMALL
    change = respond(state, {"type": "set", "cell": 5, "digit": 2})
    assert change["values"][5] == 2 and 2 not in change["candidates"][15]  # same diagonal
    page_link = f"http://127.0.0.1:8000/?puzzle={quote(link)}"
    assert act(new_state(), "load", text=page_link)["overlay"] == state["overlay"]
    broken = respond(new_state(), {"type": "load", "text": "https://www.f-puzzles.com/?load=N4Ig"})
    assert broken["message"]["kind"] == "error" and "f-puzzles" in broken["message"]["text"]


def test_generate_is_reproducible_and_refuses_25x25() -> None:
    state = new_state()
    a = act(state, "generate", seed=7, rows=2, cols=3, symmetry="rot180")
    b = act(state, "generate", seed=7, rows=2, cols=3, symmetry="rot180")
    expected = sm.generator.generate(seed=7, box=(2, 3), symmetry="rot180").puzzle
    assert line(a) == line(b) == expected.to_line() and a["box"] == [2, 3]
    hard = act(state, "generate", seed=3, difficulty="Intermediate")
    assert sm.grading.rate(line(hard)).qqwing_level == "Intermediate"
    change = respond(state, {"type": "generate", "rows": 5, "cols": 5})
    assert change["message"]["kind"] == "error" and "5x5" in change["message"]["text"]
    change = respond(state, {"type": "generate", "symmetry": "spiral"})
    assert change["message"]["kind"] == "error" and "rot180" in change["message"]["text"]


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_every_board_size(box: tuple[int, int]) -> None:
    state = act(new_state(), "new", rows=box[0], cols=box[1])
    n = box[0] * box[1]
    assert state["box"] == list(box) and len(state["givens"]) == n * n
    assert state["symbols"] == sm.board.SYMBOLS[1 : n + 1]
    state = act(state, "set", cell=n * n - 1, digit=n)  # the last symbol: a letter beyond 9
    assert state["givens"][-1] == n
    assert state["candidates"][0] == list(range(1, n + 1))  # shares no unit with the last cell
    assert state["candidates"][n - 1] == list(range(1, n))  # same column
    assert state["candidates"][n * (n - 1)] == list(range(1, n))  # same row
    if n <= 16:  # an empty 25x25 takes seconds: the page server's tests time one out
        state = act(state, "solve", backend="sat")
        solution = sm.Puzzle(sm.Board(*box), tuple(state["solution"]))
        assert solution.is_valid_solution_of(sm.Puzzle(sm.Board(*box), tuple(state["givens"])))


def test_a_time_limit_gives_a_message_not_a_hang() -> None:
    state = new_state(sm.Puzzle.empty((5, 5)))
    change = respond(state, {"type": "count", "backend": "backtracking"}, time_limit=0.3)
    assert change["message"]["kind"] == "error" and "timed out" in change["message"]["text"]


def test_variant_rules_are_drawn_and_obeyed() -> None:
    diagonals = [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    x = sm.Model.from_puzzle(sm.Puzzle.empty(), extra_groups=diagonals)
    state = new_state(x)
    assert state["source"] == HELD and "polyline" in state["overlay"]
    state = {**state, **respond(state, {"type": "set", "cell": 0, "digit": 5}, rules=x)}
    assert 5 not in state["candidates"][80]  # r9c9 is on r1c1's diagonal
    change = respond(state, {"type": "set", "cell": 10, "digit": 5}, rules=x)
    assert change["message"]["kind"] == "error"
    change = respond(state, {"type": "hint"}, rules=x)  # the logical solver, on variant rules
    assert change["message"]["text"] == "no logical step found from here"
    with pytest.raises(BadRequest):
        respond(state, {"type": "solve"})  # the page cannot hold a widget's rules
    solved = respond(state, {"type": "solve", "backend": "sat"}, rules=x)
    grid = solved["solution"]
    assert len({grid[i] for i in diagonals[0]}) == 9 and len({grid[i] for i in diagonals[1]}) == 9


def test_overlay_draws_cages_and_constraints_that_draw_themselves() -> None:
    killer = sm.Model.from_puzzle(SMALL, cages=[((0, 4), 6)])
    svg = overlay_svg(killer)
    assert svg.count("<path") == 1 and ">6</text>" in svg
    assert overlay_svg(sm.Model.from_puzzle(SMALL)) == ""


def test_rules_beside_the_grid_or_instead_of_boxes_change_the_layout() -> None:
    from sudoku_models.interactive.overlay import overlay_layout

    def rules(*flags: dict[str, bool]) -> Any:
        return types.SimpleNamespace(variants=[types.SimpleNamespace(**f) for f in flags])

    assert overlay_layout(sm.Model.from_puzzle(SMALL)) == (False, True)
    assert overlay_layout(rules({"outside": True}, {})) == (True, True)
    assert overlay_layout(rules({"replaces_boxes": True})) == (False, False)
    state = new_state(SMALL)
    assert state["outside"] is False and state["boxes"] is True


def test_rules_that_draw_themselves_are_drawn_by_their_own_svg() -> None:
    class Ring:
        def svg(self, board: sm.Board, size: float) -> list[str]:
            return [f'<circle cx="{size / 2}" cy="{size / 2}" r="{size / 3}"/>']

    model = types.SimpleNamespace(is_classic=False, board=sm.Board(3, 3), variants=(Ring(),))
    svg = overlay_svg(model)  # type: ignore[arg-type]
    assert (
        svg == '<g transform="scale(0.01)"><circle cx="50.0" cy="50.0" r="33.333333333333336"/></g>'
    )


@pytest.mark.parametrize(
    "state, action",
    [
        (None, {"type": "set"}),
        ({"box": [3]}, {"type": "set"}),
        ({"box": [3, 3], "givens": [0] * 80}, {"type": "solve"}),
        ({"box": [3, 3], "givens": [10] + [0] * 80}, {"type": "solve"}),
        ({"box": [2, 2], "givens": [0] * 16}, {"type": "fly"}),
        ({"box": [2, 2], "givens": [0] * 16}, {"type": "set", "cell": 16, "digit": 1}),
        ({"box": [2, 2], "givens": [0] * 16}, {"type": "set", "cell": 0, "digit": True}),
        ({"box": [2, 2], "givens": [0] * 16, "eliminated": [[0, 9]]}, {"type": "hint"}),
        ({"box": [2, 2], "givens": [0] * 16, "mode": "party"}, {"type": "hint"}),
        ({"box": [2, 2], "givens": [0] * 16, "undo": [{"box": [2, 2]}]}, {"type": "undo"}),
        ({"box": [9, 9], "givens": [0] * 16}, {"type": "hint"}),
        ({"box": [2, 2], "givens": [0] * 16, "hint": {"level": 1, "step": 3}}, {"type": "hint"}),
        ({"box": [2, 2], "givens": [0] * 16, "hint": {"step": {"cells": 1}}}, {"type": "apply"}),
    ],
)
def test_malformed_state_or_action_is_a_bad_request(state: Any, action: Any) -> None:
    with pytest.raises(BadRequest):
        respond(state, action)


def test_read_rules_is_the_one_parse_path() -> None:
    assert read_rules(SMALL).puzzle.to_line() == SMALL
    with pytest.raises(sm.InvalidPuzzleError):
        read_rules("x" * 200_000)


def test_an_fpuzzles_link_brings_its_title_author_and_rules() -> None:
    from sudoku_models.formats.fpuzzles.keys import LINK_PREFIX
    from sudoku_models.formats.lz import compress_to_base64

    data = {
        "size": 4,
        "title": "Tiny cage",
        "author": "A. Setter",
        "ruleset": "Normal sudoku rules.\nDigits in a cage sum to its total.",
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "killercage": [{"cells": ["R1C1", "R1C2"], "value": "3"}],
    }
    link = LINK_PREFIX + compress_to_base64(json.dumps(data))
    state = new_state(link)
    assert state["about"] == {
        "title": "Tiny cage",
        "author": "A. Setter",
        "ruleset": "Normal sudoku rules.\nDigits in a cage sum to its total.",
    }
    assert new_state(f"http://127.0.0.1:8000/?puzzle={quote(link)}")["about"] == state["about"]
    assert new_state(SMALL)["about"] == {}
    loaded = respond(new_state(SMALL), {"type": "load", "text": link})
    assert loaded["about"]["title"] == "Tiny cage"
    back = respond({**new_state(SMALL), **loaded}, {"type": "undo"})
    assert back["about"] == {}


def test_an_arrow_is_drawn_from_its_circle_to_an_arrowhead() -> None:
    from sudoku_models.variants import Arrow

    parts = Arrow(((0, 0),), ((0, 1), (0, 2))).svg(sm.Board(3, 3), 100)
    shaft, head = (p.split('points="')[1].split('"')[0].split() for p in parts[:2])
    assert shaft == ["90.0,50.0", "150.0,50.0", "250.0,50.0"]  # from the circle's edge
    assert head == ["225.0,30.0", "250.0,50.0", "225.0,70.0"]  # a chevron at the last centre
    assert parts[2].startswith("<circle") and 'fill="#fff"' in parts[2]


def _cells_of(model: sm.Model, mark: Any) -> frozenset[int]:
    return frozenset(r * model.n + c for r, c in mark.cells)


@pytest.mark.parametrize("variant", ["killer", "thermo"])
def test_hint_step_and_steps_on_variant_rules_take_the_logical_solver(variant: str) -> None:
    """A hint names the variant technique, then lights the cells of the rule it reads and its
    eliminations; Step makes sound deductions one after another (the struck pencil marks are
    kept); Steps lists a path to the solution."""
    from sudoku_models.generator import generate
    from sudoku_models.logic.rules import RULE_TECHNIQUES

    made = generate(seed=0, variant=variant, box=(2, 3))
    model, solution = made.model, made.solution.cells
    state = new_state(model)
    state = {**state, **respond(state, {"type": "hint"}, rules=model)}
    step = state["hint"]["step"]
    assert state["hint"]["level"] == 1 and state["highlight"] == {}
    assert step["technique"] in RULE_TECHNIQUES and step["technique"] in state["message"]["text"]
    state = {**state, **respond(state, {"type": "hint"}, rules=model)}
    light = state["highlight"]
    name = "cage" if variant == "killer" else "thermometer"
    assert state["hint"]["level"] == 2 and state["message"]["text"] == step["text"]
    assert step["rule"].startswith(name) and step["rule"] in step["text"]
    assert frozenset(light["cells"]) in {_cells_of(model, mark) for mark in model.variants}
    assert light["eliminations"] == step["eliminations"] and step["eliminations"]
    assert all(solution[i] != d for i, d in light["eliminations"])
    texts = []
    state = new_state(model)
    for _ in range(12):
        state = {**state, **respond(state, {"type": "step"}, rules=model)}
        assert state["message"]["kind"] == "info", state["message"]
        texts.append(state["message"]["text"])
        assert all(v in (0, s) for v, s in zip(state["values"], solution))
        assert all(solution[i] != d for i, d in state["eliminated"])
    assert len(set(texts)) == len(texts)  # each step builds on the marks struck before
    state = {**state, **respond(state, {"type": "steps"}, rules=model)}
    assert "steps to the end" in state["message"]["text"]
    for step in state["steps"]:
        for i, d in step["placements"]:
            state["values"][i] = d
    assert [g or v for g, v in zip(state["givens"], state["values"])] == list(solution)


def test_variant_steps_keep_the_time_limit() -> None:
    """The logical solver's path stops at the board's time limit and says so."""
    from sudoku_models.generator import generate

    made = generate(seed=0, variant="killer", box=(3, 3))  # its path takes seconds
    change = respond(new_state(made.model), {"type": "steps"}, rules=made.model, time_limit=0.5)
    text = change["message"]["text"]
    assert change["message"]["kind"] == "error"
    if "timed out" not in text:  # a busy machine may use the time up checking the position
        steps = change["steps"]
        # Either the path itself stopped, or it was stuck and the limit passed while the
        # solutions were counted: both say the steps listed and the limit.
        assert f"after {len(steps)} steps" in text and "time limit" in text
        solution = made.solution.cells
        for step in steps:
            assert all(solution[i] == d for i, d in step["placements"])
            assert all(solution[i] != d for i, d in step["eliminations"])


def test_the_reader_warnings_come_with_the_state() -> None:
    from sudoku_models.formats.fpuzzles.keys import LINK_PREFIX
    from sudoku_models.formats.lz import compress_to_base64

    data = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "line": [{"lines": [["R1C1", "R1C2", "R2C2"]], "outlineC": "#000", "width": 0.5}],
    }
    link = LINK_PREFIX + compress_to_base64(json.dumps(data))
    assert new_state(link)["warnings"] == ["1 black line drawn only, not read as rules"]
    assert new_state(SMALL)["warnings"] == []
    loaded = respond(new_state(SMALL), {"type": "load", "text": link})
    assert loaded["warnings"] == ["1 black line drawn only, not read as rules"]
    back = respond({**new_state(SMALL), **loaded}, {"type": "undo"})
    assert back["warnings"] == []
    held = sm.formats.read(link).model
    assert new_state(held)["warnings"] == ["1 black line drawn only, not read as rules"]


def test_rules_f_puzzles_cannot_write_are_copied_as_iss_text() -> None:
    text = ".SumLine~10~R1C1~R1C2~R1C3.NumberedRoom~R2~3~.~R9C9_4"
    state = new_state(text)
    assert state["puzzle_text"].startswith(".SumLine~10~R1C1")
    assert sm.formats.read(state["puzzle_text"]).model == read_rules(text)
    changed = respond(state, {"type": "set", "cell": 40, "digit": 5})
    assert changed["values"][40] == 5 and "puzzle_text" not in changed  # givens unchanged
