"""``sudoku-models read``: what the package reads in a puzzle file, from where, and what is left."""

from __future__ import annotations

import argparse
import dataclasses
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from . import EXIT_OK
from .inputs import PUZZLE_FORMS, TEXT_OR_JSON, add_time_limit, one_puzzle
from .variant_args import add_reading_flags, read_within

if TYPE_CHECKING:
    from ..formats.base import Read
    from ..variants import Variant


def add_parser(commands: Any) -> None:
    """Register the ``read`` subcommand."""
    parser = commands.add_parser(
        "read",
        help="show the rules read from a puzzle's keys and from its rules text, and what is left",
        description=(
            "Read PUZZLE (an f-puzzles, SudokuPad or ISS link, f-puzzles JSON or a .json/.iss "
            "file, a plain grid, or - for standard input) and show what was read: the rules its "
            "keys carry, the rules read from its rules text and drawn marks (each with the "
            "sentence it came from and whether the solution the file embeds confirms it), and "
            "the warnings about what no rule explains. Exit code 0, or 2 for bad input or a "
            "reading stopped by the time limit."
        ),
    )
    parser.add_argument("puzzle", metavar="PUZZLE", help=PUZZLE_FORMS)
    parser.add_argument(
        "-f", "--format", choices=("text", "json"), default="text", help=TEXT_OR_JSON
    )
    add_reading_flags(parser)
    add_time_limit(parser, "for reading the puzzle, choosing between readings included")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Read the puzzle and print what was read."""
    read = read_within(one_puzzle(args.puzzle), args)
    report = describe(read)
    if args.format == "json":
        print(json.dumps(report))
    else:
        print(to_text(report))
    return EXIT_OK


def describe(read: Read) -> dict[str, Any]:
    """What ``read`` holds, as JSON-friendly data: format, metadata, the rules of the keys,
    the readings, and the warnings."""
    from_text = {id(v) for r in read.readings for v in r.variants}
    keys = [v.describe() for v in read.model.variants if id(v) not in from_text]
    return {
        "format": read.format,
        "title": read.title,
        "author": read.author,
        "size": read.model.n,
        "givens": sum(1 for d in read.model.givens if d),
        "solution embedded": read.solution is not None,
        "keys": keys,
        "readings": [
            {
                "rule": r.kind,
                "marks": r.marks or "the whole grid",
                "rules": len(r.variants),
                "from": r.sentence,
                "status": r.status,
                **({"also fits": list(r.others)} if r.others else {}),
                **({"chosen": r.picked} if r.picked else {}),
                **({"parts": parts} if (parts := composed_parts(r.variants)) else {}),
            }
            for r in read.readings
        ],
        "warnings": list(read.warnings),
    }


def composed_parts(rules: Sequence[Variant]) -> list[dict[str, Any]]:
    """The parts of each rule among ``rules`` composed from parts
    (:class:`~sudoku_models.variants.composed.Composed`): its fields as JSON (cells and clue
    0-based ``[row, column]``), from which ``Composed(**parts)`` rebuilds it once the lists are
    made tuples; a mark read as one of several such rules
    (:class:`~sudoku_models.variants.composed.OneOf`) as
    ``{"one of": [parts, ...]}``."""
    from ..variants.composed import Composed, OneOf

    def plain(value: Any) -> Any:
        return [plain(v) for v in value] if isinstance(value, tuple) else value

    def fields(rule: Composed) -> dict[str, Any]:
        return {f.name: plain(getattr(rule, f.name)) for f in dataclasses.fields(rule)}

    return [
        fields(rule) if isinstance(rule, Composed) else {"one of": [fields(r) for r in rule.rules]}
        for rule in rules
        if isinstance(rule, (Composed, OneOf))
    ]


def to_text(report: dict[str, Any]) -> str:
    """The report of :func:`describe` as lines for a person."""
    title = report["title"] or "(no title)"
    by = f" by {report['author']}" if report["author"] else ""
    lines = [
        f"{title}{by}: {report['format']}, {report['size']}x{report['size']}, "
        f"{report['givens']} givens, "
        + ("a solution embedded" if report["solution embedded"] else "no solution embedded")
    ]
    keys = report["keys"]
    lines.append(f"from the keys: {len(keys)} rule(s)")
    lines += [f"  {k}" for k in keys[:12]]
    if len(keys) > 12:
        lines.append(f"  ... and {len(keys) - 12} more (--format json lists them all)")
    lines.append(f"read from the rules text: {len(report['readings'])} reading(s)")
    for r in report["readings"]:
        also = f" (also fits: {', '.join(r['also fits'])})" if "also fits" in r else ""
        lines.append(f"  {r['rule']} on {r['marks']}: {r['status']}{also}")
        lines.append(f'    from "{r["from"]}"')
        if "chosen" in r:
            lines.append(f"    {r['chosen']}")
    lines.append(f"left: {len(report['warnings'])} warning(s)")
    lines += [f"  {w}" for w in report["warnings"]]
    return "\n".join(lines)
