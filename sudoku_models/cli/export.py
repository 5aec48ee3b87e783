"""``sudoku-models export PUZZLE --to LANGUAGE``: the model in another tool's language
(:mod:`sudoku_models.export`). ``dimacs`` and ``cpsat-model`` are its short forms for DIMACS and
the CP-SAT model text."""

from __future__ import annotations

import argparse
from typing import Any

from ..cnf import AT_MOST_ONE, ENCODINGS, GIVENS
from ..model import Model
from . import EXIT_OK
from .inputs import add_puzzle_arguments
from .variant_args import add_variant_flags, read_models

#: The languages ``--to`` accepts, with what each is.
LANGUAGE_HELP = (
    "mzn (MiniZinc), lp and mps (the 0/1 integer program), opb (pseudo-Boolean), smt2 "
    "(SMT-LIB 2), asp (clingo's logic program), cnf (DIMACS), cpsat (CP-SAT model text)"
)


def add_parser(commands: Any) -> None:
    """Register ``export`` and its short forms ``dimacs`` and ``cpsat-model``."""
    from ..export import LANGUAGES

    export = commands.add_parser(
        "export",
        help="write a puzzle's model for another solver: MiniZinc, LP, MPS, OPB, SMT-LIB, ASP, "
        "DIMACS",
        description=(
            "Write the model of PUZZLE (any form listed below) in "
            f"another tool's language: {LANGUAGE_HELP}. Without --to the suffix of -o tells."
        ),
    )
    _add_input(export)
    export.add_argument("--to", choices=LANGUAGES, default=None, help="the language")
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    _add_cnf_options(export)
    _add_cpsat_options(export)
    export.set_defaults(run=run)
    dimacs = commands.add_parser(
        "dimacs",
        help="print the CNF of a puzzle in DIMACS form, for any SAT solver (export --to cnf)",
        description=(
            "Print the CNF of PUZZLE as DIMACS text; the comment header says how variable "
            "numbers map to (row, column, digit). The same as export --to cnf."
        ),
    )
    _add_input(dimacs)
    dimacs.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    _add_cnf_options(dimacs)
    dimacs.set_defaults(run=run, to="cnf")
    cpsat = commands.add_parser(
        "cpsat-model",
        help="print the CP-SAT model of a puzzle (protobuf text; export --to cpsat)",
        description="Print every variable and constraint the cpsat backend hands to CP-SAT.",
    )
    _add_input(cpsat)
    cpsat.add_argument("-o", "--output", metavar="FILE", help="write to FILE, not stdout")
    _add_cpsat_options(cpsat)
    cpsat.set_defaults(run=run, to="cpsat")


def _add_input(parser: argparse.ArgumentParser) -> None:
    add_puzzle_arguments(parser)
    add_variant_flags(parser)


def _add_cnf_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("DIMACS (cnf)")
    group.add_argument("--encoding", choices=ENCODINGS, help="default extended")
    group.add_argument("--amo", choices=AT_MOST_ONE, help="at-most-one (default pairwise)")
    group.add_argument(
        "--givens",
        choices=GIVENS,
        help="unit clauses (default units), simplify the formula by them, or none (the rules "
        "alone)",
    )


def _add_cpsat_options(parser: argparse.ArgumentParser) -> None:
    group = parser.add_argument_group("CP-SAT model (cpsat)")
    group.add_argument("--variant", choices=("integer", "boolean"), help="default integer")


def run(args: argparse.Namespace) -> int:
    """Write the one puzzle given in the language asked for."""
    from ..export import OPTIONS, export, language_of

    language = args.to or (language_of(args.output) if args.output else None)
    if language is None:
        raise ValueError("name the language with --to (or an -o FILE whose suffix tells it)")
    given = {
        name: getattr(args, name)
        for name in ("encoding", "amo", "givens", "variant")
        if getattr(args, name, None) is not None
    }
    wrong = sorted(set(given) - set(OPTIONS.get(language, ())))
    if wrong:
        flags = ", ".join(f"--{name}" for name in wrong)
        raise ValueError(f"{flags} does not apply to --to {language}")
    text = export(_one_model(args), language, **given)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as handle:
            handle.write(text)
    else:
        print(text, end="")
    return EXIT_OK


def _one_model(args: argparse.Namespace) -> Model:
    models = list(read_models(args.puzzle, args, box=args.box))
    if len(models) != 1:
        raise ValueError(f"{args.command} writes one puzzle; the input has {len(models)}")
    return models[0]
