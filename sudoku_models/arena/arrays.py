"""Judging classic moves in batch on numpy arrays: legal, correct and completable at once.

Every puzzle's solution is found once; then a batch of ``(board, cell, digit)`` moves is judged
with a few array operations, without a search. Completable needs none either: on a puzzle with
one solution ``S`` the board after a move has a solution exactly when every digit on it agrees
with ``S`` (proof in :mod:`~sudoku_models.arena.referee`: a solution of the board is one of the
puzzle, so it is ``S``). A batch counts one judged move per row.

>>> judge = ArrayJudge([".1.....4....34.."])
>>> boards = judge.givens[[0, 0]]
>>> judge.judge(boards, [0, 0], [0, 0], [4, 1])["correct"].tolist()
[True, False]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle
from ..solvers.base import Status


class ArrayJudge:
    """The solutions and peer tables of some classic puzzles of one size, unique each."""

    def __init__(self, puzzles: Sequence[Puzzle | str]) -> None:
        from ..api import solve

        parsed = [Puzzle.parse(p) for p in puzzles]
        if not parsed or len({p.board for p in parsed}) != 1:
            raise InvalidPuzzleError("an array judge takes one or more puzzles of one shape")
        board = parsed[0].board
        solutions = []
        for k, puzzle in enumerate(parsed):
            result = solve(puzzle, limit=2)
            if result.status is not Status.UNIQUE or result.solution is None:
                raise InvalidPuzzleError(f"puzzle {k + 1} does not have exactly one solution")
            solutions.append(result.solution.cells)
        self.n = board.n
        self.givens = np.array([p.cells for p in parsed], dtype=np.int8)
        self.solutions = np.array(solutions, dtype=np.int8)
        self.peers = np.array(board.peers, dtype=np.intp)

    def judge(
        self,
        boards: np.ndarray,
        puzzles: Sequence[int] | np.ndarray,
        cells: Sequence[int] | np.ndarray,
        digits: Sequence[int] | np.ndarray,
    ) -> dict[str, np.ndarray]:
        """Judge placing ``digits[k]`` in cell ``cells[k]`` of ``boards[k]`` (a row of
        ``n*n`` digits, 0 for open) on puzzle ``puzzles[k]``: boolean arrays ``legal`` (no
        peer holds the digit and the cell holds no given), ``correct`` and ``completable``
        (of the board after the move)."""
        boards = np.asarray(boards, dtype=np.int8)
        which = np.asarray(puzzles, dtype=np.intp)
        cell = np.asarray(cells, dtype=np.intp)
        digit = np.asarray(digits, dtype=np.int8)
        rows = np.arange(len(boards))
        solution = self.solutions[which]
        seen = boards[rows[:, None], self.peers[cell]]
        given = self.givens[which, cell] != 0
        legal = ~(seen == digit[:, None]).any(axis=1) & ~given
        correct = solution[rows, cell] == digit
        wrong = (boards != 0) & (boards != solution)
        wrong[rows, cell] = False  # the move replaces what the cell held
        completable = correct & ~wrong.any(axis=1)
        return {"legal": legal, "correct": correct, "completable": completable}


class VectorBoards:
    """Many classic boards played at once, judged on arrays: the vectorised form of
    :class:`~sudoku_models.arena.gym_env.SudokuEnv` for classic puzzles (numpy only).

    An action is ``cell * n + digit - 1`` as there. A move is always written on its board,
    except on a given; rewards are those of :class:`~sudoku_models.arena.gym_env.Rewards`'
    defaults (1 correct, -1 wrong, illegal or on a given, 10 more for solving). A board that is
    solved or can no longer be completed is done and starts again on a puzzle drawn with the
    seed.

    >>> boards = VectorBoards(ArrayJudge([".1.....4....34.."]), count=2, seed=0)
    >>> boards.step([4 * 4 + 1, 4 * 4 + 2])[0].tolist()  # r2c1=2 and r2c1=3
    [1.0, -1.0]
    """

    def __init__(self, judge: ArrayJudge, count: int, seed: int = 0) -> None:
        self.judge = judge
        self.rng = np.random.default_rng(seed)
        self.puzzles = self.rng.integers(0, len(judge.givens), count)
        self.boards = judge.givens[self.puzzles].copy()

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Make one move on every board: the rewards and which boards were done (and so
        started again)."""
        n = self.judge.n
        cell, digit = np.divmod(np.asarray(actions, dtype=np.intp), n)
        digit = digit + 1
        found = self.judge.judge(self.boards, self.puzzles, cell, digit)
        rows = np.arange(len(self.boards))
        given = self.judge.givens[self.puzzles, cell] != 0
        self.boards[rows[~given], cell[~given]] = digit[~given]
        rewards = np.where(found["legal"] & found["correct"], 1.0, -1.0)
        solved = (self.boards == self.judge.solutions[self.puzzles]).all(axis=1)
        rewards[solved] += 10.0
        done = solved | (~found["completable"] & ~given)
        if done.any():
            self.puzzles[done] = self.rng.integers(0, len(self.judge.givens), int(done.sum()))
            self.boards[done] = self.judge.givens[self.puzzles[done]]
        return rewards, done
