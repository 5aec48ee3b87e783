"""Typing a puzzle in at the terminal, row by row, for ``solve --interactive``.

A row is written compactly (``4.....8.5``, ``400000805``: one symbol a cell) or as numbers
separated by spaces or commas (``4 0 0 0 0 0 8 0 5``, needed for digits above 9 unless written as
letters); ``.`` and ``0`` are blanks. The first row fixes the size. ``back`` types the previous
row again; at the end the grid is shown, and a row number redoes that row, ``no`` starts over.
Prompts go to standard error, so standard output holds only results.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..board import SYMBOLS, Board
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle

INTRO = (
    "Type the puzzle row by row: one symbol a cell (4.....8.5 or 400000805) or numbers separated "
    "by spaces; . or 0 for a blank. 'back' redoes the previous row; Ctrl-D stops."
)


def read_line(prompt: str) -> str:
    """``input`` with the prompt on standard error."""
    print(prompt, end="", file=sys.stderr, flush=True)
    return input()


def parse_row(line: str, n: int | None) -> list[int]:
    """The digits of one typed row (0 for a blank); ``n`` is the size once it is known.

    >>> parse_row("4.....8.5", None), parse_row("0 1 0 4", 4)
    ([4, 0, 0, 0, 0, 0, 8, 0, 5], [0, 1, 0, 4])
    """
    text = line.strip()
    if any(sep in text for sep in " ,\t"):
        tokens = text.replace(",", " ").split()
        digits = [0 if t == "." else int(t) if t.isdigit() else -1 for t in tokens]
    else:
        digits = [0 if ch in ".0" else SYMBOLS.find(ch.upper()) for ch in text]
    if not digits:
        raise ValueError("the row is empty")
    if n is None:
        n = Board.for_digits(len(digits)).n
    if len(digits) != n:
        raise ValueError(f"a row needs {n} cells, got {len(digits)}")
    bad = [d for d in digits if not 0 <= d <= n]
    if bad:
        raise ValueError(f"cells hold 1 to {n}, or . or 0 for a blank")
    return digits


def ask_puzzle(
    box: tuple[int, int] | None = None,
    read: Callable[[str], str] = read_line,
) -> Puzzle:
    """Ask for the grid row by row, show it, and return it once confirmed.

    Raises :class:`InvalidPuzzleError` when the input ends (Ctrl-D) before a grid is confirmed;
    the end of input at the question itself confirms.
    """
    say(INTRO)
    fixed = Board(*box).n if box else None
    rows: list[list[int]] = []
    redo: int | None = None
    while True:
        while redo is not None or not rows or len(rows) < _size(fixed, rows):
            n = _size(fixed, rows) if rows or fixed else None
            k = len(rows) if redo is None else redo
            line = _ask(read, f"Row {k + 1}" + (f" of {n}" if n else "") + ": ", rows, n)
            if line.strip().lower() == "back":
                if redo is None and rows:
                    rows.pop()
                continue
            try:
                row = parse_row(line, n)
            except (ValueError, InvalidPuzzleError) as exc:
                say(f"  row {k + 1}: {exc}")
                continue
            if redo is None:
                rows.append(row)
            else:
                rows[redo] = row
                redo = None
        n = _size(fixed, rows)
        puzzle = Puzzle.parse(rows, box=box)
        say(f"\n{puzzle}\n")
        try:
            answer = read(f"Solve this puzzle? [Y/n, or a row number 1-{n} to redo it] ")
        except EOFError:
            say("")
            return puzzle
        answer = answer.strip().lower()
        if answer in ("", "y", "yes"):
            return puzzle
        if answer.isdigit() and 1 <= int(answer) <= len(rows):
            redo = int(answer) - 1
        elif answer in ("n", "no"):
            say("Not solved. Start again from row 1 (Ctrl-D stops).")
            rows = []
        else:
            say(f"  answer y, n, or a row number from 1 to {n}")


def _size(fixed: int | None, rows: list[list[int]]) -> int:
    """The side of the grid: fixed by ``--box``, or by the first row typed."""
    return fixed or len(rows[0])


def say(text: str) -> None:
    """A line of the conversation, on standard error."""
    print(text, file=sys.stderr, flush=True)


def _ask(read: Callable[[str], str], prompt: str, rows: list[list[int]], n: int | None) -> str:
    """One answer; the end of input stops the prompt with an error saying how far it got."""
    try:
        return read(prompt)
    except EOFError:
        say("")
        got = f" after {len(rows)} of {n} rows" if rows and n else ""
        raise InvalidPuzzleError(f"input ended before the grid was complete{got}") from None
