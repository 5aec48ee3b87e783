"""A puzzle in play: the board, the moves made on it, each move's verdict and the scores.

Scores (:class:`Score`), counted over the moves judged so far:

- ``solved``: every cell holds a digit and the grid meets every rule;
- ``correct_before_error``: correct placements made before the first move that is invalid or
  not correct (Sudoku-Bench's "correct placements" of a run that stops at the first error);
- ``moves``: moves judged, invalid ones included; ``invalid``: those that named no cell of the
  grid or no digit in range (a reply with no move counts as one);
- ``hints``: hints given (an episode asks for them; see :mod:`~sudoku_models.arena.episode`).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from ..board import cell_name
from .moves import PLACE, Move
from .referee import Derivation, Referee, apply


@dataclass(frozen=True)
class Verdict:
    """The judgement of one move (see :mod:`~sudoku_models.arena.referee` for the four
    questions); ``derivation`` is None when not asked for or not derivable; ``applied``
    says whether the move changed the board; ``reason`` why a move is invalid or illegal."""

    move: Move
    legal: bool
    correct: bool
    completable: bool
    derivable: bool | None = None
    derivation: Derivation | None = None
    applied: bool = False
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The verdict as a JSON-ready object: ``move`` (None for an invalid move), ``legal``,
        ``correct``, ``completable``, and when asked ``derivable`` with ``step`` and
        ``difficulty``; ``invalid`` and ``reason`` when they apply."""
        data: dict[str, Any] = {"move": self.move.text if self.move.valid else None}
        if not self.move.valid:
            data["invalid"] = True
        data |= {"legal": self.legal, "correct": self.correct, "completable": self.completable}
        if self.derivable is not None:
            data["derivable"] = self.derivable
            found = self.derivation
            data["step"] = found.step if found else None
            data["difficulty"] = found.difficulty if found else None
        if self.reason:
            data["reason"] = self.reason
        data["applied"] = self.applied
        return data


@dataclass(frozen=True)
class Score:
    """The scores of a game (see the module docstring)."""

    solved: bool
    correct_before_error: int
    moves: int
    invalid: int
    hints: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The scores as a JSON-ready object."""
        return asdict(self)


class Game:
    """A board in play on ``referee``'s puzzle, starting from its givens.

    ``keep_wrong``: a move that is not correct still changes the board (else it is refused and
    the board stays as it was). ``derivable``: ask the logical solver about each placement.

    >>> game = Game(Referee(".1.....4....34.."))
    >>> game.play(Move("place", 0, 0, (4,))).correct, game.score().correct_before_error
    (True, 1)
    """

    def __init__(self, referee: Referee, keep_wrong: bool = True, derivable: bool = False):
        self.referee = referee
        self.keep_wrong = keep_wrong
        self.derivable = derivable
        self.grid: list[int] = list(referee.model.givens)
        self.marks: dict[int, tuple[int, ...]] = {}
        self.verdicts: list[Verdict] = []
        self.hints = 0
        self._errors = 0
        self._before_error = 0

    def play(self, move: Move) -> Verdict:
        """Judge ``move`` on the board as it stands, then make it (see ``keep_wrong``)."""
        verdict = self._judge(move)
        if verdict.applied:
            self.grid, self.marks = apply(self.grid, self.marks, move)
        self.verdicts.append(verdict)
        if not verdict.correct:
            self._errors += 1
        elif not self._errors and move.kind == PLACE:
            self._before_error += 1
        return verdict

    def play_hint(self, move: Move) -> None:
        """Write a hint's placement on the board; it is no move of the player's."""
        self.grid, self.marks = apply(self.grid, self.marks, move)

    def _judge(self, move: Move) -> Verdict:
        ref = self.referee
        if not move.valid:
            ok = ref.completable(self.grid, self.marks)
            return Verdict(move, False, False, ok, self._asked(False), reason=move.reason)
        i = ref.model.board.cell(move.row, move.col)
        if ref.model.givens[i]:
            ok = ref.completable(self.grid, self.marks)
            reason = f"{cell_name(move.row, move.col)} holds a given"
            return Verdict(move, False, False, ok, self._asked(False), reason=reason)
        broken = ref.broken(self.grid, i, move.digits[0]) if move.kind == PLACE else None
        correct = ref.correct(self.grid, move)
        derivation = None
        if self.derivable and move.kind == PLACE:
            derivation = ref.derive(self.grid, i, move.digits[0])
        applied = correct or self.keep_wrong
        after, marks = apply(self.grid, self.marks, move) if applied else (self.grid, self.marks)
        return Verdict(
            move,
            broken is None,
            correct,
            ref.completable(after, marks),
            self._asked(derivation is not None),
            derivation,
            applied,
            broken or "",
        )

    def _asked(self, found: bool) -> bool | None:
        return found if self.derivable else None

    def solved(self) -> bool:
        """Whether the board is full and meets every rule."""
        return all(self.grid) and self.referee.model.is_solution(self.grid)

    def score(self) -> Score:
        """The scores so far."""
        invalid = sum(not v.move.valid for v in self.verdicts)
        return Score(self.solved(), self._before_error, len(self.verdicts), invalid, self.hints)
