"""``sudoku-models steps``: the logical solve path of any puzzle, variant rules included; and the
variant side of ``hint``."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import TEXT_OR_JSON, add_puzzle_arguments, add_time_limit
from .notes import say
from .variant_args import add_variant_flags, read_models

if TYPE_CHECKING:
    from ..logic.step import Step
    from ..model import Model

#: Seconds a puzzle may take when ``-t`` is left out (``steps``, ``hint`` and ``rate``): the
#: logical solver's own default, :data:`sudoku_models.logic.solver.TIME_LIMIT`, written here
#: so that declaring the option does not load the solver.
TIME_LIMIT = 120.0


def add_parser(commands: Any) -> None:
    """Register the ``steps`` subcommand."""
    parser = commands.add_parser(
        "steps",
        help="print the logical solve path of a puzzle, variants included",
        description=(
            "Solve PUZZLE (any form listed below) step by step, each step "
            "in the words of the rule it reads, and print the path with its difficulty. Exit "
            "code 1 when logic stops short (several solutions, none, or too hard)."
        ),
    )
    add_puzzle_arguments(parser)
    add_variant_flags(parser)
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    parser.add_argument(
        "--max-depth",
        type=int,
        choices=(0, 1, 2),
        default=2,
        help="nested assumptions a trial may make (0: no trials; default 2)",
    )
    parser.add_argument(
        "--certify",
        action="store_true",
        help="prove each step from the rules and cells it names (a SAT check per step)",
    )
    add_time_limit(parser, "per puzzle; the path stops there with the steps found", TIME_LIMIT)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the path of every puzzle of the input."""
    from ..logic import logical_solve
    from ..logic.certify import certify, describe

    with per_puzzle(args):
        code = EXIT_OK
        for model in read_models(args.puzzle, args, box=args.box):
            path = logical_solve(model, max_depth=args.max_depth, time_limit=args.time_limit)
            if not path.solved:
                code = EXIT_NO_SOLUTION
            proofs = certify(path) if args.certify else ()
            if args.format == "json":
                data = {"puzzle": model.puzzle.to_line(), **path.to_dict()}
                for step, proof in zip(data["steps"], proofs):
                    step["certified"] = proof.certified
                if args.certify:
                    data["certified"] = all(p.certified for p in proofs)
                print(json.dumps(data), flush=True)
            else:
                lines = path.lines()
                for k, proof in enumerate(proofs):
                    lines[k] += f"  [{describe(proof, model.n)}]"
                if args.certify:
                    failed = sum(1 for p in proofs if not p.certified)
                    lines.append(f"certified: {len(proofs) - failed} of {len(proofs)} steps")
                print("\n".join(lines), flush=True)
        return code


def hint_models(source: str, fmt: str, time_limit: float | None = None) -> int | None:
    """``hint`` on an f-puzzles link or JSON with variant rules: the next logical step. None for
    a classic model, which the classic hint takes."""
    from ..logic import Contradiction, TimeLimitReached, hint

    models = list(read_models(source, argparse.Namespace()))
    if all(m.is_classic for m in models):
        return None
    for model in models:
        say(model.warnings)
    code = EXIT_OK
    for model in models:
        data: dict[str, Any] = {"puzzle": model.puzzle.to_line()}
        try:
            step = hint(model, time_limit=time_limit)
        except TimeLimitReached as stopped:
            data["error"] = text = f"no hint: {stopped}"
            print(json.dumps(data) if fmt == "json" else text, flush=True)
            code = EXIT_NO_SOLUTION
            continue
        if step is None:
            text = "the grid is full" if all(model.givens) else "no logical step found"
            data["hint"] = None
            code = code if all(model.givens) else EXIT_NO_SOLUTION
        elif isinstance(step, Contradiction):
            data["error"] = text = f"no hint: {step.text}"
            code = EXIT_NO_SOLUTION
        else:
            text = f"{step.technique}: {step.text}"
            data |= _step_data(model, step)
            data["hint"] = text
        print(json.dumps(data) if fmt == "json" else text, flush=True)
    return code


def _step_data(model: Model, step: Step) -> dict[str, Any]:
    from ..logic.step import cell_label

    n = model.n
    return {
        "technique": step.technique,
        "rule": step.rule,
        "placements": [[cell_label(n, i), d] for i, d in step.placements],
        "eliminations": [[cell_label(n, i), d] for i, d in step.eliminations],
    }
