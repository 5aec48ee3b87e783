"""The constraint strategy: candidate masks pruned by a propagator per primitive constraint.

Built for models with sum cages and other primitives (killer, arrow, thermometer, Kropki
puzzles), where checking the rules only on complete grids is hopeless. Each cell keeps a mask of
its candidates (digit ``d`` is bit ``d - 1``); the model is read once per shape into a network:

- the peers of every cell (its all-different groups and cages, and the relations that only say
  "differ", such as anti-knight): a placed digit leaves them (naked single);
- one propagator per group, cage and constraint (:mod:`.propagators`, each with its design
  note): hidden singles in full groups, digit sets of sum cages (and of short groups whose
  pairs all carry one symmetric relation, such as renban lines), exact supports of linear sums
  (with peer cells kept different), arc consistency of relations, tables, implications,
  sandwich clues as a whole, visibility, automata along lines (states reachable forwards and
  backwards), counts (bounds) and element lookups (supports), enumeration for the rest;
- the allowed digits of each cell, applied before the search starts.

Propagation runs to a fixpoint: placed cells are cleared from their peers first, then pending
relations run, then the costly propagators (sums, tables, enumeration), then groups and the
propagators of whole rules; a propagator is scheduled again whenever one of its cells loses a
candidate. A failed branch is undone by
replaying a trail of ``(cell, old mask)``.

Branching takes the open cell with the fewest candidates per failure seen next to it
(dom/wdeg: every contradiction adds one to the weight of the cells of the propagator, or the
two peers, that found it), so the search learns where the puzzle is hard. Until the first
solution turns up, the search restarts from the root after a budget of nodes that grows
geometrically, keeping the weights: on the development set of variant puzzles this turned
several runs of tens of seconds into a few seconds. No run restarts after a solution, so
none is counted twice.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...board import Board, peers_of
from ...constraints import (
    AllDifferent,
    AllowedDigits,
    Automaton,
    Constraint,
    Count,
    Element,
    Implies,
    LinearSum,
    Rank,
    Relation,
    SumCage,
    Table,
    Visible,
)
from ...model import Model
from ..base import Grid, Stats
from .common import counting
from .derived import implied_sums
from .propagators import (
    AutomatonPropagator,
    CasePropagator,
    CheckPropagator,
    CountPropagator,
    DigitSetPropagator,
    ElementPropagator,
    FullGroup,
    ImpliesPropagator,
    LinearSumPropagator,
    Propagator,
    RankPropagator,
    RuleGroup,
    ShortGroup,
    TablePropagator,
    VisiblePropagator,
    group_digit_sets,
    merge_relations,
    relation_propagators,
)
from .recorder import Recorder, plain_digits, trail_removals


@dataclass(frozen=True)
class Network:
    """A model's shape as the search sees it, built once per shape (givens excluded)."""

    start: tuple[int, ...]  # each cell's candidates before the givens
    peers: tuple[tuple[int, ...], ...]
    propagators: tuple[Propagator, ...]
    watchers: tuple[tuple[int, ...], ...]  # per cell, the propagators to run when it changes
    tiers: tuple[int, ...]


def network_of(model: Model) -> Network:
    """The cached network of a model's shape."""
    return _network(model.board, model.groups, model.cages, model.constraints)


