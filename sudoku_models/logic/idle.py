"""Skip a finder's unit (a rule, a group, a house, a pair of rules) while what it reads is as it
was when it last found nothing: a step elsewhere rarely touches it, and reading it again finds
nothing again."""

from __future__ import annotations

from collections.abc import Hashable


class Idle:
    """The positions on which each unit of a finder found nothing, at most ``keep`` a unit; a
    position is a key made of the candidates the unit reads. A unit with ``keep`` positions
    forgets them all when it finds nothing on one more (a forcing net reads the units on
    positions a few steps aside from the path's, then the path comes back to its own)."""

    __slots__ = ("keep", "positions")

    def __init__(self, keep: int = 1) -> None:
        self.keep = keep
        self.positions: dict[Hashable, set[Hashable]] = {}

    def quiet(self, unit: Hashable, key: Hashable) -> bool:
        """Whether ``unit`` found nothing on the position ``key`` lately."""
        return key in self.positions.get(unit, ())

    def rest(self, unit: Hashable, key: Hashable) -> None:
        """Remember that ``unit`` found nothing on the position ``key``."""
        seen = self.positions.setdefault(unit, set())
        if len(seen) >= self.keep:
            seen.clear()
        seen.add(key)
