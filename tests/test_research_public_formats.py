"""Readers of the public dataset layouts, on hand-made samples of each layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from sudoku_models import datasets
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.research.public_formats import detect, read_records

PUBLIC = Path(__file__).parent / "data" / "public"
TOP = datasets.load("top95")[:3]


@pytest.mark.parametrize(
    ("name", "layout"),
    [
        ("extreme_sample.csv", "extreme"),
        ("kaggle_1m_sample.csv", "kaggle-1m"),
        ("kaggle_3m_sample.csv", "kaggle-3m"),
    ],
)
def test_csv_layouts(name: str, layout: str) -> None:
    assert detect(PUBLIC / name) == layout
    records = list(read_records(PUBLIC / name))
    assert [r.puzzle for r in records] == TOP
    for r in records:
        assert r.solution is not None and 0 not in r.solution.cells
        assert all(g in (0, s) for g, s in zip(r.puzzle.cells, r.solution.cells))
    if layout == "extreme":
        assert [r.source for r in records] == ["sample0", "sample1", "sample2"]
        assert [r.rating for r in records] == ["0", "7", "14"]


def test_sudoku_bench_records() -> None:
    records = list(read_records(PUBLIC / "sudoku_bench_sample.json"))
    assert [r.source for r in records] == ["classic-9", "classic-6", "thermo-4"]
    assert [r.variant for r in records] == [False, False, True]
    assert records[0].puzzle == TOP[0]
    assert (records[1].puzzle.board.box_rows, records[1].puzzle.board.box_cols) == (2, 3)
    assert records[2].solution is None


def test_bad_files(tmp_path: Path) -> None:
    unknown = tmp_path / "x.csv"
    unknown.write_text("a,b\n1,2\n")
    with pytest.raises(ValueError, match="unknown CSV header"):
        detect(unknown)
    short = tmp_path / "y.csv"
    short.write_text("quizzes,solutions\n" + "1" * 80 + ",\n")
    with pytest.raises(InvalidPuzzleError, match="line 2"):
        list(read_records(short))
    missing = tmp_path / "z.json"
    missing.write_text('[{"rows": 9, "cols": 9}]')
    with pytest.raises(InvalidPuzzleError, match="no 'initial_board' field"):
        list(read_records(missing))
