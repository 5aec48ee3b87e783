"""The automaton, count and element primitives: their meaning, their checks, and every backend
finding exactly the grids that meet them (brute force on 4x4, cross-backend on 6x6)."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.constraints import Automaton, Constraint, Count, Element
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver

BACKENDS = ("sat", "cpsat:integer", "cpsat:boolean", "backtracking")


def random_automaton(rng: random.Random, cells: tuple[int, ...], n: int) -> Automaton:
    """A random non-deterministic automaton over ``cells``, retried until some word is accepted."""
    while True:
        states = rng.randint(1, 4)
        steps = frozenset(
            (q, d, r)
            for q in range(states)
            for d in range(1, n + 1)
            for r in range(states)
            if rng.random() < 0.35
        )
        accepting = frozenset(q for q in range(states) if rng.random() < 0.5)
        try:
            return Automaton(cells, steps, 0, accepting, "random automaton")
        except InvalidPuzzleError:
            continue


def random_primitives(rng: random.Random, n: int, size: int) -> list[Constraint]:
    out: list[Constraint] = []
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(4)
        if kind == 0:
            cells = tuple(rng.sample(range(size), rng.randint(1, 5)))
            out.append(random_automaton(rng, cells, n))
        elif kind == 1:
            cells = tuple(rng.sample(range(size), rng.randint(1, 6)))
            low = rng.randint(0, len(cells))
            digits = frozenset(rng.sample(range(1, n + 1), rng.randint(1, n - 1)))
            out.append(Count(cells, digits, low, rng.randint(low, len(cells) + 1)))
        elif kind == 2:
            choices = tuple(rng.randrange(size) for _ in range(rng.randint(1, n)))
            out.append(Element(rng.randrange(size), choices, value=rng.randint(1, n)))
        else:
            choices = tuple(rng.randrange(size) for _ in range(rng.randint(1, n)))
            out.append(Element(rng.randrange(size), choices, target=rng.randrange(size)))
    return out


# --- meaning and checks --------------------------------------------------------------------


def test_an_automaton_without_an_accepting_state_is_refused() -> None:
    with pytest.raises(InvalidPuzzleError, match="lockout r1c1: no accepting state"):
        Automaton((0, 1), frozenset({(0, 1, 0)}), 0, frozenset(), "lockout r1c1")


def test_an_automaton_that_cannot_accept_a_word_of_its_length_is_refused() -> None:
    steps = frozenset({(0, 1, 1), (1, 2, 2)})  # accepts only "12"
    assert Automaton((0, 1), steps, 0, frozenset({2})).holds([1, 2])
    with pytest.raises(InvalidPuzzleError, match=r"cells \[0, 1, 2\]: no word of 3 digits"):
        Automaton((0, 1, 2), steps, 0, frozenset({2}))


@pytest.mark.parametrize(("low", "high"), [(3, 2), (-1, 2), (4, 5)])
def test_a_count_with_impossible_bounds_is_refused(low: int, high: int) -> None:
    with pytest.raises(InvalidPuzzleError, match="equality cage: between"):
        Count((0, 1, 2), frozenset({1}), low, high, "equality cage")


def test_an_element_needs_cells_and_one_value() -> None:
    with pytest.raises(InvalidPuzzleError, match="numbered room: no cells to pick from"):
        Element(0, (), 3, name="numbered room")
    with pytest.raises(InvalidPuzzleError, match="either a value or a target"):
        Element(0, (1, 2), 3, target=4)
    with pytest.raises(InvalidPuzzleError, match="either a value or a target"):
        Element(0, (1, 2))
    room = Element(0, (0, 1), 2)
    assert room.holds([2, 2]) and not room.holds([1, 2]) and not room.holds([3, 2])


def test_build_explores_the_states_of_a_python_rule() -> None:
    def step(state: tuple[int, int], d: int) -> tuple[int, int] | None:
        last, total = state
        return None if abs(d - last) < 2 else (d, total + d)

    rule = Automaton.build((0, 1, 2), (-9, 0), step, lambda s: s[1] % 2 == 0, 4, "odd jumps")
    for word in itertools.product(range(1, 5), repeat=3):
        ok = all(abs(a - b) >= 2 for a, b in itertools.pairwise(word)) and sum(word) % 2 == 0
        assert rule.holds(word) == ok


def test_build_refuses_too_many_states() -> None:
    with pytest.raises(InvalidPuzzleError, match="more than"):
        Automaton.build(tuple(range(12)), (), lambda s, d: (*s, d), lambda s: True, 9, "huge")


# --- every backend on 4x4 and 6x6 ----------------------------------------------------------


def test_every_backend_passes_the_primitive_conformance_check() -> None:
    for backend in (*BACKENDS, "backtracking:naive", "sat:minisat22"):
        testing.check_primitives(get_solver(backend), time_limit=60)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_random_4x4_models_have_exactly_the_brute_force_solutions_on_every_backend(
    seed: int,
) -> None:
    rng = random.Random(seed)
    grids = testing.all_grids_4x4()
    constraints = random_primitives(rng, 4, 16)
    givens = tuple(d if rng.random() < 0.12 else 0 for d in rng.choice(grids))
    model = Model.from_puzzle(Puzzle(Board(2, 2), givens), constraints=constraints)
    want = sorted(g for g in grids if model.is_solution(g))
    for backend in BACKENDS:
        got = sorted(s.cells for s in get_solver(backend).solve(model, limit=0).solutions)
        assert got == want, backend
        assert all(all(c.holds(g) for c in constraints) for g in got)


@pytest.mark.parametrize("seed", range(4))
def test_backends_agree_on_6x6_models(seed: int, oracle) -> None:
    rng = random.Random(seed)
    box = (2, 3) if seed % 2 else (3, 2)
    grid = tuple(oracle.random_grid(*box, rng))
    constraints = []
    while len(constraints) < 3:  # primitives the grid meets, so the model has a solution
        constraints += [c for c in random_primitives(rng, 6, 36) if c.holds(grid)]
    givens = tuple(d if rng.random() < 0.4 else 0 for d in grid)
    model = Model.from_puzzle(Puzzle(Board(*box), givens), constraints=constraints)
    found = {}
    for backend in BACKENDS:
        result = get_solver(backend).solve(model, limit=0, time_limit=60)
        found[backend] = sorted(s.cells for s in result.solutions)
        assert all(model.is_solution(g) for g in found[backend])
    assert len({tuple(v) for v in found.values()}) == 1, {k: len(v) for k, v in found.items()}
    assert grid in found["sat"]


def test_the_numba_backend_refuses_them_naming_the_backends_that_can() -> None:
    pytest.importorskip("numba")
    model = Model.from_puzzle(
        Puzzle.empty((2, 2)), constraints=[Count((0, 1), frozenset({1}), 1, 1)]
    )
    with pytest.raises(UnsupportedModelError, match="backtracking, sat or cpsat"):
        get_solver("numba").solve(model)


def test_a_cell_listed_twice_is_read_twice_on_every_backend() -> None:
    """A word over r1c1 r1c2 r1c1 (a loop back to its start) and a count that counts r1c1
    twice: each backend finds exactly the grids that meet them."""
    rising = frozenset((q, d, d) for q in range(5) for d in range(1, 5) if d > q)
    back = Automaton(
        (0, 1, 0),
        rising | frozenset((q, d, 9) for q in range(5) for d in (1, 2)),
        0,
        frozenset({9}),
        "up then down to a low digit",
    )
    twice = Count((0, 0, 5), frozenset({1, 3}), 2, 2)
    model = Model.from_puzzle(Puzzle.empty((2, 2)), constraints=[back, twice])
    want = sorted(g for g in testing.all_grids_4x4() if model.is_solution(g))
    assert 0 < len(want) < 288
    assert all(g[0] < g[1] and g[0] in (1, 2) for g in want)
    for backend in BACKENDS:
        got = sorted(s.cells for s in get_solver(backend).solve(model, limit=0).solutions)
        assert got == want, backend
