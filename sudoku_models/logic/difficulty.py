"""Difficulty of a solve path on any model: a band from the hardest step, with the counts of
steps and trials.

Each technique has a weight (:data:`WEIGHTS`, the table below); the hardest step's weight picks
the band (:data:`BANDS`), and a path needing many trials moves up one band. Forcing nets band a
path as a chain does until there are many of them (:data:`MANY_NETS`): a net stands in for a
deduction the finders lack, and puzzles people call easy may need two dozen. The score is the
band's weight plus a quarter point per trial (at most eight counted), so paths in one band still
compare. Classic puzzles keep their own ratings (QQWing, HoDoKu, Sudoku Explainer) in
:mod:`sudoku_models.grading`; this scale is for every model. The bands are calibrated against
people's ratings by ``benchmarks/calibrate_logic.py`` (the guide's difficulty page).

=====================  ======  =============================================================
technique              weight  what it reads
=====================  ======  =============================================================
Allowed Digits         0.5     odd/even and other single-cell limits
Full House             1.0     the last open cell of a house
Naked Single           1.0     a cell with one candidate
Hidden Single          1.5     a digit with one place in a house
Relation Support       2.0     dots, XV, thermometers, whispers, clones: each pair's supports
Cage Combinations      2.0     the digit sets left in a sum cage
Sum Bounds             2.5     arrows, little killers, region sums: the reachable totals
Table Support          2.5     quadruples, between lines: the tuples left
Cage Sets              2.5     a sum group's cells matched to its digit sets, one digit each
Locked Candidates      3.0     a digit of a house confined to cells that see others
Must Contain           3.0     a digit every digit set of a sum group holds, confined likewise
Equal Sums             3.0     stretches of one shared total: the totals every stretch can make
Clue Cases             3.0     sandwich and x-sum clues, case by case
Visibility             3.0     skyscraper clues
Support Filter         3.0     any other rule, tuple by tuple
Naked Pair             3.0     two cells holding two digits between them
Line in House          3.0     a line's or dot chain's cells in a house, joint and different
Rule Interaction       3.5     a neighbour's digit that would leave a rule no way to be met
Rules Together         3.5     a digit that leaves two crossing rules no joint way to be met
Line Digits in House   3.5     digits a line's cells in a house always hold, struck elsewhere
Line Classes           3.5     cells of one digit class (low/middle/high, odd/even, ...) coloured
Set Theory             3.5     innies and outies of houses against cages
Hidden Cage Digit      3.5     a house's digit that only fits in one cage: the cage holds it
Cage Clash             4.0     cages in one house (and its other cells) take different digits
Cage Overlap           4.5     likewise with the parts of cages crossing into the house
Union Clash            5.0     cages inside 2 or 3 adjacent houses hold each digit that often
Hidden Pair            3.5     two digits with two places in a house
Naked Triple           4.0
Hidden Triple          4.0
Class Count            4.0     a house holds each digit class as often as the class has digits
X-Wing                 4.5     fish over rows and columns
Line Cases in House    4.5     a line's cells in a house, joint and different, case by case
Parity Set Theory      4.5     houses and sums added modulo two, against a house's odd digits
Swordfish              5.0
Franken X-Wing         5.0     fish over rows or columns against boxes or regions
Franken Swordfish      5.5
Extra-House X-Wing     5.0     fish with a diagonal, window or extra region as base or cover
Extra-House Swordfish  5.5
(classic, tier 3)      4.5     the classic grader's wings, colouring, finned X-Wing, ...
(classic, tier 4)      5.5     its chains, AIC, almost locked sets, finned fish, Sue de Coq
Chain                  5.0     a candidate implying its own falsehood along links
Forcing Chain          6.5     a literal implied by a candidate and by its falsehood
Forcing Net            7.0     an assumption the finders take to a contradiction in 20 steps
Cell Forcing Net       7.5     every candidate of a cell, propagated, rules out one candidate
House Forcing Net      7.5     every place of a digit in a house, likewise
Trial                  8.0     an assumption that breaks a rule (depth 1; 10.0 at depth 2)
=====================  ======  =============================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .step import Step

#: The weight of each technique: what one step of it costs a solver, and what its hardest
#: step says of a puzzle.
WEIGHTS: dict[str, float] = {
    "Allowed Digits": 0.5,
    "Full House": 1.0,
    "Naked Single": 1.0,
    "Hidden Single": 1.5,
    "Relation Support": 2.0,
    "Cage Combinations": 2.0,
    "Sum Bounds": 2.5,
    "Table Support": 2.5,
    "Cage Sets": 2.5,
    "Locked Candidates": 3.0,
    "Must Contain": 3.0,
    "Equal Sums": 3.0,
    "Clue Cases": 3.0,
    "Visibility": 3.0,
    "Support Filter": 3.0,
    "Naked Pair": 3.0,
    "Line in House": 3.0,
    "Rule Interaction": 3.5,
    "Rules Together": 3.5,
    "Line Digits in House": 3.5,
    "Line Classes": 3.5,
    "Set Theory": 3.5,
    "Hidden Cage Digit": 3.5,
    "Cage Clash": 4.0,
    "Cage Overlap": 4.5,
    "Union Clash": 5.0,
    "Hidden Pair": 3.5,
    "Naked Triple": 4.0,
    "Hidden Triple": 4.0,
    "Class Count": 4.0,
    "X-Wing": 4.5,
    "Line Cases in House": 4.5,
    "Parity Set Theory": 4.5,
    "Swordfish": 5.0,
    "Franken X-Wing": 5.0,
    "Franken Swordfish": 5.5,
    "Extra-House X-Wing": 5.0,
    "Extra-House Swordfish": 5.5,
    "Chain": 5.0,
    "Forcing Chain": 6.5,
    "Forcing Net": 7.0,
    "Cell Forcing Net": 7.5,
    "House Forcing Net": 7.5,
    "Trial": 8.0,
}

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
CLASSIC_TIERS = {3: 4.5, 4: 5.5, 5: 6.5}


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
