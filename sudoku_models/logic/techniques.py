"""The techniques of the logical solver, one row each: the table the solve loop, the difficulty
and the documentation read.

A row names a technique (the name its steps carry), its *weight* (how hard one step is for a
person: :mod:`.difficulty` bands a path by its hardest step), its *cost order* (where the solve
loop tries its finder: how expensive the finder is to try, cheapest first), what it applies to,
and whether a forcing net's replay uses it. Weight and cost order differ on purpose: each rule
read on its own, a cage's combinations and a line in a house are cheap to try (they remember
where they found nothing) and name the variant, so they run before the searches over every
house, even when their steps weigh more: Clue Cases (3.0) before Cage Sets (2.5), Cage Clash
(4.0) before Naked Pair (3.0), Union Clash (5.0) before X-Wing (4.5), and the classic grader's
wings (4.5) after the X-Wings and line cases but before Swordfish.

A finder is any callable that takes a :class:`~.state.State` and returns its first step (or the
contradiction it meets), or None (:data:`Finder`); a row's ``build`` makes it for one layout, or
gives None where the technique does not apply. Some techniques have no finder of their own: their
steps come from another row's finder (``found_by``: a Franken X-Wing from the X-Wing finder) or
from the trials the solver tries once no finder applies. A new technique is one module with its
finder and one row here.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass

from .basic import (
    extra_house_fish,
    extra_houses,
    fish,
    hidden_subset,
    locked_candidates,
    naked_subset,
)
from .branch_nets import forcing_net
from .cages import CombinationGrid
from .chains import chain
from .classes import CLASS_COUNT, LINE_CLASSES, ClassFinder, colourings
from .classic import classic_technique, has_classic_houses
from .equalsums import EqualSums
from .layout import Layout
from .lines import CASES as LINE_CASES
from .lines import LineDigitsInHouse, LineInHouse
from .overlap import CageOverlap
from .parity import TECHNIQUE as PARITY
from .parity import ParityFinder, parity_sets
from .readings import RuleNeighbours, RuleReader
from .rules import ALLOWED, CAGE, CASES, FILTER, RELATION, SET_THEORY, SUM, TABLE, VISIBLE, Rule
from .singles import full_house, hidden_single, naked_single
from .state import State
from .step import Contradiction, Step
from .together import RulesTogether
from .unions import UnionClash

#: A step finder: the first step (or contradiction) it sees in a position, or None.
Finder = Callable[[State], "Step | Contradiction | None"]

#: ``found_by`` of the techniques the trials find, once no finder applies.
TRIALS = "the trials"

#: Largest side on which trials may nest: deeper trials on larger grids take far more than a
#: person would try, and counting the solutions of a large grid (to see whether nesting is worth
#: it) takes seconds; there the cell and house forcing nets help instead.
NESTING_SIDE = 9


class Parts:
    """What several finders of one layout share, each made when first asked for: the rule
    readers by technique, the combination grid of the sum groups, the digit classes."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    @functools.cached_property
    def readers(self) -> dict[str, RuleReader]:
        """A reader per rule technique the layout's rules use."""
        by_kind: dict[str, list[Rule]] = {}
        for rule in self.layout.rules:
            by_kind.setdefault(rule.technique, []).append(rule)
        return {kind: RuleReader(rules) for kind, rules in by_kind.items()}

    @functools.cached_property
    def grid(self) -> CombinationGrid | None:
        """The combination grid, None without sum groups."""
        grid = CombinationGrid(self.layout)
        return grid if grid.groups else None

    @functools.cached_property
    def classes(self) -> ClassFinder | None:
        """The digit-class finders, None when no line colours cells by class."""
        return ClassFinder(self.layout) if colourings(self.layout) else None

    @functools.cached_property
    def extra(self) -> bool:
        """Whether the layout has houses past rows, columns, boxes and regions."""
        return bool(extra_houses(self.layout))

    @functools.cached_property
    def classic(self) -> bool:
        """Whether rows, columns and boxes are all houses (the classic grader's geometry)."""
        return has_classic_houses(self.layout)


