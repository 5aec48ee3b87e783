"""The logical solver on the published variant puzzles: share solved without trial, time, steps.

Run from the repository root::

    python benchmarks/bench_logic.py [JSONL] [--only ID ...] [--markdown]
        [--pencilmark PYTHON [--pencilmark-limit SECONDS]]

JSONL defaults to ``../shared/data/variants/fpuzzles_dev.jsonl`` (40 published puzzles in
f-puzzles JSON with their solutions; see the README beside it). Each puzzle is solved once on
one core, after a warm-up on a small puzzle; the table gives per puzzle the status, the band, the
steps, forcing nets and trials, and the seconds, and checks every placed digit and every
remaining candidate against the published solution. The load average is printed, since other
work on the machine slows every wall-clock figure; the CPU time of this process is given too.

``--pencilmark PYTHON`` rates each puzzle with pencilmark as well, a grader installed outside the
project: ``PYTHON`` is the interpreter of an environment that has it. Puzzle by puzzle, right after
the package's own solve, a small driver run by that interpreter reads the same f-puzzles JSON,
rates it and reports its band, difficulty and time (the rating alone, timed inside the driver),
then its solution, which is checked against the published one. A puzzle it cannot read, rate or
finish within ``--pencilmark-limit`` seconds is reported as such. A side-by-side table and a
summary follow: the share each solved without trial, median and slowest times, and the rank
correlation of the two difficulty scales.

Two more published sets, each read from a file that is not shipped: ``--iss COLLECTIONS_JS``
reads the puzzles written out in full in ISS's ``data/collections.js`` (inline entries with
their solutions, and the hard killer collections given as bare puzzle text; names that only
refer to other files are skipped), and ``--gas LINKS`` the development half of a series of
approachable SudokuPad puzzles (the even lines of the links file, one puzzle per title and
author; each is meant for beginners, so the band is compared with that); of either, every
``--sample``-th puzzle is run. A puzzle of these two sets without one solution as read (its
rules in the text only) is left out and counted as not read. Every fourth puzzle of a set (by
its order) is a *check* puzzle, kept apart while tuning: the summary is printed for the tuning
part, the check part and the whole. ``--rated CSV`` instead tabulates the band of each
classic puzzle of a CSV rated by HoDoKu and Sudoku Explainer (``puzzle``, ``hodoku_level``,
``se_er``) against those ratings.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from sudoku_models import count_solutions, formats, fpuzzles
from sudoku_models.errors import SudokuModelsError
from sudoku_models.logic import logical_solve
from sudoku_models.logic.difficulty import BANDS

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_FILE = REPOSITORY.parent / "shared" / "data" / "variants" / "fpuzzles_dev.jsonl"


def solution_of(entry: dict) -> list[int]:
    """The published solution as a list of digits."""
    sol = entry["solution"]
    return [int(ch) for ch in sol] if isinstance(sol, str) else list(sol)


#: The driver run by the pencilmark interpreter: reads ``{"fpuzzles": ..., "max_seconds": ...}``
#: on stdin and prints one JSON line, the rating or the error that stopped it.
PENCILMARK_DRIVER = """
import json, sys, time
request = json.loads(sys.stdin.read())
try:
    import pencilmark
    from pencilmark.sources import fpuzzles
    start = time.perf_counter()
    puzzle = fpuzzles.to_puzzle(request["fpuzzles"], fetch=False)
    card = pencilmark.rate(puzzle, max_seconds=request["max_seconds"])
    seconds = time.perf_counter() - start
    names = [c.get("name") for c in card.get("contains", [])]
    report = {"band": card["band"], "band_index": card["band_index"],
              "difficulty": card["difficulty"], "seconds": seconds,
              "trial": "Trial and error" in names, "solution": pencilmark.solve(puzzle)}
except Exception as error:
    report = {"error": type(error).__name__ + ": " + str(error)[:120]}
print(json.dumps(report))
"""

#: Our bands by their rank, easiest first.
BAND_INDEX = {name: k for k, (name, _) in enumerate(BANDS)}


@dataclass(frozen=True)
class Rating:
    """pencilmark's result on one puzzle, or why there is none (``error``)."""

    band: str = ""
    band_index: int = -1
    difficulty: float = 0.0
    seconds: float = 0.0
    trial: bool = False
    matches: bool = False
    error: str = ""

    @property
    def solved(self) -> bool:
        """Rated, without trial and error, and to the published solution."""
        return not self.error and not self.trial and self.matches


