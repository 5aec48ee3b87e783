"""What a handwritten strategy records of its search when asked to: one entry per node.

A strategy that is given a :class:`Recorder` calls :meth:`Recorder.enter` for every value it
tries (and once for the root), :meth:`Recorder.leave` for every value it takes back (the same
places where it counts a backtrack), and :meth:`Recorder.found` when it keeps a solution. The
recorder keeps the path from the root to the current node, so a node's parent is implicit; the
tree is kept as flat arrays (parent, cell, digit), cheap to append and to ship to a browser.

Without a recorder a strategy pays one ``is not None`` test per node, nothing more.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

#: A node's propagation removals are listed (cell, digit) when there are at most this many;
#: above it only their number is kept.
SMALL = 8

#: Removals kept for a node: their number, or the (cell, digit) pairs when few.
Removed = int | tuple[tuple[int, int], ...] | None


class TraceFull(Exception):
    """Raised in a search by :meth:`Recorder.enter` once the node budget is used up."""


class Recorder:
    """The nodes of one search, in the order they were visited.

    ``parents[k]`` is the node ``k`` hangs from (-1 for a root: a search that restarts has one
    root per run), ``cells[k]`` and ``digits[k]`` the value tried there (-1 and 0 at a root),
    ``removed[k]`` how many candidates propagation removed after it (-1 for a strategy that does
    not propagate), ``searched[k]`` 0 for a value that propagation refuted before the search
    looked below it (the strategy counts no node for it). When at most :data:`SMALL` were
    removed they are listed too, each as ``cell << 6 | digit`` in ``codes``, node ``k``'s from
    ``starts[k]`` to the next node's start: flat arrays keep a million nodes in some 25 MB.
    """

    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self.parents = array("i")
        self.cells = array("i")
        self.digits = array("i")
        self.searched = bytearray()
        self.removed = array("i")
        self.starts = array("i")
        self.codes = array("i")
        self.solutions: list[int] = []
        self.fills: dict[int, tuple[tuple[int, int], ...]] = {}
        self.restarts: list[int] = []
        self.left_open: list[int] = []
        self.path: list[int] = []

    def __len__(self) -> int:
        return len(self.parents)

    def enter(self, cell: int, digit: int, removed: Removed = None, searched: bool = True) -> None:
        """A node below the current one, trying ``digit`` in ``cell``; it becomes current."""
        k = len(self.parents)
        if k >= self.max_nodes:
            raise TraceFull
        path = self.path
        self.parents.append(path[-1] if path else -1)
        self.cells.append(cell)
        self.digits.append(digit)
        self.searched.append(searched)
        self.starts.append(len(self.codes))
        if removed is None:
            self.removed.append(-1)
        elif isinstance(removed, int):
            self.removed.append(removed)
        else:
            self.removed.append(len(removed))
            self.codes.extend(i << 6 | d for i, d in removed)
        path.append(k)

    def enter_fill(self, fill: Sequence[tuple[int, int]]) -> None:
        """A node placing several digits at once (a whole box); it becomes current."""
        cell, digit = fill[0]
        self.enter(cell, digit)
        self.fills[self.path[-1]] = tuple(fill)

    def leave(self) -> None:
        """Take the current node's value back: its parent is current again."""
        self.path.pop()

    def found(self) -> None:
        """The current node is a solution the search kept."""
        self.solutions.append(self.path[-1])

    def restart(self, leaf_open: bool) -> None:
        """The search starts again from a new root; every value on the path is taken back.

        ``leaf_open`` when the current node was abandoned before it was searched (rather than
        refuted)."""
        if leaf_open and self.path:
            self.left_open.append(self.path[-1])
        self.restarts.append(len(self.parents))
        self.path.clear()


def removals(
    before: Sequence[int],
    after: Sequence[int],
    skip: int,
    digits_of: Callable[[int], list[int]],
) -> Removed:
    """What propagation removed between two candidate lists, apart from cell ``skip`` (the
    decision): the (cell, digit) pairs when at most :data:`SMALL`, else their number.
    ``digits_of(mask)`` lists the digits of a mask."""
    gone = [(i, b & ~a) for i, (b, a) in enumerate(zip(before, after)) if b != a and i != skip]
    return _summary(gone, digits_of)


def trail_removals(
    trail: Sequence[tuple[int, int]],
    mark: int,
    current: Sequence[int],
    size: int,
    skip: int,
    digits_of: Callable[[int], list[int]],
) -> Removed:
    """Like :func:`removals`, read from a trail of ``(index, old mask)`` entries from ``mark``
    on: each cell's first entry holds its mask before; entries at ``size`` and above are not
    cells."""
    first: dict[int, int] = {}
    for i, old in trail[mark:]:
        if i < size and i != skip and i not in first:
            first[i] = old
    return _summary([(i, old & ~current[i]) for i, old in first.items()], digits_of)


def _summary(gone: list[tuple[int, int]], digits_of: Callable[[int], list[int]]) -> Removed:
    """Removed masks per cell as :data:`Removed`: the pairs when few, else their number."""
    count = sum(m.bit_count() for _, m in gone)
    if count > SMALL:
        return count
    return tuple((i, d) for i, m in gone for d in digits_of(m))


def plain_digits(mask: int) -> list[int]:
    """The digits of a mask where digit ``d`` is bit ``d - 1``."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length())
        mask ^= low
    return out
