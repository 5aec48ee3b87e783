"""The Python examples of the README run as written, one after the other in one namespace."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    """The fenced ``python`` code blocks of the README, in order."""
    return re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), flags=re.S)


def test_readme_has_python_examples():
    assert len(python_blocks()) >= 2


def test_readme_python_examples_run(capsys):
    namespace: dict[str, object] = {}
    for block in python_blocks():
        exec(compile(block, str(README), "exec"), namespace)
    solution = namespace["result"].solution  # type: ignore[attr-defined]
    assert solution.is_valid_solution_of(namespace["p"])
    assert "|" in capsys.readouterr().out  # the printed grids
