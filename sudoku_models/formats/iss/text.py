"""The text forms ISS reads beside its constraint text, turned into constraint items.

ISS reads a text in sections separated by a blank line (lines starting with ``#`` are
comments), and each section, its whitespace removed, in the first of these forms it fits:

- a killer in ISS's short form: 81 characters, each a cage's sum (``0``-``9``, ``A``-``Z`` for
  10-35, ``a``-``j`` for 36-45) or an arrow (``<`` ``>`` ``^`` ``v``, and ``\\``` ``'`` ``,``
  ``.`` for the four diagonal steps) towards the cell that carries its cage's sum;
- a killer in SudokuWiki's form: ``3x3:d:k:`` (``d`` adds both diagonals) then 81 numbers
  ``sum * 256 + cage``, colon-separated (a sum of 0 leaves the cell out of every cage);
- a jigsaw as its grid line followed by its region line (``2 * n * n`` characters);
- a jigsaw's region line alone (``n * n`` characters, ``n`` symbols ``n`` times each);
- a plain grid (digits, or ``A``.. for 1.. above 9x9; one other character for blanks),
  optionally after ``=``;
- pencil marks: ``n`` characters a cell (the digits it may hold, ``.`` for the others).

Anything else is constraint text (``.Type~arg...``). Each form is read exactly as ISS defines
it, into the ``(type, args)`` items of constraint text, so one reader handles them all.
"""

from __future__ import annotations

import math
import re

from ...errors import InvalidPuzzleError, shown

Item = tuple[str, list[str]]

#: Grid sides ISS draws (its geometry's limits).
MAX_SIDE = 16

_SHORT_KILLER_CHARS = re.compile(r"[0-9A-Za-j^<v>`',.]*")
_SHORT_KILLER_ARROWS = re.compile(r"[<v>^`',]")
_SHORT_STEP = {"v": (1, 0), "^": (-1, 0), "<": (0, -1), ">": (0, 1)}
_SHORT_STEP |= {"`": (-1, -1), "'": (-1, 1), ",": (1, -1), ".": (1, 1)}


def sections(text: str) -> list[str]:
    """The sections of ``text``: comment lines dropped, split at blank lines."""
    uncommented = re.sub(r"(?m)^#.*$", "", text)
    return [part for part in re.split(r"\n\s*\n", uncommented) if part.strip()]


def cell_name(n: int, index: int) -> str:
    """ISS's name of cell ``index`` (row-major) on an ``n x n`` grid."""
    r, c = divmod(index, n)
    return f"R{_digit(r + 1)}C{_digit(c + 1)}"


def _digit(k: int) -> str:
    return str(k) if k < 10 else "abcdefg"[k - 10]


def _side(cells: int) -> int | None:
    """The side of a square grid of ``cells`` cells that ISS draws, or None."""
    side = math.isqrt(cells)
    return side if side * side == cells and 1 <= side <= MAX_SIDE else None


def _shape(n: int) -> list[Item]:
    return [("Shape", [f"{n}x{n}"])] if n != 9 else []


def short_killer(text: str) -> list[Item] | None:
    """The cages of ISS's short killer form, or None when ``text`` is not in it."""
    if len(text) != 81 or not _SHORT_KILLER_CHARS.fullmatch(text):
        return None
    if not _SHORT_KILLER_ARROWS.search(text):
        return None
    n = 9
    head = list(range(81))
    for i, ch in enumerate(text):
        if ch in _SHORT_STEP:
            dr, dc = _SHORT_STEP[ch]
            r, c = divmod(i, n)
            if not (0 <= r + dr < n and 0 <= c + dc < n):
                raise InvalidPuzzleError(
                    f"ISS short killer: the arrow {ch!r} at {cell_name(n, i)} leaves the grid"
                )
            head[i] = (r + dr) * n + c + dc
    cages: dict[int, list[str]] = {}
    for i in range(81):
        cell, steps = i, 0
        while head[cell] != cell:
            cell, steps = head[cell], steps + 1
            if steps > n:
                raise InvalidPuzzleError(
                    f"ISS short killer: the arrows from {cell_name(n, i)} run in a loop"
                )
        cages.setdefault(cell, []).append(cell_name(n, i))
    items = []
    for start, cells in cages.items():
        ch = text[start]
        if ch.isdigit():
            total = int(ch)
        elif "A" <= ch <= "Z":
            total = ord(ch) - ord("A") + 10
        else:
            total = ord(ch) - ord("a") + 36
        items.append(("Cage", [str(total), *cells]))
    return items


