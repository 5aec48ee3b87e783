"""The solver-neutral constraint model every backend translates: cells, digits, groups, cages.

A :class:`Model` says what a solution must satisfy and nothing about how to search:

- one variable per cell, with domain ``1..n``; givens fix some of them;
- :class:`AllDifferent` groups (the rows, columns and boxes, plus any extra group a variant adds,
  such as the two diagonals of an X-Sudoku);
- :class:`SumCage` constraints (killer cages: distinct digits with a given total);
- other primitive ``constraints`` (:mod:`sudoku_models.constraints`: linear sums, two-cell
  relations, allowed digits) that variant rules are written with.

Backends read ``model.groups``, ``model.cages`` and ``model.constraints`` and never the puzzle
text.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import display
from .board import Board, cell_name, clashing_pairs, peers_of
from .constraints import AllDifferent, Constraint, SumCage
from .errors import InvalidPuzzleError
from .parsing import Source
from .puzzle import Puzzle

if TYPE_CHECKING:
    from .variants import Variant

__all__ = ["AllDifferent", "Model", "SumCage", "classic_groups"]

#: The default of every optional part of :meth:`Model.from_puzzle`: none given.
_NONE: tuple[()] = ()


@dataclass(frozen=True)
class Model:
    """Cells ``0..n*n-1`` with domain ``1..n``, the givens, and the constraints on them.

    >>> model = Model.from_puzzle(Puzzle.empty((2, 2)))
    >>> model.n, len(model.groups), model.groups[0]
    (4, 12, AllDifferent(cells=(0, 1, 2, 3), name='row 1'))
    """

    board: Board
    givens: tuple[int, ...]
    groups: tuple[AllDifferent, ...]
    cages: tuple[SumCage, ...] = field(default=())
    constraints: tuple[Constraint, ...] = field(default=())
    #: The variant rules the constraints came from, kept for display and f-puzzles output; the
    #: backends read only the primitives, so two models with the same primitives are equal.
    variants: tuple[Variant, ...] = field(default=(), compare=False, repr=False)
    #: What the reader of a file left out or doubts (marks it could not read, rules its text
    #: names that no key carries); the commands print them beside every answer.
    warnings: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: The solution the file itself carries, if any, to check the answers against.
    solution: tuple[int, ...] | None = field(default=None, compare=False, repr=False)
    #: Rules read from the file's rules text and marks (not its keys), one line each.
    readings: tuple[str, ...] = field(default=(), compare=False, repr=False)
    #: Whether the file has rules text or marks, whose rules may be unread: several solutions
    #: then always come with a warning.
    described: bool = field(default=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        n = self.board.n
        givens = self.givens
        if len(givens) != n * n or (givens and not 0 <= min(givens) <= max(givens) <= n):
            raise InvalidPuzzleError(
                f"a {n}x{n} model needs {n * n} givens, each 0 (empty) or a digit 1-{n}"
            )

    @classmethod
    def from_puzzle(
        cls,
        puzzle: Puzzle | Source,
        extra_groups: Iterable[Sequence[int]] = _NONE,
        cages: Iterable[tuple[Sequence[int], int]] = _NONE,
        constraints: Iterable[Constraint] = _NONE,
        variants: Iterable[Variant] = _NONE,
    ) -> Model:
        """The classic model of ``puzzle``: one group per row, column and box.

        ``extra_groups`` adds all-different groups (lists of cell indices) for variants;
        ``cages`` adds ``(cells, total)`` sum cages; ``constraints`` adds other primitives;
        ``variants`` adds the primitives of variant rules (:mod:`sudoku_models.variants`) and
        keeps the rules on the model.

        >>> from sudoku_models.variants import Diagonal
        >>> model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=[Diagonal(positive=True)])
        >>> model.groups[-1]
        AllDifferent(cells=(3, 6, 9, 12), name='diagonal+')
        """
        puzzle = Puzzle.parse(puzzle)
        board = puzzle.board
        if extra_groups is cages is constraints is variants is _NONE:
            return cls(board, puzzle.cells, classic_groups(board))  # nothing else to read
        rules = tuple(variants)
        groups = classic_groups(board)
        if any(v.replaces_boxes for v in rules):
            groups = groups[: 2 * board.n]
        more_groups, more_cages, more = sort_primitives(
            primitive
            for k, rule in enumerate(rules)
            for primitive in rule.primitives(board, rules[:k] + rules[k + 1 :])
        )
        extra = tuple(
            AllDifferent(_checked_cells(board, cells), f"extra {k + 1}")
            for k, cells in enumerate(extra_groups)
        )
        cage_list = tuple(SumCage(_checked_cells(board, c), int(total)) for c, total in cages)
        more += constraints
        for constraint in more:
            _checked_cells(board, constraint.cells, all_different=False)
        return cls(
            board,
            puzzle.cells,
            groups + tuple(more_groups) + extra if extra or more_groups else groups,
            cage_list + tuple(more_cages),
            tuple(more),
            rules,
        )

    @property
    def n(self) -> int:
        """Digits per unit: every cell's domain is ``1..n``."""
        return self.board.n

    @property
    def size(self) -> int:
        """Number of cells (variables)."""
        return self.board.size

    @property
    def puzzle(self) -> Puzzle:
        """The givens as a puzzle."""
        return Puzzle(self.board, self.givens)

    @property
    def is_classic(self) -> bool:
        """Whether the model has only the rows, columns and boxes of its board."""
        if self.cages or self.constraints:
            return False
        if self.groups is classic_groups(self.board):
            return True
        return len(self.groups) == 3 * self.n and all(
            g.cells == u for g, u in zip(self.groups, self.board.units)
        )

    def to_svg(self, solution: Sequence[int] | Puzzle | None = None, cell_size: int = 32) -> str:
        """An SVG drawing of the givens (or ``solution``) with every rule beyond the classic ones
        drawn: each variant rule by its own ``svg``, and in a model built without rules, extra
        groups as lines through their cells and cages as dashed outlines with their totals."""
        cells = self._cells(solution)
        overlay: list[str] = []
        on_top: list[str] = []  # Kropki dots and XV: over the grid lines and the other rules
        margin = 0.0
        for rule in self.variants:
            (on_top if rule.on_top else overlay).extend(rule.svg(self.board, cell_size))
            if rule.outside:
                margin = cell_size
        if not self.variants:
            classic = {g.cells for g in classic_groups(self.board)}
            overlay += [
                display.group_line(self.board, g.cells, cell_size)
                for g in self.groups
                if g.cells not in classic
            ]
            overlay += [
                display.cage_outline(self.board, c.cells, str(c.total), cell_size)
                for c in self.cages
            ]
        boxes = not any(rule.replaces_boxes for rule in self.variants)
        return display.svg_grid(
            self.board, cells, self.givens, cell_size, overlay, margin, boxes, on_top
        )

    def to_text(self, solution: Sequence[int] | Puzzle | None = None, legend: bool = True) -> str:
        """The givens (or ``solution``) as a text grid with the borders of the model's regions,
        then (with ``legend``) its cages and other groups of different digits, cell by cell,
        and a line naming the rules the text cannot show.

        >>> print(Model.from_puzzle(".1.....4....34..", cages=[((0, 4), 6)]).to_text())
        . 1 | . .
        . . | . 4
        ----+----
        . . | . .
        3 4 | . .
        Groups of different digits (a cage with its sum):
          cage 6: r1c1 r2c1
        """
        regions, groups, unshown = self._text_rules()
        grid = display.text_grid(self.board, self._cells(solution), regions)
        if not legend:
            return grid
        lines = [grid]
        if groups:
            lines.append("Groups of different digits (a cage with its sum):")
            lines += [
                f"  {label}: " + " ".join(cell_name(*self.board.row_col(i)) for i in cells)
                for label, cells in groups
            ]
        if unshown:
            named = ", ".join(f"{name} ({k})" if k > 1 else name for name, k in unshown.items())
            lines.append(f"Not shown in text (the SVG drawing shows them): {named}")
        return "\n".join(lines)

    def _text_rules(
        self,
    ) -> tuple[list[int] | None, list[tuple[str, tuple[int, ...]]], dict[str, int]]:
        """What the text form shows of the rules beyond rows, columns and boxes: the region of
        each cell (None: the boxes), the groups of different digits it lists as ``(label,
        cells)``, and how many rules of each name it cannot show."""
        board = self.board
        regions: list[int] | None = None
        groups: list[tuple[str, tuple[int, ...]]] = []
        unshown: dict[str, int] = {}
        from_rules: set[object] = set()  # the rules' groups and cages, told from those added
        rule_constraints = 0
        for k, rule in enumerate(self.variants):
            primitives = rule.primitives(board, self.variants[:k] + self.variants[k + 1 :])
            listed = [p for p in primitives if isinstance(p, (AllDifferent, SumCage))]
            from_rules.update(_text_key(p) for p in listed)
            rule_constraints += len(primitives) - len(listed)
            if rule.replaces_boxes:
                regions = regions or [0] * board.size
                for number, group in enumerate(primitives, start=k * board.size + 1):
                    for i in group.cells:
                        regions[i] = number
            elif primitives and len(listed) == len(primitives):
                groups += [(_group_label(rule.name, p), p.cells) for p in listed]
            else:
                unshown[rule.name] = unshown.get(rule.name, 0) + 1
        classic = {g.cells for g in classic_groups(board)}
        groups += [
            ("group", g.cells)
            for g in self.groups
            if g.cells not in classic and _text_key(g) not in from_rules
        ]
        groups += [
            (_group_label("cage", c), c.cells) for c in self.cages if _text_key(c) not in from_rules
        ]
        for constraint in self.constraints[rule_constraints:]:  # those added after the rules'
            kind = type(constraint).__name__
            unshown[kind] = unshown.get(kind, 0) + 1
        return regions, groups, unshown

    def _cells(self, solution: Sequence[int] | Puzzle | None) -> Sequence[int]:
        if solution is None:
            return self.givens
        return solution.cells if isinstance(solution, Puzzle) else tuple(solution)

    def _repr_html_(self) -> str:
        return self.to_svg()

    def clashes(self) -> list[tuple[int, int]]:
        """Pairs of cells whose givens already break an all-different group or a cage."""
        if self.is_classic:
            pairs = set(self.board.clashes(self.givens))
        else:
            pairs = set(clashing_pairs(self.all_different_cells(), self.givens))
        for cage in self.cages:
            values = [self.givens[i] for i in cage.cells]
            if all(values) and sum(values) != cage.total:
                pairs.add((cage.cells[0], cage.cells[-1]))
        for constraint in self.constraints:
            cells = constraint.cells
            if all(self.givens[i] for i in cells) and not constraint.holds(self.givens):
                pairs.add((cells[0], cells[-1]))
        return sorted(pairs)

    def is_solution(self, grid: Sequence[int]) -> bool:
        """Whether ``grid`` fills every cell, keeps the givens and meets every constraint."""
        n = self.n
        if len(grid) != self.size or any(not 1 <= d <= n for d in grid):
            return False
        if any(g and g != d for g, d in zip(self.givens, grid)):
            return False
        for group in self.groups:
            if len({grid[i] for i in group.cells}) != len(group.cells):
                return False
        return all(c.holds(grid) for c in self.cages) and all(
            c.holds(grid) for c in self.constraints
        )

    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell, the other cells sharing an all-different group or a cage with it.

        Computed once per shape (board, groups, cages) and shared by all puzzles of that shape.
        """
        if self.is_classic:
            return self.board.peers
        return _peers_of_shape(self.size, self.all_different_cells())

    def all_different_cells(self) -> tuple[tuple[int, ...], ...]:
        """Cells of every all-different constraint: the groups, then the cages."""
        if self.is_classic:
            return self.board.units
        return tuple(g.cells for g in self.groups) + tuple(c.cells for c in self.cages)

    def full_groups(self) -> tuple[tuple[int, ...], ...]:
        """The groups of exactly ``n`` cells, which must hold every digit once."""
        if self.is_classic:
            return self.board.units
        return tuple(g.cells for g in self.groups if len(g.cells) == self.n)


def _text_key(primitive: AllDifferent | SumCage) -> object:
    """What tells a group or cage apart in the text form: its cells, and a cage's total."""
    return (primitive.cells, primitive.total) if isinstance(primitive, SumCage) else primitive.cells


