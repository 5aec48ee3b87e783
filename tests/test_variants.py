"""Every variant rule on 4x4 boards: each backend finds exactly the grids an independent check of
the rule accepts, among all 288 grids, with and without givens; plus rules on 6x6 boards
compared across backends, and clear errors for bad rules."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Callable

import pytest

import sudoku_models.variants as v
from sudoku_models.board import Board
from sudoku_models.constraints import AllDifferent
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import Solver, get_solver

Grid = list[list[int]]  # g[r][c]

BACKENDS = (
    "sat",
    "sat:minisat22:simplify",
    "cpsat:integer",
    "cpsat:boolean",
    "backtracking",
    "mip",
    "smt",
    "asp",
)


def _solver(name: str) -> Solver:
    if name.endswith(":simplify"):
        return get_solver(name.rsplit(":", 1)[0], givens="simplify")
    return get_solver(name)


@functools.cache
def all_grids() -> list[tuple[int, ...]]:
    """Every 4x4 Sudoku grid, by plain enumeration from coordinates."""
    out: list[tuple[int, ...]] = []
    cells = [0] * 16

    def ok(i: int, d: int) -> bool:
        r, c = divmod(i, 4)
        for j in range(i):
            s, t = divmod(j, 4)
            if cells[j] == d and (s == r or t == c or (s // 2, t // 2) == (r // 2, c // 2)):
                return False
        return True

    def walk(i: int) -> None:
        if i == 16:
            out.append(tuple(cells))
            return
        for d in range(1, 5):
            if ok(i, d):
                cells[i] = d
                walk(i + 1)
        cells[i] = 0

    walk(0)
    return out


def rows_of(cells: tuple[int, ...]) -> Grid:
    return [list(cells[r * 4 : r * 4 + 4]) for r in range(4)]


def distinct(values: list[int]) -> bool:
    return len(set(values)) == len(values)


def at(g: Grid, cells: list[tuple[int, int]]) -> list[int]:
    return [g[r][c] for r, c in cells]


def neighbours() -> list[tuple[tuple[int, int], tuple[int, int]]]:
    pairs = [((r, c), (r, c + 1)) for r in range(4) for c in range(3)]
    return pairs + [((r, c), (r + 1, c)) for r in range(3) for c in range(4)]


def seen(values: list[int]) -> int:
    return sum(1 for k, x in enumerate(values) if all(x > y for y in values[:k]))


def sandwich(values: list[int]) -> int:
    a, b = sorted((values.index(1), values.index(4)))
    return sum(values[a + 1 : b])


def moves(g: Grid, steps: list[tuple[int, int]]) -> bool:
    return all(
        g[r][c] != g[r + dr][c + dc]
        for r in range(4)
        for c in range(4)
        for dr, dc in steps
        if 0 <= r + dr < 4 and 0 <= c + dc < 4
    )


JIGSAW = (
    ((0, 0), (0, 1), (0, 2), (1, 0)),
    ((0, 3), (1, 1), (1, 2), (1, 3)),
    ((2, 0), (2, 1), (3, 0), (3, 1)),
    ((2, 2), (2, 3), (3, 2), (3, 3)),
)
KNIGHT = [(1, -2), (1, 2), (2, -1), (2, 1)]
CENTRE = [(1, 1), (1, 2), (2, 1), (2, 2)]
COL0 = [(0, 0), (1, 0), (2, 0), (3, 0)]


#: Dots of a grid where every consecutive or double neighbour pair is marked, a 1-2 pair on a
#: white dot among them: under strict Kropki, that grid alone.
WHITE = [((0, 0), (0, 1)), ((0, 1), (0, 2)), ((0, 2), (0, 3)), ((1, 0), (1, 1)), ((1, 0), (2, 0))]
WHITE += [((1, 2), (1, 3)), ((1, 3), (2, 3)), ((2, 0), (2, 1)), ((2, 2), (2, 3)), ((3, 0), (3, 1))]
WHITE += [((3, 1), (3, 2)), ((3, 2), (3, 3))]
BLACK = [((0, 1), (1, 1)), ((0, 3), (1, 3)), ((2, 0), (3, 0)), ((2, 2), (3, 2))]


def _strict_kropki(g: Grid) -> bool:
    for pair in neighbours():
        (a, b), (c, d) = pair
        x, y = g[a][b], g[c][d]
        consecutive, double = abs(x - y) == 1, x == 2 * y or y == 2 * x
        if (pair in WHITE and not consecutive) or (pair in BLACK and not double):
            return False
        if pair not in WHITE and pair not in BLACK and (consecutive or double):
            return False
    return True


def _zip_even(g: Grid) -> bool:
    return g[0][0] + g[1][0] == g[0][1] + g[1][1]


#: id -> (variants, independent check of a grid g[r][c]); the check never uses the package.
CASES: dict[str, tuple[list[v.Variant], Callable[[Grid], bool]]] = {
    "jigsaw": (
        [v.Jigsaw(JIGSAW)],
        lambda g: all(distinct(at(g, list(reg))) for reg in JIGSAW),
    ),
    "extra region": ([v.ExtraRegion(tuple(CENTRE))], lambda g: distinct(at(g, CENTRE))),
    "diagonals": (
        [v.Diagonal(True), v.Diagonal(False)],
        lambda g: (
            distinct([g[k][k] for k in range(4)]) and distinct([g[k][3 - k] for k in range(4)])
        ),
    ),
    "disjoint groups": (
        [v.DisjointGroups()],
        lambda g: all(
            distinct([g[br + dr][bc + dc] for br in (0, 2) for bc in (0, 2)])
            for dr in (0, 1)
            for dc in (0, 1)
        ),
    ),
    "anti-knight": ([v.AntiKnight()], lambda g: moves(g, KNIGHT)),
    "anti-king": ([v.AntiKing()], lambda g: moves(g, [(1, 1), (1, -1)])),
    "killer": (
        [v.KillerCage(((0, 0), (0, 1), (1, 0)), 6), v.KillerCage(((1, 1), (1, 2), (2, 1)))],
        lambda g: (
            sum(at(g, [(0, 0), (0, 1), (1, 0)])) == 6 and distinct(at(g, [(1, 1), (1, 2), (2, 1)]))
        ),
    ),
    "little killer": (
        [v.LittleKiller((-1, 0), "DR", 6), v.LittleKiller((4, 1), "UR", 7)],
        lambda g: g[0][1] + g[1][2] + g[2][3] == 6 and g[3][2] + g[2][3] == 7,
    ),
    "sandwich": (
        [v.Sandwich((-1, 1), 5), v.Sandwich((2, -1), 0)],
        lambda g: sandwich([g[r][1] for r in range(4)]) == 5 and sandwich(g[2]) == 0,
    ),
    "x-sum": (
        [v.XSum((0, -1), 6), v.XSum((-1, 3), 3)],
        lambda g: sum(g[0][: g[0][0]]) == 6 and sum(g[r][3] for r in range(g[0][3])) == 3,
    ),
    "skyscraper": (
        [v.Skyscraper((-1, 2), 3), v.Skyscraper((1, 4), 2)],
        lambda g: seen([g[r][2] for r in range(4)]) == 3 and seen(g[1][::-1]) == 2,
    ),
    "thermometer": (
        [v.Thermometer(((3, 0), (2, 0), (2, 1)))],
        lambda g: g[3][0] < g[2][0] < g[2][1],
    ),
    "slow thermometer": (
        [v.SlowThermometer(((0, 0), (1, 2), (2, 1)))],
        lambda g: g[0][0] <= g[1][2] <= g[2][1],
    ),
    "arrow": (
        [v.Arrow(((0, 0),), ((1, 1), (2, 2)))],
        lambda g: g[0][0] == g[1][1] + g[2][2],
    ),
    "pill arrow": (
        [v.Arrow(((0, 0), (0, 1)), ((1, 0), (2, 0), (3, 0), (3, 1), (3, 2)))],
        lambda g: 10 * g[0][0] + g[0][1] == g[1][0] + g[2][0] + g[3][0] + g[3][1] + g[3][2],
    ),
    "kropki and xv": (
        [
            v.Difference(((0, 0), (0, 1))),
            v.Ratio(((1, 0), (1, 1))),
            v.XV(((2, 0), (2, 1)), 5),
        ],
        lambda g: (
            abs(g[0][0] - g[0][1]) == 1
            and g[1][0] in (2 * g[1][1], g[1][1] / 2)
            and g[2][0] + g[2][1] == 5
        ),
    ),
    "negative ratio": (
        [v.Ratio(((0, 0), (0, 1))), v.Negative("ratio")],
        lambda g: (
            g[0][0] in (2 * g[0][1], g[0][1] / 2)
            and all(
                g[a][b] not in (2 * g[c][d], g[c][d] / 2)
                for (a, b), (c, d) in neighbours()
                if ((a, b), (c, d)) != ((0, 0), (0, 1))
            )
        ),
    ),
    "negative xv": (
        [v.XV(((0, 0), (1, 0)), 5), v.Negative("xv")],
        lambda g: (
            g[0][0] + g[1][0] == 5
            and all(
                g[a][b] + g[c][d] not in (5, 10)
                for (a, b), (c, d) in neighbours()
                if ((a, b), (c, d)) != ((0, 0), (1, 0))
            )
        ),
    ),
    "strict kropki": (
        [*(v.Difference(p) for p in WHITE), *(v.Ratio(p) for p in BLACK), v.StrictKropki()],
        _strict_kropki,
    ),
    "same values": (
        [v.SameValues(((0, 0), (0, 1), (2, 2), (3, 3)), 2)],
        lambda g: sorted(at(g, [(0, 0), (0, 1)])) == sorted(at(g, [(2, 2), (3, 3)])),
    ),
    "same values, one cell a run": (
        [v.SameValues(((0, 0), (1, 2), (2, 1)), 3)],
        lambda g: g[0][0] == g[1][2] == g[2][1],
    ),
    "nonconsecutive": (
        [v.Nonconsecutive(), v.Difference(((0, 0), (0, 1)))],
        lambda g: (
            abs(g[0][0] - g[0][1]) == 1
            and all(
                abs(g[a][b] - g[c][d]) != 1
                for (a, b), (c, d) in neighbours()
                if ((a, b), (c, d)) != ((0, 0), (0, 1))
            )
        ),
    ),
    "odd even": ([v.Odd((0, 0)), v.Even((1, 1))], lambda g: g[0][0] % 2 == 1 and g[1][1] % 2 == 0),
    "minimum maximum": (
        [v.Minimum((1, 1)), v.Maximum((2, 2)), v.Minimum((1, 2))],
        lambda g: (
            g[1][1] < min(g[0][1], g[2][1], g[1][0])
            and g[1][2] < min(g[0][2], g[2][2], g[1][3])
            and g[2][2] > max(g[1][2], g[3][2], g[2][1], g[2][3])
        ),
    ),
    "whispers": (
        [v.Whispers(((0, 0), (1, 1), (2, 1)))],
        lambda g: abs(g[0][0] - g[1][1]) >= 2 and abs(g[1][1] - g[2][1]) >= 2,
    ),
    "dutch whispers gap 3": (
        [v.Whispers(((0, 0), (1, 1)), 3)],
        lambda g: abs(g[0][0] - g[1][1]) >= 3,
    ),
    "renban": (
        [v.Renban(((0, 0), (1, 1), (2, 2)))],
        lambda g: sorted(at(g, [(0, 0), (1, 1), (2, 2)])) in ([1, 2, 3], [2, 3, 4]),
    ),
    "palindrome": (
        [v.Palindrome(((0, 0), (1, 1), (2, 2), (3, 3), (3, 2)))],
        lambda g: g[0][0] == g[3][2] and g[1][1] == g[3][3],
    ),
    "between line": (
        [v.BetweenLine(((0, 0), (0, 1), (1, 2), (1, 3)))],
        lambda g: all(
            min(g[0][0], g[1][3]) < x < max(g[0][0], g[1][3]) for x in (g[0][1], g[1][2])
        ),
    ),
    "region-sum line": (
        [v.RegionSumLine(((0, 0), (0, 1), (0, 2), (0, 3), (1, 3)))],
        lambda g: g[0][0] + g[0][1] == g[0][2] + g[0][3] + g[1][3],
    ),
    "zipper odd": (
        [v.ZipperLine(((0, 0), (1, 1), (2, 0)))],
        lambda g: g[0][0] + g[2][0] == g[1][1],
    ),
    "zipper even": ([v.ZipperLine(((0, 0), (0, 1), (1, 1), (1, 0)))], _zip_even),
    "clone": (
        [v.Clone(((0, 0), (0, 1)), ((2, 2), (2, 3)))],
        lambda g: g[0][0] == g[2][2] and g[0][1] == g[2][3],
    ),
    "quadruple": (
        [v.Quadruple(tuple(CENTRE), (1, 1))],
        lambda g: at(g, CENTRE).count(1) >= 2,
    ),
    "column indexer": (
        [v.ColumnIndexer(tuple(COL0))],
        lambda g: all(g[r][g[r][0] - 1] == 1 for r in range(4)),
    ),
    "row indexer": (
        [v.RowIndexer(((0, 0), (0, 1), (0, 2), (0, 3)))],
        lambda g: all(g[g[0][c] - 1][c] == 1 for c in range(4)),
    ),
    "box indexer": (
        [v.BoxIndexer(((0, 0), (0, 1), (1, 0), (1, 1)))],
        lambda g: all(
            [g[0][0], g[0][1], g[1][0], g[1][1]][[g[0][0], g[0][1], g[1][0], g[1][1]][p] - 1]
            == p + 1
            for p in range(4)
        ),
    ),
}


@functools.cache
def expected(case: str, givens: tuple[int, ...]) -> frozenset[tuple[int, ...]]:
    check = CASES[case][1]
    return frozenset(
        g
        for g in all_grids()
        if check(rows_of(g)) and all(x in (0, y) for x, y in zip(givens, g, strict=True))
    )


def givens_for(case: str) -> tuple[int, ...]:
    """Two givens from one grid the rule allows (none when no grid does)."""
    grids = sorted(expected(case, (0,) * 16))
    if not grids:
        return (0,) * 16
    grid = grids[len(grids) // 2]
    return tuple(d if i in (5, 14) else 0 for i, d in enumerate(grid))


def test_all_grids_are_288() -> None:
    assert len(all_grids()) == 288


#: Backend and whether the board has givens (simplifying by the givens needs givens; the MIP
#: backend re-solves once per grid, so it enumerates only the fewer grids that keep givens).
SETUPS = [
    (b, g)
    for b in BACKENDS
    for g in (False, True)
    if g or (not b.endswith("simplify") and b != "mip")
]


@pytest.mark.parametrize(
    ("backend", "with_givens"), SETUPS, ids=[f"{b}-{'givens' if g else 'empty'}" for b, g in SETUPS]
)
@pytest.mark.parametrize("case", sorted(CASES))
def test_backend_finds_exactly_the_grids_the_rule_allows(
    case: str, backend: str, with_givens: bool
) -> None:
    givens = givens_for(case) if with_givens else (0,) * 16
    model = Model.from_puzzle(Puzzle(Board(2, 2), givens), variants=CASES[case][0])
    want = expected(case, givens)
    assert len(want) < 288  # the rule binds
    try:
        result = _solver(backend).solve(model, limit=0, time_limit=60)
    except UnsupportedModelError as exc:
        pytest.skip(f"{backend}: {exc}")
    got = {s.cells for s in result.solutions}
    assert got == want
    assert all(model.is_solution(g) for g in got)


def test_the_primitives_keep_their_meaning_on_every_grid() -> None:
    """``Model.is_solution`` (the primitives' ``holds``) agrees with each independent check."""
    for case, (rules, _) in CASES.items():
        model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=rules)
        accepted = {g for g in all_grids() if model.is_solution(g)}
        assert accepted == expected(case, (0,) * 16), case


