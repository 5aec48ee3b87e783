"""Search trees: the tree each strategy records agrees with its own counters, and its exports."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import sudoku_models as sm
from sudoku_models import Model, Puzzle, fpuzzles, get_solver
from sudoku_models.errors import UnknownSolverError
from sudoku_models.solvers.backtracking import STRATEGIES, constraint, fast
from sudoku_models.tracing import progress, traceable

SMALL = ".1.....4....34.."  # 4x4, unique
OPEN_4X4 = "................"  # 288 solutions
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
HARDER = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
MEDIUM = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
CLASH = "11.............."  # two 1s in the first row
KILLER = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3), ((2, 3), 7)])
SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
#: A 6x6 killer with one solution: only the strategies that propagate sums finish on it.
KILLER_6 = next(
    fpuzzles.LINK_PREFIX + p["fpuzzles_lz"]
    for p in map(json.loads, SAMPLE.read_text().splitlines())
    if p["id"] == "6x6-extreme-killer"
)

#: Strategies slow on HARD without propagation get the easier puzzles only.
PROPAGATING = ("mrv", "propagate", "dlx", "constraint", "fast")


def cases() -> list[tuple[str, object, int]]:
    out: list[tuple[str, object, int]] = []
    for name in STRATEGIES:
        out += [(name, SMALL, 1), (name, SMALL, 0), (name, OPEN_4X4, 0), (name, OPEN_4X4, 5)]
        out += [(name, CLASH, 1), (name, KILLER, 0)]
        if name in PROPAGATING:
            out += [(name, HARD, 1), (name, HARD, 2), (name, MEDIUM, 2), (name, HARDER, 2)]
    return out


def assert_agrees(tree: sm.tracing.SearchTree, puzzle: object, name: str, limit: int) -> None:
    """The counts read off the tree equal the run's counters and an untraced solve's; each
    solution node's path leads to a solution the untraced solve found."""
    result = get_solver(f"backtracking:{name}").solve(puzzle, limit=limit)  # type: ignore[arg-type]
    counts = tree.counts
    for stats in (tree.stats, result.stats):
        assert (counts["nodes"], counts["backtracks"]) == (stats.nodes, stats.backtracks)
    assert counts["solutions"] == (result.count if tree.stats.nodes else 0)
    found = [s.cells for s in result.solutions]
    for k in range(len(tree)):
        if tree.outcome(k) == "solution":
            path = tree.board_at(k).cells  # propagated digits are not on the path
            assert any(all(d in (0, e) for d, e in zip(path, grid)) for grid in found)


@pytest.mark.parametrize(("name", "puzzle", "limit"), cases())
def test_tree_agrees_with_stats(name, puzzle, limit):
    tree = sm.trace(puzzle, backend=name, limit=limit)
    assert tree.complete
    assert all(p < k for k, p in enumerate(tree.parents))  # parents come first
    assert_agrees(tree, puzzle, name, limit)


@pytest.mark.parametrize("name", ["constraint", "fast"])
def test_restarts_keep_the_tree_and_counters_in_step(name, monkeypatch):
    # Tiny budgets so the searches restart on an ordinary hard puzzle.
    monkeypatch.setattr(constraint, "FIRST_RUN", 3)
    monkeypatch.setattr(fast, "RESTART_WORK", 81 * 2)
    tree = sm.trace(HARDER, backend=name, limit=1)
    assert tree.restarts, "the search was meant to restart"
    assert sum(1 for p in tree.parents if p < 0) == len(tree.restarts) + 1
    assert_agrees(tree, HARDER, name, 1)


def test_fast_hands_killers_to_constraint():
    tree = sm.trace(KILLER, backend="backtracking", limit=0)
    assert tree.strategy == "backtracking:constraint"
    assert tree.counts["solutions"] == 48


