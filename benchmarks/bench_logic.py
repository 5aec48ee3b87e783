"""The logical solver on the published variant puzzles: share solved without trial, time, steps.

Run from the repository root::

    python benchmarks/bench_logic.py [JSONL] [--only ID ...] [--cli K] [--markdown]
        [--pencilmark PYTHON [--pencilmark-limit SECONDS]]

JSONL defaults to ``../shared/data/variants/fpuzzles_dev.jsonl`` (40 published puzzles in
f-puzzles JSON with their solutions; see the README beside it). Each puzzle is solved once on
one core, after a warm-up on a small puzzle; the table gives per puzzle the status, the band, the
steps, forcing nets and trials, and the seconds, and checks every placed digit and every
remaining candidate against the published solution. The load average is printed, since other
work on the machine slows every wall-clock figure; the CPU time of this process is given too.
``--cli K`` also runs every K-th puzzle through the command line, ``sudoku-models steps -
--format json`` in a fresh process with the puzzle on its standard input, and times it on the
wall clock (start-up and reading included); the package's bytecode is written first, as
installing it does. The summary gives the share solved without trial
and without forcing nets or trials, the median and slowest times in process and through the
command line, the bands, and the bands of the puzzles whose difficulty is stated (by a word
such as "easy", "hard", "extreme" or "101" in a title, a name or a collection's name; of the
development puzzles only two titles state one). ``--markdown`` prints the table per puzzle and
the set's line of the README's table.

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
``--sample``-th puzzle is run (of ISS's, ``--group HS_KILLERS ...`` keeps the collections
named). A puzzle of these two sets without one solution as read (its
rules in the text only) is left out and counted as not read. Every fourth puzzle of a set (by
its order) is a *check* puzzle, kept apart while tuning: the summary is printed for the tuning
part, the check part and the whole. The bands against people's ratings, source by source,
are tabulated by ``calibrate_logic.py`` beside this script.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import sudoku_models
from sudoku_models import Model, count_solutions, formats, fpuzzles
from sudoku_models.errors import SudokuModelsError
from sudoku_models.logic import Path as LogicalPath
from sudoku_models.logic import logical_solve
from sudoku_models.logic.difficulty import BANDS

REPOSITORY = Path(__file__).resolve().parent.parent
DEFAULT_FILE = REPOSITORY.parent / "shared" / "data" / "variants" / "fpuzzles_dev.jsonl"


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


def print_comparison(rows: list[Row], ratings: list[Rating], markdown: bool) -> None:
    """The package and pencilmark side by side: per puzzle, then a summary."""
    rated = [(r, m) for r, m in zip(rows, ratings) if not m.error]
    ours = [r.seconds for r in rows]
    theirs = [m.seconds for m in ratings if not m.error]
    mine = sum(r.no_trial for r in rows)
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
            [r.path.difficulty.score for r, _ in rated], [m.difficulty for _, m in rated]
        )
        by_band = spearman(
            [float(BAND_INDEX[r.path.difficulty.band]) for r, _ in rated],
            [float(m.band_index) for _, m in rated],
        )
        print(
            f"rank correlation (Spearman, {len(rated)} rated puzzles): our score against its "
            f"difficulty {by_score:.2f}, our band against its band {by_band:.2f}"
        )
    for r, m in zip(rows, ratings):
        if m.error:
            print(f"  {r.entry['id']}: {m.error}")
    if markdown:
        print("\n| puzzle | our band (score) | s | pencilmark band (difficulty) | s |")
        print("|---|---|---:|---|---:|")
        for r, m in zip(rows, ratings):
            path = r.path
            mark = "" if r.no_trial else f", {path.status}, {path.trials} trials"
            ours_cell = f"{path.difficulty.band} ({path.difficulty.score:g}{mark})"
            if m.error:
                theirs_cell, time_cell = m.error.split(":")[0], "-"
            else:
                notes = (", trial" if m.trial else "") + ("" if m.matches else ", wrong solution")
                theirs_cell, time_cell = f"{m.band} ({m.difficulty:g}{notes})", f"{m.seconds:.2f}"
            print(
                f"| {r.entry['id']} | {ours_cell} | {r.seconds:.2f} | {theirs_cell} | {time_cell} |"
            )


#: Words by which a setter or a collector states a difficulty, and the level each is counted as.
STATED_WORDS = (
    (r"very hard|extreme", "extreme"),
    (r"hard|harder|difficult", "hard"),
    (r"medium|moderate", "medium"),
    (r"easy|easier|beginners?|101", "easy"),
)


def stated_difficulty(*texts: str | None) -> str | None:
    """The difficulty the first of ``texts`` that states one states (a title, a name, the name
    or comment of a collection): ``easy``, ``medium``, ``hard`` or ``extreme``, or None."""
    for text in texts:
        words = (text or "").replace("_", " ")
        for pattern, level in STATED_WORDS:
            if re.search(rf"\b(?:{pattern})\b", words, re.I):
                return level
    return None


def iss_entries(path: Path) -> list[dict]:
    """The puzzles written out in full in ISS's ``collections.js``: inline entries (``input``
    with its ``solution`` when given) and bare puzzle text in the collections' lists, each with
    its ``group`` (the list it is in) and the difficulty its name or its list states."""
    text = path.read_text(encoding="utf-8")
    quoted = r"""'((?:[^'\\\n]|\\.)*)'"""
    entries: list[dict] = []
    sections = re.split(r"((?:^//[^\n]*\n)*)^(?:export )?const (\w+) = ", text, flags=re.M)
    for comment, group, body in zip(sections[1::3], sections[2::3], sections[3::3]):
        context = f"{group} {comment}"
        for block in re.split(r"\n\s*\{\s*\n", body)[1:]:
            block = block.split("\n  }", 1)[0]
            found = re.search(r"input:\s*(?:" + quoted + r"|`([^`]*)`)", block)
            if not found:
                continue
            name = re.search(r"name:\s*" + quoted, block)
            solution = re.search(r"solution:\s*" + quoted, block)
            # a template literal (in backquotes) spans lines: its blanks are dropped
            entries.append(
                {
                    "id": name.group(1) if name else f"iss-{len(entries)}",
                    "input": found.group(1) or re.sub(r"\s+", "", found.group(2)),
                    "solution": solution.group(1) if solution else None,
                    "group": group,
                    "stated": stated_difficulty(name and name.group(1), context),
                }
            )
        if "new PuzzleCollection(" not in body:
            continue
        listing = body.split("\n);", 1)[0].split("\n  [", 1)[-1]
        pairs = re.findall(r"\[\s*" + quoted + r",\s*" + quoted + r"\s*\]", listing)
        bare = re.findall(r"^\s*" + quoted + r",?$", listing, re.M)
        for puzzle, solution in pairs + [(p, "") for p in bare]:
            if len(puzzle) > 40:  # shorter ones are names of puzzles in another file: skipped
                entries.append(
                    {
                        "id": f"iss-{len(entries)}",
                        "input": puzzle,
                        "solution": solution or None,
                        "group": group,
                        "stated": stated_difficulty(context),
                    }
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
                    "stated": "easy",
                }
            )
    return entries[::sample]


