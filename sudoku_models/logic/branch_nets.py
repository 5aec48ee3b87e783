"""Forcing nets over a cell or a house: every way a cell (or a digit in a house) can go, each
propagated through the rules, rules out the same candidate, so it is ruled out.

A cell holds one of its candidates, and a house holds each digit in one of its places. Each
branch is propagated with the search's propagators (the rules the finders read, to a
fixpoint), as a trial is, and then with locked candidates (:mod:`.locked`) as well; a
candidate gone in every branch is gone, and a branch that breaks down keeps nothing. Unlike a
trial, no branch needs to break down, so it moves on where no single assumption leads to a
contradiction; the solver tries it on grids larger than 9x9, where trials do not nest.

The finder only acts where no single assumption breaks down by the propagators alone: where
one does, a forcing net or a trial (:mod:`.assumptions`) is the simpler explanation. Every bound
counts propagator runs, never seconds.
"""

from __future__ import annotations

from ..solvers.backtracking.constraint import fixpoint, network_of
from .chains import MAX_CANDIDATES
from .locked import settle
from .state import State
from .step import Step, cell_label, cells_label, said

#: Most propagator runs one branch may take before it counts as not breaking down.
BRANCH_RUNS = 20_000

#: Most propagator runs one search may take over all its branches.
SEARCH_RUNS = 2_000_000


def _branches(state: State) -> dict[tuple[int, int], list[int] | None] | None:
    """Every open candidate propagated alone (``(cell, digit)`` -> the masks after it, None
    when only locked candidates break it down); None when the propagators alone break one
    down (a trial's work), the position does, or the runs run out. Locked candidates are read
    only once every branch stands by the propagators alone."""
    layout = state.layout
    n = layout.n
    net = network_of(layout.model)
    base, runs = fixpoint(net, state.masks, budget=BRANCH_RUNS)
    if base is None:
        return None
    left = SEARCH_RUNS - runs
    alone: dict[tuple[int, int], list[int]] = {}
    order = sorted((m.bit_count(), i) for i, m in enumerate(base) if m & (m - 1))
    for _, i in order:
        for d in range(1, n + 1):
            if base[i] >> (d - 1) & 1:
                trial = base[:]
                trial[i] = 1 << (d - 1)
                after, spent = fixpoint(net, trial, i, BRANCH_RUNS)
                left -= spent
                if after is None or left <= 0:
                    return None
                alone[i, d] = after
    out: dict[tuple[int, int], list[int] | None] = {}
    locked, spent = settle(layout, net, base, BRANCH_RUNS)  # a branch reads what it changes
    left -= spent
    if locked is None:
        return None
    for key, after in alone.items():
        out[key], spent = settle(layout, net, after, BRANCH_RUNS, since=locked)
        left -= spent
        if left <= 0:
            return None
    return out


def _lost(masks: list[int], branches: list[list[int] | None]) -> tuple[tuple[int, int], ...]:
    """The candidates of ``masks`` no branch keeps (one that breaks down keeps none); none
    when every branch breaks down."""
    kept = [0] * len(masks)
    for after in branches:
        for j, m in enumerate(after or ()):
            kept[j] |= m
    if not any(kept):
        return ()
    return tuple(
        (j, d)
        for j, m in enumerate(masks)
        for d in range(1, m.bit_length() + 1)
        if m >> (d - 1) & 1 and not kept[j] >> (d - 1) & 1
    )


def _how(broken: str, lost: str) -> str:
    """``each of them, propagated ..., gives ...``, naming the branches that break down."""
    if not broken:
        return f"each of them, propagated through the rules and locked candidates, gives {lost}"
    return (
        f"propagated through the rules and locked candidates, {broken} breaks a rule "
        f"and each of the others gives {lost}"
    )


def forcing_net(state: State) -> Step | None:
    """The cell (fewest candidates first), then the house and digit (fewest places first),
    whose every branch rules out some candidate: the step rules them all out."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    if state.open_candidates() > MAX_CANDIDATES:
        return None
    branches = _branches(state)
    if branches is None:
        return None
    everything = tuple(
        dict.fromkeys(h.name for h in layout.houses + layout.groups)
        | dict.fromkeys(r.label for r in layout.rules)
    )
    cells = sorted((masks[i].bit_count(), i) for i in range(layout.size) if not placed[i])
    for _, i in cells:
        ds = [d for d in range(1, n + 1) if (i, d) in branches]
        if len(ds) < 2:  # solved by the propagation alone: no branches to compare
            continue
        lost = _lost(masks, [branches[i, d] for d in ds])
        if lost:
            name = cell_label(n, i)
            gone = sum(1 << (d - 1) for d in ds if branches[i, d] is None)
            broken = said(gone) if gone else ""
            text = (
                f"{name} is {said(sum(1 << (d - 1) for d in ds))}, and "
                f"{_how(broken, _said_lost(n, lost))}"
            )
            return Step("Cell Forcing Net", name, text, (), lost, (i,), reasons=everything)
    places = []
    for house in layout.houses:
        for d in range(1, n + 1):
            where = [i for i in house.cells if (i, d) in branches]
            if len(where) >= 2 and len(where) == sum(masks[i] >> (d - 1) & 1 for i in house.cells):
                places.append((len(where), house.name, d, where))
    for _, name, d, where in sorted(places, key=lambda p: p[0]):
        lost = _lost(masks, [branches[i, d] for i in where])
        if lost:
            broken = cells_label(n, [i for i in where if branches[i, d] is None])
            text = (
                f"{d} in {name} goes in {cells_label(n, where)}, and "
                f"{_how(broken and f'{d} in {broken}', _said_lost(n, lost))}"
            )
            return Step("House Forcing Net", name, text, (), lost, tuple(where), reasons=everything)
    return None


def _said_lost(n: int, lost: tuple[tuple[int, int], ...]) -> str:
    """``r1c1<>5, r2c3<>7``."""
    return ", ".join(f"{cell_label(n, i)}<>{d}" for i, d in lost)
