"""Reading published puzzles: each corpus read with the setter's solution left in each link and
taken out of it, and the answers judged against that solution.

Run from the repository root::

    python benchmarks/bench_reading.py [--variants DIR] [--iss COLLECTIONS_JS] [--gas LINKS]
                                       [--time-limit 30] [--limit N] [--markdown]
                                       [--details FILE.jsonl]

Corpora (none ships with the package; each is read from the path given):

- ``--variants DIR``: the development set of variant puzzles, ``DIR/fpuzzles_dev.jsonl``
  (f-puzzles objects with their solutions beside them). Each puzzle is written as an f-puzzles
  link, once with its solution embedded and once without.
- ``--iss COLLECTIONS_JS``: the puzzles written out in full in ``data/collections.js`` of the
  Interactive Sudoku Solver (entries that name one of its script files are left out). Their
  text never carries a solution: those with a published one are judged against it, the others
  are counted as unique, several, none.
- ``--gas LINKS``: a file of SudokuPad links, one a line. Only the links on even line numbers
  (counted from 1) are read; the odd lines are kept for a check this benchmark must not see.
  A link counts when its payload (f-puzzles, ``scl`` or ``ctc``) embeds a complete solution,
  once per title and author; lines ``4k`` form the tuning part, lines ``4k + 2`` the part
  that is only measured.

Each puzzle is read through :func:`sudoku_models.door.read`, readings of its marks chosen as
every command chooses them, then solved by the SAT backend for two solutions, the whole under
``--time-limit`` seconds. The answer is right (one solution, the setter's), warned (not right,
with warnings), refused (the reader's one-line error), timed out (reading or solving passed the
limit, which the answer says) or SILENT WRONG (not right and no warning: must be 0). Without
the embedded solution a reading stands on the marks and the rules text alone, as it does for
a puzzle its setter has not solved for the reader. The reading time is that of ``read`` (the
choice between readings included, solving not): median and slowest, in milliseconds.
Progress goes to stderr, a line every 20 puzzles, with a line for every silent wrong answer;
``--details`` writes one JSON line a reading (corpus, name, verdict, seconds, why).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import dataclasses
import json
import math
import os
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

from bench_logic import digits_of, iss_entries  # the script's folder is on the path

from sudoku_models import deadline, door, formats
from sudoku_models.api import solve
from sudoku_models.errors import SudokuModelsError, TimeLimitReached
from sudoku_models.formats.fpuzzles import keys as fpuzzles_keys
from sudoku_models.formats.lz import compress_to_base64, decompress_from_base64
from sudoku_models.model import Model
from sudoku_models.solvers.base import Result, Status

#: What an answer judged against the setter's solution can be, in the order of the table.
JUDGED = ("right", "warned", "refused", "timed out", "SILENT WRONG")
#: What an answer with no solution to judge it by can be.
COUNTED = ("unique", "several", "none", "refused", "timed out")
#: The verdict of each status of a search when there is no solution to judge by.
_COUNTED_STATUS = {
    Status.UNIQUE: "unique",
    Status.MULTIPLE: "several",
    Status.UNSATISFIABLE: "none",
    Status.TIMEOUT: "timed out",
}
#: An f-puzzles link, as the variants corpus is written.
FPUZZLES_LINK = "https://www.f-puzzles.com/?load="
SUDOKUPAD = "https://sudokupad.app/"
#: A cage value that carries SudokuPad's metadata: a word, a colon, the text.
_META = re.compile(r"^\s*([A-Za-z]+):\s*(.*)$", re.DOTALL)
_FPUZ = re.compile(r"^fpuz(?:zles)?")


@dataclasses.dataclass(frozen=True)
class Entry:
    """One puzzle of a corpus, by name: the text as published, the same text with its embedded
    solution taken out (None when the text embeds none) and the setter's solution (None if
    unknown)."""

    corpus: str
    name: str
    text: str
    bare: str | None
    solution: tuple[int, ...] | None


@dataclasses.dataclass(frozen=True)
class Outcome:
    """What one reading gave: its verdict, the seconds ``read`` took (None when it did not end),
    whether rules were read from the rules text (readings of marks) and why it was refused or
    what the search said."""

    verdict: str
    seconds: float | None
    from_text: bool
    why: str = ""


# --- payloads ---------------------------------------------------------------------------------


def decoded(link: str) -> tuple[str, dict[str, Any]] | None:
    """The kind (``fpuzzles`` or ``ctc``) and data of the payload a SudokuPad link carries;
    None for a link that carries none (a stored puzzle's short name) or one that does not
    decode (the reader then says why, in the table)."""
    try:
        payload = formats.sudokupad.payload_of(link)
        found = _FPUZ.match(payload)
        if found:
            return "fpuzzles", fpuzzles_keys.decode(payload[found.end() :])
        if payload.startswith(("scl", "ctc")):
            raw = decompress_from_base64(payload[3:].replace("\\", "="))
            if raw.lstrip().startswith('{"'):
                return "ctc", json.loads(raw)
            return "ctc", formats.sudokupad.unzip(raw)
    except (SudokuModelsError, ValueError):
        return None
    return None


def metadata(kind: str, data: dict[str, Any]) -> dict[str, Any]:
    """What a payload says about itself: ``title``, ``author`` and ``solution``, from the
    f-puzzles keys, or from SudokuPad's metadata (cages whose text is ``solution: ...`` and the
    ``metadata`` object)."""
    if kind == "fpuzzles":
        return {k: data[k] for k in ("title", "author", "solution") if k in data}
    meta: dict[str, Any] = {}
    for cage in data.get("cages") or []:
        value = cage.get("value") if isinstance(cage, dict) else None
        found = _META.match(value) if isinstance(value, str) else None
        if found:
            meta.setdefault(found[1].lower(), found[2].strip())
    for key in ("metadata", "metaData"):
        if isinstance(data.get(key), dict):
            for name, value in data[key].items():
                meta.setdefault(name.lower(), value)
    return meta


def complete_solution(value: Any) -> tuple[int, ...] | None:
    """An embedded solution as digits when it fills a square grid with digits ``1..n``; None
    for anything less (blanks, letters, a wrong length)."""
    if isinstance(value, str):
        value = value.split(",") if "," in value else list(value.strip())
    if not isinstance(value, list) or not value:
        return None
    n = math.isqrt(len(value))
    if n * n != len(value) or not all(re.fullmatch(r"\s*[0-9]{1,2}\s*", str(v)) for v in value):
        return None
    digits = tuple(int(v) for v in value)
    return digits if all(1 <= d <= n for d in digits) else None


def without_solution(kind: str, data: dict[str, Any]) -> str:
    """A SudokuPad link to the same payload with the embedded solution taken out (the
    ``solution`` key, a ``solution: ...`` cage, the metadata's ``solution``); SudokuPad's own
    data is written back as ``ctc`` JSON."""
    data = copy.deepcopy(data)
    data.pop("solution", None)
    if isinstance(data.get("cages"), list):
        data["cages"] = [c for c in data["cages"] if not _says_solution(c)]
    for key in ("metadata", "metaData"):
        if isinstance(data.get(key), dict):
            data[key] = {k: v for k, v in data[key].items() if k.lower() != "solution"}
    prefix = "fpuzzles" if kind == "fpuzzles" else "ctc"
    return SUDOKUPAD + prefix + compress_to_base64(json.dumps(data, separators=(",", ":")))


def _says_solution(cage: Any) -> bool:
    value = cage.get("value") if isinstance(cage, dict) else None
    found = _META.match(value) if isinstance(value, str) else None
    return found is not None and found[1].lower() == "solution"


# --- corpora ----------------------------------------------------------------------------------


def variant_entries(folder: Path) -> list[Entry]:
    """The development variants as f-puzzles links, with and without the solution embedded."""
    entries = []
    with (folder / "fpuzzles_dev.jsonl").open(encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            item = json.loads(line)
            digits = complete_solution(item["solution"])
            bare = {k: v for k, v in item["fpuzzles"].items() if k != "solution"}
            with_solution = {**bare, "solution": list(digits or ())}
            links = _fpuzzles_link(with_solution), _fpuzzles_link(bare)
            entries.append(Entry("development variants", item["id"], *links, digits))
    return entries


def _fpuzzles_link(data: dict[str, Any]) -> str:
    return FPUZZLES_LINK + compress_to_base64(json.dumps(data, separators=(",", ":")))


def iss_corpus(path: Path) -> list[Entry]:
    """The puzzles written out in full in ISS's ``collections.js`` (an entry that names one of
    ISS's script files instead is left out); a published solution is kept when it fills a
    square grid."""
    entries = []
    for item in iss_entries(path):
        if item["input"].endswith(".js"):
            continue
        digits = digits_of(item["solution"])
        square = digits is not None and math.isqrt(len(digits)) ** 2 == len(digits)
        solution = tuple(digits) if digits is not None and square else None
        entries.append(Entry("ISS collections.js", item["id"], item["input"], None, solution))
    return entries


def even_links(path: Path) -> Iterator[tuple[int, str]]:
    """The links on even line numbers (1-based), with their line numbers; an odd line is
    passed over unread."""
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, 1):
            if number % 2 == 0 and line.strip():
                yield number, line.strip()


def gas_corpora(path: Path) -> list[Entry]:
    """The links of the even lines whose payload embeds a complete solution, once per title
    and author: lines ``4k`` in the tuning part, lines ``4k + 2`` in the measured part."""
    seen: set[tuple[str, str]] = set()
    entries = []
    for number, link in even_links(path):
        found = decoded(link)
        if found is None:
            continue
        meta = metadata(*found)
        solution = complete_solution(meta.get("solution"))
        key = (str(meta.get("title", "")), str(meta.get("author", "")))
        if solution is None or key in seen:
            continue
        seen.add(key)
        part = "GAS, tuning (lines 4k)" if number % 4 == 0 else "GAS, measured (lines 4k+2)"
        entries.append(Entry(part, f"line {number}", link, without_solution(*found), solution))
    return entries


# --- judging ----------------------------------------------------------------------------------


def judge(text: str, solution: Sequence[int] | None, time_limit: float) -> Outcome:
    """Read ``text`` and solve it for two solutions under ``time_limit`` seconds, the answer
    judged against ``solution`` (:data:`JUDGED`), or counted when there is none
    (:data:`COUNTED`)."""
    seconds = None
    from_text = False
    try:
        with deadline.within(time_limit):
            started = time.perf_counter()
            read = door.read(text, files=False)
            seconds = time.perf_counter() - started
            from_text = bool(read.readings)
            deadline.check()
            result = solve(read.model, backend="sat", limit=2, time_limit=deadline.remaining())
    except TimeLimitReached:
        return Outcome("timed out", seconds, from_text)
    except SudokuModelsError as exc:
        return Outcome("refused", seconds, from_text, str(exc).splitlines()[0][:200])
    said = result.status.value
    return Outcome(verdict(read.model, result, solution), seconds, from_text, said)


def verdict(model: Model, result: Result, solution: Sequence[int] | None) -> str:
    """The verdict on a search's ``result`` for ``model``: counted by its status without a
    ``solution``, else right, timed out, warned or SILENT WRONG, the warnings being those every
    command prints (the reader's, then the answer's against the file)."""
    if solution is None:
        return _COUNTED_STATUS[result.status]
    if result.status is Status.UNIQUE and tuple(result.solutions[0].cells) == tuple(solution):
        return "right"
    if result.status is Status.TIMEOUT:
        return "timed out"
    grids = [g.cells for g in result.solutions]
    notes = [*model.warnings, *formats.answer_warnings(model, grids, True)]
    return "warned" if notes else "SILENT WRONG"


# --- the tables -------------------------------------------------------------------------------


@dataclasses.dataclass
class Row:
    """The tally of one corpus read one way."""

    corpus: str
    mode: str
    verdicts: Counter[str] = dataclasses.field(default_factory=Counter)
    seconds: list[float] = dataclasses.field(default_factory=list)
    from_text: int = 0

    def add(self, outcome: Outcome) -> None:
        """Count one puzzle's outcome."""
        self.verdicts[outcome.verdict] += 1
        if outcome.seconds is not None:
            self.seconds.append(outcome.seconds)
        self.from_text += outcome.from_text

    def cells(self, columns: Sequence[str]) -> list[str]:
        """The row's cells: corpus, mode, puzzles, each verdict, read from text, reading ms."""
        ms = [1000 * s for s in self.seconds]
        timing = f"{_ms(statistics.median(ms))} / {_ms(max(ms))}" if ms else "-"
        puzzles = sum(self.verdicts.values())
        counts = [str(self.verdicts[c]) for c in columns]
        return [self.corpus, self.mode, str(puzzles), *counts, str(self.from_text), timing]


def _ms(value: float) -> str:
    return f"{value:.1f}" if value < 10 else f"{value:.0f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], markdown: bool) -> str:
    """``rows`` under ``header``, as a markdown table or as aligned plain text."""
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|---|---|" + "---:|" * (len(header) - 2)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines)
    widths = [max(len(r[k]) for r in [header, *rows]) for k in range(len(header))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)) for r in [header, *rows]]
    return "\n".join(line.rstrip() for line in lines)


