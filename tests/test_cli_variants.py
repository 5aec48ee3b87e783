"""The command line with variants: f-puzzles links and JSON, global-rule flags, count and
candidates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudoku_models as sm
from sudoku_models import fpuzzles
from sudoku_models.cli import main
from sudoku_models.fpuzzles.lz import compress_to_base64
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = {p["id"]: p for p in map(json.loads, SAMPLE.read_text().splitlines())}
SIX = PUZZLES["6x6-extreme-killer"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_reads_a_link(capsys: pytest.CaptureFixture[str]) -> None:
    link = fpuzzles.LINK_PREFIX + SIX["fpuzzles_lz"]
    code, out, _ = run(capsys, "solve", link, "-b", "sat", "-f", "line")
    assert code == 0
    assert out.split() == [SIX["solution"], "unique"]


def test_solve_reads_a_json_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "puzzle.json"
    path.write_text(json.dumps(SIX["fpuzzles"]))
    code, out, _ = run(capsys, "solve", str(path), "-b", "cpsat", "-f", "line")
    assert code == 0 and out.split()[0] == SIX["solution"]


def test_count_with_flags(capsys: pytest.CaptureFixture[str]) -> None:
    empty = "." * 16
    model = Model.from_puzzle(Puzzle.parse(empty), variants=[Diagonal(True), Diagonal(False)])
    want = sm.count_solutions(model, backend="sat")
    code, out, _ = run(capsys, "count", empty, "--diagonal")
    assert code == 0 and out.strip() == str(want)
    code, out, _ = run(capsys, "count", empty, "--limit", "5")
    assert out.strip() == "5"
    code, out, _ = run(capsys, "count", empty, "--anti-king")
    assert code == 1 and out.strip() == "0"


def test_flags_add_rules_to_a_link(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "count", SIX["fpuzzles_lz"], "--anti-knight")
    solution = SIX["solution"]
    knight_ok = all(
        solution[r * 6 + c] != solution[(r + dr) * 6 + c + dc]
        for r in range(6)
        for c in range(6)
        for dr, dc in ((1, 2), (1, -2), (2, 1), (2, -1))
        if 0 <= r + dr < 6 and 0 <= c + dc < 6
    )
    assert out.strip() == ("1" if knight_ok else "0")


def test_jigsaw_flag(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "." * 16, "--jigsaw", "1112 1222 3334 3444")
    assert code == 0 and int(out) > 0
    code, _, err = run(capsys, "count", "." * 16, "--jigsaw", "1112122233343344")
    assert code == 2 and "region 3 has 5 cells" in err
    code, _, err = run(capsys, "count", "." * 16, "--jigsaw", "111")
    assert code == 2 and "needs 16 symbols" in err


def test_candidates(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "candidates", ".1.....4........")
    assert code == 0
    assert out.splitlines()[0].split() == ["4", "1", "23", "23"]
    code, out, _ = run(capsys, "candidates", ".1.....4........", "-f", "json", "-l", "2")
    data = json.loads(out)
    assert data["complete"] and data["candidates"][2] == {"2": 2, "3": 2}
    code, out, _ = run(capsys, "candidates", "11..............")
    assert code == 1


def test_windoku_and_disjoint_flags(capsys: pytest.CaptureFixture[str]) -> None:
    nine = "." * 81
    code, out, _ = run(capsys, "count", nine, "--windoku", "--disjoint-groups", "-l", "1")
    assert code == 0 and out.strip() == "1"


def test_unknown_key_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    data = {"size": 4, "grid": [[{}] * 4] * 4, "doublearrow": []}
    code, _, err = run(capsys, "solve", json.dumps(data))
    assert code == 2 and "doublearrow" in err


E4 = [[{}] * 4 for _ in range(4)]


def error_line(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The one error line of a command refused as bad input (exit 2), no traceback."""
    code, out, err = run(capsys, *argv)
    assert code == 2, (code, out, err)
    assert len(err.strip().splitlines()) == 1 and err.startswith("sudoku-models: error: "), err
    assert "Traceback" not in err
    return err


