"""Ratings agree with QQWing and HoDoKu on 200 externally rated puzzles, and follow their rules."""

from __future__ import annotations

import csv
import time
from importlib import resources

import pytest

from sudoku_models import InvalidPuzzleError, deadline
from sudoku_models.errors import TimeLimitReached
from sudoku_models.grading import (
    GUESS,
    QQWING_LEVELS,
    TECHNIQUES,
    CandidateGrid,
    rate,
    solve_logically,
)
from sudoku_models.grading.techniques import BY_NAME, HODOKU_LEVELS, QQWING_TECHNIQUES


def _rated() -> list[dict[str, str]]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return list(csv.DictReader(handle))


ROWS = _rated()


@pytest.fixture(scope="module")
def ratings():
    return [rate(row["puzzle"]) for row in ROWS]


def test_shipped_ratings_cover_every_level():
    assert len(ROWS) == 200
    assert {row["qqwing_level"] for row in ROWS} == set(QQWING_LEVELS)
    assert {row["hodoku_level"] for row in ROWS} == set(HODOKU_LEVELS)


def test_agrees_with_qqwing_on_at_least_95_percent(ratings):
    agree = sum(r.qqwing_level == row["qqwing_level"] for r, row in zip(ratings, ROWS, strict=True))
    assert agree / len(ROWS) >= 0.95


def test_agrees_with_hodoku_on_at_least_93_percent_over_all_five_levels(ratings):
    agree = sum(r.hodoku_level == row["hodoku_level"] for r, row in zip(ratings, ROWS, strict=True))
    assert agree / len(ROWS) >= 0.93
    easy_medium = [
        (r, row)
        for r, row in zip(ratings, ROWS, strict=True)
        if row["hodoku_level"] in ("Easy", "Medium")
    ]
    assert all(r.hodoku_level == row["hodoku_level"] for r, row in easy_medium)


def test_hodoku_score_exactly_equal_on_at_least_80_percent(ratings):
    exact = sum(r.score == int(row["hodoku_score"]) for r, row in zip(ratings, ROWS, strict=True))
    assert exact / len(ROWS) >= 0.8
    # puzzles solved by singles and intersections: HoDoKu's own order of singles, every time
    simple = [
        (r, row) for r, row in zip(ratings, ROWS, strict=True) if row["hodoku_level"] == "Easy"
    ]
    assert all(r.score == int(row["hodoku_score"]) for r, row in simple)


def test_sudoku_explainer_rating_agrees_with_sudoku_explainer(ratings):
    pairs = list(zip(ratings, ROWS, strict=True))
    near = sum(
        r.se.er is not None and abs(r.se.er - float(row["se_er"])) <= 0.1001 for r, row in pairs
    )
    assert near / len(pairs) >= 0.9
    assert all(
        r.se.ep == float(row["se_ep"]) and r.se.ed == float(row["se_ed"]) for r, row in pairs
    )
    for r, row in pairs:
        if float(row["se_er"]) < 6:  # no chains: the same ladder of techniques, the same ER
            assert r.se.er == float(row["se_er"]) or float(row["se_er"]) == 5.7  # BUG type 2
        if not r.se.complete:  # beyond forcing chains, never a made-up number
            assert r.se.er is None and float(row["se_er"]) >= 7.5


#: Rows whose published QQWing level, HoDoKu level and score and SE ER/EP/ED the grader matches
#: exactly, one or more of each kind: singles, direct pointing, BUG+1, unique rectangle, SE's
#: forcing X-chain and forcing chain, XY-chain and AIC. Work that only makes the grader faster
#: must keep them all.
EXACT_ROWS = (0, 155, 108, 140, 15, 40, 123)


@pytest.mark.parametrize("k", EXACT_ROWS)
def test_matches_the_published_ratings_exactly_on_chosen_puzzles(ratings, k):
    r, row = ratings[k], ROWS[k]
    assert (r.qqwing_level, r.hodoku_level, r.score) == (
        row["qqwing_level"],
        row["hodoku_level"],
        int(row["hodoku_score"]),
    )
    assert (r.se.er, r.se.ep, r.se.ed) == tuple(float(row[f]) for f in ("se_er", "se_ep", "se_ed"))


