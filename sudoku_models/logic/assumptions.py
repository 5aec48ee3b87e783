"""Assumptions that break down: forcing nets from one candidate, and bounded trials; and the
wall-clock stop of a path (:class:`Clock`).

Assume a candidate, propagate, and strike it when that breaks a rule.

Every open candidate is assumed in turn (two-candidate cells first) and propagated with the
search's propagators (:mod:`sudoku_models.solvers.backtracking.constraint`: the same rules the
finders read, to a fixpoint); the candidate whose assumption breaks down after the fewest
propagator runs is struck. At depth 2 an assumption that survives is propagated further by
trials of depth 1 inside it.

The assumptions that break down soonest are replayed with the solver's own finders (singles,
rules, locked candidates, subsets, fish): one that reaches a named contradiction within
:data:`NET_STEPS` steps is a *forcing net* (as HoDoKu and Sudoku Explainer count them, a
technique); any other is a *trial*.

Every bound that decides which steps are taken counts propagator runs, never seconds, so a
path depends on the puzzle alone, not on the machine or its load. A wall-clock limit is only an
outer stop: when it passes, :class:`TimeLimitReached` ends the search, and the path says so.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

from .. import deadline
from ..errors import TimeLimitReached
from ..solvers.backtracking.constraint import Network, fixpoint, network_of
from .layout import Layout
from .state import State
from .step import Step, cell_label

#: Most propagator runs one assumption may take before it counts as not breaking down.
BUDGET = 20_000

#: Most propagator runs one scan of every candidate may take (a depth-1 scan takes far fewer:
#: each of its assumptions stops at :data:`BUDGET`; a depth-2 one runs trials inside each).
SCAN_RUNS = 4_000_000

#: Most propagator runs the nested (depth 2) scans of one path may take together.
NESTED_RUNS = 6_000_000


class Clock:
    """The outer wall-clock stop: ``check`` raises :class:`TimeLimitReached` once ``seconds``
    have passed since it was made (None: never), or once a limit the caller opened with
    :func:`sudoku_models.deadline.within` has passed."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds
        self.deadline = None if seconds is None else time.perf_counter() + seconds

    def remaining(self) -> float | None:
        """Seconds left (at least a millisecond), None without a limit."""
        outer = deadline.remaining()
        if self.deadline is None:
            return outer
        own = max(0.001, self.deadline - time.perf_counter())
        return own if outer is None else min(own, outer)

    def check(self) -> None:
        """Raise :class:`TimeLimitReached` if the time limit has passed."""
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TimeLimitReached(self.seconds or 0.0)
        deadline.check()


class Work:
    """Propagator runs left to one scan, under the outer wall-clock stop."""

    def __init__(self, runs: int, clock: Clock) -> None:
        self.left = runs
        self.clock = clock

    def spend(self, runs: int) -> None:
        """Count ``runs`` propagator runs."""
        self.left -= runs

    def exhausted(self) -> bool:
        """Whether no runs are left (raising :class:`TimeLimitReached` once the time limit has
        passed)."""
        self.clock.check()
        return self.left <= 0


def _candidates(masks: Sequence[int], placed: Sequence[bool]) -> list[tuple[int, int]]:
    """Open candidates, those of cells with fewest candidates first."""
    cells = sorted((m.bit_count(), i) for i, m in enumerate(masks) if not placed[i])
    return [(i, d) for _, i in cells for d in range(1, 33) if masks[i] >> (d - 1) & 1]


def _breaks(net: Network, masks: list[int], i: int, d: int, depth: int, work: Work) -> int | None:
    """The propagator runs after which assuming ``d`` in cell ``i`` breaks down, or None
    (``masks`` at the network's fixpoint; every run is counted in ``work``, and a nested
    assumption stops, not breaking down, when ``work`` has none left)."""
    if not masks[i] >> (d - 1) & 1:
        return 0  # the network alone rules it out
    trial = masks[:]
    trial[i] = 1 << (d - 1)
    after, runs = fixpoint(net, trial, i, BUDGET)
    work.spend(runs)
    if after is None:
        return runs
    if depth < 2:
        return None
    while True:
        placed = [not m & (m - 1) for m in after]
        struck = False
        for j, e in _candidates(after, placed):
            if work.exhausted():
                return None
            if _breaks(net, after, j, e, 1, work) is not None:
                after[j] &= ~(1 << (e - 1))
                again, more = fixpoint(net, after, j, BUDGET)
                work.spend(more)
                runs += more
                if again is None:
                    return runs
                after = again
                struck = True
                break
        if not struck:
            return None


#: Replays tried per trial step, those breaking down soonest in the network first.
REPLAYS = 8

#: Most steps a replay may take and still count as a forcing net (a technique, not a trial).
NET_STEPS = 20