def test_a_flag_written_as_1_counts_with_its_rule(capsys: pytest.CaptureFixture[str]) -> None:
    for on in (True, 1, "true"):
        _, out, _ = run(capsys, "count", json.dumps({"size": 4, "grid": E4, "diagonal+": on}))
        assert out.strip() == "48"  # 288 when the flag was dropped
    bad = json.dumps({"size": 4, "grid": E4, "diagonal+": {}})
    assert "'diagonal+': expected true or false" in error_line(capsys, "count", bad)


@pytest.mark.parametrize(
    ("keys", "words"),
    [
        ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "0"}]}, "'ratio' entry 1"),
        ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "0"}]}, "'difference' entry 1"),
        ({"difference": [{"cells": ["R1C1", "R1C2"], "value": "-3"}]}, "value -3 is outside"),
        ({"littlekillersum": [{"cell": "R2C2", "direction": "DR", "value": "5"}]}, "inside"),
        ({"grid": ["abcd", "efgh", "ijkl", "mnop"]}, "'grid' must be 4 rows"),
        ({"grid": [1, 2, 3, 4]}, "'grid' must be 4 rows"),
        ({"grid": [[{"region": [0]}, {}, {}, {}], *E4[1:]]}, "region a list"),
        ({"grid": [[{"region": "a"}, {}, {}, {}], *E4[1:]]}, "region 'a'"),
    ],
)
def test_malformed_f_puzzles_values_are_bad_input(capsys, keys: dict, words: str) -> None:
    # Each was once solved as another puzzle, or ended in a traceback with exit code 1.
    assert words in error_line(capsys, "count", json.dumps({"size": 4, "grid": E4, **keys}))


def test_deeply_nested_json_is_bad_input(capsys, tmp_path: Path) -> None:
    deep = '{"size": 4, "grid": ' + "[" * 5000 + "]" * 5000 + "}"
    assert "nested too deeply" in error_line(capsys, "solve", deep)
    path = tmp_path / "deep.json"
    path.write_text('{"size": 4, "grid": ' + "[" * 200_000 + "]" * 200_000 + "}")
    assert "nested too deeply" in error_line(capsys, "solve", str(path))


def test_overlong_compressed_text_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert "too long" in error_line(capsys, "solve", "N4Ig" + "A" * fpuzzles.MAX_COMPRESSED)


def test_compressed_text_with_another_start_is_read_or_named(capsys) -> None:
    data = {"size": 4, "grid": E4, "diagonal+": True}
    packed = compress_to_base64(json.dumps(data, indent=1))
    assert not packed.startswith("N4Ig")
    code, out, _ = run(capsys, "count", packed)
    assert code == 0 and out.strip() == "48"
    err = error_line(capsys, "count", packed[:20] + packed[30:])
    assert "looks like the compressed text" in err
    # A plain puzzle written with digits alone is no compressed text.
    code, out, _ = run(capsys, "count", "1234341221434321")
    assert code == 0 and out.strip() == "1"


def test_an_internal_error_is_one_line_and_never_exit_1(capsys, monkeypatch) -> None:
    def broken(source: object) -> None:
        raise TypeError("a bug")

    monkeypatch.setattr(fpuzzles, "read", broken)
    code, out, err = run(capsys, "solve", json.dumps({"size": 4, "grid": E4}))
    assert code == 3 and out == ""
    assert err == "sudoku-models: internal error: TypeError: a bug\n"


def test_f_puzzles_input_on_standard_input(capsys, monkeypatch) -> None:
    import io
    import sys

    data = {"size": 4, "grid": E4, "diagonal+": True}
    for text in (json.dumps(data), fpuzzles.to_link(fpuzzles.read(data)) + "\n"):
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
        code, out, _ = run(capsys, "count")
        assert code == 0 and out.strip() == "48"
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(data | {"ratio": [{}]})))
    assert "'ratio' entry 1: the entry has no 'cells'" in error_line(capsys, "count", "-")
