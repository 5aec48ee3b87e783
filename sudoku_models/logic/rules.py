"""The rules of a model as the logical solver reads them: one :class:`Rule` per variant mark.

Every primitive a variant declares goes to the rule of that variant (a thermometer's relations
make one rule, so a whole thermometer is read at once); primitives without a variant (a model
built from raw constraints) each make a rule of their own. A rule prunes with the search's
propagators (:mod:`sudoku_models.solvers.backtracking.propagators`: exact supports of sums,
tables, relations, cases of sandwich and x-sum clues, visibility), run to a fixpoint over the
rule's cells alone, and lends its name and cells to the sentence of the step.

A primitive of a kind this module does not know is read through its ``holds`` (the generic
support filter: every tuple of candidates is tried once few enough remain).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..board import Board
from ..constraints import (
    AllDifferent,
    AllowedDigits,
    Implies,
    LinearSum,
    Relation,
    SumCage,
    Table,
    Visible,
)
from ..solvers.backtracking.propagators import (
    CasePropagator,
    CheckPropagator,
    DigitSetPropagator,
    ImpliesPropagator,
    LinearSumPropagator,
    RelationPropagator,
    RuleGroup,
    TablePropagator,
    VisiblePropagator,
    digit_sets,
    group_digit_sets,
    merge_relations,
)
from .step import cell_label, digits_of

#: Technique names of the rule finders, in the cost order of :mod:`.techniques` (the solver
#: tries them so; a rule of several kinds is named by the last).
ALLOWED = "Allowed Digits"
RELATION = "Relation Support"
CAGE = "Cage Combinations"
SUM = "Sum Bounds"
TABLE = "Table Support"
CASES = "Clue Cases"
VISIBLE = "Visibility"
FILTER = "Support Filter"
SET_THEORY = "Set Theory"
RULE_TECHNIQUES = (ALLOWED, RELATION, CAGE, SUM, TABLE, CASES, VISIBLE, FILTER, SET_THEORY)


class Unreadable(Exception):
    """A primitive without ``cells`` and ``holds``: no finder and no filter can read it."""


@dataclass(eq=False)
class Rule:
    """One rule (a variant mark, or one primitive) with the propagators that read it.

    ``technique`` is the costliest kind of reading among its primitives; ``cage`` is kept for
    naming the digit sets left in a sum cage; ``primitives`` are the constraints it reads.
    """

    label: str
    technique: str
    cells: tuple[int, ...]
    propagators: list[Any]
    cage: SumCage | None = None
    watchers: dict[int, list[int]] = field(default_factory=dict)
    primitives: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        self.cells = tuple(dict.fromkeys(self.cells))
        for k, p in enumerate(self.propagators):
            for i in p.cells:
                self.watchers.setdefault(i, []).append(k)

    def prune(self, masks: Sequence[int], changed: Sequence[int] = ()) -> list[int] | None:
        """The masks of the whole grid narrowed by this rule to a fixpoint, or None when the
        rule cannot be met. With ``changed``, the masks were at the rule's fixpoint but for
        those cells: only the propagators watching them start."""
        cand = list(masks)
        watchers = self.watchers
        if changed:
            queue = list(dict.fromkeys(k for i in changed for k in watchers.get(i, ())))
            queued = [False] * len(self.propagators)
            for k in queue:
                queued[k] = True
        else:
            queue = list(range(len(self.propagators)))
            queued = [True] * len(queue)

        def narrow(i: int, m: int) -> bool:
            if not m:
                return False
            cand[i] = m
            for k in watchers.get(i, ()):
                if not queued[k]:
                    queued[k] = True
                    queue.append(k)
            return True

        while queue:
            k = queue.pop()
            queued[k] = False
            if not self.propagators[k].run(cand, narrow):
                return None
        return cand

    def detail(self, n: int, masks: Sequence[int]) -> str:
        """What the rule still allows as a whole, when that helps the sentence (a cage's sets)."""
        if self.cage is None:
            return ""
        cells = self.cage.cells
        union = 0
        for i in cells:
            union |= masks[i]
        sets = [
            s
            for s in digit_sets(n, len(cells), self.cage.total)
            if s & ~union == 0 and all(masks[i] & s for i in cells)
        ]
        if not sets or len(sets) > 4:
            return ""
        return " or ".join("".join(str(d) for d in digits_of(s)) for s in sets)


def span(n: int, cells: Sequence[int]) -> str:
    """``r1c3-r3c3``: the first and last of ``cells`` (one cell: its name)."""
    if not cells:
        return ""
    first, last = cell_label(n, cells[0]), cell_label(n, cells[-1])
    return first if first == last else f"{first}-{last}"


def variant_label(board: Board, variant: Any) -> str:
    """How a step names a variant mark: its name and first and last cells (clues outside the
    grid keep the variant's own description; rules on the whole grid their name)."""
    if hasattr(variant, "clue"):
        return str(variant.describe())
    cells = [board.cell(r, c) for r, c in variant.cells_used() if 0 <= r < board.n > c >= 0]
    if not cells:
        return str(variant.describe())
    total = getattr(variant, "total", None)
    if variant.name == "killer cage":
        cells.sort()
        return f"cage {span(board.n, cells)}" + ("" if total is None else f" ({total})")
    return f"{variant.name} {span(board.n, cells)}"


def _cells_of(primitive: Any) -> tuple[int, ...]:
    cells = getattr(primitive, "cells", None)
    if cells is None or not callable(getattr(primitive, "holds", None)):
        raise Unreadable(type(primitive).__name__)
    return tuple(cells)


def _kind(primitive: Any) -> str:
    if isinstance(primitive, AllowedDigits):
        return ALLOWED
    if isinstance(primitive, Relation):
        return RELATION
    if isinstance(primitive, SumCage | AllDifferent):
        return CAGE
    if isinstance(primitive, LinearSum):
        return SUM
    if isinstance(primitive, Table):
        return TABLE
    if isinstance(primitive, Implies):
        return CASES
    if isinstance(primitive, Visible):
        return VISIBLE
    return FILTER


def build_rule(
    label: str,
    primitives: Sequence[Any],
    n: int,
    peers: Sequence[frozenset[int]],
    full_groups: Sequence[tuple[int, ...]],
) -> Rule | None:
    """The rule of ``primitives`` (one variant's, all but its full groups), or None when they
    prune nothing on their own (an all-different group without relations)."""
    props: list[Any] = []
    cells: list[int] = []
    kinds = set()
    cage = None
    relations = [p for p in primitives if isinstance(p, Relation) and p.a != p.b]
    merged = merge_relations(relations)
    for (a, b), pairs in merged.items():
        props.append(RelationPropagator(a, b, pairs, n))
    implications = [p for p in primitives if isinstance(p, Implies)]
    if implications:
        case = CasePropagator.of(implications, full_groups, n)
        props.append(case or RuleGroup([ImpliesPropagator(c, n, peers) for c in implications]))
    for p in primitives:
        cells += _cells_of(p)
        if isinstance(p, Relation | Implies):
            kinds.add(_kind(p))
            continue
        if isinstance(p, AllowedDigits):
            props.append(_Allowed(p.cell, sum(1 << (d - 1) for d in p.digits if 1 <= d <= n)))
        elif isinstance(p, SumCage):
            cage = p
            props.append(DigitSetPropagator.for_cage(p.cells, p.total, n))
        elif isinstance(p, AllDifferent):
            sets = group_digit_sets(p.cells, merged, n)
            if sets is None:
                continue
            props.append(DigitSetPropagator(p.cells, sets, n))
        else:
            props.append(_propagator(p, n, peers))
        kinds.add(_kind(p))
    for p in primitives:
        if isinstance(p, Relation) and p.a == p.b:
            props.append(_Allowed(p.a, sum(1 << (x - 1) for x, y in p.pairs if x == y)))
            kinds.add(ALLOWED)
    if not props:
        return None
    technique = max(kinds, key=RULE_TECHNIQUES.index)
    return Rule(label, technique, tuple(cells), props, cage, primitives=tuple(primitives))


def _propagator(p: Any, n: int, peers: Sequence[frozenset[int]]) -> Any:
    distinct = len(set(p.cells)) == len(p.cells)
    if isinstance(p, LinearSum):
        linear = LinearSumPropagator(p, n, peers)
        return linear if linear.cells else CheckPropagator(p)
    if isinstance(p, Table) and distinct:
        return TablePropagator(p, [sorted(s) for s in peers], n)
    if isinstance(p, Visible) and distinct:
        return VisiblePropagator(p, n)
    return CheckPropagator(p)


class _Allowed:
    """A cell keeps the digits of a mask: odd, even, a skyscraper's implied limits."""

    def __init__(self, cell: int, mask: int):
        self.cells = (cell,)
        self.mask = mask

    def run(self, cand: list[int], narrow: Callable[[int, int], bool]) -> bool:
        m = cand[self.cells[0]]
        return m & self.mask == m or narrow(self.cells[0], m & self.mask)