def run_pencilmark(python: str, puzzle: dict, solution: list[int], limit: float) -> Rating:
    """Rate ``puzzle`` (f-puzzles JSON) with pencilmark in a subprocess run by ``python``."""
    request = json.dumps({"fpuzzles": puzzle, "max_seconds": limit / 2})
    try:
        done = subprocess.run(
            [python, "-c", PENCILMARK_DRIVER],
            input=request,
            capture_output=True,
            text=True,
            timeout=limit,
        )
    except subprocess.TimeoutExpired:
        return Rating(seconds=limit, error=f"over {limit:g} s")
    lines = done.stdout.strip().splitlines()
    if done.returncode or not lines:
        tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return Rating(error=f"exit {done.returncode}: {tail[:120]}")
    report = json.loads(lines[-1])
    if "error" in report:
        return Rating(error=report["error"])
    return Rating(
        band=report["band"],
        band_index=report["band_index"],
        difficulty=report["difficulty"],
        seconds=report["seconds"],
        trial=report["trial"],
        matches=list(report["solution"]) == solution,
    )


def ranks(values: list[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=values.__getitem__)
    result = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for k in range(start, end + 1):
            result[order[k]] = (start + end) / 2 + 1
        start = end + 1
    return result


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation of two equally long lists (nan when one is constant)."""
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / (vx * vy) ** 0.5 if vx and vy else float("nan")


def print_comparison(rows: list[tuple], ratings: list[Rating], markdown: bool) -> None:
    """The package and pencilmark side by side: per puzzle, then a summary."""
    rated = [(r, m) for r, m in zip(rows, ratings) if not m.error]
    ours = [r[2] for r in rows]
    theirs = [m.seconds for m in ratings if not m.error]
    mine = sum(1 for _, p, *_ in rows if p.solved and not p.trials)
    solved = sum(m.solved for m in ratings)
    wrong = sum(not m.error and not m.matches for m in ratings)
    print(
        f"\npencilmark: rated {len(rated)} of {len(rows)}, solved without trial to the published "
        f"solution {solved} ({solved / len(rows):.0%}) against ours {mine} "
        f"({mine / len(rows):.0%}); wrong solution {wrong}"
    )
    if theirs:
        print(
            f"time: ours median {statistics.median(ours):.2f} s, slowest {max(ours):.2f} s; "
            f"pencilmark (rated puzzles) median {statistics.median(theirs):.2f} s, "
            f"slowest {max(theirs):.2f} s"
        )
    if len(rated) > 2:
        by_score = spearman(
            [r[1].difficulty.score for r, _ in rated], [m.difficulty for _, m in rated]
        )
        by_band = spearman(
            [float(BAND_INDEX[r[1].difficulty.band]) for r, _ in rated],
            [float(m.band_index) for _, m in rated],
        )
        print(
            f"rank correlation (Spearman, {len(rated)} rated puzzles): our score against its "
            f"difficulty {by_score:.2f}, our band against its band {by_band:.2f}"
        )
    for (entry, *_), m in zip(rows, ratings):
        if m.error:
            print(f"  {entry['id']}: {m.error}")
    if markdown:
        print("\n| puzzle | our band (score) | s | pencilmark band (difficulty) | s |")
        print("|---|---|---:|---|---:|")
        for (entry, path, seconds, *_), m in zip(rows, ratings):
            mark = (
                "" if path.solved and not path.trials else f", {path.status}, {path.trials} trials"
            )
            ours_cell = f"{path.difficulty.band} ({path.difficulty.score:g}{mark})"
            if m.error:
                theirs_cell, time_cell = m.error.split(":")[0], "-"
            else:
                notes = (", trial" if m.trial else "") + ("" if m.matches else ", wrong solution")
                theirs_cell, time_cell = f"{m.band} ({m.difficulty:g}{notes})", f"{m.seconds:.2f}"
            print(f"| {entry['id']} | {ours_cell} | {seconds:.2f} | {theirs_cell} | {time_cell} |")


def iss_entries(path: Path) -> list[dict]:
    """The puzzles written out in full in ISS's ``collections.js``: inline entries (``input``
    with its ``solution`` when given) and bare puzzle text in the collections' lists."""
    text = path.read_text(encoding="utf-8")
    quoted = r"""'((?:[^'\\\n]|\\.)*)'"""
    entries: list[dict] = []
    for block in re.split(r"\n\s*\{\s*\n", text)[1:]:
        block = block.split("\n  }", 1)[0]
        found = re.search(r"input:\s*" + quoted, block)
        if not found:
            continue
        name = re.search(r"name:\s*" + quoted, block)
        solution = re.search(r"solution:\s*" + quoted, block)
        entries.append(
            {
                "id": name.group(1) if name else f"iss-{len(entries)}",
                "input": found.group(1),
                "solution": solution.group(1) if solution else None,
            }
        )
    for listing in re.findall(r"new PuzzleCollection\((.*?)\n\);", text, re.S):
        body = listing.split("\n  [", 1)[-1]
        pairs = re.findall(r"\[\s*" + quoted + r",\s*" + quoted + r"\s*\]", body)
        bare = re.findall(r"^\s*" + quoted + r",?$", body, re.M)
        for puzzle, solution in pairs + [(p, "") for p in bare]:
            if len(puzzle) > 40:  # shorter ones are names of puzzles in another file: skipped
                entries.append(
                    {"id": f"iss-{len(entries)}", "input": puzzle, "solution": solution or None}
                )
    return entries


