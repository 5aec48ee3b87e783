"""Every export language: a puzzle with every kind of primitive, written out, solved by the tool
that reads the language (MiniZinc, Z3, clingo, OR-Tools, CP-SAT) and compared with the
solutions of the backends."""

from __future__ import annotations

import re

import pytest

import sudoku_models.variants as v
from sudoku_models.constraints import Automaton
from sudoku_models.errors import UnsupportedModelError
from sudoku_models.export import LANGUAGES, export, language_of, write
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.mip_constraints import formulate
from sudoku_models.testing import NINE_BY_NINE

#: A 6x6 puzzle with four solutions under rules that bring every primitive: all-different
#: groups, a sum cage, a linear sum, relations, allowed digits, a table, implications, a count
#: of visible cells.
SIX = Puzzle.parse("1.....4.....2.....5.....3.....6.....", box=(2, 3))
RULES = [
    v.Skyscraper((-1, 0), 4),
    v.Sandwich((0, -1), 5),
    v.XSum((-1, 5), 3),
    v.Thermometer(((0, 0), (1, 1), (1, 2), (2, 3))),
    v.Quadruple(((3, 3), (3, 4), (4, 3), (4, 4)), (1, 2)),
    v.Odd((3, 3)),
    v.KillerCage(((5, 4), (5, 5)), 7),
    v.LittleKiller((-1, -1), "DR", 10),
]
EVERY_KIND = Model.from_puzzle(SIX, variants=RULES)
CLASSIC = Model.from_puzzle(NINE_BY_NINE[1])
#: The same puzzle with two solutions under rules that bring the automaton (deterministic and
#: not: the lockout line guesses its last digit), count and element primitives.
NEW_RULES = [
    v.LockoutLine(((0, 1), (1, 2), (2, 2), (3, 1))),
    v.TenLine(((4, 0), (4, 1), (5, 2))),
    v.ParityLine(((0, 5), (1, 5), (2, 4))),
    v.ValueIndexing(((5, 3), (5, 4), (4, 4), (3, 4))),
    v.NumberedRoom((-1, 2), 1),
    v.LookAndSayCage(((2, 0), (3, 0), (3, 1), (2, 1)), "12"),
]
NEW_KINDS = Model.from_puzzle(SIX, variants=NEW_RULES)
SAMPLES = {"every kind": EVERY_KIND, "new kinds": NEW_KINDS}


def _solutions(model: Model) -> set[tuple[int, ...]]:
    return {g.cells for g in get_solver("sat").solve(model, limit=0).solutions}


def test_the_sample_brings_every_primitive() -> None:
    kinds = {type(c).__name__ for c in EVERY_KIND.constraints}
    assert kinds == {"AllowedDigits", "Implies", "LinearSum", "Relation", "Table", "Visible"}
    assert EVERY_KIND.cages and len(_solutions(EVERY_KIND)) == 4
    kinds = {type(c).__name__ for c in NEW_KINDS.constraints}
    assert {"Automaton", "Count", "Element"} <= kinds and len(_solutions(NEW_KINDS)) == 2
    assert any(isinstance(c, Automaton) and not c.is_deterministic for c in NEW_KINDS.constraints)


@pytest.mark.parametrize(
    "model", [EVERY_KIND, NEW_KINDS, CLASSIC], ids=["every kind", "new kinds", "classic"]
)
def test_minizinc_with_gecode_finds_the_same_solutions(
    model: Model, tmp_path, minizinc_solutions
) -> None:
    path = tmp_path / "puzzle.mzn"
    write(model, path)
    assert set(minizinc_solutions(path)) == _solutions(model)


@pytest.mark.parametrize("model", SAMPLES.values(), ids=SAMPLES)
def test_smtlib_solved_by_z3_gives_the_same_solutions(model: Model) -> None:
    z3 = pytest.importorskip("z3")
    text = export(model, "smt2")
    assert text.endswith("(check-sat)\n(get-model)\n")
    solver = z3.Solver()
    solver.from_string(text)
    cells = [z3.Int(f"r{i // 6 + 1}c{i % 6 + 1}") for i in range(36)]
    found = set()
    while solver.check() == z3.sat:
        grid = tuple(solver.model().eval(x).as_long() for x in cells)
        found.add(grid)
        solver.add(z3.Or([x != d for x, d in zip(cells, grid)]))
    assert found == _solutions(model)


@pytest.mark.parametrize("model", SAMPLES.values(), ids=SAMPLES)
def test_asp_program_solved_by_clingo_gives_the_same_solutions(model: Model) -> None:
    clingo = pytest.importorskip("clingo")
    control = clingo.Control(["--models=0", "--project"])
    control.add("base", [], export(model, "asp"))
    control.ground([("base", [])])
    found = set()

    def keep(answer) -> None:
        grid = [0] * 36
        for atom in answer.symbols(shown=True):
            grid[atom.arguments[0].number] = atom.arguments[1].number
        found.add(tuple(grid))

    control.solve(on_model=keep)
    assert found == _solutions(model)


def _grid_of(values: dict[str, float], model: Model) -> tuple[int, ...]:
    form = formulate(model)
    return tuple(
        next(d for d, name in enumerate(lits, start=1) if values[name] > 0.5)
        for lits in form.cell_vars
    )