def test_outcomes_and_refuted_values():
    tree = sm.trace(HARD, backend="propagate", limit=1)
    outcomes = {tree.outcome(k) for k in range(len(tree))}
    assert outcomes == {"open", "fail", "solution"}
    refuted = [k for k in range(len(tree)) if not tree.searched[k]]
    assert refuted and all(tree.outcome(k) == "fail" for k in refuted)
    assert tree.counts["refuted"] == len(refuted)


def test_max_nodes_stops_the_search_and_says_so():
    tree = sm.trace(OPEN_4X4, backend="naive", limit=0, max_nodes=50)
    assert len(tree) == 50 and not tree.complete
    assert tree.outcome(tree.stopped[-1]) in ("open", "solution")


def test_json_lists_nodes_in_order_with_parent_cell_digit_outcome():
    tree = sm.trace(HARD, backend="mrv", limit=1)
    data = json.loads(tree.to_json())
    assert data["kind"] == "search tree" and data["strategy"] == "backtracking:mrv"
    assert data["counts"]["nodes"] == data["stats"]["nodes"] == len(data["nodes"])
    root, *rest = data["nodes"]
    assert root["parent"] is None and root["cell"] is None and root["digit"] is None
    for k, node in enumerate(rest, start=1):
        assert node["id"] == k and 0 <= node["parent"] < k
        assert node["cell"][0] == "r" and 1 <= node["digit"] <= 9
        assert node["outcome"] in ("open", "fail", "solution")
    propagating = json.loads(sm.trace(HARD, backend="propagate").to_json())["nodes"]
    assert any("removals" in node for node in propagating)
    assert all(node["removed"] >= 0 for node in propagating[1:])
    box = json.loads(sm.trace(SMALL, backend="boxwise").to_json())["nodes"]
    assert all(len(node["fill"]) >= 1 for node in box[1:])


def test_svg_is_well_formed_and_collapses_failed_subtrees():
    tree = sm.trace(HARD, backend="mrv", limit=1)
    svg = tree.to_svg()
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    triangles = root.findall("{http://www.w3.org/2000/svg}path")
    assert triangles  # failed subtrees drawn as triangles with their size
    shapes = len(root.findall("{http://www.w3.org/2000/svg}circle")) + len(triangles)
    assert shapes < len(tree)
    assert tree._repr_html_() == svg


def test_dot_names_every_node_and_edge():
    tree = sm.trace(SMALL, backend="naive")
    dot = tree.to_dot()
    assert dot.startswith("digraph search {") and dot.rstrip().endswith("}")
    assert dot.count(" -> ") == len(tree) - 1


def test_untraceable_backends_are_refused_with_the_list():
    with pytest.raises(UnknownSolverError, match="backtracking:mrv") as info:
        sm.trace(SMALL, backend="sat")
    assert "progress()" in str(info.value)
    with pytest.raises(UnknownSolverError, match="known"):
        sm.trace(SMALL, backend="backtracking:nope")
    assert "backtracking:naive" in traceable()


