"""An arena for agents that play puzzles: observations, moves, judgements, episodes and scores.

- :mod:`~sudoku_models.arena.moves`: the move grammar and a bounded parser of free text;
- :mod:`~sudoku_models.arena.referee`: legal, correct, derivable and completable, per move;
- :mod:`~sudoku_models.arena.game`: a board in play and its scores;
- :mod:`~sudoku_models.arena.observation`: the puzzle as an agent reads it, in text and pictures.
"""

from .game import Game, Score, Verdict
from .moves import Move, parse
from .referee import Derivation, Referee

__all__ = ["Derivation", "Game", "Move", "Referee", "Score", "Verdict", "parse"]
