"""Propagators: how each primitive constraint narrows the candidates of its cells.

A propagator watches a few cells and, when one of them loses candidates, removes the digits of
its cells that can no longer be part of any assignment meeting its rule. It sees the candidate
masks (digit ``d`` is bit ``d - 1``) and changes them only through ``narrow(i, mask)``, which
records the change for undo, schedules the propagators watching ``i`` and returns False when
``mask`` is empty. ``run`` returns False on a contradiction. Propagators keep no state of their
own, so undoing the masks undoes everything.

Every propagator is sound (it never removes a digit some solution uses) and complete on fixed
cells (it fails once all its cells hold digits that break its rule), so a search that fixes every
cell needs no other check.

Glossary: ``m`` a candidate mask, ``b`` a one-bit mask, ``k`` a cell count, ``t`` a total.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any, Protocol

from ...constraints import (
    Automaton,
    Count,
    Element,
    Implies,
    LinearSum,
    Rank,
    Relation,
    Table,
    Visible,
    deciding_positions,
)

#: ``narrow(i, mask)``: give cell ``i`` the smaller candidate mask ``mask``; False when empty.
Narrow = Callable[[int, int], bool]

#: Largest number of candidate tuples the generic propagator enumerates at once.
ENUMERATION_LIMIT = 256


class Propagator(Protocol):
    """What the search asks of a propagator: its cells, its cost tier and one pass.

    The search runs pending propagators of a lower ``tier`` first: 0 for relations, 1 for the
    costly ones (sums, tables, enumeration), 2 for groups and the ones that look at a whole rule
    at once. Groups last was measured best: on eight of the hardest development puzzles it
    visited 30% fewer nodes in two thirds of the time, as each group pass then sees a settled
    state. Visibility runs with them for the same reason.
    """

    cells: tuple[int, ...]
    tier: int

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Narrow the candidates of ``cells``; False on a contradiction."""
        ...


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first, each as a one-bit mask."""
    while mask:
        low = mask & -mask
        yield low
        mask ^= low


class FullGroup:
    """Hidden singles in a group of ``n`` cells, which must hold every digit once.

    Design: one pass folds the cells' masks into ``once`` (digits with at least one place) and
    ``twice`` (at least two places). A digit missing from ``once`` fails the group; a digit in
    ``once`` but not ``twice`` has one place left and goes there (two such digits in one cell
    fail). Naked singles are not done here: the search removes a placed digit from every peer.
    """

    tier = 2

    def __init__(self, cells: tuple[int, ...], full: int):
        self.cells = cells
        self.full = full

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Place the digits that have one cell left; False when a digit has none."""
        once = twice = 0
        for i in self.cells:
            m = cand[i]
            twice |= once & m
            once |= m
        if once != self.full:
            return False
        only = once & ~twice
        if only:
            for i in self.cells:
                m = cand[i]
                hit = m & only
                if hit and hit != m and (hit & (hit - 1) or not narrow(i, hit)):
                    return False
        return True


class ShortGroup:
    """Pigeonhole on an all-different group of fewer than ``n`` cells.

    Design: the union of the cells' masks must hold at least as many digits as there are cells;
    when it holds exactly as many, every one of them is used, so a digit with one place goes
    there (the hidden single of a full group, on the digits the group is left with).
    """

    tier = 2

    def __init__(self, cells: tuple[int, ...]):
        self.cells = cells

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Fail when too few digits remain; place the forced ones when exactly enough remain."""
        once = twice = 0
        for i in self.cells:
            m = cand[i]
            twice |= once & m
            once |= m
        spare = once.bit_count() - len(self.cells)
        if spare < 0:
            return False
        only = once & ~twice
        if spare == 0 and only:
            for i in self.cells:
                m = cand[i]
                hit = m & only
                if hit and hit != m and (hit & (hit - 1) or not narrow(i, hit)):
                    return False
        return True


#: Largest number of answers a costly propagator remembers before it forgets them all.
MEMO_LIMIT = 4096


class Pruner:
    """A costly propagator written as a pure function of its cells' masks, memoised.

    Subclasses implement :meth:`prune`: the masks of ``cells`` in, the narrowed masks out (an
    empty tuple on a contradiction). The answer depends on nothing else, so it is remembered
    per tuple of masks: a state the search meets again costs one dictionary look-up.
    """

    tier = 1
    cells: tuple[int, ...] = ()

    def __init__(self) -> None:
        self.memo: dict[tuple[int, ...], tuple[int, ...]] = {}

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """The narrowed masks of ``cells``, or ``()`` when no assignment meets the rule."""
        raise NotImplementedError

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Narrow the cells to the remembered (or newly computed) answer for their masks."""
        key = tuple([cand[i] for i in self.cells])
        memo = self.memo
        out = memo.get(key)
        if out is None:
            if len(memo) >= MEMO_LIMIT:
                memo.clear()
            out = memo[key] = self.prune(key)
        if not out and self.cells:
            return False
        for i, old, new in zip(self.cells, key, out):
            if new != old and not narrow(i, new):
                return False
        return True


@functools.cache
def digit_sets(n: int, k: int, total: int) -> tuple[int, ...]:
    """Masks of the sets of ``k`` different digits in ``1..n`` adding up to ``total``.

    >>> [bin(m) for m in digit_sets(9, 2, 4)]   # 1 + 3
    ['0b101']
    """
    return tuple(
        sum(1 << (d - 1) for d in combo)
        for combo in itertools.combinations(range(1, n + 1), k)
        if sum(combo) == total
    )


