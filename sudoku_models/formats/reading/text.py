"""A rules text read into claims, sentence by sentence, through the phrases of
:mod:`~sudoku_models.formats.reading.vocabulary`: a rule kind, its numbers, and the colour,
shape and symbol words that say which marks it is about.

>>> [c.kind for c in claims("Digits on a pink line are a set of consecutive digits.")]
['renban']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ... import deadline
from .vocabulary import COLOURS, FOLD, PHRASES, SHAPES, SYMBOLS

#: Longest rules text read; beyond it the marks are only reported.
MAX_TEXT = 20_000

_PATTERNS = tuple((kind, re.compile(pattern, re.IGNORECASE)) for kind, pattern in PHRASES)
#: Where a rules text breaks into sentences.
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z(\"'])|\n+|\s\|\s?|\|")
#: A word of a sentence, in lower case.
WORD = re.compile(r"[a-z]+")
_SYMBOL = re.compile(SYMBOLS)


@dataclass(frozen=True)
class Claim:
    """What one sentence says: a rule kind, its numbers, and which marks it names (by colour,
    shape, symbol, and, in a reading the user gives, place)."""

    kind: str
    sentence: str
    numbers: dict[str, int] = field(default_factory=dict, compare=False)
    colours: frozenset[str] = frozenset()
    shapes: frozenset[str] = frozenset()
    order: int = 0
    symbols: frozenset[str] = frozenset()
    places: frozenset[str] = frozenset()


def sentences(rules: str | None) -> list[str]:
    """The sentences of a rules text, each with its runs of white space made one space.

    >>> sentences("Normal rules apply.  Digits on a   line sum to 10.")
    ['Normal rules apply.', 'Digits on a line sum to 10.']
    """
    return [" ".join(s.split()) for s in SENTENCE.split(rules or "") if s.strip()]


def claims(rules: str | None) -> list[Claim]:
    """The claims of a rules text, sentence by sentence, in the text's order; a claim the
    text repeats (the same kind, numbers and marks in a later sentence) is kept once, from
    its first sentence."""
    out: list[Claim] = []
    seen: set[tuple[object, ...]] = set()
    for sentence in sentences(rules):
        deadline.check()
        words = set(WORD.findall(sentence.lower()))
        colours = frozenset().union(*(COLOURS[w] for w in words if w in COLOURS))
        shapes = frozenset().union(*(SHAPES[w] for w in words if w in SHAPES))
        symbols = frozenset(fold("".join(m)) for m in _SYMBOL.findall(sentence))
        for kind, pattern in _PATTERNS:
            found = pattern.search(sentence)
            if found:
                said = {k: v for k, v in found.groupdict().items() if v is not None}
                if any(len(v) > 4 for v in said.values()):
                    continue  # no rule of a puzzle has a number that long
                numbers = {k: int(v) for k, v in said.items()}
                same = (kind, tuple(sorted(numbers.items())), colours, shapes, symbols)
                if same not in seen:
                    seen.add(same)
                    out.append(Claim(kind, sentence, numbers, colours, shapes, len(out), symbols))
    return out


def fold(symbol: str) -> str:
    """A symbol as marks and sentences are compared by it: the signs of times are one."""
    return FOLD.get(symbol, symbol)
