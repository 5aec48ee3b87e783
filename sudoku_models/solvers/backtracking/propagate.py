"""The propagating strategy: Norvig's constraint propagation with most-constrained-cell search.

Each cell keeps a mask of its possible digits. Removing a digit from a cell applies two rules,
and whatever they remove in turn is processed the same way until nothing is left to do:

- *naked single*: a cell left with one digit removes that digit from all its peers;
- *hidden single*: a full group left with one place for the removed digit puts it there.

A contradiction (a cell with no digit, a digit with no place) fails the whole propagation. The
search copies the masks, assigns one digit of a cell with the fewest options, propagates, and
recurses: the copy is the undo, as in Norvig's essay.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...board import groups_of_cells
from ...model import Model
from ..base import Grid, Stats
from .common import Counters, Solutions, bits_of, counting
from .recorder import Recorder, plain_digits, removals

Masks = list[int]


def search(
    model: Model,
    limit: int,
    exclude: Sequence[Grid],
    deadline: float | None,
    stats: Stats,
    found: list[Grid],
    recorder: Recorder | None = None,
) -> None:
    """Append up to ``limit`` solutions (0: all) not in ``exclude`` to ``found``; tell
    ``recorder`` of every node when given."""
    propagation = Propagation(model)
    solutions = Solutions(model, limit, exclude, found, recorder)

    def branch(values: Masks) -> bool:
        """Search below ``values``; True once ``limit`` solutions are found."""
        counters.node()
        best = -1
        best_count = model.n + 1
        for i, m in enumerate(values):
            if m & (m - 1):
                count = m.bit_count()
                if count < best_count:
                    best, best_count = i, count
                    if count == 2:
                        break
        if best < 0:
            return solutions.offer(tuple(m.bit_length() for m in values))
        for bit in bits_of(values[best]):
            counters.guesses += 1
            child = values.copy()
            consistent = propagation.assign(child, [(best, bit)], counters)
            if recorder is not None:
                removed = removals(values, child, best, plain_digits)
                recorder.enter(best, bit.bit_length(), removed, consistent)
            if consistent:
                if branch(child):
                    return True
            else:
                counters.conflicts += 1
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        return False

    empties = model.givens.count(0)
    with counting(stats, deadline, depth=empties) as counters:
        values = [(1 << model.n) - 1] * model.size
        givens = [(i, 1 << (d - 1)) for i, d in enumerate(model.givens) if d]
        if propagation.assign(values, givens, counters):
            if recorder is not None:
                recorder.enter(-1, 0)
            branch(values)
        else:
            counters.conflicts += 1


class Propagation:
    """The peers and full groups of a model, and the two propagation rules over cell masks."""

    def __init__(self, model: Model):
        self.peers = model.peers()
        units = model.full_groups()
        member = groups_of_cells(units, model.size)
        self.units_of = tuple(tuple(units[g] for g in gs) for gs in member)

    def assign(
        self, values: Masks, placements: Sequence[tuple[int, int]], counters: Counters
    ) -> bool:
        """Reduce each ``(cell, bit)`` cell to that digit and propagate; False on a contradiction.

        Every other cell that propagation leaves with a single digit counts as a propagation.
        """
        todo = [(i, other) for i, bit in placements for other in bits_of(values[i] & ~bit)]
        return self.eliminate(values, todo, {i for i, _ in placements}, counters)

    def eliminate(
        self, values: Masks, todo: list[tuple[int, int]], placed: set[int], counters: Counters
    ) -> bool:
        """Remove each ``(cell, bit)`` of ``todo`` and all that follows; False on a contradiction.

        Cells in ``placed`` were set by the caller and do not count as propagations.
        """
        peers = self.peers
        units_of = self.units_of
        while todo:
            i, bit = todo.pop()
            m = values[i]
            if not m & bit:
                continue
            m ^= bit
            if not m:
                return False
            values[i] = m
            if not m & (m - 1):
                if i not in placed:
                    counters.propagations += 1
                todo.extend((p, m) for p in peers[i])
            for unit in units_of[i]:
                place = -1
                for j in unit:
                    if values[j] & bit:
                        if place >= 0:
                            break
                        place = j
                else:
                    if place < 0:
                        return False
                    if values[place] != bit:
                        todo.extend((place, other) for other in bits_of(values[place] ^ bit))
        return True
