"""Lines and dots read together with the houses they cross.

A rule of two-cell relations (a whisper, a thermometer, a renban line, a chain of Kropki dots or
XV pairs, an entropic line) is pruned pair by pair by its own finder: each cell keeps the digits
that have a partner in each neighbour. A solver reads more: the rule's cells that lie in one
house hold different digits. On a German whisper r1c1-r1c3 along row 1, r1c2 = 4 would need 9 in
both r1c1 and r1c3, which see each other; two black dots chained in a box hold 1-2-4 or 2-4-8,
so the rest of the box has no 2 and no 4.

A *unit* is such a reading: the cells of one house joined by relations (directly, or through one
cell outside the house that is related to two of them), with the related cells just outside
that close a loop. Its joint candidates are searched exactly, with every relation between its
cells and every pair of them that sees each other, under counted work (:data:`NODES` search
nodes per question; a question left open decides nothing). Two finders read the units:

- :class:`LineInHouse` ("Line in House"): a candidate of a unit's cell that no joint filling of
  the unit keeps, told by what it forces (two cells that see each other needing one digit, a
  cell left with none); "Line Cases in House" when some candidate took a search of the cases;
- :class:`LineDigitsInHouse` ("Line Digits in House"): a digit every joint filling places on the
  unit's cells in the house, struck from the house's other cells (the classes of a whisper or an
  entropic line, a renban window, a Kropki chain's digits).

Everything is derived from the relations and the houses, so any rule made of two-cell relations
is read this way; the variant lends its name to the sentence.

Glossary: ``X`` the unit's cells, ``u``/``v`` their positions in the unit, ``dom`` the candidate
masks of the unit's cells, ``table[d - 1]`` the partners a relation allows to ``d``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..constraints import Relation, Table
from .idle import Idle
from .layout import House, Layout
from .state import State
from .step import Contradiction, Step, bits_of, cell_label, cells_label, digits_of, said

#: Most cells of one unit (larger ones are not read: their search could take long).
MAX_CELLS = 12

#: Search nodes one question about a unit may take before it counts as open.
NODES = 400

#: Search nodes one reading of a unit may take over all its questions.
UNIT_NODES = 6000

#: Most cells and rows of a table a unit reads (a between line's cell; a quadruple's four cells
#: cost more search than they saved).
TABLE_CELLS, TABLE_ROWS = 3, 300

#: Rules with more cells than this many houses' worth are global, and so are relations of one
#: name in more two-cell rules than that (nonconsecutive, negative constraints): their relations
#: are kept inside a unit but do not join one.
GLOBAL_HOUSES = 3


class _Open(Exception):
    """The search took more nodes than it may."""


@dataclass(frozen=True, eq=False)
class Unit:
    """Cells of one house joined by relations, with the cells that close their loops.

    ``cells`` are the unit's cells (those in the house first), ``inside`` how many of them lie in
    the house, ``rest`` the house's other cells; ``differ[u]`` the positions of the cells that
    see cell ``u``; ``related[u]`` each related position with its table; ``tables`` the tables
    of digit tuples over its cells (positions, rows of digit bits), ``table_of[u]`` those on
    cell ``u``; ``labels`` the rules whose relations or tables join the unit, and ``reasons``
    every rule it reads.
    """

    house: House
    cells: tuple[int, ...]
    inside: int
    rest: tuple[int, ...]
    differ: tuple[tuple[int, ...], ...]
    related: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...]
    labels: tuple[str, ...]
    reasons: tuple[str, ...]
    tables: tuple[tuple[tuple[int, ...], frozenset[tuple[int, ...]]], ...] = ()
    table_of: tuple[tuple[int, ...], ...] = ()

    def name(self) -> str:
        """The rules joining the unit, as a sentence names them (at most three)."""
        shown = ", ".join(self.labels[:3])
        more = len(self.labels) - 3
        return shown + (f" and {more} more" if more > 0 else "")


def _tables(pairs: frozenset[tuple[int, int]], n: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The partners of each digit, forward (``a`` to ``b``) and backward."""
    forward, backward = [0] * n, [0] * n
    for x, y in pairs:
        if 1 <= x <= n and 1 <= y <= n:
            forward[x - 1] |= 1 << (y - 1)
            backward[y - 1] |= 1 << (x - 1)
    return tuple(forward), tuple(backward)