@pytest.mark.parametrize(
    "model", [EVERY_KIND, NEW_KINDS, CLASSIC], ids=["every kind", "new kinds", "classic"]
)
def test_mps_read_back_and_solved_by_scip_gives_a_solution(model: Model) -> None:
    from ortools.linear_solver.python import model_builder

    read = model_builder.Model()
    assert read.import_from_mps_string(export(model, "mps"))
    solver = model_builder.Solver("scip")
    assert solver.solve(read) == model_builder.SolveStatus.OPTIMAL
    values = {var.name: solver.value(var) for var in read.get_variables()}
    assert _grid_of(values, model) in _solutions(model)
    assert read.num_constraints == len(formulate(model).rows)


@pytest.mark.parametrize("model", SAMPLES.values(), ids=SAMPLES)
def test_lp_holds_every_row_of_the_integer_program(model: Model) -> None:
    text = export(model, "lp")
    rows = formulate(model).rows
    written = {}
    for line in text.split("Subject to")[1].split("Bounds")[0].strip().splitlines():
        name, _, rest = line.strip().partition(": ")
        *terms, sense, rhs = rest.split()
        pairs = tuple((int(float(terms[k])), terms[k + 1]) for k in range(0, len(terms), 2))
        written[name] = (sorted(pairs, key=lambda t: t[1]), sense, int(float(rhs)))
    assert len(written) == len(rows)
    for row in rows:
        sense = {"==": "=", "<=": "<=", ">=": ">="}[row.sense]
        assert written[row.name] == (sorted(row.terms, key=lambda t: t[1]), sense, row.rhs)
    assert "Binaries" in text


def _read_opb(text: str) -> tuple[dict[str, int], list[tuple[list[tuple[int, int]], str, int]]]:
    names: dict[str, int] = {}
    rows = []
    for line in text.splitlines():
        if line.startswith("* x"):
            number, name = line[3:].split()
            names[name] = int(number)
        elif not line.startswith("*"):
            *terms, sense, rhs, end = line.split()
            assert end == ";" and sense in (">=", "=")
            pairs = [(int(terms[k]), int(terms[k + 1][1:])) for k in range(0, len(terms), 2)]
            rows.append((pairs, sense, int(rhs)))
    return names, rows


@pytest.mark.parametrize("model", SAMPLES.values(), ids=SAMPLES)
def test_opb_solved_as_a_pseudo_boolean_problem_gives_the_same_solutions(model: Model) -> None:
    from ortools.sat.python import cp_model

    text = export(model, "opb")
    header = re.match(r"\* #variable= (\d+) #constraint= (\d+)", text)
    names, rows = _read_opb(text)
    assert header and int(header[1]) == len(names) and int(header[2]) == len(rows)
    cp = cp_model.CpModel()
    x = {k: cp.new_bool_var(str(k)) for k in names.values()}
    for pairs, sense, rhs in rows:
        total = sum(c * x[k] for c, k in pairs)
        cp.add(total >= rhs if sense == ">=" else total == rhs)
    form = formulate(model)
    cells = [[x[names[name]] for name in lits] for lits in form.cell_vars]
    found = set()
    solver = cp_model.CpSolver()
    while solver.solve(cp) in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        grid = tuple(next(d for d, b in enumerate(lits, 1) if solver.value(b)) for lits in cells)
        found.add(grid)
        cp.add_bool_or([lits[d - 1].Not() for lits, d in zip(cells, grid)])
    assert found == _solutions(model)


def test_cnf_and_cpsat_are_the_existing_texts() -> None:
    from sudoku_models.cnf import to_dimacs
    from sudoku_models.solvers.cpsat import CpSatSolver

    assert export(SIX, "cnf", amo="sequential") == to_dimacs(SIX, amo="sequential")
    assert export(SIX, "cpsat", variant="boolean") == CpSatSolver("boolean").model_text(SIX)


def test_languages_suffixes_and_errors(tmp_path) -> None:
    assert set(LANGUAGES) == {"mzn", "lp", "mps", "smt2", "asp", "opb", "cnf", "cpsat"}
    assert language_of("a.mzn") == "mzn" and language_of("a.lp") == "lp"
    assert language_of("a.txt") is None
    with pytest.raises(ValueError, match="known: mzn"):
        export(SIX, "xml")
    with pytest.raises(TypeError, match="no option amo"):
        export(SIX, "mzn", amo="pairwise")
    with pytest.raises(ValueError, match="cannot tell the language"):
        write(SIX, tmp_path / "a.txt")
    write(SIX, tmp_path / "a.smt2")
    assert (tmp_path / "a.smt2").read_text().startswith("(set-logic")


def test_a_primitive_a_language_cannot_write_is_named() -> None:
    class Unknown:
        cells = (0,)

        def holds(self, grid) -> bool:
            return True

    model = Model(SIX.board, SIX.cells, EVERY_KIND.groups, constraints=(Unknown(),))  # type: ignore[arg-type]
    for language in ("mzn", "lp", "mps", "opb", "smt2", "asp"):
        with pytest.raises(UnsupportedModelError, match="Unknown"):
            export(model, language)