def long_killer(text: str) -> list[Item] | None:
    """The cages (and diagonals) of SudokuWiki's killer form, or None when ``text`` is not in
    it."""
    if not text.startswith("3x3:"):
        return None
    parts = text.split(":")
    if len(parts) < 3 or parts[2] != "k":
        return None
    if len(parts) != 81 + 4 or parts[-1] != "":
        raise InvalidPuzzleError(
            f"SudokuWiki killer text needs 81 colon-separated cells after '3x3:{parts[1]}:k:' "
            f"and a final ':', got {len(parts) - 3} fields"
        )
    if parts[1] not in ("", "d"):
        raise InvalidPuzzleError(
            f"SudokuWiki killer option {shown(parts[1])} is not read (only 'd', the diagonals)"
        )
    cages: dict[int, tuple[int, list[str]]] = {}
    for i, field in enumerate(parts[3:-1]):
        if not re.fullmatch(r"[0-9]{1,6}", field):
            raise InvalidPuzzleError(
                f"SudokuWiki killer cell {cell_name(9, i)}: {shown(field)} is not a number"
            )
        total, cage = divmod(int(field), 256)
        if total:
            known = cages.setdefault(cage, (total, []))
            if known[0] != total:
                raise InvalidPuzzleError(
                    f"SudokuWiki killer cage {cage} has two sums, {known[0]} and {total}"
                )
            known[1].append(cell_name(9, i))
    items: list[Item] = [("Diagonal", ["1"]), ("Diagonal", ["-1"])] if parts[1] == "d" else []
    items += [("Cage", [str(total), *cells]) for total, cells in cages.values()]
    return items


def _value(ch: str, n: int) -> int | None:
    """The digit ISS reads from one character of a grid line on an ``n x n`` grid."""
    if n < 10:
        return int(ch) if "0" <= ch <= "9" else None
    if ch == "0":
        return 0
    return ord(ch) - ord("A") + 1 if "A" <= ch <= "Z" else None


def plain(text: str) -> list[Item] | None:
    """The givens of a plain grid line as ISS reads it, or None when it is not one."""
    n = _side(len(text))
    if n is None:
        return None
    givens, blanks = [], set()
    for i, ch in enumerate(text):
        value = _value(ch, n)
        if value is not None and 1 <= value <= n:
            givens.append(f"{cell_name(n, i)}_{value}")
        else:
            blanks.add(ch)
    if len(blanks) > 1:
        return None
    return [*_shape(n), ("Given", givens)]


def jigsaw_layout(text: str) -> list[Item] | None:
    """A jigsaw's region line alone, or None when ``text`` is not one."""
    n = _side(len(text))
    if n is None or len(set(text)) != n:
        return None
    if any(text.count(symbol) != n for symbol in set(text)):
        return None
    return [*_shape(n), ("Jigsaw", [text]), ("NoBoxes", [])]


def jigsaw(text: str) -> list[Item] | None:
    """A jigsaw as its grid line then its region line, or None when ``text`` is not one."""
    if len(text) % 2 or _side(len(text) // 2) is None:
        return None
    half = len(text) // 2
    layout, givens = jigsaw_layout(text[half:]), plain(text[:half])
    if layout is None or givens is None:
        return None
    return [*layout, givens[-1]]


def pencilmarks(text: str) -> list[Item] | None:
    """Pencil marks (``n`` characters a cell), or None when ``text`` is not in that form."""
    n = round(len(text) ** (1 / 3))
    if n**3 != len(text) or not 1 <= n <= 9 or not re.fullmatch(r"[0-9.]*", text):
        return None
    givens = []
    for i in range(n * n):
        digits = sorted({int(ch) for ch in text[i * n : (i + 1) * n] if ch != "."})
        if not digits or not all(1 <= d <= n for d in digits):
            raise InvalidPuzzleError(
                f"ISS pencil marks of {cell_name(n, i)}: "
                f"{text[i * n : (i + 1) * n]!r} name no digits 1-{n}"
            )
        givens.append("_".join([cell_name(n, i), *map(str, digits)]))
    return [*_shape(n), ("Given", givens)]


def is_positional_pencilmarks(text: str) -> bool:
    """Whether ``text`` is 9x9 pencil marks as ISS writes them: each character the digit of
    its place in the cell, or ``.``. (A 729-character line is otherwise a plain 27x27 grid.)"""
    return len(text) == 729 and all(ch in (".", str(i % 9 + 1)) for i, ch in enumerate(text))


def line_items(section: str) -> list[Item] | None:
    """The items of a section in one of ISS's line forms, or None when it is constraint text.

    ISS tries the forms in this order; a short section (one character) is constraint text.
    """
    text = re.sub(r"\s+", "", section)
    if len(text) <= 1:
        return None
    if text.startswith("="):
        return plain(text[1:])
    for form in (short_killer, long_killer, jigsaw, jigsaw_layout, plain, pencilmarks):
        items = form(text)
        if items is not None:
            return items
    return None


#: The characters a plain grid may hold, up to 9x9 and above (16x16 in hexadecimal).
_PLAIN_DIGITS = ("0123456789.", "0123456789ABCDEFGabcdefg.")


def is_line_form(text: str) -> bool:
    """Whether ``text`` is one section in a line form only ISS gives a meaning to: killers in
    the short or SudokuWiki form, jigsaws as grid and region lines, a region line that is no
    plain grid, ``=`` and a grid, or pencil marks as ISS writes them."""
    flat = re.sub(r"\s+", "", text)
    if len(sections(text)) != 1 or len(flat) <= 1:
        return False
    if flat.startswith("3x3:") or (flat.startswith("=") and plain(flat[1:]) is not None):
        return True
    try:
        if short_killer(flat) is not None or jigsaw(flat) is not None:
            return True
    except InvalidPuzzleError:
        return True  # a short killer whose arrows are wrong: its reader says why
    if jigsaw_layout(flat) is not None and not set(flat) <= set(_PLAIN_DIGITS[len(flat) > 81]):
        return True  # a region line that is no plain grid (a complete one reads as one)
    return is_positional_pencilmarks(flat)
