"""Difficulty of a solve path on any model: a band from the hardest step, with the counts of
steps and trials.

Each technique has a weight (:data:`WEIGHTS`, from the table of :mod:`.techniques`, which says
what each reads); the hardest step's weight picks the band (:data:`BANDS`), and a path needing
many trials moves up one band. Forcing nets band a path as a chain does until there are many of
them (:data:`MANY_NETS`): a net stands in for a deduction the finders lack, and puzzles people
call easy may need two dozen. The score is the band's weight plus a quarter point per trial (at
most eight counted), so paths in one band still compare. Classic puzzles keep their own ratings
(QQWing, HoDoKu, Sudoku Explainer) in :mod:`sudoku_models.grading`; this scale is for every
model. The bands are calibrated against people's ratings by ``benchmarks/calibrate_logic.py``
(the guide's difficulty page).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .step import Step
from .techniques import TECHNIQUES

#: The weight of each technique whose steps carry its name: what one step of it costs a solver,
#: and what its hardest step says of a puzzle.
WEIGHTS: dict[str, float] = {t.name: t.weight for t in TECHNIQUES if not t.tier}

#: Weight added to a trial per level of nesting past the first.
DEPTH_WEIGHT = 2.0

#: Bands, easiest first, each with the largest hardest-step weight it takes: singles are easy,
#: one rule's reading moderate, locked candidates, pairs and triples tough (HoDoKu's Medium),
#: fish and chains hard, forcing chains and many forcing nets fiendish, trials extreme.
BANDS: tuple[tuple[str, float], ...] = (
    ("easy", 1.5),
    ("moderate", 2.5),
    ("tough", 4.0),
    ("hard", 5.0),
    ("fiendish", 7.0),
    ("extreme", 9.0),
    ("beyond", float("inf")),
)

#: Trials from which a path moves one band up.
MANY_TRIALS = 4

#: Forcing nets from which they band a path as forcing nets (fiendish); fewer band it as a chain
#: would (hard).
MANY_NETS = 25


#: Weights of the classic grader's techniques by their tier (wings and the like are tier 3,
#: chains and almost locked sets tier 4).
CLASSIC_TIERS: dict[int, float] = {t.tier: t.weight for t in TECHNIQUES if t.tier}


def weight(step: Step) -> float:
    """The weight of one step (a classic technique by its tier; an unknown one weighs as a
    support filter)."""
    from ..grading.techniques import BY_NAME

    classic = BY_NAME.get(step.technique)
    if step.technique in WEIGHTS or classic is None:
        base = WEIGHTS.get(step.technique, WEIGHTS["Support Filter"])
    else:
        base = CLASSIC_TIERS.get(classic.tier, WEIGHTS["Support Filter"])
    return base + DEPTH_WEIGHT * max(0, step.depth - 1)


@dataclass(frozen=True)
class Difficulty:
    """How hard a path is: its band, score, hardest technique, and counts."""

    band: str
    score: float
    hardest: str
    steps: int
    trials: int

    def __str__(self) -> str:
        trials = f", {self.trials} trials" if self.trials else ""
        return (
            f"{self.band} (score {self.score:.2f}, hardest: {self.hardest}, "
            f"{self.steps} steps{trials})"
        )


def difficulty(steps: Sequence[Step], solved: bool) -> Difficulty:
    """The difficulty of a path of ``steps``; a path that stops short is ``beyond``.

    The band is that of the hardest step's weight, a forcing net weighing as a chain while the
    path has fewer than :data:`MANY_NETS`, and one band up from :data:`MANY_TRIALS` trials.
    """
    trials = sum(1 for s in steps if s.technique == "Trial")
    nets = sum(1 for s in steps if s.technique == "Forcing Net")
    hardest = max(steps, key=weight, default=None)
    name = hardest.technique if hardest is not None else "none"
    net_weight = WEIGHTS["Chain"] if nets < MANY_NETS else WEIGHTS["Forcing Net"]
    weights = (net_weight if s.technique == "Forcing Net" else weight(s) for s in steps)
    top = max(weights, default=0.0)
    level = next(k for k, (_, limit) in enumerate(BANDS) if top <= limit)
    if trials >= MANY_TRIALS:
        level += 1
    if not solved:
        level = len(BANDS) - 1
    level = min(level, len(BANDS) - 1)
    score = top + 0.25 * min(trials, 8)
    return Difficulty(BANDS[level][0], round(score, 2), name, len(steps), trials)
