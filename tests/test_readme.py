"""The README's examples run as written: the Python ones one after the other in one namespace,
and each line of the command-line synopsis in a shell."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

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


def command_lines() -> list[str]:
    """The lines of the command-line section's shell block, comments and all, as written."""
    section = README.read_text(encoding="utf-8").split("## The command line", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, flags=re.S)
    assert block is not None
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_readme_has_a_command_line_synopsis():
    lines = command_lines()
    assert len(lines) >= 10 and all("sudoku-models " in line for line in lines)
    assert not any(line.rstrip().endswith("\\") for line in lines)  # one command a line


@pytest.mark.parametrize("line", command_lines(), ids=lambda line: " ".join(line.split()[:2]))
def test_readme_command_lines_run_as_written(tmp_path, line):
    """Each line pasted into a shell, ``sudoku-models`` being this checkout's command line; it
    exits 0, or with the status its comment states (``(exit 1)``)."""
    shim = tmp_path / "bin" / "sudoku-models"
    shim.parent.mkdir()
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m sudoku_models "$@"\n')
    shim.chmod(0o755)
    env = {
        **os.environ,
        "PATH": f"{shim.parent}{os.pathsep}{os.environ['PATH']}",
        "PYTHONPATH": str(README.parent),
        "MPLBACKEND": "Agg",
    }
    done = subprocess.run(
        ["bash", "-c", f"set -o pipefail; {line}"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    stated = re.search(r"#.*\(exit (\d)\)", line)
    assert done.returncode == (int(stated.group(1)) if stated else 0), done.stderr
    assert "error" not in done.stderr and "Traceback" not in done.stderr
    written = [p.name for p in tmp_path.iterdir() if p.is_file()]
    if "--plot out.png" in line:
        assert {"out.csv", "out.png"} <= set(written)
    if " count " in line:
        assert done.stdout == "12\n"
    if "> solution.svg" in line:
        assert "solution.svg" in written
        assert (tmp_path / "solution.svg").read_text().lstrip().startswith("<svg")
    if "> puzzle.cnf" in line:
        assert (tmp_path / "puzzle.cnf").read_text().startswith("c sudoku_models CNF")
