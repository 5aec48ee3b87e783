"""The command line: solve (inline, file, set, stdin, interactive, streaming, formats, jobs), input
errors, argparse mistakes, solvers; the other commands have their own test modules."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import threading
from pathlib import Path
from xml.etree import ElementTree

import pytest

from sudoku_models import datasets
from sudoku_models.cli import main
from sudoku_models.cli.inputs import box_shape, read_puzzles
from sudoku_models.cli.prompt import ask_puzzle
from sudoku_models.cli.solve import solve_streaming
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import DEFAULT_BACKEND, get_solver
from sudoku_models.solvers.backtracking import STRATEGIES, BacktrackingSolver
from sudoku_models.solvers.base import Status

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
    code, out, err = run(capsys, "solve", UNIQUE_4, "--all", "--count", "2")
    assert code == 2 and out == ""
    assert_one_error_line(err)


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
        ["solve", UNIQUE_4, "--time-limit", "-1"],
        ["solve", UNIQUE_4, "--time-limit", "nan"],
        ["solve", UNIQUE_4, "--time-limit", "inf"],
        ["solve", UNIQUE_4, "--count", "abc"],
        ["solve", UNIQUE_4, "-f", "xml"],
        ["solve", UNIQUE_4, "--no-such-flag"],
        ["solve", UNIQUE_4, "--workers", "0"],
        ["solve", "puzzles/none.txt"],
        ["solve", "top96"],
        ["solve", "." * 36, "--box", "3x3"],
        ["solve", "top95", "--format", "svg"],
        ["solve", UNIQUE_4, "--interactive"],
        ["nonsense"],
        [],
    ],
)
def test_bad_input_exits_2_with_one_line(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert_one_error_line(err)


def test_argparse_mistakes_name_the_option_and_the_help(capsys):
    _, _, err = run(capsys, "solve", UNIQUE_4, "--count", "abc")
    assert "--count" in err and "'abc'" in err and "sudoku-models solve --help" in err
    _, _, err = run(capsys, "solve", UNIQUE_4, "-t", "nan")
    assert "positive seconds" in err
    code, out, err = run(capsys, "solve", "--help")
    assert code == 0 and err == "" and out.startswith("usage: sudoku-models solve")


def test_every_command_reading_a_puzzle_names_its_inputs_and_helps_each_option():
    """Each command whose first argument is a puzzle names every format it reads, and no option
    is left without a help text."""
    import argparse

    from sudoku_models.cli import build_parser

    commands = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    readers = 0
    for name, parser in commands.choices.items():
        puzzle = [a for a in parser._actions if a.dest == "puzzle"]
        if not puzzle:
            continue
        readers += 1
        for word in ("f-puzzles", "SudokuPad", "ISS"):
            assert word in (puzzle[0].help or ""), (name, word)
        for action in parser._actions:
            if action.option_strings and action.help is None:
                raise AssertionError(f"{name} {'/'.join(action.option_strings)} has no help")
    assert readers >= 8


def test_no_puzzle_on_a_terminal_is_a_mistake(capsys, monkeypatch):
    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setattr(sys, "stdin", Terminal(""))
    code, out, err = run(capsys, "solve")
    assert code == 2 and out == ""
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
    assert out == ""  # the whole input is read and checked before any puzzle is solved
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


def test_interactive_cut_short_or_declined_then_ended(capsys, monkeypatch):
    code, out, err = run(capsys, "solve", "-i", stdin="1 2 3 4\n", monkeypatch=monkeypatch)
    assert code == 2 and out == ""
    assert err.strip().splitlines()[-1] == (
        "sudoku-models: error: input ended before the grid was complete after 1 of 4 rows"
    )
    answers = "1 2 3 4\n3 4 1 2\n2 1 4 3\n4 3 2 1\nno\n"
    code, out, err = run(capsys, "solve", "-i", stdin=answers, monkeypatch=monkeypatch)
    assert code == 2 and out == "" and "Start again from row 1" in err


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
        "1 2 3",  # 3 cells: not a board side, asked again
        "0 1 0 0",
        "0 0 x 4",  # not a number
        "0 0 0 4 0",  # wrong length
        "0 0 0 9",  # digit out of range
        "0,0,0,4",
        "....",  # compact, dots
        "3400",  # compact, zeros
        "",
    )
    puzzle = ask_puzzle(read=read)
    assert puzzle == Puzzle.parse(UNIQUE_4)
    assert prompts[0] == "Row 1: " and prompts[1] == "Row 1: " and prompts[2] == "Row 2 of 4: "
    assert prompts[-1].startswith("Solve this puzzle?")
    err = capsys.readouterr().err
    assert "row 1: unsupported board side 3" in err
    assert "row 2: cells hold 1 to 4, or . or 0 for a blank" in err
    assert "row 2: a row needs 4 cells, got 5" in err
    assert str(Puzzle.parse(UNIQUE_4)) in err


def test_ask_puzzle_compact_nine_by_nine_rows():
    line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
    rows = [line[k : k + 9].replace(".", "0" if k % 2 else ".") for k in range(0, 81, 9)]
    read, prompts = scripted(*rows, "y")
    assert ask_puzzle(read=read) == Puzzle.parse(line)
    assert prompts[1] == "Row 2 of 9: "


def test_ask_puzzle_back_and_redo_a_row(capsys):
    read, prompts = scripted(
        ".1..",
        "2...",
        "back",
        "...4",
        "....",
        "34..",  # a wrong row 2, typed again
        "3",  # at the question: redo row 3
        "..2.",
        "",
    )
    assert ask_puzzle(read=read) == Puzzle.parse(".1.....4..2.34..")
    assert prompts[3] == "Row 2 of 4: " and prompts[7] == "Row 3 of 4: "


def test_ask_puzzle_with_a_box():
    read, prompts = scripted(*(["0 0 0 0 0 0"] * 6), "yes")
    puzzle = ask_puzzle(box=(3, 2), read=read)
    assert puzzle == Puzzle.empty((3, 2))
    assert prompts[0] == "Row 1 of 6: "


def test_ask_puzzle_no_starts_over_and_eof_ends(capsys):
    read, prompts = scripted("1...", "....", "....", "....", "n", ".1..", "...4", "....", "34..")
    assert ask_puzzle(read=read) == Puzzle.parse(UNIQUE_4)  # EOF at the question confirms
    assert prompts[5] == "Row 1: "
    assert "Not solved. Start again from row 1" in capsys.readouterr().err
    read, _ = scripted("0 1 0 0", "0 0 0 4")
    with pytest.raises(InvalidPuzzleError, match="ended before the grid was complete after 2 of 4"):
        ask_puzzle(read=read)
    read, _ = scripted()
    with pytest.raises(InvalidPuzzleError, match=r"ended before the grid was complete$"):
        ask_puzzle(read=read)
    read, prompts = scripted(".1..", "...4", "....", "34..", "maybe", "y")
    assert ask_puzzle(read=read) == Puzzle.parse(UNIQUE_4)
    assert "answer y, n, or a row number" in capsys.readouterr().err


def test_read_puzzles_sources(tmp_path, monkeypatch):
    assert read_puzzles(UNIQUE_4) == [Puzzle.parse(UNIQUE_4)]
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"{UNIQUE_4}\n{SEVERAL_4}\n"))
    assert len(read_puzzles("-")) == 2
    assert read_puzzles("hardest") == datasets.load("hardest")
    (tmp_path / "hardest").write_text(UNIQUE_4 + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    assert read_puzzles("hardest") == [Puzzle.parse(UNIQUE_4)]  # a file comes before a set


@pytest.mark.parametrize("name", ["missing.txt", "sub/missing", "missing", "top96"])
def test_a_missing_file_is_named_as_such(tmp_path, monkeypatch, name):
    monkeypatch.chdir(tmp_path)
    with pytest.raises(FileNotFoundError, match="no such file or shipped puzzle set"):
        read_puzzles(name)


@pytest.mark.parametrize("typo", ["." * 80, "1234567", "1" * 80])
def test_a_puzzle_with_a_typo_is_not_taken_for_a_file_name(typo):
    with pytest.raises(InvalidPuzzleError, match=r"81|square"):
        read_puzzles(typo)


def test_a_directory_or_a_dangling_link_is_refused(capsys, tmp_path):
    code, out, err = run(capsys, "solve", str(tmp_path))
    assert code == 2 and out == "" and "is a directory" in err
    assert_one_error_line(err)
    link = tmp_path / "link.txt"
    link.symlink_to(tmp_path / "gone.txt")
    code, _, err = run(capsys, "solve", str(link))
    assert code == 2 and "does not exist" in err


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes need a POSIX system")
def test_a_named_pipe_is_read_like_a_file(capsys, tmp_path):
    fifo = tmp_path / "puzzles"
    os.mkfifo(fifo)
    writer = threading.Thread(target=fifo.write_text, args=(f"{UNIQUE_4}\n{CLASH_4}\n",))
    writer.start()
    code, out, _ = run(capsys, "solve", str(fifo), "-f", "line")
    writer.join()
    assert code == 1 and [status for _, status in lines_of(out)] == ["unique", "unsatisfiable"]


def test_a_puzzle_piped_in_without_a_dash(capsys, monkeypatch):
    code, out, _ = run(capsys, "solve", "-f", "line", stdin=UNIQUE_4, monkeypatch=monkeypatch)
    assert code == 0 and lines_of(out)[0][1] == "unique"


def test_a_shipped_set_by_name(capsys):
    code, out, _ = run(capsys, "solve", "hardest", "-f", "line")
    assert code == 0
    assert [status for _, status in lines_of(out)] == ["unique"] * len(datasets.load("hardest"))
    for (grid, _), puzzle in zip(lines_of(out), datasets.load("hardest")):
        assert Puzzle.parse(grid).is_valid_solution_of(puzzle)


def test_solvers_listing(capsys):
    code, out, err = run(capsys, "solvers")
    assert code == 0 and err == ""
    assert "``" not in out and ":class:" not in out
    assert "backtracking: " in out
    assert f"variants: {', '.join(STRATEGIES)} (default fast)" in out
    blocks = [line for line in out.splitlines() if not line.startswith(" ")]
    assert {line.split(":")[0] for line in blocks} >= {"backtracking", "sat", "cpsat"}


def test_version_and_help(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.startswith("sudoku-models ")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "solve" in out and "count" in out and "dimacs" in out
    code, out, _ = run(capsys, "bench", "--help")
    assert code == 0 and out.startswith("usage: sudoku-models bench")


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


def test_all_prints_solutions_while_the_search_goes_on(capsys, monkeypatch):
    printed_before_each_search = []
    solve = BacktrackingSolver.solve

    def watched(self, *args, **kwargs):
        printed_before_each_search.append(sys.stdout.getvalue().count("Solution"))
        return solve(self, *args, **kwargs)

    monkeypatch.setattr(sys, "stdout", io.StringIO())
    monkeypatch.setattr(BacktrackingSolver, "solve", watched)
    assert main(["solve", SEVERAL_4, "--all", "-b", "backtracking"]) == 0
    out = sys.stdout.getvalue()
    assert out.count("Solution") == 12 and "12 solutions: not unique" in out
    # Batches of 1, 2, 4, then 8 asked and 5 left: each batch is out before the next search,
    # the first solution waiting only for the second to tell whether it is alone.
    assert printed_before_each_search == [0, 0, 3, 7]


@pytest.mark.parametrize("backend", ["backtracking", "backtracking:dlx", "sat", "cpsat"])
@pytest.mark.parametrize("puzzle", [UNIQUE_4, SEVERAL_4, CLASH_4, "1234............"])
def test_streamed_solutions_are_those_of_one_enumeration(backend, puzzle):
    solver = get_solver(backend)
    seen = []
    streamed = solve_streaming(solver, Puzzle.parse(puzzle), None, seen.append)
    whole = solver.solve(puzzle, limit=0)
    assert seen == list(streamed.solutions)
    assert sorted(g.cells for g in seen) == sorted(g.cells for g in whole.solutions)
    assert streamed.status is whole.status and streamed.clashes == whole.clashes


@pytest.mark.parametrize("fmt", ["grid", "line"])
def test_streamed_output_matches_the_whole_result(capsys, fmt):
    for puzzle in (UNIQUE_4, SEVERAL_4, CLASH_4):
        # The handwritten search finds solutions in one fixed order; a SAT solver's order
        # depends on what it learned, so its batches may list the same grids in another order.
        _, streamed, _ = run(capsys, "solve", puzzle, "--all", "-f", fmt, "-b", "backtracking")
        _, whole, _ = run(
            capsys, "solve", puzzle, "--count", "1000", "-f", fmt, "-b", "backtracking"
        )
        # Only the closing line's time and "(limit reached)" wording could differ; neither does.
        strip = [line.split(" [")[0] for line in streamed.splitlines()]
        assert strip == [line.split(" [")[0] for line in whole.splitlines()]


def test_all_with_a_time_limit_streams_what_it_found(capsys):
    _, out, _ = run(capsys, "solve", "." * 81, "--all", "--time-limit", "0.3", "-f", "line")
    statuses = {status for _, status in lines_of(out)}
    assert statuses <= {"multiple", "timeout"}
    for grid, _ in lines_of(out):
        assert Puzzle.parse(grid).is_complete and not Puzzle.parse(grid).conflicts()


def test_svg_format(capsys):
    code, out, _ = run(capsys, "solve", UNIQUE_4, "-f", "svg")
    assert code == 0
    root = ElementTree.fromstring(out)
    assert root.tag.endswith("svg")
    texts = [t.text for t in root.iter() if t.tag.endswith("text")]
    assert sorted(texts) == sorted(str(d) for d in Puzzle.parse("4132231412433421").cells)
    code, out, _ = run(capsys, "solve", CLASH_4, "-f", "svg")
    assert code == 1 and ElementTree.fromstring(out).tag.endswith("svg")


def test_json_is_the_result_as_a_dict(capsys):
    _, out, _ = run(capsys, "solve", UNIQUE_4, "-f", "json")
    data = json.loads(out)
    expected = get_solver(DEFAULT_BACKEND).solve(UNIQUE_4, limit=2).to_dict()
    assert data.keys() == expected.keys()
    assert {k: v for k, v in data.items() if k != "stats"} == {
        k: v for k, v in expected.items() if k != "stats"
    }


def puzzle_file(tmp_path):
    file = tmp_path / "mixed.txt"
    puzzles = [*datasets.load("hardest")[:6], UNIQUE_4, SEVERAL_4, CLASH_4]
    lines = [p.to_line() if isinstance(p, Puzzle) else p for p in puzzles]
    file.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return file, len(lines)


def test_a_job_ends_with_a_tally_on_stderr(capsys, tmp_path):
    file, _ = puzzle_file(tmp_path)
    code, _, err = run(capsys, "solve", str(file), "-f", "line")
    assert code == 1
    assert err.strip() == err.strip().splitlines()[0]  # one line
    assert re.fullmatch(
        r"9 puzzles: 8 solved, 7 unique, 1 multiple, 1 no solution, 0 timeouts; [\d.]+ s\n", err
    )
    _, _, err = run(capsys, "solve", UNIQUE_4)
    assert err == ""  # no tally for a single puzzle


def test_deterministic_gives_the_same_grids_serially_and_on_workers(capsys, tmp_path):
    rng = random.Random(5)
    lines = []
    for puzzle in datasets.load("top95")[:24]:
        cells = list(puzzle.cells)
        for i in rng.sample([i for i, d in enumerate(cells) if d], 4):
            cells[i] = 0  # several solutions each
        lines.append(Puzzle(puzzle.board, tuple(cells)).to_line())
    file = tmp_path / "several.txt"
    file.write_text("\n".join(lines) + "\n")
    argv = ("solve", str(file), "-f", "line", "--deterministic")
    _, alone, _ = run(capsys, *argv)
    _, pooled, _ = run(capsys, *argv, "--workers", "2")
    assert alone == pooled and alone.count("multiple") == 2 * len(lines)
    smallest = get_solver("sat", deterministic=True).solve(lines[0], limit=2).solutions
    assert alone.splitlines()[:2] == [f"{g.to_line()}\tmultiple" for g in smallest]
    code, _, err = run(capsys, "solve", lines[0], "-b", "backtracking", "--deterministic")
    assert code == 0 and not err


def test_workers_give_the_same_answers(capsys, tmp_path):
    """The same verdicts and unique solutions; a puzzle with several solutions may show another
    of them (a kept SAT solver is steered by the puzzles it met before), but always a solution."""
    file, _ = puzzle_file(tmp_path)
    _, alone, _ = run(capsys, "solve", str(file), "-f", "line")
    code, pooled, err = run(capsys, "solve", str(file), "-f", "line", "--workers", "2")
    assert code == 1 and "9 puzzles" in err
    alone_lines, pooled_lines = alone.splitlines(), pooled.splitlines()
    assert [line.split("\t")[-1] for line in pooled_lines] == [
        line.split("\t")[-1] for line in alone_lines
    ]
    several = get_solver("backtracking").solve(SEVERAL_4, limit=0).solutions
    for mine, theirs in zip(alone_lines, pooled_lines):
        if mine.endswith("multiple"):
            assert Puzzle.parse(theirs.split("\t")[0]) in several
        else:
            assert mine == theirs


@pytest.mark.parametrize("extra", [[], ["--all"]])
def test_the_progress_bar_never_cuts_into_the_results(monkeypatch, tmp_path, extra):
    """Results and bar on one stream, as on a terminal: every result line is whole once the
    bar's carriage returns have done their work."""
    file, count = puzzle_file(tmp_path)
    screen = io.StringIO()
    monkeypatch.setattr(sys, "stdout", screen)
    monkeypatch.setattr(sys, "stderr", screen)
    main(["solve", str(file), "-f", "line", "--progress", *extra])
    shown = [line.rsplit("\r", 1)[-1] for line in screen.getvalue().split("\n")]
    results = [line for line in shown if "\t" in line]
    assert len(results) >= count
    for line in results:
        assert re.fullmatch(r"[1-9.]+\t(unique|multiple|unsatisfiable)", line), repr(line)
    assert "100%" in screen.getvalue()  # the bar was drawn


def test_no_bar_when_stderr_is_not_a_terminal(capsys, tmp_path):
    file, _ = puzzle_file(tmp_path)
    _, _, err = run(capsys, "solve", str(file), "-f", "line")
    assert "%" not in err


def test_streaming_with_no_time_left_is_a_timeout():
    seen = []
    result = solve_streaming(get_solver("backtracking"), Puzzle.empty(), 1e-12, seen.append)
    assert result.status is Status.TIMEOUT and list(result.solutions) == seen
    assert result.puzzle == Puzzle.empty() and result.backend == "backtracking:fast"


def test_a_long_puzzle_with_a_typo_keeps_its_own_error():
    sixteen = datasets.load("sizes")[4].to_line()
    assert len(sixteen) == 256
    with pytest.raises(InvalidPuzzleError, match=r"outside|unknown symbol"):
        read_puzzles(sixteen[:-2] + ".Z")
