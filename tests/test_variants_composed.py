"""The composed rule: its parts give the same solution counts as the named rules they make."""

from __future__ import annotations

import itertools

import pytest

from sudoku_models import api
from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import available_solvers
from sudoku_models.variants import (
    XV,
    Difference,
    LittleKiller,
    Negative,
    Ratio,
    Sandwich,
    Skyscraper,
    XSum,
)
from sudoku_models.variants.base import orthogonal_pairs
from sudoku_models.variants.composed import Composed, NoOther, OneOf

BACKENDS = ("sat", "cpsat")
SIX = Board(2, 3)
FOUR = Board(2, 2)


def count(board, rules, backend, givens=None):
    puzzle = Puzzle(board, givens or (0,) * board.size)
    model = Model.from_puzzle(puzzle, variants=rules)
    return api.count_solutions(model, limit=5000, backend=backend)


# A 6x6 grid the outside clues are read from, so each set of clues has a solution.
GRID = (
    (1, 2, 3, 4, 5, 6),
    (4, 5, 6, 1, 2, 3),
    (2, 3, 1, 5, 6, 4),
    (5, 6, 4, 2, 3, 1),
    (3, 1, 2, 6, 4, 5),
    (6, 4, 5, 3, 1, 2),
)
CLUES = [(-1, 0), (-1, 3), (2, -1), (4, -1), (6, 4), (6, 1), (1, 6), (5, 6)]


def seen_from(clue):
    """The digits of GRID seen from ``clue``, from the clue inward."""
    r, c = clue
    line = [GRID[k][c] for k in range(6)] if r in (-1, 6) else list(GRID[r])
    return line if -1 in clue else line[::-1]


def x_sum(line):
    return sum(line[: line[0]])


def sandwich(line):
    a, b = sorted((line.index(1), line.index(6)))
    return sum(line[a + 1 : b])


def skyscraper(line):
    return sum(d > max(line[:k], default=0) for k, d in enumerate(line))