#: How a row makes its finder for a layout's parts: None where the technique does not apply.
Build = Callable[[Parts], "Finder | None"]


@dataclass(frozen=True)
class Technique:
    """One technique of the logical solver.

    ``weight``: how hard one step is for a person (:mod:`.difficulty`); ``order``: where the
    solve loop tries the finder, cheapest to try first (None without a finder of its own);
    ``build``: the finder for a layout, None where it does not apply; ``applies``: what it
    applies to, in words; ``replayed``: whether a forcing net's replay uses it (the costly
    searches over the whole grid and the readings of several rules at once are left out);
    ``found_by``: the row (or :data:`TRIALS`) whose search makes its steps, when not its own
    (``replayed`` then follows that row);
    ``tier``: the classic grader's tier whose techniques the finder runs (0: none), its steps
    then named by those techniques; ``reads``: what a step reads, in words.
    """

    name: str
    weight: float
    reads: str
    order: int | None = None
    build: Build | None = None
    applies: str = "every model"
    replayed: bool = True
    found_by: str = ""
    tier: int = 0


def _reader(kind: str) -> Build:
    return lambda parts: parts.readers.get(kind)


def _grid(finder: Callable[[CombinationGrid], Finder]) -> Build:
    return lambda parts: None if parts.grid is None else finder(parts.grid)


def _classes(finder: Callable[[ClassFinder], Finder]) -> Build:
    return lambda parts: None if parts.classes is None else finder(parts.classes)


def _extra(k: int) -> Build:
    return lambda parts: functools.partial(extra_house_fish, k=k) if parts.extra else None


def _classic(tier: int) -> Build:
    return lambda parts: functools.partial(classic_technique, tier=tier) if parts.classic else None


def _equal_sums(parts: Parts) -> Finder | None:
    equal = EqualSums(parts.layout)
    return equal if equal.families else None


def _together(parts: Parts) -> Finder | None:
    together = RulesTogether(parts.layout)
    return together if together.pairs else None


def _parity(parts: Parts) -> Finder | None:
    return ParityFinder(parts.layout) if parity_sets(parts.layout) else None


def _branch_nets(parts: Parts) -> Finder | None:
    return forcing_net if parts.layout.n > NESTING_SIDE else None


def _always(finder: Finder) -> Build:
    return lambda parts: finder


SUMS = "models with sum groups (cages, or sums with distinct digits)"
EXTRA = "models with a diagonal, window or extra region"
CLASSIC = "models whose rows, columns and boxes are houses"

