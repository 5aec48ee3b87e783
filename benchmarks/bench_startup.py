"""Start-up of the command line and of ``import sudoku_models``: fresh processes, timed whole.

Run from the repository root::

    python benchmarks/bench_startup.py [--tree LABEL=PATH ...] [--jsonl FILE [--only ID ...]]
        [--repeat N] [--markdown]

Each row is one fresh process: ``python -c "import sudoku_models"``, ``sudoku-models --help``
(what every command pays before it reads its input), then ``read``, ``solve``, ``steps``,
``rate`` and ``hint`` on puzzles (run as ``python -m sudoku_models ...``): a classic line from
the shipped ``top95``, and f-puzzles files, by default the first three of the shipped sample
``tests/data/variants/fpuzzles_sample.jsonl`` (``--jsonl`` and ``--only`` pick others). A row
of ``steps`` includes the logical solve itself; ``--help`` and ``read`` show what is left when
the work is small.

Every tree (a folder holding the ``sudoku_models`` package: ``--tree before=/path/to/old``;
this repository when none is given) is copied without its bytecode and timed in two ways: with
its bytecode written once and reused, as an installed package runs, and compiled from source
at every run, as a checkout runs under ``PYTHONDONTWRITEBYTECODE=1``. Each process runs once
as a warm-up, then the trees, ways and rows are alternated ``--repeat`` times, and the table
gives each median: the CPU seconds of the process (user and system), and in brackets its wall
seconds. The load average is printed, since other work on the machine slows every figure.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
SAMPLE = REPOSITORY / "tests" / "data" / "variants" / "fpuzzles_sample.jsonl"
CLASSIC = REPOSITORY / "sudoku_models" / "datasets" / "top95.txt"

#: The two ways a tree runs, with their column heads: bytecode written once and reused, or
#: compiled from source at every run.
WAYS = {"reused": "bytecode reused", "compiled": "compiled each run"}


@dataclass
class Row:
    """One process to time: its label and its arguments after ``python``."""

    label: str
    argv: list[str]
    #: (tree, way) -> CPU and wall seconds of each timed run.
    cpu: dict[tuple[str, str], list[float]] = field(default_factory=dict)
    wall: dict[tuple[str, str], list[float]] = field(default_factory=dict)


def puzzles(jsonl: Path, only: list[str] | None, folder: Path) -> list[tuple[str, Path]]:
    """``(id, file)`` for each f-puzzles puzzle to run, written as ``.json`` files in ``folder``:
    those ``only`` names, or the first three of ``jsonl``."""
    entries = [json.loads(line) for line in jsonl.read_text(encoding="utf-8").splitlines() if line]
    entries = [e for e in entries if e["id"] in only] if only else entries[:3]
    chosen = []
    for entry in entries:
        file = folder / f"{entry['id']}.json"
        file.write_text(json.dumps(entry["fpuzzles"]), encoding="utf-8")
        chosen.append((entry["id"], file))
    return chosen


def rows_of(chosen: list[tuple[str, Path]]) -> list[Row]:
    """The processes to time, on the classic line and the chosen f-puzzles files."""
    classic = CLASSIC.read_text(encoding="utf-8").split()[0]
    first = str(chosen[0][1])
    cli = ["-m", "sudoku_models"]
    rows = [
        Row("import sudoku_models", ["-c", "import sudoku_models"]),
        Row("sudoku-models --help", [*cli, "--help"]),
        Row(f"read {chosen[0][0]}", [*cli, "read", first]),
        Row("solve (classic line)", [*cli, "solve", classic]),
        Row(f"solve {chosen[0][0]}", [*cli, "solve", first]),
    ]
    rows += [Row(f"steps {name}", [*cli, "steps", str(file)]) for name, file in chosen]
    rows += [
        Row("rate (classic line)", [*cli, "rate", classic]),
        Row("hint (classic line)", [*cli, "hint", classic]),
    ]
    return rows


def copy_tree(source: Path, target: Path) -> Path:
    """A copy of the ``sudoku_models`` package of ``source`` in ``target``, without bytecode."""
    shutil.copytree(
        source / "sudoku_models",
        target / "sudoku_models",
        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
    )
    return target


def run(row: Row, root: Path, way: str) -> tuple[float, float]:
    """One fresh process of ``row`` on the copy at ``root``: its CPU and wall seconds."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    env["PYTHONPATH"] = str(root)
    if way == "compiled":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, *row.argv], cwd=root, env=env, capture_output=True, text=True, check=False
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in (0, 1):  # 1: a puzzle logic cannot finish, still a timed run
        raise SystemExit(f"{row.label}: exit {done.returncode}: {done.stderr.strip()[-500:]}")
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--tree",
        action="append",
        metavar="LABEL=PATH",
        help="a folder holding the sudoku_models package to time (repeatable; default: this one)",
    )
    parser.add_argument("--jsonl", type=Path, default=SAMPLE, help="f-puzzles puzzles, one a line")
    parser.add_argument("--only", nargs="*", default=None, help="puzzle ids of --jsonl to run")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each (default 5)")
    parser.add_argument("--markdown", action="store_true", help="print the table for the docs")
    args = parser.parse_args()
    given = args.tree or [f"this tree={REPOSITORY}"]
    trees = dict(item.split("=", 1) for item in given)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        rows = rows_of(puzzles(args.jsonl, args.only, folder))
        copies = {
            (label, way): copy_tree(Path(path), folder / f"{label}-{way}")
            for label, path in trees.items()
            for way in WAYS
        }
        for row in rows:  # warm-up: every process once, which writes the reused bytecode
            for (_, way), root in copies.items():
                run(row, root, way)
        for _ in range(args.repeat):
            for row in rows:
                for (label, way), root in copies.items():
                    cpu, wall = run(row, root, way)
                    row.cpu.setdefault((label, way), []).append(cpu)
                    row.wall.setdefault((label, way), []).append(wall)
    print(f"load average {os.getloadavg()[0]:.2f}; median of {args.repeat} runs each")
    columns = list(copies)
    heads = [f"{label}, {WAYS[way]}" for label, way in columns]
    if args.markdown:
        print("\n| process | " + " | ".join(f"{h}: CPU s (wall)" for h in heads) + " |")
        print("|---|" + "---:|" * len(columns))
    else:
        print(f"{'process':28s} " + " ".join(f"{h:>26s}" for h in heads))
    for row in rows:
        cells = [
            f"{statistics.median(row.cpu[c]):.2f} ({statistics.median(row.wall[c]):.2f})"
            for c in columns
        ]
        if args.markdown:
            print(f"| {row.label} | " + " | ".join(cells) + " |")
        else:
            print(f"{row.label[:28]:28s} " + " ".join(f"{cell:>26s}" for cell in cells))


if __name__ == "__main__":
    main()