def _group_label(name: str, primitive: AllDifferent | SumCage) -> str:
    """``killer cage 23`` for a cage with a sum, the rule's name alone for a plain group."""
    return f"{name} {primitive.total}" if isinstance(primitive, SumCage) else name


@functools.cache
def classic_groups(board: Board) -> tuple[AllDifferent, ...]:
    """The rows, columns and boxes of a board as named groups, built once per shape."""
    return tuple(
        AllDifferent(cells, f"{kind} {k + 1}")
        for kind, units in (("row", board.rows), ("column", board.cols), ("box", board.boxes))
        for k, cells in enumerate(units)
    )


@functools.lru_cache(maxsize=64)
def _peers_of_shape(size: int, groups: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    return peers_of(groups, size)


def sort_primitives(
    primitives: Iterable[AllDifferent | SumCage | Constraint],
) -> tuple[list[AllDifferent], list[SumCage], list[Constraint]]:
    """``primitives`` sorted as a model holds them: all-different groups, sum cages, the rest,
    each in the order given."""
    groups: list[AllDifferent] = []
    cages: list[SumCage] = []
    rest: list[Constraint] = []
    for primitive in primitives:
        if isinstance(primitive, AllDifferent):
            groups.append(primitive)
        elif isinstance(primitive, SumCage):
            cages.append(primitive)
        else:
            rest.append(primitive)
    return groups, cages, rest


def _checked_cells(
    board: Board, cells: Sequence[int], all_different: bool = True
) -> tuple[int, ...]:
    try:
        out = tuple(operator.index(i) for i in cells)
    except TypeError:
        raise InvalidPuzzleError(f"cell indices must be integers, got {list(cells)!r}") from None
    for i in out:
        if not 0 <= i < board.size:
            raise InvalidPuzzleError(f"cell index {i} is outside the board (0..{board.size - 1})")
    if not all_different:
        return out
    if len(set(out)) != len(out):
        raise InvalidPuzzleError(f"a constraint lists a cell twice: {list(out)}")
    if len(out) > board.n:
        raise InvalidPuzzleError(
            f"an all-different group of {len(out)} cells cannot fit {board.n} digits"
        )
    return out
