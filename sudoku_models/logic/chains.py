"""Chains over the candidate graph of any model: weak links from every rule, strong links from
cells and houses.

A *literal* is a candidate and a truth value: ``r1c1=5`` or ``r1c1<>5``. The implications:

- *weak links* (at most one of two candidates is true): two digits of one cell; one digit in two
  peers (houses, groups, cages, anti-knight and the like); every forbidden pair of a two-cell
  relation (dots, XV, thermometer steps, whispers, nonconsecutive, clones). ``A=true`` gives
  ``B=false``;
- *strong links* (at least one is true): the two digits of a two-candidate cell, the two places
  of a digit in a house or of a digit a cage must hold. ``A=false`` gives ``B=true``;
- *forced partners*: a relation that leaves a digit ``x`` of one cell a single partner ``y`` in
  the other: ``a=x`` gives ``b=y`` (a clone's equal cells).

From each literal the solver follows the implications breadth first. A *chain* is a candidate
whose truth implies its own falsehood, or two opposite literals (it is false: the alternating
inference chains and nice loops of classic solving, on the richer graph). A *forcing chain*
is a literal implied both by a candidate and by its falsehood (it holds either way). The
shortest one found is taken, with the chain written out.
"""

from __future__ import annotations

import itertools
from collections import deque

from ..solvers.backtracking.propagators import RelationPropagator
from .basic import required_digits
from .layout import Layout, per_layout
from .state import State
from .step import Step, cell_label

#: Longest chain followed, in implications.
MAX_LENGTH = 24

#: Most implications one search for a chain follows over all its starting candidates (on a
#: 25x25 grid a single search could otherwise take minutes); the shortest chain found within
#: it is taken. A count, not a time, so a path depends on the puzzle alone.
MAX_VISITS = 3_000_000

#: Most open candidates a grid may have for chains to be looked for (an empty 16x16 grid has
#: 4096): a person looks for chains only once most candidates are gone, and the candidate
#: graph of a fuller grid costs seconds to build.
MAX_CANDIDATES = 3000


def _graph(state: State) -> list[list[int]]:
    """The implications between literals ``2 * node + truth``, node ``i * n + d - 1``."""
    layout = state.layout
    n = layout.n
    masks, placed = state.masks, state.placed
    edges: list[list[int]] = [[] for _ in range(2 * n * layout.size)]

    def weak(a: int, b: int) -> None:
        edges[2 * a + 1].append(2 * b)
        edges[2 * b + 1].append(2 * a)

    def strong(a: int, b: int) -> None:
        edges[2 * a].append(2 * b + 1)
        edges[2 * b].append(2 * a + 1)

    for i, m in enumerate(masks):
        if placed[i]:
            continue
        ds = [d for d in range(n) if m >> d & 1]
        for x in ds:
            for y in ds:
                if x < y:
                    weak(i * n + x, i * n + y)
        if len(ds) == 2:
            strong(i * n + ds[0], i * n + ds[1])
        for p in layout.peers[i]:
            if p > i and not placed[p]:
                for d in ds:
                    if masks[p] >> d & 1:
                        weak(i * n + d, p * n + d)
    for (a, b), pairs in layout.links.items():
        if placed[a] and placed[b]:
            continue
        for x in range(1, n + 1):
            if not masks[a] >> (x - 1) & 1:
                continue
            partners = [y for y in range(1, n + 1) if masks[b] >> (y - 1) & 1]
            allowed = [y for y in partners if (x, y) in pairs]
            for y in partners:
                if (x, y) not in pairs:
                    weak(a * n + x - 1, b * n + y - 1)
            if len(allowed) == 1 and len(partners) > 1:
                y = allowed[0]
                edges[2 * (a * n + x - 1) + 1].append(2 * (b * n + y - 1) + 1)
                edges[2 * (b * n + y - 1)].append(2 * (a * n + x - 1))
        for y in range(1, n + 1):
            if not masks[b] >> (y - 1) & 1:
                continue
            allowed = [x for x in range(1, n + 1) if masks[a] >> (x - 1) & 1 and (x, y) in pairs]
            if len(allowed) == 1 and masks[a].bit_count() > 1:
                x = allowed[0]
                edges[2 * (b * n + y - 1) + 1].append(2 * (a * n + x - 1) + 1)
                edges[2 * (a * n + x - 1)].append(2 * (b * n + y - 1))
    for group in layout.houses + layout.groups:
        required = required_digits(state, group)
        for d in range(n):
            if required >> d & 1:
                places = [i for i in group.cells if masks[i] >> d & 1]
                if len(places) == 2 and not placed[places[0]] and not placed[places[1]]:
                    strong(places[0] * n + d, places[1] * n + d)
    return edges


class _Budget:
    """Implications left to follow in one search."""

    def __init__(self, visits: int) -> None:
        self.left = visits


def _reach(edges: list[list[int]], start: int, budget: _Budget) -> dict[int, int]:
    """Every literal implied by ``start``, with the literal it came from (as far as
    ``budget`` allows; what it spends is counted there)."""
    parent = {start: -1}
    queue = deque([(start, 0)])
    while queue and budget.left > 0:
        lit, depth = queue.popleft()
        if depth >= MAX_LENGTH:
            continue
        budget.left -= 1 + len(edges[lit])
        for nxt in edges[lit]:
            if nxt not in parent:
                parent[nxt] = lit
                queue.append((nxt, depth + 1))
    return parent


