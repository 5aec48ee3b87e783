"""Sphinx extension: a name in a docstring finds the one documented object it means.

Docstrings say :class:`InvalidPuzzleError` or :func:`generate` where the name is imported, as a
reader of the code would, and :func:`sudoku_models.batch.solve_many` for a function documented
where users import it (``sudoku_models.solve_many``). Sphinx looks names up only as written;
this resolver, asked when that fails, takes the documented object that is the same Python object
as the full name, or else whose full name ends with the short one, when there is exactly one.
An ambiguous or unknown name stays a warning, so a broken reference still fails the build.
"""

from __future__ import annotations

import importlib
from typing import Any

from docutils import nodes
from sphinx.addnodes import pending_xref

ROLES = {
    "class": ("class", "exception", "data"),
    "exc": ("exception", "class"),
    "func": ("function", "method"),
    "meth": ("method", "function"),
    "data": ("data", "attribute"),
    "attr": ("attribute", "data", "property"),
    "obj": ("class", "exception", "function", "method", "data", "attribute", "property", "module"),
    "mod": ("module",),
}


def resolve(app: Any, env: Any, node: pending_xref, contnode: nodes.Element) -> Any:
    """The reference node for a short name that matches one documented object, else None."""
    if node.get("refdomain") != "py" or node.get("reftype") not in ROLES:
        return None
    target = node["reftarget"].lstrip(".~")
    kinds = ROLES[node["reftype"]]
    domain = env.get_domain("py")
    if node["reftype"] == "mod":
        modules = [m for m in domain.modules if m == target or m.endswith("." + target)]
        if len(modules) != 1:
            return None
        return domain.resolve_xref(
            env, node["refdoc"], app.builder, "mod", modules[0], node, contnode
        )
    # The name as the module that wrote it sees it, then as its parent packages see it; then
    # any documented name ending with it; then the object its full name imports.
    here = node.get("py:module") or ""
    found: dict[str, Any] = {}
    while here and not found:
        found = _one(_same_object(f"{here}.{target}", domain.objects, kinds))
        here = here.rpartition(".")[0]
    if len(found) != 1:
        found = _one(
            {
                name: entry
                for name, entry in domain.objects.items()
                if (name == target or name.endswith("." + target))
                and entry.objtype in kinds
                and not entry.aliased
            }
        )
    if len(found) != 1:
        found = _one(_same_object(target, domain.objects, kinds))
    if len(found) != 1:
        return None
    ((name, entry),) = found.items()
    return domain.resolve_xref(
        env, node["refdoc"], app.builder, entry.objtype, name, node, contnode
    )


_MISSING = object()


def _lookup(path: str) -> object:
    """The object a dotted path names, or ``_MISSING`` when it names none."""
    module, _, attr = path.rpartition(".")
    while module:
        try:
            value: object = importlib.import_module(module)
        except ImportError:
            module, _, head = module.rpartition(".")
            attr = f"{head}.{attr}"
            continue
        for part in attr.split("."):
            value = getattr(value, part, _MISSING)
        return value
    return _MISSING


def _same_object(target: str, objects: dict[str, Any], kinds: tuple[str, ...]) -> dict[str, Any]:
    """The documented entries of the same last name that are the object ``target`` names."""
    if "." not in target:
        return {}
    wanted = _lookup(target)
    if wanted is _MISSING:
        return {}
    last = "." + target.rpartition(".")[2]
    return {
        name: entry
        for name, entry in objects.items()
        if name.endswith(last) and entry.objtype in kinds and _same(_lookup(name), wanted)
    }


def _one(found: dict[str, Any]) -> dict[str, Any]:
    """``found``, or its shortest name alone when every name is the same object re-exported."""
    names = list(found)
    if len(names) > 1 and all(_same(_lookup(n), _lookup(names[0])) for n in names):
        shortest = min(names, key=len)
        return {shortest: found[shortest]}
    return found


def _same(a: object, b: object) -> bool:
    """Whether two looked-up objects are one (bound methods are made anew on each lookup)."""
    if a is b:
        return True
    try:
        return callable(a) and bool(a == b)
    except Exception:  # an object whose comparison fails is no match
        return False


def setup(app: Any) -> dict[str, Any]:
    """Register the resolver."""
    app.connect("missing-reference", resolve)
    return {"parallel_read_safe": True}
