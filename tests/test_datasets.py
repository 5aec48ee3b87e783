"""The shipped puzzle sets and the reader of puzzle files."""

from __future__ import annotations

import pytest

from sudoku_models import datasets
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status

#: Sizes of the sets as the README beside them states.
SIZES = {"easy50": 50, "top95": 95, "hardest": 11, "hard20": 20, "royle17_300": 300, "sizes": 6}


def test_names():
    assert set(datasets.names()) == set(SIZES)


@pytest.mark.parametrize("name", sorted(SIZES))
def test_every_set_loads_and_each_puzzle_is_unique(name):
    puzzles = datasets.load(name)
    assert len(puzzles) == SIZES[name]
    lines = [
        line.strip()
        for line in datasets.path(name).read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert [p.to_line() for p in puzzles] == lines
    solver = get_solver("backtracking:fast")
    for puzzle in puzzles:
        assert not puzzle.conflicts()
        assert solver.solve(puzzle, limit=2).status is Status.UNIQUE, puzzle.to_line()


#: Puzzles a shipped file holds twice, as its public source does (see the datasets README).
KNOWN_REPEATS = {"easy50": 1}


@pytest.mark.parametrize("name", sorted(SIZES))
def test_no_puzzle_twice(name):
    puzzles = datasets.load(name)
    assert len(puzzles) - len({p.to_line() for p in puzzles}) == KNOWN_REPEATS.get(name, 0)


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest", "hard20", "royle17_300"])
def test_nine_by_nine_sets_are_81_character_lines(name):
    for line in datasets.path(name).read_text(encoding="utf-8").split("\n"):
        if line:
            assert len(line) == 81 and set(line) <= set(".123456789"), line


def test_royle_puzzles_have_17_clues():
    assert {p.clues for p in datasets.load("royle17_300")} == {17}


def test_sizes_has_every_shape():
    assert sorted(p.n for p in datasets.load("sizes")) == [4, 6, 8, 12, 16, 25]


def test_unknown_name():
    with pytest.raises(KeyError, match="easy50"):
        datasets.path("nope")


def test_iter_puzzles_skips_comments_and_blank_lines(tmp_path):
    file = tmp_path / "few.txt"
    file.write_text(
        "# a comment\n\n.1.....4....34..\n   \n  # indented comment\n12..34..........\n",
        encoding="utf-8",
    )
    puzzles = list(datasets.iter_puzzles(file))
    assert [p.to_line() for p in puzzles] == [".1.....4....34..", "12..34.........."]
    assert list(datasets.iter_puzzles(str(file), box=(2, 2))) == puzzles


def test_iter_puzzles_names_the_bad_line(tmp_path):
    file = tmp_path / "bad.txt"
    file.write_text(".1.....4....34..\n# note\n.1.....4....34.x\n", encoding="utf-8")
    reader = datasets.iter_puzzles(file)
    assert next(reader) == Puzzle.parse(".1.....4....34..")
    with pytest.raises(InvalidPuzzleError, match=r"bad\.txt, line 3: .*'x'.*row 4, column 4"):
        next(reader)


def test_iter_puzzles_with_a_box_that_does_not_fit(tmp_path):
    file = tmp_path / "six.txt"
    file.write_text("." * 36 + "\n", encoding="utf-8")
    assert next(datasets.iter_puzzles(file, box=(3, 2))).board.box_rows == 3
    with pytest.raises(InvalidPuzzleError, match="line 1"):
        next(datasets.iter_puzzles(file, box=(3, 3)))


def test_a_bad_line_keeps_its_cell_in_the_error(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text("." * 81 + "\n" + "." * 40 + "?" + "." * 40 + "\n", encoding="utf-8")
    with pytest.raises(InvalidPuzzleError) as caught:
        list(datasets.iter_puzzles(path))
    assert "line 2" in str(caught.value)
    assert (caught.value.row, caught.value.col) == (4, 4)
