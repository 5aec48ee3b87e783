"""The documentation site builds cleanly: every page, the API reference, the gallery.

The build runs as the README says (``-n -W --keep-going``: a broken reference or any other
warning fails it), without network, into a folder of its own. The user guide's code cells are
executed, and so are the tutorials: they are the notebooks, copied into ``docs/tutorials`` and
run there, which is where a notebook that finds its files only from ``notebooks/`` would fail.
This is the suite's one run of the notebooks.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

pytest.importorskip("sphinx", reason="the docs extra is not installed")
pytest.importorskip("myst_nb", reason="the docs extra is not installed")

pytestmark = pytest.mark.heavy  # in the full run only (see conftest.py)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build the site once into a temporary folder; fail with Sphinx's warnings if it warns."""
    out = tmp_path_factory.mktemp("site")
    # The README's command, into a folder of the test's own; the executed notebooks are cached
    # where that command keeps them (docs/_build), so a second run reuses what has not changed.
    command = [
        sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-b", "html",
        str(DOCS), str(out / "html"),
    ]  # fmt: skip
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=3000)
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


def test_the_gallery_shades_what_a_rule_without_marks_ties(site: Path) -> None:
    """A global rule (anti-king) draws no mark of its own; its card shades the cells it ties to
    the centre cell instead of showing an empty grid."""
    gallery = (site / "gallery" / "index.html").read_text(encoding="utf-8")
    card = gallery.split("sudoku_models.variants.AntiKing")[0].rsplit("<svg", 1)[1]
    assert card.count('fill="#f2c9a0"') == 4  # the four diagonal neighbours of the centre
    assert card.count('fill="#9cc3e6"') == 1


def test_the_capability_table_asks_every_backend(site: Path) -> None:
    import sudoku_models as sm

    table = (site / "backends" / "capabilities.html").read_text(encoding="utf-8")
    for info in sm.available_solvers():
        assert f'<code class="docutils literal notranslate"><span class="pre">{info.name}' in table
    assert "✓" in table


def test_the_tutorials_ran(site: Path) -> None:
    """Every notebook is a tutorial page with the outputs of its run, and no error."""
    notebooks = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert len(notebooks) >= 8
    for notebook in notebooks:
        page = (site / "tutorials" / f"{notebook.stem}.html").read_text(encoding="utf-8")
        assert 'class="cell_output' in page, notebook.name
        assert "Traceback" not in page, notebook.name
    paths = (site / "tutorials" / "08_logical_paths.html").read_text(encoding="utf-8")
    assert "extreme killer" in paths.lower()  # read from the sample beside the tests


def test_one_description_of_the_package() -> None:
    """The front page, the README and the package's metadata say the same, and say it true:
    the number of rule kinds, the board sizes, every kind of backend."""
    import re

    from sudoku_models import variants
    from sudoku_models.board import MAX_DIGITS

    kinds = [n for n in variants.__all__ if isinstance(getattr(variants, n), type)]
    kinds.remove("Variant")
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    front = (DOCS / "index.md").read_text(encoding="utf-8")
    for text in (" ".join(readme.split()), " ".join(front.split())):
        assert f"({len(kinds)} kinds:" in text
        assert f"4x4 to {MAX_DIGITS}x{MAX_DIGITS}" in text
        for backend in ("PySAT", "CP-SAT", "MathOpt", "Z3", "clingo", "Numba", "logical solve"):
            assert backend in text, backend
    project = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    description = re.search(r'^description = "(.*)"$', project, re.M)
    assert description is not None
    for paradigm in ("SAT", "CP-SAT", "MIP", "SMT", "ASP"):
        assert paradigm in description.group(1), paradigm
    for page in (DOCS / "getting-started.md", ROOT / "notebooks" / "README.md"):
        text = page.read_text(encoding="utf-8")
        assert "thirty" not in text and "sixty" not in text
        assert "not part of the test extra" not in text


def test_the_user_guide_code_ran(site: Path) -> None:
    solving = (site / "guide" / "solving.html").read_text(encoding="utf-8")
    assert "Status.UNIQUE" in solving  # printed by the page's first code cell
    assert "Traceback" not in solving


def test_the_command_line_reference_lists_every_command(site: Path) -> None:
    from sudoku_models.cli import COMMANDS

    cli = (site / "cli.html").read_text(encoding="utf-8")
    for command in COMMANDS:
        assert f'id="sudoku-models-{command}"' in cli, command  # a section per command