def _trail(parent: dict[int, int], lit: int) -> list[int]:
    out = [lit]
    while parent[out[-1]] != -1:
        out.append(parent[out[-1]])
    return out[::-1]


def _strong_houses(state: State, trails: list[list[int]]) -> tuple[str, ...]:
    """The houses and groups whose strong links the trails use: where a digit leaving one cell
    puts it in another, the group holding both that must hold the digit."""
    layout = state.layout
    n = layout.n
    names: dict[str, None] = {}
    for trail in trails:
        for x, y in itertools.pairwise(trail):
            (a, truth_a), (b, truth_b) = divmod(x, 2), divmod(y, 2)
            (i, d), (j, e) = divmod(a, n), divmod(b, n)
            if truth_a or not truth_b or i == j or d != e:
                continue
            for group in layout.houses + layout.groups:
                if i in group.cells and j in group.cells and required_digits(state, group) >> d & 1:
                    names[group.name] = None
                    break
    return tuple(names)


def _say(n: int, lit: int) -> str:
    node, truth = divmod(lit, 2)
    i, d = divmod(node, n)
    return f"{cell_label(n, i)}{'=' if truth else '<>'}{d + 1}"


class _Names:
    """What makes the link between two candidates, as a chain's text names it: the house or
    group both cells lie in, or the rule whose relation joins them."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.rules: dict[tuple[int, int], str] = {}
        for rule in layout.rules:
            for p in rule.propagators:
                if isinstance(p, RelationPropagator):
                    self.rules.setdefault((p.a, p.b), rule.label)
                    self.rules.setdefault((p.b, p.a), rule.label)
        self.groups: dict[int, list[int]] = {}
        for k, house in enumerate(layout.houses + layout.groups):
            for i in house.cells:
                self.groups.setdefault(i, []).append(k)

    def link(self, a: int, b: int) -> str:
        """The name of what links literals ``a`` and ``b`` (empty within one cell)."""
        n = self.layout.n
        i, j = a // 2 // n, b // 2 // n
        if i == j:
            return ""
        if a // 2 % n == b // 2 % n:
            shared = set(self.groups.get(i, ())) & set(self.groups.get(j, ()))
            if shared:
                return (self.layout.houses + self.layout.groups)[min(shared)].name
        return self.rules.get((i, j), "")

    def words(self, path: list[int], first: bool = True) -> str:
        """The literals of ``path`` joined by arrows, each link named after the literal it
        leads to (without the first literal when ``first`` is false)."""
        n = self.layout.n
        out = [_say(n, path[0])] if first else []
        for a, b in itertools.pairwise(path):
            name = self.link(a, b)
            out.append(f"{_say(n, b)} ({name})" if name else _say(n, b))
        return " -> ".join(out)


#: The link names of a layout, built once per layout.
_names = per_layout(_Names)


def chain(state: State) -> Step | None:
    """The shortest chain or forcing chain the candidate graph holds, as a step."""
    n = state.layout.n
    masks, placed = state.masks, state.placed
    if state.open_candidates() > MAX_CANDIDATES:
        return None
    edges = _graph(state)
    names = _names(state.layout)
    budget = _Budget(MAX_VISITS)
    best: tuple[int, Step] | None = None
    for i, m in enumerate(masks):
        if placed[i] or budget.left <= 0:
            continue
        for d in range(n):
            if not m >> d & 1:
                continue
            node = i * n + d
            on = _reach(edges, 2 * node + 1, budget)
            # the candidate implies its own falsehood, or a literal and its opposite
            ends = [2 * node] if 2 * node in on else []
            ends += [lit for lit in on if lit & 1 and lit - 1 in on and lit // 2 != node][:1]
            for end in ends:
                path = _trail(on, end)
                if end == 2 * node:
                    length = 2 * len(path)
                    text = f"{names.words(path)}: so {_say(n, 2 * node)}"
                else:
                    other = _trail(on, end - 1)
                    length = len(path) + len(other)
                    text = (
                        f"if {names.words(path)} and {names.words(other, first=False)}, "
                        "a contradiction"
                    )
                if best is None or length < best[0]:
                    trails = [path] if end == 2 * node else [path, _trail(on, end - 1)]
                    cells = tuple(dict.fromkeys(x // 2 // n for t in trails for x in t))
                    houses = _strong_houses(state, trails)
                    step = Step(
                        "Chain", "", text, eliminations=((i, d + 1),), cells=cells, reasons=houses
                    )
                    best = (length, step)
            if best is not None and best[0] <= 6:
                return best[1]
            off = _reach(edges, 2 * node, budget)
            for lit in on:
                if lit in off and lit // 2 != node:
                    target, truth = divmod(lit, 2)
                    if truth and masks[target // n] == 1 << (target % n):
                        continue
                    a, b = _trail(on, lit), _trail(off, lit)
                    length = len(a) + len(b) + 2
                    if best is None or length < best[0]:
                        j, e = divmod(target, n)
                        text = f"either {names.words(a)} or {names.words(b)}: so {_say(n, lit)}"
                        cells = tuple(dict.fromkeys(x // 2 // n for x in a + b))
                        houses = _strong_houses(state, [a, b])
                        placed_one = ((j, e + 1),) if truth else ()
                        struck = () if truth else ((j, e + 1),)
                        step = Step(
                            "Forcing Chain", "", text, placed_one, struck, cells, reasons=houses
                        )
                        best = (length, step)
    return None if best is None else best[1]
