"""``sudoku-models bench``: run backends over puzzle sets, print figures per backend and dataset."""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from ..limits import MAX_WORKERS
from . import EXIT_OK
from .dataset import bounded
from .inputs import add_progress_flags, add_time_limit, positive_int


def add_parser(commands: Any) -> None:
    """Register the ``bench`` subcommand."""
    parser = commands.add_parser(
        "bench",
        help="compare backends on puzzle sets: rates, time percentiles, counters",
        description=(
            "Solve every puzzle of each DATASET (a shipped set's name such as top95, or a file of "
            "one puzzle a line) with every backend, then print one line per backend and dataset. "
            "Rates count solver time per worker. A legend under the table says what each "
            "counter counts."
        ),
    )
    parser.add_argument("datasets", nargs="+", metavar="DATASET", help="shipped set name or file")
    parser.add_argument(
        "-b",
        "--backends",
        default="backtracking",
        help="comma-separated backend names[:variant] (default: backtracking)",
    )
    parser.add_argument(
        "--sample", type=positive_int, default=None, metavar="N", help="N puzzles per set"
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the sample")
    parser.add_argument(
        "--limit", type=int, default=2, help="solutions to look for (default 2: prove uniqueness)"
    )
    add_time_limit(parser, "per puzzle")
    parser.add_argument(
        "-w", "--workers", type=bounded(1, MAX_WORKERS), default=None, metavar="N",
        help=f"worker processes, 1 to {MAX_WORKERS} (default: none, in this process)",
    )  # fmt: skip
    parser.add_argument("--csv", metavar="OUT", help="write one row per solve as CSV")
    parser.add_argument("--json", metavar="OUT", help="write one row per solve as JSON")
    parser.add_argument(
        "--plot", metavar="OUT",
        help="write a cactus plot and a box plot (PNG; needs matplotlib, checked before the run)",
    )  # fmt: skip
    parser.add_argument(
        "--warmup",
        type=float,
        default=2.0,
        metavar="SECONDS",
        help="busy seconds before timing, for the processor to reach full speed (default 2)",
    )
    add_progress_flags(parser, "when stderr is a terminal")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run the benchmark, print the summary and write the files asked for."""
    from ..bench import load_dataset
    from ..bench import run as run_bench
    from ..bench.summary import LEGEND

    if args.plot:
        from ..bench import plots

        plots.require()
    table = run_bench(
        dict(load_dataset(source) for source in args.datasets),
        backends=args.backends,
        limit=args.limit,
        time_limit=args.time_limit,
        sample=args.sample,
        seed=args.seed,
        workers=args.workers,
        progress=args.progress,
        warmup=args.warmup,
    )
    print(table.summary().to_text(max_rows=None))
    print()
    print(textwrap.fill(LEGEND, width=100))
    if args.csv:
        table.to_csv(args.csv)
    if args.json:
        table.to_json(args.json)
    if args.plot:
        plots.save(table, args.plot)
    return EXIT_OK
