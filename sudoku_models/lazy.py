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
from typing import Any


def lazy_names(
    package: str, sources: Mapping[str, str]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of ``package``: ``sources`` maps each public name to
    ``"module:attribute"`` or to ``"module"`` (the module itself), modules relative to the
    package; a name's module is imported when the name is first asked for."""

    def __getattr__(name: str) -> Any:
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, _, attribute = sources[name].partition(":")
        found = import_module(module, package)
        return getattr(found, attribute) if attribute else found

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(sources))

    return __getattr__, __dir__
