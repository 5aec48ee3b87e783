"""A seeded dataset builder: puzzles in, train and test splits with augmented copies out.

:func:`build` takes :class:`~sudoku_models.research.public_formats.Record` s (from
:func:`load_source`: a shipped set, a file in any known layout, or freshly generated puzzles)
and:

1. solves each puzzle with the compiled search, keeping those with exactly one solution (a
   solution the source gives must be that one, or the build stops naming the record);
2. drops every puzzle whose canonical form an earlier one has (a copy under symmetry);
3. splits the rest at random, so no test puzzle is a symmetric copy of a training puzzle;
4. writes each training puzzle followed by ``augment`` random symmetric copies of it (puzzle
   and solution moved together), and each test puzzle once.

The same ``seed`` gives byte-identical files whatever the number of ``workers``: the split is
one seeded permutation, and the copies of the puzzle at position ``u`` of the deduplicated list
are drawn from their own stream, ``numpy.random.default_rng([seed, u])``; workers only share
out the canonical forms and the copies, whose order is fixed before they start. Output, in
``directory``:

- ``train.jsonl`` / ``test.jsonl``: one object a line with ``id``, ``puzzle``, ``solution``
  (one line each, ``.`` blank), ``group`` (the original puzzle's position), ``augmentation``
  (0 for the original), ``source`` and ``canonical`` (the original's canonical form);
- ``train.csv`` / ``test.csv``: the same columns; ``train.parquet`` / ``test.parquet`` with
  ``pyarrow`` installed (``pip install 'sudoku-models[parquet]'``);
- ``npy``: ``train/`` and ``test/`` in the layout the recursive-reasoning model repositories
  (HRM and its successors) read: ``all__inputs.npy`` and ``all__labels.npy`` (uint8, one row a
  puzzle, each cell's digit plus one, so a blank is 1 and 0 stays free for padding),
  ``all__puzzle_identifiers.npy`` (int32 zeros), ``all__puzzle_indices.npy`` (int32, row
  ``i`` starts at ``i``), ``all__group_indices.npy`` (int32, where each original puzzle's
  rows start, and the end), a ``dataset.json`` (``seq_len`` cells, ``vocab_size`` digits plus
  two, ``pad_id`` 0, ``ignore_label_id`` 0, ...) and ``identifiers.json`` beside them;
- ``manifest.json``: the settings and the counts.
"""

from __future__ import annotations

import csv
import io
import json
import os
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from .. import datasets
from ..board import SYMBOLS, Board
from ..errors import InvalidPuzzleError, MissingDependencyError
from ..limits import MAX_AUGMENT, MAX_GENERATE, MAX_ROWS, MAX_WORKERS
from .canonical import canonical_array
from .public_formats import Record, detect, read_records
from .symmetry import random_symmetries

#: Output formats :func:`build` writes.
FORMATS = ("jsonl", "csv", "parquet", "npy")

#: Rows per task when workers share out canonical forms and copies.
CHUNK = 256

_SYMBOL_CODES = np.frombuffer(SYMBOLS.encode(), dtype=np.uint8)


@dataclass(frozen=True)
class Built:
    """What :func:`build` wrote: the directory, the files, and the counts (records read,
    variants skipped, puzzles without exactly one solution, symmetric copies dropped, puzzles
    and rows per split)."""

    directory: Path
    files: tuple[str, ...]
    counts: dict[str, int] = field(default_factory=dict)


