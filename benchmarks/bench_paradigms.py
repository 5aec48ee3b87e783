"""Every paradigm on the same puzzles: time to solve and prove the solution unique, per backend.

Run from the repository root::

    python benchmarks/bench_paradigms.py [--backend sat --backend mip ...] [--top95 20]
        [--data-dir ../shared/data] [--time-limit 10] [--sets hard20,top95,variants,new,ranks]

Five sets: hard20 (shipped), the first ``--top95`` puzzles of top95 (shipped), the variant
development set ``DATA_DIR/variants/fpuzzles_dev.jsonl`` (the shipped sample when it is
absent), and ``new``: the ISS puzzles on the automaton, count and element primitives
(``tests/data/variants/iss_new_primitives.jsonl``, read as ``bench_new_primitives.py`` does),
and ``ranks``: ISS's full rank puzzles (``tests/data/iss/full_rank_sample.jsonl``).
The clock covers ``solver.solve(model, limit=2)``: translating the model, the search and the
uniqueness proof. Backends take turns puzzle by puzzle after one warm-up solve each, so load on
the machine falls on all of them alike. Every finished answer must be UNIQUE and (for the
variant and new puzzles) equal the published solution. Printed per backend and set: the share
finished within the time limit, and the median and mean time of the finished ones.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path

from bench_new_primitives import ISS_PUZZLES, RANK_PUZZLES, iss_models, rank_models

from sudoku_models import Status, datasets, fpuzzles, get_solver
from sudoku_models.model import Model

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE = REPOSITORY / "tests" / "data" / "variants" / "fpuzzles_sample.jsonl"
BACKENDS = ("cpsat", "sat", "asp", "smt", "mip", "mip:highs")


def with_solutions(
    models: list[tuple[str, Model]], path: Path
) -> list[tuple[Model, tuple[int, ...] | None]]:
    """The ``models`` read from the JSON lines of ``path``, each with its published solution."""
    solutions = [json.loads(line)["solution"] for line in path.read_text().splitlines()]
    return [(model, tuple(map(int, solution))) for (_, model), solution in zip(models, solutions)]


def variant_set(data_dir: Path) -> list[tuple[Model, tuple[int, ...] | None]]:
    """The variant development set, or the shipped sample when it is absent."""
    path = data_dir / "variants" / "fpuzzles_dev.jsonl"
    if not path.exists():
        print(f"{path} not found: using the shipped sample")
        path = SAMPLE
    out = []
    for line in path.read_text().splitlines():
        if line.strip():
            entry = json.loads(line)
            sol = entry["solution"]
            grid = tuple(int(ch) for ch in sol) if isinstance(sol, str) else tuple(sol)
            out.append((fpuzzles.read(entry["fpuzzles_lz"]), grid))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", help=f"default: {', '.join(BACKENDS)}")
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--top95", type=int, default=20, help="how many top95 puzzles")
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument(
        "--sets", default="hard20,top95,variants,new,ranks", help="which sets, by name"
    )
    args = parser.parse_args()
    backends = args.backend or list(BACKENDS)
    chosen = args.sets.split(",")
    sets = {}
    if "hard20" in chosen:
        sets["hard20"] = [(Model.from_puzzle(p), None) for p in datasets.load("hard20")]
    if "top95" in chosen:
        top = datasets.load("top95")[: args.top95]
        sets[f"top95[:{args.top95}]"] = [(Model.from_puzzle(p), None) for p in top]
    if "variants" in chosen:
        sets["variants"] = variant_set(args.data_dir)
    if "new" in chosen:
        sets["new"] = with_solutions(iss_models(), ISS_PUZZLES)
    if "ranks" in chosen:
        sets["ranks"] = with_solutions(rank_models(), RANK_PUZZLES)
    warm = Model.from_puzzle(datasets.load("hard20")[0])
    solvers = {name: get_solver(name) for name in backends}
    for solver in solvers.values():  # warm-up: imports, first translation
        solver.solve(warm, limit=2)
    load = Path("/proc/loadavg").read_text().split()[:3]
    print(f"load average before: {load}, cpus {os.cpu_count()}")
    print(f"{'set':<14}{'backend':<12}{'finished':>10}{'median s':>10}{'mean s':>10}")
    for set_name, puzzles in sets.items():
        times: dict[str, list[float]] = {name: [] for name in backends}
        for model, want in puzzles:
            for name, solver in solvers.items():
                start = time.perf_counter()
                result = solver.solve(model, limit=2, time_limit=args.time_limit)
                elapsed = time.perf_counter() - start
                if result.status is Status.TIMEOUT:
                    continue
                assert result.status is Status.UNIQUE, (name, result.status)
                assert want is None or result.solution.cells == want, name
                times[name].append(elapsed)
        for name in backends:
            done = times[name]
            median = f"{statistics.median(done):.3f}" if done else "-"
            mean = f"{statistics.fmean(done):.3f}" if done else "-"
            share = f"{len(done)}/{len(puzzles)}"
            print(f"{set_name:<14}{name:<12}{share:>10}{median:>10}{mean:>10}", flush=True)
    print(f"load average after: {Path('/proc/loadavg').read_text().split()[:3]}")


if __name__ == "__main__":
    main()
