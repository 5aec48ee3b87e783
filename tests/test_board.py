"""Board shapes: sizes, the default split for a number of digits, units and peers."""

from __future__ import annotations

import random

import pytest

from sudoku_models.board import MAX_DIGITS, SYMBOLS, Board, clashing_pairs
from sudoku_models.errors import InvalidPuzzleError

#: (box_rows, box_cols) for every side the package names: 4, 6, 8, 9, 12, 16, 25.
SHAPES = [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)]


@pytest.mark.parametrize(("r", "c"), SHAPES)
def test_sizes(r, c):
    board = Board(r, c)
    assert board.n == r * c
    assert board.size == (r * c) ** 2
    assert len(board.rows) == len(board.cols) == len(board.boxes) == board.n
    assert board.units == board.rows + board.cols + board.boxes


@pytest.mark.parametrize(
    ("n", "shape"),
    [
        (4, (2, 2)),
        (6, (2, 3)),
        (8, (2, 4)),
        (9, (3, 3)),
        (12, (3, 4)),
        (16, (4, 4)),
        (25, (5, 5)),
        (10, (2, 5)),
        (18, (3, 6)),
        (35, (5, 7)),
    ],
)
def test_for_digits_picks_the_most_square_split(n, shape):
    board = Board.for_digits(n)
    assert (board.box_rows, board.box_cols) == shape
    assert board.box_rows <= board.box_cols


@pytest.mark.parametrize("n", [-1, 0, 1, 2, 3, 5, 7, 11, 13, 36, 49, 100])
def test_for_digits_rejects_unsupported_sides(n):
    with pytest.raises(InvalidPuzzleError):
        Board.for_digits(n)


@pytest.mark.parametrize(
    ("r", "c"), [(0, 3), (3, 0), (-2, -2), (1, 1), (1, 3), (6, 6), (2.0, 2), ("3", "3"), (None, 3)]
)
def test_unsupported_box_shapes_raise(r, c):
    with pytest.raises(InvalidPuzzleError):
        Board(r, c)


def test_boards_are_values():
    assert Board(3, 3) == Board.for_digits(9)
    assert hash(Board(2, 3)) == hash(Board(2, 3))
    assert Board(2, 3) != Board(3, 2)
    with pytest.raises(AttributeError):
        Board(3, 3).box_rows = 2  # type: ignore[misc]


@pytest.mark.parametrize(("r", "c"), [*SHAPES, (3, 2), (4, 2), (4, 3)])
def test_units_are_rows_columns_and_boxes(r, c):
    board = Board(r, c)
    n = board.n
    for k, row in enumerate(board.rows):
        assert row == tuple(board.cell(k, col) for col in range(n))
    for k, col in enumerate(board.cols):
        assert col == tuple(board.cell(row, k) for row in range(n))
    for box in board.boxes:
        coords = [board.row_col(i) for i in box]
        assert len({row // r for row, _ in coords}) == 1
        assert len({col // c for _, col in coords}) == 1
        assert len({row for row, _ in coords}) == r
        assert len({col for _, col in coords}) == c
        assert list(box) == sorted(box)  # reading order inside a box
    firsts = [box[0] for box in board.boxes]
    assert firsts == sorted(firsts)  # reading order of boxes


@pytest.mark.parametrize(("r", "c"), [*SHAPES, (3, 2), (4, 2)])
def test_each_cell_lies_in_exactly_three_units(r, c):
    board = Board(r, c)
    for i in range(board.size):
        assert sum(i in unit for unit in board.units) == 3
    for unit in board.units:
        assert len(unit) == len(set(unit)) == board.n


@pytest.mark.parametrize(("r", "c"), [*SHAPES, (3, 2), (4, 2)])
def test_peers(r, c):
    board = Board(r, c)
    n = board.n
    expected_count = 2 * (n - 1) + (r - 1) * (c - 1)
    for i in range(board.size):
        peers = board.peers[i]
        assert len(peers) == expected_count
        assert i not in peers
        assert list(peers) == sorted(peers)
        ri, ci = board.row_col(i)
        by_rule = {
            j
            for j in range(board.size)
            if j != i
            and (
                board.row_col(j)[0] == ri
                or board.row_col(j)[1] == ci
                or board.box_of(*board.row_col(j)) == board.box_of(ri, ci)
            )
        }
        assert set(peers) == by_rule
    # symmetric
    for i in range(board.size):
        for j in board.peers[i]:
            assert i in board.peers[j]


@pytest.mark.parametrize(("r", "c"), [*SHAPES, (3, 2), (4, 2)])
def test_cell_row_col_and_box_of_agree_with_the_tables(r, c):
    board = Board(r, c)
    for i in range(board.size):
        row, col = board.row_col(i)
        assert board.cell(row, col) == i
        assert i in board.rows[row]
        assert i in board.cols[col]
        assert i in board.boxes[board.box_of(row, col)]


def test_tables_are_shared_between_equal_boards():
    assert Board(3, 3).peers is Board(3, 3).peers
    assert Board(3, 3).units is Board.for_digits(9).units


def test_symbols():
    board = Board(5, 5)
    assert board.symbol(0) == "."
    assert [board.symbol(d) for d in range(1, 10)] == list("123456789")
    assert board.symbol(10) == "A" and board.symbol(25) == "P"
    assert len(SYMBOLS) == MAX_DIGITS + 1


def test_clashing_pairs():
    board = Board(2, 2)
    cells = [1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 2]
    assert clashing_pairs(board.units, cells) == [(0, 2), (0, 8)]
    assert clashing_pairs(board.units, [0] * 16) == []
    # a pair found in two groups is listed once
    assert clashing_pairs([(0, 1), (0, 1, 2)], [3, 3, 0]) == [(0, 1)]


def _unit_repeats(oracle, box, cells):
    """Whether some unit repeats a digit, from the oracle's own units."""
    for unit in oracle.units(*box):
        digits = [cells[i] for i in unit if cells[i]]
        if len(set(digits)) != len(digits):
            return True
    return False


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (4, 5), (5, 5)])
def test_clashes_agree_with_a_scan_of_every_unit(oracle, box):
    # Boards up to 16x16 check all units in one sum, larger ones pair by pair: both must name
    # the same pairs as the plain scan, with or without blanks, one clash or many.
    board = Board(*box)
    n = board.n
    rng = random.Random(str(box))
    for k in range(40):
        cells = oracle.random_grid(*box, rng)
        keep = rng.choice([0.0, 0.3, 0.7, 1.0])
        cells = [d if rng.random() < keep else 0 for d in cells]
        for _ in range(k % 4):  # k % 4 digits written over anything, which may clash
            cells[rng.randrange(n * n)] = rng.randint(1, n)
        expected = clashing_pairs(oracle.units(*box), cells)
        assert board.clashes(cells) == expected
        assert bool(expected) == _unit_repeats(oracle, box, cells)
    # the largest carries: every cell holding the same digit, the highest or the lowest
    for d in (1, n):
        assert board.clashes([d] * (n * n)) == clashing_pairs(board.units, [d] * (n * n))
    assert board.clashes([0] * (n * n)) == []


@pytest.mark.parametrize("shape", [(True, 4), (3, 3.0), ("3", 3)])
def test_box_sides_must_be_plain_ints(shape):
    with pytest.raises(InvalidPuzzleError):
        Board(*shape)