class DigitSetPropagator(Pruner):
    """Different digits drawn from one of a few digit sets: killer cages, renban-like groups.

    Design: the sets are tabled when the model is read: for a killer cage of ``k`` cells and
    total ``t``, the sets of ``k`` digits adding up to ``t`` (:func:`digit_sets`, once per
    ``(n, k, t)``; 9 digits give at most 12 sets of any size and total); for a short group all of
    whose pairs carry the same kind of symmetric relation (a renban line: pairwise within
    ``k - 1``), the sets whose every two digits the relations allow (the runs of ``k``
    consecutive digits). A set stays possible when every cell still allows one of its digits and
    the cells together still allow all of them. For each possible set, a cell may take its digits
    minus those another cell is forced to take in that set (a cell with one digit of the set
    left); a cell keeps the union of these over the possible sets, which also enforces the
    bounds of a sum (no set, no digit). A digit in every possible set must be in the group: with
    one place left it goes there. Distinctness itself is left to the peers (a placed digit
    leaves the rest of the group).
    """

    def __init__(self, cells: tuple[int, ...], sets: tuple[int, ...], n: int):
        super().__init__()
        self.cells = cells
        self.sets = sets
        self.full = (1 << n) - 1

    @classmethod
    def for_cage(cls, cells: tuple[int, ...], total: int, n: int) -> DigitSetPropagator:
        """The propagator of a killer cage of ``cells`` adding up to ``total``."""
        return cls(cells, digit_sets(n, len(cells), total), n)

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep in each cell the digits the still possible digit sets give it."""
        allowed = [0] * len(masks)
        required = self.full
        any_set = False
        for s in self.sets:
            union = forced = 0
            for m in masks:
                hit = m & s
                if not hit:
                    break
                if not hit & (hit - 1):
                    if forced & hit:
                        break
                    forced |= hit
                union |= hit
            else:
                if union != s:
                    continue
                any_set = True
                required &= s
                for k, m in enumerate(masks):
                    hit = m & s
                    allowed[k] |= hit if not hit & (hit - 1) else hit & ~forced
        if not any_set:
            return ()
        for b in bits(required):
            places = [k for k, m in enumerate(allowed) if m & b]
            if not places:
                return ()
            if len(places) == 1:
                allowed[places[0]] = b
        return tuple(allowed)


#: A block's steps in a linear sum: ``(contribution, digits per cell)``, see ``_table``.
Steps = tuple[tuple[int, int], ...]

#: Most candidate tuples a block of a linear sum may have on full masks: ``n ** cells``.
BLOCK_LIMIT = 1000


class LinearSumPropagator(Pruner):
    """``sum(a_k * digit_k) == t`` with repeats allowed: arrows, little killers, pills.

    Design: exact supports by reachable partial sums, kept as bitsets (bit ``s`` set when the
    partial sum ``s`` is reachable). Each term is shifted to be non-negative: with
    ``lo = min(a, a * n)``, digit ``d`` contributes ``a * d - lo``, and the target becomes
    ``t - sum(lo)``. A forward pass ORs the prefix bitset shifted by each candidate's
    contribution; a backward pass keeps the sums still *needed* before each cell (starting from
    the target alone and shifting right, which drops negative needs). Digit ``d`` of cell ``k``
    has a support exactly when ``(prefix_k << contribution(d)) & needed_after_k`` is non-zero,
    so one pass gives generalized arc consistency in ``O(cells * n)`` big-integer operations.
    A cell listed twice is merged into one term with the sum of its coefficients.

    Cells that are peers (given ``peers``: a little killer's cells in one box, an arrow in one
    box) hold different digits, which the sum alone does not see. Such cells are taken in
    blocks of mutual peers (at most :data:`BLOCK_LIMIT` tuples on full masks: three cells of a
    9x9) and a block is one step of the passes: its contributions are those of its tuples of
    different candidates, each with the digits per cell of the tuples giving it (tabled per
    tuple of masks). The supports are then exact for the sum with different digits in each
    block.
    """

    def __init__(self, constraint: LinearSum, n: int, peers: Sequence[Collection[int]] = ()):
        super().__init__()
        coeffs: dict[int, int] = {}
        for i, a in zip(constraint.cells, constraint.coeffs):
            coeffs[i] = coeffs.get(i, 0) + a
        blocks: list[list[tuple[int, int]]] = []
        for i, a in coeffs.items():
            if not a:
                continue
            home = next(
                (
                    block
                    for block in blocks
                    if peers
                    and n ** (len(block) + 1) <= BLOCK_LIMIT
                    and all(j in peers[i] for j, _ in block)
                ),
                None,
            )
            if home is None:
                blocks.append([(i, a)])
            else:
                home.append((i, a))
        terms = [term for block in blocks for term in block]
        self.cells = tuple(i for i, _ in terms)
        lows = [min(a, a * n) for _, a in terms]
        self.target = constraint.total - sum(lows)
        self.window = (1 << (self.target + 1)) - 1 if self.target >= 0 else 0
        #: per block: its first and past-the-last place in ``cells``, and its memo
        #: ``masks -> ((contribution, digits per cell), ...)``
        spans = []
        start = 0
        for block in blocks:
            stop = start + len(block)
            shifts = tuple(tuple(a * d - min(a, a * n) for d in range(1, n + 1)) for _, a in block)
            spans.append((start, stop, shifts, _tables(shifts)))
            start = stop
        self.blocks = tuple(spans)
        self.n, self.full = n, (1 << n) - 1

    def steps(self, masks: Sequence[int]) -> list[Steps]:
        """Per block, its contributions with the digits per cell giving each (``_table``)."""
        out = []
        for start, stop, shifts, memo in self.blocks:
            key = tuple(masks[start:stop])
            table = memo.get(key)
            if table is None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                table = memo[key] = _table(key, shifts)
            out.append(table)
        return out

    def prefixes(self, steps: Sequence[Steps]) -> list[int] | None:
        """The reachable partial sums before each block and after the last, or None when the
        target is out of reach."""
        if self.target < 0:
            return None
        window = self.window
        out = [1]
        reach = 1
        for table in steps:
            nxt = 0
            for s, _ in table:
                nxt |= reach << s
            reach = nxt & window
            if not reach:
                return None
            out.append(reach)
        return out if reach >> self.target & 1 else None

    def possible(self, masks: Sequence[int]) -> bool:
        """Whether some assignment of the candidates has the right total."""
        return self.prefixes(self.steps(masks)) is not None

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep the digits that take part in some assignment with the right total."""
        steps = self.steps(masks)
        prefixes = self.prefixes(steps)
        if prefixes is None:
            return ()
        out = list(masks)
        needed = 1 << self.target
        full = self.full
        for k in range(len(steps) - 1, -1, -1):
            prefix = prefixes[k]
            keep = before = 0
            for s, digits in steps[k]:
                if (prefix << s) & needed:
                    keep |= digits
                    before |= needed >> s
            if not keep:
                return ()
            start, stop, _, _ = self.blocks[k]
            for x in range(start, stop):
                out[x] = keep & full
                keep >>= self.n
            needed = before
        return tuple(out)


