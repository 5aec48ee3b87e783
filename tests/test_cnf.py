"""Tests of the CNF encodings, the at-most-one encodings, DIMACS export and reading models back."""

from __future__ import annotations

import itertools

import pytest
from pysat.formula import CNF
from pysat.solvers import Solver as PySatSolver

from sudoku_models import cnf
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.testing import NINE_BY_NINE, UNSAT_WITHOUT_CLASH, known_puzzles

EMPTY_9X9 = Puzzle.empty((3, 3))


def test_variable_numbering_follows_the_paper():
    # Lynce and Ouaknine number x(r, c, d) as 81(r-1) + 9(c-1) + d with r, c, d from 1.
    formula = cnf.encode(EMPTY_9X9, givens="none")
    for r, c, d in itertools.product(range(9), range(9), range(1, 10)):
        assert formula.var(r, c, d) == 81 * r + 9 * c + d
        assert cnf.cell_digit(9, formula.var(r, c, d)) == (9 * r + c, d)


@pytest.mark.parametrize(
    ("encoding", "clauses"),
    # Clause counts of the three encodings of an empty 9x9 board as the paper reports them.
    [("minimal", 8829), ("efficient", 11745), ("extended", 11988)],
)
def test_pairwise_sizes_match_the_paper(encoding, clauses):
    formula = cnf.encode(EMPTY_9X9, encoding=encoding, amo="pairwise", givens="none")
    assert formula.num_clauses == clauses
    assert formula.num_vars == 729 == formula.top


@pytest.mark.parametrize("amo", cnf.AT_MOST_ONE)
@pytest.mark.parametrize("m", range(1, 7))
def test_at_most_one_allows_exactly_the_assignments_with_one_true_or_none(amo, m):
    lits = list(range(1, m + 1))
    fresh = cnf.Fresh(m)
    clauses = cnf.at_most_one_encoder(amo)(lits, fresh)
    with PySatSolver("minisat22", bootstrap_with=clauses) as sat:
        for values in itertools.product((False, True), repeat=m):
            assumptions = [v if on else -v for v, on in zip(lits, values)]
            assert sat.solve(assumptions=assumptions) == (sum(values) <= 1), (amo, values)
    used = {abs(lit) for clause in clauses for lit in clause}
    assert used <= set(range(1, fresh.top + 1)), "auxiliaries outside the reserved range"


def test_sequential_counter_sizes():
    fresh = cnf.Fresh(25)
    clauses = cnf.sequential(list(range(1, 26)), fresh)
    assert (len(clauses), fresh.top - 25) == (3 * 25 - 4, 24)


def test_simplify_drops_the_variables_the_givens_decide():
    puzzle = Puzzle.parse(NINE_BY_NINE[1])
    units = cnf.encode(puzzle, givens="units")
    simplified = cnf.encode(puzzle, givens="simplify")
    assert simplified.num_vars < units.num_vars
    assert simplified.num_clauses < units.num_clauses
    # No variable of a given cell survives, and no digit a given rules out in a peer.
    peers = Model.from_puzzle(puzzle).peers()
    used = {abs(lit) for clause in simplified.clauses for lit in clause}
    for i, d in enumerate(puzzle.cells):
        if d:
            assert not any(cnf.var(9, i, e) in used for e in range(1, 10))
            assert not any(cnf.var(9, p, d) in used for p in peers[i])


def test_simplify_reports_an_empty_clause_for_a_hidden_contradiction():
    formula = cnf.encode(UNSAT_WITHOUT_CLASH, givens="simplify")
    assert formula.is_trivially_unsat
    assert "0" in formula.to_dimacs().splitlines()
    assert not cnf.encode(UNSAT_WITHOUT_CLASH, givens="units").is_trivially_unsat


