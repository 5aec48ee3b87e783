"""Plain puzzles: one line of digits and blanks, or a grid over several lines.

The text forms are those :meth:`~sudoku_models.puzzle.Puzzle.parse` reads; this module only
gives them the shape of the other formats.
"""

from __future__ import annotations

from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle
from .base import Read, finish

NAME = "plain"


def recognises(text: str) -> bool:
    """Whether ``text`` reads as a plain puzzle."""
    try:
        Puzzle.parse(text.strip())
    except InvalidPuzzleError:
        return False
    return True


def read(text: str, box: tuple[int, int] | None = None) -> Read:
    """The classic model of a plain puzzle (``box`` picks the box shape when it is ambiguous)."""
    return finish(Model.from_puzzle(Puzzle.parse(text.strip(), box=box)), NAME)


def write(model: Model | Puzzle) -> str:
    """The givens as one line; a model with variant rules cannot be written so."""
    if isinstance(model, Model):
        if not model.is_classic:
            raise InvalidPuzzleError("a plain line holds only the givens; this puzzle has rules")
        model = model.puzzle
    return model.to_line()
