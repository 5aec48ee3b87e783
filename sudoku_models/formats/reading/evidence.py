"""What a rules text says about the readings of marks composed from parts.

The words of a rules text rank the readings reading by parts proposes
(:mod:`~sudoku_models.formats.reading.parts`), never rule one out: words that name a function
(``sum``, ``product``, ``distinct``, ``appear``, ...), a scope (``first``, ``between``, ``next to
the 9``, ...) and a comparison (``no greater than``, ``one greater or one less``); numbers a
line or a dot with none of its own takes from the text (``three distinct digits``); places the
text names (``the 2nd, 3rd and/or 4th cells``); and sentences that say every mark is given (the
negative) or that each mark is one rule or another.

>>> rank(["Clues give the sum of the first cells."], "sum", "first", "=")
(3, 'Clues give the sum of the first cells.')
"""

from __future__ import annotations

import re
from collections.abc import Sequence

#: Words of the rules text that favour a function, and a scope.
FUNCTION_WORDS: dict[str, str] = {
    "sum": r"\b(sum|sums|total|totals|add|adds|added|addition)\b",
    "product": r"\b(product|products|multipl\w*)\b",
    "difference": r"\b(differ\w*|apart)\b",
    "ratio": r"\b(ratio|times|double|twice|half)\b",
    "max": r"\b(max\w*|largest|biggest|highest|greatest)\b",
    "min": r"\b(min\w*|smallest|lowest|least)\b",
    "seen": r"\b(see|seen|visible|skyscrapers?|taller|tallest)\b",
    "odd count": r"\b(odd|how many)\b",
    "even count": r"\b(even|how many)\b",
    "first odd or even": r"\bfirst (odd|even)\b",
    "min or max": r"\b(either|or)\b.*\b(max\w*|largest|highest|min\w*|smallest|lowest)\b",
    "min plus max": r"\b(max\w*|largest|highest)\b.*\b(min\w*|smallest|lowest)\b"
    r"|\b(min\w*|smallest|lowest)\b.*\b(max\w*|largest|highest)\b",
    "distinct count": r"\b(different|distinct|unique)\b",
    "mean": r"\b(average|mean)\b",
    "low count": r"\b(low|small) digits\b",
    "high count": r"\b(high|large|big) digits\b",
    "digits": r"\b(appears?|contains?|include[sd]?|somewhere|must be (?:in|among))\b",
    "repeats": r"\b(twice|thrice|times|repeats?|repeated|exactly (?:once|twice))\b",
    "position of the largest": r"\b(position|place|where)\b.*\b(9|nine|largest|highest)\b",
    "position of 1": r"\b(position|place|where)\b.*\b(1|one|smallest|lowest)\b",
}

