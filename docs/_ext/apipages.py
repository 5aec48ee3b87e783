"""Sphinx extension: one reference page per module of the package, written at build time.

Every module below :mod:`sudoku_models` gets a page that documents its public members (its
``__all__`` where it has one). A name a package re-exports in its ``__all__`` (``sm.solve``,
``variants.Thermometer``) is documented once, under the package users import it from; the
module that defines it leaves it out, and Sphinx still resolves references to the defining
module's name.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import sudoku_models

#: Modules that run something when imported rather than define names.
SKIPPED = {"sudoku_models.__main__"}
#: Private methods that are an extension point and so documented: what a new backend implements.
EXTENSION_POINTS = {"sudoku_models": "_find, _search"}


def module_names() -> list[str]:
    """Every importable module of the package, the package first."""
    names = ["sudoku_models"]
    for info in pkgutil.walk_packages(sudoku_models.__path__, "sudoku_models."):
        if info.name not in SKIPPED:
            names.append(info.name)
    return names


def reexported(modules: dict[str, ModuleType]) -> dict[int, str]:
    """``id(object) -> package`` for every object a package lists in its ``__all__``."""
    owner: dict[int, str] = {}
    for name in sorted(modules, key=len):  # parents before their children
        module = modules[name]
        if hasattr(module, "__path__"):
            for member in getattr(module, "__all__", ()):
                # A name loaded on use that dir() does not list (a widget that needs an
                # optional package) is documented where it is defined.
                if member not in dir(module):
                    continue
                value = getattr(module, member)
                # Data keeps its page in the module that documents it with a comment.
                if inspect.isclass(value) or inspect.isroutine(value) or inspect.ismodule(value):
                    owner.setdefault(id(value), name)
    return owner


def page(name: str, module: ModuleType, owner: dict[int, str]) -> str:
    """The reStructuredText of one module's page."""
    elsewhere = sorted(
        member
        for member, value in vars(module).items()
        if owner.get(id(value), name) != name and not member.startswith("_")
    )
    lines = [name.replace("_", r"\_"), "=" * (len(name) + name.count("_")), ""]
    lines += [f".. automodule:: {name}", "   :members:", "   :show-inheritance:"]
    if name in EXTENSION_POINTS:
        lines.append(f"   :private-members: {EXTENSION_POINTS[name]}")
    parent, _, last = name.rpartition(".")
    exported = getattr(sys.modules.get(parent), last, module)
    if last in getattr(sys.modules.get(parent), "__all__", ()) and exported is not module:
        # The package exports a function of the module's name (``grading.explain``): the
        # function keeps the name in the index, the module's page is not indexed.
        lines.append("   :no-index:")
    if elsewhere:
        lines.append(f"   :exclude-members: {', '.join(elsewhere)}")
    return "\n".join(lines) + "\n"


def write_pages(app: Any) -> None:
    """Write ``api/modules/*.rst`` and the list ``api/modules.rst``."""
    names = module_names()
    modules = {name: importlib.import_module(name) for name in names}
    owner = reexported(modules)
    folder = Path(app.srcdir) / "api" / "modules"
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        _write(folder / f"{name}.rst", page(name, modules[name], owner))
    for stale in folder.glob("*.rst"):
        if stale.stem not in modules:
            stale.unlink()
    listing = ["Modules", "=======", "", ".. toctree::", "   :maxdepth: 1", ""]
    listing += [f"   modules/{name}" for name in names]
    _write(Path(app.srcdir) / "api" / "modules.rst", "\n".join(listing) + "\n")


def _write(path: Path, text: str) -> None:
    if not path.exists() or path.read_text() != text:
        path.write_text(text)


def setup(app: Any) -> dict[str, Any]:
    """Register the page writer."""
    app.connect("builder-inited", write_pages)
    return {"parallel_read_safe": True}
