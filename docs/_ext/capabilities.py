"""Sphinx extension: which primitive each backend solves, found by asking the backends.

At ``builder-inited`` it writes ``backends/capabilities.md``: one row per backend, one column per
primitive of :mod:`sudoku_models.constraints`. Each cell is the answer of a real solve of a 4x4
board carrying one small instance of the primitive, so the table cannot drift from the code: a
backend that raises :class:`~sudoku_models.UnsupportedModelError` gets a cross, a backend whose
package is missing says so.
"""

from __future__ import annotations

import typing
from pathlib import Path
from typing import Any

import sudoku_models as sm
from sudoku_models import constraints as c

#: Primitive class name -> a small instance on a 4x4 board (cells 0-15, digits 1-4).
INSTANCES: dict[str, Any] = {
    "AllDifferent": c.AllDifferent((0, 5, 10, 15), "diagonal"),
    "SumCage": c.SumCage((0, 1), 3),
    "LinearSum": c.LinearSum((0, 1, 2), 0, (1, 1, -1)),
    "Relation": c.Relation.where(0, 4, 4, lambda x, y: x < y, "less than"),
    "AllowedDigits": c.AllowedDigits(0, frozenset({1, 3})),
    "Table": c.Table((0, 1), frozenset({(1, 2), (2, 1)})),
    "Implies": c.Implies(((0, 1),), c.LinearSum((1, 2), 5)),
    "Visible": c.Visible((0, 1, 2, 3), 2),
    # The first row rises: an automaton whose state is the last digit read.
    "Automaton": c.Automaton(
        (0, 1, 2, 3),
        frozenset((s, d, d) for s in range(5) for d in range(1, 5) if d > s),
        0,
        frozenset({4}),
    ),
    "Count": c.Count((0, 5, 10, 15), frozenset({1}), 2, 2),
    "Element": c.Element(0, (1, 2, 3, 4), 4),
    # The first row, read as a number, is smaller than the second and larger than the third.
    "Rank": c.Rank((0, 1, 2, 3), ((4, 5, 6, 7), (8, 9, 10, 11)), (1, 1), (0, 0)),
}


def primitive_names() -> list[str]:
    """Every primitive class the model knows, all-different groups and sum cages first."""
    return ["AllDifferent", "SumCage"] + [t.__name__ for t in typing.get_args(c.Constraint)]


def model_with(name: str) -> sm.Model:
    """A 4x4 model carrying the example instance of primitive ``name``."""
    board = sm.Puzzle.empty((2, 2))
    item = INSTANCES[name]
    if isinstance(item, c.AllDifferent):
        return sm.Model.from_puzzle(board, extra_groups=[item.cells])
    if isinstance(item, c.SumCage):
        return sm.Model.from_puzzle(board, cages=[(item.cells, item.total)])
    return sm.Model.from_puzzle(board, constraints=[item])


def answer(backend: str, name: str) -> str:
    """What ``backend`` does with primitive ``name``: a mark for the table."""
    try:
        result = sm.get_solver(backend).solve(model_with(name), limit=2, time_limit=20)
    except sm.UnsupportedModelError:
        return "—"
    except sm.MissingDependencyError:
        return "not installed"
    return "✓" if result.solutions else "?"


def write_table(app: Any) -> None:
    """Write ``backends/capabilities.md`` under the documentation's source folder."""
    missing = [name for name in primitive_names() if name not in INSTANCES]
    if missing:
        raise RuntimeError(f"the capability table has no instance of: {', '.join(missing)}")
    names = primitive_names()
    rows = ["| backend | " + " | ".join(f"`{n}`" for n in names) + " |"]
    rows.append("|---|" + "---:|" * len(names))
    for info in sm.available_solvers():
        marks = [answer(info.name, n) if info.available else "not installed" for n in names]
        rows.append(f"| `{info.name}` | " + " | ".join(marks) + " |")
    text = (
        "# What each backend solves\n\n"
        "One row per registered backend, one column per primitive constraint of the model. Each\n"
        "mark is the outcome of a real solve, made when this page was built, of a 4x4 board\n"
        "carrying one small instance of the primitive: ✓ solved, — refused with\n"
        "`UnsupportedModelError` (the error names the backends that can). A variant rule is\n"
        "solved by a backend exactly when every primitive it becomes is (see the\n"
        "[gallery](../gallery/index.md) for what each rule becomes).\n\n" + "\n".join(rows) + "\n"
    )
    target = Path(app.srcdir) / "backends" / "capabilities.md"
    target.parent.mkdir(exist_ok=True)
    if not target.exists() or target.read_text() != text:
        target.write_text(text)


def setup(app: Any) -> dict[str, Any]:
    """Register the table writer."""
    app.connect("builder-inited", write_table)
    return {"parallel_read_safe": True}
