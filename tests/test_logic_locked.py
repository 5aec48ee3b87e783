"""Propagation with locked candidates, as the forcing nets of grids past 9x9 use it: what it
strikes and why, sound against the exact solutions of small puzzles, and the nets it makes
worded and certified."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic_houses import random_puzzle

from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.generator import generate
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import logical_solve
from sudoku_models.logic.assumptions import NET_STEPS, net_steps
from sudoku_models.logic.branch_nets import forcing_net
from sudoku_models.logic.certify import Certifier
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.locked import lock, settle
from sudoku_models.logic.state import State
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.backtracking.constraint import fixpoint, network_of
from sudoku_models.variants import Diagonal


def test_a_digit_locked_in_a_box_leaves_the_rest_of_its_row():
    """On an empty 9x9 grid where 5 sits in box 1 only in row 1, the rest of row 1 loses 5
    (and the singles alone strike nothing)."""
    model = Model.from_puzzle(Puzzle.empty((3, 3)))
    layout = layout_of(model)
    masks = [(1 << 9) - 1] * 81
    for i in (9, 10, 11, 18, 19, 20):  # rows 2 and 3 of box 1
        masks[i] &= ~(1 << 4)
    alone, _ = fixpoint(network_of(model), masks)
    assert alone == masks
    after, _ = settle(layout, network_of(model), alone)
    assert after is not None
    assert [c for c in range(9) if not after[c] >> 4 & 1] == [3, 4, 5, 6, 7, 8]
    assert all(after[i] == masks[i] for i in range(9, 81))
    assert lock(layout, after) == []  # nothing more is locked


def test_a_diagonal_locks_a_digit_too():
    """A diagonal is a house: 1 in the falling diagonal only in box 1 leaves box 1's other
    cells."""
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[Diagonal(False)])
    layout = layout_of(model)
    masks = [(1 << 9) - 1] * 81
    for k in range(3, 9):
        masks[10 * k] &= ~1
    changed = lock(layout, masks)
    assert sorted(changed) == [1, 2, 9, 11, 18, 19]
    assert all(not masks[i] & 1 for i in changed)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3), (3, 3)]), st.floats(0.15, 0.4))
def test_settling_strikes_only_digits_no_solution_uses(seed, box, share):
    """From random givens (with a diagonal when the grid keeps it), propagation with locked
    candidates keeps every digit some solution uses, and says so when there is none."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    n = board.n
    falling = [grid[board.cell(k, k)] for k in range(n)]
    marks = [Diagonal(False)] if len(set(falling)) == n else []
    givens = tuple(d if rng.random() < share else 0 for d in grid)
    model = Model.from_puzzle(Puzzle(board, givens), variants=marks)  # type: ignore[arg-type]
    layout = layout_of(model)
    truth = true_candidates(model)
    assert truth.complete and truth.solutions >= 1
    state = State.start(layout, givens)
    start, _ = fixpoint(network_of(model), state.masks)
    assert start is not None
    after, _ = settle(layout, network_of(model), start)
    assert after is not None
    for i, m in enumerate(after):
        assert all(m >> (d - 1) & 1 for d in truth.digits(i)), f"cell {i}"


def test_nets_take_more_steps_on_larger_grids():
    assert net_steps(9) == net_steps(6) == NET_STEPS
    assert net_steps(16) == NET_STEPS * 256 // 81
    assert net_steps(25) > net_steps(16)


def test_a_net_whose_branch_breaks_only_with_locked_candidates_says_so():
    """A 9x9 puzzle with extra regions where one candidate of a cell breaks down only once
    locked candidates are propagated (the singles alone do not): the net strikes it, names
    the branch that breaks, strikes only what no solution uses, and its rules prove it."""
    model = random_puzzle(26, (3, 3), 0.3)
    truth = true_candidates(model)
    path = logical_solve(model, max_depth=0)
    state = State.start(layout_of(model), model.givens)
    for step in (None, *path.steps):
        if step is not None:
            state.apply(step)
        net = forcing_net(state)
        if net is not None and "breaks a rule" in net.text:
            break
    assert net is not None and net.technique == "Cell Forcing Net"
    assert "propagated through the rules and locked candidates" in net.text
    assert "and each of the others gives" in net.text
    assert all(d not in truth.digits(i) for i, d in net.eliminations)
    with Certifier(state.layout) as certifier:
        assert certifier.check(state.masks, net).certified


def test_a_16x16_path_takes_a_net_longer_than_a_9x9_one_may_and_it_is_certified():
    """On a generated 16x16 classic, an assumption the finders take to a contradiction in more
    than 20 steps (and at most the 16x16 limit) is a forcing net, not a trial, and the rules
    it names prove it."""
    made = generate(seed=4, box=(4, 4))
    path = logical_solve(made.puzzle, max_depth=1, time_limit=None)
    state = State.start(layout_of(path.model), path.model.givens)
    for step in path.steps:
        found = re.search(r"(\d+) steps later", step.text)
        if step.technique == "Forcing Net" and found and int(found.group(1)) > NET_STEPS:
            break
        state.apply(step)
    else:
        raise AssertionError("no forcing net longer than 20 steps")
    assert int(found.group(1)) <= net_steps(16)
    assert all(made.solution.cells[i] != d for i, d in step.eliminations)
    with Certifier(state.layout) as certifier:
        assert certifier.check(state.masks, step).certified
