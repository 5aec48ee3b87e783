"""The constraint strategy and its propagators: brute-force agreement on models with primitives."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.constraints import (
    AllowedDigits,
    Automaton,
    Count,
    Element,
    Implies,
    LinearSum,
    Relation,
    SumCage,
    Table,
    Visible,
)
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.backtracking import constraint
from sudoku_models.solvers.backtracking.derived import implied_sums
from sudoku_models.solvers.backtracking.propagators import (
    AutomatonPropagator,
    CasePropagator,
    CountPropagator,
    DigitSetPropagator,
    ElementPropagator,
    LinearSumPropagator,
    TablePropagator,
    VisiblePropagator,
    digit_sets,
    group_digit_sets,
)
from sudoku_models.solvers.base import Status
from sudoku_models.variants import Sandwich, XSum

SOLVER = get_solver("backtracking:constraint")

#: Seconds any single solve in these tests may take before it counts as a failure.
TIME_LIMIT = 30.0


def random_model(rng: random.Random, box: tuple[int, int], grid: tuple[int, ...], keep: float):
    """A model over ``grid``'s board with random cages and primitives of every kind; most of
    them hold on ``grid`` (which is then a solution) and some are perturbed."""
    board = Board(*box)
    n, size = board.n, board.size
    cages = []
    for _ in range(rng.randint(0, 4)):
        cells = rng.sample(range(size), rng.randint(1, 3))
        if len({grid[i] for i in cells}) == len(cells):
            cages.append((cells, sum(grid[i] for i in cells) + rng.choice((0, 0, 0, 1, -1))))
    constraints = []
    for _ in range(rng.randint(0, 7)):
        kind = rng.randrange(8)
        if kind == 0:
            a, b = rng.sample(range(size), 2)
            digits = range(1, n + 1)
            pairs = frozenset((x, y) for x in digits for y in digits if rng.random() < 0.5)
            constraints.append(Relation(a, b, pairs | {(grid[a], grid[b])}))
        elif kind == 1:
            cells = tuple(rng.randrange(size) for _ in range(rng.randint(1, 4)))
            coeffs = tuple(rng.choice((-10, -2, -1, 1, 1, 2, 3)) for _ in cells)
            total = sum(a * grid[i] for a, i in zip(coeffs, cells)) + rng.choice((0, 0, 1))
            constraints.append(LinearSum(cells, total, coeffs))
        elif kind == 2:
            cell = rng.randrange(size)
            digits = set(rng.sample(range(1, n + 1), rng.randint(1, 3)))
            constraints.append(AllowedDigits(cell, frozenset(digits)))
        elif kind == 3:
            cells = tuple(rng.sample(range(size), rng.randint(1, 3)))
            table = Table.where(cells, n, lambda *d: rng.random() < 0.4)
            constraints.append(table)
        elif kind == 4:
            when = tuple((rng.randrange(size), rng.randint(1, n)) for _ in range(rng.randint(1, 2)))
            cells = tuple(rng.sample(range(size), rng.randint(0, 3)))
            constraints.append(Implies(when, LinearSum(cells, rng.randint(0, 3 * n))))
        elif kind == 5:
            r = rng.randrange(n)
            line = tuple(r * n + c for c in range(n))
            constraints.append(Visible(line[:: rng.choice((1, -1))], rng.randint(1, n)))
        elif kind == 6:
            a, b = rng.sample(range(size), 2)
            constraints.append(Relation.where(a, b, n, lambda x, y: x != y, "differ"))
        else:  # a sandwich or x-sum clue left of a row: named implications over the row
            r = rng.randrange(n)
            row = grid[r * n : (r + 1) * n]
            low, high = sorted((row.index(1), row.index(n)))
            sandwich = sum(row[low + 1 : high])
            x_sum = sum(row[: row[0]])
            clue = rng.choice((Sandwich((r, -1), sandwich), XSum((r, -1), x_sum)))
            constraints.extend(clue.primitives(board))
    givens = tuple(d if rng.random() < keep else 0 for d in grid)
    return Model.from_puzzle(Puzzle(board, givens), cages=cages, constraints=constraints)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32))
def test_every_random_4x4_model_has_exactly_the_brute_force_solutions(seed):
    rng = random.Random(seed)
    grids = testing.all_grids_4x4()
    model = random_model(rng, (2, 2), rng.choice(grids), keep=0.15)
    expected = sorted(g for g in grids if model.is_solution(g))
    result = SOLVER.solve(model, limit=0, time_limit=TIME_LIMIT)
    if model.clashes():
        assert result.status is Status.UNSATISFIABLE
        return
    assert sorted(s.cells for s in result.solutions) == expected


@pytest.mark.parametrize("seed", range(6))
def test_counts_agree_with_a_complete_grid_check_on_6x6(seed, oracle):
    rng = random.Random(seed)
    box = (2, 3) if seed % 2 else (3, 2)
    grid = tuple(oracle.random_grid(*box, rng))
    model = random_model(rng, box, grid, keep=0.45)
    reference = get_solver("backtracking:mrv")  # checks cages and constraints on full grids
    for limit in (0, 3):
        want = reference.solve(model, limit=limit, time_limit=TIME_LIMIT)
        got = SOLVER.solve(model, limit=limit, time_limit=TIME_LIMIT)
        assert got.status is want.status
        assert got.count == want.count
        assert all(model.is_solution(s.cells) for s in got.solutions)
        if limit == 0:
            assert set(got.solutions) == set(want.solutions)


def dominoes_killer(grid: tuple[int, ...], n: int) -> list[tuple[list[int], int]]:
    """Cages of two cells side by side over every row, with the totals of ``grid``."""
    return [
        ([r * n + c, r * n + c + 1], grid[r * n + c] + grid[r * n + c + 1])
        for r in range(n)
        for c in range(0, n - 1, 2)
    ]


def test_a_givenless_9x9_killer_agrees_with_sat(oracle):
    rng = random.Random(7)
    grid = tuple(oracle.random_grid(3, 3, rng))
    cages = dominoes_killer(grid, 9)
    model = Model.from_puzzle(Puzzle.empty((3, 3)), cages=cages)
    got = SOLVER.solve(model, limit=2, time_limit=TIME_LIMIT)
    want = get_solver("sat").solve(model, limit=2, time_limit=TIME_LIMIT)
    assert got.status is want.status
    assert got.count == want.count
    assert all(model.is_solution(s.cells) for s in got.solutions)


def test_a_thermometer_puzzle_agrees_with_sat():
    grid = Puzzle.parse(testing.NINE_BY_NINE[0])
    solution = get_solver("backtracking:fast").solve(grid).solution
    assert solution is not None
    cells = solution.cells
    n = 9
    # thermometers: every pair of orthogonal neighbours read in increasing order, from ten
    # places of the grid; a bulb below its neighbour makes a thermometer step
    steps = []
    for i in range(0, 81, 7):
        r, c = divmod(i, n)
        for j in (i + 1 if c < n - 1 else None, i + n if r < n - 1 else None):
            if j is not None:
                low, high = (i, j) if cells[i] < cells[j] else (j, i)
                steps.append(Relation.where(low, high, n, lambda x, y: x < y, "thermo"))
    givens = tuple(d if k % 4 == 0 else 0 for k, d in enumerate(cells))
    model = Model.from_puzzle(Puzzle(solution.board, givens), constraints=steps)
    result = SOLVER.solve(model, limit=0, time_limit=TIME_LIMIT)
    want = get_solver("sat").solve(model, limit=0, time_limit=TIME_LIMIT)
    assert set(result.solutions) == set(want.solutions)
    assert solution in result.solutions and result.count > 1


def test_excluded_grids_and_limits():
    model = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3), ((2, 3), 7)])
    every = SOLVER.solve(model, limit=0)
    assert every.count == 48  # rows 1: {1,2}{3,4} in 4 orders, 12 grids below each
    blocked = [s.cells for s in every.solutions[:10]]
    rest = SOLVER.solve(model, limit=0, exclude=blocked)
    assert rest.count == 38 and not set(rest.solutions) & set(every.solutions[:10])
    assert SOLVER.solve(model, limit=5).count == 5
    assert SOLVER.solve(model, limit=5).status is Status.MULTIPLE


def test_time_limit_is_honoured():
    model = Model.from_puzzle(
        Puzzle.empty((4, 4)),
        constraints=[Relation.where(i, i + 1, 16, lambda x, y: x < y) for i in range(0, 15)],
    )
    result = SOLVER.solve(model, limit=0, time_limit=0.2)  # counting never ends
    assert result.status is Status.TIMEOUT
    assert all(model.is_solution(s.cells) for s in result.solutions)


def test_unsatisfiable_models():
    impossible = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 2)])  # 1 + 1
    assert SOLVER.solve(impossible, limit=0).status is Status.UNSATISFIABLE
    nothing_left = Model.from_puzzle(
        Puzzle.empty((2, 2)), constraints=[LinearSum((0, 1), 0, (1, -1)), LinearSum((0,), 9)]
    )
    assert SOLVER.solve(nothing_left).status is Status.UNSATISFIABLE


def test_the_default_strategy_hands_models_with_constraints_over():
    model = Model.from_puzzle(
        Puzzle.empty((3, 3)), constraints=[LinearSum((0, 1, 2), 0, (1, 1, -1))]
    )
    default = get_solver("backtracking").solve(model, limit=3)
    direct = SOLVER.solve(model, limit=3)
    assert default.solutions == direct.solutions
    assert default.stats.nodes == direct.stats.nodes


@pytest.mark.heavy
def test_conformance():
    testing.check_solver(SOLVER, max_n=25, time_limit=TIME_LIMIT)


def test_stats_are_counted(oracle):
    grid = tuple(oracle.random_grid(3, 3, random.Random(3)))
    model = Model.from_puzzle(Puzzle.empty((3, 3)), cages=dominoes_killer(grid, 9))
    s = SOLVER.solve(model, limit=2).stats
    assert s.nodes >= 1 and s.guesses >= s.backtracks >= 1 and s.propagations > 0
    # four cells of box 1 would need the two digits 8 and 9
    crowded = Model.from_puzzle(Puzzle.empty((3, 3)), cages=[((0, 10), 17), ((1, 9), 17)])
    result = SOLVER.solve(crowded, limit=2)
    assert result.status is Status.UNSATISFIABLE and result.stats.conflicts >= 1


# --- each propagator against enumeration -----------------------------------------------------


def supports(cells_masks, holds):
    """Per cell, the digits of the tuples of candidates for which ``holds``."""
    options = [[d for d in range(1, 17) if m >> (d - 1) & 1] for m in cells_masks]
    keep = [0] * len(options)
    for digits in itertools.product(*options):
        if holds(digits):
            for k, d in enumerate(digits):
                keep[k] |= 1 << (d - 1)
    return tuple(keep) if any(keep) or not options else ()


masks9 = st.integers(1, 2**9 - 1)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.tuples(masks9, st.sampled_from((-10, -3, -1, 1, 2, 10))), min_size=1, max_size=4),
    st.integers(-60, 60),
)
def test_linear_sum_keeps_exactly_the_supported_digits(terms, total):
    cells = tuple(range(len(terms)))
    coeffs = tuple(a for _, a in terms)
    masks = tuple(m for m, _ in terms)
    prop = LinearSumPropagator(LinearSum(cells, total, coeffs), 9)
    expected = supports(masks, lambda ds: sum(a * d for a, d in zip(coeffs, ds)) == total)
    assert prop.prune(masks) == expected


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(masks9, st.sampled_from((-10, -1, 1, 1, 2)), st.integers(0, 2)),
        min_size=1,
        max_size=5,
    ),
    st.integers(-40, 50),
)
def test_a_linear_sum_over_peers_keeps_exactly_the_digits_of_tuples_with_them_different(
    terms, total
):
    parts = [part for _, _, part in terms]
    assume(max(parts.count(p) for p in parts) <= 3)  # a block of peers has at most 3 cells
    cells = tuple(range(len(terms)))
    peers = [{j for j in cells if j != i and parts[j] == parts[i]} for i in cells]
    coeffs = tuple(a for _, a, _ in terms)
    masks = tuple(m for m, _, _ in terms)
    prop = LinearSumPropagator(LinearSum(cells, total, coeffs), 9, peers)
    order = [cells.index(i) for i in prop.cells]  # blocks of peers come together

    def holds(ds):
        different = all(ds[i] != ds[j] for i in cells for j in peers[i])
        return different and sum(a * d for a, d in zip(coeffs, ds)) == total

    expected = supports(masks, holds)
    got = prop.prune(tuple(masks[k] for k in order))
    assert got == (tuple(expected[k] for k in order) if expected else ())


@settings(max_examples=150, deadline=None)
@given(st.lists(masks9, min_size=1, max_size=5), st.integers(1, 9))
def test_visible_keeps_exactly_the_supported_digits(masks, count):
    prop = VisiblePropagator(Visible(tuple(range(len(masks))), count), 9)

    def seen(ds):
        tallest, k = 0, 0
        for d in ds:
            if d > tallest:
                tallest, k = d, k + 1
        return k == count

    assert prop.prune(tuple(masks)) == supports(masks, seen)


@settings(max_examples=100, deadline=None)
@given(st.lists(masks9, min_size=1, max_size=3), st.integers(0, 2**32))
def test_table_keeps_exactly_the_supported_digits(masks, seed):
    rng = random.Random(seed)
    cells = tuple(range(len(masks)))
    table = Table.where(cells, 9, lambda *ds: rng.random() < 0.3)
    no_peers = [()] * len(cells)
    prop = TablePropagator(table, no_peers, 9)
    assert prop.prune(tuple(masks)) == supports(masks, lambda ds: ds in table.rows)


@settings(max_examples=150, deadline=None)
@given(st.lists(masks9, min_size=1, max_size=4), st.integers(1, 30))
def test_sum_cage_never_loses_a_supported_digit(masks, total):
    prop = DigitSetPropagator.for_cage(tuple(range(len(masks))), total, 9)
    exact = supports(masks, lambda ds: len(set(ds)) == len(ds) and sum(ds) == total)
    got = prop.prune(tuple(masks))
    if not exact:
        if all(m.bit_count() == 1 for m in masks):
            assert got == ()
        return
    assert got and all(g & e == e and g & ~m == 0 for g, e, m in zip(got, exact, masks))


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(((2, 3), (1, 7))), st.sampled_from((Sandwich, XSum)), st.data())
def test_a_sandwich_or_x_sum_never_loses_a_digit_of_a_row_meeting_it(box, clue, data):
    board = Board(*box)
    n = board.n
    row = data.draw(st.permutations(range(1, n + 1)))
    extra = data.draw(st.lists(st.integers(0, 2**n - 1), min_size=n, max_size=n))
    masks = tuple(
        (1 << (d - 1)) | (m if data.draw(st.booleans()) else 0) for d, m in zip(row, extra)
    )
    low, high = sorted((row.index(1), row.index(n)))
    meets = sum(row[low + 1 : high]) if clue is Sandwich else sum(row[: row[0]])
    total = data.draw(st.sampled_from((meets, meets, 1, 5, sum(range(2, n)))))
    try:
        rule = clue((0, -1), total).primitives(board)
    except InvalidPuzzleError:
        return
    prop = CasePropagator.of(rule, [tuple(range(n))], n)
    assert prop is not None
    options = [[d for d in range(1, n + 1) if m >> (d - 1) & 1] for m in masks]
    meeting = [
        digits
        for digits in itertools.product(*options)
        if len(set(digits)) == n and all(c.holds(digits) for c in rule)
    ]
    got = prop.prune(masks)
    if not meeting:
        if all(m.bit_count() == 1 for m in masks):
            assert got == ()
        return
    assert got and all(g & ~m == 0 for g, m in zip(got, masks))
    for digits in meeting:
        assert all(g >> (d - 1) & 1 for g, d in zip(got, digits))


def test_only_sandwich_and_x_sum_rules_over_a_full_group_are_read_as_cases():
    board = Board(3, 3)
    row = [tuple(range(9))]
    assert CasePropagator.of(Sandwich((0, -1), 12).primitives(board), row, 9) is not None
    assert CasePropagator.of(XSum((0, -1), 12).primitives(board), row, 9) is not None
    column = Sandwich((-1, 0), 12).primitives(board)
    assert CasePropagator.of(column, row, 9) is None  # no full group holds the column
    mixed = [Implies(((0, 1),), LinearSum((1,), 2)), Implies(((1, 1),), LinearSum((2,), 2))]
    assert CasePropagator.of(mixed, row, 9) is None  # conditions on two cells, one digit each


def test_digit_sets_are_tabled_per_size_and_total():
    assert digit_sets(9, 2, 3) == (0b11,)
    assert len(digit_sets(9, 3, 15)) == 8
    assert digit_sets(9, 9, 45) == (0b111111111,)
    assert digit_sets(9, 2, 18) == ()


@pytest.mark.parametrize("seed", range(30))
def test_runs_restarted_before_the_first_solution_lose_nothing(seed, monkeypatch):
    monkeypatch.setattr(constraint, "FIRST_RUN", 1)  # restart after every node or two
    rng = random.Random(seed)
    grids = testing.all_grids_4x4()
    model = random_model(rng, (2, 2), rng.choice(grids), keep=0.0)
    expected = sorted(g for g in grids if model.is_solution(g))
    result = SOLVER.solve(model, limit=0, time_limit=TIME_LIMIT)
    assert sorted(s.cells for s in result.solutions) == expected
    assert result.stats.extra["restarts"] > 0 or result.stats.nodes <= 2


def test_a_renban_group_takes_the_runs_of_consecutive_digits():
    cells = (0, 1, 2)
    renban = {
        (a, b): frozenset((x, y) for x in range(1, 10) for y in range(1, 10) if abs(x - y) <= 2)
        for a, b in itertools.combinations(cells, 2)
    }
    sets = group_digit_sets(cells, renban, 9)
    assert sets == tuple(0b111 << k for k in range(7))
    thermo = dict(renban)
    thermo[(0, 1)] = frozenset((x, y) for x, y in renban[(0, 1)] if x < y)  # not symmetric
    assert group_digit_sets(cells, thermo, 9) is None


def random_killer(rng: random.Random, box: tuple[int, int], grid: Sequence[int], cover: float):
    """Cages of up to five touching cells with the totals of ``grid``, over about ``cover`` of
    the board."""
    n = box[0] * box[1]
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free)
        cells = [start]
        free.discard(start)
        while len(cells) < rng.randint(1, 5):
            around = [
                j
                for i in cells
                for j in (i - 1, i + 1, i - n, i + n)
                if j in free and abs(j % n - i % n) <= 1 and grid[j] not in {grid[c] for c in cells}
            ]
            if not around:
                break
            j = rng.choice(around)
            cells.append(j)
            free.discard(j)
        if rng.random() < cover:
            cages.append((cells, sum(grid[c] for c in cells)))
    return cages


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.sampled_from(((2, 2), (2, 3), (3, 3))), st.floats(0.5, 1.0))
def test_every_implied_sum_holds_on_the_grid_the_cages_come_from(oracle, seed, box, cover):
    rng = random.Random(seed)
    grid = oracle.random_grid(*box, rng)
    n = box[0] * box[1]
    cages = [SumCage(tuple(cells), total) for cells, total in random_killer(rng, box, grid, cover)]
    a, b = rng.sample(range(n * n), 2)
    if grid[a] != grid[b]:
        cages.append(SumCage((a, b), grid[a] + grid[b]))  # may overlap the others
    model = Model.from_puzzle(Puzzle.empty(box), cages=[(c.cells, c.total) for c in cages])
    for implied in implied_sums(n, model.full_groups(), cages):
        assert implied.holds(grid), implied


def _implied_by_definition(n, groups, cages):
    """The innie and outie sums of each region, as (cells added, cells taken, total), read
    straight from their definition."""
    whole = n * (n + 1) // 2
    regions = [set(g) for g in groups]
    regions += [a | b for a, b in itertools.combinations(regions, 2) if not a & b]
    found = set()
    for region in regions:
        total = whole * len(region) // n
        meeting = [c for c in cages if region & set(c.cells)]
        inside = [c for c in meeting if set(c.cells) <= region]
        innies = region - {i for c in inside for i in c.cells}
        found.add((tuple(sorted(innies)), (), total - sum(c.total for c in inside)))
        covered = {i for c in meeting for i in c.cells}
        loose, outies = tuple(sorted(region - covered)), tuple(sorted(covered - region))
        found.add((loose, outies, total - sum(c.total for c in meeting)))
    return {f for f in found if 0 < len(f[0]) + len(f[1]) <= 4}


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)])
def test_implied_sums_stay_right_while_cages_change_one_by_one(oracle, box):
    # The sums come from per-cage counts and per-region answers kept between calls: layouts
    # that differ by one cage at a time (as a generator asks) must give what the definition does.
    rng = random.Random(5)
    n = box[0] * box[1]
    grid = oracle.random_grid(*box, rng)
    cages = [SumCage(tuple(cells), total) for cells, total in random_killer(rng, box, grid, 1.0)]
    groups = Model.from_puzzle(Puzzle.empty(box)).full_groups()
    for k in range(len(cages)):
        layout = cages[:k] + cages[k + 1 :]
        got = [
            (
                tuple(i for i, a in zip(s.cells, s.coeffs) if a > 0),
                tuple(i for i, a in zip(s.cells, s.coeffs) if a < 0),
                s.total,
            )
            for s in implied_sums(n, groups, layout)
        ]
        assert len(got) == len(set(got))
        assert set(got) == _implied_by_definition(n, groups, layout)


@pytest.mark.parametrize("seed", range(4))
def test_givenless_killers_agree_with_sat(oracle, seed):
    rng = random.Random(seed)
    box = (2, 3) if seed < 2 else (3, 3)
    grid = oracle.random_grid(*box, rng)
    model = Model.from_puzzle(Puzzle.empty(box), cages=random_killer(rng, box, grid, 1.0))
    for limit in (2, 20):
        got = SOLVER.solve(model, limit=limit, time_limit=TIME_LIMIT)
        want = get_solver("sat").solve(model, limit=limit, time_limit=TIME_LIMIT)
        assert got.status is want.status and got.count == want.count
        assert all(model.is_solution(s.cells) for s in got.solutions)


def _supported(constraint, cells, masks, n):
    """Per cell, the digits of the tuples of candidates that meet ``constraint`` (brute force)."""
    options = [[d for d in range(1, n + 1) if m >> (d - 1) & 1] for m in masks]
    keep = [0] * len(cells)
    for digits in itertools.product(*options):
        if constraint.holds(dict(zip(cells, digits))):
            for k, d in enumerate(digits):
                keep[k] |= 1 << (d - 1)
    return keep


def _run(prop, cells, masks, size):
    cand = [0] * size
    for i, m in zip(cells, masks):
        cand[i] = m
    ok = prop.run(cand, lambda i, m: bool(cand.__setitem__(i, m) or m))
    return [cand[i] for i in cells] if ok else None


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 15), min_size=1, max_size=5), st.integers(0, 2**32))
def test_automaton_keeps_exactly_the_supported_digits(masks, seed):
    rng = random.Random(seed)
    cells = tuple(range(len(masks)))
    steps = frozenset(
        (q, d, r) for q in range(3) for d in range(1, 5) for r in range(3) if rng.random() < 0.4
    )
    try:
        rule = Automaton(cells, steps, 0, frozenset({rng.randrange(3)}))
    except InvalidPuzzleError:
        return
    keep = _supported(rule, cells, masks, 4)
    got = AutomatonPropagator(rule, 4).prune(tuple(masks))
    assert list(got) == (keep if all(keep) else [])


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(1, 15), min_size=1, max_size=5), st.integers(0, 5), st.integers(0, 5))
def test_count_keeps_exactly_the_supported_digits(masks, low, extra):
    cells = tuple(range(len(masks)))
    assume(low <= len(cells))
    rule = Count(cells, frozenset({1, 3}), low, low + extra)
    keep = _supported(rule, cells, masks, 4)
    got = _run(CountPropagator(rule, 4), cells, masks, len(cells))
    assert got == (keep if all(keep) else None)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 15), min_size=4, max_size=4), st.integers(0, 2**32))
def test_element_keeps_the_supported_digits_and_settles_a_fixed_index(masks, seed):
    rng = random.Random(seed)
    choices = tuple(rng.randrange(4) for _ in range(rng.randint(1, 4)))
    if rng.random() < 0.5:
        rule = Element(0, choices, value=rng.randint(1, 4))
    else:
        rule = Element(0, choices, target=rng.randrange(4))
    cells = (0, 1, 2, 3)
    keep = _supported(rule, cells, masks, 4)
    got = _run(ElementPropagator(rule, 4), cells, masks, 4)
    if got is None:
        assert not all(keep)  # it fails only when no assignment meets the rule
        return
    assert all(g & k == k for g, k in zip(got, keep))  # sound: no supported digit lost
    if all(keep):
        assert got[0] == keep[0]  # the index keeps exactly its supported digits
    if all(m.bit_count() == 1 for m in masks):  # complete on fixed cells
        assert rule.holds({i: m.bit_length() for i, m in zip(cells, masks)})
