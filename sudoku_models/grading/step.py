"""One deduction of a human solver: which technique, why, and what it places or eliminates."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from .candidates import Geometry


@dataclass(frozen=True)
class Step:
    """A deduction: ``placements`` and ``eliminations`` are ``(cell, digit)`` pairs.

    ``cells`` and ``digits`` are what justifies it (the pattern a player should look at);
    ``reason`` says it in words, with cells named ``r3c5`` (row 3, column 5).
    """

    technique: str
    placements: tuple[tuple[int, int], ...] = ()
    eliminations: tuple[tuple[int, int], ...] = ()
    cells: tuple[int, ...] = ()
    digits: tuple[int, ...] = ()
    reason: str = ""

    def outcome(self, geo: Geometry) -> str:
        """What the step changes, e.g. ``r1c2=5`` or ``r4c4<>3, r4c6<>3``."""
        parts = [f"{geo.cell_name(i)}={geo.digit_name(d)}" for i, d in self.placements]
        parts += [f"{geo.cell_name(i)}<>{geo.digit_name(d)}" for i, d in self.eliminations]
        return ", ".join(parts)

    def describe(self, geo: Geometry) -> str:
        """One line a player can follow: technique, reason and outcome."""
        reason = f": {self.reason}" if self.reason else ""
        return f"{self.technique}{reason} => {self.outcome(geo)}"


def eliminations_in(
    masks: list[int], cells: Collection[int], mask: int
) -> tuple[tuple[int, int], ...]:
    """The ``(cell, digit)`` pairs of ``mask``'s digits still possible in ``cells``, sorted."""
    out = []
    for i in sorted(cells):
        hit = masks[i] & mask
        d = 1
        while hit:
            if hit & 1:
                out.append((i, d))
            hit >>= 1
            d += 1
    return tuple(out)