def run(entries: Sequence[Entry], time_limit: float, details: TextIO | None = None) -> list[Row]:
    """Every entry judged, read as published and (when it embeds a solution) without it;
    a progress line on stderr every 20 puzzles and a line for every silent wrong answer, and
    one JSON line a reading on ``details``."""
    rows: dict[tuple[str, str], Row] = {}
    started = time.perf_counter()
    for k, entry in enumerate(entries, 1):
        ways = [("with solution", entry.text), ("without solution", entry.bare)]
        if entry.bare is None:
            ways = [("text only", entry.text)]
        for mode, text in ways:
            assert text is not None
            key = (entry.corpus, mode if entry.solution is not None else "no published solution")
            row = rows.setdefault(key, Row(*key))
            outcome = judge(text, entry.solution, time_limit)
            row.add(outcome)
            if outcome.verdict == "SILENT WRONG":
                print(f"SILENT WRONG: {entry.corpus}, {entry.name}, {mode}: {outcome.why}",
                      file=sys.stderr)  # fmt: skip
            if details is not None:
                line = {"corpus": entry.corpus, "name": entry.name, "mode": mode}
                details.write(json.dumps(line | dataclasses.asdict(outcome)) + "\n")
        if k % 20 == 0 or k == len(entries):
            elapsed = time.perf_counter() - started
            done = f"{k}/{len(entries)} puzzles ({entry.corpus}), {elapsed:.0f} s"
            print(done, file=sys.stderr, flush=True)
    return list(rows.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variants", type=Path, help="folder holding fpuzzles_dev.jsonl")
    parser.add_argument("--iss", type=Path, help="ISS's data/collections.js")
    parser.add_argument("--gas", type=Path, help="a file of SudokuPad links, one a line")
    parser.add_argument("--time-limit", type=float, default=30.0, help="seconds per puzzle")
    parser.add_argument("--limit", type=int, default=None, help="at most N puzzles per corpus")
    parser.add_argument("--markdown", action="store_true", help="print markdown tables")
    parser.add_argument("--details", type=Path, help="write one JSON line a reading to FILE")
    args = parser.parse_args()
    corpora: list[list[Entry]] = []
    if args.variants:
        corpora.append(variant_entries(args.variants))
    if args.iss:
        corpora.append(iss_corpus(args.iss))
    if args.gas:
        gas = gas_corpora(args.gas)
        parts = dict.fromkeys(e.corpus for e in gas)
        corpora += [[e for e in gas if e.corpus == part] for part in parts]
    if not corpora:
        parser.error("give at least one corpus: --variants, --iss or --gas")
    entries = [e for corpus in corpora for e in corpus[: args.limit]]
    solve(".1.....4....34..", backend="sat", limit=2)  # warm-up: the backend's import
    with contextlib.ExitStack() as stack:
        details = None
        if args.details:
            details = stack.enter_context(args.details.open("w", encoding="utf-8"))
        rows = run(entries, args.time_limit, details)
    judged = [r for r in rows if r.mode != "no published solution"]
    counted = [r for r in rows if r.mode == "no published solution"]
    tail = ["rules from text", "read ms (median / slowest)"]
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"load average after the run: {load}; time limit {args.time_limit:g} s per puzzle")
    if judged:
        header = ["corpus", "solution in the link", "puzzles", *JUDGED, *tail]
        print(table(header, [r.cells(JUDGED) for r in judged], args.markdown))
    if counted:
        print()
        header = ["corpus", "judged by", "puzzles", *COUNTED, *tail]
        print(table(header, [r.cells(COUNTED) for r in counted], args.markdown))


if __name__ == "__main__":
    main()
