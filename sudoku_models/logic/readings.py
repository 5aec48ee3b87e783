"""Step finders of the rules: each rule read on its own, all its eliminations in one step.

A rule is skipped when its cells hold candidates on which it lately found nothing.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from ..solvers.backtracking.propagators import RelationPropagator
from .idle import Idle
from .layout import Layout
from .rules import ALLOWED, CAGE, RELATION, Rule
from .state import State
from .step import Contradiction, Step, cell_label, cells_label, changes, narrowed, said

#: Most premises a relation step spells out; a longer reading (a whole thermometer on an empty
#: grid) is told by what each cell keeps.
CLAUSES = 4


def _getter(cells: tuple[int, ...]) -> Callable[[Sequence[int]], Any]:
    """The masks of ``cells`` out of the grid's, in one call (a key for what a finder read)."""
    return operator.itemgetter(*cells) if cells else lambda masks: ()


#: Positions remembered per rule where it found nothing (a forcing net reads the rules on
#: positions a few steps aside from the path's, then the path comes back to its own).
IDLE_KEYS = 32


#: Answers remembered per rule interaction, whether a digit taken from some of its cells breaks
#: the rule (by the masks its propagators read): forgotten all at once when there are more.
KNOWN_BREAKS = 4096


def _image(table: Sequence[int], m: int) -> int:
    """The partners allowed to the digits of ``m`` (``table[d - 1]`` those of ``d``)."""
    out = 0
    while m:
        low = m & -m
        out |= table[low.bit_length() - 1]
        m ^= low
    return out


def premises(
    rule: Rule, n: int, masks: Sequence[int], limit: int | None = None
) -> tuple[list[int], list[str]] | None:
    """A rule of two-cell relations read pair by pair, each narrowing with the premise it rests
    on: ``r5c6 is 1 or 2, so r4c6 is at most 3`` (or, when the digits struck have no partner
    among all the digits, ``r1c2 is not 5, whatever r1c1 holds``). The masks at the end and the
    clauses; None for a rule with other kinds of propagators, or once more than ``limit``
    clauses are needed."""
    if not all(isinstance(p, RelationPropagator) for p in rule.propagators):
        return None
    cand = list(masks)
    full = (1 << n) - 1
    clauses: list[str] = []
    moved = True
    while moved:
        moved = False
        for p in rule.propagators:
            for src, dst, table, memo in (
                (p.a, p.b, p.forward, p.forward_memo),
                (p.b, p.a, p.backward, p.backward_memo),
            ):
                image = memo.get(cand[src])  # shared with the propagator: one look-up
                if image is None:
                    image = memo[cand[src]] = _image(table, cand[src])
                keep = cand[dst] & image
                if keep == cand[dst]:
                    continue
                result = narrowed(n, dst, cand[dst], keep)
                name = cell_label(n, src)
                if cand[dst] & _image(table, full) == keep:  # no partner at all
                    clauses.append(f"{result}, whatever {name} holds")
                else:
                    clauses.append(f"{name} is {said(cand[src])}, so {result}")
                if limit is not None and len(clauses) > limit:
                    return None
                cand[dst] = keep
                moved = True
                if not keep:
                    return cand, clauses
    return cand, clauses


class RuleReader:
    """Reads the rules of one technique, remembering which found nothing on which masks."""

    def __init__(self, rules: list[Rule]) -> None:
        self.rules = rules
        self.idle = Idle(IDLE_KEYS)
        # the masks a rule reads (its cells and its propagators'), as the key of a position
        self.keys = [_getter(tuple(dict.fromkeys((*r.cells, *r.watchers)))) for r in rules]

    def __call__(self, state: State) -> Step | Contradiction | None:
        """The first rule of this technique that narrows a cell, as a step."""
        masks = state.masks
        n = state.layout.n
        keys = self.keys
        for k, rule in enumerate(self.rules):
            key = keys[k](masks)
            if self.idle.quiet(k, key):
                continue
            after = rule.prune(masks)
            if after is None:
                what = "no digit set left" if rule.technique == CAGE else "no way left to meet it"
                return Contradiction(rule.label, rule.cells, f"{rule.label}: {what}")
            if after == masks:
                self.idle.rest(k, key)
                continue
            elims, words = changes(n, masks, after)
            worded = premises(rule, n, masks, CLAUSES)
            if worded is not None and worded[0] == after:
                words = "; ".join(worded[1])
            detail = rule.detail(n, after)
            text = f"{rule.label}: {detail + '; ' if detail else ''}{words}"
            return Step(rule.technique, rule.label, text, eliminations=elims, cells=rule.cells)
        return None


