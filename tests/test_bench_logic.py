"""The pencilmark comparison of the logic benchmark, run against a stand-in for pencilmark."""

from __future__ import annotations

import json
import stat
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))

import bench_logic as bench

#: A stand-in for pencilmark's public names the driver uses: the puzzle's ``fake`` key says what
#: to answer (a card, an error, a long wait) and ``solution`` what ``solve`` returns.
FAKE_PACKAGE = {
    "pencilmark/__init__.py": """
import time

class NotUnique(ValueError):
    pass

def rate(puzzle, max_seconds=None):
    fake = puzzle["fake"]
    if fake == "not unique":
        raise NotUnique("more than one solution")
    if fake == "slow":
        time.sleep(30)
    names = ["Hidden Single"] + (["Trial and error"] if fake == "trial" else [])
    return {"band": "Hard", "band_index": 3, "difficulty": 11.5,
            "contains": [{"name": n} for n in names]}

def solve(puzzle):
    return puzzle["solution"]
""",
    "pencilmark/sources/__init__.py": "",
    "pencilmark/sources/fpuzzles.py": """
def to_puzzle(x, fetch=True):
    assert fetch is False
    return dict(x)
""",
}

SOLUTION = [1, 2, 2, 1]


@pytest.fixture(scope="module")
def standin(tmp_path_factory: pytest.TempPathFactory) -> str:
    """An interpreter script that runs this Python with the fake package on its path."""
    root = tmp_path_factory.mktemp("standin")
    for name, text in FAKE_PACKAGE.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    script = root / "python"
    script.write_text(f'#!/bin/sh\nPYTHONPATH="{root}" exec "{sys.executable}" "$@"\n')
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def test_a_rating_reports_band_difficulty_time_and_checks_the_solution(standin: str) -> None:
    rating = bench.run_pencilmark(standin, {"fake": "ok", "solution": SOLUTION}, SOLUTION, 20)
    assert (rating.band, rating.band_index, rating.difficulty) == ("Hard", 3, 11.5)
    assert rating.matches and not rating.trial and not rating.error and rating.solved
    assert rating.seconds >= 0


def test_trial_or_a_wrong_solution_is_not_solved(standin: str) -> None:
    trial = bench.run_pencilmark(standin, {"fake": "trial", "solution": SOLUTION}, SOLUTION, 20)
    assert trial.trial and trial.matches and not trial.solved
    wrong = bench.run_pencilmark(standin, {"fake": "ok", "solution": [2, 1, 1, 2]}, SOLUTION, 20)
    assert not wrong.matches and not wrong.solved and not wrong.error


def test_errors_and_time_limits_are_reported_not_raised(standin: str) -> None:
    refused = bench.run_pencilmark(standin, {"fake": "not unique"}, SOLUTION, 20)
    assert refused.error == "NotUnique: more than one solution" and not refused.solved
    slow = bench.run_pencilmark(standin, {"fake": "slow"}, SOLUTION, 1)
    assert slow.error == "over 1 s" and not slow.solved
    missing = bench.run_pencilmark(sys.executable, {"fake": "ok"}, SOLUTION, 20)
    assert missing.error.startswith("ModuleNotFoundError")


def test_rank_correlation() -> None:
    assert bench.ranks([3.0, 1.0, 3.0, 2.0]) == [3.5, 1.0, 3.5, 2.0]
    assert bench.spearman([1, 2, 3, 4], [10, 20, 30, 40]) == pytest.approx(1.0)
    assert bench.spearman([1, 2, 3, 4], [4, 3, 2, 1]) == pytest.approx(-1.0)
    assert bench.spearman([1, 2, 2, 3], [1, 3, 2, 4]) == pytest.approx(0.9486833)
    assert bench.spearman([1, 1, 1], [1, 2, 3]) != bench.spearman([1, 1, 1], [1, 2, 3])


