"""SplitMix64, a small random stream written out in full, so compiled code can draw the same one.

The generator draws every random choice of a puzzle (the grid, the order of the cells to dig)
from one :class:`SplitMix64` seeded by the puzzle's seed. The numba backend draws the same
numbers in compiled code (:mod:`sudoku_models.solvers.numba_search`), so a seed gives the same
puzzle on every backend whichever side draws it. The stream, Steele, Lea and Flood's SplitMix64
(2014), is defined by:

- the state: 64 bits, the seed modulo ``2**64``;
- each number: add :data:`GAMMA` to the state, then mix a copy of the state with two
  multiply-xorshift rounds (:data:`MIX1`, :data:`MIX2`) and a last xorshift, all modulo ``2**64``;
- a number below ``k`` (``1 <= k <= 2**32``): the top 32 bits of the next number times ``k``,
  shifted down by 32 bits;
- a float in ``[0, 1)``: the top 53 bits of the next number times ``2**-53``;
- a shuffle: Fisher-Yates from the last position down, position ``i`` swapped with a number
  below ``i + 1``.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

#: Added to the state before each number (the odd integer nearest ``2**64`` over the golden ratio).
GAMMA = 0x9E3779B97F4A7C15

#: The multipliers of the two mixing rounds.
MIX1, MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB

#: The shifts of the three xorshifts.
SHIFT1, SHIFT2, SHIFT3 = 30, 27, 31

_MASK = (1 << 64) - 1


class SplitMix64:
    """A seeded stream of 64-bit numbers, with ``randrange(k)``, ``random()`` and
    ``shuffle(list)`` as in :class:`random.Random` (but drawn as the module says, so compiled
    code can follow).

    >>> stream = SplitMix64(1)
    >>> [stream.randrange(10) for _ in range(5)]
    [5, 7, 9, 4, 4]
    >>> items = list(range(6))
    >>> stream.shuffle(items)
    >>> items
    [3, 1, 0, 2, 5, 4]
    """

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit number."""
        self.state = z = (self.state + GAMMA) & _MASK
        z = ((z ^ (z >> SHIFT1)) * MIX1) & _MASK
        z = ((z ^ (z >> SHIFT2)) * MIX2) & _MASK
        return z ^ (z >> SHIFT3)

    def randrange(self, k: int) -> int:
        """A number from 0 to ``k - 1`` (``1 <= k <= 2**32``)."""
        return ((self.next64() >> 32) * k) >> 32

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * 2.0**-53

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            state = z = (state + GAMMA) & _MASK  # next64, written out: grids shuffle a lot
            z = ((z ^ (z >> SHIFT1)) * MIX1) & _MASK
            z = ((z ^ (z >> SHIFT2)) * MIX2) & _MASK
            j = (((z ^ (z >> SHIFT3)) >> 32) * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]
        self.state = state
