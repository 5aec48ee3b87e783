"""f-puzzles puzzles in and out: links, the compressed text after ``?load=``, or the JSON.

:func:`read` gives a :class:`~sudoku_models.model.Model` that keeps its variant rules;
:func:`to_fpuzzles` and :func:`to_link` write one back that f-puzzles opens. Keys this package
does not know raise an error naming them; keys that only draw (lines, circles, text, cages
without a sum) are ignored.

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

from ..board import Board
from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle
from ..variants import (
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
from .lz import compress_to_base64, decompress_from_base64

__all__ = ["LINK_PREFIX", "decode", "read", "to_fpuzzles", "to_json", "to_link"]

LINK_PREFIX = "https://www.f-puzzles.com/?load="

#: Keys that only draw or configure the editor; they carry no rule.
COSMETIC = frozenset(
    {
        "size", "title", "author", "ruleset", "grid", "line", "circle", "rectangle", "text",
        "highlightConflicts", "disabledlogic", "truecandidatesoptions", "solution", "cage",
    }
)  # fmt: skip

Cell = tuple[int, int]


def decode(source: str | Mapping[str, Any]) -> dict[str, Any]:
    """The f-puzzles object of a link, of the text after ``?load=``, of JSON text, or a dict."""
    if isinstance(source, Mapping):
        return dict(source)
    text = source.strip()
    if text.startswith("{"):
        return _json(text)
    if "load=" in text:
        text = text.split("load=", 1)[1].split("&", 1)[0]
        text = urllib.parse.unquote(text)
    elif text.startswith("fpuzzles"):
        text = urllib.parse.unquote(text[len("fpuzzles") :])
    text = text.replace(" ", "+")
    try:
        raw = decompress_from_base64(text)
    except ValueError as exc:
        raise InvalidPuzzleError(f"not an f-puzzles link or text: {exc}") from None
    return _json(raw)


def _json(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidPuzzleError(f"the f-puzzles data is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the f-puzzles data is not a JSON object")
    return data


def board_of(n: int) -> Board:
    """The board f-puzzles uses for size ``n``: the usual boxes, or whole rows for a prime."""
    try:
        return Board.for_digits(n)
    except InvalidPuzzleError:
        if not 4 <= n <= 35:
            raise
        return Board(1, n)


def read(source: str | Mapping[str, Any]) -> Model:
    """The model of an f-puzzles puzzle (link, load text, JSON text or dict), rules kept on it."""
    data = decode(source)
    n = data.get("size")
    if not isinstance(n, int):
        raise InvalidPuzzleError("an f-puzzles object needs an integer 'size'")
    board = board_of(n)
    grid = data.get("grid")
    if not isinstance(grid, list) or len(grid) != n or any(len(row) != n for row in grid):
        raise InvalidPuzzleError(f"'grid' must be {n} rows of {n} cells")
    givens = [0] * board.size
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            value = cell.get("value") if isinstance(cell, dict) else None
            if value is not None and cell.get("given"):
                if not isinstance(value, int) or not 1 <= value <= n:
                    raise InvalidPuzzleError(f"given {value!r} is not a digit 1..{n}", r, c)
                givens[board.cell(r, c)] = value
    unknown = sorted(k for k in data if k not in COSMETIC and k not in READERS)
    if unknown:
        raise InvalidPuzzleError(f"unsupported f-puzzles constraint(s): {', '.join(unknown)}")
    rules: list[Variant] = _regions(board, grid) + _pencil_marks(grid)
    for key, reader in READERS.items():
        value = data.get(key)
        if value in (None, False, []):
            continue
        try:
            rules += reader(value, n)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            if isinstance(exc, InvalidPuzzleError):
                raise
            raise InvalidPuzzleError(f"f-puzzles key {key!r}: malformed entry ({exc})") from None
    if isinstance(data.get("cage"), list):
        for cage in data["cage"]:
            if isinstance(cage, dict) and cage.get("value") not in (None, ""):
                raise InvalidPuzzleError(
                    f"cage with value {cage['value']!r}: cosmetic cages carry no sum; "
                    "a killer cage belongs under 'killercage'"
                )
    return Model.from_puzzle(Puzzle(board, tuple(givens)), variants=rules)


def _cell(name: str) -> Cell:
    match = re.fullmatch(r"R(\d+)C(\d+)", str(name).strip(), re.IGNORECASE)
    if not match:
        raise InvalidPuzzleError(f"{name!r} is not a cell name like R1C1")
    return int(match[1]) - 1, int(match[2]) - 1


def _cells(names: Any) -> tuple[Cell, ...]:
    return tuple(_cell(x) for x in names)


def _number(value: Any, what: str) -> int:
    try:
        return int(str(value).strip())
    except ValueError:
        raise InvalidPuzzleError(f"{what}: {value!r} is not a number") from None


def _optional(item: Mapping[str, Any], what: str) -> int | None:
    value = item.get("value")
    return None if value in (None, "") else _number(value, what)


def _regions(board: Board, grid: list[list[Any]]) -> list[Variant]:
    n = board.n
    default = [[board.box_of(r, c) for c in range(n)] for r in range(n)]
    regions: dict[int, list[Cell]] = {}
    changed = False
    for r in range(n):
        for c in range(n):
            cell = grid[r][c] if isinstance(grid[r][c], dict) else {}
            k = cell.get("region", default[r][c])
            if k != default[r][c]:
                changed = True
            if k is not None:
                regions.setdefault(int(k), []).append((r, c))
    if not changed:
        return []
    return [Jigsaw(tuple(tuple(cells) for _, cells in sorted(regions.items())))]


def _pencil_marks(grid: list[list[Any]]) -> list[Variant]:
    return [
        GivenPencilmarks((r, c), tuple(int(d) for d in cell["givenPencilMarks"]))
        for r, row in enumerate(grid)
        for c, cell in enumerate(row)
        if isinstance(cell, dict) and cell.get("givenPencilMarks")
    ]


def _flag(make: Callable[[], Variant]) -> Callable[[Any, int], list[Variant]]:
    return lambda value, n: [make()] if value is True else []


def _lines(make: Callable[..., Variant]) -> Callable[[Any, int], list[Variant]]:
    return lambda items, n: [make(_cells(line)) for item in items for line in item["lines"]]


def _dots(make: Any, default: int) -> Callable[[Any, int], list[Variant]]:
    return lambda items, n: [
        make(_cells(i["cells"]), _optional(i, make.name) or default) for i in items
    ]


def _one_cell(make: Callable[[Cell], Variant]) -> Callable[[Any, int], list[Variant]]:
    return lambda items, n: [make(_cell(i["cell"])) for i in items]


def _outside(make: Any) -> Callable[[Any, int], list[Variant]]:
    return lambda items, n: [
        make(_cell(i["cell"]), _number(i["value"], f"{make.name} at {i['cell']}")) for i in items
    ]


def _killer(items: Any, n: int) -> list[Variant]:
    return [KillerCage(_cells(i["cells"]), _optional(i, "killer cage")) for i in items]


def _little_killer(items: Any, n: int) -> list[Variant]:
    return [
        LittleKiller(_cell(i["cell"]), i["direction"], _number(i["value"], "little killer"))
        for i in items
    ]


def _arrow(items: Any, n: int) -> list[Variant]:
    out: list[Variant] = []
    for item in items:
        circle = _cells(item.get("cells", ()))
        for line in item["lines"]:
            shaft = tuple(c for c in _cells(line) if c not in circle)
            out.append(Arrow(circle, shaft))
    return out


def _whispers(items: Any, n: int) -> list[Variant]:
    return [
        Whispers(_cells(line), _optional(item, "whispers"))
        for item in items
        for line in item["lines"]
    ]


def _lockout(items: Any, n: int) -> list[Variant]:
    return [
        LockoutLine(_cells(line), _optional(item, "lockout line"))
        for item in items
        for line in item["lines"]
    ]


def _xv(items: Any, n: int) -> list[Variant]:
    out: list[Variant] = []
    for item in items:
        value = {"X": 10, "V": 5}.get(str(item.get("value", "")).upper())
        if value is None:
            raise InvalidPuzzleError(f"xv mark {item.get('value')!r} is neither X nor V")
        out.append(XV(_cells(item["cells"]), value))
    return out


def _clone(items: Any, n: int) -> list[Variant]:
    return [Clone(_cells(i["cells"]), _cells(i["cloneCells"])) for i in items]


def _quadruple(items: Any, n: int) -> list[Variant]:
    return [Quadruple(_cells(i["cells"]), tuple(int(v) for v in i["values"])) for i in items]


def _indexer(make: Callable[..., Variant]) -> Callable[[Any, int], list[Variant]]:
    return lambda items, n: [make(_cells(i["cells"])) for i in items]


def _negative(kinds: Any, n: int) -> list[Variant]:
    return [Negative(str(kind)) for kind in kinds]


def _extra(items: Any, n: int) -> list[Variant]:
    return [ExtraRegion(_cells(i["cells"])) for i in items]


#: How each rule key is read: the value under the key and the size, to variant rules.
READERS: dict[str, Callable[[Any, int], list[Variant]]] = {
    "diagonal+": _flag(lambda: Diagonal(positive=True)),
    "diagonal-": _flag(lambda: Diagonal(positive=False)),
    "antiknight": _flag(AntiKnight),
    "antiking": _flag(AntiKing),
    "disjointgroups": _flag(DisjointGroups),
    "nonconsecutive": _flag(Nonconsecutive),
    "extraregion": _extra,
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
    "difference": _dots(Difference, 1),
    "ratio": _dots(Ratio, 2),
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
    "columnindexer": _indexer(ColumnIndexer),
    "rowindexer": _indexer(RowIndexer),
    "boxindexer": _indexer(BoxIndexer),
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
