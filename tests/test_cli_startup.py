"""What the command line loads: declaring its options loads none of the parts its commands run,
and a command loads the parts it uses, never a solver package it does not; and the one
``-t/--time-limit`` option every command that takes a time limit declares."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_models.cli import main

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"

#: Third-party solver packages: each loaded only by its backend, when that backend runs.
SOLVER_PACKAGES = {"clingo", "numba", "ortools", "pysat", "z3"}

#: Parts of the package that run commands, none of them needed to declare the options.
PARTS = {
    "api",
    "batch",
    "bench",
    "datasets",
    "diagnosis",
    "formats",
    "grading",
    "interactive",
    "logic",
    "research",
    "setter",
    "tracing",
    "true_candidates",
    "variants",
}

#: The commands that take a time limit, with what their help says it limits.
TIME_LIMITED = {
    "solve": "per puzzle",
    "count": "per puzzle",
    "candidates": "per puzzle",
    "check": "per search",
    "bench": "per puzzle",
    "steps": "per puzzle; the path stops there with the steps found",
    "rate": "per puzzle",
    "hint": "per puzzle",
    "why": "for shrinking the core and for each search",
    "trace": "before the search stops, keeping the tree recorded so far",
    "serve": "per search the board asks for",
}


def loaded_by(*argv: str) -> set[str]:
    """The modules loaded by a fresh interpreter that runs the command line on ``argv``
    (none: only declares its options), by their top package or, for this package, by part."""
    program = (
        "import sys\nfrom sudoku_models.cli import build_parser, main\n"
        "main(sys.argv[1:]) if sys.argv[1:] else build_parser()\n"
        "print(' '.join(sys.modules), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", program, *argv], capture_output=True, text=True)
    assert done.returncode in (0, 1), done.stderr
    names = done.stderr.split("\n")[-2].split()
    parts = {n.split(".")[1] for n in names if n.startswith("sudoku_models.")}
    return parts | {n.split(".")[0] for n in names if not n.startswith("sudoku_models")}


def test_declaring_the_options_loads_no_part_a_command_runs() -> None:
    loaded = loaded_by()
    assert "cli" in loaded
    assert not loaded & (PARTS | SOLVER_PACKAGES)


def test_steps_loads_the_logical_solver_and_no_solver_package(tmp_path: Path) -> None:
    entry = json.loads(SAMPLE.read_text().splitlines()[0])
    puzzle = tmp_path / "puzzle.json"
    puzzle.write_text(json.dumps(entry["fpuzzles"]))
    loaded = loaded_by("steps", str(puzzle), "--max-depth", "0")
    assert {"formats", "variants", "logic"} <= loaded
    assert not loaded & ({"setter", "diagnosis", "tracing", "true_candidates"} | SOLVER_PACKAGES)


def test_solve_loads_the_backend_it_runs_only() -> None:
    loaded = loaded_by("solve", "." * 16, "-b", "backtracking")
    assert "solvers" in loaded
    assert not loaded & ({"logic", "grading", "setter", "diagnosis"} | SOLVER_PACKAGES)


@pytest.mark.parametrize("command", sorted(TIME_LIMITED))
def test_every_time_limit_says_what_it_limits_and_its_default(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "-t SECONDS, --time-limit SECONDS" in text
    assert f"seconds {TIME_LIMITED[command]} (default: " in text
    assert main([command, "-t", "0"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "a time limit must be positive seconds" in err


def test_the_defaults_are_those_of_the_parts_they_limit() -> None:
    from sudoku_models.cli import build_parser
    from sudoku_models.diagnosis import TIME_LIMIT as WHY
    from sudoku_models.interactive.state import TIME_LIMIT as BOARD
    from sudoku_models.logic.solver import TIME_LIMIT as LOGIC

    parser = build_parser()
    limit = {c: parser.parse_args([c, "x"]).time_limit for c in ("steps", "rate", "hint", "why")}
    assert limit == {"steps": LOGIC, "rate": LOGIC, "hint": LOGIC, "why": WHY}
    assert parser.parse_args(["serve"]).time_limit == BOARD
    assert parser.parse_args(["solve", "x"]).time_limit is None
