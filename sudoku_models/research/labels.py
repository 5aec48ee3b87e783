"""Labels that belong to the puzzle, not to how it is written or which solver looked at it.

Every label but one is measured on the puzzle's canonical form
(:mod:`~sudoku_models.research.canonical`), so every symmetric copy of a puzzle gets the same
labels. Three kinds, chosen with ``kinds`` (all by default):

- ``grade``: the human-technique grade of :func:`sudoku_models.grading.rate` (QQWing level,
  HoDoKu level and score, hardest technique, and the handwritten backtracking search's
  ``guesses`` and ``backtracks``), and ``backtracks_as_written``: that search's backtracks on
  the puzzle as given, the kind of count the public sets report (Sudoku-Extreme's ``rating``
  is another solver's backtrack count on the puzzle as written, so the two compare in kind, not
  digit for digit, and neither survives relabelling);
- ``logic``: the logical solver's band and score (:func:`sudoku_models.logical_solve`), which
  reads any model;
- ``search``: the compiled search's effort to prove the solution unique (nodes, guesses,
  backtracks), on the canonical form and averaged over ``copies`` seeded random symmetric
  copies (an estimate of the mean over the whole symmetry class).

``search`` is array work in compiled code (thousands of puzzles a second); ``grade`` and
``logic`` walk each puzzle step by step in Python (tens of puzzles a second per core) and are
shared out over ``workers`` processes.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..batch import run_in_chunks
from ..limits import MAX_COPIES, MAX_COPY_ROWS, MAX_WORKERS
from ..puzzle import Puzzle
from .canonical import canonical_array
from .symmetry import random_symmetries

#: Label kinds, cheapest last.
KINDS = ("grade", "logic", "search")

#: Symmetric copies the search effort is averaged over, by default.
COPIES = 8


def label_many(
    puzzles: Sequence[Puzzle],
    kinds: Sequence[str] = KINDS,
    copies: int = COPIES,
    seed: int = 0,
    workers: int = 1,
) -> list[dict[str, Any]]:
    """One dict of labels per puzzle (all of one board), in order; see the module docstring.

    >>> from sudoku_models.puzzle import Puzzle
    >>> rows = label_many([Puzzle.parse(".1.....4....34..")], kinds=("search",), copies=4)
    >>> rows[0]["clues"], rows[0]["canonical"], rows[0]["search_copies"]
    (4, '12......3.....1.', 4)
    """
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        raise ValueError(f"unknown label kind {unknown[0]!r}; known: {', '.join(KINDS)}")
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be a whole number from 1 to {MAX_COPIES:,}, got {copies!r}")
    if not isinstance(workers, int) or isinstance(workers, bool) or not 1 <= workers <= MAX_WORKERS:
        raise ValueError(f"workers must be a whole number from 1 to {MAX_WORKERS}, got {workers!r}")
    if "search" in kinds and len(puzzles) * copies > MAX_COPY_ROWS:
        raise ValueError(
            f"{len(puzzles):,} puzzles with {copies:,} copies each make over {MAX_COPY_ROWS:,} "
            "searches; ask for fewer copies or label in parts"
        )
    if not puzzles:
        return []
    board = puzzles[0].board
    box = (board.box_rows, board.box_cols)
    grids = np.array([p.cells for p in puzzles], dtype=np.uint8)
    forms = canonical_array(grids, box)
    rows: list[dict[str, Any]] = [
        {"puzzle": p.to_line(), "canonical": Puzzle._trusted(board, tuple(f.tolist())).to_line(),
         "clues": p.clues}
        for p, f in zip(puzzles, forms)
    ]  # fmt: skip
    if "search" in kinds:
        for row, extra in zip(rows, search_effort(grids, forms, box, copies, seed, workers)):
            row.update(extra)
    slow = tuple(k for k in kinds if k != "search")
    if slow:
        one = functools.partial(_slow_labels, kinds=slow)
        answers = run_in_chunks(
            [(p.to_line(), row["canonical"], box) for p, row in zip(puzzles, rows)],
            one,
            functools.partial(_slow_chunk, kinds=slow),
            workers=workers if workers > 1 else None,
            progress=False,
        )
        for row, extra in zip(rows, answers):
            row.update(extra)
    return rows


def search_effort(
    grids: Any, forms: Any, box: tuple[int, int], copies: int, seed: int, workers: int = 1
) -> list[dict[str, Any]]:
    """The compiled search's effort on each canonical form and, averaged, on ``copies``
    symmetric copies of each puzzle (copy streams seeded by ``[seed, row]``)."""
    from ..board import Board
    from ..solvers.numba_backend import solve_array

    board = Board(*box)
    on_form = solve_array(forms, limit=2, box=box, workers=workers).counters
    moved = np.concatenate(
        [
            random_symmetries(board, np.random.default_rng([seed, k]), copies).images(g[None])[0]
            for k, g in enumerate(grids)
        ]
    )
    on_copies = solve_array(moved, limit=2, box=box, workers=workers).counters
    mean = on_copies.reshape(len(grids), copies, -1).mean(axis=1)
    return [
        {
            "search_nodes": int(f[0]),
            "search_backtracks": int(f[2]),
            "search_nodes_mean": round(float(m[0]), 2),
            "search_guesses_mean": round(float(m[1]), 2),
            "search_backtracks_mean": round(float(m[2]), 2),
            "search_copies": copies,
        }
        for f, m in zip(on_form, mean)
    ]


#: What a worker gets for one puzzle: the puzzle as written, its canonical form, the box shape.
Item = tuple[str, str, tuple[int, int]]


def _slow_chunk(items: list[Item], kinds: tuple[str, ...]) -> list[dict[str, Any]]:
    return [_slow_labels(item, kinds) for item in items]


def _slow_labels(item: Item, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The step-by-step labels of one puzzle (lines and a box, so chunks travel light)."""
    line, form, box = item
    puzzle = Puzzle.parse(form, box=box)
    out: dict[str, Any] = {}
    if "grade" in kinds:
        from ..api import solve
        from ..grading import rate
        from ..grading.rating import SEARCH_BACKEND

        r = rate(puzzle)
        written = solve(Puzzle.parse(line, box=box), backend=SEARCH_BACKEND, limit=2)
        out |= {
            "qqwing_level": r.qqwing_level,
            "hodoku_level": r.hodoku_level,
            "hodoku_score": r.score,
            "hardest": r.hardest,
            "guesses": r.guesses,
            "backtracks": r.backtracks,
            "backtracks_as_written": written.stats.backtracks,
        }
    if "logic" in kinds:
        from ..logic import logical_solve

        path = logical_solve(puzzle)
        d = path.difficulty
        out |= {
            "logic_band": d.band,
            "logic_score": d.score,
            "logic_hardest": d.hardest,
            "logic_steps": d.steps,
            "logic_trials": d.trials,
        }
    return out
