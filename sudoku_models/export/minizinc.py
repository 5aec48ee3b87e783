"""The model in MiniZinc, the modelling language constraint programming courses teach.

A 2-D array ``x[r, c]`` of digits, ``alldifferent`` per group, ``sum`` per cage, ``table`` for
relations and tables, implications as ``->``, and a skyscraper count over running maxima. Any
MiniZinc install runs the file (``minizinc --solver gecode sudoku.mzn``); the output is the grid,
one row a line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..constraints import AllowedDigits, Implies, LinearSum, Relation, Table, Visible
from ..errors import UnsupportedModelError
from ..model import Model

#: How a cell is written: ``x[r,c]`` for a cell index.
Cell = Callable[[int], str]


def to_mzn(model: Model) -> str:
    """The MiniZinc model of ``model``."""
    board, n = model.board, model.n

    def x(i: int) -> str:
        r, c = board.row_col(i)
        return f"x[{r + 1},{c + 1}]"

    lines = [
        'include "alldifferent.mzn";',  # the two globals used, not all of globals.mzn: a
        'include "table.mzn";',  # solver's library may lag behind some of the others
        f"int: n = {n};",
        "array[1..n, 1..n] of var 1..n: x;  % x[r, c]: the digit of row r, column c",
        "",
    ]
    lines += [f"constraint {x(i)} = {g};" for i, g in enumerate(model.givens) if g]
    for group in model.groups:
        lines.append(f"constraint alldifferent({_array(x, group.cells)});  % {group.name}")
    for cage in model.cages:
        members = _array(x, cage.cells)
        lines.append(f"constraint alldifferent({members}) /\\ sum({members}) = {cage.total};")
    for constraint in model.constraints:
        lines.append(f"constraint {_constraint(constraint, x)};")
    lines += [
        "",
        "solve satisfy;",
        'output [show(x[r, c]) ++ if c = n then "\\n" else " " endif | r, c in 1..n];',
    ]
    return "\n".join(lines) + "\n"


def _array(x: Cell, cells: Sequence[int]) -> str:
    return "[" + ", ".join(x(i) for i in cells) + "]"


def _linear(x: Cell, total: LinearSum) -> str:
    terms = [f"{c} * {x(i)}" for c, i in zip(total.coeffs, total.cells)]
    return f"{' + '.join(terms) or '0'} = {total.total}"


def _rows(rows: Sequence[tuple[int, ...]], width: int) -> str:
    if not rows:
        return f"array2d(1..0, 1..{width}, [])"
    return "[| " + " | ".join(", ".join(str(d) for d in row) for row in rows) + " |]"


def _constraint(constraint: object, x: Cell) -> str:
    if isinstance(constraint, AllowedDigits):
        digits = ", ".join(str(d) for d in sorted(constraint.digits))
        return f"{x(constraint.cell)} in {{{digits}}}"
    if isinstance(constraint, Relation):
        cells = _array(x, (constraint.a, constraint.b))
        return f"table({cells}, {_rows(sorted(constraint.pairs), 2)})"
    if isinstance(constraint, Table):
        cells = _array(x, constraint.cells)
        return f"table({cells}, {_rows(sorted(constraint.rows), len(constraint.cells))})"
    if isinstance(constraint, LinearSum):
        return _linear(x, constraint)
    if isinstance(constraint, Implies):
        when = " /\\ ".join(f"{x(i)} = {d}" for i, d in constraint.when) or "true"
        return f"({when}) -> ({_linear(x, constraint.then)})"
    if isinstance(constraint, Visible):
        cells = _array(x, constraint.cells)
        return (
            f"let {{ array[int] of var int: v = {cells} }} in "
            f"1 + sum(k in 2..length(v))(bool2int(v[k] > max(j in 1..k-1)(v[j]))) "
            f"= {constraint.count}"
        )
    raise UnsupportedModelError(
        f"MiniZinc export cannot write {type(constraint).__name__}; export to cnf (DIMACS) instead"
    )
