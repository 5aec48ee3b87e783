"""f-puzzles puzzles in and out: links, the compressed text after ``?load=``, or the JSON.

:func:`read` gives a :class:`~sudoku_models.model.Model` that keeps its variant rules;
:func:`to_fpuzzles` and :func:`to_link` write one back that f-puzzles opens. Keys this package
does not know raise an error naming them; keys that only draw (lines, circles, text, cosmetic
cages, whatever their labels) and the editor's settings are ignored. Every value a rule key
holds is checked (:mod:`~sudoku_models.formats.fpuzzles.values`): a value of the wrong type
or out of range is an error naming the key and the entry, never dropped.

>>> model = read({"size": 4, "grid": [[{"value": 1, "given": True}, {}, {}, {}]] + [[{}] * 4] * 3,
...               "diagonal-": True})
>>> model.givens[:4], [v.key for v in model.variants]
((1, 0, 0, 0), ['diagonal-'])
>>> read(to_link(model)) == model
True
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Callable, Mapping
from typing import Any

from ...board import MAX_DIGITS, Board
from ...errors import InvalidPuzzleError
from ...model import Model
from ...puzzle import Puzzle
from ...variants import (
    XV,
    AntiKing,
    AntiKnight,
    Arrow,
    BetweenLine,
    BoxIndexer,
    Clone,
    ColumnIndexer,
    Diagonal,
    Difference,
    DisjointGroups,
    EntropicLine,
    Even,
    ExtraRegion,
    GivenPencilmarks,
    Jigsaw,
    KillerCage,
    LittleKiller,
    LockoutLine,
    Maximum,
    Minimum,
    ModularLine,
    Negative,
    Nonconsecutive,
    Odd,
    Palindrome,
    Quadruple,
    Ratio,
    RegionSumLine,
    Renban,
    RowIndexer,
    Sandwich,
    Skyscraper,
    SlowThermometer,
    Thermometer,
    Variant,
    Whispers,
    XSum,
    ZipperLine,
)
from ...variants.cages import DIRECTIONS, no_sum
from ...variants.dots import NEGATIVE_KINDS
from ..lz import LIMIT, compress_to_base64, decompress_from_base64
from . import values

__all__ = ["LINK_PREFIX", "decode", "read", "to_fpuzzles", "to_json", "to_link"]

LINK_PREFIX = "https://www.f-puzzles.com/?load="

#: Keys that only draw, configure the editor or tell about the puzzle (SudokuPad's metadata:
#: where it comes from, the message on a right or wrong answer); they carry no rule.
COSMETIC = frozenset(
    {
        "size", "title", "author", "ruleset", "grid", "line", "circle", "rectangle", "text",
        "highlightConflicts", "disabledlogic", "truecandidatesoptions", "solution", "cage",
        "successMessage", "source", "msgcorrect", "msgincorrect",
    }
)  # fmt: skip

Cell = tuple[int, int]

#: A key's reader: the value under the key and the size, to the rules it names.
Reader = Callable[[Any, int], list[Variant]]


#: Longest link or load text read; published puzzles take a few thousand characters.
MAX_COMPRESSED = 200_000

#: Longest f-puzzles JSON read, given as text or decompressed from a link.
MAX_JSON = LIMIT


def decode(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The f-puzzles object of a link, of the text after ``?load=``, of JSON text, or a dict."""
    if isinstance(source, Mapping):
        return dict(source)
    if not isinstance(source, str):
        raise InvalidPuzzleError(
            f"cannot read f-puzzles data from {type(source).__name__}: give a link, text or a dict"
        )
    text = source.strip()
    if text.startswith("{"):
        return _json(text)
    if len(text) > MAX_COMPRESSED:
        raise InvalidPuzzleError(
            f"f-puzzles text too long: {len(text)} characters, the limit is {MAX_COMPRESSED}"
        )
    if "load=" in text:
        text = text.split("load=", 1)[1].split("&", 1)[0]
        text = urllib.parse.unquote(text)
    elif text.startswith("fpuzzles"):
        text = urllib.parse.unquote(text[len("fpuzzles") :])
    text = text.replace(" ", "+")
    try:
        raw = decompress_from_base64(text, limit=MAX_JSON)
    except ValueError as exc:
        raise InvalidPuzzleError(f"not an f-puzzles link or text: {exc}") from None
    return _json(raw)


