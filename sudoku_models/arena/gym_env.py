"""A ``gymnasium`` environment: place digits, rewarded by the referee's judgements.

Needs the ``gym`` extra (``pip install 'sudoku-models[gym]'``); importing this module without
gymnasium raises :class:`~sudoku_models.errors.MissingDependencyError` naming the command.

- observation: a dict of ``digits`` (``n x n``, 0 for open), ``candidates`` (``n x n x n``,
  1 where a digit is still possible: no peer holds it) and ``rules`` (:data:`LAYERS` layers of
  ``n x n``: the givens, the region of each cell scaled to 0..1, the cells of cages and extra
  groups of different digits, and the cells any other rule constrains);
- action: ``cell * n + digit - 1``, one integer for a ``(cell, digit)`` placement;
- reward (:class:`Rewards`): for a correct placement, a wrong one, an illegal one (breaks a rule
  as the board stands), a move on a given, and solving; a wrong move stays on the board, so
  the episode ends (terminated) when the board can no longer be completed or is solved, and is
  truncated after ``max_steps``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..errors import MissingDependencyError
from ..model import Model
from ..puzzle import Puzzle
from . import observation
from .game import Game
from .moves import PLACE, Move
from .referee import Referee

try:
    import gymnasium
    from gymnasium import spaces
except ImportError:
    raise MissingDependencyError(
        "the reinforcement-learning environment needs gymnasium: pip install 'sudoku-models[gym]'"
    ) from None

#: Layers of the ``rules`` observation.
LAYERS = 4


@dataclass(frozen=True)
class Rewards:
    """The reward of each outcome of a step."""

    correct: float = 1.0
    wrong: float = -1.0
    illegal: float = -1.0
    given: float = -1.0
    solved: float = 10.0


class SudokuEnv(gymnasium.Env):
    """Puzzles of one size to play, one chosen at random (with the reset's seed) an episode.

    >>> env = SudokuEnv([".1.....4....34.."])
    >>> obs, info = env.reset(seed=0)
    >>> obs["digits"][0].tolist()
    [0, 1, 0, 0]
    >>> env.step(4 * 4 + 2 - 1)[1]  # r2c1 = 2
    1.0
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 4}  # noqa: RUF012 (gymnasium's name)

    def __init__(
        self,
        puzzles: Sequence[Model | Puzzle | str],
        rewards: Rewards | None = None,
        max_steps: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        self.referees = [Referee(p) for p in puzzles]
        sizes = {r.model.n for r in self.referees}
        if len(sizes) != 1:
            raise ValueError("the puzzles of an environment must have one size")
        n = self.n = sizes.pop()
        self.rewards = rewards or Rewards()
        self.max_steps = max_steps or 2 * n * n
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(n * n * n)
        self.observation_space = spaces.Dict(
            {
                "digits": spaces.Box(0, n, (n, n), dtype=np.int8),
                "candidates": spaces.MultiBinary((n, n, n)),
                "rules": spaces.Box(0.0, 1.0, (LAYERS, n, n), dtype=np.float32),
            }
        )
        self._layers = [_rule_layers(r.model) for r in self.referees]
        self._k = 0
        self._game = Game(self.referees[0])
        self._steps = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start on a puzzle: ``options={"puzzle": k}`` picks one, else a random one."""
        super().reset(seed=seed)
        if options and "puzzle" in options:
            self._k = int(options["puzzle"]) % len(self.referees)
        else:
            self._k = int(self.np_random.integers(len(self.referees)))
        self._game = Game(self.referees[self._k])
        self._steps = 0
        return self._observe(), {"puzzle": self._k}

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """Place the digit of ``action`` in its cell."""
        n = self.n
        cell, digit = divmod(int(action), n)
        verdict = self._game.play(Move(PLACE, *divmod(cell, n), (digit + 1,)))
        self._steps += 1
        r = self.rewards
        if verdict.reason.endswith("holds a given"):
            reward = r.given
        elif not verdict.legal:
            reward = r.illegal
        else:
            reward = r.correct if verdict.correct else r.wrong
        solved = self._game.solved()
        if solved:
            reward += r.solved
        terminated = solved or not verdict.completable
        truncated = not terminated and self._steps >= self.max_steps
        info = {"legal": verdict.legal, "correct": verdict.correct, "solved": solved}
        return self._observe(), float(reward), terminated, truncated, info

    def render(self) -> str | None:
        """The board in the arena's text form (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        return observation.text(self.referees[self._k].model, self._game.grid)

    def _observe(self) -> dict[str, np.ndarray]:
        n = self.n
        grid = self._game.grid
        candidates = np.zeros((n * n, n), dtype=np.int8)
        model = self.referees[self._k].model
        for i, digits in observation.open_candidates(model, grid).items():
            candidates[i, [d - 1 for d in digits]] = 1
        return {
            "digits": np.array(grid, dtype=np.int8).reshape(n, n),
            "candidates": candidates.reshape(n, n, n),
            "rules": self._layers[self._k].copy(),
        }


def _rule_layers(model: Model) -> np.ndarray:
    """The ``rules`` observation of a model (see the module docstring)."""
    n = model.n
    layers = np.zeros((LAYERS, n * n), dtype=np.float32)
    layers[0] = np.array(model.givens) > 0
    full = model.full_groups()
    regions = full[2 * n : 3 * n] if len(full) >= 3 * n else model.board.boxes
    for k, cells in enumerate(regions):
        layers[1, list(cells)] = k / max(n - 1, 1)
    extra = model.all_different_cells()[len(full) :] if not model.is_classic else ()
    for cells in extra:
        layers[2, list(cells)] = 1.0
    for constraint in model.constraints:
        layers[3, list(constraint.cells)] = 1.0
    return layers.reshape(LAYERS, n, n)