#: Comparisons other than equality, and the words that name them; proposed only where the text
#: names one (equality always is), the one-sided ones read after the others have taken their
#: words ("no greater than" is not "greater than").
COMPARISON_WORDS: dict[str, str] = {
    "<=": r"\b(no (?:greater|more|larger|higher) than|at most|(?:does|do|may|must) not exceed"
    r"|or (?:less|fewer|lower|smaller))\b",
    ">=": r"\b(no (?:less|fewer|smaller|lower) than|at least|or (?:more|greater|higher|larger))\b",
    "±1": r"\b((?:one|1) (?:greater|more|higher|larger|bigger) or (?:one|1) (?:less|lower|smaller)"
    r"|(?:one|1) (?:less|lower|smaller) or (?:one|1) (?:greater|more|higher|larger|bigger)"
    r"|off by (?:one|1)|(?:one|1) (?:away|off) from)\b",
    "<": r"\b((?:less|smaller|lower|fewer) than|below)\b",
    ">": r"\b((?:greater|more|larger|higher|bigger) than|exceeds?|above)\b",
}
#: Words saying every place that meets a rule of marks is marked: the negative holds.
ALL_GIVEN = re.compile(
    r"(?<!not )\ball (?:possible |such )?[\w -]{0,40}(?:are|have been|is) (?:given|shown|marked"
    r"|drawn)|\bwhere no [\w -]{0,40}(?:is|are) (?:given|shown|drawn)",
    re.IGNORECASE,
)
#: Words saying each mark is one of two rules, the solver to find which.
EITHER = re.compile(
    r"\beither\b.{0,80}\bor\b|\bdecide which\b|\bwhich (?:is|are) which\b|\bone or the other\b",
    re.IGNORECASE,
)
#: Numbers a rules text may give lines with no number of their own, as words.
NUMBER_WORDS = {
    **{w: k for k, w in enumerate(("one", "two", "three", "four", "five", "six"), 1)},
    **{w: k for k, w in enumerate(("seven", "eight", "nine"), 7)},
    **{"twice": 2, "thrice": 3},  # not "once": the classic rules say it
}
#: Ordinals a rules text names positions with, from the clue.
ORDINALS = {
    word: k
    for k, words in enumerate(
        (("1st", "first"), ("2nd", "second"), ("3rd", "third"), ("4th", "fourth"),
         ("5th", "fifth"), ("6th", "sixth"), ("7th", "seventh"), ("8th", "eighth"),
         ("9th", "ninth")),
        1,
    )
    for word in words
}  # fmt: skip
#: Most numbers taken from the text for such lines.
MAX_TEXT_NUMBERS = 4
SCOPE_WORDS: dict[str, str] = {
    "first X": r"\b(first digit|x digits|that many|indicates how many)\b",
    "first": r"\b(first|nearest|closest)\b",
    "between": r"\bbetween\b",
    "before": r"\b(before|until|up to|prior to)\b",
    "beside": r"\b(next to|adjacent to|beside|neighbou?r\w*) (?:the )?(?:9|nine|largest|highest)\b",
    "line": r"\b(row|column|rows|columns)\b",
    "adjacent": r"\b(adjacent|neighbou?r\w*|next to each other|side by side|each pair)\b",
}


def text_numbers(sentences: Sequence[str]) -> tuple[int, ...]:
    """The numbers a rules text gives, in digits or words, first given first, at most
    :data:`MAX_TEXT_NUMBERS`; not those of a range of digits (``1-9``) or a box (``3x3``).

    >>> text_numbers(["Digits 1-9 once.", "Each line holds three distinct digits, or 12."])
    (3, 12)
    """
    out: list[int] = []
    for sentence in sentences:
        low = re.sub(r"\b\d+ ?(?:-|to|through|x) ?\d+\b", " ", sentence.lower())
        for word in re.findall(r"\b(?:\d{1,2}|[a-z]+)\b", low):
            k = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
            if k and k not in out:
                out.append(k)
    return tuple(out[:MAX_TEXT_NUMBERS])


def named_comparisons(sentences: Sequence[str]) -> dict[str, str]:
    """The comparisons other than equality that the text names, each with its first sentence.

    >>> named_comparisons(["The sum is no greater than the circle."])
    {'<=': 'The sum is no greater than the circle.'}
    """
    out: dict[str, str] = {}
    for sentence in sentences:
        low = sentence.lower()
        for comparison, words in COMPARISON_WORDS.items():
            low, found = re.subn(words, " ", low)
            if found:
                out.setdefault(comparison, sentence)
    return out


def named_window(sentences: Sequence[str]) -> tuple[int, int] | None:
    """The cells from a clue the text names by their places, past the first (``the 2nd, 3rd
    and/or 4th cells``): how many come before them and how many they are, or None.

    >>> named_window(["Digits must appear in the 2nd, 3rd and/or 4th cells."])
    (1, 3)
    """
    for sentence in sentences:
        places = [ORDINALS[w] for w in re.findall(r"\b\w+\b", sentence.lower()) if w in ORDINALS]
        if len(places) > 1 and min(places) > 1:
            return min(places) - 1, max(places) - min(places) + 1
    return None


def rank(sentences: Sequence[str], function: str, scope: str, comparison: str) -> tuple[int, str]:
    """The text's support for a reading: 2 for a function word, 1 for a scope word, 2 for a
    comparison's words, in the best sentence, and that sentence."""
    best, where = 0, ""
    fword = FUNCTION_WORDS.get(function)
    sword = SCOPE_WORDS.get(scope)
    cword = COMPARISON_WORDS.get(comparison)
    for sentence in sentences:
        low = sentence.lower()
        score = 2 * bool(fword and re.search(fword, low)) + bool(sword and re.search(sword, low))
        score += 2 * bool(cword and re.search(cword, low))
        if score > best:
            best, where = score, sentence
    return best, where