def test_sat_and_cpsat_report_counters_over_time_not_a_tree():
    sat = progress(HARD, "sat")
    assert sat.solutions == 1 and sat.samples[-1]["event"] == "end"
    assert "no tree" in sat.to_dict()["kind"]
    assert sat.samples[-1]["conflicts"] >= 0 and "decisions" in sat.samples[-1]
    cp = progress(OPEN_4X4, "cpsat", limit=3)
    assert cp.solutions == 3
    assert [s["event"] for s in cp.samples] == ["solution"] * 3 + ["end"]
    with pytest.raises(UnknownSolverError, match="trace"):
        progress(SMALL, "backtracking")


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    from sudoku_models.cli import main

    code = main(["trace", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_json_svg_dot_and_exit_codes(capsys):
    code, out, _ = run_cli(capsys, HARDER, "--backend", "mrv", "--format", "json")
    data = json.loads(out)
    assert code == 0 and data["counts"]["nodes"] == len(data["nodes"]) > 100
    code, out, _ = run_cli(capsys, HARDER, "--backend", "propagate", "--format", "svg")
    assert code == 0 and ET.fromstring(out).tag.endswith("svg")
    code, out, _ = run_cli(capsys, SMALL, "-b", "backtracking:dlx", "-f", "dot")
    assert code == 0 and out.startswith("digraph")
    code, out, _ = run_cli(capsys, CLASH, "-b", "naive", "-f", "text")
    assert code == 1 and "0 nodes" in out
    code, out, _ = run_cli(capsys, HARDER, "-b", "naive", "--max-nodes", "200", "-f", "text")
    assert code == 1 and "200 nodes" in out and "stopped" in out


def test_cli_refuses_backends_without_a_tree(capsys):
    code, _, err = run_cli(capsys, SMALL, "--backend", "mip")
    assert code == 2 and "backtracking:mrv" in err and len(err.strip().splitlines()) == 1
    code, _, err = run_cli(capsys, SMALL, "--backend", "sat", "--format", "svg")
    assert code == 2 and "no search tree" in err
    code, out, _ = run_cli(capsys, SMALL, "--backend", "sat", "--format", "json")
    assert code == 0 and "no tree" in json.loads(out)["kind"]
    code, _, err = run_cli(capsys, "12..", "--backend", "mrv")
    assert code == 2 and err.startswith("sudoku-models: error:")


def test_the_compiled_search_is_refused_with_the_reason():
    with pytest.raises(UnknownSolverError, match="compiled") as info:
        sm.trace(SMALL, backend="numba")
    assert "backtracking:propagate" in str(info.value)


def test_the_page_server_answers_a_tree_action_in_a_search_process() -> None:
    import threading
    import urllib.error
    import urllib.request

    from sudoku_models.interactive.server import BoardServer

    def post(action: dict[str, object]) -> dict[str, object]:
        body = json.dumps({"state": {}, "action": action}).encode()
        headers = {"Content-Type": "application/json"}
        ask = urllib.request.Request(f"{server.url}api", data=body, headers=headers)
        with urllib.request.urlopen(ask, timeout=60) as answer:
            data: dict[str, object] = json.loads(answer.read())
            return data

    server = BoardServer(port=0, time_limit=10)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        data = post({"type": "tree", "puzzle": SMALL, "backend": "mrv"})
        assert data["strategy"] == "backtracking:mrv"
        assert data["counts"] == sm.trace(SMALL, backend="mrv").counts
        assert len(data["parents"]) == len(data["cells"]) == len(data["outcomes"])  # type: ignore[arg-type]
        assert data["sums"] is False and data["reason"] == ""
        killer = post({"type": "tree", "puzzle": KILLER_6, "backend": "naive"})
        assert killer["sums"] is True and killer["reason"] in ("node cap", "time limit")
        with urllib.request.urlopen(f"{server.url}tree.js", timeout=30) as answer:
            assert b"export function mountTree" in answer.read()
        with pytest.raises(urllib.error.HTTPError) as refused:
            post({"type": "tree", "puzzle": SMALL, "backend": "sat"})
        assert refused.value.code == 400
        assert "cannot record" in json.loads(refused.value.read())["error"]
        # No tree is traced for a GET (an image tag on any site could send one).
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{server.url}tree?puzzle={SMALL}&backend=mrv", timeout=30)
        assert missing.value.code == 404
    finally:
        server.shutdown()
        server.server_close()
        thread.join(5)


def test_json_written_node_by_node_is_the_dict() -> None:
    tree = sm.trace(HARD, backend="propagate")
    assert json.loads(tree.to_json()) == tree.to_dict()
    assert tree.to_dot().count(" -> ") == len(tree) - 1


def test_more_nodes_than_the_cap_are_refused(cli_peak) -> None:
    from sudoku_models.tracing import NODE_CAP

    with pytest.raises(ValueError, match="at most 1,000,000"):
        sm.trace(SMALL, max_nodes=NODE_CAP + 1)
    code, err, _, _ = cli_peak("trace", SMALL, "--max-nodes", "10000000")
    assert code == 2
    assert err == "sudoku-models: error: --max-nodes may be at most 1,000,000, got 10,000,000\n"


def test_a_trace_stops_at_a_limit_opened_around_it(pigeonhole_classic: str) -> None:
    """The refutation needs hours: the limit or the node cap ends it, never the search."""
    from sudoku_models import deadline

    with deadline.within(1):
        tree = sm.trace(pigeonhole_classic, backend="fast")
    assert not tree.complete and tree.counts["solutions"] == 0


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
def test_counters_over_time_stop_at_the_time_limit(
    backend: str, pigeonhole_classic: str, cli_peak
) -> None:
    """A search that needs hours ends at -t, says it stopped, and exits 1 (nothing found);
    bounded in memory."""
    report = progress(pigeonhole_classic, backend, time_limit=1)
    assert not report.complete and report.solutions == 0
    code, err, grown, _ = cli_peak("trace", pigeonhole_classic, "-b", backend, "-t", "1")
    assert (code, err) == (1, "") and grown < 512
    assert progress(SMALL, backend).complete


def test_a_capped_search_says_where_it_stopped_not_zero_solutions(pigeonhole_classic) -> None:
    capped = sm.trace(KILLER_6, backend="naive", max_nodes=5000)
    assert capped.reason == "node cap" and capped.counts["solutions"] == 0
    assert capped.ending() == "stopped at the node cap before any solution"
    assert "stopped at the node cap before any solution" in capped.to_svg()
    assert capped.viewer_data()["reason"] == "node cap"
    assert capped.viewer_data()["stopped"] == list(capped.stopped)
    from sudoku_models import deadline

    with deadline.within(1):
        timed = sm.trace(pigeonhole_classic, backend="fast", max_nodes=1_000_000)
    assert not timed.complete and timed.reason in ("time limit", "node cap")
    assert sm.trace(SMALL).ending() == "1 solution(s)" and sm.trace(SMALL).reason == ""


def test_the_svg_of_a_capped_search_opens_the_path_where_it_stopped() -> None:
    """Not one triangle for the whole search: the path it was on is drawn node by node, and
    the failed subtrees beside it fold one by one, their size labels clear of each other."""
    tree = sm.trace(KILLER_6, backend="naive", max_nodes=60_000)  # labels of five digits
    root = ET.fromstring(tree.to_svg())
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}path")) > 1  # several folded subtrees
    labels: dict[str, list[tuple[float, str]]] = {}
    for text in root.findall(f"{ns}text")[1:]:  # after the caption: the size labels
        labels.setdefault(text.get("y", ""), []).append((float(text.get("x", "0")), text.text))
    assert labels
    for row in labels.values():
        row.sort()
        for (x0, a), (x1, b) in itertools.pairwise(row):
            assert x1 - x0 >= 4.5 * (len(a) + len(b)) / 2  # digits of 7-point text


def test_compared_strategies_finish_on_a_killer() -> None:
    from sudoku_models.interactive.trees import COMPARED, compare

    trees = compare(KILLER_6)
    assert [t.strategy for t in trees] == ["backtracking:constraint", "backtracking:constraint"]
    assert all(t.complete and t.counts["solutions"] == 1 for t in trees)
    assert [t.strategy for t in compare(SMALL)] == [f"backtracking:{s}" for s in COMPARED]


def test_running_out_of_memory_is_an_internal_error_not_no_solution(capsys, monkeypatch) -> None:
    """Exit 1 means "no solution": memory running out is exit 3, one line, no traceback."""
    import sudoku_models.tracing as tracing

    def exhausted(*args: object, **kwargs: object) -> None:
        raise MemoryError

    monkeypatch.setattr(tracing, "trace", exhausted)
    code, out, err = run_cli(capsys, SMALL)
    assert (code, out) == (3, "")
    assert err == "sudoku-models: internal error: out of memory\n"
