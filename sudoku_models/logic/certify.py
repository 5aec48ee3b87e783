"""Proof that each step of a solve path follows from the reasons it names.

A step names its reasons: the rule in ``Step.rule`` and the labels in ``Step.reasons`` (a house
such as ``row 3``, a group, a variant mark such as ``thermometer r1c3-r3c3``, an implied sum of
set theory), and the cells in ``Step.cells``. The *involved* cells are the cells it names, the
cells it changes and the cells of the rules it names. The step is *certified* when these alone
imply every placement and elimination it makes:

- each involved cell holds one of its candidates before the step;
- each named rule holds (a named house holds every digit once);
- two involved cells that see each other hold different digits, and two involved cells joined
  by a two-cell rule (a dot, a thermometer step, a whisper) keep to it.

Nothing else of the puzzle is assumed, in particular not its solution. One incremental SAT
solver per path holds every rule behind a selector literal, written the first time a step
names it (and every cell behind one, for the relations between cells). A step's claims are
proved together: one call under assumptions asks for a solution that breaks at least one of
them ("r1c1 is not 5" is broken by r1c1 = 5). None: every claim is proved. One: the claims it
breaks are left open, and the question is asked again of the others. A call that needs more
than :data:`CONFLICTS` conflicts (sums read as clauses can be slow to refute, as a sandwich
clue's) is asked again of CP-SAT on the same small model, within :data:`CPSAT_SECONDS`. A step
whose claims are not all proved used more than it says: a defect of the finder that made it.

Glossary: ``x(i, d)`` is the variable "cell ``i`` holds ``d``" (:func:`sudoku_models.cnf.var`);
a *selector* is a variable that switches a group of clauses on when assumed true.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..cnf import Fresh, pairwise, primitive_clauses, var
from ..constraints import AllDifferent, AllowedDigits, Relation, SumCage
from ..model import Model
from ..selectors import SelectorSat
from .layout import Layout, layout_of
from .solver import Path, logical_solve
from .state import State, place_givens
from .step import Step, cell_label

if TYPE_CHECKING:
    from ..door import PuzzleLike

#: Conflicts one SAT call may take before the question is handed to CP-SAT.
CONFLICTS = 500

#: Seconds CP-SAT may take on one question; claims it cannot settle are ``undecided``.
CPSAT_SECONDS = 60.0

#: A question no solver settled in time.
UNDECIDED = object()

#: A claim of a step: ``(cell, digit, "placement" | "elimination")``.
Claim = tuple[int, int, str]

#: Cells named as the steps write them: ``r3c5``, or ``r3c5,r4c5``.
CELL_NAME = re.compile(r"r\d+c\d+(,r\d+c\d+)*")


@dataclass(frozen=True)
class Certificate:
    """The verdict on one step.

    ``certified`` is True when the named reasons imply every claim; ``unproved`` lists the
    claims they do not imply, as ``(cell, digit, kind)`` with kind ``"placement"`` or
    ``"elimination"``; ``unknown`` the labels the step names that are no rule of the model;
    ``needed`` (when asked for) a minimal subset of the named labels that still proves the step;
    ``undecided`` the claims neither solver settled in its time (not certified, nor refuted).
    """

    step: Step
    certified: bool
    unproved: tuple[tuple[int, int, str], ...] = ()
    unknown: tuple[str, ...] = ()
    needed: tuple[str, ...] | None = None
    seconds: float = 0.0
    undecided: tuple[tuple[int, int, str], ...] = ()

    def __str__(self) -> str:
        verdict = "certified" if self.certified else f"NOT certified ({len(self.unproved)} claims)"
        return f"{self.step.technique}: {verdict}"


def named_labels(step: Step) -> tuple[str, ...]:
    """The labels a step names as its reasons: its rule, then its other reasons."""
    labels = ((step.rule,) if step.rule else ()) + step.reasons
    return tuple(dict.fromkeys(labels))


class Certifier:
    """One SAT solver holding the rules of a layout, each behind a selector, written the first
    time a step names it; :meth:`check` proves steps against it. Use as a context manager, or
    call :meth:`close`."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        n, size = layout.n, layout.size
        self.n = n
        fresh = Fresh(n**3 + size)  # n**3 + i + 1: the selector of cell i
        self.cells_of: dict[str, set[int]] = {}
        self.primitives: dict[str, list[Any]] = {}
        for house in layout.houses + layout.groups:
            self._register(house.name, house.cells, [AllDifferent(house.cells)])
        for rule in layout.rules:
            self._register(rule.label, rule.cells, rule.primitives)
        clauses: list[list[int]] = []
        for i in range(size):
            lits = [var(n, i, d) for d in range(1, n + 1)]
            clauses.append(lits)
            clauses += pairwise(lits, fresh)
        for i, peers in enumerate(layout.peers):
            for j in peers:
                if i < j:
                    for d in range(1, n + 1):
                        clauses.append([-self.cell(i), -self.cell(j), -var(n, i, d), -var(n, j, d)])
        for (a, b), pairs in layout.links.items():
            for x in range(1, n + 1):
                for y in range(1, n + 1):
                    if (x, y) not in pairs:
                        clauses.append([-self.cell(a), -self.cell(b), -var(n, a, x), -var(n, b, y)])
        self.sat = SelectorSat(clauses, fresh.top, "certifying steps")

    def cell(self, i: int) -> int:
        """The selector of cell ``i``: its candidates and its relations to involved cells."""
        return self.n**3 + i + 1

    def _register(self, label: str, cells: Iterable[int], primitives: Sequence[Any]) -> None:
        self.cells_of.setdefault(label, set()).update(cells)
        self.primitives.setdefault(label, []).extend(primitives)

    def _switch(self, label: str) -> int:
        """The selector of ``label``'s rules, their clauses written on first use."""
        sat = self.sat
        return sat.guard(
            label, lambda: primitive_clauses(self.primitives[label], self.n, sat.fresh)
        )

    def close(self) -> None:
        """Free the SAT solver."""
        self.sat.close()

    def __enter__(self) -> Certifier:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def check(self, masks: Sequence[int], step: Step, shrink: bool = False) -> Certificate:
        """Whether ``step``'s named reasons, with the candidates ``masks`` before it, imply its
        placements and eliminations; with ``shrink``, also a minimal subset of those reasons."""
        start = time.perf_counter()
        labels = named_labels(step)
        unknown = tuple(
            label
            for label in labels
            if label not in self.primitives and not CELL_NAME.fullmatch(label)
        )
        known = [label for label in labels if label in self.primitives]
        claims = [(i, d, "placement") for i, d in step.placements]
        claims += [(i, d, "elimination") for i, d in step.eliminations]
        unproved, undecided = self._open(masks, step, known, claims)
        needed = None
        if shrink and not unproved and not undecided:
            needed = tuple(known)
            for label in known:
                fewer = [x for x in needed if x != label]
                if self._open(masks, step, fewer, claims) == ([], []):
                    needed = tuple(fewer)
        seconds = time.perf_counter() - start
        certified = not unproved and not undecided
        return Certificate(
            step, certified, tuple(unproved), unknown, needed, seconds, tuple(undecided)
        )

    def _open(
        self, masks: Sequence[int], step: Step, labels: Sequence[str], claims: list[Claim]
    ) -> tuple[list[Claim], list[Claim]]:
        """The claims the reasons ``labels`` leave open (a solution of the small model breaks
        them), and those no solver settled in time. One question asks whether any claim can be
        broken; its answer's broken claims are set aside and the question asked again of the
        rest, until none can be broken."""
        n = self.n
        involved = set(step.cells)
        involved.update(i for i, _, _ in claims)
        on = set()
        for label in labels:
            involved |= self.cells_of[label]
            on.add(self._switch(label))
        assumptions = self.sat.switches(on)  # the rules not named off
        for i in range(self.layout.size):
            if i not in involved:
                assumptions.append(-self.cell(i))
                continue
            assumptions.append(self.cell(i))
            m = masks[i]
            assumptions += [-var(n, i, d) for d in range(1, n + 1) if not m >> (d - 1) & 1]
        left, unproved = list(claims), list[Claim]()
        while left:
            grid = self._sat_breaks(assumptions, left)
            if grid is None:
                return unproved, []
            if grid is UNDECIDED:
                grid = self._cpsat_breaks(masks, labels, involved, left)
                if grid is None:
                    return unproved, []
                if grid is UNDECIDED:
                    return unproved, left
            broken = [c for c in left if _breaks(grid, c)]
            unproved += broken
            left = [c for c in left if c not in broken]
        return unproved, []

    def _sat_breaks(self, assumptions: list[int], claims: list[Claim]) -> Any:
        """The digits of a solution breaking some of ``claims`` (a dict, cell to digit), None
        when there is none, or :data:`UNDECIDED` after :data:`CONFLICTS` conflicts."""
        n = self.n
        lits = [var(n, i, d) if kind == "elimination" else -var(n, i, d) for i, d, kind in claims]
        answer = self.sat.ask(lits, assumptions, CONFLICTS)
        if answer is None:
            return UNDECIDED
        if not answer:
            return None
        true = self.sat.true()
        cells = {i for i, _, _ in claims}
        return {i: e for i in cells for e in range(1, n + 1) if var(n, i, e) in true}

    def _cpsat_breaks(
        self, masks: Sequence[int], labels: Sequence[str], involved: set[int], claims: list[Claim]
    ) -> Any:
        """As :meth:`_sat_breaks`, asked of CP-SAT on the same small model, within
        :data:`CPSAT_SECONDS`."""
        from ..solvers.cpsat import CpSatSolver, Translation, load_cp_model

        cp_model = load_cp_model()

        layout, n = self.layout, self.n
        groups: list[AllDifferent] = []
        constraints: list[Any] = []
        for label in labels:
            for p in self.primitives[label]:
                (groups if isinstance(p, AllDifferent) else constraints).append(p)
        for i in sorted(involved):
            digits = frozenset(d for d in range(1, n + 1) if masks[i] >> (d - 1) & 1)
            constraints.append(AllowedDigits(i, digits))
            groups += [AllDifferent((i, j)) for j in layout.peers[i] if j > i and j in involved]
        for (a, b), pairs in layout.links.items():
            if a in involved and b in involved:
                constraints.append(Relation(a, b, pairs))
        cages = [p for p in constraints if isinstance(p, SumCage)]
        rest = [p for p in constraints if not isinstance(p, SumCage)]
        model = Model(
            layout.model.board, (0,) * layout.size, tuple(groups), tuple(cages), tuple(rest)
        )
        translation: Translation = CpSatSolver().translate(model)
        cp, cells = translation.cp_model, translation.cells
        flags = []
        for i, d, kind in claims:
            flag = cp.new_bool_var(f"broken {i} {d}")
            if kind == "elimination":
                cp.add(cells[i] == d).only_enforce_if(flag)
            else:
                cp.add(cells[i] != d).only_enforce_if(flag)
            flags.append(flag)
        cp.add_bool_or(flags)
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = CPSAT_SECONDS
        status = solver.solve(cp)
        if status == cp_model.INFEASIBLE:
            return None
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return UNDECIDED
        return {i: solver.value(cells[i]) for i, _, _ in claims}


