"""The puzzle as an agent reads it: a stable text form, and the same board as a picture.

The text form (version :data:`VERSION`)::

    sudoku-models observation 1
    size: 9x9, digits 1-9
    rules:
    - each row, column and 3x3 box holds the digits 1-9 once each
    - killer cage, sum 15: r1c1 r1c2 r2c1
    grid:
        c1 c2 c3   c4 ...
    r1   .  1  . |  . ...

then, when asked, ``candidates:`` with one line per open cell that has marks
(``r1c1: 1,2,4``), and a last line ``moves: r3c5=7 places, r3c5=. clears, r3c5:1,2,4 marks``.
The first line names the version; a change of the layout changes it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..board import cell_name
from ..model import Model
from .describe import rule_lines

#: The version of the text form, on its first line.
VERSION = 1

#: The last line of every observation: how to answer.
MOVES_LINE = "moves: r3c5=7 places a digit, r3c5=. clears a cell, r3c5:1,2,4 sets candidates"


def grid_lines(model: Model, grid: Sequence[int]) -> list[str]:
    """The grid with row and column labels, ``.`` for an open cell and ``|`` / ``-`` on the
    box borders (the boxes of the board, also when a rule draws other regions)."""
    board = model.board
    n = board.n
    width = len(str(n))
    head = " " * 4 + " ".join(
        f"c{c + 1}".rjust(width + 1)
        + (" " * 2 if c % board.box_cols == board.box_cols - 1 and c < n - 1 else "")
        for c in range(n)
    )
    lines = [head.rstrip()]
    for r in range(n):
        if r and r % board.box_rows == 0:
            lines.append(" " * 4 + "-" * (len(head) - 4))
        row = []
        for c in range(n):
            d = grid[r * n + c]
            row.append((str(d) if d else ".").rjust(width + 1))
            if c % board.box_cols == board.box_cols - 1 and c < n - 1:
                row.append("|")
        lines.append(f"r{r + 1}".ljust(4) + " ".join(row))
    return lines


def text(
    model: Model,
    grid: Sequence[int] | None = None,
    candidates: Mapping[int, Sequence[int]] | None = None,
    rules_text: str | None = None,
) -> str:
    """The observation of ``model`` with the digits of ``grid`` (default: the givens) and,
    when given, the candidate marks of open cells.

    >>> from sudoku_models.puzzle import Puzzle
    >>> print(text(Model.from_puzzle(Puzzle.parse(".1.....4....34.."))))
    sudoku-models observation 1
    size: 4x4, digits 1-4
    rules:
    - each row, column and 2x2 box holds the digits 1-4 once each
    grid:
        c1 c2   c3 c4
    r1   .  1 |  .  .
    r2   .  . |  .  4
        -------------
    r3   .  . |  .  .
    r4   3  4 |  .  .
    moves: r3c5=7 places a digit, r3c5=. clears a cell, r3c5:1,2,4 sets candidates
    """
    cells = model.givens if grid is None else grid
    n = model.n
    lines = [f"sudoku-models observation {VERSION}", f"size: {n}x{n}, digits 1-{n}"]
    if rules_text:
        lines.append("rules text: " + " ".join(rules_text.split()))
    lines.append("rules:")
    lines += [f"- {line}" for line in rule_lines(model)]
    lines.append("grid:")
    lines += grid_lines(model, cells)
    if candidates:
        lines.append("candidates:")
        lines += [
            f"{cell_name(*model.board.row_col(i))}: " + ",".join(map(str, sorted(ds)))
            for i, ds in sorted(candidates.items())
            if not cells[i]
        ]
    lines.append(MOVES_LINE)
    return "\n".join(lines)


def svg(model: Model, grid: Sequence[int] | None = None) -> str:
    """The board as an SVG drawing: every rule drawn, the digits of ``grid`` (default: the
    givens) written in."""
    return model.to_svg(None if grid is None else list(grid))


def png(model: Model, grid: Sequence[int] | None = None) -> bytes:
    """The SVG drawing as PNG bytes; needs ``cairosvg`` (``pip install cairosvg``).

    Raises :class:`~sudoku_models.errors.MissingDependencyError` when it is missing."""
    from ..errors import MissingDependencyError

    try:
        import cairosvg
    except (ImportError, OSError):  # OSError: cairosvg is there but the cairo library is not
        raise MissingDependencyError(
            "a PNG picture needs cairosvg and the cairo library: pip install 'sudoku-models[png]'"
        ) from None
    return bytes(cairosvg.svg2png(bytestring=svg(model, grid).encode()))


def open_candidates(model: Model, grid: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """The candidates of each open cell of ``grid``: the digits no peer holds (a peer shares
    a group of different digits with the cell)."""
    peers = model.peers()
    n = model.n
    return {
        i: tuple(d for d in range(1, n + 1) if d not in {grid[j] for j in peers[i]})
        for i, d in enumerate(grid)
        if not d
    }
