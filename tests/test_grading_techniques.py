"""Hand-made positions where the cheapest technique that applies is the one under test.

Each position starts from an empty 9x9 grid with every candidate open, then strikes candidates
to draw one pattern. The test checks that the logical solver's next step uses that technique
(so every cheaper technique found nothing) and makes exactly the eliminations or placements
worked out by hand. Remote Pair, X-Chain and most of the harder techniques need many cells
cleared around them, so their positions are taken from shipped puzzles at the first point the
solver needs them, and checked against the puzzle's unique solution instead.
"""

from __future__ import annotations

import importlib

import pytest

from sudoku_models import Puzzle
from sudoku_models.grading import TECHNIQUES, CandidateGrid, apply_step, next_step, rate
from sudoku_models.grading.candidates import bit, geometry
from sudoku_models.grading.rating import unique_solution

BOARD = Puzzle.empty().board


def cell(r: int, c: int) -> int:
    """Index of row ``r``, column ``c``, both 1-based."""
    return (r - 1) * 9 + c - 1


def open_grid() -> CandidateGrid:
    return CandidateGrid(geometry(BOARD), [0] * 81, [(1 << 9) - 1] * 81)


def strike(grid: CandidateGrid, d: int, cells) -> None:
    for i in cells:
        grid.eliminate(i, d)


def only(grid: CandidateGrid, i: int, *digits: int) -> None:
    grid.masks[i] = sum(bit(d) for d in digits)


def row(r: int, but: tuple[int, ...] = ()) -> list[int]:
    return [cell(r, c) for c in range(1, 10) if c not in but]


def col(c: int, but: tuple[int, ...] = ()) -> list[int]:
    return [cell(r, c) for r in range(1, 10) if r not in but]


def box(b: int, but: tuple[int, ...] = ()) -> list[int]:
    top, left = 3 * ((b - 1) // 3) + 1, 3 * ((b - 1) % 3) + 1
    cells = [cell(top + dr, left + dc) for dr in range(3) for dc in range(3)]
    return [i for i in cells if i not in but]


def check(grid: CandidateGrid, technique: str, eliminations=(), placements=()) -> None:
    step = next_step(grid)
    assert step is not None and step.technique == technique, step
    assert set(step.eliminations) == set(eliminations)
    assert set(step.placements) == set(placements)


def test_full_house():
    grid = CandidateGrid.from_puzzle(Puzzle.parse("12345678." + "." * 72))
    check(grid, "Full House", placements=[(cell(1, 9), 9)])


def test_naked_single():
    cells = [0] * 81
    for c, d in zip((1, 2, 3, 4), (1, 2, 3, 4), strict=True):
        cells[cell(1, c)] = d
    for r, d in zip((2, 4, 5, 7), (5, 6, 7, 8), strict=True):
        cells[cell(r, 9)] = d
    grid = CandidateGrid.from_puzzle(Puzzle(BOARD, tuple(cells)))
    check(grid, "Naked Single", placements=[(cell(1, 9), 9)])


def test_hidden_single():
    cells = [0] * 81
    for r, c in ((2, 5), (3, 8), (5, 2), (7, 3)):
        cells[cell(r, c)] = 1
    grid = CandidateGrid.from_puzzle(Puzzle(BOARD, tuple(cells)))
    check(grid, "Hidden Single", placements=[(cell(1, 1), 1)])


def test_locked_pair():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 2), 1, 2)
    targets = set(row(1) + box(1)) - {cell(1, 1), cell(1, 2)}
    check(grid, "Locked Pair", [(i, d) for i in targets for d in (1, 2)])


def test_locked_triple():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 2), 2, 3)
    only(grid, cell(1, 3), 1, 3)
    targets = set(row(1) + box(1)) - {cell(1, 1), cell(1, 2), cell(1, 3)}
    check(grid, "Locked Triple", [(i, d) for i in targets for d in (1, 2, 3)])


def test_pointing():
    grid = open_grid()
    strike(grid, 1, [cell(r, c) for r in (2, 3) for c in (1, 2, 3)])
    check(grid, "Pointing", [(cell(1, c), 1) for c in range(4, 10)])


def test_claiming():
    grid = open_grid()
    strike(grid, 1, [cell(1, c) for c in range(4, 10)])
    check(grid, "Claiming", [(cell(r, c), 1) for r in (2, 3) for c in (1, 2, 3)])


