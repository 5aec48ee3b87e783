"""ALS-XY-Chain: almost locked sets in a row, each linked to the next by a restricted common.

Take ALSs A1, A2, ..., Ak (k >= 4; two make an ALS-XZ, three an ALS-XY-Wing), each pair of
neighbours sharing a restricted common digit, and the digits linking A(i-1) to Ai and Ai to
A(i+1) different. Suppose A1 lacks a digit Z: it is then locked, so it holds its link digit
X1, which leaves A2 (every X1 of A2 sees every X1 of A1); A2 is locked and holds X2 (which is
not X1), which leaves A3, and so on to Ak, which is locked. So Z is in A1 or in Ak: a digit Z
of both ends (other than the first and last link digits) leaves every cell outside them that
sees all the Z's of both.

When two neighbours share two restricted commons, the chain may use either at its start; later
the link is whatever restricted commons remain after taking away the previous link's.

As HoDoKu does, the search only walks forward through the list of ALSs (each ALS of the chain
comes after the one before it), the ALSs of a chain are different, and among chains making
the same eliminations the one with fewest cells is kept. Chains stop at :data:`MAX_LINKS`
links, to keep it fast (HoDoKu's solver allows 50; on top95 and hard20 a cap of 6 changes no
step).

Four bivalue cells (one-cell ALSs) in a row, linked by 2, 3 and 4; both ends hold 1:

>>> from sudoku_models import Puzzle
>>> from sudoku_models.grading.candidates import CandidateGrid, bit, geometry
>>> grid = CandidateGrid(geometry(Puzzle.empty().board), [0] * 81, [511] * 81)
>>> for i, (a, b) in {0: (1, 2), 4: (2, 3), 40: (3, 4), 44: (4, 1)}.items():
...     grid.masks[i] = bit(a) | bit(b)
>>> step = next(als_xy_chain(grid))
>>> step.reason
'chain of almost locked sets {r1c1} (12) -2- {r1c5} (23) -3- {r5c5} (34) -4- {r5c9} (14)'
>>> step.eliminations  # 1 leaves r1c9 and r5c1
((8, 1), (36, 1))
"""

from __future__ import annotations

from collections.abc import Iterator

from ..candidates import CandidateGrid, digits_of, memo
from ..step import Step
from .als import Als, AlsPosition, als_name, bit_cells

#: Most restricted commons (links) in one chain: 6 links join 7 ALSs.
MAX_LINKS = 6


def _eliminations(holding: list[int], first: Als, last: Als, used: int) -> list[tuple[int, int]]:
    out = []
    covered = first.bits | last.bits
    for z in digits_of(first.digits & last.digits & ~used):
        see = first.seers[z] & last.seers[z] & holding[z] & ~covered
        out += [(i, z) for i in bit_cells(see)]
    return out


def als_xy_chain(grid: CandidateGrid) -> Iterator[Step]:
    """Four or more ALSs linked in a row by restricted commons, neighbouring links different:
    a digit of both ends, not their link digit, leaves cells seeing all of it in both ends."""
    position = memo(grid, AlsPosition)
    sets, holding = position.sets, position.holding
    # forward links only: (later ALS, bit mask of the restricted common digits)
    forward = [
        [(y, sum(1 << (d - 1) for d in rcs)) for y, rcs in partners if y > x]
        for x, partners in enumerate(position.partners)
    ]
    best: dict[tuple[tuple[int, int], ...], tuple[int, list[int], list[int]]] = {}
    for start in range(len(sets)):
        first = sets[start]
        for y, mask in forward[start]:
            # a doubly linked start tries each of its digits alone
            low = mask & -mask
            for link in (low, mask ^ low) if mask != low else (mask,):
                chain, links = [start, y], [link]
                in_chain = {start, y}
                stack = [iter(forward[y])]
                while stack:
                    step = next(stack[-1], None)
                    if step is None:
                        stack.pop()
                        in_chain.discard(chain.pop())
                        links.pop()
                        continue
                    z, mask_z = step
                    actual = mask_z & ~links[-1]
                    if not actual or z in in_chain:
                        continue
                    chain.append(z)
                    links.append(actual)
                    in_chain.add(z)
                    if len(links) >= 3:
                        used = links[0] | actual
                        elims = _eliminations(holding, first, sets[z], used)
                        if elims:
                            key = tuple(sorted(elims))
                            size = sum(len(sets[k].cells) for k in chain)
                            if key not in best or size < best[key][0]:
                                best[key] = (size, list(chain), list(links))
                    if len(links) < MAX_LINKS:
                        stack.append(iter(forward[z]))
                    else:
                        in_chain.discard(chain.pop())
                        links.pop()
    for key, (_, chain, links) in best.items():
        parts = [als_name(grid, sets[chain[0]])]
        for k, link in zip(chain[1:], links, strict=True):
            ds = "/".join(grid.geo.digit_name(d) for d in digits_of(link))
            parts.append(f"-{ds}- {als_name(grid, sets[k])}")
        cells: tuple[int, ...] = ()
        digits = 0
        for k in chain:
            cells += sets[k].cells
            digits |= sets[k].digits
        yield Step(
            "ALS-XY-Chain",
            eliminations=key,
            cells=cells,
            digits=tuple(digits_of(digits)),
            reason="chain of almost locked sets " + " ".join(parts),
        )
