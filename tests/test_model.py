"""The solver-neutral model: groups, variant groups, sum cages, clashes and solution checks."""

from __future__ import annotations

import random

import pytest

from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.model import AllDifferent, Model, SumCage
from sudoku_models.puzzle import Puzzle

DIAGONALS_9 = [[r * 9 + r for r in range(9)], [r * 9 + 8 - r for r in range(9)]]


@pytest.fixture
def grid(oracle):
    return oracle.random_grid(3, 3, random.Random(7))


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (4, 4)])
def test_classic_groups(box):
    board = Board(*box)
    model = Model.from_puzzle(Puzzle.empty(box))
    n = board.n
    assert model.n == n and model.size == n * n and model.board == board
    assert len(model.groups) == 3 * n
    assert [g.cells for g in model.groups] == list(board.units)
    names = [g.name for g in model.groups]
    assert names[0] == "row 1" and names[n] == "column 1" and names[2 * n] == "box 1"
    assert names[-1] == f"box {n}"
    assert model.is_classic and model.cages == ()
    assert model.peers() == board.peers
    assert model.full_groups() == board.units


def test_a_plain_puzzle_gives_the_model_that_empty_extras_give(grid):
    # Without extras the model is built directly; it must equal the one the general path builds.
    puzzle = Puzzle(Board(3, 3), tuple(d if k % 3 else 0 for k, d in enumerate(grid)))
    plain = Model.from_puzzle(puzzle)
    general = Model.from_puzzle(puzzle, extra_groups=[], cages=[], constraints=[], variants=[])
    assert plain == general and plain.variants == general.variants == ()
    assert plain.groups is general.groups and plain.is_classic
    assert plain.givens == puzzle.cells and plain.puzzle == puzzle


def test_from_puzzle_accepts_every_puzzle_form():
    line = ".1.....4....34.."
    assert Model.from_puzzle(line) == Model.from_puzzle(Puzzle.parse(line))
    assert Model.from_puzzle(line).givens == Puzzle.parse(line).cells
    assert Model.from_puzzle(line).puzzle == Puzzle.parse(line)


def test_extra_groups_make_a_variant():
    model = Model.from_puzzle(Puzzle.empty(), extra_groups=DIAGONALS_9)
    assert not model.is_classic
    assert len(model.groups) == 29
    assert model.groups[-2] == AllDifferent(tuple(DIAGONALS_9[0]), "extra 1")
    assert model.groups[-1].name == "extra 2"
    assert len(model.full_groups()) == 29
    peers = model.peers()
    # the centre lies on both diagonals: 20 classic peers, plus 16 diagonal cells minus the
    # 4 of them already in its box
    assert len(peers[40]) == 20 + 16 - 4
    assert len(peers[1]) == 20  # not on a diagonal
    for i in range(81):
        assert set(Board(3, 3).peers[i]) <= set(peers[i])
        assert i not in peers[i]
    assert set(peers[0]) - set(Board(3, 3).peers[0]) == {30, 40, 50, 60, 70, 80}


def test_variant_peers_by_rule():
    extra = [[0, 5, 10, 15], [3, 6]]  # a full diagonal and a small group
    model = Model.from_puzzle(Puzzle.empty((2, 2)), extra_groups=extra, cages=[((1, 4), 5)])
    assert model.full_groups()[-1] == (0, 5, 10, 15)
    assert (3, 6) not in model.full_groups()
    all_groups = [g.cells for g in model.groups] + [c.cells for c in model.cages]
    for i, peers in enumerate(model.peers()):
        expected = {j for cells in all_groups if i in cells for j in cells} - {i}
        assert set(peers) == expected


def test_sum_cages():
    model = Model.from_puzzle(Puzzle.empty(), cages=[([0, 1], 3), ((2, 3, 4), "24")])
    assert model.cages == (SumCage((0, 1), 3), SumCage((2, 3, 4), 24))
    assert not model.is_classic
    assert set(model.peers()[0]) == set(Board(3, 3).peers[0])  # the cage lies in row 1


def test_clashes_of_givens():
    p = Puzzle.parse("5.5" + "." * 78)
    assert Model.from_puzzle(p).clashes() == [(0, 2)]
    assert Model.from_puzzle(Puzzle.empty()).clashes() == []
    # two 7s on a diagonal clash only in the variant
    cells = [0] * 81
    cells[0] = cells[80] = 7
    p = Puzzle(Board(3, 3), tuple(cells))
    assert Model.from_puzzle(p).clashes() == []
    assert Model.from_puzzle(p, extra_groups=DIAGONALS_9).clashes() == [(0, 80)]


def test_clashes_of_cages():
    cells = [0] * 81
    cells[0], cells[1], cells[13] = 4, 5, 4
    p = Puzzle(Board(3, 3), tuple(cells))
    assert Model.from_puzzle(p, cages=[([0, 1], 9)]).clashes() == []
    assert Model.from_puzzle(p, cages=[([0, 1], 10)]).clashes() == [(0, 1)]
    assert Model.from_puzzle(p, cages=[([0, 1, 2], 10)]).clashes() == []  # not yet full
    # two equal digits inside a cage
    assert Model.from_puzzle(p, cages=[([0, 13], 8)]).clashes() == [(0, 13)]


