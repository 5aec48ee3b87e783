"""The reading benchmark's helpers: payloads decoded, solutions taken out of links, the corpora
gathered (odd lines of a links file never among them) and answers judged."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench_reading as bench

from sudoku_models import door
from sudoku_models.formats.fpuzzles import keys as fpuzzles_keys
from sudoku_models.formats.lz import compress_to_base64
from sudoku_models.puzzle import Puzzle

#: A 4x4 puzzle with one solution, and that solution.
GIVENS = ".1.....4....34.."
SOLUTION = "4132231412433421"


def fpuzzles_link(title: str, solution: str | None = SOLUTION) -> str:
    """A SudokuPad link carrying the 4x4 puzzle as f-puzzles data, ``solution`` embedded."""
    data = fpuzzles_keys.to_fpuzzles(Puzzle.parse(GIVENS), title)
    data["author"] = "someone"
    if solution is not None:
        data["solution"] = [int(ch) for ch in solution]
    return bench.SUDOKUPAD + "fpuzzles" + compress_to_base64(json.dumps(data))


def ctc_link() -> str:
    """A SudokuPad link carrying the 4x4 puzzle as SudokuPad's own data, its title and
    solution in metadata cages."""
    cells = [[{"value": int(ch)} if ch != "." else {} for ch in GIVENS[r * 4 : r * 4 + 4]]
             for r in range(4)]  # fmt: skip
    cages = [{"value": "title: Small"}, {"value": f"solution: {SOLUTION}"}]
    data = {"cells": cells, "cages": cages}
    return bench.SUDOKUPAD + "ctc" + compress_to_base64(json.dumps(data))


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (SOLUTION, tuple(int(ch) for ch in SOLUTION)),
        ([int(ch) for ch in SOLUTION], tuple(int(ch) for ch in SOLUTION)),
        (",".join(SOLUTION), tuple(int(ch) for ch in SOLUTION)),
        (SOLUTION[:-1] + ".", None),  # a blank: incomplete
        (SOLUTION[:-1], None),  # no square grid
        (SOLUTION[:-1] + "5", None),  # a digit beyond 4
        ("", None),
        (None, None),
    ],
)
def test_complete_solution_takes_full_grids_of_digits_only(value, expected):
    assert bench.complete_solution(value) == expected


def test_an_fpuzzles_link_loses_its_solution_and_nothing_else():
    link = fpuzzles_link("Small")
    kind, data = bench.decoded(link)
    assert kind == "fpuzzles"
    assert bench.metadata(kind, data) == {"title": "Small", "author": "someone",
                                          "solution": data["solution"]}  # fmt: skip
    bare = bench.without_solution(kind, data)
    assert "solution" not in bench.decoded(bare)[1]
    kept, taken = door.read(link), door.read(bare)
    assert kept.solution is not None and taken.solution is None
    assert taken.model.givens == kept.model.givens and taken.title == "Small"


def test_a_sudokupad_link_loses_its_solution_cage():
    link = ctc_link()
    kind, data = bench.decoded(link)
    assert kind == "ctc"
    meta = bench.metadata(kind, data)
    assert meta["title"] == "Small" and bench.complete_solution(meta["solution"])
    bare = bench.without_solution(kind, data)
    assert "solution" not in bench.metadata(*bench.decoded(bare))
    kept, taken = door.read(link), door.read(bare)
    assert kept.solution is not None and taken.solution is None
    assert taken.model.givens == kept.model.givens and taken.title == "Small"


def test_a_link_without_a_payload_decodes_to_nothing():
    assert bench.decoded("https://sudokupad.app/RPBnQFRLR8") is None


def test_links_on_odd_lines_are_never_taken(tmp_path):
    lines = [fpuzzles_link(f"line {k}") for k in range(1, 9)]
    lines[5] = fpuzzles_link("line 2")  # line 6 repeats line 2's title: counted once
    lines[7] = fpuzzles_link("line 8", solution=None)  # no solution: not counted
    path = tmp_path / "links.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    entries = bench.gas_corpora(path)
    titles = [door.read(e.text).title for e in entries]
    assert titles == ["line 2", "line 4"]
    assert [e.corpus for e in entries] == ["GAS, measured (lines 4k+2)", "GAS, tuning (lines 4k)"]
    assert all(e.solution == bench.complete_solution(SOLUTION) for e in entries)
    assert all(door.read(e.bare).solution is None for e in entries)


def test_iss_puzzles_keep_a_square_solution_and_leave_script_files_out(tmp_path):
    path = tmp_path / "collections.js"
    path.write_text(
        "const EXAMPLES = [\n"
        "  {\n    name: 'Small',\n    input: '.Shape~4x4.~R1C2_1~R2C4_4~R4C1_3~R4C2_4',\n"
        f"    solution: '{SOLUTION}',\n  }},\n"
        "  {\n    name: 'Odd shape',\n    input: '.~R1C1_1',\n    solution: '123',\n  },\n"
        "  {\n    name: 'Scripted',\n    input: '/data/scripts/scripted.js',\n  },\n"
        "];\n",
        encoding="utf-8",
    )
    small, odd = bench.iss_corpus(path)
    assert (small.name, small.bare, small.solution) == (
        "Small",
        None,
        bench.complete_solution(SOLUTION),
    )
    assert (odd.name, odd.solution) == ("Odd shape", None)
    assert bench.judge(small.text, small.solution, 30).verdict == "right"


def test_variants_are_written_with_and_without_their_solution(tmp_path):
    data = fpuzzles_keys.to_fpuzzles(Puzzle.parse(GIVENS), "Small")
    item = {"id": "small", "fpuzzles": data, "solution": SOLUTION}
    (tmp_path / "fpuzzles_dev.jsonl").write_text(json.dumps(item) + "\n", encoding="utf-8")
    [entry] = bench.variant_entries(tmp_path)
    assert door.read(entry.text).solution.to_line() == SOLUTION
    assert door.read(entry.bare).solution is None


def test_answers_are_judged_against_the_setters_solution():
    right = bench.complete_solution(SOLUTION)
    wrong = tuple(reversed(right))
    assert bench.judge(fpuzzles_link("Small"), right, 30).verdict == "right"
    # the link embeds another grid than the answer: the answer is warned of
    other = "".join(map(str, wrong))
    assert bench.judge(fpuzzles_link("Small", other), wrong, 30).verdict == "warned"
    # nothing in the link to warn by: the same difference is silent
    assert bench.judge(GIVENS, wrong, 30).verdict == "SILENT WRONG"
    assert bench.judge(GIVENS, None, 30).verdict == "unique"
    assert bench.judge("." * 16, None, 30).verdict == "several"
    assert bench.judge("https://sudokupad.app/RPBnQFRLR8", right, 30).verdict == "refused"


def test_a_reading_past_its_limit_is_timed_out():
    outcome = bench.judge(fpuzzles_link("Small"), bench.complete_solution(SOLUTION), 0)
    assert outcome.verdict == "timed out"


def test_tables_in_markdown_and_in_plain_text():
    header, rows = ["corpus", "mode", "puzzles"], [["a", "b", "3"]]
    assert bench.table(header, rows, markdown=True).splitlines() == [
        "| corpus | mode | puzzles |", "|---|---|---:|", "| a | b | 3 |"]  # fmt: skip
    assert bench.table(header, rows, markdown=False).splitlines()[1] == "a       b     3"
