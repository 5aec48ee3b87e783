"""The benchmark runner: rows per puzzle and backend, summary figures, files that read back."""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys

import pytest

from sudoku_models import Puzzle, datasets, solve
from sudoku_models.bench import BenchTable, SummaryTable, percentile, run, summarize
from sudoku_models.cli import EXIT_BAD_INPUT, main
from sudoku_models.cli import bench as bench_command
from sudoku_models.errors import UnknownSolverError
from sudoku_models.solvers.backtracking import BacktrackingSolver
from sudoku_models.solvers.base import as_model

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

MIXED = [
    datasets.load("hardest")[0].to_line(),
    "." * 81,
    "11" + "." * 79,
    datasets.load("top95")[3].to_line(),
]


def _row(dataset, backend, status, time_ms, nodes, guesses, conflicts):
    return {
        "dataset": dataset,
        "index": 0,
        "backend": backend,
        "status": status,
        "solutions": 1,
        "time_ms": time_ms,
        "nodes": nodes,
        "guesses": guesses,
        "backtracks": 0,
        "propagations": 0,
        "conflicts": conflicts,
        "puzzle": "",
    }


@pytest.fixture(scope="module")
def small_table():
    return run(["hardest", "top95"], backends="backtracking", sample=4, seed=7)


def test_rows_follow_the_puzzles_and_agree_with_solve():
    table = run(MIXED, backends=["backtracking"], limit=2)
    assert len(table) == len(MIXED)
    assert table.column("dataset") == ["puzzles"] * len(MIXED)
    assert table.column("index") == list(range(len(MIXED)))
    assert table.column("puzzle") == [Puzzle.parse(p).to_line() for p in MIXED]
    expected = [solve(p, backend="backtracking", limit=2) for p in MIXED]
    assert table.column("status") == [r.status.value for r in expected]
    assert table.column("solutions") == [r.count for r in expected]
    assert table.column("backend") == [r.backend for r in expected]
    assert all(row["time_ms"] > 0 for row in table)
    assert table[0]["nodes"] == expected[0].stats.nodes


def test_sample_is_reproducible_and_keeps_dataset_positions():
    first = run("top95", sample=5, seed=3)
    again = run("top95", sample=5, seed=random.Random(3))
    indices = first.column("index")
    assert indices == again.column("index")
    assert indices == sorted(indices) and len(set(indices)) == 5
    top95 = datasets.load("top95")
    assert first.column("puzzle") == [top95[i].to_line() for i in indices]
    assert run("top95", sample=5, seed=4).column("index") != indices


def test_sources_by_name_path_list_and_mapping(tmp_path):
    path = tmp_path / "mine.txt"
    path.write_text("# two puzzles\n" + MIXED[0] + "\n\n" + MIXED[3] + "\n", encoding="utf-8")
    table = run(["hardest", str(path)], sample=2, seed=0)
    assert table.column("dataset") == ["hardest", "hardest", "mine", "mine"]
    assert table.column("puzzle")[2:] == [MIXED[0], MIXED[3]]
    named = run({"first": MIXED[:1], "second": MIXED[1:3]})
    assert named.column("dataset") == ["first", "second", "second"]
    lists = run([MIXED[:2], [Puzzle.parse(MIXED[3])]])
    assert lists.column("dataset") == ["list1", "list1", "list2"]


def test_unknown_sources_and_backends_are_reported():
    with pytest.raises(FileNotFoundError, match="top95"):
        run(["hardest", "no-such-set"])
    with pytest.raises(UnknownSolverError):
        run("hardest", backends="backtracking,no-such-backend")


def test_every_backend_gets_every_puzzle():
    if len(BacktrackingSolver.variants) < 2:
        pytest.skip("only one backtracking strategy is registered")
    backends = [f"backtracking:{v}" for v in BacktrackingSolver.variants[:2]]
    table = run(MIXED[1:3], backends=backends, limit=2, time_limit=20)
    assert table.column("backend") == [backends[0]] * 2 + [backends[1]] * 2
    assert table.column("status") == ["multiple", "unsatisfiable"] * 2


def test_workers_give_the_same_rows(small_table):
    pooled = run(["hardest", "top95"], backends="backtracking", sample=4, seed=7, workers=2)
    columns = ["dataset", "index", "backend", "status", "solutions", "nodes", "puzzle"]
    assert [[r[c] for c in columns] for r in pooled] == [
        [r[c] for c in columns] for r in small_table
    ]


def test_timeouts_are_rows_and_counted():
    table = run(["." * 81] * 2, limit=0, time_limit=0.05)
    assert table.column("status") == ["timeout", "timeout"]
    assert table.summary()[0]["timeouts"] == 2


