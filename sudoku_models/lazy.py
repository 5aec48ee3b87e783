"""Public names of a package loaded on first use (PEP 562), so that importing the package, or
the command line that runs one of its parts, pays only for the modules that are used.

A package lists its public names once, as the imports a type checker reads, and hands the
hooks this module makes from them to Python::

    if TYPE_CHECKING:
        from . import formats
        from .api import solve
    if not TYPE_CHECKING:
        __getattr__, __dir__, __all__ = lazy_names(__name__)

Type checkers read the imports, so they know every name and its type, and, not seeing the
hooks, flag a misspelt one. At run time :func:`lazy_names` reads the same imports from the
package's source, and a name's module is imported when the name is first asked for.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any


def _sources(tree: ast.Module) -> dict[str, tuple[str, str]]:
    """Each name imported under a top-level ``if TYPE_CHECKING:``, as (module, attribute),
    the module relative to the package."""
    found: dict[str, tuple[str, str]] = {}
    for block in tree.body:
        if isinstance(block, ast.If) and ast.unparse(block.test) == "TYPE_CHECKING":
            for node in block.body:
                if not isinstance(node, ast.ImportFrom) or node.level != 1:
                    raise ImportError(f"not a 'from .module import name' line: {ast.unparse(node)}")
                for alias in node.names:
                    found[alias.asname or alias.name] = ("." + (node.module or ""), alias.name)
    return found


def lazy_names(
    package: str,
) -> tuple[Callable[[str], Any], Callable[[], list[str]], list[str]]:
    """The ``__getattr__``, ``__dir__`` and ``__all__`` of ``package``, read from the
    ``from .module import name`` lines under its ``if TYPE_CHECKING:``; a name is what that
    import would give (an attribute of the module, or else its submodule of that name)."""
    module = sys.modules[package]
    spec = module.__spec__
    assert spec is not None and spec.loader is not None
    source = spec.loader.get_source(package)  # type: ignore[attr-defined]
    sources = _sources(ast.parse(source))

    def __getattr__(name: str) -> Any:
        if name not in sources:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        where, attribute = sources[name]
        found = import_module(where, package)
        if attribute in vars(found):
            return vars(found)[attribute]
        return import_module(f"{found.__name__}.{attribute}")

    def __dir__() -> list[str]:
        return sorted(set(vars(module)) | set(sources))

    return __getattr__, __dir__, sorted(sources)
