"""``sudoku-models dataset``: each tool on small inputs, and its mistakes in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_models import datasets
from sudoku_models.api import solve
from sudoku_models.cli import EXIT_BAD_INPUT, EXIT_OK, main

PUBLIC = Path(__file__).parent / "data" / "public"


def test_canonical(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dataset", "canonical", "top95"]) == EXIT_OK
    lines = capsys.readouterr().out.split()
    assert len(lines) == 95 and len(set(lines)) == 94  # top95 holds one pair of copies


def test_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    puzzles = [p.to_line() for p in datasets.load("top95")[:3]]
    answers = [solve(p).solution.to_line() for p in puzzles]
    answers[1] = answers[1][1] + answers[1][0] + answers[1][2:]  # two cells swapped
    (tmp_path / "p.txt").write_text("\n".join(puzzles) + "\n")
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    args = ["dataset", "verify", "--puzzles", str(tmp_path / "p.txt")]
    assert main([*args, "--answers", str(tmp_path / "a.txt"), "--format", "json"]) == EXIT_OK
    report = json.loads(capsys.readouterr().out)
    assert report["summary"]["is_solution"] == 2
    assert [r["valid"] for r in report["rows"]] == [True, False, True]
    assert main([*args, "--answers", str(tmp_path / "p.txt"), "--partial"]) == EXIT_OK
    assert capsys.readouterr().out.startswith("rows 3, consistent 3, completable 3")
    (tmp_path / "short.txt").write_text(answers[0][:80] + "\n")
    assert main([*args, "--answers", str(tmp_path / "short.txt")]) == EXIT_BAD_INPUT
    assert "error" in capsys.readouterr().err


def test_build_label_trace(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    command = ["dataset", "build", "--from", "easy50", "--augment", "2", "--seed", "4"]
    assert main([*command, "--test-share", "0.2", "-o", str(out), "--format", "csv"]) == EXIT_OK
    summary = capsys.readouterr().out.splitlines()[0]
    counts = {k: int(v) for k, v in (part.split() for part in summary.split(", "))}
    assert counts["train"] + counts["test"] + counts["duplicates"] == 50
    assert counts["train_rows"] == 3 * counts["train"]
    assert (out / "train.csv").exists() and (out / "manifest.json").exists()
    assert main([*command, "-o", str(out), "--difficulty", "easy"]) == EXIT_BAD_INPUT
    capsys.readouterr()
    assert main(["dataset", "label", ".1.....4....34..", "--kinds", "search,logic"]) == EXIT_OK
    row = json.loads(capsys.readouterr().out)
    assert row["canonical"] == "12......3.....1." and row["logic_band"] == "easy"
    assert main(["dataset", "trace", ".1.....4....34.."]) == EXIT_OK
    assert json.loads(capsys.readouterr().out.splitlines()[0])["order"] == 0


def test_build_says_when_it_skips_variants(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    sample = tmp_path / "bench.json"
    records = json.loads((PUBLIC / "sudoku_bench_sample.json").read_text())
    sample.write_text(json.dumps([r for r in records if r["rows"] != 9]))
    assert main(["dataset", "build", "--from", str(sample), "-o", str(tmp_path / "o")]) == 0
    captured = capsys.readouterr()
    assert "variants_skipped 1" in captured.out
    assert "1 variant puzzles skipped" in captured.err


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--test-share", "1.5", "a share is between 0 and 1"),
        ("--test-share", "half", "not a number"),
        ("--seed", "-1", "must be at least 0"),
        ("--augment", "two", "not a whole number"),
        ("--workers", "0", "must be at least 1"),
    ],
)
def test_build_refuses_bad_numbers_in_one_line(
    option: str, value: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dataset", "build", "--from", "easy50", "-o", "out", option, value]) == (
        EXIT_BAD_INPUT
    )
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_trace_stops_at_its_time_limit(cli_peak) -> None:
    """The grader's path on an empty 25x25 grid needs minutes: -t ends it in one line, exit 1
    (no trace in time), bounded in memory."""
    code, err, grown, _ = cli_peak("dataset", "trace", "." * 625, "--engine", "grade", "-t", "1")
    assert (code, err) == (1, "sudoku-models: stopped by the time limit of 1 s\n")
    assert grown < 512
