"""The board page in headless Chromium, driven by Playwright: typing, pasting, hints, solving.

The browser is the system's Chromium (Debian's ``chromium`` package; ``.ci/run`` installs it),
never one downloaded by Playwright. Set ``SUDOKU_MODELS_CHROMIUM`` to use another binary. A
missing browser fails these tests: it does not skip them. ``SUDOKU_MODELS_SCREENSHOT=board.png``
keeps the screenshots (the board with a hint, and a variant drawn over the grid) to look at.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

import sudoku_models as sm
from sudoku_models.generator import generate

pytestmark = pytest.mark.heavy  # in the full run only (see conftest.py)

SMALL = ".1.....4....34.."
EASY = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def open_board(page: Any, puzzle: str | None = None) -> None:
    page.goto(page.server_url + (f"?puzzle={puzzle}" if puzzle else ""))
    page.wait_for_selector("[role=gridcell]")
    wait_idle(page)  # a linked puzzle is loaded once the board is drawn


def cell(page: Any, i: int) -> Any:
    return page.locator(f'[role=gridcell][data-cell="{i}"]')


def digit_in(page: Any, i: int) -> str:
    """The big digit of cell ``i`` ("" when it shows pencil marks or nothing)."""
    c = cell(page, i)
    return "" if c.locator(".sm-marks").count() else c.inner_text().strip()


def message(page: Any) -> Any:
    return page.locator(".sm-message")


def wait_idle(page: Any) -> None:
    page.wait_for_function("!document.querySelector('.sm-busy-now')")


def click(page: Any, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()
    wait_idle(page)


def test_type_a_puzzle_then_check(page: Any) -> None:
    open_board(page)
    page.get_by_label("Board size").select_option("2x2")
    click(page, "New empty")
    assert page.locator("[role=gridcell]").count() == 16
    cell(page, 0).click()
    for i, ch in enumerate(SMALL):  # type the givens cell by cell, moving with the arrow keys
        assert page.evaluate("document.activeElement.dataset.cell") == str(i)
        if ch != ".":
            page.keyboard.press(ch)
            wait_idle(page)
        page.keyboard.press("ArrowRight")  # wraps around within the row
        if i % 4 == 3:
            page.keyboard.press("ArrowDown")
    assert [digit_in(page, i) for i in range(16)] == [ch if ch != "." else "" for ch in SMALL]
    click(page, "Check")
    assert "exactly one solution" in message(page).inner_text()
    assert not page.locator("input[type=checkbox]").first.is_checked()  # back to playing


def test_the_puzzle_link_and_pasting(page: Any) -> None:
    sent: list[tuple[str, str]] = []
    page.on("request", lambda r: sent.append((r.method, r.url)))
    open_board(page, SMALL)
    # The link is read by a POST to /api (which another site cannot send), never by a GET.
    assert [m for m, url in sent if url.endswith("/api")] == ["POST"]
    assert not any("puzzle=" in url for m, url in sent if "/state" in url or "/api" in url)
    assert digit_in(page, 1) == "1" and "sm-given" in cell(page, 1).get_attribute("class")
    page.get_by_label("Puzzle string or link to load").fill(EASY)
    click(page, "Load")
    assert page.locator("[role=gridcell]").count() == 81 and digit_in(page, 0) == "2"
    # Ctrl+V on the grid: a paste event carrying the text.
    page.evaluate(
        """text => {
            const data = new DataTransfer();
            data.setData('text', text);
            document.querySelector('[role=grid]').dispatchEvent(
                new ClipboardEvent('paste', {clipboardData: data, bubbles: true}));
        }""",
        HARD,
    )
    wait_idle(page)
    assert digit_in(page, 0) == "4" and digit_in(page, 1) == ""
    click(page, "Copy")
    assert page.get_by_label("Puzzle string or link to load").input_value() == HARD


def test_hint_two_levels_apply_undo(page: Any) -> None:
    open_board(page, EASY)
    expected = sm.grading.hint(EASY)
    click(page, "Hint")
    assert expected.technique in message(page).inner_text()
    assert page.locator(".sm-lit").count() == 0
    click(page, "Hint")
    i, d = expected.placements[0]
    assert page.locator(".sm-placed").count() >= 1
    assert "sm-placed" in cell(page, i).get_attribute("class")
    click(page, "Apply")
    assert digit_in(page, i) == str(d) and "sm-entered" in cell(page, i).get_attribute("class")
    click(page, "Undo")
    assert digit_in(page, i) == ""
    click(page, "Redo")
    assert digit_in(page, i) == str(d)


def test_steps_list_is_clickable(page: Any) -> None:
    open_board(page, SMALL)
    click(page, "Steps")
    steps = page.locator(".sm-steps button")
    assert steps.count() == 12
    steps.nth(3).click()
    wait_idle(page)
    assert "step 4" in message(page).inner_text()
    assert steps.nth(3).get_attribute("aria-current") == "step"


@pytest.mark.parametrize("backend", ["backtracking", "backtracking:dlx", "sat", "cpsat"])
def test_solve_with_each_backend(page: Any, backend: str) -> None:
    open_board(page, HARD)
    page.get_by_label("Backend").select_option(backend)
    click(page, "Solve")
    assert backend.split(":")[0] in page.locator(".sm-stats").inner_text()
    solution = sm.solve(HARD).solution.to_line()
    shown = [cell(page, i).inner_text().strip() for i in range(81)]
    assert "".join(shown) == solution
    assert page.locator(".sm-solution").count() == 81 - 17


def test_count_and_true_candidates(page: Any) -> None:
    open_board(page, "..............4.")
    click(page, "Count")
    assert message(page).inner_text().startswith("72 solutions")
    assert page.locator(".sm-diff").count() >= 2
    click(page, "True candidates")
    assert page.locator(".sm-mark.sm-true").count() > 0


def test_bad_input_shows_a_message_and_changes_nothing(page: Any) -> None:
    open_board(page, SMALL)
    cell(page, 0).click()
    page.keyboard.press("1")  # r1c2 holds 1
    wait_idle(page)
    assert message(page).inner_text() == "r1c1 cannot hold 1: r1c2 holds it"
    assert "sm-error" in message(page).get_attribute("class") and digit_in(page, 0) == ""
    cell(page, 1).click()
    page.keyboard.press("2")  # a given
    wait_idle(page)
    assert "is a given" in message(page).inner_text() and digit_in(page, 1) == "1"
    page.get_by_label("Puzzle string or link to load").fill("12x")
    click(page, "Load")
    assert "square number of cells" in message(page).inner_text()
    assert page.locator("[role=gridcell]").count() == 16 and digit_in(page, 1) == "1"
    page.get_by_label("Puzzle string or link to load").fill("1" * 16)
    click(page, "Load")
    assert "clash" in message(page).inner_text() and digit_in(page, 0) == ""
    open_board(page, "123." + "...4" + "...." + "....")
    click(page, "Solve")
    assert "no solution" in message(page).inner_text()


def test_letters_beyond_nine_on_16x16(page: Any) -> None:
    open_board(page)
    page.get_by_label("Board size").select_option("4x4")
    click(page, "New empty")
    cell(page, 0).click()
    page.keyboard.press("g")
    wait_idle(page)
    assert digit_in(page, 0) == "G"
    assert "G" not in cell(page, 1).inner_text()  # not a pencil mark of its row any more


def test_slow_request_can_be_cancelled_while_the_page_responds(page: Any, serve_board: Any) -> None:
    with serve_board(4) as quick:  # the search goes on until then, after the cancel
        page.server_url = quick.url
        open_board(page, "." * 625)
        assert page.locator("[role=gridcell]").count() == 625
        page.get_by_label("Backend").select_option("backtracking")
        page.get_by_role("button", name="Count", exact=True).click()
        busy = page.locator(".sm-busy")
        busy.wait_for(state="visible")
        assert "Working on count" in busy.inner_text()
        cell(page, 30).click()  # the page still answers while the search runs
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.dataset.cell") == "31"
        page.get_by_role("button", name="Cancel").click()
        wait_idle(page)
        assert "cancelled" in message(page).inner_text() and busy.is_hidden()


def test_screenshot(page: Any, tmp_path: Path) -> None:
    open_board(page, EASY)
    click(page, "Hint")
    click(page, "Hint")
    path = tmp_path / "board.png"
    page.screenshot(path=str(path))
    assert path.stat().st_size > 20_000  # a drawn grid, not a blank page
    out = os.environ.get("SUDOKU_MODELS_SCREENSHOT")
    if out:
        shutil.copy(path, out)


def test_accessibility_roles_labels_and_keyboard_only(page: Any) -> None:
    open_board(page, SMALL)
    grid = page.get_by_role("grid", name="Sudoku grid, 4 by 4, boxes of 2 by 2")
    assert grid.get_by_role("row").count() == 4
    snapshot = grid.aria_snapshot()
    assert 'gridcell "r1c2, given 1"' in snapshot
    assert 'gridcell "r1c1, empty, candidates 2 4"' in snapshot
    live = page.locator(".sm-message")
    assert live.get_attribute("role") == "status" and live.get_attribute("aria-live") == "polite"
    for control in page.locator("button, select, input, textarea").all():
        name = control.evaluate(
            "e => e.getAttribute('aria-label') || e.textContent.trim() || "
            "(e.labels && e.labels[0] && e.labels[0].textContent.trim()) || e.placeholder"
        )
        assert name, control.evaluate("e => e.outerHTML")
    # Keyboard only: focus lands on the grid, one cell is in the tab order, digits go in.
    assert page.evaluate("document.activeElement.getAttribute('role')") == "gridcell"
    assert page.locator("[role=gridcell][tabindex='0']").count() == 1
    page.keyboard.press("ArrowDown")
    page.keyboard.press("2")  # r2c1 = 2
    wait_idle(page)
    assert digit_in(page, 4) == "2"
    assert "r2c1 = 2" in live.inner_text()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")  # r2c3: candidates 1 3
    page.keyboard.press("Shift+Digit3")  # strike the pencil mark 3 out
    wait_idle(page)
    assert "3 struck out of r2c3" in live.inner_text()
    assert "candidates 1" in cell(page, 6).get_attribute("aria-label")
    assert "3" not in cell(page, 6).inner_text()
    page.keyboard.press("Tab")  # out of the grid to the first control, then on to Hint by keys
    for _ in range(30):
        if page.evaluate("document.activeElement.textContent") == "Hint":
            break
        page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    wait_idle(page)
    assert "hint:" in live.inner_text()


MOUNT_WIDGET = """async state => {
    // A stand-in for anywidget's model: the state trait, and messages answered the way
    // SudokuWidget answers them (respond, then a "done" message), through the page server.
    const board = await import('./board.js');
    const listeners = {};
    const fire = (event, arg) => (listeners[event] || []).forEach(fn => fn(arg));
    const model = {
        get: key => (key === 'state' ? state : undefined),
        on: (event, fn) => (listeners[event] = listeners[event] || []).push(fn),
        off: (event, fn) => { listeners[event] = (listeners[event] || []).filter(f => f !== fn); },
        send: async content => {
            const response = await fetch('api', {method: 'POST',
                headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({state, action: content.action})});
            state = {...state, ...(await response.json())};
            fire('change:state');
            fire('msg:custom', {kind: 'done', id: content.id});
        },
    };
    document.body.replaceChildren();
    const el = document.createElement('div');
    document.body.append(el);
    board.default.render({model, el});
}"""


def test_the_widget_entry_point_draws_and_sends_actions(page: Any) -> None:
    open_board(page)
    page.evaluate(MOUNT_WIDGET, sm.interactive.new_state(SMALL))
    page.wait_for_selector("[role=gridcell]")
    assert page.locator("[role=gridcell]").count() == 16 and digit_in(page, 1) == "1"
    cell(page, 0).click()
    page.keyboard.press("4")
    wait_idle(page)
    assert digit_in(page, 0) == "4" and "r1c1 = 4" in message(page).inner_text()
    assert page.get_by_role("button", name="Copy link").count() == 0  # a page-only button
    click(page, "Hint")
    assert "hint:" in message(page).inner_text()


def test_variant_rules_are_drawn_over_the_grid(page: Any, tmp_path: Path) -> None:
    diagonals = [[i * 10 for i in range(9)], [i * 8 + 8 for i in range(9)]]
    x = sm.Model.from_puzzle(sm.Puzzle.empty(), extra_groups=diagonals, cages=[((0, 1), 9)])
    open_board(page)
    page.evaluate(MOUNT_WIDGET, sm.interactive.new_state(x))
    page.wait_for_selector("[role=gridcell]")
    overlay = page.locator("svg.sm-overlay")
    assert overlay.get_attribute("viewBox") == "0 0 9 9"
    assert overlay.locator("polyline").count() == 2 and overlay.locator("path").count() == 1
    box = overlay.bounding_box()
    grid = page.locator("[role=grid]").bounding_box()
    assert abs(box["width"] - grid["width"]) < 2 and abs(box["height"] - grid["height"]) < 2
    page.screenshot(path=str(tmp_path / "variant.png"))
    out = os.environ.get("SUDOKU_MODELS_SCREENSHOT")
    if out:
        shutil.copy(tmp_path / "variant.png", out.replace(".png", "_variant.png"))


def test_copy_link_opens_the_same_puzzle(page: Any) -> None:
    open_board(page, SMALL)
    click(page, "Copy link")
    link = page.get_by_label("Puzzle string or link to load").input_value()
    assert "?puzzle=" in link
    page.goto(link)
    page.wait_for_selector("[role=gridcell]")
    wait_idle(page)
    assert [digit_in(page, i) for i in range(16)] == [ch if ch != "." else "" for ch in SMALL]


def test_generate_with_seed_symmetry_and_size(page: Any) -> None:
    open_board(page)
    page.get_by_label("Board size").select_option("2x3")
    page.get_by_label("Seed").fill("7")
    page.get_by_label("Symmetry").select_option("rot180")
    click(page, "Generate")
    assert "generated with seed 7" in message(page).inner_text()
    expected = generate(seed=7, box=(2, 3), symmetry="rot180").puzzle.to_line()
    assert [digit_in(page, i) for i in range(36)] == [ch if ch != "." else "" for ch in expected]
    page.get_by_label("Seed").fill("1.5")
    click(page, "Generate")
    assert "whole number" in message(page).inner_text()


def test_clues_beside_the_grid_and_irregular_regions(page: Any) -> None:
    state = sm.interactive.new_state(SMALL)
    clue = '<text class="clue" x="-50" y="50">7</text>'  # in rule units: left of r1c1
    state.update(outside=True, boxes=False, overlay=f'<g transform="scale(0.01)">{clue}</g>')
    open_board(page)
    page.evaluate(MOUNT_WIDGET, state)
    page.wait_for_selector("[role=gridcell]")
    overlay = page.locator("svg.sm-overlay")
    assert overlay.get_attribute("viewBox") == "-1 -1 6 6"
    grid, drawn = page.locator("[role=grid]").bounding_box(), overlay.bounding_box()
    side = grid["width"] / 4
    assert abs(drawn["width"] - 6 * side) < 3 and abs(drawn["x"] - (grid["x"] - side)) < 3
    text = page.locator("svg.sm-overlay text.clue").bounding_box()
    assert text["x"] + text["width"] <= grid["x"] + 1  # the clue sits left of the grid
    inner = cell(page, 2).get_attribute("class")  # r1c3 starts box 2 on a 2x2 board
    assert "sm-left" not in inner and "sm-left" in cell(page, 0).get_attribute("class")


def test_a_variant_puzzle_is_legible(page: Any, tmp_path: Path) -> None:
    """Rules text beside a large grid, marks hidden until asked for and then kept clear of the
    cage totals, totals printed once above everything, arrows with heads."""
    from urllib.parse import quote

    from sudoku_models.formats.fpuzzles.keys import LINK_PREFIX
    from sudoku_models.formats.lz import compress_to_base64

    data = {
        "size": 9,
        "title": "Legible",
        "author": "A. Setter",
        "ruleset": "Normal sudoku rules apply.\nCages sum to their totals.",
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "killercage": [{"cells": ["R1C2", "R1C3", "R2C2"], "value": "23"}],
        "arrow": [{"cells": ["R5C5"], "lines": [["R5C5", "R6C6", "R7C7"]]}],
        "thermometer": [{"lines": [["R9C1", "R8C1", "R7C1"]]}],
    }
    open_board(page, quote(LINK_PREFIX + compress_to_base64(json.dumps(data))))
    about = page.get_by_role("region", name="About this puzzle")
    assert about.is_visible()
    assert about.locator("h2").inner_text() == "Legible"
    assert "by A. Setter" in about.inner_text()
    assert "Cages sum to their totals." in about.inner_text()
    assert cell(page, 0).bounding_box()["width"] >= 56  # as large as the editors draw it
    marks = page.get_by_label("Pencil marks")
    assert not marks.is_checked() and page.locator(".sm-marks").count() == 0
    total = page.locator("svg.sm-labels text", has_text="23")
    assert total.is_visible()
    hidden = page.locator("svg.sm-overlay text", has_text="23")
    assert hidden.evaluate("e => getComputedStyle(e).visibility") == "hidden"  # printed once
    assert page.locator("svg.sm-overlay polyline").count() == 3  # thermo, shaft, arrowhead
    page.screenshot(path=str(tmp_path / "legible.png"))
    marks.check()
    wait_idle(page)
    assert page.locator(".sm-marks").count() == 81
    label = total.bounding_box()
    glyph = total.evaluate("e => e.getCTM().a * Number(e.getAttribute('font-size'))")
    below = label["y"] + label["height"] / 2 + 0.35 * glyph  # the digits' lowest ink
    first = cell(page, 1)  # r1c2 holds the total
    assert "sm-label-top" in first.get_attribute("class")
    assert "sm-label-top" not in cell(page, 2).get_attribute("class")
    for mark in first.locator(".sm-marks > span").all():
        box = mark.bounding_box()
        if box["width"]:
            assert box["y"] >= below  # the marks start below the total
    out = os.environ.get("SUDOKU_MODELS_SCREENSHOT")
    if out:
        shutil.copy(tmp_path / "legible.png", out.replace(".png", "_legible.png"))


def test_true_candidates_show_even_with_the_marks_hidden(page: Any) -> None:
    open_board(page, SMALL)
    page.get_by_label("Pencil marks").uncheck()
    assert page.locator(".sm-marks").count() == 0
    click(page, "True candidates")
    assert page.locator(".sm-mark.sm-true").count() > 0


def test_hint_on_a_variant_puzzle_lights_the_rule(page: Any) -> None:
    """Hint on a killer: first the technique, then (again) the cage's cells lit and the digits
    it strikes marked, as the logical solver's step has them."""
    from urllib.parse import quote

    model = generate(seed=0, variant="killer", box=(2, 3)).model
    step = sm.logic.hint(model)
    assert isinstance(step, sm.logic.Step) and step.rule.startswith("cage")
    open_board(page, quote(sm.fpuzzles.to_link(model)))
    click(page, "Hint")
    assert step.technique in message(page).inner_text()
    assert page.locator(".sm-lit").count() == 0
    click(page, "Hint")
    assert message(page).inner_text().startswith(str(step))
    lit = page.locator(".sm-lit")
    assert sorted(int(c.get_attribute("data-cell")) for c in lit.all()) == sorted(step.cells)
    assert page.locator(".sm-mark-elim").count() == len(step.eliminations)
    for i, d in step.eliminations:
        assert cell(page, i).locator(".sm-mark-elim", has_text=str(d)).count() == 1


