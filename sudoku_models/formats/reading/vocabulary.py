"""The words rules texts use, as data: which phrases name which rule, and which marks they mean.

:mod:`~sudoku_models.formats.reading` reads a rules text one sentence at a time. A sentence
makes a claim for each entry of :data:`PHRASES` whose pattern it matches: the rule kind, and the
numbers the pattern's named groups capture (``gap``, ``total``). The colour words
(:data:`COLOURS`) and shape words (:data:`SHAPES`) of the same sentence say which marks the
claim is about. A rule the texts word another way is one more line here, not more code.

Patterns are matched without regard to case, against the sentence with its white space folded.
"""

from __future__ import annotations

#: Both main diagonals stated as a rule of the whole grid, with no mark: a diagonal sudoku, or
#: both (two, the main) diagonals holding different digits.
MAIN_DIAGONALS = (
    r"\bsudoku[- ]x\b|\bx[- ]sudoku\b|\bdiagonal sudoku\b|^(?=.*(?:1 ?(?:-|\u2013|to|through) ?\d|"
    r"(?:not|never|no|n't) repeat|once|different|distinct|unique))(?=.*(?:(?:both|the two|two|each "
    r"of the(?: two)?) (?:main |long |major |principal |great )?diagonals|\b(?:the|both) (?:main|"
    r"long|major|principal|great) diagonals|\beither (?:of the )?(?:main |long |major |principal )?"
    r"diagonals?\b))"
)

#: The negative of marks between two cells: every pair the rule holds for is marked ("all
#: possible dots are given", "if no X or V is shown, the digits do not sum to 10 or 5",
#: "negative constraint applies"); not "not all dots are given", nor "no negative constraint".
NEGATIVE = (
    r"^(?!.*(?:\bnot (?:all|every|necessarily)\b|\bor not\b|\bmay or may not|\b(?:don't|do not) "
    r"know|\b(?:no |without (?:a |the |any )?)negative)).*?(?:"
    r"\b(?:all|every) (?:of )?(?:the )?(?:possible |such |existing )?(?:kropki |white |black |xv |"
    r"x/v )?(?:dots?|circles?|clues?|symbols?|markings?|marks?|xv (?:clues?|pairs?|marks?)|"
    r"x'?s?(?: (?:and|or|&|/) v'?s?)?|v'?s?)(?: and \w+)? (?:(?:are|is|have been|has been) "
    r"(?:given|shown|marked|drawn|indicated)\b|(?:given|shown)[.!]?$)|"
    r"\b(?:if|where|when) (?:there is |there's )?no (?:white |black |kropki )?(?:dot|circle|x|v|"
    r"mark|marking|symbol|clue)\b[^.]{0,60}\b(?:not|never|n't|neither)\b|"
    r"\b(?:cells?|digits?) (?:without|not separated by|with no) (?:a |an )?(?:white |black |"
    r"kropki )?(?:dot|circle|x|v|mark|marking|symbol|clue)s?\b[^.]{0,40}\b(?:are not|cannot|"
    r"can't|must not|may not|do not|don't|never)\b|"
    r"\bif (?:two|a pair of) (?:adjacent |neighbouring |neighboring )?cells are not (?:marked|"
    r"separated|joined)[^.]{0,60}\b(?:not|never|n't)\b|"
    r"\bnegative constraints?(?: applies| apply| is in effect| is in play| alert|:)|"
    r"\b(?:with|including|plus) (?:the |a )?negative constraints?\b|"
    r"\bno (?:two |pair of )?(?:orthogonally )?(?:adjacent |neighbouring |neighboring )?(?:cells|"
    r"digits)\b[^.]{0,20}\b(?:without|not separated by|with no) (?:a |an )?(?:white |black )?"
    r"(?:dot|circle|x|v|mark|marking|symbol|clue)s?\b|\banti-(?:x|v|xv|kropki)\b)"
)

#: "In a cage" as the sentences letting digits repeat in cages say it.
IN_CAGES = r"(?:with)?in (?:a |the |any |each |every )?(?:killer )?cages?"

#: Every 2x2 square of the grid, as a rule of all of them says it.
SQUARES = r"(?:every|each|any|all) 2 ?x ?2 (?:box|boxes|squares?|blocks?|areas?|regions?)\b"

