"""Uniqueness questions about variant puzzles whose givens and clue marks come and go.

A variant puzzle here is fixed *rules* (rows, columns, the boxes or jigsaw regions, global rules
such as anti-knight, marks that a negative rule needs all of), a solution ``grid``, the givens
left, and a list of *marks* (killer cages, dots, lines) each switched on or off. The question is
always the same: do the givens and the marks switched on allow a solution other than ``grid``?

:class:`SatClueOracle` loads one incremental PySAT solver with the rules, each mark's clauses
guarded by a selector literal (a sum cage's digit sets also tied to its cells and its units:
``SatClueOracle._cage_links``), and "differs from ``grid`` somewhere" guarded by another; a
question is one call with assumptions. When the question is whether a clue that made the grid
unique can go, another solution must break that clue, so it differs from the grid on the clue's
cells: the solver can be asked for exactly that (one literal, or a short clause behind a
selector, instead of the clause "differs somewhere"); the answer is the same. The killer
questions ask so (about 1.1 times faster there); digging givens and pruning other marks do not
(anti-knight and Kropki made 0.94 times as many puzzles a second with it).
:class:`SolverClueOracle` builds the model and asks any backend's
:meth:`~sudoku_models.solvers.base.Solver.has_other_solution`. Both are exact, so a generator
that only asks them questions makes the same puzzle on every backend.
"""

from __future__ import annotations

import atexit
import dataclasses
import functools
import threading
from collections.abc import Sequence
from typing import Protocol

from ..board import Board
from ..cnf import Formula, Fresh, at_most_one_encoder, cage_clauses, digit_sets, encode, var
from ..cnf_constraints import constraint_clauses
from ..constraints import AllDifferent, Relation, SumCage
from ..model import Model
from ..puzzle import Puzzle
from ..selectors import SelectorSat
from ..solvers.backtracking.constraint import root_candidates
from ..solvers.base import Solver
from ..variants import Variant
from .shortcuts import forced, settled, settles, swap

#: The PySAT solver of :class:`SatClueOracle` when none is named. On whole generations (one
#: run, contestants alternating, processor time) MiniSat 2.2 made givenless 9x9 killers 1.8 to
#: 2.7 times faster than CaDiCaL 1.5.3 and anti-knight puzzles 1.2 times faster.
CLUE_SOLVER = "minisat22"

#: Most digit sets of a cage whose "at most one set" is written pairwise (a 9x9 cage has at
#: most 12); more take the sequential encoding.
PAIRWISE_SETS = 16


class ClueOracle(Protocol):
    """Answers whether givens and the marks switched on allow a solution other than the grid."""

    label: str

    def add(self, mark: Variant) -> int:
        """Register a mark; returns its number for ``active``."""
        ...

    def has_other(
        self,
        givens: Sequence[int],
        active: Sequence[int],
        removed: Sequence[int] = (),
        candidates: Sequence[int] | None = None,
    ) -> bool:
        """Whether ``givens`` (0 for empty) and the marks numbered ``active`` allow another
        solution than the grid. ``removed``: the cells of the one given or mark that just went,
        when the puzzle had the grid as its only solution with it; every other solution then
        differs from the grid on one of them (it breaks that clue). ``candidates``: each cell's
        digits (bit ``d - 1``) that sound propagation left, so every solution keeps them. An
        oracle may use both to answer sooner; the answer is the same."""
        ...

    @property
    def marks(self) -> list[Variant]:
        """The marks registered, by number."""
        ...

    def close(self) -> None:
        """Free what the oracle holds."""
        ...


