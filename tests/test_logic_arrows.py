"""Parity set theory: houses and sum rules (arrows, little killers, cages) added modulo two,
each step in a solver's words, certified from the reasons it names, and sound against the
exact solutions of small puzzles."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic import assert_sound

from sudoku_models.board import Board
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import logical_solve
from sudoku_models.logic.certify import Certifier, certify
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.parity import TECHNIQUE, ParityFinder, parity_sets
from sudoku_models.logic.state import State
from sudoku_models.logic.step import Step
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Arrow, Even, KillerCage, LittleKiller, Odd

ODD, EVEN = 0b101010101, 0b010101010  # digits 1, 3, 5, 7, 9 and 2, 4, 6, 8


def _state(*variants: object) -> State:
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=list(variants))  # type: ignore[arg-type]
    layout = layout_of(model)
    return State.start(layout, [0] * model.size)


def _certified(state: State, step: Step) -> bool:
    with Certifier(state.layout) as certifier:
        return certifier.check(state.masks, step).certified


def test_a_row_less_its_arrows_meets_the_odd_digits_of_a_box():
    """Row 5 less the arrows r5c3 = r5c2 + r5c1 and r5c7 = r5c8 + r5c9 leaves r5c4+r5c5+r5c6
    odd; box 5, whose corners are odd, has one odd digit left for its middle cross, so that
    digit is in row 5 and r4c5, r6c5 are even."""
    state = _state(
        Arrow(((4, 2),), ((4, 1), (4, 0))),
        Arrow(((4, 6),), ((4, 7), (4, 8))),
    )
    for i in (30, 32, 48, 50):  # r4c4, r4c6, r6c4, r6c6
        state.masks[i] = ODD
    step = ParityFinder(state.layout)(state)
    assert isinstance(step, Step) and step.technique == TECHNIQUE
    assert step.text.startswith("r5c4+r5c5+r5c6 is odd (row 5 with arrow ")
    assert "box 5 needs 1 more odd digit in r4c5,r5c4,r5c5,r5c6,r6c5" in step.text
    assert step.text.endswith("so r4c5,r6c5 are even")
    assert set(step.eliminations) == {(i, d) for i in (31, 49) for d in (1, 3, 5, 7, 9)}
    assert _certified(state, step)


def test_a_cage_with_one_cell_of_known_parity_gives_the_other_its_parity():
    """A two-cell cage of 9 holds an odd and an even digit: r1c1 even leaves r1c2 odd."""
    state = _state(KillerCage(((0, 0), (0, 1)), 9))
    state.masks[0] = EVEN
    step = ParityFinder(state.layout)(state)
    assert step is not None
    assert step.text.startswith("r1c2 is odd (cage r1c1-r1c2")
    assert "the parity of r1c1 known" in step.text
    assert set(step.eliminations) == {(1, d) for d in (2, 4, 6, 8)}
    assert _certified(state, step)


def test_a_circle_of_two_digits_counts_only_its_units():
    """An arrow to a two-digit circle r1c1r1c2 adds its tens digit ten times, an even number:
    the parity set is the shaft with the units digit."""
    state = _state(Arrow(((0, 0), (0, 1)), ((1, 0), (1, 1), (1, 2))))
    sets = {s.cells for s in parity_sets(state.layout)}
    assert frozenset({1, 9, 10, 11}) in sets
    assert not any(0 in s for s in sets if len(s) <= 4)


def test_a_classic_layout_has_no_parity_sets():
    """Houses alone say nothing modulo two that the subsets do not: the finder stays out."""
    state = _state()
    assert parity_sets(state.layout) == ()


def _arrow_marks(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Arrows of one or two shaft cells, a little killer and odd and even cells, all true on
    ``grid``."""
    n = board.n
    marks: list[object] = []
    for _ in range(8):
        r, c = rng.randrange(n), rng.randrange(n - 1)
        shaft = [(r, c)] if rng.random() < 0.4 else [(r, c), (r, c + 1)]
        total = sum(grid[board.cell(*x)] for x in shaft)
        near = [
            (r + dr, c + dc)
            for dr, dc in ((1, 0), (-1, 0), (1, 1), (-1, 1), (0, len(shaft)))
            if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in shaft
        ]
        fits = [x for x in near if grid[board.cell(*x)] == total]
        if fits:
            marks.append(Arrow((rng.choice(fits),), tuple(shaft)))
    k = rng.randrange(n - 1)
    diagonal = LittleKiller((-1, k), "DR", 0)
    marks.append(
        LittleKiller((-1, k), "DR", sum(grid[board.cell(*x)] for x in diagonal.cells_of(board)))
    )
    for i in rng.sample(range(n * n), n):
        marks.append((Odd if grid[i] % 2 else Even)(divmod(i, n)))
    return marks


def _model(board: Board, rng: random.Random) -> Model:
    grid = random_grid(board, rng)
    marks = _arrow_marks(board, grid, rng)
    return Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)), variants=marks)  # type: ignore[arg-type]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3)]))
def test_every_step_is_sound_on_random_small_arrow_puzzles(seed, box):
    """Random arrows, a little killer and odd and even cells true on a random grid: no step
    removes a digit some solution uses."""
    model = _model(Board(*box), random.Random(seed))
    path = logical_solve(model, max_depth=1)
    assert_sound(model, path)


def test_parity_steps_take_part_in_small_paths_and_are_certified():
    """Over a batch of small arrow puzzles the finder makes steps (so the soundness check
    above reads it), each certified from the reasons it names."""
    rng = random.Random(5)
    seen = 0
    for _ in range(150):  # other finders take some of its steps first
        path = logical_solve(_model(Board(2, 3), rng), max_depth=0)
        if any(s.technique == TECHNIQUE for s in path.steps):
            for cert in certify(path):
                if cert.step.technique == TECHNIQUE:
                    assert cert.certified, cert.step
                    seen += 1
        if seen >= 3:
            break
    assert seen >= 3