def looks_compressed(text: str) -> bool:
    """Whether ``text`` looks like the compressed text of an f-puzzles link: one word of base64
    letters mixing capitals, small letters and digits, as no plain puzzle is written."""
    word = text.strip()
    return (
        len(word) >= 16
        and re.fullmatch(r"[A-Za-z0-9+/]+=*", word) is not None
        and any(ch.isupper() for ch in word)
        and any(ch.islower() for ch in word)
    )


def _json(text: str) -> dict[str, Any]:
    if len(text) > MAX_JSON:
        raise InvalidPuzzleError(
            f"f-puzzles JSON too long: {len(text)} characters, the limit is {MAX_JSON}"
        )
    return values.json_object(text, "the f-puzzles data")


def board_of(n: int) -> Board:
    """The board f-puzzles uses for size ``n``: the usual boxes, or whole rows for a prime."""
    try:
        return Board.for_digits(n)
    except InvalidPuzzleError:
        if not 4 <= n <= 35:
            raise
        return Board(1, n)


def read(source: str | Mapping[str, Any]) -> Model:
    """The model of an f-puzzles puzzle (link, load text, JSON text or dict), rules kept on it.

    Every key that names a rule gives that rule or an :class:`InvalidPuzzleError` naming the key:
    a value of the wrong type or out of range is never dropped or replaced by a default.
    """
    data = decode(source)
    if not all(isinstance(k, str) for k in data):
        raise InvalidPuzzleError("f-puzzles keys are text")
    n = data.get("size")
    if type(n) is not int or not 1 <= n <= MAX_DIGITS:
        raise InvalidPuzzleError(
            f"an f-puzzles object needs an integer 'size' up to {MAX_DIGITS}, got {values.kind(n)}"
        )
    board = board_of(n)
    unknown = sorted(k for k in data if k not in COSMETIC and k not in READERS)
    if unknown:
        raise InvalidPuzzleError(f"unsupported f-puzzles constraint(s): {', '.join(unknown)}")
    grid = _grid(data.get("grid"), n)
    givens = [0] * board.size
    marks: dict[str, list[Variant]] = {}  # odd and even marks kept on grid cells
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            try:
                givens[board.cell(r, c)] = _given(cell, n)
                for mark in _parity(cell, (r, c)):
                    marks.setdefault(mark.key, []).append(mark)
            except InvalidPuzzleError as exc:
                raise InvalidPuzzleError(f"f-puzzles grid: {exc.reason}", r, c) from None
    rules: list[Variant] = _regions(board, grid) + _pencil_marks(grid, n)
    for key, reader in READERS.items():
        rules += marks.get(key, [])  # where the key's own entries would write them back
        if key not in data:
            continue
        try:
            rules += reader(data[key], n)
        except InvalidPuzzleError as exc:
            where = f"f-puzzles {key!r}" + ("" if exc.reason.startswith("entry ") else ":")
            raise InvalidPuzzleError(f"{where} {exc.reason}", exc.row, exc.col) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            raise InvalidPuzzleError(f"f-puzzles {key!r}: malformed entry ({exc})") from None
    if not isinstance(data.get("cage") or [], list):
        raise InvalidPuzzleError("f-puzzles 'cage': expected a list of cages")
    return Model.from_puzzle(Puzzle(board, tuple(givens)), variants=rules)


def _grid(grid: Any, n: int) -> list[list[Mapping[str, Any]]]:
    """The ``grid``: ``n`` rows of ``n`` cell objects (``{}`` for an empty cell)."""
    if (
        not isinstance(grid, list)
        or len(grid) != n
        or not all(isinstance(row, list) and len(row) == n for row in grid)
    ):
        raise InvalidPuzzleError(f"f-puzzles 'grid' must be {n} rows of {n} cells, each a list")
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            if not isinstance(cell, Mapping):
                raise InvalidPuzzleError(
                    "f-puzzles grid: a cell is an object such as {} or "
                    f'{{"value": 5, "given": true}}, got {values.kind(cell)}',
                    r,
                    c,
                )
    return grid