def net_steps(n: int) -> int:
    """Most steps a forcing net may take on a grid of side ``n``: :data:`NET_STEPS` up to 9x9,
    and in proportion to the cells on larger grids, where a branch places that many more
    singles before it breaks down (63 on 16x16)."""
    return NET_STEPS if n <= 9 else NET_STEPS * n * n // 81


class Net(NamedTuple):
    """A forcing net: its steps, its sentence, and the rules and cells its steps read."""

    steps: int
    text: str
    reasons: tuple[str, ...]
    cells: tuple[int, ...]


#: ``replay(state, i, d, most)``: the forcing net the finders make from placing ``d`` in cell
#: ``i`` to a contradiction in at most ``most`` steps (at most ``NET_STEPS``), or None.
Replay = Callable[[State, int, int, int], "Net | None"]


class Trials:
    """Assumptions that break down, found in one scan and used while they stay candidates.

    A candidate whose assumption breaks down still does once other candidates are gone (the
    propagators only narrow), so one scan of every candidate serves many steps: the solver asks
    again only when cheaper techniques are stuck, and a new scan is made when none is left.
    """

    def __init__(
        self,
        layout: Layout,
        replay: Replay,
        nesting: Callable[[], bool] = lambda: True,
        clock: Clock | None = None,
    ) -> None:
        self.layout = layout
        self.net = network_of(layout.model)
        self.replay = replay
        self.found: list[tuple[int, int, int, int]] = []  # (runs, cell, digit, depth)
        self.scanned: tuple[int, ...] = ()  # the masks of the last scan
        self.nested = NESTED_RUNS  # propagator runs left to nested scans over the whole path
        self.nesting = nesting  # whether nested trials are worth their cost here
        self.clock = clock or Clock()
        #: A trial propagates every rule: its steps name them all.
        self.everything = tuple(
            dict.fromkeys(h.name for h in layout.houses + layout.groups)
            | dict.fromkeys(r.label for r in layout.rules)
        )

    def scan(self, state: State, depth: int, work: Work) -> None:
        """Every open candidate whose assumption breaks down within ``depth`` assumptions,
        until ``work`` has no runs left."""
        masks, placed = state.masks, state.placed
        self.found = []
        self.scanned = tuple(masks)
        base, spent = fixpoint(
            self.net, masks, budget=BUDGET
        )  # each assumption then starts from the fixpoint
        work.spend(spent)
        for i, d in _candidates(masks, placed):
            if work.exhausted():
                break
            runs = 0 if base is None else _breaks(self.net, base, i, d, depth, work)
            if runs is not None:
                self.found.append((runs, i, d, depth))
                if depth > 1:
                    break  # nested trials are costly: one at a time
        self.found.sort()

    def _net(self, state: State) -> Step | None:
        """The found assumption the finders take to a contradiction in the fewest steps."""
        best: tuple[Net, int, int] | None = None
        for _, i, d, depth in self.found[:REPLAYS]:
            if depth > 1:
                continue
            # only a shorter net than the best so far is taken: a replay stops before that
            most = net_steps(self.layout.n) if best is None else best[0].steps - 1
            if most < 0:
                break
            replayed = self.replay(state, i, d, most)
            if replayed is not None:
                best = (replayed, i, d)
        if best is None:
            return None
        net, i, d = best
        name = cell_label(self.layout.n, i)
        return Step("Forcing Net", name, net.text, (), ((i, d),), net.cells, reasons=net.reasons)

    def __call__(self, state: State, max_depth: int) -> Step | None:
        """A forcing net (a short contradiction the finders reach themselves) or a trial.

        Assumptions found in an earlier position are tried first; when none makes a forcing
        net, the position is scanned afresh before a trial is taken, since the steps since may
        have made shorter contradictions. Raises :class:`TimeLimitReached` once the time limit
        has passed.
        """
        masks = state.masks
        self.found = [f for f in self.found if masks[f[1]] >> (f[2] - 1) & 1]
        net = self._net(state) if self.found else None
        if net is not None:
            return net
        if self.found and self.scanned == tuple(masks):
            return self._trial()
        for depth in range(1, max_depth + 1):
            if depth > 1 and not self.nesting():
                break
            limit = SCAN_RUNS if depth == 1 else min(SCAN_RUNS, self.nested)
            if limit <= 0:
                break
            work = Work(limit, self.clock)
            self.scan(state, depth, work)
            if depth > 1:
                self.nested -= limit - work.left
            if self.found:
                break
        if not self.found:
            return None
        return self._net(state) or self._trial()

    def _trial(self) -> Step:
        n = self.layout.n
        runs, i, d, depth = self.found[0]
        name = cell_label(n, i)
        how = "propagation" if depth == 1 else f"propagation with trials {depth} deep"
        text = (
            f"assuming {name}={d}, {how} breaks a rule after {runs} rule readings: "
            f"{name} is not {d}"
        )
        return Step(
            "Trial",
            name,
            text,
            eliminations=((i, d),),
            cells=(i,),
            depth=depth,
            reasons=self.everything,
        )
