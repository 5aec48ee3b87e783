"""Reading a command's puzzles from a file: one grid over several lines, or one puzzle a line."""

from __future__ import annotations

import pytest

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