#: Every technique, in weight order (the solve loop goes by ``order``).
TECHNIQUES: tuple[Technique, ...] = (
    Technique(
        ALLOWED,
        0.5,
        "odd/even and other single-cell limits",
        0,
        _reader(ALLOWED),
        "models with single-cell limits",
    ),
    Technique("Full House", 1.0, "the last open cell of a house", 1, _always(full_house)),
    Technique("Naked Single", 1.0, "a cell with one candidate", 2, _always(naked_single)),
    Technique("Hidden Single", 1.5, "a digit with one place in a house", 3, _always(hidden_single)),
    Technique(
        RELATION,
        2.0,
        "dots, XV, thermometers, whispers, clones: each pair's supports",
        4,
        _reader(RELATION),
        "models with two-cell relations",
    ),
    Technique(
        CAGE, 2.0, "the digit sets left in a sum cage", 5, _reader(CAGE), "models with cages"
    ),
    Technique(
        SUM,
        2.5,
        "arrows, little killers, region sums: the reachable totals",
        6,
        _reader(SUM),
        "models with sums",
    ),
    Technique(
        TABLE,
        2.5,
        "quadruples, between lines: the tuples left",
        7,
        _reader(TABLE),
        "models with tables",
    ),
    Technique(
        "Cage Sets",
        2.5,
        "a sum group's cells matched to its digit sets, one digit each",
        11,
        _grid(lambda grid: grid.sets),
        SUMS,
    ),
    Technique(
        "Locked Candidates",
        3.0,
        "a digit of a house confined to cells that see others",
        13,
        _always(locked_candidates),
    ),
    Technique(
        "Must Contain",
        3.0,
        "a digit every digit set of a sum group holds, confined likewise",
        12,
        _grid(lambda grid: grid.must_contain),
        SUMS,
    ),
    Technique(
        EqualSums.technique,
        3.0,
        "stretches of one shared total: the totals every stretch can make",
        14,
        _equal_sums,
        "models with stretches of one shared total",
        replayed=False,
    ),
    Technique(
        CASES,
        3.0,
        "sandwich and x-sum clues, case by case",
        8,
        _reader(CASES),
        "models with sandwich or x-sum clues",
    ),
    Technique(VISIBLE, 3.0, "skyscraper clues", 9, _reader(VISIBLE), "models with skyscrapers"),
    Technique(
        FILTER,
        3.0,
        "any other rule, tuple by tuple",
        10,
        _reader(FILTER),
        "models with rules of other primitives",
    ),
    Technique(
        "Naked Pair",
        3.0,
        "two cells holding two digits between them",
        22,
        _always(functools.partial(naked_subset, k=2)),
    ),
    Technique(
        LineInHouse.technique,
        3.0,
        "a line's or dot chain's cells in a house, joint and different",
        15,
        lambda parts: LineInHouse(parts.layout),
        "every model (reads lines and dot chains)",
    ),
    Technique(
        RuleNeighbours.technique,
        3.5,
        "a neighbour's digit that would leave a rule no way to be met",
        16,
        lambda parts: RuleNeighbours(parts.layout),
        "every model (reads the rules)",
    ),
    Technique(
        RulesTogether.technique,
        3.5,
        "a digit that leaves two crossing rules no joint way to be met",
        26,
        _together,
        "models with rules that cross or share a house",
        replayed=False,
    ),
    Technique(
        LineDigitsInHouse.technique,
        3.5,
        "digits a line's cells in a house always hold, struck elsewhere",
        17,
        lambda parts: LineDigitsInHouse(parts.layout),
        "every model (reads lines and dot chains)",
    ),
    Technique(
        LINE_CLASSES,
        3.5,
        "cells of one digit class (low/middle/high, odd/even, ...) coloured",
        18,
        _classes(lambda classes: classes.colours),
        "models with lines that colour digit classes",
    ),
    Technique(
        SET_THEORY,
        3.5,
        "innies and outies of houses against cages",
        19,
        _reader(SET_THEORY),
        "models with cages",
    ),
    Technique(
        "Hidden Cage Digit",
        3.5,
        "a house's digit that only fits in one cage: the cage holds it",
        20,
        _grid(lambda grid: grid.hidden),
        SUMS,
    ),
    Technique(
        "Cage Clash",
        4.0,
        "cages in one house (and its other cells) take different digits",
        21,
        _grid(lambda grid: grid.clash),
        SUMS,
    ),
    Technique(
        CageOverlap.technique,
        4.5,
        "likewise with the parts of cages crossing into the house",
        28,
        _grid(CageOverlap),
        SUMS,
    ),
    Technique(
        UnionClash.technique,
        5.0,
        "cages inside 2 or 3 adjacent houses hold each digit that often",
        29,
        _grid(UnionClash),
        SUMS,
    ),
    Technique(
        "Hidden Pair",
        3.5,
        "two digits with two places in a house",
        23,
        _always(functools.partial(hidden_subset, k=2)),
    ),
    Technique(
        "Naked Triple",
        4.0,
        "three cells holding three digits between them",
        24,
        _always(functools.partial(naked_subset, k=3)),
    ),
    Technique(
        "Hidden Triple",
        4.0,
        "three digits with three places in a house",
        25,
        _always(functools.partial(hidden_subset, k=3)),
    ),
    Technique(
        CLASS_COUNT,
        4.0,
        "a house holds each digit class as often as the class has digits",
        27,
        _classes(lambda classes: classes.counts),
        "models with lines that colour digit classes",
    ),
    Technique(
        "X-Wing", 4.5, "fish over rows and columns", 30, _always(functools.partial(fish, k=2))
    ),
    Technique(
        LINE_CASES,
        4.5,
        "a line's cells in a house, joint and different, case by case",
        31,
        lambda parts: LineInHouse(parts.layout, cases=True),
        "every model (reads lines and dot chains)",
    ),
    Technique(
        PARITY,
        4.5,
        "houses and sums added modulo two, against a house's odd digits",
        32,
        _parity,
        "models with sums",
    ),
    Technique(
        "Swordfish",
        5.0,
        "fish over rows and columns, three of each",
        35,
        _always(functools.partial(fish, k=3)),
    ),
    Technique(
        "Franken X-Wing",
        5.0,
        "fish over rows or columns against boxes or regions",
        found_by="X-Wing",
    ),
    Technique("Franken Swordfish", 5.5, "likewise, three of each", found_by="Swordfish"),
    Technique(
        "Extra-House X-Wing",
        5.0,
        "fish with a diagonal, window or extra region as base or cover",
        33,
        _extra(2),
        EXTRA,
    ),
    Technique("Extra-House Swordfish", 5.5, "likewise, three of each", 36, _extra(3), EXTRA),
    Technique(
        "Classic Tier 3",
        4.5,
        "the classic grader's wings, colouring, finned X-Wing, ...",
        34,
        _classic(3),
        CLASSIC,
        replayed=False,
        tier=3,
    ),
    Technique(
        "Classic Tier 4",
        5.5,
        "its chains, AIC, almost locked sets, finned fish, Sue de Coq",
        38,
        _classic(4),
        CLASSIC,
        replayed=False,
        tier=4,
    ),
    Technique(
        "Chain",
        5.0,
        "a candidate implying its own falsehood along links",
        37,
        _always(chain),
        replayed=False,
    ),
    Technique(
        "Forcing Chain",
        6.5,
        "a literal implied by a candidate and by its falsehood",
        found_by="Chain",
        replayed=False,
    ),
    Technique(
        "Forcing Net",
        7.0,
        "an assumption the finders take to a contradiction in 20 steps",
        applies="trials allowed (max_depth > 0)",
        found_by=TRIALS,
        replayed=False,
    ),
    Technique(
        "Cell Forcing Net",
        7.5,
        "every candidate of a cell, propagated, rules out one candidate",
        39,
        _branch_nets,
        f"grids larger than {NESTING_SIDE}x{NESTING_SIDE}",
        replayed=False,
    ),
    Technique(
        "House Forcing Net",
        7.5,
        "every place of a digit in a house, likewise",
        applies=f"grids larger than {NESTING_SIDE}x{NESTING_SIDE}",
        found_by="Cell Forcing Net",
        replayed=False,
    ),
    Technique(
        "Trial",
        8.0,
        "an assumption that breaks a rule (depth 1; 10.0 at depth 2)",
        applies="trials allowed (max_depth > 0)",
        found_by=TRIALS,
        replayed=False,
    ),
)

#: The rows by name.
BY_NAME: dict[str, Technique] = {t.name: t for t in TECHNIQUES}

#: The rows with a finder of their own, in cost order.
IN_ORDER: tuple[Technique, ...] = tuple(
    sorted((t for t in TECHNIQUES if t.build is not None), key=lambda t: t.order or 0)
)


def finders(layout: Layout) -> list[tuple[str, Finder]]:
    """The step finders that apply to ``layout``, with their names, in cost order."""
    parts = Parts(layout)
    out = []
    for technique in IN_ORDER:
        found = technique.build(parts) if technique.build is not None else None
        if found is not None:
            out.append((technique.name, found))
    return out


def replayed(found: list[tuple[str, Finder]]) -> list[tuple[str, Finder]]:
    """The finders of ``found`` a forcing net's replay uses."""
    return [(name, find) for name, find in found if BY_NAME[name].replayed]
