"""The automaton, count and element primitives on the mip, smt and asp backends: exact solution
sets on random 4x4 models against brute force, agreement with sat on a 6x6 puzzle, and the
published ISS puzzles each backend solves quickly (a timeout fails; the slow pairs are timed by
``benchmarks/bench_paradigms.py``, never skipped here)."""

from __future__ import annotations

import random

import pytest
from test_variants_primitives import ISS_PUZZLES, _iss_model  # the published puzzles' reader

import sudoku_models.variants as v
from sudoku_models import testing
from sudoku_models.board import Board
from sudoku_models.constraints import Automaton, Constraint, Count, Element
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.support import PRIMITIVES, backends_for, unsupported

pytest.importorskip("z3")
pytest.importorskip("clingo")

BACKENDS = ("mip", "smt", "asp")
#: Seconds a backend gets for a published puzzle it solves quickly: a hundred times what it
#: needs, so a timeout is a regression, not a busy machine.
ISS_LIMIT = 60.0

#: Published puzzles each backend took more than half a second of processor time on (measured
#: on a loaded 2-core machine): too slow for a unit test there, so ``bench_paradigms.py`` (set
#: ``new``) times them, and they are not parametrized here.
ISS_SLOW: dict[str, frozenset[str]] = {
    "asp": frozenset(
        {
            "Bubble Tornado",
            "Extreme Lunchbox",
            "Extreme Lunchbox 2",
            "Hazy Rellik",
            "Sum lines - single line",
            "Taxicab Archers",
        }
    ),
    "mip": frozenset(
        {
            "Bubble Tornado",
            "Extreme Lunchbox",
            "Extreme Lunchbox 2",
            "Hazy Rellik",
            "Heat up - global entropy",
            "Killer lunchboxes [resolved]",
            "Lockout double arrows",
            "Miracle - skyscraper entropy",
            "Owl",
            "Santorini",
            "Sum lines - single line",
            "Taxicab Archers",
            "Ten Lines 01: Adding to Ten",
        }
    ),
    "smt": frozenset(
        {
            "Bubble Tornado",
            "Extreme Lunchbox",
            "Extreme Lunchbox 2",
            "Hazy Rellik",
            "Heat up - global entropy",
            "Killer lunchboxes [resolved]",
            "Lockout double arrows",
            "Miracle - skyscraper entropy",
            "Santorini",
            "Sum lines - single line",
            "Taxicab Archers",
        }
    ),
}


def _automaton(rng: random.Random, cells: tuple[int, ...]) -> Automaton:
    """A random automaton over digits 1..4, non-deterministic more often than not."""
    while True:
        states = rng.randint(1, 4)
        steps = frozenset(
            (q, d, r)
            for q in range(states)
            for d in range(1, 5)
            for r in range(states)
            if rng.random() < 0.35
        )
        accepting = frozenset(q for q in range(states) if rng.random() < 0.5)
        try:
            return Automaton(cells, steps, rng.randrange(states), accepting, "random automaton")
        except InvalidPuzzleError:
            continue


def _primitive(rng: random.Random, kind: int) -> Constraint:
    cells = tuple(rng.sample(range(16), rng.randint(1, 5)))
    if kind == 0:
        return _automaton(rng, cells)
    if kind == 1:
        low = rng.randint(0, len(cells))
        digits = frozenset(rng.sample(range(1, 5), rng.randint(1, 3)))
        return Count(cells, digits, low, rng.randint(low, len(cells) + 1))
    if kind == 2:
        return Element(rng.randrange(16), cells[:4], value=rng.randint(1, 4))
    return Element(rng.randrange(16), cells[:4], target=rng.randrange(16))


def _primitives(rng: random.Random, grid: tuple[int, ...]) -> list[Constraint]:
    """Two random primitives of different kinds that ``grid`` meets (so the model has a
    solution, and usually several)."""
    out = []
    for kind in rng.sample(range(4), 2):
        primitive = _primitive(rng, kind)
        while not primitive.holds(grid):
            primitive = _primitive(rng, kind)
        out.append(primitive)
    return out


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("seed", range(10))
def test_random_4x4_models_have_exactly_the_brute_force_solutions(backend: str, seed: int) -> None:
    rng = random.Random(seed)
    grids = testing.all_grids_4x4()
    grid = rng.choice(grids)
    constraints = _primitives(rng, grid)
    givens = tuple(d if rng.random() < 0.15 else 0 for d in grid)
    model = Model.from_puzzle(Puzzle(Board(2, 2), givens), constraints=constraints)
    want = sorted(g for g in grids if model.is_solution(g))
    got = sorted(s.cells for s in get_solver(backend).solve(model, limit=0).solutions)
    assert got == want and grid in got