def test_header_names_the_mapping_and_the_problem_line_matches():
    text = cnf.to_dimacs(NINE_BY_NINE[0], encoding="efficient", amo="sequential")
    lines = text.splitlines()
    assert "x(r, c, d) = 81*r + 9*c + d" in text
    assert f"c puzzle {NINE_BY_NINE[0]}" in lines
    problem = next(line for line in lines if line.startswith("p cnf"))
    _, _, nvars, nclauses = problem.split()
    body = [line for line in lines if not line.startswith(("c", "p"))]
    assert int(nclauses) == len(body)
    assert max(abs(int(w)) for line in body for w in line.split()) == int(nvars)


def _reference_solution(puzzle: Puzzle) -> Puzzle:
    solution = get_solver("backtracking").solve(puzzle).solution
    assert solution is not None
    return solution


@pytest.mark.parametrize("givens", cnf.GIVENS[:2])
@pytest.mark.parametrize("encoding", cnf.ENCODINGS)
@pytest.mark.parametrize("puzzle", known_puzzles(16), ids=lambda p: f"{p.n}x{p.n}")
def test_dimacs_round_trip(puzzle, encoding, givens):
    text = cnf.to_dimacs(puzzle, encoding=encoding, amo="sequential", givens=givens)
    formula = CNF(from_string=text)
    with PySatSolver("minisat22", bootstrap_with=formula.clauses) as sat:
        assert sat.solve()
        model = sat.get_model()
    assert cnf.read_solution(puzzle, model) == _reference_solution(puzzle)


def test_read_solution_reads_solver_output_text():
    puzzle = Puzzle.parse(NINE_BY_NINE[2])
    with PySatSolver(
        "glucose4", bootstrap_with=cnf.encode(puzzle, givens="simplify").clauses
    ) as sat:
        assert sat.solve()
        model = sat.get_model()
    competition = (
        "c a comment\ns SATISFIABLE\n"
        + "".join(
            "v " + " ".join(map(str, model[k : k + 10])) + "\n" for k in range(0, len(model), 10)
        )
        + "v 0\n"
    )
    minisat = "SAT\n" + " ".join(map(str, model)) + " 0\n"
    expected = _reference_solution(puzzle)
    assert cnf.read_solution(puzzle, competition) == expected
    assert cnf.read_solution(puzzle, minisat) == expected
    assert cnf.read_solution(puzzle, "s UNSATISFIABLE\n") is None
    assert cnf.read_solution(puzzle, "UNSAT\n") is None


def test_read_solution_rejects_a_model_with_a_cell_left_empty():
    with pytest.raises(ValueError, match="without a digit"):
        cnf.read_solution(EMPTY_9X9, [1, 10])


def test_to_pysat_holds_the_same_clauses():
    formula = cnf.encode(known_puzzles(6)[1], encoding="minimal")
    assert formula.to_pysat().clauses == formula.clauses


def test_a_cage_adds_one_selector_per_digit_set():
    plain = cnf.encode(Puzzle.empty((2, 2)))
    killer = cnf.encode(Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 5)]))
    assert killer.top == plain.top + 2  # 5 = 1 + 4 = 2 + 3
    impossible = cnf.encode(Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 8)]))
    assert impossible.is_trivially_unsat


def test_unknown_names_are_refused():
    with pytest.raises(ValueError, match="known: minimal, efficient, extended"):
        cnf.encode(EMPTY_9X9, encoding="tiny")
    with pytest.raises(ValueError, match="pairwise"):
        cnf.encode(EMPTY_9X9, amo="magic")
    with pytest.raises(ValueError, match="simplify"):
        cnf.encode(EMPTY_9X9, givens="maybe")


@pytest.mark.parametrize("n", [4, 6, 9])
def test_digit_sets_are_the_combinations_with_the_total(n):
    for size in range(n + 1):
        for total in range(n * (n + 1) // 2 + 2):
            expected = [c for c in itertools.combinations(range(1, n + 1), size) if sum(c) == total]
            assert list(cnf.digit_sets(size, total, n)) == expected
