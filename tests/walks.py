"""Random lines for the logic tests' soundness harnesses."""

from __future__ import annotations

import random

from sudoku_models.board import Board

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