def units_of(layout: Layout) -> list[Unit]:
    """Every unit of ``layout``: per house, the cells its relations join, and their loops."""
    n = layout.n
    owners: dict[frozenset[int], list[str]] = {}
    joining: set[frozenset[int]] = set()
    linked = {frozenset(key) for key in layout.links}
    shared: dict[str, int] = {}
    for rule in layout.rules:
        if len(rule.cells) == 2:
            for p in rule.primitives:
                if isinstance(p, Relation):
                    shared[p.name] = shared.get(p.name, 0) + 1
    tables: list[tuple[Table, str]] = []
    for rule in layout.rules:
        local = len(rule.cells) <= GLOBAL_HOUSES * n
        for p in rule.primitives:
            if isinstance(p, Table) and local and _small(p):
                tables.append((p, rule.label))
                joining.update(frozenset(pair) for pair in itertools.combinations(p.cells, 2))
            if len(rule.cells) == 2 and shared.get(getattr(p, "name", ""), 0) > GLOBAL_HOUSES * n:
                local = False
            if isinstance(p, Relation) and p.a != p.b:
                key = frozenset((p.a, p.b))
                if key in linked:
                    owners.setdefault(key, []).append(rule.label)
                    if local:
                        joining.add(key)
    near: dict[int, set[int]] = {}
    for key in joining:
        a, b = tuple(key)
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    units = []
    for house in layout.houses:
        parts = _parts(house, near)
        if len(parts) > 1:  # the lines of a house together, after each alone
            parts.append(sorted(i for part in parts for i in part))
        for part in parts:
            unit = _unit(layout, house, part, near, owners, tables)
            if unit is not None:
                units.append(unit)
    return units


def _small(table: Table) -> bool:
    """Whether a unit reads ``table``: few distinct cells and rows."""
    cells = table.cells
    return len(set(cells)) == len(cells) <= TABLE_CELLS and len(table.rows) <= TABLE_ROWS


def _parts(house: House, near: dict[int, set[int]]) -> list[list[int]]:
    """The cells of ``house`` joined by relations, directly or through one cell outside."""
    inside = set(house.cells)
    adjacent: dict[int, set[int]] = {i: set() for i in house.cells if i in near}
    for i in adjacent:
        for j in near[i]:
            if j in inside:
                adjacent[i].add(j)
            else:
                adjacent[i].update(k for k in near[j] if k in inside and k != i)
    seen: set[int] = set()
    parts = []
    for i in adjacent:
        if i in seen:
            continue
        part, todo = [], [i]
        seen.add(i)
        while todo:
            j = todo.pop()
            part.append(j)
            for k in adjacent[j]:
                if k not in seen:
                    seen.add(k)
                    todo.append(k)
        if len(part) >= 2:
            parts.append(sorted(part))
    return parts


def _unit(
    layout: Layout,
    house: House,
    part: list[int],
    near: dict[int, set[int]],
    owners: dict[frozenset[int], list[str]],
    tables: list[tuple[Table, str]],
) -> Unit | None:
    """The unit of ``part`` (cells of ``house``): with each cell outside related to one of them
    and related to, or seeing, another, and the other cells of the tables on them."""
    n = layout.n
    inside = set(house.cells)
    mine = set(part)
    outer: list[int] = []
    for j in sorted({j for i in part for j in near[i]} - inside):
        touched = [i for i in part if j in near[i] or i in layout.peers[j]]
        if len(touched) >= 2:
            outer.append(j)
    for table, _ in tables:
        if mine.intersection(table.cells):
            outer += [j for j in table.cells if j not in mine and j not in outer]
    cells = tuple(part + outer)
    if len(cells) > MAX_CELLS:
        return None
    at = {i: u for u, i in enumerate(cells)}
    differ = tuple(tuple(at[j] for j in cells if j in layout.peers[i]) for i in cells)
    related: list[list[tuple[int, tuple[int, ...]]]] = [[] for _ in cells]
    labels: dict[str, None] = {}
    reasons: dict[str, None] = {}
    for (a, b), pairs in layout.links.items():
        if a in at and b in at:
            forward, backward = _tables(pairs, n)
            related[at[a]].append((at[b], forward))
            related[at[b]].append((at[a], backward))
            for label in owners.get(frozenset((a, b)), ()):
                reasons[label] = None
                if b in near.get(a, ()) and (a in mine or b in mine):
                    labels[label] = None
    read: list[tuple[tuple[int, ...], frozenset[tuple[int, ...]]]] = []
    for table, label in tables:
        if all(i in at for i in table.cells):
            bits = frozenset(tuple(1 << (d - 1) for d in row) for row in table.rows)
            read.append((tuple(at[i] for i in table.cells), bits))
            reasons[label] = None
            if any(i in mine for i in table.cells):
                labels[label] = None
    table_of = tuple(
        tuple(k for k, (ps, _) in enumerate(read) if u in ps) for u in range(len(cells))
    )
    if not labels:
        return None  # joined through a relation it cannot read
    rest = tuple(i for i in house.cells if i not in mine)
    return Unit(
        house,
        cells,
        len(part),
        rest,
        differ,
        tuple(tuple(r) for r in related),
        tuple(labels),
        tuple(reasons),
        tuple(read),
        table_of,
    )


