"""Two rules that cross or share a house, read together.

Each rule's finder reads the rule on its own, so it keeps a digit that some way of meeting the
rule allows, even when that way leaves a rule crossing it no way at all. A solver looks at the
crossing: with a 7 cage on r1c1 and r2c1 under a quadruple asking for 1, 2 and 3 in box 1's
corner, r1c2 cannot be 4 or more, since the quadruple's three digits would then fill r1c1, r2c1
and r2c2, and no two of them make 7. Whatever the two rules are, a digit that leaves them no
joint way to be met goes.

The pairs are the rules with a cell in common, or with two cells or more each in one house
(each rule of at most :data:`MAX_CELLS` cells: global rules such as a nonconsecutive mark are
left out; two rules of two-cell relations of which one is a single pair make a chain, left to
the chains; two killer cages in a house are the cage clash's). Every candidate of the two rules'
cells is assumed in turn: the two rules prune one after the other, a digit left alone in a cell
leaves the cells read that see it, and a digit with one place left in a shared house goes there,
until nothing changes (at most :data:`ROUNDS` rounds). A candidate that leaves a rule no way to
be met, two cells that see each other one digit, or a shared house no place for a digit is
struck. Everything is derived from the rules' own propagators and the houses, so any two rules
that meet (a thermometer over an arrow, a cage under a quadruple, two renbans in a row) are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from .idle import Idle
from .layout import House, Layout
from .rules import ALLOWED, RELATION, SET_THEORY, Rule
from .state import State
from .step import Step, cell_label, cells_label, digits_of, said

#: Most cells of a rule read in a pair (larger rules are global marks, read cell by cell).
MAX_CELLS = 12

#: Most pairs read (in the order of the rules), so a puzzle of many small rules stays quick.
MAX_PAIRS = 400

#: Most rounds of the two rules' pruning per assumption.
ROUNDS = 8

#: Positions remembered per pair where it found nothing.
IDLE_KEYS = 32


class RulesTogether:
    """The finder over the pairs of crossing rules of a layout."""

    technique = "Rules Together"

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        rules = [
            r
            for r in layout.rules
            if r.technique not in (ALLOWED, SET_THEORY) and len(r.cells) <= MAX_CELLS
        ]
        home = [
            [h for h in layout.houses if len(set(h.cells).intersection(r.cells)) > 1] for r in rules
        ]
        pairs: list[tuple[Rule, Rule]] = []
        self.houses: list[tuple[House, ...]] = []
        for k, a in enumerate(rules):
            inside = set(a.cells)
            for m in range(k + 1, len(rules)):
                b = rules[m]
                if _chained(a, b):
                    continue
                shared = tuple(h for h in home[k] if h in home[m])
                crossing = bool(inside.intersection(b.cells))
                if crossing or (shared and (a.cage is None or b.cage is None)):
                    pairs.append((a, b))
                    self.houses.append(shared)
        del pairs[MAX_PAIRS:], self.houses[MAX_PAIRS:]
        self.pairs = pairs
        self.cells = [
            tuple(dict.fromkeys((*a.cells, *b.cells, *(i for h in hs for i in h.cells))))
            for (a, b), hs in zip(pairs, self.houses)
        ]
        self.tested = [tuple(dict.fromkeys((*a.cells, *b.cells))) for a, b in pairs]
        self.idle = Idle(IDLE_KEYS)

    def __call__(self, state: State) -> Step | None:
        """The first pair with a candidate that leaves the two no joint way, as one step."""
        masks = state.masks
        n = self.layout.n
        peers = self.layout.peers
        for k, (a, b) in enumerate(self.pairs):
            cells = self.cells[k]
            key = tuple(masks[i] for i in cells)
            if self.idle.quiet(k, key):
                continue
            elims: list[tuple[int, int]] = []
            why: dict[str, dict[int, int]] = {}
            for i in self.tested[k]:
                if state.placed[i]:
                    continue
                for d in digits_of(masks[i]):
                    broken = _broken(n, (a, b), self.houses[k], cells, peers, masks, i, d)
                    if broken is not None:
                        elims.append((i, d))
                        struck = why.setdefault(broken, {})
                        struck[i] = struck.get(i, 0) | 1 << (d - 1)
            if not elims:
                self.idle.rest(k, key)
                continue
            houses = tuple(h.name for h in self.houses[k])
            listed = ", ".join(houses[:-1]) + " and " if len(houses) > 1 else ""
            within = f", with {listed}{houses[-1]}" if houses else ""
            text = f"{a.label} and {b.label} together{within}: " + "; ".join(
                _told(n, broken, struck) for broken, struck in why.items()
            )
            return Step(
                self.technique,
                a.label,
                text,
                eliminations=tuple(elims),
                cells=cells,
                reasons=(b.label, *houses),
            )
        return None


def _told(n: int, broken: str, struck: dict[int, int]) -> str:
    """``r1c1,r2c1 cannot be 1 or 6, which would leave ...``: the cells grouped by the digits
    they lose."""
    by_mask: dict[int, list[int]] = {}
    for i, m in struck.items():
        by_mask.setdefault(m, []).append(i)
    parts = [f"{cells_label(n, cells)} cannot be {said(m)}" for m, cells in by_mask.items()]
    return ", ".join(parts) + f", which would {broken}"


def _chained(a: Rule, b: Rule) -> bool:
    """Whether two rules of two-cell relations, one of them a single pair of cells (a dot, a
    pair of a global mark), only make a chain: left to the chains and the lines in houses."""
    both = a.technique == RELATION and b.technique == RELATION
    return both and min(len(a.cells), len(b.cells)) <= 2


def _broken(
    n: int,
    pair: tuple[Rule, Rule],
    houses: tuple[House, ...],
    cells: tuple[int, ...],
    peers: Sequence[frozenset[int]],
    masks: Sequence[int],
    i: int,
    d: int,
) -> str | None:
    """What breaks when cell ``i`` holds ``d``, with the ``pair`` of rules, their ``houses``
    and the ``cells`` read that see each other (a rule with no way to be met, two cells that
    see each other holding one digit, a house with no place for a digit), or None. A digit
    with one place left in a house goes there."""
    cand = list(masks)
    cand[i] = 1 << (d - 1)
    alone: set[int] = set()
    # the cells each rule has not seen change (the rules start at their fixpoint)
    pending: list[set[int]] = [{i}, {i}]
    for _ in range(ROUNDS):
        before = [cand[j] for j in cells]
        for k, rule in enumerate(pair):
            if not pending[k]:
                continue
            after = rule.prune(cand, tuple(pending[k]))
            pending[k] = set()
            if after is None:
                return f"leave {rule.label} no way to be met"
            pending[1 - k].update(j for j in rule.watchers if after[j] != cand[j])
            cand = after
        for j in cells:
            m = cand[j]
            if j in alone or m & (m - 1):
                continue
            alone.add(j)
            for p in cells:
                if p != j and p in peers[j] and cand[p] & m:
                    cand[p] &= ~m
                    if not cand[p]:
                        e = m.bit_length()
                        both = f"{cell_label(n, j)} and {cell_label(n, p)}"
                        return f"make {both} both {e}, though they see each other"
                    pending[0].add(p)
                    pending[1].add(p)
        full = (1 << n) - 1
        for house in houses:
            once = twice = 0
            for j in house.cells:
                twice |= once & cand[j]
                once |= cand[j]
            if once != full:
                missing = digits_of(full & ~once)[0]
                return f"leave {house.name} no place for {missing}"
            single = once & ~twice  # digits with one place left in the house
            if single:
                for j in house.cells:
                    b = cand[j] & single
                    if b and cand[j] != b:
                        if b & (b - 1):
                            both = " and ".join(map(str, digits_of(b)))
                            return f"make {house.name} need {both} in {cell_label(n, j)}"
                        cand[j] = b
                        pending[0].add(j)
                        pending[1].add(j)
        if [cand[j] for j in cells] == before:
            return None
    return None
