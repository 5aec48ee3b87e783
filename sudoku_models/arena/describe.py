"""Each rule of a puzzle in words, with its cells: ``killer cage, sum 15: r1c1 r1c2 r2c1``.

Common kinds have their own wording (:data:`WORDINGS`); every other kind is described from its
fields by :func:`generic`, so no rule the package reads goes without a line. Cells outside the
grid (the clues of sandwiches, little killers, skyscrapers) are named the same way, with row or
column 0 or ``n + 1``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from typing import Any

from ..board import cell_name
from ..model import Model
from ..variants import Variant


def cells(where: Iterable[tuple[int, int]]) -> str:
    """Cells named as players name them, space-separated."""
    return " ".join(cell_name(r, c) for r, c in where)


def _total(v: Any, what: str = "sum") -> str:
    return f", {what} {v.total}" if getattr(v, "total", None) is not None else ""


#: The wording of each kind that has its own, by class name.
WORDINGS: dict[str, Callable[[Any], str]] = {
    "KillerCage": lambda v: f"killer cage{_total(v)}: {cells(v.cells)}",
    "Thermometer": lambda v: f"thermometer from {cells(v.cells[:1])}: {cells(v.cells)}",
    "SlowThermometer": lambda v: f"slow thermometer from {cells(v.cells[:1])}: {cells(v.cells)}",
    "Arrow": lambda v: f"arrow, circle {cells(v.circle)}, sum along {cells(v.cells)}",
    "Diagonal": lambda v: (
        "diagonal: the "
        + ("anti-diagonal (bottom left to top right)" if v.positive else "main diagonal")
        + " holds different digits"
    ),
    "Even": lambda v: f"even digit: {cells([v.cell])}",
    "Odd": lambda v: f"odd digit: {cells([v.cell])}",
    "XV": lambda v: f"{'X' if v.value == 10 else 'V'} (sum {v.value}): {cells(v.cells)}",
    "Difference": lambda v: f"white dot (differ by {v.value}): {cells(v.cells)}",
    "Ratio": lambda v: f"black dot (ratio {v.value}): {cells(v.cells)}",
    "Renban": lambda v: f"renban line (consecutive digits in any order): {cells(v.cells)}",
    "Whispers": lambda v: (
        f"whispers line (neighbours differ by at least {v.gap or 'n/2'}): " + cells(v.cells)
    ),
    "Palindrome": lambda v: f"palindrome line: {cells(v.cells)}",
    "ExtraRegion": lambda v: f"extra region (different digits): {cells(v.cells)}",
    "LittleKiller": lambda v: (
        f"little killer{_total(v)}, from {cells([v.clue])} going {v.direction}"
    ),
    "Sandwich": lambda v: (
        f"sandwich{_total(v)} (digits between the lowest and the highest "
        f"digit), clue at {cells([v.clue])}"
    ),
    "Skyscraper": lambda v: f"skyscraper, {v.total} seen from {cells([v.clue])}",
    "AntiKing": lambda v: "anti-king: two cells a king's move apart hold different digits",
    "AntiKnight": lambda v: "anti-knight: two cells a knight's move apart hold different digits",
    "Nonconsecutive": lambda v: (
        "nonconsecutive: orthogonally adjacent cells never hold consecutive digits"
    ),
    "DisjointGroups": lambda v: (
        "disjoint groups: cells in the same place of their boxes hold different digits"
    ),
    "Jigsaw": lambda v: (
        "irregular regions (each holds every digit once): "
        + "; ".join(cells(region) for region in v.regions)
    ),
}


def generic(rule: Variant) -> str:
    """Any rule described from its fields: its name, then each field, cells named, then
    the cells it constrains when the fields do not name them all."""
    parts = []
    fields = dataclasses.fields(rule) if dataclasses.is_dataclass(rule) else ()
    for field in fields:
        value = getattr(rule, field.name)
        shown = _value(value) if "Cell" in str(field.type) else _plain(value)
        parts.append(f"{field.name.replace('_', ' ')} {shown}")
    line = rule.name + (": " + ", ".join(parts) if parts else " (on the whole grid)")
    used = rule.cells_used()
    if any(cell_name(r, c) not in line for r, c in used):
        line += f", cells {cells(used)}"
    return line


def _value(value: object) -> str:
    """A field's value in words: a cell or cells by name, callables by name, the rest as is."""
    if _is_cell(value):
        return cells([value])  # type: ignore[list-item]
    if isinstance(value, tuple) and value and all(_is_cell(v) for v in value):
        return cells(value)
    if isinstance(value, tuple) and value and all(isinstance(v, tuple) for v in value):
        return "; ".join(_value(v) for v in value)
    return _plain(value)


def _plain(value: object) -> str:
    """A field's value that is no cell: digits joined by commas, callables by name."""
    if isinstance(value, tuple) and all(isinstance(x, int) for x in value):
        return ",".join(map(str, value))
    if callable(value):
        return getattr(value, "__name__", type(value).__name__)
    return str(value)


def _is_cell(value: object) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    )


def describe(rule: Variant) -> str:
    """One line saying what ``rule`` asks and where.

    >>> from sudoku_models.variants import KillerCage, Thermometer
    >>> describe(KillerCage(((0, 0), (0, 1), (1, 0)), 15))
    'killer cage, sum 15: r1c1 r1c2 r2c1'
    >>> describe(Thermometer(((1, 2), (1, 3), (2, 3))))
    'thermometer from r2c3: r2c3 r2c4 r3c4'
    """
    wording = WORDINGS.get(type(rule).__name__)
    return wording(rule) if wording is not None else generic(rule)


def rule_lines(model: Model) -> list[str]:
    """Every rule of ``model`` in words: the classic rule, each variant rule, then the groups,
    cages and other constraints added without a variant rule."""
    n = model.n
    board = model.board
    regions = (
        "regions"
        if any(v.replaces_boxes for v in model.variants)
        else (f"{board.box_rows}x{board.box_cols} box")
    )
    lines = [f"each row, column and {regions} holds the digits 1-{n} once each"]
    lines += [describe(rule) for rule in model.variants]
    if not model.variants:
        classic = set(board.units)
        lines += [
            f"different digits: {cells(map(board.row_col, g.cells))}"
            for g in model.groups
            if g.cells not in classic
        ]
        lines += [
            f"killer cage, sum {c.total}: {cells(map(board.row_col, c.cells))}" for c in model.cages
        ]
        lines += [
            f"{type(c).__name__}: {cells(map(board.row_col, c.cells))}" for c in model.constraints
        ]
    return lines
