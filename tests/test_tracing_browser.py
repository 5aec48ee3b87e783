"""The search-tree viewer (``static/tree.js``) in headless Chromium: the page's panel, and a
tree of 100,000 nodes that draws and answers hover, clicks and stepping.

The browser is the system's Chromium, as in ``test_interactive_browser.py``. How fast the big
tree draws is a benchmark figure (``benchmarks/bench_trace.py``), not checked here.
"""

from __future__ import annotations

from typing import Any

import pytest

import sudoku_models as sm

pytestmark = pytest.mark.heavy  # in the full run only (see conftest.py)

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."


def test_the_page_compares_naive_mrv_and_propagation(page: Any) -> None:
    page.goto(page.server_url + f"?puzzle={EASY}")
    page.wait_for_selector("[role=gridcell]")
    givens = sum(ch != "." for ch in EASY)  # the linked puzzle has loaded
    page.wait_for_function(f"document.querySelectorAll('.sm-given').length === {givens}")
    page.get_by_text("Search trees").click()
    page.get_by_role("button", name="Trace", exact=True).click()
    page.wait_for_selector(".sm-tree-row")
    counts = page.locator(".sm-tree-counts").all_inner_texts()
    names = [c.split(": ")[0] for c in counts]
    assert names == ["backtracking:naive", "backtracking:mrv", "backtracking:propagate"]
    for name, text in zip(names, counts, strict=True):
        expected = sm.trace(EASY, backend=name).counts
        assert text.split(": ")[1].startswith(f"{expected['nodes']} nodes")


def test_a_tree_of_100000_nodes_draws_and_responds(page: Any) -> None:
    tree = sm.trace(HARD, backend="naive", max_nodes=100_000)
    assert len(tree) == 100_000
    page.goto(page.server_url)
    page.wait_for_selector("[role=gridcell]")
    result = page.evaluate(
        """async (data) => {
            const m = await import('./tree.js');
            const el = document.createElement('div');
            document.body.append(el);
            const view = m.mountTree(el, data, {width: 800, height: 400});
            window.bigTree = view;
            const canvas = el.querySelector('.sm-tree-canvas');
            const {width, height} = canvas;
            const pixels = canvas.getContext('2d').getImageData(0, 0, width, height).data;
            let inked = 0;
            for (let i = 3; i < pixels.length; i += 4) if (pixels[i]) inked++;
            return {total: view.timings.total, shown: view.shown, inked};
        }""",
        tree.viewer_data(),
    )
    assert result["inked"] > 100  # something was drawn
    assert 0 < result["shown"] < 100_000  # failed subtrees start collapsed
    # Stepping to a node deep in a collapsed subtree opens the way to it and shows its board.
    info = page.evaluate(
        """() => { window.bigTree.step(54321);
                   return document.querySelector('.sm-tree-info').textContent; }"""
    )
    assert info.startswith("node 54321:")
    # "Expand all" draws every node, and the view still answers a hover.
    page.get_by_role("button", name="Expand all").last.click()
    assert page.evaluate("window.bigTree.shown") == 100_000
    canvas = page.locator(".sm-tree-canvas").last
    canvas.scroll_into_view_if_needed()
    box = canvas.bounding_box()
    x, y = page.evaluate("window.bigTree.at(0)")
    page.mouse.move(box["x"] + x, box["y"] + y)
    info = page.locator(".sm-tree-info").last
    assert info.inner_text().startswith("node 0: root")
    page.mouse.wheel(0, -400)  # zoom in around the root: it stays under the pointer
    page.wait_for_timeout(100)
    x2, y2 = page.evaluate("window.bigTree.at(0)")
    assert abs(x2 - x) < 1 and abs(y2 - y) < 1


def test_the_widget_module_renders_trees_and_follows_changes(page: Any) -> None:
    from sudoku_models.interactive.tree_widget import TreeWidget

    widget = TreeWidget.compare(EASY, backends=("mrv", "dlx"))
    page.goto(page.server_url)
    page.wait_for_selector("[role=gridcell]")
    counts = page.evaluate(
        """async (trees) => {
            const m = await import('./tree.js');
            const handlers = {};
            let current = trees;
            const model = {
                get: (name) => current,
                on: (event, fn) => { handlers[event] = fn; },
                off: (event) => { delete handlers[event]; },
            };
            const el = document.createElement('div');
            document.body.append(el);
            const cleanup = m.default.render({model, el});
            const before = el.querySelectorAll('.sm-tree').length;
            current = trees.slice(0, 1);
            handlers['change:trees']();
            const after = el.querySelectorAll('.sm-tree').length;
            cleanup();
            const left = el.querySelectorAll('.sm-tree').length;
            return [before, after, left, 'change:trees' in handlers];
        }""",
        widget.trees,
    )
    assert counts == [2, 1, 0, False]


def test_a_capped_tree_says_where_it_stopped_and_opens_that_path(page: Any) -> None:
    """A search stopped at its node cap reads so, not as "0 solution(s)", and the path it was
    on stays open rather than folding the whole search into one triangle."""
    tree = sm.trace(HARD, backend="naive", max_nodes=20_000)
    assert not tree.complete and tree.counts["solutions"] == 0
    page.goto(page.server_url)
    page.wait_for_selector("[role=gridcell]")
    result = page.evaluate(
        """async (data) => {
            const m = await import('./tree.js');
            const el = document.createElement('div');
            document.body.append(el);
            const view = m.mountTree(el, data, {width: 800, height: 400});
            return {head: el.querySelector('.sm-tree-counts').textContent, shown: view.shown};
        }""",
        tree.viewer_data(),
    )
    assert result["head"].endswith("stopped at the node cap before any solution")
    assert "0 solution(s)" not in result["head"]
    assert result["shown"] > len(tree.stopped)  # the stopped path and the folds beside it
