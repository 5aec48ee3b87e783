"""Sudoku Explainer's rating: ER (hardest step), EP (first placement), ED (first step).

Sudoku Explainer (SE), the rating the forum community uses for the hardest puzzles, solves with
its own ladder of techniques, each with a fixed difficulty, always taking the first deduction of
the easiest technique that applies and starting again from the easiest after each:

====  ======================================  ====  =====================================
1.0   last empty cell of a unit               3.4   hidden pair
1.2   hidden single in a box                  3.6   naked triple
1.5   hidden single in a row or column        3.8   swordfish
1.7   direct pointing (gives a hidden single) 4.0   hidden triple
1.9   direct claiming                         4.2   XY-wing
2.0   direct hidden pair                      4.4   XYZ-wing
2.3   naked single                            4.5   unique rectangle (types 1, 2, 4)
2.5   direct hidden triple                    5.0   naked quad
2.6   pointing                                5.2   jellyfish
2.8   claiming                                5.4   hidden quad
3.0   naked pair                              5.6   BUG type 1
3.2   X-wing                                  6.6+  forcing X-chain; 7.0+ forcing chain
====  ======================================  ====  =====================================

*Direct* techniques count only when their eliminations leave a hidden single, which they place.
A forcing chain assumes a candidate true (false) and follows single links to the opposite of the
assumption: 6.6 when it uses one digit only (X-chain), 7.0 when it also goes through
two-candidate cells; a longer chain costs more: +0.1 once it has more than 6 nodes, then at 9,
11, 15, 19, 27, ... nodes. The chain the rating takes is the easiest, then the shortest.

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
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..puzzle import Puzzle
from .candidates import CandidateGrid, digits_of
from .logical import apply_step
from .step import Step
from .techniques.fish import basic_fish
from .techniques.subsets import naked_subset
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


def _single_steps(grid: CandidateGrid) -> Iterator[Rated]:
    """Last cells of units (1.0), then hidden singles in boxes (1.2), columns, rows (1.5)."""
    geo, masks, values = grid.geo, grid.masks, grid.values
    n = geo.n
    order = [*range(2 * n, 3 * n), *range(n, 2 * n), *range(n)]
    for alone in (True, False):
        for u in order:
            unit = geo.units[u]
            empty = [i for i in unit if not values[i]]
            if (len(empty) == 1) != alone:
                continue
            for d in range(1, n + 1):
                b = 1 << (d - 1)
                places = [i for i in empty if masks[i] & b]
                if len(places) == 1:
                    rating = 10 if alone else 12 if u >= 2 * n else 15
                    yield rating, Step(
                        "Hidden Single",
                        placements=((places[0], d),),
                        cells=(places[0],),
                        digits=(d,),
                        reason=f"in {geo.unit_name(u)}, {d} fits only {geo.cell_name(places[0])}",
                    )


def _positions(grid: CandidateGrid, unit: tuple[int, ...], b: int) -> list[int]:
    return [i for i in unit if grid.masks[i] & b]


def _locking(grid: CandidateGrid, direct: bool) -> Iterator[Rated]:
    """Pointing and claiming; with ``direct``, only those that leave a hidden single in
    another unit of the first kind, which they place."""
    geo = grid.geo
    n = geo.n
    boxes = range(2 * n, 3 * n)
    for first, second in ((boxes, range(n, 2 * n)), (boxes, range(n)), (range(n, 2 * n), boxes),
                          (range(n), boxes)):
        pointing = first is boxes
        for d in range(1, n + 1):
            b = 1 << (d - 1)
            for u1 in first:
                places = _positions(grid, geo.units[u1], b)
                if len(places) < 2:
                    continue
                for u2 in second:
                    cells2 = set(geo.units[u2])
                    if not all(i in cells2 for i in places):
                        continue
                    elims = tuple((i, d) for i in geo.units[u2] if i not in places and
                                  grid.masks[i] & b and i not in geo.units[u1])
                    if not elims:
                        continue
                    reason = f"in {geo.unit_name(u1)}, {d} lies only in {geo.unit_name(u2)}"
                    if not direct:
                        yield (26 if pointing else 28), Step(
                            "Pointing" if pointing else "Claiming",
                            eliminations=elims, cells=tuple(places), digits=(d,), reason=reason)
                        continue
                    struck = {i for i, _ in elims}
                    for u3 in first:
                        if u3 == u1 or not cells2.intersection(geo.units[u3]):
                            continue
                        left = _positions(grid, geo.units[u3], b)
                        rest = [i for i in left if i not in struck]
                        if len(left) > 1 and len(rest) == 1:
                            yield (17 if pointing else 19), Step(
                                "Direct Pointing" if pointing else "Direct Claiming",
                                placements=((rest[0], d),),
                                eliminations=elims,
                                cells=tuple(places),
                                digits=(d,),
                                reason=f"{reason}; then {d} fits only {geo.cell_name(rest[0])} "
                                f"in {geo.unit_name(u3)}",
                            )


def _hidden_sets(grid: CandidateGrid, k: int, direct: bool) -> Iterator[Rated]:
    """Hidden sets of ``k`` digits (in units with more than 2k empty cells); with ``direct``,
    only those leaving a hidden single of another digit in the unit (units with more than k
    empty cells), which they place."""
    geo, masks, values = grid.geo, grid.masks, grid.values
    n = geo.n
    rating = {2: 20, 3: 25}[k] if direct else {2: 34, 3: 40, 4: 54}[k]
    name = {2: "Pair", 3: "Triple", 4: "Quad"}[k]
    for u in [*range(2 * n, 3 * n), *range(n, 2 * n), *range(n)]:
        unit = geo.units[u]
        empty = [i for i in unit if not values[i]]
        if len(empty) <= (k if direct else 2 * k):
            continue
        where = {d: _positions(grid, unit, 1 << (d - 1)) for d in range(1, n + 1)}
        live = [d for d in range(1, n + 1) if where[d]]
        for ds in _combinations(live, k):
            cells = sorted({i for d in ds for i in where[d]})
            if len(cells) != k:
                continue
            keep = sum(1 << (d - 1) for d in ds)
            elims = tuple((i, e) for i in cells for e in digits_of(masks[i] & ~keep))
            if not elims:
                continue
            reason = f"in {geo.unit_name(u)}, {'/'.join(map(str, ds))} fit only in " + ", ".join(
                geo.cell_name(i) for i in cells)
            if not direct:
                yield rating, Step(f"Hidden {name}", eliminations=elims, cells=tuple(cells),
                                   digits=tuple(ds), reason=reason)
                continue
            for e in range(1, n + 1):
                if e in ds or len(where[e]) < 2:
                    continue
                rest = [i for i in where[e] if i not in cells]
                if len(rest) == 1:
                    yield rating, Step(
                        f"Direct Hidden {name}",
                        placements=((rest[0], e),),
                        eliminations=elims,
                        cells=tuple(cells),
                        digits=tuple(ds),
                        reason=f"{reason}; then {e} fits only {geo.cell_name(rest[0])}",
                    )
                    break


def _combinations(items: list[int], k: int) -> Iterator[tuple[int, ...]]:
    if k == 0:
        yield ()
        return
    for x, item in enumerate(items):
        for rest in _combinations(items[x + 1 :], k - 1):
            yield (item, *rest)


def _naked_single(grid: CandidateGrid) -> Iterator[Rated]:
    geo = grid.geo
    for i, m in enumerate(grid.masks):
        if m and not m & (m - 1):
            d = m.bit_length()
            yield 23, Step("Naked Single", placements=((i, d),), cells=(i,), digits=(d,),
                           reason=f"{d} is the only candidate left in {geo.cell_name(i)}")


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


def _chain_nodes(grid: CandidateGrid, start: int, d: int, on: bool, cells_too: bool,
                 limit: int) -> int | None:
    """Nodes of the shortest chain from "d in start is ``on``" to its opposite, following
    single links (only same-digit links unless ``cells_too``); None if none within ``limit``."""
    geo, masks = grid.geo, grid.masks
    n = geo.n
    first = (start, d, on)
    depth = {first: 1}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        k = depth[state]
        if k >= limit:
            return None
        cell, e, is_on = state
        b = 1 << (e - 1)
        nexts: list[tuple[int, int, bool]] = []
        if is_on:
            if cells_too:
                nexts += [(cell, x, False) for x in digits_of(masks[cell]) if x != e]
            nexts += [(p, e, False) for p in geo.peer_sets[cell] if masks[p] & b]
        else:
            if cells_too and masks[cell].bit_count() == 2:
                nexts.append((cell, (masks[cell] & ~b).bit_length(), True))
            for u in geo.cell_units[cell]:
                others = [i for i in geo.units[u] if i != cell and masks[i] & b]
                if len(others) == 1:
                    nexts.append((others[0], e, True))
        for nxt in nexts:
            if nxt[0] == start and nxt[1] == d and nxt[2] != on:
                return k + 1
            if nxt not in depth:
                depth[nxt] = k + 1
                queue.append(nxt)
    return None


def _forcing_chains(grid: CandidateGrid) -> Iterator[Rated]:
    """The easiest (then shortest) forcing chain: X-chains (6.6) first, then X/Y (7.0)."""
    geo, masks = grid.geo, grid.masks
    best: tuple[int, int, int, int, bool, str] | None = None
    for cells_too, base, name in ((False, 66, "Forcing X-Chain"), (True, 70, "Forcing Chain")):
        if best is not None and best[0] < base:
            break
        for cell in grid.empty_cells():
            for d in digits_of(masks[cell]):
                for on in (True, False):
                    limit = 64 if best is None else _max_nodes(best, base)
                    nodes = _chain_nodes(grid, cell, d, on, cells_too, limit)
                    if nodes is None:
                        continue
                    key = (base + _length_extra(nodes), nodes)
                    if best is None or key < best[:2]:
                        best = (*key, cell, d, on, name)
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
        reason=(f"if {d} in {geo.cell_name(cell)} were {what}, a chain of {nodes} links would "
                f"make it {'false' if on else 'true'}"),
    )
    yield rating, step


def _max_nodes(best: tuple, base: int) -> int:
    """Chains longer than this cannot beat ``best`` at difficulty ``base``."""
    nodes = 2
    while base + _length_extra(nodes + 1) <= best[0] and nodes < 64:
        nodes += 1
    return nodes + 1


#: SE's ladder, easiest first: direct techniques, then the rest, then forcing chains.
LADDER: tuple[Finder, ...] = (
    _single_steps,
    functools.partial(_locking, direct=True),
    functools.partial(_hidden_sets, k=2, direct=True),
    _naked_single,
    functools.partial(_hidden_sets, k=3, direct=True),
    functools.partial(_locking, direct=False),
    _rated(functools.partial(naked_subset, k=2), 30),
    _rated(functools.partial(basic_fish, k=2), 32),
    functools.partial(_hidden_sets, k=2, direct=False),
    _rated(functools.partial(naked_subset, k=3), 36),
    _rated(functools.partial(basic_fish, k=3), 38),
    functools.partial(_hidden_sets, k=3, direct=False),
    _rated(xy_wing, 42),
    _rated(xyz_wing, 44),
    _rated(unique_rectangle_1, 45),
    _rated(unique_rectangle_2, 45),
    _rated(unique_rectangle_4, 45),
    _rated(functools.partial(naked_subset, k=4), 50),
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
                None, None if ep is None else ep / 10, None if ed is None else ed / 10,
                "beyond forcing chains", False)
        rating, step = found
        if rating > er:
            er, hardest = rating, step.technique
        if ed is None:
            ed = er
        if ep is None and step.placements:
            ep = er
        apply_step(grid, step)
    return ExplainerRating(er / 10, (ep or er) / 10, (ed or er) / 10, hardest, True)
