"""The candidate grid: pencil marks follow the givens and every placement."""

from __future__ import annotations

import random

import pytest

from sudoku_models import InvalidPuzzleError, Puzzle, datasets
from sudoku_models.board import Board
from sudoku_models.grading import CandidateGrid
from sudoku_models.grading.candidates import bit, check_givens, digits_of, geometry, unit_places


def test_digit_bits_round_trip():
    assert digits_of(bit(1) | bit(5) | bit(16)) == [1, 5, 16]
    assert digits_of(0) == []


@pytest.mark.parametrize("puzzle", datasets.load("sizes")[:5] + datasets.load("top95")[:3])
def test_candidates_are_the_digits_no_peer_holds(puzzle):
    grid = CandidateGrid.from_puzzle(puzzle)
    board = puzzle.board
    for i, d in enumerate(puzzle.cells):
        if d:
            assert grid.candidates(i) == []
        else:
            seen = {puzzle.cells[p] for p in board.peers[i]}
            assert grid.candidates(i) == [x for x in range(1, board.n + 1) if x not in seen]


def test_place_strikes_the_digit_from_peers_only():
    puzzle = Puzzle.empty()
    grid = CandidateGrid.from_puzzle(puzzle)
    before = grid.copy()
    grid.place(0, 5)
    peers = set(puzzle.board.peers[0])
    for i in range(1, 81):
        assert (5 in grid.candidates(i)) == (i not in peers)
    assert grid.values[0] == 5 and grid.candidates(0) == []
    assert before.values[0] == 0 and 5 in before.candidates(1)


def test_broken_and_solved_states():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(".1.....4....34.."))
    assert not grid.is_broken() and not grid.is_solved()
    for d in grid.candidates(0):
        grid.eliminate(0, d)
    assert grid.is_broken()


def test_geometry_names_and_sight():
    geo = geometry(Puzzle.empty().board)
    assert geo.cell_name(80) == "r9c9"
    assert [geo.unit_name(u) for u in (0, 9, 26)] == ["row 1", "column 1", "box 9"]
    assert geo.sees(0, 80) is False and geo.sees(0, 10) is True
    assert geo.common_peers([0, 80]) == {8, 72}
    assert geometry(Puzzle.empty((4, 4)).board).digit_name(16) == "16"


def test_clashing_givens_are_rejected():
    with pytest.raises(InvalidPuzzleError, match="clash"):
        check_givens(Puzzle.parse("11" + "." * 79))


def test_html_shows_digits_and_pencil_marks():
    grid = CandidateGrid.from_puzzle(Puzzle.parse(".1.....4....34.."))
    html = grid._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 4
    # r1c1 keeps candidates 2 and 4 only: its pencil-mark block shows those two digits.
    first_cell = html.split("<td", 2)[1]
    marks = [d for d in "1234" if f">{d}</span>" in first_cell]
    assert marks == ["2", "4"]


@pytest.mark.parametrize("puzzle", datasets.load("sizes")[:5] + datasets.load("top95")[:2])
def test_unit_places_follow_every_change_of_the_grid(puzzle):
    # shared per candidate position: a changed grid must never see the old position's table
    grid = CandidateGrid.from_puzzle(puzzle)
    geo = grid.geo

    def expected() -> list[list[int]]:
        return [
            [0]
            + [
                sum(1 << k for k, i in enumerate(unit) if grid.masks[i] & bit(d))
                for d in range(1, geo.n + 1)
            ]
            for unit in geo.units
        ]

    assert unit_places(grid) == expected()
    i = next(c for c in grid.empty_cells() if grid.masks[c].bit_count() >= 2)
    grid.eliminate(i, digits_of(grid.masks[i])[0])
    assert unit_places(grid) == expected()
    grid.place(i, digits_of(grid.masks[i])[0])
    assert unit_places(grid) == expected()


@pytest.mark.parametrize("n", [4, 8, 9, 16, 25, 35])
def test_unit_places_on_any_candidates_of_every_field_width(n):
    # the table packs each digit's places into 8-, 16-, 32- or 64-bit fields by board size
    rng = random.Random(n)
    geo = geometry(Board.for_digits(n))
    grid = CandidateGrid(geo, [0] * n * n, [rng.getrandbits(n) for _ in range(n * n)])
    want = [
        [
            sum(1 << k for k, i in enumerate(unit) if grid.masks[i] >> (d - 1) & 1) if d else 0
            for d in range(n + 1)
        ]
        for unit in geo.units
    ]
    assert unit_places(grid) == want
