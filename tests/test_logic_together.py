"""Rules read together: two crossing rules, and stretches of one shared total. Worded examples,
certified steps, and soundness against the exact solutions of generated small puzzles."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st
from test_logic import assert_sound
from walks import random_marked_model, random_walk, too_loose

from sudoku_models import certify
from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.generator.grids import random_grid
from sudoku_models.logic import logical_solve
from sudoku_models.logic.equalsums import EqualSums, families
from sudoku_models.logic.layout import layout_of
from sudoku_models.logic.together import RulesTogether
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import (
    Arrow,
    KillerCage,
    LittleKiller,
    Quadruple,
    RegionSumLine,
    Renban,
    Thermometer,
    Whispers,
)

TECHNIQUES = (RulesTogether.technique, EqualSums.technique)
SQUARE = ((0, 0), (0, 1), (1, 0), (1, 1))


def model_of(*marks: object, box: tuple[int, int] = (3, 3), givens: str = "") -> Model:
    puzzle = Puzzle.parse(givens, box) if givens else Puzzle.empty(box)
    return Model.from_puzzle(puzzle, variants=list(marks))  # type: ignore[arg-type]


def first(path, technique: str):
    return next(s for s in path.steps if s.technique == technique)


def test_a_cage_under_a_quadruple_keeps_the_quadruples_digits_in_reach():
    # with 4 or more in r1c2, the quadruple's 1, 2 and 3 fill r1c1, r2c1 and r2c2, and a 7
    # cage of two of them cannot be made
    model = model_of(KillerCage(((0, 0), (1, 0)), 7), Quadruple(SQUARE, (1, 2, 3)))
    step = first(logical_solve(model, max_depth=0), RulesTogether.technique)
    assert step.text == (
        "cage r1c1-r2c1 (7) and quadruple r1c1-r2c2 together, with column 1 and box 1: "
        "r1c2,r2c2 cannot be 4 to 9, which would leave cage r1c1-r2c1 (7) no way to be met"
    )
    assert sorted(step.eliminations) == [(i, d) for i in (1, 10) for d in range(4, 10)]
    assert step.rule == "cage r1c1-r2c1 (7)"
    assert step.reasons == ("quadruple r1c1-r2c2", "column 1", "box 1")


def test_rules_that_share_a_house_are_paired_with_it():
    # two renbans in row 1 hold different digits: read together with the row
    model = model_of(
        Renban(((0, 1), (0, 2), (0, 3), (0, 4))), Renban(((0, 5), (0, 6), (0, 7), (0, 8)))
    )
    finder = RulesTogether(layout_of(model))
    assert [(a.label, b.label) for a, b in finder.pairs] == [
        ("renban r1c2-r1c5", "renban r1c6-r1c9")
    ]
    assert [h.name for h in finder.houses[0]] == ["row 1"]
    assert finder.tested[0] == (1, 2, 3, 4, 5, 6, 7, 8)


def test_rules_that_share_a_cell_are_paired():
    # a thermometer ending on an arrow's circle: the two share r1c3
    model = model_of(Thermometer(((0, 0), (0, 1), (0, 2))), Arrow(((0, 2),), ((1, 2), (2, 2))))
    layout = layout_of(model)
    assert [(a.label, b.label) for a, b in RulesTogether(layout).pairs] == [
        ("thermometer r1c1-r1c3", "arrow r1c3-r3c3")
    ]


def test_single_dots_on_a_line_are_left_to_the_chains():
    from sudoku_models.variants import Ratio

    model = model_of(Ratio(((0, 0), (0, 1)), 2), Whispers(((0, 1), (0, 2), (0, 3))))
    assert RulesTogether(layout_of(model)).pairs == []


def test_a_region_sum_line_has_one_total_every_stretch_can_make():
    # three cells of box 1 make at least 6, the one cell of box 5 at most 9: the shared total
    # is 6 to 9, which the pairs of stretches read one at a time do not see
    line = RegionSumLine(((0, 0), (1, 0), (2, 1), (3, 1), (3, 2), (3, 3)))
    model = model_of(line)
    (family,) = families(layout_of(model))
    assert [s.cells for s in family.stretches] == [(0, 9, 19), (28, 29), (30,)]
    step = first(logical_solve(model, max_depth=0), EqualSums.technique)
    assert step.text == (
        "region-sum line r1c1-r4c4: its stretches add up to one total; they can make "
        "r1c1,r2c1,r3c2 6 to 24, r4c2,r4c3 3 to 15 and r4c4 3 to 9, so the total is 6 to 9: "
        "r1c1 is at most 6, r2c1 is at most 6, r3c2 is at most 6, r4c4 is at least 6"
    )
    assert sorted(step.eliminations) == [(i, d) for i in (0, 9, 19) for d in (7, 8, 9)] + [
        (30, d) for d in (3, 4, 5)
    ]


def test_every_step_of_the_finders_is_certified():
    models = [
        model_of(KillerCage(((0, 0), (1, 0)), 7), Quadruple(SQUARE, (1, 2, 3))),
        model_of(KillerCage(((0, 0), (1, 0)), 8), Quadruple(SQUARE, (2, 3, 4))),
        model_of(
            Renban(((0, 1), (0, 2), (0, 3), (0, 4))), Renban(((0, 5), (0, 6), (0, 7), (0, 8)))
        ),
        model_of(
            RegionSumLine(((0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6))),
            Arrow(((4, 4),), ((3, 3), (2, 2))),
            Arrow(((4, 4),), ((5, 5), (6, 6), (7, 7))),
        ),
        model_of(
            Thermometer(((2, 0), (1, 1), (0, 2))),
            Arrow(((1, 1),), ((0, 0), (0, 1))),
            LittleKiller((-1, 0), "DR", 20),
        ),
    ]
    seen: set[str] = set()
    for model in models:
        path = logical_solve(model, max_depth=0)
        for step, proof in zip(path.steps, certify(path)):
            if step.technique in TECHNIQUES:
                seen.add(step.technique)
                assert proof.certified, step
    assert seen == set(TECHNIQUES)


def crossing_marks(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Marks that cross or share a total, each true on ``grid``: lines over cages and
    quadruples, region-sum lines, arrows sharing a circle."""
    at = lambda cell: grid[board.cell(*cell)]  # noqa: E731
    out: list[object] = []
    for _ in range(6):
        line = random_walk(board, rng, rng.randint(3, 6))
        values = [at(c) for c in line]
        out.append(RegionSumLine(line))
        if sorted(values) == list(range(min(values), min(values) + len(values))):
            out.append(Renban(line))
        if len(set(values)) == len(values):
            out.append(KillerCage(line[:3], sum(values[:3])))
        if values == sorted(values) and len(set(values)) == len(values):
            out.append(Thermometer(line))
        out.append(Arrow(line[:1], line[1:3]))
        r, c = line[0]
        r, c = min(r, board.n - 2), min(c, board.n - 2)
        square = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        out.append(Quadruple(square, tuple(rng.sample([at(x) for x in square], 3))))
    circle = (rng.randrange(board.n), rng.randrange(board.n))
    for _ in range(2):
        shaft = random_walk(board, rng, 3)[1:]
        if circle not in shaft and sum(at(x) for x in shaft) == at(circle):
            out.append(Arrow((circle,), shaft))
    return [m for m in out if _holds(board, grid, m)]


