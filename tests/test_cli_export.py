"""``sudoku-models export`` and its short forms ``dimacs`` and ``cpsat-model``: the backend's own
text, it solves, and every input ``solve`` reads is read."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_models import cnf, fpuzzles
from sudoku_models.cli import main
from sudoku_models.export import LANGUAGES, export
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers.cpsat import CpSatSolver

UNIQUE_4 = ".1.....4....34.."


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("encoding", cnf.ENCODINGS)
@pytest.mark.parametrize("amo", ["pairwise", "sequential"])
def test_dimacs_is_the_formula_and_solves_to_the_solution(capsys, oracle, encoding, amo):
    code, out, err = run(capsys, "dimacs", UNIQUE_4, "--encoding", encoding, "--amo", amo)
    assert code == 0 and err == ""
    assert out == cnf.to_dimacs(UNIQUE_4, encoding=encoding, amo=amo)
    from pysat.formula import CNF
    from pysat.solvers import Solver

    with Solver(bootstrap_with=CNF(from_string=out).clauses) as sat:
        assert sat.solve()
        grid = cnf.read_solution(UNIQUE_4, sat.get_model())
    assert grid is not None and oracle.keeps(Puzzle.parse(UNIQUE_4).cells, grid.cells)
    assert oracle.is_grid(2, 2, grid.cells)


def test_dimacs_givens_option(capsys):
    _, units, _ = run(capsys, "dimacs", UNIQUE_4)
    _, simplified, _ = run(capsys, "dimacs", UNIQUE_4, "--givens", "simplify")
    _, rules, _ = run(capsys, "dimacs", UNIQUE_4, "--givens", "none")
    clauses = [len(text.splitlines()) for text in (simplified, rules, units)]
    assert clauses[0] < clauses[1] < clauses[2]


@pytest.mark.parametrize("variant", ["integer", "boolean"])
def test_cpsat_model_text(capsys, variant):
    code, out, err = run(capsys, "cpsat-model", UNIQUE_4, "--variant", variant)
    assert code == 0 and err == ""
    assert out == CpSatSolver(variant).model_text(UNIQUE_4)
    assert "variables {" in out and "constraints {" in out


@pytest.mark.parametrize("command", ["dimacs", "cpsat-model"])
def test_one_puzzle_only(capsys, tmp_path, command):
    file = tmp_path / "two.txt"
    file.write_text(f"{UNIQUE_4}\n{UNIQUE_4}\n", encoding="utf-8")
    code, out, err = run(capsys, command, str(file))
    assert code == 2 and out == "" and "one puzzle; the input has 2" in err
    code, out, err = run(capsys, command, UNIQUE_4, "--encoding", "huge")
    assert code == 2 and out == "" and len(err.splitlines()) == 1


# --- export --to LANGUAGE ----------------------------------------------------------------------

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"


def _first_link() -> str:
    return json.loads(SAMPLE.read_text(encoding="utf-8").splitlines()[0])["fpuzzles_lz"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_export_prints_what_the_python_call_writes(capsys, language):
    code, out, err = run(capsys, "export", UNIQUE_4, "--to", language)
    assert code == 0 and err == ""
    assert out == export(UNIQUE_4, language)


def test_export_to_a_file_named_by_its_suffix(capsys, tmp_path):
    target = tmp_path / "puzzle.smt2"
    code, out, err = run(capsys, "export", UNIQUE_4, "-o", str(target))
    assert code == 0 and out == "" and err == ""
    assert target.read_text(encoding="utf-8") == export(UNIQUE_4, "smt2")
    code, out, err = run(capsys, "export", UNIQUE_4, "-o", str(tmp_path / "puzzle.txt"))
    assert code == 2 and "--to" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("command", [["dimacs"], ["cpsat-model"], ["export", "--to", "asp"]])
def test_every_export_reads_fpuzzles_links_as_solve_does(capsys, command):
    link = _first_link()
    model = fpuzzles.read(link)
    code, out, err = run(capsys, *command, link)
    assert code == 0 and err == "", err
    language = {"dimacs": "cnf", "cpsat-model": "cpsat"}.get(command[0], "asp")
    assert out == export(model, language)


def test_variant_flags_reach_the_export(capsys):
    code, plain, _ = run(capsys, "export", UNIQUE_4, "--to", "mzn")
    code, diagonal, _ = run(capsys, "export", UNIQUE_4, "--to", "mzn", "--diagonal")
    assert code == 0 and diagonal.count("alldifferent(") == plain.count("alldifferent(") + 2


def test_options_of_another_language_are_refused(capsys):
    code, out, err = run(capsys, "export", UNIQUE_4, "--to", "mzn", "--amo", "sequential")
    assert code == 2 and out == "" and "--amo does not apply to --to mzn" in err
    code, out, err = run(capsys, "export", UNIQUE_4)
    assert code == 2 and "name the language with --to" in err