def test_summary_figures_on_a_hand_built_table():
    rows = [
        _row("a", "x", "unique", 1.0, 1, 0, 5),
        _row("b", "x", "unique", 8.0, 7, 6, 2),
        _row("a", "x", "unique", 2.0, 2, 1, 5),
        _row("a", "y", "unique", 1.5, 10, 10, 0),
        _row("a", "x", "unique", 3.0, 3, 2, 5),
        _row("a", "x", "unique", 4.0, 4, 3, 5),
        _row("a", "y", "multiple", 0.5, 20, 30, 1),
        _row("a", "x", "timeout", 10.0, 5, 4, 0),
    ]
    summary = summarize(BenchTable(rows))
    assert [(s["dataset"], s["backend"]) for s in summary] == [("a", "x"), ("b", "x"), ("a", "y")]
    ax, bx, ay = summary.rows
    assert ax["puzzles"] == 5 and ax["timeouts"] == 1
    assert ax["puzzles_per_s"] == pytest.approx(250.0)  # 5 puzzles in 20 ms
    assert ax["median_ms"] == 3.0 and ax["max_ms"] == 10.0
    assert ax["p90_ms"] == pytest.approx(7.6)  # 4 + 0.6 * (10 - 4)
    assert (ax["mean_nodes"], ax["mean_guesses"], ax["mean_conflicts"]) == (3.0, 2.0, 4.0)
    assert bx["puzzles"] == 1 and bx["median_ms"] == bx["p90_ms"] == bx["max_ms"] == 8.0
    assert ay["median_ms"] == 1.0 and ay["p90_ms"] == pytest.approx(1.4)
    assert ay["puzzles_per_s"] == pytest.approx(1000.0)
    assert (ay["mean_nodes"], ay["mean_guesses"], ay["mean_conflicts"]) == (15.0, 20.0, 0.5)


def test_each_backend_warms_up_on_a_puzzle_it_does_not_time(monkeypatch):
    seen: list[tuple[str, str]] = []
    original = BacktrackingSolver.solve

    def spy(self, puzzle, *args, **kwargs):
        seen.append((self.label, as_model(puzzle).puzzle.to_line()))  # a model, read once
        return original(self, puzzle, *args, **kwargs)

    monkeypatch.setattr(BacktrackingSolver, "solve", spy)
    table = run(["hardest"], backends="backtracking,backtracking:dlx", sample=2, seed=3)
    empty = "." * 81
    assert [line for _, line in seen].count(empty) == 2  # once per backend, before its rows
    assert seen[0] == ("backtracking:fast", empty) and seen[3] == ("backtracking:dlx", empty)
    assert empty not in table.column("puzzle") and len(table) == 4


def test_percentile_matches_numpy():
    numpy = pytest.importorskip("numpy")
    values = sorted(random.Random(5).uniform(0, 100) for _ in range(37))
    for q in (0, 10, 50, 90, 99, 100):
        assert percentile(values, q) == pytest.approx(numpy.percentile(values, q))


def test_csv_and_json_read_back(small_table, tmp_path):
    small_table.to_csv(tmp_path / "rows.csv")
    small_table.to_json(tmp_path / "rows.json")
    from_csv = BenchTable.read_csv(tmp_path / "rows.csv")
    from_json = BenchTable.read_json(tmp_path / "rows.json")
    assert from_csv.rows == small_table.rows and from_csv.columns == small_table.columns
    assert from_json.rows == small_table.rows and from_json.columns == small_table.columns
    records = json.loads((tmp_path / "rows.json").read_text(encoding="utf-8"))
    assert [r["puzzle"] for r in records] == small_table.column("puzzle")
    summary = small_table.summary()
    summary.to_csv(tmp_path / "summary.csv")
    assert SummaryTable.read_csv(tmp_path / "summary.csv").rows == summary.rows


def test_csv_and_json_without_a_path_return_the_text_a_file_would_hold(small_table, tmp_path):
    small_table.to_csv(tmp_path / "rows.csv")
    small_table.to_json(tmp_path / "rows.json")
    csv_text = small_table.to_csv()
    assert csv_text == (tmp_path / "rows.csv").read_text(encoding="utf-8")
    assert csv_text.splitlines()[0] == ",".join(small_table.columns)
    json_text = small_table.to_json()
    assert json_text == (tmp_path / "rows.json").read_text(encoding="utf-8")
    assert [r["puzzle"] for r in json.loads(json_text)] == small_table.column("puzzle")


def test_pandas_frame(small_table):
    pytest.importorskip("pandas")
    frame = small_table.to_pandas()
    assert list(frame.columns) == list(small_table.columns)
    assert len(frame) == len(small_table)
    assert frame["time_ms"].sum() == pytest.approx(sum(small_table.column("time_ms")))


