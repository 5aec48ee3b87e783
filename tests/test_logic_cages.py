"""Killer logic on the combination grid: each finder's deduction in a killer solver's words,
certified from the reasons it names, and sound against the exact solutions of small puzzles."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic import assert_sound

from sudoku_models.board import Board
from sudoku_models.constraints import SumCage
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import logical_solve
from sudoku_models.logic.cages import CombinationGrid, leftover, sum_groups, supports
from sudoku_models.logic.certify import Certifier
from sudoku_models.logic.house import House
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.overlap import CageOverlap
from sudoku_models.logic.state import State
from sudoku_models.logic.step import Step
from sudoku_models.logic.sumsets import union_sums
from sudoku_models.logic.unions import UnionClash
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Arrow, KillerCage, LittleKiller


def _mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


def _setup(*variants: object) -> tuple[CombinationGrid, State]:
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=list(variants))  # type: ignore[arg-type]
    layout = layout_of(model)
    return CombinationGrid(layout), State.start(layout, [0] * model.size)


def _certified(state: State, step: Step) -> bool:
    with Certifier(state.layout) as certifier:
        return certifier.check(state.masks, step).certified


def test_cage_sets_match_each_cell_to_a_digit_of_the_set():
    grid, state = _setup(KillerCage(((0, 0), (0, 1), (0, 2)), 10))
    state.masks[0] = state.masks[1] = _mask(1, 2)
    step = grid.sets(state)
    assert isinstance(step, Step) and step.technique == "Cage Sets"
    assert step.text.startswith("cage r1c1-r1c3 (10): only 127")
    assert set(step.eliminations) == {(2, d) for d in range(1, 10) if d != 7}
    assert _certified(state, step)


def test_must_contain_strikes_the_digits_every_set_holds_from_the_cells_seeing_them():
    grid, state = _setup(KillerCage(((0, 0), (0, 1), (0, 2)), 23))
    step = grid.must_contain(state)
    assert step is not None and step.technique == "Must Contain"
    assert step.text.startswith("cage r1c1-r1c3 (23): only 689; 689 lie only in r1c1,r1c2,r1c3, so")
    assert step.text.endswith("cannot be 6, 8 or 9")
    struck = {(i, d) for i in (3, 8, 9, 20) for d in (6, 8, 9)}  # row 1 and box 1
    assert struck <= set(step.eliminations)
    assert all(i not in (0, 1, 2) for i, _ in step.eliminations)
    assert _certified(state, step)


def test_must_contain_reads_an_arrow_shaft_in_one_box():
    # The circle is 3 or 4, so the shaft r2c2,r3c3 holds 12 or 13: 1 leaves box 1 elsewhere.
    grid, state = _setup(Arrow(((0, 0),), ((1, 1), (2, 2))))
    state.masks[0] = _mask(3, 4)
    step = grid.must_contain(state)
    assert step is not None and "only 12 or 13, all holding 1" in step.text
    assert (1, 1) in step.eliminations and (0, 1) not in step.eliminations
    assert _certified(state, step)


def test_a_house_digit_that_fits_only_in_a_cage_drops_its_other_sets():
    grid, state = _setup(KillerCage(((0, 0), (0, 1)), 10))
    for i in range(2, 9):
        state.masks[i] &= ~_mask(1)
    step = grid.hidden(state)
    assert step is not None and step.technique == "Hidden Cage Digit"
    assert step.text.startswith("row 1: 1 can only go in cage r1c1-r1c2 (10)")
    assert "only 19" in step.text
    assert set(step.eliminations) == {(i, d) for i in (0, 1) for d in range(2, 9)}
    assert step.reasons == ("row 1",)
    assert _certified(state, step)


def test_cages_sharing_a_row_take_different_digits():
    grid, state = _setup(KillerCage(((0, 0), (0, 1)), 3), KillerCage(((0, 2), (0, 3)), 7))
    step = grid.clash(state)
    assert step is not None and step.technique == "Cage Clash"
    assert step.text.startswith("cage r1c1-r1c2 (3) and cage r1c3-r1c4 (7) and the rest of row 1")
    assert "cage r1c3-r1c4 (7) cannot be 16 or 25 (only 34)" in step.text
    assert (2, 1) in step.eliminations and (2, 5) in step.eliminations
    assert (4, 1) in step.eliminations  # the rest of the row loses the cages' digits too
    assert {"row 1", "cage r1c1-r1c2 (3)", "cage r1c3-r1c4 (7)"} <= set(step.reasons)
    assert _certified(state, step)


def test_a_cage_crossing_into_a_row_takes_the_digits_the_row_leaves_it():
    # Cage r1c1,r1c2,r2c1 (7) is 124; r1c4-r1c5 (4) takes 1 and 3 from row 1, so the cage's
    # two cells in row 1 are 24 and its cell below is 1.
    grid, state = _setup(KillerCage(((0, 0), (0, 1), (1, 0)), 7), KillerCage(((0, 3), (0, 4)), 4))
    step = CageOverlap(grid)(state)
    assert step is not None and step.technique == "Cage Overlap"
    assert step.text.startswith("cage r1c4-r1c5 (4) and cage r1c1-r2c1 (7) and the rest of row 1")
    assert "cage r1c1-r2c1 (7) holds 24 in r1c1,r1c2, not 12 or 14" in step.text
    assert {(9, d) for d in range(2, 10)} <= set(step.eliminations)  # r2c1 is 1
    assert {(0, 1), (1, 1), (2, 1), (2, 3)} <= set(step.eliminations)
    assert step.reasons == ("row 1", "cage r1c4-r1c5 (4)", "cage r1c1-r2c1 (7)")
    assert _certified(state, step)


def test_a_cage_wholly_inside_its_houses_leaves_the_overlap_to_the_clash():
    grid, state = _setup(KillerCage(((0, 0), (0, 1)), 3), KillerCage(((0, 2), (0, 3)), 7))
    assert CageOverlap(grid)(state) is None


def test_cages_inside_two_rows_hold_a_digit_as_often_as_the_rows_do():
    # r1c1-r2c1 (3) and r1c5-r2c5 (3) are both 12: rows 1 and 2 hold 1 and 2 twice, there.
    grid, state = _setup(KillerCage(((0, 0), (1, 0)), 3), KillerCage(((0, 4), (1, 4)), 3))
    step = UnionClash(grid)(state)
    assert step is not None and step.technique == "Union Clash"
    assert step.text.startswith(
        "rows 1, 2 hold every digit twice, and cage r1c1-r2c1 (3), cage r1c5-r2c5 (3) lie inside"
    )
    assert "they hold 1 and 2 each twice in every choice" in step.text
    others = [i for i in range(18) if i not in (0, 9, 4, 13)]
    assert set(step.eliminations) == {(i, d) for i in others for d in (1, 2)}
    assert step.reasons == ("row 1", "row 2", "cage r1c1-r2c1 (3)", "cage r1c5-r2c5 (3)")
    assert _certified(state, step)


def test_a_cage_inside_two_rows_loses_the_sets_the_rows_cannot_hold_again():
    # r1c1-r1c2 and r2c4-r2c5 (17) are both 89, so rows 1 and 2 have their 8s and 9s there:
    # r2c1-r2c2 (10) is neither 19 nor 28.
    cages = [KillerCage(((r, c), (r, c + 1)), 17) for r, c in ((0, 0), (1, 3))]
    grid, state = _setup(*cages, KillerCage(((1, 0), (1, 1)), 10))
    step = UnionClash(grid)(state)
    assert step is not None and step.text.startswith("rows 1, 2 hold every digit twice")
    assert "cage r2c1-r2c2 (10) cannot be 19 or 28" in step.text
    assert {(9, 8), (9, 9), (9, 1), (9, 2), (10, 1)} <= set(step.eliminations)
    assert _certified(state, step)


def test_sum_groups_come_from_the_primitives():
    little = LittleKiller((-1, 6), "DR", 6)  # r1c8, r2c9: both in box 3
    grid, _ = _setup(Arrow(((0, 0),), ((0, 1), (0, 2), (1, 2))), little)
    groups = {g.cells: g for g in sum_groups(grid.layout)}
    shaft = groups[(1, 2, 11)]
    assert shaft.extra == ((0, -1),) and shaft.total == 0  # the shaft adds up to the circle
    assert groups[(7, 17)].name.startswith("little killer")


def test_leftover_matches_a_house_exactly_up_to_nine_cells_and_relaxes_beyond():
    # Only the third cell holds 3: matched exactly it is 3; among twelve cells of a 16x16
    # house it keeps 1, 2 and 3 (each digit has a cell: enough for the relaxation).
    assert leftover((0b11, 0b11, 0b111), 0b111) == (0b11, 0b11, 0b100)
    cells = (0b11, 0b11, 0b111, *(1 << d for d in range(3, 12)))
    full = (1 << 12) - 1
    assert leftover(cells, full) == cells
    assert leftover(cells[:-1], full & ~(1 << 10)) is None  # 12 has no cell


def test_supports_are_exact_matchings():
    assert supports((0b011, 0b001, 0b110), 0b111) == (0b010, 0b001, 0b100)
    assert supports((0b001, 0b001), 0b011) is None


def test_union_sums_hold_on_the_solution():
    rng = random.Random(5)
    board = Board(3, 3)
    for _ in range(20):
        grid = random_grid(board, rng)
        cages = _random_cages(board, grid, rng)
        houses = [House(f"row {r + 1}", tuple(range(9 * r, 9 * r + 9))) for r in range(9)]
        houses += [House(f"column {c + 1}", tuple(range(c, 81, 9))) for c in range(9)]
        for s in union_sums(9, houses, cages):
            assert s.holds(grid), s


def _random_cages(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[SumCage]:
    """Cages of 1 to 4 cells grown at random over the whole grid (digits differ in each)."""
    n = board.n
    free = set(range(n * n))
    cages = []
    while free:
        cells = [rng.choice(sorted(free))]
        free.discard(cells[0])
        for _ in range(rng.randint(0, 3)):
            r, c = divmod(rng.choice(cells), n)
            near = [
                (r + dr) * n + c + dc
                for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < n and 0 <= c + dc < n
            ]
            near = [j for j in near if j in free and grid[j] not in {grid[i] for i in cells}]
            if near:
                j = rng.choice(near)
                cells.append(j)
                free.discard(j)
        cages.append(SumCage(tuple(sorted(cells)), sum(grid[i] for i in cells)))
    return cages


def _cage_marks(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    n = board.n
    marks: list[object] = [
        KillerCage(tuple(divmod(i, n) for i in c.cells), c.total)
        for c in _random_cages(board, grid, rng)
        if len(c.cells) > 1 and rng.random() < 0.7
    ]
    for _ in range(2):
        r, c = rng.randrange(n), rng.randrange(n - 2)
        circle, shaft = (r, c), ((r, c + 1), (r, c + 2))
        if grid[board.cell(*circle)] == sum(grid[board.cell(*x)] for x in shaft):
            marks.append(Arrow((circle,), shaft))
    k = rng.randrange(n - 1)  # the diagonal from above column k + 1
    diagonal = LittleKiller((-1, k), "DR", 0)
    marks.append(
        LittleKiller((-1, k), "DR", sum(grid[board.cell(*x)] for x in diagonal.cells_of(board)))
    )
    return marks


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3)]), st.booleans())
def test_every_killer_step_is_sound_on_random_small_killers(seed, box, foreign):
    """Random cages, arrows and a little killer true on a random grid (with ``foreign``, one
    more cage read off another grid, which may leave no solution): no step removes a digit
    some solution uses."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    marks = _cage_marks(board, grid, rng)
    if foreign:
        other = _cage_marks(board, random_grid(board, rng), rng)
        marks += [m for m in other if isinstance(m, KillerCage)][:1]
    givens = [d if rng.random() < 0.1 else 0 for d in grid]
    try:
        model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=marks)  # type: ignore[arg-type]
    except InvalidPuzzleError:  # a cage from the other grid overlapping one of ours
        return
    path = logical_solve(model, max_depth=1)
    assert_sound(model, path)


