"""Reading published puzzles: how many read from their keys alone, how many need the rules text,
and whether the answers match the solutions their setters embed.

Run from the repository root::

    python benchmarks/bench_reading.py LINKS_FILE [--half all|first|second] [--time-limit 30]

LINKS_FILE holds one puzzle link a line (SudokuPad links carrying f-puzzles or SudokuPad
payloads, f-puzzles links). Only the links on even line numbers (counted from 1) are read; the
odd lines are kept for a check this benchmark must not see. A puzzle is counted once per title
and author, and only when it embeds a complete solution. ``--half`` keeps the first or second
half of those (by line), so the vocabulary can be tuned on one half and checked on the other.

Per corpus (the payload's kind), the table gives: puzzles decoded; read from keys alone (no
reading taken); read with readings from the text (confirmed by the embedded solution, or not);
refused, by reason; right (solved uniquely to the embedded solution); warned (not right, with
warnings); silent wrong (not right and no warning: must be 0); and the reading time per puzzle
(median and slowest, readings included, solving not).
"""

from __future__ import annotations

import argparse
import collections
import os
import statistics
import time
import urllib.parse

from sudoku_models import formats
from sudoku_models.api import solve
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.formats.guard import answer_warnings
from sudoku_models.solvers.base import Status


def corpus_of(link: str) -> str:
    """The kind of payload a link carries: f-puzzles, SudokuPad ``scl``/``ctc``, or other."""
    try:
        payload = formats.sudokupad.payload_of(link)
    except InvalidPuzzleError:
        return "other"
    if payload.startswith("fpuz"):
        return "f-puzzles in SudokuPad"
    if payload.startswith(("scl", "ctc")):
        return "SudokuPad"
    return "f-puzzles" if "f-puzzles.com" in link else "other"


def even_links(path: str) -> list[tuple[int, str]]:
    """The links on even line numbers (1-based), with their line numbers."""
    out = []
    with open(path, encoding="utf-8") as handle:
        for k, line in enumerate(handle, 1):
            if k % 2 == 0 and line.strip():  # an odd line is skipped unread
                out.append((k, line.strip()))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("links")
    parser.add_argument("--half", choices=("all", "first", "second"), default="all")
    parser.add_argument("--time-limit", type=float, default=30.0)
    args = parser.parse_args()

    seen: set[tuple[str | None, str | None]] = set()
    kept = []
    refused: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for line, link in even_links(args.links):
        corpus = corpus_of(urllib.parse.unquote(link) if "%" in link[:40] else link)
        started = time.perf_counter()
        try:
            read = formats.read(link)
        except (InvalidPuzzleError, UnsupportedModelError) as exc:
            refused[corpus][str(exc).split(":")[0][:60]] += 1
            continue
        seconds = time.perf_counter() - started
        key = (read.title, read.author)
        if read.solution is None or key in seen:
            continue
        seen.add(key)
        kept.append((line, corpus, read, seconds))
    if args.half != "all":
        middle = len(kept) // 2
        kept = kept[:middle] if args.half == "first" else kept[middle:]

    rows: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    times: dict[str, list[float]] = collections.defaultdict(list)
    for _, corpus, read, seconds in kept:
        tally = rows[corpus]
        times[corpus].append(seconds)
        tally["decoded"] += 1
        statuses = {r.status for r in read.readings}
        if not read.readings:
            tally["keys alone"] += 1
        elif statuses == {"confirmed"}:
            tally["readings, confirmed"] += 1
        else:
            tally["readings, unconfirmed"] += 1
        model = read.model
        result = solve(model, backend="sat", limit=2, time_limit=args.time_limit)
        complete = result.status is not Status.TIMEOUT
        grids = [g.cells for g in result.solutions]
        notes = [*model.warnings, *answer_warnings(model, grids, complete)]
        right = (
            result.status is Status.UNIQUE
            and read.solution is not None
            and result.solutions[0].cells == read.solution.cells
        )
        tally["right" if right else "warned" if notes else "SILENT WRONG"] += 1
        if right and read.readings:
            tally["right with readings"] += 1

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; half: {args.half}")
    columns = ("decoded", "keys alone", "readings, confirmed", "readings, unconfirmed", "right",
               "right with readings", "warned", "SILENT WRONG")  # fmt: skip
    print("| corpus | " + " | ".join(columns) + " | read ms (median / max) |")
    print("|---" * (len(columns) + 2) + "|")
    for corpus, tally in sorted(rows.items()):
        ms = [1000 * t for t in times[corpus]]
        cells = " | ".join(str(tally[c]) for c in columns)
        print(f"| {corpus} | {cells} | {statistics.median(ms):.0f} / {max(ms):.0f} |")
    for corpus, reasons in sorted(refused.items()):
        said = "; ".join(f"{n} x {why}" for why, n in reasons.most_common(6))
        print(f"refused ({corpus}, before deduplication): {sum(reasons.values())}: {said}")


if __name__ == "__main__":
    main()
