"""Equal sums: stretches of cells a rule makes add up to one shared total.

A region-sum line says that its stretch in each box adds up to the same total; two arrows on
one circle say that both shafts add up to the circle. The rule's primitives say it pair by pair
(``sum(A) - sum(B) = 0``), and each pair is read on its own. A solver reads them together: every
stretch can make only some totals, so the shared total is one that *every* stretch can make, and
each stretch keeps only the digits that reach such a total. On a line whose stretches make 6 to
12, 10 to 15 and 3, 7 or 11, the total is 11, and a cell of the first stretch that cannot be
part of 11 loses its digit.

The *stretches* are read off the rules' :class:`~sudoku_models.constraints.LinearSum`
primitives with a zero total and coefficients of one sign on each side; stretches joined by such
sums (the same cells in several, across rules too) make one *family*. A stretch whose cells see
each other takes different digits: its totals are those of the digit sets its cells can take one
digit each (an exact matching, :func:`~sudoku_models.logic.cages.supports`), and its cells keep
what those sets give them. Any other stretch is read without that (a relaxation: its totals may
include some it cannot make, never leave one out), so every step is sound.

Glossary: ``T`` the shared totals (a set), ``s`` a digit set (a mask), ``m`` a candidate mask.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ..constraints import LinearSum
from ..solvers.backtracking.propagators import digit_sets
from .cages import supports
from .idle import Idle
from .layout import Layout
from .state import State
from .step import Contradiction, Step, cells_label, changes, digits_of

#: Most digit sets one stretch of peers may have over all its sizes' totals (larger stretches on
#: large grids are left to the rules' own propagators).
MAX_SETS = 2048

#: Most cells of a stretch whose cells do not all see each other (read by the totals alone).
LOOSE_CELLS = 9


@dataclass(frozen=True)
class Stretch:
    """Cells adding up to the family's shared total; ``clique`` when they all see each other."""

    cells: tuple[int, ...]
    clique: bool


@dataclass(frozen=True)
class Family:
    """Stretches with one shared total, and the rules that say so (their labels)."""

    stretches: tuple[Stretch, ...]
    labels: tuple[str, ...]

    @property
    def cells(self) -> tuple[int, ...]:
        """Every cell of the family's stretches."""
        return tuple(i for s in self.stretches for i in s.cells)


def _sides(p: LinearSum) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """The cells with coefficient +1 and those with -1 of a zero-total sum, or None for any
    other sum."""
    if p.total != 0:
        return None
    coeffs: dict[int, int] = {}
    for i, a in zip(p.cells, p.coeffs):
        coeffs[i] = coeffs.get(i, 0) + a
    plus = tuple(sorted(i for i, a in coeffs.items() if a == 1))
    minus = tuple(sorted(i for i, a in coeffs.items() if a == -1))
    if not plus or not minus or len(plus) + len(minus) != sum(1 for a in coeffs.values() if a):
        return None
    return plus, minus


def families(layout: Layout) -> tuple[Family, ...]:
    """The families of stretches with a shared total among ``layout``'s rules."""
    parent: dict[tuple[int, ...], tuple[int, ...]] = {}
    labels: dict[tuple[int, ...], list[str]] = {}

    def root(s: tuple[int, ...]) -> tuple[int, ...]:
        while parent[s] != s:
            parent[s] = parent[parent[s]]
            s = parent[s]
        return s

    for rule in layout.rules:
        for p in rule.primitives:
            sides = _sides(p) if isinstance(p, LinearSum) else None
            if sides is None:
                continue
            for s in sides:
                parent.setdefault(s, s)
            a, b = root(sides[0]), root(sides[1])
            parent[b] = a
            labels.setdefault(a, []).extend(labels.pop(b, []) if a != b else [])
            labels[a].append(rule.label)
    members: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for s in parent:
        members.setdefault(root(s), []).append(s)
    out = []
    for top, stretches in members.items():
        if len({i for s in stretches for i in s}) != sum(map(len, stretches)):
            continue  # stretches that share cells: not read here
        read = [_stretch(layout, s) for s in stretches]
        if any(s is None for s in read) or len(read) < 2:
            continue
        out.append(Family(tuple(s for s in read if s), tuple(dict.fromkeys(labels[top]))))
    return tuple(out)