def digits_of(solution: str | list[int] | None) -> list[int] | None:
    """A published solution as digits, None when there is none: after digits, ``A``.. stand
    for 10..; a solution of letters only (ISS's 16x16 grids) counts them from ``A`` = 1."""
    if solution is None:
        return None
    if isinstance(solution, str):
        first = 1 if solution.isalpha() else 10
        return [int(ch) if ch.isdigit() else ord(ch.upper()) - ord("A") + first for ch in solution]
    return list(solution)


def dev_entries(path: Path) -> list[dict]:
    """The puzzles of a JSONL file like the development set, each with the difficulty its title
    or its rules text states (None for most)."""
    entries = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]
    for entry in entries:
        puzzle = entry.get("fpuzzles", {})
        entry["stated"] = stated_difficulty(entry.get("title"), puzzle.get("ruleset"))
    return entries


def model_of(entry: dict) -> Model | str:
    """The model of an entry, or why it is left out: the reader's error, or, for a puzzle read
    from text or a link, not one solution as read (its rules kept in the text only)."""
    try:
        if "fpuzzles" in entry:
            return fpuzzles.read(entry["fpuzzles"])
        model = formats.read(entry["input"]).model
    except SudokuModelsError as exc:
        return str(exc)[:80]
    if count_solutions(model, limit=2, time_limit=60) != 1:
        return "not one solution as read"
    return model


def command_line(entry: dict, time_limit: float) -> tuple[float, float, str]:
    """One puzzle through the command line: ``sudoku-models steps - --format json`` in a fresh
    process (the package's bytecode written beforehand, as an installed package has it), the
    puzzle on its standard input; the wall-clock seconds (start-up, reading and
    the path), the CPU seconds of that process, and the status it prints (or its exit code
    when it prints none)."""
    program = shutil.which("sudoku-models")
    if program is None:
        raise SystemExit("--cli needs the sudoku-models command on the PATH (pip install -e .)")
    text = json.dumps(entry["fpuzzles"]) if "fpuzzles" in entry else entry["input"]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [program, "steps", "-", "--format", "json", "-t", f"{time_limit:g}"],
        input=text,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    lines = done.stdout.strip().splitlines()
    status = json.loads(lines[-1]).get("status", "") if lines else f"exit {done.returncode}"
    return seconds, cpu, status


