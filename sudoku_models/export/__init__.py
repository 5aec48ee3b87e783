"""The model written in the languages of the field, for other tools to solve.

One function per language, each taking a :class:`~sudoku_models.model.Model`, and
:func:`export` to choose by name, taking anything :func:`sudoku_models.door.read` reads:

- ``mzn``: MiniZinc (:mod:`.minizinc`), for any MiniZinc install;
- ``lp`` and ``mps``: the 0/1 integer program of the ``mip`` backend (:mod:`.linear`);
- ``opb``: the same rows as a pseudo-Boolean problem;
- ``smt2``: SMT-LIB 2, the text the ``smt`` backend hands Z3, with ``check-sat``;
- ``asp``: the logic program the ``asp`` backend grounds, for ``clingo``;
- ``cnf``: DIMACS, the formula of the ``sat`` backend (:func:`sudoku_models.cnf.to_dimacs`);
- ``cpsat``: the CP-SAT model in protobuf text, as the ``cpsat`` backend builds it.

>>> text = export(".1.....4....34..", "mzn")
>>> text.splitlines()[4]
'array[1..n, 1..n] of var 1..n: x;  % x[r, c]: the digit of row r, column c'
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..door import PuzzleLike
    from ..model import Model

__all__ = ["LANGUAGES", "SUFFIXES", "export", "language_of", "write"]

#: File suffix of each language.
SUFFIXES: dict[str, str] = {
    "mzn": ".mzn",
    "lp": ".lp",
    "mps": ".mps",
    "smt2": ".smt2",
    "asp": ".lp",
    "opb": ".opb",
    "cnf": ".cnf",
    "cpsat": ".pbtxt",
}

#: Every language :func:`export` writes.
LANGUAGES: tuple[str, ...] = tuple(SUFFIXES)


def _mzn(model: Model, **options: Any) -> str:
    from .minizinc import to_mzn

    return to_mzn(model)


def _lp(model: Model, **options: Any) -> str:
    from .linear import to_lp

    return to_lp(model)


def _mps(model: Model, **options: Any) -> str:
    from .linear import to_mps

    return to_mps(model)


def _opb(model: Model, **options: Any) -> str:
    from .linear import to_opb

    return to_opb(model)


def _smt2(model: Model, **options: Any) -> str:
    from ..solvers.smt import smtlib

    return smtlib(model) + "(check-sat)\n(get-model)\n"


def _asp(model: Model, **options: Any) -> str:
    from ..solvers.asp import program

    return program(model)


def _cnf(model: Model, **options: Any) -> str:
    from ..cnf import to_dimacs

    return to_dimacs(model, **options)


def _cpsat(model: Model, **options: Any) -> str:
    from ..solvers.cpsat import CpSatSolver

    return CpSatSolver(options.get("variant", "integer")).model_text(model)


_WRITERS: dict[str, Callable[..., str]] = {
    "mzn": _mzn,
    "lp": _lp,
    "mps": _mps,
    "opb": _opb,
    "smt2": _smt2,
    "asp": _asp,
    "cnf": _cnf,
    "cpsat": _cpsat,
}

#: Options each language takes (the others take none).
OPTIONS: dict[str, tuple[str, ...]] = {"cnf": ("encoding", "amo", "givens"), "cpsat": ("variant",)}


def export(puzzle: PuzzleLike, language: str, **options: Any) -> str:
    """``puzzle`` written in ``language`` (one of :data:`LANGUAGES`).

    ``cnf`` takes the options of :func:`~sudoku_models.cnf.to_dimacs` (``encoding``, ``amo``,
    ``givens``), ``cpsat`` takes ``variant`` (``integer`` or ``boolean``).
    """
    if language not in _WRITERS:
        raise ValueError(f"unknown language {language!r}; known: {', '.join(LANGUAGES)}")
    unknown = sorted(set(options) - set(OPTIONS.get(language, ())))
    if unknown:
        raise TypeError(f"export to {language} takes no option {', '.join(unknown)}")
    from ..door import model_of  # only here: declaring the command line's options loads no reader

    return _WRITERS[language](model_of(puzzle), **options)


def language_of(path: str | os.PathLike[str]) -> str | None:
    """The language a file name's suffix names (``.lp`` is the LP form), or None."""
    suffix = os.path.splitext(os.fspath(path))[1].lower()
    return next((lang for lang, s in SUFFIXES.items() if s == suffix), None)


def write(
    puzzle: PuzzleLike,
    path: str | os.PathLike[str],
    language: str | None = None,
    **options: Any,
) -> None:
    """Write ``puzzle`` to ``path`` in ``language`` (by default the one its suffix names)."""
    language = language or language_of(path)
    if language is None:
        raise ValueError(
            f"cannot tell the language of {os.fspath(path)!r}; name one of {LANGUAGES}"
        )
    text = export(puzzle, language, **options)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