def load_source(
    spec: str,
    seed: int = 0,
    box: tuple[int, int] | None = None,
    workers: int = 1,
    **generate_options: Any,
) -> list[Record]:
    """The records of ``spec``: a shipped set's name, ``generate:N`` (``N`` puzzles from the
    generator, seeds ``seed``, ``seed + 1``, ..., with ``generate_options`` such as
    ``difficulty`` and ``symmetry``), or a file: a public layout
    (:mod:`~sudoku_models.research.public_formats`) or one puzzle a line."""
    if spec in datasets.NAMES:
        return [Record(p, None, f"{spec}:{k}") for k, p in enumerate(datasets.load(spec))]
    if spec.startswith("generate:"):
        count = generate_count(spec)
        if generate_options.get("variant") is not None:
            raise ValueError(
                "the builder writes classic puzzles only: a variant's marks have no place in "
                "these formats"
            )
        from ..generator import generate_many

        made = generate_many(
            count, seed=seed, box=box or (3, 3), workers=workers if workers > 1 else None,
            progress=False, **generate_options,
        )  # fmt: skip
        return [Record(g.puzzle, g.solution, f"generated:{g.seed}") for g in made]
    if not os.path.exists(spec):
        raise ValueError(
            f"no source {spec!r}: give a file, generate:N, or a shipped set "
            f"({', '.join(datasets.NAMES)})"
        )
    try:
        layout = detect(spec)
    except ValueError:
        layout = None
    if layout is not None:
        return list(read_records(spec, layout))
    name = os.path.basename(spec)
    return [Record(p, None, f"{name}:{k}") for k, p in enumerate(datasets.iter_puzzles(spec, box))]


def generate_count(spec: str) -> int:
    """The ``N`` of ``generate:N``, checked against :data:`MAX_GENERATE`."""
    text = spec.partition(":")[2]
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 1 <= value <= MAX_GENERATE:
        raise ValueError(f"generate:N needs a count from 1 to {MAX_GENERATE:,}, got {text!r}")
    return value


def check_counts(augment: int, workers: int, records: int | None = None) -> None:
    """Refuse counts outside their bounds (:data:`MAX_AUGMENT`, :data:`MAX_WORKERS`, and
    :data:`MAX_ROWS` for ``records`` puzzles each written ``augment + 1`` times) before any
    work starts."""
    for name, value, low, high in (
        ("augment", augment, 0, MAX_AUGMENT),
        ("workers", workers, 1, MAX_WORKERS),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"{name} must be a whole number from {low} to {high:,}, got {value!r}")
    if records is not None and records * (augment + 1) > MAX_ROWS:
        raise ValueError(
            f"{records:,} puzzles with {augment:,} copies each make over {MAX_ROWS:,} rows; "
            "ask for fewer copies or split the source"
        )


def check_output(
    directory: str | os.PathLike[str], formats: Sequence[str], force: bool = False
) -> None:
    """Refuse an output directory that is a symbolic link, any file a build would write that is
    a link (even with ``force``), and any that exists already unless ``force``."""
    out = Path(directory)
    if out.is_symlink():
        raise FileExistsError(f"{out} is a symbolic link; give a real directory to write into")
    if out.exists() and not out.is_dir():
        raise FileExistsError(f"{out} exists and is not a directory")
    for name in _targets(formats):
        path = out / name
        if path.is_symlink():
            raise FileExistsError(f"{path} is a symbolic link; the build writes through none")
        if path.exists() and not force:
            raise FileExistsError(f"{path} exists; pass --force (force=True) to overwrite it")


def _targets(formats: Sequence[str]) -> list[str]:
    """Every path, relative to the output directory, a build in ``formats`` writes."""
    names = ["manifest.json"]
    for fmt in formats:
        for split in ("train", "test"):
            if fmt == "npy":
                names.append(split)
                names += [f"{split}/all__{a}.npy" for a in _NPY_ARRAYS]
                names.append(f"{split}/dataset.json")
            else:
                names.append(f"{split}.{fmt}")
        if fmt == "npy":
            names.append("identifiers.json")
    return names


def _create(path: Path, binary: bool = False) -> Any:
    """``path`` opened for writing, after :func:`_free_targets`: an existing file is replaced,
    a symbolic link is never followed."""
    if path.is_symlink():
        raise FileExistsError(f"{path} is a symbolic link; the build writes through none")
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o666)
    if binary:
        return os.fdopen(fd, "wb")
    return os.fdopen(fd, "w", encoding="utf-8", newline="\n")