#: (rule kind, pattern). Kinds are the keys of ``readings.BUILDERS``; the order breaks ties
#: between claims that fit the same marks equally well (the more specific first).
PHRASES: tuple[tuple[str, str], ...] = (
    ("slow thermometer", r"slow thermo|(?:must|do|does|can) not decrease|never decrease"),
    ("thermometer", r"thermo|(?:strictly )?increas\w* from the bulb|bulb end"),
    ("arrow", r"\barrows?\b.{0,80}\bsum|sum to the (?:digit|number)s? in (?:the|its) "
     r"(?:circle|bulb)"),
    ("dutch whispers", r"dutch whisper|differ by at least 4\b"),
    ("whispers", r"whisper|differ by at least (?P<gap>\d+)"),
    ("renban", r"renban|set of (?:non-?repeating )?consecutive|consecutive,? non-?repeating|"
     r"non-?repeating,? consecutive|consecutive (?:digits|numbers)(?:,| in| without).{0,40}"
     r"any order|consecutive,? (?:but )?in any order"),
    ("region sum", r"region[- ]sum|same (?:sum|total) in (?:every|each) (?:box|region)|"
     r"(?:every|each) (?:box|region|3x3 region) it passes through (?:have|has) the same sum|"
     r"sum of the digits in each (?:box|region)[^.]*(?:is )?(?:the same|equal)"),
    ("entropic", r"entropic|one low.{0,12}one (?:medium|middle|mid).{0,12}one high|"
     r"low.{0,10}\(123\).{0,40}high"),
    ("palindrome", r"palindrom|reads? the same (?:in both directions|forwards)"),
    ("between", r"between line|strictly between the (?:digits|values|numbers) in the circles"),
    ("zipper", r"zipper|equidistant from the (?:center|centre)"),
    ("same parity", r"same parity|either all (?:digits are )?odd,? or all (?:digits are )?even"),
    ("parity", r"parity line|alternate between odd and even|one odd and one even"),
    ("modular", r"modular line|(?:different )?remainders? (?:when )?divided by 3"),
    ("ten line", r"\b10[- ]lines?|(?:segments?|groups?) (?:that |which )?(?:each )?sum to 10"),
    ("kropki white", r"white (?:dot|circle|kropki)[^.]*consecutive|consecutive[^.]*white "
     r"(?:dot|circle)|white (?:dot|circle)[^.]*differ(?:ence)? (?:of|by) 1\b"),
    ("kropki black", r"black (?:dot|circle)[^.]*(?:ratio|double|twice|half)|"
     r"(?:ratio|double|twice)[^.]*black (?:dot|circle)"),
    ("xv", r"\bX\b[^.]{0,60}\b10\b|\bV\b[^.]{0,60}\b5\b|\bXV\b(?! sudoku)"),
    ("edge sum", r"(?:add up to|sums? to|sum of) (?P<total>\d+)"),
    ("pointing", r"pointing digit|N (?:steps|cells) away in the direction|in the direction "
     r"(?:that )?the arrow (?:is )?pointing"),
    ("consecutive sequence", r"consecutive sequence in order|consecutive (?:sequence|run),? "
     r"(?:in order|increasing or decreasing)"),
    ("label ratio", r"\bratios?\b"),
    ("label either", r"(?:must )?appears? in (?:at least )?one of the (?:two )?(?:adjacent|"
     r"neighbou?ring) cells"),
    ("sum or greater", r"either the sum\b[^.]{0,80}\bor the (?:greater|larger|higher|bigger)"),
    ("sum or less", r"either the sum\b[^.]{0,80}\bor the (?:lesser|smaller|lower)"),
    ("prime sum", r"sums? (?:to|is) (?:a )?prime|prime (?:sums?|totals?)"),
    ("edge product", r"\bproduct\b"),
    ("sum below", r"sum (?:of )?(?:less than|below|under) (?P<total>\d+)"),
    ("product below", r"product (?:of )?(?:less than|below|under) (?P<total>\d+)"),
    ("quadruple", r"quadruple|must appear in (?:the )?(?:surrounding|adjacent) (?:4|four) cells"),
    ("repeating killer", r"(?:digits|numbers) (?:may|can|might|are allowed to) (?:also )?repeat "
     + IN_CAGES + r"|(?:digits|numbers) " + IN_CAGES + r" (?:may|can|might|are allowed to) "
     r"(?:also )?repeat|cages? (?:may|can|might) (?:also )?(?:have|contain|include) (?:repeated|"
     r"repeating|duplicate) (?:digits|numbers)|cages? (?:may|can|might) (?:also )?contain repeats|"
     r"cages? (?:must|may) (?:have|contain) (?:at least )?(?:a|one) repeated digit|"
     r"repe(?:ats|tition|ated digits) (?:are|is) (?:allowed|permitted) " + IN_CAGES + "|"
     r"(?:digits|numbers) " + IN_CAGES + r" (?:need not|do not need to|don't need to|do not have "
     r"to|don't have to|are not necessarily|aren't necessarily) (?:be )?(?:different|distinct|"
     r"unique)"),
    ("killer", r"killer|cages?\b[^.]*\bsum|cages? (?:cannot|can't|may not|must not|do not|"
     r"don't) repeat|sum to the (?:total|value|number) (?:given|indicated|"
     r"shown)"),
    ("odd", r"(?:must be|are|is|contains?|be) (?:an? )?odd\b(?! or)"),
    ("even", r"(?:must be|are|is|contains?|be) (?:an? )?even\b(?! or)"),
    ("fortress", r"fortress|shaded cell must contain the (?:higher|larger|greater|bigger)|"
     r"greater than (?:all )?(?:of )?the digits in (?:white|unshaded)"),
    ("magic square", r"magic squares?"),
    ("clone", r"\bclones?\b|exactly the same arrangement|same digits in the same (?:relative )?"
     r"positions?"),
    ("extra region", r"extra regions?|windoku|hyper ?sudoku|(?:each|every) (?:shaded|grey|gray|"
     r"coloured|colored|blue|green) (?:area|region)[^.]*1(?:-| to | through )9"),
    ("diagonal", r"(?:each|both|the|marked) (?:main |marked |long )?diagonals?\b[^.]*"
     r"(?:repeat|1(?:-| to | through )9)|diagonals? (?:may|can|must) not (?:contain a )?repeat|"
     r"(?:not|never) repeat (?:on|along|in) (?:the|each|a) (?:marked |main )?diagonal"),
    ("anti-knight", r"anti-?knight|(?<!not )\ba (?:\(?chess\)? )?knight(?:'|\u2019)?s? ?-?move"),
    ("anti-king", r"anti-?king|(?<!not )\ba (?:\(?chess\)? )?king(?:'|\u2019)?s? ?-?move|"
     r"(?:identical|equal|same|repeated) digits (?:may|can|must|do|does|should)? ?(?:not|never) "
     r"touch diagonally|no (?:two )?(?:identical|equal|same) digits (?:may |can )?touch diagonally|"
     r"diagonally (?:adjacent|touching) cells? (?:cannot|can't|may not|must not|do not|never) "
     r"(?:be|contain|hold|have) (?:the same|identical|equal)"),
    ("nonconsecutive", r"non-?consecutive|anti-?consecutive|(?:orthogonally )?adjacent "
     r"(?:cells|digits)(?: to each other)? (?:cannot|can't|may not|must not|never) (?:be|contain) "
     r"consecutive|consecutive (?:digits|numbers) (?:must |may |can |should )?(?:not|never) "
     r"(?:be )?(?:placed )?(?:orthogonally )?adjacent|(?:digits|cells) (?:that|which) are "
     r"(?:orthogonally )?adjacent(?: to each other)?,? (?:cannot|can't|may not|must not|never) "
     r"(?:be|contain) consecutive|no (?:two )?(?:orthogonally )?adjacent (?:cells|digits) "
     r"(?:may |can )?(?:be|contain) consecutive"),
    ("disjoint groups", r"\bdisjoint (?:groups?|sets?|subsets?|sudoku|rules?|constraint)|standard "
     r"disjoint|same (?:relative |respective )?(?:position|cell)s? (?:in|within|of|relative to) "
     r"(?:each|every|their|different|multiple) (?:3x3 )?(?:box|boxes|regions?|nonets?)[^.]{0,40}"
     r"(?:different|distinct|unique|not|never|n't)"),
    ("Dutch flatmates", r"dutch flatmates?|(?:every|each|any) 5\b[^.]{0,40}\b1 (?:directly |"
     r"immediately )?above[^.]{0,40}\b9 (?:directly |immediately )?below"),
    ("anti-taxicab", r"anti-?taxi-?cab|(?:not|never)[^.]{0,60}taxi-?cab distance (?:of|equal to) "
     r"(?:d|that digit|its (?:own )?value)\b|taxi-?cab distance (?:of|equal to) (?:d|that digit|"
     r"its (?:own )?value)\b[^.]{0,40}(?:not|never)"),
    ("global entropy", r"global entropy|" + SQUARES + r"[^.]{0,80}\blow\b[^.]{0,40}\b(?:middle|"
     r"medium|mid)\b"),
    ("global modular", r"global modular|" + SQUARES + r"[^.]{0,80}(?:remainders?|modul|mod 3|"
     r"1,? ?4,? ?(?:and )?7)"),
    ("diagonal top-left to bottom-right", MAIN_DIAGONALS),
    ("diagonal bottom-left to top-right", MAIN_DIAGONALS),
    ("all dots given", NEGATIVE),
)  # fmt: skip

