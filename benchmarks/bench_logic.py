"""The logical solver on the published variant puzzles: share solved without trial, time, steps.

Run from the repository root::

    python benchmarks/bench_logic.py [JSONL] [--only ID ...] [--markdown]

JSONL defaults to ``../shared/data/variants/fpuzzles_dev.jsonl`` (40 published puzzles in
f-puzzles JSON with their solutions; see the README beside it). Each puzzle is solved once on
one core, after a warm-up on a small puzzle; the table gives per puzzle the status, the band, the
steps, forcing nets and trials, and the seconds, and checks every placed digit and every
remaining candidate against the published solution. The load average is printed, since other
work on the machine slows every wall-clock figure; the CPU time of this process is given too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from sudoku_models import fpuzzles
from sudoku_models.logic import logical_solve

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_FILE = REPOSITORY / ".." / "shared" / "data" / "variants" / "fpuzzles_dev.jsonl"


def solution_of(entry: dict) -> list[int]:
    """The published solution as a list of digits."""
    sol = entry["solution"]
    return [int(ch) for ch in sol] if isinstance(sol, str) else list(sol)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("jsonl", nargs="?", default=str(DEFAULT_FILE))
    parser.add_argument("--only", nargs="*", default=None, help="puzzle ids to run")
    parser.add_argument("--markdown", action="store_true", help="print a README table")
    args = parser.parse_args()
    entries = [json.loads(line) for line in Path(args.jsonl).read_text().splitlines() if line]
    if args.only:
        entries = [e for e in entries if e["id"] in args.only]
    logical_solve(".1.....4....34..")  # warm-up: imports and tables
    rows = []
    cpus: list[float] = []
    for entry in entries:
        model = fpuzzles.read(entry["fpuzzles"])
        start, cpu = time.perf_counter(), time.process_time()
        path = logical_solve(model)
        seconds = time.perf_counter() - start
        cpus.append(time.process_time() - cpu)
        solution = solution_of(entry)
        sound = all(g in (0, s) for g, s in zip(path.grid, solution)) and all(
            s in c for s, c in zip(solution, path.candidates)
        )
        nets = sum(1 for s in path.steps if s.technique == "Forcing Net")
        rows.append((entry, path, seconds, nets, sound))
        print(
            f"{entry['id']:28s} {path.status:8s} {path.difficulty.band:9s} "
            f"steps {len(path.steps):4d} nets {nets:3d} trials {path.trials:3d} "
            f"{seconds:7.2f} s (cpu {cpus[-1]:6.2f} s) {'sound' if sound else 'UNSOUND'}",
            flush=True,
        )
    times = [r[2] for r in rows]
    no_trial = sum(1 for _, p, _, _, _ in rows if p.solved and not p.trials)
    no_assumption = sum(1 for _, p, _, nets, _ in rows if p.solved and not p.trials and not nets)
    print(
        f"\n{len(rows)} puzzles: solved {sum(p.solved for _, p, *_ in rows)}, "
        f"without trial {no_trial} ({no_trial / len(rows):.0%}), without forcing nets or trials "
        f"{no_assumption} ({no_assumption / len(rows):.0%}); median {statistics.median(times):.2f} "
        f"s, slowest {max(times):.2f} s (CPU time: median {statistics.median(cpus):.2f} s, "
        f"slowest {max(cpus):.2f} s); unsound {sum(not r[4] for r in rows)}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )
    if args.markdown:
        print("\n| puzzle | size | rules | status | band | steps | nets | trials | s | CPU s |")
        print("|---|---|---|---|---|---:|---:|---:|---:|---:|")
        for (entry, path, seconds, nets, _), cpu in zip(rows, cpus):
            rules = ", ".join(entry["constraints"]) or "classic"
            print(
                f"| {entry['id']} | {entry['size']} | {rules} | {path.status} | "
                f"{path.difficulty.band} | {len(path.steps)} | {nets} | {path.trials} | "
                f"{seconds:.2f} | {cpu:.2f} |"
            )


if __name__ == "__main__":
    main()
