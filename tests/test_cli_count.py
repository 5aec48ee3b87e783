"""``sudoku-models count``: the number alone, cross-checked with the oracle and other backends."""

from __future__ import annotations

import pytest

from sudoku_models.cli import main
from sudoku_models.puzzle import Puzzle

SEVERAL_4 = "12..34.........."


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("backend", ["backtracking", "sat", "cpsat"])
@pytest.mark.parametrize(
    "puzzle", [".1.....4....34..", SEVERAL_4, "1.1.............", "1" + "." * 15]
)
def test_count_is_the_number_alone(capsys, oracle, backend, puzzle):
    code, out, err = run(capsys, "count", puzzle, "-b", backend)
    expected = oracle.count(2, 2, Puzzle.parse(puzzle).cells)
    assert out == f"{expected}\n" and err == ""
    assert code == (0 if expected else 1)


def test_limit_stops_the_count(capsys):
    assert run(capsys, "count", SEVERAL_4, "--limit", "5")[1] == "5\n"
    assert run(capsys, "count", SEVERAL_4, "--limit", "500")[1] == "12\n"


def test_a_file_gives_one_number_a_line(capsys, tmp_path):
    file = tmp_path / "p.txt"
    file.write_text(f"{SEVERAL_4}\n.1.....4....34..\n", encoding="utf-8")
    assert run(capsys, "count", str(file)) == (0, "12\n1\n", "")


def test_a_timeout_prints_what_was_found_and_says_so(capsys):
    code, out, err = run(capsys, "count", "." * 81, "--time-limit", "0.2")
    assert code == 1 and int(out) >= 0
    assert err == f"sudoku-models: time limit reached; at least {int(out)} solution(s)\n"


@pytest.mark.parametrize("argv", [["--limit", "-1"], ["--limit", "x"], ["-t", "nan"]])
def test_bad_options(capsys, argv):
    code, out, err = run(capsys, "count", SEVERAL_4, *argv)
    assert code == 2 and out == "" and err.startswith("sudoku-models: error: ")
    assert len(err.splitlines()) == 1