@functools.cache
def _tables(shifts: tuple[tuple[int, ...], ...]) -> dict[tuple[int, ...], Steps]:
    """The memo of ``_table`` for one block, shared by blocks with equal contributions."""
    return {}


@functools.cache
def _options(shift: tuple[int, ...], k: int) -> dict[int, tuple[tuple[int, int, int], ...]]:
    """Memo ``mask -> ((bit, bit placed as cell k of a block, contribution), ...)``."""
    return {}


def _table(masks: tuple[int, ...], shifts: tuple[tuple[int, ...], ...]) -> Steps:
    """The contributions of a block's tuples of different candidates, each with the digits per
    cell of the tuples giving it, packed: cell ``k``'s mask shifted by ``k * n`` bits.

    Tuples are built cell by cell and those with the same digits used and the same partial
    contribution are merged (their digits ORed): what may follow depends on nothing else.
    After the last cell only the contribution matters.
    """
    options = []
    for k, (m, shift) in enumerate(zip(masks, shifts)):
        memo = _options(shift, k)
        step = memo.get(m)
        if step is None:
            n = len(shift)
            step = memo[m] = tuple(
                (1 << d, 1 << (d + k * n), s) for d, s in enumerate(shift) if m >> d & 1
            )
        options.append(step)
    states = {(0, 0): 0}
    for step in options[:-1]:
        merged: dict[tuple[int, int], int] = {}
        for (used, total), packed in states.items():
            for b, placed, s in step:
                if not used & b:
                    key = (used | b, total + s)
                    merged[key] = merged.get(key, 0) | packed | placed
        states = merged
    found: dict[int, int] = {}
    for (used, total), packed in states.items():
        for b, placed, s in options[-1]:
            if not used & b:
                found[total + s] = found.get(total + s, 0) | packed | placed
    return tuple(found.items())


@functools.cache
def _images(pairs: frozenset[tuple[int, int]], n: int) -> tuple[dict[int, int], dict[int, int]]:
    """Memo tables ``mask -> partner mask`` for both directions, shared by equal pair sets."""
    return {}, {}


class RelationPropagator:
    """Two cells whose digits form one of the allowed pairs: dots, XV, thermometer steps, clones.

    Design: arc consistency. For each digit of ``a`` the mask of its allowed partners in ``b``
    is tabled (and the other way round); the image of a whole mask is the OR of its digits'
    rows, memoised per pair set so a repeated mask costs one dictionary look-up. ``b`` keeps the
    image of ``a``, then ``a`` the image of ``b``, until neither changes. Several relations on
    the same two cells are merged into one (their pair sets intersected) when the model is read.
    """

    tier = 0

    def __init__(self, a: int, b: int, pairs: frozenset[tuple[int, int]], n: int):
        self.cells: tuple[int, ...] = (a, b)
        self.a, self.b = a, b
        self.forward = tuple(sum(1 << (y - 1) for x, y in pairs if x == d) for d in range(1, n + 1))
        self.backward = tuple(
            sum(1 << (x - 1) for x, y in pairs if y == d) for d in range(1, n + 1)
        )
        self.forward_memo, self.backward_memo = _images(pairs, n)

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Keep the digits of each cell that have a partner in the other."""
        a, b = self.a, self.b
        fmemo, bmemo = self.forward_memo, self.backward_memo
        while True:
            ma, mb = cand[a], cand[b]
            image = fmemo.get(ma)
            if image is None:
                image = fmemo[ma] = _image(ma, self.forward)
            keep = mb & image
            if keep != mb:
                if not narrow(b, keep):
                    return False
                mb = keep
            image = bmemo.get(mb)
            if image is None:
                image = bmemo[mb] = _image(mb, self.backward)
            keep = ma & image
            if keep == ma:
                return True
            if not narrow(a, keep):
                return False


def _image(mask: int, rows: Sequence[int]) -> int:
    out = 0
    for d, row in enumerate(rows):
        if mask >> d & 1:
            out |= row
    return out


class CheckPropagator(Pruner):
    """Any other primitive, through its ``holds``: a check, then exact supports when cheap.

    Design: once the cells' candidate tuples number at most :data:`ENUMERATION_LIMIT`, every
    tuple is tried against ``holds`` and each cell keeps the digits of the tuples that pass
    (generalized arc consistency by enumeration). With all cells fixed that is one check, so
    the rule is always met by a complete grid; before that it prunes nothing.
    """

    def __init__(self, constraint: Any):
        super().__init__()
        self.holds = constraint.holds
        self.cells = tuple(dict.fromkeys(constraint.cells))

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Skip the memo while too many tuples remain: nothing would be pruned."""
        count = 1
        for i in self.cells:
            count *= cand[i].bit_count()
            if count > ENUMERATION_LIMIT:
                return True
        return super().run(cand, narrow)

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Try every tuple of candidates; keep the digits of those that pass."""
        options = [[b.bit_length() for b in bits(m)] for m in masks]
        keep = [0] * len(masks)
        grid: dict[int, int] = {}
        passed = False
        for digits in itertools.product(*options):
            grid.update(zip(self.cells, digits))
            if self.holds(grid):
                passed = True
                for k, d in enumerate(digits):
                    keep[k] |= 1 << (d - 1)
        return tuple(keep) if passed else ()


class TablePropagator(Pruner):
    """A few cells whose digits form one of the listed tuples: quadruples, between lines.

    Design: generalized arc consistency by support, on bitsets of rows. For each cell and digit
    the rows putting that digit there are one big integer (bit ``r`` for row ``r``). The live
    rows are the AND over the cells of the OR of their candidates' row sets; a cell keeps the
    digits whose row set meets the live rows. Rows that put one digit in two cells sharing a
    group can never be used and are dropped when the model is read (a 2x2 quadruple keeps only
    the rows with four different digits).
    """

    def __init__(self, constraint: Table, peers: Sequence[Sequence[int]], n: int):
        super().__init__()
        cells = constraint.cells
        self.cells = cells
        clashing = [
            (x, y)
            for x, y in itertools.combinations(range(len(cells)), 2)
            if cells[y] in peers[cells[x]]
        ]
        rows = [
            row
            for row in sorted(constraint.rows)
            if all(row[x] != row[y] for x, y in clashing) and all(1 <= d <= n for d in row)
        ]
        #: per cell, per digit (bit order): the set of rows with that digit there
        self.support = tuple(
            tuple(sum(1 << r for r, row in enumerate(rows) if row[k] == d) for d in range(1, n + 1))
            for k in range(len(cells))
        )

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep in each cell the digits of the rows still alive."""
        alive = -1
        for m, support in zip(masks, self.support):
            rows = 0
            for d, r in enumerate(support):
                if m >> d & 1:
                    rows |= r
            alive &= rows
            if not alive:
                return ()
        out = []
        for m, support in zip(masks, self.support):
            keep = 0
            for d, r in enumerate(support):
                if m >> d & 1 and r & alive:
                    keep |= 1 << d
            out.append(keep)
        return tuple(out)


