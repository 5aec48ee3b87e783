"""The model in MiniZinc, the modelling language constraint programming courses teach.

A 2-D array ``x[r, c]`` of digits, ``alldifferent`` per group, ``sum`` per cage, ``table`` for
relations and tables, implications as ``->``, a skyscraper count over running maxima, an
automaton as layered state variables with a ``table`` of its live transitions per cell (exact
for non-deterministic automata), a count as a sum of ``bool2int`` terms, an element as an
array indexed by the index cell (an index beyond the array makes the constraint false), and a
rank as sums of ``bool2int`` of ``lex_less`` and array equality over the positions that decide
each comparison, between the bounds. Any
MiniZinc install runs the file (``minizinc --solver gecode sudoku.mzn``); the output is the grid,
one row a line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..constraints import (
    AllowedDigits,
    Automaton,
    Count,
    Element,
    Implies,
    LinearSum,
    Rank,
    Relation,
    Table,
    Visible,
    deciding_positions,
)
from ..model import Model
from ..solvers.support import live_transitions, unsupported

#: How a cell is written: ``x[r,c]`` for a cell index.
Cell = Callable[[int], str]


def to_mzn(model: Model) -> str:
    """The MiniZinc model of ``model``."""
    board, n = model.board, model.n

    def x(i: int) -> str:
        r, c = board.row_col(i)
        return f"x[{r + 1},{c + 1}]"

    lines = [
        'include "alldifferent.mzn";',  # the three globals used, not all of globals.mzn:
        'include "table.mzn";',  # a solver's library may lag behind some of the others
        'include "lex_less.mzn";',
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
        lines.append(f"constraint {_constraint(constraint, x, n)};")
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


def _constraint(constraint: object, x: Cell, n: int) -> str:
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
    if isinstance(constraint, Automaton):
        return _automaton(constraint, x, n)
    if isinstance(constraint, Count):
        digits = ", ".join(str(d) for d in sorted(constraint.digits))
        flags = " + ".join(f"bool2int({x(i)} in {{{digits}}})" for i in constraint.cells)
        return f"({flags or '0'}) in {constraint.low}..{constraint.high}"
    if isinstance(constraint, Element):
        wanted = str(constraint.value) if constraint.target is None else x(constraint.target)
        return f"{_array(x, constraint.choices)}[{x(constraint.index)}] = {wanted}"
    if isinstance(constraint, Rank):
        return _rank(constraint, x)
    raise unsupported("MiniZinc export", constraint)


def _automaton(rule: Automaton, x: Cell, n: int) -> str:
    """``s[p]``: the state after ``p`` cells; each cell's (state, digit, next state) lies in the
    table of that cell's live transitions."""
    layers = live_transitions(rule, n)
    if not all(layers):
        return "false"
    m = len(rule.cells)
    states = sorted({rule.start} | {r for layer in layers for _, _, r in layer})
    steps = [
        f"table([s[{p}], {x(i)}, s[{p + 1}]], {_rows(layer, 3)})"
        for p, (i, layer) in enumerate(zip(rule.cells, layers))
    ]
    return (
        f"let {{ array[0..{m}] of var {{{', '.join(map(str, states))}}}: s }} in "
        f"s[0] = {rule.start} /\\ " + " /\\ ".join(steps)
    )


def _rank(rule: Rank, x: Cell) -> str:
    """Each tally whose bounds bind as a sum over the compared lines; a comparison reads only
    the positions that decide it (none: the lines are always equal)."""
    tallies: tuple[list[str], list[str], list[str]] = ([], [], [])
    for other in rule.others:
        positions = deciding_positions(rule.line, other)
        if not positions:
            tallies[1].append("1")
            continue
        theirs = _array(x, [a for a, _ in positions])
        mine = _array(x, [b for _, b in positions])
        tallies[0].append(f"bool2int(lex_less({theirs}, {mine}))")
        tallies[1].append(f"bool2int({theirs} = {mine})")
        tallies[2].append(f"bool2int(lex_less({mine}, {theirs}))")
    parts = []
    for kind, low, high in rule.binding():
        parts.append(f"({' + '.join(tallies[kind]) or '0'}) in {low}..{high}")
    return " /\\ ".join(parts) or "true"
