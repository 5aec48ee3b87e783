"""What the translations of the mip, smt and asp backends and the exports share.

Which built-in backend expresses which primitive, so a refusal names the backends that can, and
the live states of an automaton along its cells.

One table, :data:`PRIMITIVES`, kept beside the backends it describes: a backend (or an export)
that meets a primitive it cannot translate raises :func:`unsupported`, whose message lists the
backends the table says can, instead of a guess written into each backend.

>>> from sudoku_models.constraints import Count
>>> backends_for(Count)
['backtracking', 'sat', 'cpsat', 'mip', 'smt', 'asp']
"""

from __future__ import annotations

import typing

from ..constraints import Automaton, Constraint
from ..errors import UnsupportedModelError

#: Every primitive type a model may hold besides its groups and cages.
EVERY_PRIMITIVE: frozenset[type] = frozenset(typing.get_args(Constraint))

#: The primitive types each built-in backend translates (the numba search reads groups only).
PRIMITIVES: dict[str, frozenset[type]] = {
    "backtracking": EVERY_PRIMITIVE,
    "sat": EVERY_PRIMITIVE,
    "cpsat": EVERY_PRIMITIVE,
    "numba": frozenset(),
    "mip": EVERY_PRIMITIVE,
    "smt": EVERY_PRIMITIVE,
    "asp": EVERY_PRIMITIVE,
}


def backends_for(kind: type) -> list[str]:
    """The built-in backends that translate primitives of type ``kind``, in registry order."""
    return [name for name, kinds in PRIMITIVES.items() if kind in kinds]


def unsupported(who: str, constraint: object) -> UnsupportedModelError:
    """The error ``who`` (``"the mip backend"``, ``"MiniZinc export"``) raises for a primitive it
    cannot translate, naming the backends that can."""
    kind = type(constraint)
    able = backends_for(kind)
    if not able:
        return UnsupportedModelError(
            f"{who} cannot translate {kind.__name__}; no built-in backend translates it"
        )
    best = "sat" if "sat" in able else able[0]  # the default backend when it can
    hint = f"backends that can: {', '.join(able)} (try --backend {best})"
    return UnsupportedModelError(f"{who} cannot translate {kind.__name__}; {hint}")


def live_states(rule: Automaton, n: int) -> list[list[int]]:
    """The states a run can be in after ``k`` cells, for ``k`` in ``0..len(cells)``, that still
    lead to an accepting state after the last cell (digits ``1..n``); sorted, so a translation
    names them in a stable order. Empty layers mean no word is accepted."""
    digits = range(1, n + 1)
    ahead: list[set[int]] = [{rule.start}]
    for _ in rule.cells:
        ahead.append({r for q in ahead[-1] for d in digits for r in rule.step.get((q, d), ())})
    live = [set(ahead[-1] & rule.accepting)]
    for k in range(len(rule.cells) - 1, -1, -1):
        live.append(
            {q for q in ahead[k] if any(rule.step.get((q, d), set()) & live[-1] for d in digits)}
        )
    return [sorted(layer) for layer in reversed(live)]


def live_transitions(rule: Automaton, n: int) -> list[list[tuple[int, int, int]]]:
    """Per cell ``k``, the transitions ``(q, d, r)`` from a live state before it to a live
    state after it."""
    live = live_states(rule, n)
    return [
        [
            (q, d, r)
            for q in live[k]
            for d in range(1, n + 1)
            for r in sorted(rule.step.get((q, d), ()))
            if r in after
        ]
        for k, after in enumerate(set(layer) for layer in live[1:])
    ]
