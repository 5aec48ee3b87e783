"""Union Clash: the sum groups inside two or three adjacent houses, counted digit by digit.

Two adjacent rows (or columns, boxes, jigsaw regions) hold every digit twice, three hold it
three times. The sum groups lying wholly inside such a union hold their combinations; no digit
may occur in them more often than the union holds it, two groups inside one house of the union
take different digits, and the union's other cells must be able to hold what the groups leave
(each digit still missing needs that many cells with it as a candidate). A combination no joint
choice uses is dropped; a digit the groups hold as often as the union does in every joint
choice leaves the union's other cells. This is the 45 rule read digit by digit rather than by
totals: three cages in a band that each need a 9 leave no 9 for its other cells.

Glossary: ``s`` a digit set, ``k`` a group's index, ``i`` a cell, ``m`` a candidate mask.
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Sequence

from .cages import LISTED, CombinationGrid, set_text
from .house import House, families, plural
from .idle import Idle
from .state import State
from .step import Step, bits_of, cells_label, changes, digits_of, said
from .sumsets import unions

#: Numbers of adjacent houses read together (single houses are Cage Clash's).
SIZES = (2, 3)

#: Most joint choices of its groups' combinations a union may have to be searched (more would
#: cost more than they find): beyond it, only the digits every choice holds are read.
UNION_WORK = 4000


class UnionClash:
    """The finder of Union Clash steps over the unions of adjacent houses of a layout."""

    technique = "Union Clash"

    def __init__(self, grid: CombinationGrid) -> None:
        self.grid = grid
        layout = grid.layout
        n = layout.n
        #: Per union: its houses, name, times each digit occurs, the groups inside, the pairs
        #: of them sharing a house, its other cells and the cells its state reads.
        self.unions: list[
            tuple[
                tuple[House, ...],
                str,
                int,
                tuple[int, ...],
                frozenset[tuple[int, int]],
                tuple[int, ...],
                tuple[int, ...],
            ]
        ] = []
        for family in families(n, layout.houses):
            for members in unions(n, family, SIZES):
                houses = tuple(family[k] for k in members)
                cells = {i for h in houses for i in h.cells}
                chosen: list[int] = []
                taken: set[int] = set()
                for k, g in enumerate(grid.groups):
                    if cells.issuperset(g.cells) and not taken.intersection(g.cells):
                        chosen.append(k)
                        taken.update(g.cells)
                if len(chosen) < 2:
                    continue
                sharing = frozenset(
                    (a, b)
                    for a in chosen
                    for b in chosen
                    if a < b
                    and any(
                        h.cells
                        and set(h.cells).issuperset(grid.groups[a].cells + grid.groups[b].cells)
                        for h in houses
                    )
                )
                rest = tuple(sorted(cells - taken))
                watched = {*cells, *(i for k in chosen for i in grid.watched[k])}
                numbers = ", ".join(h.name.split(maxsplit=1)[-1] for h in houses)
                name = f"{plural(houses[0].kind)} {numbers}"
                self.unions.append(
                    (
                        houses,
                        name,
                        len(houses),
                        tuple(chosen),
                        sharing,
                        rest,
                        tuple(sorted(watched)),
                    )
                )
        self._idle = Idle()

    def __call__(self, state: State) -> Step | None:
        """The first union whose count drops a combination or a digit of its other cells."""
        masks = state.masks
        for u, (houses, name, times, chosen, sharing, rest, watched) in enumerate(self.unions):
            key = tuple([masks[i] for i in watched])
            if self._idle.quiet(u, key):
                continue
            step = self._union(houses, name, times, chosen, sharing, rest, masks)
            if step is None:
                self._idle.rest(u, key)
            else:
                return step
        return None

    def _walk(
        self,
        lists: Sequence[Sequence[int]],
        apart: Sequence[Sequence[int]],
        times: int,
        tight: Sequence[tuple[int, int]],
    ) -> tuple[list[set[int]], int] | None:
        """The digit sets each group keeps over the joint choices (no digit more than ``times``
        times, groups ``apart`` disjoint, each ``tight`` digit at least its count) and the
        digits held ``times`` times in every one; None when the choices are too many."""
        n = self.grid.layout.n
        alive: list[set[int]] = [set() for _ in lists]
        every = (1 << n) - 1
        counts = [0] * (n + 1)
        picked: list[int] = []
        work = 0

        def walk(j: int, full: int) -> bool:
            nonlocal work, every
            work += 1
            if work > 2 * UNION_WORK:  # nodes of a tree with at most UNION_WORK leaves
                return False
            if j == len(lists):
                if any(counts[b.bit_length()] < least for b, least in tight):
                    return True
                for x, s in enumerate(picked):
                    alive[x].add(s)
                every &= full
                return True
            for s in lists[j]:
                if s & full or any(s & picked[x] for x in apart[j]):
                    continue
                now = full
                for b in bits_of(s):
                    counts[b.bit_length()] += 1
                    if counts[b.bit_length()] == times:
                        now |= b
                picked.append(s)
                ok = walk(j + 1, now)
                picked.pop()
                for b in bits_of(s):
                    counts[b.bit_length()] -= 1
                if not ok:
                    return False
            return True

        if not walk(0, 0):
            return None
        return alive, every

    def _union(
        self,
        houses: Sequence[House],
        name: str,
        times: int,
        chosen: Sequence[int],
        sharing: frozenset[tuple[int, int]],
        rest: Sequence[int],
        masks: Sequence[int],
    ) -> Step | None:
        n = self.grid.layout.n
        sets_of = {k: [s for s, _ in self.grid.combinations(k, masks)] for k in chosen}
        order = sorted(chosen, key=lambda k: len(sets_of[k]))
        lists = [sets_of[k] for k in order]
        if any(not sets for sets in lists):
            return None  # a group with no combination left: Cage Sets names it
        anywhere = [functools.reduce(operator.or_, sets) for sets in lists]
        always = [functools.reduce(operator.and_, sets) for sets in lists]
        held = [sum(m >> d & 1 for m in always) for d in range(n)]
        full_in_groups = sum(1 << d for d in range(n) if held[d] == times)
        choices = math.prod(len(sets) for sets in lists)
        if choices > UNION_WORK and not any(masks[i] & full_in_groups for i in rest):
            return None  # too many choices to search, and no digit held every time
        # how many of the union's other cells may hold each digit
        room = [sum(1 for i in rest if masks[i] >> d & 1) for d in range(n)]
        # digits the groups must hold at least so often, for want of room in the other cells
        tight = [(1 << d, times - room[d]) for d in range(n) if times > room[d]]
        may = [sum(m >> d & 1 for m in anywhere) for d in range(n)]
        if (tight or any(m > times for m in may)) and choices <= UNION_WORK:
            apart = [
                [x for x in range(j) if (min(k, order[x]), max(k, order[x])) in sharing]
                for j, k in enumerate(order)
            ]
            found = self._walk(lists, apart, times, tight)
            if found is None:
                return None
            alive, full_in_groups = found
        else:  # nothing to count, or too much: only the digits the groups hold every time
            alive = [set(sets) for sets in lists]
        after = list(masks)
        told: list[str] = []
        for x, k in enumerate(order):
            combos = self.grid.combinations(k, masks)
            kept = [c for c in combos if c[0] in alive[x]]
            if len(kept) < len(combos):
                after = self.grid.restricted(k, after, kept)
                gone = [set_text(s) for s, _ in combos if s not in alive[x]]
                dropped = " or ".join(gone) if len(gone) <= LISTED else f"{len(gone)} of its sets"
                told.append(f"{self.grid.groups[k].name} cannot be {dropped}")
        if any(alive):
            for i in rest:
                after[i] &= ~full_in_groups
        if after == list(masks):
            return None
        elims, words = changes(n, masks, after)
        groups = [self.grid.groups[k] for k in order]
        losing = [i for i in rest if masks[i] & full_in_groups]
        if losing and any(alive):
            told.append(
                f"they hold {_each(full_in_groups)} {_times(times)} in every choice, so "
                f"{cells_label(n, losing)} cannot be {said(full_in_groups)}"
            )
        text = (
            f"{name} hold every digit {_times(times)}, and "
            + ", ".join(g.name for g in groups)
            + " lie inside them: "
            + "; ".join(told)
            + f"; so {words}"
        )
        cells = tuple(i for g in groups for i in g.cells)
        reasons = (*(h.name for h in houses), *dict.fromkeys(g.label for g in groups))
        return Step(self.technique, "", text, eliminations=elims, cells=cells, reasons=reasons)


def _times(k: int) -> str:
    """``twice``, ``three times``."""
    return {1: "once", 2: "twice", 3: "three times"}.get(k, f"{k} times")


def _each(m: int) -> str:
    """``9``, ``1 and 2 each``, ``1, 2 and 3 each``."""
    ds = list(map(str, digits_of(m)))
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + f" and {ds[-1]} each"
