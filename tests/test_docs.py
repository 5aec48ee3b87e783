"""The documentation site builds cleanly: every page, the API reference, the gallery.

The build runs as the README says (``-n -W --keep-going``: a broken reference or any other
warning fails it), without network. The user guide's code cells are executed; the tutorials are
the notebooks, which ``test_notebooks.py`` executes already, so here they are read unexecuted.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytest.importorskip("sphinx", reason="the docs extra is not installed")
pytest.importorskip("myst_nb", reason="the docs extra is not installed")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once into a temporary folder; fail with Sphinx's warnings if it warns."""
    out = tmp_path_factory.mktemp("site")
    command = [
        sys.executable, "-m", "sphinx", "-E", "-n", "-W", "--keep-going", "-q", "-b", "html",
        "-D", f"nb_execution_cache_path={out / 'cache'}",
        str(DOCS), str(out / "html"),
    ]  # fmt: skip
    env = {**os.environ, "SUDOKU_MODELS_DOCS_SKIP_TUTORIALS": "1"}
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, env=env, timeout=1800)
    said = [line for line in done.stderr.splitlines() if "IPKernelApp" not in line]
    warnings = [line for line in said if "WARNING" in line or "ERROR" in line]
    assert done.returncode == 0, "\n".join(warnings) or "\n".join(said)[-3000:]
    return out / "html"


def test_every_page_is_built(site: Path) -> None:
    for page in ["index", "getting-started", "cli", "extending", "changelog"]:
        assert (site / f"{page}.html").is_file(), page
    assert (site / "api" / "modules" / "sudoku_models.solvers.base.html").is_file()


def test_the_gallery_draws_every_rule(site: Path) -> None:
    from sudoku_models import variants

    gallery = (site / "gallery" / "index.html").read_text(encoding="utf-8")
    rules = [n for n in variants.__all__ if isinstance(getattr(variants, n), type)]
    for name in rules:
        if name != "Variant":
            assert f"sudoku_models.variants.{name}" in gallery, name
    assert gallery.count("<svg") >= len(rules) - 1


def test_the_capability_table_asks_every_backend(site: Path) -> None:
    import sudoku_models as sm

    table = (site / "backends" / "capabilities.html").read_text(encoding="utf-8")
    for info in sm.available_solvers():
        assert f'<code class="docutils literal notranslate"><span class="pre">{info.name}' in table
    assert "✓" in table


def test_the_user_guide_code_ran(site: Path) -> None:
    solving = (site / "guide" / "solving.html").read_text(encoding="utf-8")
    assert "Status.UNIQUE" in solving  # printed by the page's first code cell
    assert "Traceback" not in solving


def test_the_command_line_reference_lists_every_command(site: Path) -> None:
    from sudoku_models.cli import COMMANDS

    cli = (site / "cli.html").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f'id="sudoku-models-{command}"' in cli, command  # a section per command
