"""The observation: a versioned text form, an SVG drawing and a PNG picture of the board."""

from __future__ import annotations

import builtins

import pytest

import sudoku_models.variants as v
from sudoku_models.arena.observation import (
    MOVES_LINE,
    VERSION,
    open_candidates,
    png,
    svg,
    text,
)
from sudoku_models.errors import MissingDependencyError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.testing import NINE_BY_NINE

KILLER = Model.from_puzzle(
    Puzzle.parse(NINE_BY_NINE[0]),
    variants=[v.KillerCage(((0, 0), (0, 1)), 9), v.Thermometer(((1, 1), (1, 2), (2, 2)))],
)


def test_the_text_form_has_its_version_rules_grid_and_moves() -> None:
    lines = text(KILLER, rules_text="Normal  sudoku\nrules apply.").splitlines()
    assert lines[0] == f"sudoku-models observation {VERSION}"
    assert lines[1] == "size: 9x9, digits 1-9"
    assert "rules text: Normal sudoku rules apply." in lines
    assert "- killer cage, sum 9: r1c1 r1c2" in lines
    assert "- thermometer from r2c2: r2c2 r2c3 r3c3" in lines
    grid = lines.index("grid:")
    assert lines[grid + 1].split() == ["c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9"]
    assert lines[grid + 2].split() == ["r1", ".", ".", "3", "|", ".", "2", ".", "|", "6", ".", "."]
    assert lines[-1] == MOVES_LINE


def test_the_grid_shows_the_board_given_and_its_candidates() -> None:
    grid = list(KILLER.givens)
    grid[0] = 4
    marks = open_candidates(KILLER, grid)
    assert marks[1] == (5, 7, 8)  # r1c2 sees 1 2 3 4 6 9 in its row, column and box
    shown = text(KILLER, grid, marks)
    assert "r1   4" in shown and "r1c2: 5,7,8" in shown and "r1c1:" not in shown


def test_the_svg_draws_the_rules_and_the_png_is_a_picture() -> None:
    drawing = svg(KILLER)
    assert drawing.startswith("<svg") and "polyline" in drawing
    try:
        picture = png(KILLER)
    except MissingDependencyError:
        pytest.skip("cairosvg or the cairo library is missing")
    assert picture.startswith(b"\x89PNG")


def test_without_cairosvg_the_png_names_the_pip_command(monkeypatch) -> None:
    real = builtins.__import__

    def blocked(name, *args, **kwargs):
        if name == "cairosvg":
            raise ImportError(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", blocked)
    with pytest.raises(MissingDependencyError, match="pip install"):
        png(KILLER)