def _given(cell: Mapping[str, Any], n: int) -> int:
    """The given digit of a grid cell, 0 when it has none (a digit not given is a player's, and
    no part of the puzzle)."""
    value = cell.get("value")
    if not values.flag(cell.get("given")) or value is None:
        return 0
    return values.number(value, "value", 1, n)


def _parity(cell: Mapping[str, Any], where: Cell) -> list[Variant]:
    """The odd or even mark some editors keep on the grid cell as ``parity``."""
    mark = cell.get("parity")
    if mark is None:
        return []
    kinds: dict[str, Callable[[Cell], Variant]] = {"ODD": Odd, "EVEN": Even}
    return [kinds[values.text(mark, tuple(kinds), "parity")](where)]


def _regions(board: Board, grid: list[list[Mapping[str, Any]]]) -> list[Variant]:
    n = board.n
    regions: dict[int, list[Cell]] = {}
    changed = False
    for r in range(n):
        for c in range(n):
            default = board.box_of(r, c)
            k = grid[r][c].get("region", default)
            if k is None:
                changed = True
                continue
            try:
                k = values.number(k, "region", 0, n - 1)
            except InvalidPuzzleError as exc:
                raise InvalidPuzzleError(f"f-puzzles grid: {exc.reason}", r, c) from None
            changed = changed or k != default
            regions.setdefault(k, []).append((r, c))
    if not changed:
        return []
    return [Jigsaw(tuple(tuple(cells) for _, cells in sorted(regions.items())))]


def _each(
    read_one: Callable[[Mapping[str, Any], int], Variant | list[Variant]],
    may_be_empty: bool = False,
) -> Reader:
    """A reader of a list key: each entry an object giving at least one rule (or none, with
    ``may_be_empty``); errors name the entry."""

    def read_all(items: Any, n: int) -> list[Variant]:
        out: list[Variant] = []
        for k, item in enumerate(values.entries(items), start=1):
            try:
                if not isinstance(item, Mapping):
                    raise InvalidPuzzleError(f"expected an object, got {values.kind(item)}")
                made = read_one(item, n)
                if not made and not may_be_empty:
                    raise InvalidPuzzleError("the entry names no rule")
            except InvalidPuzzleError as exc:
                raise InvalidPuzzleError(f"entry {k}: {exc.reason}", exc.row, exc.col) from None
            out += made if isinstance(made, list) else [made]
        return out

    return read_all


def _pencil_marks(grid: list[list[Any]], n: int) -> list[Variant]:
    """The given pencil marks of the grid's cells: digits each such cell is limited to."""
    out: list[Variant] = []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            marks = cell.get("givenPencilMarks")
            if marks in (None, []):
                continue
            try:
                marks = values.entries(marks)
                digits = [values.number(d, "given pencil mark", 1, n) for d in marks]
            except InvalidPuzzleError as exc:
                raise InvalidPuzzleError(f"f-puzzles grid: {exc.reason}", r, c) from None
            out.append(GivenPencilmarks((r, c), tuple(digits)))
    return out


def _flag(make: Callable[[], Variant]) -> Reader:
    return lambda value, n: [make()] if values.flag(value) else []


def _lines(make: Callable[..., Variant]) -> Reader:
    return _each(lambda item, n: [make(line) for line in values.lines(item, n)])


def _dots(make: Any, default: int, bounds: Callable[[int], tuple[int, int]]) -> Reader:
    """Dots whose ``value`` (``default`` when there is none) lies within ``bounds(n)``."""

    def read_one(item: Mapping[str, Any], n: int) -> Variant:
        value = values.optional_number(item, f"{make.name} value", *bounds(n))
        cells = values.cells(values.field(item, "cells"), n)
        return make(cells, default if value is None else value)

    return _each(read_one)


