"""Variant Sudoku: time per published puzzle and backend to solve and prove the solution unique.

Run from the repository root::

    python benchmarks/bench_variants.py [--backend sat --backend cpsat ...]
        [--data-dir ../shared/data] [--time-limit 10] [--killers 10]

Reads the development set ``DATA_DIR/variants/fpuzzles_dev.jsonl`` (the shipped sample in
``tests/data/variants`` when it is absent). For each puzzle the model is read from its f-puzzles
text first; the clock covers ``solver.solve(model, limit=2)``: translating the model, the search
and the uniqueness proof. Backends take turns puzzle by puzzle, after one warm-up solve each, so
load on the machine falls on all of them alike. Every answer must be UNIQUE and equal the
published solution; a backend that runs out of its time limit is reported as such.

``--killers N`` adds N givenless killer puzzles (cages only), made from the published solutions:
the grid is cut into cages of 2 to 4 cells at random (seeded), each cage given its sum, and kept
when the cpsat backend proves it unique.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from pathlib import Path

from sudoku_models import Status, fpuzzles, get_solver
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import KillerCage

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE = REPOSITORY / "tests" / "data" / "variants" / "fpuzzles_sample.jsonl"


def load(data_dir: Path) -> list[dict]:
    """The development set, or the shipped sample when it is absent."""
    path = data_dir / "variants" / "fpuzzles_dev.jsonl"
    if not path.exists():
        print(f"{path} not found: using the shipped sample")
        path = SAMPLE
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def solution_of(entry: dict) -> tuple[int, ...]:
    sol = entry["solution"]
    return tuple(int(ch) for ch in sol) if isinstance(sol, str) else tuple(sol)


def killer_from(grid: tuple[int, ...], n: int, rng: random.Random) -> Model:
    """A givenless killer: the grid cut into random cages of 2 to 4 cells, each with its sum."""
    board = fpuzzles.board_of(n)
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free)
        cage = [start]
        free.discard(start)
        size = rng.choice((2, 3, 3, 4))
        while len(cage) < size:
            r, c = divmod(rng.choice(cage), n)
            options = [
                i
                for i in (r * n + c - 1, r * n + c + 1, (r - 1) * n + c, (r + 1) * n + c)
                if 0 <= i < n * n
                and i in free
                and abs(i % n - c) <= 1
                and grid[i] not in {grid[j] for j in cage}
            ]
            if not options:
                break
            pick = rng.choice(options)
            cage.append(pick)
            free.discard(pick)
        cells = tuple(divmod(i, n) for i in sorted(cage))
        cages.append(KillerCage(cells, sum(grid[i] for i in cage)))
    return Model.from_puzzle(Puzzle(board, (0,) * (n * n)), variants=cages)


def make_killers(entries: list[dict], count: int, seed: int = 0) -> list[tuple[str, Model, tuple]]:
    """Up to ``count`` unique givenless killers from the 9x9 solutions of ``entries``."""
    rng = random.Random(seed)
    checker = get_solver("cpsat")
    out = []
    for entry in entries:
        if len(out) == count:
            break
        if entry["size"] != 9:
            continue
        grid = solution_of(entry)
        for _ in range(20):
            model = killer_from(grid, 9, rng)
            if checker.solve(model, limit=2, time_limit=60).status is Status.UNIQUE:
                out.append((f"killer from {entry['id']} ({len(model.cages)} cages)", model, grid))
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--backend", action="append", help="backend (repeat); default sat, cpsat")
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--killers", type=int, default=0, help="givenless killers to add")
    args = parser.parse_args()
    backends = args.backend or ["sat", "cpsat"]
    entries = load(args.data_dir)
    cases = [(e["id"], fpuzzles.read(e["fpuzzles_lz"]), solution_of(e)) for e in entries]
    killers = make_killers(entries, args.killers) if args.killers else []
    groups = {"published puzzles": len(cases), "givenless killers": len(killers)}
    cases += killers
    solvers = {name: get_solver(name) for name in backends}
    for solver in solvers.values():  # warm up: imports, first solver construction
        solver.solve(cases[0][1], limit=2)
    times: dict[str, list[float]] = {name: [] for name in backends}
    print("| puzzle | " + " | ".join(f"{b} (s)" for b in backends) + " |")
    print("|---|" + "---:|" * len(backends))
    for name, model, grid in cases:
        row = []
        for backend, solver in solvers.items():
            start = time.perf_counter()
            result = solver.solve(model, limit=2, time_limit=args.time_limit)
            elapsed = time.perf_counter() - start
            if result.status is Status.TIMEOUT:
                row.append(f"> {args.time_limit:g}")
                times[backend].append(float("inf"))
                continue
            if result.status is not Status.UNIQUE or result.solution.cells != grid:
                raise SystemExit(f"{backend} failed on {name}: {result.status}")
            times[backend].append(elapsed)
            row.append(f"{elapsed:.3f}")
        print(f"| {name} | " + " | ".join(row) + " |", flush=True)
    first = 0
    for group, size in groups.items():
        if not size:
            continue
        print(f"\n{group}:")
        for backend, values in times.items():
            part = values[first : first + size]
            done = [t for t in part if t != float("inf")]
            print(
                f"  {backend}: {len(done)}/{len(part)} within the limit, total {sum(done):.2f} s, "
                f"median {statistics.median(done) if done else float('nan'):.3f} s, "
                f"max {max(done) if done else float('nan'):.3f} s"
            )
        first += size


if __name__ == "__main__":
    main()