def build(
    records: Sequence[Record],
    directory: str | os.PathLike[str],
    *,
    augment: int = 0,
    seed: int = 0,
    test_share: float = 0.0,
    workers: int = 1,
    formats: Sequence[str] = ("jsonl",),
    source: str = "",
    force: bool = False,
) -> Built:
    """Build train and test splits of ``records`` into ``directory``; see the module docstring.

    Nothing is written through a symbolic link, and no existing file is replaced unless
    ``force`` (both checked before any work starts, as are the bounds of
    :func:`check_counts`).

    >>> import tempfile
    >>> from sudoku_models.research.builder import load_source
    >>> with tempfile.TemporaryDirectory() as out:
    ...     built = build(load_source("top95"), out, augment=2, seed=1, test_share=0.2)
    >>> built.counts["train"], built.counts["test"], built.counts["train_rows"]
    (75, 19, 225)
    """
    check_counts(augment, workers, len(records))
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise ValueError(f"seed must be an int >= 0, got {seed!r}")
    if not 0.0 <= test_share <= 1.0:
        raise ValueError(f"test share must be between 0 and 1, got {test_share}")
    unknown = [f for f in formats if f not in FORMATS]
    if unknown or not formats:
        raise ValueError(f"unknown format {unknown or formats!r}; known: {', '.join(FORMATS)}")
    if "parquet" in formats:
        _pyarrow()
    out = Path(directory)
    check_output(out, formats, force)
    classic = [r for r in records if not r.variant]
    counts = {"read": len(records), "variants_skipped": len(records) - len(classic)}
    if not classic:
        raise InvalidPuzzleError("no classic puzzle to build from")
    board = classic[0].puzzle.board
    if any(r.puzzle.board != board for r in classic):
        raise InvalidPuzzleError("a dataset needs puzzles of one board; this source mixes sizes")
    box = (board.box_rows, board.box_cols)
    puzzles = np.array([r.puzzle.cells for r in classic], dtype=np.uint8)
    solutions, unique = _solutions(classic, puzzles, box, workers)
    counts["not_unique"] = int((~unique).sum())
    kept = np.nonzero(unique)[0]
    forms = _in_chunks(lambda rows: canonical_array(rows, box), puzzles[kept], workers)
    _, first = np.unique(forms, axis=0, return_index=True)
    first.sort()
    counts["duplicates"] = len(kept) - len(first)
    kept, forms = kept[first], forms[first]
    order = np.random.default_rng(seed).permutation(len(kept))
    cut = round(test_share * len(kept))
    splits = {"train": np.sort(order[cut:]), "test": np.sort(order[:cut])}
    out.mkdir(parents=True, exist_ok=True)
    files: list[str] = []
    for split, positions in splits.items():
        copies = augment if split == "train" else 0
        rows = _rows(board, puzzles, solutions, kept, positions, copies, seed, workers)
        text = {
            "source": [classic[int(kept[u])].source for u in positions],
            "canonical": _lines(forms[positions]),
        }
        counts[split] = len(positions)
        counts[f"{split}_rows"] = len(rows["puzzle"])
        for fmt in formats:
            files += _WRITERS[fmt](out, split, board, rows, text)
    manifest = {
        "source": source,
        "seed": seed,
        "augment": augment,
        "test_share": test_share,
        "box": list(box),
        "formats": list(formats),
        "counts": counts,
    }
    with _create(out / "manifest.json") as handle:
        handle.write(json.dumps(manifest, indent=1) + "\n")
    files.append("manifest.json")
    return Built(out, tuple(dict.fromkeys(files)), counts)


