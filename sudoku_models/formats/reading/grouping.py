"""Marks sorted into groups of one style ("4 pink lines", "20 white circles on edges"), after
a text drawn on a dot becomes its label and a line from a circle one mark."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .marks import Cell, Mark


@dataclass(frozen=True)
class Group:
    """Marks of one style (see :attr:`Mark.style`), in the order the file lists them."""

    marks: tuple[Mark, ...]

    @property
    def shape(self) -> str:
        """The shape the marks share."""
        return self.marks[0].shape

    @property
    def place(self) -> str:
        """Where the marks sit (see :class:`Mark`): cell, edge, corner, outside, path, area,
        edges or corners."""
        return self.marks[0].place

    @property
    def colour(self) -> str:
        """The colour name the marks share."""
        return self.marks[0].colour

    @property
    def label(self) -> str:
        """How a report names the group: ``'4 grey lines'``, ``'20 white circles on edges'``."""
        k = len(self.marks)
        noun = _noun(self.shape, k != 1)
        where = {
            "edge": " on edges",
            "corner": " on corners",
            "outside": " outside the grid",
            "edges": " along cell edges",
            "corners": " through cell corners",
            "area": " over several cells" if self.shape not in ("cage", "shaded") else "",
            "cell": " in cells" if self.shape in ("line", "arrow") else "",
        }
        said = " with text" if self.marks[0].text and self.shape != "text" else ""
        if self.shape == "cage" and not said:
            said = " without a sum"
        colour = "" if self.colour == "none" else self.colour
        return f"{k} {colour} {noun}{where.get(self.place, '')}{said}".replace("  ", " ")


_NOUNS = {
    "shaded": ("shaded cell", "shaded cells"),
    "text": ("text", "texts"),
    "bulbline": ("line from a circle", "lines from a circle"),
    "capline": ("line with circles at both ends", "lines with circles at both ends"),
}


def _noun(shape: str, many: bool) -> str:
    one, more = _NOUNS.get(shape, (shape, shape + "s"))
    return more if many else one


def groups(marks: Iterable[Mark]) -> list[Group]:
    """The marks sorted into groups of one style, groups in order of their first mark."""
    out: dict[tuple[str, str, str, float, str], list[Mark]] = {}
    for mark in marks:
        out.setdefault(mark.style, []).append(mark)
    return [Group(tuple(ms)) for ms in out.values()]


def with_labels(marks: Sequence[Mark]) -> list[Mark]:
    """The marks with each text drawn on a circle, square or diamond of its own place (the same
    cell, edge or corner) made that mark's label, as a setter draws a labelled dot in two
    strokes."""
    shapes = ("circle", "square", "diamond")
    where: dict[tuple[str, frozenset[Cell]], list[int]] = {}
    for k, mark in enumerate(marks):
        if mark.shape in shapes and not mark.text and mark.place in ("edge", "cell", "corner"):
            where.setdefault((mark.place, frozenset(mark.cells)), []).append(k)
    labels: dict[int, str] = {}
    consumed: set[int] = set()
    for k, mark in enumerate(marks):
        spots = where.get((mark.place, frozenset(mark.cells)), [])
        if mark.shape == "text" and mark.text and len(spots) == 1 and spots[0] not in labels:
            labels[spots[0]] = mark.text
            consumed.add(k)
    return [
        dataclasses.replace(mark, text=labels[k]) if k in labels else mark
        for k, mark in enumerate(marks)
        if k not in consumed
    ]


def with_bulbs(marks: Sequence[Mark]) -> list[Mark]:
    """The marks with each line through cells that starts or ends in a circle made one mark: a
    line from its circle (``bulbline``), or, with circles at both ends, a ``capline``; those
    circles go."""
    circles = {m.cells[0]: m for m in marks if m.shape == "circle" and m.place == "cell"}
    used: set[Cell] = set()
    out: list[Mark] = []
    for mark in marks:
        if mark.shape == "arrow" and mark.place == "path" and mark.cells[0] in circles:
            used.add(mark.cells[0])
        if mark.shape != "line" or mark.place != "path":
            out.append(mark)
            continue
        first, last = mark.cells[0] in circles, mark.cells[-1] in circles
        cells = mark.cells if first or not last else mark.cells[::-1]
        shape = "capline" if first and last else "bulbline" if first or last else "line"
        if first:
            used.add(mark.cells[0])
        if last:
            used.add(mark.cells[-1])
        out.append(Mark(shape, "path", cells, mark.colour, mark.size, mark.text, mark.source))
    return [
        m for m in out if not (m.shape == "circle" and m.place == "cell" and m.cells[0] in used)
    ]
