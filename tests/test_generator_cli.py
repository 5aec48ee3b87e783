"""The ``generate`` subcommand: formats, output file, seeds, bounds and errors."""

from __future__ import annotations

import argparse
import json

import pytest

from sudoku_models import Puzzle, get_solver
from sudoku_models.cli import generate as command
from sudoku_models.generator import generate_many


def _run(argv, capsys):
    parser = argparse.ArgumentParser(prog="sudoku-models")
    command.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["generate", *argv])
    code = args.run(args)
    return code, capsys.readouterr().out


def test_lines_match_the_library_and_are_unique(capsys):
    code, out = _run(["--count", "3", "--seed", "5", "--symmetry", "rot180"], capsys)
    assert code == 0
    lines = out.split()
    assert lines == [g.puzzle.to_line() for g in generate_many(3, seed=5, symmetry="rot180")]
    checker = get_solver("backtracking")
    assert all(checker.solve(line, limit=2).is_unique for line in lines)


def test_json_to_a_file(tmp_path, capsys):
    target = tmp_path / "puzzles.jsonl"
    argv = ["-n", "2", "-s", "1", "--size", "6", "--min-clues", "20", "-f", "json", "-o"]
    code, out = _run([*argv, str(target)], capsys)
    assert code == 0 and out == ""
    rows = [json.loads(line) for line in target.read_text().splitlines()]
    assert len(rows) == 2
    for row in rows:
        puzzle = Puzzle.parse(row["puzzle"], box=tuple(row["box"]))
        assert row["box"] == [2, 3] and row["clues"] == puzzle.clues >= 20
        assert Puzzle.parse(row["solution"], box=(2, 3)).is_valid_solution_of(puzzle)
        assert row["minimality"] == "none"


def test_grid_format_with_difficulty(capsys):
    code, out = _run(["--seed", "2", "--format", "grid", "--difficulty", "Simple"], capsys)
    assert code == 0
    assert "QQWing Simple" in out and "seed" in out


def test_bad_arguments(capsys):
    with pytest.raises(ValueError, match="--count must be at least 1"):
        _run(["--count", "0"], capsys)
    with pytest.raises(ValueError, match="fewer than 17 clues"):
        _run(["--max-clues", "12"], capsys)
    with pytest.raises(SystemExit):
        _run(["--symmetry", "spiral"], capsys)
