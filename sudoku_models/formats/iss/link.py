"""Interactive Sudoku Solver (ISS) links and constraint text, in and out.

ISS writes a puzzle as items separated by dots, each ``Type~arg~arg...``; cells are named
``R<row>C<col>`` (1-based; on grids above 9 a row or column above 9 is one base-17 letter,
``a`` for 10). The givens are the item with an empty type: ``.~R1C1_5~R2C3_7``. A link carries
the same text in its ``q`` parameter: ``https://sigh.github.io/Interactive-Sudoku-Solver/?q=...``.

Each ISS type the model expresses maps to a variant rule of :mod:`sudoku_models.variants`, one
row a type for reading and writing both (:data:`~sudoku_models.formats.iss.types.TYPES`); ISS's
packed rules (state machines, pairwise keys), its sums whose digits may repeat, its hidden
skyscrapers, value indexing and distinct counts become automata along their cells
(:mod:`~sudoku_models.formats.iss.codes`). A type the model does not express is named in one
error, never dropped, and so is a value ISS never writes (a whisper of difference -5, a pill of
one digit): each number is checked against the range its rule has meaning in. The other texts
ISS reads (killers in SudokuWiki's and ISS's short form, jigsaws as grid and region lines,
pencil marks, sections and comments) become the same items first
(:mod:`~sudoku_models.formats.iss.text`).
"""

from __future__ import annotations

import re
import urllib.parse
from dataclasses import replace

from ...board import Board
from ...errors import InvalidPuzzleError, SudokuModelsError, UnsupportedModelError, shown
from ...model import Model
from ...puzzle import Puzzle
from ...variants import (
    Even,
    ExtraRegion,
    FullRank,
    GivenPencilmarks,
    Jigsaw,
    NoRankTies,
    Odd,
    Variant,
    windoku,
)
from ..base import Read, finish
from . import text as iss_text
from .cells import Cell, Grid, item, name, number
from .types import ISS_TYPES, LAYOUT, READERS, write_rule

NAME = "iss"
LINK_PREFIX = "https://sigh.github.io/Interactive-Sudoku-Solver/?q="


def _rank_ties(args: list[str], rules: list[Variant]) -> list[Variant]:
    """Apply ``FullRankTies~mode`` to the rules read so far (ISS writes it after the clues):
    ``only-unclued`` (the default) keeps clued lines from tying, ``any`` lets a clued line tie
    and count either way, ``none`` forbids every tie, clued or not."""
    mode = args[0] if args else ""
    if mode == "only-unclued":
        return rules
    if mode == "any":
        return [replace(r, ties=True) if isinstance(r, FullRank) else r for r in rules]
    if mode == "none":
        return [*rules, NoRankTies()]
    raise InvalidPuzzleError(f"ISS FullRankTies {shown(mode)} is not none, only-unclued or any")


def recognises(text: str) -> bool:
    """Whether ``text`` is an ISS link, ISS constraint text (in sections, with comments), or
    one of the line forms only ISS reads (:func:`~sudoku_models.formats.iss.text.is_line_form`)."""
    head = text.strip()
    if "interactive-sudoku-solver" in head.lower():
        return True
    return iss_text.is_line_form(head) or any(
        _is_constraint_text(section) for section in iss_text.sections(head)
    )


def _is_constraint_text(section: str) -> bool:
    text = re.sub(r"\s+", "", section)  # ISS text may run over several lines
    if text == ".":  # ISS's empty 9x9 grid
        return True
    match = re.match(r"\.([A-Za-z]*)(?:~|\.|$)", text)
    return match is not None and (match[1] in ISS_TYPES or "~" in text)


def constraint_text(text: str) -> str:
    """The constraint text of an ISS link (its ``q`` parameter), or the text itself."""
    head = text.strip()
    if not head.lower().startswith(("http://", "https://")):
        return head
    # Each parameter is unquoted without turning '+' into a space: ISS's text has no spaces,
    # and a '+' that an older link left unencoded is a regular expression's quantifier.
    query = urllib.parse.urlsplit(head).query
    values = [urllib.parse.unquote(p[2:]) for p in query.split("&") if p.startswith("q=")]
    if not values or not values[0].strip():
        raise InvalidPuzzleError("the ISS link has no puzzle in its q= parameter")
    return values[0]


