"""A model's shape as the logical solver reads it: houses, groups, peers, links and rules.

- *houses*: all-different groups of ``n`` cells (rows, columns, boxes, irregular regions, full
  diagonals, windows, disjoint groups): each holds every digit once, so hidden singles, locked
  candidates, hidden subsets and fish speak of them;
- *groups*: shorter all-different groups (cages, renban lines, extra regions): naked subsets and
  weak links, but no hidden singles;
- *peers* of a cell: the other cells of its houses and groups, and the cells a relation keeps
  merely different (anti-knight, anti-king): a placed digit leaves them;
- *links*: every other two-cell relation, as the digit pairs it allows (its forbidden pairs are
  weak links for chains);
- *rules*: one :class:`~.rules.Rule` per variant mark (and one per implied sum of set theory).

Built once per model.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from ..constraints import AllDifferent, LinearSum, Relation, SumCage
from ..model import Model
from ..solvers.backtracking.derived import implied_sums
from ..solvers.backtracking.propagators import merge_relations
from .house import House, families, plural
from .rules import SET_THEORY, Rule, Unreadable, build_rule, span, variant_label
from .step import cells_label
from .sumsets import union_sums

T = TypeVar("T")

Pairs = frozenset[tuple[int, int]]


@dataclass(frozen=True, eq=False)
class Layout:
    """Everything the finders look up, built once per model by :func:`layout_of`.

    ``unread`` lists the rules no finder can read (a primitive without ``cells`` or ``holds``);
    the solver checks a finished grid against the model, so they are never silently dropped.
    """

    model: Model
    houses: tuple[House, ...]
    groups: tuple[House, ...]
    peers: tuple[frozenset[int], ...]
    links: dict[tuple[int, int], Pairs]
    rules: tuple[Rule, ...]
    unread: tuple[str, ...]

    @property
    def n(self) -> int:
        """Digits per house."""
        return self.model.n

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.model.size


def layout_of(model: Model) -> Layout:
    """The layout of ``model``: its houses, groups, peers, links and rules."""
    board, n = model.board, model.n
    sources = _sources(model)
    houses: list[House] = []
    groups: list[House] = []
    differ: list[tuple[int, int]] = []
    links: list[Relation] = []
    everything: list[Any] = [*model.groups, *model.cages, *model.constraints]
    for g in model.groups:
        named = g.name if g.name and g.name[0].isalpha() and " r" not in g.name else ""
        source = sources.get(id(g))
        name = named or (variant_label(board, source) if source else f"group {span(n, g.cells)}")
        (houses if len(g.cells) == n else groups).append(House(name, g.cells))
    for cage in model.cages:
        source = sources.get(id(cage))
        name = variant_label(board, source) if source else f"cage {span(n, sorted(cage.cells))}"
        groups.append(House(name, cage.cells, cage.total))
    unequal = frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1) if x != y)
    for c in model.constraints:
        if isinstance(c, Relation) and c.a != c.b:
            links.append(c)
    merged = merge_relations(links)
    for (a, b), pairs in list(merged.items()):
        if pairs == unequal:
            differ.append((a, b))
            del merged[a, b]
    houses += leftover_houses(n, houses)
    peer_sets: list[set[int]] = [set() for _ in range(model.size)]
    for house in houses + groups:
        for i in house.cells:
            peer_sets[i].update(house.cells)
    for a, b in differ:
        peer_sets[a].add(b)
        peer_sets[b].add(a)
    for i, s in enumerate(peer_sets):
        s.discard(i)
    peers = tuple(frozenset(s) for s in peer_sets)
    full_groups = [h.cells for h in houses]
    rules, unread = _rules(model, everything, sources, peers, full_groups, differ, houses)
    return Layout(model, tuple(houses), tuple(groups), peers, merged, tuple(rules), unread)


def leftover_houses(n: int, houses: list[House]) -> list[House]:
    """Houses set theory implies: ``k`` consecutive houses of one family that splits the grid
    (rows, columns, boxes) hold every digit ``k`` times; when ``k - 1`` disjoint houses of no
    such family (windoku windows, extra regions) lie inside them, the ``n`` cells left hold
    every digit once. Found again with those found, so a windoku's four windows give its five
    hidden ones (rows 1, 5 and 9 of columns 2 to 4, ...)."""
    found_families = families(n, houses)
    in_family = {h.cells for f in found_families for h in f}
    extra = [h for h in houses if h.cells not in in_family]
    if not extra:
        return []
    known = {frozenset(h.cells) for h in houses}
    found: list[House] = []
    for _ in range(2):
        more = False
        for family in found_families:
            kind = family[0].kind
            for a in range(n):
                union: set[int] = set()
                for b in range(a, n):
                    union |= set(family[b].cells)
                    inside: set[int] = set()
                    count = 0
                    for h in extra + found:
                        if union.issuperset(h.cells) and inside.isdisjoint(h.cells):
                            inside |= set(h.cells)
                            count += 1
                    rest = frozenset(union - inside)
                    if count == b - a and count and len(rest) == n and rest not in known:
                        cells = tuple(sorted(rest))
                        lines = f"{plural(kind)} {a + 1}-{b + 1}" if b > a else f"{kind} {a + 1}"
                        lines = "the whole grid" if b - a == n - 1 else lines
                        name = f"leftover {_block(n, cells)} ({lines})"
                        found.append(House(name, cells))
                        known.add(rest)
                        more = True
        if not more:
            break
    return found


def _block(n: int, cells: tuple[int, ...]) -> str:
    """``r159c234`` when ``cells`` are every crossing of some rows and columns (with commas
    past 9), else the first and last cell."""
    rows = sorted({i // n for i in cells})
    cols = sorted({i % n for i in cells})
    if len(rows) * len(cols) != len(cells):
        return span(n, cells)
    sep = "" if n <= 9 else ","
    return f"r{sep.join(str(r + 1) for r in rows)}c{sep.join(str(c + 1) for c in cols)}"


def _sources(model: Model) -> dict[int, Any]:
    """The variant each primitive of the model came from, by the primitive's identity.

    The variants are asked again for their primitives; equal primitives are matched in order.
    """
    board = model.board
    rules = model.variants
    by_value: dict[Any, list[Any]] = {}
    for k, rule in enumerate(rules):
        for p in rule.primitives(board, rules[:k] + rules[k + 1 :]):
            by_value.setdefault(_key(p), []).append(rule)
    out: dict[int, Any] = {}
    for p in (*model.groups, *model.cages, *model.constraints):
        owners = by_value.get(_key(p))
        if owners:
            out[id(p)] = owners.pop(0) if len(owners) > 1 else owners[0]
    return out


def _key(p: Any) -> Any:
    """A cheap key for matching a primitive: its type, cells and name (pairs and rows of large
    tables are not hashed)."""
    return (type(p).__name__, tuple(getattr(p, "cells", ())), getattr(p, "name", ""), _extra(p))


def _extra(p: Any) -> Any:
    if isinstance(p, SumCage):
        return p.total
    return getattr(p, "total", None), len(getattr(p, "pairs", ()))


def _rules(
    model: Model,
    primitives: list[Any],
    sources: dict[int, Any],
    peers: tuple[frozenset[int], ...],
    full_groups: list[tuple[int, ...]],
    differ: list[tuple[int, int]],
    houses: list[House],
) -> tuple[list[Rule], tuple[str, ...]]:
    """One rule per variant mark, per primitive without a variant, and per implied sum."""
    board, n = model.board, model.n
    skip = set(differ)
    by_owner: dict[int, tuple[str, list[Any]]] = {}
    unread: list[str] = []
    for p in primitives:
        if isinstance(p, AllDifferent) and len(p.cells) == n:
            continue  # houses are read by singles, subsets and the like
        if isinstance(p, Relation) and ((p.a, p.b) in skip or (p.b, p.a) in skip):
            continue  # peers
        source = sources.get(id(p))
        if source is not None and (source.cells_used() or hasattr(source, "clue")):
            key, label = id(source), variant_label(board, source)
        else:
            cells = tuple(getattr(p, "cells", ()))
            name = getattr(p, "name", "") or type(p).__name__.lower()
            if isinstance(p, SumCage):
                name, cells = f"cage {span(n, sorted(cells))} ({p.total})", ()
            key, label = id(p), f"{name} {span(n, cells)}".strip()
        by_owner.setdefault(key, (label, []))[1].append(p)
    rules = []
    for label, members in by_owner.values():
        try:
            rule = build_rule(label, members, n, peers, full_groups)
        except Unreadable as kind:
            unread.append(f"{label} ({kind})")
            continue
        if rule is not None:
            rules.append(rule)
    implied_list = implied_sums(n, full_groups, model.cages)
    known = {(s.cells, s.total, s.coeffs) for s in implied_list}
    for wider in union_sums(n, houses, model.cages):
        if (wider.cells, wider.total, wider.coeffs) not in known:
            implied_list.append(wider)
    for implied in implied_list:
        label = _implied_label(n, implied)
        rule = build_rule(label, [implied], n, peers, full_groups)
        if rule is not None:
            rule.technique = SET_THEORY
            rules.append(rule)
    return rules, tuple(unread)


def _implied_label(n: int, implied: LinearSum) -> str:
    """``innies r3c3,r4c4 = 12`` or ``innies and outies r1c1 - r2c2 = 0``."""
    plus = [i for i, a in zip(implied.cells, implied.coeffs) if a > 0]
    minus = [i for i, a in zip(implied.cells, implied.coeffs) if a < 0]
    terms = cells_label(n, plus) + (f" - {cells_label(n, minus)}" if minus else "")
    return f"{implied.name} {terms} = {implied.total}"


def per_layout(build: Callable[[Layout], T]) -> Callable[[Layout], T]:
    """``build`` made once per layout: the value for the layout asked about last is kept, as a
    solve path asks about one layout again and again."""
    last: list[tuple[Layout, T]] = []

    def get(layout: Layout) -> T:
        if not last or last[0][0] is not layout:
            last[:] = [(layout, build(layout))]
        return last[0][1]

    return get