@dataclass
class Row:
    """One puzzle's run: its path, wall and CPU seconds, forcing nets, whether every digit and
    candidate left agrees with the published solution (None without one), and its wall and CPU
    seconds through the command line when that was taken."""

    entry: dict
    path: LogicalPath
    seconds: float
    cpu: float
    nets: int
    sound: bool | None
    cli: float | None = None
    cli_cpu: float | None = None

    @property
    def no_trial(self) -> bool:
        """Solved without trial."""
        return self.path.solved and not self.path.trials

    @property
    def no_assumption(self) -> bool:
        """Solved without forcing nets or trials."""
        return self.no_trial and not self.nets


def stated_bands(rows: list[Row]) -> str:
    """The bands of the puzzles whose difficulty is stated, by that difficulty."""
    by_level: dict[str, Counter[str]] = {}
    for row in rows:
        if row.entry.get("stated"):
            by_level.setdefault(row.entry["stated"], Counter())[row.path.difficulty.band] += 1
    if not by_level:
        return "no stated difficulty"
    return "; ".join(
        f"stated {level}: " + ", ".join(f"{b} {n}" for b, _ in BANDS if (n := counts[b]))
        for level, counts in by_level.items()
    )


def median_and_slowest(times: list[float]) -> str:
    """``median X s, slowest Y s``."""
    return f"median {statistics.median(times):.2f} s, slowest {max(times):.2f} s"


def summary(label: str, rows: list[Row]) -> str:
    """A few lines: solved, without trial, without nets or trials, times, bands."""
    if not rows:
        return f"{label}: no puzzles"
    no_trial = sum(r.no_trial for r in rows)
    no_assumption = sum(r.no_assumption for r in rows)
    bands = Counter(r.path.difficulty.band for r in rows)
    cli = [r.cli for r in rows if r.cli is not None]
    cli_cpu = [r.cli_cpu for r in rows if r.cli_cpu is not None]
    return (
        f"{label}: {len(rows)} puzzles, solved {sum(r.path.solved for r in rows)}, "
        f"without trial {no_trial} ({no_trial / len(rows):.0%}), without forcing nets or trials "
        f"{no_assumption} ({no_assumption / len(rows):.0%}); unsound "
        f"{sum(r.sound is False for r in rows)}\n  in process: "
        f"{median_and_slowest([r.seconds for r in rows])} (CPU "
        f"{median_and_slowest([r.cpu for r in rows])})\n  command line: "
        + (
            f"{median_and_slowest(cli)} (CPU {median_and_slowest(cli_cpu)}; {len(cli)} "
            "puzzles, a fresh process each, wall clock and its CPU time)"
            if cli
            else "not timed (--cli K times every K-th puzzle)"
        )
        + "\n  bands: "
        + ", ".join(f"{name} {bands[name]}" for name, _ in BANDS if bands[name])
        + f"\n  bands against stated difficulty: {stated_bands(rows)}"
    )


def times(wall: list[float], cpu: list[float]) -> str:
    """``median / slowest`` wall-clock seconds, each with its CPU seconds in brackets."""
    return (
        f"{statistics.median(wall):.2f} ({statistics.median(cpu):.2f}) / "
        f"{max(wall):.1f} ({max(cpu):.1f})"
    )


#: The head of the README's table of the logical solver, one line a set.
README_HEADER = (
    "| set | puzzles | without trial | without nets or trials | bands | in process, median / "
    "slowest s (CPU) | command line, median / slowest s (CPU) |\n|---|---:|---:|---:|---|---:|---:|"
)


