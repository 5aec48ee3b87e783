"""The package's layers only look down, and no two of its modules import each other.

Every ``import`` inside ``sudoku_models`` counts: at the top of a module, inside a function, and
under ``if TYPE_CHECKING:`` (a type a lower module names from a higher one is a climb too).
Importing ``a.b.c`` also runs the packages ``a`` and ``a.b``, so those count as imported.
The imports are read from the source, without running it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "sudoku_models"

#: The layers, bottom first, as ``docs/architecture.md`` gives them, by the top-level module or
#: package of ``sudoku_models`` (``__init__`` is the package's own front door). A module
#: imports from its own layer or below; within a layer, imports go one way only (the circle
#: test holds that).
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "deadline", "lazy", "splitmix", "limits", "seeds"),  # foundations
    ("board", "parsing", "puzzle", "display"),  # board and puzzle
    ("constraints", "model", "regex", "variants"),  # model
    ("cnf", "cnf_constraints", "selectors"),  # the model as clauses, asked incrementally
    ("formats",),
    ("solvers",),
    ("door",),  # any input to a model, readings chosen by solving
    ("api", "batch", "candidates", "setter", "diagnosis", "export", "tracing", "rule_view"),
    ("grading",),
    ("logic", "generator"),
    ("bench", "datasets", "research", "interactive", "testing", "arena"),  # tools
    ("__init__",),
    ("cli", "__main__"),  # command line
)


#: Imports that climb a layer, as (importing module, imported module): the reason why each
#: may. None today; one added here needs a reason a reviewer accepts.
CLIMBS: dict[tuple[str, str], str] = {}


def module_name(path: Path) -> str:
    """``sudoku_models.a.b`` for ``sudoku_models/a/b.py`` and ``sudoku_models/a/b/__init__.py``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _known(name: str) -> str:
    """The module ``name`` refers to: ``pkg.mod.attr`` is ``pkg.mod``."""
    while name not in modules():
        name = name.rpartition(".")[0]
    return name


def _imported(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """The package's modules that module ``name`` (at ``path``) imports, with their lines."""
    here = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "sudoku_models":
                    yield _known(alias.name), node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here.rsplit(".", node.level - 1)[0] if node.level > 1 else here
                source = f"{base}.{node.module}" if node.module else base
            elif (node.module or "").split(".")[0] == "sudoku_models":
                source = node.module or ""
            else:
                continue
            for alias in node.names:  # ``from . import formats`` imports the module formats
                yield _known(f"{source}.{alias.name}"), node.lineno


def _packages_above(name: str) -> set[str]:
    parts = name.split(".")
    return {".".join(parts[:k]) for k in range(1, len(parts))}


@cache
def imports() -> dict[str, dict[str, int]]:
    """For every module, the modules importing it runs (the packages holding each imported
    module included, bar those holding the importer), with the line of the import."""
    found: dict[str, dict[str, int]] = {}
    for name, path in modules().items():
        found[name] = {}
        for target, line in _imported(name, path):
            for runs in {target} | _packages_above(target) - _packages_above(name):
                if runs != name:
                    found[name].setdefault(runs, line)
    return found


def layer(name: str) -> int:
    """The index in :data:`LAYERS` of module ``name``."""
    top = name.split(".")[1] if "." in name else "__init__"
    return next(k for k, names in enumerate(LAYERS) if top in names)


def test_every_part_of_the_package_has_its_layer() -> None:
    tops = {path.stem for path in PACKAGE.glob("*.py")}
    tops |= {path.parent.name for path in PACKAGE.glob("*/__init__.py")}
    placed = [name for names in LAYERS for name in names]
    assert len(placed) == len(set(placed)), "a name is in two layers"
    assert tops == set(placed), (sorted(tops - set(placed)), sorted(set(placed) - tops))


def test_imports_only_look_down() -> None:
    climbs = {
        (name, target): f"{modules()[name].relative_to(PACKAGE.parent)}:{line} imports {target}"
        for name, targets in imports().items()
        for target, line in targets.items()
        if layer(target) > layer(name)
    }
    assert set(climbs) - set(CLIMBS) == set(), sorted(
        climbs[key] for key in set(climbs) - set(CLIMBS)
    )
    assert set(CLIMBS) <= set(climbs), f"listed climbs that are gone: {set(CLIMBS) - set(climbs)}"


def circle() -> list[str]:
    """One import circle among the package's modules, as the modules along it; none: ``[]``."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def walk(name: str) -> list[str]:
        state[name] = 1
        path.append(name)
        for target in sorted(imports()[name]):
            if state.get(target) == 1:
                return [*path[path.index(target) :], target]
            if target not in state and (found := walk(target)):
                return found
        state[name] = 2
        path.pop()
        return []

    for name in sorted(modules()):
        if name not in state and (found := walk(name)):
            return found
    return []


def test_no_import_circle() -> None:
    assert circle() == [], " -> ".join(circle())


def test_the_reading_sees_every_kind_of_import() -> None:
    """The checks above see through relative, absolute, function-level and type-only imports,
    and a package import runs the packages above the module."""
    steps = imports()["sudoku_models.cli.steps"]
    assert "sudoku_models.cli" in steps  # from . import EXIT_OK
    assert "sudoku_models.logic.certify" in steps  # inside a function
    assert "sudoku_models.logic.step" in steps  # under TYPE_CHECKING
    assert "sudoku_models.logic" in steps  # the package above logic.step
    assert "sudoku_models.solvers" in imports()["sudoku_models.tracing.tree"]
    assert layer("sudoku_models.errors") < layer("sudoku_models.solvers.sat")
    assert layer("sudoku_models.grading.rating") < layer("sudoku_models.cli.rate")
