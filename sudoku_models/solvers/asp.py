"""The ASP backend: the model as an answer-set program, grounded and solved by clingo.

One translation serves twice: :func:`program` writes the model as a logic program (what
``sudoku-models export --to asp`` prints, readable by ``clingo``), and the backend grounds the
same text. Glossary: ``x(I,D)`` is the atom "cell ``I`` (0-based, row-major) holds digit ``D``";
each primitive adds facts describing it and, once per kind, the rule that reads those facts:

- a choice rule picks exactly one digit per cell; a given is an integrity constraint;
- :class:`AllDifferent` (``in(G,I)``): no two cells of a group share a digit, and a group of
  ``n`` cells misses no digit (``#count``);
- :class:`SumCage`: a group plus ``#sum`` of its digits;
- :class:`LinearSum` (``term(K,P,I,C)``): ``#sum`` of ``C*D`` over its terms;
- :class:`AllowedDigits` (``banned(I,D)``): the other digits are ruled out;
- :class:`Relation` (``rel(K,A,B)``, ``pair(K,X,Y)``): two digits outside the pairs clash;
- :class:`~.constraints.Table` (``tcell(K,P,I)``, ``trow(K,R,P,D)``): some listed tuple matches;
- :class:`Implies` (``when(K,I,D)``): the ``#sum`` holds when every condition holds;
- :class:`Visible` (``vcell(K,P,I)``): a cell is seen when no cell before it reaches its
  digit; ``#count`` of the seen cells is the clue;
- :class:`Automaton` (``acell(K,P,I)``, ``delta(K,Q,D,R)``): ``reach(K,P,Q)`` atoms follow the
  digits from the start state, and some state reached after the last cell must be accepting;
- :class:`Count` (``ccell(K,I)``, ``cdigit(K,D)``): ``#count`` of the cells holding a counted
  digit lies between the bounds;
- :class:`Element` (``elem(K,X)``, ``choice(K,D,C)``, ``evalue(K,V)`` or ``etarget(K,T)``):
  the cell the index digit picks holds the wanted digit, and the index picks some cell;
- :class:`Rank` (``rpos(K,O,J,A,B)``: at the ``J``-th deciding position line ``O`` has cell
  ``A`` where the ranked line has ``B``; ``rlength(K,O,M)``; ``rbound(K,T,L,H)`` for the
  tallies ``T`` = 0, 1, 2 whose bounds bind): ``rsame(K,O,J)`` holds while the first ``J``
  positions agree, the first position that differs makes line ``O`` smaller (``rtally(K,O,0)``)
  or larger (2), agreeing throughout equal (1), and ``#count`` of each tally lies between its
  bounds.

clingo enumerates natively, projected on the cell atoms, up to the limit; excluded grids are
integrity constraints; the time limit interrupts the asynchronous search. Grounding is what
costs: the pairwise group rule alone grounds ``O(n^4)`` rule instances for an ``n x n`` board.
``clingo`` is imported on first use.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Sequence
from types import ModuleType
from typing import Any

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
from ..errors import MissingDependencyError
from ..model import Model
from ..parsing import Source
from ..puzzle import Puzzle
from .base import EnumeratingSolver, Grid, SearchTimeout, Stats, as_model, load_optional
from .support import unsupported

#: The rule each kind of fact needs, written once per program that holds such facts.
RULES: dict[str, str] = {
    "cells": (
        "digit(1..N) :- size(N).\n"
        "{ x(I,D) : digit(D) } = 1 :- cell(I).\n"
        ":- given(I,D), not x(I,D).\n"
        "#project x/2.\n"
        "#show x/2."
    ),
    "group": (
        ":- in(G,I), in(G,J), I < J, x(I,D), x(J,D).\n"
        ":- full(G), digit(D), #count { I : in(G,I), x(I,D) } = 0."
    ),
    "cage": ":- cage(G,T), #sum { D,I : in(G,I), x(I,D) } != T.",
    "linear": ":- linear(K,T), #sum { C*D,P : term(K,P,I,C), x(I,D) } != T.",
    "banned": ":- banned(I,D), x(I,D).",
    "relation": ":- rel(K,A,B), x(A,X), x(B,Y), not pair(K,X,Y).",
    "table": (
        "match(K,R) :- trow(K,R,_,_), x(I,D) : tcell(K,P,I), trow(K,R,P,D).\n"
        "matched(K) :- match(K,R).\n"
        ":- tcell(K,_,_), not matched(K)."
    ),
    "implies": (
        "fires(K) :- implies(K,T), x(I,D) : when(K,I,D).\n"
        ":- fires(K), implies(K,T), #sum { C*D,P : term(K,P,I,C), x(I,D) } != T."
    ),
    "visible": (
        "taller(K,P,D) :- vcell(K,P,_), vcell(K,Q,J), Q < P, x(J,E), digit(D), E >= D.\n"
        "seen(K,P) :- vcell(K,P,I), x(I,D), not taller(K,P,D).\n"
        ":- visible(K,N), #count { P : seen(K,P) } != N."
    ),
    "automaton": (
        "reach(K,0,Q) :- astart(K,Q).\n"
        "reach(K,P+1,R) :- reach(K,P,Q), acell(K,P,I), x(I,D), delta(K,Q,D,R).\n"
        "accepted(K) :- alength(K,M), reach(K,M,Q), accept(K,Q).\n"
        ":- alength(K,_), not accepted(K)."
    ),
    "count": (
        ":- count(K,L,H), #count { I : ccell(K,I), cdigit(K,D), x(I,D) } < L.\n"
        ":- count(K,L,H), #count { I : ccell(K,I), cdigit(K,D), x(I,D) } > H."
    ),
    "element": (
        "picks(K,D) :- choice(K,D,_).\n"
        "wants(K,V) :- evalue(K,V).\n"
        "wants(K,V) :- etarget(K,T), x(T,V).\n"
        ":- elem(K,X), x(X,D), not picks(K,D).\n"
        ":- elem(K,X), x(X,D), choice(K,D,C), wants(K,V), not x(C,V)."
    ),
    "rank": (
        "rsame(K,O,0) :- rlength(K,O,_).\n"
        "rsame(K,O,J+1) :- rsame(K,O,J), rpos(K,O,J,A,B), x(A,D), x(B,D).\n"
        "rtally(K,O,0) :- rsame(K,O,J), rpos(K,O,J,A,B), x(A,D), x(B,E), D < E.\n"
        "rtally(K,O,2) :- rsame(K,O,J), rpos(K,O,J,A,B), x(A,D), x(B,E), D > E.\n"
        "rtally(K,O,1) :- rlength(K,O,M), rsame(K,O,M).\n"
        ":- rbound(K,T,L,H), #count { O : rtally(K,O,T) } < L.\n"
        ":- rbound(K,T,L,H), #count { O : rtally(K,O,T) } > H."
    ),
}


#: What to run when clingo is missing.
INSTALL = "the asp backend needs clingo: pip install 'sudoku-models[asp]' (or pip install clingo)"


@functools.cache
def _clingo() -> ModuleType:
    """The ``clingo`` module, imported on first use."""
    return load_optional("clingo", INSTALL)


def program(model: Model, givens: bool = True) -> str:
    """The logic program of ``model``: its facts, then the rules their kinds need."""
    facts = [f"size({model.n}).", f"cell(0..{model.size - 1})."]
    if givens:
        facts += [f"given({i},{g})." for i, g in enumerate(model.givens) if g]
    kinds = ["cells"]
    for g, group in enumerate(model.groups):
        facts.append(_group_facts(g, group.cells, model.n))
    for k, cage in enumerate(model.cages):
        g = len(model.groups) + k
        facts.append(_group_facts(g, cage.cells, model.n) + f" cage({g},{cage.total}).")
        kinds.append("cage")
    if model.groups or model.cages:
        kinds.append("group")
    for k, constraint in enumerate(model.constraints):
        kind, text = constraint_facts(constraint, k, model.n)
        facts.append(text)
        kinds.append(kind)
    rules = [RULES[kind] for kind in dict.fromkeys(kinds)]
    return "\n".join(facts + rules) + "\n"


def _group_facts(g: int, cells: Sequence[int], n: int) -> str:
    text = " ".join(f"in({g},{i})." for i in cells)
    return text + (f" full({g})." if len(cells) == n else "")


def _terms(k: int, cells: Sequence[int], coeffs: Sequence[int]) -> str:
    return " ".join(f"term({k},{p},{i},{c})." for p, (i, c) in enumerate(zip(cells, coeffs)))


def constraint_facts(constraint: object, k: int, n: int) -> tuple[str, str]:
    """The kind of rule one primitive needs and the facts that describe it (``k`` numbers it,
    ``n`` is the largest digit)."""
    if isinstance(constraint, AllowedDigits):
        cell = constraint.cell
        return "banned", " ".join(
            f"banned({cell},{d})." for d in range(1, n + 1) if d not in constraint.digits
        )
    if isinstance(constraint, Relation):
        pairs = " ".join(f"pair({k},{x},{y})." for x, y in sorted(constraint.pairs))
        return "relation", f"rel({k},{constraint.a},{constraint.b}). {pairs}"
    if isinstance(constraint, Table):
        cells = " ".join(f"tcell({k},{p},{i})." for p, i in enumerate(constraint.cells))
        rows = " ".join(
            f"trow({k},{r},{p},{d})."
            for r, row in enumerate(sorted(constraint.rows))
            for p, d in enumerate(row)
        )
        return "table", f"{cells} {rows}"
    if isinstance(constraint, LinearSum):
        terms = _terms(k, constraint.cells, constraint.coeffs)
        return "linear", f"linear({k},{constraint.total}). {terms}"
    if isinstance(constraint, Implies):
        then = constraint.then
        when = " ".join(f"when({k},{i},{d})." for i, d in constraint.when)
        return "implies", f"implies({k},{then.total}). {when} {_terms(k, then.cells, then.coeffs)}"
    if isinstance(constraint, Visible):
        cells = " ".join(f"vcell({k},{p},{i})." for p, i in enumerate(constraint.cells))
        return "visible", f"visible({k},{constraint.count}). {cells}"
    if isinstance(constraint, Automaton):
        cells = " ".join(f"acell({k},{p},{i})." for p, i in enumerate(constraint.cells))
        steps = " ".join(f"delta({k},{q},{d},{r})." for q, d, r in sorted(constraint.transitions))
        accept = " ".join(f"accept({k},{q})." for q in sorted(constraint.accepting))
        head = f"alength({k},{len(constraint.cells)}). astart({k},{constraint.start})."
        return "automaton", f"{head} {cells} {steps} {accept}"
    if isinstance(constraint, Count):
        cells = " ".join(f"ccell({k},{i})." for i in constraint.cells)
        digits = " ".join(f"cdigit({k},{d})." for d in sorted(constraint.digits))
        return "count", f"count({k},{constraint.low},{constraint.high}). {cells} {digits}"
    if isinstance(constraint, Element):
        choices = " ".join(
            f"choice({k},{d},{c})." for d, c in enumerate(constraint.choices, start=1)
        )
        wanted = (
            f"evalue({k},{constraint.value})."
            if constraint.target is None
            else f"etarget({k},{constraint.target})."
        )
        return "element", f"elem({k},{constraint.index}). {choices} {wanted}"
    if isinstance(constraint, Rank):
        return "rank", _rank_facts(constraint, k)
    raise unsupported("the asp backend", constraint)


def _rank_facts(rule: Rank, k: int) -> str:
    facts = []
    for o, other in enumerate(rule.others):
        positions = deciding_positions(rule.line, other)
        facts.append(f"rlength({k},{o},{len(positions)}).")
        facts += [f"rpos({k},{o},{j},{a},{b})." for j, (a, b) in enumerate(positions)]
    facts += [f"rbound({k},{kind},{low},{high})." for kind, low, high in rule.binding()]
    return " ".join(facts)


class AspSolver(EnumeratingSolver):
    """clingo on an answer-set program: choice rules, integrity constraints, aggregates.

    >>> result = AspSolver().solve(".1.....4....34..", limit=2)
    >>> result.status, result.solution.to_line()
    (Status.UNIQUE, '4132231412433421')
    """

    name = "asp"
    variants = ()
    requires = "clingo"
    imports = "clingo"

    def __init__(self, variant: str | None = None, **options: Any) -> None:
        super().__init__(variant, **options)
        if options:
            raise TypeError(f"the {self.name} backend takes no options, got {sorted(options)}")
        if not self.is_available():
            raise MissingDependencyError(INSTALL)

    def program(self, puzzle: Puzzle | Model | Source) -> str:
        """The logic program this backend grounds for ``puzzle``."""
        return program(as_model(puzzle))

    def native_model(self, puzzle: Puzzle | Model | Source) -> Any:
        """A ``clingo.Control`` holding the program of ``puzzle``, not yet grounded."""
        control = _clingo().Control(["--project"])
        control.add("base", [], self.program(puzzle))
        return control

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        clingo = _clingo()
        start = time.perf_counter()
        control = clingo.Control([f"--models={limit}", "--project", "--warn=none"])
        text = program(model)
        free = [i for i, g in enumerate(model.givens) if not g]
        for blocked in exclude:
            if all(g in (0, d) for g, d in zip(model.givens, blocked)):
                body = ", ".join(f"x({i},{blocked[i]})" for i in free) or "#true"
                text += f":- {body}.\n"
        control.add("base", [], text)
        control.ground([("base", [])])
        stats.extra["ground_time"] = time.perf_counter() - start
        grid = [0] * model.size
        with control.solve(yield_=True, async_=True) as handle:
            while limit == 0 or len(found) < limit:
                handle.resume()
                if deadline is None:
                    handle.wait()
                elif not handle.wait(max(deadline - time.perf_counter(), 0.0)):
                    handle.cancel()
                    _add_stats(control, stats)
                    raise SearchTimeout
                answer = handle.model()
                if answer is None:
                    break
                for symbol in answer.symbols(shown=True):
                    i, d = symbol.arguments
                    grid[i.number] = d.number
                found.append(tuple(grid))
            handle.cancel()
        _add_stats(control, stats)


def _add_stats(control: Any, stats: Stats) -> None:
    """clingo's counters of the search, in the shared vocabulary."""
    try:
        solvers = control.statistics["solving"]["solvers"]
        problem = control.statistics["problem"]["lp"]
    except (KeyError, RuntimeError):
        return
    choices = int(solvers["choices"])
    stats.nodes += choices
    stats.guesses += choices
    stats.conflicts += int(solvers["conflicts"])
    stats.extra["rules"] = float(problem["rules"])
    stats.extra["atoms"] = float(problem["atoms"])
