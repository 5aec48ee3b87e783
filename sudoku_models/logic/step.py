"""One deduction of the logical solver, in the words of the rule that makes it.

A :class:`Step` records the technique, the rule by its variant's name and cells (``"thermometer
r1c3-r3c3"``), the placements and eliminations as ``(cell, digit)`` pairs, the cells that justify
it and one sentence a player can follow. A :class:`Contradiction` names the rule and the cells that
broke. Cells are named ``r3c5`` (row 3, column 5, counted from 1).

Glossary: ``i`` a cell index, ``d`` a digit, ``m`` a candidate mask (bit ``d - 1`` for ``d``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..board import cell_label

Pair = tuple[int, int]


@dataclass(frozen=True)
class Step:
    """A deduction: what it places and eliminates, by which rule, and why in words.

    ``rule`` is the rule the step reads (a variant's name and cells, or a house such as
    ``row 3``), empty for techniques spanning several; ``cells`` are the cells that justify it;
    ``depth`` is the depth of a trial (0 for every other technique); ``reasons`` names the
    rules and houses the step reads besides ``rule`` (a fish's base lines, a chain's houses),
    so that :mod:`~sudoku_models.logic.certify` can check them.
    """

    technique: str
    rule: str
    text: str
    placements: tuple[Pair, ...] = ()
    eliminations: tuple[Pair, ...] = ()
    cells: tuple[int, ...] = ()
    depth: int = 0
    reasons: tuple[str, ...] = ()

    def __str__(self) -> str:
        return f"{self.technique}: {self.text}"


@dataclass(frozen=True)
class Contradiction:
    """A rule that no candidate left can satisfy: the position has no solution."""

    rule: str
    cells: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text


def bits_of(m: int) -> list[int]:
    """The set bits of ``m`` as masks of one bit each, lowest first."""
    out = []
    while m:
        b = m & -m
        out.append(b)
        m ^= b
    return out


def digits_of(m: int) -> list[int]:
    """The digits whose bits are set in ``m``, smallest first."""
    out = []
    d = 1
    while m:
        if m & 1:
            out.append(d)
        m >>= 1
        d += 1
    return out


def digit_list(m: int) -> str:
    """The digits of ``m`` as a player writes them: ``1/3/5`` (``10`` and up spelled out)."""
    return "/".join(map(str, digits_of(m)))


def said(m: int) -> str:
    """The digits of ``m`` as a sentence says them: ``7``, ``1 or 2``, ``1, 2 or 3``, ``at most
    4``... (ranges for longer runs).

    >>> said(0b11), said(0b111), said(0b11110000), said(0b10101)
    ('1 or 2', '1, 2 or 3', '5 to 8', '1, 3 or 5')
    """
    ds = digits_of(m)
    if len(ds) > 3 and ds[-1] - ds[0] + 1 == len(ds):
        return f"{ds[0]} to {ds[-1]}"
    if len(ds) == 1:
        return str(ds[0])
    return ", ".join(map(str, ds[:-1])) + f" or {ds[-1]}"


def cells_label(n: int, cells: Iterable[int]) -> str:
    """Cells named and joined by commas, in reading order."""
    return ",".join(cell_label(n, i) for i in sorted(cells))


def narrowed(n: int, i: int, old: int, new: int) -> str:
    """How cell ``i`` went from candidates ``old`` to ``new``, in a player's words.

    >>> narrowed(9, 0, 0b111111111, 0b111111100)
    'r1c1 is at least 3'
    >>> narrowed(9, 0, 0b111, 0b101)
    'r1c1 is not 2'
    """
    name = cell_label(n, i)
    gone = old & ~new
    if not new & (new - 1):
        return f"{name} is {digits_of(new)[0]}" if new else f"{name} has no digit left"
    low, high = digits_of(new)[0], digits_of(new)[-1]
    if all(d > high for d in digits_of(gone)):
        return f"{name} is at most {high}"
    if all(d < low for d in digits_of(gone)):
        return f"{name} is at least {low}"
    if new == ((1 << high) - 1) & ~((1 << (low - 1)) - 1):
        return f"{name} is {low} to {high}"
    if gone.bit_count() <= new.bit_count():
        return f"{name} is not {digit_list(gone)}"
    return f"{name} is {digit_list(new)}"


def changes(n: int, before: Sequence[int], after: Sequence[int]) -> tuple[tuple[Pair, ...], str]:
    """The eliminations from ``before`` to ``after`` and the sentence telling them, cell by cell."""
    elims: list[Pair] = []
    words: list[str] = []
    for i, (old, new) in enumerate(zip(before, after)):
        if old != new:
            elims += [(i, d) for d in digits_of(old & ~new)]
            words.append(narrowed(n, i, old, new))
    return tuple(elims), ", ".join(words)
