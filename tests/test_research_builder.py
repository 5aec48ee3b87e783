"""The seeded builder: same bytes for the same seed on any number of workers, no leaks."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import numpy as np
import pytest

from sudoku_models.errors import InvalidPuzzleError, MissingDependencyError
from sudoku_models.puzzle import Puzzle
from sudoku_models.research.builder import build, check_output, load_source
from sudoku_models.research.canonical import canonical_lines
from sudoku_models.research.public_formats import Record
from sudoku_models.research.verify import verify

PUBLIC = Path(__file__).parent / "data" / "public"


def _digest(directory: Path, files: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    for name in files:
        h.update(name.encode())
        h.update((directory / name).read_bytes())
    return h.hexdigest()


def test_same_seed_same_bytes_on_one_and_two_workers(tmp_path: Path) -> None:
    records = load_source("top95")
    digests = set()
    for workers in (1, 2):
        out = tmp_path / f"w{workers}"
        built = build(
            records, out, augment=5, seed=7, test_share=0.25, workers=workers,
            formats=("jsonl", "csv", "npy"),
        )  # fmt: skip
        digests.add(_digest(out, built.files))
    assert len(digests) == 1
    other = build(records, tmp_path / "other", augment=5, seed=8, test_share=0.25)
    assert _digest(tmp_path / "other", other.files) not in digests


def _split(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_splits_share_no_puzzle_up_to_symmetry(tmp_path: Path) -> None:
    built = build(load_source("royle17_300"), tmp_path, augment=3, seed=2, test_share=0.3)
    train, test = _split(tmp_path / "train.jsonl"), _split(tmp_path / "test.jsonl")
    assert built.counts["test"] == round(0.3 * (300 - built.counts["duplicates"]))
    train_forms = set(canonical_lines(Puzzle.parse(r["puzzle"]) for r in train))
    test_forms = set(canonical_lines(Puzzle.parse(r["puzzle"]) for r in test))
    assert not train_forms & test_forms
    assert len(test_forms) == len(test)  # no two test puzzles are copies either


def test_copies_are_symmetric_copies_with_their_solutions(tmp_path: Path) -> None:
    build(load_source("top95"), tmp_path, augment=4, seed=3, formats=("jsonl", "npy"))
    rows = _split(tmp_path / "train.jsonl")
    assert [r["augmentation"] for r in rows[:6]] == [0, 1, 2, 3, 4, 0]
    for group in (rows[:5], rows[5:10]):
        puzzles = [Puzzle.parse(r["puzzle"]) for r in group]
        assert len(set(canonical_lines(puzzles))) == 1
        assert canonical_lines(puzzles)[0] == group[0]["canonical"]
        assert len({r["puzzle"] for r in group}) == 5  # the copies differ as written
    grids = np.array([Puzzle.parse(r["puzzle"]).cells for r in rows])
    answers = np.array([Puzzle.parse(r["solution"]).cells for r in rows])
    assert verify(grids, answers).is_solution.all()
    # The array layout: digit + 1, groups of 5 rows, the same rows as the JSON lines.
    inputs = np.load(tmp_path / "train" / "all__inputs.npy")
    labels = np.load(tmp_path / "train" / "all__labels.npy")
    groups = np.load(tmp_path / "train" / "all__group_indices.npy")
    assert inputs.dtype == np.uint8 and (inputs - 1 == grids).all()
    assert (labels - 1 == answers).all()
    assert groups.tolist() == list(range(0, len(rows) + 1, 5))
    meta = json.loads((tmp_path / "train" / "dataset.json").read_text())
    assert meta["seq_len"] == 81 and meta["vocab_size"] == 11 and meta["total_groups"] == 94


def test_public_layouts_and_bad_records(tmp_path: Path) -> None:
    built = build(load_source(str(PUBLIC / "extreme_sample.csv")), tmp_path / "a")
    assert built.counts["train"] == 3
    bench = load_source(str(PUBLIC / "sudoku_bench_sample.json"))
    with pytest.raises(InvalidPuzzleError, match="one board"):
        build(bench, tmp_path / "b")
    built = build([r for r in bench if r.puzzle.board.n == 6 or r.variant], tmp_path / "c")
    assert built.counts["variants_skipped"] == 1 and built.counts["train"] == 1
    wrong = Record(Puzzle.parse(bench[0].puzzle.to_line()), bench[0].puzzle, "wrong")
    with pytest.raises(InvalidPuzzleError, match="not the puzzle's solution"):
        build([wrong], tmp_path / "d")
    loose = Record(Puzzle.parse("." * 81), None, "empty")
    assert build([loose, *load_source("easy50")], tmp_path / "e").counts["not_unique"] == 1


def test_generated_source_and_options(tmp_path: Path) -> None:
    records = load_source("generate:4", seed=5, box=(2, 3), difficulty="easy")
    assert [r.source for r in records] == [f"generated:{k}" for k in range(5, 9)]
    built = build(records, tmp_path, augment=2, seed=1, formats=("csv",))
    header = (tmp_path / "train.csv").read_text().splitlines()[0]
    assert header == "id,puzzle,solution,group,augmentation,source,canonical"
    assert built.counts["train_rows"] == 3 * built.counts["train"]
    with pytest.raises(ValueError, match="unknown format"):
        build(records, tmp_path, formats=("xlsx",))
    with pytest.raises(ValueError, match="no source"):
        load_source("no-such-file.txt")
    with pytest.raises(ValueError, match="classic puzzles only"):
        load_source("generate:2", variant="killer")


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is None, reason="pyarrow not installed")
def test_parquet(tmp_path: Path) -> None:
    import pyarrow.parquet

    build(load_source("top95"), tmp_path, augment=1, formats=("parquet",))
    table = pyarrow.parquet.read_table(tmp_path / "train.parquet")
    assert table.num_rows == 2 * 94


@pytest.mark.skipif(importlib.util.find_spec("pyarrow") is not None, reason="pyarrow installed")
def test_parquet_without_pyarrow_names_the_extra(tmp_path: Path) -> None:
    with pytest.raises(MissingDependencyError, match="parquet"):
        build(load_source("top95"), tmp_path, formats=("parquet",))


def test_bounds_and_output_checked_before_any_work(tmp_path: Path) -> None:
    records = load_source("top95")
    with pytest.raises(ValueError, match="augment must be a whole number from 0 to 10,000"):
        build(records, tmp_path / "a", augment=100_000)
    with pytest.raises(ValueError, match="make over 20,000,000 rows"):
        build(records * 3000, tmp_path / "b", augment=100)
    with pytest.raises(ValueError, match="a count from 1 to 100,000"):
        load_source("generate:1000000000")
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()
    out = tmp_path / "out"
    build(records, out, formats=("csv",))
    with pytest.raises(FileExistsError, match="exists; pass --force"):
        check_output(out, ("csv",))
    (out / "test.csv").unlink()
    (out / "test.csv").symlink_to(tmp_path / "elsewhere.csv")
    with pytest.raises(FileExistsError, match="symbolic link"):
        build(records, out, formats=("csv",), force=True)
    assert not (tmp_path / "elsewhere.csv").exists()
