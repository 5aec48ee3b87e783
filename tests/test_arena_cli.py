"""The ``render`` and ``judge`` commands."""

from __future__ import annotations

import json

import pytest

from sudoku_models.cli import main
from sudoku_models.testing import NINE_BY_NINE

FOUR = ".1.....4....34.."


def _lines(capsys) -> list[dict]:
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_render_prints_the_text_form_svg_and_png(capsys, tmp_path) -> None:
    assert main(["render", FOUR, "--candidates"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("sudoku-models observation 1\n") and "r1c1: 2,4" in out
    assert main(["render", FOUR, "-f", "svg"]) == 0
    assert capsys.readouterr().out.startswith("<svg")
    target = tmp_path / "board.png"
    if main(["render", FOUR, "-f", "png", "-o", str(target)]) == 2:
        assert "pip install" in capsys.readouterr().err
        pytest.skip("cairosvg or the cairo library is missing")
    assert target.read_bytes().startswith(b"\x89PNG")


def test_judge_prints_one_object_a_move_and_a_summary(capsys, tmp_path) -> None:
    moves = tmp_path / "moves.txt"
    moves.write_text("r2c1=2\nr1c3=2\nno move here\n")
    assert main(["judge", FOUR, str(moves), "--derivable"]) == 0
    first, second, summary = _lines(capsys)
    assert first["move"] == "r2c1=2" and first["correct"] and first["derivable"]
    assert first["step"] and first["difficulty"] > 0
    assert second["legal"] and not second["correct"] and not second["completable"]
    assert summary == {
        "summary": True,
        "solved": False,
        "correct_before_error": 1,
        "moves": 2,
        "invalid": 0,
    }


def test_judge_reads_standard_input(capsys, monkeypatch) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("nothing useful"))
    assert main(["judge", FOUR, "-"]) == 0
    verdict, summary = _lines(capsys)
    assert verdict["invalid"] and summary["invalid"] == 1


def test_judge_batch_judges_every_record(capsys, tmp_path) -> None:
    batch = tmp_path / "runs.jsonl"
    records = [
        {"puzzle": FOUR, "moves": ["<ANSWER>4132231412433421</ANSWER>"]},
        {"puzzle": NINE_BY_NINE[0], "moves": ["r1c1=1", "r1c1=4"]},
        {"puzzle": "not a puzzle", "moves": []},
    ]
    batch.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    assert main(["judge", "--batch", str(batch)]) == 2  # the third record cannot be read
    lines = _lines(capsys)
    summaries = [line for line in lines if line.get("summary")]
    assert [s["record"] for s in summaries] == [1, 2]
    assert summaries[0]["solved"] and summaries[1]["correct_before_error"] == 0
    assert lines[-1]["record"] == 3 and "error" in lines[-1]


@pytest.mark.parametrize(
    "argv",
    [
        ["judge", "12x", "-"],
        ["judge", FOUR, "/no/such/moves.txt"],
        ["judge", FOUR],
        ["render", "12x"],
        ["judge", "5.5" + "." * 78, "-"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv, capsys) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("sudoku-models: error: ") and err.count("\n") == 1


def test_megabytes_of_moves_are_judged_within_the_caps(cli_peak, tmp_path) -> None:
    moves = tmp_path / "flood.txt"
    moves.write_bytes((b"r2c1=2 r1c3=2 \xff\xfe<ANSWER>" * 400_000)[:6_000_000])
    code, err, grown, _ = cli_peak("judge", FOUR, str(moves))
    assert code == 0, err
    assert grown < 300  # at most the parser's share of the text and 4,096 moves are kept


def test_an_overlong_batch_record_is_refused_and_the_next_read(
    capsys, tmp_path, monkeypatch
) -> None:
    monkeypatch.setattr("sudoku_models.cli.judge.MAX_RECORD", 100)
    batch = tmp_path / "runs.jsonl"
    long = json.dumps({"puzzle": FOUR, "moves": ["r2c1=2 " * 60]})
    batch.write_text(long + "\n" + json.dumps({"puzzle": FOUR, "moves": ["r2c1=2"]}) + "\n")
    assert main(["judge", "--batch", str(batch)]) == 2
    first, *rest = _lines(capsys)
    assert first["record"] == 1 and "longer than" in first["error"]
    assert rest[-1]["record"] == 2 and rest[-1]["correct_before_error"] == 1
