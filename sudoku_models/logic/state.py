"""The candidate state of the logical solver: a mask of candidates per cell, and which cells are
placed (a placed digit has left the candidates of the cell's peers)."""

from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterable, Sequence

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
        for house in self.layout.houses:
            union = 0
            for i in house.cells:
                union |= masks[i]
            if union != full:
                d = ((full & ~union) & -(full & ~union)).bit_length()
                return Contradiction(house.name, house.cells, f"{house.name}: no place for {d}")
        if _clash(_peer_bits(self.layout), masks, self.placed):
            for i, m in enumerate(masks):
                if self.placed[i]:
                    for p in self.layout.peers[i]:
                        if self.placed[p] and masks[p] == m and p > i:
                            a, b = cell_label(n, i), cell_label(n, p)
                            text = f"{a} and {b} both hold {m.bit_length()}"
                            return Contradiction(f"{a},{b}", (i, p), text)
        return None


def place_givens(state: State, struck: Iterable[Sequence[int]] = ()) -> Contradiction | None:
    """Place the model's givens on ``state`` and strike the ``struck`` candidates of open
    cells, or name two givens that clash."""
    model = state.layout.model
    clashes = model.clashes()
    if clashes:
        a, b = (cell_label(model.n, i) for i in clashes[0])
        return Contradiction(f"{a},{b}", clashes[0], f"the givens at {a} and {b} clash")
    for i, d in enumerate(model.givens):
        if d:
            state.place(i, d)
    for i, d in struck:
        if not state.placed[i]:
            state.masks[i] &= ~(1 << (d - 1))
    return None


def _clash(peer_bits: list[int], masks: list[int], placed: list[bool]) -> bool:
    """Whether two peers are placed with one digit (``peer_bits[i]``: the peers of cell ``i``,
    bit ``p`` for cell ``p``)."""
    cells = list(itertools.compress(range(len(masks)), placed))
    holding: dict[int, int] = {}  # a placed digit's mask: the cells holding it, as bits
    for i in cells:
        holding[masks[i]] = holding.get(masks[i], 0) | 1 << i
    return any(peer_bits[i] & holding[masks[i]] for i in cells)


_PEER_BITS: weakref.WeakKeyDictionary[Layout, list[int]] = weakref.WeakKeyDictionary()


def _peer_bits(layout: Layout) -> list[int]:
    """The peers of each cell of ``layout`` as bits, made once per layout."""
    found = _PEER_BITS.get(layout)
    if found is None:
        found = _PEER_BITS[layout] = [sum(1 << p for p in peers) for peers in layout.peers]
    return found