OUTSIDE = {
    "x-sum": (XSum, "first X", "sum", x_sum),
    "sandwich": (Sandwich, "between", "sum", sandwich),
    "skyscraper": (Skyscraper, "line", "seen", skyscraper),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind", sorted(OUTSIDE))
def test_outside_clues_count_as_the_named_rules(kind, backend):
    make, scope, function, value = OUTSIDE[kind]
    named = [make(clue, value(seen_from(clue))) for clue in CLUES]
    composed = [
        Composed(scope, function, "=", (value(seen_from(clue)),), clue=clue) for clue in CLUES
    ]
    expected = count(SIX, named, backend)
    assert 0 < expected < 5000
    assert count(SIX, composed, backend) == expected


def pairs_of_grid(test):
    """The orthogonal pairs of GRID whose digits pass ``test``."""
    return [(a, b) for a, b in orthogonal_pairs(SIX) if test(GRID[a[0]][a[1]], GRID[b[0]][b[1]])]


@pytest.mark.parametrize("backend", BACKENDS)
def test_edge_marks_count_as_xv_and_kropki_with_the_negative(backend):
    fives = pairs_of_grid(lambda x, y: x + y == 5)
    tens = pairs_of_grid(lambda x, y: x + y == 10)
    ones = pairs_of_grid(lambda x, y: abs(x - y) == 1)[::3]
    twos = pairs_of_grid(lambda x, y: max(x, y) == 2 * min(x, y))[::2]
    named = [XV(p, 5) for p in fives] + [XV(p, 10) for p in tens] + [Negative("xv")]
    named += [Difference(p, 1) for p in ones] + [Ratio(p, 2) for p in twos]
    composed = [Composed("pair", "sum", "=", (5,), cells=p) for p in fives] + [NoOther("sum")]
    composed += [Composed("pair", "sum", "=", (10,), cells=p) for p in tens]
    composed += [Composed("pair", "difference", "=", (1,), cells=p) for p in ones]
    composed += [Composed("pair", "ratio", "=", (2,), cells=p) for p in twos]
    expected = count(SIX, named, backend)
    assert 0 < expected < 5000
    assert count(SIX, composed, backend) == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_product_of_the_first_cells_keeps_a_sixth_of_the_grids(backend):
    rule = Composed("first", "product", "=", (12,), clue=(-1, 0), reach=2)
    # the first two digits of column 1 are 3 and 4, in either order: 2 of the 12 ordered pairs
    assert count(FOUR, [rule], backend) * 6 == count(FOUR, [], backend)


def test_describe_reads_as_a_sentence():
    rule = Composed("first", "sum", "=", (12,), clue=(-1, 2), reach=3)
    assert rule.describe() == "sum of the first 3 cells from R0C3 = 12"
    assert "<text" in rule.svg(SIX, 30)[0]


@pytest.mark.parametrize(
    "args",
    [
        ("pair", "cube", "=", (1,)),
        ("pair", "sum", "~", (1,)),
        ("around", "sum", "=", (1,)),
        ("first", "sum", "=", (3,)),
    ],
)
def test_malformed_parts_are_refused(args):
    with pytest.raises(InvalidPuzzleError):
        Composed(*args, cells=((0, 0), (0, 1)) if args[0] != "first" else ())


def all_grids_4x4():
    """Every 4x4 sudoku grid, row by row."""
    rows = list(itertools.permutations(range(1, 5)))
    out = []

    def extend(grid):
        if len(grid) == 4:
            out.append(tuple(d for row in grid for d in row))
            return
        for row in rows:
            k = len(grid)
            if any(row[c] == g[c] for g in grid for c in range(4)):
                continue
            if k % 2 == 1 and any(
                {row[c], row[c + 1]} & {grid[-1][c], grid[-1][c + 1]} for c in (0, 2)
            ):
                continue
            extend([*grid, row])

    extend([])
    return out


def first_of_parity(digits, clue):
    return next(d for d in digits if d % 2 == clue % 2) == clue


@pytest.mark.parametrize("backend", BACKENDS)
def test_two_functions_side_by_side_count_as_their_meaning(backend):
    grids = all_grids_4x4()
    assert len(grids) == 288
    either = Composed("line", "first odd or even", "=", (2,), clue=(-1, 0))
    spread = Composed("first", "min or max", "=", (3,), clue=(1, 4), reach=3)
    # column 1 from the top: the first even digit is a 2; row 2 from the right, first three
    # digits: the smallest or the largest is a 3
    expected = sum(
        first_of_parity(g[0::4], 2) and 3 in (min(g[7:4:-1]), max(g[7:4:-1])) for g in grids
    )
    assert 0 < expected < 288
    assert count(FOUR, [either, spread], backend) == expected


def digits_at(grid, cells):
    return [grid[r * 4 + c] for r, c in cells]


CIRCLE = ((0, 0), (1, 1), (2, 2), (3, 3), (3, 2))
CAGE = ((1, 0), (2, 0), (2, 1), (3, 1))
SCATTERED = ((0, 0), (0, 2), (2, 1), (3, 3))
GRID_RULES = {
    # the circle holds how many odd digits its line has
    "circle odd count": (
        Composed("circle", "odd count", "=", (), cells=CIRCLE),
        lambda g: sum(d % 2 for d in digits_at(g, CIRCLE[1:])) == g[0],
    ),
    # the circle is larger than every digit of its line but one: the largest is below it
    "circle max below": (
        Composed("circle", "max", "<", (), cells=CIRCLE[:3]),
        lambda g: max(digits_at(g, CIRCLE[1:3])) < g[0],
    ),
    # a zone: the cage holds a 1 twice and a 2
    "cage has": (
        Composed("cells", "digits", "has", (1, 2, 1), cells=CAGE),
        lambda g: sorted(digits_at(g, CAGE)).count(1) >= 2 and 2 in digits_at(g, CAGE),
    ),
    # two digits, each twice
    "cage repeats": (
        Composed("cells", "repeats", "=", (2,), cells=SCATTERED),
        lambda g: (
            sorted(digits_at(g, SCATTERED).count(d) for d in set(digits_at(g, SCATTERED))) == [2, 2]
        ),
    ),
    "cage distinct count": (
        Composed("cells", "distinct count", "=", (3,), cells=SCATTERED),
        lambda g: len(set(digits_at(g, SCATTERED))) == 3,
    ),
}


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("kind", sorted(GRID_RULES))
def test_circle_and_cage_functions_count_as_their_meaning(kind, backend):
    rule, meaning = GRID_RULES[kind]
    grids = all_grids_4x4()
    expected = sum(map(meaning, grids))
    assert 0 < expected < 288
    assert count(FOUR, [rule], backend) == expected


def test_a_circle_compares_with_its_own_digit_and_the_digits_with_has_only():
    with pytest.raises(InvalidPuzzleError, match="circle alone"):
        Composed("circle", "sum", "=", (3,), cells=CIRCLE)
    with pytest.raises(InvalidPuzzleError, match="'has'"):
        Composed("cells", "digits", "=", (3,), cells=CAGE)
    with pytest.raises(InvalidPuzzleError, match="'has'"):
        Composed("cells", "sum", "has", (3,), cells=CAGE)
    assert (
        Composed("circle", "sum", "=", (), cells=CIRCLE[:2])
        .describe()
        .endswith("= the circle's digit")
    )


def test_the_diagonal_scope_counts_as_little_killer_clues():
    grids = all_grids_4x4()
    clues = [((-1, 0), "DR", 6), ((0, 4), "DL", 9), ((4, 1), "UR", 5), ((4, 4), "UL", 10)]
    named = [LittleKiller(clue, way, total) for clue, way, total in clues]
    composed = [
        Composed("diagonal", "sum", "=", (total,), clue=clue, direction=way)
        for clue, way, total in clues
    ]
    for backend in BACKENDS:
        expected = count(FOUR, named, backend)
        assert 0 < expected < 288
        assert count(FOUR, composed, backend) == expected
    assert composed[0].describe() == "sum of the diagonal from R0C1 = 6"
    with pytest.raises(InvalidPuzzleError, match="points"):
        Composed("diagonal", "sum", "=", (3,), clue=(-1, 0))
    assert len(grids) == 288


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_window_past_the_first_cells_counts_as_its_meaning(backend):
    grids = all_grids_4x4()
    # row 1 from the left: the 2nd and 3rd digits hold a 1; column 4 from the bottom: the
    # 2nd to 4th digits sum to 8
    held = Composed("first", "digits", "has", (1,), clue=(0, -1), start=1, reach=2)
    summed = Composed("first", "sum", "=", (8,), clue=(4, 3), start=1, reach=3)
    assert summed.describe() == "sum of cells 2 to 4 from R5C4 = 8"
    expected = sum(1 in g[1:3] and g[11] + g[7] + g[3] == 8 for g in grids)
    assert 0 < expected < 288
    assert count(FOUR, [held, summed], backend) == expected


def test_every_backend_counts_the_new_scopes_and_comparisons_alike():
    rules = [
        GRID_RULES["circle odd count"][0],
        GRID_RULES["cage has"][0],
        Composed("first", "sum", "<=", (5,), clue=(-1, 3), reach=2, start=1),
        Composed("cells", "sum", "±1", (6,), cells=((0, 1), (1, 2))),
    ]
    model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=rules)
    counts = {}
    for info in available_solvers():
        try:
            counts[info.name] = api.count_solutions(model, limit=500, backend=info.name)
        except UnsupportedModelError:  # a backend of all-different groups only says so
            continue
    assert {"backtracking", "sat", "cpsat"} <= set(counts)
    assert len(set(counts.values())) == 1 and 0 < counts["sat"] < 288


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_position_of_a_digit_counts_as_its_meaning(backend):
    grids = all_grids_4x4()
    largest = Composed("line", "position of the largest", "=", (2,), clue=(-1, 1))
    one = Composed("line", "position of 1", ">", (2,), clue=(2, 4))
    # column 2 from the top: the 4 is second; row 3 from the right: the 1 is third or fourth
    expected = sum(g[5] == 4 and 1 in (g[9], g[8]) for g in grids)
    assert 0 < expected < 288
    assert count(FOUR, [largest, one], backend) == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_cells_next_to_the_largest_digit_count_as_their_meaning(backend):
    grids = all_grids_4x4()
    # row 2 from the left: the digits next to its 4 hold a 3; column 1 from the bottom: the
    # digits next to its 4 sum to 2 (a 4 at an end has one neighbour)
    held = Composed("beside", "digits", "has", (3,), clue=(1, -1))
    summed = Composed("beside", "sum", "=", (2,), clue=(4, 0))

    def beside(line):
        k = line.index(4)
        return line[max(k - 1, 0) : k] + line[k + 1 : k + 2]

    expected = sum(3 in beside(g[4:8]) and sum(beside(g[12::-4])) == 2 for g in grids)
    assert 0 < expected < 288
    assert count(FOUR, [held, summed], backend) == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_smallest_and_largest_digits_added_and_apart_count_as_their_meaning(backend):
    grids = all_grids_4x4()
    # column 3 from the top, first three digits: the smallest and largest add up to 5;
    # row 4 from the left, first two: they are 2 apart
    added = Composed("first", "min plus max", "=", (5,), clue=(-1, 2), reach=3)
    apart = Composed("first", "difference", "=", (2,), clue=(3, -1), reach=2)
    expected = sum(
        min(g[2], g[6], g[10]) + max(g[2], g[6], g[10]) == 5 and abs(g[12] - g[13]) == 2
        for g in grids
    )
    assert 0 < expected < 288
    assert count(FOUR, [added, apart], backend) == expected


@pytest.mark.parametrize("backend", BACKENDS)
def test_one_of_two_readings_of_a_cage_counts_as_either(backend):
    grids = all_grids_4x4()
    killer = Composed("cells", "sum", "=", (9,), cells=CAGE)
    zone = Composed("cells", "digits", "has", (1, 1), cells=CAGE)
    either = OneOf((killer, zone))
    expected = sum(sum(digits_at(g, CAGE)) == 9 or digits_at(g, CAGE).count(1) >= 2 for g in grids)
    assert 0 < expected < 288
    assert count(FOUR, [either], backend) == expected
    assert either.describe().endswith("or digits of 4 cells at R2C1 has 1 and 1")
    with pytest.raises(InvalidPuzzleError, match="same cells"):
        OneOf((killer, Composed("cells", "sum", "=", (9,), cells=SCATTERED)))
