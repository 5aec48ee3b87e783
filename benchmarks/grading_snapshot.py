"""Record every rating of the shipped rated puzzles, or check that they have not changed.

Run from anywhere::

    python benchmarks/grading_snapshot.py write ratings.json   # before a change
    python benchmarks/grading_snapshot.py check ratings.json   # after it

For each of the 200 puzzles of ``rated_200.csv`` it keeps the whole rating: QQWing and HoDoKu
levels, score, hardest technique, counts, the exact solver's effort, every step of the logical
solver (technique, placements, eliminations, cells, digits, reason), and Sudoku Explainer's
ER/EP/ED with every step SE's ladder took. ``check`` reports the first puzzle whose rating
differs and exits with status 1; a change meant only to make the grader faster must pass it.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from bench_grading import load_rows  # the script's folder is on the path

from sudoku_models.grading import Step, rate, sudoku_explainer
from sudoku_models.grading.candidates import CandidateGrid


def _step(step: Step) -> list[Any]:
    return [
        step.technique,
        [list(p) for p in step.placements],
        [list(e) for e in step.eliminations],
        list(step.cells),
        list(step.digits),
        step.reason,
    ]


def record(puzzle: str) -> dict[str, Any]:
    """The whole rating of ``puzzle`` as plain JSON data."""
    r = rate(puzzle)
    se_steps: list[Step] = []
    original = sudoku_explainer.apply_step

    def spy(grid: CandidateGrid, step: Step) -> None:
        se_steps.append(step)
        original(grid, step)

    sudoku_explainer.apply_step = spy
    try:
        se = r.se
    finally:
        sudoku_explainer.apply_step = original
    return {
        "puzzle": puzzle,
        "qqwing_level": r.qqwing_level,
        "hodoku_level": r.hodoku_level,
        "score": r.score,
        "hardest": r.hardest,
        "counts": [list(c) for c in r.counts],
        "needs_guessing": r.needs_guessing,
        "guesses": r.guesses,
        "backtracks": r.backtracks,
        "steps": [_step(s) for s in r.steps],
        "se": [se.er, se.ep, se.ed, se.hardest, se.complete],
        "se_steps": [_step(s) for s in se_steps],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("write", "check"))
    parser.add_argument("path", type=Path, help="the JSON file of recorded ratings")
    args = parser.parse_args()
    puzzles = [row["puzzle"] for row in load_rows()]
    if args.mode == "write":
        data = [record(p) for p in puzzles]
        args.path.write_text(json.dumps(data, indent=0), encoding="utf-8")
        print(f"recorded {len(data)} ratings in {args.path}")
        return
    expected = json.loads(args.path.read_text(encoding="utf-8"))
    if [e["puzzle"] for e in expected] != puzzles:
        raise SystemExit("the recorded puzzles are not the shipped ones")
    for k, (want, puzzle) in enumerate(zip(expected, puzzles, strict=True)):
        got = record(puzzle)
        if got != want:
            for key in want:
                if got[key] != want[key]:
                    print(f"puzzle {k} ({puzzle}): {key} differs")
                    if isinstance(want[key], list):
                        for j, (a, b) in enumerate(zip(want[key], got[key], strict=False)):
                            if a != b:
                                print(f"  item {j}: recorded {a}\n  item {j}: now      {b}")
                                break
                        else:
                            print(f"  {len(want[key])} recorded items, {len(got[key])} now")
                    else:
                        print(f"  recorded {want[key]!r}, now {got[key]!r}")
            raise SystemExit(1)
    print(f"all {len(puzzles)} ratings identical to {args.path}")


if __name__ == "__main__":
    main()