def _propagate(
    unit: Unit, dom: Sequence[int], u: int, b: int
) -> tuple[list[int] | None, list[tuple[int, int]]]:
    """``dom`` with ``b`` in cell ``u`` and what follows for the cells it touches, as long as a
    cell is left with one digit; with the cells so forced, in order, each with its digit bit.
    None (and, last in the list, the cell left with no digit and 0) when a cell has none."""
    out = list(dom)
    forced = [(u, b)]
    out[u] = b
    k = 0
    while k < len(forced):
        v, bit = forced[k]
        k += 1
        d = bit.bit_length()
        touched = [(w, ~bit) for w in unit.differ[v]]
        touched += [(w, table[d - 1]) for w, table in unit.related[v]]
        for t in unit.table_of[v]:
            touched += _supported(unit.tables[t], out)
        for w, keep in touched:
            m = out[w]
            if m & ~keep:
                m &= keep
                if not m:
                    return None, [*forced, (w, 0)]
                out[w] = m
                if not m & (m - 1):
                    forced.append((w, m))
    return out, forced


def _supported(
    table: tuple[tuple[int, ...], frozenset[tuple[int, ...]]], dom: Sequence[int]
) -> list[tuple[int, int]]:
    """Each cell of ``table`` with the digits some row still possible gives it."""
    cells, rows = table
    keep = [0] * len(cells)
    options = [bits_of(dom[u]) for u in cells]
    if math.prod(map(len, options)) < len(rows):  # fewer tuples left than rows: try each
        possible: Iterable[tuple[int, ...]] = (t for t in itertools.product(*options) if t in rows)
    else:
        possible = (row for row in rows if all(b & dom[u] for b, u in zip(row, cells)))
    for row in possible:
        for k, b in enumerate(row):
            keep[k] |= b
    return list(zip(cells, keep))


class _Search:
    """Joint fillings of one unit by depth-first search with forward checking, counting nodes."""

    def __init__(self, unit: Unit, budget: int) -> None:
        self.unit = unit
        self.left = budget

    def filling(self, dom: Sequence[int]) -> list[int] | None:
        """A joint filling within ``dom`` (one bit per cell), None when there is none; raises
        :class:`_Open` when the question takes more than :data:`NODES` nodes."""
        self.stop = self.left - min(NODES, self.left)
        try:
            return self._fill(list(dom))
        finally:
            self.left = max(self.left, 0)

    def _fill(self, dom: list[int]) -> list[int] | None:
        self.left -= 1
        if self.left < self.stop:
            raise _Open
        u, best = -1, 0
        for v, m in enumerate(dom):
            if m & (m - 1) and (u < 0 or m.bit_count() < best):
                u, best = v, m.bit_count()
        if u < 0:
            return dom if self._consistent(dom) else None
        m = dom[u]
        while m:
            b = m & -m
            m ^= b
            trial = self._assign(dom, u, b)
            if trial is not None:
                found = self._fill(trial)
                if found is not None:
                    return found
        return None

    def _assign(self, dom: list[int], u: int, b: int) -> list[int] | None:
        """``dom`` with ``b`` in cell ``u`` and its consequences for the cells it touches, as
        long as a cell left with one digit has any (None once a cell has none)."""
        out, _ = _propagate(self.unit, dom, u, b)
        return out

    def _consistent(self, dom: list[int]) -> bool:
        unit = self.unit
        for v, m in enumerate(dom):
            if any(dom[w] == m for w in unit.differ[v]):
                return False
            d = m.bit_length()
            if any(not dom[w] & table[d - 1] for w, table in unit.related[v]):
                return False
        return all(tuple(dom[u] for u in cells) in rows for cells, rows in unit.tables)


