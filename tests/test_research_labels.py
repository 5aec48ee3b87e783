"""Labels: the same for every symmetric copy of a puzzle (but the as-written count)."""

from __future__ import annotations

import pytest

from sudoku_models import datasets
from sudoku_models.research.labels import label_many
from sudoku_models.research.symmetry import random_symmetry


def test_labels_do_not_depend_on_how_the_puzzle_is_written() -> None:
    puzzles = datasets.load("top95")[:3]
    copies = [random_symmetry(p.board, 10 + k).apply_puzzle(p) for k, p in enumerate(puzzles)]
    first = label_many(puzzles, copies=4)
    again = label_many(copies, copies=4)
    sampled = {"puzzle", "backtracks_as_written"} | {k for k in first[0] if k.endswith("_mean")}
    for a, b in zip(first, again):
        assert {k: v for k, v in a.items() if k not in sampled} == {
            k: v for k, v in b.items() if k not in sampled
        }
        assert a["hodoku_level"] in ("Easy", "Medium", "Hard", "Unfair", "Extreme")
        assert a["logic_band"] and a["search_copies"] == 4


def test_kinds_and_workers_agree() -> None:
    puzzles = datasets.load("easy50")[:4]
    alone = label_many(puzzles, kinds=("grade",))
    assert alone == label_many(puzzles, kinds=("grade",), workers=2)
    assert "search_nodes" not in alone[0] and "qqwing_level" in alone[0]
    with pytest.raises(ValueError, match="unknown label kind"):
        label_many(puzzles, kinds=("speed",))


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"copies": 100_000_000}, "copies must be a whole number from 1 to 1,000"),
        ({"workers": 100_000}, "workers must be a whole number from 1 to 64"),
    ],
)
def test_counts_are_bounded_before_work(options: dict[str, int], said: str) -> None:
    with pytest.raises(ValueError, match=said):
        label_many(datasets.load("top95"), kinds=("search",), **options)