def readme_row(label: str, rows: list[Row]) -> str:
    """The set's line of the README's table of the logical solver."""
    n = len(rows)
    bands = Counter(r.path.difficulty.band for r in rows)
    cli = [r for r in rows if r.cli is not None]
    cells = [
        label,
        str(n),
        f"{sum(r.no_trial for r in rows) / n:.0%}",
        f"{sum(r.no_assumption for r in rows) / n:.0%}",
        ", ".join(f"{name} {bands[name]}" for name, _ in BANDS if bands[name]),
        times([r.seconds for r in rows], [r.cpu for r in rows]),
        times([r.cli or 0.0 for r in cli], [r.cli_cpu or 0.0 for r in cli]) if cli else "-",
    ]
    return "| " + " | ".join(cells) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("jsonl", nargs="?", default=str(DEFAULT_FILE))
    parser.add_argument("--iss", type=Path, help="ISS's data/collections.js instead of JSONL")
    parser.add_argument("--gas", type=Path, help="the approachable series' links file instead")
    parser.add_argument(
        "--sample", type=int, default=5, help="every k-th ISS or GAS puzzle (default 5)"
    )
    parser.add_argument("--time-limit", type=float, default=60.0, help="seconds per puzzle")
    parser.add_argument("--only", nargs="*", default=None, help="puzzle ids to run")
    parser.add_argument(
        "--group", nargs="*", default=None, help="ISS collections to run, by name (HS_KILLERS ...)"
    )
    parser.add_argument(
        "--cli",
        type=int,
        default=0,
        metavar="K",
        help="also time every K-th puzzle run through the command line (default: none)",
    )
    parser.add_argument("--markdown", action="store_true", help="print the tables for the docs")
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
    if args.iss:
        label, entries = "ISS collections.js", iss_entries(args.iss)
        if args.group:
            entries = [e for e in entries if e["group"] in args.group]
        entries = entries[:: args.sample]
    elif args.gas:
        label, entries = "approachable series", gas_entries(args.gas, args.sample)
    else:
        label, entries = "development puzzles", dev_entries(Path(args.jsonl))
    if args.only:
        entries = [e for e in entries if e["id"] in args.only]
    logical_solve(".1.....4....34..")  # warm-up: imports and tables
    if args.cli:  # the package's bytecode written once, as installing it does
        compileall.compile_dir(Path(sudoku_models.__file__).parent, quiet=1)
    rows: list[Row] = []
    ratings: list[Rating] = []
    check: list[bool] = []
    refused = 0
    for k, entry in enumerate(entries):
        model = model_of(entry)
        if isinstance(model, str):
            refused += 1
            print(f"{entry['id'][:28]:28s} not read: {model}", flush=True)
            continue
        start, cpu = time.perf_counter(), time.process_time()
        path = logical_solve(model, time_limit=args.time_limit)
        seconds = time.perf_counter() - start
        cpu = time.process_time() - cpu
        solution = digits_of(entry.get("solution"))
        sound = (
            None
            if solution is None
            else all(g in (0, s) for g, s in zip(path.grid, solution))
            and all(s in c for s, c in zip(solution, path.candidates))
        )
        nets = sum(1 for s in path.steps if s.technique == "Forcing Net")
        row = Row(entry, path, seconds, cpu, nets, sound)
        rows.append(row)
        check.append(k % 4 == 3)
        verdict = {True: "sound", False: "UNSOUND", None: "-"}[sound]
        print(
            f"{entry['id'][:28]:28s} {path.status:8s} {path.difficulty.band:9s} "
            f"steps {len(path.steps):4d} nets {nets:3d} trials {path.trials:3d} "
            f"{seconds:7.2f} s (cpu {cpu:6.2f} s) {verdict}",
            flush=True,
        )
        if args.cli and (len(rows) - 1) % args.cli == 0:
            row.cli, row.cli_cpu, status = command_line(entry, args.time_limit)
            differs = "" if status == path.status else f" (status {status}: differs)"
            print(
                f"{'':28s} command line {row.cli:7.2f} s (cpu {row.cli_cpu:6.2f} s){differs}",
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
    for part, keep in (("tuning", False), ("check", True)):
        print(summary(part, [r for r, is_check in zip(rows, check) if is_check == keep]))
    print(summary("all", rows))
    if args.markdown and rows:
        print("\n| puzzle | size | rules | status | band | steps | nets | trials | s | CPU s |")
        print("|---|---|---|---|---|---:|---:|---:|---:|---:|")
        for r in rows:
            rules = ", ".join(r.entry.get("constraints", ())) or "classic"
            print(
                f"| {r.entry['id']} | {r.path.model.n} | {rules} | {r.path.status} | "
                f"{r.path.difficulty.band} | {len(r.path.steps)} | {r.nets} | {r.path.trials} | "
                f"{r.seconds:.2f} | {r.cpu:.2f} |"
            )
        print(f"\nREADME (load average {os.getloadavg()[0]:.2f}):\n")
        print(README_HEADER)
        print(readme_row(label, rows))
    if args.pencilmark:
        print_comparison(rows, ratings, args.markdown)


if __name__ == "__main__":
    main()
