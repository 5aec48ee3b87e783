"""The notebooks are committed without outputs.

That every notebook runs from top to bottom on a fresh kernel is checked where the suite builds
the documentation site (``test_docs.py``): the tutorials are the notebooks, executed by that
build, so each runs once. ``pytest --nbmake notebooks/`` runs them on their own.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


def test_notebooks_have_no_outputs() -> None:
    """Notebooks are committed without outputs, so no stale timing is ever shown as current."""
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert not cell.outputs, f"{path.name} has outputs in a committed cell"
                assert cell.execution_count is None, f"{path.name} has execution counts"
