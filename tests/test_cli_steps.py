"""``sudoku-models steps``, and ``rate`` and ``hint`` on variant links."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_models import fpuzzles
from sudoku_models.cli import main
from sudoku_models.puzzle import Puzzle

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = {p["id"]: p for p in map(json.loads, SAMPLE.read_text().splitlines())}
SIX = PUZZLES["6x6-extreme-killer"]
LINK = fpuzzles.LINK_PREFIX + SIX["fpuzzles_lz"]
CLASSIC = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_steps_prints_the_path_of_a_link(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "steps", LINK)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("  1. ")
    assert any("cage r" in line and "Cage Combinations" in line for line in lines)
    assert lines[-1].startswith("solved: ")


def test_steps_json_has_the_documented_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "steps", LINK, "-f", "json")
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["trials"] == 0
    assert data["difficulty"]["band"] in {"easy", "moderate", "tough", "hard", "fiendish"}
    assert data["grid"] == SIX["solution"]
    for step in data["steps"]:
        assert set(step) >= {"technique", "rule", "text", "placements", "eliminations"}
        for cell, digit in step["placements"] + step["eliminations"]:
            assert cell.startswith("r") and 1 <= digit <= 6


def test_steps_with_flags_and_several_solutions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "steps", "." * 16, "--diagonal", "--max-depth", "0")
    assert code == 1
    assert "stuck" in out and "more than one solution" in out


def test_steps_bad_input_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "steps", "12x")
    assert code == 2 and not out and len(err.strip().splitlines()) == 1


def test_rate_a_variant_link(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", LINK, "-f", "json")
    data = json.loads(out)
    assert code == 0
    assert data["status"] == "solved" and data["trials"] == 0 and data["band"]


def test_rate_a_classic_link_keeps_the_classic_ratings(capsys: pytest.CaptureFixture[str]) -> None:
    link = fpuzzles.to_link(Puzzle.parse(CLASSIC))
    _, classic, _ = run(capsys, "rate", CLASSIC)
    _, linked, _ = run(capsys, "rate", link)
    assert linked == classic and "HoDoKu" in linked


def test_hint_on_a_variant_link(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "hint", LINK, "-f", "json")
    data = json.loads(out)
    assert code == 0
    assert data["technique"] and data["rule"] and data["eliminations"]
    code, out, _ = run(capsys, "hint", LINK)
    assert out.startswith(data["technique"] + ": ")


PEAK_MEMORY = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], capture_output=True, text=True)
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024
print(done.returncode, peak)
print(done.stdout)
"""


def test_steps_on_an_empty_25x25_stops_at_the_time_limit_in_bounded_memory() -> None:
    """The finders' work is bounded on large grids: an empty 25x25 grid stops at the limit
    (or is stuck), saying so, within a few hundred megabytes."""
    command = [sys.executable, "-m", "sudoku_models", "steps", "." * 625, "-t", "1"]
    done = subprocess.run(
        [sys.executable, "-c", PEAK_MEMORY, *command], capture_output=True, text=True, timeout=600
    )
    head, out = done.stdout.split("\n", 1)
    code, peak = map(int, head.split())
    assert code == 1
    assert "stopped by the time limit of 1 s" in out or "stuck" in out
    assert "625 open cells" in out
    assert peak < 400, f"{peak} MB"


def test_hint_and_rate_take_a_time_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rate", CLASSIC, "-t", "30", "-f", "json")
    assert code == 0 and json.loads(out)["hodoku_level"]
    code, out, _ = run(capsys, "hint", CLASSIC, "--time-limit", "30")
    assert code == 0 and out.strip()
    code, out, _ = run(capsys, "rate", LINK, "-t", "30")
    assert code == 0 and "solved" in out
    code, _, err = run(capsys, "steps", CLASSIC, "-t", "0")
    assert code == 2 and "time limit must be positive" in err
