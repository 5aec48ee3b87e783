"""A reading composed from parts, given in words: ``sum of the first 3 cells``, ``product of
the row``, ``difference of the pair < 3``, or with the parts spelled out, ``function:sum
scope:cells comparison:<``.

Two spellings of one reading, both read over the tables of
:mod:`~sudoku_models.variants.composed` (``FUNCTIONS``, ``COMPARISONS``, ``GRID_SCOPES``,
``OUTSIDE_SCOPES`` and ``scope_words``), looked up at each reading, so a function or a scope
added there is read here as it is:

- **words**: ``FUNCTION of SCOPE [COMPARISON [VALUES]]``. ``FUNCTION`` is a name of
  ``FUNCTIONS``; ``SCOPE`` is how a report names the scope (``the first 3 cells``, ``the cells
  before the largest digit``, ``the row or column``), without its note in brackets, or the
  scope's own name (``pair``, ``cells``, ``first 3``, ``first X``, ``between``, ``line``), or
  ``row`` or ``column``; ``COMPARISON`` is a sign of ``COMPARISONS`` or a word (``is``,
  ``is not``, ``less than``, ``more than``; ``=`` when none is given); ``VALUES`` are numbers
  joined by ``or`` (``3 or 5``; one number for ``<`` and ``>``), or ``clue``;
- **parts**: ``function:NAME scope:SCOPE [reach:N] [comparison:SIGN] [values:N,...]``, in
  any order, each part once; ``SCOPE`` as above.

Without ``VALUES`` (or with ``clue``), each mark is compared with its own number, the text it
carries, as :mod:`~sudoku_models.formats.reading.parts` reads clues. A phrase is at most
:data:`MAX_PHRASE` characters and is read in one pass of a few anchored patterns.

>>> phrase = parse("sum of the first 3 cells")
>>> phrase
Phrase(function='sum', scope='first', comparison='=', values=(), reach=3)
>>> phrase.words(), phrase.parts()
('sum of the first 3 cells = clue', 'function:sum scope:first reach:3 comparison:=')
>>> parse("function:sum scope:first reach:3") == phrase
True
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from ...errors import InvalidPuzzleError, shown
from ...variants import composed
from ...variants.base import Variant
from ...variants.composed import Composed
from .grouping import Group
from .marks import Mark
from .text import Claim

#: Longest phrase read.
MAX_PHRASE = 200
#: Most numbers a phrase or a mark may compare with.
MAX_VALUES = 16
#: Words for the comparisons, beside their signs (those whose sign is in ``COMPARISONS``).
COMPARISON_WORDS: dict[str, str] = {
    "is": "=", "equals": "=", "is not": "!=", "less than": "<", "below": "<",
    "more than": ">", "greater than": ">", "above": ">",
}  # fmt: skip
#: Words for scopes beside the names the tables give.
SCOPE_ALIASES: dict[str, str] = {"row": "line", "column": "line"}
#: The word for "each mark's own number" in place of values.
CLUE = "clue"
#: Comparisons with any of several values; the others take one.
ANY_OF = ("=", "!=")

# Numbers no scope's words hold, standing for the reach and the count of cells in them.
_REACH, _CELLS = "7919", "7907"
_NOTE = re.compile(r"\s*\([^()]*\)")
_VALUES = re.compile(r"\d{1,4}(?: ?(?:,|/|or) ?\d{1,4})*")
_KEY = re.compile(r"\b(function|scope|reach|comparison|values|value)\s?:")


@dataclass(frozen=True)
class Phrase:
    """A composed reading read from words: a function of ``FUNCTIONS``, a scope, a comparison of
    ``COMPARISONS``, the values to compare with (empty: each mark's number) and the reach of
    the scopes that take one (``first``)."""

    function: str
    scope: str
    comparison: str = "="
    values: tuple[int, ...] = ()
    reach: int = 0

    def words(self) -> str:
        """The phrase in words, as :func:`parse` reads it back: ``sum of the row = clue``."""
        said = " or ".join(map(str, self.values)) or CLUE
        return f"{self.function} of {_scope_said(self.scope, self.reach)} {self.comparison} {said}"

    def parts(self) -> str:
        """The phrase with its parts spelled out, as :func:`parse` reads it back."""
        reach = f" reach:{self.reach}" if self.reach else ""
        values = f" values:{','.join(map(str, self.values))}" if self.values else ""
        return (
            f"function:{self.function} scope:{self.scope}{reach} "
            f"comparison:{self.comparison}{values}"
        )

    def rules(self, group: Group) -> list[Variant] | None:
        """One :class:`~sudoku_models.variants.composed.Composed` rule a mark of ``group``, or
        None when the marks do not suit the scope (a scope seen from outside the grid needs
        clues outside it, a pair two cells). A mark with no number to compare with is refused,
        naming the group, as is a number the phrase gives where the marks carry their own."""
        if (group.place == "outside") != (self.scope in composed.OUTSIDE_SCOPES):
            return None
        out: list[Variant] = []
        for mark in group.marks:
            try:
                self._rule(mark, self.values or (1,))  # the marks suit the scope
            except InvalidPuzzleError:
                return None
            if self.values:
                if mark.text:
                    raise InvalidPuzzleError(
                        f"the marks of the {group.label} carry their own numbers "
                        f"({shown(mark.text)}); give the reading without a number to compare "
                        f"each mark with its own"
                    )
                values = self.values
            else:
                own = _values(mark.text)
                if own is None:
                    said = f"reads {shown(mark.text)}" if mark.text else "carries none"
                    raise InvalidPuzzleError(
                        f"the reading {self.words()!r} compares each mark with its number, "
                        f"and a mark of the {group.label} {said}; give the number in the "
                        f"reading (e.g. '... {self.comparison} 10')"
                    )
                values = own
            if len(values) > 1 and self.comparison not in ANY_OF:
                raise InvalidPuzzleError(
                    f"{self.comparison} compares with one number; a mark of the {group.label} "
                    f"reads {shown(mark.text)}"
                )
            out.append(self._rule(mark, values))
        return out

    def _rule(self, mark: Mark, values: tuple[int, ...]) -> Composed:
        if self.scope in composed.OUTSIDE_SCOPES:
            return Composed(
                self.scope, self.function, self.comparison, values, clue=mark.cells[0],
                reach=self.reach,
            )  # fmt: skip
        return Composed(self.scope, self.function, self.comparison, values, cells=mark.cells)


def parse(text: str) -> Phrase:
    """The reading ``text`` gives, in words or with its parts spelled out (see the module);
    :class:`~sudoku_models.errors.InvalidPuzzleError` names what is wrong and what is known."""
    if len(text) > MAX_PHRASE:
        raise InvalidPuzzleError(
            f"a composed reading is at most {MAX_PHRASE} characters: {shown(text)}"
        )
    said = " ".join(text.lower().split())
    return _parts(said) if _KEY.search(said) else _words(said)


def looks_composed(text: str) -> bool:
    """Whether ``text`` is meant as a composed reading: it names a function ``of`` something,
    or spells out a part (``function:``, ``scope:``)."""
    said = " ".join(text[: MAX_PHRASE + 1].lower().split())
    return " of " in f" {said} " or bool(_KEY.search(said))


def builder(kind: str) -> Callable[[Group, int, Claim], list[Variant] | None]:
    """The builder of a given reading's kind: the phrase :func:`parse` reads in ``kind`` made
    rules on a group of marks."""
    phrase = parse(kind)
    return lambda group, n, claim: phrase.rules(group)


def known() -> str:
    """The functions and scopes a phrase may name, for an error message."""
    scopes = ", ".join(_scope_said(s, 3) for s in (*composed.GRID_SCOPES, *composed.OUTSIDE_SCOPES))
    return f"functions: {', '.join(composed.FUNCTIONS)}; scopes: {scopes}"


def _refuse(what: str, text: str, names: bool = False) -> InvalidPuzzleError:
    """The error of a phrase: what is wrong, the grammar, and with ``names`` the functions and
    scopes known."""
    said = f"; {known()}" if names else ""
    return InvalidPuzzleError(
        f"{what} in the composed reading {shown(text, 60)}: write FUNCTION of SCOPE "
        f"[COMPARISON NUMBER], e.g. 'sum of the first 3 cells'{said}"
    )


def _words(text: str) -> Phrase:
    """A phrase in words: ``FUNCTION of SCOPE [COMPARISON [VALUES]]``."""
    by_length = sorted(composed.FUNCTIONS, key=len, reverse=True)
    function = next((f for f in by_length if text.startswith(f"{f.lower()} of ")), None)
    if function is None:
        raise _refuse("no known function before 'of'", text, names=True)
    rest = text[len(function) + 4 :]
    named = _scope(rest)
    if named is None:
        raise _refuse(f"no known scope after 'of' ({shown(rest)})", text, names=True)
    scope, reach, end = named
    comparison, values = _comparison(rest[end:].strip(), text)
    return _checked(Phrase(function, scope, comparison, values, reach), text)


def _parts(text: str) -> Phrase:
    """A phrase with its parts spelled out: ``function:NAME scope:SCOPE ...``."""
    found = list(_KEY.finditer(text))
    if text[: found[0].start()].strip():
        raise _refuse(f"{shown(text[: found[0].start()].strip())} before the first part", text)
    got: dict[str, str] = {}
    for k, key in enumerate(found):
        name = "values" if key[1] == "value" else key[1]
        if name in got:
            raise _refuse(f"the part {name!r} twice", text)
        end = found[k + 1].start() if k + 1 < len(found) else len(text)
        got[name] = text[key.end() : end].strip()
    function = {f.lower(): f for f in composed.FUNCTIONS}.get(got.get("function", ""))
    if function is None:
        raise _refuse(f"no known function:{got.get('function', '')}", text, names=True)
    if "scope" not in got:
        raise _refuse("no scope:", text, names=True)
    named = _scope(got["scope"])
    if named is None or named[2] != len(got["scope"]):
        raise _refuse(f"no known scope:{got['scope']}", text, names=True)
    scope, reach, _ = named
    if "reach" in got:
        if reach or not re.fullmatch(r"\d{1,3}", got["reach"]):
            raise _refuse(f"reach:{got['reach']} (a number of cells, given once)", text)
        reach = int(got["reach"])
    said = f"{got.get('comparison', '=')} {got.get('values', '')}".strip()
    comparison, values = _comparison(said, text)
    return _checked(Phrase(function, scope, comparison, values, reach), text)


def _scope(rest: str) -> tuple[str, int, int] | None:
    """The scope named at the start of ``rest``: the scope, its reach, and where its words end
    (the longest way of naming a scope that matches); None when none does."""
    start = 4 if rest.startswith("the ") else 0
    best: tuple[int, str, int] | None = None
    for pattern, scope in _forms():
        found = pattern.match(rest, start)
        if found and (best is None or found.end() > best[0]):
            best = (found.end(), scope, int(found[1] or 0) if pattern.groups else 0)
    if best is None:
        return None
    end, scope, reach = best
    return scope, reach, end


def _comparison(rest: str, text: str) -> tuple[str, tuple[int, ...]]:
    """The comparison and values that end a phrase (``=`` and none when nothing does)."""
    if not rest:
        return "=", ()
    signs = _signs()
    sign = next((s for s in signs if rest.startswith(s) and _ends_word(rest, s)), None)
    if sign is None:
        raise _refuse(f"{shown(rest)} where a comparison goes ({', '.join(signs)})", text)
    said = rest[len(sign) :].strip()
    if said in ("", CLUE, f"the {CLUE}"):
        return signs[sign], ()
    values = _values(said)
    if values is None:
        raise _refuse(f"{shown(said)} where numbers (1 to 9999, joined by 'or') go", text)
    return signs[sign], values


def _checked(phrase: Phrase, text: str) -> Phrase:
    """``phrase``, once its reach and values suit its scope and comparison."""
    takes_reach = _REACH in composed.scope_words(phrase.scope, int(_REACH), int(_CELLS))
    if takes_reach and not phrase.reach:
        raise _refuse(f"no number of cells for the scope {phrase.scope!r}", text)
    if phrase.reach and not takes_reach:
        raise _refuse(f"a number of cells for the scope {phrase.scope!r}, which takes none", text)
    if len(phrase.values) > 1 and phrase.comparison not in ANY_OF:
        raise _refuse(f"{phrase.comparison} with more than one number", text)
    return phrase


def _values(text: str) -> tuple[int, ...] | None:
    """The numbers of a text such as ``3 or 5`` (None when it is not such a text)."""
    said = " ".join(text.split())
    if len(said) > 6 * MAX_VALUES or not _VALUES.fullmatch(said):
        return None
    values = tuple(int(v) for v in re.findall(r"\d+", said))
    return values if all(values) else None


def _ends_word(text: str, word: str) -> bool:
    return not word[-1].isalpha() or len(text) == len(word) or not text[len(word)].isalpha()


def _scope_said(scope: str, reach: int) -> str:
    """How a phrase names a scope: the report's words, without the count of cells."""
    said = composed.scope_words(scope, reach, int(_CELLS)).replace(f"{_CELLS} ", "")
    return said if said.startswith("the ") else f"the {said}"


def _forms() -> list[tuple[re.Pattern[str], str]]:
    """Each way to name a scope (without a leading ``the``) as an anchored pattern, whose one
    group, where the scope takes a reach, is the reach: the report's words, without their note
    in brackets, the scope's name, and :data:`SCOPE_ALIASES`."""
    forms = {re.escape(alias): scope for alias, scope in SCOPE_ALIASES.items()}
    for scope in (*composed.GRID_SCOPES, *composed.OUTSIDE_SCOPES):
        said = _scope_said(scope, int(_REACH)).lower().removeprefix("the ")
        for form in (said, _NOTE.sub("", said)):
            forms.setdefault(re.escape(form).replace(_REACH, r"(\d{1,3})"), scope)
        reach = r"(?: (\d{1,3}))?" if _REACH in said else ""
        forms.setdefault(re.escape(scope.lower()) + reach, scope)
    return [(re.compile(form + r"(?![a-z0-9])"), scope) for form, scope in forms.items()]


def _signs() -> dict[str, str]:
    """Each sign and word of a comparison, longest first, and the sign it stands for."""
    words = [w for w, sign in COMPARISON_WORDS.items() if sign in composed.COMPARISONS]
    return {
        word: COMPARISON_WORDS.get(word, word)
        for word in sorted([*composed.COMPARISONS, *words], key=len, reverse=True)
    }
