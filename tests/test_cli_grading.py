"""``sudoku-models rate`` and ``hint``: text and JSON, jobs over files, and wrong digits."""

from __future__ import annotations

import io
import json
import re
import sys

import pytest

from sudoku_models import datasets
from sudoku_models.cli import main
from sudoku_models.cli.hint import mistake
from sudoku_models.grading import hint, rate
from sudoku_models.puzzle import Puzzle

UNIQUE_4 = ".1.....4....34.."
NINE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_rate_json(capsys):
    code, out, _ = run(capsys, "rate", NINE, "-f", "json")
    data = json.loads(out)
    rating = rate(NINE)
    assert code == 0
    assert data["hodoku_level"] == rating.hodoku_level and data["score"] == rating.score
    assert data["techniques"] == dict(rating.counts) and "steps" not in data
    assert data["se"]["er"] == rating.se.er and data["se"]["ed"] == rating.se.ed
    assert data["guesses"] == rating.guesses
    _, out, _ = run(capsys, "rate", NINE, "-f", "json", "--steps")
    assert len(json.loads(out)["steps"]) == len(rating.steps)


@pytest.mark.heavy
def test_rate_a_set_with_workers_and_a_tally(capsys):
    code, alone, err = run(capsys, "rate", "hardest")
    _, pooled, _ = run(capsys, "rate", "hardest", "--workers", "2")
    assert code == 0 and pooled == alone
    assert len(alone.splitlines()) == len(datasets.load("hardest"))
    levels = [rate(p).hodoku_level for p in datasets.load("hardest")]
    match = re.fullmatch(r"11 puzzles: (.*), 0 not rated; [\d.]+ s\n", err)
    assert match
    for level in set(levels):
        assert f"{level} {levels.count(level)}" in match.group(1)


def test_rate_reports_a_puzzle_it_cannot_rate_and_goes_on(capsys, tmp_path):
    file = tmp_path / "p.txt"
    file.write_text(f"12..34..........\n{UNIQUE_4}\n", encoding="utf-8")
    code, out, err = run(capsys, "rate", str(file))
    first, second = out.splitlines()
    assert code == 1
    assert first.startswith("12..34..........  not rated:") and "several solutions" in first
    assert second.startswith(UNIQUE_4) and "1 not rated" in err
    _, out, _ = run(capsys, "rate", str(file), "-f", "json")
    assert "error" in json.loads(out.splitlines()[0])


def test_hint_json(capsys):
    code, out, _ = run(capsys, "hint", NINE, "-f", "json")
    data = json.loads(out)
    step = hint(NINE)
    assert code == 0 and data["technique"] == step.technique
    assert len(data["placements"]) == len(step.placements)
    assert data["hint"] == run(capsys, "hint", NINE)[1].strip()
    _, out, _ = run(capsys, "hint", "4132231412433421", "-f", "json")
    assert json.loads(out)["hint"] is None


def test_hint_names_clashing_cells(capsys):
    code, out, _ = run(capsys, "hint", "4" + NINE[1:9] + "4" + NINE[10:])
    assert code == 1 and out == "no hint: r1c1 and r2c1 hold the same digit\n"


def test_hint_says_a_wrong_digit_left_no_solution(capsys):
    solution = Puzzle.parse("4132231412433421")
    wrong = Puzzle.parse(UNIQUE_4).with_digit(2, 2, 1)  # the solution has 4 at r3c3
    assert solution.cells[10] == 4 and not wrong.conflicts()
    code, out, _ = run(capsys, "hint", wrong.to_line())
    assert code == 1 and out == "no hint: no solution is left: the digit at r3c3 is wrong\n"
    _, out, _ = run(capsys, "hint", wrong.to_line(), "-f", "json")
    assert json.loads(out)["error"].endswith("r3c3 is wrong")


@pytest.mark.parametrize("k", range(10))
def test_every_suspect_is_a_cell_whose_removal_leaves_a_solution(k):
    puzzle = datasets.load("easy50")[k]
    from sudoku_models import solve

    solution = solve(puzzle).solution
    r, c = divmod(puzzle.cells.index(0), 9)
    wrong = next(
        puzzle.with_digit(r, c, d)
        for d in range(1, 10)
        if d != solution[r, c] and not puzzle.with_digit(r, c, d).conflicts()
    )
    message = mistake(wrong)
    assert message is not None and "no solution is left" in message
    assert f"r{r + 1}c{c + 1}" in message  # the digit placed is always among the suspects


def test_rate_progress_bar_never_cuts_into_the_ratings(monkeypatch):
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", screen)
    assert main(["rate", "hardest", "--progress"]) == 0
    shown = [line.rsplit("\r", 1)[-1] for line in screen.getvalue().split("\n")]
    ratings = [line for line in shown if "QQWing" in line]
    assert len(ratings) == len(datasets.load("hardest"))
    for line in ratings:
        assert re.fullmatch(
            r"[1-9.]{81}  QQWing \w+, HoDoKu \w+ \(score (\d+|unknown: [^)]+)\)"
            r", SE ER [^,;]+, EP [^,;]+, ED [^,;(]+( \(unknown: [^)]+\))?"
            r"(, hardest: .+|; beyond the grader's techniques: .+)",
            line,
        )
    assert "100%" in screen.getvalue()
