"""Fish over every house a model has: diagonals, windoku windows and extra regions as bases and
covers, sound against the exact solutions of small puzzles, worded, and certified."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.generator import generate
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import logical_solve
from sudoku_models.logic.basic import extra_house_fish, extra_houses, fish
from sudoku_models.logic.branch_nets import forcing_net
from sudoku_models.logic.certify import Certifier
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.state import State
from sudoku_models.logic.techniques import finders
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal, ExtraRegion, windoku


def x_sudoku_state() -> State:
    """An empty X-sudoku grid where 1 sits in row 1 only at r1c1 and r1c5, and in row 9 only
    at r9c5 and r9c9: one 1 of the two rows is on the falling diagonal, the other in column 5."""
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[Diagonal(True), Diagonal(False)])
    state = State.start(layout_of(model), [0] * 81)
    for c in range(9):
        if c not in (0, 4):
            state.masks[c] &= ~1
        if c not in (4, 8):
            state.masks[72 + c] &= ~1
    return state


def test_an_x_wing_with_the_diagonal_is_found_and_worded():
    state = x_sudoku_state()
    assert fish(state, 2) is None  # no X-Wing over rows, columns and boxes alone
    step = extra_house_fish(state, 2)
    assert step is not None and step.technique == "Extra-House X-Wing"
    falling = [10 * k for k in range(1, 8)]  # r2c2 ... r8c8
    column = [9 * r + 4 for r in range(1, 8)]  # r2c5 ... r8c5
    assert sorted(step.eliminations) == sorted((i, 1) for i in set(falling + column))
    assert step.text.startswith("1 in row 1, row 9 lies only in column 5, diagonal")
    assert step.reasons[:2] == ("row 1", "row 9") and "column 5" in step.reasons
    assert set(step.cells) == {0, 4, 76, 80}


def test_the_fish_with_the_diagonal_is_certified_and_needs_its_houses():
    state = x_sudoku_state()
    step = extra_house_fish(state, 2)
    assert step is not None
    with Certifier(state.layout) as certifier:
        assert certifier.check(state.masks, step).certified
        bare = certifier.check(state.masks, dataclasses.replace(step, reasons=()))
    assert not bare.certified


def test_a_model_without_extra_houses_gets_no_extra_house_finder():
    classic = layout_of(Model.from_puzzle(Puzzle.empty((3, 3))))
    assert extra_houses(classic) == []
    assert not any(name.startswith("Extra-House") for name, _ in finders(classic))
    board = Board(3, 3)
    windows = layout_of(Model.from_puzzle(Puzzle.empty((3, 3)), variants=windoku(board)))
    kinds = [h.name.split()[0] for h in extra_houses(windows)]
    assert kinds == ["extra"] * 4 + ["leftover"] * 5
    assert any(name == "Extra-House Swordfish" for name, _ in finders(windows))


def random_houses(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Extra houses true on ``grid``: regions of ``n`` cells, one holding each digit, and the
    diagonals when the grid happens to keep them different."""
    n = board.n
    out: list[object] = []
    for _ in range(rng.randint(1, 3)):
        cells = [rng.choice([i for i, v in enumerate(grid) if v == d]) for d in range(1, n + 1)]
        out.append(ExtraRegion(tuple(divmod(i, n) for i in cells)))
    for positive in (True, False):
        line = [(n - 1 - k, k) if positive else (k, k) for k in range(n)]
        if len({grid[board.cell(*c)] for c in line}) == n:
            out.append(Diagonal(positive))
    return out


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3)]), st.floats(0.1, 0.4))
def test_fish_and_nets_over_extra_houses_are_sound_on_random_puzzles(seed, box, share):
    """Random extra houses true on a random grid and a share of givens: at every position of
    the path, each fish with an extra house and each forcing net over a cell or house (asked
    for directly, not only when cheaper finders are stuck) strikes only digits no solution
    uses."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    houses = random_houses(board, grid, rng)
    givens = tuple(d if rng.random() < share else 0 for d in grid)
    model = Model.from_puzzle(Puzzle(board, givens), variants=houses)  # type: ignore[arg-type]
    truth = true_candidates(model)
    assert truth.complete and truth.solutions >= 1
    path = logical_solve(model, max_depth=0)
    state = State.start(layout_of(model), givens)
    for step in (None, *path.steps):
        if step is not None:
            state.apply(step)
        if state.broken() is not None or state.is_solved():
            break
        for found in (extra_house_fish(state, 2), extra_house_fish(state, 3), forcing_net(state)):
            if found is not None:
                for i, d in found.eliminations:
                    assert d not in truth.digits(i), f"unsound {found}"
    for step in path.steps:
        for i, d in step.eliminations:
            assert d not in truth.digits(i), f"unsound {step}"


def random_puzzle(seed: int, box: tuple[int, int], share: float) -> Model:
    """A puzzle of random extra houses and givens, read off a random grid."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    houses = random_houses(board, grid, rng)
    givens = tuple(d if rng.random() < share else 0 for d in grid)
    return Model.from_puzzle(Puzzle(board, givens), variants=houses)  # type: ignore[arg-type]


def test_a_cell_forcing_net_is_worded_and_certified():
    """On a 6x6 puzzle, at the first position of its path where one applies, every candidate
    of one cell, propagated, strikes the same candidates: the step says so, and the rules it
    names prove it."""
    model = random_puzzle(1, (2, 3), 0.2)
    path = logical_solve(model, max_depth=0)
    state = State.start(layout_of(model), model.givens)
    net = forcing_net(state)
    for step in path.steps:
        if net is not None:
            break
        state.apply(step)
        net = forcing_net(state)
    assert net is not None and net.technique == "Cell Forcing Net"
    assert net.text.startswith(f"{net.rule} is ") and "propagated through the rules" in net.text
    assert all(f"<>{d}" in net.text for _, d in net.eliminations)
    with Certifier(state.layout) as certifier:
        assert certifier.check(state.masks, net).certified


def test_nets_over_a_cell_are_tried_only_where_trials_do_not_nest():
    small = layout_of(Model.from_puzzle(Puzzle.empty((3, 3))))
    large = layout_of(Model.from_puzzle(Puzzle.empty((4, 4))))
    assert "Cell Forcing Net" not in dict(finders(small))
    assert "Cell Forcing Net" in dict(finders(large))


def test_a_windoku_gets_its_five_hidden_windows_as_houses():
    """Columns 2 to 4 hold every digit three times, two windows once each: rows 1, 5 and 9 of
    those columns hold every digit once, and so on; the solution of a generated windoku
    bears them out."""
    made = generate(seed=0, variant="windoku")
    layout = layout_of(made.model)
    leftovers = [h for h in layout.houses if h.name.startswith("leftover")]
    assert len(leftovers) == 5
    cells = {i for h in leftovers for i in h.cells}
    assert len(cells) == 45  # disjoint, and apart from the four windows
    for house in leftovers:
        assert sorted(made.solution.cells[i] for i in house.cells) == list(range(1, 10))
    assert "leftover r159c234 (columns 2-4)" in [h.name for h in leftovers]
    classic = layout_of(Model.from_puzzle(Puzzle.empty((3, 3))))
    assert not any(h.name.startswith("leftover") for h in classic.houses)
