"""The batch verifier against hand-made wrong answers."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sudoku_models import datasets
from sudoku_models.api import count_solutions, solve
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle
from sudoku_models.research.verify import (
    check_partial,
    clash_free,
    grid_bytes,
    grid_rows,
    read_grid_file,
    read_grid_lines,
    verify,
)

PUZZLE = datasets.load("top95")[0]
SOLUTION = solve(PUZZLE).solution


def _rows(*grids: tuple[int, ...]) -> np.ndarray:
    return np.array(grids, dtype=np.uint8)


def _wrong_answers() -> dict[str, tuple[int, ...]]:
    """Each kind of mistake, made by hand from the solution."""
    grid = list(SOLUTION.cells)
    open_cells = [i for i, d in enumerate(PUZZLE.cells) if d == 0]
    repeated = grid.copy()
    i = open_cells[0]
    repeated[i] = grid[i + 1] if i % 9 < 8 else grid[i - 1]  # a digit twice in a row
    # A valid grid whose given differs: two digits swapped everywhere (still a valid grid).
    a = PUZZLE.cells[next(i for i, d in enumerate(PUZZLE.cells) if d)]
    b = next(d for d in range(1, 10) if d != a)
    changed = [b if d == a else a if d == b else d for d in grid]
    blank = grid.copy()
    blank[open_cells[1]] = 0
    return {"repeated": tuple(repeated), "changed given": tuple(changed), "blank": tuple(blank)}


def test_right_and_wrong_answers() -> None:
    wrong = _wrong_answers()
    answers = _rows(SOLUTION.cells, wrong["repeated"], wrong["changed given"], wrong["blank"])
    puzzles = _rows(*[PUZZLE.cells] * 4)
    for solutions in (None, _rows(*[SOLUTION.cells] * 4)):
        for compiled in (True, False):
            v = verify(puzzles, answers, solutions, compiled=compiled)
            assert v.valid.tolist() == [True, False, True, False]
            assert v.givens_kept.tolist() == [True, True, False, True]
            assert v.is_solution.tolist() == [True, False, False, False]
            assert v.complete.tolist() == [True, True, True, False]
    assert verify(puzzles, answers).counts() == {
        "rows": 4, "complete": 3, "valid": 2, "givens_kept": 3, "is_solution": 1,
    }  # fmt: skip


def test_a_valid_grid_that_is_not_the_solution() -> None:
    """A puzzle with two solutions: each valid completion keeps the givens, neither is *the*
    solution; with the intended solution given, only that one is."""
    loose = list(PUZZLE.cells)
    answer = SOLUTION.cells
    # Remove givens until a second solution appears.
    for i, d in enumerate(PUZZLE.cells):
        if d:
            loose[i] = 0
            if count_solutions(Puzzle(PUZZLE.board, tuple(loose)), limit=2) == 2:
                break
    v = verify(_rows(tuple(loose)), _rows(answer))
    assert v.valid.tolist() == [True] and v.givens_kept.tolist() == [True]
    assert v.is_solution.tolist() == [False]
    # A valid grid keeping the givens of a unique puzzle can only be its solution; another
    # valid grid (the solution relabelled) keeps no given and is not the solution.
    relabelled = tuple(10 - d for d in answer)
    v = verify(_rows(PUZZLE.cells), _rows(relabelled), _rows(answer))
    assert v.valid.tolist() == [True] and v.is_solution.tolist() == [False]


def test_partial_grids() -> None:
    grid = SOLUTION.cells
    half = tuple(d if g or i < 40 else 0 for i, (g, d) in enumerate(zip(PUZZLE.cells, grid)))
    broken = list(half)
    i = next(i for i, d in enumerate(half) if d == 0)
    broken[i] = next(d for d in range(1, 10) if d != grid[i] and not _clashes(half, i, d))
    v = check_partial(_rows(PUZZLE.cells, PUZZLE.cells), _rows(half, tuple(broken)))
    assert v.consistent.tolist() == [True, True]
    assert v.completable.tolist() == [True, False]
    assert v.forced[0] > 0
    compiled = check_partial(_rows(PUZZLE.cells), _rows(PUZZLE.cells)).forced
    plain = check_partial(_rows(PUZZLE.cells), _rows(PUZZLE.cells), compiled=False).forced
    assert compiled.tolist() == plain.tolist()


def _clashes(cells: tuple[int, ...], i: int, d: int) -> bool:
    return any(cells[j] == d for j in PUZZLE.board.peers[i])


def test_clash_free_and_bad_shapes() -> None:
    assert clash_free(_rows(PUZZLE.cells, (5, 5) + (0,) * 79)).tolist() == [True, False]
    with pytest.raises(ValueError, match="answers"):
        verify(_rows(PUZZLE.cells), _rows(SOLUTION.cells, SOLUTION.cells))


def test_forced_cells_are_the_singles_the_grader_finds() -> None:
    """The cells a naked or hidden single fills, counted by the grader's own finders."""
    from sudoku_models.grading import CandidateGrid
    from sudoku_models.grading.techniques import BY_NAME

    singles = [BY_NAME[name] for name in ("Full House", "Naked Single", "Hidden Single")]
    positions = []
    for k, p in enumerate(datasets.load("easy50")[:6] + datasets.load("top95")[:6]):
        solution = solve(p).solution.cells
        keep = 10 + 7 * k
        positions.append(
            (
                p.cells,
                tuple(d if g or i < keep else 0 for i, (g, d) in enumerate(zip(p.cells, solution))),
            )
        )
    verdict = check_partial(_rows(*[g for g, _ in positions]), _rows(*[q for _, q in positions]))
    for (_, cells), forced in zip(positions, verdict.forced.tolist()):
        grid = CandidateGrid.from_puzzle(Puzzle(PUZZLE.board, cells))
        cells_found = {i for t in singles for step in t.steps(grid) for i, _ in step.placements}
        assert forced == len(cells_found)


