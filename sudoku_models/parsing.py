"""Reading puzzles from the common text and list forms into a board and a tuple of cell values.

Accepted forms (the size is inferred from the number of cells unless ``box`` is given):

- one line of ``n*n`` characters, ``.``, ``0`` or ``_`` for a blank, digits then letters beyond 9;
- one line of ``n*n`` numbers separated by spaces or commas;
- a multi-line grid, one row a line, with or without ``|``, ``-``, ``+`` separators and spaces,
  including the table form ``. | . | 4 | 8 | . |``;
- a list of row strings, or a list of lists of ints (``0`` blank) or of one-symbol strings.

A byte-order mark before the text is skipped. Text longer than :data:`MAX_TEXT` characters is
refused before it is read (no puzzle needs that many). Control characters other than tab and line
breaks are unknown symbols, never blanks or separators.

A one-line puzzle may be followed, after a space, by a note (``<81 cells> # comment`` or
``<81 cells> 12.3``, as published lists rate their puzzles): when the whole line is no puzzle but
its first word is one, the rest is the note and is ignored.

Hexadecimal 16x16 puzzles, written one symbol a cell with ``0`` to ``F`` (``0`` standing for the
sixteenth digit, which this package writes ``G``): in a 16x16 text of one symbol a cell,

- with ``G`` somewhere, ``0`` is a blank (digits ``1`` to ``G``);
- without ``G`` but with ``.`` or ``_`` somewhere, ``0`` is the digit 16 (hexadecimal);
- with neither, ``0`` is the digit 16 when that makes a complete grid with no digit twice in a
  unit (a hexadecimal solution), a blank otherwise. Both readings then have the same complete
  grid as their only completion, so no reading changes the answer.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from .board import MAX_DIGITS, SYMBOLS, Board
from .errors import InvalidPuzzleError, shown

_BLANKS = frozenset(".0_")

#: Longest puzzle text read: a 35x35 table with separators fits many times over.
MAX_TEXT = 100_000

#: One-line lengths the fast path reads: a square number of cells of a supported side.
_LINE_SIDES = {n * n: n for n in range(4, MAX_DIGITS + 1)}

#: Each symbol's value as a character (``chr(d)``), blanks as ``chr(0)``, lower case too; the
#: other characters up to ``chr(MAX_DIGITS)`` (controls, space, ``!``) to one no digit reaches.
_LINE_VALUES = str.maketrans(
    {
        **{chr(k): "\x7f" for k in range(MAX_DIGITS + 1)},
        **{b: "\0" for b in _BLANKS},
        **{sym: chr(d) for d, sym in enumerate(SYMBOLS) if d},
        **{sym.lower(): chr(d) for d, sym in enumerate(SYMBOLS) if d and sym.isalpha()},
    }
)
#: Whitespace that separates cells: any but the control characters (tab aside), which are symbols.
_SPACE = r"[^\S\x0b\x0c\x1c-\x1f\x85]"
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_LINE_BREAK = re.compile(r"\r\n|[\r\n\u2028\u2029]")
_EDGES = re.compile(rf"^{_SPACE}+|{_SPACE}+$")
_SEPARATOR_LINE = re.compile(rf"^(?:{_SPACE}|[\-+=|*#])*$")
_CELL_SPLIT = re.compile(rf"(?:{_SPACE}|[|,;])+")
_NOTE = re.compile(rf"{_SPACE}+")

Source = str | Sequence[str] | Sequence[Sequence[int | str]]


def parse_cells(
    source: Source, box: tuple[int, int] | None = None
) -> tuple[Board, tuple[int, ...]]:
    """Read ``source`` into its board shape and the cell values in reading order (0 = blank).

    >>> board, cells = parse_cells("1.3." "..1." ".1.." "3...")
    >>> board.n, cells[:4]
    (4, (1, 0, 3, 0))
    """
    if isinstance(source, str):
        return _parse_text(source, box)
    if isinstance(source, Sequence) and not isinstance(source, bytes):
        return _read_rows(_rows_of_lists(source), box)
    raise InvalidPuzzleError(
        f"cannot read a puzzle from {type(source).__name__}: give a string or a list of rows"
    )


def _parse_text(text: str, box: tuple[int, int] | None) -> tuple[Board, tuple[int, ...]]:
    if len(text) > MAX_TEXT:
        raise InvalidPuzzleError(
            f"puzzle text too long: {len(text)} characters, the limit is {MAX_TEXT} "
            f"(a {MAX_DIGITS}x{MAX_DIGITS} puzzle has {MAX_DIGITS * MAX_DIGITS} cells)"
        )
    text = text.removeprefix("\ufeff")
    if box is None:
        fast = _one_line(text)
        if fast is not None:
            return fast
    try:
        return _read_rows(_rows_of_text(text), box)
    except InvalidPuzzleError:
        head = _before_note(text)
        if head is None:
            raise
    return _parse_text(head, box)  # its fault, if any, names the cell


def _read_rows(rows: list[list[str]], box: tuple[int, int] | None) -> tuple[Board, tuple[int, ...]]:
    """The board and cell values of rows of cell tokens (one row: a one-line puzzle)."""
    control = next(
        ((r, c, t) for r, row in enumerate(rows) for c, t in enumerate(row) if _CONTROL.match(t)),
        None,
    )
    if len(rows) == 1:
        tokens = rows[0]
        n = math.isqrt(len(tokens))
        if n * n != len(tokens) and control is not None:
            raise InvalidPuzzleError(
                f"unknown symbol {control[2]!r} (cell {control[1] + 1} of the line)"
            )
        if n * n != len(tokens):
            raise InvalidPuzzleError(
                f"a one-line puzzle needs a square number of cells (81 for 9x9), got {len(tokens)}"
            )
        rows = [tokens[r * n : (r + 1) * n] for r in range(n)]
    elif control is not None:  # before the shape, which the character may have spoilt
        raise InvalidPuzzleError(f"unknown symbol {control[2]!r}", row=control[0], col=control[1])
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
    if n == 16 and all(len(token) == 1 for row in rows for token in row):
        values = _hex_zeros(rows, values, board)
    return board, tuple(values)


def is_square_grid(text: str) -> bool:
    """Whether ``text`` is laid out as one grid: ``n > 1`` rows of ``n`` cells (valid or not).

    >>> is_square_grid("1.\\n.x"), is_square_grid("1234\\n4321")
    (True, False)
    """
    try:
        rows = _rows_of_text(text.removeprefix("\ufeff"))
    except InvalidPuzzleError:
        return False
    return len(rows) > 1 and all(len(row) == len(rows) for row in rows)


def _one_line(text: str) -> tuple[Board, tuple[int, ...]] | None:
    """The common form (one line, one symbol a cell, usual box shape) read at once, or None.

    None sends the text to the general reader, which also gives the errors.
    """
    line = text.strip()
    n = _LINE_SIDES.get(len(line))
    if n is None or (n == 16 and "0" in line):
        return None
    if len(line) != len(text) and _CONTROL.search(text):
        return None  # a control character stripped from an end
    values = line.translate(_LINE_VALUES)
    if max(values) > chr(n) or not values.isascii():
        return None
    try:
        board = Board.for_digits(n)
    except InvalidPuzzleError:
        return None
    return board, tuple(values.encode("ascii"))


def _hex_zeros(rows: list[list[str]], values: list[int], board: Board) -> list[int]:
    """16x16 values with each ``0`` read as the digit 16 when written in hexadecimal.

    See the module's docstring for when that is.
    """
    zeros = [i for i, token in enumerate(t for row in rows for t in row) if token == "0"]
    if not zeros or any(token in "Gg" for row in rows for token in row):
        return values
    sixteen = list(values)
    for i in zeros:
        sixteen[i] = 16
    other_blanks = any(token in "._" for row in rows for token in row)
    if other_blanks or (0 not in sixteen and not board.clashes(sixteen)):
        return sixteen
    return values


def _board_for(n: int, box: tuple[int, int] | None) -> Board:
    if box is None:
        return Board.for_digits(n)
    try:
        box_rows, box_cols = box
    except (TypeError, ValueError):
        raise InvalidPuzzleError(f"box must be a pair (rows, cols), got {shown(box)}") from None
    board = Board(box_rows, box_cols)
    if board.n != n:
        raise InvalidPuzzleError(
            f"box {box_rows}x{box_cols} needs a {board.n}x{board.n} grid, got {n}x{n}"
        )
    return board


def _before_note(text: str) -> str | None:
    """The first word of a one-line text followed by a note, when that word has the length of a
    one-line puzzle and the next word does not continue it as a row of a larger grid (a 16x16
    written row after row has rows as long as a 4x4 line); None otherwise."""
    line = _trim(text)
    words = _NOTE.split(line, maxsplit=2)
    if len(words) < 2 or _LINE_BREAK.search(line) or len(words[0]) not in _LINE_SIDES:
        return None
    if len(words[1]) == len(words[0]):
        return None
    return words[0]


def _trim(text: str) -> str:
    """``text`` without the whitespace at either end; control characters are kept (they are
    symbols to report, not spaces).

    >>> _trim("  1.3. \\n"), _trim("\\x05 .")
    ('1.3.', '\\x05 .')
    """
    return _EDGES.sub("", text)


def _lines_of(text: str) -> list[str]:
    """The lines of ``text``, trimmed, split at line breaks only (not at other controls)."""
    return [_trim(line) for line in _LINE_BREAK.split(text)]


def puzzle_lines(text: str) -> list[tuple[int, str]]:
    """The lines of a file of puzzles that may hold one, numbered from 1: blank lines and lines
    starting with ``#`` are left out. A note after a one-line puzzle stays for the reader.

    >>> puzzle_lines("# top\\n\\n1.3...1..1..3... # easy\\n")
    [(3, '1.3...1..1..3... # easy')]
    """
    numbered = enumerate(_lines_of(text.removeprefix("\ufeff")), start=1)
    return [(k, line) for k, line in numbered if line and not line.startswith("#")]


def _rows_of_text(text: str) -> list[list[str]]:
    lines = _lines_of(text)
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
    if len(token) > 2 or not _is_ascii_number(token):
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
                    f"cell value must be an int or a one-symbol string, got {shown(value)}",
                    row=r,
                    col=c,
                )
            if isinstance(value, int) and value.bit_length() > 32:
                # no digit is that large, and str() of a huge int trips Python's digit limit
                raise InvalidPuzzleError(
                    f"cell value is not a digit: an integer of {value.bit_length()} bits",
                    row=r,
                    col=c,
                )
            cells.append(_trim(str(value)) or ".")
        out.append(cells)
    return out


def _value(token: str, n: int, r: int, c: int) -> int:
    if token in _BLANKS:
        return 0
    if _is_ascii_number(token):
        digits = token.lstrip("0") or "0"
        d = int(digits) if len(digits) <= 2 else n + 1  # no digit is longer; int() may refuse it
    else:
        d = SYMBOLS.find(token.upper()) if len(token) == 1 else -1
        if d <= 0:
            raise InvalidPuzzleError(f"unknown symbol {shown(token)}", row=r, col=c)
    if not 0 <= d <= n:
        raise InvalidPuzzleError(f"digit {shown(token)} is outside 1..{n}", row=r, col=c)
    return d