def gas_entries(path: Path, sample: int) -> list[dict]:
    """Every ``sample``-th puzzle of the even lines of the approachable series' links file that
    carry an f-puzzles payload with a full solution, one per title and author."""
    import lzstring  # type: ignore[import-untyped]

    codec, seen, entries = lzstring.LZString(), set(), []
    with path.open(encoding="utf-8") as lines:
        for number, raw in enumerate(lines, 1):
            if number % 2:
                continue  # odd lines are never read
            url = raw.strip()
            tail = url.split("sudokupad.app/", 1)[-1] if "sudokupad.app/" in url else ""
            if not tail.startswith("fpuz"):
                continue
            payload = urllib.parse.unquote(tail[4:].split("?")[0]).removeprefix("zles")
            try:
                data = json.loads(codec.decompressFromBase64(payload))
            except (ValueError, TypeError):
                continue
            n, solution = data.get("size", 9), data.get("solution")
            key = (data.get("title", ""), data.get("author", ""))
            if (
                not solution
                or len(solution) != n * n
                or not all(str(x).strip().isdigit() for x in solution)
                or key in seen
            ):
                continue
            seen.add(key)
            entries.append(
                {
                    "id": f"gas-{number}",
                    "input": url,
                    "solution": [int(x) for x in solution],
                    "stated": "beginner",
                }
            )
    return entries[::sample]


def digits_of(solution: str | list[int] | None) -> list[int] | None:
    """A published solution as digits (``A``.. stand for 10..), None when there is none."""
    if solution is None:
        return None
    if isinstance(solution, str):
        return [int(ch) if ch.isdigit() else ord(ch.upper()) - ord("A") + 10 for ch in solution]
    return list(solution)


def summary(label: str, rows: list[tuple], cpus: list[float]) -> str:
    """One line: solved, without trial, without nets or trials, times, bands."""
    if not rows:
        return f"{label}: no puzzles"
    times = [r[2] for r in rows]
    no_trial = sum(1 for _, p, *_ in rows if p.solved and not p.trials)
    no_assumption = sum(1 for _, p, _, nets, _ in rows if p.solved and not p.trials and not nets)
    bands = Counter(r[1].difficulty.band for r in rows)
    return (
        f"{label}: {len(rows)} puzzles, solved {sum(p.solved for _, p, *_ in rows)}, "
        f"without trial {no_trial} ({no_trial / len(rows):.0%}), without forcing nets or trials "
        f"{no_assumption} ({no_assumption / len(rows):.0%}); median {statistics.median(times):.2f} "
        f"s, slowest {max(times):.2f} s (CPU median {statistics.median(cpus):.2f} s, slowest "
        f"{max(cpus):.2f} s); unsound {sum(r[4] is False for r in rows)}; bands "
        + ", ".join(f"{name} {bands[name]}" for name, _ in BANDS if bands[name])
    )


