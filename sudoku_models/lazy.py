"""Public names of a package loaded on first use (PEP 562), so that importing the package, or
the command line that runs one of its parts, pays only for the modules that are used.

A package lists where each public name lives and hands the two hooks to Python::

    if TYPE_CHECKING:
        from . import formats
        from .api import solve
    if not TYPE_CHECKING:
        __getattr__, __dir__ = lazy_names(__name__, {"solve": ".api:solve", "formats": ".formats"})

Type checkers read the imports, so they still know every name and its type, and, not seeing
the hooks, still flag a misspelt one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import Any


class _Package(ModuleType):
    """A package whose public names stay what they name when a submodule of the same name is
    imported (importing ``pkg.x`` sets ``pkg.x`` to the module; an eager ``from .x import x``
    in the package set it back to the function, and a lazy name must keep that)."""

    _kept: frozenset[str] = frozenset()

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, ModuleType) and name in self._kept:
            return  # the submodule stays in sys.modules; the public name keeps its object
        super().__setattr__(name, value)


def lazy_names(
    package: str, sources: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: ``sources`` maps each public name to
    ``"module:attribute"`` or to ``"module"`` (the module itself), modules relative to the
    package; a name's module is imported when the name is first asked for. A name that is
    also the name of the module it comes from (``true_candidates`` from ``.true_candidates``)
    keeps naming its attribute after that module is imported, by anyone."""
    shadowed = {
        name
        for name, source in sources.items()
        if ":" in source and source.partition(":")[0].rsplit(".", 1)[-1] == name
    }
    if shadowed:
        module = sys.modules[package]
        module.__class__ = _Package
        vars(module)["_kept"] = frozenset(shadowed)
        for name in shadowed:  # already imported: the attribute is the module, not its name
            if isinstance(vars(module).get(name), ModuleType):
                delattr(module, name)

    def __getattr__(name: str) -> Any:
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = sources[name].partition(":")
        found = import_module(module, package)
        return getattr(found, attribute) if attribute else found

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(sources))

    return __getattr__, __dir__
