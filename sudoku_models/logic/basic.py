"""Classic techniques on any geometry: locked candidates (and the digits a cage must hold),
naked and hidden subsets, fish.

They speak of houses (``n`` cells holding every digit once) and groups (shorter all-different
groups, cages among them), and strike a digit from every cell that sees all the places it may
take: the peers of a cell include the other cells of its cages and the cells an anti-knight or
anti-king rule keeps different, so the same code reads those rules too.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from ..solvers.backtracking.propagators import digit_sets
from .house import House, families
from .layout import Layout, per_layout
from .state import State
from .step import Step, cells_label, digit_list


def _seeing(layout: Layout, cells: Sequence[int]) -> frozenset[int]:
    """The cells (outside ``cells``) that see every cell of ``cells``."""
    common = layout.peers[cells[0]]
    for i in cells[1:]:
        common = common & layout.peers[i]
    return common.difference(cells)


def required_digits(state: State, group: House) -> int:
    """The digits a group must hold: every digit for a house, those of every digit set still
    possible for a cage, none otherwise."""
    n = state.layout.n
    if len(group.cells) == n:
        return (1 << n) - 1
    if group.total is None:
        return 0
    masks = state.masks
    union = 0
    for i in group.cells:
        union |= masks[i]
    required = (1 << n) - 1
    for s in digit_sets(n, len(group.cells), group.total):
        if s & ~union == 0 and all(masks[i] & s for i in group.cells):
            required &= s
    return required


def locked_candidates(state: State) -> Step | None:
    """A digit of a house whose places all see some other cells: they lose it (the digits a
    cage must hold are read on the combination grid, :mod:`.cages`)."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    for group in layout.houses:
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            places = [i for i in group.cells if masks[i] & b]
            if len(places) < 2 or any(placed[i] for i in places):
                continue
            targets = sorted(i for i in _seeing(layout, places) if masks[i] & b)
            if targets:
                text = (
                    f"{group.name}: {d} lies only in {cells_label(n, places)}, "
                    f"so {cells_label(n, targets)} (seeing them all) cannot be {d}"
                )
                elims = tuple((i, d) for i in targets)
                return Step(
                    "Locked Candidates", group.name, text, eliminations=elims, cells=tuple(places)
                )
    return None


_SIZE = {2: "Pair", 3: "Triple", 4: "Quad"}


def naked_subset(state: State, k: int) -> Step | None:
    """``k`` cells of one house or group holding only ``k`` digits between them: every cell
    seeing all the places of one of those digits loses it."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    for group in layout.houses + layout.groups:
        open_cells = [i for i in group.cells if not placed[i] and masks[i].bit_count() <= k]
        if len(open_cells) < k:
            continue
        for subset in itertools.combinations(open_cells, k):
            union = 0
            for i in subset:
                union |= masks[i]
            if union.bit_count() != k:
                continue
            elims = []
            for d in range(1, n + 1):
                b = 1 << (d - 1)
                if union & b:
                    holders = [i for i in subset if masks[i] & b]
                    elims += [(i, d) for i in _seeing(layout, holders) if masks[i] & b]
            if elims:
                text = (
                    f"in {group.name}, {cells_label(n, subset)} hold only {digit_list(union)}, "
                    f"so the cells seeing them lose those digits"
                )
                return Step(
                    f"Naked {_SIZE[k]}",
                    group.name,
                    text,
                    eliminations=tuple(sorted(elims)),
                    cells=subset,
                )
    return None


def hidden_subset(state: State, k: int) -> Step | None:
    """``k`` digits with only ``k`` places in a house: those cells lose every other digit."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    for house in layout.houses:
        where: dict[int, int] = {}
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            at = [j for j, i in enumerate(house.cells) if masks[i] & b]
            if 2 <= len(at) <= k and not any(placed[house.cells[j]] for j in at):
                where[d] = sum(1 << j for j in at)
        for digits in itertools.combinations(sorted(where), k):
            spots = 0
            for d in digits:
                spots |= where[d]
            if spots.bit_count() != k:
                continue
            keep = sum(1 << (d - 1) for d in digits)
            cells = [house.cells[j] for j in range(len(house.cells)) if spots >> j & 1]
            elims = tuple(
                (i, d)
                for i in cells
                for d in range(1, n + 1)
                if masks[i] >> (d - 1) & 1 and not keep >> (d - 1) & 1
            )
            if elims:
                text = (
                    f"in {house.name}, {digit_list(keep)} fit only in {cells_label(n, cells)}, "
                    f"so those cells hold nothing else"
                )
                return Step(
                    f"Hidden {_SIZE[k]}", house.name, text, eliminations=elims, cells=tuple(cells)
                )
    return None


