"""Cage Overlap: the sum groups that cross into a house, read with the house's other cells.

A killer solver splits a cage that straddles a house: the cells it has inside the house take
some of the digits of its combination, the rest of the house the digits left over. With every
sum group that meets a house in two cells or more (the whole group, or the *piece* of it
inside), the pieces and the house's other cells take different digits and together every digit
once. A piece's *options* are the digit sets its cells may take: for each combination of the
group, the subsets whose digits the piece's cells, and the combination's other digits the
group's cells outside the house, can take one a cell. An option no joint choice over the house
uses is dropped, and with it every cell's digit (inside the house or outside it) that only
dropped options gave.

This reaches what :meth:`~.cages.CombinationGrid.clash` (groups wholly inside one house) does
not: the part of a cage in a box is 12 or 13, so the rest of the box has no 1; the two cells a
cage has in a row cannot be 89 because another cage in that row needs the 9.

Glossary: ``t`` the digit set of a piece, ``s`` of a whole group, ``i`` a cell, ``m`` a mask.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from .cages import LISTED, CombinationGrid, disjoint_choices, leftover, set_text, supports
from .idle import Idle
from .layout import House
from .state import State
from .step import Step, bits_of, cells_label, changes, digits_of

#: Most choices :class:`CageOverlap` tries in one house, and most splits of the groups' digit
#: sets it makes there, before it leaves the house alone.
OVERLAP_WORK = 3000

#: One piece of a group in a house: the group, its cells inside, its cells outside, and per
#: digit set of the inside cells the combinations (digit sets of the whole group) allowing it.
Piece = tuple[int, tuple[int, ...], tuple[int, ...], dict[int, list[int]]]


class CageOverlap:
    """The finder of Cage Overlap steps over the houses of a combination grid's layout."""

    technique = "Cage Overlap"

    def __init__(self, grid: CombinationGrid) -> None:
        self.grid = grid
        layout = grid.layout
        self.houses: list[tuple[House, tuple[int, ...], tuple[int, ...]]] = []
        for house in layout.houses:
            cells = set(house.cells)
            meeting = sorted(
                (k for k, g in enumerate(grid.groups) if len(cells.intersection(g.cells)) > 1),
                key=lambda k: (not cells.issuperset(grid.groups[k].cells), k),
            )
            chosen: list[int] = []
            taken: set[int] = set()
            for k in meeting:
                inside = cells.intersection(grid.groups[k].cells)
                if not taken.intersection(inside):
                    chosen.append(k)
                    taken.update(inside)
            if any(not cells.issuperset(grid.groups[k].cells) for k in chosen):
                watched = {*house.cells, *(i for k in chosen for i in grid.watched[k])}
                self.houses.append((house, tuple(chosen), tuple(sorted(watched))))
        self._idle = Idle()

    def __call__(self, state: State) -> Step | None:
        """The first house whose pieces drop an option, as one step."""
        masks = state.masks
        for h, (house, chosen, watched) in enumerate(self.houses):
            key = tuple([masks[i] for i in watched])
            if self._idle.quiet(h, key):
                continue
            step = self._house(house, chosen, masks)
            if step is None:
                self._idle.rest(h, key)
            else:
                return step
        return None

    def _pieces(
        self, house: House, chosen: Sequence[int], masks: Sequence[int]
    ) -> list[Piece] | None:
        """The pieces of the ``chosen`` groups in ``house``, or None when their digit sets
        are more than :data:`OVERLAP_WORK` to split (large cages of large grids)."""
        cells = set(house.cells)
        out: list[Piece] = []
        splits = 0
        for k in chosen:
            g = self.grid.groups[k]
            inner = tuple(i for i in g.cells if i in cells)
            outer = tuple(i for i in g.cells if i not in cells)
            in_masks = tuple(masks[i] for i in inner)
            out_masks = tuple(masks[i] for i in outer)
            options: dict[int, list[int]] = {}
            combos = self.grid.combinations(k, masks)
            splits += len(combos) * math.comb(len(g.cells), len(inner))
            if splits > OVERLAP_WORK:
                return None
            for s, _ in combos:
                for part in itertools.combinations(bits_of(s), len(inner)):
                    t = sum(part)
                    if supports(in_masks, t) is None:
                        continue
                    if outer and supports(out_masks, s & ~t) is None:
                        continue
                    options.setdefault(t, []).append(s)
            out.append((k, inner, outer, options))
        return out

    def _house(self, house: House, chosen: Sequence[int], masks: Sequence[int]) -> Step | None:
        n = self.grid.layout.n
        full = (1 << n) - 1
        pieces = self._pieces(house, chosen, masks)
        if pieces is None or any(not options for *_, options in pieces):
            return None  # a group with no combination left: Cage Sets names it
        pieces.sort(key=lambda p: len(p[3]))
        inner_cells = {i for p in pieces for i in p[1]}
        rest = tuple(i for i in house.cells if i not in inner_cells)
        rest_masks = tuple(masks[i] for i in rest)
        alive: list[set[int]] = [set() for _ in pieces]
        rest_keep = [0] * len(rest)

        def leaf(picked: Sequence[int], used: int) -> None:
            kept = leftover(rest_masks, full & ~used)
            if kept is not None:
                for x, t in enumerate(picked):
                    alive[x].add(t)
                for x, m in enumerate(kept):
                    rest_keep[x] |= m

        if not disjoint_choices([list(p[3]) for p in pieces], OVERLAP_WORK, leaf):
            return None
        after = list(masks)
        for x, i in enumerate(rest):
            after[i] &= rest_keep[x]
        told: list[str] = []
        for (k, inner, outer, options), kept in zip(pieces, alive):
            if len(kept) == len(options):
                continue
            in_keep = [0] * len(inner)
            out_keep = [0] * len(outer)
            for t in kept:
                for x, m in enumerate(supports(tuple(masks[i] for i in inner), t) or ()):
                    in_keep[x] |= m
                for s in options[t]:
                    found = supports(tuple(masks[i] for i in outer), s & ~t) or ()
                    for x, m in enumerate(found):
                        out_keep[x] |= m
            for x, i in enumerate(inner):
                after[i] &= in_keep[x]
            for x, i in enumerate(outer):
                after[i] &= out_keep[x]
            told.append(
                self._telling(
                    k, inner, outer, sorted(options, key=digits_of), sorted(kept, key=digits_of)
                )
            )
        if after == list(masks):
            return None
        elims, words = changes(n, masks, after)
        groups = self.grid.groups
        names = " and ".join(groups[p[0]].name for p in pieces)
        if rest:
            names += f" and the rest of {house.name} ({cells_label(n, rest)})"
        text = f"{names} share {house.name}, so their digits there differ: "
        text += "; ".join(told) + f"; so {words}" if told else words
        cells = tuple(i for p in pieces for i in p[1] + p[2])
        reasons = (house.name, *dict.fromkeys(groups[p[0]].label for p in pieces))
        return Step(self.technique, "", text, eliminations=elims, cells=cells, reasons=reasons)

    def _telling(
        self,
        k: int,
        inner: Sequence[int],
        outer: Sequence[int],
        options: Sequence[int],
        kept: Sequence[int],
    ) -> str:
        """``cage ... holds 25 in r9c7,r9c8, not 16 or 34`` (the dropped options counted when
        many)."""
        n = self.grid.layout.n
        g = self.grid.groups[k]
        gone = [t for t in options if t not in kept]
        where = f" in {cells_label(n, inner)}" if outer else ""
        if len(kept) <= LISTED:
            holds = " or ".join(map(set_text, kept))
        else:
            holds = f"one of {len(kept)} sets"
        if len(gone) <= LISTED:
            dropped = " or ".join(map(set_text, gone))
        else:
            dropped = f"{len(gone)} other sets"
        return f"{g.name} holds {holds}{where}, not {dropped}"