def _ranks(values: list[int]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    k = 0
    while k < len(order):
        j = k
        while j + 1 < len(order) and values[order[j + 1]] == values[order[k]]:
            j += 1
        for m in range(k, j + 1):
            ranks[order[m]] = (k + j) / 2
        k = j + 1
    return ranks


def test_score_ranks_puzzles_like_hodoku_score(ratings):
    ours = _ranks([r.score for r in ratings])
    theirs = _ranks([int(row["hodoku_score"]) for row in ROWS])
    mean_a, mean_b = sum(ours) / len(ours), sum(theirs) / len(theirs)
    cov = sum((a - mean_a) * (b - mean_b) for a, b in zip(ours, theirs, strict=True))
    var_a = sum((a - mean_a) ** 2 for a in ours)
    var_b = sum((b - mean_b) ** 2 for b in theirs)
    assert cov / (var_a * var_b) ** 0.5 >= 0.9


def test_score_close_to_hodoku_score_on_puzzles_solved_by_singles(ratings):
    pairs = [
        (r.score, int(row["hodoku_score"]))
        for r, row in zip(ratings, ROWS, strict=True)
        if row["hodoku_level"] == "Easy"
    ]
    assert sum(abs(a - b) for a, b in pairs) / sum(b for _, b in pairs) <= 0.1


def test_rating_fields_are_consistent(ratings):
    for r in ratings:
        assert sum(k for _, k in r.counts) == len(r.steps)
        assert [name for name, _ in r.counts] == sorted(
            {s.technique for s in r.steps}, key=[t.name for t in TECHNIQUES].index
        )
        assert r.score == sum(BY_NAME[s.technique].hodoku_score for s in r.steps)
        placed = sum(len(s.placements) for s in r.steps)
        if r.needs_guessing:
            assert r.hardest == GUESS
            assert r.qqwing_level == "Expert" and r.hodoku_level == "Extreme"
            assert placed < r.puzzle.cells.count(0)
        else:
            assert r.hardest == r.counts[-1][0]
            assert placed == r.puzzle.cells.count(0)


def test_hodoku_level_never_below_the_hardest_technique(ratings):
    for r in ratings:
        if r.hardest != GUESS:
            floor = HODOKU_LEVELS.index(BY_NAME[r.hardest].hodoku_level)
            assert HODOKU_LEVELS.index(r.hodoku_level) >= floor


def test_repr_and_html_name_the_levels():
    r = rate(ROWS[0]["puzzle"])
    assert f"qqwing_level={r.qqwing_level!r}" in repr(r)
    assert r.hodoku_level in r._repr_html_()
    assert "<table" in r._repr_html_()


def test_rejects_puzzles_without_exactly_one_solution():
    with pytest.raises(InvalidPuzzleError, match="several solutions"):
        rate("." * 81)
    with pytest.raises(InvalidPuzzleError):
        rate("11" + "." * 79)


def test_rates_every_board_size():
    from sudoku_models import datasets

    for puzzle in datasets.load("sizes")[:5]:
        r = rate(puzzle)
        assert r.qqwing_level in QQWING_LEVELS and r.hodoku_level in HODOKU_LEVELS


def test_qqwing_level_is_what_qqwing_techniques_alone_reach(ratings):
    # the level reuses HoDoKu's path; solving afresh with QQWing's techniques must agree
    checked = 0
    for r in ratings:
        if r.qqwing_level not in ("Intermediate", "Expert") or r.needs_guessing:
            continue
        grid = CandidateGrid.from_puzzle(r.puzzle)
        solve_logically(grid, QQWING_TECHNIQUES)
        assert r.qqwing_level == ("Intermediate" if grid.is_solved() else "Expert"), r.puzzle
        checked += 1
    assert checked >= 50


@pytest.mark.heavy
def test_search_effort_depends_on_the_puzzle_not_on_what_was_solved_before():
    from sudoku_models import datasets, solve

    puzzles = list(datasets.load("top95"))[3:8]
    first = [(rate(p).guesses, rate(p).backtracks) for p in puzzles]
    for p in puzzles:  # work that teaches a kept SAT solver about these very puzzles
        solve(p, limit=2)
    again = [(rate(p).guesses, rate(p).backtracks) for p in reversed(puzzles)]
    assert first == again[::-1]
    assert all(guesses > 0 for guesses, _ in first)
    direct = solve(puzzles[0], backend="backtracking", limit=2).stats
    assert first[0] == (direct.guesses, direct.backtracks)


def test_to_dict_holds_the_sudoku_explainer_numbers():
    rating = rate(ROWS[0]["puzzle"])
    data = rating.to_dict()
    se = rating.se
    assert data["se"] == {
        "er": se.er,
        "ep": se.ep,
        "ed": se.ed,
        "hardest": se.hardest,
        "complete": se.complete,
    }
    assert data["techniques"] == dict(rating.counts) and data["score"] == rating.score


def test_summary_says_in_words_what_is_unknown_and_why():
    puzzle = "..53.....8......2..7..1.5..4....53...1..7...6..32...8..6.5....9..4....3......97.."
    rating = rate(puzzle)  # a forum "hardest" puzzle of the shipped set
    line = rating.summary()
    assert rating.needs_guessing and rating.se.er is None
    assert "?" not in line and "over" not in line
    assert f"score unknown: the grader's techniques stop after {rating.score} points" in line
    assert "SE ER unknown" in line and "beyond the Sudoku Explainer ones" in line
    assert "beyond the grader's techniques: guessing needed" in line


def test_a_rating_past_its_time_limit_raises(pigeonhole_classic: str) -> None:
    """The search for the solution needs far longer than the limit here."""
    with pytest.raises(TimeLimitReached, match="time limit of 1 s"):
        rate(pigeonhole_classic, time_limit=1)
    with pytest.raises(ValueError, match="positive"):
        rate(".1.....4....34..", time_limit=0)


def test_a_rating_polls_a_limit_opened_around_it() -> None:
    with deadline.within(0.0):
        time.sleep(0.01)  # the limit has passed before the rating starts
        with pytest.raises(TimeLimitReached):
            rate(".1.....4....34..")
    assert rate(".1.....4....34..").hodoku_level == "Easy"  # closed again: no limit
