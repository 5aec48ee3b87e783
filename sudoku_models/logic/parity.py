"""Parity set theory: sums read modulo two, against the odd digits a house holds.

A house holds every digit once, so its sum is fixed, and so is its parity; a sum rule (an arrow,
a little killer, a cage, an implied sum) fixes the parity of the digits it counts an odd number
of times (an arrow's circle less its shaft is 0, so circle and shaft together are even). Adding
such statements modulo two cancels the cells they share: row 5 with the two arrows lying in it
leaves the parity of the few cells of the row outside them. Each house and each sum rule is
the start of one such *parity set*, grown by the sum rules that make it smaller, once per layout.

On the candidates, the cells of a parity set whose parity is known (only odd or only even
candidates) drop out; one cell left takes the set's parity, and a few left that lie in one house
hold an odd or even number of the odd digits the house still needs in its open cells: when
that count is forced, the cells of the set, or the house's other open cells, are all odd or
all even. The finder names the house and every rule it adds, so a certificate reads the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..constraints import LinearSum, SumCage
from .layout import Layout, per_layout
from .state import State
from .step import Step, cells_label

TECHNIQUE = "Parity Set Theory"

#: Most cells a parity set may keep (more says too little to be worth reading).
MAX_CELLS = 6


@dataclass(frozen=True)
class ParitySet:
    """Cells whose digits add up to an odd number when ``odd``, an even one otherwise, by the
    rules and houses named in ``reasons`` added modulo two."""

    cells: frozenset[int]
    odd: bool
    reasons: tuple[str, ...]


def _sum_sets(layout: Layout) -> list[ParitySet]:
    """One parity set per sum primitive of the rules: the cells it counts an odd number of
    times, and its total's parity."""
    out = []
    for rule in layout.rules:
        for p in rule.primitives:
            if isinstance(p, SumCage):
                out.append(ParitySet(frozenset(p.cells), p.total % 2 == 1, (rule.label,)))
            elif isinstance(p, LinearSum):
                times: dict[int, int] = {}
                for i, a in zip(p.cells, p.coeffs):
                    times[i] = times.get(i, 0) + a
                odd = frozenset(i for i, a in times.items() if a % 2)
                if odd:
                    out.append(ParitySet(odd, p.total % 2 == 1, (rule.label,)))
    return out


def _grown(
    start: ParitySet, sums: list[ParitySet], touching: dict[int, list[int]], skip: int = -1
) -> ParitySet:
    """``start`` with the sums added (but the one at ``skip``), one at a time, each the one
    that leaves it the fewest cells; ``touching`` lists the sums counting each cell."""
    cells, odd, reasons = start.cells, start.odd, list(start.reasons)
    used = {skip}
    while True:
        best = None
        for k in sorted({k for i in cells for k in touching.get(i, ())} - used):
            size = len(cells ^ sums[k].cells)
            if size < len(cells) and (best is None or size < best[0]):
                best = (size, k)
        if best is None:
            return ParitySet(cells, odd, tuple(reasons))
        s = sums[best[1]]
        used.add(best[1])
        cells, odd = cells ^ s.cells, odd != s.odd
        reasons.append(s.reasons[0])


