"""Reading what a player pastes into the board, through the package's one reader.

The board reads through the package's door, :func:`sudoku_models.door.read`, every format it
reads (a puzzle string, a link to the board page itself, f-puzzles, SudokuPad and ISS links),
its readings chosen as everywhere else; pasted text is never taken as a file's name. A new
format added there is read here too. The board is stateless, so each request reads its
source again: the last few texts read are remembered.
"""

from __future__ import annotations

from functools import lru_cache

from .. import door, formats
from ..errors import InvalidPuzzleError, SudokuModelsError
from ..model import Model

#: Largest text the board reads (a 35x35 grid with separators fits easily).
MAX_TEXT = 100_000

#: Longest title, author or rules text the board shows.
MAX_ABOUT = 5000


def read_pasted(text: str) -> formats.Read:
    """The puzzle of pasted text, with what its file says about it.

    Raises :class:`InvalidPuzzleError` with a message for the player when it cannot be read.
    """
    if not isinstance(text, str):
        raise InvalidPuzzleError("paste a puzzle as text")
    if len(text) > MAX_TEXT:
        raise InvalidPuzzleError(f"the pasted text is too long ({len(text)} characters)")
    return _read(text)


@lru_cache(maxsize=16)
def _read(text: str) -> formats.Read:
    return door.read(text, files=False)


def read_rules(text: str) -> Model:
    """The model of pasted text (see :func:`read_pasted`).

    >>> read_rules("http://127.0.0.1:8000/?puzzle=.1.....4....34..").puzzle.to_line()
    '.1.....4....34..'
    """
    return read_pasted(text).model


def about(text: str) -> dict[str, str]:
    """The title, author and rules text (``ruleset``) the pasted text carries; {} otherwise.

    >>> from sudoku_models.formats.fpuzzles.keys import read, to_link
    >>> about(to_link(read({"size": 4, "grid": [[{}] * 4] * 4}), title="Tiny"))
    {'title': 'Tiny'}
    """
    try:
        found = read_pasted(text)
    except InvalidPuzzleError:
        return {}
    said = {"title": found.title, "author": found.author, "ruleset": found.rules}
    return {k: v.strip()[:MAX_ABOUT] for k, v in said.items() if v and v.strip()}


def puzzle_text(model: Model) -> str:
    """The text that gives ``model`` back: an f-puzzles link for variant rules, ISS text for
    rules f-puzzles has no key for (10-lines, state machines, ...), else one line; empty when
    neither format writes its rules.

    >>> puzzle_text(formats.read(".SumLine~10~R1C1~R1C2.~R9C9_4").model)
    '.SumLine~10~R1C1~R1C2.~R9C9_4'
    """
    if not model.variants:
        return model.puzzle.to_line()
    for write in (formats.fpuzzles.write, formats.iss.write):
        try:
            text: str = write(model)
        except SudokuModelsError:
            continue
        return text
    return ""
