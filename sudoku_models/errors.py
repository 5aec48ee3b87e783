"""The exceptions raised for user mistakes; failures of a search are results, not exceptions."""

from __future__ import annotations


class SudokuModelsError(Exception):
    """Base class of every exception this package raises on purpose."""


class TimeLimitReached(SudokuModelsError):
    """A wall-clock limit passed before the work ended."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"stopped by the time limit of {seconds:g} s")
        self.seconds = seconds


class InvalidPuzzleError(SudokuModelsError, ValueError):
    """A puzzle could not be read: wrong length, unknown character, digit out of range, ragged rows.

    ``row`` and ``col`` (0-based) say where, when the problem is tied to one cell.
    """

    def __init__(self, message: str, row: int | None = None, col: int | None = None) -> None:
        message = printable(message)
        self.reason = message
        if row is not None and col is not None:
            message = f"{message} (row {row + 1}, column {col + 1})"
        elif row is not None:
            message = f"{message} (row {row + 1})"
        super().__init__(message)
        self.row = row
        self.col = col

    def located(self, where: str) -> InvalidPuzzleError:
        """The same error, its message prefixed by ``where`` (file and line), keeping the cell."""
        return InvalidPuzzleError(f"{where}: {self.reason}", self.row, self.col)


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on written as an escape (``\\x1b``,
    ``\\n``, ``\\u200b``), so a message from input stays one line that changes nothing.

    >>> printable("a\\x1b]0;title\\x07 b\\nc")
    'a\\\\x1b]0;title\\\\x07 b\\\\nc'
    """
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else repr(ch)[1:-1] for ch in text)


def shown(value: object, width: int = 40) -> str:
    """``repr(value)`` for an error message, kept short: a long text is cut, and an integer too
    long for Python to write out (past its limit on digits) is described by its size.

    >>> shown(7), shown("x" * 100), shown(10**5000)
    ('7', "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (102 characters)", 'a 16610-bit integer')
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"a {value.bit_length()}-bit integer"
    try:
        text = repr(value)
    except ValueError:  # a container holding such an integer
        return f"a {type(value).__name__}"
    if len(text) <= width:
        return text
    return f"{text[: width - 8]}...{text[-1]} ({len(text)} characters)"


class UnknownSolverError(SudokuModelsError, ValueError):
    """A backend name or variant that is not registered; the message lists the known ones."""


class MissingDependencyError(SudokuModelsError, ImportError):
    """A backend needs a package that is not installed; the message gives the pip command."""


class UnsupportedModelError(SudokuModelsError, ValueError):
    """A backend was handed a constraint kind it cannot translate."""
