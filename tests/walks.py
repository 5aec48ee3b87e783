"""Random lines, and puzzles marked with rules true on a random grid, for the logic tests'
soundness harnesses."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sudoku_models.board import Board
from sudoku_models.candidates import true_candidates
from sudoku_models.generator.grids import random_grid
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle

#: Steps to the four orthogonal neighbours.
ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))
#: Steps to all eight neighbours, diagonal ones too.
KING = (*ORTHOGONAL, (1, 1), (1, -1), (-1, 1), (-1, -1))


def random_walk(
    board: Board, rng: random.Random, length: int, moves: tuple[tuple[int, int], ...] = ORTHOGONAL
) -> tuple[tuple[int, int], ...]:
    """A walk of up to ``length`` distinct cells, each a step of ``moves`` from the last."""
    n = board.n
    cells = [(rng.randrange(n), rng.randrange(n))]
    while len(cells) < length:
        r, c = cells[-1]
        options = [
            (r + dr, c + dc)
            for dr, dc in moves
            if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in cells
        ]
        if not options:
            break
        cells.append(rng.choice(options))
    return tuple(cells)


def random_marked_model(
    seed: int,
    box: tuple[int, int],
    marks_of: Callable[[Board, tuple[int, ...], random.Random], Sequence[object]],
    fewest: int,
    most: int,
    share: float,
) -> Model:
    """``fewest`` to ``most`` of the marks ``marks_of`` draws true on a random grid, with about
    ``share`` of the grid's digits given."""
    rng = random.Random(seed)
    board = Board(*box)
    grid = random_grid(board, rng)
    marks = marks_of(board, grid, rng)
    chosen = rng.sample(marks, min(len(marks), rng.randint(fewest, most)))
    givens = tuple(d if rng.random() < share else 0 for d in grid)
    return Model.from_puzzle(Puzzle(board, givens), variants=chosen)  # type: ignore[arg-type]


def too_loose(model: Model) -> bool:
    """A 9x9 puzzle with too many solutions to count exactly (the small boards carry the check)."""
    return model.n == 9 and true_candidates(model).solutions > 50
