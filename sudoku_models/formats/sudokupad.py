"""SudokuPad links: the f-puzzles payloads they carry, and SudokuPad's own ``scl``/``ctc`` data.

A SudokuPad link names its puzzle after the host (``https://sudokupad.app/<payload>``, the older
``https://app.crackingthecryptic.com/sudoku/<payload>``, or a ``?puzzle=<payload>`` parameter).
The payload is, by its prefix:

- ``fpuzzles`` or ``fpuz``: an f-puzzles puzzle, LZ-compressed, read exactly by the f-puzzles
  reader;
- ``ctc``: SudokuPad's own puzzle JSON, LZ-compressed;
- ``scl``: the same JSON with short keys and light syntax (``{c:'#0',v:5}``), LZ-compressed.

SudokuPad's JSON says what to draw, not which rules hold: ``cells`` (the givens), ``regions``,
``cages`` (a cage with a number is a killer cage; a cage whose text is ``title: ...``,
``author: ...``, ``rules: ...`` or ``solution: ...`` carries the metadata), and ``lines``,
``arrows``, ``overlays``, ``underlays`` that draw marks whose meaning only the rules text gives.
Those marks go to :mod:`.readings` with the rules text; what it cannot read stays a warning.

A link made of a short name only (``https://sudokupad.app/RPBnQFRLR8``) points at a puzzle
stored on SudokuPad's server; it carries nothing to read.
"""

from __future__ import annotations

import json
import re
import urllib.parse
from collections.abc import Iterator
from typing import Any

from ..errors import InvalidPuzzleError, UnsupportedModelError
from ..fpuzzles import board_of, to_json
from ..fpuzzles import decode as decode_fpuzzles
from ..fpuzzles.lz import compress_to_base64, decompress_from_base64
from ..model import Model
from ..puzzle import Puzzle
from ..variants import AntiKing, AntiKnight, Jigsaw, KillerCage, Variant
from . import fpuzzles, plain
from .base import Read, finish
from .marks import Mark, colour_name, sudokupad_marks

NAME = "sudokupad"
LINK_PREFIX = "https://sudokupad.app/fpuzzles"

_HOSTS = ("sudokupad.app", "crackingthecryptic.com")
_BARE_HOSTS = ("sudokupad.app", "www.sudokupad.app", "app.crackingthecryptic.com")
_FPUZZLES = re.compile(r"^fpuz(?:zles)?(?=[A-Za-z0-9+/=\\%-])")
_LZ = re.compile(r"^[A-Za-z0-9+/=\\]+$")
#: The short keys of ``scl`` data and the keys they stand for.
_LONG_KEYS = {
    "c": "color", "ca": "cages", "ct": "center", "c1": "borderColor", "c2": "backgroundColor",
    "ce": "cells", "cs": "cellSize", "a": "arrows", "o": "overlays", "u": "underlays",
    "w": "width", "h": "height", "v": "value", "vd": "videos", "l": "lines", "r": "rounded",
    "re": "regions", "fs": "fontSize", "th": "thickness", "hl": "headLength", "wp": "wayPoints",
    "t": "title", "te": "text", "d": "duration",
}  # fmt: skip
#: Keys of SudokuPad's JSON that configure the page and hold no rule.
_QUIET = frozenset({"cellSize", "id", "settings", "videos", "duration", "title", "metadata"})
#: Keys that draw marks; their meaning lives in the rules text (:mod:`.readings`).
_DRAWN = ("lines", "arrows", "overlays", "underlays")
_META = re.compile(r"^([A-Za-z]+):\s*(.*)$", re.DOTALL)


def _link(text: str) -> str:
    """``text`` stripped, with ``https://`` put before a SudokuPad address written without it."""
    head = text.strip()
    if head.lower().startswith(_BARE_HOSTS):
        return "https://" + head
    return head


def recognises(text: str) -> bool:
    """Whether ``text`` is a SudokuPad link (or a ``?puzzle=`` link), or a bare scl/ctc payload."""
    head = _link(text)
    if head.lower().startswith(("http://", "https://")):
        lowered = head.lower()
        return any(host in lowered for host in _HOSTS) or _query_payload(head) is not None
    return bool(re.match(r"^(?:scl|ctc|fpuz(?!zles))[A-Za-z0-9+/=\\%]{8,}$", head))