def _robbed(n: int, targets: Sequence[int], m: int, robbed: Sequence[int]) -> str:
    """Why ``targets`` cannot hold the digits of ``m``: the cells of the rule each would rob."""
    names = cells_label(n, targets)
    if not robbed:
        return f"{names} cannot be {said(m)}"
    if m & (m - 1):
        return f"{names} cannot be {said(m)}, as each there would take it from " + cells_label(
            n, robbed
        )
    d = m.bit_length()
    return f"{names} cannot be {d}, as {d} there would take {d} from {cells_label(n, robbed)}"


def _breaks(
    rule: Rule, masks: Sequence[int], touched: tuple[int, ...], b: int, cell: int | None = None
) -> bool:
    """Whether the rule (at its fixpoint on ``masks``) can no longer be met once the cells
    ``touched`` lose the digit of bit ``b`` (and ``cell`` of the rule, if given, holds it)."""
    trial = list(masks)
    for i in touched:
        trial[i] &= ~b
    if cell is None:
        return rule.prune(trial, touched) is None
    trial[cell] = b
    return rule.prune(trial, (cell, *touched)) is None


class RuleNeighbours:
    """A cell next to a rule (a peer of some of its cells) loses a digit when placing it there
    would leave the rule no way to be met: the digits a cage, a quadruple or a line must hold
    somewhere, pointing outward. All of one rule's eliminations make one step, each with the
    cells it would rob. Rules made of two-cell relations alone (dots, thermometers, whispers) are
    left to the chains, whose weak links say nearly the same at a fraction of the cost (reading
    every dot this way took several times as long on puzzles with many). The solver asks only
    once every rule is at its fixpoint (the readers found nothing), so a trial starts from the
    cells it touched."""

    technique = "Rule Interaction"

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.rules = [r for r in layout.rules if r.technique not in (ALLOWED, RELATION)]
        self.near = [self._near(rule.cells) for rule in self.rules]
        self.inside = [frozenset(rule.cells) for rule in self.rules]
        self.keys = [  # the cells near a rule and those its propagators read
            _getter(tuple(dict.fromkeys((*(p for p, _ in near), *rule.watchers))))
            for near, rule in zip(self.near, self.rules)
        ]
        self.idle = Idle(IDLE_KEYS)
        self.read = [_getter(tuple(rule.watchers)) for rule in self.rules]
        self.known: list[dict[Any, bool]] = [{} for _ in self.rules]

    def _near(self, cells: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """Each cell seeing some of ``cells`` with the cells of the rule it sees: the rule's own
        cells first (a digit placed there leaves its peers on the rule too), then the others."""
        inside = set(cells)
        seen: dict[int, list[int]] = {i: [] for i in cells}
        for i in cells:
            for p in self.layout.peers[i]:
                seen.setdefault(p, []).append(i)
        return tuple((p, tuple(v)) for p, v in seen.items() if v or p in inside)

    def __call__(self, state: State) -> Step | None:
        """The first rule some digit next to it or on it would break, with every such digit
        struck."""
        masks, placed = state.masks, state.placed
        n = self.layout.n
        for k, rule in enumerate(self.rules):
            near = self.near[k]
            key = (self.keys[k](masks), self.keys[k](placed))  # all this rule reads
            if self.idle.quiet(k, key):
                continue
            elims = []
            why: dict[tuple[int, tuple[int, ...]], list[int]] = {}
            inside = self.inside[k]
            # the rule reads only its propagators' cells: what breaks it is remembered by
            # their masks (outside cells seeing the same cells of the rule rob them alike)
            read = self.read[k](masks)
            known = self.known[k]
            if len(known) >= KNOWN_BREAKS:
                known.clear()
            for p, touched in near:
                if placed[p]:
                    continue
                hit = masks[p]
                if p not in inside:
                    inner = 0
                    for i in touched:
                        inner |= masks[i]
                    hit &= inner
                while hit:
                    b = hit & -hit
                    hit ^= b
                    cell = p if p in inside else None
                    asked = (read, touched, b, cell)
                    breaks = known.get(asked)
                    if breaks is None:
                        breaks = known[asked] = _breaks(rule, masks, touched, b, cell)
                    if breaks:
                        d = b.bit_length()
                        elims.append((p, d))
                        robbed = tuple(i for i in touched if masks[i] & b)
                        why.setdefault((d, robbed), []).append(p)
            if not elims:
                self.idle.rest(k, key)
                continue
            grouped: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
            for (d, robbed), targets in sorted(why.items()):
                group = (tuple(targets), robbed)
                grouped[group] = grouped.get(group, 0) | 1 << (d - 1)
            text = f"{rule.label} would have no way to be met: " + "; ".join(
                _robbed(n, targets, m, robbed) for (targets, robbed), m in grouped.items()
            )
            elims.sort()
            return Step(
                self.technique, rule.label, text, eliminations=tuple(elims), cells=rule.cells
            )
        return None