def test_a_link_with_a_cosmetic_line_shows_its_warning(page: Any) -> None:
    from urllib.parse import quote

    from sudoku_models.formats.fpuzzles.keys import LINK_PREFIX
    from sudoku_models.formats.lz import compress_to_base64

    data = {
        "size": 4,
        "grid": [[{} for _ in range(4)] for _ in range(4)],
        "line": [{"lines": [["R1C1", "R1C2", "R2C2"]], "outlineC": "#000", "width": 0.5}],
    }
    open_board(page, quote(LINK_PREFIX + compress_to_base64(json.dumps(data))))
    warnings = page.get_by_role("list", name="Reader warnings")
    assert warnings.is_visible()
    assert warnings.inner_text().strip() == "1 black line drawn only, not read as rules"
    assert page.get_by_role("region", name="About this puzzle").is_visible()


def test_kropki_dots_lie_over_the_grid_and_lines_and_min_max_show_chevrons(
    page: Any, tmp_path: Path
) -> None:
    """A white dot on a box line and a palindrome line is drawn over both (its centre is white
    on the screen, as in the puzzle editors); a minimum cell shows four chevrons."""
    import io
    from urllib.parse import quote

    from PIL import Image  # matplotlib's dependency, in the test extra

    from sudoku_models.formats.fpuzzles.keys import LINK_PREFIX
    from sudoku_models.formats.lz import compress_to_base64

    data = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "palindrome": [{"lines": [["R2C1", "R2C2", "R2C3", "R2C4", "R2C5"]]}],
        "difference": [{"cells": ["R2C3", "R2C4"]}],  # on the box line and the palindrome
        "minimum": [{"cell": "R6C6"}],
    }
    open_board(page, quote(LINK_PREFIX + compress_to_base64(json.dumps(data))))
    dot = page.locator("svg.sm-labels circle[fill=white]")
    assert dot.count() == 1 and dot.is_visible()
    assert (
        page.locator("svg.sm-overlay circle[fill=white]").evaluate(
            "e => getComputedStyle(e.closest('.sm-top')).visibility"
        )
        == "hidden"
    )  # drawn once, over the grid
    box = dot.bounding_box()
    shot = page.screenshot(
        clip={"x": box["x"], "y": box["y"], "width": box["width"], "height": box["height"]}
    )
    image = Image.open(io.BytesIO(shot)).convert("RGB")
    centre = image.getpixel((image.width // 2, image.height // 2))
    assert min(centre) >= 240, f"the dot's centre is {centre}: a line is drawn over it"
    chevrons = page.locator("svg.sm-overlay polyline[transform]")
    assert chevrons.count() == 4 and all(c.is_visible() for c in chevrons.all())
    page.locator(".sm-frame").screenshot(path=str(tmp_path / "dots.png"))
    out = os.environ.get("SUDOKU_MODELS_SCREENSHOT")
    if out:
        shutil.copy(tmp_path / "dots.png", out.replace(".png", "_dots.png"))