class ImpliesPropagator(Pruner):
    """When some cells hold given digits, a linear sum holds (one by one, or in a
    :class:`RuleGroup`; x-sum and sandwich clues over a full group go to :class:`CasePropagator`).

    Design: a condition cell that cannot hold its digit any more makes the rule void. Once
    every condition cell holds its digit, the sum prunes as a :class:`LinearSumPropagator`.
    When all but one condition cells hold their digits, the sum's reachable totals are checked
    with that last cell set to its digit: out of reach, the digit leaves the cell.
    """

    def __init__(self, constraint: Implies, n: int, peers: Sequence[Collection[int]] = ()):
        super().__init__()
        self.sum = LinearSumPropagator(constraint.then, n, peers)
        when = constraint.when
        self.when = tuple((i, 1 << (d - 1)) for i, d in when if 1 <= d <= n)
        self.void = len(self.when) != len(when)  # a digit outside 1..n never holds
        self.cells = tuple(dict.fromkeys([i for i, _ in when] + list(self.sum.cells)))
        self.place = {i: k for k, i in enumerate(self.cells)}

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Nothing to do while the rule is void or two condition cells are still open."""
        if self.void:
            return True
        open_count = 0
        for i, b in self.when:
            m = cand[i]
            if not m & b:
                return True
            if m != b:
                open_count += 1
                if open_count > 1:
                    return True
        return super().run(cand, narrow)

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Narrow the sum when the condition holds, or the condition when the sum cannot."""
        place = self.place
        open_when = []
        fixed = list(masks)
        for i, b in self.when:
            m = masks[place[i]]
            if not m & b:
                return masks
            if m != b:
                open_when.append((i, b))
                fixed[place[i]] = b
        if len(open_when) > 1:
            return masks
        in_sum = tuple(fixed[place[i]] for i in self.sum.cells)
        if not self.sum.possible(in_sum):
            if not open_when:
                return ()
            (i, b), out = open_when[0], list(masks)
            out[place[i]] &= ~b
            return tuple(out)
        if open_when:
            return masks
        out = list(masks)
        for i, m in zip(self.sum.cells, self.sum.prune(in_sum)):
            out[place[i]] = m
        return tuple(out)