def _holds(board: Board, grid: tuple[int, ...], mark: object) -> bool:
    model = Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)), variants=[mark])  # type: ignore[list-item]
    return model.is_solution(grid)


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3), (3, 3)]))
def test_every_step_is_sound_on_random_crossing_puzzles(seed, box):
    """Crossing marks true on a random grid, a few givens: no step removes a digit some
    solution uses."""
    model = random_marked_model(seed, box, crossing_marks, 3, 8, 0.2)
    if too_loose(model):
        return
    assert_sound(model, logical_solve(model, max_depth=0))


def test_the_finders_act_on_random_crossing_puzzles():
    """Over a fixed sample of small puzzles both finders make steps, each sound."""
    named: dict[str, int] = {}
    for seed in range(60):
        rng = random.Random(seed)
        board = Board(2, 3)
        grid = random_grid(board, rng)
        marks = crossing_marks(board, grid, rng)
        chosen = rng.sample(marks, min(len(marks), 8))
        model = Model.from_puzzle(Puzzle.empty((2, 3)), variants=chosen)  # type: ignore[arg-type]
        path = logical_solve(model, max_depth=0)
        truth = true_candidates(model)
        for step in path.steps:
            if step.technique in TECHNIQUES:
                named[step.technique] = named.get(step.technique, 0) + 1
                for i, d in step.eliminations:
                    assert d not in truth.digits(i), step
    assert set(named) == set(TECHNIQUES), named
