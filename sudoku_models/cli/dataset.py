"""``sudoku-models dataset``: canonical forms, a batch verifier, a seeded builder, labels and
solve traces for datasets of puzzles (one puzzle or grid a line in and out)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Iterable
from typing import Any

from .. import limits
from ..errors import InvalidPuzzleError, MissingDependencyError
from . import EXIT_OK
from .inputs import (
    PUZZLE_HELP,
    box_shape,
    given_source,
    natural,
    puzzles_in_text,
    read_file,
    read_puzzles,
    share,
)

#: Rows written to standard output at a time.
BLOCK = 65_536

#: What the first run of a compiled path says on stderr, once, while Numba compiles.
COMPILING = "sudoku-models: compiling the Numba kernels (once, about a minute)..."

#: The extra that brings Numba.
FAST = "pip install 'sudoku-models[fast]'"

#: The kernels of canonical forms.
_CANONICAL = ("_canonical_rows", "_clash_free")

_BOX_HELP = "box shape, e.g. 2x3 (default: the usual one for the size)"


def bounded(least: int, most: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``least`` to ``most``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(f"must be from {least} to {most:,}, got {text!r}")
        return value

    return parse


def _add_workers(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument(
        "-w", "--workers", type=bounded(1, limits.MAX_WORKERS), default=1, metavar="N",
        help=f"{what} sharing the work, 1 to {limits.MAX_WORKERS} (default: 1)",
    )  # fmt: skip


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
    canonical.add_argument("puzzle", nargs="?", metavar="FILE", help=PUZZLE_HELP)
    canonical.add_argument("--box", type=box_shape, default=None, help=_BOX_HELP)
    canonical.set_defaults(run=run_canonical)

    verify = tools.add_parser(
        "verify", help="check predicted grids against their puzzles",
        description="Judge each line of --answers against the puzzle on the same line of "
        "--puzzles: valid (each house holds each digit once), givens kept, and the puzzle's "
        "unique solution (from --solutions when given, else asked of the compiled search). "
        "With --partial, answers may have blanks: consistent, completable, and cells forced "
        "next by a single.",
    )  # fmt: skip
    verify.add_argument("--puzzles", required=True, metavar="FILE", help="the puzzles, one a line")
    verify.add_argument(
        "--answers", required=True, metavar="FILE",
        help="the predicted grids, one a line, beside their puzzles",
    )  # fmt: skip
    verify.add_argument(
        "--solutions", metavar="FILE",
        help="the known solutions, one a line (without them, uniqueness is asked of the "
        "compiled search, which needs Numba)",
    )  # fmt: skip
    verify.add_argument(
        "--partial", action="store_true", help="answers may have blanks (needs Numba)"
    )
    verify.add_argument("--box", type=box_shape, default=None, help=_BOX_HELP)
    verify.add_argument(
        "-f", "--format", choices=("text", "json"), default="text",
        help="text (default) or json: the counts as one JSON object",
    )  # fmt: skip
    verify.add_argument(
        "--rows", action="store_true", help="json only: add each row's verdict, in order"
    )
    _add_workers(verify, "threads of the uniqueness search")
    verify.set_defaults(run=run_verify)

    build = tools.add_parser(
        "build", help="build seeded train/test splits with symmetric copies",
        description="Build a dataset from SOURCE (a shipped set, a file in a public layout or one "
        "puzzle a line, or generate:N): puzzles with one solution, no two symmetric copies of "
        "each other, split at random, each training puzzle followed by --augment symmetric "
        "copies. The same --seed writes the same bytes whatever --workers. Needs Numba: "
        f"{FAST}.",
    )  # fmt: skip
    build.add_argument(
        "--from", dest="source", required=True, metavar="SOURCE",
        help=f"a shipped set, a file, or generate:N (N from 1 to {limits.MAX_GENERATE:,})",
    )  # fmt: skip
    build.add_argument(
        "--augment", type=bounded(0, limits.MAX_AUGMENT), default=0, metavar="K",
        help=f"symmetric copies after each training puzzle, 0 to {limits.MAX_AUGMENT:,}; at "
        f"most {limits.MAX_ROWS:,} rows in all (default: 0)",
    )  # fmt: skip
    build.add_argument(
        "--seed", type=natural, default=0, metavar="S",
        help="seed of the split, the copies and generate:N (default: 0)",
    )  # fmt: skip
    build.add_argument(
        "--test-share", type=share, default=0.0, metavar="F",
        help="share of the puzzles in the test split, 0 to 1 (default: 0)",
    )  # fmt: skip
    _add_workers(build, "threads")
    build.add_argument(
        "-o", "--output", required=True, metavar="DIR",
        help="the directory to write into (made if missing; never through a symbolic link)",
    )  # fmt: skip
    build.add_argument(
        "--force", action="store_true", help="overwrite the files of an earlier build in DIR"
    )
    build.add_argument(
        "--format", action="append", choices=("jsonl", "csv", "parquet", "npy"), default=None,
        help="output format, repeatable (default: jsonl; parquet needs pyarrow: pip install "
        "'sudoku-models[parquet]')",
    )  # fmt: skip
    build.add_argument("--box", type=box_shape, default=None, help=_BOX_HELP)
    build.add_argument(
        "--difficulty", default=None, help="generate:N only: the difficulty (as for generate)"
    )
    build.add_argument(
        "--symmetry", default="none",
        help="generate:N only: the clue symmetry, as for generate (default: none)",
    )  # fmt: skip
    build.set_defaults(run=run_build)

    label = tools.add_parser(
        "label", help="labels of each puzzle, as JSON lines",
        description="Print one JSON object a line with each puzzle's labels, measured on its "
        "canonical form: human-technique grade, logical band, search effort.",
    )  # fmt: skip
    label.add_argument("puzzle", nargs="?", metavar="FILE", help=PUZZLE_HELP)
    label.add_argument("--box", type=box_shape, default=None, help=_BOX_HELP)
    label.add_argument(
        "--kinds", default="grade,logic,search",
        help="labels to compute, comma-separated (default: grade,logic,search; search needs "
        "Numba)",
    )  # fmt: skip
    label.add_argument(
        "--copies", type=bounded(1, limits.MAX_COPIES), default=8, metavar="K",
        help=f"symmetric copies the search effort is averaged over, 1 to "
        f"{limits.MAX_COPIES:,} (default: 8)",
    )  # fmt: skip
    label.add_argument(
        "--seed", type=natural, default=0, metavar="S", help="seed of the copies (default: 0)"
    )
    _add_workers(label, "processes")
    label.set_defaults(run=run_label)

    trace = tools.add_parser(
        "trace", help="step-by-step solve traces, as JSON lines",
        description="Print each puzzle's solve path, one deduction a line in the order taken; "
        "--search adds the decisions of a depth-first search.",
    )  # fmt: skip
    trace.add_argument("puzzle", nargs="?", metavar="FILE", help=PUZZLE_HELP)
    trace.add_argument("--box", type=box_shape, default=None, help=_BOX_HELP)
    trace.add_argument(
        "--engine", choices=("logic", "grade"), default="logic",
        help="logic (default): the logical solver's steps; grade: the grader's techniques",
    )  # fmt: skip
    trace.add_argument("--search", action="store_true", help="add a search's decisions")
    trace.set_defaults(run=run_trace)


def run_canonical(args: argparse.Namespace) -> int:
    """Print each puzzle's canonical form: a file of one puzzle a line is read and written in
    blocks of bytes, any other source puzzle by puzzle."""
    import numpy as np

    from ..research import canonical, verify

    source = given_source(args.puzzle)
    grids = None
    if source == "-" or os.path.isfile(source):
        data = sys.stdin.buffer.read() if source == "-" else _read_bytes(source)
        grids = verify.grid_rows(data, args.box)
        if grids is None:
            where = "standard input" if source == "-" else source
            puzzles = puzzles_in_text(_text(data, where), where, args.box)
    else:
        puzzles = read_puzzles(source, args.box)
    box = args.box
    if grids is None:
        if not puzzles:
            return EXIT_OK
        board = puzzles[0].board
        if any(p.board != board for p in puzzles):
            raise ValueError("canonical forms of a batch need puzzles of one board")
        grids = np.array([p.cells for p in puzzles], dtype=np.uint8)
        box = (board.box_rows, board.box_cols)
    _say_if_compiling(_research_kernels(*_CANONICAL))
    for start in range(0, len(grids), BLOCK):
        forms = canonical.canonical_array(grids[start : start + BLOCK], box)
        _write(verify.grid_bytes(forms))
    return EXIT_OK


def _read_bytes(path: str) -> bytes:
    """The bytes of a regular file (checked by :func:`read_file`'s rules for anything else)."""
    if not os.path.isfile(path):
        read_file(path)  # raises the one-line error for a directory or a dangling link
    with open(path, "rb") as handle:
        return handle.read()


def _text(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text; bytes that are not text are a mistake of the input."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise InvalidPuzzleError(f"{where} is not a text file") from None


def _write(data: bytes) -> None:
    """Write ``data`` to standard output as bytes."""
    out = getattr(sys.stdout, "buffer", None)
    if out is None:
        sys.stdout.write(data.decode("ascii"))
    else:
        sys.stdout.flush()
        out.write(data)
        out.flush()


def _grids(path: str, box: tuple[int, int] | None) -> Any:
    from ..research.verify import read_grid_file

    return read_grid_file(path, box)


def _needs_numba(what: str) -> None:
    """Refuse, before any work, a tool that needs Numba when it is missing."""
    from ..research.compiled import numba_installed

    if not numba_installed():
        raise MissingDependencyError(f"{what} needs Numba: {FAST}")


def _research_kernels(*names: str) -> list[Any]:
    """The compiled kernels of canonical forms and of the verifier that a tool calls."""
    from ..research import canonical, verify
    from ..research.compiled import kernel

    return [kernel(getattr(canonical, n, None) or getattr(verify, n)) for n in names]


def _search_kernels() -> list[Any]:
    """The compiled search's entry points (only with Numba installed)."""
    from ..research.compiled import numba_installed

    if not numba_installed():
        return []
    from ..solvers import numba_bands, numba_search

    names = ("solve_rows", "search", "start", "dig", "draw_and_dig")
    return [getattr(m, n) for m in (numba_search, numba_bands) for n in names if hasattr(m, n)]


def _say_if_compiling(kernels: Iterable[Any]) -> None:
    """Say on stderr, before the work, that the first run compiles (only when it will)."""
    from ..research.compiled import cold

    if cold(kernels):
        print(COMPILING, file=sys.stderr, flush=True)


def run_verify(args: argparse.Namespace) -> int:
    """Judge the answers; print a summary (text) or the summary and each row (JSON)."""
    from ..research.verify import check_partial, verify

    if args.rows and args.format != "json":
        raise ValueError("--rows adds each row's verdict to the JSON output: add --format json")
    searches = args.partial or not args.solutions
    if searches:
        _needs_numba("verify without --solutions (or with --partial)")
    puzzles = _grids(args.puzzles, args.box)
    answers = _grids(args.answers, args.box)
    if len(puzzles) != len(answers) or puzzles.shape != answers.shape:
        raise ValueError(f"{len(puzzles)} puzzles but {len(answers)} answers of that size")
    solutions = _grids(args.solutions, args.box) if args.solutions else None
    checks = ("_clash_free", "_forced") if args.partial else ("_judge",)
    _say_if_compiling(_research_kernels(*checks) + (_search_kernels() if searches else []))
    box = args.box
    if args.partial:
        p = check_partial(puzzles, answers, box, workers=args.workers)
        summary = {
            "rows": len(puzzles),
            "consistent": int(p.consistent.sum()),
            "completable": int(p.completable.sum()),
            "forced": int(p.forced.sum()),
        }
        columns = {"consistent": p.consistent, "completable": p.completable, "forced": p.forced}
    else:
        v = verify(puzzles, answers, solutions, box, workers=args.workers)
        summary = v.counts()
        columns = {
            "valid": v.valid, "givens_kept": v.givens_kept, "is_solution": v.is_solution,
            "complete": v.complete,
        }  # fmt: skip
    if args.format == "json":
        head = json.dumps({"summary": summary})
        if not args.rows:
            print(head)
            return EXIT_OK
        sys.stdout.write(head[:-1] + ', "rows": [')
        for start in range(0, len(puzzles), BLOCK):
            block = {name: column[start : start + BLOCK] for name, column in columns.items()}
            sys.stdout.write(("" if start == 0 else ", ") + _row_objects(block))
        sys.stdout.write("]}\n")
    else:
        print(", ".join(f"{name} {count}" for name, count in summary.items()))
    return EXIT_OK


def _row_objects(columns: dict[str, Any]) -> str:
    """The rows of ``columns`` (equal-length arrays of booleans or ints) as JSON objects,
    comma-separated."""
    names = list(columns)
    texts = {
        name: ["true" if x else "false" for x in c.tolist()]
        if c.dtype == bool
        else [str(x) for x in c.tolist()]
        for name, c in columns.items()
    }
    pattern = "{{" + ", ".join(f'"{name}": {{}}' for name in names) + "}}"
    return ", ".join(pattern.format(*values) for values in zip(*(texts[n] for n in names)))


def run_build(args: argparse.Namespace) -> int:
    """Build the dataset and print what was written."""
    from ..research.builder import build, check_counts, check_output, generate_count, load_source

    _needs_numba("dataset build")
    generated = args.source.startswith("generate:")
    check_counts(args.augment, args.workers, generate_count(args.source) if generated else None)
    formats = args.format or ["jsonl"]
    check_output(args.output, formats, args.force)
    options: dict[str, Any] = {}
    if generated:
        options = {"difficulty": args.difficulty, "symmetry": args.symmetry}
    elif args.difficulty is not None or args.symmetry != "none":
        raise ValueError("--difficulty and --symmetry apply to generate:N only")
    records = load_source(args.source, args.seed, args.box, args.workers, **options)
    _say_if_compiling(_research_kernels(*_CANONICAL) + _search_kernels())
    built = build(
        records, args.output, augment=args.augment, seed=args.seed,
        test_share=args.test_share, workers=args.workers, formats=formats,
        source=args.source, force=args.force,
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
    if "search" in kinds:
        _needs_numba("the search label")
    puzzles = read_puzzles(args.puzzle, args.box)
    rows = label_many(puzzles, kinds, args.copies, args.seed, args.workers)
    for row in rows:
        print(json.dumps(row))
    return EXIT_OK


def run_trace(args: argparse.Namespace) -> int:
    """Print each puzzle's trace as JSON lines."""
    from ..research.traces import write_traces

    write_traces(read_puzzles(args.puzzle, args.box), sys.stdout, args.engine, args.search)
    return EXIT_OK