SIX = Puzzle.parse("1.....4.....2.....5.....3.....6.....", box=(2, 3))


@pytest.mark.parametrize(
    "rules",
    [
        [v.EntropicLine(((0, 0), (0, 1), (1, 2), (2, 2), (3, 3)))],
        [v.Skyscraper((-1, 0), 4), v.Sandwich((0, -1), 5), v.XSum((-1, 5), 3)],
        [v.Thermometer(((0, 0), (1, 1), (1, 2), (2, 3))), v.Renban(((0, 3), (1, 3), (1, 4)))],
        [v.AntiKing(), v.LittleKiller((-1, -1), "DR", 16)],
        [v.Diagonal(True), v.LittleKiller((-1, -1), "DR", 16)],
    ],
    ids=["entropic", "outside clues", "thermo renban", "anti-king", "diagonal"],
)
def test_backends_agree_on_six_by_six(rules: list[v.Variant]) -> None:
    model = Model.from_puzzle(SIX, variants=rules)
    counts = {}
    for backend in ("sat", "cpsat:integer", "cpsat:boolean", "smt", "asp"):
        result = get_solver(backend).solve(model, limit=0, time_limit=60)
        counts[backend] = sorted(s.cells for s in result.solutions)
        assert all(model.is_solution(g) for g in counts[backend])
    assert all(found == counts["sat"] for found in counts.values()), counts.keys()
    assert counts["sat"]


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        ([v.KillerCage(((0, 0), (0, 1)), 20)], "no 2 different digits add up to 20"),
        ([v.KillerCage(((0, 0), (0, 5)), 3)], "r1c6 is outside the 4x4 grid"),
        ([v.Jigsaw((*JIGSAW[:3], ((2, 2), (2, 3), (3, 2))))], "region 4 has 3 cells"),
        ([v.Arrow((), ((0, 0), (0, 1)))], "the arrow has no circle"),
        ([v.LittleKiller((-1, 0), "DR", 40)], "cannot add up to 40"),
        ([v.EntropicLine(((0, 0), (0, 1), (0, 2)))], "do not split in thirds"),
        ([v.Negative("sum")], "known kinds are"),
        ([v.Sandwich((1, 1), 3)], "not beside a row or column"),
    ],
)
def test_bad_rules_name_the_rule_and_the_cells(rules: list[v.Variant], message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        Model.from_puzzle(Puzzle.empty((2, 2)), variants=rules)


def test_strict_kropki_lets_a_dot_of_either_colour_hold_one_and_two() -> None:
    rules = [*(v.Difference(p) for p in WHITE), *(v.Ratio(p) for p in BLACK)]
    strict = Model.from_puzzle(Puzzle.empty((2, 2)), variants=[*rules, v.StrictKropki()])
    [grid] = [g for g in all_grids() if strict.is_solution(g)]
    assert {grid[0], grid[1]} == {1, 2}  # the white dot of r1c1-r1c2 joins 1 and 2
    negatives = [v.Negative("difference"), v.Negative("ratio")]
    both = Model.from_puzzle(Puzzle.empty((2, 2)), variants=[*rules, *negatives])
    assert not both.is_solution(grid)


def test_same_values_compares_long_runs_digit_by_digit() -> None:
    with pytest.raises(InvalidPuzzleError, match="do not cut into 2 runs"):
        v.SameValues(((0, 0), (0, 1), (0, 2)), 2).primitives(Board(2, 2))
    rows = v.SameValues(tuple((r, c) for r in (0, 4) for c in range(9)), 2)
    parts = rows.primitives(Board(3, 3))
    assert len(parts) == 9  # one counting automaton a digit
    grid = [0] * 81
    grid[:9], grid[36:45] = range(1, 10), range(9, 0, -1)
    assert all(p.holds(grid) for p in parts)
    grid[36:38] = [1, 1]  # two 1s and no 9 in the second run
    assert not all(p.holds(grid) for p in parts)
    rng = random.Random(7)
    for _ in range(300):
        first = [rng.randint(1, 3) for _ in range(9)]
        second = (
            rng.sample(first, 9) if rng.random() < 0.5 else [rng.randint(1, 3) for _ in range(9)]
        )
        grid[:9], grid[36:45] = first, second
        assert all(p.holds(grid) for p in parts) == (sorted(first) == sorted(second))


def test_rules_compose_and_stay_on_the_model() -> None:
    rules = [v.Diagonal(False), v.AntiKnight(), v.Thermometer(((0, 0), (0, 1)))]
    model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=rules)
    assert model.variants == tuple(rules)
    assert model == Model.from_puzzle(Puzzle.empty((2, 2)), variants=list(rules))
    grids = {g for g in all_grids() if model.is_solution(g)}
    assert grids == {
        g
        for g in all_grids()
        if distinct([rows_of(g)[k][k] for k in range(4)])
        and moves(rows_of(g), KNIGHT)
        and g[0] < g[1]
    }
    assert not model.is_classic