#: Rule kinds whose marks the guard's words (``guard.VOCABULARY``) may name otherwise: a pointing
#: digit's mark is an arrow; a rule of a line is what "coloured line" meant.
GUARD_NAMES: dict[str, tuple[str, ...]] = {
    "pointing": ("arrow",),
    "repeating killer": ("killer cage",),
    "kropki white": ("Kropki dots",),
    "kropki black": ("Kropki dots",),
    "same parity": ("coloured line",),
    "consecutive sequence": ("coloured line",),
    "parity": ("coloured line", "parity line"),
    "modular": ("coloured line", "modular line"),
    "ten line": ("coloured line", "10 line"),
}

#: Symbols a sentence may name its marks by (``"+"``, an X), each to the one way a mark's
#: text is compared with it.
SYMBOLS = '"([^"\\s]{1,3})"|(?<!\\S)([+\u00d7=<>*])(?!\\S)|\\b([XxV])\\b'
FOLD = {"\u00d7": "x", "X": "x", "*": "x"}  # the multiplication sign, X and * are times

#: Colour words and the colour names (``marks.colour_name``) each may mean.
COLOURS: dict[str, frozenset[str]] = {
    word: frozenset(names)
    for word, names in {
        "grey": {"grey", "white"}, "gray": {"grey", "white"}, "black": {"black", "grey"},
        "white": {"white", "none"}, "red": {"red", "pink", "orange"},
        "pink": {"pink", "purple", "red"}, "purple": {"purple", "pink", "blue"},
        "magenta": {"pink", "purple"}, "violet": {"purple", "pink", "blue"},
        "lavender": {"purple", "blue", "pink"}, "blue": {"blue", "teal", "purple"},
        "teal": {"teal", "blue", "green"}, "cyan": {"teal", "blue"},
        "green": {"green", "teal", "yellow"}, "yellow": {"yellow", "orange", "green"},
        "orange": {"orange", "red", "yellow"}, "brown": {"orange", "red"},
    }.items()
}  # fmt: skip

#: Shape words and the mark shapes (``marks.Mark.shape``) each may mean.
SHAPES: dict[str, frozenset[str]] = {
    word: frozenset(shapes)
    for word, shapes in {
        "line": {"line", "bulbline", "arrow"}, "lines": {"line", "bulbline", "arrow"},
        "thermo": {"bulbline", "arrow"}, "thermometer": {"bulbline", "arrow"},
        "thermometers": {"bulbline", "arrow"}, "thermos": {"bulbline", "arrow"},
        "arrow": {"bulbline", "arrow", "text"}, "arrows": {"bulbline", "arrow", "text"},
        "bulb": {"bulbline", "arrow"},
        "circle": {"circle"}, "circles": {"circle"}, "dot": {"circle"}, "dots": {"circle"},
        "square": {"square", "shaded"}, "squares": {"square", "shaded"},
        "diamond": {"diamond"}, "diamonds": {"diamond"},
        "cage": {"cage"}, "cages": {"cage"},
        "shaded": {"shaded"},
        "area": {"shaded"}, "areas": {"shaded"}, "region": {"shaded"}, "regions": {"shaded"},
        "shapes": {"shaded", "cage"},
    }.items()
}  # fmt: skip
