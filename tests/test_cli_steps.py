"""``sudoku-models steps``, and ``rate`` and ``hint`` on variant links."""

from __future__ import annotations

import json
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
