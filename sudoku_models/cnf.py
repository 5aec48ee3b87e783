"""CNF encodings of the model, after Lynce and Ouaknine's "Sudoku as a SAT problem".

Glossary: ``x(i, d)`` is the Boolean variable "cell ``i`` holds digit ``d``". Its number is fixed by
the board alone, the same in every encoding::

    x(i, d) = i * n + d = n*n*r + n*c + d      (row r, column c counted from 0; d in 1..n)

so a 9x9 board uses 1..729 for its cells, as in the paper. Numbers above ``n**3`` are auxiliary
variables of the at-most-one encoding.

Three encodings of the rules (``ENCODINGS``):

- ``minimal``: every cell holds at least one digit; each digit at most once in every group;
- ``efficient``: ``minimal`` plus every cell holds at most one digit;
- ``extended``: ``efficient`` plus each digit at least once in every full group (``n`` cells).

Each "at most one" is written with an encoding of ``AT_MOST_ONE``. The givens (``GIVENS``) are
unit clauses (``units``), or used to simplify the formula before it is written (``simplify``,
Kwon and Jain's optimized encoding: the givens' cells and every digit a given rules out get no
variable, and constraints they already satisfy are dropped), or left out (``none``: the rules
alone, which a solver can reuse for every puzzle of one shape).

>>> formula = encode("1.......2......1", encoding="minimal", amo="pairwise", givens="units")
>>> formula.var(0, 0, 1), formula.num_vars, formula.num_clauses
(1, 64, 307)
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .board import Board
from .cnf_constraints import constraint_clauses
from .constraints import AllDifferent
from .errors import MissingDependencyError, UnsupportedModelError
from .model import Model, SumCage
from .parsing import Source
from .puzzle import Puzzle

Clause = list[int]

#: Encodings of the rules, smallest first.
ENCODINGS: tuple[str, ...] = ("minimal", "efficient", "extended")

#: Ways to give the formula the givens.
GIVENS: tuple[str, ...] = ("units", "simplify", "none")

#: At-most-one encodings written here; the others of ``AT_MOST_ONE`` come from PySAT.
OWN_AT_MOST_ONE: tuple[str, ...] = ("pairwise", "sequential")

#: PySAT cardinality encodings offered for at-most-one, by their ``EncType`` names.
PYSAT_AT_MOST_ONE: tuple[str, ...] = ("ladder", "bitwise", "totalizer", "cardnetwrk")

#: Every at-most-one encoding by name.
AT_MOST_ONE: tuple[str, ...] = OWN_AT_MOST_ONE + PYSAT_AT_MOST_ONE


class Fresh:
    """Hands out auxiliary variable numbers above ``top``."""

    def __init__(self, top: int) -> None:
        self.top = top

    def take(self, count: int = 1) -> int:
        """Reserve ``count`` new variables; returns the first."""
        first = self.top + 1
        self.top += count
        return first


def pairwise(lits: Sequence[int], fresh: Fresh) -> list[Clause]:
    """At most one of ``lits``: one binary clause per pair, no auxiliary variable."""
    return [[-a, -b] for a, b in itertools.combinations(lits, 2)]


def sequential(lits: Sequence[int], fresh: Fresh) -> list[Clause]:
    """At most one of ``lits`` by Sinz's sequential counter: ``m - 1`` auxiliaries, 3m-4 clauses.

    Auxiliary ``s_k`` means "one of the first ``k + 1`` literals is true".
    """
    m = len(lits)
    if m < 2:
        return []
    s = fresh.take(m - 1)
    clauses = [[-lits[0], s]]
    for k in range(1, m - 1):
        clauses += [[-lits[k], s + k], [-(s + k - 1), s + k], [-lits[k], -(s + k - 1)]]
    clauses.append([-lits[m - 1], -(s + m - 2)])
    return clauses


def _pysat_at_most_one(kind: str) -> Callable[[Sequence[int], Fresh], list[Clause]]:
    try:
        from pysat.card import CardEnc, EncType
    except ImportError:
        raise MissingDependencyError(
            f"the {kind!r} at-most-one encoding needs PySAT: pip install python-sat"
        ) from None
    enc_type = getattr(EncType, kind)

    def at_most_one(lits: Sequence[int], fresh: Fresh) -> list[Clause]:
        if len(lits) < 2:
            return []
        cnf = CardEnc.atmost(list(lits), bound=1, top_id=fresh.top, encoding=enc_type)
        fresh.top = max(fresh.top, cnf.nv)
        return cnf.clauses

    at_most_one.__doc__ = f"At most one of ``lits`` by PySAT's {kind} encoding."
    return at_most_one


def at_most_one_encoder(amo: str) -> Callable[[Sequence[int], Fresh], list[Clause]]:
    """The function that writes "at most one of these literals" in encoding ``amo``."""
    if amo == "pairwise":
        return pairwise
    if amo == "sequential":
        return sequential
    if amo in PYSAT_AT_MOST_ONE:
        return _pysat_at_most_one(amo)
    raise ValueError(f"unknown at-most-one encoding {amo!r}; known: {', '.join(AT_MOST_ONE)}")


def var(n: int, i: int, d: int) -> int:
    """Number of the variable "cell ``i`` holds digit ``d``" on a board of ``n`` digits."""
    return i * n + d


def cell_digit(n: int, v: int) -> tuple[int, int]:
    """Inverse of :func:`var`: the cell and digit of cell-digit variable ``v``."""
    i, d = divmod(v - 1, n)
    return i, d + 1


@dataclass(frozen=True, eq=False)
class Formula:
    """A CNF of one model: the clauses, and what is needed to read a grid back from a model.

    ``fixed`` holds the digits known before solving (the givens, or zeros for the rules alone);
    ``usable[v]`` is 1 when cell-digit variable ``v`` appears in the clauses (a simplified formula
    leaves out the digits the givens rule out); ``top`` is the highest variable number.
    """

    board: Board
    clauses: list[Clause]
    top: int
    usable: bytes
    fixed: tuple[int, ...]
    encoding: str
    amo: str
    givens: str

    @property
    def n(self) -> int:
        """Digits per unit."""
        return self.board.n

    @property
    def cell_vars(self) -> int:
        """Number of cell-digit variables the clauses use."""
        return sum(self.usable)

    @property
    def num_vars(self) -> int:
        """Variables the clauses use: cell-digit variables plus auxiliaries."""
        return self.cell_vars + self.top - self.n**3

    @property
    def num_clauses(self) -> int:
        """Number of clauses."""
        return len(self.clauses)

    @property
    def is_trivially_unsat(self) -> bool:
        """Whether simplifying by the givens left an empty clause (no place for a cell or digit)."""
        return any(not clause for clause in self.clauses)

    def var(self, r: int, c: int, d: int) -> int:
        """Number of the variable "row ``r``, column ``c`` holds ``d``" (``r``, ``c`` from 0)."""
        return var(self.n, self.board.cell(r, c), d)

    def decode(self, literals: Iterable[int]) -> tuple[int, ...]:
        """The grid a model (its true literals, any order) describes; see :func:`grid_of_model`."""
        return grid_of_model(self.board, self.fixed, literals, self.usable)

    def decode_model(self, model: Sequence[int]) -> tuple[int, ...]:
        """The grid of a solver's full model, listed by variable number as PySAT's ``get_model()``
        gives it: with no digit fixed, the true cell-digit literals come one per cell, in cell
        order, and are read directly; otherwise (or if they do not) see :meth:`decode`."""
        n = self.n
        true = [v for v in model[: n**3] if v > 0]
        if len(true) != self.board.size or any(self.fixed):
            return self.decode(model)
        return tuple(map(_digit_of_var(n).__getitem__, true))

    def to_dimacs(self) -> str:
        """The formula as DIMACS CNF text, with a comment header naming the variable mapping."""
        n = self.n
        givens = "".join(self.board.symbol(d) if d else "." for d in self.fixed)
        header = [
            f"c sudoku_models CNF of a {n}x{n} board "
            f"({self.board.box_rows}x{self.board.box_cols} boxes)",
            f"c encoding {self.encoding}, at-most-one {self.amo}, givens {self.givens}",
            "c variable x(r, c, d) means: row r, column c holds digit d",
            f"c   x(r, c, d) = {n * n}*r + {n}*c + d, rows and columns from 0, digits 1..{n}",
            f"c   cell-digit variables are 1..{n**3}; higher numbers are auxiliary",
            f"c puzzle {givens}",
            f"p cnf {self.top} {len(self.clauses)}",
        ]
        body = [" ".join([*map(str, clause), "0"]) for clause in self.clauses]
        return "\n".join(header + body) + "\n"

    def to_pysat(self) -> Any:
        """The clauses as a ``pysat.formula.CNF``."""
        try:
            from pysat.formula import CNF
        except ImportError:
            raise MissingDependencyError("to_pysat needs PySAT: pip install python-sat") from None
        return CNF(from_clauses=self.clauses)


def encode(
    puzzle: Puzzle | Model | Source,
    encoding: str = "extended",
    amo: str = "pairwise",
    givens: str = "units",
) -> Formula:
    """The CNF of a puzzle (or model) in one encoding, at-most-one choice and handling of givens.

    Sum cages are encoded by their digit sets (see :func:`cage_clauses`), the other primitives
    as :mod:`sudoku_models.cnf_constraints` writes them.
    """
    model = puzzle if isinstance(puzzle, Model) else Model.from_puzzle(puzzle)
    if encoding not in ENCODINGS:
        raise ValueError(f"unknown encoding {encoding!r}; known: {', '.join(ENCODINGS)}")
    if givens not in GIVENS:
        raise ValueError(f"unknown way to give the givens {givens!r}; known: {', '.join(GIVENS)}")
    at_most_one = at_most_one_encoder(amo)
    n = model.n
    simplify = givens == "simplify"
    known = model.givens if simplify else (0,) * model.size
    options = _candidates(model, known)
    fresh = Fresh(n**3)
    clauses: list[Clause] = []
    full = {g.cells for g in model.groups if len(g.cells) == n}
    in_full_group = {i for cells in full for i in cells}
    for i, digits in enumerate(options):
        if known[i]:
            continue
        lits = [var(n, i, d) for d in digits]
        clauses.append(lits)
        if encoding != "minimal" or i not in in_full_group:
            clauses += at_most_one(lits, fresh)
    for group in model.groups:
        placed = {known[i] for i in group.cells}
        for d in range(1, n + 1):
            if d in placed:
                continue
            lits = [var(n, i, d) for i in group.cells if d in options[i]]
            clauses += at_most_one(lits, fresh)
            if encoding == "extended" and group.cells in full:
                clauses.append(lits)
    for cage in model.cages:
        clauses += cage_clauses(cage, n, options, known, fresh, at_most_one)
    clauses += constraint_clauses(model.constraints, n, options, known, fresh)
    if givens == "units":
        clauses += [[var(n, i, d)] for i, d in enumerate(model.givens) if d]
    return Formula(
        board=model.board,
        clauses=clauses,
        top=fresh.top,
        usable=_usable(n, options, known),
        fixed=model.givens if givens != "none" else (0,) * model.size,
        encoding=encoding,
        amo=amo,
        givens=givens,
    )


#: Most digit sets one cage may have before the encoding gives up (a 25x25 cage can have millions).
MAX_CAGE_SETS = 10_000


def cage_clauses(
    cage: SumCage,
    n: int,
    options: Sequence[tuple[int, ...]],
    known: Sequence[int],
    fresh: Fresh,
    at_most_one: Callable[[Sequence[int], Fresh], list[Clause]],
) -> list[Clause]:
    """Clauses for a sum cage: distinct digits whose set is one of the sets with the right total.

    One selector variable per digit set ``S`` of the cage's size and total: some selector is
    true, and a true selector makes every digit of ``S`` appear in the cage. With the digits
    distinct and as many digits as cells, the cage then holds exactly ``S``. Digits in no set
    are ruled out of every cell. ``known`` digits (when the givens simplify the formula) have
    no variables and satisfy their part directly.
    """
    cells = cage.cells
    sets: list[frozenset[int]] = []
    for combo in digit_sets(len(cells), cage.total, n):
        sets.append(frozenset(combo))
        if len(sets) > MAX_CAGE_SETS:
            raise UnsupportedModelError(
                f"a cage of {len(cells)} cells totalling {cage.total} has more than "
                f"{MAX_CAGE_SETS} digit sets; use the cpsat backend for it"
            )
    free = [i for i in cells if not known[i]]
    given = {known[i] for i in cells if known[i]}
    clauses: list[Clause] = []
    usable = set().union(*sets)
    for i in free:
        clauses += [[-var(n, i, d)] for d in options[i] if d not in usable]
    for d in range(1, n + 1):
        if d not in given:
            clauses += at_most_one([var(n, i, d) for i in free if d in options[i]], fresh)
    first = fresh.take(len(sets))
    clauses.append(list(range(first, first + len(sets))))
    for selector, digits in enumerate(sets, start=first):
        if not given <= digits:
            clauses.append([-selector])
            continue
        for d in digits - given:
            clauses.append([-selector, *(var(n, i, d) for i in free if d in options[i])])
    return clauses


def primitive_clauses(primitives: Iterable[Any], n: int, fresh: Fresh) -> list[Clause]:
    """Clauses for primitives of any kind, every cell free to hold any digit: an all-different
    group keeps each digit at most once (and at least once when it has ``n`` cells), a sum cage
    as :func:`cage_clauses`, the others as :mod:`sudoku_models.cnf_constraints` writes them.
    Written to be switched on and off behind a selector literal, one rule at a time."""
    size = n * n
    options = [tuple(range(1, n + 1))] * size
    known = [0] * size
    clauses: list[Clause] = []
    others = []
    for p in primitives:
        if isinstance(p, AllDifferent):
            for d in range(1, n + 1):
                lits = [var(n, i, d) for i in p.cells]
                clauses += pairwise(lits, fresh)
                if len(lits) == n:
                    clauses.append(lits)
        elif isinstance(p, SumCage):
            clauses += cage_clauses(p, n, options, known, fresh, pairwise)
        else:
            others.append(p)
    return clauses + constraint_clauses(others, n, options, known, fresh)  # sums shared


def digit_sets(size: int, total: int, n: int, low: int = 1) -> Iterator[tuple[int, ...]]:
    """The sets of ``size`` distinct digits from ``low..n`` adding up to ``total``, ascending.

    >>> list(digit_sets(2, 5, 4))
    [(1, 4), (2, 3)]
    """
    if size == 0:
        if total == 0:
            yield ()
        return
    largest_rest = (size - 1) * (2 * n - size + 2) // 2  # the size-1 largest digits
    for d in range(low, n + 1):
        if size * d + size * (size - 1) // 2 > total:  # d and the digits just above it
            break
        if d + largest_rest < total:
            continue
        for rest in digit_sets(size - 1, total - d, n, d + 1):
            yield (d, *rest)


def _candidates(model: Model, known: Sequence[int]) -> list[tuple[int, ...]]:
    """For each cell, the digits no known peer rules out (for a known cell, its digit alone)."""
    digits = tuple(range(1, model.n + 1))
    if not any(known):
        return [digits] * model.size
    peers = model.peers()
    options: list[tuple[int, ...]] = []
    for i, d in enumerate(known):
        if d:
            options.append((d,))
        else:
            taken = {known[p] for p in peers[i]}
            options.append(tuple(e for e in digits if e not in taken))
    return options


def _usable(n: int, options: Sequence[tuple[int, ...]], known: Sequence[int]) -> bytes:
    """Mask over variable numbers ``0..n**3``: 1 for the options of the cells not known."""
    mask = bytearray(n**3 + 1)
    for i, digits in enumerate(options):
        if not known[i]:
            for d in digits:
                mask[var(n, i, d)] = 1
    return bytes(mask)


def to_dimacs(
    puzzle: Puzzle | Model | Source,
    encoding: str = "extended",
    amo: str = "pairwise",
    givens: str = "units",
) -> str:
    """DIMACS CNF text of a puzzle, ready for any external SAT solver; see :func:`encode`.

    >>> text = to_dimacs("1.......2......1", encoding="efficient")
    >>> text.splitlines()[3], text.splitlines()[6]
    ('c   x(r, c, d) = 16*r + 4*c + d, rows and columns from 0, digits 1..4', 'p cnf 64 403')
    """
    return encode(puzzle, encoding, amo, givens).to_dimacs()


def read_solution(puzzle: Puzzle | Model | Source, output: str | Iterable[int]) -> Puzzle | None:
    """The grid a SAT solver's answer describes, or None when the solver reports UNSAT.

    ``output`` is a solver's text (``s SATISFIABLE`` / ``v 1 -2 ... 0`` lines, or MiniSat's
    ``SAT`` then a line of literals) or the literals themselves. The numbering is the same in
    every encoding, so only the puzzle is needed: its givens fill the cells that a simplified
    formula left out.
    """
    model = puzzle if isinstance(puzzle, Model) else Model.from_puzzle(puzzle)
    if isinstance(output, str):
        literals = []
        for line in output.splitlines():
            words = line.split()
            if not words or words[0] == "c":
                continue
            if words[0] in ("s", "SAT", "UNSAT", "UNSATISFIABLE"):
                if "UNSAT" in line.upper():
                    return None
                continue
            literals += [int(w) for w in words if w != "v"]
    else:
        literals = list(output)
    usable = _usable(model.n, _candidates(model, model.givens), model.givens)
    return Puzzle(model.board, grid_of_model(model.board, model.givens, literals, usable))


@functools.cache
def _digit_of_var(n: int) -> tuple[int, ...]:
    """Digit of each cell-digit variable number (index 0 unused)."""
    return (0, *((v - 1) % n + 1 for v in range(1, n**3 + 1)))


def grid_of_model(
    board: Board, fixed: Sequence[int], literals: Iterable[int], usable: bytes
) -> tuple[int, ...]:
    """The grid a model describes: ``fixed`` digits kept, each other cell from its true variable.

    Only the cell-digit variables marked in ``usable`` are read: negative literals, auxiliaries
    and variables the formula does not use (a solver may report any value for them) are
    skipped. Raises ValueError when a cell that is not fixed gets no digit or more than one.
    """
    n = board.n
    last = n**3
    grid = list(fixed)
    for lit in [lit for lit in literals if 0 < lit <= last]:
        if usable[lit]:
            i, d0 = divmod(lit - 1, n)
            if not fixed[i]:
                if grid[i]:
                    raise ValueError(f"the model puts two digits in cell {board.row_col(i)}")
                grid[i] = d0 + 1
    if 0 in grid:
        raise ValueError(f"the model leaves cell {board.row_col(grid.index(0))} without a digit")
    return tuple(grid)