def test_stated_difficulty_reads_the_first_text_that_states_one() -> None:
    assert bench.stated_difficulty("6x6 Extreme Killer", "Normal rules") == "extreme"
    assert bench.stated_difficulty("Entropic Lines 101") == "easy"
    assert bench.stated_difficulty("Copycat [easy]", "EXAMPLE_HARD_BENCHMARKS") == "easy"
    assert bench.stated_difficulty(None, "EXAMPLE_HARD_BENCHMARKS") == "hard"
    assert bench.stated_difficulty("16x16: Sudoku X, very hard") == "extreme"
    assert bench.stated_difficulty("Hardware", "Ripples", None) is None


COLLECTIONS = """const EXAMPLE_HARD_THINGS = [
  {
    name: 'Thermo',
    input: `
      .Thermo~R1C1~R1C2
      .Thermo~R2C1~R2C2`,
    solution: '1234',
  },
  {
    name: 'Zipper - easy',
    input: '.Zipper~R1C1~R1C2',
  },
];

// Hard killers made by someone.
export const SOME_KILLERS = new PuzzleCollection(
  {
    src: 'somewhere',
  },
  [
    'R<<<M<<<U^M<<<^J>^R<<^S<^R^^P>>^>^^^^^<R5^>^MP^>^V<<^^^^^>^L>>^^<^K>^<<R^>>^<>>>^',
    'Thermo',
  ],
);
"""


def test_iss_entries_keep_their_list_and_stated_difficulty(tmp_path: Path) -> None:
    path = tmp_path / "collections.js"
    path.write_text(COLLECTIONS)
    entries = bench.iss_entries(path)
    assert [(e["id"], e["group"], e["stated"]) for e in entries] == [
        ("Thermo", "EXAMPLE_HARD_THINGS", "hard"),
        ("Zipper - easy", "EXAMPLE_HARD_THINGS", "easy"),
        ("iss-2", "SOME_KILLERS", "hard"),
    ]
    assert entries[0]["input"] == ".Thermo~R1C1~R1C2.Thermo~R2C1~R2C2"
    assert entries[0]["solution"] == "1234" and entries[1]["solution"] is None


def test_gas_entries_read_even_lines_only(tmp_path: Path) -> None:
    import lzstring  # type: ignore[import-untyped]

    def link(title: str) -> str:
        puzzle = {"size": 4, "title": title, "author": "a", "solution": list("1234341221434321")}
        return "https://sudokupad.app/fpuzzles" + lzstring.LZString().compressToBase64(
            json.dumps(puzzle)
        )

    path = tmp_path / "links.txt"
    path.write_text("\n".join(link(f"line {k}") for k in range(1, 8)) + "\n")
    assert [e["id"] for e in bench.gas_entries(path, 1)] == ["gas-2", "gas-4", "gas-6"]
    assert [e["id"] for e in bench.gas_entries(path, 2)] == ["gas-2", "gas-6"]


def test_command_line_times_a_fresh_process_and_reports_its_status() -> None:
    seconds, cpu, status = bench.command_line({"input": ".1.....4....34.."}, 30)
    assert status == "solved" and seconds > 0 and cpu > 0
    assert bench.command_line({"input": "................"}, 30)[2] == "stuck"


def test_summary_and_readme_line_of_a_set() -> None:
    from sudoku_models.logic import logical_solve

    path = logical_solve(".1.....4....34..")
    timed = bench.Row({"id": "a", "stated": "easy"}, path, 0.5, 0.3, 0, True, cli=2.0, cli_cpu=1.0)
    untimed = bench.Row({"id": "b"}, path, 1.5, 0.7, 0, True)
    assert bench.readme_row("set", [timed, untimed]) == (
        "| set | 2 | 100% | 100% | easy 2 | 1.00 (0.50) / 1.5 (0.7) | 2.00 (1.00) / 2.0 (1.0) |"
    )
    text = bench.summary("all", [timed, untimed])
    assert "without trial 2 (100%)" in text and "stated easy: easy 1" in text
    assert "command line: median 2.00 s" in text and "1 puzzles" in text


def test_published_solutions_are_read_as_digits() -> None:
    assert bench.digits_of("1234") == [1, 2, 3, 4]
    assert bench.digits_of("9ABG") == [9, 10, 11, 16]
    assert bench.digits_of("ELPA") == [5, 12, 16, 1]  # letters only: A is 1
    assert bench.digits_of([3, 1]) == [3, 1] and bench.digits_of(None) is None