def test_naked_pair():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 5), 1, 2)
    check(grid, "Naked Pair", [(i, d) for i in row(1, but=(1, 5)) for d in (1, 2)])


def test_naked_triple():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 5), 2, 3)
    only(grid, cell(1, 9), 1, 3)
    check(grid, "Naked Triple", [(i, d) for i in row(1, but=(1, 5, 9)) for d in (1, 2, 3)])


def test_hidden_pair():
    grid = open_grid()
    for d in (1, 2):
        strike(grid, d, row(1, but=(1, 5)))
    check(grid, "Hidden Pair", [(cell(1, c), d) for c in (1, 5) for d in range(3, 10)])


def test_hidden_triple():
    grid = open_grid()
    for d in (1, 2, 3):
        strike(grid, d, row(1, but=(1, 5, 9)))
    check(grid, "Hidden Triple", [(cell(1, c), d) for c in (1, 5, 9) for d in range(4, 10)])


def test_naked_quad():
    grid = open_grid()
    for c, ds in ((1, (1, 2)), (3, (2, 3)), (5, (3, 4)), (7, (1, 4))):
        only(grid, cell(1, c), *ds)
    expected = [(i, d) for i in row(1, but=(1, 3, 5, 7)) for d in (1, 2, 3, 4)]
    check(grid, "Naked Quad", expected)


def test_hidden_quad():
    grid = open_grid()
    for d in (1, 2, 3, 4):
        strike(grid, d, row(1, but=(1, 3, 5, 7)))
    expected = [(cell(1, c), d) for c in (1, 3, 5, 7) for d in range(5, 10)]
    check(grid, "Hidden Quad", expected)


def test_x_wing():
    grid = open_grid()
    strike(grid, 1, row(1, but=(2, 7)) + row(5, but=(2, 7)))
    expected = [(i, 1) for c in (2, 7) for i in col(c, but=(1, 5))]
    check(grid, "X-Wing", expected)


def test_swordfish():
    grid = open_grid()
    strike(grid, 1, row(1, but=(1, 4)) + row(5, but=(4, 7)) + row(9, but=(1, 7)))
    expected = [(i, 1) for c in (1, 4, 7) for i in col(c, but=(1, 5, 9))]
    check(grid, "Swordfish", expected)


def test_skyscraper():
    grid = open_grid()
    strike(grid, 1, row(1, but=(1, 5)) + row(5, but=(1, 6)))
    expected = [(cell(2, 6), 1), (cell(3, 6), 1), (cell(4, 5), 1), (cell(6, 5), 1)]
    check(grid, "Skyscraper", expected)


def test_two_string_kite():
    grid = open_grid()
    strike(grid, 1, row(1, but=(2, 7)) + col(1, but=(3, 8)))
    check(grid, "2-String Kite", [(cell(8, 7), 1)])


def test_turbot_fish():
    grid = open_grid()
    strike(grid, 1, box(1, but=(cell(1, 1), cell(2, 3))) + row(5, but=(1, 7)))
    check(grid, "Turbot Fish", [(cell(2, 7), 1)])


def test_empty_rectangle():
    grid = open_grid()
    strike(grid, 1, [cell(r, c) for r in (2, 3) for c in (2, 3)] + col(5, but=(1, 7)))
    check(grid, "Empty Rectangle", [(cell(7, 1), 1)])


def test_w_wing():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(5, 5), 1, 2)
    strike(grid, 1, row(9, but=(1, 5)))
    check(grid, "W-Wing", [(cell(1, 5), 2), (cell(5, 1), 2)])


def test_xy_wing():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 5), 1, 3)
    only(grid, cell(5, 1), 2, 3)
    check(grid, "XY-Wing", [(cell(5, 5), 3)])


def test_xyz_wing():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2, 3)
    only(grid, cell(2, 2), 1, 3)
    only(grid, cell(1, 5), 2, 3)
    check(grid, "XYZ-Wing", [(cell(1, 2), 3), (cell(1, 3), 3)])


def test_xy_chain():
    grid = open_grid()
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(1, 5), 2, 3)
    only(grid, cell(5, 5), 3, 4)
    only(grid, cell(5, 9), 1, 4)
    check(grid, "XY-Chain", [(cell(1, 9), 1), (cell(5, 1), 1)])


