"""The logical solver: sentences in the rules' words, contradictions named, and every step sound
against the exact solutions of small puzzles with every variant kind."""

from __future__ import annotations

import dataclasses
import itertools
import json
import random
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sudoku_models as sm
from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.constraints import Relation
from sudoku_models.generator import generate
from sudoku_models.generator.grids import random_grid
from sudoku_models.generator.variants import VARIANTS
from sudoku_models.logic import Path, logical_solve
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    BoxIndexer,
    Clone,
    ColumnIndexer,
    Diagonal,
    Difference,
    DisjointGroups,
    EntropicLine,
    Even,
    ExtraRegion,
    KillerCage,
    LittleKiller,
    Maximum,
    Minimum,
    Nonconsecutive,
    Odd,
    Palindrome,
    Quadruple,
    Ratio,
    RegionSumLine,
    Renban,
    RowIndexer,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    Thermometer,
    Whispers,
    XSum,
    ZipperLine,
)


def assert_sound(model: Model, path: Path) -> None:
    """Every elimination removes a digit no solution uses; every placement is the digit every
    solution has there; a solved path ends on a solution."""
    truth = true_candidates(model)
    assert truth.complete
    if truth.solutions == 0:  # every deduction holds vacuously; the path must end broken
        assert path.status == "contradiction" and path.contradiction is not None
        return
    for step in path.steps:
        for i, d in step.eliminations:
            assert d not in truth.digits(i), f"unsound {step}"
        for i, d in step.placements:
            assert truth.digits(i) == (d,), f"unsound {step}"
    if path.status == "solved":
        assert model.is_solution(path.grid)
    if truth.solutions > 1:
        assert path.status == "stuck"
        assert "more than one solution" in path.note


def test_a_classic_4x4_is_solved_with_singles():
    path = logical_solve(".1.....4....34..")
    assert path.status == "solved" and path.trials == 0
    assert path.grid == Puzzle.parse("4132231412433421").cells
    assert {s.technique for s in path.steps} <= {"Full House", "Naked Single", "Hidden Single"}
    assert path.difficulty.band == "easy"


def test_a_thermometer_is_read_whole_in_its_own_words():
    thermo = Thermometer(((0, 2), (1, 2), (2, 2)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[thermo])
    step = logical_solve(model, max_depth=0).steps[0]
    assert step.technique == "Relation Support"
    assert step.rule == "thermometer r1c3-r3c3"
    assert step.text == (
        "thermometer r1c3-r3c3: r1c3 is at most 7, r2c3 is 2 to 8, r3c3 is at least 3"
    )
    assert len(step.eliminations) == 6


def test_a_cage_that_cannot_be_met_is_named():
    board = Board(3, 3)
    cage = KillerCage(((0, 0), (0, 1), (0, 2)), 24)
    givens = [0] * 81
    givens[4] = 9  # r1c5 = 9: the cage needs 7, 8 and 9 in row 1
    model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=[cage])
    path = logical_solve(model)
    assert path.status == "contradiction"
    assert path.contradiction is not None
    assert path.contradiction.text == "cage r1c1-r1c3 (24): no digit set left"


def test_several_solutions_stop_the_path_and_say_so():
    path = logical_solve(Puzzle.empty((2, 2)))
    assert path.status == "stuck"
    assert path.note == "the puzzle has more than one solution, so logic cannot finish it"


def test_a_primitive_without_a_finder_gets_the_generic_filter():
    class Sum2:
        """A rule of a kind the solver does not know: the two cells add up to 3."""

        cells = (0, 1)

        def holds(self, grid):
            return grid[0] + grid[1] == 3

    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    model = Model(base.board, base.givens, base.groups, constraints=(Sum2(),))  # type: ignore[arg-type]
    step = logical_solve(model, max_depth=0).steps[0]
    assert step.technique == "Support Filter"
    assert step.text.endswith("r1c1 is at most 2, r1c2 is at most 2")


def test_a_wide_primitive_without_a_finder_is_filtered_once_few_tuples_remain():
    class RowTotal:
        """Row 1 of a 6x6 adds up to 21 (always true), read only through ``holds``."""

        cells = (0, 1, 2, 3, 4, 5)

        def holds(self, grid):
            return sum(grid[i] for i in self.cells) == 21

    base = Model.from_puzzle(generate(seed=1, box=(2, 3)).puzzle)
    model = Model(base.board, base.givens, base.groups, constraints=(RowTotal(),))  # type: ignore[arg-type]
    path = logical_solve(model)
    assert path.status == logical_solve(base).status


