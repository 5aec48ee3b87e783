"""``sudoku-models serve``: the interactive board as a page on 127.0.0.1."""

from __future__ import annotations

import argparse
from typing import Any

from . import EXIT_OK
from .inputs import add_time_limit


def add_parser(commands: Any) -> None:
    """Register the ``serve`` subcommand."""
    parser = commands.add_parser(
        "serve",
        help="open the interactive board in a web browser",
        description=(
            "Serve the interactive board on 127.0.0.1 (this machine only) and open it in the "
            "browser. Ctrl+C stops the server."
        ),
    )
    parser.add_argument(
        "puzzle",
        nargs="?",
        default=None,
        help="a puzzle to open (optional): a line of digits, or an f-puzzles, SudokuPad or ISS "
        "link or text",
    )
    parser.add_argument("-p", "--port", type=int, default=8000, help="port (0: any free port)")
    parser.add_argument(
        "--no-browser", dest="browser", action="store_false", help="do not open a browser"
    )
    add_time_limit(parser, "per search the board asks for", 10.0)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    from ..interactive.server import serve
    from ..interactive.sources import read_rules

    if not 0 <= args.port <= 65535:
        raise ValueError(f"--port must be 0..65535, got {args.port}")
    if args.puzzle is not None:
        read_rules(args.puzzle)  # a bad puzzle is exit code 2 here, not an error in the page
    try:
        serve(args.port, args.browser, args.time_limit, args.puzzle)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    return EXIT_OK