class _Reader:
    """Reads the units of a layout, remembering which found nothing on which candidates."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.units = units_of(layout)
        self.idle = Idle()

    def __call__(self, state: State) -> Step | Contradiction | None:
        """The first unit this reading narrows, as a step."""
        masks, placed = state.masks, state.placed
        for k, unit in enumerate(self.units):
            if all(placed[i] for i in unit.cells):
                continue
            key = tuple([masks[i] for i in unit.cells + self.watched(unit)])
            if self.idle.quiet(k, key):
                continue
            found = self.read(unit, state)
            if found is not None:
                return found
            self.idle.rest(k, key)
        return None

    def watched(self, unit: Unit) -> tuple[int, ...]:
        """Cells outside the unit whose candidates the reading looks at."""
        return ()

    def read(self, unit: Unit, state: State) -> Step | Contradiction | None:
        """The step this reading makes on ``unit``, if any."""
        raise NotImplementedError


#: How a step says a candidate was struck by search rather than by what it forces, and the
#: technique of such a step (a case analysis over the unit, harder to see).
UNFILLED, CASES = "could not all be filled", "Line Cases in House"


class LineInHouse(_Reader):
    """A candidate of a line's (or a dot chain's) cell that no joint filling of its cells in a
    house keeps, their cells there all different: all of a unit's eliminations in one step.
    Those told by what they force make "Line in House"; with ``cases``, those that took a search
    of the cases too, named :data:`CASES` (a harder step, so a later finder)."""

    technique = "Line in House"

    def __init__(self, layout: Layout, cases: bool = False) -> None:
        super().__init__(layout)
        self.cases = cases
        if cases:
            self.technique = CASES

    def read(self, unit: Unit, state: State) -> Step | Contradiction | None:
        dom = [state.masks[i] for i in unit.cells]
        search = _Search(unit, UNIT_NODES)
        kept = [0] * len(dom)
        struck: list[tuple[int, int]] = []
        for u, m in enumerate(dom):
            if state.placed[unit.cells[u]]:
                continue
            for d in digits_of(m & ~kept[u]):
                if kept[u] >> (d - 1) & 1:
                    continue
                trial = _Search(unit, 1)._assign(dom, u, 1 << (d - 1))
                try:
                    found = None if trial is None else search.filling(trial)
                except _Open:
                    if search.left <= 0:
                        break
                    continue
                if found is None:
                    struck.append((u, d))
                else:
                    for v, b in enumerate(found):
                        kept[v] |= b
        if not struck:
            return None
        cells = unit.cells
        where = f"{unit.name()}, with the cells in {unit.house.name} different"
        by_cell: dict[int, list[int]] = {}
        for u, d in struck:
            by_cell.setdefault(u, []).append(d)
        if any(len(ds) == dom[u].bit_count() for u, ds in by_cell.items()):
            return Contradiction(unit.labels[0], cells, f"{where}: no way left to meet them")
        why = {(u, d): self._reason(unit, dom, u, d) for u, d in struck}
        if not self.cases:
            struck = [key for key in struck if UNFILLED not in why[key]]
            if not struck:
                return None
        searched = any(UNFILLED in why[key] for key in struck)
        clauses: dict[int, dict[str, int]] = {}
        for u, d in struck:
            told = clauses.setdefault(u, {})
            told[why[u, d]] = told.get(why[u, d], 0) | 1 << (d - 1)
        n = self.layout.n
        text = "; ".join(
            f"{cell_label(n, cells[u])} is not {said(sum(told.values()))} ("
            + "; ".join(f"with {said(b)} there, {r}" for r, b in told.items())
            + ")"
            for u, told in clauses.items()
        )
        elims = tuple(sorted((cells[u], d) for u, d in struck))
        return Step(
            CASES if searched else LineInHouse.technique,
            unit.labels[0],
            f"{where}: {text}",
            eliminations=elims,
            cells=cells,
            reasons=_reasons(unit),
        )

    def _reason(self, unit: Unit, dom: list[int], u: int, d: int) -> str:
        """Why ``d`` cannot go in cell ``u``: ``r1c1 and r1c3 would both need 9``, what it
        forces, or (after a search) that the other cells could not all be filled."""
        n = self.layout.n
        related = [v for v, _ in unit.related[u]]
        clash = _same_single(unit, _relate(unit, dom, u, d), related)
        if clash is None:
            return _traced(unit, dom, u, d, n)
        v, w, e = clash
        a, b = cell_label(n, unit.cells[v]), cell_label(n, unit.cells[w])
        return f"{a} and {b} would both need {e}"


def _traced(unit: Unit, dom: list[int], u: int, d: int, n: int) -> str:
    """What follows ``d`` in cell ``u``: ``r1c2 is 6 and r1c3 has no digit left``, or that the
    unit's other cells could not all be filled."""
    out, forced = _propagate(unit, dom, u, 1 << (d - 1))
    if out is None and len(forced) <= 5:
        steps = [f"{cell_label(n, unit.cells[v])} is {b.bit_length()}" for v, b in forced[1:-1]]
        last = f"{cell_label(n, unit.cells[forced[-1][0]])} would have no digit left"
        return " and ".join([*steps, last])
    others = cells_label(n, [i for k, i in enumerate(unit.cells) if k != u])
    return f"{others} {UNFILLED}"


