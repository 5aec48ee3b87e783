"""``rate``: how hard a puzzle is for a person, on QQWing's, HoDoKu's and Sudoku Explainer's scales.

The logical solver records the steps; the rating reads them:

- ``qqwing_level``: Simple (naked singles only), Easy (hidden singles too), Intermediate
  (naked/hidden pairs, pointing, box/line reduction), Expert (anything more, or guessing);
- ``hodoku_level``: the hardest technique's level (Easy, Medium, Hard, Unfair, Extreme), raised
  while the score passes that level's ceiling (800, 1000, 1600, 1800);
- ``score``: the sum of HoDoKu's score of every step, as HoDoKu counts it;
- ``se``: Sudoku Explainer's ER/EP/ED (see :mod:`~sudoku_models.grading.sudoku_explainer`).

A puzzle the techniques cannot finish (not even with forcing nets) is reported as such:
``needs_guessing`` is True, ``hardest`` is ``Guess``, the score counts only the steps made and
the summary says the puzzle is beyond the grader. Its HoDoKu level is Extreme: past forcing nets
HoDoKu itself only has brute force, which it rates Extreme.

The exact solver's search effort on the puzzle (guesses, backtracks) is kept as a secondary
measure of how much trial and error the puzzle leaves. It is the handwritten backtracking
search's, which keeps nothing between puzzles, so the counts depend on the puzzle alone (a kept
SAT solver's decisions would depend on what it solved before).
"""

from __future__ import annotations

import dataclasses
import functools
import html
import itertools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from .. import display
from ..api import PuzzleLike, solve
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle
from ..solvers.base import Status, as_model
from .candidates import CandidateGrid, check_givens
from .logical import GUESS, apply_step, next_steps, solve_logically
from .step import Step
from .sudoku_explainer import ExplainerRating, se_rating
from .techniques import BY_NAME, HODOKU_LEVELS, QQWING_TECHNIQUES, TECHNIQUES

#: QQWing's level names, easiest first.
QQWING_LEVELS = ("Simple", "Easy", "Intermediate", "Expert")

#: HoDoKu's score ceiling of each level (Extreme has none).
HODOKU_MAX_SCORE = {"Easy": 800, "Medium": 1000, "Hard": 1600, "Unfair": 1800}

_ORDER = {t.name: k for k, t in enumerate(TECHNIQUES)} | {GUESS: len(TECHNIQUES)}


@dataclass(frozen=True)
class Rating:
    """The difficulty of one puzzle for a human solver; see :func:`rate`.

    ``counts`` pairs each technique used with its number of steps, cheapest technique first;
    ``guesses`` and ``backtracks`` are the backtracking search's effort on the puzzle.
    """

    puzzle: Puzzle
    qqwing_level: str
    hodoku_level: str
    score: int
    hardest: str
    counts: tuple[tuple[str, int], ...]
    steps: tuple[Step, ...]
    needs_guessing: bool
    guesses: int
    backtracks: int

    @functools.cached_property
    def se(self) -> ExplainerRating:
        """Sudoku Explainer's ER/EP/ED (worked out on first use: it solves the puzzle again,
        on SE's own ladder of techniques)."""
        return se_rating(self.puzzle)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: levels, score, techniques, search effort and SE's numbers.

        >>> data = rate(".1.....4....34..").to_dict()
        >>> data["hodoku_level"], data["se"]["er"], data["guesses"]
        ('Easy', 1.2, 0)
        """
        return {
            "puzzle": self.puzzle.to_line(),
            "qqwing_level": self.qqwing_level,
            "hodoku_level": self.hodoku_level,
            "score": self.score,
            "hardest": self.hardest,
            "needs_guessing": self.needs_guessing,
            "techniques": dict(self.counts),
            "guesses": self.guesses,
            "backtracks": self.backtracks,
            "se": dataclasses.asdict(self.se),
        }

    def count(self, technique: str) -> int:
        """Number of steps that used ``technique``."""
        return dict(self.counts).get(technique, 0)

    def __repr__(self) -> str:
        return (
            f"Rating(qqwing_level={self.qqwing_level!r}, hodoku_level={self.hodoku_level!r}, "
            f"score={self.score}, hardest={self.hardest!r}, steps={len(self.steps)}, "
            f"needs_guessing={self.needs_guessing})"
        )

    def summary(self) -> str:
        """One line: the levels, score, SE rating and hardest technique, with what is unknown
        said in words.

        >>> rate(".1.....4....34..").summary()
        'QQWing Simple, HoDoKu Easy (score 48), SE ER 1.2, EP 1.2, ED 1.2, hardest: Naked Single'
        """
        if self.needs_guessing:
            reached = (
                f"the grader's techniques stop after {self.score} points"
                if self.score
                else "none of the grader's techniques applies"
            )
            return (
                f"QQWing {self.qqwing_level}, HoDoKu {self.hodoku_level} (score unknown: "
                f"{reached}), {_se_words(self.se)}; beyond the grader's techniques: guessing "
                "needed"
            )
        return (
            f"QQWing {self.qqwing_level}, HoDoKu {self.hodoku_level} (score {self.score}), "
            f"{_se_words(self.se)}, hardest: {self.hardest}"
        )

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{html.escape(name)}</td><td style='text-align:right'>{k}</td></tr>"
            for name, k in self.counts
        )
        grid = display.html_grid(self.puzzle.board, self.puzzle.cells)
        return (
            "<div style='display:flex;gap:16px;align-items:flex-start;font-family:sans-serif'>"
            f"{grid}<div><p>{html.escape(self.summary())}</p>"
            f"<table><tr><th>technique</th><th>steps</th></tr>{rows}</table></div></div>"
        )


def _se_words(se: ExplainerRating) -> str:
    """Sudoku Explainer's three numbers for a reader: an unknown one is called so, with why."""
    named = (("ER", se.er), ("EP", se.ep), ("ED", se.ed))
    text = "SE " + ", ".join(f"{n} {'unknown' if v is None else f'{v:.1f}'}" for n, v in named)
    if any(v is None for _, v in named):
        text += (
            " (unknown: the puzzle needs techniques beyond the Sudoku Explainer ones rated here)"
        )
    return text