@functools.lru_cache(maxsize=32)
def _network(
    board: Board,
    groups: tuple[AllDifferent, ...],
    cages: tuple[SumCage, ...],
    constraints: tuple[Constraint, ...],
) -> Network:
    n, size = board.n, board.size
    full = (1 << n) - 1
    start = [full] * size
    props: list[Propagator] = []
    peers = _peers(size, groups, cages)
    relations = []
    rules: dict[str, list[Implies]] = {}
    for c in constraints:
        if isinstance(c, AllowedDigits):
            start[c.cell] &= sum(1 << (d - 1) for d in c.digits if 1 <= d <= n)
        elif isinstance(c, Relation) and c.a == c.b:
            start[c.a] &= sum(1 << (x - 1) for x, y in c.pairs if x == y)
        elif isinstance(c, Relation):
            relations.append(c)
        elif isinstance(c, Implies) and c.name:
            rules.setdefault(c.name, []).append(c)
        else:
            props.append(_propagator(c, n, peers))
    full_groups = [g.cells for g in groups if len(g.cells) == n]
    for rule in rules.values():
        sandwich = CasePropagator.of(rule, full_groups, n)
        props.append(sandwich or RuleGroup([ImpliesPropagator(c, n, peers) for c in rule]))
    merged = merge_relations(relations)
    for group in groups:
        if len(group.cells) == n:
            props.append(FullGroup(group.cells, full))
        elif len(group.cells) > 1:
            props.append(ShortGroup(group.cells))
            sets = group_digit_sets(group.cells, merged, n)
            if sets is not None:
                props.append(DigitSetPropagator(group.cells, sets, n))
    props.extend(_cage_propagator(cage.cells, cage.total, n) for cage in cages)
    for implied in implied_sums(n, [g.cells for g in groups if len(g.cells) == n], cages):
        cells = implied.cells
        pattern = tuple(b in peers[a] for a, b in itertools.combinations(cells, 2))
        props.append(_implied_propagator(implied, n, pattern))
    relation_props, differ = relation_propagators(merged, n)
    props.extend(relation_props)
    watchers: list[list[int]] = [[] for _ in range(size)]
    for k, p in enumerate(props):
        for i in p.cells:
            watchers[i].append(k)
    return Network(
        start=tuple(start),
        peers=_joined(peers, differ) if differ else peers,
        propagators=tuple(props),
        watchers=tuple(map(tuple, watchers)),
        tiers=tuple(p.tier for p in props),
    )


def _peers(
    size: int, groups: tuple[AllDifferent, ...], cages: tuple[SumCage, ...]
) -> tuple[tuple[int, ...], ...]:
    """Each cell's other cells in one of its groups or its cages, sorted: the peers of the
    groups (kept per set of groups, which a generator's questions share) with the cages
    added."""
    peers = list(_group_peers(size, tuple(g.cells for g in groups)))
    for cage in cages:
        for i in cage.cells:
            more = set(peers[i])
            more.update(cage.cells)
            more.discard(i)
            peers[i] = tuple(sorted(more))
    return tuple(peers)


