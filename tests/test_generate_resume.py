"""``sudoku-models generate --resume``: an interrupted run carried on to the same file."""

from __future__ import annotations

import json

import pytest

from sudoku_models.cli import generate as command
from sudoku_models.cli import main
from sudoku_models.generator import generate_many


def _generate(argv):
    return main(["generate", *argv])


@pytest.fixture
def uninterrupted(tmp_path):
    """The file of an uninterrupted run of 8 4x4 puzzles from seed 40, in one process."""
    path = tmp_path / "whole.txt"
    assert _generate(["-n", "8", "-s", "40", "--size", "4", "-o", str(path)]) == 0
    return path.read_text(encoding="utf-8")


def test_uninterrupted_file_is_the_library_batch(uninterrupted):
    expected = [g.puzzle.to_line() for g in generate_many(8, seed=40, box=(2, 2))]
    assert uninterrupted.splitlines() == expected


@pytest.mark.parametrize("workers", [None, "2"])
def test_interrupted_then_resumed_equals_uninterrupted(
    tmp_path, monkeypatch, capsys, uninterrupted, workers
):
    path = tmp_path / "run.txt"
    argv = ["-n", "8", "-s", "40", "--size", "4", "-o", str(path)]
    if workers:
        argv += ["--workers", workers]
    real = command._write

    def interrupted(puzzles, fmt, out):
        def three_then_stop():
            for k, generated in enumerate(puzzles):
                if k == 3:
                    out.write("1.3.")  # a line cut short, as a kill mid-write leaves it
                    out.flush()
                    raise KeyboardInterrupt
                yield generated

        real(three_then_stop(), fmt, out)

    monkeypatch.setattr(command, "_write", interrupted)
    assert _generate(argv) == 130
    assert path.read_text(encoding="utf-8").count("\n") == 3
    monkeypatch.setattr(command, "_write", real)
    assert _generate([*argv, "--resume"]) == 0
    assert path.read_text(encoding="utf-8") == uninterrupted
    # Resuming a finished file changes nothing.
    assert _generate([*argv, "--resume"]) == 0
    assert path.read_text(encoding="utf-8") == uninterrupted
    capsys.readouterr()


def test_resume_json_checks_the_seeds(tmp_path, capsys):
    path = tmp_path / "run.jsonl"
    argv = ["-n", "5", "-s", "7", "--size", "4", "-f", "json", "-o", str(path)]
    assert _generate(["-n", "2", *argv[2:]]) == 0  # a run of 2 stands for an interrupted one
    assert _generate([*argv, "--resume"]) == 0
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [r["seed"] for r in rows] == [7, 8, 9, 10, 11]
    other = ["-n", "5", "-s", "8", "--size", "4", "-f", "json", "-o", str(path), "--resume"]
    assert _generate(other) == 2
    assert "line 1: not puzzle 1 of this run" in capsys.readouterr().err


def test_resume_needs_a_file_a_seed_and_lines(tmp_path, capsys):
    path = str(tmp_path / "x.txt")
    assert _generate(["-n", "3", "--size", "4", "-o", path, "--resume"]) == 2
    assert "--seed" in capsys.readouterr().err
    assert _generate(["-n", "3", "-s", "1", "--size", "4", "--resume"]) == 2
    assert "--output" in capsys.readouterr().err
    assert _generate(["-n", "3", "-s", "1", "-f", "grid", "-o", path, "--resume"]) == 2
    assert "one puzzle a line" in capsys.readouterr().err
    assert _generate(["-n", "3", "-s", "1", "--size", "4", "-o", path]) == 0
    assert _generate(["-n", "2", "-s", "1", "--size", "4", "-o", path, "--resume"]) == 2
    assert "more than --count" in capsys.readouterr().err