SIX = Puzzle.parse("1.....4.....2.....5.....3.....6.....", box=(2, 3))
NEW_RULES = [
    v.LockoutLine(((0, 1), (1, 2), (2, 2), (3, 1))),
    v.TenLine(((4, 0), (4, 1), (5, 2))),
    v.ParityLine(((0, 5), (1, 5), (2, 4))),
    v.ValueIndexing(((5, 3), (5, 4), (4, 4), (3, 4))),
    v.NumberedRoom((-1, 2), 1),
    v.LookAndSayCage(((2, 0), (3, 0), (3, 1), (2, 1)), "12"),
]


@pytest.mark.parametrize("backend", [*BACKENDS, "smt:lia", "mip:highs"])
def test_a_6x6_puzzle_with_every_new_primitive_has_the_solutions_sat_finds(backend: str) -> None:
    model = Model.from_puzzle(SIX, variants=NEW_RULES)
    assert {"Automaton", "Count", "Element"} <= {type(c).__name__ for c in model.constraints}
    want = {s.cells for s in get_solver("sat").solve(model, limit=0).solutions}
    got = {s.cells for s in get_solver(backend).solve(model, limit=0).solutions}
    assert got == want and len(want) == 2


@pytest.mark.parametrize(
    ("entry", "backend"),
    [
        pytest.param(entry, backend, id=f"{entry['name']}-{backend}")
        for entry in ISS_PUZZLES
        for backend in BACKENDS
        if entry["name"] not in ISS_SLOW[backend]
    ],
)
def test_published_puzzles_have_their_published_solution_only(entry: dict, backend: str) -> None:
    model = _iss_model(entry)
    solution = tuple(int(ch) for ch in entry["solution"])
    result = get_solver(backend).solve(model, limit=2, time_limit=ISS_LIMIT)
    assert result.status.name == "UNIQUE", f"{backend} on {entry['name']}: {result.status.name}"
    assert result.solution is not None and result.solution.cells == solution


def test_a_refusal_names_the_backends_the_table_says_can() -> None:
    assert backends_for(Automaton) == ["backtracking", "sat", "cpsat", *BACKENDS]
    error = unsupported("the numba backend", Count((0,), frozenset({1}), 0, 1))
    assert isinstance(error, UnsupportedModelError)
    assert str(error) == (
        "the numba backend cannot translate Count; "
        "backends that can: backtracking, sat, cpsat, mip, smt, asp (try --backend sat)"
    )
    assert "no built-in backend translates it" in str(unsupported("MiniZinc export", object()))


def test_the_teaching_view_shows_the_new_primitives_in_every_paradigm() -> None:
    from sudoku_models.rule_view import view

    line = view(v.ParityLine(((0, 0), (1, 1), (2, 1))), box=(2, 2))
    assert any(row.startswith("parity_line_r1c1_r2c2_r3c2_one_step:") for row in line.mip_rows)
    assert "(declare-const st0_1 Int)" in line.smt
    assert "reach(K,0,Q) :- astart(K,Q)." in line.asp
    room = view(v.NumberedRoom((0, -1), 3), box=(2, 2))
    assert "numbered_room_3_at_R1C0_r1c1_is_2: r1c1_2 - r1c2_3 <= 0" in room.mip_rows
    assert "(assert (=> (= r1c1 2) (= r1c2 3)))" in room.smt
    assert not any("not expressible" in line for line in room.mip_rows + room.smt + room.asp)


@pytest.mark.parametrize("backend", sorted(PRIMITIVES))
def test_the_table_of_what_each_backend_translates_is_true(backend: str) -> None:
    """A backend the table credits with a new primitive solves a model of it; one it does not
    refuses it."""
    solver = get_solver(backend)
    if not solver.is_available():
        pytest.skip(f"{backend} is not installed")
    for _, constraints in testing.PRIMITIVE_SAMPLES:
        model = Model.from_puzzle(Puzzle.empty((2, 2)), constraints=constraints)
        if all(type(c) in PRIMITIVES[backend] for c in constraints):
            assert solver.solve(model, limit=1).solution is not None
        else:
            with pytest.raises(UnsupportedModelError):
                solver.solve(model, limit=1)


@pytest.mark.parametrize("backend", ["cpsat", *BACKENDS])
def test_a_primitive_no_backend_knows_is_refused_with_the_same_words(backend: str) -> None:
    class Unknown:
        cells = (0,)

        def holds(self, grid) -> bool:
            return True

    model = Model.from_puzzle(Puzzle.empty((2, 2)), constraints=(Unknown(),))  # type: ignore[arg-type]
    with pytest.raises(UnsupportedModelError, match=f"^the {backend} backend cannot translate"):
        get_solver(backend).solve(model)
