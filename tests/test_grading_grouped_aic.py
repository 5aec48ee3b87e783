"""Grouped nice loops and AICs: chains whose nodes may be a box-line group of one digit.

A hand-made position where only a grouped chain applies, checked by hand; the group nodes and
their links on it; and every step of the technique on positions of hard puzzles checked
against their solutions (each must pass through a group: the plain chains are the plain
technique's).
"""

from __future__ import annotations

import csv
import re
from importlib import resources

from sudoku_models import Puzzle, datasets
from sudoku_models.grading import CandidateGrid, apply_step, next_step, next_steps
from sudoku_models.grading.candidates import geometry
from sudoku_models.grading.rating import unique_solution
from sudoku_models.grading.techniques import BY_NAME, TECHNIQUES
from sudoku_models.grading.techniques.grouped import grouped_aic, grouped_link_graph
from sudoku_models.grading.techniques.links import link_graph

GROUPED = BY_NAME["Grouped Nice Loop/AIC"]
#: A group in a chain's text: two or more cells after one digit, ``(5)r6c4,r6c5``.
GROUP_TEXT = re.compile(r"\(\d\)r\dc\d(,r\dc\d)+")


def cell(r: int, c: int) -> int:
    """Index of row ``r``, column ``c``, both 1-based."""
    return (r - 1) * 9 + c - 1


def grouped_kite() -> CandidateGrid:
    """Every candidate open but digit 1: in row 1 only at r1c1 and the group r1c7,r1c8; in
    column 9 only at r2c9 and r6c9; box 3 keeps it at r1c7, r1c8, r2c7-r2c9, r3c7, r3c8."""
    grid = CandidateGrid(geometry(Puzzle.empty().board), [0] * 81, [(1 << 9) - 1] * 81)
    for c in (2, 3, 4, 5, 6, 9):
        grid.eliminate(cell(1, c), 1)
    for r in (3, 4, 5, 7, 8, 9):
        grid.eliminate(cell(r, 9), 1)
    return grid


def test_a_grouped_chain_where_no_plain_one_applies():
    grid = grouped_kite()
    # 1 is in r1c1 or in the group r1c7,r1c8; if in the group, not in r2c9 (same box), so in
    # r6c9: r1c1 or r6c9 holds it, and r6c1 (seeing both) loses it. Without the group, row 1
    # has three places and no strong link: every cheaper technique finds nothing.
    order = [t.name for t in TECHNIQUES]
    for cheaper in TECHNIQUES[: order.index(GROUPED.name)]:
        assert cheaper.find(grid) is None, cheaper.name
    step = next_step(grid)
    assert step is not None and step.technique == "Grouped Nice Loop/AIC"
    assert step.eliminations == ((cell(6, 1), 1),)
    assert "(1)r1c7,r1c8" in step.reason
    assert {cell(1, 1), cell(1, 7), cell(1, 8), cell(2, 9), cell(6, 9)} <= set(step.cells)
    # every step found makes that one elimination, whichever end it starts from
    assert {s.eliminations for s in grouped_aic(grid)} == {((cell(6, 1), 1),)}


def test_group_nodes_and_their_links():
    grid = grouped_kite()
    graph = grouped_link_graph(grid)
    node = {(graph.digit(v), cells): v for v, cells in graph.groups.items()}
    group = node[1, (cell(1, 7), cell(1, 8))]
    single = cell(1, 1) * 9  # digit 1 of r1c1
    # row 1's 1 is in r1c1 or the group: a strong link, both ways
    assert graph.strong[group] == [single]
    assert group in graph.strong[single]
    # the group sees r2c9 (its box) and r1c1 (its row), not r6c9
    assert {cell(2, 9) * 9, single} <= set(graph.weak[group])
    assert cell(6, 9) * 9 not in graph.weak[group]
    assert graph.cells(group) == (cell(1, 7), cell(1, 8))
    # groups hold two or three cells of one box and one line, and only their digit
    for v, cells in graph.groups.items():
        assert 2 <= len(cells) <= 3
        units = [grid.geo.cell_units[i] for i in cells]  # row, column, box
        assert len({u[2] for u in units}) == 1
        assert len({u[0] for u in units}) == 1 or len({u[1] for u in units}) == 1
        assert all(grid.masks[i] >> (graph.digit(v) - 1) & 1 for i in cells)
    # the plain graph (shared with the plain chains) is left without groups
    plain = link_graph(grid)
    assert not plain.groups
    assert all(
        v < 81 * 9 for links in (plain.strong, plain.weak) for ws in links.values() for v in ws
    )


def _rated(levels: tuple[str, ...]) -> list[str]:
    path = resources.files("sudoku_models.grading").joinpath("data/rated_200.csv")
    with path.open(encoding="utf-8") as handle:
        return [row["puzzle"] for row in csv.DictReader(handle) if row["hodoku_level"] in levels]


def test_grouped_steps_agree_with_the_solution_on_hard_puzzles():
    # every position beyond singles of the solver's path (its first 30 steps) of hard puzzles
    puzzles = [Puzzle.parse(p) for p in _rated(("Extreme",))[::2]] + datasets.load("top95")[::12]
    kinds: set[str] = set()
    for puzzle in puzzles:
        solution = unique_solution(puzzle)[0].cells
        grid = CandidateGrid.from_puzzle(puzzle)
        for _ in range(30):
            found = next_steps(grid)
            if not found or grid.is_solved():
                break
            if found[0].technique not in {"Full House", "Naked Single", "Hidden Single"}:
                for step in grouped_aic(grid):
                    kinds.add(step.reason.split()[0])
                    assert GROUP_TEXT.search(step.reason), step.reason
                    for i, d in step.eliminations:
                        assert grid.masks[i] >> (d - 1) & 1, step.reason
                        assert solution[i] != d, step.describe(grid.geo)
            apply_step(grid, found[0])
    # AICs, continuous loops and discontinuous loops, each through a group
    assert kinds == {"chain", "continuous", "discontinuous"}