def test_the_killer_finders_take_part_in_small_paths():
    """Over a batch of small killers, each finder of the grid makes a step (so the soundness
    check above reads them), and each such step is certified from the reasons it names."""
    from sudoku_models.logic.certify import certify

    seen: set[str] = set()
    rng = random.Random(11)
    board = Board(2, 3)
    for _ in range(40):
        grid = random_grid(board, rng)
        model = Model.from_puzzle(Puzzle.empty((2, 3)), variants=_cage_marks(board, grid, rng))  # type: ignore[arg-type]
        path = logical_solve(model, max_depth=0)
        ours = {
            "Cage Sets",
            "Must Contain",
            "Hidden Cage Digit",
            "Cage Clash",
            "Cage Overlap",
            "Union Clash",
        }
        if ours & {s.technique for s in path.steps}:
            for cert in certify(path):
                if cert.step.technique in ours:
                    assert cert.certified, cert.step
                    seen.add(cert.step.technique)
        if len(seen) == len(ours):
            break
    assert seen >= {"Cage Sets", "Must Contain", "Cage Clash", "Cage Overlap"}


@pytest.mark.parametrize("total", [3, 17])
def test_a_two_cell_cage_keeps_its_only_pair(total):
    grid, state = _setup(KillerCage(((4, 4), (4, 5)), total))
    step = grid.must_contain(state)
    assert step is not None
    pair = "12" if total == 3 else "89"
    assert f"only {pair};" in step.text


def test_a_band_of_rows_gives_its_innie():
    """Cages down columns 1, 2, 5 and 8 of rows 1 to 3, across the box borders in each row,
    and r1c9-r2c9 leave r3c9 alone, which no house or pair of houses sees: the 45 rule over
    the band names it."""
    board = Board(3, 3)
    grid = random_grid(board, random.Random(3))
    shapes = [((0, c), (1, c), (2, c)) for c in (0, 1, 4, 7)]
    shapes += [((r, c), (r, c + 1)) for r in range(3) for c in (2, 5)]
    shapes.append(((0, 8), (1, 8)))
    cages = [KillerCage(s, sum(grid[board.cell(*x)] for x in s)) for s in shapes]
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=cages)  # type: ignore[arg-type]
    rules = {rule.label: rule for rule in layout_of(model).rules}
    label = f"innies of rows 1, 2, 3 r3c9 = {grid[26]}"
    assert rules[label].technique == "Set Theory"
    assert not any(name.startswith("innies r3c9") for name in rules)
