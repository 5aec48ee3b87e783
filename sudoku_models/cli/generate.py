"""``sudoku-models generate``: unique puzzles, reproducible by seed, as lines, grids or JSON."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, TextIO

from ..errors import printable
from . import EXIT_BAD_INPUT, EXIT_OK
from .inputs import add_progress_flags, box_shape

if TYPE_CHECKING:
    from ..generator.api import Generated
    from ..generator.variants import VariantGenerated

#: Counts from which a progress bar is shown by default (when stderr is a terminal).
PROGRESS_FROM = 20

#: Board sides from which a bar is shown by default even for one puzzle (it takes minutes).
PROGRESS_SIDE_FROM = 16


def add_parser(commands: Any) -> None:
    """Register the ``generate`` subcommand."""
    from ..generator.symmetry import SYMMETRIES

    parser = commands.add_parser(
        "generate",
        help="generate puzzles with a unique solution",
        description=(
            "Generate COUNT puzzles with a unique solution: a random grid, clues dug out one "
            "by one while the solution stays unique. The same --seed gives the same puzzles "
            "on every backend. Without bounds the puzzles are minimal (no clue can go)."
        ),
    )
    parser.add_argument("-n", "--count", type=int, default=1, metavar="N", help="puzzles to make")
    parser.add_argument("-s", "--seed", type=int, default=None, help="seed of the batch")
    parser.add_argument("--symmetry", choices=SYMMETRIES, default="none", help="clue layout")
    shape = parser.add_mutually_exclusive_group()
    shape.add_argument("--size", type=int, default=None, help="digits per unit: 4, 6, 9, 16, 25")
    shape.add_argument("--box", type=box_shape, default=None, help="box shape, e.g. 2x3")
    parser.add_argument(
        "-b", "--backend", default=None, help="uniqueness backend name[:variant] (default: sat)"
    )
    parser.add_argument("--min-clues", type=int, default=None, metavar="K", help="dig no lower")
    parser.add_argument(
        "--max-clues", type=int, default=None, metavar="K", help="retry until at most K clues"
    )
    parser.add_argument(
        "--not-minimal",
        dest="minimal",
        action="store_false",
        help="stop digging as soon as --max-clues is reached",
    )
    parser.add_argument(
        "-d",
        "--difficulty",
        default=None,
        help="QQWing level (Simple, Easy, Intermediate, Expert) or hodoku:LEVEL",
    )
    parser.add_argument("--max-attempts", type=int, default=None, metavar="N")
    parser.add_argument(
        "--variant",
        default=None,
        help="a variant: killer, killer-x, jigsaw, x, windoku, anti-knight, anti-king, "
        "nonconsecutive, kropki, xv, thermo, arrow",
    )
    parser.add_argument(
        "-f", "--format", choices=("line", "grid", "json", "fpuzzles"), default="line"
    )
    parser.add_argument("-o", "--output", default=None, metavar="FILE", help="write to FILE")
    parser.add_argument(
        "--resume",
        action="store_true",
        help="carry on an interrupted run: keep the puzzles FILE holds (cutting a half-written "
        "last line) and append the rest; needs --output, --seed and one puzzle a line",
    )
    parser.add_argument("-w", "--workers", type=int, default=None, help="worker processes")
    add_progress_flags(
        parser,
        f"from {PROGRESS_FROM} puzzles or a {PROGRESS_SIDE_FROM}x{PROGRESS_SIDE_FROM} board, on a "
        "terminal; in one process the bar also counts the cells tried in the current puzzle",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Generate the puzzles and write them one by one as they come."""
    from ..board import Board
    from ..generator import generate_many
    from ..generator.api import DEFAULT_ATTEMPTS

    if args.count < 1:
        raise ValueError("--count must be at least 1")
    board = Board.for_digits(args.size) if args.size else Board(*(args.box or (3, 3)))
    done = _resumed(args, board.size) if args.resume else 0
    if done == args.count:
        return EXIT_OK
    progress = args.progress
    if progress is None and args.count < PROGRESS_FROM and board.n < PROGRESS_SIDE_FROM:
        progress = False
    puzzles = generate_many(
        args.count - done,
        seed=args.seed + done if args.resume else args.seed,
        workers=args.workers,
        progress=progress,
        box=(board.box_rows, board.box_cols),
        symmetry=args.symmetry,
        backend=args.backend,
        min_clues=args.min_clues,
        max_clues=args.max_clues,
        minimal=args.minimal,
        difficulty=args.difficulty,
        max_attempts=args.max_attempts or DEFAULT_ATTEMPTS,
        variant=args.variant,
    )
    try:
        if args.output is None:
            _write(puzzles, args.format, sys.stdout)
        else:
            with open(args.output, "a" if args.resume else "w", encoding="utf-8") as out:
                _write(puzzles, args.format, out)
    except RuntimeError as exc:  # no puzzle within the bounds after every attempt
        print(f"sudoku-models: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    return EXIT_OK


def _resumed(args: argparse.Namespace, cells: int) -> int:
    """How many puzzles the output file of an interrupted run holds, after cutting a half-written
    last line. Puzzle ``k`` of a run is that of seed ``--seed + k`` whatever the workers, so the
    run carries on from seed ``--seed + done`` and the file ends as an uninterrupted run's."""
    if args.output is None or args.seed is None:
        raise ValueError("--resume needs --output FILE and --seed")
    if args.format == "grid":
        raise ValueError("--resume needs one puzzle a line: --format line, json or fpuzzles")
    try:
        with open(args.output, "rb+") as out:
            text = out.read()
            whole = text.rfind(b"\n") + 1
            out.truncate(whole)  # a line cut short by the interruption goes
    except FileNotFoundError:
        return 0
    lines = text[:whole].decode("utf-8").splitlines()
    if len(lines) > args.count:
        raise ValueError(f"{args.output} holds {len(lines)} puzzles, more than --count")
    for k, line in enumerate(lines):
        if not _is_puzzle_of(line, args.format, args.seed + k, 0 if args.variant else cells):
            raise ValueError(
                f"{args.output}, line {k + 1}: not puzzle {k + 1} of this run (--seed, --format "
                "and the board must be those of the interrupted run)"
            )
    return len(lines)


def _is_puzzle_of(line: str, fmt: str, seed: int, cells: int) -> bool:
    """Whether ``line`` can be the puzzle of ``seed`` (json records its seed; a classic line has
    ``cells`` characters, 0 for a variant's link)."""
    if fmt == "json":
        try:
            record = json.loads(line)
        except ValueError:
            return False
        return isinstance(record, dict) and record.get("seed") == seed
    if fmt == "line" and cells:
        return len(line) == cells
    return bool(line)


def _write(puzzles: Iterator[Any], fmt: str, out: TextIO) -> None:
    """Write each puzzle as it comes, so a long run shows (or saves) its progress.

    The progress bar lives on standard error; on a terminal both streams share the screen, so
    each puzzle goes through ``tqdm.write``, which clears the bar, writes, and draws it again
    below: a puzzle never lands on the bar's line.
    """
    from tqdm.auto import tqdm

    for generated in puzzles:
        tqdm.write(_render(generated, fmt), file=out)
        out.flush()


def _render(generated: Any, fmt: str) -> str:
    from ..generator.variants import VariantGenerated

    if isinstance(generated, VariantGenerated):
        return _render_variant(generated, fmt)
    if fmt == "fpuzzles":
        from ..formats.fpuzzles.keys import to_link

        return to_link(generated.puzzle)
    if fmt == "json":
        return json.dumps(_as_json(generated))
    if fmt == "line":
        return generated.puzzle.to_line()
    return f"{generated.puzzle}\n{generated.summary()}\n"


def _as_json(generated: Generated) -> dict[str, Any]:
    rating = generated.rating
    return {
        "puzzle": generated.puzzle.to_line(),
        "solution": generated.solution.to_line(),
        "box": [generated.puzzle.board.box_rows, generated.puzzle.board.box_cols],
        "clues": generated.clues,
        "seed": generated.seed,
        "symmetry": generated.symmetry,
        "minimality": generated.minimality,
        "minimal": generated.is_minimal,
        "backend": generated.backend,
        "attempts": generated.attempts,
        "time": generated.time,
        "qqwing_level": rating.qqwing_level if rating is not None else None,
        "hodoku_level": rating.hodoku_level if rating is not None else None,
    }


def _render_variant(generated: VariantGenerated, fmt: str) -> str:
    """A variant puzzle: an f-puzzles link (formats line and fpuzzles), a grid, or JSON."""
    if fmt == "json":
        return json.dumps(
            {
                "variant": generated.variant,
                "fpuzzles": generated.to_link(),
                "puzzle": generated.puzzle.to_line(),
                "solution": generated.solution.to_line(),
                "givens": generated.clues,
                "marks": generated.marks,
                "seed": generated.seed,
                "minimal": generated.is_minimal,
                "backend": generated.backend,
                "time": generated.time,
            }
        )
    if fmt == "grid":
        # The grid shows the givens and what text can of the rules; all of them are in the link.
        grid = generated.model.to_text()
        return f"{grid}\n{generated.summary()}\n{generated.to_link()}\n"
    return generated.to_link()
