"""The rank primitive and full rank: exact solution sets against brute force on 4x4 grids, the
handwritten propagator's pruning, and refusals of bad input."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import Model, Puzzle, formats, get_solver, testing
from sudoku_models.board import Board
from sudoku_models.constraints import Rank
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.formats import iss
from sudoku_models.solvers.backtracking.propagators import RankPropagator
from sudoku_models.variants import FullRank, NoRankTies

GRIDS = testing.all_grids_4x4()
EMPTY = Puzzle.empty((2, 2))


def _line_numbers(grid: tuple[int, ...], n: int = 4) -> dict[tuple[int, int], tuple[int, ...]]:
    """Each of the 4n lines as its digits, keyed by the outside cell it is read from."""
    rows = [grid[r * n : r * n + n] for r in range(n)]
    cols = [tuple(row[c] for row in rows) for c in range(n)]
    out = {}
    for k in range(n):
        out[k, -1], out[k, n] = rows[k], rows[k][::-1]
        out[-1, k], out[n, k] = cols[k], cols[k][::-1]
    return out


def _full_rank_holds(grid: tuple[int, ...], clue: tuple[int, int], rank: int, ties: bool) -> bool:
    """Full rank read straight from its rules: the clued line's place among the sorted lines."""
    lines = _line_numbers(grid)
    mine = lines.pop(clue)
    below = sum(other < mine for other in lines.values())
    same = sum(other == mine for other in lines.values())
    if ties:
        return below + 1 <= rank <= below + same + 1
    return same == 0 and rank == below + 1


def _solutions(model: Model, backend: str) -> list[tuple[int, ...]]:
    return sorted(s.cells for s in get_solver(backend).solve(model, limit=0).solutions)


@st.composite
def ranks(draw: st.DrawFn) -> Rank:
    length = draw(st.integers(1, 4))
    line = st.lists(st.integers(0, 15), min_size=length, max_size=length).map(tuple)
    others = draw(st.lists(line, min_size=1, max_size=5))
    k = len(others)
    bounds = []
    for _ in range(3):
        low = draw(st.integers(0, k))
        bounds.append((low, draw(st.sampled_from([-1, *range(low, k + 1)]))))
    try:
        return Rank(draw(line), tuple(others), *bounds)
    except InvalidPuzzleError:
        return Rank(draw(line), tuple(others))


@settings(max_examples=40, deadline=None)
@given(ranks())
def test_random_ranks_have_exactly_the_brute_force_solutions(rule: Rank) -> None:
    model = Model.from_puzzle(EMPTY, constraints=(rule,))
    want = sorted(g for g in GRIDS if rule.holds(g))
    for backend in ("sat", "backtracking"):
        assert _solutions(model, backend) == want, backend


def test_holds_reads_lines_as_numbers() -> None:
    rule = Rank((0, 1), ((2, 3), (4, 5), (6, 7)), smaller=(1, 1), equal=(1, 1), larger=(1, 1))
    assert rule.tally([3, 4, 2, 9, 3, 4, 4, 1]) == (1, 1, 1)
    assert rule.holds([3, 4, 2, 9, 3, 4, 4, 1])
    assert not rule.holds([3, 4, 2, 9, 3, 5, 4, 1])


@pytest.mark.parametrize(
    ("clue", "rank", "ties"),
    [((-1, 0), 6, False), ((2, 4), 11, False), ((4, 3), 16, False), ((0, -1), 7, True)],
)
def test_full_rank_clue_on_4x4_matches_its_rules_on_every_grid(
    clue: tuple[int, int], rank: int, ties: bool
) -> None:
    model = Model.from_puzzle(EMPTY, variants=[FullRank(clue, rank, ties)])
    want = sorted(g for g in GRIDS if _full_rank_holds(g, clue, rank, ties))
    assert want  # the clue is not void on 4x4
    assert _solutions(model, "sat") == want
    assert _solutions(model, "backtracking") == want


def test_no_rank_ties_keeps_every_line_distinct() -> None:
    model = Model.from_puzzle(EMPTY, variants=[NoRankTies()])
    want = sorted(g for g in GRIDS if len(set(_line_numbers(g).values())) == 16)
    assert 0 < len(want) < len(GRIDS)
    assert _solutions(model, "sat") == want