@functools.lru_cache(maxsize=32)
def _group_peers(size: int, groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Each cell's other cells in one of ``groups`` (given by their cells), sorted."""
    return peers_of(groups, size)


def _joined(
    peers: tuple[tuple[int, ...], ...], pairs: Sequence[tuple[int, int]]
) -> tuple[tuple[int, ...], ...]:
    """``peers`` with each of ``pairs`` made peers too."""
    more: list[set[int]] = [set(p) for p in peers]
    for a, b in pairs:
        more[a].add(b)
        more[b].add(a)
    return tuple(tuple(sorted(s)) for s in more)


#: Propagators of cages and of implied sums kept for later networks, of each kind. Each holds a
#: memo of up to ``MEMO_LIMIT`` answers, so this bounds their memory; a generator making
#: givenless 9x9 killers found as many of them ready with 256 as with 4096.
SHARED = 512


@functools.lru_cache(maxsize=SHARED)
def _cage_propagator(cells: tuple[int, ...], total: int, n: int) -> DigitSetPropagator:
    """The propagator of a sum cage, shared by the networks that have the cage (a generator
    asks about one killer many times, a cage or two changed each time): it holds nothing but
    its memo of answers, which stay true."""
    return DigitSetPropagator.for_cage(cells, total, n)


@functools.lru_cache(maxsize=SHARED)
def _implied_propagator(implied: LinearSum, n: int, pattern: tuple[bool, ...]) -> Propagator:
    """The propagator of an innie or outie sum, shared like :func:`_cage_propagator`;
    ``pattern`` tells which pairs of its cells (in ``itertools.combinations`` order) are peers:
    the sum of different digits of a cage when all are and every coefficient is 1, else a
    linear sum that keeps those pairs different."""
    cells = implied.cells
    if all(pattern) and all(a == 1 for a in implied.coeffs):
        return _cage_propagator(cells, implied.total, n)
    peers: dict[int, set[int]] = {i: set() for i in cells}
    for (a, b), peer in zip(itertools.combinations(cells, 2), pattern):
        if peer:
            peers[a].add(b)
            peers[b].add(a)
    return LinearSumPropagator(implied, n, peers)  # type: ignore[arg-type]


def _propagator(c: Constraint, n: int, peers: Sequence[Sequence[int]]) -> Propagator:
    """The propagator of a primitive other than a relation or allowed digits."""
    distinct = len(set(c.cells)) == len(c.cells)
    if isinstance(c, LinearSum):
        linear = LinearSumPropagator(c, n, peers)
        return linear if linear.cells else CheckPropagator(c)
    if isinstance(c, Table) and distinct:
        return TablePropagator(c, peers, n)
    if isinstance(c, Implies):
        return ImpliesPropagator(c, n, peers)
    if isinstance(c, Visible) and distinct:
        return VisiblePropagator(c, n)
    if isinstance(c, Automaton) and distinct:
        return AutomatonPropagator(c, n)
    if isinstance(c, Count):
        return CountPropagator(c, n)
    if isinstance(c, Element):
        return ElementPropagator(c, n)
    if isinstance(c, Rank):
        return RankPropagator(c)
    return CheckPropagator(c)


#: Nodes of the first run before a restart; each later run may visit ``GROWTH`` times more.
#: Restarts stop once a solution is found: proving there is no other needs the whole tree.
FIRST_RUN = 100
GROWTH = 2.0
NO_RESTART = 1 << 62


def fixpoint(
    net: Network, masks: Sequence[int], changed: int | None = None, budget: float = math.inf
) -> tuple[list[int] | None, int]:
    """``masks`` narrowed to a fixpoint by the network, or None on a contradiction; with the
    number of propagator runs it took (a contradiction past ``budget`` runs is not looked for).
    With ``changed``, ``masks`` were at the network's fixpoint but for that cell, so only what
    watches it starts."""
    cand = [m & s for m, s in zip(masks, net.start)]
    if not all(cand):
        return None, 0
    peers, watchers, tiers = net.peers, net.watchers, net.tiers
    props = net.propagators
    queues: tuple[list[int], ...] = ([], [], [])
    if changed is None:
        queued = [True] * len(props)
        for k, tier in enumerate(tiers):
            queues[tier].append(k)
        singles = [i for i, m in enumerate(cand) if not m & (m - 1)]
    else:
        queued = [False] * len(props)
        for k in watchers[changed]:
            queued[k] = True
            queues[tiers[k]].append(k)
        singles = [changed] if not cand[changed] & (cand[changed] - 1) else []

    def narrow(i: int, m: int) -> bool:
        if not m:
            return False
        cand[i] = m
        if not m & (m - 1):
            singles.append(i)
        for k in watchers[i]:
            if not queued[k]:
                queued[k] = True
                queues[tiers[k]].append(k)
        return True

    runs = 0
    while runs < budget:
        while singles:
            i = singles.pop()
            b = cand[i]
            for p in peers[i]:
                if cand[p] & b and not narrow(p, cand[p] ^ b):
                    return None, runs
        first, second, third = queues
        queue = first or second or third
        if not queue:
            return cand, runs
        k = queue.pop()
        queued[k] = False
        runs += 1
        if not props[k].run(cand, narrow):
            return None, runs
    return cand, runs


def root_candidates(model: Model) -> list[int] | None:
    """Each cell's candidates (bit ``d - 1`` for digit ``d``) once the givens are propagated to
    a fixpoint without a guess, or None when propagation meets a contradiction.

    The propagators are sound, so a digit they remove is in no solution; when every cell is left
    with one digit, that grid is the only solution.

    >>> from sudoku_models.puzzle import Puzzle
    >>> root_candidates(Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3)]))[:2]
    [3, 3]
    """
    net = network_of(model)
    masks = [m & (1 << (d - 1)) if d else m for m, d in zip(net.start, model.givens)]
    return fixpoint(net, masks)[0]


class _Restart(Exception):
    """Raised in the search when a run has used its nodes: the search starts again from the
    root, keeping the failure weights that order the next run's branching."""


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
    ``recorder`` of every node when given.

    >>> from sudoku_models.puzzle import Puzzle
    >>> model = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3), ((2, 3), 7)])
    >>> found = []
    >>> search(model, 0, [], None, Stats(), found)
    >>> len(found), found[0][:4]
    (48, (1, 2, 3, 4))
    """
    net = network_of(model)
    size = model.size
    peers, watchers, tiers = net.peers, net.watchers, net.tiers
    runs = tuple(p.run for p in net.propagators)
    cells_of = tuple(p.cells for p in net.propagators)
    weight = [1] * size  # 1 + failures seen next to each cell, for the branching order
    blocked = set(exclude)
    cand = list(net.start)
    trail: list[tuple[int, int]] = []
    singles: list[int] = []
    queues: tuple[list[int], ...] = ([], [], [])  # pending propagators, by tier
    first, second, third = queues
    queued = [False] * len(runs)

    def narrow(i: int, m: int) -> bool:
        """Give cell ``i`` the candidates ``m``; schedule what watches it; False when empty."""
        if not m:
            return False
        trail.append((i, cand[i]))
        cand[i] = m
        if not m & (m - 1):
            singles.append(i)
            counters.propagations += 1
        for k in watchers[i]:
            if not queued[k]:
                queued[k] = True
                queues[tiers[k]].append(k)
        return True

    def propagate() -> bool:
        """Run to a fixpoint: placed digits leave their peers, then cheap, then costly
        propagators; False (with the queues emptied) on a contradiction."""
        while True:
            while singles:
                i = singles.pop()
                b = cand[i]
                for p in peers[i]:
                    m = cand[p]
                    if m & b and not narrow(p, m ^ b):
                        weight[i] += 1
                        weight[p] += 1
                        return _flush()
            if first:
                k = first.pop()
            elif second:
                k = second.pop()
            elif third:
                k = third.pop()
            else:
                return True
            queued[k] = False
            if not runs[k](cand, narrow):
                for i in cells_of[k]:
                    weight[i] += 1
                return _flush()

    def _flush() -> bool:
        for queue in queues:
            for k in queue:
                queued[k] = False
            queue.clear()
        singles.clear()
        return False

    budget = [FIRST_RUN]  # nodes left before the next restart
    depth = [0]  # guesses on the current path

    def branch() -> bool:
        """Search below the current state; True once ``limit`` solutions are found."""
        counters.node()
        budget[0] -= 1
        if budget[0] < 0:
            raise _Restart
        best, best_score = -1, float(size)
        for i in range(size):
            m = cand[i]
            if m & (m - 1):
                score = m.bit_count() / weight[i]
                if score < best_score:
                    best, best_score = i, score
        if best < 0:
            grid = tuple(m.bit_length() for m in cand)
            if grid in blocked:
                return False
            found.append(grid)
            if recorder is not None:
                recorder.found()
            budget[0] = NO_RESTART
            return len(found) == limit
        options = cand[best]
        while options:
            b = options & -options
            options ^= b
            counters.guesses += 1
            mark = len(trail)
            trail.append((best, cand[best]))
            cand[best] = b
            singles.append(best)
            for k in watchers[best]:
                if not queued[k]:
                    queued[k] = True
                    queues[tiers[k]].append(k)
            consistent = propagate()
            if recorder is not None:
                removed = trail_removals(trail, mark, cand, size, best, plain_digits)
                recorder.enter(best, b.bit_length(), removed, consistent)
            if consistent:
                depth[0] += 1
                if branch():
                    return True
                depth[0] -= 1
            else:
                counters.conflicts += 1
            for i, old in reversed(trail[mark:]):
                cand[i] = old
            del trail[mark:]
            counters.backtracks += 1
            if recorder is not None:
                recorder.leave()
        return False

    restarts = 0
    stats.extra.setdefault("restarts", 0)
    with counting(stats, deadline, depth=size) as counters:
        for i, d in enumerate(model.givens):
            if d:
                cand[i] &= 1 << (d - 1)
        if not all(cand):
            counters.conflicts += 1
            return
        singles.extend(i for i, m in enumerate(cand) if not m & (m - 1))
        for k in range(len(runs)):
            queues[tiers[k]].append(k)
        queued[:] = [True] * len(runs)
        if not propagate():
            counters.conflicts += 1
            return
        root = len(trail)
        try:
            while True:
                try:
                    if recorder is not None:
                        recorder.enter(-1, 0)
                    branch()
                    return
                except _Restart:
                    if recorder is not None:
                        recorder.restart(leaf_open=True)
                    counters.backtracks += depth[0]
                    depth[0] = 0
                    for i, old in reversed(trail[root:]):
                        cand[i] = old
                    del trail[root:]
                    restarts += 1
                    budget[0] = int(FIRST_RUN * GROWTH**restarts)
        finally:
            stats.extra["restarts"] += restarts
