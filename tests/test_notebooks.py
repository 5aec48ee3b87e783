"""Every notebook in ``notebooks/`` runs from top to bottom on a fresh kernel without an error.

The same check as ``pytest --nbmake notebooks/``, here so that a plain ``pytest`` runs it too.
"""

from __future__ import annotations

from pathlib import Path

import nbclient
import nbformat
import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()


def test_notebooks_have_no_outputs() -> None:
    """Notebooks are committed without outputs, so no stale timing is ever shown as current."""
    for path in NOTEBOOKS:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                assert not cell.outputs, f"{path.name} has outputs in a committed cell"
                assert cell.execution_count is None, f"{path.name} has execution counts"
