"""The band of the logical solver against the difficulty people state: a table per source.

Run from the repository root::

    python benchmarks/calibrate_logic.py [--rated CSV] [--dev JSONL] [--gas LINKS]
        [--iss COLLECTIONS_JS] [--time-limit SECONDS] [--save FILE | --load FILE]

It prints Markdown: for each source, a table of counts with the people's rating down the side and
the path's band (:data:`sudoku_models.logic.BANDS`) across, and Spearman's rank correlation of
the two. The sources, each skipped when its file is missing:

- ``--rated`` (default ``../shared/data/rated/rated_200.csv``): classic puzzles rated by HoDoKu
  (level), QQWing (level) and Sudoku Explainer (the rating of the hardest step, in ranges:
  :func:`se_range`);
- ``--dev`` (default ``../shared/data/variants/fpuzzles_dev.jsonl``): the development puzzles
  whose title or rules text states a difficulty (a setter's "easy", "hard", "extreme", "101");
- ``--gas``: the development half (even lines only) of a series of approachable SudokuPad
  puzzles, every one meant for beginners (read as ``bench_logic.py --gas`` reads it);
- ``--iss``: the puzzles of ISS's ``collections.js`` whose name or collection states a difficulty
  ("Classic sudoku, hard", ``EXTREME_KILLERS``, "Hard killers", "[easier]").

A puzzle read from text without one solution as read (its rules in the text only) is left out.
``--save FILE`` writes each path's techniques (JSON lines) as it goes; ``--load FILE`` tabulates
such a file again under the current weights and bands without solving anything, so a change of
:mod:`sudoku_models.logic.difficulty` can be judged in a second.
"""

from __future__ import annotations

import argparse
import csv
import json
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from bench_logic import dev_entries, gas_entries, iss_entries, model_of, spearman

from sudoku_models.logic import BANDS, Step, logical_solve
from sudoku_models.logic.difficulty import difficulty

REPOSITORY = Path(__file__).resolve().parent.parent
SHARED = REPOSITORY.parent / "shared" / "data"

#: The levels of each rating scale, easiest first, and the heading of its table.
SCALES: dict[str, tuple[tuple[str, ...], str]] = {
    "HoDoKu": (("Easy", "Medium", "Hard", "Unfair", "Extreme"), "classic puzzles, HoDoKu level"),
    "QQWing": (("Simple", "Easy", "Intermediate", "Expert"), "classic puzzles, QQWing level"),
    "SE": (
        ("1.0-1.5", "1.6-2.5", "2.6-4.4", "4.5-6.9", "7.0+"),
        "classic puzzles, Sudoku Explainer rating (its hardest step)",
    ),
    "setter": (("easy", "medium", "hard", "extreme"), "development puzzles, the setter's words"),
    "series": (("easy",), "approachable series, every puzzle meant for beginners"),
    "ISS": (("easy", "medium", "hard", "extreme"), "ISS collections, the name's or list's word"),
}


def se_range(rating: float) -> str:
    """The range of Sudoku Explainer ratings a rating falls in: hidden singles; its "direct"
    techniques and naked singles; intersections, subsets, fish and wings; uniqueness tests and
    chains; forcing chains and nets."""
    limits = ((1.5, "1.0-1.5"), (2.5, "1.6-2.5"), (4.4, "2.6-4.4"), (6.9, "4.5-6.9"))
    return next((label for limit, label in limits if rating <= limit), "7.0+")


def rated_puzzles(args: argparse.Namespace) -> Iterator[tuple[str, dict, dict[str, str]]]:
    """Every source's puzzles as ``(id, entry, ratings by scale)``, an entry as
    ``bench_logic.py`` reads it (``input`` or ``fpuzzles``)."""
    if args.rated.exists():
        with args.rated.open(encoding="utf-8") as rows:
            for k, row in enumerate(csv.DictReader(rows)):
                ratings = {
                    "HoDoKu": row["hodoku_level"],
                    "QQWing": row["qqwing_level"],
                    "SE rating": row["se_er"],
                }
                yield f"rated-{k + 1}", {"input": row["puzzle"]}, ratings
    if args.dev.exists():
        for entry in dev_entries(args.dev):
            if entry["stated"]:
                yield entry["id"], entry, {"setter": entry["stated"]}
    if args.gas:
        for entry in gas_entries(args.gas, 1):
            yield entry["id"], entry, {"series": entry["stated"]}
    if args.iss:
        for entry in iss_entries(args.iss):
            if entry["stated"]:
                yield entry["id"], entry, {"ISS": entry["stated"]}


