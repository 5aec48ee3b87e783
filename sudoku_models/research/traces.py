"""Solve traces for training on step-by-step reasoning: one JSON object a line, in step order.

A logical trace is the logical solver's path (:func:`sudoku_models.logical_solve`, any model)
or, with ``engine="grade"``, the human-technique grader's path (classic puzzles). Each line is
one deduction::

    {"puzzle": 0, "order": 3, "kind": "deduction", "technique": "Hidden Single",
     "reason": "...", "placements": [{"cell": "r1c5", "index": 4, "digit": 7}],
     "eliminations": []}

``order`` counts from 0 within a puzzle and is the order the steps were taken in: replaying
the placements and eliminations in that order solves the puzzle whenever the path does (a
path that gets stuck ends early, and the search lines go on from the givens). A search trace
(``search=True``) follows the logical lines with the decisions of a depth-first search from
the givens (the cell with fewest candidates first, digits in increasing order): ``guess``
lines (a digit tried in a cell, at a depth) and ``backtrack`` lines (that guess undone), up to
:data:`MAX_DECISIONS` decisions, and a ``solved`` line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any

from ..board import cell_name
from ..puzzle import Puzzle

#: Most search decisions a trace records for one puzzle (the trace says when it stopped).
MAX_DECISIONS = 10_000

#: Trace engines.
ENGINES = ("logic", "grade")


def trace(puzzle: Puzzle, engine: str = "logic", search: bool = False) -> list[dict[str, Any]]:
    """The trace of one puzzle as a list of dicts (``"puzzle"`` left for the caller to add).

    >>> steps = trace(Puzzle.parse(".1.....4....34.."))
    >>> steps[0]["order"], steps[0]["kind"], sum(len(s["placements"]) for s in steps)
    (0, 'deduction', 12)
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown trace engine {engine!r}; known: {', '.join(ENGINES)}")
    n = puzzle.board.n
    lines: list[dict[str, Any]] = []
    for technique, reason, placements, eliminations in _deductions(puzzle, engine):
        lines.append(
            {
                "order": len(lines),
                "kind": "deduction",
                "technique": technique,
                "reason": reason,
                "placements": [_pair(n, i, d) for i, d in placements],
                "eliminations": [_pair(n, i, d) for i, d in eliminations],
            }
        )
    if search:
        for event in _search_decisions(puzzle):
            lines.append({"order": len(lines), **event})
    return lines


def write_traces(
    puzzles: Sequence[Puzzle], handle: Any, engine: str = "logic", search: bool = False
) -> int:
    """Write the traces of ``puzzles`` as JSON lines to ``handle``; returns the lines written."""
    written = 0
    for k, puzzle in enumerate(puzzles):
        for line in trace(puzzle, engine, search):
            handle.write(json.dumps({"puzzle": k, **line}, separators=(",", ":")) + "\n")
            written += 1
    return written


def _pair(n: int, i: int, d: int) -> dict[str, Any]:
    return {"cell": cell_name(*divmod(i, n)), "index": i, "digit": d}


def _deductions(
    puzzle: Puzzle, engine: str
) -> Iterator[tuple[str, str, Sequence[tuple[int, int]], Sequence[tuple[int, int]]]]:
    """``(technique, reason, placements, eliminations)`` of each step, in order."""
    if engine == "grade":
        from ..grading import CandidateGrid, solve_logically

        grid = CandidateGrid.from_puzzle(puzzle)
        for step in solve_logically(grid):
            yield step.technique, step.reason, step.placements, step.eliminations
        return
    from ..logic import logical_solve

    for s in logical_solve(puzzle).steps:
        yield s.technique, s.text, s.placements, s.eliminations


def _search_decisions(puzzle: Puzzle) -> Iterator[dict[str, Any]]:
    """The guesses and backtracks of a depth-first search from the givens."""
    board = puzzle.board
    n, peers = board.n, board.peers
    cells = list(puzzle.cells)
    decisions = 0

    def options(i: int) -> list[int]:
        taken = {cells[j] for j in peers[i]}
        return [d for d in range(1, n + 1) if d not in taken]

    # Each frame: a cell, the digits left to try there, and the depth.
    stack: list[tuple[int, list[int]]] = []
    while True:
        open_cells = [i for i, d in enumerate(cells) if d == 0]
        if not open_cells:
            yield {"kind": "solved", "decisions": decisions}
            return
        i = min(open_cells, key=lambda j: len(options(j)))
        stack.append((i, options(i)))
        while True:
            if not stack:
                yield {"kind": "no_solution", "decisions": decisions}
                return
            i, left = stack[-1]
            if cells[i]:
                yield {"kind": "backtrack", **_pair(n, i, cells[i]), "depth": len(stack)}
                cells[i] = 0
            if decisions >= MAX_DECISIONS:
                yield {"kind": "stopped", "decisions": decisions}
                return
            if left:
                cells[i] = left.pop(0)
                decisions += 1
                yield {"kind": "guess", **_pair(n, i, cells[i]), "depth": len(stack)}
                break
            stack.pop()
