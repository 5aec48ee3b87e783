"""Singles on any geometry: the last cell of a house, a cell with one candidate, a digit with one
place in a house."""

from __future__ import annotations

from .state import State
from .step import Step, cell_label


def full_house(state: State) -> Step | None:
    """A house with one open cell left: it takes the missing digit."""
    n = state.layout.n
    for house in state.layout.houses:
        open_cells = [i for i in house.cells if not state.placed[i]]
        if len(open_cells) == 1:
            (i,) = open_cells
            m = state.masks[i]
            if m and not m & (m - 1):
                d = m.bit_length()
                text = f"{cell_label(n, i)} is the last open cell of {house.name}: {d}"
                return Step("Full House", house.name, text, ((i, d),), cells=house.cells)
    return None


def naked_single(state: State) -> Step | None:
    """An open cell with one candidate left."""
    n = state.layout.n
    for i, (m, placed) in enumerate(zip(state.masks, state.placed)):
        if not placed and m and not m & (m - 1):
            d = m.bit_length()
            name = cell_label(n, i)
            return Step("Naked Single", name, f"{name} can only be {d}", ((i, d),), cells=(i,))
    return None


def hidden_single(state: State) -> Step | None:
    """A digit with one open place left in a house."""
    n = state.layout.n
    masks, placed = state.masks, state.placed
    for house in state.layout.houses:
        once = twice = done = 0
        for i in house.cells:
            m = masks[i]
            if placed[i]:
                done |= m
                continue
            twice |= once & m
            once |= m
        only = once & ~twice & ~done
        if only:
            b = only & -only
            d = b.bit_length()
            i = next(i for i in house.cells if not placed[i] and masks[i] & b)
            text = f"in {house.name}, {d} fits only in {cell_label(n, i)}"
            return Step("Hidden Single", house.name, text, ((i, d),), cells=house.cells)
    return None