def read(text: str) -> Read:
    """The model of a SudokuPad link or payload, with its metadata and what it left out."""
    payload = payload_of(text)
    match = _FPUZZLES.match(payload)
    if match:
        return fpuzzles.read_object(decode_fpuzzles(payload[match.end() :]), NAME)
    if payload.startswith("scl"):
        return read_ctc(unzip(_decompress(payload[3:], "scl")))
    if payload.startswith("ctc"):
        return read_ctc(_json(_decompress(payload[3:], "ctc")))
    if payload.startswith("{"):
        data = _json(payload)
        if "grid" in data and "size" in data:
            return fpuzzles.read_object(data, NAME)
        return read_ctc(data)
    if fpuzzles.recognises(payload):  # a page link that wraps an f-puzzles link
        return fpuzzles.read(payload)
    if plain.recognises(payload):
        return plain.read(payload)
    for kind in ("scf", "classic", "penpa"):
        if payload.startswith(kind):
            raise UnsupportedModelError(f"SudokuPad {kind!r} payloads are not read")
    if re.fullmatch(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_.-]+)*", payload) and len(payload) <= 80:
        raise InvalidPuzzleError(
            f"the SudokuPad link names the stored puzzle {payload!r} but does not carry it; "
            "share it from SudokuPad as a link with the puzzle data, or as f-puzzles"
        )
    raise InvalidPuzzleError(f"not a SudokuPad puzzle payload: {payload[:40]!r}")


def write(model: Model | Puzzle, title: str | None = None) -> str:
    """A SudokuPad link that opens ``model`` (an f-puzzles payload, which SudokuPad reads)."""
    return LINK_PREFIX + compress_to_base64(to_json(model, title))


def payload_of(text: str) -> str:
    """The puzzle data of a link (after the host, ``/sudoku/``, or in ``?puzzle=``), unquoted."""
    head = _link(text)
    if not head.lower().startswith(("http://", "https://")):
        return _clean(head)
    query = _query_payload(head)
    if query is not None:
        return _clean(query)
    parts = urllib.parse.urlsplit(head)
    path = parts.path.lstrip("/")
    if path.startswith("sudoku/"):
        path = path[len("sudoku/") :]
    if not path:
        raise InvalidPuzzleError("the SudokuPad link carries no puzzle after its address")
    return _clean(path)


def _query_payload(link: str) -> str | None:
    query = urllib.parse.urlsplit(link).query
    for key in ("puzzle", "puzzleid"):
        for part in query.split("&"):
            name, _, value = part.partition("=")
            if name == key:
                if not value:
                    raise InvalidPuzzleError(f"the link's {key}= parameter is empty")
                return value
    return None


def _clean(payload: str) -> str:
    return urllib.parse.unquote(payload.strip()).replace(" ", "+")


def _decompress(text: str, kind: str) -> str:
    text = text.replace("\\", "=")
    if not _LZ.match(text):
        raise InvalidPuzzleError(f"the SudokuPad {kind} payload has characters LZ data lacks")
    try:
        raw = decompress_from_base64(text)
    except ValueError as exc:
        raise InvalidPuzzleError(
            f"the SudokuPad {kind} payload does not decompress: {exc}"
        ) from None
    if not raw:
        raise InvalidPuzzleError(f"the SudokuPad {kind} payload does not decompress")
    return raw


def _json(text: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidPuzzleError(f"the SudokuPad puzzle data is not valid JSON: {exc}") from None
    if not isinstance(data, dict):
        raise InvalidPuzzleError("the SudokuPad puzzle data is not a JSON object")
    return data


def unzip(text: str) -> dict[str, Any]:
    """SudokuPad's ``scl`` text (short keys, unquoted names, elided ``{}``) as plain JSON data."""
    if '"' not in text:
        text = text.replace("\\'", "\x00").replace("'", '"').replace("\x00", "'")
    steps = (
        (r"([,{\[])([a-zA-Z0-9]+):", r'\1"\2":'),
        (r"([,{\[])(?=[,}\]])", r"\1_"),
        (r"{_}", "{}"),
        (r"([,{\[])_", r"\1{}"),
        (r"(:)f([,}\]])", r"\1false\2"),
        (r"(:)t([,}\]])", r"\1true\2"),
        (r"(:)#0([,}\]])", r'\1"#000000"\2'),
        (r"(:)#F([,}\]])", r'\1"#FFFFFF"\2'),
        (r"(:)([0-9a-fA-F]{6})([,}\]])", r'\1"#\2"\3'),
    )
    for pattern, repl in steps:
        text = re.sub(pattern, repl, text)
    return _long_keys(_json(text))


def _long_keys(value: Any) -> Any:
    if isinstance(value, list):
        return [_long_keys(v) for v in value]
    if isinstance(value, dict):
        return {_LONG_KEYS.get(k, k): _long_keys(v) for k, v in value.items()}
    return value


def read_ctc(data: dict[str, Any]) -> Read:
    """The model of SudokuPad's puzzle JSON: givens, regions, numbered cages, metadata."""
    rows = data.get("cells")
    if not isinstance(rows, list) or not rows or any(not isinstance(r, list) for r in rows):
        raise InvalidPuzzleError("SudokuPad puzzle data needs 'cells', a list of rows")
    n = len(rows)
    if any(len(row) != n for row in rows):
        raise UnsupportedModelError(f"SudokuPad grid is not square ({n} rows of other lengths)")
    board = board_of(n)
    notes: list[str] = []
    givens = [0] * board.size
    marked = 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, dict):
                continue
            value = cell.get("value")
            if value not in (None, ""):
                givens[board.cell(r, c)] = _digit(value, n, r, c)
            if cell.get("pencilMarks") or cell.get("centremarks"):
                marked += 1
    if marked:
        notes.append(f"{marked} cell(s) with pencil marks: not read as rules")
    rules: list[Variant] = _regions(data.get("regions"), board.n, notes)
    meta: dict[str, str] = {}
    marks, lost = sudokupad_marks(data, n)
    rules += _cages(data.get("cages"), n, meta, notes, marks)
    rules += _flags(data.get("metaData") or data.get("metadata"), meta, notes)
    if lost:
        notes.append(f"{lost} drawing(s) on no cell, edge or corner of the grid: not read")
    for key in sorted(set(data) - _QUIET - set(_DRAWN) - {"cells", "regions", "cages", "metaData"}):
        notes.append(f"SudokuPad key {key!r} not read")
    model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=rules)
    solution = meta.get("solution")
    return finish(
        model,
        NAME,
        title=meta.get("title") or _str(data.get("title")),
        author=meta.get("author"),
        rules=meta.get("rules"),
        solution=_solution(solution, n) if solution else None,
        ignored=notes,
        marks=marks,
    )


