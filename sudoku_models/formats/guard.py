"""The guard against rules a file does not carry: what its text names, and its own solution.

A puzzle file holds rules in two ways: keys a reader turns into constraints, and words (the rules
text) or marks (lines, circles, shaded cells) whose meaning only a person reads. A puzzle read
without the second kind is another puzzle, and solving it would answer a question nobody asked.
So the readers keep what they ignored, and this module adds:

- :func:`rules_warnings`: each rule the rules text names (a small vocabulary) that no rule of the
  model carries; a sentence stating a rule that nothing read explains; and a rule the model
  carries with its usual sum whose sentence names another function (an arrow whose circle is
  the *average* of its digits);
- :func:`file_warnings`: those, plus a check of the solution the file embeds against the model;
- :func:`answer_warnings`: after a solve, whether the answer agrees with that embedded solution.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from ..model import Model
from ..puzzle import Puzzle
from .reading.text import sentences
from .reading.vocabulary import NEGATIVE, PHRASES

#: The plain words every warning about a missing rule ends with.
NOT_CARRIED = "the rules text or marks describe rules the puzzle's keys do not carry"
MAY_BE_UNREAD = "a rule of the rules text or marks may be unread (see: sudoku-models read)"

#: The keys of rules drawn as lines, any of which a coloured line in the rules text may be.
LINE_KEYS = {
    "thermometer", "slowthermometer", "whispers", "renban", "palindrome", "betweenline",
    "regionsumline", "entropicline", "zipperline", "arrow",
}  # fmt: skip

#: The patterns of the reading's vocabulary, by rule kind.
READ = dict(PHRASES)

#: Rules the text may name: (name, pattern, keys of the variant rules that carry it). An empty
#: key set names a rule the f-puzzles keys have no mark for: a model holding a rule of that name
#: (read from other text) carries it.
VOCABULARY: tuple[tuple[str, str, frozenset[str]], ...] = tuple(
    (name, pattern, frozenset(keys))
    for name, pattern, keys in (
        ("anti-knight", r"anti[- ]?knight|knight'?s? move", {"antiknight"}),
        ("anti-king", r"anti[- ]?king|king'?s? move", {"antiking"}),
        ("XV", r"\bXV\b|\bX(?:'?s)? (?:and|or|/) V(?:'?s)?\b", {"xv"}),
        ("Kropki dots", r"kropki|(?:white|black) dots?", {"difference", "ratio"}),
        ("thermometer", r"thermo", {"thermometer", "slowthermometer"}),
        ("arrow", r"\barrows?\b", {"arrow", "littlekillersum", "minimum", "maximum"}),
        ("whisper line", r"whisper", {"whispers"}),
        ("renban line", r"renban", {"renban"}),
        ("region-sum line", r"region[- ]sum", {"regionsumline"}),
        ("palindrome", r"palindrom", {"palindrome"}),
        ("between line", r"between line", {"betweenline"}),
        ("entropic line", r"entropic", {"entropicline"}),
        ("zipper line", r"zipper", {"zipperline"}),
        ("killer cage", r"(?<!little )killer|\bcages?\b", {"killercage", "clone"}),
        ("little killer", r"little killer", {"littlekillersum"}),
        ("sandwich", r"sandwich", {"sandwichsum"}),
        ("x-sum", r"\bx-sums?\b", {"xsum"}),
        ("skyscraper", r"skyscraper", {"skyscraper"}),
        ("nonconsecutive", r"non[- ]?consecutive|anti[- ]?consecutive", {"nonconsecutive"}),
        ("diagonal", r"\bdiagonals?\b", {"diagonal+", "diagonal-", "littlekillersum"}),
        ("disjoint groups", r"disjoint", {"disjointgroups"}),
        ("extra regions", r"windoku|extra regions?|hyper", {"extraregion"}),
        ("quadruple", r"quadruple|\bquads?\b", {"quadruple"}),
        ("clone", r"\bclones?\b", {"clone"}),
        ("odd/even cells", r"\b(?:odd|even) (?:cells?|squares?|circles?)", {"odd", "even"}),
        ("negative constraint", NEGATIVE, {"negative", "nonconsecutive"}),
        ("coloured line", r"\b(?:red|blue|green|purple|orange|pink|yellow|grey|gray|"
         r"colou?red|teal|lavender) lines?\b", LINE_KEYS),
        ("parity line", r"one (?:even|odd) (?:digit )?and one (?:even|odd)", set()),
        ("sum line", r"\bsum lines?\b", set()),
        ("lockout line", r"lockout", set()),
        ("modular line", r"modular", set()),
        ("10 line", r"\b10[- ]lines?\b", set()),
        ("nabner", r"nabner", set()),
        ("double arrow", r"double arrow", set()),
        ("lunchbox", r"lunch ?box", set()),
        ("equality cage", r"equality cage", set()),
        ("rellik cage", r"rellik", set()),
        ("look-and-say", r"look[- ]and[- ]say", set()),
        ("counting circles", r"counting circle", set()),
        ("numbered rooms", r"numbered room", set()),
        ("full rank", r"full rank", set()),
        ("Dutch flatmates", r"flatmate", set()),
        ("anti-taxicab", r"taxicab", set()),
        ("global entropy", r"entrop(?:y|ic) (?:2x2|box|square)|" + READ["global entropy"], set()),
        ("global modular", READ["global modular"], set()),
        ("fog of war", r"\bfog\b", set()),
        ("chaos construction", r"chaos construction", set()),
    )
)  # fmt: skip


#: Rules whose clue is the sum of their cells, as the vocabulary names them.
SUM_RULES = frozenset({"arrow", "killer cage", "little killer", "sandwich", "x-sum", "sum line"})

#: The keys of the rules that carry a sum as their clue.
SUM_KEYS = frozenset({"arrow", "killercage", "littlekillersum", "sandwichsum", "xsum"})

#: Words naming a function of digits other than their sum.
OTHER_FUNCTION = re.compile(
    r"\b(average|mean|product|multipl\w*|ratio|median|minimum|maximum|smallest|largest"
    r"|difference)\b",
    re.IGNORECASE,
)

#: A sentence that states the classic rules, or says nothing a solver reads.
CLASSIC = re.compile(
    r"(?:normal|standard|classic|usual|regular|classical) sudoku(?: rules)?|"
    r"\bonce (?:each )?in (?:every|each) (?:row|column|box)|"
    r"rows?, columns? (?:and|or|&) (?:boxes|box|regions?|nonets?)|"
    r"^(?:for (?:example|instance)|e\.g\.|i\.e\.)",
    re.IGNORECASE,
)

#: Words setters use for the marks of a rule, beyond the words of its name.
MARK_WORDS: dict[str, tuple[str, ...]] = {
    "thermometer": ("bulb", "thermo"),
    "slow thermometer": ("bulb", "thermo"),
    "arrow": ("circle", "bulb", "pill"),
    "double arrow": ("circle", "end"),
    "XV": ("x", "v"),
    "quadruple": ("circle", "clue", "intersection"),
    "white dot": ("dot", "kropki"),
    "black dot": ("dot", "kropki"),
    "killer cage": ("cage",),
    "renban": ("line",),
    "whispers": ("line",),
    "palindrome": ("line",),
    "even": ("square", "circle", "shaded"),
    "odd": ("square", "circle", "shaded"),
    "little killer": ("diagonal", "clue"),
    "sandwich": ("clue", "between"),
    "x-sum": ("clue",),
    "skyscraper": ("clue", "seen"),
    "extra region": ("region", "shaded"),
    "minimum": ("arrow", "smaller", "less", "lower"),
    "maximum": ("arrow", "larger", "greater", "higher"),
}

#: A sentence that allows rather than constrains ("digits may repeat", "no negative constraint").
PERMITS = re.compile(
    r"\bno negative constraint|\b(?:may|can) (?!not\b)\w+|\ballowed\b|\bneed not\b",
    re.IGNORECASE,
)

#: A sentence that states a rule: digits constrained by a relation.
STATES_A_RULE = re.compile(
    r"\b(?:digits?|numbers?|values?)\b.*\b(?:sums?|total|equals?|must|cannot|can't|may not|"
    r"differ\w*|add up|multipl\w*|product|average|mean|consecutive|increase\w*|"
    r"decrease\w*|greater|less|odd|even|repeat\w*)\b",
    re.IGNORECASE,
)


def rules_warnings(model: Model, rules: str | None, read: Collection[str] = ()) -> list[str]:
    """One warning per rule ``rules`` names that no variant rule of ``model`` carries (nor a
    reading of the rules text, whose rule names are ``read``); one for sentences stating a rule
    that no name of the vocabulary explains; one per sum rule carried whose sentence names
    another function.

    >>> from sudoku_models.model import Model
    >>> from sudoku_models.puzzle import Puzzle
    >>> plain = Model.from_puzzle(Puzzle.empty((2, 2)))
    >>> rules_warnings(plain, "Normal sudoku rules apply. Digits along a lemon sum to 10.")
    ["the rules text states a rule nothing read explains: 'Digits along a lemon sum to 10.'"]
    """
    if not rules:
        return []
    keys = {rule.key for rule in model.variants}
    names = {rule.name for rule in model.variants} | set(read)
    out = []
    for name, pattern, carriers in VOCABULARY:
        if not re.search(pattern, rules, re.IGNORECASE) or name in names:
            continue
        if not carriers:
            out.append(f"the rules text names the {name} rule, which the file has no mark for")
        elif not keys & carriers:
            out.append(f"the rules text names the {name} rule, but the puzzle carries none")
    terms = {word for rule in model.variants for word in _mark_words(rule.name)}
    cages = {rule.name for rule in model.variants} & DISTINCT_CAGES
    out += _blank_cells(rules, model.board.n) + _repeats_in_cages(rules, cages)
    return out + _unexplained(rules, terms) + _other_functions(rules, keys)


#: A sentence that leaves cells of the grid empty: fewer digits than cells in a row.
BLANKS = re.compile(
    r"\bcells? (?:will |must |should |may |can |do |does )?(?:stay|remain)s? (?:empty|blank|"
    r"unfilled)|\b(?:some|\d+|one|two|three|a few|several) cells? (?:in each (?:row|column|box) )?"
    r"(?:are|is|will be|must be|should be|are left|is left|must be left) (?:empty|blank|unfilled)|"
    r"\b(?:leave|leaving) (?:some|\d+|one|two|three|a few) cells? (?:empty|blank)",
    re.IGNORECASE,
)

#: Digits 1..k placed in each row, column or box, as a setter states a range of digits.
DIGIT_RANGE = re.compile(
    r"\b(?:digits?|numbers?) (?:from )?1 ?(?:-|\u2013|to|through) ?(\d{1,2})\b[^.]{0,40}\b(?:each|"
    r"every) (?:row|column|box|region)",
    re.IGNORECASE,
)

#: A range of letters beside the digits, as a grid past 9 counts on ("1-9 and A-G").
LETTERS = re.compile(r"\b[A-Z] ?(?:-|\u2013|to|through) ?[A-Z]\b")

#: The names of the cage rules whose digits differ.
DISTINCT_CAGES = frozenset({"killer cage", "product cage"})

#: The phrases of a text that lets digits repeat in cages (the reading's vocabulary).
REPEATS_IN_CAGES = re.compile(READ["repeating killer"], re.IGNORECASE)


def _blank_cells(rules: str, n: int) -> list[str]:
    """A warning for a text that leaves cells empty or places fewer digits than a row holds:
    a grid of the model has a digit in every cell."""
    for sentence in sentences(rules):
        short = DIGIT_RANGE.search(sentence)
        fewer = short is not None and int(short.group(1)) < n and not LETTERS.search(sentence)
        if BLANKS.search(sentence) or fewer:
            return [
                f"the rules text leaves cells of the grid empty, which no model here carries "
                f"(every cell holds one of the digits 1-{n}): {_quoted(sentence)}"
            ]
    return []


def _repeats_in_cages(rules: str, cages: Collection[str]) -> list[str]:
    """A warning for a text that lets digits repeat in cages where the puzzle holds cages
    whose digits differ (``cages``, their rules' names)."""
    said = [s for s in sentences(rules) if REPEATS_IN_CAGES.search(s)]
    if not cages or not said:
        return []
    why = f"but the puzzle's {' and '.join(sorted(cages))}s keep them different"
    return [f"the rules text lets digits repeat in cages, {why}: {_quoted(said[0])}"]


def _mark_words(name: str) -> set[str]:
    """The words that may name the marks of the rule called ``name``."""
    return _words(name) | set(MARK_WORDS.get(name, ()))


def _words(text: str) -> set[str]:
    """The words of ``text``, lower case, a plural's final s dropped."""
    words = (w.lower() for w in re.findall(r"[A-Za-z]+", text))
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words}


