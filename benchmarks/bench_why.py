"""Proving steps and explaining broken puzzles: time per certified step, time per minimal core.

Run from the repository root::

    python benchmarks/bench_why.py [--data-dir ../shared/data] [--puzzles 40] [--broken 20]

Part 1 solves each puzzle of the development set ``DATA_DIR/variants/fpuzzles_dev.jsonl`` (the
shipped sample in ``tests/data/variants`` when it is absent) with the logical solver, then
certifies every step (:func:`sudoku_models.certify`): the median and 95th percentile of the time
per step, and every step whose named reasons are not enough (a finder defect).

With ``--generated K`` it does the same for K generated puzzles of each variant the generator
makes (seeds 0 to K-1).

Part 2 breaks puzzles by changing one given to a digit none of its peers' givens hold (so no
two givens clash outright): ``--broken`` classic puzzles of ``DATA_DIR/top95.txt`` and as many
development variant puzzles, and times :func:`sudoku_models.why` on each one left with no
solution: the SAT core, its shrinking to a minimal one, and the CP-SAT check of that core.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import time
from pathlib import Path

from sudoku_models import Model, Puzzle, certify, count_solutions, fpuzzles, logical_solve, why
from sudoku_models.generator.variants import VARIANTS, generate_variant

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE = REPOSITORY / "tests" / "data" / "variants" / "fpuzzles_sample.jsonl"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def certify_steps(models: list[tuple[str, Model]], time_limit: float) -> None:
    """Part 1: the certification time of every step of every path."""
    times: list[float] = []
    setups: list[float] = []
    defects = []
    for name, model in models:
        path = logical_solve(model, time_limit=time_limit)
        start = time.perf_counter()
        proofs = certify(path)
        setups.append(time.perf_counter() - start - sum(p.seconds for p in proofs))
        times += [p.seconds for p in proofs]
        defects += [(name, p) for p in proofs if not p.certified]
        print(f"  {name:28s} {path.status:8s} {len(proofs):4d} steps", flush=True)
    if not times:
        return
    print(
        f"certified {len(times) - len(defects)} of {len(times)} steps; per step: median "
        f"{statistics.median(times) * 1000:.1f} ms, 95th percentile "
        f"{percentile(times, 0.95) * 1000:.1f} ms, max {max(times) * 1000:.0f} ms; building the "
        f"solver once a path: median {statistics.median(setups):.2f} s, max {max(setups):.2f} s"
    )
    for name, proof in defects:
        print(f"  NOT certified: {name}: {proof.step.technique}: {proof.step.text[:100]}")


def broken(model: Model, rng: random.Random, tries: int = 40) -> Model | None:
    """``model`` with one given changed to a digit no peer given holds, so that it has no
    solution; None when ``tries`` changes all leave one."""
    peers = model.peers()
    changes = [
        (i, d)
        for i, g in enumerate(model.givens)
        if g
        for d in range(1, model.n + 1)
        if d != g and d not in {model.givens[p] for p in peers[i]}
    ]
    rng.shuffle(changes)
    for i, d in changes[:tries]:
        givens = list(model.givens)
        givens[i] = d
        changed = dataclasses.replace(model, givens=tuple(givens))
        if count_solutions(changed, limit=1) == 0:
            return changed
    return None


def explain_broken(label: str, models: list[Model], seed: int) -> None:
    """Part 2: minimal cores of puzzles broken by one changed given."""
    rng = random.Random(seed)
    times: list[float] = []
    cores: list[float] = []
    sizes: list[int] = []
    checked = 0
    for model in models:
        changed = broken(model, rng)
        if changed is None:
            continue
        start = time.perf_counter()
        answer = why(changed)
        times.append(time.perf_counter() - start)
        cores.append(answer.seconds - answer.check_seconds)
        sizes.append(len(answer.core))
        checked += answer.checked and answer.minimal
    if not times:
        print(f"{label}: no puzzle broken")
        return
    print(
        f"{label}: {len(times)} broken puzzles, {checked} cores minimal and checked by CP-SAT; "
        f"core size median {statistics.median(sizes):g} (max {max(sizes)})\n"
        f"  minimal core (SAT): median {statistics.median(cores):.2f} s, 95th percentile "
        f"{percentile(cores, 0.95):.2f} s; with the CP-SAT check: median "
        f"{statistics.median(times):.2f} s, 95th percentile {percentile(times, 0.95):.2f} s, "
        f"max {max(times):.2f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--puzzles", type=int, default=40, help="development puzzles certified")
    parser.add_argument("--broken", type=int, default=20, help="puzzles of each kind broken")
    parser.add_argument(
        "--time-limit", type=float, default=30.0, help="seconds per logical solve path"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--skip-certify", action="store_true")
    parser.add_argument(
        "--generated", type=int, default=0, help="generated puzzles of each variant certified"
    )
    args = parser.parse_args()
    dev = args.data_dir / "variants" / "fpuzzles_dev.jsonl"
    source = dev if dev.exists() else SAMPLE
    entries = [json.loads(line) for line in source.read_text().splitlines() if line.strip()]
    print(f"set: {source.name}")
    why("11" + "." * 14)  # warm-up: imports of both backends
    if not args.skip_certify:
        dev = [(e["id"], fpuzzles.read(e["fpuzzles_lz"])) for e in entries[: args.puzzles]]
        certify_steps(dev, args.time_limit)
    if args.generated:
        made = [
            (f"{name} seed {seed}", generate_variant(name, seed).model)
            for name in VARIANTS
            for seed in range(args.generated)
        ]
        print(f"generated: {args.generated} of each of {len(VARIANTS)} variants")
        certify_steps(made, args.time_limit)
    top95 = args.data_dir / "top95.txt"
    if top95.exists():
        lines = top95.read_text().split()[: args.broken]
        explain_broken("classic (top95)", [Model.from_puzzle(Puzzle.parse(t)) for t in lines], 1)
    variants = [fpuzzles.read(e["fpuzzles_lz"]) for e in entries[: args.broken]]
    explain_broken("variants (development set)", variants, args.seed)


if __name__ == "__main__":
    main()