_FISH = {2: "X-Wing", 3: "Swordfish", 4: "Jellyfish"}

#: The kinds of house whose fish are the classic ones; any other pair of families makes a
#: Franken fish.
_CLASSIC_FAMILIES = ("row", "column")


def _lines(layout: Layout) -> Iterator[tuple[list[House], list[House]]]:
    """Pairs of families of disjoint houses, bases and covers: rows against columns and
    columns against rows first, then every other pair (rows against boxes or jigsaw regions,
    and the like)."""
    found = families(layout.n, layout.houses)
    found.sort(key=lambda f: f[0].kind not in _CLASSIC_FAMILIES)
    for bases in found:
        for covers in found:
            if bases is not covers:
                yield bases, covers


def fish(state: State, k: int) -> Step | None:
    """A digit whose places in ``k`` rows lie in ``k`` columns: the rest of those columns lose it
    (and the same with rows and columns swapped). Any two families of disjoint houses serve as
    well (rows against boxes or jigsaw regions: a Franken fish): ``k`` bases hold the digit
    ``k`` times, all in ``k`` covers that hold it ``k`` times, so the covers hold it nowhere
    else."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    for bases, covers in _lines(layout):
        cover_of = {i: c for c, house in enumerate(covers) for i in house.cells}
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            spots: dict[int, int] = {}
            for r, house in enumerate(bases):
                where = [i for i in house.cells if masks[i] & b]
                if len(where) < 2 or any(placed[i] for i in where):
                    continue
                covered = 0
                for i in where:  # a box may hold several of a row's places
                    covered |= 1 << cover_of[i]
                if covered.bit_count() <= k:
                    spots[r] = covered
            for chosen in itertools.combinations(sorted(spots), k):
                union = 0
                for r in chosen:
                    union |= spots[r]
                if union.bit_count() != k:
                    continue
                inside = {i for r in chosen for i in bases[r].cells}
                lines = [covers[c] for c in range(n) if union >> c & 1]
                elims = tuple(
                    sorted(
                        (i, d) for h in lines for i in h.cells if i not in inside and masks[i] & b
                    )
                )
                if elims:
                    names = ", ".join(bases[r].name for r in chosen)
                    text = (
                        f"{d} in {names} lies only in {', '.join(h.name for h in lines)}, "
                        f"so the rest of those lose {d}"
                    )
                    cells = tuple(sorted(i for i in inside if masks[i] & b))
                    kinds = {bases[0].kind, covers[0].kind}
                    name = _FISH[k] if kinds <= set(_CLASSIC_FAMILIES) else f"Franken {_FISH[k]}"
                    bases_named = tuple(bases[r].name for r in chosen)
                    return Step(
                        name, "", text, eliminations=elims, cells=cells, reasons=bases_named
                    )
    return None


#: Most search nodes (a set of bases or covers tried) one search for a fish with an extra
#: house may visit per digit: a count, so the step found depends on the puzzle alone.
FISH_NODES = 2000


def extra_houses(layout: Layout) -> list[House]:
    """The houses of no family that splits the grid: diagonals, windoku windows, extra
    regions of ``n`` cells."""
    family = {h.cells for f in families(layout.n, layout.houses) for h in f}
    return [h for h in layout.houses if h.cells not in family]


class _FishHouses:
    """Every house of a layout as a bit set of cells, which of them are extra houses, and the
    digits' places for which no fish of each size was found (the search depends on the places
    alone, so it is made again only once they change)."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        extra = {h.cells for h in extra_houses(layout)}
        self.bits = [sum(1 << i for i in h.cells) for h in layout.houses]
        self.extra = [h.cells in extra for h in layout.houses]
        self.none: dict[tuple[int, int], int] = {}  # (size, digit) -> places without a fish


#: The fish houses of a layout, built once per layout.
_fish_houses = per_layout(_FishHouses)