def _breaks(grid: dict[int, int], claim: Claim) -> bool:
    """Whether the digits ``grid`` break ``claim``."""
    i, d, kind = claim
    return grid[i] == d if kind == "elimination" else grid[i] != d


def certify(path: Path | PuzzleLike, shrink: bool = False) -> tuple[Certificate, ...]:
    """A :class:`Certificate` for every step of ``path``, each checked against the candidates
    before it; with ``shrink``, each with a minimal subset of its named reasons. A puzzle in
    any other form is solved first (:func:`~sudoku_models.logic.logical_solve`).

    >>> from sudoku_models.logic import logical_solve
    >>> path = logical_solve(".1.....4....34..")
    >>> all(c.certified for c in certify(path))
    True
    """
    if not isinstance(path, Path):
        path = logical_solve(path)
    layout = layout_of(path.model)
    state = State.start(layout, [0] * path.model.size)
    if place_givens(state, path.struck) is not None:
        return ()
    out = []
    with Certifier(layout) as certifier:
        for step in path.steps:
            out.append(certifier.check(state.masks, step, shrink))
            state.apply(step)
    return tuple(out)


def describe(certificate: Certificate, n: int) -> str:
    """One line saying what a certificate proved, or which claims its reasons leave open."""
    if certificate.certified:
        return "certified"
    out = []
    if certificate.unproved:
        out.append(f"the named reasons do not imply {_claims(n, certificate.unproved)}")
    if certificate.undecided:
        out.append(f"undecided in time: {_claims(n, certificate.undecided)}")
    return "not certified: " + "; ".join(out)


def _claims(n: int, claims: Iterable[Claim]) -> str:
    return ", ".join(
        f"{cell_label(n, i)}{'=' if kind == 'placement' else '<>'}{d}" for i, d, kind in claims
    )
