"""Digit classes: cells coloured by the class of their digit, then counted per house.

A *class system* splits the digits into classes: low, middle and high (1-3, 4-6, 7-9 on 9x9);
the remainders modulo 3 (1/4/7, 2/5/8, 3/6/9); odd and even; below and above the middle digit
(with the middle digit, 5 on 9x9, a class of its own). A two-cell relation whose digit pairs
are always of two classes (an entropic line's cells one or two apart, a German whisper's
neighbours, a white dot's consecutive digits for parity) or always of one keeps its cells of
different or of one class; an automaton line (a modular or parity line) is read pair by pair
the same way. Nothing here knows a variant: any rule made of these primitives is read.

Once per layout, cells are *coloured*: cells a rule keeps of one class are joined, and so are
cells of one class by elimination: with three classes, two cells that both differ from two
cells of different classes (cells three apart on an entropic or modular line); with two, two
cells that differ from one cell (cells two apart on a whisper). A house holds each class as
many times as the class has digits, so a colour with that many cells in a house makes every
other cell of the house of another class, and the colouring goes on with that.

On the candidates, each colour's possible classes are those every one of its cells still has
(and that its cells in one house can hold as different digits). Two finders read them:

- :meth:`ClassFinder.colours` ("Line Classes"): a colour's cells lose the digits of a class
  one of them (or a colour it differs from) rules out;
- :meth:`ClassFinder.counts` ("Class Count"): a colour cannot take a class its cells in a
  house would hold more often than the house has digits of it, beside the cells of that class
  already known; and a colour must take a class when the house's other cells cannot hold
  enough of it.

Glossary: ``k`` a class (its position in the system), ``dom`` a bit mask of classes, ``root``
the representative cell of a colour, ``labels`` the rules and houses a fact reads.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..constraints import Automaton, Relation
from .house import House
from .layout import Layout, per_layout
from .state import State
from .step import Step, cell_label, cells_label, said

LINE_CLASSES = "Line Classes"
CLASS_COUNT = "Class Count"

#: Longest automaton line read pair by pair (in houses' worth of cells) and most transitions.
AUTOMATON_HOUSES, AUTOMATON_TRANSITIONS = 2, 1000


@dataclass(frozen=True)
class ClassSystem:
    """Digits split into classes: ``names[k]`` holds the digits of ``masks[k]``."""

    title: str
    names: tuple[str, ...]
    masks: tuple[int, ...]

    #: The class of each digit (``table[d]``; ``table[0]`` unused), made from ``masks``.
    table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = max(m.bit_length() for m in self.masks)
        table = [-1] * (n + 1)
        for k, m in enumerate(self.masks):
            for d in range(1, n + 1):
                if m >> (d - 1) & 1:
                    table[d] = k
        object.__setattr__(self, "table", tuple(table))

    def of(self, d: int) -> int:
        """The class of digit ``d``."""
        return self.table[d]

    def word(self, k: int) -> str:
        """``low (1, 2 or 3)``, ``odd``."""
        digits = said(self.masks[k])
        return self.names[k] if self.names[k] == digits else f"{self.names[k]} ({digits})"


def systems(n: int) -> list[ClassSystem]:
    """The class systems of digits ``1..n``.

    >>> [s.word(0) for s in systems(9)]
    ['low (1, 2 or 3)', '1, 4 or 7', 'odd (1, 3, 5, 7 or 9)', 'below 5 (1 to 4)']
    """

    def mask(ds: Iterable[int]) -> int:
        return sum(1 << (d - 1) for d in ds)

    out = []
    if n % 3 == 0 and n >= 6:
        t = n // 3
        out.append(
            ClassSystem(
                "entropy",
                ("low", "middle", "high"),
                tuple(mask(range(k * t + 1, (k + 1) * t + 1)) for k in range(3)),
            )
        )
    if n >= 6:
        masks = tuple(mask(range(r, n + 1, 3)) for r in (1, 2, 3))
        out.append(ClassSystem("remainder", tuple(said(m) for m in masks), masks))
    out.append(
        ClassSystem("parity", ("odd", "even"), (mask(range(1, n + 1, 2)), mask(range(2, n + 1, 2))))
    )
    half = n // 2
    if n % 2:
        middle = half + 1
        names: tuple[str, ...] = (f"below {middle}", str(middle), f"above {middle}")
        masks = (mask(range(1, middle)), mask([middle]), mask(range(middle + 1, n + 1)))
    else:
        names, masks = ("low", "high"), (mask(range(1, half + 1)), mask(range(half + 1, n + 1)))
    out.append(ClassSystem("halves", names, masks))
    return out


@dataclass
class Colouring:
    """The colours of one class system over a layout: ``root[i]`` the colour of cell ``i``,
    ``dom[root]`` the classes its rules allow it, ``differ[root]`` the colours it differs from
    (each with the labels saying why), ``labels[root]`` what joined its cells."""

    system: ClassSystem
    root: list[int]
    dom: list[int]
    differ: dict[int, dict[int, tuple[str, ...]]] = field(default_factory=dict)
    labels: dict[int, tuple[str, ...]] = field(default_factory=dict)
    members: dict[int, tuple[int, ...]] = field(default_factory=dict)
    #: The colours a finder reads: of several cells, or differing from another colour.
    read: tuple[int, ...] = ()
    #: Per house (by position), the colours of several cells it has cells of.
    shared: tuple[tuple[int, ...], ...] = ()
    #: The classes each candidate mask has digits of (``classes_of[mask]``, a mask of classes).
    classes_of: tuple[int, ...] = ()
    #: Per colour, each house holding two or more of its cells, with those cells.
    groups: dict[int, tuple[tuple[str, tuple[int, ...]], ...]] = field(default_factory=dict)


def _merge(*groups: Iterable[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(label for g in groups for label in g))


def _relation_edges(
    system: ClassSystem, p: Relation, seen: dict[frozenset[tuple[int, int]], Any]
) -> tuple[str, int, int] | None:
    """``("same" | "differ" | "", classes of a, classes of b)`` for a relation (``""``: it
    only narrows the classes), None when it says nothing of them; ``seen`` keeps the answers
    by digit pairs."""
    if p.pairs not in seen:
        seen[p.pairs] = _class_pairs(system, p.pairs)
    return seen[p.pairs]


def _class_pairs(
    system: ClassSystem, digit_pairs: frozenset[tuple[int, int]]
) -> tuple[str, int, int] | None:
    table = system.table
    pairs = {(table[x], table[y]) for x, y in digit_pairs}
    if not pairs:
        return None
    dom_a = sum(1 << a for a in {a for a, _ in pairs})
    dom_b = sum(1 << b for b in {b for _, b in pairs})
    if all(a == b for a, b in pairs):
        return "same", dom_a, dom_b
    if all(a != b for a, b in pairs):
        return "differ", dom_a, dom_b
    full = (1 << len(system.masks)) - 1
    if dom_a != full or dom_b != full:
        return "", dom_a, dom_b
    return None


def _automaton_pairs(
    system: ClassSystem, p: Automaton, n: int
) -> tuple[list[int], dict[tuple[int, int], set[tuple[int, int]]]]:
    """The classes each position of an automaton line may take, and for each pair of positions
    the class pairs some accepted word puts there."""
    cells = p.cells
    size = len(cells)
    fwd = [{p.start}]
    for _ in cells:
        fwd.append({r for q in fwd[-1] for d in range(1, n + 1) for r in p.step.get((q, d), ())})
    useful: list[set[int]] = [set() for _ in range(size + 1)]
    useful[size] = fwd[size] & set(p.accepting)
    trans: list[dict[int, list[tuple[int, int]]]] = [{} for _ in range(size)]
    for pos in range(size - 1, -1, -1):
        for q in fwd[pos]:
            moves = [
                (d, r)
                for d in range(1, n + 1)
                for r in p.step.get((q, d), ())
                if r in useful[pos + 1]
            ]
            if moves:
                useful[pos].add(q)
                trans[pos][q] = moves
    classes = [0] * size
    pairs: dict[tuple[int, int], set[tuple[int, int]]] = {}
    for j in range(size):
        reach: set[tuple[int, int]] = set()
        for q in useful[j]:
            for d, r in trans[j].get(q, ()):
                classes[j] |= 1 << system.of(d)
                reach.add((r, system.of(d)))
        for pos in range(j + 1, size):
            seen: set[tuple[int, int]] = set()
            after: set[tuple[int, int]] = set()
            for q, kx in reach:
                for d, r in trans[pos].get(q, ()):
                    seen.add((kx, system.of(d)))
                    after.add((r, kx))
            pairs[j, pos] = seen
            reach = after
    return classes, pairs


class _Joiner:
    """Union-find over cells with the labels of each colour."""

    def __init__(self, size: int, full: int) -> None:
        self.parent = list(range(size))
        self.dom = [full] * size
        self.labels: dict[int, tuple[str, ...]] = {}
        self.edges: list[tuple[int, int, tuple[str, ...]]] = []

    def restrict(self, i: int, dom: int, label: str) -> None:
        """Cell ``i`` (not joined yet) keeps the classes of ``dom``, by ``label``."""
        if self.dom[i] & ~dom:
            self.dom[i] &= dom
            self.labels[i] = _merge(self.labels.get(i, ()), (label,))

    def find(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def join(self, a: int, b: int, labels: Iterable[str]) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb or not self.dom[ra] & self.dom[rb]:
            return False
        self.parent[rb] = ra
        self.dom[ra] &= self.dom[rb]
        self.labels[ra] = _merge(self.labels.get(ra, ()), self.labels.get(rb, ()), labels)
        return True

    def differ(self) -> dict[int, dict[int, tuple[str, ...]]]:
        out: dict[int, dict[int, tuple[str, ...]]] = {}
        for a, b, labels in self.edges:
            ra, rb = self.find(a), self.find(b)
            if ra != rb:
                for x, y in ((ra, rb), (rb, ra)):
                    out.setdefault(x, {}).setdefault(y, labels)
        return out


def colouring(layout: Layout, system: ClassSystem) -> Colouring | None:
    """The colours of ``system`` over ``layout``, None when no rule speaks of its classes."""
    n, size = layout.n, layout.size
    classes = len(system.masks)
    full = (1 << classes) - 1
    sizes = [m.bit_count() for m in system.masks]
    joiner = _Joiner(size, full)
    same: list[tuple[int, int, tuple[str, ...]]] = []
    known: dict[frozenset[tuple[int, int]], Any] = {}
    for rule in layout.rules:
        for p in rule.primitives:
            if isinstance(p, Relation) and p.a != p.b:
                found = _relation_edges(system, p, known)
                if found is None:
                    continue
                kind, dom_a, dom_b = found
                joiner.restrict(p.a, dom_a, rule.label)
                joiner.restrict(p.b, dom_b, rule.label)
                if kind == "same":
                    same.append((p.a, p.b, (rule.label,)))
                elif kind == "differ":
                    joiner.edges.append((p.a, p.b, (rule.label,)))
            elif isinstance(p, Automaton) and len(p.transitions) <= AUTOMATON_TRANSITIONS:
                if len(p.cells) > AUTOMATON_HOUSES * n:
                    continue
                doms, pairs = _automaton_pairs(system, p, n)
                for i, dom in zip(p.cells, doms):
                    joiner.restrict(i, dom, rule.label)
                for (j, k), seen in pairs.items():
                    a, b = p.cells[j], p.cells[k]
                    if a == b or not seen:
                        continue
                    if all(x == y for x, y in seen):
                        same.append((a, b, (rule.label,)))
                    elif all(x != y for x, y in seen):
                        joiner.edges.append((a, b, (rule.label,)))
    if not same and not joiner.edges:
        return None
    for a, b, labels in same:
        joiner.join(a, b, labels)
    houses = layout.houses
    for _ in range(2 * size):
        if not _colour_round(joiner, houses, sizes):
            break
    members: dict[int, list[int]] = {}
    for i in range(size):
        members.setdefault(joiner.find(i), []).append(i)
    root = [joiner.find(i) for i in range(size)]
    differ = joiner.differ()
    read = tuple(r for r, cells in members.items() if len(cells) > 1 or r in differ)
    shared, groups = _house_parts(houses, root, members)
    return Colouring(
        system,
        root,
        joiner.dom,
        differ,
        joiner.labels,
        {r: tuple(cells) for r, cells in members.items()},
        read,
        shared,
        tuple(
            sum(1 << k for k, m in enumerate(system.masks) if m & mask) for mask in range(1 << n)
        ),
        {r: tuple(g) for r, g in groups.items()},
    )


def _house_parts(
    houses: Sequence[House], root: Sequence[int], members: dict[int, list[int]]
) -> tuple[tuple[tuple[int, ...], ...], dict[int, list[tuple[str, tuple[int, ...]]]]]:
    """Per house, the colours of more than one cell that meet it; per colour, the houses it
    meets twice or more, with its cells there."""
    shared = tuple(
        tuple(dict.fromkeys(root[i] for i in h.cells if len(members[root[i]]) > 1)) for h in houses
    )
    groups: dict[int, list[tuple[str, tuple[int, ...]]]] = {}
    for h in houses:
        inside: dict[int, list[int]] = {}
        for i in h.cells:
            inside.setdefault(root[i], []).append(i)
        for r, part in inside.items():
            if len(part) > 1:
                groups.setdefault(r, []).append((h.name, tuple(part)))
    return shared, groups


def _colour_round(joiner: _Joiner, houses: Sequence[House], sizes: list[int]) -> bool:
    """One round of colouring by elimination and by the houses; whether anything changed.

    With two classes among them, two colours differing from one colour share a class; with
    three classes in all, two colours differing from two colours of different classes do."""
    find, dom, labels = joiner.find, joiner.dom, joiner.labels
    differ = joiner.differ()
    three = len(sizes) == 3
    changed = False
    for x, near in differ.items():
        for p, why_p in near.items():
            for y, why_y in differ.get(p, {}).items():
                if (
                    find(y) == find(x)
                    or (dom[find(x)] | dom[find(p)] | dom[find(y)]).bit_count() != 2
                ):
                    continue
                why = _merge(why_p, why_y, labels.get(find(p), ()))
                changed |= joiner.join(x, y, why)
        if not three:
            continue
        keys = list(near)
        for a, p in enumerate(keys):
            for q in keys[a + 1 :]:
                if q not in differ.get(p, {}):
                    continue
                for y in set(differ.get(p, {})) & set(differ.get(q, {})):
                    if find(y) == find(x):
                        continue
                    why = _merge(near[p], near[q], differ[p][y], differ[q][y], differ[p][q])
                    why = _merge(why, labels.get(find(p), ()), labels.get(find(q), ()))
                    changed |= joiner.join(x, y, why)
    for house in houses:
        counts: dict[int, list[int]] = {}
        for i in house.cells:
            counts.setdefault(find(i), []).append(i)
        for r, cells in counts.items():
            if len(cells) < 2:
                continue
            k = len(cells)
            keep = sum(1 << c for c in range(len(sizes)) if dom[r] >> c & 1 and sizes[c] >= k)
            if keep != dom[r]:
                dom[r] = keep
                joiner.labels[r] = _merge(joiner.labels.get(r, ()), (house.name,))
                changed = True
            if keep and all(sizes[c] == k for c in range(len(sizes)) if keep >> c & 1):
                for i in house.cells:
                    if find(i) != r and find(i) not in differ.get(r, {}):
                        why = _merge(joiner.labels.get(r, ()), (house.name,))
                        joiner.edges.append((r, i, why))
                        changed = True
    return changed


@per_layout
def colourings(layout: Layout) -> tuple[Colouring, ...]:
    """The colourings of every class system some rule of ``layout`` speaks of."""
    out = []
    for system in systems(layout.n):
        found = colouring(layout, system)
        if found is not None:
            out.append(found)
    return tuple(out)


@dataclass
class _View:
    """A colouring on the candidates: the colours of :class:`Colouring`, with those joined that
    differ from one colour while the three keep to the same two classes; ``possible[root]``
    the classes each colour can still take, ``dom[root]`` those its rules allow,
    ``notes[root]`` why joined colours share a class and ``pivots[root]`` the cells of the
    colours that joined them."""

    system: ClassSystem
    root: list[int]
    members: dict[int, tuple[int, ...]]
    possible: dict[int, int]
    dom: list[int]
    labels: dict[int, tuple[str, ...]]
    differ: dict[int, dict[int, tuple[str, ...]]]
    read: tuple[int, ...]
    shared: tuple[tuple[int, ...], ...]
    groups: dict[int, tuple[tuple[str, tuple[int, ...]], ...]]
    notes: dict[int, str] = field(default_factory=dict)
    pivots: dict[int, tuple[int, ...]] = field(default_factory=dict)


def _view(col: Colouring, layout: Layout, masks: Sequence[int]) -> _View:
    """``col`` read on the candidates ``masks``."""
    classes = col.classes_of
    possible = {}
    for r, cells in col.members.items():
        d = col.dom[r]
        for i in cells:
            d &= classes[masks[i]]
        possible[r] = d
    parent: dict[int, int] = {}

    def find(r: int) -> int:
        while r in parent:
            r = parent[r]
        return r

    joins: list[tuple[int, int, int, tuple[str, ...]]] = []
    for x in col.read:
        if possible[x].bit_count() != 2:
            continue
        for p, why_p in col.differ.get(x, {}).items():
            if (possible[x] | possible[p]).bit_count() != 2:
                continue
            for y, why_y in col.differ[p].items():
                a, b = find(x), find(y)
                if a == b or (possible[x] | possible[p] | possible[y]).bit_count() != 2:
                    continue
                parent[b] = a
                joins.append((x, y, p, _merge(why_p, why_y, col.labels.get(p, ()))))
    if not joins:
        return _View(
            col.system,
            col.root,
            col.members,
            possible,
            col.dom,
            col.labels,
            col.differ,
            col.read,
            col.shared,
            col.groups,
        )
    n = layout.n
    root = [find(r) for r in col.root]
    members: dict[int, list[int]] = {}
    for i, r in enumerate(root):
        members.setdefault(r, []).append(i)
    full = (1 << len(col.system.masks)) - 1
    merged_possible = dict.fromkeys(members, full)
    dom = col.dom[:]
    for r, d in possible.items():
        merged_possible[find(r)] &= d
        dom[find(r)] &= col.dom[r]
    labels: dict[int, tuple[str, ...]] = {}
    for r, own in col.labels.items():
        labels[find(r)] = _merge(labels.get(find(r), ()), own)
    notes: dict[int, list[str]] = {}
    pivots: dict[int, list[int]] = {}
    for x, y, p, why in joins:
        top = find(x)
        labels[top] = _merge(labels.get(top, ()), why)
        words = " or ".join(
            col.system.word(k) for k in range(len(col.system.masks)) if possible[p] >> k & 1
        )
        notes.setdefault(top, []).append(
            f"{cells_label(n, col.members[x])} and {cells_label(n, col.members[y])} both differ "
            f"from {cells_label(n, col.members[p])}, and the three are {words}"
        )
        pivots.setdefault(top, []).extend(col.members[p])
    differ: dict[int, dict[int, tuple[str, ...]]] = {}
    for x, near in col.differ.items():
        for y, why in near.items():
            if find(x) != find(y):
                differ.setdefault(find(x), {}).setdefault(find(y), why)
    shared, groups = _house_parts(layout.houses, root, members)
    return _View(
        col.system,
        root,
        {r: tuple(cells) for r, cells in members.items()},
        merged_possible,
        dom,
        labels,
        differ,
        tuple(r for r, cells in members.items() if len(cells) > 1 or r in differ),
        shared,
        {r: tuple(g) for r, g in groups.items()},
        {r: "; ".join(words) for r, words in notes.items()},
        {r: tuple(cells) for r, cells in pivots.items()},
    )


class ClassFinder:
    """The finders reading the digit classes of a layout's colourings."""

    def __init__(self, layout: Layout) -> None:
        self.layout = layout

    def colours(self, state: State) -> Step | None:
        """A colour's cells losing the digits of a class one of them, the colours it differs
        from, or its cells in one house rule out."""
        masks, n = state.masks, state.layout.n
        for found in colourings(self.layout):
            col = _view(found, self.layout, masks)
            system, possible = col.system, col.possible
            for r in col.read:
                cells = col.members[r]
                d = col.dom[r]
                causes: list[str] = []
                labels: list[str] = list(col.labels.get(r, ()))
                shown: list[int] = list(cells)
                lacking: dict[int, list[str]] = {}
                strike = 0
                for k, m in enumerate(system.masks):
                    if not d >> k & 1:
                        continue
                    without = [i for i in cells if not masks[i] & m]
                    if without:
                        lacking.setdefault(without[0], []).append(system.word(k))
                        d &= ~(1 << k)
                        strike |= m if len(cells) > 1 else 0
                        continue
                    for p, why in col.differ.get(r, {}).items():
                        if possible[p] == 1 << k:
                            mates = col.members[p]
                            causes.append(
                                f"{cells_label(n, mates)} {'is' if len(mates) == 1 else 'are'} "
                                f"{system.word(k)} and of another class ({', '.join(why)})"
                            )
                            labels += list(why) + list(col.labels.get(p, ()))
                            shown += mates
                            d &= ~(1 << k)
                            strike |= m
                            break
                    else:
                        hall = self._hall(col, masks, r, m)
                        if hall:
                            causes.append(
                                f"{cells_label(n, hall[1])} see each other in {hall[0]} and "
                                f"have only {said(hall[2])} of {system.word(k)}"
                            )
                            labels.append(hall[0])
                            d &= ~(1 << k)
                            strike |= m
                if len(cells) > 1:
                    causes[:0] = [
                        f"{cell_label(n, i)} has no {' or '.join(words)} digit"
                        for i, words in lacking.items()
                    ]
                if not causes:
                    continue
                elims = tuple(
                    (i, x)
                    for i in cells
                    for x in range(1, n + 1)
                    if (masks[i] & strike) >> (x - 1) & 1
                )
                if not elims:
                    continue
                return self._step(
                    LINE_CLASSES, state, col, cells, "; ".join(causes), elims, labels, shown
                )
        return None

    def _hall(
        self, col: _View, masks: Sequence[int], r: int, m: int
    ) -> tuple[str, tuple[int, ...], int] | None:
        """A house whose cells of colour ``r`` have fewer digits of ``m`` than cells: its name,
        those cells and the digits of ``m`` they have."""
        for name, inside in col.groups.get(r, ()):
            union = 0
            for i in inside:
                union |= masks[i] & m
            if union.bit_count() < len(inside):
                return name, inside, union
        return None

    def counts(self, state: State) -> Step | None:
        """A colour that would hold a class too often in a house, or that a house needs to hold
        a class often enough."""
        layout, masks = state.layout, state.masks
        n = layout.n
        for found in colourings(layout):
            col = _view(found, layout, masks)
            system, possible = col.system, col.possible
            for house, shared in zip(layout.houses, col.shared):
                open_colours = [r for r in shared if possible[r].bit_count() > 1]
                if not open_colours:
                    continue
                for k, m in enumerate(system.masks):
                    need = m.bit_count()
                    sure = [i for i in house.cells if possible[col.root[i]] == 1 << k]
                    able = [i for i in house.cells if possible[col.root[i]] >> k & 1]
                    for r in open_colours:
                        cells = col.members[r]
                        if not possible[r] >> k & 1:
                            continue
                        inside = [i for i in house.cells if col.root[i] == r]
                        others = [i for i in sure if col.root[i] != r]
                        word = system.word(k)
                        if len(inside) + len(others) > need:
                            beside = f" (with {cells_label(n, others)})" if others else ""
                            why = (
                                f"if they were {word}, {house.name} would hold "
                                f"{len(inside) + len(others)} such digits{beside}, and it has "
                                f"only {need}"
                            )
                            strike = m
                        else:
                            rest = [i for i in able if col.root[i] != r]
                            if len(rest) >= need:
                                continue
                            places = cells_label(n, rest) if rest else "no other cell"
                            why = (
                                f"{house.name} needs {need} {word} digits, and besides "
                                f"{cells_label(n, inside)} only {places} can hold them"
                            )
                            strike = ((1 << n) - 1) & ~m
                        elims = tuple(
                            (i, x)
                            for i in cells
                            for x in range(1, n + 1)
                            if masks[i] & strike & (1 << (x - 1))
                        )
                        if elims:
                            labels = [*col.labels.get(r, ()), house.name]
                            for i in house.cells:
                                labels += col.labels.get(col.root[i], ())
                            return self._step(
                                CLASS_COUNT, state, col, cells, why, elims, labels, house.cells
                            )
        return None

    def _step(
        self,
        technique: str,
        state: State,
        col: _View,
        cells: Sequence[int],
        why: str,
        elims: tuple[tuple[int, int], ...],
        labels: Sequence[str],
        shown: Iterable[int],
    ) -> Step:
        n = state.layout.n
        r = col.root[cells[0]]
        own = col.labels.get(r, ())
        note = f"; {col.notes[r]}" if r in col.notes else ""
        if len(cells) > 1:
            head = f"{cells_label(n, cells)} share a class ({', '.join(own)}{note}): "
        else:
            head = f"{cells_label(n, cells)}: "
        shown = [*shown, *col.pivots.get(r, ())]
        gone: dict[int, list[int]] = {}
        for i, d in elims:
            gone.setdefault(d, []).append(i)
        struck = sorted({i for i, _ in elims})
        digits = sum(1 << (d - 1) for d in gone)
        text = f"{head}{why}; so {cells_label(n, struck)} cannot be {said(digits)}"
        reasons = _merge(labels)
        return Step(
            technique,
            reasons[0] if reasons else "",
            text,
            eliminations=elims,
            cells=tuple(sorted(set(cells) | set(shown))),
            reasons=reasons[1:],
        )
