"""Small puzzle sets shipped with the package, and a reader for any file of one puzzle a line.

>>> from sudoku_models import datasets
>>> len(datasets.load("top95")), datasets.load("top95")[0].clues
(95, 17)
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from ..errors import InvalidPuzzleError
from ..parsing import puzzle_lines
from ..puzzle import Puzzle

#: Names of the shipped sets; the README beside this module says where each comes from.
NAMES = ("easy50", "top95", "hardest", "hard20", "royle17_300", "sizes")


def names() -> tuple[str, ...]:
    """Names of the shipped puzzle sets."""
    return NAMES


def path(name: str) -> Path:
    """Filesystem path of a shipped set."""
    if name not in NAMES:
        raise KeyError(f"unknown dataset {name!r}; shipped: {', '.join(NAMES)}")
    from importlib import resources  # only here, to keep the package's import light

    return Path(str(resources.files(__package__).joinpath(f"{name}.txt")))


def load(name: str) -> list[Puzzle]:
    """The puzzles of a shipped set."""
    return list(iter_puzzles(path(name)))


def iter_puzzles(
    source: str | os.PathLike[str], box: tuple[int, int] | None = None
) -> Iterator[Puzzle]:
    """Read a file of one puzzle a line (blank lines and ``#`` comments skipped; a note after
    a puzzle, such as ``# comment`` or a rating, ignored)."""
    with open(source, encoding="utf-8") as handle:
        text = handle.read()
    for number, line in puzzle_lines(text):
        try:
            yield Puzzle.parse(line, box=box)
        except InvalidPuzzleError as exc:
            raise exc.located(f"{source}, line {number}") from None