def items_of(text: str) -> list[tuple[str, list[str]]]:
    """The ``(type, args)`` items of a text ISS reads (the givens' type is ``Given``): each
    section in one of ISS's line forms (:mod:`~sudoku_models.formats.iss.text`) or constraint
    text."""
    out = []
    for section in iss_text.sections(text):
        found = iss_text.line_items(section)
        out += found if found is not None else _constraint_items(section)
    return out


def _constraint_items(text: str) -> list[tuple[str, list[str]]]:
    """The items of one section of constraint text."""
    text = re.sub(r"\s+", "", text)
    first, *items = text.split(".")
    if first != "":
        raise InvalidPuzzleError("ISS constraint text must start with a '.'")
    out = []
    for entry in items:
        if entry == "":
            continue
        kind, *args = entry.split("~")
        out.append((kind or "Given", [urllib.parse.unquote(a) for a in args]))
    return out


def read(text: str) -> Read:
    """The model of an ISS link or constraint text.

    Raises :class:`UnsupportedModelError` naming every ISS type the model cannot express.

    >>> read(".Thermo~R1C1~R1C2~R1C3.~R1C1_1").model.variants
    (Thermometer(cells=((0, 0), (0, 1), (0, 2))),)
    """
    items = items_of(constraint_text(text))
    unknown = sorted({kind for kind, _ in items if kind not in ISS_TYPES})
    if unknown:
        raise InvalidPuzzleError(f"unknown ISS constraint type(s): {', '.join(unknown)}")
    unread = sorted({kind for kind, _ in items if kind not in READERS and kind not in LAYOUT})
    if unread:
        raise UnsupportedModelError(
            f"ISS constraint type(s) this package does not read: {', '.join(unread)}"
        )
    grid = Grid(_board(items))
    kinds = {kind for kind, _ in items}
    givens = [0] * grid.board.size
    rules: list[Variant] = []
    rules += _givens(grid, [a for kind, args in items if kind == "Given" for a in args], givens)
    for kind, args in items:
        if kind == "Jigsaw":
            rules += _jigsaw(grid, args, "NoBoxes" in kinds or not _usual_board(grid.board.n))
        elif kind == "Windoku":
            rules += windoku(grid.board)
        elif kind == "FullRankTies":
            rules = _rank_ties(args, rules)
        elif kind in READERS:
            try:
                rules += READERS[kind](grid, args)
            except (ValueError, IndexError) as exc:
                if isinstance(exc, SudokuModelsError):
                    raise
                raise InvalidPuzzleError(f"ISS {kind}: malformed ({exc})") from None
    if "NoBoxes" in kinds and "Jigsaw" not in kinds:
        raise UnsupportedModelError("ISS NoBoxes without Jigsaw regions: a grid needs regions")
    model = Model.from_puzzle(Puzzle(grid.board, tuple(givens)), variants=rules)
    return finish(model, NAME)


def _board(items: list[tuple[str, list[str]]]) -> Board:
    shapes = [args for kind, args in items if kind == "Shape"]
    if not shapes:
        n = 9
    else:
        args = shapes[-1]
        match = re.fullmatch(r"([0-9]{1,3})x([0-9]{1,3})", args[0] if args else "")
        if not match:
            raise InvalidPuzzleError(f"ISS Shape {shown('~'.join(args))} is not like 9x9")
        rows, cols = int(match[1]), int(match[2])
        if rows != cols:
            raise UnsupportedModelError(f"ISS shape {rows}x{cols}: only square grids are read")
        n = rows
        if len(args) > 1 and args[1] not in ("", str(n), f"1-{n}"):
            raise UnsupportedModelError(
                f"ISS shape {'~'.join(args)}: only the digits 1-{n} are read on a {n}x{n} grid"
            )
        if len(args) > 2 and args[2] != "Sudoku":
            raise UnsupportedModelError(f"ISS grid type {shown(args[2])} is not read")
    for kind, args in items:
        if kind == "RegionSize" and args != [str(n)]:
            raise UnsupportedModelError(f"ISS RegionSize {'~'.join(args)} is not read")
    board = _usual_board(n)
    if board is not None:
        return board
    if any(kind == "Jigsaw" for kind, _ in items):
        return Board(1, n)  # no box shape: the jigsaw pieces are the only regions, as in ISS
    raise UnsupportedModelError(f"ISS {n}x{n} grid: no box shape for {n} digits")