def test_random_symmetries_are_group_elements() -> None:
    from sudoku_models.board import Board
    from sudoku_models.research.symmetry import random_symmetries

    board = Board(3, 3)
    moves = random_symmetries(board, np.random.default_rng(5), 50)
    grids = _rows(PUZZLE.cells, SOLUTION.cells)
    images = moves.images(grids)
    for j in range(len(moves)):
        move = moves[j]  # the constructor checks it keeps bands and stacks
        assert tuple(images[0, j].tolist()) == move.apply(PUZZLE.cells)
        assert tuple(images[1, j].tolist()) == move.apply(SOLUTION.cells)
    assert len({moves[j] for j in range(len(moves))}) == 50
    assert moves.transpose.any() and not moves.transpose.all()


def test_grid_rows_reads_regular_lines_in_one_block_and_refuses_the_rest() -> None:
    lines = [p.to_line() for p in datasets.load("top95")[:4]]
    expected = read_grid_lines("\n".join(lines), "test")
    for data in ("\n".join(lines) + "\n", "\r\n".join(lines), "\n".join(lines)):
        assert np.array_equal(grid_rows(data.encode()), expected)
    assert np.array_equal(grid_bytes(expected).decode().split(), lines)
    for irregular in (
        "\n".join(lines) + "\n\n",  # a blank line
        "\n".join([lines[0][:80], *lines[1:]]),  # a short line
        lines[0] + " # a comment\n",
        "\n".join(lines[:2]) + "\r\n" + lines[2],  # mixed line ends
        "123456789\n" * 9,  # one grid over nine lines
        "",
    ):
        assert grid_rows(irregular.encode()) is None


def test_read_grid_file_names_the_line_of_an_irregular_file(tmp_path: Path) -> None:
    path = tmp_path / "grids.txt"
    path.write_text(datasets.load("top95")[0].to_line() + "\n" + "?" * 81 + "\n")
    with pytest.raises(InvalidPuzzleError, match="grid 2: '\\?' is no digit"):
        read_grid_file(str(path))