def test_json_has_the_fields_a_tool_reads():
    data = logical_solve(".1.....4....34..").to_dict()
    json.dumps(data)
    assert data["status"] == "solved" and data["trials"] == 0
    assert data["difficulty"]["band"] == "easy"
    first = data["steps"][0]
    assert set(first) >= {"technique", "rule", "text", "placements", "eliminations"}
    assert first["placements"] == [["r2c1", 2]]


def test_path_reprs():
    path = logical_solve(".1.....4....34..")
    assert repr(path).startswith("<Path solved: easy")
    assert "<svg" in path._repr_html_() and "<ol>" in path._repr_html_()


def test_exported_at_the_top():
    assert sm.logical_solve is logical_solve


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("box", [(2, 2), (2, 3)])
def test_generated_variant_puzzles_are_solved_soundly(variant, box):
    for seed in range(3):
        try:
            made = generate(seed=seed, variant=variant, box=box)
        except Exception:  # a variant that does not fit the size (xv, windoku on 2x3)
            pytest.skip(f"{variant} has no {box} puzzles")
        path = logical_solve(made.model)
        assert_sound(made.model, path)
        assert path.status == "solved"
        assert path.grid == made.solution.cells


def _path(board: Board, rng: random.Random, length: int) -> tuple[tuple[int, int], ...]:
    """A random walk of distinct orthogonal neighbours."""
    n = board.n
    cells = [(rng.randrange(n), rng.randrange(n))]
    for _ in range(length * 3):
        r, c = cells[-1]
        options = [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in cells
        ]
        if not options or len(cells) == length:
            break
        cells.append(rng.choice(options))
    return tuple(cells)


def marks_on(board: Board, grid: tuple[int, ...], rng: random.Random) -> list[object]:
    """Random marks of every kind, each true on ``grid`` (sums read off it)."""
    n = board.n
    at = lambda cell: grid[board.cell(*cell)]  # noqa: E731
    out: list[object] = []
    for _ in range(12):
        line = _path(board, rng, rng.randint(2, 4))
        values = [at(c) for c in line]
        out += [
            Thermometer(line),
            SlowThermometer(line),
            Whispers(line, gap=min(abs(a - b) for a, b in itertools.pairwise(values))),
            Renban(line),
            Palindrome(line),
            BetweenLine(line),
            EntropicLine(line),
            ZipperLine(line),
            RegionSumLine(line),
            KillerCage(line, sum(values)),
            Arrow(line[:1], line[1:]),
            Difference(line[:2], abs(values[0] - values[1])),
            Ratio(line[:2], max(values[:2]) // min(values[:2])),
            XV(line[:2], values[0] + values[1]),
        ]
        a, b = line[0], line[-1]
        out += [Clone((a,), (b,)), Odd(a), Even(a), Minimum(a), Maximum(a)]
        r, c = rng.randrange(n - 1), rng.randrange(n - 1)
        square = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
        out.append(Quadruple(square, tuple(rng.sample([at(x) for x in square], 2))))
        k = rng.randrange(n)
        row = [grid[board.cell(k, j)] for j in range(n)]
        p, q = sorted((row.index(1), row.index(n)))
        out.append(Sandwich((k, -1), sum(row[p + 1 : q])))
        out.append(XSum((k, -1), sum(row[: row[0]])))
        out.append(
            Skyscraper((k, -1), sum(1 for j in range(n) if row[j] > max(row[:j], default=0)))
        )
        diagonal = LittleKiller((-1, k), "DR", 0)
        out.append(LittleKiller((-1, k), "DR", sum(at(x) for x in diagonal.cells_of(board))))
        out.append(ColumnIndexer(((k, rng.randrange(n)),)))
        out.append(RowIndexer(((k, rng.randrange(n)),)))
        out.append(BoxIndexer(((k, rng.randrange(n)),)))
        out.append(ExtraRegion(line))
    out += [AntiKnight(), AntiKing(), Nonconsecutive(), DisjointGroups(), Diagonal(True)]
    return [m for m in out if _holds(board, grid, m)]


def _holds(board: Board, grid: tuple[int, ...], mark: object) -> bool:
    try:
        model = Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)), variants=[mark])  # type: ignore[list-item]
    except sm.InvalidPuzzleError:
        return False
    return model.is_solution(grid)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from([(2, 2), (2, 3)]), st.integers(2, 7), st.booleans())
