"""The ``sudoku-models`` command line: one module a subcommand (``export`` holds the two export
commands), each with ``add_parser`` and ``run``.

Exit codes: 0 done, 1 no solution (or none found in time, or a puzzle that cannot be rated or
hinted), 2 bad input, told in one line on stderr, 3 an internal error (a bug), also in one line.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import import_module
from typing import NoReturn

from ..errors import SudokuModelsError, printable

#: Subcommand modules of this package, in the order ``--help`` lists them.
COMMANDS = (
    "solve",
    "count",
    "candidates",
    "check",
    "export",
    "solvers",
    "bench",
    "generate",
    "rate",
    "hint",
    "steps",
    "why",
    "serve",
    "dataset",
    "read",
    "trace",
    "render",
    "judge",
)

#: Done.
EXIT_OK = 0
#: No solution, or none found in time.
EXIT_NO_SOLUTION = 1
#: Bad input, told in one line.
EXIT_BAD_INPUT = 2
#: A bug: one line naming the exception, never taken for "no solution".
EXIT_INTERNAL_ERROR = 3
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE, what a shell reports for a tool cut off by its reader


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes read like the others: one line on stderr, exit 2.

    The usage stays on ``--help``; the error line says where to look for it.
    """

    def error(self, message: str) -> NoReturn:
        """Print ``message`` as one line and exit with :data:`EXIT_BAD_INPUT`."""
        message = printable(message)
        self.exit(EXIT_BAD_INPUT, f"sudoku-models: error: {message} (see: {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    from .. import __version__

    parser = Parser(
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
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a mistake already reported in one line
        return done.code if isinstance(done.code, int) else EXIT_BAD_INPUT
    try:
        return int(args.run(args))
    except BrokenPipeError:
        # The reader went away (``... | head``): stop quietly, as a shell tool does on SIGPIPE.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except (SudokuModelsError, ValueError, OSError) as exc:
        print(f"sudoku-models: error: {printable(str(exc))}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except KeyboardInterrupt:
        print("sudoku-models: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug: never exit 1, which scripts read as "no solution"
        print(
            f"sudoku-models: internal error: {type(exc).__name__}: {printable(str(exc))}",
            file=sys.stderr,
        )
        return EXIT_INTERNAL_ERROR