def _one_cell(make: Callable[[Cell], Variant]) -> Reader:
    return _each(lambda item, n: make(values.cell(values.field(item, "cell"), n)))


def _outside(make: Any) -> Reader:
    def read_one(item: Mapping[str, Any], n: int) -> Variant:
        clue = values.cell(values.field(item, "cell"), n, outside=True)
        return make(clue, values.number(values.field(item, "value"), f"{make.name} value"))

    return _each(read_one)


def _cells_of(make: Callable[[tuple[Cell, ...]], Variant]) -> Reader:
    return _each(lambda item, n: make(values.cells(values.field(item, "cells"), n)))


def _cage(item: Mapping[str, Any], n: int) -> KillerCage:
    """The killer cage of an entry, with the number written on it."""
    cells = values.cells(values.field(item, "cells"), n)
    return KillerCage(cells, values.optional_number(item, "killer cage total"))


@_each
def _killer(item: Mapping[str, Any], n: int) -> Variant:
    """The cage of an entry; a number on it that is no sum of its different digits is a label
    (:func:`labels` says so): the cage keeps its digits different, with no sum."""
    cage = _cage(item, n)
    return cage if no_sum(cage, n) is None else KillerCage(cage.cells)


def labels(data: Mapping[str, Any]) -> list[str]:
    """What :func:`read` says of the killer cages of ``data`` (read already) whose number is
    no sum but a label."""
    n, items = data["size"], data.get("killercage")
    cages = [_cage(item, n) for item in values.entries(items)] if items else []
    notes = [no_sum(cage, n) for cage in cages]
    return [f"{why}: read as a label; the cage keeps its digits different" for why in notes if why]


@_each
def _little_killer(item: Mapping[str, Any], n: int) -> Variant:
    clue = values.cell(values.field(item, "cell"), n, outside=True)
    direction = values.text(values.field(item, "direction"), tuple(DIRECTIONS), "direction")
    total = values.number(values.field(item, "value"), "little killer total")
    return LittleKiller(clue, direction, total)


def _one_arrow(item: Mapping[str, Any], n: int) -> list[Variant]:
    """The arrows of one bulb; a bulb drawn with no line is no rule, as f-puzzles reads it."""
    circle = values.cells(values.field(item, "cells"), n)
    if item.get("lines") in (None, []):
        return []
    out: list[Variant] = []
    for line in values.lines(item, n):
        shaft = tuple(c for c in line if c not in circle)
        out.append(Arrow(circle, shaft))
    return out


_arrow = _each(_one_arrow, may_be_empty=True)


@_each
def _modular(item: Mapping[str, Any], n: int) -> list[Variant]:
    modulus = values.optional_number(item, "modular line modulus", 2, n)
    return [ModularLine(line, 3 if modulus is None else modulus) for line in values.lines(item, n)]


@_each
def _whispers(item: Mapping[str, Any], n: int) -> list[Variant]:
    gap = values.optional_number(item, "whispers gap", 1, n - 1)
    return [Whispers(line, gap) for line in values.lines(item, n)]


@_each
def _xv(item: Mapping[str, Any], n: int) -> Variant:
    mark = values.text(item.get("value"), ("X", "V"), "xv mark")
    return XV(values.cells(values.field(item, "cells"), n), {"X": 10, "V": 5}[mark])


@_each
def _lockout(item: Mapping[str, Any], n: int) -> list[Variant]:
    gap = values.optional_number(item, "lockout line gap", 1, n - 1)
    return [LockoutLine(line, gap) for line in values.lines(item, n)]


@_each
def _clone(item: Mapping[str, Any], n: int) -> Variant:
    cells = values.cells(values.field(item, "cells"), n)
    return Clone(cells, values.cells(values.field(item, "cloneCells"), n))