def _solutions(
    records: Sequence[Record], puzzles: Any, box: tuple[int, int], workers: int
) -> tuple[Any, Any]:
    """Each puzzle's solution and whether it is unique; a given solution must be that one."""
    from ..solvers.numba_backend import solve_array

    found = solve_array(puzzles, limit=2, box=box, workers=workers)
    unique = found.counts == 1
    solutions = found.solutions.copy()
    for k, record in enumerate(records):
        given = record.solution
        if given is not None and unique[k] and given.cells != tuple(solutions[k].tolist()):
            raise InvalidPuzzleError(
                f"record {record.source}: the solution given is not the puzzle's solution"
            )
    return solutions, unique


def _in_chunks(work: Any, rows: Any, workers: int) -> Any:
    """``work`` applied to chunks of ``rows`` on ``workers`` threads, results in row order."""
    chunks = [rows[i : i + CHUNK] for i in range(0, len(rows), CHUNK)] or [rows]
    if workers == 1:
        parts = [work(chunk) for chunk in chunks]
    else:
        with ThreadPoolExecutor(max_workers=workers) as pool:
            parts = list(pool.map(work, chunks))
    return np.concatenate(parts)


def _rows(
    board: Board,
    puzzles: Any,
    solutions: Any,
    kept: Any,
    positions: Any,
    copies: int,
    seed: int,
    workers: int,
) -> dict[str, Any]:
    """The rows of one split: each puzzle at ``positions`` then ``copies`` symmetric copies."""
    size = board.size

    def copies_of(u: int) -> Any:
        """``(2, copies + 1, n * n)``: the puzzle and its solution, then their copies."""
        k = int(kept[u])
        pair = np.stack([puzzles[k], solutions[k]])[:, None, :]
        if not copies:
            return pair
        moves = random_symmetries(board, np.random.default_rng([seed, u]), copies)
        return np.concatenate([pair, moves.images(pair[:, 0, :])], axis=1)

    def chunk(us: Any) -> Any:
        if not len(us):
            return np.zeros((0, 2, size), dtype=np.uint8)
        return np.concatenate([copies_of(int(u)) for u in us], axis=1).transpose(1, 0, 2)

    both = _in_chunks(chunk, np.asarray(positions), workers)
    per = copies + 1
    return {
        "puzzle": both[:, 0, :],
        "solution": both[:, 1, :],
        "group": np.repeat(np.asarray(positions, dtype=np.int64), per),
        "augmentation": np.tile(np.arange(per, dtype=np.int64), len(positions)),
        "per": per,
    }


def _lines(array: Any) -> list[str]:
    """Each row of digits as one line of symbols, ``.`` for blank."""
    if not len(array):
        return []
    width = array.shape[1]
    text = _SYMBOL_CODES[array].tobytes().decode("ascii")
    return [text[i : i + width] for i in range(0, len(text), width)]


def _columns(split: str, rows: dict[str, Any], text: dict[str, list[str]]) -> dict[str, list[Any]]:
    """The table of a split, column by column."""
    per = rows["per"]
    groups = rows["group"].tolist()
    sources = [s for s in text["source"] for _ in range(per)]
    forms = [f for f in text["canonical"] for _ in range(per)]
    if per == 1:
        sources, forms = text["source"], text["canonical"]
    return {
        "id": [f"{split}-{k}" for k in range(len(groups))],
        "puzzle": _lines(rows["puzzle"]),
        "solution": _lines(rows["solution"]),
        "group": groups,
        "augmentation": rows["augmentation"].tolist(),
        "source": sources,
        "canonical": forms,
    }


