"""Reading a command's puzzles from a file: one grid over several lines, or one puzzle a line."""

from __future__ import annotations

import io
import sys

import pytest

from sudoku_models import datasets, fpuzzles
from sudoku_models.cli import main
from sudoku_models.cli.inputs import read_puzzles
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.generator import generate


def _rows_16(puzzle):
    line = puzzle.to_line()
    return [line[16 * r : 16 * r + 16] for r in range(16)]


def test_a_16x16_grid_with_a_bad_symbol_reports_it(tmp_path):
    rows = _rows_16(generate(seed=1, box=(4, 4), min_clues=150).puzzle)
    rows[-1] = rows[-1][:-1] + "Z"
    path = tmp_path / "grid16.txt"
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    read = []
    with pytest.raises(InvalidPuzzleError, match=r"grid16.txt: .*'Z'.*row 16, column 16"):
        read.extend(read_puzzles(str(path)))
    assert read == []  # no 4x4 puzzle was read on the way


def test_sixteen_4x4_lines_stay_puzzles_with_box_2x2(tmp_path):
    lines = [generate(seed=s, box=(2, 2)).puzzle.to_line() for s in range(16)]
    lines[-1] = lines[-1][:-1] + "Z"
    path = tmp_path / "small.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    # Read as sixteen 4x4 puzzles, the bad symbol is puzzle 16's, and nothing is handed on
    # before the whole file is read.
    read = []
    with pytest.raises(InvalidPuzzleError, match="puzzle 16"):
        read.extend(read_puzzles(str(path), box=(2, 2)))
    assert read == []


def test_a_file_with_a_byte_order_mark(tmp_path):
    g = generate(seed=2)
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff".encode() + g.puzzle.to_line().encode() + b"\n")
    assert list(read_puzzles(str(path))) == [g.puzzle]


LINE_9 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _main(capsys, monkeypatch, stdin: str, *argv: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("\x05" + "0" * 80 + "\n", r"unknown symbol '\x05' (row 1, column 1)"),  # once a given 5
        ("\0" * 100, r"unknown symbol '\x00' (row 1, column 1)"),  # once an empty 10x10
        (LINE_9[:50] + "\x1f" + LINE_9[51:], "(row 6, column 6)"),
    ],
)
def test_control_characters_on_standard_input_are_bad_input(capsys, monkeypatch, text, message):
    code, out, err = _main(capsys, monkeypatch, text, "solve")
    assert code == 2 and out == ""
    assert err.startswith("sudoku-models: error: standard input: ") and message in err
    assert len(err.splitlines()) == 1


def test_notes_after_puzzles_in_a_file_are_ignored(tmp_path):
    puzzles = [generate(seed=s).puzzle for s in (3, 4, 5)]
    lines = [
        "# a list as forums publish them",
        f"{puzzles[0].to_line()} # from the forum",
        f"{puzzles[1].to_line()}  12.3",
        f"{puzzles[2].to_line()}\tER 9.0/9.0/8.7",
    ]
    path = tmp_path / "rated.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert read_puzzles(str(path)) == puzzles
    assert list(datasets.iter_puzzles(path)) == puzzles


def test_a_note_never_hides_a_bad_puzzle_in_a_file(tmp_path):
    line = LINE_9[:-1] + "x"
    path = tmp_path / "bad.txt"
    path.write_text(f"{LINE_9} 1.2\n{line} # the last cell is wrong\n", encoding="utf-8")
    with pytest.raises(InvalidPuzzleError, match=r"puzzle 2: .*'x'.*row 9, column 9"):
        read_puzzles(str(path))
    with pytest.raises(InvalidPuzzleError, match=r"line 2: .*'x'.*row 9, column 9"):
        list(datasets.iter_puzzles(path))


@pytest.mark.parametrize("command", ["rate", "hint"])
def test_f_puzzles_input_to_a_plain_command_is_read(capsys, monkeypatch, command):
    """rate and hint read f-puzzles input as solve does, compressed text of any start too."""
    link = "https://www.f-puzzles.com/?load=N4IgzglgXgpiBcBOANCALhNA"
    code, out, err = _main(capsys, monkeypatch, "", command, link)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and "not an f-puzzles link or text" in err
    packed = (  # an f-puzzles object written with indentation, so not starting N4Ig
        "N4KABARAzglgXgUwgLjAFgDTggcwE4wAmKYA2uGRWMAL5ZgO32N1W0UC6z5D1rvTNvxaduQ5nwmCBNURR4spwy"
        "UM7gu2QjACGOAPYA7bQBsA1CQAueAK4IQNIA=="
    )
    same = fpuzzles.to_link(fpuzzles.read(packed))  # the same puzzle as a usual link
    assert fpuzzles.read(packed).variants  # it has rules: the logical solver reads them
    assert _main(capsys, monkeypatch, "", command, packed) == _main(
        capsys, monkeypatch, "", command, same
    )


@pytest.mark.parametrize(
    "command",
    ["read", "solve", "count", "check", "why", "candidates", "steps", "trace", "rate", "hint"],
)
def test_every_command_says_a_missing_file_is_missing(capsys, tmp_path, monkeypatch, command):
    monkeypatch.chdir(tmp_path)
    assert main([command, "nosuchfile.txt"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "no such file" in err


def test_read_takes_a_file_and_standard_input_alike(capsys, tmp_path, monkeypatch):
    path = tmp_path / "one.txt"
    path.write_text(".1.....4....34..\n", encoding="utf-8")
    assert main(["read", str(path), "-f", "json"]) == 0
    from_file = capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.StringIO(".1.....4....34..\n"))
    assert main(["read", "-", "-f", "json"]) == 0
    assert capsys.readouterr().out == from_file
