"""What a variant rule becomes in each paradigm: its primitives, its CNF clauses, its CP-SAT
constraints, its MIP rows, its SMT formulas and its ASP facts and rules. The teaching view of
:mod:`sudoku_models.variants`.

>>> from sudoku_models.variants import Thermometer
>>> v = view(Thermometer(((0, 0), (0, 1))), box=(2, 2))
>>> len(v.primitives), v.clauses[0], v.describe_clause(v.clauses[0])
(1, [-1, 6, 7, 8], '-r1c1=1 | r1c2=2 | r1c2=3 | r1c2=4')
>>> v.mip_rows[0]
'thermometer_r1c1_is_1: r1c1_1 - r1c2_2 - r1c2_3 - r1c2_4 <= 0'
>>> v.smt[0]
'(assert (=> (= r1c1 1) (or (= r1c2 2) (= r1c2 3) (= r1c2 4))))'
>>> v.asp[-1]
':- rel(K,A,B), x(A,X), x(B,Y), not pair(K,X,Y).'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board, cell_name
from .cnf import cell_digit, encode
from .constraints import AllowedDigits, Automaton, Count, Element, Rank
from .errors import UnsupportedModelError
from .model import Model
from .puzzle import Puzzle
from .solvers.asp import program
from .solvers.cpsat import CpSatSolver
from .solvers.mip_constraints import formulate
from .solvers.smt import smtlib
from .variants import Variant
from .variants.base import Primitive


@dataclass(frozen=True)
class RuleView:
    """A rule on an empty board: its primitives, and what it adds in each paradigm: clauses,
    CP-SAT constraints, MIP rows, SMT-LIB assertions, ASP facts and rules."""

    rule: Variant
    board: Board
    primitives: tuple[Primitive, ...]
    clauses: list[list[int]]
    aux_vars: int
    cpsat_integer: list[str]
    cpsat_boolean: list[str]
    mip_rows: list[str]
    smt: list[str]
    asp: list[str]

    def describe_clause(self, clause: Sequence[int]) -> str:
        """A clause with its cell-digit variables named (``r1c1=5``); auxiliaries as ``aux``."""
        n = self.board.n
        words = []
        for lit in clause:
            if abs(lit) <= n**3:
                i, d = cell_digit(n, abs(lit))
                word = f"{cell_name(*self.board.row_col(i))}={d}"
            else:
                word = f"aux{abs(lit) - n**3}"
            words.append(word if lit > 0 else f"-{word}")
        return " | ".join(words)

    def describe_primitives(self) -> list[str]:
        """Each primitive in words, its cells named; automata, counts and element lookups
        with what they hold (states, bounds, the cells picked)."""
        return [describe_primitive(p, self.board) for p in self.primitives]

    def summary(self) -> str:
        """One line: counts of primitives, clauses, auxiliary variables, CP-SAT constraints."""
        kinds: dict[str, int] = {}
        for p in self.primitives:
            kinds[type(p).__name__] = kinds.get(type(p).__name__, 0) + 1
        made = ", ".join(f"{k} {name}" for name, k in kinds.items())
        return (
            f"{self.rule.describe()}: {made}; SAT {len(self.clauses)} clauses, "
            f"{self.aux_vars} auxiliary variables; CP-SAT {len(self.cpsat_integer)} constraints "
            f"(integer form), {len(self.cpsat_boolean)} (Boolean form); MIP "
            f"{len(self.mip_rows)} rows; SMT {len(self.smt)} assertions; ASP {len(self.asp)} "
            "lines"
        )


def view(rule: Variant, box: tuple[int, int] = (3, 3)) -> RuleView:
    """The view of ``rule`` on an empty board of ``box`` boxes."""
    puzzle = Puzzle.empty(box)
    base = Model.from_puzzle(puzzle)
    model = Model.from_puzzle(puzzle, variants=[rule])
    primitives = tuple(rule.primitives(model.board))
    before, after = encode(base, givens="none"), encode(model, givens="none")
    return RuleView(
        rule=rule,
        board=model.board,
        primitives=primitives,
        clauses=_added(before.clauses, after.clauses),
        aux_vars=after.top - before.top,
        cpsat_integer=_cpsat_added(base, model, "integer"),
        cpsat_boolean=_cpsat_added(base, model, "boolean"),
        mip_rows=_written(
            lambda m: [str(r) for r in formulate(m, givens=False).rows], base, model, _added
        ),
        smt=_written(lambda m: smtlib(m, givens=False).splitlines(), base, model, _added),
        asp=_written(lambda m: program(m, givens=False).splitlines(), base, model, _new_lines),
    )


def _written(
    write: Callable[[Model], list[str]],
    base: Model,
    model: Model,
    difference: Callable[[list[str], list[str]], list[str]],
) -> list[str]:
    """What ``write`` adds for the rule of ``model`` beyond ``base``; one line saying so when
    the paradigm cannot express one of its primitives."""
    try:
        return difference(write(base), write(model))
    except UnsupportedModelError as exc:
        return [f"not expressible here: {exc}"]


def _added(before: list[Any], after: list[Any]) -> list[Any]:
    """What ``after`` adds to ``before`` when it starts with it; otherwise all of ``after``."""
    if after[: len(before)] == before:
        return after[len(before) :]
    return after


def _new_lines(before: list[str], after: list[str]) -> list[str]:
    """The lines of ``after`` that ``before`` lacks, in order (for texts whose additions are
    not all at the end: a logic program keeps its rules after every fact)."""
    old = set(before)
    return [line for line in after if line not in old]


def _cpsat_added(base: Model, model: Model, form: str) -> list[str]:
    solver = CpSatSolver(form)
    before = [str(c).strip() for c in solver.native_model(base).proto.constraints]
    after = [str(c).strip() for c in solver.native_model(model).proto.constraints]
    return _added(before, after)


def describe_primitive(primitive: Primitive, board: Board) -> str:
    """One primitive in words, its cells named (``r1c1``).

    >>> from sudoku_models.constraints import Count
    >>> describe_primitive(Count((0, 1), frozenset({1, 2}), 1, 2), Board(2, 2))
    'count: 1 to 2 of r1c1 r1c2 hold 1 2'
    """

    def names(cells: Sequence[int]) -> str:
        return " ".join(cell_name(*board.row_col(i)) for i in cells)

    if isinstance(primitive, Automaton):
        states = {primitive.start} | {q for q, _, r in primitive.transitions}
        states |= {r for *_, r in primitive.transitions}
        kind = "deterministic" if primitive.is_deterministic else "non-deterministic"
        return (
            f"automaton along {names(primitive.cells)}: {len(states)} states, "
            f"{len(primitive.transitions)} transitions, {len(primitive.accepting)} accepting, "
            f"{kind}"
        )
    if isinstance(primitive, Count):
        digits = " ".join(map(str, sorted(primitive.digits)))
        return (
            f"count: {primitive.low} to {primitive.high} of {names(primitive.cells)} hold {digits}"
        )
    if isinstance(primitive, Element):
        wanted = (
            str(primitive.value)
            if primitive.target is None
            else f"the digit of {names([primitive.target])}"
        )
        return (
            f"element: digit d of {names([primitive.index])} picks the d-th of "
            f"{names(primitive.choices)}, which holds {wanted}"
        )
    if isinstance(primitive, AllowedDigits):
        digits = " ".join(map(str, sorted(primitive.digits)))
        return f"allowed digits: {names([primitive.cell])} holds one of {digits}"
    if isinstance(primitive, Rank):
        counts = ", ".join(
            f"{low} to {high} {word}"
            for word, (low, high) in zip(
                ("smaller", "equal", "larger"), map(primitive.bounds, range(3))
            )
        )
        return (
            f"rank: {names(primitive.line)} read as a number against {len(primitive.others)} "
            f"other lines: {counts}"
        )
    return f"{type(primitive).__name__.lower()} over {names(primitive.cells)}"