def test_is_solution(grid):
    model = Model.from_puzzle(Puzzle.empty())
    assert model.is_solution(grid)
    assert model.is_solution(tuple(grid))
    assert not model.is_solution(grid[:-1])
    bad = list(grid)
    bad[0], bad[1] = bad[1], bad[0]
    assert not model.is_solution(bad)
    assert not model.is_solution([0, *grid[1:]])
    assert not model.is_solution([10, *grid[1:]])
    # givens must be kept
    givens = [0] * 81
    givens[5] = grid[5] % 9 + 1
    assert not Model.from_puzzle(Puzzle(Board(3, 3), tuple(givens))).is_solution(grid)
    givens[5] = grid[5]
    assert Model.from_puzzle(Puzzle(Board(3, 3), tuple(givens))).is_solution(grid)


def test_is_solution_checks_variants(grid):
    diagonal_ok = all(len({grid[i] for i in d}) == 9 for d in DIAGONALS_9)
    model = Model.from_puzzle(Puzzle.empty(), extra_groups=DIAGONALS_9)
    assert model.is_solution(grid) == diagonal_ok
    total = grid[0] + grid[1]
    assert Model.from_puzzle(Puzzle.empty(), cages=[([0, 1], total)]).is_solution(grid)
    assert not Model.from_puzzle(Puzzle.empty(), cages=[([0, 1], total + 1)]).is_solution(grid)


@pytest.mark.parametrize(
    "cells", [[0, 81], [-1, 3], [0, 0], list(range(10)), [0, 1.5], ["a"], [None]]
)
def test_bad_cells_raise(cells):
    with pytest.raises(InvalidPuzzleError):
        Model.from_puzzle(Puzzle.empty(), extra_groups=[cells])
    with pytest.raises(InvalidPuzzleError):
        Model.from_puzzle(Puzzle.empty(), cages=[(cells, 10)])


def test_models_are_values():
    a = Model.from_puzzle(".1.....4....34..", extra_groups=[[0, 5, 10, 15]])
    b = Model.from_puzzle(".1.....4....34..", extra_groups=[(0, 5, 10, 15)])
    assert a == b and hash(a) == hash(b)
    assert a.peers() is b.peers()  # computed once per shape
    with pytest.raises(AttributeError):
        a.givens = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "change", [lambda g: (*g[:-1], 12), lambda g: (-1, *g[1:]), lambda g: g[:-1]]
)
def test_a_model_built_directly_refuses_givens_out_of_range(change):
    model = Model.from_puzzle(Puzzle.empty((3, 3)))
    with pytest.raises(InvalidPuzzleError, match="81 givens"):
        Model(model.board, change(model.givens), model.groups)


def test_a_model_without_rules_draws_its_extra_groups_and_cages():
    from sudoku_models import display

    model = Model.from_puzzle(
        Puzzle.empty((2, 2)), extra_groups=[[0, 5, 10, 15]], cages=[((0, 4), 6)]
    )
    svg = model.to_svg(cell_size=40)
    assert display.group_line(model.board, (0, 5, 10, 15), 40) in svg
    assert display.cage_outline(model.board, (0, 4), "6", 40) in svg
    assert "<polyline" not in Model.from_puzzle(Puzzle.empty((2, 2))).to_svg()
    # the same marks, in cell units, as the interactive board draws them
    assert 'stroke-width="4.8"' in display.group_line(model.board, (0, 5), 40)
    assert 'stroke-width="0.12"' in display.group_line(model.board, (0, 5))


def test_text_form_of_a_model_lists_groups_and_names_what_it_cannot_show():
    from sudoku_models.constraints import LinearSum

    model = Model.from_puzzle(
        Puzzle.empty((2, 2)),
        extra_groups=[[0, 5, 10, 15]],
        cages=[((0, 4), 6)],
        constraints=[LinearSum((1, 2), 5)],
    )
    lines = model.to_text().splitlines()
    assert lines[:5] == str(Puzzle.empty((2, 2))).splitlines()
    assert lines[5:] == [
        "Groups of different digits (a cage with its sum):",
        "  group: r1c1 r2c2 r3c3 r4c4",
        "  cage 6: r1c1 r2c1",
        "Not shown in text (the SVG drawing shows them): LinearSum",
    ]
    assert model.to_text(legend=False) == str(Puzzle.empty((2, 2)))
    classic = Model.from_puzzle(".1.....4....34..")
    solution = Puzzle.parse("4132231412433421")
    assert classic.to_text(solution) == str(solution)


def test_text_form_lists_groups_added_beside_variant_rules():
    from sudoku_models.variants import Diagonal, KillerCage

    model = Model.from_puzzle(
        Puzzle.empty((2, 2)),
        cages=[((1, 2), 5)],
        variants=[Diagonal(positive=False), KillerCage(((3, 2), (3, 3)), 3)],
    )
    legend = model.to_text().splitlines()[5:]
    assert legend == [
        "Groups of different digits (a cage with its sum):",
        "  diagonal: r1c1 r2c2 r3c3 r4c4",
        "  killer cage 3: r4c3 r4c4",
        "  cage 5: r1c2 r1c3",
    ]
