"""The command line: solve (inline, file, stdin, interactive) and solvers, exit codes, errors."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_models import datasets
from sudoku_models.cli import main
from sudoku_models.cli.inputs import box_shape, read_puzzles
from sudoku_models.cli.prompt import ask_puzzle
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.backtracking import STRATEGIES

UNIQUE_4 = ".1.....4....34.."
SEVERAL_4 = "12..34.........."
CLASH_4 = "1.1............."
NINE = datasets.load("easy50")[0].to_line()
ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv, stdin=None, monkeypatch=None):
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def lines_of(out):
    """``(grid, status)`` pairs of the ``line`` format."""
    return [tuple(line.split("\t")) for line in out.splitlines()]


def assert_one_error_line(err):
    assert len(err.strip().splitlines()) == 1, err
    assert err.startswith("sudoku-models: error: ")
    assert "Traceback" not in err


def test_inline_puzzle_grid_format(capsys, oracle):
    code, out, err = run(capsys, "solve", UNIQUE_4)
    assert code == 0 and err == ""
    assert out.startswith("Solution:\n")
    assert "unique solution [sat:cadical153, " in out
    grid = Puzzle.parse("\n".join(out.splitlines()[1:6]))
    assert oracle.is_grid(2, 2, grid.cells)
    assert oracle.keeps(Puzzle.parse(UNIQUE_4).cells, grid.cells)


def test_line_format(capsys, oracle):
    code, out, _ = run(capsys, "solve", NINE, "--format", "line")
    assert code == 0
    [(grid, status)] = lines_of(out)
    assert status == "unique"
    cells = Puzzle.parse(grid).cells
    assert oracle.is_grid(3, 3, cells) and oracle.keeps(Puzzle.parse(NINE).cells, cells)


def test_json_format(capsys, oracle):
    code, out, _ = run(capsys, "solve", SEVERAL_4, "-f", "json", "--all")
    assert code == 0
    data = json.loads(out)
    assert data["puzzle"] == SEVERAL_4 and data["status"] == "multiple"
    assert data["backend"] == "sat:cadical153" and data["clashes"] == []
    assert len(data["solutions"]) == oracle.count(2, 2, Puzzle.parse(SEVERAL_4).cells)
    assert len(set(data["solutions"])) == len(data["solutions"])
    assert {"nodes", "guesses", "time"} <= set(data["stats"])


def test_count(capsys):
    code, out, _ = run(capsys, "solve", SEVERAL_4, "--count", "3", "-f", "json")
    assert code == 0 and len(json.loads(out)["solutions"]) == 3
    code, out, _ = run(capsys, "solve", SEVERAL_4, "-n", "3")
    assert "3 solutions (limit reached): not unique" in out
    assert out.count("Solution ") == 3
    code, out, _ = run(capsys, "solve", UNIQUE_4, "--count", "1")
    assert code == 0 and "solved (uniqueness not checked)" in out


def test_all_without_reaching_a_limit(capsys, oracle):
    code, out, _ = run(capsys, "solve", SEVERAL_4, "--all")
    expected = oracle.count(2, 2, Puzzle.parse(SEVERAL_4).cells)
    assert code == 0
    assert f"{expected} solutions: not unique" in out


def test_count_and_all_exclude_each_other(capsys):
    with pytest.raises(SystemExit) as info:
        main(["solve", UNIQUE_4, "--all", "--count", "2"])
    assert info.value.code == 2


def test_backend_option(capsys):
    code, out, _ = run(capsys, "solve", UNIQUE_4, "--backend", "backtracking:fast", "-f", "json")
    assert code == 0 and json.loads(out)["backend"] == "backtracking:fast"
    code, out, _ = run(capsys, "solve", UNIQUE_4, "-b", "backtracking:dlx", "-f", "json")
    assert json.loads(out)["backend"] == "backtracking:dlx"


def test_time_limit(capsys):
    code, out, _ = run(capsys, "solve", "." * 81, "--all", "--time-limit", "0.2", "-f", "json")
    data = json.loads(out)
    assert data["status"] == "timeout"
    assert code == (0 if data["solutions"] else 1)
    for line in data["solutions"]:
        assert Puzzle.parse(line).is_complete and not Puzzle.parse(line).conflicts()
    code, out, _ = run(capsys, "solve", "." * 81, "--all", "--time-limit", "0.2")
    assert "time limit reached after" in out


def test_no_solution_exits_1(capsys):
    code, out, _ = run(capsys, "solve", CLASH_4)
    assert code == 1
    assert "no solution: givens clash at r1c1 and r1c3" in out
    assert out.startswith("Puzzle:\n")
    code, out, _ = run(capsys, "solve", CLASH_4, "-f", "line")
    assert code == 1 and lines_of(out) == [(CLASH_4, "unsatisfiable")]
    code, out, _ = run(capsys, "solve", CLASH_4, "-f", "json")
    assert json.loads(out)["clashes"] == [[[0, 0], [0, 2]]]


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "." * 80],
        ["solve", "x" * 81],
        ["solve", "no_such_file.txt"],
        ["solve", UNIQUE_4, "--backend", "nope"],
        ["solve", UNIQUE_4, "--backend", "backtracking:nope"],
        ["solve", UNIQUE_4, "--count", "0"],
        ["solve", UNIQUE_4, "--time-limit", "0"],
        ["solve", "." * 36, "--box", "3x3"],
        ["solve"],
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert_one_error_line(err)


def test_unknown_backend_lists_the_known_ones(capsys):
    _, _, err = run(capsys, "solve", UNIQUE_4, "--backend", "nope")
    assert "backtracking" in err


def test_box_option(capsys):
    code, out, _ = run(capsys, "solve", "." * 36, "--box", "3x2", "-n", "1", "-f", "line")
    assert code == 0
    [(grid, _)] = lines_of(out)
    assert Puzzle.parse(grid, box=(3, 2)).is_complete
    assert not Puzzle.parse(grid, box=(3, 2)).conflicts()
    assert box_shape("2X3") == (2, 3)
    for bad in ("3", "3x", "x3", "axb", "3*3"):
        with pytest.raises(Exception, match="box shape"):
            box_shape(bad)


def test_file_of_puzzles(capsys, tmp_path):
    file = tmp_path / "puzzles.txt"
    file.write_text(f"# three puzzles\n{UNIQUE_4}\n\n{SEVERAL_4}\n{CLASH_4}\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(file), "-f", "line")
    assert code == 1  # one of them has no solution
    statuses = [status for _, status in lines_of(out)]
    assert statuses == ["unique", "multiple", "multiple", "unsatisfiable"]
    code, out, _ = run(capsys, "solve", str(file), "-f", "json")
    assert [json.loads(line)["status"] for line in out.splitlines()] == [
        "unique",
        "multiple",
        "unsatisfiable",
    ]


def test_a_bad_line_in_a_file_is_named(capsys, tmp_path):
    file = tmp_path / "bad.txt"
    file.write_text(f"{UNIQUE_4}\n{UNIQUE_4[:-1]}x\n", encoding="utf-8")
    code, out, err = run(capsys, "solve", str(file), "-f", "line")
    assert code == 2
    assert len(lines_of(out)) == 1  # the first puzzle was solved before the error
    assert_one_error_line(err)
    assert "puzzle 2" in err and "row 4, column 4" in err


def test_a_grid_file(capsys, tmp_path):
    file = tmp_path / "grid.txt"
    file.write_text(str(Puzzle.parse(NINE)) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "solve", str(file), "-f", "line")
    assert code == 0 and lines_of(out)[0][1] == "unique"


def test_stdin(capsys, monkeypatch):
    text = f"{UNIQUE_4}\n{NINE}\n"
    code, out, _ = run(capsys, "solve", "-", "-f", "line", stdin=text, monkeypatch=monkeypatch)
    assert code == 0
    grids = [Puzzle.parse(grid) for grid, _ in lines_of(out)]
    assert [g.n for g in grids] == [4, 9]
    code, out, err = run(capsys, "solve", "-", stdin="\n# nothing\n", monkeypatch=monkeypatch)
    assert code == 2 and "standard input" in err


def test_a_16x16_grid_on_stdin(capsys, monkeypatch):
    puzzle = datasets.load("sizes")[4]
    rows = puzzle.rows()
    rows[0] = [d if d <= 4 else 0 for d in rows[0]]  # a first row that also reads as a 4x4
    text = "\n".join(" ".join(str(d) for d in row) for row in rows) + "\n"
    code, out, err = run(capsys, "solve", "-", "-f", "line", stdin=text, monkeypatch=monkeypatch)
    assert code == 0 and err == ""
    for grid, _ in lines_of(out):
        assert Puzzle.parse(grid).is_valid_solution_of(Puzzle.parse(rows))


def test_sixteen_4x4_puzzles_need_the_box_option(capsys, monkeypatch):
    text = f"{UNIQUE_4}\n" * 16
    code, out, _ = run(capsys, "solve", "-", "-f", "line", stdin=text, monkeypatch=monkeypatch)
    assert len(lines_of(out)) == 1  # read as one 16x16 grid
    code, out, _ = run(
        capsys, "solve", "-", "-f", "line", "--box", "2x2", stdin=text, monkeypatch=monkeypatch
    )
    assert code == 0 and [status for _, status in lines_of(out)] == ["unique"] * 16


def test_interactive_through_stdin(capsys, monkeypatch):
    answers = "0 1 0 0\n0 0 0 4\n0 0 0 0\n3 4 0 0\ny\n"
    code, out, err = run(
        capsys, "solve", "--interactive", "-f", "json", stdin=answers, monkeypatch=monkeypatch
    )
    assert code == 0
    data = json.loads(out)  # prompts go to standard error, results alone to standard output
    assert data["puzzle"] == UNIQUE_4 and data["status"] == "unique"
    assert "Row 1" in err and "Solve this puzzle?" in err


def test_interactive_declined_or_cut_short(capsys, monkeypatch):
    code, out, _ = run(capsys, "solve", "-i", stdin="1 2 3 4\nn\n", monkeypatch=monkeypatch)
    assert code == 2 and out == ""  # 1 2 3 4 is one row: the grid is not complete
    answers = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\nno\n"
    code, out, _ = run(capsys, "solve", "-i", stdin=answers, monkeypatch=monkeypatch)
    assert code == 2 and out == ""


def scripted(*answers):
    queue = list(answers)
    prompts = []

    def read(prompt):
        prompts.append(prompt)
        if not queue:
            raise EOFError
        return queue.pop(0)

    return read, prompts


def test_ask_puzzle_with_a_read_function(capsys):
    read, prompts = scripted(
        "1 2 3",  # 3 digits: not a board side, asked again
        "0 1 0 0",
        "0 0 x 4",  # not a number
        "0 0 0 4 0",  # wrong length
        "0 0 0 9",  # digit out of range
        "0,0,0,4",
        "0 0 0 0",
        "3 4 0 0",
        "",
    )
    puzzle = ask_puzzle(read=read)
    assert puzzle == Puzzle.parse(UNIQUE_4)
    assert prompts[0] == "Row 1: " and prompts[1] == "Row 1: " and prompts[2] == "Row 2 of 4: "
    assert prompts[-1].startswith("Solve this puzzle?")
    err = capsys.readouterr().err
    assert "use digits separated by spaces" in err
    assert "a row needs 4 numbers from 0 to 4" in err
    assert str(Puzzle.parse(UNIQUE_4)) in err


def test_ask_puzzle_with_a_box():
    read, prompts = scripted(*(["0 0 0 0 0 0"] * 6), "yes")
    puzzle = ask_puzzle(box=(3, 2), read=read)
    assert puzzle == Puzzle.empty((3, 2))
    assert prompts[0] == "Row 1 of 6: "


def test_ask_puzzle_declined_ended_or_confirmed_by_eof():
    read, _ = scripted("0 1 0 0", "0 0 0 4", "0 0 0 0", "3 4 0 0", "n")
    assert ask_puzzle(read=read) is None
    read, _ = scripted("0 1 0 0", "0 0 0 4")
    with pytest.raises(InvalidPuzzleError, match="ended"):
        ask_puzzle(read=read)
    read, _ = scripted("0 1 0 0", "0 0 0 4", "0 0 0 0", "3 4 0 0")  # EOF at the question
    assert ask_puzzle(read=read) == Puzzle.parse(UNIQUE_4)


def test_read_puzzles_sources(tmp_path, monkeypatch):
    assert list(read_puzzles(UNIQUE_4)) == [Puzzle.parse(UNIQUE_4)]
    with pytest.raises(InvalidPuzzleError, match="no such file"):
        list(read_puzzles(str(tmp_path / "missing")))
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{UNIQUE_4}\n{SEVERAL_4}\n"))
    assert len(list(read_puzzles("-"))) == 2


def test_solvers_listing(capsys):
    code, out, err = run(capsys, "solvers")
    assert code == 0 and err == ""
    assert "backtracking: " in out
    assert f"variants: {', '.join(STRATEGIES)} (default fast)" in out
    blocks = [line for line in out.splitlines() if not line.startswith(" ")]
    assert {line.split(":")[0] for line in blocks} >= {"backtracking", "sat", "cpsat"}


def test_version_and_help(capsys):
    with pytest.raises(SystemExit) as info:
        main(["--version"])
    assert info.value.code == 0
    assert capsys.readouterr().out.startswith("sudoku-models ")
    with pytest.raises(SystemExit) as info:
        main([])
    assert info.value.code == 2


def test_python_dash_m(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_models", "solve", "-", "--format", "line"],
        input=f"{UNIQUE_4}\n{CLASH_4}\n",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1
    assert [line.split("\t")[1] for line in done.stdout.splitlines()] == ["unique", "unsatisfiable"]
    bad = subprocess.run(
        [sys.executable, "-m", "sudoku_models", "solve", "." * 80],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
    )
    assert bad.returncode == 2 and bad.stdout == ""
    assert_one_error_line(bad.stderr)
