"""The candidate state of the logical solver: a mask of candidates per cell, and which cells are
placed (a placed digit has left the candidates of the cell's peers)."""

from __future__ import annotations

import functools
import operator
import weakref
from collections.abc import Callable, Iterable
from typing import Any

from .layout import Layout
from .step import Contradiction, Step, cell_label


class State:
    """Candidates per cell (bit ``d - 1`` for digit ``d``) and the placed cells; changed in
    place by :meth:`apply`."""

    __slots__ = ("layout", "masks", "placed")

    def __init__(self, layout: Layout, masks: list[int], placed: list[bool]) -> None:
        self.layout = layout
        self.masks = masks
        self.placed = placed

    @classmethod
    def start(cls, layout: Layout, cells: Iterable[int]) -> State:
        """The state of the digits ``cells`` (0 for an empty cell), givens placed."""
        full = (1 << layout.n) - 1
        values = list(cells)
        state = cls(layout, [1 << (d - 1) if d else full for d in values], [False] * len(values))
        for i, d in enumerate(values):
            if d:
                state.place(i, d)
        return state

    def copy(self) -> State:
        """An independent copy."""
        return State(self.layout, self.masks[:], self.placed[:])

    def place(self, i: int, d: int) -> None:
        """Write ``d`` in cell ``i`` and strike it from the cell's peers."""
        b = 1 << (d - 1)
        masks = self.masks
        masks[i] = b
        self.placed[i] = True
        for p in self.layout.peers[i]:
            masks[p] &= ~b

    def apply(self, step: Step) -> None:
        """Make the step's placements and eliminations."""
        for i, d in step.placements:
            self.place(i, d)
        for i, d in step.eliminations:
            self.masks[i] &= ~(1 << (d - 1))

    def open_candidates(self) -> int:
        """Number of candidates left in the open cells."""
        return sum(m.bit_count() for m, p in zip(self.masks, self.placed) if not p)

    def is_solved(self) -> bool:
        """Whether every cell is placed."""
        return all(self.placed)

    def grid(self) -> tuple[int, ...]:
        """The placed digits, 0 for the open cells."""
        return tuple(m.bit_length() if p else 0 for m, p in zip(self.masks, self.placed))

    def broken(self) -> Contradiction | None:
        """A cell with no candidate, a house with no place for a digit, or two peers placed
        with one digit; None when none is seen."""
        n = self.layout.n
        masks = self.masks
        if 0 in masks:
            i = masks.index(0)
            name = cell_label(n, i)
            return Contradiction(name, (i,), f"{name}: no candidate left")
        full = (1 << n) - 1
        for house, cells in zip(self.layout.houses, _cliques(self.layout).houses):
            union = functools.reduce(operator.or_, cells(masks))
            if union != full:
                d = ((full & ~union) & -(full & ~union)).bit_length()
                return Contradiction(house.name, house.cells, f"{house.name}: no place for {d}")
        if _cliques(self.layout).clash(masks, self.placed):
            return self._clash()
        return None

    def _clash(self) -> Contradiction | None:
        """The first two peers placed with one digit, cell by cell."""
        n = self.layout.n
        masks = self.masks
        for i, m in enumerate(masks):
            if self.placed[i]:
                for p in self.layout.peers[i]:
                    if self.placed[p] and masks[p] == m and p > i:
                        a, b = cell_label(n, i), cell_label(n, p)
                        text = f"{a} and {b} both hold {m.bit_length()}"
                        return Contradiction(f"{a},{b}", (i, p), text)
        return None


class _Cliques:
    """The peer relation of a layout as sets of cells that are all peers of each other (its
    houses, its groups, and the pairs of peers in none of them), for checking a state at
    once; the houses' cells also as getters."""

    def __init__(self, layout: Layout) -> None:
        self.houses = [_getter(h.cells) for h in layout.houses]
        cliques = [h.cells for h in layout.houses + layout.groups]
        covered: list[set[int]] = [set() for _ in layout.peers]
        for cells in cliques:
            for i in cells:
                covered[i].update(cells)
        pairs = [
            (i, p)
            for i, peers in enumerate(layout.peers)
            for p in peers
            if p > i and p not in covered[i]
        ]
        self.cliques = [_getter(cells) for cells in cliques + pairs if len(cells) > 1]

    def clash(self, masks: list[int], placed: list[bool]) -> bool:
        """Whether two peers are placed with one digit."""
        for cells in self.cliques:
            seen = 0
            for m, p in zip(cells(masks), cells(placed)):
                if p:
                    if seen & m:
                        return True
                    seen |= m
        return False


def _getter(cells: tuple[int, ...]) -> Callable[[list[Any]], tuple[Any, ...]]:
    """The items of a list at ``cells``, as a tuple."""
    get = operator.itemgetter(*cells)
    return get if len(cells) > 1 else lambda items: (get(items),)


_CLIQUES: weakref.WeakKeyDictionary[Layout, _Cliques] = weakref.WeakKeyDictionary()


def _cliques(layout: Layout) -> _Cliques:
    """The cliques of ``layout``, made once."""
    found = _CLIQUES.get(layout)
    if found is None:
        found = _CLIQUES[layout] = _Cliques(layout)
    return found
