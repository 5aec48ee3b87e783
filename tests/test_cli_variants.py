"""The command line with variants: f-puzzles links and JSON, global-rule flags, count and
candidates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sudoku_models as sm
from sudoku_models import fpuzzles
from sudoku_models.cli import count as count_command
from sudoku_models.cli import main
from sudoku_models.formats.lz import compress_to_base64
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


def test_a_jigsaw_as_grid_and_region_lines_in_a_text_file_is_one_puzzle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    regions = "1112122233343444"
    code, flagged, _ = run(capsys, "count", "1" + "." * 15, "--jigsaw", regions)
    assert code == 0 and int(flagged) > 1
    for layout in (regions, regions.translate(str.maketrans("1234", "ABCD"))):
        path = tmp_path / "jigsaw.txt"
        path.write_text("1" + "." * 15 + "\n" + layout + "\n")
        code, out, _ = run(capsys, "count", str(path))
        assert code == 0 and out == flagged  # one count, not one per line


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


@pytest.mark.parametrize("slip", [lambda: min([]), lambda: [][1], lambda: int("x")])
def test_an_internal_error_is_one_line_and_never_exit_1(capsys, monkeypatch, slip) -> None:
    def broken(args: object) -> int:
        slip()
        return 0

    monkeypatch.setattr(count_command, "run", broken)
    code, out, err = run(capsys, "count", json.dumps({"size": 4, "grid": E4}))
    assert code == 3 and out == ""
    assert err.startswith("sudoku-models: internal error (") and err.count("\n") == 1
    assert err.endswith(
        "a bug in sudoku-models: please report it with the command and the puzzle\n"
    )


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


# --- the rules in the output: the drawing and the text grid ---------------------------------------


def _walls_and_floors(text: str, n: int) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The region borders a text grid shows: ``(r, c)`` in walls when a ``|`` stands between
    cells ``(r, c - 1)`` and ``(r, c)``, in floors when a ``-`` stands between ``(r - 1, c)``
    and ``(r, c)``."""
    lines = text.splitlines()
    rows = [k for k, line in enumerate(lines) if any(ch.isdigit() or ch == "." for ch in line)]
    assert len(rows) == n
    walls, floors = set(), set()
    for r, k in enumerate(rows):
        line = lines[k]
        columns = [i for i, ch in enumerate(line) if ch.isdigit() or ch == "."]
        assert len(columns) == n
        for c in range(1, n):
            if "|" in line[columns[c - 1] : columns[c]]:
                walls.add((r, c))
        if r and rows[r - 1] != k - 1:  # a border line stands above this row
            above = lines[k - 1].ljust(len(line))
            floors |= {(r, c) for c in range(n) if above[columns[c]] == "-"}
    return walls, floors


def test_the_text_grid_of_a_jigsaw_draws_its_regions(capsys: pytest.CaptureFixture[str]) -> None:
    symbols = "AAAB CABB CCDB CDDD"
    code, out, _ = run(capsys, "solve", "." * 16, "--jigsaw", symbols)
    assert code == 0
    region = "".join(symbols.split())
    first = out.split("Solution 1:\n")[1].split("Solution 2:")[0]
    walls, floors = _walls_and_floors(first.strip("\n"), 4)
    expected_walls = {
        (r, c) for r in range(4) for c in range(1, 4) if region[4 * r + c - 1] != region[4 * r + c]
    }
    expected_floors = {
        (r, c) for r in range(1, 4) for c in range(4) if region[4 * r + c - 4] != region[4 * r + c]
    }
    assert walls == expected_walls and floors == expected_floors
    assert (0, 2) not in walls  # where a box border would be, the region goes on


def test_the_text_grid_of_a_nine_by_nine_jigsaw_is_not_a_box_grid(
    capsys: pytest.CaptureFixture[str],
) -> None:
    link = fpuzzles.LINK_PREFIX + PUZZLES["irregular-7x7-kropki"]["fpuzzles_lz"]
    model = fpuzzles.read(link)
    code, out, _ = run(capsys, "solve", link)
    assert code == 0
    grid = out.split("Solution:\n")[1].split("\nNot shown")[0]
    walls, floors = _walls_and_floors(grid, 7)
    (jigsaw,) = [rule for rule in model.variants if rule.replaces_boxes]
    region = {cell: k for k, cells in enumerate(jigsaw.regions) for cell in cells}
    assert walls == {
        (r, c) for r in range(7) for c in range(1, 7) if region[r, c - 1] != region[r, c]
    }
    assert floors == {
        (r, c) for r in range(1, 7) for c in range(7) if region[r - 1, c] != region[r, c]
    }
    assert "Not shown in text (the SVG drawing shows them): white dot (8), black dot (7)" in out


def test_the_text_form_lists_cages_and_names_what_it_cannot_show(
    capsys: pytest.CaptureFixture[str],
) -> None:
    link = fpuzzles.LINK_PREFIX + SIX["fpuzzles_lz"]
    code, out, _ = run(capsys, "solve", link)
    assert code == 0
    cages = [rule for rule in fpuzzles.read(link).variants if rule.key == "killercage"]
    assert {rule.total for rule in cages} & {None} and len({rule.total for rule in cages}) > 2
    listed = out.split("Groups of different digits (a cage with its sum):\n")[1].splitlines()
    for rule, line in zip(cages, listed, strict=False):
        cells = " ".join(f"r{r + 1}c{c + 1}" for r, c in rule.cells)
        label = "killer cage" if rule.total is None else f"killer cage {rule.total}"
        assert line == f"  {label}: {cells}"
    assert len([line for line in listed if line.startswith("  killer cage")]) == len(cages)
    (last,) = [line for line in out.splitlines() if line.startswith("Not shown")]
    assert last.startswith("Not shown in text (the SVG drawing shows them): ")
    assert "maximum" in last and "minimum" in last and "killer" not in last


def test_solve_as_svg_draws_every_rule_of_a_link(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("6x6-extreme-killer", "irregular-7x7-kropki", "xv-kropki-x", "blitz"):
        link = fpuzzles.LINK_PREFIX + PUZZLES[name]["fpuzzles_lz"]
        model = fpuzzles.read(link)
        code, out, _ = run(capsys, "solve", link, "-f", "svg")
        assert code == 0
        drawn = [part for rule in model.variants for part in rule.svg(model.board, 32)]
        assert drawn and all(part in out for part in drawn), name
        solution = [int(ch) for ch in PUZZLES[name]["solution"]]
        assert out.strip() == model.to_svg(solution)
