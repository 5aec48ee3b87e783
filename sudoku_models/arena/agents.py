"""Scripted agents, for trying the arena out and testing it: no model, no network.

Each is a callable from a prompt to a reply, as :func:`~sudoku_models.arena.episode.play`
expects. They read the board from the prompt's ``grid:`` lines, so they also work on a replay.
"""

from __future__ import annotations

import random
import re

from ..model import Model
from ..puzzle import Puzzle
from .episode import Agent
from .referee import Referee

_ROW = re.compile(r"^r(\d+)\s+(.*)$")


def board_in(prompt: str, n: int) -> list[int] | None:
    """The digits of the last grid drawn in ``prompt`` (0 for an open cell), or None."""
    rows: list[list[int]] = []
    for line in prompt.splitlines():
        if line.strip() == "grid:":
            rows = []
            continue
        match = _ROW.match(line)
        if match:
            cells = [t for t in match[2].split() if t != "|"]
            rows.append([0 if t == "." else int(t) for t in cells])
    grid = [d for row in rows[-n:] for d in row]
    return grid if len(grid) == n * n else None


def perfect(puzzle: Model | Puzzle | str, per_turn: int = 100) -> Agent:
    """An agent that places up to ``per_turn`` digits of the solution a turn."""
    return noisy(puzzle, error_rate=0.0, per_turn=per_turn)


def noisy(
    puzzle: Model | Puzzle | str, error_rate: float, per_turn: int = 3, seed: int = 0
) -> Agent:
    """An agent that places ``per_turn`` digits a turn, each wrong with chance ``error_rate``
    (the same choices for the same ``seed``), and asks for a hint when it reads no board."""
    referee = Referee(puzzle)
    n = referee.model.n
    rng = random.Random(seed)

    def reply(prompt: str) -> str:
        grid = board_in(prompt, n)
        if grid is None:
            return "hint please"
        open_cells = [i for i, d in enumerate(grid) if not d]
        moves = []
        for i in rng.sample(open_cells, min(per_turn, len(open_cells))):
            d = referee.solution[i]
            if rng.random() < error_rate:
                d = d % n + 1
            r, c = divmod(i, n)
            moves.append(f"r{r + 1}c{c + 1}={d}")
        return "My moves: " + " ".join(moves)

    return reply