def test_a_clue_fixes_its_first_digit() -> None:
    board = Board(3, 3)
    first, rule = FullRank((4, 9), 17).primitives(board)
    assert first.cell == board.cell(4, 8) and first.digits == frozenset({5})
    assert isinstance(rule, Rank) and len(rule.others) == 35 and rule.line[0] == board.cell(4, 8)


def test_the_propagator_orders_a_pair_at_a_bound() -> None:
    # (2, 3) must read smaller than (0, 1); both start with 2, so cell 3 < cell 1 (at most 3)
    rule = Rank((0, 1), ((2, 3),), smaller=(1, 1))
    cand = [0b0010, 0b0110, 0b0010, 0b1111]
    narrowed: dict[int, int] = {}

    def narrow(i: int, mask: int) -> bool:
        narrowed[i] = cand[i] = mask
        return bool(mask)

    assert RankPropagator(rule).run(cand, narrow)
    assert narrowed == {3: 0b0011}


def test_the_propagator_makes_lines_that_must_tie_share_digits() -> None:
    rule = Rank((0, 1), ((2, 3),), equal=(1, 1))
    cand = [0b0011, 0b0100, 0b1010, 0b1111]  # r: {1,2} {3}; other: {2,4} {1..4}

    def narrow(i: int, mask: int) -> bool:
        cand[i] = mask
        return bool(mask)

    assert RankPropagator(rule).run(cand, narrow)
    assert cand == [0b0010, 0b0100, 0b0010, 0b0100]


def test_the_propagator_fails_when_too_few_can_be_smaller() -> None:
    rule = Rank((0,), ((1,), (2,)), smaller=(2, 2))
    cand = [0b0010, 0b0001, 0b1000]  # 2 against 1 and 4: only one is smaller
    assert not RankPropagator(rule).run(cand, lambda i, m: True)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Rank((), ((1,),)), "a line and some lines"),
        (lambda: Rank((0, 1), ((2,),)), "differ in length"),
        (lambda: Rank((0,), ((1,),), smaller=(2, 2)), "cannot be smaller"),
        (lambda: Rank((0,), ((1,), (2,)), smaller=(1, 1), equal=(1, 1), larger=(1, 1)), "add up"),
        (lambda: Rank((0,), ((1,), (2,)), smaller=(0, 0), equal=(0, 0), larger=(0, 1)), "add up"),
    ],
)
def test_bad_ranks_are_refused_in_one_line(make: object, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        make()  # type: ignore[operator]


def test_a_rank_beyond_the_lines_is_refused() -> None:
    with pytest.raises(
        InvalidPuzzleError, match=re.escape("full rank 37 at R0C1: the rank is not 1..36")
    ):
        Model.from_puzzle(Puzzle.empty(), variants=[FullRank((-1, 0), 37)])


def test_iss_tie_settings_read_and_write_back() -> None:
    text = ".Shape~4x4.FullRank~C1~10~.FullRank~R4~~5.FullRankTies~any"
    model = formats.read(text).model
    assert model.variants == (FullRank((-1, 0), 10, True), FullRank((3, 4), 5, True))
    assert formats.read(iss.write(model)).model == model
    strict = formats.read(".Shape~4x4.FullRank~C1~10~.FullRankTies~none").model
    assert strict.variants == (FullRank((-1, 0), 10), NoRankTies())
    assert formats.read(iss.write(strict)).model == strict


def test_an_unknown_tie_setting_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="FullRankTies 'some'"):
        formats.read(".FullRank~C1~10~.FullRankTies~some")


def test_full_rank_on_9x9_is_proved_unique_by_both_searches() -> None:
    """A published 9x9 full rank puzzle with givens: both searches prove the one solution."""
    text = (
        ".FullRank~C1~6~20.FullRank~C2~22~9.FullRank~R1~5~11.FullRank~R2~26~8.FullRank~R5~4~18"
        ".FullRank~R8~33~3.FullRank~R9~17~27.FullRank~C5~19~13.FullRank~C8~15~7"
        ".FullRank~C9~10~25.~R4C5_7~R6C5_3"
    )
    model = formats.read(text).model
    found = {
        backend: [s.cells for s in get_solver(backend).solve(model, limit=2).solutions]
        for backend in ("sat", "backtracking")
    }
    assert len(found["sat"]) == 1 and found["sat"] == found["backtracking"]
    assert model.is_solution(found["sat"][0])
