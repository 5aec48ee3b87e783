"""Reading what a player pastes into the board: a puzzle string, or a link the package reads.

:func:`read_rules` is the one place the board turns text into a model. It tries each reader of
:data:`READERS` in turn; the first that recognises the text reads it. A reader for another
format (a link of an online editor) is one more entry there.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from urllib.parse import parse_qs, urlparse

from .. import formats
from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle

#: Largest text the board reads (a 35x35 grid with separators fits easily).
MAX_TEXT = 100_000


def _fpuzzles(text: str) -> Model | None:
    """An f-puzzles link (``...f-puzzles.com/?load=...``), read by ``sudoku_models.fpuzzles``."""
    if "f-puzzles.com" not in text and not text.lstrip().startswith("fpuzzles"):
        return None
    try:
        reader = import_module("sudoku_models.fpuzzles")
    except ImportError:
        raise InvalidPuzzleError("f-puzzles links are not read by this version") from None
    model: Model = reader.read(text.strip())
    return model


def puzzle_text(model: Model) -> str:
    """The text that gives ``model`` back: an f-puzzles link for variant rules, else one line."""
    if getattr(model, "variants", ()):
        try:
            writer = import_module("sudoku_models.fpuzzles")
        except ImportError:
            return model.puzzle.to_line()
        link: str = writer.to_link(model)
        return link
    return model.puzzle.to_line()


def _query_link(text: str) -> Model | None:
    """A link to the board page itself: ``...?puzzle=...``."""
    if "?puzzle=" not in text and "&puzzle=" not in text:
        return None
    values = parse_qs(urlparse(text.strip()).query).get("puzzle")
    if not values:
        raise InvalidPuzzleError("the link's puzzle= parameter is empty")
    return read_rules(values[0])


def _plain(text: str) -> Model:
    """Any text form :meth:`Puzzle.parse` reads."""
    return Model.from_puzzle(Puzzle.parse(text.strip()))


def _links(text: str) -> Model | None:
    """A SudokuPad or ISS link or text, read by :mod:`sudoku_models.formats`."""
    if not (formats.sudokupad.recognises(text) or formats.iss.recognises(text)):
        return None
    return formats.read(text).model


#: Readers tried in order; each returns None when the text is not its format.
READERS: tuple[Callable[[str], Model | None], ...] = (_query_link, _links, _fpuzzles)


def read_rules(text: str) -> Model:
    """The model of pasted text: a puzzle string, a ``?puzzle=`` link, or an f-puzzles link.

    Raises :class:`InvalidPuzzleError` with a message for the player when it cannot be read.

    >>> read_rules("http://127.0.0.1:8000/?puzzle=.1.....4....34..").puzzle.to_line()
    '.1.....4....34..'
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError("paste a puzzle as text")
    if len(text) > MAX_TEXT:
        raise InvalidPuzzleError(f"the pasted text is too long ({len(text)} characters)")
    for reader in READERS:
        model = reader(text)
        if model is not None:
            return model
    return _plain(text)