def calibrate(path: Path, time_limit: float) -> None:
    """The band of each classic puzzle of a rated CSV against its HoDoKu level and Sudoku
    Explainer rating: a table of counts, and the median SE rating per band."""
    import csv

    hodoku = ("Easy", "Medium", "Hard", "Unfair", "Extreme")
    table: dict[str, Counter[str]] = {name: Counter() for name, _ in BANDS}
    se: dict[str, list[float]] = {name: [] for name, _ in BANDS}
    with path.open(encoding="utf-8") as rows:
        for row in csv.DictReader(rows):
            band = logical_solve(row["puzzle"], time_limit=time_limit).difficulty.band
            table[band][row["hodoku_level"]] += 1
            se[band].append(float(row["se_er"]))
    print("\n| band | " + " | ".join(hodoku) + " | SE rating (median) |")
    print("|---|" + "---:|" * (len(hodoku) + 1))
    for band, counts in table.items():
        if counts:
            cells = " | ".join(str(counts[level]) for level in hodoku)
            print(f"| {band} | {cells} | {statistics.median(se[band]):.1f} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("jsonl", nargs="?", default=str(DEFAULT_FILE))
    parser.add_argument("--iss", type=Path, help="ISS's data/collections.js instead of JSONL")
    parser.add_argument("--gas", type=Path, help="the approachable series' links file instead")
    parser.add_argument("--rated", type=Path, help="a rated CSV of classic puzzles: bands vs")
    parser.add_argument(
        "--sample", type=int, default=5, help="every k-th ISS or GAS puzzle (default 5)"
    )
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--only", nargs="*", default=None, help="puzzle ids to run")
    parser.add_argument("--markdown", action="store_true", help="print a README table")
    parser.add_argument(
        "--pencilmark", metavar="PYTHON", help="also rate each puzzle with pencilmark run by PYTHON"
    )
    parser.add_argument(
        "--pencilmark-limit",
        type=float,
        default=60.0,
        metavar="SECONDS",
        help="pencilmark's time limit per puzzle (default 60)",
    )
    args = parser.parse_args()
    if args.rated:
        calibrate(args.rated, args.time_limit)
        return
    if args.iss:
        entries = iss_entries(args.iss)[:: args.sample]
    elif args.gas:
        entries = gas_entries(args.gas, args.sample)
    else:
        entries = [json.loads(line) for line in Path(args.jsonl).read_text().splitlines() if line]
    if args.only:
        entries = [e for e in entries if e["id"] in args.only]
    logical_solve(".1.....4....34..")  # warm-up: imports and tables
    rows = []
    cpus: list[float] = []
    ratings: list[Rating] = []
    check: list[bool] = []
    refused = 0
    for k, entry in enumerate(entries):
        try:
            model = (
                fpuzzles.read(entry["fpuzzles"])
                if "fpuzzles" in entry
                else formats.read(entry["input"]).model
            )
        except SudokuModelsError as exc:
            refused += 1
            print(f"{entry['id'][:28]:28s} not read: {str(exc)[:80]}", flush=True)
            continue
        if not entry.get("fpuzzles") and count_solutions(model, limit=2, time_limit=60) != 1:
            refused += 1  # rules kept in the text only: what was read has several solutions
            print(f"{entry['id'][:28]:28s} not read: not one solution as read", flush=True)
            continue
        start, cpu = time.perf_counter(), time.process_time()
        path = logical_solve(model, time_limit=args.time_limit)
        seconds = time.perf_counter() - start
        cpus.append(time.process_time() - cpu)
        solution = digits_of(entry.get("solution"))
        sound = (
            None
            if solution is None
            else all(g in (0, s) for g, s in zip(path.grid, solution))
            and all(s in c for s, c in zip(solution, path.candidates))
        )
        nets = sum(1 for s in path.steps if s.technique == "Forcing Net")
        rows.append((entry, path, seconds, nets, sound))
        check.append(k % 4 == 3)
        verdict = {True: "sound", False: "UNSOUND", None: "-"}[sound]
        print(
            f"{entry['id'][:28]:28s} {path.status:8s} {path.difficulty.band:9s} "
            f"steps {len(path.steps):4d} nets {nets:3d} trials {path.trials:3d} "
            f"{seconds:7.2f} s (cpu {cpus[-1]:6.2f} s) {verdict}",
            flush=True,
        )
        if args.pencilmark:
            rating = run_pencilmark(
                args.pencilmark, entry["fpuzzles"], solution or [], args.pencilmark_limit
            )
            ratings.append(rating)
            print(
                f"{'':28s} pencilmark {rating.error or rating.band:9s} "
                f"{rating.difficulty:5.1f} {rating.seconds:7.2f} s"
                f"{' trial' if rating.trial else ''}"
                f"{' WRONG' if not rating.error and not rating.matches else ''}",
                flush=True,
            )
    print(f"\n{len(entries)} puzzles, {refused} not read; load average {os.getloadavg()[0]:.2f}")
    for label, keep in (("tuning", False), ("check", True)):
        part = [(r, c) for r, c, is_check in zip(rows, cpus, check) if is_check == keep]
        print(summary(label, [r for r, _ in part], [c for _, c in part]))
    print(summary("all", rows, cpus))
    if args.markdown:
        print("\n| puzzle | size | rules | status | band | steps | nets | trials | s | CPU s |")
        print("|---|---|---|---|---|---:|---:|---:|---:|---:|")
        for (entry, path, seconds, nets, _), cpu in zip(rows, cpus):
            rules = ", ".join(entry.get("constraints", ())) or "classic"
            print(
                f"| {entry['id']} | {path.model.n} | {rules} | {path.status} | "
                f"{path.difficulty.band} | {len(path.steps)} | {nets} | {path.trials} | "
                f"{seconds:.2f} | {cpu:.2f} |"
            )
    if args.pencilmark:
        print_comparison(rows, ratings, args.markdown)


if __name__ == "__main__":
    main()
