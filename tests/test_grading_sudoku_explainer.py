"""Sudoku Explainer's rating: its difficulty table, its chain lengths, its ladder of techniques."""

from __future__ import annotations

import pytest

from sudoku_models import Puzzle
from sudoku_models.grading import rate, sudoku_explainer
from sudoku_models.grading.sudoku_explainer import LADDER, _length_extra, se_rating


@pytest.mark.parametrize(
    ("nodes", "tenths"),
    [(4, 0), (6, 0), (7, 1), (8, 1), (9, 2), (10, 2), (11, 3), (14, 3), (15, 4), (19, 5), (27, 6)],
)
def test_longer_chains_cost_more_as_in_sudoku_explainer(nodes, tenths):
    # length = nodes - 2 against the ceilings 4, 6, 8, 12, 16, 24, ... (x3/2 and x4/3 in turn)
    assert _length_extra(nodes) == tenths


def test_singles_only_puzzle_rates_on_hidden_singles():
    line = "9..2..8.6..6...1.7.8...6...2...5..9....7.9......14....8.9..3.5...7.813......7...."
    rating = se_rating(Puzzle.parse(line))
    assert (rating.er, rating.ep, rating.ed) == (2.0, 1.2, 1.2)
    assert rating.complete and rating.hardest == "Direct Hidden Pair"


def test_chain_puzzle_rates_a_forcing_chain():
    line = ".....4.5.....2136..1.96.........6..9..3...1..8..75...27.2........6..2..7.3..9...."
    rating = rate(line).se
    assert rating.er == 6.6 and rating.hardest == "Forcing X-Chain"  # Sudoku Explainer: 6.6


def test_beyond_forcing_chains_is_unknown_not_made_up():
    line = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6"
    rating = se_rating(Puzzle.parse(line))
    assert not rating.complete and rating.er is None
    assert str(rating).startswith("ER ?")


def test_ladder_is_easiest_first():
    assert len(LADDER) >= 20


def test_digits_remembered_without_x_chains_change_no_rating():
    # digits whose cells start no forcing X-chain are remembered from one search to the next;
    # a search that starts with them remembered must find the same chains as one that does not
    lines = [
        ".....4.5.....2136..1.96.........6..9..3...1..8..75...27.2........6..2..7.3..9....",
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
    ]
    sudoku_explainer._NO_X_CHAIN.clear()
    fresh = [se_rating(Puzzle.parse(line)) for line in lines]
    assert sudoku_explainer._NO_X_CHAIN  # the searches found digits without X-chains
    again = [se_rating(Puzzle.parse(line)) for line in lines]
    assert again == fresh