class RuleGroup:
    """The implications of one rule run as one, for rules :class:`CasePropagator` cannot read.

    Design: a rule such as a sandwich clue becomes an implication per pair of places of two
    digits, all over the same line, so a change in the line would wake a hundred of them one by
    one. As a group they are scheduled once. An implication with two or more conditions can only act
    once a condition cell holds its digit, so those are filed under each of their conditions
    and only the files of the conditions that hold are run; one-condition ones always run.
    """

    tier = 1

    def __init__(self, members: Sequence[ImpliesPropagator]):
        self.always = tuple(m for m in members if len(m.when) < 2 and not m.void)
        files: dict[tuple[int, int], list[ImpliesPropagator]] = {}
        for member in members:
            if len(member.when) >= 2 and not member.void:
                for condition in member.when:
                    files.setdefault(condition, []).append(member)
        self.files = tuple((i, b, tuple(file)) for (i, b), file in files.items())
        self.cells = tuple(dict.fromkeys(i for p in members for i in p.cells))

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Run the members that may act; False on the first contradiction."""
        for member in self.always:
            if not member.run(cand, narrow):
                return False
        for i, b, file in self.files:
            if cand[i] == b:
                for member in file:
                    if not member.run(cand, narrow):
                        return False
        return True


#: A case of :class:`CasePropagator`: the places and digits of its condition (twice the same
#: for one cell), the places of the sum's other cells and of the rest of the group, and the
#: digits of each.
Case = tuple[tuple[int, int, int, int], tuple[int, ...], tuple[int, ...], int, int]


class CasePropagator(Pruner):
    """The implications of one rule over a full group, read as cases: sandwiches, x-sums.

    Design: a sandwich clue is an implication per pair of places ``(p, q)`` of its 1 and ``n``
    in a row (a 1 at ``p`` and the ``n`` at ``q`` imply that the cells between add up to the
    clue); an x-sum clue one per digit ``x`` of the first cell (then the first ``x`` cells add
    up to the clue). A full group holds each digit once, so exactly one condition holds: one
    pair of places of the two digits, or one digit of the cell. In that case the sum's other
    cells hold different digits, none of the condition's, forming one of the digit sets that
    add up to what the condition's digits leave of the total (:func:`digit_sets`, tabled when
    the model is read), and the rest of the group holds the remaining digits (a condition no
    implication covers leaves them free). A case ``(condition, set)`` is possible when the
    condition's cells allow its digits and each part of the group can hold its digits
    (:func:`fill`); every cell keeps the digits of the possible cases. One pass settles the
    whole group, the cells outside the sum included, where the implications one by one act
    only once their condition holds.
    """

    tier = 2  # whole rule: best run on a settled state, with the groups

    def __init__(self, group: Sequence[int], cases: Sequence[Case]):
        super().__init__()
        self.cells = tuple(group)
        #: per condition and digit set, a :data:`Case`
        self.cases = tuple(cases)

    @classmethod
    def of(
        cls, rule: Sequence[Implies], full_groups: Sequence[Sequence[int]], n: int
    ) -> CasePropagator | None:
        """The propagator of ``rule`` when it has this shape, else None.

        The shape: the conditions of the implications are either two cells holding the same
        two digits (a sandwich) or one cell, the same for all, holding a digit (an x-sum); each
        sum has different cells and all coefficients 1; one full group holds all these cells;
        no condition is given two different sums.

        >>> from sudoku_models.constraints import Implies, LinearSum
        >>> between = lambda p, q: tuple(range(min(p, q) + 1, max(p, q)))
        >>> rule = [Implies(((p, 1), (q, 3)), LinearSum(between(p, q), 2))
        ...         for p, q in itertools.permutations(range(3), 2)]   # a sandwich of 2
        >>> prop = CasePropagator.of(rule, [(0, 1, 2)], 3)
        >>> [bin(m) for m in prop.prune((0b111, 0b111, 0b111))]   # 1 2 3 or 3 2 1
        ['0b101', '0b10', '0b101']
        """
        if not rule:
            return None
        sums: dict[tuple[tuple[int, int], ...], LinearSum] = {}
        cells: set[int] = set()
        for c in rule:
            when = tuple(sorted(c.when, key=lambda condition: condition[1]))
            if sums.setdefault(when, c.then) != c.then or len(set(c.then.cells)) != len(
                c.then.cells
            ):
                return None
            if set(c.then.coeffs) - {1} or not all(1 <= d <= n for _, d in when):
                return None
            cells.update(i for i, _ in when)
            cells.update(c.then.cells)
        group = next((tuple(g) for g in full_groups if cells <= set(g)), None)
        if group is None or len(group) != n:
            return None
        digits = {tuple(d for _, d in when) for when in sums}
        places = {tuple(i for i, _ in when) for when in sums}
        if len(digits) == 1 and len(next(iter(digits))) == 2:  # two digits, their places
            a, b = next(iter(digits))
            if a == b:
                return None
            conditions: list[tuple[tuple[int, int], ...]] = [
                ((p, a), (q, b)) for p, q in itertools.permutations(group, 2)
            ]
        elif len(places) == 1 and len(next(iter(places))) == 1:  # one cell, its digit
            (cell,) = next(iter(places))
            conditions = [((cell, d),) for d in range(1, n + 1)]
        else:
            return None
        place = {i: k for k, i in enumerate(group)}
        full = (1 << n) - 1
        cases: list[Case] = []
        for when in conditions:
            held = sum(1 << (d - 1) for _, d in when)
            taken = [i for i, _ in when]
            then = sums.get(when)
            inside = [] if then is None else [i for i in then.cells if i not in taken]
            sets: list[tuple[int, int]]
            if then is None:
                sets = [(0, full & ~held)]
            else:
                total = then.total - sum(d for i, d in when if i in then.cells)
                sets = [
                    (s, full & ~held & ~s)
                    for s in digit_sets(n, len(inside), total)
                    if not s & held
                ]
            outside = [i for i in group if i not in taken and i not in inside]
            (p, a), (q, b) = when if len(when) == 2 else when * 2
            condition = (place[p], 1 << (a - 1), place[q], 1 << (b - 1))
            at = tuple(place[i] for i in inside), tuple(place[i] for i in outside)
            cases.extend((condition, *at, *digits) for digits in sets)
        return cls(group, cases)

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep in each cell the digits of the cases still possible."""
        allowed = [0] * len(masks)
        for (p, b, q, c), inside, outside, digits_in, digits_out in self.cases:
            if not (masks[p] & b and masks[q] & c):
                continue
            hits_in = fill(masks, inside, digits_in)
            if hits_in is None:
                continue
            hits_out = fill(masks, outside, digits_out)
            if hits_out is None:
                continue
            allowed[p] |= b
            allowed[q] |= c
            for k, hit in zip(inside, hits_in):
                allowed[k] |= hit
            for k, hit in zip(outside, hits_out):
                allowed[k] |= hit
        return tuple(allowed) if all(allowed) else ()


