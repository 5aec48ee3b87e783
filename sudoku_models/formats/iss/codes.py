"""ISS's packed encodings of custom rules: state machines (``NFA``) and pairwise keys (``Pair``,
``PairX`` and the older ``Binary``, ``BinaryX``), decoded into rules the model expresses.

An ``NFA`` item carries a finite automaton over the digits, packed bit by bit and written in
URL-safe base64: a header (format, state and symbol widths, how many start and accepting states
there are), then each state's transitions, either as (symbol, target) pairs or, when every
symbol leads to one state, as a mask of symbols and their targets. Start states come first,
then the accepting ones. Its cell list may break into segments at ``-``; the automaton reads
one extra symbol (the digit count plus one) at each break.

A pairwise key is one bit for each ordered pair of digits (a, b), row by row, six bits to a
base64 letter, least significant first: whether a may precede b.

Both become a :class:`~sudoku_models.variants.SequenceRule` whose step is a value
(:class:`Machine`, :class:`PairRule`), so models compare equal and are written back unchanged.

>>> key = pair_key(lambda a, b: abs(a - b) > 1, 9)
>>> key, sorted(pair_relation(key, 9))[:3]
('8H_xf8H_xf8H_B', [(1, 3), (1, 4), (1, 5)])
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from ...errors import InvalidPuzzleError, shown

#: ISS's base64 letters, in the order of their values.
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

Pair = tuple[int, int]


def pair_relation(key: str, n: int, legacy: bool = False) -> frozenset[Pair]:
    """The ordered digit pairs a pairwise key allows (``legacy``: a ``Binary`` key, whose
    ``-`` and ``_`` are swapped)."""
    if legacy:
        key = key.translate(str.maketrans("-_", "_-"))
    values = []
    for ch in key:
        k = LETTERS.find(ch)
        if k < 0:
            raise InvalidPuzzleError(f"ISS pairwise key {shown(key)}: {ch!r} is no base64 letter")
        values.append(k)
    allowed = set()
    for bit in range(n * n):
        word, shift = divmod(bit, 6)
        if word < len(values) and values[word] >> shift & 1:
            allowed.add((bit // n + 1, bit % n + 1))
    return frozenset(allowed)


def pair_key(test: Callable[[int, int], bool], n: int) -> str:
    """The ISS key of the relation ``test`` on digits ``1..n``."""
    words = [0] * ((n * n + 5) // 6)
    for bit in range(n * n):
        if test(bit // n + 1, bit % n + 1):
            words[bit // 6] |= 1 << bit % 6
    while words and not words[-1]:
        words.pop()
    return "".join(LETTERS[w] for w in words)


@dataclass(frozen=True)
class PairRule:
    """The step of a line where each digit and the one before it (``every``: each digit
    before it) form an allowed pair; the state is the last digit (or the digits so far)."""

    key: str
    allowed: frozenset[Pair] = field(compare=False, repr=False)
    every: bool = False
    name: str = ""

    def __call__(self, state: object, d: int) -> object:
        if self.every:
            seen = state if isinstance(state, frozenset) else frozenset()
            ok = all((p, d) in self.allowed for p in seen)
            return seen | {d} if ok else None
        return d if state == 0 or (state, d) in self.allowed else None


def accept_all(state: object) -> bool:
    """Every state may end the line."""
    return True


class _Bits:
    """Bits read most significant first from bytes."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def left(self) -> int:
        return len(self.data) * 8 - self.at

    def read(self, count: int) -> int:
        if count > self.left():
            raise InvalidPuzzleError("ISS NFA: the encoding ends too soon")
        value = 0
        for _ in range(count):
            value = value << 1 | self.data[self.at >> 3] >> (7 - (self.at & 7)) & 1
            self.at += 1
        return value


@dataclass(frozen=True)
class Machine:
    """The step of an ISS state machine along a line, made deterministic: the state is the
    position and the set of automaton states live there. ``breaks`` are the positions where a
    new segment starts, where the automaton first reads the break symbol ``n + 1``. Two
    machines are equal when their encodings and segments are."""

    token: str
    n: int
    breaks: tuple[int, ...] = ()
    name: str = ""
    starts: frozenset[int] = field(default=frozenset(), compare=False, repr=False)
    table: dict[tuple[int, int], frozenset[int]] = field(
        default_factory=dict, compare=False, repr=False
    )

    def begin(self) -> tuple[int, frozenset[int]]:
        """The state before the first cell."""
        return 0, self.starts

    def _move(self, live: Iterable[int], symbol: int) -> frozenset[int]:
        return frozenset(t for s in live for t in self.table.get((s, symbol), ()))

    def __call__(self, state: tuple[int, frozenset[int]], d: int) -> object:
        pos, live = state
        if pos in self.breaks:
            live = self._move(live, self.n + 1)
        live = self._move(live, d)
        return (pos + 1, live) if live else None


