"""CP-SAT constraints for the primitive constraints (:mod:`sudoku_models.constraints`).

Each primitive becomes CP-SAT's own constraint over the cells' integer values:

- :class:`AllowedDigits`: the cell's domain shrinks to the digits (a one-column table);
- :class:`Relation` and :class:`Table`: ``AddAllowedAssignments`` on the listed tuples;
- :class:`LinearSum`: a linear equality;
- :class:`Implies`: the linear equality, enforced only when the condition literals hold;
- :class:`Visible`: running maxima (``AddMaxEquality``), a flag per cell that is true exactly when
  the cell is above the maximum before it, and a linear count of the flags.

In the Boolean form of the translation a cell's value is an integer variable tied to its digit
Booleans, made the first time a constraint needs it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..constraints import AllowedDigits, Constraint, Implies, LinearSum, Relation, Table, Visible
from ..errors import UnsupportedModelError


def add_constraints(
    cp: Any,
    constraints: Iterable[Constraint],
    value: Callable[[int], Any],
    holds: Callable[[int, int], Any],
    n: int,
) -> None:
    """Add ``constraints`` to the ``CpModel`` ``cp``.

    ``value(i)`` is the integer variable of cell ``i``; ``holds(i, d)`` a literal true exactly
    when cell ``i`` holds ``d``.
    """
    for constraint in constraints:
        if isinstance(constraint, AllowedDigits):
            cp.add_allowed_assignments(
                [value(constraint.cell)], [(d,) for d in sorted(constraint.digits)]
            )
        elif isinstance(constraint, Relation):
            cp.add_allowed_assignments(
                [value(constraint.a), value(constraint.b)], sorted(constraint.pairs)
            )
        elif isinstance(constraint, Table):
            cells = [value(i) for i in constraint.cells]
            cp.add_allowed_assignments(cells, sorted(constraint.rows))
        elif isinstance(constraint, LinearSum):
            cp.add(_expression(constraint, value) == constraint.total)
        elif isinstance(constraint, Implies):
            when = [holds(i, d) for i, d in constraint.when]
            then = constraint.then
            if then.cells:
                cp.add(_expression(then, value) == then.total).only_enforce_if(when)
            elif constraint.then.total:
                cp.add_bool_or([~lit for lit in when])
        elif isinstance(constraint, Visible):
            _visible(cp, constraint, value, n)
        else:
            raise UnsupportedModelError(
                f"the cpsat backend cannot translate {type(constraint).__name__}; "
                "try the sat backend"
            )


def _expression(total: LinearSum, value: Callable[[int], Any]) -> Any:
    return sum(c * value(i) for c, i in zip(total.coeffs, total.cells))


def _visible(cp: Any, sky: Visible, value: Callable[[int], Any], n: int) -> None:
    cells = [value(i) for i in sky.cells]
    flags = []
    tallest = cells[0]
    for k, cell in enumerate(cells[1:], start=1):
        flag = cp.new_bool_var(f"{sky.name or 'visible'} {k + 1}")
        cp.add(cell > tallest).only_enforce_if(flag)
        cp.add(cell <= tallest).only_enforce_if(~flag)
        flags.append(flag)
        if k < len(cells) - 1:
            higher = cp.new_int_var(1, n, "")
            cp.add_max_equality(higher, [tallest, cell])
            tallest = higher
    cp.add(1 + sum(flags) == sky.count)
