"""Sphinx configuration of the sudoku_models documentation.

Built offline (no intersphinx downloads) with warnings as errors::

    sphinx-build -n -W --keep-going -b html docs docs/_build/html

The tutorials are the repository's notebooks, copied in and executed at build time (results
cached); the variants gallery and the backends' capability matrix are written from the package
itself by the extensions in ``_ext/``.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE / "_ext"))

import sudoku_models  # noqa: E402

project = "sudoku_models"
author = "sudoku_models developers"
copyright = "sudoku_models developers"
version = release = sudoku_models.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.doctest",
    "sphinx_design",
    "sphinx_copybutton",
    "sphinxarg.ext",
    "apipages",
    "shortrefs",
    "gallery",
    "capabilities",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "Thumbs.db", ".DS_Store", "jupyter_execute", "benchmarks/data"]
templates_path = ["_templates"]
html_static_path = ["_static"]
html_css_files = ["custom.css"]
# The gallery uses the whole width for its cards.
html_sidebars = {"gallery/index": []}

html_theme = "pydata_sphinx_theme"
html_title = "sudoku_models"
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
}

myst_enable_extensions = ["colon_fence", "deflist", "fieldlist"]
myst_heading_anchors = 3

autosummary_generate = False  # the module pages come from _ext/apipages.py
autosummary_imported_members = False
autosummary_ignore_module_all = False  # a module's __all__ says what it makes public
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_typehints = "description"
autodoc_member_order = "bysource"
nitpicky = True
# A type hint names its class by its short name, and two classes are called ``Table``
# (``constraints.Table``, a primitive, and ``bench.Table``): Sphinx then links the first match
# and says so; every other broken or ambiguous reference still fails the build.
suppress_warnings = ["ref.python"]
# Names that type hints mention but no page documents: standard-library and third-party types.
nitpick_ignore_regex = [
    (r"py:.*", r"(collections\.abc|typing|concurrent\.futures|os|pathlib|random|argparse)\..*"),
    (r"py:.*", r"(numpy|np|pandas|pd|matplotlib|ortools|pysat|cp_model|dask|anywidget)\b.*"),
    (r"py:.*", r"(gymnasium|cairosvg)\b.*"),
    (r"py:.*", r"traitlets\b.*"),
    (r"py:class", r"(Path|Random|Executor|Future|Callable|Iterable|Iterator|Sequence|Mapping)"),
    (r"py:class", r"(enum\.Enum|abc\.ABC|http\.server\..*|types\..*|ModuleType)"),
    # Type variables of generic helpers.
    (r"py:class", r"sudoku_models\..*\.[A-Z]"),
    # Private base classes that ``show-inheritance`` names: not part of the public API.
    (r"py:class", r"sudoku_models\..*\._\w+"),
]


# Notebooks: executed at build time, results cached between builds, any error fails the build.
# The kernels talk to the build over local TCP; where ZeroMQ has CurveZMQ, its encryption is
# switched on for kernels that declare it (as ipykernel's does), so no kernel starts in plain
# text (and none warns about it once per notebook).
def encrypt_kernel_traffic() -> None:
    """Make the kernel managers the notebook runner creates provision CurveZMQ keys."""
    import zmq
    from jupyter_client.manager import KernelManager

    if zmq.has("curve"):
        KernelManager.class_traits()["transport_encryption"].default_value = "auto"


encrypt_kernel_traffic()
nb_execution_mode = "cache"
nb_execution_cache_path = str(HERE / "_build" / ".jupyter_cache")
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

TUTORIALS = HERE / "tutorials"


def copy_notebooks(app: object) -> None:
    """Bring the repository's notebooks in as the tutorials (a build-time copy, not committed)."""
    TUTORIALS.mkdir(exist_ok=True)
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        target = TUTORIALS / notebook.name
        if not target.exists() or target.read_bytes() != notebook.read_bytes():
            shutil.copyfile(notebook, target)


def setup(app: object) -> None:
    """Copy the notebooks before Sphinx reads the sources."""
    app.connect("config-inited", lambda app, config: copy_notebooks(app))  # type: ignore[attr-defined]