@per_layout
def parity_sets(layout: Layout) -> tuple[ParitySet, ...]:
    """The parity sets of ``layout`` of at most :data:`MAX_CELLS` cells, each house and each sum
    rule grown by the sum rules that shrink it; none without a sum rule."""
    sums = _sum_sets(layout)
    if not sums:
        return ()
    n = layout.n
    starts = [
        ParitySet(frozenset(h.cells), n * (n + 1) // 2 % 2 == 1, (h.name,)) for h in layout.houses
    ]
    touching: dict[int, list[int]] = {}
    for k, s in enumerate(sums):
        for i in s.cells:
            touching.setdefault(i, []).append(k)
    found: dict[frozenset[int], ParitySet] = {}
    for k, start in enumerate(starts + sums):
        grown = _grown(start, sums, touching, k - len(starts))
        kept = len(grown.reasons) > 1 or k >= len(starts)
        if kept and 0 < len(grown.cells) <= MAX_CELLS and grown.cells not in found:
            found[grown.cells] = grown
    return tuple(found.values())


class ParityFinder:
    """The finder of parity set theory over a layout's houses and sum rules."""

    technique = TECHNIQUE

    def __init__(self, layout: Layout) -> None:
        n = layout.n
        self.n = n
        self.odd_mask = sum(1 << (d - 1) for d in range(1, n + 1, 2))
        self.even_mask = ((1 << n) - 1) & ~self.odd_mask
        self.houses_of: dict[int, list[int]] = {}
        for k, h in enumerate(layout.houses):
            for i in h.cells:
                self.houses_of.setdefault(i, []).append(k)

    def __call__(self, state: State) -> Step | None:
        layout, masks = state.layout, state.masks
        for ps in parity_sets(layout):
            known_odd = [i for i in ps.cells if not masks[i] & self.even_mask]
            known_even = [i for i in ps.cells if not masks[i] & self.odd_mask]
            left = sorted(ps.cells.difference(known_odd, known_even))
            if not left:
                continue
            odd = ps.odd != (len(known_odd) % 2 == 1)
            claim = self._claim(ps, left, known_odd + known_even, odd)
            if len(left) == 1:
                step = self._step(masks, ps, claim, left, odd, "", ())
            else:
                step = self._in_house(state, ps, claim, left, odd)
            if step is not None:
                return step
        return None

    def _claim(self, ps: ParitySet, left: list[int], known: list[int], odd: bool) -> str:
        """``r5c4+r5c5+r5c6 is odd (row 5 with arrow ... added modulo two)``."""
        n = self.n
        terms = "+".join(cells_label(n, [i]) for i in left)
        added = " with " + ", ".join(ps.reasons[1:]) if len(ps.reasons) > 1 else ""
        given = f", the parity of {cells_label(n, known)} known" if known else ""
        parity = "odd" if odd else "even"
        return f"{terms} is {parity} ({ps.reasons[0]}{added} read modulo two{given})"

    def _in_house(
        self, state: State, ps: ParitySet, claim: str, left: list[int], odd: bool
    ) -> Step | None:
        """The set's open cells in one house against the odd digits the house still needs."""
        masks, layout = state.masks, state.layout
        common = set(self.houses_of.get(left[0], ()))
        for i in left[1:]:
            common &= set(self.houses_of.get(i, ()))
        for k in sorted(common):
            house = layout.houses[k]
            mixed = [
                i for i in house.cells if masks[i] & self.odd_mask and masks[i] & self.even_mask
            ]
            known_odd = sum(1 for i in house.cells if not masks[i] & self.even_mask)
            need = (self.n + 1) // 2 - known_odd
            rest = [i for i in mixed if i not in ps.cells]
            counts = [
                j
                for j in range(len(left) + 1)
                if (j % 2 == 1) == odd and 0 <= need - j <= len(rest)
            ]
            if not counts:
                continue
            changes: list[tuple[list[int], bool]] = []
            if max(counts) == 0:
                changes.append((left, False))
            if min(counts) == len(left):
                changes.append((left, True))
            if rest and all(need - j == 0 for j in counts):
                changes.append((rest, False))
            if rest and all(need - j == len(rest) for j in counts):
                changes.append((rest, True))
            if not changes:
                continue
            many = "s" if need != 1 else ""
            why = (
                f"; {house.name} needs {need} more odd digit{many} in {cells_label(self.n, mixed)}"
            )
            for cells, to_odd in changes:
                step = self._step(masks, ps, claim + why, cells, to_odd, house.name, mixed)
                if step is not None:
                    return step
        return None

    def _step(
        self,
        masks: list[int],
        ps: ParitySet,
        claim: str,
        cells: list[int],
        to_odd: bool,
        house: str,
        mixed: list[int] | tuple[int, ...],
    ) -> Step | None:
        """The step making ``cells`` odd (``to_odd``) or even, None when it changes nothing."""
        n = self.n
        strike = self.even_mask if to_odd else self.odd_mask
        elims = tuple(
            (i, d) for i in cells for d in range(1, n + 1) if masks[i] & strike & (1 << (d - 1))
        )
        if not elims:
            return None
        parity = "odd" if to_odd else "even"
        verb = "is" if len(cells) == 1 else "are"
        text = f"{claim}, so {cells_label(n, cells)} {verb} {parity}" if house else claim
        reasons = ps.reasons[1:] + ((house,) if house else ())
        return Step(
            TECHNIQUE,
            ps.reasons[0],
            text,
            eliminations=elims,
            cells=tuple(sorted(ps.cells | set(mixed))),
            reasons=reasons,
        )
