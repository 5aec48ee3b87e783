"""``sudoku-models count``: the number alone, cross-checked with the oracle and other backends."""

from __future__ import annotations

import pytest

from sudoku_models.cli import main
from sudoku_models.puzzle import Puzzle

SEVERAL_4 = "12..34.........."


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("backend", ["backtracking", "sat", "cpsat"])
@pytest.mark.parametrize(
    "puzzle", [".1.....4....34..", SEVERAL_4, "1.1.............", "1" + "." * 15]
)
def test_count_is_the_number_alone(capsys, oracle, backend, puzzle):
    code, out, err = run(capsys, "count", puzzle, "-b", backend)
    expected = oracle.count(2, 2, Puzzle.parse(puzzle).cells)
    assert out == f"{expected}\n" and err == ""
    assert code == (0 if expected else 1)


def test_limit_stops_the_count(capsys):
    assert run(capsys, "count", SEVERAL_4, "--limit", "5")[1] == "5\n"
    assert run(capsys, "count", SEVERAL_4, "--limit", "500")[1] == "12\n"


def test_a_file_gives_one_number_a_line(capsys, tmp_path):
    file = tmp_path / "p.txt"
    file.write_text(f"{SEVERAL_4}\n.1.....4....34..\n", encoding="utf-8")
    assert run(capsys, "count", str(file)) == (0, "12\n1\n", "")


def test_a_timeout_prints_what_was_found_and_says_so(capsys):
    code, out, err = run(capsys, "count", "." * 81, "--time-limit", "0.2")
    assert code == 1 and int(out) >= 0
    assert err == f"sudoku-models: time limit reached; at least {int(out)} solution(s)\n"


@pytest.mark.parametrize("argv", [["--limit", "-1"], ["--limit", "x"], ["-t", "nan"]])
def test_bad_options(capsys, argv):
    code, out, err = run(capsys, "count", SEVERAL_4, *argv)
    assert code == 2 and out == "" and err.startswith("sudoku-models: error: ")
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("backend", ["backtracking", "sat", "cpsat", "numba"])
def test_counting_keeps_only_what_it_shows(backend):
    """``keep`` holds the first grids and counts the rest, on each backend that enumerates."""
    from sudoku_models.solvers import available_solvers, get_solver
    from sudoku_models.solvers.base import Status

    if not any(i.name == backend and i.available for i in available_solvers()):
        pytest.skip(f"{backend} is not installed")
    solver = get_solver(backend)
    result = solver.solve("." * 16, limit=0, keep=1)
    assert result.count == 288 and len(result.solutions) == 1
    assert result.status is Status.MULTIPLE
    limited = solver.solve("." * 16, limit=100, keep=0)
    assert limited.count == 100 and limited.solutions == ()
    assert solver.count_solutions("." * 16) == 288
    with pytest.raises(ValueError, match="keep"):
        solver.solve("." * 16, keep=-1)


COUNT_MEMORY = """
import resource, sys
from sudoku_models.solvers import get_solver
solver = get_solver("backtracking")
solver.solve("." * 36, limit=200)  # warm: what the search itself needs
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
count = solver.count_solutions("." * 36, limit=60000)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(count, after - before)
"""


@pytest.mark.heavy
def test_a_long_count_holds_no_solutions():
    """Counting 60,000 solutions of an empty 6x6 in a fresh process: the peak memory grows by
    less than a tenth of what holding them would take (about 40 MB)."""
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-c", COUNT_MEMORY], capture_output=True, text=True, check=True
    ).stdout.split()
    assert int(out[0]) == 60000
    assert int(out[1]) < 4 * 1024, f"the count grew the peak memory by {out[1]} kB"