def _named(sentence: str) -> list[tuple[str, frozenset[str]]]:
    """The rules of the vocabulary ``sentence`` names, with the keys that carry each."""
    return [
        (name, carriers)
        for name, pattern, carriers in VOCABULARY
        if re.search(pattern, sentence, re.IGNORECASE)
    ]


def _unexplained(rules: str, terms: Collection[str]) -> list[str]:
    """A warning for the sentences that state a rule but name none the vocabulary knows and
    speak of no mark of a rule the puzzle carries (``terms``, their words)."""
    left = [
        s
        for s in sentences(rules)
        if STATES_A_RULE.search(s)
        and not CLASSIC.search(s)
        and not PERMITS.search(s)
        and not _named(s)
        and not _words(s) & set(terms)
    ]
    if not left:
        return []
    more = f" (and {len(left) - 1} more)" if len(left) > 1 else ""
    return [f"the rules text states a rule nothing read explains: {_quoted(left[0])}{more}"]


def _other_functions(rules: str, keys: Collection[str]) -> list[str]:
    """A warning per sum rule the model carries whose sentence names another function."""
    out = []
    for sentence in sentences(rules):
        word = OTHER_FUNCTION.search(sentence)
        if word is None:
            continue
        for name, carriers in _named(sentence):
            if name in SUM_RULES and carriers & SUM_KEYS & set(keys):
                out.append(
                    f"the rules text gives the {name} rule its {word.group(1).lower()}, "
                    f"but it is read with its usual sum: {_quoted(sentence)}"
                )
    return list(dict.fromkeys(out))


