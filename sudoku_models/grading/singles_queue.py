"""Which single comes next, in the order HoDoKu finds them, so step counts match HoDoKu's.

Whether a cell is filled as a naked single (4 points in HoDoKu's score) or a hidden single (14)
depends on the order singles are taken in. HoDoKu keeps two queues, filled as candidates
disappear: a cell left with one candidate joins the naked queue, a digit left with one place in
a unit joins the hidden queue (with the first cell of the unit that still holds it). It takes a
full house first (a naked single that is the last candidate of one of its units), then the
oldest naked single, then the oldest hidden single. :class:`SinglesQueue` keeps the same queues
beside a :class:`~sudoku_models.grading.candidates.CandidateGrid` and is told of every change.
"""

from __future__ import annotations

from .candidates import CandidateGrid, digits_of, unit_places
from .step import Step
from .techniques.singles import full_house_step, hidden_single_step, naked_single_step


class SinglesQueue:
    """HoDoKu's queues of naked and hidden singles for one grid, kept up to date by
    :meth:`place` and :meth:`eliminate` (which also change the grid)."""

    def __init__(self, grid: CandidateGrid) -> None:
        self.grid = grid
        geo = grid.geo
        n = geo.n
        # units in HoDoKu's order: rows, columns, boxes (the grid's own order); a filled cell
        # has no candidates, so the places of a digit in a unit are its free cells
        self.free = [[w.bit_count() for w in where] for where in unit_places(grid)]
        self.naked: list[tuple[int, int]] = []
        self.hidden: list[tuple[int, int]] = []
        self.buddies = geo.board.peers  # sorted
        masks, values = grid.masks, grid.values
        for i, m in enumerate(masks):
            if not values[i] and m.bit_count() == 1:
                self.naked.append((i, m.bit_length()))
        for u in range(len(geo.units)):
            for d in range(1, n + 1):
                if self.free[u][d] == 1:
                    self._add_hidden(u, d)

    @classmethod
    def replay(cls, grid: CandidateGrid) -> SinglesQueue:
        """The queues as HoDoKu builds them for ``grid``: from an empty grid, the placed digits
        written one by one in reading order, then the candidates ``grid`` lacks struck."""
        size = len(grid.values)
        full = (1 << grid.geo.n) - 1
        queue = cls(CandidateGrid(grid.geo, [0] * size, [full] * size))
        for i, d in enumerate(grid.values):
            if d:
                queue.place(i, d)
        for i, m in enumerate(grid.masks):
            for d in digits_of(queue.grid.masks[i] & ~m):
                queue.eliminate(i, d)
        queue.grid = grid
        return queue

    def _add_hidden(self, u: int, d: int) -> None:
        b = 1 << (d - 1)
        masks = self.grid.masks
        for i in self.grid.geo.units[u]:
            if masks[i] & b:
                self.hidden.append((i, d))
                return

    def _drop_hidden(self, u: int, d: int) -> None:
        units = self.grid.geo.cell_units
        hidden = self.hidden
        for k, (i, e) in enumerate(hidden):
            if e == d and u in units[i]:
                del hidden[k]
                return

    def eliminate(self, i: int, d: int) -> None:
        """Strike ``d`` from cell ``i`` (if still there) and update the queues."""
        masks = self.grid.masks
        b = 1 << (d - 1)
        m = masks[i]
        if not m & b:
            return
        m ^= b
        masks[i] = m
        if m and not m & (m - 1):
            self.naked.append((i, m.bit_length()))
        for u in self.grid.geo.cell_units[i]:
            free = self.free[u]
            free[d] -= 1
            if free[d] == 1:
                self._add_hidden(u, d)
            elif free[d] == 0:
                self._drop_hidden(u, d)

    def place(self, i: int, d: int) -> None:
        """Write ``d`` in cell ``i``, strike it from the peers, and update the queues."""
        grid = self.grid
        masks = grid.masks
        cands = digits_of(masks[i])
        grid.values[i] = d
        masks[i] = 0
        b = 1 << (d - 1)
        for p in self.buddies[i]:
            if masks[p] & b:
                self.eliminate(p, d)
        units = grid.geo.cell_units[i]
        for c in cands:
            for u in units:
                free = self.free[u]
                free[c] -= 1
                if free[c] == 1 and c != d:
                    self._add_hidden(u, c)

    def apply(self, step: Step) -> None:
        """Make the step's placements and eliminations."""
        for i, d in step.placements:
            self.place(i, d)
        for i, d in step.eliminations:
            self.eliminate(i, d)

    def next_single(self) -> Step | None:
        """The single HoDoKu takes next (full house, naked, hidden), or None."""
        grid = self.grid
        geo, values = grid.geo, grid.values
        for i, d in self.naked:
            if values[i]:
                continue
            for u in geo.cell_units[i]:
                free = self.free[u]
                if sum(free) == free[d]:  # no other digit left in the unit
                    return full_house_step(grid, i, d, u)
        while self.naked:
            i, d = self.naked.pop(0)
            if not values[i]:
                return naked_single_step(grid, i, d)
        while self.hidden:
            i, d = self.hidden.pop(0)
            if values[i]:
                continue
            for u in geo.cell_units[i]:
                if self.free[u][d] == 1:
                    return hidden_single_step(grid, i, d, u)
            return None
        return None