def _reasons(unit: Unit) -> tuple[str, ...]:
    """What a unit's step reads besides its first rule: its other rules and its house."""
    return (*(r for r in unit.reasons if r != unit.labels[0]), unit.house.name)


def _relate(unit: Unit, dom: list[int], u: int, d: int) -> list[int]:
    """The candidates of ``u``'s related cells once ``u`` holds ``d`` (one step, no further)."""
    out = list(dom)
    for v, table in unit.related[u]:
        out[v] &= table[d - 1]
    for v in unit.differ[u]:
        out[v] &= ~(1 << (d - 1))
    return out


def _same_single(unit: Unit, dom: list[int], forced: list[int]) -> tuple[int, int, int] | None:
    """Two related cells that see each other left with the same one digit, with the digit."""
    for k, v in enumerate(forced):
        m = dom[v]
        if m and not m & (m - 1):
            for w in forced[k + 1 :]:
                if dom[w] == m and w in unit.differ[v]:
                    return v, w, m.bit_length()
    return None


class LineDigitsInHouse(_Reader):
    """Digits every joint filling of a unit places on its cells in the house: the house's other
    cells lose them (a whisper's classes, a renban window, a Kropki chain's digits)."""

    technique = "Line Digits in House"

    def watched(self, unit: Unit) -> tuple[int, ...]:
        return unit.rest

    def read(self, unit: Unit, state: State) -> Step | None:
        n = self.layout.n
        masks = state.masks
        outside = 0
        for i in unit.rest:
            if not state.placed[i]:
                outside |= masks[i]
        held = 0
        for i in unit.cells[: unit.inside]:
            held |= masks[i]
        todo = outside & held
        if not todo:
            return None
        dom = [masks[i] for i in unit.cells]
        search = _Search(unit, UNIT_NODES)
        must = 0
        inside = range(unit.inside)
        for d in digits_of(todo):
            b = 1 << (d - 1)
            if must & b or not todo & b:
                continue
            trial = list(dom)
            for u in inside:
                trial[u] &= ~b
            if any(not trial[u] for u in inside):
                must |= b
                continue
            try:
                found = search.filling(trial)
            except _Open:
                if search.left <= 0:
                    break
                continue
            if found is None:
                must |= b
            else:
                used = 0
                for u in inside:
                    used |= found[u]
                todo &= used
        if not must:
            return None
        targets = [i for i in unit.rest if not state.placed[i] and masks[i] & must]
        elims = tuple(sorted((i, d) for i in targets for d in digits_of(masks[i] & must)))
        part = cells_label(n, unit.cells[: unit.inside])
        sets = _digit_sets(unit, dom)
        shown = f" ({' or '.join(sets)})" if sets else ""
        text = (
            f"{unit.name()}: {part} in {unit.house.name} always hold {_both(must)}{shown}, "
            f"so {cells_label(n, targets)} cannot be {said(must)}"
        )
        return Step(
            self.technique,
            unit.labels[0],
            text,
            eliminations=elims,
            cells=unit.cells,
            reasons=_reasons(unit),
        )


def _both(m: int) -> str:
    """The digits of ``m`` all together: ``2 and 4``, ``6, 7, 8 and 9``."""
    ds = [str(d) for d in digits_of(m)]
    return ds[0] if len(ds) == 1 else ", ".join(ds[:-1]) + f" and {ds[-1]}"


#: Most digit sets a sentence lists, and the search nodes spent finding them.
SHOWN_SETS, SET_NODES = 4, 2000


def _digit_sets(unit: Unit, dom: list[int]) -> list[str]:
    """The digit sets the unit's cells in the house can hold (``124``), when few and quickly
    found; else none."""
    found: set[int] = set()
    left = [SET_NODES]
    inside = unit.inside
    search = _Search(unit, 1)

    def walk(current: list[int]) -> bool:
        left[0] -= 1
        if left[0] < 0 or len(found) > SHOWN_SETS:
            return False
        u = next((v for v, m in enumerate(current) if m & (m - 1)), -1)
        if u < 0:
            if search._consistent(current):
                union = 0
                for m in current[:inside]:
                    union |= m
                found.add(union)
            return True
        m = current[u]
        while m:
            b = m & -m
            m ^= b
            trial = search._assign(current, u, b)
            if trial is not None and not walk(trial):
                return False
        return True

    if not walk(list(dom)) or len(found) > SHOWN_SETS:
        return []
    return ["".join(map(str, digits_of(s))) for s in sorted(found)]