def test_every_step_is_sound_on_random_variant_puzzles(seed, box, count, foreign):
    """Random marks of every kind true on a random grid, a few givens (and, with ``foreign``,
    two marks read off another grid, which may leave no solution): whatever the number of
    solutions, no step removes a digit some solution uses, and a puzzle without any ends in a
    named contradiction."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    marks = marks_on(board, grid, rng)
    chosen = rng.sample(marks, min(count, len(marks)))
    if foreign:
        chosen += rng.sample(marks_on(board, random_grid(board, rng), rng), 2)
    givens = [d if rng.random() < 0.2 else 0 for d in grid]
    model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=chosen)  # type: ignore[arg-type]
    path = logical_solve(model)
    assert_sound(model, path)


def test_a_broken_puzzle_stops_at_a_named_contradiction():
    board = Board(2, 2)
    dot = Relation.where(0, 1, 4, lambda x, y: x + y == 7)
    base = Model.from_puzzle(Puzzle.parse("1..............."))
    model = Model(board, base.givens, base.groups, constraints=(dot,))
    path = logical_solve(model)
    assert path.status == "contradiction"
    assert path.contradiction is not None and "r1c" in path.contradiction.text


def test_a_dot_inside_a_renban_line_does_not_narrow_the_whole_line():
    """A white dot on two cells of a renban line: the line's digit sets are not those whose
    every two digits are consecutive (the backtracking backend once read it so, and found no
    solution to a puzzle with two)."""
    line = Renban(((2, 2), (3, 2), (3, 3)))
    dot = Difference(((3, 3), (3, 2)), 1)
    model = Model.from_puzzle(Puzzle.parse(".123...........2"), variants=[line, dot])
    assert sm.count_solutions(model, backend="backtracking") == sm.count_solutions(
        model, backend="sat"
    )
    assert_sound(model, logical_solve(model))


def test_classic_techniques_run_on_models_with_rows_columns_and_boxes():
    """The classic grader's wings, empty rectangles and almost locked sets apply on a classic
    geometry, and every step is still sound."""
    from sudoku_models.grading.techniques import BY_NAME
    from sudoku_models.logic import WEIGHTS

    puzzle = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
    model = Model.from_puzzle(puzzle)
    path = logical_solve(model, max_depth=0)
    classic = {s.technique for s in path.steps if s.technique not in WEIGHTS}
    assert classic and all(BY_NAME[name].tier >= 3 for name in classic)
    assert_sound(model, path)


def test_clashing_givens_and_bad_arguments():
    path = logical_solve("11..............")
    assert path.status == "contradiction" and path.steps == ()
    assert path.contradiction is not None
    assert path.contradiction.text == "the givens at r1c1 and r1c2 clash"
    with pytest.raises(ValueError, match="max_depth"):
        logical_solve(".1.....4....34..", max_depth=-1)
    with pytest.raises(sm.InvalidPuzzleError):
        logical_solve("not a puzzle")


def test_hint_is_the_first_step_of_the_path():
    from sudoku_models.logic import hint

    thermo = Thermometer(((0, 2), (1, 2), (2, 2)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[thermo])
    assert hint(model) == logical_solve(model, max_depth=0).steps[0]
    assert hint("4132231412433421") is None


def trial_puzzle() -> Model:
    """A 6x6 puzzle of random marks (two solutions) whose path takes six trials."""
    rng = random.Random(126)
    board = Board(2, 3)
    grid = random_grid(board, rng)
    marks = rng.sample(marks_on(board, grid, rng), 4)
    givens = [d if rng.random() < 0.15 else 0 for d in grid]
    return Model.from_puzzle(Puzzle(board, tuple(givens)), variants=marks)  # type: ignore[arg-type]


def test_a_path_depends_on_the_puzzle_alone(monkeypatch):
    """Trials are bounded by counted propagator runs: the same puzzle gives the same path
    twice, while another process loads the processor, and with a clock that runs a thousand
    times fast (a machine a thousand times slower, as the old time budgets saw it)."""
    model = trial_puzzle()
    first = logical_solve(model, time_limit=None)
    assert first.trials >= 2
    assert logical_solve(model, time_limit=None).steps == first.steps
    busy = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        assert logical_solve(model, time_limit=None).steps == first.steps
    finally:
        busy.kill()
        busy.wait()
    real = time.perf_counter
    monkeypatch.setattr(time, "perf_counter", lambda: 1000 * real())
    assert logical_solve(model, time_limit=None).steps == first.steps


def test_the_time_limit_stops_a_path_and_says_so(monkeypatch):
    """The time limit is an outer stop: the path ends with status "stopped", says why, and its
    steps are the first steps of the path a longer limit takes."""
    model = trial_puzzle()
    full = logical_solve(model, time_limit=None)
    ticks = itertools.count()
    monkeypatch.setattr(time, "perf_counter", lambda: float(next(ticks)))  # a second a look
    path = logical_solve(model, time_limit=30)
    assert path.status == "stopped" and not path.solved
    assert path.note.startswith("stopped by the time limit of 30 s after")
    assert 0 < len(path.steps) < len(full.steps)
    assert path.steps == full.steps[: len(path.steps)]
    assert path.to_dict()["status"] == "stopped"


def test_two_peers_placed_with_one_digit_are_named():
    from sudoku_models.logic.layout import layout_of
    from sudoku_models.logic.state import State

    layout = layout_of(Model.from_puzzle(Puzzle.empty((2, 2))))
    state = State.start(layout, [0] * 16)
    assert state.broken() is None
    state.masks[5] = state.masks[6] = 0b100  # r2c2 and r2c3, placed by hand past place()
    state.placed[5] = state.placed[6] = True
    broken = state.broken()
    assert broken is not None and broken.text == "r2c2 and r2c3 both hold 3"
    state.masks[6] = 0b10
    assert state.broken() is None


@pytest.mark.parametrize("kind", ["classic", "killer"])
def test_a_hint_mid_path_is_the_step_the_path_took(kind):
    """The finders remember what they read (rules, crossings) from one position to the next:
    a position reached afresh, its digits given and its candidates struck, gets the step the
    path took there."""
    from sudoku_models.logic import hint

    if kind == "classic":
        puzzle = "6..3.2....5.....1..........7.26............543.........8.15........4.2........7.."
        model = Model.from_puzzle(puzzle)
    else:
        model = generate(seed=3, variant="killer", box=(3, 3)).model
    path = logical_solve(model, max_depth=0)
    assert len(path.steps) > 20
    n = model.n
    for k in range(0, len(path.steps), 9):
        digits, candidates = path.position(k)
        struck = [(i, d) for i, ds in candidates.items() for d in range(1, n + 1) if d not in ds]
        again = dataclasses.replace(model, givens=digits)
        assert hint(again, max_depth=0, struck=struck) == path.steps[k]


def test_a_forcing_net_copies_clones_without_counting_a_step():
    """Inside a forcing net, cells a rule makes equal share their candidates at once (a chain
    of clones r1c1 = r2c3 = r4c2 here), and a clone left with one digit is placed; the rules
    that did it are returned for the net's reasons."""
    from sudoku_models.logic.layout import layout_of
    from sudoku_models.logic.solver import _copy_equal
    from sudoku_models.logic.state import State

    clones = [Clone(((0, 0),), ((1, 2),)), Clone(((1, 2),), ((3, 1),))]
    layout = layout_of(Model.from_puzzle(Puzzle.empty((2, 2)), variants=clones))
    state = State.start(layout, [0] * 16)
    assert _copy_equal(state) == []
    state.masks[0] = 0b0011  # r1c1 is 1 or 2
    used = _copy_equal(state)
    assert state.masks[6] == state.masks[13] == 0b0011 and not state.placed[6]
    assert {label for label, _, _ in used} == {layout.rules[0].label, layout.rules[1].label}
    state.masks[13] = 0b0010  # r4c2 is 2: so are r2c3 and r1c1, and their peers are not
    _copy_equal(state)
    assert state.placed[0] and state.placed[6] and state.masks[0] == state.masks[6] == 0b0010
    assert not state.masks[1] & 0b0010 and not state.masks[14] & 0b0010  # r1c2, r4c3
    state.masks[3] = 0b0100  # r1c4 is 3 and r4c4 stays free: no equality, nothing moves
    assert _copy_equal(state) == []


def test_a_forcing_net_through_clones_is_certified():
    """Nets on puzzles with clones name the clone rules they copy through, so each is proved."""
    from sudoku_models.logic.certify import certify

    rng = random.Random(7)
    nets = 0
    for _ in range(30):
        board = Board(2, 3)
        grid = random_grid(board, rng)
        cells = [board.cell(r, c) for r in range(6) for c in range(6)]
        same = [(a, b) for a in cells for b in cells if a < b and grid[a] == grid[b]]
        pairs = rng.sample(same, 4)
        marks = [Clone((divmod(a, 6),), (divmod(b, 6),)) for a, b in pairs]
        marks += rng.sample(marks_on(board, grid, rng), 2)
        givens = [d if rng.random() < 0.15 else 0 for d in grid]
        model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=marks)  # type: ignore[arg-type]
        path = logical_solve(model, time_limit=None)
        assert_sound(model, path)
        found = [
            s
            for s in path.steps
            if s.technique == "Forcing Net" and any(r.startswith("clone") for r in s.reasons)
        ]
        nets += len(found)
        if found:
            assert all(c.certified for c in certify(path))
        if nets >= 3:
            break
    assert nets >= 3