def _no_solution(readings: Sequence[str]) -> str:
    """A warning that the rules read from the text and marks leave no solution, naming the
    readings and so the marks they involve (any may be wrong)."""
    said = "; ".join(r.split(", from ")[0] for r in readings[:3])
    more = f" and {len(readings) - 3} more" if len(readings) > 3 else ""
    return (
        f"no solution with the rules read from the rules text and marks ({said}{more}): "
        "one of those readings may be wrong (see: sudoku-models read)"
    )


def _quoted(sentence: str, width: int = 70) -> str:
    return repr(sentence if len(sentence) <= width else sentence[: width - 3] + "...")


def file_warnings(
    model: Model, rules: str | None, solution: Puzzle | None, read: Collection[str] = ()
) -> list[str]:
    """The rules text's unread rules, and whether the model admits the solution the file embeds."""
    out = rules_warnings(model, rules, read)
    if solution is not None and not model.is_solution(solution.cells):
        out.append(f"the puzzle as read rejects the solution the file embeds: {NOT_CARRIED}")
    return out


def answer_warnings(model: Model, solutions: Sequence[Sequence[int]], complete: bool) -> list[str]:
    """What an answer says about rules the file does not carry, next to its embedded solution.

    ``solutions`` are those a search found; ``complete`` says whether the search ran to the end
    (so two or more found means several, fewer means exactly that many).
    """
    expected = model.solution
    if expected is None:
        several = len(solutions) > 1 and model.described  # a rule of the text may be unread
        if not solutions and complete and model.readings:
            return [_no_solution(model.readings)]
        return [f"several solutions: {MAY_BE_UNREAD}"] if several else []
    grids = [tuple(g) for g in solutions]
    if len(grids) > 1:
        return [f"several solutions, but the file embeds one: {NOT_CARRIED}"]
    if grids and grids[0] != tuple(expected):
        return [f"the solution found differs from the one the file embeds: {NOT_CARRIED}"]
    if not grids and complete:
        return [f"no solution, but the file embeds one: {NOT_CARRIED}"]
    return []
