"""The ``sudoku-models`` command line: one module a subcommand, each with ``add_parser``, ``run``.

Exit codes: 0 solved, 1 no solution (or none found in time), 2 bad input.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module

from ..errors import SudokuModelsError

#: Subcommand modules of this package, in the order ``--help`` lists them.
COMMANDS = ("solve", "count", "candidates", "solvers", "bench", "generate", "rate", "hint")

EXIT_OK = 0
EXIT_NO_SOLUTION = 1
EXIT_BAD_INPUT = 2
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool cut off by its reader


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    from .. import __version__

    parser = argparse.ArgumentParser(
        prog="sudoku-models",
        description="Model and solve Sudoku as a constraint problem with several backends.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in COMMANDS:
        import_module(f"{__name__}.{name}").add_parser(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.run(args))
    except BrokenPipeError:
        # The reader went away (``... | head``): stop quietly, as a shell tool does on SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except (SudokuModelsError, ValueError, OSError) as exc:
        print(f"sudoku-models: error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("sudoku-models: interrupted", file=sys.stderr)
        return 130
