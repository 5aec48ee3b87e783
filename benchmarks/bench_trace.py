"""Search trees: what recording costs, what the hooks cost when nothing records, and how fast the
browser draws a tree of 100,000 nodes.

Run from the repository root::

    python benchmarks/bench_trace.py [--data-dir ../shared/data] [--rounds 5] [--base REF]
                                     [--no-browser]

Three measurements, each the best of ``--rounds`` rounds, the contestants taking turns within a
round (timings on a shared machine are only comparable inside one run; the searches are timed
in processor time of this process, which other programs on the machine disturb less):

- *recording*: each handwritten strategy on a few puzzles (limit 2: solve and prove unique),
  searched without and with a recorder; the difference over the nodes recorded is the cost per
  node, printed beside the untraced time per node;
- *not recording*: the same searches without a recorder, in this tree's code and in the code of
  ``--base`` (a git revision, by default the merge base with ``main``), extracted to a temporary
  folder and imported under another name; the ratio is what the hooks cost when idle;
- *browser*: ``SearchTree.viewer_data()`` of a 100,000-node tree (the naive search on a hard
  puzzle, stopped at 100,000 nodes) handed to ``static/tree.js`` in headless Chromium: the time
  to build, lay out and draw it (failed subtrees collapsed, as it opens), then to draw it with
  every node expanded.

Puzzles: the first ``--puzzles`` of ``hard20.txt`` for the strategies that prune (mrv, dlx, the
propagating ones), of ``easy50.txt`` for the blind ones (naive, bitmask, mrv-static, boxwise).
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import sudoku_models as sm  # noqa: E402
from sudoku_models.model import Model  # noqa: E402
from sudoku_models.puzzle import Puzzle  # noqa: E402
from sudoku_models.solvers.backtracking import STRATEGIES, search_of  # noqa: E402
from sudoku_models.solvers.backtracking.recorder import Recorder  # noqa: E402
from sudoku_models.solvers.base import Stats  # noqa: E402

BLIND = ("naive", "bitmask", "mrv-static", "boxwise")
HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
BIG = 100_000


def read_set(path: Path, count: int) -> list[Model]:
    lines = [line.split()[0] for line in path.read_text().splitlines() if line.strip()]
    return [Model.from_puzzle(Puzzle.parse(line)) for line in lines[:count]]


def run(search: Any, models: list[Model], recorder: bool) -> tuple[float, int]:
    """Processor seconds to search every model (limit 2), and the nodes counted."""
    nodes = 0
    start = time.process_time()
    for model in models:
        stats = Stats()
        if recorder:
            search(model, 2, [], None, stats, [], Recorder(10**8))
        else:
            search(model, 2, [], None, stats, [])
        nodes += stats.nodes
    return time.process_time() - start, nodes


def base_package(ref: str) -> Any:
    """The backtracking package of git revision ``ref``, imported as ``base_sm``."""
    folder = Path(tempfile.mkdtemp(prefix="bench-trace-"))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref, "sudoku_models"], capture_output=True, check=True
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    (folder / "sudoku_models").rename(folder / "base_sm")
    sys.path.insert(0, str(folder))
    return importlib.import_module("base_sm.solvers.backtracking")


def merge_base() -> str:
    done = subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], capture_output=True, text=True
    )
    return done.stdout.strip() or "HEAD"


def bench_search(args: argparse.Namespace) -> None:
    hard = read_set(args.data_dir / "hard20.txt", args.puzzles)
    easy = read_set(args.data_dir / "easy50.txt", args.puzzles)
    base = base_package(args.base)
    rows = []
    for name in STRATEGIES:
        models = easy if name in BLIND else hard
        base_models = [in_base(m) for m in models]  # the base revision's own classes
        ours = search_of(name)
        theirs = getattr(base, "search_of", None) or base._search_of  # renamed here
        theirs = theirs(name)
        best = {"plain": float("inf"), "traced": float("inf"), "base": float("inf")}
        run(theirs, base_models, recorder=False)  # warm-up: caches of shapes, first imports
        _, nodes = run(ours, models, recorder=True)
        for r in range(args.rounds):
            order = ["plain", "traced", "base"]
            for who in order[r % 3 :] + order[: r % 3]:
                if who == "base":
                    seconds, _ = run(theirs, base_models, recorder=False)
                else:
                    seconds, nodes = run(ours, models, recorder=who == "traced")
                best[who] = min(best[who], seconds)
        rows.append((name, nodes, best))
    print(
        f"{'strategy':<12} {'nodes':>8} {'us/node':>8} {'+rec us/node':>12} "
        f"{'traced/plain':>12} {'plain/base':>10}"
    )
    for name, nodes, best in rows:
        per = best["plain"] / nodes * 1e6
        extra = (best["traced"] - best["plain"]) / nodes * 1e6
        print(
            f"{name:<12} {nodes:>8} {per:>8.2f} {extra:>12.2f} "
            f"{best['traced'] / best['plain']:>12.2f} {best['plain'] / best['base']:>10.3f}"
        )


def in_base(model: Model) -> Any:
    """The same classic puzzle as a model of the base revision."""
    puzzle = importlib.import_module("base_sm.puzzle").Puzzle.parse(model.puzzle.to_line())
    return importlib.import_module("base_sm.model").Model.from_puzzle(puzzle)


def bench_browser(args: argparse.Namespace) -> None:
    from playwright.sync_api import sync_playwright

    from sudoku_models.interactive.server import BoardServer

    start = time.perf_counter()
    tree = sm.trace(HARD, backend="naive", max_nodes=BIG)
    traced = time.perf_counter() - start
    data = tree.viewer_data()
    server = BoardServer(port=0, time_limit=30)
    threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True).start()
    opened, expanded = [], []
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=args.chromium, headless=True, args=["--no-sandbox"]
        )
        page = browser.new_page(viewport={"width": 1200, "height": 800})
        page.goto(server.url)
        page.wait_for_selector("[role=gridcell]")
        for _ in range(args.rounds):
            times = page.evaluate(
                """async (data) => {
                    const m = await import('./tree.js');
                    const el = document.createElement('div');
                    document.body.append(el);
                    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
                    let t0 = performance.now();
                    const view = m.mountTree(el, data, {width: 900, height: 400});
                    await frame();
                    const opened = performance.now() - t0;
                    t0 = performance.now();
                    el.querySelectorAll('button')[2].click();  // Expand all
                    await frame();
                    await frame();
                    const expanded = performance.now() - t0;
                    view.destroy();
                    return [opened, expanded, view.shown];
                }""",
                data,
            )
            opened.append(times[0])
            expanded.append(times[1])
        browser.close()
    server.shutdown()
    server.server_close()
    print(f"tree of {len(tree)} nodes: traced in {traced:.2f} s (naive search, recording)")
    print(
        f"browser, opened (failed subtrees collapsed): median {statistics.median(opened):.0f} ms, "
        f"worst {max(opened):.0f} ms"
    )
    print(
        f"browser, every node drawn: median {statistics.median(expanded):.0f} ms, "
        f"worst {max(expanded):.0f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--puzzles", type=int, default=5)
    parser.add_argument("--base", default=None, help="git revision to compare (merge base)")
    parser.add_argument("--no-browser", action="store_true")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    args.base = args.base or merge_base()
    print(f"load before: {Path('/proc/loadavg').read_text().split()[:3]}; base {args.base[:10]}")
    bench_search(args)
    if not args.no_browser:
        bench_browser(args)
    print(f"load after: {Path('/proc/loadavg').read_text().split()[:3]}")


if __name__ == "__main__":
    main()
