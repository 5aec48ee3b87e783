"""Death Blossom: a stem cell and one almost locked set (petal) for each of its candidates.

The stem is an unsolved cell; for each of its candidates d a petal is an ALS holding d, every
d of which sees the stem (the petals share no cell). Whatever digit d the stem takes, the
petal for d loses d and is locked, so it holds all its other digits. A digit Z that every
petal holds (and the stem does not) is therefore in at least one petal: every cell outside
the petals and the stem that sees all the Z's of all the petals loses Z. This is HoDoKu's
form; HoDoKu leaves it out of its default solver.

The stem r5c5 holds 1 and 2; the petal {r5c1} holds 1 and 3, the petal {r1c5} 2 and 3:

>>> from sudoku_models import Puzzle
>>> from sudoku_models.grading.candidates import CandidateGrid, bit, geometry
>>> grid = CandidateGrid(geometry(Puzzle.empty().board), [0] * 81, [511] * 81)
>>> for i, (a, b) in {40: (1, 2), 36: (1, 3), 4: (2, 3)}.items():
...     grid.masks[i] = bit(a) | bit(b)
>>> step = next(death_blossom(grid))
>>> step.reason
'stem r5c5 with petals 1: {r5c1} (13), 2: {r1c5} (23)'
>>> step.eliminations  # 3 leaves r1c1
((0, 3),)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid, digits_of, memo
from ..step import Step
from .als import Als, AlsPosition, als_name, bit_cells


def _petals(sets: list[Als], holding: list[int], cells: int) -> list[dict[int, list[int]]]:
    """For each cell, for each digit: the ALSs holding that digit whose cells with it all see
    the cell, which also has the digit."""
    petals: list[dict[int, list[int]]] = [{} for _ in range(cells)]
    for k, s in enumerate(sets):
        for d, see in s.seers.items():
            for i in bit_cells(see & holding[d]):
                petals[i].setdefault(d, []).append(k)
    return petals


def _blossoms(
    sets: list[Als], holding: list[int], stem: int, options: list[list[int]], common: int
) -> Iterator[tuple[list[tuple[int, int]], int, list[int]]]:
    """Each choice of disjoint petals (one from each list of ``options``) sharing a digit of
    ``common``, with its eliminations, cells (a bit set) and petals."""
    chosen: list[int] = []
    stack = [(0, 0, common)]
    iters = [iter(options[0])]
    while iters:
        k = next(iters[-1], None)
        depth, used, shared = stack[-1]
        if k is None:
            iters.pop()
            stack.pop()
            if chosen:
                chosen.pop()
            continue
        petal = sets[k]
        if petal.bits & used or not shared & petal.digits:
            continue
        used, shared = used | petal.bits, shared & petal.digits
        if depth + 1 < len(options):
            chosen.append(k)
            stack.append((depth + 1, used, shared))
            iters.append(iter(options[depth + 1]))
            continue
        elims = []
        for z in digits_of(shared):
            see = holding[z] & ~used & ~(1 << stem)
            for j in (*chosen, k):
                see &= sets[j].seers[z]
            elims += [(i, z) for i in bit_cells(see)]
        if elims:
            yield elims, used, [*chosen, k]


def death_blossom(grid: CandidateGrid) -> Iterator[Step]:
    """A stem cell with a petal ALS for each candidate: a digit of every petal, not the stem's,
    leaves cells seeing all of it in the petals."""
    position = memo(grid, AlsPosition)
    sets, holding, masks = position.sets, position.holding, grid.masks
    everything = (1 << grid.geo.n) - 1
    best: dict[tuple[tuple[int, int], ...], tuple[int, int, list[int]]] = {}
    for stem, by_digit in enumerate(_petals(sets, holding, len(masks))):
        stem_mask = masks[stem]
        if not stem_mask or len(by_digit) != stem_mask.bit_count():
            continue
        options = [by_digit[d] for d in digits_of(stem_mask)]
        for elims, used, chosen in _blossoms(sets, holding, stem, options, everything & ~stem_mask):
            key = tuple(sorted(elims))
            if key not in best or used.bit_count() < best[key][0]:
                best[key] = (used.bit_count(), stem, chosen)
    for key, (_, stem, chosen) in best.items():
        geo = grid.geo
        cells: tuple[int, ...] = (stem,)
        union = masks[stem]
        for k in chosen:
            cells += sets[k].cells
            union |= sets[k].digits
        parts = [
            f"{geo.digit_name(d)}: {als_name(grid, sets[k])}"
            for d, k in zip(digits_of(masks[stem]), chosen, strict=True)
        ]
        yield Step(
            "Death Blossom",
            eliminations=key,
            cells=cells,
            digits=tuple(digits_of(union)),
            reason=f"stem {geo.cell_name(stem)} with petals " + ", ".join(parts),
        )