class _Fish:
    """The places of one digit (a bit set of open cells) in every house that lacks it, and
    the search for ``k`` bases whose places lie in ``k`` covers, one of them an extra house."""

    def __init__(self, houses: _FishHouses, places: int, placed: int) -> None:
        self.index: list[int] = []  # the layout's house of each house searched
        self.places: list[int] = []
        found = []
        for h, bits in enumerate(houses.bits):
            where = bits & places
            if not bits & placed and where & (where - 1):
                found.append((where.bit_count(), h, where))
        for _, h, where in sorted(found):  # houses with fewest places first
            self.index.append(h)
            self.places.append(where)
        self.extra = [houses.extra[h] for h in self.index]
        self.at: dict[int, list[int]] = {}  # cell -> the houses holding it as a place
        for h, bits in enumerate(self.places):
            for i in _cells_of(bits):
                self.at.setdefault(i, []).append(h)
        self.nodes = FISH_NODES

    def coverable(self, left: int, k: int, bases: tuple[int, ...]) -> bool:
        """Whether at most ``k`` houses (no base) hold every place of ``left``."""
        self.nodes -= 1
        if not left:
            return True
        if not k or self.nodes <= 0:
            return False
        first = (left & -left).bit_length() - 1
        return any(
            self.coverable(left & ~self.places[h], k - 1, bases)
            for h in self.at[first]
            if h not in bases
        )

    def covers(self, left: int, k: int, bases: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        """Sets of at most ``k`` houses (no base) whose places hold every place of ``left``:
        the houses of its first cell are tried first, then the rest is covered likewise."""
        stack: list[tuple[int, int, tuple[int, ...]]] = [(left, k, ())]
        while stack and self.nodes > 0:
            left, k, chosen = stack.pop()
            self.nodes -= 1
            if not left:
                yield chosen
            elif k:
                first = (left & -left).bit_length() - 1
                for h in reversed(self.at[first]):
                    if h not in bases:
                        stack.append((left & ~self.places[h], k - 1, (*chosen, h)))

    def find(self, k: int) -> tuple[tuple[int, ...], tuple[int, ...], int] | None:
        """Bases, covers and the places the covers lose, or None within the node budget."""
        stack: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
        while stack and self.nodes > 0:
            start, bases, union = stack.pop()
            if len(bases) == k:
                extra = any(self.extra[h] for h in bases)
                for covers in self.covers(union, k, bases):
                    lost = 0
                    for c in covers:
                        lost |= self.places[c]
                    lost &= ~union
                    if lost and (extra or any(self.extra[c] for c in covers)):
                        return bases, covers, lost
                continue
            for h in range(len(self.places) - 1, start - 1, -1):
                bits = self.places[h]
                if bits & union:
                    continue
                more = (*bases, h)  # the last base is checked by the covers themselves
                if len(more) == k or self.coverable(union | bits, k, more):
                    stack.append((h + 1, more, union | bits))
        return None


def _cells_of(bits: int) -> Iterator[int]:
    """The cells of a bit set, lowest first."""
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def extra_house_fish(state: State, k: int) -> Step | None:
    """A fish with a diagonal, a window or another extra house among its bases or covers:
    ``k`` houses, no two sharing a place of the digit, hold it only in ``k`` other houses, so
    those houses hold it nowhere else."""
    layout = state.layout
    houses = _fish_houses(layout)
    if not any(houses.extra):
        return None
    masks, placed = state.masks, state.placed
    for d in range(1, layout.n + 1):
        b = 1 << (d - 1)
        places = done = 0
        for i, m in enumerate(masks):
            if m & b:
                if placed[i]:
                    done |= 1 << i
                else:
                    places |= 1 << i
        if houses.none.get((k, d)) == places:
            continue
        search = _Fish(houses, places, done)
        found = search.find(k)
        if found is None:  # the same places give the same search: not tried again
            houses.none[k, d] = places
            continue
        bases, covers, lost = found
        named = [layout.houses[search.index[h]].name for h in sorted(bases) + sorted(covers)]
        text = (
            f"{d} in {', '.join(named[:k])} lies only in {', '.join(named[k:])}, "
            f"so the rest of those lose {d}"
        )
        cells = tuple(i for h in bases for i in _cells_of(search.places[h]))
        elims = tuple((i, d) for i in _cells_of(lost))
        return Step(
            f"Extra-House {_FISH[k]}",
            "",
            text,
            eliminations=elims,
            cells=tuple(sorted(cells)),
            reasons=tuple(named),
        )
    return None
