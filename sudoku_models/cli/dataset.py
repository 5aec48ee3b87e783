"""``sudoku-models dataset``: canonical forms, a batch verifier, a seeded builder, labels and
solve traces for datasets of puzzles (one puzzle or grid a line in and out)."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from . import EXIT_NO_SOLUTION, EXIT_OK
from .inputs import add_time_limit, box_shape, natural, positive_int, read_puzzles, share


def add_parser(commands: Any) -> None:
    """Register ``dataset`` and its subcommands."""
    parser = commands.add_parser(
        "dataset",
        help="build, label, verify and deduplicate datasets of puzzles",
        description=(
            "Tools for datasets of puzzles: canonical forms (one per class of symmetric copies), "
            "a verifier of predicted grids, a seeded builder of train/test splits with symmetric "
            "copies, labels measured on the canonical form, and step-by-step solve traces."
        ),
    )
    tools = parser.add_subparsers(dest="tool", metavar="TOOL", required=True)

    canonical = tools.add_parser(
        "canonical", help="each puzzle's canonical form, one a line",
        description="Print the canonical form of each puzzle of FILE (a file, a shipped set, a "
        "puzzle, or - for standard input): equal forms mean symmetric copies.",
    )  # fmt: skip
    canonical.add_argument("puzzle", nargs="?", metavar="FILE")
    canonical.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    canonical.set_defaults(run=run_canonical)

    verify = tools.add_parser(
        "verify", help="check predicted grids against their puzzles",
        description="Judge each line of --answers against the puzzle on the same line of "
        "--puzzles: valid (each house holds each digit once), givens kept, and the puzzle's "
        "unique solution (from --solutions when given, else asked of the compiled search). "
        "With --partial, answers may have blanks: consistent, completable, and cells forced "
        "next by a single.",
    )  # fmt: skip
    verify.add_argument("--puzzles", required=True, metavar="FILE")
    verify.add_argument("--answers", required=True, metavar="FILE")
    verify.add_argument("--solutions", metavar="FILE", help="the known solutions, one a line")
    verify.add_argument("--partial", action="store_true", help="answers may have blanks")
    verify.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    verify.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help="text (default) or json"
    )
    verify.add_argument("-w", "--workers", type=positive_int, default=1, metavar="N")
    verify.set_defaults(run=run_verify)

    build = tools.add_parser(
        "build", help="build seeded train/test splits with symmetric copies",
        description="Build a dataset from SOURCE (a shipped set, a file in a public layout or one "
        "puzzle a line, or generate:N): puzzles with one solution, no two symmetric copies of "
        "each other, split at random, each training puzzle followed by --augment symmetric "
        "copies. The same --seed writes the same bytes whatever --workers.",
    )  # fmt: skip
    build.add_argument("--from", dest="source", required=True, metavar="SOURCE")
    build.add_argument("--augment", type=natural, default=0, metavar="K")
    build.add_argument("--seed", type=natural, default=0, metavar="S")
    build.add_argument("--test-share", type=share, default=0.0, metavar="F")
    build.add_argument("-w", "--workers", type=positive_int, default=1, metavar="N")
    build.add_argument("-o", "--output", required=True, metavar="DIR")
    build.add_argument(
        "--format", action="append", choices=("jsonl", "csv", "parquet", "npy"), default=None,
        help="output format, repeatable (default: jsonl)",
    )  # fmt: skip
    build.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    build.add_argument("--difficulty", default=None, help="generate:N only: the difficulty")
    build.add_argument("--symmetry", default="none", help="generate:N only: the clue symmetry")
    build.set_defaults(run=run_build)

    label = tools.add_parser(
        "label", help="labels of each puzzle, as JSON lines",
        description="Print one JSON object a line with each puzzle's labels, measured on its "
        "canonical form: human-technique grade, logical band, search effort.",
    )  # fmt: skip
    label.add_argument("puzzle", nargs="?", metavar="FILE")
    label.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    label.add_argument(
        "--kinds", default="grade,logic,search", help="labels to compute (grade,logic,search)"
    )
    label.add_argument("--copies", type=positive_int, default=8, metavar="K")
    label.add_argument("--seed", type=natural, default=0, metavar="S")
    label.add_argument("-w", "--workers", type=positive_int, default=1, metavar="N")
    label.set_defaults(run=run_label)

    trace = tools.add_parser(
        "trace", help="step-by-step solve traces, as JSON lines",
        description="Print each puzzle's solve path, one deduction a line in the order taken; "
        "--search adds the decisions of a depth-first search.",
    )  # fmt: skip
    trace.add_argument("puzzle", nargs="?", metavar="FILE")
    trace.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    trace.add_argument("--engine", choices=("logic", "grade"), default="logic")
    trace.add_argument("--search", action="store_true", help="add a search's decisions")
    add_time_limit(trace, "for the whole run; the traces printed by then are kept")
    trace.set_defaults(run=run_trace)


def run_canonical(args: argparse.Namespace) -> int:
    """Print each puzzle's canonical form."""
    from ..research.canonical import canonical_lines

    for line in canonical_lines(read_puzzles(args.puzzle, args.box)):
        print(line)
    return EXIT_OK


