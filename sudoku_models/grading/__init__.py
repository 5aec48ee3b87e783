"""Difficulty grading by human techniques: step-by-step solving, ratings (QQWing, HoDoKu, Sudoku
Explainer), walkthroughs, hints.

>>> from sudoku_models.grading import rate
>>> puzzle = "29.46......5...62..3....9..8..5...7.......1...7...3.4..4..32.67.1............85.."
>>> print(rate(puzzle).summary())
QQWing Simple, HoDoKu Easy (score 228), SE ER 2.0, EP 1.2, ED 1.2, hardest: Naked Single
"""

from .candidates import CandidateGrid
from .explain import explain, hint, hint_text, step_html, walkthrough_html
from .logical import GUESS, apply_step, next_step, next_steps, solve_logically
from .rating import QQWING_LEVELS, Rating, rate
from .step import Step
from .sudoku_explainer import ExplainerRating, se_rating
from .techniques import HODOKU_LEVELS, TECHNIQUES, Technique

__all__ = [
    "GUESS",
    "HODOKU_LEVELS",
    "QQWING_LEVELS",
    "TECHNIQUES",
    "CandidateGrid",
    "ExplainerRating",
    "Rating",
    "Step",
    "Technique",
    "apply_step",
    "explain",
    "hint",
    "hint_text",
    "next_step",
    "next_steps",
    "rate",
    "se_rating",
    "solve_logically",
    "step_html",
    "walkthrough_html",
]