def solve_all(args: argparse.Namespace) -> list[dict]:
    """Each rated puzzle's path as a record (``id``, ``ratings``, ``solved``, ``steps`` as
    ``[technique, depth]`` pairs), written to ``--save`` as it goes."""
    records = []
    out = args.save.open("w", encoding="utf-8") if args.save else None
    logical_solve(".1.....4....34..")  # warm-up: imports and tables
    for name, puzzle, ratings in rated_puzzles(args):
        model = model_of(puzzle)
        if isinstance(model, str):
            print(f"{name[:28]:28s} left out: {model}", file=sys.stderr, flush=True)
            continue
        path = logical_solve(model, time_limit=args.time_limit)
        record = {
            "id": name,
            "ratings": ratings,
            "solved": path.solved,
            "steps": [[s.technique, s.depth] for s in path.steps],
        }
        records.append(record)
        print(f"{name[:28]:28s} {path.difficulty}", file=sys.stderr, flush=True)
        if out:
            out.write(json.dumps(record) + "\n")
            out.flush()
    if out:
        out.close()
    return records


def band_of(record: dict) -> str:
    """The band of a recorded path under the current weights and bands."""
    steps = [Step(technique, "", "", depth=depth) for technique, depth in record["steps"]]
    return difficulty(steps, record["solved"]).band


def rating_of(record: dict, scale: str) -> str | None:
    """A record's rating on one scale (Sudoku Explainer's by its range), None when it has none."""
    ratings = record["ratings"]
    if scale == "SE" and "SE rating" in ratings:
        return se_range(float(ratings["SE rating"]))
    return ratings.get(scale)


def table(scale: str, records: list[dict]) -> str:
    """The Markdown table of one rating scale: counts by rating (rows) and band (columns)."""
    levels, heading = SCALES[scale]
    rated = [(level, band_of(r)) for r in records if (level := rating_of(r, scale))]
    if not rated:
        return ""
    counts = Counter(rated)
    bands = [name for name, _ in BANDS]
    lines = [
        f"**{heading}** ({len(rated)} puzzles)",
        "",
        "| rating | " + " | ".join(bands) + " |",
        "|---|" + "---:|" * len(bands),
    ]
    for level in levels:
        if any(counts[level, band] for band in bands):
            cells = (str(counts[level, band] or "") for band in bands)
            lines.append(f"| {level} | " + " | ".join(cells) + " |")
    if len({level for level, _ in rated}) > 1:
        index = {band: k for k, band in enumerate(bands)}
        rho = spearman(
            [float(levels.index(level)) for level, _ in rated],
            [float(index[band]) for _, band in rated],
        )
        lines += ["", f"Rank correlation of rating and band (Spearman): {rho:.2f}"]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rated", type=Path, default=SHARED / "rated" / "rated_200.csv")
    parser.add_argument("--dev", type=Path, default=SHARED / "variants" / "fpuzzles_dev.jsonl")
    parser.add_argument("--gas", type=Path, help="the approachable series' links file")
    parser.add_argument("--iss", type=Path, help="ISS's data/collections.js")
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--save", type=Path, help="write each path's techniques here")
    parser.add_argument("--load", type=Path, help="tabulate paths saved by --save instead")
    args = parser.parse_args()
    if args.load:
        lines = args.load.read_text(encoding="utf-8").splitlines()
        records = [json.loads(line) for line in lines if line]
    else:
        records = solve_all(args)
    for scale in SCALES:
        text = table(scale, records)
        if text:
            print(text)


if __name__ == "__main__":
    main()
