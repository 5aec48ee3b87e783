"""The ``--time-limit`` of a command over one puzzle in a rich format: reading it counts too.

The limit is the cooperative one of :mod:`sudoku_models.deadline`: it holds in any thread and
leaves the process's signals alone.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from contextlib import contextmanager

from .. import deadline
from .variant_args import is_rich


@contextmanager
def per_puzzle(args: argparse.Namespace) -> Iterator[None]:
    """Hold ``-t`` over the whole command when its input is one puzzle in a rich format (a
    link, rules text, a ``.json`` or ``.iss`` file), so that reading the puzzle and choosing
    its readings count against the limit like the work on it. A plain list of puzzles is
    limited puzzle by puzzle where the work is done."""
    rich = args.puzzle is not None and is_rich(args.puzzle)
    with deadline.within(args.time_limit if rich else None):
        yield
