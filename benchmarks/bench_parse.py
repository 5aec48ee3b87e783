"""Benchmark of puzzle reading: microseconds per ``Puzzle.parse`` call, for each accepted form.

Each form is parsed ``--number`` times in a row, ``--repeat`` times; the best round is kept
(the least disturbed by other work on the machine) and printed per call. The one-line 81
character form, by far the most common (every data set of this package is written so), has a
fast path; the other forms go through the general reader.

Run: ``python benchmarks/bench_parse.py [--number 20000] [--repeat 7]``.
"""

from __future__ import annotations

import argparse
import timeit

from sudoku_models.bench import warm_up
from sudoku_models.puzzle import Puzzle

LINE_9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

#: Name and source of each form measured.
FORMS: tuple[tuple[str, object], ...] = (
    ("line 9x9 (81 characters)", LINE_9),
    ("line 9x9, 0 for blanks", LINE_9.replace(".", "0")),
    ("line 16x16 (256 characters)", "1" + "." * 255),
    ("grid 9x9 (nine lines)", "\n".join(LINE_9[r * 9 : r * 9 + 9] for r in range(9))),
    (
        "rows of ints 9x9",
        [[int(ch) if ch != "." else 0 for ch in LINE_9[r * 9 : r * 9 + 9]] for r in range(9)],
    ),
)


def best_per_call(source: object, number: int, repeat: int) -> float:
    """Seconds per ``Puzzle.parse(source)`` in the fastest of ``repeat`` rounds."""
    rounds = timeit.repeat(lambda: Puzzle.parse(source), number=number, repeat=repeat)  # type: ignore[arg-type]
    return min(rounds) / number


def main() -> None:
    """Parse the options and print one line per form."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--number", type=int, default=20000, help="calls per round")
    parser.add_argument("--repeat", type=int, default=7, help="rounds; the best is kept")
    args = parser.parse_args()
    warm_up(1.0)
    print(f"{'form':<30}{'us per parse':>14}")
    for name, source in FORMS:
        seconds = best_per_call(source, args.number, args.repeat)
        print(f"{name:<30}{seconds * 1e6:>14.2f}")


if __name__ == "__main__":
    main()
