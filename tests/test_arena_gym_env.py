"""The gymnasium environment passes gymnasium's own checks and rewards the judgements."""

from __future__ import annotations

import warnings

import pytest

gymnasium = pytest.importorskip("gymnasium")

import sudoku_models.variants as v  # noqa: E402
from sudoku_models.arena.gym_env import Rewards, SudokuEnv  # noqa: E402
from sudoku_models.model import Model  # noqa: E402
from sudoku_models.testing import NINE_BY_NINE  # noqa: E402

KILLER = Model.from_puzzle(NINE_BY_NINE[1], variants=[v.KillerCage(((0, 0), (0, 1)), None)])


def test_the_environment_passes_check_env() -> None:
    from gymnasium.utils.env_checker import check_env

    env = SudokuEnv([NINE_BY_NINE[0], KILLER], render_mode="ansi")
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*spec.*")
        check_env(env, skip_render_check=False)


def test_rewards_follow_the_judgements() -> None:
    env = SudokuEnv([".1.....4....34.."], rewards=Rewards(wrong=-2.0, illegal=-3.0, given=-4.0))
    expected = {
        4 * 4 + 2 - 1: (1.0, False),  # r2c1=2, correct
        1 * 4 + 1 - 1: (-4.0, False),  # r1c2 holds a given, the board stays as it was
        0 * 4 + 1 - 1: (-3.0, True),  # r1c1=1 clashes with r1c2
        0 * 4 + 2 - 1: (-2.0, True),  # r1c1=2: legal, and wrong
    }
    for action, (reward, terminated) in expected.items():
        env.reset(seed=1)
        assert env.step(action)[1:3] == (reward, terminated)


def test_solving_ends_the_episode_with_the_bonus() -> None:
    env = SudokuEnv([".1.....4....34.."])
    obs, _ = env.reset(seed=0)
    solution = "4132231412433421"
    total, terminated = 0.0, False
    for i, ch in enumerate(solution):
        if obs["digits"].flat[i] == 0:
            obs, reward, terminated, _, _ = env.step(i * 4 + int(ch) - 1)
            total += reward
    assert terminated and total == 12 + Rewards().solved
    assert obs["candidates"].sum() == 0


def test_the_rule_layers_mark_cages_and_givens() -> None:
    env = SudokuEnv([KILLER])
    obs, _ = env.reset(seed=0)
    assert obs["rules"][2].sum() == 2 and obs["rules"][2][0, 0] == 1
    assert (obs["rules"][0] == (obs["digits"] > 0)).all()
