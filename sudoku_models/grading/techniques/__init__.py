"""The techniques a human solver tries, cheapest first, with the scores two graders give them.

Each technique is a generator: given a
:class:`~sudoku_models.grading.candidates.CandidateGrid`, it yields every
:class:`~sudoku_models.grading.step.Step` it can make there. :data:`TECHNIQUES` lists them in
the order the logical solver tries them; inside a tier the order follows HoDoKu's
default solver order, so step counts and scores are comparable with HoDoKu's.

``hodoku_score`` and ``hodoku_level`` are HoDoKu's published defaults for the technique;
``qqwing`` says whether QQWing's solver knows it (naked and hidden singles and pairs, pointing,
box/line reduction).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..candidates import CandidateGrid
from ..step import Step
from .aic import aic
from .als import als_xy_wing, als_xz
from .als_chain import als_xy_chain
from .avoidable import avoidable_rectangle_1, avoidable_rectangle_2
from .chains import x_chain, xy_chain
from .coloring import multi_colors, simple_colors
from .death_blossom import death_blossom
from .finned_fish import finned_fish
from .fish import basic_fish
from .forcing import forcing_chain, forcing_net
from .grouped import grouped_aic
from .intersections import claiming, pointing
from .single_digit import empty_rectangle, skyscraper, turbot_fish, two_string_kite
from .singles import full_house, hidden_single, naked_single
from .subsets import hidden_subset, naked_subset
from .sue_de_coq import sue_de_coq
from .uniqueness import (
    bug_plus_one,
    hidden_rectangle,
    unique_rectangle_1,
    unique_rectangle_2,
    unique_rectangle_3,
    unique_rectangle_4,
    unique_rectangle_5,
    unique_rectangle_6,
)
from .wings import remote_pair, w_wing, xy_wing, xyz_wing

Finder = Callable[[CandidateGrid], Iterator[Step]]

#: HoDoKu's level names, easiest first.
HODOKU_LEVELS = ("Easy", "Medium", "Hard", "Unfair", "Extreme")


@dataclass(frozen=True)
class Technique:
    """A named technique, its tier (1 cheapest), its HoDoKu score and level, and its finder.

    ``first_found``: the solver takes the first step the finder yields (HoDoKu does so for
    singles, intersections and subsets); otherwise the one with the largest effect, the first
    found among equals, or with ``sorts_ties`` the first by :func:`index_sum` (HoDoKu sorts
    its chains and almost locked sets so).
    """

    name: str
    tier: int
    hodoku_score: int
    hodoku_level: str
    qqwing: bool
    steps: Finder
    first_found: bool = False
    sorts_ties: bool = False

    def find(self, grid: CandidateGrid) -> Step | None:
        """The first step this technique finds in ``grid``, or None."""
        return next(self.steps(grid), None)

    def __repr__(self) -> str:
        return f"Technique({self.name!r}, tier={self.tier})"


#: Techniques past the subsets whose first step found is taken, as HoDoKu does (in its scan order).
_FIRST_FOUND = {
    "Naked Quad",
    "Hidden Quad",
    "W-Wing",
    "XY-Wing",
    "XYZ-Wing",
    "Hidden Rectangle",
    "Sue de Coq",
    "Avoidable Rectangle Type 1",
    "Avoidable Rectangle Type 2",
} | {f"Uniqueness Test {k}" for k in range(1, 7)}


#: Techniques whose equally good steps HoDoKu sorts by :func:`index_sum`.
_SORTS_TIES = {
    "Remote Pair",
    "Turbot Fish",
    "X-Chain",
    "XY-Chain",
    "Nice Loop/AIC",
    "Grouped Nice Loop/AIC",
    "ALS-XZ",
    "ALS-XY-Wing",
    "ALS-XY-Chain",
    "Death Blossom",
}


def index_sum(step: Step) -> int:
    """HoDoKu's order among steps with as many eliminations: eliminations sorted by digit then
    cell, each adding its cell index (0-based) times a weight growing by 80 (1, 81, 161, ...)
    plus its digit; the smaller sum first."""
    total, weight = 0, 1
    for i, d in sorted(step.eliminations, key=lambda e: (e[1], e[0])):
        total += i * weight + d
        weight += 80
    return total


def _t(name: str, tier: int, score: int, level: str, qqwing: bool, find: Finder) -> Technique:
    first = tier <= 2 or name in _FIRST_FOUND
    return Technique(name, tier, score, level, qqwing, find, first, name in _SORTS_TIES)


def _finned(k: int, sashimi: bool) -> Finder:
    return functools.partial(finned_fish, k=k, sashimi=sashimi)


#: Every technique, in the order the logical solver tries them.
TECHNIQUES: tuple[Technique, ...] = (
    _t("Full House", 1, 4, "Easy", True, full_house),
    _t("Naked Single", 1, 4, "Easy", True, naked_single),
    _t("Hidden Single", 1, 14, "Easy", True, hidden_single),
    _t("Locked Pair", 2, 40, "Medium", True, functools.partial(naked_subset, k=2, locked=True)),
    _t("Locked Triple", 2, 60, "Medium", False, functools.partial(naked_subset, k=3, locked=True)),
    _t("Pointing", 2, 50, "Medium", True, pointing),
    _t("Claiming", 2, 50, "Medium", True, claiming),
    _t("Naked Pair", 2, 60, "Medium", True, functools.partial(naked_subset, k=2)),
    _t("Naked Triple", 2, 80, "Medium", False, functools.partial(naked_subset, k=3)),
    _t("Hidden Pair", 2, 70, "Medium", True, functools.partial(hidden_subset, k=2)),
    _t("Hidden Triple", 2, 100, "Medium", False, functools.partial(hidden_subset, k=3)),
    _t("Naked Quad", 3, 120, "Hard", False, functools.partial(naked_subset, k=4)),
    _t("Hidden Quad", 3, 150, "Hard", False, functools.partial(hidden_subset, k=4)),
    _t("X-Wing", 3, 140, "Hard", False, functools.partial(basic_fish, k=2)),
    _t("Swordfish", 3, 150, "Hard", False, functools.partial(basic_fish, k=3)),
    _t("Jellyfish", 3, 160, "Hard", False, functools.partial(basic_fish, k=4)),
    _t("Remote Pair", 3, 110, "Hard", False, remote_pair),
    _t("Bivalue Universal Grave + 1", 3, 100, "Hard", False, bug_plus_one),
    _t("Skyscraper", 3, 130, "Hard", False, skyscraper),
    _t("2-String Kite", 3, 150, "Hard", False, two_string_kite),
    _t("Turbot Fish", 3, 120, "Hard", False, turbot_fish),
    _t("Empty Rectangle", 3, 120, "Hard", False, empty_rectangle),
    _t("W-Wing", 3, 150, "Hard", False, w_wing),
    _t("XY-Wing", 3, 160, "Hard", False, xy_wing),
    _t("XYZ-Wing", 3, 180, "Hard", False, xyz_wing),
    _t("Uniqueness Test 1", 3, 100, "Hard", False, unique_rectangle_1),
    _t("Uniqueness Test 2", 3, 100, "Hard", False, unique_rectangle_2),
    _t("Uniqueness Test 3", 3, 100, "Hard", False, unique_rectangle_3),
    _t("Uniqueness Test 4", 3, 100, "Hard", False, unique_rectangle_4),
    _t("Uniqueness Test 5", 3, 100, "Hard", False, unique_rectangle_5),
    _t("Uniqueness Test 6", 3, 100, "Hard", False, unique_rectangle_6),
    _t("Hidden Rectangle", 3, 100, "Hard", False, hidden_rectangle),
    _t("Avoidable Rectangle Type 1", 3, 100, "Hard", False, avoidable_rectangle_1),
    _t("Avoidable Rectangle Type 2", 3, 100, "Hard", False, avoidable_rectangle_2),
    _t("Finned X-Wing", 3, 130, "Hard", False, _finned(2, False)),
    _t("Sashimi X-Wing", 3, 150, "Hard", False, _finned(2, True)),
    _t("Finned Swordfish", 4, 200, "Unfair", False, _finned(3, False)),
    _t("Sashimi Swordfish", 4, 240, "Unfair", False, _finned(3, True)),
    _t("Finned Jellyfish", 4, 250, "Unfair", False, _finned(4, False)),
    _t("Sashimi Jellyfish", 4, 260, "Unfair", False, _finned(4, True)),
    _t("Sue de Coq", 4, 250, "Unfair", False, sue_de_coq),
    _t("Simple Colors", 3, 150, "Hard", False, simple_colors),
    _t("Multi Colors", 3, 200, "Hard", False, multi_colors),
    _t("X-Chain", 4, 260, "Unfair", False, x_chain),
    _t("XY-Chain", 4, 260, "Unfair", False, xy_chain),
    _t("Nice Loop/AIC", 4, 280, "Unfair", False, aic),
    _t("Grouped Nice Loop/AIC", 4, 300, "Unfair", False, grouped_aic),
    _t("ALS-XZ", 4, 300, "Unfair", False, als_xz),
    _t("ALS-XY-Wing", 4, 320, "Unfair", False, als_xy_wing),
    _t("ALS-XY-Chain", 4, 340, "Unfair", False, als_xy_chain),
    _t("Death Blossom", 4, 360, "Unfair", False, death_blossom),
    _t("Forcing Chain", 5, 500, "Extreme", False, forcing_chain),
    _t("Forcing Net", 5, 700, "Extreme", False, forcing_net),
)

#: Techniques by name.
BY_NAME: dict[str, Technique] = {t.name: t for t in TECHNIQUES}

#: The techniques QQWing's solver knows, in the same order.
QQWING_TECHNIQUES: tuple[Technique, ...] = tuple(t for t in TECHNIQUES if t.qqwing)

__all__ = [
    "BY_NAME",
    "HODOKU_LEVELS",
    "QQWING_TECHNIQUES",
    "TECHNIQUES",
    "Technique",
    "index_sum",
]