def _write_jsonl(
    out: Path, split: str, board: Board, rows: dict[str, Any], text: dict[str, list[str]]
) -> list[str]:
    table = _columns(split, rows, text)
    # Every field but the source is a plain string or an int: only the source needs escaping,
    # so each line is one format instead of one json.dumps.
    sources = [json.dumps(s) for s in table["source"]]
    fields = zip(
        table["id"], table["puzzle"], table["solution"], table["group"],
        table["augmentation"], sources, table["canonical"],
    )  # fmt: skip
    with _create(out / f"{split}.jsonl") as handle:
        handle.writelines(
            f'{{"id":"{i}","puzzle":"{p}","solution":"{a}","group":{g},"augmentation":{k},'
            f'"source":{src},"canonical":"{c}"}}\n'
            for i, p, a, g, k, src, c in fields
        )
    return [f"{split}.jsonl"]


def _write_csv(
    out: Path, split: str, board: Board, rows: dict[str, Any], text: dict[str, list[str]]
) -> list[str]:
    table = _columns(split, rows, text)
    # As for JSON lines: only the source may need quoting, done once per value.
    sources = [_csv_field(s) for s in table["source"]]
    fields = zip(
        table["id"], table["puzzle"], table["solution"], table["group"],
        table["augmentation"], sources, table["canonical"],
    )  # fmt: skip
    with _create(out / f"{split}.csv") as handle:
        handle.write(",".join(table) + "\n")
        handle.writelines(f"{i},{p},{a},{g},{k},{src},{c}\n" for i, p, a, g, k, src, c in fields)
    return [f"{split}.csv"]


def _csv_field(value: str) -> str:
    """``value`` as one CSV field, quoted when it needs to be."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow([value])
    return buffer.getvalue()


def _pyarrow() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise MissingDependencyError(
            "Parquet output needs pyarrow: pip install 'sudoku-models[parquet]'"
        ) from None
    return pyarrow


def _write_parquet(
    out: Path, split: str, board: Board, rows: dict[str, Any], text: dict[str, list[str]]
) -> list[str]:
    pyarrow = _pyarrow()
    table = pyarrow.table(_columns(split, rows, text))
    with _create(out / f"{split}.parquet", binary=True) as handle:
        pyarrow.parquet.write_table(table, handle)
    return [f"{split}.parquet"]


def _write_npy(
    out: Path, split: str, board: Board, rows: dict[str, Any], text: dict[str, list[str]]
) -> list[str]:
    where = out / split
    if where.is_symlink():
        raise FileExistsError(f"{where} is a symbolic link; the build writes through none")
    where.mkdir(exist_ok=True)
    count = len(rows["puzzle"])
    groups = len(text["source"])
    arrays = {
        "inputs": (rows["puzzle"] + 1).astype(np.uint8),
        "labels": (rows["solution"] + 1).astype(np.uint8),
        "puzzle_identifiers": np.zeros(count, dtype=np.int32),
        "puzzle_indices": np.arange(count + 1, dtype=np.int32),
        "group_indices": np.arange(0, groups * rows["per"] + 1, rows["per"], dtype=np.int32),
    }
    files = []
    for name in _NPY_ARRAYS:
        with _create(where / f"all__{name}.npy", binary=True) as handle:
            np.save(handle, arrays[name])
        files.append(f"{split}/all__{name}.npy")
    metadata = {
        "pad_id": 0,
        "ignore_label_id": 0,
        "blank_identifier_id": 0,
        "vocab_size": board.n + 2,
        "seq_len": board.size,
        "num_puzzle_identifiers": 1,
        "total_groups": groups,
        "mean_puzzle_examples": 1,
        "sets": ["all"],
    }
    with _create(where / "dataset.json") as handle:
        handle.write(json.dumps(metadata))
    with _create(out / "identifiers.json") as handle:
        handle.write(json.dumps(["<blank>"]))
    return [*files, f"{split}/dataset.json", "identifiers.json"]


#: The arrays of the ``npy`` layout, each in ``all__<name>.npy``.
_NPY_ARRAYS = ("inputs", "labels", "puzzle_identifiers", "puzzle_indices", "group_indices")

_WRITERS = {"jsonl": _write_jsonl, "csv": _write_csv, "parquet": _write_parquet, "npy": _write_npy}