def _stretch(layout: Layout, cells: tuple[int, ...]) -> Stretch | None:
    """The stretch of ``cells``, or None when it is too large to read."""
    n, k = layout.n, len(cells)
    clique = all(b in layout.peers[a] for a, b in itertools.combinations(cells, 2))
    if clique and k <= n and math.comb(n, k) <= MAX_SETS:
        return Stretch(cells, True)
    if k <= LOOSE_CELLS:
        return Stretch(cells, False)
    return None


def _clique_sets(n: int, masks: Sequence[int]) -> dict[int, list[tuple[int, ...]]]:
    """Per total, the digits each cell may take in the digit sets that make it."""
    union = 0
    for m in masks:
        union |= m
    k = len(masks)
    out: dict[int, list[tuple[int, ...]]] = {}
    for total in range(k * (k + 1) // 2, k * (2 * n - k + 1) // 2 + 1):
        for s in digit_sets(n, k, total):
            if s & ~union:
                continue
            given = supports(tuple(masks), s)
            if given is not None:
                out.setdefault(total, []).append(given)
    return out


def _sums(masks: Sequence[int]) -> set[int]:
    """The totals of one digit per cell (repeats allowed)."""
    sums = {0}
    for m in masks:
        sums = {t + d for t in sums for d in digits_of(m)}
    return sums


def _loose_keep(masks: Sequence[int], shared: set[int]) -> list[int]:
    """Each cell's digits that reach a shared total with one digit in each other cell."""
    out = []
    for j, m in enumerate(masks):
        others = _sums([x for k, x in enumerate(masks) if k != j])
        out.append(sum(1 << (d - 1) for d in digits_of(m) if any(d + t in shared for t in others)))
    return out


def _said_totals(totals: set[int]) -> str:
    ts = sorted(totals)
    if len(ts) > 3 and ts[-1] - ts[0] + 1 == len(ts):
        return f"{ts[0]} to {ts[-1]}"
    if len(ts) == 1:
        return str(ts[0])
    return ", ".join(map(str, ts[:-1])) + f" or {ts[-1]}"


#: Positions remembered per family where it found nothing.
IDLE_KEYS = 64


class EqualSums:
    """The finder: a family's shared total, and the digits that cannot reach it."""

    technique = "Equal Sums"

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.families = families(layout)
        self.idle = Idle(IDLE_KEYS)

    def __call__(self, state: State) -> Step | Contradiction | None:
        """The first family whose shared total leaves a cell fewer digits, as one step."""
        masks = state.masks
        n = self.layout.n
        for k, family in enumerate(self.families):
            key = tuple(masks[i] for i in family.cells)
            if self.idle.quiet(k, key):
                continue
            step = self._read(family, masks, n)
            if step is None:
                self.idle.rest(k, key)
                continue
            return step
        return None

    def _read(self, family: Family, masks: list[int], n: int) -> Step | Contradiction | None:
        tables: list[dict[int, list[tuple[int, ...]]] | None] = []
        totals: list[set[int]] = []
        for s in family.stretches:
            cells_masks = [masks[i] for i in s.cells]
            if s.clique:
                sets = _clique_sets(n, cells_masks)
                tables.append(sets)
                totals.append(set(sets))
            else:
                tables.append(None)
                totals.append(_sums(cells_masks))
        shared = set.intersection(*totals)
        label = family.labels[0]
        if not shared:
            return Contradiction(
                label, family.cells, f"{label}: its stretches have no total in common"
            )
        if all(t == shared for t in totals):
            return None
        after = list(masks)
        for s, table in zip(family.stretches, tables):
            cells_masks = [masks[i] for i in s.cells]
            if table is None:
                keep = _loose_keep(cells_masks, shared)
            else:
                keep = [0] * len(s.cells)
                for total in shared:
                    for given in table[total]:
                        keep = [a | b for a, b in zip(keep, given)]
            for i, m in zip(s.cells, keep):
                after[i] &= m
        if after == masks:
            return None
        elims, words = changes(n, masks, after)
        made = [
            f"{cells_label(n, s.cells)} {_said_totals(t)}" for s, t in zip(family.stretches, totals)
        ]
        listed = ", ".join(made[:-1]) + f" and {made[-1]}"
        text = (
            f"{label}: its stretches add up to one total; they can make {listed}, "
            f"so the total is {_said_totals(shared)}: {words}"
        )
        return Step(
            self.technique,
            label,
            text,
            eliminations=elims,
            cells=family.cells,
            reasons=family.labels[1:],
        )
