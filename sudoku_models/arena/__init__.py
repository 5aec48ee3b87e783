"""An arena for agents that play puzzles: observations, moves, judgements, episodes and scores.

- :mod:`~sudoku_models.arena.moves`: the move grammar and a bounded parser of free text;
- :mod:`~sudoku_models.arena.referee`: legal, correct, derivable and completable, per move;
- :mod:`~sudoku_models.arena.game`: a board in play and its scores;
- :mod:`~sudoku_models.arena.observation`: the puzzle as an agent reads it, in text and pictures,
  each rule in words by :mod:`~sudoku_models.arena.describe`;
- :mod:`~sudoku_models.arena.episode` and :mod:`~sudoku_models.arena.transcript`: an agent
  plays turns, written as JSONL and replayed; :mod:`~sudoku_models.arena.agents`: scripted ones;
- :mod:`~sudoku_models.arena.arrays`: classic moves judged and played in batch on numpy arrays;
- :mod:`~sudoku_models.arena.gym_env`: a ``gymnasium`` environment (the ``gym`` extra).
"""

from .game import Game, Score, Verdict
from .moves import Move, parse
from .referee import Derivation, Referee

__all__ = ["Derivation", "Game", "Move", "Referee", "Score", "Verdict", "parse"]
