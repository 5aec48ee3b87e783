"""The ``generate`` subcommand: formats, output file, seeds, bounds and errors."""

from __future__ import annotations

import argparse
import io
import json
import re
import sys

import pytest

from sudoku_models import Puzzle, get_solver
from sudoku_models.cli import generate as command
from sudoku_models.generator import generate, generate_many


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


def test_the_printed_seed_makes_the_puzzle_again(capsys):
    _, out = _run(["--seed", "1", "--size", "6", "--format", "json"], capsys)
    first = json.loads(out)
    assert first["seed"] == 1 and first["minimal"] is True
    assert first["puzzle"] == generate(seed=1, box=(2, 3)).puzzle.to_line()
    _, out = _run(["--seed", "1", "--count", "3", "--size", "6", "--format", "json"], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [row["seed"] for row in rows] == [1, 2, 3] and rows[0]["puzzle"] == first["puzzle"]
    for row in rows:
        _, again = _run(["--seed", str(row["seed"]), "--size", "6"], capsys)
        assert again.strip() == row["puzzle"]


def test_grid_format_says_minimal_in_words(capsys):
    _, out = _run(["--seed", "3", "--format", "grid"], capsys)
    assert ", minimal, symmetry none, seed 3" in out
    _, out = _run(["--seed", "3", "--format", "grid", "--max-clues", "40", "--not-minimal"], capsys)
    assert "not minimal" in out


def _screen(stream: str) -> list[str]:
    """What a terminal shows of ``stream``: each line as its last carriage return left it."""
    shown = []
    for line in stream.split("\n"):
        text = ""
        for part in line.split("\r"):
            text = part + text[len(part) :]
        shown.append(text.rstrip())
    return [line for line in shown if line]


def test_the_bar_never_shares_a_line_with_a_puzzle(monkeypatch, capsys):
    # On a terminal standard output and standard error share the screen.
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", screen)
    parser = argparse.ArgumentParser(prog="sudoku-models")
    command.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["generate", "-n", "25", "-s", "4", "--size", "4", "--progress"])
    assert args.run(args) == 0
    lines = _screen(screen.getvalue())
    puzzles = [line for line in lines if re.fullmatch(r"[.1-4]{16}", line)]
    bars = [line for line in lines if "generate" in line]
    assert len(puzzles) == 25 and bars
    assert len(puzzles) + len(bars) == len(lines)
    assert all(re.fullmatch(r"generate: .*\d+/25 .*", bar) for bar in bars)


def test_the_bar_shows_cells_tried_inside_one_puzzle(monkeypatch, capsys):
    from sudoku_models.generator import api

    monkeypatch.setattr(api._CellsTried, "EVERY", 0.0)
    parser = argparse.ArgumentParser(prog="sudoku-models")
    command.add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["generate", "--seed", "2", "--progress"])
    assert args.run(args) == 0
    err = capsys.readouterr().err
    assert re.search(r"generate: .* 0/1 .*cells tried [1-9]\d*/81", err)


def test_a_jigsaw_grid_shows_its_regions_not_boxes(capsys):
    from sudoku_models.generator import generate_variant

    code, out = _run(["--variant", "jigsaw", "--size", "6", "--seed", "1", "-f", "grid"], capsys)
    assert code == 0
    model = generate_variant("jigsaw", seed=1, box=(2, 3)).model
    assert out.startswith(model.to_text() + "\n")
    assert str(model.puzzle) not in out  # the box grid would draw borders that are not there
