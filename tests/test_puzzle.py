"""The Puzzle value: construction, accessors, text/dict/HTML/SVG forms, immutability."""

from __future__ import annotations

import dataclasses
import json
import random
import xml.etree.ElementTree as ET

import pytest

from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle

SVG = "{http://www.w3.org/2000/svg}"

LINE_4 = ".1.....4....34.."
GRID_4 = "4132231412433421"


@pytest.fixture
def grid_and_puzzle(oracle):
    """A random complete 9x9 grid and a puzzle made by blanking about half of it."""
    rng = random.Random(11)
    grid = oracle.random_grid(3, 3, rng)
    cells = tuple(d if rng.random() < 0.5 else 0 for d in grid)
    return Puzzle(Board(3, 3), tuple(grid)), Puzzle(Board(3, 3), cells)


def test_accessors():
    p = Puzzle.parse(LINE_4)
    assert p.n == 4 and p.board == Board(2, 2)
    assert p.clues == 4
    assert not p.is_complete and Puzzle.parse(GRID_4).is_complete
    assert p[0, 1] == 1 and p[1, 3] == 4 and p[3, 0] == 3 and p[0, 0] == 0
    assert p.rows() == [[0, 1, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0], [3, 4, 0, 0]]
    assert list(p) == p.rows()
    assert p.to_line() == LINE_4 and p.to_line("0") == LINE_4.replace(".", "0")


@pytest.mark.parametrize(("r", "c"), [(0, 4), (4, 0), (-1, 0), (0, -1), (9, 9)])
def test_cells_outside_the_board_raise(r, c):
    p = Puzzle.parse(LINE_4)
    with pytest.raises(IndexError):
        p[r, c]
    with pytest.raises(IndexError):
        p.with_digit(r, c, 1)


def test_empty():
    p = Puzzle.empty((2, 3))
    assert p.board == Board(2, 3) and p.clues == 0 and len(p.cells) == 36
    assert Puzzle.empty().n == 9


def test_construction_checks_cells():
    board = Board(2, 2)
    assert Puzzle(board, [0] * 16).cells == (0,) * 16  # a list becomes a tuple
    with pytest.raises(InvalidPuzzleError, match="16 cells"):
        Puzzle(board, (0,) * 15)
    with pytest.raises(InvalidPuzzleError, match=r"row 2, column 3"):
        Puzzle(board, (0,) * 6 + (5,) + (0,) * 9)
    with pytest.raises(InvalidPuzzleError, match=r"row 1, column 2"):
        Puzzle(board, (0, -1) + (0,) * 14)
    with pytest.raises(InvalidPuzzleError):
        Puzzle(board, (0, "1") + (0,) * 14)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "cells",
    [(0,) * 6 + (5,) + (0,) * 9, (0, True) + (0,) * 14, (0, 1.0) + (0,) * 14, (0,) * 15, [9] * 16],
)
def test_the_unchecked_constructor_is_never_reached_from_user_input(monkeypatch, cells):
    # Puzzles the package built from cells it had checked skip the second check; every public
    # way in must still check (and so refuse) bad cells, without going through that shortcut.
    trusted = []
    unchecked = Puzzle._trusted.__func__

    def spy(cls, board, checked):
        trusted.append(checked)
        return unchecked(cls, board, checked)

    monkeypatch.setattr(Puzzle, "_trusted", classmethod(spy))
    board = Board(2, 2)
    with pytest.raises(InvalidPuzzleError):
        Puzzle(board, cells)
    with pytest.raises(InvalidPuzzleError):
        Puzzle.empty((2, 2)).with_digit(0, 1, 5)
    with pytest.raises(InvalidPuzzleError):
        Puzzle.parse([list(cells[k : k + 4]) for k in range(0, len(cells), 4)])
    with pytest.raises(InvalidPuzzleError):
        Puzzle.from_dict({"box": [2, 2], "grid": [list(cells[k : k + 4]) for k in range(0, 16, 4)]})
    assert trusted == []
    # the reader's own fast path hands over only what it has checked
    assert Puzzle.parse(LINE_4).cells == trusted[-1]


def test_parse_returns_a_puzzle_as_it_is_unless_a_new_box_is_asked_for():
    p = Puzzle.parse("." * 36)
    assert Puzzle.parse(p) is p
    assert Puzzle.parse(p, box=(2, 3)) == p
    assert Puzzle.parse(p, box=(3, 2)) == Puzzle.parse(p.to_line(), box=(3, 2))
    with pytest.raises(InvalidPuzzleError):
        Puzzle.parse(p, box=(3, 3))