@_each
def _quadruple(item: Mapping[str, Any], n: int) -> Variant:
    digits = values.field(item, "values")
    if not isinstance(digits, list):
        raise InvalidPuzzleError(f"'values' must be a list of digits, got {values.kind(digits)}")
    if not 1 <= len(digits) <= 4:
        raise InvalidPuzzleError(f"a quadruple lists 1 to 4 digits, got {len(digits)}")
    cells = values.cells(values.field(item, "cells"), n)
    if len(cells) != 4:
        raise InvalidPuzzleError(f"a quadruple touches 4 cells, got {len(cells)}")
    return Quadruple(cells, tuple(values.number(d, "quadruple digit", 1, n) for d in digits))


def _negative(kinds: Any, n: int) -> list[Variant]:
    out: list[Variant] = []
    for k, kind in enumerate(values.entries(kinds), start=1):
        name = values.text(kind, tuple(k.upper() for k in NEGATIVE_KINDS), f"entry {k} kind")
        out.append(Negative(name.lower()))
    return out


#: How each rule key is read: the value under the key and the size, to variant rules.
READERS: dict[str, Reader] = {
    "diagonal+": _flag(lambda: Diagonal(positive=True)),
    "diagonal-": _flag(lambda: Diagonal(positive=False)),
    "antiknight": _flag(AntiKnight),
    "antiking": _flag(AntiKing),
    "disjointgroups": _flag(DisjointGroups),
    "nonconsecutive": _flag(Nonconsecutive),
    "extraregion": _cells_of(ExtraRegion),
    "killercage": _killer,
    "littlekillersum": _little_killer,
    "arrow": _arrow,
    "thermometer": _lines(Thermometer),
    "slowthermometer": _lines(SlowThermometer),
    "palindrome": _lines(Palindrome),
    "renban": _lines(Renban),
    "whispers": _whispers,
    "betweenline": _lines(BetweenLine),
    "regionsumline": _lines(RegionSumLine),
    "entropicline": _lines(EntropicLine),
    "zipperline": _lines(ZipperLine),
    "lockout": _lockout,
    "modularline": _modular,
    "difference": _dots(Difference, 1, lambda n: (1, n - 1)),
    "ratio": _dots(Ratio, 2, lambda n: (2, n)),
    "xv": _xv,
    "odd": _one_cell(Odd),
    "even": _one_cell(Even),
    "minimum": _one_cell(Minimum),
    "maximum": _one_cell(Maximum),
    "clone": _clone,
    "quadruple": _quadruple,
    "sandwichsum": _outside(Sandwich),
    "xsum": _outside(XSum),
    "skyscraper": _outside(Skyscraper),
    "columnindexer": _cells_of(ColumnIndexer),
    "rowindexer": _cells_of(RowIndexer),
    "boxindexer": _cells_of(BoxIndexer),
    "negative": _negative,
}


def to_fpuzzles(model: Model | Puzzle, title: str | None = None) -> dict[str, Any]:
    """The f-puzzles object of a model: its givens and the variant rules kept on it."""
    if isinstance(model, Puzzle):
        model = Model.from_puzzle(model)
    board = model.board
    n = board.n
    if board != board_of(n) and not any(v.replaces_boxes for v in model.variants):
        raise InvalidPuzzleError(
            f"f-puzzles draws {n}x{n} boards with {board_of(n).box_rows}x{board_of(n).box_cols} "
            f"boxes, not {board.box_rows}x{board.box_cols}"
        )
    grid: list[list[dict[str, Any]]] = [[{} for _ in range(n)] for _ in range(n)]
    for i, d in enumerate(model.givens):
        if d:
            r, c = board.row_col(i)
            grid[r][c] = {"value": d, "given": True}
    data: dict[str, Any] = {"size": n}
    if title:
        data["title"] = title
    data["grid"] = grid
    for rule in model.variants:
        rule.write(data, board)
    return data


def to_json(model: Model | Puzzle, title: str | None = None) -> str:
    """The f-puzzles object of a model as compact JSON text."""
    return json.dumps(to_fpuzzles(model, title), separators=(",", ":"))


def to_link(model: Model | Puzzle, title: str | None = None) -> str:
    """An f-puzzles link that opens the model."""
    return LINK_PREFIX + compress_to_base64(to_json(model, title))
