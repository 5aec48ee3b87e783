"""Sum rules a file carries that its rules text gives another function.

A setter draws arrows, killer cages, little killers, sandwiches and X-sums with the usual tools,
then writes "the average of the digits along an arrow equals the digit in its circle": the
same clues, another function. For each kind of sum rule the file's keys carry whose sentence
names another function, :func:`alternatives` gives those clues as
:class:`~sudoku_models.variants.composed.Composed` rules of that function; the reader takes
whichever reading the file's solution admits, or else the one that leaves one solution
(:func:`~sudoku_models.formats.reading.selection.choose`), the text's function first.

>>> from sudoku_models.variants import Arrow
>>> arrow = Arrow(((0, 0),), ((0, 1), (0, 2)))
>>> (alt,) = alternatives([arrow], ["The average of the digits on an arrow is in its circle."])
>>> alt.function, alt.rules[0].describe()
('mean', "mean of the line from the circle at R1C1 = the circle's digit")
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ...variants import Arrow, KillerCage, LittleKiller, Sandwich, Variant, XSum
from ...variants.composed import Composed

#: Functions other than the sum, and the words that name them.
OTHER_FUNCTIONS: dict[str, str] = {
    "mean": r"\b(average|mean)\b",
    "product": r"\b(product|multipl\w*)\b",
    "max": r"\b(maximum|largest|greatest|highest)\b",
    "min": r"\b(minimum|smallest|lowest)\b",
    "difference": r"\bdifference\b",
}

#: The sum rules whose clue may take another function, and the words that name their marks.
KIND_WORDS: dict[type[Variant], str] = {
    Arrow: r"\barrows?\b",
    KillerCage: r"\bcages?\b",
    LittleKiller: r"\blittle killers?\b",
    Sandwich: r"\bsandwich\w*\b",
    XSum: r"\bx-?sums?\b",
}


@dataclass(frozen=True)
class Alternative:
    """The rules of one kind the file carries (``carried``) read with ``function`` instead of
    their sum (``rules``), and the sentence that says so."""

    function: str
    carried: tuple[Variant, ...]
    rules: tuple[Variant, ...]
    sentence: str


def recomposed(rule: Variant, function: str) -> list[Variant] | None:
    """``rule`` with ``function`` in place of its sum (a killer cage keeps its digits apart),
    or None where it has no single clue to compare with (a pill-shaped arrow circle, a cage
    without a total)."""
    if isinstance(rule, Arrow):
        if len(rule.circle) != 1:
            return None
        return [Composed("circle", function, "=", (), cells=rule.circle + rule.cells)]
    if isinstance(rule, KillerCage):
        if rule.total is None:
            return None
        return [
            KillerCage(rule.cells),
            Composed("cells", function, "=", (rule.total,), cells=rule.cells),
        ]
    if isinstance(rule, LittleKiller):
        return [
            Composed(
                "diagonal", function, "=", (rule.total,), clue=rule.clue, direction=rule.direction
            )
        ]
    if isinstance(rule, (Sandwich, XSum)):
        scope = "between" if isinstance(rule, Sandwich) else "first X"
        return [Composed(scope, function, "=", (rule.total,), clue=rule.clue)]
    return None


def alternatives(rules: Sequence[Variant], sentences: Sequence[str]) -> list[Alternative]:
    """For each kind of sum rule in ``rules`` whose sentence (one naming its marks) names
    another function, those rules read with that function (the first such sentence's)."""
    out: list[Alternative] = []
    for kind, words in KIND_WORDS.items():
        carried = tuple(r for r in rules if type(r) is kind)
        if not carried:
            continue
        for sentence in sentences:
            low = sentence.lower()
            function = next((f for f, w in OTHER_FUNCTIONS.items() if re.search(w, low)), None)
            if function is None or not re.search(words, low):
                continue
            made = [recomposed(rule, function) for rule in carried]
            if all(m is not None for m in made):
                new = tuple(v for m in made if m is not None for v in m)
                out.append(Alternative(function, carried, new, sentence))
            break
    return out
