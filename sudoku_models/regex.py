"""Regular expressions over digits, compiled to an :class:`~sudoku_models.constraints.Automaton`.

A small, safe subset, read by a recursive-descent parser written for it (no backtracking
engine, no user code run):

- a digit ``1``..``9`` (and ``0``, which no cell holds) matches itself, ``.`` any digit;
- ``[...]`` a class of digits and ranges (``[1-3 7]``), ``[^...]`` its complement;
- ``( )`` groups, ``|`` alternatives;
- the quantifiers ``*``, ``+``, ``?``, ``{m}``, ``{m,}`` and ``{m,n}``.

The expression must match the whole line. Anything else (letters, anchors, back references,
lazy quantifiers) raises :class:`~sudoku_models.errors.InvalidPuzzleError` naming the character
and its position. Compilation is Thompson's construction, then the empty moves are removed.

>>> line = compile_regex("1[2-4]*9", (0, 1, 2, 3), 9)
>>> line.holds([1, 3, 2, 9]), line.holds([1, 5, 2, 9])
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from . import deadline
from .constraints import Automaton
from .errors import InvalidPuzzleError

#: Most states a compiled expression may have before it is refused (``{m,n}`` copies its part).
MAX_STATES = 20_000

#: Most characters of an expression.
MAX_LENGTH = 1_000

#: Most steps removing the empty moves may take: states reached by empty moves, summed over the
#: states, plus the moves made. Each counted copy of a part that may match nothing reaches all
#: the copies after it, so ``(.?){700}`` would take millions.
MAX_WORK = 500_000

Node = tuple  # ("set", digits) | ("cat", [nodes]) | ("alt", [nodes]) | ("rep", node, low, high)


def compile_regex(pattern: str, cells: Sequence[int], n: int, name: str = "") -> Automaton:
    """The automaton accepting the words of digits ``1..n`` along ``cells`` that ``pattern``
    matches as a whole."""
    label = name or f"regex {pattern!r}"
    if len(pattern) > MAX_LENGTH:
        raise InvalidPuzzleError(f"{label}: longer than {MAX_LENGTH} characters")
    tree = _Parser(pattern, n, label).parse()
    nfa = _Nfa(label)
    start, end = nfa.build(tree)
    transitions: set[tuple[int, int, int]] = set()
    accepting: set[int] = set()
    work = 0
    for q in range(nfa.size):
        reach = nfa.closure(q, MAX_WORK - work)
        work += len(reach)
        if end in reach:
            accepting.add(q)
        for p in reach:
            for digits, r in nfa.moves.get(p, ()):
                transitions.update((q, d, r) for d in digits)
                work += len(digits)
        if work > MAX_WORK:
            raise _too_much(label)
    return Automaton(tuple(cells), frozenset(transitions), start, frozenset(accepting), label)


class _Parser:
    def __init__(self, pattern: str, n: int, label: str) -> None:
        self.text, self.at, self.label = pattern.replace(" ", ""), 0, label
        self.digits = frozenset(range(1, n + 1))

    def fail(self, why: str) -> InvalidPuzzleError:
        return InvalidPuzzleError(f"{self.label}: {why} at position {self.at + 1}")

    def peek(self) -> str:
        return self.text[self.at] if self.at < len(self.text) else ""

    def take(self) -> str:
        ch = self.peek()
        self.at += 1
        return ch

    def parse(self) -> Node:
        tree = self.alternatives()
        if self.at < len(self.text):
            raise self.fail(f"unexpected {self.peek()!r}")
        return tree

    def alternatives(self) -> Node:
        options = [self.sequence()]
        while self.peek() == "|":
            self.take()
            options.append(self.sequence())
        return options[0] if len(options) == 1 else ("alt", options)

    def sequence(self) -> Node:
        parts = []
        while self.peek() not in ("", "|", ")"):
            parts.append(self.repeated())
        return ("cat", parts)

    def repeated(self) -> Node:
        node = self.atom()
        while self.peek() in ("*", "+", "?", "{"):
            ch = self.take()
            if ch == "*":
                node = ("rep", node, 0, None)
            elif ch == "+":
                node = ("rep", node, 1, None)
            elif ch == "?":
                node = ("rep", node, 0, 1)
            else:
                low, high = self.bounds()
                node = ("rep", node, low, high)
        return node

    def bounds(self) -> tuple[int, int | None]:
        low = self.number()
        high: int | None = low
        if self.peek() == ",":
            self.take()
            high = None if self.peek() == "}" else self.number()
        if self.take() != "}":
            raise self.fail("a count {m}, {m,} or {m,n} needs its closing '}'")
        if high is not None and high < low:
            raise self.fail(f"the count {{{low},{high}}} runs backwards")
        return low, high

    def number(self) -> int:
        start = self.at
        while _is_digit(self.peek()):
            self.take()
        if start == self.at:
            raise self.fail("a count needs a number")
        if self.at - start > 5:
            count, self.at = self.text[start : self.at], start
            raise self.fail(f"the count {count} is too large")
        return int(self.text[start : self.at])

    def atom(self) -> Node:
        ch = self.take()
        if ch == "(":
            inner = self.alternatives()
            if self.take() != ")":
                raise self.fail("a group needs its closing ')'")
            return inner
        if ch == ".":
            return ("set", self.digits)
        if ch == "[":
            return ("set", self.digit_class())
        if _is_digit(ch):
            return ("set", frozenset({int(ch)}) & self.digits)
        self.at -= 1
        raise self.fail(f"unsupported {ch!r}" if ch else "the expression ends too early")

    def digit_class(self) -> frozenset[int]:
        negate = self.peek() == "^"
        if negate:
            self.take()
        chosen: set[int] = set()
        while self.peek() != "]":
            ch = self.take()
            if not _is_digit(ch):
                self.at -= 1
                raise self.fail(f"unsupported {ch!r} in a class" if ch else "a class needs ']'")
            if self.peek() == "-":
                self.take()
                last = self.take()
                if not _is_digit(last) or int(last) < int(ch):
                    raise self.fail("a range needs two digits, lowest first")
                chosen.update(range(int(ch), int(last) + 1))
            else:
                chosen.add(int(ch))
        self.take()
        return self.digits - chosen if negate else frozenset(chosen) & self.digits


def _is_digit(ch: str) -> bool:
    """Whether ``ch`` is one of the digits ``0``..``9`` (``str.isdigit`` also takes ``²``)."""
    return len(ch) == 1 and "0" <= ch <= "9"


@dataclass
class _Nfa:
    """Thompson's construction: states numbered from 0, moves on digit sets or empty."""

    label: str
    size: int = 0
    moves: dict[int, list[tuple[frozenset[int], int]]] = field(default_factory=dict)
    empty: dict[int, list[int]] = field(default_factory=dict)

    def state(self) -> int:
        if self.size >= MAX_STATES:
            raise InvalidPuzzleError(f"{self.label}: more than {MAX_STATES} states")
        self.size += 1
        return self.size - 1

    def link(self, a: int, b: int) -> None:
        self.empty.setdefault(a, []).append(b)

    def build(self, node: Node) -> tuple[int, int]:
        """A fresh fragment for ``node``: its start and end states."""
        kind = node[0]
        start, end = self.state(), self.state()
        if kind == "set":
            self.moves.setdefault(start, []).append((node[1], end))
        elif kind == "cat":
            here = start
            for part in node[1]:
                a, b = self.build(part)
                self.link(here, a)
                here = b
            self.link(here, end)
        elif kind == "alt":
            for part in node[1]:
                a, b = self.build(part)
                self.link(start, a)
                self.link(b, end)
        else:
            _, inner, low, high = node
            here = start
            for _ in range(low):
                a, b = self.build(inner)
                self.link(here, a)
                here = b
            if high is None:
                a, b = self.build(inner)
                self.link(here, a)
                self.link(b, a)
                self.link(b, end)
            else:
                for _ in range(high - low):
                    a, b = self.build(inner)
                    self.link(here, a)
                    self.link(here, end)
                    here = b
            self.link(here, end)
        return start, end

    def closure(self, q: int, budget: int) -> set[int]:
        """The states reachable from ``q`` by empty moves, ``q`` included (more than ``budget``
        of them: refused)."""
        seen, todo = {q}, [q]
        while todo:
            deadline.check()
            for r in self.empty.get(todo.pop(), ()):
                if r not in seen:
                    seen.add(r)
                    todo.append(r)
            if len(seen) > budget:
                raise _too_much(self.label)
        return seen


def _too_much(label: str) -> InvalidPuzzleError:
    return InvalidPuzzleError(
        f"{label}: the expression takes more than {MAX_WORK} steps to compile (a counted part "
        "that may match nothing is copied too often); write it with a smaller count"
    )