def _first_position(technique: str) -> tuple[CandidateGrid, Puzzle]:
    puzzle = Puzzle.parse(FROM_PUZZLES[technique])
    solution, _, _ = unique_solution(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    while not grid.is_solved():
        step = next_step(grid)
        if step is None:
            break
        if step.technique == technique:
            return grid, solution
        apply_step(grid, step)
    raise AssertionError(f"the puzzle does not need {technique}")


#: Techniques whose positions come from shipped puzzles (the solver's first use of each), with
#: the rated puzzle where it first needs it.
FROM_PUZZLES = {
    "Remote Pair": (
        ".....4.5.....2136..1.96.........6..9..3...1..8..75...27.2........6..2..7.3..9...."
    ),
    "X-Chain": (
        "2....81......4.....98..3..5....5..1..416...2.......5.84.38....1.....5.6..7...98.2"
    ),
    "Jellyfish": (
        ".9.54...6.4.....8.7........4...89.....247...9......71....2...9786...31....1......"
    ),
    "Bivalue Universal Grave + 1": (
        "..........347...5.9...5132.....7..8..4.89...2.1...65......8..7..6...4.....83....4"
    ),
    "Uniqueness Test 1": (
        "..........347...5.9...5132.....7..8..4.89...2.1...65......8..7..6...4.....83....4"
    ),
    "Uniqueness Test 2": (
        ".......528....5....34..1.7.9...5...6..74...1..2............7.356.........4...892."
    ),
    "Uniqueness Test 6": (
        ".......528....5....34..1.7.9...5...6..74...1..2............7.356.........4...892."
    ),
    "Uniqueness Test 3": (
        "..3.8...646....7.3......94.3....81..9....7....4.26.5....7.....265.72.....3...4..."
    ),
    "Uniqueness Test 4": (
        "...8..3.....395........4.98.7...9.6.4.9.....182...74....4........72..613.6...3.4."
    ),
    "Hidden Rectangle": (
        "..43..8..3...85..98.5......46....7...7...31.8...17..26..74.6....4.........85...6."
    ),
    "Sashimi X-Wing": (
        "..3..89.4..1.2...6.......8...2....3.54...62.1.........9....3.4..6.95..7..3..8.5.."
    ),
    "Finned Swordfish": (
        "..3.8...646....7.3......94.3....81..9....7....4.26.5....7.....265.72.....3...4..."
    ),
    "Sashimi Swordfish": (
        "..3.8...646....7.3......94.3....81..9....7....4.26.5....7.....265.72.....3...4..."
    ),
    "Finned Jellyfish": (
        "4.3....98.1.6.......85.............38.72.9..53....19..2...8...47...2.......9.5..."
    ),
    "Sue de Coq": (
        "..6935.8..2.87...3.5..6...........27....8.....61..3..8......94....6.1....3..4...."
    ),
    "Nice Loop/AIC": (
        "..6935.8..2.87...3.5..6...........27....8.....61..3..8......94....6.1....3..4...."
    ),
    "Grouped Nice Loop/AIC": (
        ".....6...5...9.17..18.7..2.4.19.7....25.1....78...4.....6.8.7........2..87.6.1.9."
    ),
    "ALS-XY-Wing": (
        "....8...7.1......3..31.59......5......1...5.4.429.7.....6..2.3...8....21...4..8.."
    ),
    "Forcing Chain": (
        ".4.5.....8...9..3..76.2.....146..........9..7.....36....1..4.5..6......3..71..2.."
    ),
    "ALS-XY-Chain": (
        ".32.....58..3.....9.428...1...4...39...6...5.....1.....2...67.8.....4....95....6."
    ),
    "Death Blossom": (
        ".47.2....8....1....3....9.2.....5...6..81..5.....4.....7....3.4...9...1.4..27.8.."
    ),
}

#: Techniques the solver's path never needed on the shipped puzzles: each is asked (and its
#: steps checked) on every position that needs a harder technique in test_grading_advanced.
SWEPT = [
    "Simple Colors",
    "Multi Colors",
    "Sashimi Jellyfish",
    "ALS-XZ",
    "Forcing Net",
    "Avoidable Rectangle Type 1",  # positions cut from a solved grid: test_grading_avoidable
    "Avoidable Rectangle Type 2",
]


@pytest.mark.parametrize("technique", FROM_PUZZLES)
def test_position_from_a_shipped_puzzle(technique):
    grid, solution = _first_position(technique)
    order = [t.name for t in TECHNIQUES]
    for cheaper in TECHNIQUES[: order.index(technique)]:
        assert cheaper.find(grid) is None
    step = next_step(grid)
    assert step is not None and step.technique == technique
    assert step.eliminations or step.placements
    assert all(solution.cells[i] != d for i, d in step.eliminations)
    assert all(grid.masks[i] & bit(d) for i, d in step.eliminations)
    assert all(solution.cells[i] == d for i, d in step.placements)


def test_every_technique_is_covered():
    covered = {
        name.removeprefix("test_").replace("_", " ")
        for name in globals()
        if name.startswith("test_")
    }
    named = set(FROM_PUZZLES) | set(SWEPT)
    for t in TECHNIQUES:
        key = t.name.lower().replace("-", " ").replace("2 string", "two string")
        assert key in covered or t.name in named, t.name


def test_finned_x_wing():
    grid = open_grid()
    # 1 in row 2 only at c2, c7; in row 6 at c2, c7 and the fin c8 (box 6)
    strike(grid, 1, row(2, but=(2, 7)))
    strike(grid, 1, row(6, but=(2, 7, 8)))
    # either r2c7/r6c7 hold the 1 of column 7 or the fin r6c8 does: r4c7 and r5c7 see both
    check(grid, "Finned X-Wing", eliminations=[(cell(4, 7), 1), (cell(5, 7), 1)])


def test_uniqueness_test_5():
    grid = open_grid()
    # rectangle r1c1, r1c4, r2c1, r2c4 on 1/2; the diagonal r1c4, r2c1 both add the same 3
    only(grid, cell(1, 1), 1, 2)
    only(grid, cell(2, 4), 1, 2)
    only(grid, cell(1, 4), 1, 2, 3)
    only(grid, cell(2, 1), 1, 2, 3)
    # without the 3 both would be 1/2 and the 1s and 2s could swap: one of them is 3
    check(
        grid,
        "Uniqueness Test 5",
        eliminations=[(cell(1, 2), 3), (cell(1, 3), 3), (cell(2, 5), 3), (cell(2, 6), 3)],
    )


def _no_ones_or_twos_around_row_4(grid: CandidateGrid) -> None:
    # r4c1 and r4c2 hold 1/2 alone and are the only 1s and 2s of row 4 and box 4 (so no
    # naked pair, pointing or claiming has anything left to strike)
    only(grid, cell(4, 1), 1, 2)
    only(grid, cell(4, 2), 1, 2)
    for d in (1, 2):
        strike(grid, d, row(4, but=(1, 2)) + box(4, but=(cell(4, 1), cell(4, 2))))


def test_uniqueness_test_3():
    grid = open_grid()
    _no_ones_or_twos_around_row_4(grid)
    # rectangle r1c1, r1c2, r4c1, r4c2 on 1/2; the roof r1c1, r1c2 adds 3 and 4: one of them is
    # 3 or 4, so the roof acts as one cell 3/4 and with r1c5 (3/4) locks 3 and 4 in row 1
    only(grid, cell(1, 1), 1, 2, 3)
    only(grid, cell(1, 2), 1, 2, 4)
    only(grid, cell(1, 5), 3, 4)
    others = (3, 4, 6, 7, 8, 9)
    expected = [(cell(1, c), d) for c in others for d in (3, 4)]
    check(grid, "Uniqueness Test 3", eliminations=expected)


def test_hidden_rectangle_with_a_struck_corner():
    grid = open_grid()
    # corner r1c1 holds 1/2; in row 2 and column 4 (the lines of the opposite corner r2c4)
    # the 1 fits only the rectangle r1c1, r1c4, r2c1, r2c4. Were r2c4 a 2, the 1s would go to
    # r2c1 and r1c4, r1c1 would be 2: a deadly pattern. So r2c4 loses 2, even though r1c4 has
    # lost its 2 already (the pattern is about solutions, not pencil marks)
    only(grid, cell(1, 1), 1, 2)
    strike(grid, 1, row(2, but=(1, 4)) + col(4, but=(1, 2)) + box(2, but=(cell(1, 4), cell(2, 4))))
    strike(grid, 2, [cell(1, 4)])
    check(grid, "Hidden Rectangle", eliminations=[(cell(2, 4), 2)])


def test_sue_de_coq():
    grid = open_grid()
    # r1c1 and r1c2 (where row 1 crosses box 1) hold 1/2/3/4; r1c7 holds 1/2 and r2c3 3/4: four
    # cells, four digits. 1 and 2 can only sit in row 1's part, 3 and 4 in box 1's part
    for i in (cell(1, 1), cell(1, 2)):
        only(grid, i, 1, 2, 3, 4)
    only(grid, cell(1, 7), 1, 2)
    only(grid, cell(2, 3), 3, 4)
    row_rest = [cell(1, c) for c in (4, 5, 6, 8, 9)]
    box_rest = [cell(2, 1), cell(2, 2), cell(3, 1), cell(3, 2), cell(3, 3)]
    expected = [(i, d) for i in row_rest for d in (1, 2)] + [
        (i, d) for i in box_rest for d in (3, 4)
    ]
    check(grid, "Sue de Coq", eliminations=expected)


def test_sue_de_coq_found_once_its_crossing_changes():
    # the crossing of row 1 and box 1 is remembered as holding no Sue de Coq while r2c3 holds
    # 3/4/5; once r2c3 is down to 3/4 the crossing is read again and the pattern found
    module = importlib.import_module("sudoku_models.grading.techniques.sue_de_coq")

    grid = open_grid()
    for i in (cell(1, 1), cell(1, 2)):
        only(grid, i, 1, 2, 3, 4)
    only(grid, cell(1, 7), 1, 2)
    only(grid, cell(2, 3), 3, 4, 5)
    assert list(module.sue_de_coq(grid)) == []
    grid.eliminate(cell(2, 3), 5)
    warm = list(module.sue_de_coq(grid))
    module._BARREN.clear()
    assert warm and warm == list(module.sue_de_coq(grid))


def test_sue_de_coq_memory_keeps_the_rating():
    line = FROM_PUZZLES["Sue de Coq"]
    module = importlib.import_module("sudoku_models.grading.techniques.sue_de_coq")

    module._BARREN.clear()
    cold = rate(line).steps
    assert module._BARREN  # the second rating starts with crossings remembered
    assert rate(line).steps == cold


def _loop_step(line: str, kind: str):
    """The first nice loop of ``kind`` (``continuous`` or ``discontinuous``) on the solver's
    path through ``line``, and the puzzle's solution."""
    solution, _, _ = unique_solution(Puzzle.parse(line))
    steps = rate(line).steps
    return next(s for s in steps if s.reason.startswith(f"{kind} loop")), solution


def test_continuous_nice_loop():
    # the loop (1)r1c7=(2)r1c7-(2)r2c8=(4)r2c8-(4)r8c8=(4)r8c6-(1)r8c6=(1)r8c7-(1)r1c7:
    # each weak link holds exactly one true end, so r1c7/r8c7 keep the 1 of column 7, r2c8/r8c8
    # the 4 of column 8, and r8c6 only 1 or 4; HoDoKu's own step here strikes the same five
    line = ".63.9...57....8...9..2............63.5..49.1....7.5.9.6.....8......7...6.47.6...."
    step, solution = _loop_step(line, "continuous")
    expected = {(cell(3, 7), 1), (cell(9, 7), 1), (cell(8, 6), 3), (cell(3, 8), 4), (cell(7, 8), 4)}
    assert set(step.eliminations) == expected
    assert all(solution.cells[i] != d for i, d in step.eliminations)


def test_discontinuous_nice_loop():
    # assuming 1 is not in r3c2 leads round the loop back to 1 in r3c2: the cell keeps only
    # its 1 (HoDoKu's step strikes the same 2, 3 and 5)
    line = ".......18.4.6..9....8.97...18...57.....8..5.66...3...9...45.8........46..6.....72"
    step, solution = _loop_step(line, "discontinuous")
    assert set(step.eliminations) == {(cell(3, 2), 2), (cell(3, 2), 3), (cell(3, 2), 5)}
    assert solution.cells[cell(3, 2)] == 1
