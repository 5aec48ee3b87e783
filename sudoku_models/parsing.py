"""Reading puzzles from the common text and list forms into a board and a tuple of cell values.

Accepted forms (the size is inferred from the number of cells unless ``box`` is given):

- one line of ``n*n`` characters, ``.``, ``0`` or ``_`` for a blank, digits then letters beyond 9;
- one line of ``n*n`` numbers separated by spaces or commas;
- a multi-line grid, one row a line, with or without ``|``, ``-``, ``+`` separators and spaces,
  including the table form ``. | . | 4 | 8 | . |``;
- a list of row strings, or a list of lists of ints (``0`` blank) or of one-symbol strings.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from .board import MAX_DIGITS, SYMBOLS, Board
from .errors import InvalidPuzzleError

_BLANKS = frozenset(".0_")
_SEPARATOR_LINE = re.compile(r"^[\s\-+=|*#]*$")
_CELL_SPLIT = re.compile(r"[\s|,;]+")

Source = str | Sequence[str] | Sequence[Sequence[int | str]]


def parse_cells(
    source: Source, box: tuple[int, int] | None = None
) -> tuple[Board, tuple[int, ...]]:
    """Read ``source`` into its board shape and the cell values in reading order (0 = blank)."""
    if isinstance(source, str):
        rows = _rows_of_text(source)
    elif isinstance(source, Sequence) and not isinstance(source, bytes):
        rows = _rows_of_lists(source)
    else:
        raise InvalidPuzzleError(
            f"cannot read a puzzle from {type(source).__name__}: give a string or a list of rows"
        )
    if len(rows) == 1:
        tokens = rows[0]
        n = math.isqrt(len(tokens))
        if n * n != len(tokens):
            raise InvalidPuzzleError(
                f"a one-line puzzle needs a square number of cells (81 for 9x9), got {len(tokens)}"
            )
        rows = [tokens[r * n : (r + 1) * n] for r in range(n)]
    n = len(rows)
    for r, row in enumerate(rows):
        if len(row) != n:
            raise InvalidPuzzleError(
                f"ragged rows: {n} rows, but this row has {len(row)} cells", row=r
            )
    board = _board_for(n, box)
    values = []
    for r, row in enumerate(rows):
        for c, token in enumerate(row):
            values.append(_value(token, n, r, c))
    return board, tuple(values)


def _board_for(n: int, box: tuple[int, int] | None) -> Board:
    if box is None:
        return Board.for_digits(n)
    try:
        box_rows, box_cols = box
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"box must be a pair (rows, cols), got {box!r}") from None
    board = Board(box_rows, box_cols)
    if board.n != n:
        raise InvalidPuzzleError(
            f"box {box_rows}x{box_cols} needs a {board.n}x{board.n} grid, got {n}x{n}"
        )
    return board


def _rows_of_text(text: str) -> list[list[str]]:
    lines = [line.strip() for line in text.strip().splitlines()]
    lines = [line for line in lines if line and not _SEPARATOR_LINE.match(line)]
    if not lines:
        raise InvalidPuzzleError("empty puzzle text")
    rows = [_tokens(line) for line in lines]
    if len(rows) > 1 and len(rows[0]) == 1 and all(len(row) == 1 for row in rows):
        return [[token for row in rows for token in row]]
    return rows


def _tokens(line: str) -> list[str]:
    """Split one text row into cell tokens.

    Separated parts are numbers when one of them has several digits and all are numbers up to
    35 without leading zeros ("1 12 0 4"); otherwise every character is a cell ("53. .7. ...").
    """
    parts = [p for p in _CELL_SPLIT.split(line) if p]
    if any(len(p) > 1 for p in parts) and all(_is_number(p) for p in parts):
        return parts
    return list("".join(parts))


def _is_number(token: str) -> bool:
    if token in _BLANKS:
        return True
    if not _is_ascii_number(token):
        return False
    return (token == "0" or not token.startswith("0")) and int(token) <= MAX_DIGITS


def _is_ascii_number(token: str) -> bool:
    # str.isdigit alone also accepts superscript, fullwidth and other non-Latin digits
    return token.isascii() and token.isdigit()


def _rows_of_lists(rows: Sequence[object]) -> list[list[str]]:
    if not rows:
        raise InvalidPuzzleError("empty puzzle: no rows")
    if all(isinstance(row, str) for row in rows):
        return _rows_of_text("\n".join(rows))  # type: ignore[arg-type]
    out: list[list[str]] = []
    for r, row in enumerate(rows):
        if isinstance(row, str) or not isinstance(row, Sequence):
            raise InvalidPuzzleError(
                f"mixed rows: expected a list of cell values, got {type(row).__name__}", row=r
            )
        cells = []
        for c, value in enumerate(row):
            if isinstance(value, bool) or not isinstance(value, (int, str)):
                raise InvalidPuzzleError(
                    f"cell value must be an int or a one-symbol string, got {value!r}", row=r, col=c
                )
            cells.append(str(value).strip() or ".")
        out.append(cells)
    return out


def _value(token: str, n: int, r: int, c: int) -> int:
    if token in _BLANKS:
        return 0
    if _is_ascii_number(token):
        d = int(token)
    else:
        d = SYMBOLS.find(token.upper()) if len(token) == 1 else -1
        if d <= 0:
            raise InvalidPuzzleError(f"unknown symbol {token!r}", row=r, col=c)
    if not 0 <= d <= n:
        raise InvalidPuzzleError(f"digit {token!r} is outside 1..{n}", row=r, col=c)
    return d