def _digit(value: Any, n: int, r: int, c: int) -> int:
    try:
        d = int(str(value).strip())
    except ValueError:
        raise InvalidPuzzleError(f"given {value!r} is not a digit 1..{n}", r, c) from None
    if not 1 <= d <= n:
        raise InvalidPuzzleError(f"given {value!r} is not a digit 1..{n}", r, c)
    return d


def _cell(item: Any, n: int) -> tuple[int, int]:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(isinstance(x, int) and 0 <= x < n for x in item)
    ):
        raise InvalidPuzzleError(f"SudokuPad cell {item!r} is not [row, column] inside the grid")
    return item[0], item[1]


def _regions(regions: Any, n: int, notes: list[str]) -> list[Variant]:
    if not regions:
        raise UnsupportedModelError("the SudokuPad puzzle has no regions (boxes); not read")
    if not isinstance(regions, list):
        raise InvalidPuzzleError("SudokuPad 'regions' must be a list of lists of cells")
    cells = tuple(tuple(_cell(x, n) for x in region) for region in regions)
    board = board_of(n)
    boxes = {frozenset(board.row_col(i) for i in box) for box in board.boxes}
    if {frozenset(region) for region in cells} == boxes:
        return []
    return [Jigsaw(cells)]


def _cages(
    cages: Any, n: int, meta: dict[str, str], notes: list[str], marks: list[Mark]
) -> Iterator[Variant]:
    for cage in cages or ():
        if not isinstance(cage, dict):
            continue
        value = cage.get("value")
        cells = cage.get("cells") or []
        text = str(value).strip() if value is not None else ""
        found = _META.match(text) if isinstance(value, str) else None
        if found:
            meta.setdefault(found[1].lower(), found[2].strip())
            continue
        if not cells:
            continue
        where = [_cell(x, n) for x in cells]
        if text == "" and cage.get("hidden"):
            continue
        if re.fullmatch(r"-?\d+", text) and cage.get("unique") is False:
            notes.append(f"cage of sum {text} whose digits may repeat: not read as a rule")
        elif re.fullmatch(r"-?\d+", text):
            yield KillerCage(tuple(where), int(text))
        else:  # no number, or a label: what it means, the rules text says
            colour = colour_name(cage.get("borderColor") or cage.get("color"))
            marks.append(Mark("cage", "area", tuple(where), colour, 1.0, text, "SudokuPad cage"))


def _flags(meta_data: Any, meta: dict[str, str], notes: list[str]) -> Iterator[Variant]:
    if not isinstance(meta_data, dict):
        return
    for key, value in meta_data.items():
        if key in ("antiknight", "antiking"):
            if value is True:
                yield AntiKnight() if key == "antiknight" else AntiKing()
        elif key in ("title", "author", "rules", "solution") and isinstance(value, str):
            meta.setdefault(key, value)
        elif key == "bgimage":
            notes.append("a background image draws marks that are not read")
        elif key != "bgimageopacity":
            notes.append(f"SudokuPad metadata {key!r} not read")


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _solution(text: str, n: int) -> list[int]:
    text = text.strip()
    if n > 9 or "," in text:
        return [int(x) if x.strip().isdigit() else 0 for x in text.split(",")]
    return [int(ch) if ch.isdigit() else 0 for ch in text]
