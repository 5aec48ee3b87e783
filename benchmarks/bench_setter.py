"""The setter's check on published variant puzzles: time, and what it finds needed or redundant.

Run from the repository root::

    python benchmarks/bench_setter.py [--data-dir ../shared/data] [--backend sat]

Reads the development set ``DATA_DIR/variants/fpuzzles_dev.jsonl`` (the shipped sample in
``tests/data/variants`` when it is absent) and runs :func:`sudoku_models.setter.check` on each
puzzle after one warm-up: the uniqueness question, then one search a given and one a rule.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from sudoku_models import fpuzzles, get_solver
from sudoku_models.setter import check

REPOSITORY = Path(__file__).resolve().parent.parent
SAMPLE = REPOSITORY / "tests" / "data" / "variants" / "fpuzzles_sample.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=REPOSITORY.parent / "shared" / "data")
    parser.add_argument("--backend", default="sat")
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()
    path = args.data_dir / "variants" / "fpuzzles_dev.jsonl"
    lines = (path if path.exists() else SAMPLE).read_text(encoding="utf-8").splitlines()
    solver = get_solver(args.backend)
    check(".1.....4....34..", solver)  # warm-up
    for line in lines:
        entry = json.loads(line)
        model = fpuzzles.read(entry["fpuzzles"])
        start = time.perf_counter()
        report = check(model, solver, args.time_limit)
        took = time.perf_counter() - start
        givens = len(report.needed_givens) + len(report.redundant_givens)
        rules = len(report.needed_rules) + len(report.redundant_rules)
        print(
            f"{entry['id']:32} {report.status.value:9} {took:6.2f} s  givens needed "
            f"{len(report.needed_givens)}/{givens}  rules needed {len(report.needed_rules)}/{rules}"
        )


if __name__ == "__main__":
    main()
