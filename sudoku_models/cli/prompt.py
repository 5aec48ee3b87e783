"""Typing a puzzle in at the terminal, row by row, for ``solve --interactive``."""

from __future__ import annotations

import sys
from collections.abc import Callable

from ..board import Board
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle


def read_line(prompt: str) -> str:
    """``input`` with the prompt on standard error, so standard output holds only results."""
    print(prompt, end="", file=sys.stderr, flush=True)
    return input()


def ask_puzzle(
    box: tuple[int, int] | None = None,
    read: Callable[[str], str] = read_line,
) -> Puzzle | None:
    """Ask for the grid row by row, show it, and return it once confirmed (None if declined).

    Rows are digits separated by spaces, 0 for a blank; the first row fixes the size.
    """
    print("Type the puzzle row by row: digits separated by spaces, 0 for a blank.", file=sys.stderr)
    rows: list[list[int]] = []
    n = Board(*box).n if box else None
    while n is None or len(rows) < n:
        label = f"Row {len(rows) + 1}" + (f" of {n}" if n else "")
        try:
            line = read(f"{label}: ")
        except EOFError:
            raise InvalidPuzzleError("input ended before the grid was complete") from None
        try:
            row = [int(token) for token in line.replace(",", " ").split()]
        except ValueError:
            print("  use digits separated by spaces, 0 for a blank", file=sys.stderr)
            continue
        if n is None:
            try:
                n = Board.for_digits(len(row)).n
            except InvalidPuzzleError as exc:
                print(f"  {exc}", file=sys.stderr)
                continue
        if len(row) != n or any(not 0 <= d <= n for d in row):
            print(f"  a row needs {n} numbers from 0 to {n}", file=sys.stderr)
            continue
        rows.append(row)
    puzzle = Puzzle.parse(rows, box=box)
    print(f"\n{puzzle}\n", file=sys.stderr)
    try:
        answer = read("Solve this puzzle? [Y/n] ").strip().lower()
    except EOFError:
        answer = "y"
    return puzzle if answer in ("", "y", "yes") else None
