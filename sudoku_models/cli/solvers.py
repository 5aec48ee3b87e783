"""``sudoku-models solvers``: list the backends, their variants, availability and versions."""

from __future__ import annotations

import argparse
import re
from typing import Any

from ..solvers import available_solvers
from . import EXIT_OK


def add_parser(commands: Any) -> None:
    """Register the ``solvers`` subcommand."""
    parser = commands.add_parser("solvers", help="list backends, availability and versions")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one block per backend."""
    for info in available_solvers():
        if info.available:
            state = f"installed, version {info.version}" if info.version else "installed"
        elif info.requires:
            state = f"not installed: pip install {info.requires}"
        else:
            state = "not available"
        print(f"{info.name}: {plain(info.description)}")
        print(f"  {state}")
        if info.variants:
            print(f"  variants: {', '.join(info.variants)} (default {info.variants[0]})")
    return EXIT_OK


def plain(text: str) -> str:
    """A docstring line without reStructuredText markup: ````fast```` and ``:class:`Solver``` read
    as ``fast`` and ``Solver``.

    >>> plain("Pure Python; ``fast``, the default, uses :class:`~pkg.Board`.")
    'Pure Python; fast, the default, uses Board.'
    """
    text = re.sub(r":[a-z]+:`~?(?:[\w.]*\.)?([^`]+)`", r"\1", text)
    return re.sub(r"``?([^`]+)``?", r"\1", text)
