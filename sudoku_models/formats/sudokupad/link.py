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
Those marks go to :mod:`~sudoku_models.formats.reading` with the rules text; what it cannot read
stays a warning.

A link made of a short name only (``https://sudokupad.app/RPBnQFRLR8``) points at a puzzle
stored on SudokuPad's server; it carries nothing to read.
"""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator
from typing import Any

from ...board import MAX_DIGITS, Board
from ...errors import InvalidPuzzleError, UnsupportedModelError, shown
from ...model import Model
from ...puzzle import Puzzle
from ...variants import AntiKing, AntiKnight, Jigsaw, KillerCage, Variant
from ...variants.cages import no_sum
from .. import plain
from ..base import Read, finish
from ..fpuzzles import link as fpuzzles
from ..fpuzzles import values
from ..fpuzzles.keys import MAX_COMPRESSED, MAX_JSON, board_of, looks_compressed, to_json
from ..fpuzzles.keys import decode as decode_fpuzzles
from ..lz import compress_to_base64, decompress_from_base64
from ..reading import Mark, colour_name, sudokupad_marks

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
#: Keys that draw marks; their meaning lives in the rules text
#: (:mod:`~sudoku_models.formats.reading`).
_DRAWN = ("lines", "arrows", "overlays", "underlays")
#: Metadata that only tells about the puzzle or the page (where it comes from, the message on a
#: correct or wrong answer, the background image's opacity): no rule, nothing to warn of.
_QUIET_META = frozenset({"source", "msgcorrect", "msgincorrect", "bgimageopacity"})
#: Metadata read, in a ``metadata`` block, a ``key: text`` cage, or a key of its own.
_META_KEYS = ("title", "author", "rules", "solution")
_META = re.compile(r"^([A-Za-z]+):\s*(.*)$", re.DOTALL)
#: Most objects and lists the puzzle data may hold: a 35x35 grid with thousands of marks takes
#: a few thousand; the bound keeps a short payload from building millions.
MAX_CONTAINERS = 200_000
#: The start of SudokuPad's compact ``scl`` text: an object whose first name is not quoted.
_SCL_TEXT = re.compile(r"^\{\s*[A-Za-z][A-Za-z0-9]*\s*:")
_CELLS_KEY = re.compile(r"""["']?(?:cells|ce)["']?\s*:\s*\[""")


def _link(text: str) -> str:
    """``text`` stripped, with ``https://`` put before a SudokuPad address written without it."""
    head = text.strip()
    if head.lower().startswith(_BARE_HOSTS):
        return "https://" + head
    return head


def recognises(text: str) -> bool:
    """Whether ``text`` is a SudokuPad link (or a ``?puzzle=`` link), a bare scl/ctc payload,
    SudokuPad's puzzle JSON (an object with ``cells`` and no f-puzzles ``grid``) or its
    compact ``scl`` text (``{ce:[[...]]...}``, as an ``.scl`` file holds it)."""
    head = _link(text)
    if head.startswith("{"):
        if _SCL_TEXT.match(head):
            return True
        return re.search(r'"cells"\s*:', head) is not None and '"grid"' not in head
    if head.lower().startswith(("http://", "https://")):
        lowered = head.lower()
        return any(host in lowered for host in _HOSTS) or _query_payload(head) is not None
    return bool(re.match(r"^(?:scl|ctc|fpuz(?!zles))[A-Za-z0-9+/=\\%]{8,}$", head))


def read(text: str) -> Read:
    """The model of a SudokuPad link or payload, with its metadata and what it left out."""
    head = text.strip()
    payload = head if head.startswith("{") else payload_of(text)  # JSON as it is written
    match = _FPUZZLES.match(payload)
    if match:
        return fpuzzles.read_object(decode_fpuzzles(payload[match.end() :]), NAME)
    if payload.startswith("scl"):
        return read_ctc(unzip(_decompress(payload[3:], "scl")))
    if payload.startswith("ctc"):
        raw = _decompress(payload[3:], "ctc")
        # Some editors write ctc payloads in the compact scl syntax, which SudokuPad reads too.
        return read_ctc(_json(raw) if raw.lstrip().startswith('{"') else unzip(raw))
    if _SCL_TEXT.match(payload):
        return read_ctc(unzip(_scl_text(payload)))
    if payload.startswith("{"):
        data = _json(payload)
        if "grid" in data and "size" in data:
            return fpuzzles.read_object(data, NAME)
        return read_ctc(data)
    if fpuzzles.recognises(payload):  # a page link that wraps an f-puzzles link
        return fpuzzles.read(payload)
    if plain.recognises(payload):
        return plain.read(payload)
    kind = bare_kind(payload)
    if kind is not None:
        return read(kind + payload)
    for kind in ("scf", "classic", "penpa"):
        if payload.startswith(kind):
            raise UnsupportedModelError(f"SudokuPad {kind!r} payloads are not read")
    if re.fullmatch(r"[A-Za-z0-9_-]+(?:/[A-Za-z0-9_.-]+)*", payload) and len(payload) <= 80:
        raise InvalidPuzzleError(
            f"the SudokuPad link names the stored puzzle {payload!r} but does not carry it; "
            "share it from SudokuPad as a link with the puzzle data, or as f-puzzles"
        )
    raise InvalidPuzzleError(f"not a SudokuPad puzzle payload: {payload[:40]!r}")


def bare_kind(text: str) -> str | None:
    """``"scl"`` for the compressed text of a SudokuPad ``scl`` payload written without its
    prefix (as a file of it holds it), told by what it decompresses to; None for anything
    else (f-puzzles text decompresses to JSON, whose names are quoted)."""
    word = text.strip()
    if not looks_compressed(word) or len(word) > MAX_COMPRESSED:
        return None
    try:
        raw = decompress_from_base64(word, limit=MAX_JSON)
    except ValueError:
        return None
    return "scl" if _SCL_TEXT.match(raw) else None


def _scl_text(text: str) -> str:
    """Compact ``scl`` text as it is written in a file, its length and grid side checked."""
    if len(text) > MAX_JSON:
        raise InvalidPuzzleError(
            f"the SudokuPad scl text is {len(text)} characters long, the limit is {MAX_JSON}"
        )
    _check_grid_side(text)
    return text


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
    """The text of an ``scl`` or ``ctc`` payload, its length and grid side checked on the way."""
    text = text.replace("\\", "=")
    if len(text) > MAX_COMPRESSED:
        raise InvalidPuzzleError(
            f"the SudokuPad {kind} payload is {len(text)} characters long, the limit is "
            f"{MAX_COMPRESSED}"
        )
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
    _check_grid_side(raw)
    return raw


def _check_grid_side(text: str) -> None:
    """Refuse a ``cells`` grid of more than :data:`MAX_DIGITS` rows or columns, from the text
    itself, before anything is built: the scan stops at the first row or column too many."""
    depth, k = 0, 0
    for found in _CELLS_KEY.finditer(text):
        depth += _balance(text, k, found.start())
        k = found.start()
        if depth == 1:  # the puzzle's own cells, not a cage's
            break
    else:
        return
    k, depth = found.end(), 1  # inside the list of rows
    rows, cols, quote = 0, 0, ""
    while k < len(text) and depth:
        ch = text[k]
        k += 1
        if quote:
            if ch == "\\":
                k += 1
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth == 2 and ch == "[":
                rows, cols = rows + 1, 1
        elif ch in "]}":
            depth -= 1
        elif ch == "," and depth == 2:
            cols += 1
        if rows > MAX_DIGITS or cols > MAX_DIGITS:
            raise UnsupportedModelError(
                f"the SudokuPad grid is larger than {MAX_DIGITS}x{MAX_DIGITS}; the largest "
                f"board read has {MAX_DIGITS} digits"
            )


def _balance(text: str, start: int, end: int) -> int:
    """Objects and lists opened less those closed in ``text[start:end]`` (brackets in strings
    count too: good enough to tell the top-level ``cells`` from a cage's)."""
    opened = text.count("{", start, end) + text.count("[", start, end)
    return opened - text.count("}", start, end) - text.count("]", start, end)


def _json(text: str) -> dict[str, Any]:
    containers = text.count("{") + text.count("[")
    if containers > MAX_CONTAINERS:
        raise InvalidPuzzleError(
            f"the SudokuPad puzzle data holds {containers} objects and lists, the limit is "
            f"{MAX_CONTAINERS}"
        )
    return values.json_object(text, "the SudokuPad puzzle data")


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
    data = _json(text)
    try:
        return dict(_long_keys(data))
    except RecursionError:
        raise InvalidPuzzleError("the SudokuPad puzzle data is nested too deeply") from None


def _long_keys(value: Any) -> Any:
    if isinstance(value, list):
        return [_long_keys(v) for v in value]
    if isinstance(value, dict):
        return {_LONG_KEYS.get(k, k): _long_keys(v) for k, v in value.items()}
    return value


def read_ctc(data: dict[str, Any]) -> Read:
    """The model of SudokuPad's puzzle JSON: givens, regions, numbered cages, metadata.

    Each key is checked as the f-puzzles reader checks its keys: a value of the wrong shape is
    an error naming the key, never passed over.
    """
    rows = data.get("cells")
    if not isinstance(rows, list) or not rows or any(not isinstance(r, list) for r in rows):
        raise InvalidPuzzleError("SudokuPad puzzle data needs 'cells', a list of rows")
    n = len(rows)
    if any(len(row) != n for row in rows):
        raise UnsupportedModelError(f"SudokuPad grid is not square ({n} rows of other lengths)")
    if n > MAX_DIGITS:
        raise UnsupportedModelError(f"the SudokuPad grid is {n}x{n}, larger than {MAX_DIGITS}")
    notes: list[str] = []
    data, origin = _framed(data, notes)
    rows = data["cells"]
    n = len(rows)
    board = board_of(n)
    givens = [0] * board.size
    marked = 0
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell is None:
                continue
            if not isinstance(cell, dict):
                raise InvalidPuzzleError(
                    f"a SudokuPad cell is an object such as {{}} or {{value: 5}}, got "
                    f"{values.kind(cell)}",
                    r,
                    c,
                )
            value = cell.get("value")
            if value not in (None, ""):
                givens[board.cell(r, c)] = _digit(value, n, r, c)
            if cell.get("pencilMarks") or cell.get("centremarks"):
                marked += 1
    if marked:
        notes.append(f"{marked} cell(s) with pencil marks: not read as rules")
    rules: list[Variant] = _regions(data.get("regions"), board, notes)
    meta: dict[str, str] = {}
    for key in _DRAWN:  # a drawing of the wrong shape is refused, never passed over
        for k, item in enumerate(_list(data, key), start=1):
            if not isinstance(item, dict):
                raise InvalidPuzzleError(
                    f"SudokuPad {shown(key)} entry {k}: expected an object, got {values.kind(item)}"
                )
    marks, lost = sudokupad_marks(data, n, origin)
    rules += _cages(_list(data, "cages"), n, meta, notes, marks)
    for key in ("metaData", "metadata"):  # a flag in both blocks is one rule
        rules += [flag for flag in _flags(data.get(key), meta, notes) if flag not in rules]
    for key in _META_KEYS:  # metadata SudokuPad also takes beside the cells
        if isinstance(data.get(key), str):
            meta.setdefault(key, data[key])
    if lost:
        notes.append(f"{lost} drawing(s) on no cell, edge or corner of the grid: not read")
    known = _QUIET | _QUIET_META | set(_META_KEYS) | set(_DRAWN)
    for key in sorted(set(data) - known - {"cells", "regions", "cages", "metaData"}):
        notes.append(f"SudokuPad key {shown(key)} not read")
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


def _framed(data: dict[str, Any], notes: list[str]) -> tuple[dict[str, Any], tuple[int, int]]:
    """The puzzle data cut to its sudoku when the grid is wider than its regions: ``m`` regions
    of ``m`` cells filling an ``m x m`` square inside a larger grid, the cells around it kept
    for clues. Digits and cages outside the square are said, not read. With the data, the
    square's top left cell in the larger grid, from which the drawings are measured."""
    regions = data.get("regions")
    if not isinstance(regions, list) or not regions:
        return data, (0, 0)
    m, n = len(regions), len(data["cells"])
    try:
        cells = [_cell(x, n) for region in regions for x in region]
    except (InvalidPuzzleError, TypeError):
        return data, (0, 0)  # the usual reading says what is wrong
    if not cells:  # regions with no cells: no square to cut to
        return data, (0, 0)
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    square = {(r, c) for r in range(top, top + m) for c in range(left, left + m)}
    if m >= n or len(cells) != m * m or set(cells) != square:
        return data, (0, 0)
    outside = [
        cell
        for r, row in enumerate(data["cells"])
        for c, cell in enumerate(row)
        if (r, c) not in square and isinstance(cell, dict) and cell.get("value") not in (None, "")
    ]
    notes.append(
        f"the {n}x{n} SudokuPad grid holds a {m}x{m} sudoku at row {top + 1}, column {left + 1}"
        + (f"; {len(outside)} digit(s) around it are clues not read as rules" if outside else "")
    )
    cages, cut = [], 0
    for cage in _list(data, "cages"):
        where = cage.get("cells") if isinstance(cage, dict) else None
        if isinstance(where, list) and where:
            try:
                if any(_cell(x, n) not in square for x in where):
                    cut += 1
                    continue
            except InvalidPuzzleError:
                pass  # the usual reading says what is wrong
            cage = {**cage, "cells": [_moved(x, top, left) for x in where]}
        cages.append(cage)
    if cut:
        notes.append(f"{cut} cage(s) outside the sudoku drawn only, not read as rules")
    return {
        **data,
        "cells": [row[left : left + m] for row in data["cells"][top : top + m]],
        "regions": [[_moved(x, top, left) for x in region] for region in regions],
        "cages": cages,
    }, (top, left)


def _moved(item: Any, top: int, left: int) -> Any:
    """A ``[row, column]`` cell moved by ``top`` rows and ``left`` columns."""
    return [item[0] - top, item[1] - left] if isinstance(item, list) and len(item) == 2 else item


def _list(data: dict[str, Any], key: str) -> list[Any]:
    """The list under ``key`` (none when it is missing or null); anything else is an error."""
    items = data.get(key)
    if items is None:
        return []
    if not isinstance(items, list):
        raise InvalidPuzzleError(f"SudokuPad {shown(key)} must be a list, got {values.kind(items)}")
    return items


def _digit(value: Any, n: int, r: int, c: int) -> int:
    try:
        return values.number(value, "given", 1, n)
    except InvalidPuzzleError as exc:
        raise InvalidPuzzleError(f"SudokuPad {exc.reason}", r, c) from None


def _cell(item: Any, n: int) -> tuple[int, int]:
    if (
        not isinstance(item, list)
        or len(item) != 2
        or not all(type(x) is int and 0 <= x < n for x in item)
    ):
        raise InvalidPuzzleError(
            f"SudokuPad cell {values.kind(item)} is not [row, column] inside the grid"
        )
    return item[0], item[1]


def _regions(regions: Any, board: Board, notes: list[str]) -> list[Variant]:
    """The regions as drawn: none when they are the usual boxes, else irregular regions that
    replace the boxes (a grid drawn with no regions, or with some cells in none, is said)."""
    n = board.n
    if regions is None or regions == []:
        notes.append("the SudokuPad puzzle draws no regions: read as a grid without boxes")
        return [Jigsaw(())]
    if not isinstance(regions, list) or not all(isinstance(x, list) for x in regions):
        raise InvalidPuzzleError("SudokuPad 'regions' must be a list of lists of cells")
    cells = tuple(tuple(_cell(x, n) for x in region) for region in regions if region)
    boxes = {frozenset(board.row_col(i) for i in box) for box in board.boxes}
    if {frozenset(region) for region in cells} == boxes and len(cells) == len(boxes):
        return []
    covered = len({cell for region in cells for cell in region})
    if covered < board.size:
        notes.append(
            f"the SudokuPad regions cover {covered} of the {board.size} cells: the others "
            "belong to no region"
        )
    return [Jigsaw(cells)]


def _cages(
    cages: list[Any], n: int, meta: dict[str, str], notes: list[str], marks: list[Mark]
) -> Iterator[Variant]:
    for k, cage in enumerate(cages, start=1):
        if not isinstance(cage, dict):
            raise InvalidPuzzleError(
                f"SudokuPad 'cages' entry {k}: expected an object, got {values.kind(cage)}"
            )
        value = cage.get("value")
        cells = cage.get("cells") or []
        if not isinstance(cells, list):
            raise InvalidPuzzleError(
                f"SudokuPad 'cages' entry {k}: 'cells' must be a list, got {values.kind(cells)}"
            )
        text = str(value).strip() if isinstance(value, (str, int)) else ""
        found = _META.match(text) if isinstance(value, str) else None
        if found:
            meta.setdefault(found[1].lower(), found[2].strip())
            continue
        if not cells:
            continue
        where = [_cell(x, n) for x in cells]
        if text == "" and cage.get("hidden"):
            continue
        number = re.fullmatch(r"-?[0-9]{1,9}", text) is not None
        if number and cage.get("unique") is False:
            notes.append(f"cage of sum {text} whose digits may repeat: not read as a rule")
        elif number and not _no_sum(KillerCage(tuple(where), int(text)), n, notes):
            yield KillerCage(tuple(where), int(text))
        else:  # no number, or a label: what it means, the rules text says
            colour = colour_name(cage.get("borderColor") or cage.get("color"))
            marks.append(Mark("cage", "area", tuple(where), colour, 1.0, text, "SudokuPad cage"))


def _no_sum(cage: KillerCage, n: int, notes: list[str]) -> bool:
    """Whether the number on ``cage`` can be no sum of its different digits (a label, such as a
    one-cell cage marked 12 on a 9x9 grid), said in ``notes``: the cage is then a label."""
    why = no_sum(cage, n)
    if why is not None:
        notes.append(f"{why}: read as a label, not a sum")
    return why is not None


def _flags(meta_data: Any, meta: dict[str, str], notes: list[str]) -> Iterator[Variant]:
    if meta_data is None:
        return
    if not isinstance(meta_data, dict):
        raise InvalidPuzzleError(
            f"SudokuPad 'metadata' must be an object, got {values.kind(meta_data)}"
        )
    for key, value in meta_data.items():
        if key in ("antiknight", "antiking"):
            try:
                on = values.flag(value)
            except InvalidPuzzleError as exc:
                raise InvalidPuzzleError(f"SudokuPad metadata {shown(key)}: {exc.reason}") from None
            if on:
                yield AntiKnight() if key == "antiknight" else AntiKing()
        elif key in _META_KEYS and isinstance(value, str):
            meta.setdefault(key, value)
        elif key == "bgimage":
            notes.append("a background image draws marks that are not read")
        elif key.lower() not in _QUIET_META:
            notes.append(f"SudokuPad metadata {shown(key)} not read")


def _str(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


def _solution(text: str, n: int) -> list[int]:
    text = text.strip()
    parts = text.split(",") if n > 9 or "," in text else list(text)
    return [int(x) if re.fullmatch(r"[0-9]{1,2}", x.strip()) else 0 for x in parts]