class SatClueOracle:
    """One incremental PySAT solver: the rules as clauses, marks and the block behind selectors."""

    def __init__(
        self, board: Board, rules: Sequence[Variant], grid: Sequence[int], name: str | None = None
    ) -> None:
        self.board = board
        self.label = "sat"
        self.marks: list[Variant] = []
        self._rules = tuple(rules)
        self._grid = tuple(grid)
        self._name = name
        self._sat: SelectorSat | None = None
        self._options = [tuple(range(1, board.n + 1))] * board.size
        self._known = (0,) * board.size
        self._amo = at_most_one_encoder("pairwise")
        self._full_groups = rules_model(board, self._rules).full_groups()

    def _load(self) -> SelectorSat:
        """Load the solver, on the first question (a generator may never ask one): one that an
        earlier oracle of the same rules left (:data:`REUSES`), or a new one."""
        n, grid = self.board.n, self._grid
        self._key = self.board, self._rules, self._name or CLUE_SOLVER
        with _POOL_LOCK:
            found = next((k for k, (key, *_) in enumerate(_POOL) if key == self._key), None)
            entry = _POOL.pop(found) if found is not None else None
        if entry is not None:
            _key, self._sat, self._uses = entry
        else:
            formula = _rules_formula(self.board, self._rules)
            self._sat = SelectorSat(formula.clauses, formula.top, "the clue oracle", self._key[2])
            self._uses = 0
        differs = [-var(n, i, d) for i, d in enumerate(grid)]
        self._block = self._sat.guard("block", lambda: [differs])
        return self._sat

    def add(self, mark: Variant) -> int:
        """Register ``mark``; it is encoded behind a new selector when a question first has it
        (a generator registers marks that it then never asks about, such as merged cages that
        propagation rejects)."""
        self.marks.append(mark)
        return len(self.marks) - 1

    def _selector(self, k: int) -> int:
        """The selector of mark ``k``, its clauses added behind it on first use."""
        sat = self._sat or self._load()
        return sat.guard(k, lambda: self._clauses(self.marks[k], sat.fresh))

    def _clauses(self, mark: Variant, fresh: Fresh) -> list[list[int]]:
        """The clauses of ``mark``, its variables taken from ``fresh``."""
        n = self.board.n
        clauses: list[list[int]] = []
        others = []
        for p in mark.primitives(self.board):
            if isinstance(p, SumCage):
                clauses += cage_clauses(p, n, self._options, self._known, fresh, self._amo)
                clauses += self._cage_links(p, fresh)
            elif isinstance(p, AllDifferent):
                for d in range(1, n + 1):
                    clauses += self._amo([var(n, i, d) for i in p.cells], fresh)
            else:
                others.append(p)
        clauses += constraint_clauses(others, n, self._options, self._known, fresh)
        return clauses

    def _cage_links(self, cage: SumCage, fresh: Fresh) -> list[list[int]]:
        """Clauses that tie the digit sets of ``cage`` to its cells and its units, right after
        :func:`~sudoku_models.cnf.cage_clauses` (whose last variables taken are the selectors
        of the cage's digit sets, in the order of :func:`~sudoku_models.cnf.digit_sets`):

        - *supports*: a digit in a cell of the cage picks one of the sets that have it;
        - *one set*: at most one set is picked;
        - *units*: a set picked for a cage that lies in a full group keeps its digits out of
          the group's other cells.

        All follow from the rules, so no solution changes; unit propagation then does what
        the killer propagation of the ``backtracking:constraint`` search does with the cages'
        digit sets, and what a solver by hand does first with a cage inside a row, a column or
        a box. On givenless 9x9 killers (same seeds, same puzzles, in turns) the units made
        whole generations 1.2 times faster, the supports with them 1.4 times, and one set
        1.1 times more (the supports alone made no difference; neither did clauses for the
        units that hold part of a cage, or a set ruling out its other digits in the cells).
        """
        n = self.board.n
        sets = list(digit_sets(len(cage.cells), cage.total, n))
        first = fresh.top - len(sets) + 1
        clauses = []
        for i in cage.cells:
            for d in self._options[i]:
                having = [first + k for k, digits in enumerate(sets) if d in digits]
                if having:
                    clauses.append([-var(n, i, d), *having])
        inside = set(cage.cells)
        for group in self._full_groups:
            if inside.issubset(group):
                rest = [i for i in group if i not in inside]
                for k, digits in enumerate(sets):
                    clauses += [[-(first + k), -var(n, i, d)] for d in digits for i in rest]
        picks = list(range(first, first + len(sets)))
        one = self._amo if len(picks) <= PAIRWISE_SETS else at_most_one_encoder("sequential")
        clauses += one(picks, fresh)
        return clauses

    def has_other(
        self,
        givens: Sequence[int],
        active: Sequence[int],
        removed: Sequence[int] = (),
        candidates: Sequence[int] | None = None,
    ) -> bool:
        """One SAT call with the givens, the active marks, the digits ``candidates`` rule out
        and the block as assumptions: the block is "differs on one of ``removed``" when they are
        named, else "differs somewhere"."""
        sat = self._sat or self._load()
        n, grid = self.board.n, self._grid
        if len(removed) == 1:
            block = -var(n, removed[0], grid[removed[0]])
        elif removed:
            key = tuple(sorted(removed))
            block = sat.guard(key, lambda: [[-var(n, i, grid[i]) for i in key]])
        else:
            block = self._block
        # The block first: MiniSat decides the assumptions in order.
        assumptions = [block, *(self._selector(k) for k in active)]
        assumptions += [var(n, i, d) for i, d in enumerate(givens) if d]
        if candidates is not None:
            assumptions += [
                -var(n, i, d)
                for i, m in enumerate(candidates)
                for d in range(1, n + 1)
                if not m >> (d - 1) & 1
            ]
        return bool(sat.solve(assumptions))

    def close(self) -> None:
        """Switch this oracle's block and marks off for good and leave the solver to the next
        oracle of the same rules, or free it after :data:`REUSES` oracles."""
        if self._sat is None:
            return
        self._uses += 1
        if self._uses < REUSES:
            self._sat.retire()
            with _POOL_LOCK:
                _POOL.append((self._key, self._sat, self._uses))
                oldest = _POOL.pop(0) if len(_POOL) > POOL_SIZE else None
            if oldest is not None:
                oldest[1].close()
        else:
            self._sat.close()
        self._sat = None


