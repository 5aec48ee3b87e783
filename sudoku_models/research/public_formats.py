"""Readers for the layouts that public Sudoku datasets are published in.

Each reader yields :class:`Record` s (givens, solution when the file has one, where the row came
from, the file's own rating), so existing sets can be relabelled, deduplicated and re-split:

- ``extreme``: the Sudoku-Extreme CSV (header ``source,question,answer,rating``; ``.`` blank,
  ``rating`` the backtrack count of the solver that made the set);
- ``kaggle-1m``: the "1 million Sudoku games" CSV (``quizzes,solutions``; ``0`` blank);
- ``kaggle-9m``: the "9 million Sudoku puzzles and solutions" CSV (``puzzle,solution``);
- ``kaggle-3m``: the "3 million Sudoku puzzles with ratings" CSV
  (``id,puzzle,solution,clues,difficulty``; ``.`` blank);
- ``sudoku-bench``: Sudoku-Bench's JSON records (a JSON list, or one object a line), with
  ``puzzle_id``, ``initial_board`` (``.`` blank), ``solution``, ``rows``, ``cols`` and the
  variant rules in ``rules`` and ``visual_elements``. A record with visual elements or rule text
  beyond the classic rules is a variant; its marks cannot be read from these fields, so the
  reader yields it with ``variant`` set and the builder refuses to treat it as classic.

:func:`detect` picks the layout from a CSV header or a JSON file's first record.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass

from ..board import Board
from ..errors import InvalidPuzzleError
from ..puzzle import Puzzle

#: CSV layouts by their header.
CSV_LAYOUTS = {
    ("source", "question", "answer", "rating"): "extreme",
    ("quizzes", "solutions"): "kaggle-1m",
    ("puzzle", "solution"): "kaggle-9m",
    ("id", "puzzle", "solution", "clues", "difficulty"): "kaggle-3m",
}

#: Every layout :func:`read_records` knows.
LAYOUTS = (*CSV_LAYOUTS.values(), "sudoku-bench")


@dataclass(frozen=True)
class Record:
    """One puzzle of a dataset: ``source`` says where it came from (a file's own id column, or
    ``file:line``), ``rating`` is the file's own difficulty (kept for comparison), ``variant``
    marks a Sudoku-Bench record with rules beyond the classic ones."""

    puzzle: Puzzle
    solution: Puzzle | None
    source: str
    rating: str = ""
    variant: bool = False


def detect(path: str | os.PathLike[str]) -> str:
    """The layout of the file at ``path`` (a ``LAYOUTS`` name); ValueError when none fits."""
    with open(path, encoding="utf-8") as handle:
        head = handle.read(4096)
    if head.lstrip().startswith(("[", "{")):
        return "sudoku-bench"
    first = next(csv.reader(io.StringIO(head)), [])
    layout = CSV_LAYOUTS.get(tuple(cell.strip().lower() for cell in first))
    if layout is None:
        known = "; ".join(",".join(h) for h in CSV_LAYOUTS)
        raise ValueError(f"{path}: unknown CSV header {','.join(first)!r}; known: {known}")
    return layout


def read_records(path: str | os.PathLike[str], layout: str | None = None) -> Iterator[Record]:
    """The records of a public dataset file, in file order (``layout`` detected when None)."""
    layout = layout or detect(path)
    if layout == "sudoku-bench":
        yield from _bench_records(path)
        return
    if layout not in CSV_LAYOUTS.values():
        raise ValueError(f"unknown layout {layout!r}; known: {', '.join(LAYOUTS)}")
    name = os.path.basename(os.fspath(path))
    with open(path, encoding="utf-8", newline="") as handle:
        rows = csv.reader(handle)
        next(rows, None)
        for number, row in enumerate(rows, start=2):
            try:
                yield _csv_record(layout, row, f"{name}:{number}")
            except InvalidPuzzleError as exc:
                raise exc.located(f"{path}, line {number}") from None


def _csv_record(layout: str, row: list[str], where: str) -> Record:
    if layout == "extreme":
        source, question, answer, rating = _fields(row, 4)
        return Record(_grid(question), _grid(answer), source or where, rating)
    if layout == "kaggle-3m":
        ident, question, answer, _, rating = _fields(row, 5)
        return Record(_grid(question), _grid(answer), ident or where, rating)
    question, answer = _fields(row, 2)
    return Record(_grid(question), _grid(answer), where)


def _fields(row: list[str], k: int) -> list[str]:
    if len(row) != k:
        raise InvalidPuzzleError(f"expected {k} fields, got {len(row)}")
    return [cell.strip() for cell in row]


def _grid(text: str, box: tuple[int, int] | None = None) -> Puzzle:
    return Puzzle.parse(text.replace("0", "."), box=box)


def _bench_records(path: str | os.PathLike[str]) -> Iterator[Record]:
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    stripped = text.lstrip()
    if stripped.startswith("["):
        items = json.loads(text)
    else:
        items = [json.loads(line) for line in text.splitlines() if line.strip()]
    for number, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            raise InvalidPuzzleError(f"{path}, record {number}: not a JSON object")
        try:
            rows, cols = int(item["rows"]), int(item["cols"])
            board = Board.for_digits(rows)
            if rows != cols:
                raise InvalidPuzzleError(f"a {rows}x{cols} grid is not square")
            box = (board.box_rows, board.box_cols)
            puzzle = _grid(str(item["initial_board"]), box)
            solution = _grid(str(item["solution"]), box) if item.get("solution") else None
        except KeyError as missing:
            raise InvalidPuzzleError(f"{path}, record {number}: no {missing} field") from None
        except InvalidPuzzleError as exc:
            raise exc.located(f"{path}, record {number}") from None
        source = str(item.get("puzzle_id") or f"{os.path.basename(os.fspath(path))}:{number}")
        yield Record(puzzle, solution, source, variant=_is_variant(item))


def _is_variant(item: dict[str, object]) -> bool:
    """True when the record draws marks or states rules beyond "normal sudoku rules apply"."""
    elements = item.get("visual_elements")
    if isinstance(elements, str):
        elements = json.loads(elements) if elements.strip() else []
    if elements:
        return True
    rules = " ".join(str(item.get("rules") or "").lower().split())
    return rules not in ("", "normal sudoku rules apply.", "normal sudoku rules apply")
