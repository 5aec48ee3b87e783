"""``sudoku-models trace``: the search tree of a handwritten strategy, as JSON, SVG or DOT; for
SAT and CP-SAT, which have no tree, their counters over time."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import InvalidPuzzleError, UnknownSolverError
from ..model import Model
from . import EXIT_NO_SOLUTION, EXIT_OK
from .deadline import per_puzzle
from .inputs import add_puzzle_arguments, add_time_limit, positive_int
from .variant_args import add_variant_flags, read_models

#: Formats that hold one picture, so one puzzle per run.
PICTURES = ("svg", "dot")


def add_parser(commands: Any) -> None:
    """Register the ``trace`` subcommand."""
    parser = commands.add_parser(
        "trace",
        help="record the search tree of a handwritten strategy (JSON, SVG, DOT)",
        description=(
            "Run one strategy of the handwritten search on PUZZLE (a puzzle, a file, an "
            "f-puzzles, SudokuPad or ISS link) and print its search tree: JSON (the nodes in "
            "order, each with its parent, cell, digit and outcome; one line a puzzle), SVG "
            "(failed subtrees collapsed) or Graphviz DOT. For the sat and cpsat backends, "
            "which have no tree, JSON or text gives their counters over time instead. Exit "
            "code 1 when no solution was found, 2 on bad input or a backend that cannot record."
        ),
    )
    add_puzzle_arguments(parser)
    parser.add_argument(
        "-b",
        "--backend",
        default="backtracking",
        help="strategy: naive, bitmask, mrv-static, mrv, boxwise, propagate, dlx, constraint, "
        "fast (or backtracking:NAME); sat or cpsat for counters over time",
    )
    parser.add_argument(
        "-f",
        "--format",
        choices=("json", "svg", "dot", "text"),
        default="json",
        help="json (default: the nodes in order), svg (a picture), dot (Graphviz) or text (counts)",
    )
    parser.add_argument(
        "-n", "--limit", type=int, default=1, help="solutions to look for (0: all; default 1)"
    )
    parser.add_argument(
        "--max-nodes",
        type=positive_int,
        default=None,
        metavar="N",
        help="stop recording after N nodes (default 100,000, at most 1,000,000)",
    )
    add_time_limit(parser, "before the search stops, keeping the tree recorded so far")
    add_variant_flags(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Trace every puzzle of the input and print the trees (or the counters over time)."""
    from ..tracing import MAX_NODES, NODE_CAP, progress, trace

    if args.limit < 0:
        raise ValueError(f"--limit must be 0 (all) or more, got {args.limit}")
    if args.max_nodes is not None and args.max_nodes > NODE_CAP:
        raise ValueError(f"--max-nodes may be at most {NODE_CAP:,}, got {args.max_nodes:,}")
    with per_puzzle(args):
        name = args.backend.strip().partition(":")[0]
        over_time = name in ("sat", "cpsat")
        if over_time and args.format in PICTURES:
            raise UnknownSolverError(
                f"{name} has no search tree to draw; use --format json or text for its counters "
                "over time"
            )
        models = list(read_models(args.puzzle, args, box=args.box))
        if args.format in PICTURES and len(models) != 1:
            raise InvalidPuzzleError(f"--format {args.format} draws one puzzle; got {len(models)}")
        code = EXIT_OK
        for model in models:
            if over_time:
                report = progress(model, args.backend, args.limit, args.time_limit)
                solved = report.solutions > 0
                if args.format == "json":
                    print(json.dumps(report.to_dict()), flush=True)
                else:
                    print(_progress_text(report), flush=True)
            else:
                tree = trace(
                    model,
                    backend=args.backend,
                    limit=args.limit,
                    max_nodes=args.max_nodes or MAX_NODES,
                    time_limit=args.time_limit,
                )
                solved = tree.counts["solutions"] > 0
                _write_tree(tree, model, args.format)
            if not solved:
                code = EXIT_NO_SOLUTION
        return code


def _write_tree(tree: Any, model: Model, fmt: str) -> None:
    """Print a tree in ``fmt``; JSON and DOT are written node by node, so a large tree takes
    no more memory printed than recorded."""
    if fmt == "json":
        tree.write_json(sys.stdout)
        print(flush=True)
    elif fmt == "dot":
        tree.write_dot(sys.stdout)
        sys.stdout.flush()
    elif fmt == "svg":
        print(tree.to_svg(), flush=True)
    else:
        print(_tree_counts(tree, model), flush=True)


def _tree_counts(tree: Any, model: Model) -> str:
    c = tree.counts
    return (
        f"{model.puzzle.to_line()}  {tree.strategy}: {c['nodes']} nodes, "
        f"{c['backtracks']} backtracks, {c['failures']} failures, {c['refuted']} refuted, "
        f"depth {c['depth']}, {tree.ending()}"
    )


def _progress_text(report: Any) -> str:
    stopped = "" if report.complete else " (stopped by the time limit)"
    lines = [f"{report.backend}: {report.kind}; {report.solutions} solution(s){stopped}"]
    for s in report.samples:
        counters = ", ".join(f"{k} {v}" for k, v in s.items() if k not in ("time", "event"))
        lines.append(f"  {s['time'] * 1000:9.2f} ms  {s['event']:<8}  {counters}")
    return "\n".join(lines)
