"""Forcing chains and forcing nets: the last resort before guessing.

Assume a candidate true and follow what it forces. If the assumption leads to a
contradiction, the candidate is false. If every candidate of a cell (each assumed in turn)
forces the same conclusion, that conclusion holds (*verity*).

A *forcing chain* follows single links only (the link graph of
:mod:`~sudoku_models.grading.techniques.links`: true gives false along weak links, false gives
true along strong ones), so each conclusion rests on one earlier one. A *forcing net* plays the
assumption out on a copy of the grid, placing every naked and hidden single it creates, so a
conclusion may rest on several earlier ones.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ... import deadline
from ..candidates import CandidateGrid, digits_of
from ..step import Step
from .links import LinkGraph, link_graph


def _implied(graph: LinkGraph, node: int, on: bool) -> dict[int, bool] | None:
    """Everything the assumption forces along single links; None on a contradiction."""
    value = {node: on}
    queue = deque([node])
    while queue:
        v = queue.popleft()
        v_on = value[v]
        for w in graph.weak[v] if v_on else graph.strong[v]:
            if w in value:
                if value[w] == v_on:
                    return None
                continue
            value[w] = not v_on
            queue.append(w)
    return value


def forcing_chain(grid: CandidateGrid) -> Iterator[Step]:
    """A candidate whose truth forces a contradiction along single links is false; a
    conclusion forced by every candidate of a cell holds."""
    geo = grid.geo
    graph = link_graph(grid)
    n = graph.n
    outcomes: dict[int, dict[int, bool] | None] = {}
    for node in sorted(graph.weak):
        deadline.check()
        outcomes[node] = _implied(graph, node, True)
        if outcomes[node] is None:
            cell, d = graph.cell(node), graph.digit(node)
            yield Step(
                "Forcing Chain",
                eliminations=((cell, d),),
                cells=(cell,),
                digits=(d,),
                reason=(
                    f"{geo.digit_name(d)} in {geo.cell_name(cell)} would force a candidate "
                    "both true and false"
                ),
            )
    for cell in grid.empty_cells():
        results = [outcomes[cell * n + d - 1] for d in grid.candidates(cell)]
        if any(r is None for r in results):
            continue
        common = dict(results[0] or {})
        for r in results[1:]:
            common = {v: b for v, b in common.items() if r is not None and r.get(v) == b}
        placements = tuple(sorted((graph.cell(v), graph.digit(v)) for v, b in common.items() if b))
        eliminations = tuple(
            sorted((graph.cell(v), graph.digit(v)) for v, b in common.items() if not b)
        )
        if placements or eliminations:
            yield Step(
                "Forcing Chain",
                placements=placements[:1],
                eliminations=() if placements else eliminations,
                cells=(cell,),
                digits=tuple(grid.candidates(cell)),
                reason=f"every candidate of {geo.cell_name(cell)} forces it",
            )


def _play_out(grid: CandidateGrid, cell: int, d: int) -> CandidateGrid | None:
    """A copy of the grid with ``d`` placed in ``cell`` and every single that follows;
    None when that breaks the grid."""
    trial = grid.copy()
    trial.place(cell, d)
    geo, masks, values = trial.geo, trial.masks, trial.values
    full = (1 << geo.n) - 1
    changed = True
    while changed:
        changed = False
        for i, m in enumerate(masks):
            if values[i]:
                continue
            if not m:
                return None
            if not m & (m - 1):
                trial.place(i, m.bit_length())
                changed = True
        for unit in geo.units:
            seen = 0
            placed = 0
            for i in unit:
                seen |= masks[i]
                if values[i]:
                    placed |= 1 << (values[i] - 1)
            if (seen | placed) != full:
                return None
            for b in digits_of(seen & ~placed):
                bb = 1 << (b - 1)
                places = [i for i in unit if masks[i] & bb]
                if len(places) == 1:
                    trial.place(places[0], b)
                    changed = True
    return trial


def forcing_net(grid: CandidateGrid) -> Iterator[Step]:
    """A candidate whose truth, played out with singles, breaks the grid is false; a digit
    placed by every candidate of a two-candidate cell holds."""
    geo = grid.geo
    for cell in grid.empty_cells():
        trials = []
        for d in grid.candidates(cell):
            deadline.check()
            trial = _play_out(grid, cell, d)
            if trial is None:
                yield Step(
                    "Forcing Net",
                    eliminations=((cell, d),),
                    cells=(cell,),
                    digits=(d,),
                    reason=(
                        f"{geo.digit_name(d)} in {geo.cell_name(cell)} leads, by singles, to a "
                        "cell or unit with no place left"
                    ),
                )
            trials.append(trial)
        a, b = [*trials, None, None][:2]
        if len(trials) == 2 and a is not None and b is not None:
            common = [
                (i, v)
                for i, v in enumerate(a.values)
                if v and v == b.values[i] and not grid.values[i]
            ]
            if common:
                yield Step(
                    "Forcing Net",
                    placements=(common[0],),
                    cells=(cell,),
                    digits=tuple(grid.candidates(cell)),
                    reason=(
                        f"both candidates of {geo.cell_name(cell)} lead to "
                        f"{geo.cell_name(common[0][0])}={geo.digit_name(common[0][1])}"
                    ),
                )