def test_windoku_regions_sit_between_the_boxes() -> None:
    regions = v.windoku(Board(3, 3))
    assert [r.cells[0] for r in regions] == [(1, 1), (1, 5), (5, 1), (5, 5)]
    assert all(len(r.cells) == 9 for r in regions)


def test_every_rule_draws_and_describes_itself() -> None:
    board = Board(2, 2)
    for rules, _ in CASES.values():
        for rule in rules:
            parts = rule.svg(board, 30)
            assert all(p.startswith("<") for p in parts)
            assert rule.describe().startswith(rule.name)


def test_rules_are_reusable_on_any_board() -> None:
    rule = v.Thermometer(((0, 0), (0, 1), (0, 2)))
    small = Model.from_puzzle(Puzzle.empty((2, 2)), variants=[rule])
    big = Model.from_puzzle(Puzzle.empty((3, 3)), variants=[rule])
    assert len(small.constraints) == len(big.constraints) == 3
    assert list(itertools.chain(*(c.cells for c in big.constraints))) == [0, 1, 0, 2, 1, 2]


def test_every_rule_shows_what_it_becomes_in_each_backend() -> None:
    from sudoku_models.rule_view import view

    for case, (rules, _) in CASES.items():
        for rule in rules:
            seen = view(rule, box=(2, 2))
            assert seen.primitives, case
            assert seen.clauses or not any(isinstance(p, AllDifferent) for p in seen.primitives), (
                case
            )
            assert seen.cpsat_integer and seen.cpsat_boolean, case
            assert seen.mip_rows and seen.smt and seen.asp, case
            assert all(seen.describe_clause(c) for c in seen.clauses[:3])
