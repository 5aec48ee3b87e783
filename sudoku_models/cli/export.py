"""``sudoku-models dimacs`` and ``sudoku-models cpsat-model``: the formula or model a backend
would solve, as text for other tools."""

from __future__ import annotations

import argparse
from typing import Any

from ..cnf import AT_MOST_ONE, ENCODINGS, GIVENS
from . import EXIT_OK
from .inputs import add_puzzle_arguments, read_puzzles


def add_parser(commands: Any) -> None:
    """Register the ``dimacs`` and ``cpsat-model`` subcommands."""
    dimacs = commands.add_parser(
        "dimacs",
        help="print the CNF of a puzzle in DIMACS form, for any SAT solver",
        description=(
            "Print the CNF of PUZZLE as DIMACS text; the comment header says how variable "
            "numbers map to (row, column, digit)."
        ),
    )
    add_puzzle_arguments(dimacs)
    dimacs.add_argument("--encoding", choices=ENCODINGS, default="extended")
    dimacs.add_argument("--amo", choices=AT_MOST_ONE, default="pairwise", help="at-most-one")
    dimacs.add_argument(
        "--givens",
        choices=GIVENS,
        default="units",
        help="unit clauses (default), simplify the formula by them, or none (the rules alone)",
    )
    dimacs.set_defaults(run=run_dimacs)
    cpsat = commands.add_parser(
        "cpsat-model",
        help="print the CP-SAT model of a puzzle (protobuf text)",
        description="Print every variable and constraint the cpsat backend hands to CP-SAT.",
    )
    add_puzzle_arguments(cpsat)
    cpsat.add_argument("--variant", choices=("integer", "boolean"), default="integer")
    cpsat.set_defaults(run=run_cpsat)


def run_dimacs(args: argparse.Namespace) -> int:
    """Print the DIMACS text of the one puzzle given."""
    from ..cnf import to_dimacs

    print(to_dimacs(_one_puzzle(args), args.encoding, args.amo, args.givens), end="")
    return EXIT_OK


def run_cpsat(args: argparse.Namespace) -> int:
    """Print the CP-SAT model text of the one puzzle given."""
    from ..solvers.cpsat import CpSatSolver

    print(CpSatSolver(args.variant).model_text(_one_puzzle(args)), end="")
    return EXIT_OK


def _one_puzzle(args: argparse.Namespace) -> Any:
    puzzles = read_puzzles(args.puzzle, args.box)
    if len(puzzles) != 1:
        raise ValueError(f"{args.command} writes one puzzle; the input has {len(puzzles)}")
    return puzzles[0]