def test_immutable():
    p = Puzzle.parse(LINE_4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        p.cells = (0,) * 16  # type: ignore[misc]
    rows = p.rows()
    rows[0][0] = 4
    assert p[0, 0] == 0  # rows() hands out copies
    q = p.with_digit(0, 0, 4)
    assert q[0, 0] == 4 and p[0, 0] == 0 and q.clues == p.clues + 1
    assert q.with_digit(0, 0, 0) == p
    with pytest.raises(InvalidPuzzleError, match=r"row 1, column 1"):
        p.with_digit(0, 0, 5)
    assert hash(p) == hash(Puzzle.parse(LINE_4))
    assert len({p, Puzzle.parse(LINE_4), q}) == 2


def test_conflicts():
    p = Puzzle.parse("1.1.....1......1")
    # pairs: row 1 (c1, c3), column 1 (r1, r3); box 4 holds only one 1
    assert p.conflicts() == [((0, 0), (0, 2)), ((0, 0), (2, 0))]
    assert Puzzle.parse(GRID_4).conflicts() == []


def test_is_valid_solution_of(grid_and_puzzle, oracle):
    grid, puzzle = grid_and_puzzle
    assert oracle.is_grid(3, 3, grid.cells)
    assert grid.is_valid_solution_of(puzzle)
    assert grid.is_valid_solution_of(grid)
    assert not puzzle.is_valid_solution_of(puzzle)  # incomplete
    # swap two digits of a row: still complete, no longer valid
    cells = list(grid.cells)
    cells[0], cells[1] = cells[1], cells[0]
    swapped = Puzzle(grid.board, tuple(cells))
    assert not swapped.is_valid_solution_of(Puzzle.empty())
    # a valid grid that disagrees with a given
    other = next(Puzzle(grid.board, tuple(g)) for g in _relabelled(grid.cells) if g != grid.cells)
    assert other.is_valid_solution_of(Puzzle.empty())
    kept = next(i for i in range(81) if other.cells[i] != grid.cells[i])
    one_given = tuple(grid.cells[i] if i == kept else 0 for i in range(81))
    assert not other.is_valid_solution_of(Puzzle(grid.board, one_given))


def _relabelled(cells):
    """Grids made by swapping two digit labels: still valid grids."""
    for a in range(1, 10):
        for b in range(a + 1, 10):
            yield tuple(b if d == a else a if d == b else d for d in cells)


def test_a_grid_is_not_a_solution_on_another_board():
    grid = Puzzle.parse("123456456123234561561234345612612345", box=(2, 3))
    assert grid.is_valid_solution_of(Puzzle.empty((2, 3)))
    assert not grid.is_valid_solution_of(Puzzle.empty((3, 2)))


def test_to_dict_is_json_and_reads_back():
    p = Puzzle.parse("." * 35 + "6", box=(3, 2))
    data = p.to_dict()
    assert json.loads(json.dumps(data)) == data
    assert data["box"] == [3, 2] and data["line"] == p.to_line() and data["grid"] == p.rows()
    assert Puzzle.from_dict(data) == p
    assert Puzzle.from_dict({"box": (3, 2), "grid": p.to_line()}) == p


@pytest.mark.parametrize("data", [{}, {"box": [3, 3]}, {"grid": "." * 81}, {"box": 3, "grid": ""}])
def test_from_dict_needs_box_and_grid(data):
    with pytest.raises(InvalidPuzzleError):
        Puzzle.from_dict(data)


def test_str_is_the_text_grid():
    text = str(Puzzle.parse(GRID_4))
    assert text.splitlines() == ["4 1 | 3 2", "2 3 | 1 4", "----+----", "1 2 | 4 3", "3 4 | 2 1"]


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 4)])
def test_repr_evaluates_back(box):
    p = Puzzle.empty(box).with_digit(0, 0, 1)
    assert eval(repr(p), {"Puzzle": Puzzle}) == p


@pytest.mark.parametrize("box", [(2, 2), (3, 3), (4, 4), (5, 5)])
def test_svg_is_well_formed(box, oracle):
    rng = random.Random(3)
    board = Board(*box)
    grid = oracle.random_grid(*box, rng)
    givens = Puzzle(board, tuple(d if k % 3 == 0 else 0 for k, d in enumerate(grid)))
    solution = Puzzle(board, tuple(grid))
    root = ET.fromstring(solution.to_svg(givens=givens, cell_size=20))
    assert root.tag == f"{SVG}svg"
    side = board.n * 20
    assert float(root.get("width")) >= side
    texts = root.findall(f"{SVG}text")
    assert len(texts) == board.size
    assert sum(t.get("font-weight") == "bold" for t in texts) == givens.clues
    lines = root.findall(f"{SVG}line")
    assert len(lines) == 2 * (board.n + 1)
    thick = [ln for ln in lines if float(ln.get("stroke-width")) > 1]
    assert len(thick) == (board.n // box[0] + 1) + (board.n // box[1] + 1)
    # without givens every digit is a given; blanks draw nothing
    plain = ET.fromstring(givens.to_svg())
    assert len(plain.findall(f"{SVG}text")) == givens.clues


@pytest.mark.parametrize("line", [LINE_4, "." * 81, "123456789ABCDEFG" + "." * 240])
def test_repr_html_is_a_well_formed_table(line):
    p = Puzzle.parse(line)
    table = ET.fromstring(p._repr_html_())
    assert table.tag == "table"
    rows = table.findall("tr")
    assert len(rows) == p.n and all(len(tr.findall("td")) == p.n for tr in rows)
    shown = [(td.text or "") for tr in rows for td in tr.findall("td")]
    expected = [str(d) if d else "" for d in p.cells]
    assert shown == expected


def test_a_control_character_is_no_digit():
    # "\x05" was once read as a given 5.
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol '\\x05' \(row 1, column 1\)"):
        Puzzle.parse("\x05" + "." * 80)


def test_a_huge_integer_is_a_puzzle_error_naming_the_cell():
    # Writing such an integer out trips Python's limit on digits (a bare ValueError).
    with pytest.raises(InvalidPuzzleError, match=r"a 16610-bit integer is outside 0\.\.4 \(row 1"):
        Puzzle(Board(2, 2), (10**5000,) + (0,) * 15)
    with pytest.raises(InvalidPuzzleError, match=r"\(row 2, column 3\)"):
        Puzzle.empty((2, 2)).with_digit(1, 2, 10**5000)
    with pytest.raises(InvalidPuzzleError, match="unsupported board"):
        Puzzle.from_dict({"box": [10**5000, 1], "grid": "." * 16})