def fill(masks: Sequence[int], places: Sequence[int], digits: int) -> list[int] | None:
    """The digits each of ``places`` may keep when together they hold exactly ``digits``, one
    each (as many digits as places), or None when they cannot.

    A digit with one place goes there; a place with one digit left keeps it from the others.

    >>> fill([0b011, 0b011, 0b111], [0, 1, 2], 0b111)   # the 3 has one place
    [3, 3, 4]
    """
    hits = []
    once = twice = 0
    for k in places:
        hit = masks[k] & digits
        if not hit:
            return None
        twice |= once & hit
        once |= hit
        hits.append(hit)
    if once != digits:
        return None
    only = digits & ~twice
    placed = 0
    for x, hit in enumerate(hits):
        if hit & only:
            hit &= only
            if hit & (hit - 1):
                return None
            hits[x] = hit
        if not hit & (hit - 1):
            if placed & hit:
                return None
            placed |= hit
    if placed:
        for x, hit in enumerate(hits):
            if hit & (hit - 1):
                hit &= ~placed
                if not hit:
                    return None
                hits[x] = hit
    return hits


class VisiblePropagator(Pruner):
    """Exactly ``count`` cells of a line are taller than all before them: skyscrapers.

    Design: exact supports over a small automaton whose state after each cell is the tallest
    digit so far. Forward, each state keeps a bitset of the visible counts reachable up to
    there; backward, each state keeps the counts that can still be completed to ``count``.
    Digit ``d`` of a cell is supported when some state ``t`` before it has a count ``c`` with
    ``c + (d > t)`` completable from the state after (``max(t, d)``). Running ORs over the
    states below (or the digits above) each ``t`` make a pass ``O(cells * n)`` small-integer
    operations.
    """

    tier = 2  # costly on every wake-up: best run on a settled state, with the groups

    def __init__(self, constraint: Visible, n: int):
        super().__init__()
        self.cells = constraint.cells
        self.count = constraint.count
        self.n = n

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep the digits of each cell that some assignment with the right count uses."""
        n, count = self.n, self.count
        if count < 0:
            return ()
        states = range(n + 1)
        # needed[k][t]: counts before cell k, tallest t, that can still end at ``count``
        needed = [[1 << count] * (n + 1)]
        for m in reversed(masks):
            after = needed[-1]
            here = [0] * (n + 1)
            taller = 0  # from the digits above t: a count one less
            for t in reversed(states):
                here[t] = taller | after[t] if m & ((1 << t) - 1) else taller
                if t and m >> (t - 1) & 1:
                    taller |= after[t] >> 1
            needed.append(here)
        needed.reverse()
        out = []
        reach = [1] + [0] * n  # counts reachable before cell k, by tallest digit so far
        for k, m in enumerate(masks):
            after = needed[k + 1]
            keep = 0
            nxt = [0] * (n + 1)
            shorter = 0  # counts of the states below t, which a digit t is taller than
            for t in states:
                if t and m >> (t - 1) & 1:
                    seen = (shorter << 1) & after[t]
                    if seen:
                        keep |= 1 << (t - 1)
                        nxt[t] |= seen
                counts = reach[t]
                if counts:
                    hidden = m & ((1 << t) - 1)
                    stays = counts & after[t]
                    if hidden and stays:
                        keep |= hidden
                        nxt[t] |= stays
                    shorter |= counts
            if not keep:
                return ()
            out.append(keep)
            reach = nxt
        return tuple(out)


class AutomatonPropagator(Pruner):
    """The digits along a line form a word a finite automaton accepts: lockout, modular,
    parity and 10-lines, regular expressions, rules written in Python.

    Design: the states are numbered and kept as bitsets; per state and digit the bitset of its
    next states is tabled (and per state the bitset of the states before it on each digit). A
    forward pass keeps the states reachable from the start after each cell, reading only the
    cell's candidates; a backward pass starts from the reachable accepting states after the last
    cell and keeps, before each cell, the reachable states with a transition on a candidate into
    a state kept after it. A digit is supported exactly when some kept state before its cell has
    a transition on it into a kept state after: one pass gives generalized arc consistency, for
    deterministic and non-deterministic automata alike. Each step of either pass depends only on
    the sets of states around a cell and its candidates, so it is remembered: a pass costs two
    look-ups per cell once the states a line goes through have been seen (``O(states *
    digits)`` the first time).
    """

    def __init__(self, rule: Automaton, n: int):
        super().__init__()
        self.cells = rule.cells
        states = sorted(
            {rule.start} | {q for q, _, r in rule.transitions} | {r for *_, r in rule.transitions}
        )
        place = {q: k for k, q in enumerate(states)}
        after = [[0] * n for _ in states]
        before = [[0] * n for _ in states]
        for q, d, r in rule.transitions:
            if 1 <= d <= n:
                after[place[q]][d - 1] |= 1 << place[r]
                before[place[r]][d - 1] |= 1 << place[q]
        self.after = tuple(map(tuple, after))
        self.before = tuple(map(tuple, before))
        self.start = 1 << place[rule.start]
        self.accepting = sum(1 << place[q] for q in rule.accepting if q in place)
        self.n, self.width = n, len(states)
        #: remembered steps: ``(states, mask) -> next states`` and ``(kept states after,
        #: states before, mask) -> (digits kept, states kept before)``, packed in one integer
        self.ahead: dict[int, int] = {}
        self.behind: dict[int, tuple[int, int]] = {}

    def prune(self, masks: tuple[int, ...]) -> tuple[int, ...]:
        """Keep the digits on some accepted run through the candidates."""
        n, width = self.n, self.width
        reach = [self.start]
        ahead = self.ahead
        for m in masks:
            key = reach[-1] << n | m
            nxt = ahead.get(key)
            if nxt is None:
                nxt = ahead[key] = self.step(reach[-1], m)
            if not nxt:
                return ()
            reach.append(nxt)
        kept = reach[-1] & self.accepting
        if not kept:
            return ()
        out = [0] * len(masks)
        behind = self.behind
        for k in range(len(masks) - 1, -1, -1):
            key = ((kept << width | reach[k]) << n) | masks[k]
            found = behind.get(key)
            if found is None:
                found = behind[key] = self.step_back(kept, reach[k], masks[k])
            keep, kept = found
            if not keep:
                return ()
            out[k] = keep
        if len(ahead) > MEMO_LIMIT or len(behind) > MEMO_LIMIT:
            ahead.clear()
            behind.clear()
        return tuple(out)

    def step(self, states: int, m: int) -> int:
        """The states reachable from ``states`` on one of the digits of ``m``."""
        out = 0
        for state in _indices(states):
            row = self.after[state]
            for d in _indices(m):
                out |= row[d]
        return out

    def step_back(self, kept: int, reach: int, m: int) -> tuple[int, int]:
        """The digits of ``m`` leading from a state of ``reach`` into ``kept``, and those
        states."""
        keep = came = 0
        for d in _indices(m):
            sources = 0
            for state in _indices(kept):
                sources |= self.before[state][d]
            sources &= reach
            if sources:
                keep |= 1 << d
                came |= sources
        return keep, came


def _indices(mask: int) -> Iterator[int]:
    """The positions of the set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class CountPropagator:
    """Between ``low`` and ``high`` cells of a set hold one of some digits: global entropy and
    modular rules, equality and look-and-say cages.

    Design: bounds. A cell whose candidates all lie in the digits surely counts, one with some
    there may count. Too many sure cells, or too few that may, fail; with as many sure cells as
    ``high`` the undecided cells lose those digits, with as few possible ones as ``low`` they
    keep only those digits. That is the arc consistency of a count.
    """

    tier = 1

    def __init__(self, rule: Count, n: int):
        self.cells = rule.cells
        self.inside = sum(1 << (d - 1) for d in rule.digits if 1 <= d <= n)
        self.low, self.high = rule.low, rule.high

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Fail outside the bounds; settle the undecided cells at either bound."""
        inside = self.inside
        sure = maybe = 0
        undecided = []
        for i in self.cells:
            m = cand[i]
            if m & inside:
                maybe += 1
                if m & ~inside:
                    undecided.append(i)
                else:
                    sure += 1
        if sure > self.high or maybe < self.low:
            return False
        if undecided and sure == self.high:
            return all(narrow(i, cand[i] & ~inside) for i in undecided)
        if undecided and maybe == self.low:
            return all(narrow(i, cand[i] & inside) for i in undecided)
        return True


class ElementPropagator:
    """The digit of an index cell picks which cell of a list holds a value: numbered rooms,
    value indexing.

    Design: supports. An index digit ``d`` stays while the cell it picks can still hold the
    wanted digit (the value, or one of the target cell's candidates); the target keeps the
    digits some remaining pick can hold. Once the index is settled, the picked cell and the
    target keep only the digits they share.
    """

    tier = 1

    def __init__(self, rule: Element, n: int):
        self.cells = rule.cells
        self.index, self.choices, self.target = rule.index, rule.choices, rule.target
        self.value = 1 << (rule.value - 1) if 1 <= rule.value <= n else 0
        self.picks = (1 << min(len(rule.choices), n)) - 1

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Keep the index digits with a support, and the target digits some pick allows."""
        index, target = self.index, self.target
        keep = reach = 0
        for b in bits(cand[index] & self.picks):
            wanted = self.value if target is None else b if target == index else cand[target]
            chosen = self.choices[b.bit_length() - 1]
            held = b if chosen == index else cand[chosen]
            hit = held if chosen == target else held & wanted
            if hit:
                keep |= b
                reach |= hit
        if not keep or (keep != cand[index] and not narrow(index, keep)):
            return False
        if target is not None and target != index:
            narrowed = cand[target] & reach
            if narrowed != cand[target] and not narrow(target, narrowed):
                return False
        if keep & (keep - 1):
            return True
        chosen = self.choices[keep.bit_length() - 1]
        if chosen in (index, target):
            return True
        wanted = self.value if target is None else cand[target]
        if cand[chosen] & wanted != cand[chosen] and not narrow(chosen, cand[chosen] & wanted):
            return False
        if target is not None and cand[target] & cand[chosen] != cand[target]:
            return narrow(target, cand[target] & cand[chosen])
        return True


#: Outcomes of comparing two lines read as numbers, as bits: smaller, equal, larger.
SMALLER, EQUAL, LARGER = 1, 2, 4


#: For each outcome bit, the sets of outcomes (0 to 7) holding it.
_HAVING = {bit: tuple(s for s in range(8) if s & bit) for bit in (SMALLER, EQUAL, LARGER)}


def outcomes(cand: Sequence[int], pairs: Sequence[tuple[int, int]]) -> int:
    """The outcomes (bits) another line may still have against a line, given the ``pairs`` of
    cells (the other's, the line's) at the positions that decide between them
    (:func:`~sudoku_models.constraints.deciding_positions`), walked while they may be equal so
    far (cells compared on their candidates alone)."""
    seen = 0
    for a, b in pairs:
        ma, mb = cand[a], cand[b]
        if mb >= (ma & -ma) << 1:  # some digit of b above the smallest of a
            seen |= SMALLER
        if ma >= (mb & -mb) << 1:
            seen |= LARGER
        if not ma & mb:
            return seen
    return seen | EQUAL


def at_most(mask: int) -> int:
    """The digits (bits) up to the largest of ``mask``."""
    return (1 << mask.bit_length()) - 1


def at_least(mask: int) -> int:
    """The digits (bits) from the smallest of ``mask`` up."""
    return ~((mask & -mask) - 1)


def _keep_only(cand: list[int], narrow: Narrow, i: int, mask: int) -> bool:
    """Narrow cell ``i`` to the digits of ``mask``; False when none is left."""
    kept = cand[i] & mask
    return kept == cand[i] or narrow(i, kept)


class RankPropagator:
    """A line read as a number among other lines: full rank.

    Design: bounds, as for a count, over the pairs of lines. Each pair's outcomes still
    possible come from a walk along the two lines while their digits may be equal. Too many
    pairs sure of an outcome, or too few that may have it, fail. At a bound the undecided pairs
    are settled: they must take the outcome, or must not; the first position where the two
    lines are not yet both settled to one digit is then ordered (the other line's digit at most
    the line's when it may not be larger, at least when it may not be smaller, strictly at the
    last position when it may not be equal either), or, when the two must read the same, each
    position's cells keep the digits they share.
    """

    tier = 2

    def __init__(self, rule: Rank):
        self.cells = rule.cells
        self.pairs = [deciding_positions(rule.line, other) for other in rule.others]
        self.bounds = [rule.bounds(kind) for kind in range(3)]

    def run(self, cand: list[int], narrow: Narrow) -> bool:
        """Fail outside the bounds; settle the undecided pairs at a bound."""
        seen = [outcomes(cand, pairs) for pairs in self.pairs]
        tally = [0] * 8
        for s in seen:
            tally[s] += 1
        allowed = [7] * len(seen)
        for kind, (low, high) in enumerate(self.bounds):
            bit = 1 << kind
            sure = tally[bit]
            maybe = sum(tally[s] for s in _HAVING[bit])
            if sure > high or maybe < low:
                return False
            if maybe == low and maybe > sure:
                allowed = [a & bit if s & bit else a for a, s in zip(allowed, seen)]
            elif sure == high and maybe > sure:
                allowed = [a & ~bit if s != bit else a for a, s in zip(allowed, seen)]
        for pairs, s, keep in zip(self.pairs, seen, allowed):
            if s & keep != s and not self.order(cand, narrow, pairs, s & keep):
                return False
        return True

    def order(
        self, cand: list[int], narrow: Narrow, pairs: Sequence[tuple[int, int]], keep: int
    ) -> bool:
        """Narrow a pair of lines (their cells ``pairs`` where they differ, as in
        :func:`outcomes`) at their first unsettled position to the outcomes ``keep``; False on
        a contradiction."""
        if not keep:
            return False
        if keep == EQUAL:  # the two lines read the same: each position's cells share digits
            return all(
                _keep_only(cand, narrow, a, cand[b]) and _keep_only(cand, narrow, b, cand[a])
                for a, b in pairs
            )
        last = len(pairs) - 1
        for k, (a, b) in enumerate(pairs):
            if cand[a] == cand[b] and not cand[a] & (cand[a] - 1):
                continue
            if keep & (SMALLER | LARGER) == SMALLER | LARGER:
                return True
            strict = k == last and not keep & EQUAL
            low, high = (a, b) if keep & SMALLER else (b, a)  # low's digit <= high's
            top = at_most(cand[high]) >> strict
            bottom = at_least(cand[low]) << strict
            return _keep_only(cand, narrow, low, top) and _keep_only(cand, narrow, high, bottom)
        return bool(keep & EQUAL)


Pairs = frozenset[tuple[int, int]]


def merge_relations(relations: Sequence[Relation]) -> dict[tuple[int, int], Pairs]:
    """One pair set per pair of cells ``(a, b)`` with ``a < b``: the relations on them, ANDed."""
    merged: dict[tuple[int, int], Pairs] = {}
    for r in relations:
        key, pairs = (r.a, r.b), r.pairs
        if r.a > r.b:
            key, pairs = (r.b, r.a), frozenset((y, x) for x, y in pairs)
        merged[key] = merged[key] & pairs if key in merged else pairs
    return merged


def group_digit_sets(
    cells: Sequence[int], merged: dict[tuple[int, int], Pairs], n: int
) -> tuple[int, ...] | None:
    """The digit sets an all-different group may hold given the relations between its cells.

    Only when every two cells carry the same symmetric relation (then a set is possible exactly
    when each two of its digits are allowed: a white dot between two cells of a renban line
    says more about those two only); None otherwise, or when no set is ruled out.
    """
    relations = []
    for a, b in itertools.combinations(sorted(cells), 2):
        pairs = merged.get((a, b))
        if pairs is None or any((y, x) not in pairs for x, y in pairs):
            return None
        relations.append(pairs)
    if len(set(relations)) > 1:
        return None
    allowed = relations[0] if relations else frozenset()
    sets = tuple(
        sum(1 << (d - 1) for d in combo)
        for combo in itertools.combinations(range(1, n + 1), len(cells))
        if all(pair in allowed for pair in itertools.combinations(combo, 2))
    )
    if len(sets) == math.comb(n, len(cells)):
        return None
    return sets


def relation_propagators(
    merged: dict[tuple[int, int], Pairs], n: int
) -> tuple[list[RelationPropagator], list[tuple[int, int]]]:
    """The merged relations as propagators, and the pairs of cells that only say "differ".

    A merged relation whose pairs are exactly the unequal digit pairs is returned as a pair of
    cells to treat as peers (a placed digit leaves the other cell), which is its arc consistency.
    """
    different = frozenset((x, y) for x in range(1, n + 1) for y in range(1, n + 1) if x != y)
    props, peer_pairs = [], []
    for (a, b), pairs in merged.items():
        if a != b and pairs == different:
            peer_pairs.append((a, b))
        else:
            props.append(RelationPropagator(a, b, pairs, n))
    return props, peer_pairs