#: Oracles that share one loaded solver in turn. Loading the rules of a 9x9 board (about 14,000
#: clauses) cost about as much as digging a whole anti-knight puzzle; the clauses of an oracle
#: that has finished stay behind as satisfied ones, so a solver is freed after this many.
REUSES = 50

#: Loaded solvers kept for later oracles (the oldest is freed first): a few sets of rules at a
#: time, as jigsaw layouts differ on every attempt.
POOL_SIZE = 4

#: Loaded solvers waiting for their next oracle: (board, rules, solver name), solver, oracles
#: served.
_POOL: list[tuple[tuple[Board, tuple[Variant, ...], str], SelectorSat, int]] = []
_POOL_LOCK = threading.Lock()


@atexit.register
def _free_pool() -> None:
    """Free the pooled solvers while PySAT is still loaded (not in its own shutdown)."""
    with _POOL_LOCK:
        while _POOL:
            _POOL.pop()[1].close()


@functools.lru_cache(maxsize=64)
def rules_model(board: Board, rules: tuple[Variant, ...]) -> Model:
    """The model of the rules alone on an empty board, built once per set of rules."""
    return Model.from_puzzle(Puzzle.empty((board.box_rows, board.box_cols)), variants=rules)


@functools.lru_cache(maxsize=64)
def _rules_formula(board: Board, rules: tuple[Variant, ...]) -> Formula:
    return encode(_unequal_as_groups(rules_model(board, rules)), "extended", "pairwise", "none")


def _unequal_as_groups(model: Model) -> Model:
    """``model`` with each "the two digits differ" relation (anti-knight, anti-king) written as
    a two-cell group, whose clauses are binary, instead of support clauses."""
    n = model.n
    unequal = frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1) if x != y)
    pairs = [c for c in model.constraints if isinstance(c, Relation) and c.pairs == unequal]
    if not pairs:
        return model
    rest = tuple(
        c for c in model.constraints if not (isinstance(c, Relation) and c.pairs == unequal)
    )
    groups = tuple(AllDifferent((r.a, r.b), r.name) for r in pairs)
    return dataclasses.replace(model, groups=model.groups + groups, constraints=rest)


class SolverClueOracle:
    """Any backend: the model of the givens, rules and active marks, one solve per question."""

    def __init__(
        self, board: Board, rules: Sequence[Variant], grid: Sequence[int], solver: Solver
    ) -> None:
        self.board = board
        self.rules = tuple(rules)
        self.grid = tuple(grid)
        self.solver = solver
        self.label = solver.label
        self.marks: list[Variant] = []

    def add(self, mark: Variant) -> int:
        """Keep ``mark``."""
        self.marks.append(mark)
        return len(self.marks) - 1

    def has_other(
        self,
        givens: Sequence[int],
        active: Sequence[int],
        removed: Sequence[int] = (),
        candidates: Sequence[int] | None = None,
    ) -> bool:
        """One ``has_other_solution`` call on the model of the question (the hints unused)."""
        model = Model.from_puzzle(
            Puzzle(self.board, tuple(givens)),
            variants=self.rules + tuple(self.marks[k] for k in active),
        )
        return self.solver.has_other_solution(model, self.grid)

    def close(self) -> None:
        """Nothing to free."""