@dataclass(frozen=True)
class Accepting:
    """Whether a machine's line may end in a state: some live automaton state accepts."""

    token: str
    states: frozenset[int] = field(compare=False, repr=False)

    def __call__(self, state: tuple[int, frozenset[int]]) -> bool:
        return bool(state[1] & self.states)


def decode_nfa(
    token: str, n: int, breaks: tuple[int, ...] = (), name: str = ""
) -> tuple[Machine, Accepting]:
    """The step and the acceptance of an ISS ``NFA`` argument on digits ``1..n``."""
    try:
        if set(token) - set(LETTERS):
            raise ValueError(token)
        data = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
    except (binascii.Error, ValueError):
        raise InvalidPuzzleError(f"ISS NFA {token[:20]!r}: not base64") from None
    if not data:
        raise InvalidPuzzleError("ISS NFA: empty encoding")
    bits = _Bits(data)
    packed = bits.read(2)
    if packed not in (0, 1):
        raise InvalidPuzzleError("ISS NFA: unknown encoding format")
    state_bits = bits.read(4) + 1
    symbols = bits.read(4) + 1
    start_count = bits.read(state_bits)
    accept_count = bits.read(state_bits)
    start_accepts = bits.read(start_count)
    moves: dict[tuple[int, int], set[int]] = {}
    if packed:
        state = 0
        while bits.left() >= symbols:
            mask = bits.read(symbols)
            for symbol in range(1, symbols + 1):
                if mask >> (symbol - 1) & 1:
                    moves.setdefault((state, symbol), set()).add(bits.read(state_bits))
            state += 1
    else:
        count_bits = bits.read(4)
        symbol_bits = (symbols - 1).bit_length()
        state = 0
        while count_bits and bits.left() >= count_bits:
            for _ in range(bits.read(count_bits)):
                symbol = bits.read(symbol_bits) + 1
                moves.setdefault((state, symbol), set()).add(bits.read(state_bits))
            state += 1
    if bits.left() and bits.read(bits.left()):
        raise InvalidPuzzleError("ISS NFA: unexpected data after the transitions")
    accepting = {k for k in range(start_count) if start_accepts >> k & 1}
    accepting |= set(range(start_count, start_count + accept_count))
    table = {key: frozenset(v) for key, v in moves.items()}
    machine = Machine(token, n, breaks, name, frozenset(range(start_count)), table)
    return machine, Accepting(token, frozenset(accepting))


@dataclass(frozen=True)
class SumRule:
    """The step of ISS's ``Sum`` (digits may repeat): the state is the position and the sum so
    far of each digit times its coefficient."""

    total: int
    coeffs: tuple[int, ...]

    def __call__(self, state: tuple[int, int], d: int) -> object:
        pos, partial = state
        return pos + 1, partial + self.coeffs[pos] * d


@dataclass(frozen=True)
class SumReached:
    """Whether the sum along the line is the total."""

    total: int

    def __call__(self, state: tuple[int, int]) -> bool:
        return state[1] == self.total


@dataclass(frozen=True)
class HiddenRule:
    """The step of ISS's ``HiddenSkyscraper`` clue ``value`` on row or column ``line`` read
    from its start (``forward``) or end: the first digit lower than one before it is
    ``value`` (0: no digit is). The state is the highest digit so far, or ``"found"``."""

    line: str
    forward: bool
    value: int

    def __call__(self, state: object, d: int) -> object:
        if state == "found":
            return state
        assert isinstance(state, int)
        if d > state:
            return d
        return "found" if d == self.value else None


@dataclass(frozen=True)
class HiddenFound:
    """Whether a hidden-skyscraper line may end in a state: a hidden digit was found, or, for
    a clue of 0, none was."""

    value: int

    def __call__(self, state: object) -> bool:
        return (state == "found") != (self.value == 0)


@dataclass(frozen=True)
class IndexRule:
    """The step of ISS's ``ValueIndexing`` on a line of ``length`` cells: the digit d of the
    second cell says that the cell d further along the line, counted from that second cell,
    holds the first cell's digit (d from 1 to ``length - 2``). The state is the position, the
    first digit and d."""

    length: int

    def __call__(self, state: tuple[int, int, int], digit: int) -> object:
        pos, first, d = state
        if pos == 0:
            return 1, digit, 0
        if pos == 1:
            return (2, first, digit) if digit <= self.length - 2 else None
        if pos - 1 == d and digit != first:
            return None
        return pos + 1, first, d


@dataclass(frozen=True)
class DistinctRule:
    """The step of ISS's ``CountDistinct``: the first cell's digit is how many different digits
    the other cells hold. The state is that digit and the digits seen since."""

    def __call__(self, state: object, d: int) -> object:
        if state is None:
            return d, frozenset()
        assert isinstance(state, tuple)
        control, seen = state
        seen = seen | {d}
        return (control, seen) if len(seen) <= control else None


def distinct_reached(state: object) -> bool:
    """Whether a ``CountDistinct`` line may end in ``state``: as many digits as its first."""
    return isinstance(state, tuple) and len(state[1]) == state[0]
