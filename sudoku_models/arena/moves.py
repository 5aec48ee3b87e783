"""Moves an agent makes, and finding them in free text.

The grammar (rows and columns counted from 1, case ignored, spaces allowed around ``=``, ``:``
and ``,``)::

    r3c5=7        place digit 7 in row 3, column 5
    r3c5=.        clear the cell (``r3c5=0`` too)
    r3c5:1,2,4    set the cell's candidates to 1, 2 and 4
    r3c5: 7       one digit after a colon and a space: a placement (Sudoku-Bench writes so)

Several moves may share a message. On boards of up to 9 digits a whole-grid answer is read
too: ``n*n`` digits (``0`` or
``.`` for a cell left open, spaces, newlines and ``|``, ``-``, ``+`` between them ignored),
alone or inside an ``<ANSWER>...</ANSWER>`` tag as the Sudoku-Bench benchmark asks for; each of
its digits becomes a placement. When a message holds an ``<ANSWER>`` tag, only its last one is
read. A message with no move yields one invalid move; so does a move off the grid or a digit
out of range. Parsing never raises, and reads at most :data:`MAX_CHARS` characters and keeps at
most :data:`MAX_MOVES` moves, so any reply is parsed in bounded time and memory.

>>> [m.text for m in parse("I am sure: r1c1=4 and r2c2 : 1, 3", 4)]
['r1c1=4', 'r2c2:1,3']
>>> parse("no idea", 4)[0].reason
'no move found'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import cell_name

#: Characters of a reply read at most; the rest is ignored.
MAX_CHARS = 200_000
#: Moves kept at most from one reply.
MAX_MOVES = 4_096

PLACE = "place"
CLEAR = "clear"
CANDIDATES = "candidates"
INVALID = "invalid"

_MOVE = re.compile(
    r"r(\d{1,3})\s*c(\d{1,3})\s*(?:=\s*(\d{1,3}|\.)|:(\s*)(\d{1,3}(?:\s*,\s*\d{1,3}){0,40}))",
    re.IGNORECASE,
)
_GRID_NOISE = re.compile(r"[\s|+\-]+")


@dataclass(frozen=True)
class Move:
    """One move: ``kind`` is ``place``, ``clear``, ``candidates`` or ``invalid``; ``row`` and
    ``col`` count from 0; ``digits`` holds the digit placed or the candidates set; ``reason``
    says why an invalid move is invalid."""

    kind: str
    row: int = -1
    col: int = -1
    digits: tuple[int, ...] = ()
    reason: str = ""

    @property
    def text(self) -> str:
        """The move written in the grammar (the reason, for an invalid move)."""
        where = cell_name(self.row, self.col)
        if self.kind == PLACE:
            return f"{where}={self.digits[0]}"
        if self.kind == CLEAR:
            return f"{where}=."
        if self.kind == CANDIDATES:
            return f"{where}:" + ",".join(map(str, self.digits))
        return f"invalid: {self.reason}"

    @property
    def valid(self) -> bool:
        """Whether the move names a cell of the grid and digits in range."""
        return self.kind != INVALID


def parse(text: object, n: int = 9, givens: Sequence[int] = ()) -> list[Move]:
    """The moves in ``text`` on an ``n x n`` grid (see the module docstring); never raises.

    ``givens`` (one digit a cell, 0 for none): the digits of a whole-grid answer that repeat
    a given are no moves and are left out."""
    if isinstance(text, bytes):
        text = text[:MAX_CHARS].decode("utf-8", "replace")
    if not isinstance(text, str):
        return [Move(INVALID, reason="a reply must be text")]
    text = text[:MAX_CHARS]
    text = _last_answer(text)
    moves = [_move(m, n) for m in _MOVE.finditer(text)]
    if not moves:
        moves = _grid(text, n, givens)
    return moves[:MAX_MOVES] or [Move(INVALID, reason="no move found")]


def _last_answer(text: str) -> str:
    """What the last closed ``<ANSWER>`` tag of ``text`` holds, or ``text`` without one."""
    low = text.lower()
    end = low.rfind("</answer>")
    start = low.rfind("<answer>", 0, max(end, 0))
    return text[start + len("<answer>") : end] if end >= 0 and start >= 0 else text


def _move(match: re.Match[str], n: int) -> Move:
    """The move one match of the grammar spells."""
    row, col = int(match[1]) - 1, int(match[2]) - 1
    if not (0 <= row < n and 0 <= col < n):
        return Move(INVALID, reason=f"{match[0]}: no such cell on a {n}x{n} grid")
    if match[3] == "." or match[3] == "0":
        return Move(CLEAR, row, col)
    if match[3] is not None:
        return _digits(PLACE, row, col, (int(match[3]),), n, match[0])
    digits = tuple(int(d) for d in match[5].split(","))
    kind = PLACE if match[4] and len(digits) == 1 else CANDIDATES
    return _digits(kind, row, col, tuple(sorted(set(digits))), n, match[0])


def _digits(kind: str, row: int, col: int, digits: tuple[int, ...], n: int, text: str) -> Move:
    if not all(1 <= d <= n for d in digits):
        return Move(INVALID, reason=f"{text}: digits run from 1 to {n}")
    return Move(kind, row, col, digits)


def _grid(text: str, n: int, givens: Sequence[int]) -> list[Move]:
    """Placements spelt by a whole-grid answer in ``text``, or none."""
    if n > 9:
        return []
    for word in re.findall(rf"[0-9.|+\-\s]{{{n * n},}}", text):
        cells = _GRID_NOISE.sub("", word)
        if len(cells) == n * n and all(ch == "." or ch.isdigit() for ch in cells):
            return [
                Move(PLACE, *divmod(i, n), (int(ch),))
                if ch not in ".0" and int(ch) <= n
                else Move(INVALID, reason=f"digit {ch} at {cell_name(*divmod(i, n))}")
                for i, ch in enumerate(cells)
                if ch not in ".0" and not (givens and str(givens[i]) == ch)
            ]
    return []