class ShortcutClueOracle:
    """An oracle behind the cheap exact checks of :mod:`.shortcuts`, which answer first.

    ``has_other`` looks for a two-digit swap (another solution) and runs propagation (when it
    settles every cell the grid is unique) before it asks ``oracle``, when ``propagate`` is set:
    on puzzles with no givens, such as killers, where the oracle's proofs cost the most.
    :meth:`removable` answers a digging question, :meth:`settles` the propagation alone.
    """

    def __init__(
        self,
        board: Board,
        rules: Sequence[Variant],
        grid: Sequence[int],
        oracle: ClueOracle,
        propagate: bool = False,
    ) -> None:
        self.board = board
        self.rules = tuple(rules)
        self.grid = tuple(grid)
        self.oracle = oracle
        self.label = oracle.label
        self.propagate = propagate
        self._shape: tuple[tuple[int, ...], Model] | None = None
        self._peers: tuple[Model, tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None
        self._peers = None

    @property
    def marks(self) -> list[Variant]:
        """The marks registered, by number."""
        return self.oracle.marks

    def add(self, mark: Variant) -> int:
        """Register ``mark`` with the oracle."""
        return self.oracle.add(mark)

    def model(self, givens: Sequence[int], active: Sequence[int]) -> Model:
        """The model of the givens, the rules and the marks numbered ``active``."""
        return dataclasses.replace(self._shape_of(active), givens=tuple(givens))

    def _shape_of(self, active: Sequence[int]) -> Model:
        """The model of the marks numbered ``active`` with no givens (the last shape asked for
        is kept: the digging asks about one shape many times)."""
        key = tuple(active)
        if self._shape is None or self._shape[0] != key:
            if key:
                rules = self.rules + tuple(self.marks[k] for k in key)
                empty = Puzzle.empty((self.board.box_rows, self.board.box_cols))
                model = Model.from_puzzle(empty, variants=rules)
            else:
                model = rules_model(self.board, self.rules)
            self._shape = key, model
        return self._shape[1]

    def _peers_of(
        self, active: Sequence[int]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
        """The peers of each cell (groups, cages and "differ" relations) and the full groups of
        the shape of ``active``, for the singles; kept for the last shape."""
        model = self._shape_of(active)
        if self._peers is None or self._peers[0] is not model:
            self._peers = model, _unequal_as_groups(model).peers(), model.full_groups()
        return self._peers[1], self._peers[2]

    def has_other(
        self, givens: Sequence[int], active: Sequence[int], near: Sequence[int] = ()
    ) -> bool:
        """When ``propagate``: a swap first; then, when ``near`` names the cells whose clue just
        went, the oracle on the cells of the bands and stacks of their boxes, with the
        grid's digits given elsewhere (another solution there is one of the whole puzzle); then
        propagation (unique when it settles). Last, the oracle on the whole puzzle, told the
        digits propagation ruled out (on givenless killers that made its proofs about 1.5 times
        faster). Without ``propagate``, the oracle alone.

        ``near`` may only name the cells of a clue without which the question is asked and with
        which the grid was the only solution: with ``propagate``, the swaps and the oracle look
        only for solutions that differ from the grid there (every other solution does)."""
        if self.propagate:
            model = self.model(givens, active)
            if swap(model, self.grid, near) is not None:
                return True
            if near:
                region = _bands_and_stacks(self.board, tuple(near))
                local = [d if d or i in region else self.grid[i] for i, d in enumerate(givens)]
                if self.oracle.has_other(local, active, near):
                    return True
            candidates = root_candidates(model)
            if candidates is None or settled(candidates):
                return False
            return self.oracle.has_other(givens, active, near, candidates)
        return self.oracle.has_other(givens, active)

    def settles(self, givens: Sequence[int], active: Sequence[int]) -> bool:
        """Whether propagation alone solves the puzzle (so it is unique)."""
        return settles(self.model(givens, active))

    def removable(self, givens: Sequence[int], active: Sequence[int], i: int) -> bool:
        """Whether the puzzle stays unique with cell ``i`` cleared in ``givens``, given that it
        was unique with it: a naked or hidden single first, then the oracle."""
        peers, full = self._peers_of(active)
        return forced(peers, full, givens, self.grid, i) or not (
            self.oracle.has_other(givens, active)
        )

    def close(self) -> None:
        """Free the oracle."""
        self.oracle.close()


@functools.lru_cache(maxsize=256)
def _bands_and_stacks(board: Board, cells: tuple[int, ...]) -> frozenset[int]:
    """The cells of the bands and stacks of the boxes of ``cells``.

    The cells of those boxes alone were asked about first too, but on givenless killers they
    held another solution about once in 200 questions, for 1.4 ms a question."""
    rows = {board.row_col(i)[0] // board.box_rows for i in cells}
    cols = {board.row_col(i)[1] // board.box_cols for i in cells}
    wide = frozenset(
        i
        for i in range(board.size)
        if board.row_col(i)[0] // board.box_rows in rows
        or board.row_col(i)[1] // board.box_cols in cols
    )
    return wide
