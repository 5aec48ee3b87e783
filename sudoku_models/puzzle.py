"""The puzzle value: givens on a board, immutable, with its text, HTML, SVG and dict forms."""

from __future__ import annotations

import functools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from . import display
from .board import Board
from .errors import InvalidPuzzleError, shown
from .parsing import Source, parse_cells


@dataclass(frozen=True)
class Puzzle:
    """Givens on a board: ``cells[i]`` is the digit of cell ``i`` in reading order, 0 when blank.

    A complete grid (a solution) is a ``Puzzle`` with no blank.

    >>> p = Puzzle.parse([".1..", "...4", "....", "34.."])
    >>> p.clues, p.to_line()
    (4, '.1.....4....34..')
    >>> Puzzle.parse(p.to_line()) == p
    True
    """

    board: Board
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.cells, tuple):
            object.__setattr__(self, "cells", tuple(self.cells))
        if len(self.cells) != self.board.size:
            raise InvalidPuzzleError(
                f"a {self.board.n}x{self.board.n} board has {self.board.size} cells, "
                f"got {len(self.cells)}"
            )
        n = self.board.n
        if holds_digits(self.cells, n):
            return
        for i, d in enumerate(self.cells):
            if type(d) is not int or not 0 <= d <= n:
                r, c = self.board.row_col(i)
                raise InvalidPuzzleError(f"digit {shown(d)} is outside 0..{n}", row=r, col=c)

    @classmethod
    def parse(cls, source: Source | Puzzle, box: tuple[int, int] | None = None) -> Puzzle:
        """Read a puzzle from any common text or list form; see :mod:`sudoku_models.parsing`.

        ``box=(r, c)`` fixes the box shape; otherwise it is inferred from the size.
        """
        if isinstance(source, Puzzle):
            if box is None:
                return source
            source = source.rows()
        board, cells = parse_cells(source, box)
        # The reader checked every value; skip the second check of the constructor.
        return cls._trusted(board, cells)

    @classmethod
    def _trusted(cls, board: Board, cells: tuple[int, ...]) -> Puzzle:
        """A puzzle from cells the package has already checked (a tuple of ``len == board.size``
        ints in ``0..n``), built without checking them again. Never for cells a user passed."""
        puzzle = object.__new__(cls)
        object.__setattr__(puzzle, "board", board)
        object.__setattr__(puzzle, "cells", cells)
        return puzzle

    @classmethod
    def empty(cls, box: tuple[int, int] = (3, 3)) -> Puzzle:
        """A board of the given box shape with no givens."""
        board = Board(*box)
        return cls(board, (0,) * board.size)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Puzzle:
        """Inverse of :meth:`to_dict`."""
        try:
            box = tuple(data["box"])
            grid = data["grid"]
        except (KeyError, TypeError):
            raise InvalidPuzzleError("a puzzle dict needs 'box' and 'grid' keys") from None
        return cls.parse(grid, box=box)

    @property
    def n(self) -> int:
        """Digits per unit, and the side of the grid."""
        return self.board.n

    @property
    def clues(self) -> int:
        """Number of givens."""
        return sum(1 for d in self.cells if d)

    @property
    def is_complete(self) -> bool:
        """Whether every cell holds a digit."""
        return 0 not in self.cells

    def __getitem__(self, rc: tuple[int, int]) -> int:
        r, c = rc
        return self.cells[self._index(r, c)]

    def _index(self, r: int, c: int) -> int:
        if not (0 <= r < self.n and 0 <= c < self.n):
            raise IndexError(f"cell ({r}, {c}) is outside the {self.n}x{self.n} board")
        return self.board.cell(r, c)

    def __iter__(self) -> Iterator[list[int]]:
        """Iterate over rows as lists of ints (0 = blank)."""
        return iter(self.rows())

    def rows(self) -> list[list[int]]:
        """The grid as a list of rows of ints, 0 for a blank."""
        n = self.n
        return [list(self.cells[r * n : (r + 1) * n]) for r in range(n)]

    def conflicts(self) -> list[tuple[tuple[int, int], tuple[int, int]]]:
        """Pairs of cells ``((r, c), (r, c))`` holding the same digit in one unit."""
        row_col = self.board.row_col
        return [(row_col(a), row_col(b)) for a, b in self.board.clashes(self.cells)]

    def is_valid_solution_of(self, puzzle: Puzzle) -> bool:
        """Whether this grid is complete, breaks no unit, and keeps every given of ``puzzle``."""
        return (
            self.board == puzzle.board
            and self.is_complete
            and all(g in (0, d) for g, d in zip(puzzle.cells, self.cells))
            and not self.conflicts()
        )

    def with_digit(self, r: int, c: int, d: int) -> Puzzle:
        """A copy with digit ``d`` (0 to clear) at row ``r``, column ``c``."""
        cells = list(self.cells)
        cells[self._index(r, c)] = d
        return Puzzle(self.board, tuple(cells))

    def to_line(self, blank: str = ".") -> str:
        """The one-line form: one symbol a cell, ``blank`` for empty cells."""
        symbol = self.board.symbol
        return "".join(symbol(d) if d else blank for d in self.cells)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: box shape, one-line text and the rows as ints."""
        return {
            "box": [self.board.box_rows, self.board.box_cols],
            "line": self.to_line(),
            "grid": self.rows(),
        }

    def __str__(self) -> str:
        return display.text_grid(self.board, self.cells)

    def __repr__(self) -> str:
        box = (self.board.box_rows, self.board.box_cols)
        try:
            inferred = Board.for_digits(self.n)
        except InvalidPuzzleError:
            inferred = None
        if self.board == inferred:
            return f"Puzzle.parse({self.to_line()!r})"
        return f"Puzzle.parse({self.to_line()!r}, box={box})"

    def _repr_html_(self) -> str:
        return display.html_grid(self.board, self.cells)

    def to_svg(self, givens: Puzzle | None = None, cell_size: int = 32) -> str:
        """An SVG drawing; with ``givens``, digits not among them are drawn as filled in."""
        given_cells = givens.cells if givens is not None else self.cells
        return display.svg_grid(self.board, self.cells, given_cells, cell_size)


def holds_digits(cells: tuple[int, ...], n: int) -> bool:
    """Whether ``cells`` holds only ints ``0..n`` (0 for a blank): the constructor's quick check.

    >>> holds_digits((0, 4, 1), 4), holds_digits((0, 5), 4), holds_digits((True, 1.0), 4)
    (True, False, False)
    """
    return _digits_up_to(n).issuperset(cells) and set(map(type, cells)) == {int}


@functools.cache
def _digits_up_to(n: int) -> frozenset[int]:
    return frozenset(range(n + 1))
