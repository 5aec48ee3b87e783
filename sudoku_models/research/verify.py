"""Checking predicted grids against their puzzles, millions of rows at a time.

A row of ``answers`` is judged against the row of ``puzzles`` beside it:

- ``complete``: no blank; ``valid``: complete, and every row, column and box holds each digit
  once (a row with a repeated digit is not valid, whatever else it gets right);
- ``givens_kept``: every given of the puzzle is in the answer, unchanged;
- ``is_solution``: equal to the puzzle's unique solution. With ``solutions`` given this is a
  comparison; without, a valid answer that keeps the givens is a solution, and it is *the*
  solution when the puzzle has no other (asked of the compiled search, once per such puzzle).

For partial answers (blanks allowed), :func:`check_partial` says whether each is consistent
(no repeated digit in a house, givens kept), still completable (a solution extends it), and how
many of its open cells are forced next by a single (a cell with one candidate left, or a digit
with one place left in a house).

The per-row checks are loops over arrays compiled by Numba when it is installed
(:mod:`~sudoku_models.research.compiled`), NumPy-speed either way: no Python work per row.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..board import SYMBOLS, Board
from ..errors import InvalidPuzzleError
from ..solvers.numba_backend import grid_array
from .compiled import kernel


@dataclass(frozen=True)
class Verdict:
    """Per-row answers of :func:`verify`: boolean arrays of one entry per row."""

    complete: Any
    valid: Any
    givens_kept: Any
    is_solution: Any

    def __len__(self) -> int:
        return len(self.valid)

    def counts(self) -> dict[str, int]:
        """How many rows pass each check, and how many rows there are."""
        return {
            "rows": len(self),
            "complete": int(self.complete.sum()),
            "valid": int(self.valid.sum()),
            "givens_kept": int(self.givens_kept.sum()),
            "is_solution": int(self.is_solution.sum()),
        }

    def rows(self) -> list[dict[str, bool]]:
        """One dict per row: ``valid``, ``givens_kept``, ``is_solution``, ``complete``."""
        return [
            {"valid": bool(v), "givens_kept": bool(g), "is_solution": bool(s), "complete": bool(c)}
            for v, g, s, c in zip(self.valid, self.givens_kept, self.is_solution, self.complete)
        ]


@dataclass(frozen=True)
class PartialVerdict:
    """Per-row answers of :func:`check_partial`: ``consistent`` (no repeated digit in a house,
    givens kept), ``completable`` (a solution extends it) and ``forced`` (open cells a single
    fills next), one entry per row."""

    consistent: Any
    completable: Any
    forced: Any


def read_grid_lines(text: str, where: str, box: tuple[int, int] | None = None) -> Any:
    """Lines of one grid each (``.`` or ``0`` blank, digits, then ``A``-``Z``; blank lines
    skipped) as a ``(k, n*n)`` uint8 array, read without a Python step per cell."""
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise InvalidPuzzleError(f"{where}: no grid")
    width = len(lines[0])
    for number, line in enumerate(lines, start=1):
        if len(line) != width:
            raise InvalidPuzzleError(
                f"{where}, grid {number}: {len(line)} characters where the first has {width}"
            )
    codes = np.frombuffer("".join(lines).encode("ascii", "replace"), dtype=np.uint8)
    digits = _DIGIT_OF[codes]
    bad = np.nonzero(digits == 255)[0]
    if len(bad):
        number, at = divmod(int(bad[0]), width)
        raise InvalidPuzzleError(f"{where}, grid {number + 1}: {lines[number][at]!r} is no digit")
    array, _ = grid_array(digits.reshape(len(lines), width), box)
    return array


def grid_rows(data: bytes, box: tuple[int, int] | None = None) -> Any:
    """``data`` as a ``(k, n*n)`` uint8 array when it is lines of one puzzle or grid each, all
    of one width of at least 16 symbols (``.`` or ``0`` blank), ending in ``\\n`` or ``\\r\\n``
    (the last may lack it), with no blank line, space or comment; else None. Read as one block
    of bytes, with no Python step per line.

    >>> grid_rows(b".1.....4....34..\\n12..34.........." + b"\\n").tolist()[1][:4]
    [1, 2, 0, 0]
    >>> grid_rows(b"not a puzzle\\n") is None
    True
    """
    codes = np.frombuffer(data, dtype=np.uint8)
    ends = np.flatnonzero(codes[: 1 << 16] == _NEWLINE)
    width = int(ends[0]) + 1 if len(ends) else len(codes) + 1  # the first line with its end
    if width < 17:
        return None
    if codes[-1] != _NEWLINE:  # the last line gets the first line's end
        crlf = len(ends) and codes[width - 2] == _RETURN
        end = b"\r\n" if crlf else b"\n"
        codes = np.concatenate([codes, np.frombuffer(end, dtype=np.uint8)])
    if len(codes) % width:
        return None
    table = codes.reshape(-1, width)
    if not (table[:, -1] == _NEWLINE).all():
        return None
    table = table[:, :-1]
    if table[0, -1] == _RETURN:
        if not (table[:, -1] == _RETURN).all():
            return None
        table = table[:, :-1]
    digits = _DIGIT_OF[table]
    if (digits == 255).any():
        return None
    try:
        array, _ = grid_array(digits, box)
    except InvalidPuzzleError:
        return None
    return array


def read_grid_file(path: str, box: tuple[int, int] | None = None) -> Any:
    """The grids of the file at ``path``, one a line, as a ``(k, n*n)`` uint8 array: read in
    one block by :func:`grid_rows`, or line by line by :func:`read_grid_lines` (whose errors
    name the line) when the file is not that regular."""
    with open(path, "rb") as handle:
        data = handle.read()
    array = grid_rows(data, box)
    if array is None:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidPuzzleError(f"{path} is not a text file") from None
        array = read_grid_lines(text, path, box)
    return array


def grid_bytes(array: Any) -> bytes:
    """Each row of ``array`` (digits, 0 blank) as a line of symbols, ``.`` for blank, each
    ending in a newline: one block of bytes, with no Python step per row.

    >>> grid_bytes(np.array([[1, 0, 0, 2] * 4], dtype=np.uint8))
    b'1..21..21..21..2\\n'
    """
    table = np.asarray(array, dtype=np.uint8)
    lines = np.empty((len(table), table.shape[1] + 1), dtype=np.uint8)
    lines[:, :-1] = _SYMBOL_CODES[table]
    lines[:, -1] = _NEWLINE
    return lines.tobytes()


_NEWLINE, _RETURN = ord("\n"), ord("\r")
_SYMBOL_CODES = np.frombuffer(SYMBOLS.encode("ascii"), dtype=np.uint8)

#: Each byte's digit (255 for a byte that is none): ``.`` and ``0`` blank, ``1``-``9``, ``A``-``Z``.
_DIGIT_OF = np.full(256, 255, dtype=np.uint8)
_DIGIT_OF[[ord("."), ord("0")]] = 0
for _d, _symbol in enumerate("123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ", start=1):
    _DIGIT_OF[ord(_symbol)] = _DIGIT_OF[ord(_symbol.lower())] = _d


@functools.cache
def unit_array(board: Board) -> Any:
    """The cells of every row, column and box of ``board`` as a ``(3n, n)`` int64 array."""
    return np.array(board.units, dtype=np.int64)


def clash_free(grids: Any, box: tuple[int, int] | None = None, compiled: bool = True) -> Any:
    """For each row of ``grids`` (blanks allowed): True when no house repeats a digit."""
    array, board = grid_array(grids, box)
    out = np.zeros(len(array), dtype=np.bool_)
    kernel(_clash_free, compiled)(array, unit_array(board), out)
    return out


def verify(
    puzzles: Any,
    answers: Any,
    solutions: Any = None,
    box: tuple[int, int] | None = None,
    workers: int = 1,
    compiled: bool = True,
) -> Verdict:
    """Judge each row of ``answers`` against the row of ``puzzles`` beside it; see the module.

    ``solutions`` (same shape, optional): the known solutions; without them uniqueness is asked
    of the compiled search on ``workers`` threads.

    >>> puzzle = [[0, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 3, 4, 0, 0]]
    >>> answer = [[4, 1, 3, 2, 2, 3, 1, 4, 1, 2, 4, 3, 3, 4, 2, 1]]
    >>> verify(puzzle, answer).counts()
    {'rows': 1, 'complete': 1, 'valid': 1, 'givens_kept': 1, 'is_solution': 1}
    """
    given, board = grid_array(puzzles, box)
    answer, _ = grid_array(answers, (board.box_rows, board.box_cols))
    if given.shape != answer.shape:
        raise ValueError(f"{len(given)} puzzles but {len(answer)} answers of that size")
    k = len(given)
    valid = np.zeros(k, dtype=np.bool_)
    kept = np.zeros(k, dtype=np.bool_)
    kernel(_judge, compiled)(given, answer, unit_array(board), valid, kept)
    complete = (answer != 0).all(axis=1)
    if solutions is not None:
        solution, _ = grid_array(solutions, (board.box_rows, board.box_cols))
        if solution.shape != answer.shape:
            raise ValueError(f"{len(solution)} solutions for {k} answers")
        is_solution = (answer == solution).all(axis=1) & valid & kept
    else:
        is_solution = valid & kept
        rows = np.nonzero(is_solution)[0]
        if len(rows):
            from ..solvers.numba_backend import solve_array

            box_shape = (board.box_rows, board.box_cols)
            found = solve_array(given[rows], limit=2, box=box_shape, workers=workers)
            is_solution[rows] = found.counts == 1
    return Verdict(complete, valid, kept, is_solution)


def check_partial(
    puzzles: Any,
    partials: Any,
    box: tuple[int, int] | None = None,
    workers: int = 1,
    compiled: bool = True,
) -> PartialVerdict:
    """Judge partial answers (0 for an open cell) against their puzzles; see the module.

    >>> puzzle = [[0, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 3, 4, 0, 0]]
    >>> partial = [[4, 1, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 3, 4, 0, 0]]
    >>> v = check_partial(puzzle, partial)
    >>> bool(v.consistent[0]), bool(v.completable[0]), int(v.forced[0]) > 0
    (True, True, True)
    """
    given, board = grid_array(puzzles, box)
    partial, _ = grid_array(partials, (board.box_rows, board.box_cols))
    if given.shape != partial.shape:
        raise ValueError(f"{len(given)} puzzles but {len(partial)} partial answers")
    merged = np.where(given != 0, given, partial)
    kept = ((given == 0) | (partial == given)).all(axis=1)
    consistent = kept & clash_free(merged, (board.box_rows, board.box_cols), compiled)
    completable = np.zeros(len(given), dtype=np.bool_)
    rows = np.nonzero(consistent)[0]
    if len(rows):
        from ..solvers.numba_backend import solve_array

        box_shape = (board.box_rows, board.box_cols)
        found = solve_array(merged[rows], limit=1, box=box_shape, workers=workers)
        completable[rows] = found.counts > 0
    forced = np.zeros(len(given), dtype=np.int64)
    table = np.array(board.cell_units, dtype=np.int64)
    kernel(_forced, compiled)(merged, unit_array(board), table, forced)
    forced[~consistent] = 0
    return PartialVerdict(consistent, completable, forced)


def _clash_free(grids: Any, units: Any, out: Any) -> None:
    """``out[k]``: no unit of row ``k`` repeats a digit (blanks allowed)."""
    for k in range(grids.shape[0]):
        ok = True
        for u in range(units.shape[0]):
            seen = 0
            for j in range(units.shape[1]):
                d = int(grids[k, units[u, j]])
                if d:
                    bit = 1 << d
                    if seen & bit:
                        ok = False
                        break
                    seen |= bit
            if not ok:
                break
        out[k] = ok


def _judge(given: Any, answer: Any, units: Any, valid: Any, kept: Any) -> None:
    """``valid[k]``: every unit of answer ``k`` holds each digit once; ``kept[k]``: every given
    of puzzle ``k`` is in answer ``k``."""
    n = units.shape[1]
    full = ((1 << n) - 1) << 1
    for k in range(given.shape[0]):
        same = True
        for i in range(given.shape[1]):
            if given[k, i] and given[k, i] != answer[k, i]:
                same = False
                break
        kept[k] = same
        ok = True
        for u in range(units.shape[0]):
            seen = 0
            for j in range(n):
                seen |= 1 << int(answer[k, units[u, j]])
            if seen != full:
                ok = False
                break
        valid[k] = ok


def _forced(grids: Any, units: Any, cell_units: Any, out: Any) -> None:
    """``out[k]``: the open cells of row ``k`` that a naked or hidden single fills next."""
    n = units.shape[1]
    cells = grids.shape[1]
    full = ((1 << n) - 1) << 1
    used = np.zeros(units.shape[0], dtype=np.int64)
    hit = np.zeros(cells, dtype=np.bool_)
    for k in range(grids.shape[0]):
        for u in range(units.shape[0]):
            m = 0
            for j in range(n):
                m |= 1 << int(grids[k, units[u, j]])
            used[u] = m
        for i in range(cells):
            hit[i] = False
            if grids[k, i] == 0:
                free = full
                for t in range(cell_units.shape[1]):
                    free &= ~used[cell_units[i, t]]
                if free and (free & (free - 1)) == 0:
                    hit[i] = True  # a naked single
        for u in range(units.shape[0]):
            for d in range(1, n + 1):
                bit = 1 << d
                if used[u] & bit:
                    continue
                place = -1
                places = 0
                for j in range(n):
                    i = units[u, j]
                    if grids[k, i] != 0:
                        continue
                    free = full
                    for t in range(cell_units.shape[1]):
                        free &= ~used[cell_units[i, t]]
                    if free & bit:
                        places += 1
                        place = i
                if places == 1:
                    hit[place] = True  # a hidden single
        total = 0
        for i in range(cells):
            if hit[i]:
                total += 1
        out[k] = total
