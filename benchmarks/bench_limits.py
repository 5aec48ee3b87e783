"""Time limits and bounds of the command line: each case refused, or ended within its time
limit plus a second, under 1 GB, on work that would otherwise take minutes or hours.

Run from the repository root::

    python benchmarks/bench_limits.py [--seconds 2]

Each case runs ``sudoku_models.cli.main`` in a fresh process whose address space may grow by at
most 1 GiB past the imports (past that the run fails), in the main thread or in a worker thread
(as a notebook or a web app calls it). The seconds are those of ``main`` alone, the imports left
out; the megabytes are the growth of the peak resident memory past the imports.

The puzzles are built here: a classic 25x25 pigeonhole (13 cells of row 1 left 12 digits by
the givens) that every backend takes far past a minute to refute, an f-puzzles link where 17
cells that pairwise differ must hold 16 digits, and an empty 25x25 grid for the grader.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sudoku_models.testing import pigeonhole_classic, pigeonhole_link  # noqa: E402

#: The child: caps its address space, runs the command line (in a thread when asked), and
#: prints [exit code, seconds, megabytes grown].
CHILD = """
import contextlib, io, json, resource, sys, threading, time
from sudoku_models.cli import main
grown_from = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
status = open("/proc/self/status").read().split("VmSize:")[1].split()[0]
resource.setrlimit(resource.RLIMIT_AS, (int(status) * 1024 + 2**30, resource.RLIM_INFINITY))
threaded, argv = sys.argv[1] == "thread", sys.argv[2:]
done = {}
def run():
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        done["code"] = main(argv)
start = time.perf_counter()
if threaded:
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
else:
    run()
seconds = time.perf_counter() - start
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - grown_from) / 1024
print(json.dumps([done.get("code"), seconds, grown]))
"""


def cases(t: str) -> list[tuple[str, str, list[str], float | None]]:
    """(name, main or thread, argv, time limit) of each case."""
    hard, link, empty = pigeonhole_classic(), pigeonhole_link(), "." * 625
    limit = float(t)
    return [
        ("rate, pigeonhole 25x25", "main", ["rate", hard, "-t", t], limit),
        ("rate, same, worker thread", "thread", ["rate", hard, "-t", t], limit),
        ("hint, same, worker thread", "thread", ["hint", hard, "-t", t], limit),
        ("solve, pigeonhole link, worker thread", "thread", ["solve", link, "-t", t], limit),
        ("steps, pigeonhole link", "main", ["steps", link, "-t", t], limit),
        ("trace -b sat", "main", ["trace", hard, "-b", "sat", "-t", t], limit),
        ("trace -b cpsat", "main", ["trace", hard, "-b", "cpsat", "-t", t], limit),
        ("trace -b fast", "main", ["trace", hard, "-b", "fast", "-t", t], limit),
        ("trace -b naive --max-nodes 1000000", "main", [*_naive(hard), "1000000"], None),
        ("trace --max-nodes 10000000 (refused)", "main", [*_naive(hard), "10000000"], None),
        ("dataset trace --engine grade, empty 25x25", "main", _grade(empty, t), limit),
    ]


def _naive(puzzle: str) -> list[str]:
    return ["trace", puzzle, "-b", "naive", "--max-nodes"]


def _grade(puzzle: str, t: str) -> list[str]:
    return ["dataset", "trace", puzzle, "--engine", "grade", "-t", t]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", default="2", help="the time limit of each case")
    args = parser.parse_args()
    print("| case | exit | seconds | MB grown | within limit + 1 s, under 1 GB |")
    print("|---|---|---|---|---|")
    for name, where, argv, limit in cases(args.seconds):
        done = subprocess.run(
            [sys.executable, "-c", CHILD, where, *argv],
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=900,
        )
        if done.returncode:
            print(f"| {name} | crashed ({done.returncode}) | | | no |", flush=True)
            continue
        code, seconds, grown = json.loads(done.stdout)
        bounded = (limit is None or seconds <= limit + 1) and grown < 1024
        print(
            f"| {name} | {code} | {seconds:.2f} | {grown:.0f} | {'yes' if bounded else 'no'} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