def _grids(path: str, box: tuple[int, int] | None) -> Any:
    from ..research.verify import read_grid_lines

    with open(path, encoding="utf-8") as handle:
        return read_grid_lines(handle.read(), path, box)


def run_verify(args: argparse.Namespace) -> int:
    """Judge the answers; print a summary (text) or the summary and each row (JSON)."""
    from ..research.verify import check_partial, verify

    puzzles = _grids(args.puzzles, args.box)
    answers = _grids(args.answers, args.box)
    if len(puzzles) != len(answers) or puzzles.shape != answers.shape:
        raise ValueError(f"{len(puzzles)} puzzles but {len(answers)} answers of that size")
    box = args.box
    if args.partial:
        p = check_partial(puzzles, answers, box, workers=args.workers)
        summary = {
            "rows": len(puzzles),
            "consistent": int(p.consistent.sum()),
            "completable": int(p.completable.sum()),
            "forced": int(p.forced.sum()),
        }
        rows: list[dict[str, Any]] = [
            {"consistent": bool(c), "completable": bool(k), "forced": int(f)}
            for c, k, f in zip(p.consistent, p.completable, p.forced)
        ]
    else:
        solutions = _grids(args.solutions, args.box) if args.solutions else None
        v = verify(puzzles, answers, solutions, box, workers=args.workers)
        summary, rows = v.counts(), v.rows()
    if args.format == "json":
        json.dump({"summary": summary, "rows": rows}, sys.stdout)
        print()
    else:
        print(", ".join(f"{name} {count}" for name, count in summary.items()))
    return EXIT_OK


def run_build(args: argparse.Namespace) -> int:
    """Build the dataset and print what was written."""
    from ..research.builder import build, load_source

    options: dict[str, Any] = {}
    if args.source.startswith("generate:"):
        options = {"difficulty": args.difficulty, "symmetry": args.symmetry}
    elif args.difficulty is not None or args.symmetry != "none":
        raise ValueError("--difficulty and --symmetry apply to generate:N only")
    records = load_source(args.source, args.seed, args.box, args.workers, **options)
    built = build(
        records, args.output, augment=args.augment, seed=args.seed,
        test_share=args.test_share, workers=args.workers, formats=args.format or ["jsonl"],
        source=args.source,
    )  # fmt: skip
    print(", ".join(f"{name} {count}" for name, count in built.counts.items()))
    print(f"wrote {len(built.files)} files to {built.directory}")
    skipped = built.counts["variants_skipped"]
    if skipped:
        print(
            f"sudoku-models: warning: {skipped} variant puzzles skipped (their rules have no "
            "place in these formats)",
            file=sys.stderr,
        )
    return EXIT_OK


def run_label(args: argparse.Namespace) -> int:
    """Print each puzzle's labels as a JSON line."""
    from ..research.labels import label_many

    kinds = tuple(k.strip() for k in args.kinds.split(",") if k.strip())
    puzzles = read_puzzles(args.puzzle, args.box)
    rows = label_many(puzzles, kinds, args.copies, args.seed, args.workers)
    for row in rows:
        print(json.dumps(row))
    return EXIT_OK


def run_trace(args: argparse.Namespace) -> int:
    """Print each puzzle's trace as JSON lines."""
    from .. import deadline
    from ..errors import TimeLimitReached
    from ..research.traces import write_traces

    try:
        with deadline.within(args.time_limit):
            puzzles = read_puzzles(args.puzzle, args.box)
            write_traces(puzzles, sys.stdout, args.engine, args.search)
    except TimeLimitReached as stopped:
        print(f"sudoku-models: {stopped}", file=sys.stderr)
        return EXIT_NO_SOLUTION
    return EXIT_OK