def test_text_and_html(small_table):
    text = small_table.summary().to_text()
    header = text.splitlines()[0].split()
    assert header == list(SummaryTable.default_columns)
    assert [line.split()[0] for line in text.splitlines()[2:]] == ["hardest", "top95"]
    cut = small_table.to_text(max_rows=3)
    assert cut.splitlines()[-1] == f"... {len(small_table) - 3} more rows"
    html = small_table.summary()._repr_html_()
    assert html.startswith("<table>") and html.count("<tr>") == 1 + 2


def test_plots_draw_one_line_and_one_box_per_backend(small_table):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from sudoku_models.bench import plots

    left, right = Figure().subplots(1, 2)
    plots.cactus(small_table, ax=left)
    plots.box(small_table, ax=right, dataset="top95")
    assert [line.get_label() for line in left.get_lines()] == ["backtracking:fast"]
    assert left.get_xscale() == "log" and right.get_yscale() == "log"
    assert left.get_lines()[0].get_ydata()[-1] == len(small_table)


def test_cli_writes_csv_json_and_png_that_read_back(tmp_path, capsys):
    image = pytest.importorskip("matplotlib.image")

    parser = argparse.ArgumentParser()
    bench_command.add_parser(parser.add_subparsers())
    out = {"csv": tmp_path / "b.csv", "json": tmp_path / "b.json", "plot": tmp_path / "b.png"}
    args = parser.parse_args(
        ["bench", "hardest", "top95", "--backends", "backtracking", "--sample", "3",
         "--seed", "2", "--limit", "2", "--time-limit", "10", "--no-progress"]
        + [f"--{kind}={path}" for kind, path in out.items()]
    )  # fmt: skip
    assert args.run(args) == 0
    printed = capsys.readouterr().out
    assert "hardest" in printed and "puzzles_per_s" in printed
    rows = BenchTable.read_csv(out["csv"])
    assert len(rows) == 6 and set(rows.column("dataset")) == {"hardest", "top95"}
    assert BenchTable.read_json(out["json"]).rows == rows.rows
    assert out["plot"].read_bytes()[:8] == PNG_SIGNATURE
    assert image.imread(out["plot"]).ndim == 3


def test_importing_the_package_loads_no_optional_dependency():
    code = (
        "import sys, sudoku_models, sudoku_models.batch, sudoku_models.bench, "
        "sudoku_models.bench.plots\n"
        "print(sorted(m for m in ('matplotlib', 'pandas', 'dask', 'distributed', 'tqdm') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_box_plot_shows_timeouts():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    from sudoku_models.bench import plots

    table = run(
        {"mixed": [".1.....4....34..", "." * 81]},
        backends=["backtracking:fast", "backtracking:naive"],
        limit=0,
        time_limit=1.0,  # the 4x4 takes milliseconds, even on a loaded machine
        progress=False,
    )
    ax = Figure().subplots()
    plots.box(table, ax=ax)
    labels = [label.get_text() for label in ax.get_xticklabels()]
    assert labels == ["backtracking:fast\n1 timed out", "backtracking:naive\n1 timed out"]
    table = run(["." * 81], backends=["backtracking:naive"], limit=0, time_limit=0.05)
    ax = Figure().subplots()
    plots.box(table, ax=ax)
    assert [label.get_text() for label in ax.get_xticklabels()] == [
        "backtracking:naive\nall 1 timed out"
    ]


def test_cli_refuses_a_plot_without_matplotlib_before_running(monkeypatch, capsys):
    import importlib.util

    import sudoku_models.bench

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name)
    )
    monkeypatch.setattr(
        sudoku_models.bench, "run", lambda *a, **k: pytest.fail("the benchmark ran")
    )
    code = main(["bench", "top95", "--sample", "1", "--plot", "never.png", "--no-progress"])
    err = capsys.readouterr().err
    assert code == EXIT_BAD_INPUT
    assert err.splitlines() == [
        "sudoku-models: error: plots need matplotlib: pip install matplotlib"
    ]


def test_cli_explains_its_counters_under_the_table(capsys):
    args = ["bench", "top95", "--backends", "backtracking", "--sample", "3", "--seed", "1"]
    assert main([*args, "--no-progress", "--warmup", "0"]) == 0
    printed = capsys.readouterr().out
    assert "guesses can exceed nodes" in " ".join(printed.split())


def test_cli_bounds_its_workers_before_running(capsys):
    assert main(["bench", "top95", "-w", "100000"]) == EXIT_BAD_INPUT
    err = capsys.readouterr().err
    assert "must be from 1 to 64" in err and len(err.splitlines()) == 1
