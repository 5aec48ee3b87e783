"""The array judge agrees with the referee, move by move."""

from __future__ import annotations

import numpy as np
import pytest

from sudoku_models.arena.arrays import ArrayJudge, VectorBoards
from sudoku_models.arena.moves import PLACE, Move
from sudoku_models.arena.referee import Referee, apply
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.testing import NINE_BY_NINE


def test_the_arrays_agree_with_the_referee() -> None:
    judge = ArrayJudge(NINE_BY_NINE)
    referees = [Referee(p) for p in NINE_BY_NINE]
    rng = np.random.default_rng(3)
    count = 600
    which = rng.integers(0, len(NINE_BY_NINE), count)
    boards = judge.givens[which].copy()
    fill = (rng.random(boards.shape) < 0.4) & (boards == 0)
    boards[fill] = judge.solutions[which][fill]
    noise = (rng.random(boards.shape) < 0.03) & (boards == 0)
    boards[noise] = rng.integers(1, 10, noise.sum())
    cells = rng.integers(0, 81, count)
    digits = rng.integers(1, 10, count)
    found = judge.judge(boards, which, cells, digits)
    for k in range(count):
        ref, grid = referees[which[k]], boards[k].tolist()
        i, d = int(cells[k]), int(digits[k])
        move = Move(PLACE, i // 9, i % 9, (d,))
        given = bool(ref.model.givens[i])
        assert found["legal"][k] == (not given and ref.broken(grid, i, d) is None)
        assert found["correct"][k] == ref.correct(grid, move)
        assert found["completable"][k] == ref.completable(apply(grid, {}, move)[0], {})
    assert 0 < found["completable"].sum() < found["legal"].sum() < count


def test_only_unique_puzzles_of_one_shape_are_taken() -> None:
    with pytest.raises(InvalidPuzzleError, match="one shape"):
        ArrayJudge([NINE_BY_NINE[0], ".1.....4....34.."])
    with pytest.raises(InvalidPuzzleError, match="exactly one solution"):
        ArrayJudge(["." * 16])


def test_vector_boards_reward_as_the_environment_does() -> None:
    gym_env = pytest.importorskip("sudoku_models.arena.gym_env")
    judge = ArrayJudge(NINE_BY_NINE[:1])
    boards = VectorBoards(judge, count=3, seed=0)
    envs = [gym_env.SudokuEnv(NINE_BY_NINE[:1]) for _ in range(3)]
    for env in envs:
        env.reset(seed=0)
    rng = np.random.default_rng(5)
    solution = judge.solutions[0]
    for _ in range(60):
        # mostly right moves on open cells, some wrong ones and some on givens
        actions = []
        for _ in range(3):
            cell = int(rng.integers(81))
            digit = int(solution[cell]) if rng.random() < 0.8 else int(rng.integers(1, 10))
            actions.append(cell * 9 + digit - 1)
        rewards, done = boards.step(actions)
        for k, env in enumerate(envs):
            _, reward, terminated, _, _ = env.step(actions[k])
            assert rewards[k] == reward and done[k] == terminated
            if terminated:
                env.reset(seed=0)