def _usual_board(n: int) -> Board | None:
    """The board ISS draws for ``n`` digits, or None when ``n`` has no box shape."""
    try:
        return Board.for_digits(n)
    except InvalidPuzzleError:
        return None


#: Cells limited to several digits that the model names: the odd and the even digits.
_PARITY = {(1, 3, 5, 7, 9): Odd, (2, 4, 6, 8): Even}


def _givens(grid: Grid, args: list[str], givens: list[int]) -> list[Variant]:
    """Fill ``givens`` from every given of the text; a cell named twice keeps the digits both
    allow (as ISS does); a cell left with the odd or the even digits becomes that rule, one
    left with every digit no rule, one left with other digits given pencil marks."""
    allowed: dict[Cell, set[int]] = {}
    for arg in args:
        cell_name, *values = arg.split("_")
        cell = grid.cell(cell_name)
        digits = {number(v, f"given in {cell_name}") for v in values}
        if not digits or not all(1 <= d <= grid.n for d in digits):
            raise InvalidPuzzleError(f"ISS given {shown(arg)}: digits must lie in 1-{grid.n}")
        allowed[cell] = allowed[cell] & digits if cell in allowed else digits
    rules: list[Variant] = []
    for cell, digits in allowed.items():
        key = tuple(sorted(digits))
        if len(key) == grid.n:
            continue  # every digit allowed (pencil marks of an open cell): no rule
        if len(key) == 1:
            givens[grid.board.cell(*cell)] = key[0]
        elif grid.n == 9 and key in _PARITY:
            rules.append(_PARITY[key](cell))
        elif not key:
            raise InvalidPuzzleError(f"ISS givens leave no digit for {name(cell)}")
        else:
            rules.append(GivenPencilmarks(cell, key))
    return rules


def _jigsaw(grid: Grid, args: list[str], no_boxes: bool) -> list[Variant]:
    layout = args[-1] if args else ""
    if len(layout) != grid.board.size:
        raise InvalidPuzzleError(
            f"ISS Jigsaw layout has {len(layout)} cells, the grid {grid.board.size}"
        )
    regions: dict[str, list[Cell]] = {}
    for i, symbol in enumerate(layout):
        regions.setdefault(symbol, []).append(grid.board.row_col(i))
    pieces = tuple(tuple(cells) for cells in regions.values())
    if len(pieces) == 1:
        return []
    if no_boxes:
        return [Jigsaw(pieces)]
    return [ExtraRegion(piece) for piece in pieces]


def write(model: Model | Puzzle) -> str:
    """ISS constraint text for ``model``; a rule ISS has no type for raises an error naming it."""
    if isinstance(model, Puzzle):
        model = Model.from_puzzle(model)
    board = model.board
    jigsaw = any(isinstance(rule, Jigsaw) for rule in model.variants)
    if not jigsaw and board != _usual_board(board.n):
        raise UnsupportedModelError(f"ISS draws {board.n}x{board.n} grids with its own boxes")
    parts = [f".Shape~{board.n}x{board.n}"] if board.n != 9 else []
    rules = list(model.variants)
    extra = windoku(board)
    if extra and all(region in rules for region in extra):
        parts.append(".Windoku")
        rules = [rule for rule in rules if rule not in extra]
    parts += [write_rule(rule, board) for rule in rules]
    parts += _rank_ties_item(rules)
    givens = [f"{name(board.row_col(i))}_{d}" for i, d in enumerate(model.givens) if d]
    if givens:
        parts.append(".~" + "~".join(givens))
    return "".join(parts) or "."


def _rank_ties_item(rules: list[Variant]) -> list[str]:
    """``FullRankTies~any`` when the full rank clues let their lines tie; clues that differ on
    it have no ISS text."""
    ties = {r.ties for r in rules if isinstance(r, FullRank)}
    if ties == {False, True}:
        raise UnsupportedModelError("ISS sets full rank ties for every clue at once, not for some")
    if ties == {True}:
        if any(isinstance(r, NoRankTies) for r in rules):
            raise UnsupportedModelError("full rank clues that may tie in a grid without ties")
        return [item("FullRankTies", "any")]
    return []


def to_link(model: Model | Puzzle) -> str:
    """An ISS link that opens ``model``."""
    return LINK_PREFIX + urllib.parse.quote(write(model), safe="~_")
