"""Sudoku Explainer's rating: ER (hardest step), EP (first placement), ED (first step).

Sudoku Explainer (SE), the rating the forum community uses for the hardest puzzles, solves with
its own ladder of techniques, each with a fixed difficulty, always taking the first deduction of
the easiest technique that applies and starting again from the easiest after each:

====  =========================================  ====  =====================================
1.0   last empty cell of a unit                  3.4   hidden pair
1.2   hidden single in a box                     3.6   naked triple
1.5   hidden single in a row or column           3.8   swordfish
1.7   direct pointing (gives a hidden single)    4.0   hidden triple
1.9   direct claiming                            4.2   XY-wing
2.0   direct hidden pair                         4.4   XYZ-wing
2.3   naked single                               4.5   unique rectangle (types 1, 2, 4)
2.5   direct hidden triple                       5.0   naked quad
2.6   pointing                                   5.2   jellyfish
2.8   claiming                                   5.4   hidden quad
3.0   naked pair                                 5.6   BUG type 1
3.2   X-wing                                     6.6+  forcing X-chain; 7.0+ forcing chain
====  =========================================  ====  =====================================

*Direct* techniques count only when their eliminations leave a hidden single, which they place.
A forcing chain assumes a candidate true (false) and follows single links to the opposite of the
assumption: 6.6 when it uses one digit only (X-chain), 7.0 when it also goes through
two-candidate cells; a longer chain costs more: +0.1 once it has more than 6 nodes, then at 9,
11, 15, 19, 27, ... nodes. The chain the rating takes is one of the easiest.

ER is the largest difficulty on the way, EP the largest up to the first placed digit, ED the
difficulty of the first step.

Where this may differ from SE: SE's loops (X- and Y-cycles, 6.5+), aligned pair exclusion (6.2),
BUG types 2-4, unique rectangle type 3 and loops longer than a rectangle are not searched; when
SE would use one of them, this rating takes the next technique that applies. Past forcing chains
SE goes on with Nishio, multiple and dynamic forcing chains (7.5 to 9+ and more); those are not
rated here: ``er`` is None and ``complete`` False when the puzzle needs them. When several
deductions of one technique apply, SE's scan order picks one; here the scan order is this
package's, which can lead to another path and (rarely) another rating.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..board import Board
from ..puzzle import Puzzle
from .candidates import CandidateGrid, digit_cells, digits_of, geometry, held_twice, unit_places
from .logical import apply_step
from .step import Step
from .techniques.fish import basic_fish
from .techniques.intersections import confined_digits, crossings, target_rest_bits
from .techniques.subsets import naked_subset, place_combos
from .techniques.uniqueness import (
    bug_plus_one,
    unique_rectangle_1,
    unique_rectangle_2,
    unique_rectangle_4,
)
from .techniques.wings import xy_wing, xyz_wing


@dataclass(frozen=True)
class ExplainerRating:
    """Sudoku Explainer's three numbers; ``er`` and ``ep`` are None when not reached.

    ``complete`` says whether the techniques rated here solved the puzzle; ``hardest`` names
    the step that set ER.
    """

    er: float | None
    ep: float | None
    ed: float | None
    hardest: str
    complete: bool

    def __str__(self) -> str:
        def show(x: float | None) -> str:
            return "?" if x is None else f"{x:.1f}"

        return f"ER {show(self.er)}/EP {show(self.ep)}/ED {show(self.ed)}"


# A rated step: difficulty in tenths, and the step.
Rated = tuple[int, Step]
Finder = Callable[[CandidateGrid], Iterator[Rated]]


@functools.cache
def _se_unit_order(
    board: Board,
) -> tuple[tuple[int, tuple[int, ...], Callable[[list[int]], tuple[int, ...]]], ...]:
    """Units the way SE scans them, boxes, columns, rows: ``(unit number, cells, picker of
    the cells' entries)``."""
    n = board.n
    geo = geometry(board)
    return tuple(
        (u, geo.units[u], geo.unit_entries[u])
        for u in [*range(2 * n, 3 * n), *range(n, 2 * n), *range(n)]
    )


def _single_steps(grid: CandidateGrid) -> Iterator[Rated]:
    """Last cells of units (1.0), then hidden singles in boxes (1.2), columns, rows (1.5)."""
    masks, values = grid.masks, grid.values
    n = grid.geo.n
    order = _se_unit_order(grid.geo.board)
    for u, _, cells_of in order:
        if cells_of(values).count(0) == 1:
            single = 0
            for m in cells_of(masks):
                single |= m
            if single:
                yield from _hidden_single(grid, u, single, 10)
                return
    for u, _, cells_of in order:
        once = twice = 0
        for m in cells_of(masks):
            twice |= once & m
            once |= m
        single = once & ~twice
        if single:
            yield from _hidden_single(grid, u, single, 12 if u >= 2 * n else 15)


def _hidden_single(grid: CandidateGrid, u: int, single: int, rating: int) -> Iterator[Rated]:
    geo = grid.geo
    unit = geo.units[u]
    while single:
        low = single & -single
        single ^= low
        d = low.bit_length()
        i = next(i for i in unit if grid.masks[i] & low)
        yield (
            rating,
            Step(
                "Hidden Single",
                placements=((i, d),),
                cells=(i,),
                digits=(d,),
                reason=f"in {geo.unit_name(u)}, {d} fits only {geo.cell_name(i)}",
            ),
        )


def _cells_of(unit: tuple[int, ...], bits: int) -> list[int]:
    return [i for k, i in enumerate(unit) if bits >> k & 1]


def _locking(grid: CandidateGrid, direct: bool) -> Iterator[Rated]:
    """Pointing and claiming; with ``direct``, only those that leave a hidden single in
    another unit of the first kind, which they place."""
    geo, masks = grid.geo, grid.masks
    board = geo.board
    holders = digit_cells(grid)
    for from_boxes in (True, False):
        ways = crossings(board, from_boxes)
        rests = target_rest_bits(board, from_boxes)
        for k, only in enumerate(confined_digits(grid, from_boxes)):
            if not only:
                continue
            u1, u2, inside, _, target_rest = ways[k]
            while only:
                low = only & -only
                only ^= low
                d = low.bit_length()
                if not holders[d] & rests[k]:  # nothing to strike
                    continue
                places = [i for i in inside if masks[i] & low]
                elims = tuple((i, d) for i in target_rest if masks[i] & low)
                if len(places) < 2 or not elims:
                    continue
                reason = f"in {geo.unit_name(u1)}, {d} lies only in {geo.unit_name(u2)}"
                if not direct:
                    yield (
                        (26 if from_boxes else 28),
                        Step(
                            "Pointing" if from_boxes else "Claiming",
                            eliminations=elims,
                            cells=tuple(places),
                            digits=(d,),
                            reason=reason,
                        ),
                    )
                    continue
                struck = {i for i, _ in elims}
                kind = 2 if from_boxes else u1 // geo.n
                for u3 in sorted({geo.cell_units[i][kind] for i in struck}):
                    left = [i for i in geo.units[u3] if masks[i] & low]
                    rest = [i for i in left if i not in struck]
                    if len(left) > 1 and len(rest) == 1:
                        yield (
                            (17 if from_boxes else 19),
                            Step(
                                "Direct Pointing" if from_boxes else "Direct Claiming",
                                placements=((rest[0], d),),
                                eliminations=elims,
                                cells=tuple(places),
                                digits=(d,),
                                reason=f"{reason}; then {d} fits only {geo.cell_name(rest[0])} "
                                f"in {geo.unit_name(u3)}",
                            ),
                        )
                        break


def _hidden_sets(grid: CandidateGrid, k: int, direct: bool) -> Iterator[Rated]:
    """Hidden sets of ``k`` digits (in units with more than 2k empty cells); with ``direct``,
    only those leaving a hidden single of another digit in the unit (units with more than k
    empty cells), which they place."""
    geo, masks, values = grid.geo, grid.masks, grid.values
    n = geo.n
    rating = {2: 20, 3: 25}[k] if direct else {2: 34, 3: 40, 4: 54}[k]
    name = {2: "Pair", 3: "Triple", 4: "Quad"}[k]
    places = unit_places(grid)
    for u, unit, cells_of in _se_unit_order(geo.board):
        empty = cells_of(values).count(0)
        if empty <= (k if direct else 2 * k):
            continue
        where = places[u]
        for ds, union in place_combos(tuple(where), k, least=1):
            keep = sum(1 << (d - 1) for d in ds)
            cells = _cells_of(unit, union)
            if not any(masks[i] & ~keep for i in cells):  # another digit in the set's cells?
                continue
            elims = tuple((i, e) for i in cells for e in digits_of(masks[i] & ~keep))
            reason = f"in {geo.unit_name(u)}, {'/'.join(map(str, ds))} fit only in " + ", ".join(
                geo.cell_name(i) for i in cells
            )
            if not direct:
                yield (
                    rating,
                    Step(
                        f"Hidden {name}",
                        eliminations=elims,
                        cells=tuple(cells),
                        digits=tuple(ds),
                        reason=reason,
                    ),
                )
                continue
            for e in range(1, n + 1):
                if e in ds or where[e].bit_count() < 2:
                    continue
                rest = where[e] & ~union
                if rest.bit_count() == 1:
                    cell = _cells_of(unit, rest)[0]
                    yield (
                        rating,
                        Step(
                            f"Direct Hidden {name}",
                            placements=((cell, e),),
                            eliminations=elims,
                            cells=tuple(cells),
                            digits=tuple(ds),
                            reason=f"{reason}; then {e} fits only {geo.cell_name(cell)}",
                        ),
                    )
                    break


def _naked_single(grid: CandidateGrid) -> Iterator[Rated]:
    geo = grid.geo
    for i, m in enumerate(grid.masks):
        if m and not m & (m - 1):
            d = m.bit_length()
            yield (
                23,
                Step(
                    "Naked Single",
                    placements=((i, d),),
                    cells=(i,),
                    digits=(d,),
                    reason=f"{d} is the only candidate left in {geo.cell_name(i)}",
                ),
            )


def _naked_set(k: int) -> Callable[[CandidateGrid], Iterator[Step]]:
    """Naked subsets of size ``k``, locked or not (SE does not tell them apart)."""

    return functools.partial(naked_subset, k=k, locked=None)


def _rated(finder: Callable[[CandidateGrid], Iterator[Step]], rating: int) -> Finder:
    def find(grid: CandidateGrid) -> Iterator[Rated]:
        for step in finder(grid):
            yield rating, step

    return find


# --- forcing chains ---------------------------------------------------------------------------


def _length_extra(nodes: int) -> int:
    """Tenths SE adds for a chain of ``nodes`` potentials."""
    added, ceil, odd = 0, 4, False
    length = nodes - 2
    while length > ceil:
        added += 1
        ceil = ceil * 3 // 2 if not odd else ceil * 4 // 3
        odd = not odd
    return added


@functools.cache
def _spread_peers(board: Board) -> tuple[int, ...]:
    """For each cell, bit ``2 * p`` set for each peer ``p`` (the peers' "false" states of the
    first digit in :func:`_chain_graph`; shifted, of any digit)."""
    return tuple(sum(1 << 2 * p for p in peers) for peers in board.peers)


def _chain_graph(grid: CandidateGrid) -> list[int]:
    """Single links of one digit between states ``2 * node + on`` (node ``(digit - 1) * cells
    + cell``), as the bit set of the states each state leads to: a true candidate makes its
    peers with the digit false; a false one makes the other place of the digit in a unit
    true."""
    geo, masks = grid.geo, grid.masks
    size = len(masks)
    spread = _spread_peers(geo.board)
    out = [0] * (2 * geo.n * size)
    holders = 0  # the "false" state of every candidate
    for cell, m in enumerate(masks):
        while m:
            low = m & -m
            m ^= low
            holders |= 1 << 2 * ((low.bit_length() - 1) * size + cell)
    for cell, m in enumerate(masks):
        while m:
            low = m & -m
            m ^= low
            shift = 2 * (low.bit_length() - 1) * size
            out[shift + 2 * cell + 1] = holders & spread[cell] << shift
    for unit, entries in zip(geo.units, geo.unit_entries, strict=True):
        pairs = held_twice(entries(masks))
        while pairs:
            low = pairs & -pairs
            pairs ^= low
            shift = 2 * (low.bit_length() - 1) * size
            a, b = (shift + 2 * i for i in unit if masks[i] & low)
            out[a] |= 1 << b + 1
            out[b] |= 1 << a + 1
    return out


def _with_cells(grid: CandidateGrid, graph: list[int]) -> list[int]:
    """``graph`` (of :func:`_chain_graph`) with the links inside cells added: a true
    candidate makes its cell's other candidates false, a false one makes the other candidate
    of a two-candidate cell true."""
    masks = grid.masks
    size = len(masks)
    out = graph[:]
    for cell, m in enumerate(masks):
        if not m:
            continue
        own = 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            own |= 1 << 2 * ((low.bit_length() - 1) * size + cell)
        two = m.bit_count() == 2
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            state = 2 * ((low.bit_length() - 1) * size + cell)
            out[state + 1] |= own & ~(1 << state)
            if two:
                out[state] |= 1 << 2 * (((m ^ low).bit_length() - 1) * size + cell) + 1
    return out


class _Chains:
    """Shortest chains from a state to its opposite in one link graph (see
    :func:`_chain_graph`).

    The links come in opposite pairs (``a`` leads to ``b`` when ``b ^ 1`` leads to
    ``a ^ 1``). So a chain from ``s`` through ``v`` to ``s ^ 1`` is as long as a chain from
    ``s`` to ``v`` plus one from ``s`` to ``v ^ 1``: searching from ``s`` to half the chain's
    length is enough. And when every state ``s`` leads to is known and ``s ^ 1`` is not among
    them, no state ``v`` among them leads to ``v ^ 1`` either (``s`` would lead through ``v``
    and ``v ^ 1`` to ``s ^ 1``): those states are *dead*.
    """

    def __init__(self, graph: list[int]) -> None:
        self.graph = graph
        self.evens = int("01" * (len(graph) // 2), 2)
        self.dead = 0

    def nodes(self, first: int, limit: int) -> int | None:
        """Nodes of the shortest chain from state ``first`` to ``first ^ 1``; None if none
        has fewer than ``limit`` nodes. Level ``k`` of the search holds the states ``k`` links
        away; a chain of ``2k - 1`` or ``2k`` links shows at level ``k``."""
        if self.dead >> first & 1:
            return None
        graph, evens = self.graph, self.evens
        new = seen = 1 << first
        levels = [new]
        k = 0
        while new and 2 * (k + 1) < limit:
            k += 1
            reach = 0
            while new:  # highest state first: one big number less to build per state
                top = new.bit_length() - 1
                reach |= graph[top]
                new ^= 1 << top
            new = reach & ~seen
            seen |= new
            levels.append(new)
            opposite = (new & evens) << 1 | (new >> 1) & evens
            if opposite & seen:
                nodes = k + next(j for j, level in enumerate(levels) if level & opposite) + 1
                return nodes if nodes < limit else None
        if not new:
            self.dead |= seen
        return None


def _forcing_chains(grid: CandidateGrid) -> Iterator[Rated]:
    """The easiest (then shortest) forcing chain: X-chains (6.6) first, then X/Y (7.0)."""
    geo, masks = grid.geo, grid.masks
    size = len(masks)
    board = geo.board
    # each digit's cells (its X-chains depend on those only) and states in the search
    places = [0] * (geo.n + 1)
    states = [0] * (geo.n + 1)
    for cell, m in enumerate(masks):
        for d in digits_of(m):
            places[d] |= 1 << cell
            states[d] |= 3 << 2 * ((d - 1) * size + cell)
    best: tuple[int, int, int, int, bool, str] | None = None
    graph = _chain_graph(grid)
    for cells_too, base, name in ((False, 66, "Forcing X-Chain"), (True, 70, "Forcing Chain")):
        if best is not None and best[0] < base:
            break
        if cells_too:
            graph = _with_cells(grid, graph)
        chains = _Chains(graph)
        limit = 64 if best is None else _limit(best, base)
        skip = [not cells_too and (board, where) in _NO_X_CHAIN for where in places]
        for cell in grid.empty_cells():
            for d in digits_of(masks[cell]):
                if skip[d]:
                    continue
                for on in (True, False):
                    nodes = chains.nodes(2 * ((d - 1) * size + cell) + on, limit)
                    if nodes is None:
                        continue
                    key = (base + _length_extra(nodes), nodes)
                    if best is None or key < best[:2]:
                        best = (*key, cell, d, on, name)
                        limit = _limit(best, base)
                    if best[0] == base:
                        break  # no chain of this kind is easier
                if best is not None and best[0] == base:
                    break
            if best is not None and best[0] == base:
                break
        if not cells_too:
            _remember_no_x_chain(board, places, states, chains.dead)
    if best is None:
        return
    rating, nodes, cell, d, on, name = best
    what = "true" if on else "false"
    step = Step(
        name,
        placements=() if on else ((cell, d),),
        eliminations=((cell, d),) if on else (),
        cells=(cell,),
        digits=(d,),
        reason=(
            f"if {d} in {geo.cell_name(cell)} were {what}, a chain of {nodes} links would "
            f"make it {'false' if on else 'true'}"
        ),
    )
    yield rating, step


#: Digits' cells (bit sets, with the board) from which no forcing X-chain starts: a digit's
#: X-chains depend on its cells only, and most digits keep them from one chain to the next.
_NO_X_CHAIN: set[tuple[Board, int]] = set()


def _remember_no_x_chain(board: Board, places: list[int], states: list[int], dead: int) -> None:
    """Remember the digits whose every state the X-chain search found dead."""
    if len(_NO_X_CHAIN) > 1 << 14:
        _NO_X_CHAIN.clear()
    for d in range(1, len(places)):
        if places[d] and states[d] & dead == states[d]:
            _NO_X_CHAIN.add((board, places[d]))


def _limit(best: tuple, base: int) -> int:
    """The fewest nodes of a chain at difficulty ``base`` the search need not find.

    A chain must beat ``best`` (easier, or as hard and shorter) to count; when ``best`` is
    already at ``base``, the scan stops at the first chain found no harder than ``best``.
    """
    nodes = 2
    if best[0] == base:
        while base + _length_extra(nodes) <= best[0] and nodes < 65:
            nodes += 1
        return nodes
    while (base + _length_extra(nodes), nodes) < best[:2]:
        nodes += 1
    return nodes


#: SE's ladder, easiest first: direct techniques, then the rest, then forcing chains.
LADDER: tuple[Finder, ...] = (
    _single_steps,
    functools.partial(_locking, direct=True),
    functools.partial(_hidden_sets, k=2, direct=True),
    _naked_single,
    functools.partial(_hidden_sets, k=3, direct=True),
    functools.partial(_locking, direct=False),
    _rated(_naked_set(2), 30),
    _rated(functools.partial(basic_fish, k=2), 32),
    functools.partial(_hidden_sets, k=2, direct=False),
    _rated(_naked_set(3), 36),
    _rated(functools.partial(basic_fish, k=3), 38),
    functools.partial(_hidden_sets, k=3, direct=False),
    _rated(xy_wing, 42),
    _rated(xyz_wing, 44),
    _rated(unique_rectangle_1, 45),
    _rated(unique_rectangle_2, 45),
    _rated(unique_rectangle_4, 45),
    _rated(_naked_set(4), 50),
    _rated(functools.partial(basic_fish, k=4), 52),
    functools.partial(_hidden_sets, k=4, direct=False),
    _rated(bug_plus_one, 56),
    _forcing_chains,
)


def se_rating(puzzle: Puzzle) -> ExplainerRating:
    """Rate ``puzzle`` (one solution assumed) the way Sudoku Explainer does.

    >>> from sudoku_models import Puzzle
    >>> line = "9..2..8.6..6...1.7.8...6...2...5..9....7.9......14....8.9..3.5...7.813......7...."
    >>> str(se_rating(Puzzle.parse(line)))
    'ER 2.0/EP 1.2/ED 1.2'
    """
    grid = CandidateGrid.from_puzzle(puzzle)
    er = 0
    ep: int | None = None
    ed: int | None = None
    hardest = "none"
    while not grid.is_solved():
        found = next((r for finder in LADDER for r in finder(grid)), None)
        if found is None:
            return ExplainerRating(
                None,
                None if ep is None else ep / 10,
                None if ed is None else ed / 10,
                "beyond forcing chains",
                False,
            )
        rating, step = found
        if rating > er:
            er, hardest = rating, step.technique
        if ed is None:
            ed = er
        if ep is None and step.placements:
            ep = er
        apply_step(grid, step)
    return ExplainerRating(er / 10, (ep or er) / 10, (ed or er) / 10, hardest, True)
