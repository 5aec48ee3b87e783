"""Houses: named all-different groups of cells, and the families of them that split the grid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class House:
    """A named all-different group of cells."""

    name: str
    cells: tuple[int, ...]
    total: int | None = None

    @property
    def kind(self) -> str:
        """The kind of house: the first word of its name (``row``, ``box``, ``region``)."""
        return self.name.split()[0]


def families(n: int, houses: Sequence[House]) -> list[list[House]]:
    """``houses`` grouped by kind, each group kept when its ``n`` houses split the grid (rows,
    columns, boxes, jigsaw regions), in the order the houses come.

    >>> rows = [House(f"row {r + 1}", (2 * r, 2 * r + 1)) for r in range(2)]
    >>> [[h.name for h in f] for f in families(2, [*rows, House("diagonal", (0, 3))])]
    [['row 1', 'row 2']]
    """
    kinds: dict[str, list[House]] = {}
    for house in houses:
        kinds.setdefault(house.kind, []).append(house)
    return [
        family
        for family in kinds.values()
        if len(family) == n and len({i for h in family for i in h.cells}) == n * n
    ]


def plural(kind: str) -> str:
    """``rows``, ``boxes``."""
    return kind + ("es" if kind.endswith(("x", "s")) else "s")