#: The exact solver whose effort a rating reports: it keeps no state between puzzles.
SEARCH_BACKEND = "backtracking"


def unique_solution(puzzle: Puzzle) -> tuple[Puzzle, int, int]:
    """The solution of ``puzzle`` and the backtracking search's guesses and backtracks.

    Raises :class:`InvalidPuzzleError` unless the puzzle has exactly one solution.
    """
    check_givens(puzzle)
    result = solve(as_model(puzzle), backend=SEARCH_BACKEND, limit=2)
    if result.status is not Status.UNIQUE or result.solution is None:
        found = "no solution" if result.status is Status.UNSATISFIABLE else "several solutions"
        raise InvalidPuzzleError(f"grading needs a puzzle with one solution; this one has {found}")
    return result.solution, result.stats.guesses, result.stats.backtracks


def rate(puzzle: PuzzleLike) -> Rating:
    """Rate ``puzzle`` (any accepted form) by the techniques a person needs to solve it.

    >>> line = "9..2..8.6..6...1.7.8...6...2...5..9....7.9......14....8.9..3.5...7.813......7...."
    >>> r = rate(line)
    >>> r.qqwing_level, r.hodoku_level, r.score, r.hardest, str(r.se)
    ('Easy', 'Easy', 364, 'Hidden Single', 'ER 2.0/EP 1.2/ED 1.2')
    """
    puzzle = as_model(puzzle).puzzle
    _, guesses, backtracks = unique_solution(puzzle)
    grid = CandidateGrid.from_puzzle(puzzle)
    steps = solve_logically(grid)
    stuck = not grid.is_solved()
    used = Counter(step.technique for step in steps)
    counts = tuple(sorted(used.items(), key=lambda item: _ORDER[item[0]]))
    hardest = GUESS if stuck else counts[-1][0] if counts else "none"
    score = sum(_step_score(name) * k for name, k in counts)
    return Rating(
        puzzle=puzzle,
        qqwing_level="Expert" if stuck else _qqwing_level(puzzle, steps),
        hodoku_level=_hodoku_level(set(used) | ({GUESS} if stuck else set()), score),
        score=score,
        hardest=hardest,
        counts=counts,
        steps=tuple(steps),
        needs_guessing=stuck,
        guesses=guesses,
        backtracks=backtracks,
    )


def _step_score(name: str) -> int:
    return BY_NAME[name].hodoku_score


def _hodoku_level(used: set[str], score: int) -> str:
    level = 0
    for name in used:
        name_level = "Extreme" if name == GUESS else BY_NAME[name].hodoku_level
        level = max(level, HODOKU_LEVELS.index(name_level))
    while level < len(HODOKU_LEVELS) - 1 and score > HODOKU_MAX_SCORE[HODOKU_LEVELS[level]]:
        level += 1
    return HODOKU_LEVELS[level]


def _qqwing_level(puzzle: Puzzle, steps: list[Step]) -> str:
    used = {step.technique for step in steps}
    if used <= {"Full House", "Naked Single"}:
        return "Simple"
    if used <= {"Full House", "Naked Single", "Hidden Single"}:
        return "Easy"
    known = list(itertools.takewhile(lambda step: BY_NAME[step.technique].qqwing, steps))
    if len(known) == len(steps):
        return "Intermediate"
    # QQWing's techniques are among HoDoKu's, in the same order: until HoDoKu's solver first
    # uses another technique, QQWing's takes the same steps. Where none of its techniques
    # applies then (the usual case: HoDoKu's solver went past them all), it is stuck.
    grid = CandidateGrid.from_puzzle(puzzle)
    for step in known:
        apply_step(grid, step)
    if not next_steps(grid, QQWING_TECHNIQUES):
        return "Expert"
    grid = CandidateGrid.from_puzzle(puzzle)
    solve_logically(grid, QQWING_TECHNIQUES, known=known)
    return "Intermediate" if grid.is_solved() else "Expert"
