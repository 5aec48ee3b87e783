"""Killer logic on a combination grid: the digit sets each sum group can still hold.

A *sum group* is a set of cells that see each other (so their digits differ) and add up to a
total: a killer cage, or the part of an arrow, a sum line, a little killer or an implied sum of
set theory whose cells are peers. The other terms of such a sum (at most :data:`EXTRA_TERMS`
cells: an arrow's circle, the rest of a little killer's diagonal) make the total vary with their
candidates. The groups are read off the primitives (:class:`~sudoku_models.constraints.SumCage`,
:class:`~sudoku_models.constraints.LinearSum`) and the layout's peers, so every rule built on
sums has them.

A group's *combinations* are the digit sets of its size, with a total still possible, that its
cells can take one digit each (an exact matching of cells to digits, so a cell keeps only the
digits some matching gives it). The finders on the grid, each one step per deduction:

- *Cage Sets*: the cells keep only what the combinations give them (more than a cage's digit-set
  filter sees: a digit two cells need between them, an arrow's shaft in one box);
- *Must Contain*: a digit every combination holds, whose places in the group all see other
  cells: those lose it;
- *Hidden Cage Digit*: a house whose digit can only go inside one group: the group's
  combinations without it are dropped;
- *Cage Clash*: the groups inside one house, and the house's other cells, take different digits:
  a combination that leaves another group (or the rest of the house) no way to be filled is
  dropped.

Two more finders read the grid from beside it: :mod:`.overlap` (the groups crossing into a
house) and :mod:`.unions` (the groups inside two or three adjacent houses, digit by digit).

Glossary: ``s`` a digit set (a mask), ``i`` a cell, ``m`` a candidate mask.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..constraints import LinearSum, SumCage
from ..solvers.backtracking.propagators import digit_sets
from .idle import Idle
from .layout import House, Layout
from .state import State
from .step import Contradiction, Step, bits_of, cells_label, changes, digits_of, said

#: Most cells of a sum that may lie outside its group of peers (they make the total vary).
EXTRA_TERMS = 3

#: Most joint choices of combinations :meth:`CombinationGrid.clash` tries in one house.
CLASH_WORK = 4000

#: Most digit sets a group may have on an empty grid (over all its totals): larger groups of
#: large grids are left to the rules' own propagators, so the grid's work stays small.
MAX_SETS = 512

#: Most cells, and largest digit, :func:`leftover` matches exactly (a 9x9 house's other cells).
EXACT_CELLS = 9

#: Combinations beyond which a sentence counts them instead of listing them.
LISTED = 4

#: One combination: the digit set and the digits each cell of the group may take in it.
Combination = tuple[int, tuple[int, ...]]


@dataclass(frozen=True)
class SumGroup:
    """Cells that see each other adding up to ``total`` minus the ``extra`` terms
    (``(cell, coefficient)``); ``label`` is the rule it comes from, ``name`` how a step calls it
    (the rule, and the cells when they are only part of the rule's)."""

    label: str
    name: str
    cells: tuple[int, ...]
    total: int
    extra: tuple[tuple[int, int], ...] = ()

    def totals(self, masks: Sequence[int], n: int) -> set[int]:
        """The totals the group's cells may still add up to, given the extra terms' candidates
        (each term on its own: a relaxation, so no total that may occur is left out)."""
        sums = {self.total}
        for i, a in self.extra:
            sums = {t - a * d for t in sums for d in digits_of(masks[i])}
        k = len(self.cells)
        low, high = k * (k + 1) // 2, k * (2 * n - k + 1) // 2
        return {t for t in sums if low <= t <= high}


def sum_groups(layout: Layout) -> tuple[SumGroup, ...]:
    """The sum groups of ``layout``'s rules, one per sum primitive that has one."""
    out: dict[tuple[object, ...], SumGroup] = {}
    for rule in layout.rules:
        for p in rule.primitives:
            group = _group(layout, rule.label, rule.cells, p)
            if group is not None and _affordable(layout, group):
                out.setdefault((group.cells, group.total, group.extra), group)
    return tuple(out.values())


def _group(layout: Layout, label: str, rule_cells: Sequence[int], p: object) -> SumGroup | None:
    n = layout.n
    if isinstance(p, SumCage):
        cells = tuple(sorted(p.cells))
        if len(cells) < 2 or not _clique(layout, cells):
            return None
        return SumGroup(label, label, cells, p.total)
    if not isinstance(p, LinearSum):
        return None
    coeffs: dict[int, int] = {}
    for i, a in zip(p.cells, p.coeffs):
        coeffs[i] = coeffs.get(i, 0) + a
    best: SumGroup | None = None
    for sign in (1, -1):
        ones = [i for i, a in coeffs.items() if a * sign == 1]
        cells = _largest_clique(layout, ones)
        if len(cells) < 2:
            continue
        extra = tuple((i, a * sign) for i, a in coeffs.items() if a and i not in cells)
        if len(extra) > EXTRA_TERMS or (best is not None and len(best.cells) >= len(cells)):
            continue
        whole = set(cells) == set(rule_cells)
        name = label if whole else f"{label} ({cells_label(n, cells)})"
        best = SumGroup(label, name, cells, sign * p.total, extra)
    return best


def _affordable(layout: Layout, group: SumGroup) -> bool:
    """Whether the group's digit sets are few enough to table and match (at most
    :data:`MAX_SETS` over the totals it may have)."""
    n, k = layout.n, len(group.cells)
    if math.comb(n, k) > 64 * MAX_SETS:
        return False
    totals = group.totals([(1 << n) - 1] * layout.size, n)
    return sum(len(digit_sets(n, k, t)) for t in totals) <= MAX_SETS


def _clique(layout: Layout, cells: Sequence[int]) -> bool:
    return all(b in layout.peers[a] for a, b in itertools.combinations(cells, 2))


def _largest_clique(layout: Layout, cells: Sequence[int]) -> tuple[int, ...]:
    """The largest set of ``cells`` that see each other found by growing one from each cell
    (greedily, in reading order)."""
    best: list[int] = []
    for seed in cells:
        grown = [seed]
        for i in cells:
            if i != seed and all(i in layout.peers[j] for j in grown):
                grown.append(i)
        if len(grown) > len(best):
            best = grown
    return tuple(sorted(best))


@functools.lru_cache(maxsize=1 << 16)
def supports(masks: tuple[int, ...], s: int) -> tuple[int, ...] | None:
    """The digits of ``s`` each cell may take when the cells (candidates ``masks``) take every
    digit of ``s`` once, or None when they cannot.

    >>> supports((0b011, 0b001, 0b110), 0b111)   # 1 goes to the second cell
    (2, 1, 4)
    """
    k = len(masks)
    masks = tuple(m & s for m in masks)
    forward: list[set[int]] = [{0}]
    for m in masks:
        forward.append({u | b for u in forward[-1] for b in bits_of(m & ~u)})
    if s not in forward[-1]:
        return None
    backward: list[set[int]] = [set() for _ in range(k)] + [{0}]
    for j in range(k - 1, -1, -1):
        backward[j] = {v | b for v in backward[j + 1] for b in bits_of(masks[j] & ~v)}
    out = []
    for j, m in enumerate(masks):
        keep = 0
        for u in forward[j]:
            rest = s & ~u
            for b in bits_of(m & rest & ~keep):
                if rest & ~b in backward[j + 1]:
                    keep |= b
        out.append(keep)
    return tuple(out)


def disjoint_choices(
    options: Sequence[Sequence[int]], budget: int, leaf: Callable[[Sequence[int], int], None]
) -> bool:
    """Call ``leaf(picked, used)`` for every choice of one digit mask from each list of
    ``options``, no two sharing a digit (``used``: their union); False, part way, once more than
    ``budget`` partial choices have been tried."""
    work = 0
    picked: list[int] = []

    def walk(j: int, used: int) -> bool:
        nonlocal work
        work += 1
        if work > budget:
            return False
        if j == len(options):
            leaf(picked, used)
            return True
        for t in options[j]:
            if t & used:
                continue
            picked.append(t)
            ok = walk(j + 1, used | t)
            picked.pop()
            if not ok:
                return False
        return True

    return walk(0, 0)


def leftover(masks: tuple[int, ...], s: int) -> tuple[int, ...] | None:
    """The digits of ``s`` each of a house's other cells may take when they take ``s``
    between them: :func:`supports` for up to :data:`EXACT_CELLS` cells and digits; beyond
    (larger grids), each cell keeps its candidates in ``s`` (None when a digit of ``s`` has no
    cell), a relaxation that costs little where an exact matching would cost much."""
    if len(masks) <= EXACT_CELLS and s >> EXACT_CELLS == 0:
        return supports(masks, s)
    union = 0
    for m in masks:
        union |= m
    return tuple(m & s for m in masks) if union & s == s else None


def set_text(s: int) -> str:
    """A digit set as a killer solver writes it: ``159`` (``(10)`` and up in brackets)."""
    return "".join(str(d) if d < 10 else f"({d})" for d in digits_of(s))


def _listing(sets: Sequence[int]) -> str:
    """``689``, ``159 or 168``; or ``5 sets`` when there are many."""
    if len(sets) > LISTED:
        return f"{len(sets)} sets"
    return " or ".join(set_text(s) for s in sets)


class CombinationGrid:
    """The sum groups of a layout with their combinations, and the finders that read them.

    The combinations are worked out from the candidates each time (a step changes only
    candidates), kept per group and candidates of its cells, so asking again costs little.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.groups = sum_groups(layout)
        self.watched = [tuple(g.cells) + tuple(i for i, _ in g.extra) for g in self.groups]
        self.near = [
            tuple(sorted(set(w).union(*(layout.peers[i] for i in g.cells))))
            for w, g in zip(self.watched, self.groups)
        ]
        self.inside: list[tuple[House, tuple[int, ...]]] = []
        for house in layout.houses:
            cells = set(house.cells)
            chosen: list[int] = []
            taken: set[int] = set()
            for k, g in enumerate(self.groups):
                if cells.issuperset(g.cells) and not taken.intersection(g.cells):
                    chosen.append(k)
                    taken.update(g.cells)
            if chosen:
                self.inside.append((house, tuple(chosen)))
        self.house_watched = [
            tuple(sorted({*house.cells, *(i for k in chosen for i in self.watched[k])}))
            for house, chosen in self.inside
        ]
        self.of_cell: dict[int, list[int]] = {}
        for k, g in enumerate(self.groups):
            for i in g.cells:
                self.of_cell.setdefault(i, []).append(k)
        self._memo: dict[tuple[int, tuple[int, ...]], tuple[Combination, ...]] = {}
        self._idle = {finder: Idle() for finder in ("sets", "must", "clash")}

    def combinations(self, k: int, masks: Sequence[int]) -> tuple[Combination, ...]:
        """The combinations of group ``k`` under the candidates ``masks``."""
        key = (k, tuple([masks[i] for i in self.watched[k]]))
        found = self._memo.get(key)
        if found is None:
            if len(self._memo) > 1 << 15:
                self._memo.clear()
            g = self.groups[k]
            n = self.layout.n
            cell_masks = tuple(masks[i] for i in g.cells)
            union = 0
            for m in cell_masks:
                union |= m
            out = []
            for total in sorted(g.totals(masks, n)):
                for s in digit_sets(n, len(g.cells), total):
                    if s & ~union:
                        continue
                    kept = supports(cell_masks, s)
                    if kept is not None:
                        out.append((s, kept))
            found = self._memo[key] = tuple(out)
        return found

    def _fresh(self, finder: str, k: int, masks: Sequence[int]) -> tuple[int, ...] | None:
        """The key of the candidates ``finder`` reads for group ``k`` (its cells; for Must
        Contain their peers too), or None when it found nothing on them."""
        cells = self.near[k] if finder == "must" else self.watched[k]
        key = tuple([masks[i] for i in cells])
        return None if self._idle[finder].quiet(k, key) else key

    def restricted(self, k: int, masks: Sequence[int], kept: Sequence[Combination]) -> list[int]:
        """The whole grid's masks with group ``k``'s cells narrowed to what ``kept`` gives."""
        after = list(masks)
        for j, i in enumerate(self.groups[k].cells):
            union = 0
            for _, sup in kept:
                union |= sup[j]
            after[i] = masks[i] & union
        return after

    def sets(self, state: State) -> Step | Contradiction | None:
        """A group whose cells hold digits no combination gives them (Cage Sets)."""
        masks, n = state.masks, self.layout.n
        for k, g in enumerate(self.groups):
            key = self._fresh("sets", k, masks)
            if key is None:
                continue
            combos = self.combinations(k, masks)
            if not combos:
                return Contradiction(g.label, g.cells, f"{g.name}: no digit set left")
            after = self.restricted(k, masks, combos)
            if after == list(masks):
                self._idle["sets"].rest(k, key)
                continue
            elims, words = changes(n, masks, after)
            listing = _listing([s for s, _ in combos])
            text = f"{g.name}: only {listing}, placed one digit a cell, so {words}"
            return Step("Cage Sets", g.label, text, eliminations=elims, cells=g.cells)
        return None

    def must_contain(self, state: State) -> Step | None:
        """A digit every combination of a group holds, whose places all see other cells: they
        lose it (all such digits of one group in one step)."""
        layout, masks, placed = self.layout, state.masks, state.placed
        n = layout.n
        for k, g in enumerate(self.groups):
            key = self._fresh("must", k, masks)
            if key is None:
                continue
            combos = self.combinations(k, masks)
            required = (1 << n) - 1
            for s, _ in combos:
                required &= s
            elims: list[tuple[int, int]] = []
            told: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
            for b in bits_of(required if combos else 0):
                d = b.bit_length()
                places = [i for i in g.cells if masks[i] & b]
                if any(placed[i] for i in places):
                    continue
                common = set(layout.peers[places[0]])
                for i in places[1:]:
                    common &= layout.peers[i]
                targets = sorted(i for i in common.difference(g.cells) if masks[i] & b)
                if targets:
                    elims += [(i, d) for i in targets]
                    where = (tuple(places), tuple(targets))
                    told[where] = told.get(where, 0) | b
            if not elims:
                self._idle["must"].rest(k, key)
                continue
            sets = [s for s, _ in combos]
            holding = "" if len(sets) == 1 else f", all holding {set_text(required)}"
            clauses = [
                f"{set_text(m)} {'lie' if m & (m - 1) else 'lies'} only in "
                f"{cells_label(n, places)}, so {cells_label(n, targets)} (seeing them all) "
                f"cannot be {said(m)}"
                for (places, targets), m in told.items()
            ]
            text = f"{g.name}: only {_listing(sets)}{holding}; " + "; ".join(clauses)
            return Step(
                "Must Contain", g.label, text, eliminations=tuple(sorted(elims)), cells=g.cells
            )
        return None

    def hidden(self, state: State) -> Step | None:
        """A house whose digit can only go in one group's cells: that group's combinations must
        hold it, and its cells keep what the combinations holding it give them."""
        layout, masks, placed = self.layout, state.masks, state.placed
        n = layout.n
        for house in layout.houses:
            for d in range(1, n + 1):
                b = 1 << (d - 1)
                places = [i for i in house.cells if masks[i] & b]
                if not places or any(placed[i] for i in places):
                    continue
                for k in self.of_cell.get(places[0], ()):
                    g = self.groups[k]
                    if not set(g.cells).issuperset(places):
                        continue
                    combos = self.combinations(k, masks)
                    kept = [c for c in combos if c[0] & b]
                    if len(kept) == len(combos):
                        continue
                    after = self.restricted(k, masks, kept)
                    if after == list(masks):
                        continue
                    elims, words = changes(n, masks, after)
                    text = (
                        f"{house.name}: {d} can only go in {g.name}, so the group holds {d}: "
                        f"only {_listing([s for s, _ in kept])}, so {words}"
                    )
                    return Step(
                        "Hidden Cage Digit",
                        g.label,
                        text,
                        eliminations=elims,
                        cells=tuple(places),
                        reasons=(house.name,),
                    )
        return None

    def clash(self, state: State) -> Step | None:
        """The groups inside one house and the house's other cells take different digits: the
        combinations no joint choice uses are dropped, and the other cells keep only the digits
        some joint choice leaves them."""
        layout, masks = self.layout, state.masks
        n = layout.n
        full = (1 << n) - 1
        idle = self._idle["clash"]
        for h, (house, chosen) in enumerate(self.inside):
            key = tuple([masks[i] for i in self.house_watched[h]])
            if idle.quiet(h, key):
                continue
            found = self._clash(house, chosen, masks, full)
            if found is None:
                idle.rest(h, key)
                continue
            after, alive = found
            elims, words = changes(n, masks, after)
            names = [self.groups[k].name for k in chosen]
            rest = [i for i in house.cells if not any(i in self.groups[k].cells for k in chosen)]
            who = " and ".join(names)
            if rest:
                who += f" and the rest of {house.name} ({cells_label(n, rest)})"
            said = []
            for j, k in enumerate(chosen):
                sets = [s for s, _ in self.combinations(k, masks)]
                gone = [s for s in sets if s not in alive[j]]
                if gone:
                    kept = sorted(alive[j])
                    only = f" (only {_listing(kept)})" if len(kept) <= LISTED else ""
                    dropped = " or ".join(map(set_text, gone))
                    said.append(f"{self.groups[k].name} cannot be {dropped}{only}")
            text = f"{who} share {house.name}, so their digits differ: "
            text += "; ".join(said) + f"; so {words}" if said else words
            cells = tuple(i for k in chosen for i in self.groups[k].cells)
            reasons = (house.name, *dict.fromkeys(self.groups[k].label for k in chosen))
            return Step("Cage Clash", "", text, eliminations=elims, cells=cells, reasons=reasons)
        return None

    def _clash(
        self, house: House, chosen: tuple[int, ...], masks: Sequence[int], full: int
    ) -> tuple[list[int], list[set[int]]] | None:
        """The masks after the joint choices of ``house`` and the sets each group keeps, or None
        when nothing changes (or the choices are too many to try)."""
        lists = [self.combinations(k, masks) for k in chosen]
        inner = {i for k in chosen for i in self.groups[k].cells}
        rest = tuple(i for i in house.cells if i not in inner)
        alive: list[set[int]] = [set() for _ in chosen]
        left_union = 0

        def leaf(picked: Sequence[int], used: int) -> None:
            nonlocal left_union
            left = full & ~used
            if leftover(tuple(masks[i] for i in rest), left) is None:
                return
            left_union |= left
            for x, s in enumerate(picked):
                alive[x].add(s)

        if not disjoint_choices([[s for s, _ in c] for c in lists], CLASH_WORK, leaf):
            return None
        after = list(masks)
        for j, k in enumerate(chosen):
            kept = [c for c in lists[j] if c[0] in alive[j]]
            if len(kept) == len(lists[j]):
                continue
            after = self.restricted(k, after, kept)
        for i in rest:
            after[i] &= left_union
        if after == list(masks):
            return None
        return after, alive
