"""generate and generate_many: unique, minimal, reproducible, symmetric, bounded, rated puzzles."""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from sudoku_models import Puzzle, get_solver
from sudoku_models.errors import InvalidPuzzleError, UnknownSolverError
from sudoku_models.generator import Generated, generate, generate_many
from sudoku_models.generator.api import generate_from, make_request
from sudoku_models.generator.symmetry import SYMMETRIES
from sudoku_models.grading import rate

SHAPES = [(2, 2), (2, 3), (3, 3), (4, 4)]

# The maps each symmetry's layout must be invariant under, written out here.
MAPS = {
    "none": [],
    "rot180": [lambda r, c, m: (m - r, m - c)],
    "rot90": [lambda r, c, m: (c, m - r)],
    "mirror": [lambda r, c, m: (r, m - c)],
    "flip": [lambda r, c, m: (m - r, c)],
    "diagonal": [lambda r, c, m: (c, r)],
    "antidiagonal": [lambda r, c, m: (m - c, m - r)],
    "dihedral": [lambda r, c, m: (c, m - r), lambda r, c, m: (r, m - c)],
}


def _other_backend(generated: Generated) -> str:
    return "backtracking" if generated.backend.startswith("sat") else "sat"


def _removing_any_clue_breaks_uniqueness(puzzle: Puzzle, backend: str) -> bool:
    solver = get_solver(backend)
    for i, d in enumerate(puzzle.cells):
        if d:
            cells = list(puzzle.cells)
            cells[i] = 0
            if solver.count_solutions(Puzzle(puzzle.board, cells), limit=2) != 2:
                return False
    return True


# 16x16 by exact search alone is the slow path: the sat oracle makes it, the search checks it.
@pytest.mark.heavy
@pytest.mark.parametrize(
    "box, backend",
    [
        (box, b)
        for box in SHAPES
        for b in ("sat", "backtracking")
        if (box, b) != ((4, 4), "backtracking")
    ],
)
def test_unique_and_minimal_checked_by_another_backend(box, backend):
    g = generate(seed=100 + box[1], box=box, backend=backend)
    check = _other_backend(g)
    assert g.solution.is_valid_solution_of(g.puzzle)
    assert get_solver(check).solve(g.puzzle, limit=2).is_unique
    assert g.minimality == "cell" and g.is_minimal
    assert _removing_any_clue_breaks_uniqueness(g.puzzle, check)
    assert 0 < g.propagated <= g.tested == g.puzzle.board.size


def test_many_nine_by_nine_puzzles_are_unique_and_minimal():
    checker = get_solver("backtracking")
    clues = []
    for g in generate_many(12, seed=7):
        assert checker.solve(g.puzzle, limit=2).is_unique
        assert _removing_any_clue_breaks_uniqueness(g.puzzle, "backtracking")
        clues.append(g.clues)
    assert min(clues) >= 17 and max(clues) <= 35


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 3)])
def test_same_seed_same_puzzle_on_every_backend(box):
    made = {b: generate(seed=31, box=box, backend=b) for b in ("sat", "backtracking", "cpsat")}
    assert len({(g.puzzle, g.solution) for g in made.values()}) == 1
    assert {g.backend.split(":")[0] for g in made.values()} == {"sat", "backtracking", "cpsat"}


def test_same_seed_same_symmetric_puzzle_on_every_backend():
    made = [generate(seed=8, symmetry="rot180", backend=b) for b in ("sat", "backtracking")]
    assert made[0].puzzle == made[1].puzzle and made[0].minimality == made[1].minimality


def test_seeds():
    first = generate(seed=5)
    assert generate(seed=5).puzzle == first.puzzle and first.seed == 5
    assert generate(seed=6).puzzle != first.puzzle
    # No seed: fresh puzzles, each reproducible from the seed it records.
    a, b = generate(), generate()
    assert a.puzzle != b.puzzle
    assert generate(seed=a.seed).puzzle == a.puzzle
    # A Random: an int is drawn from it, so the same state gives the same puzzle.
    x, y = generate(seed=random.Random(3)), generate(seed=random.Random(3))
    assert x.puzzle == y.puzzle and generate(seed=x.seed).puzzle == x.puzzle
    rng = random.Random(3)
    assert generate(seed=rng).puzzle == x.puzzle and generate(seed=rng).puzzle != x.puzzle


def test_one_seed_one_puzzle_in_a_batch_and_alone():
    # Puzzle k of a batch is the puzzle of seed + k, and records that seed.
    made = list(generate_many(3, seed=40, box=(2, 3)))
    assert [g.seed for g in made] == [40, 41, 42]
    assert [generate(seed=s, box=(2, 3)).puzzle for s in (40, 41, 42)] == [g.puzzle for g in made]
    assert next(iter(generate_many(1, seed=41, box=(2, 3)))).puzzle == made[1].puzzle
    # Fresh and Random seeds too: each recorded seed makes its puzzle alone.
    for g in generate_many(2, box=(2, 2)):
        assert generate(seed=g.seed, box=(2, 2)).puzzle == g.puzzle


def test_negative_seeds_are_refused():
    # random.Random(-s) is random.Random(s): two seeds would name one puzzle.
    with pytest.raises(ValueError, match="seed must be an int >= 0"):
        generate(seed=-3, box=(2, 2))
    with pytest.raises(ValueError, match="seed must be an int >= 0"):
        generate_many(2, seed=-1, box=(2, 2))


def test_cells_tried_are_reported_while_digging():
    heard = []
    generate_from(make_request(box=(2, 3), symmetry="rot180"), 3, lambda a, k: heard.append((a, k)))
    attempts = {a for a, _ in heard}
    assert attempts == {1} and [k for _, k in heard] == sorted(k for _, k in heard)
    assert heard[0] == (1, 0) and heard[-1] == (1, 36)


@pytest.mark.parametrize("symmetry", SYMMETRIES)
def test_symmetric_layouts_are_symmetric(symmetry):
    for box, seed in [((3, 3), 1), ((2, 3), 2), ((2, 2), 3)]:
        g = generate(seed=seed, box=box, symmetry=symmetry)
        n = g.puzzle.n
        filled = {i for i, d in enumerate(g.puzzle.cells) if d}
        for move in MAPS[symmetry]:
            assert {move(i // n, i % n, n - 1) for i in filled} == {divmod(i, n) for i in filled}
        assert get_solver("backtracking").solve(g.puzzle, limit=2).is_unique
        assert g.symmetry == symmetry
        assert g.minimality in ("cell", "orbit")
        # "cell" is a claim that no single clue can go; "orbit" that one can.
        assert (g.minimality == "cell") == _removing_any_clue_breaks_uniqueness(
            g.puzzle, "backtracking"
        )


def test_min_clues_stops_digging():
    g = generate(seed=4, min_clues=36)
    assert g.clues == 36 and g.minimality == "none"
    assert get_solver("backtracking").solve(g.puzzle, limit=2).is_unique
    sym = generate(seed=4, min_clues=36, symmetry="rot180")
    assert sym.clues in (36, 37)


def test_max_clues_retries_toward_fewer():
    g = generate(seed=4, max_clues=22)
    assert g.clues <= 22 and g.is_minimal
    assert get_solver("backtracking").solve(g.puzzle, limit=2).is_unique


def test_not_minimal_stops_at_the_ceiling():
    g = generate(seed=9, max_clues=40, minimal=False)
    assert g.clues == 40 and g.minimality == "none"
    assert get_solver("backtracking").solve(g.puzzle, limit=2).is_unique


@pytest.mark.parametrize(
    "difficulty, scale, level",
    [
        ("Simple", "qqwing_level", "Simple"),
        ("easy", "qqwing_level", "Easy"),
        ("Intermediate", "qqwing_level", "Intermediate"),
        ("qqwing:Expert", "qqwing_level", "Expert"),
        ("hodoku:Easy", "hodoku_level", "Easy"),
        ("Medium", "hodoku_level", "Medium"),
        ("Hard", "hodoku_level", "Hard"),
    ],
)
def test_difficulty_targets_rate_as_asked(difficulty, scale, level):
    g = generate(seed=12, difficulty=difficulty)
    assert getattr(rate(g.puzzle), scale) == level
    assert getattr(g.rating, scale) == level
    assert get_solver("backtracking").solve(g.puzzle, limit=2).is_unique


def test_easy_levels_keep_more_clues_than_a_minimal_puzzle():
    for seed in range(3):
        simple, minimal = generate(seed=seed, difficulty="Simple"), generate(seed=seed)
        assert simple.minimality == "none" and simple.rating.qqwing_level == "Simple"
        # Both dig the seed's first grid in the same order; the easy one stops on the way.
        assert simple.solution == minimal.solution and simple.clues > minimal.clues
        assert all(not m or m == e for m, e in zip(minimal.puzzle.cells, simple.puzzle.cells))


def test_unreachable_difficulty_is_a_clear_error():
    with pytest.raises(RuntimeError, match=r"rated hodoku Extreme .* after 3 attempts"):
        generate(seed=1, box=(2, 2), difficulty="hodoku:Extreme", max_attempts=3)
    with pytest.raises(RuntimeError, match=r"no 9x9 puzzle with 0 to 18 clues .* 2 attempts"):
        generate(seed=1, max_clues=18, max_attempts=2)


@pytest.mark.parametrize(
    "kwargs, error, message",
    [
        ({"symmetry": "spiral"}, ValueError, "unknown symmetry 'spiral'; known: none"),
        ({"box": (1, 3)}, InvalidPuzzleError, "unsupported board: 1x3 boxes give 3 digits"),
        ({"box": (6, 6)}, InvalidPuzzleError, "unsupported board"),
        ({"box": 9}, ValueError, "box must be a pair"),
        ({"max_clues": 16}, ValueError, "fewer than 17 clues"),
        ({"min_clues": 30, "max_clues": 25}, ValueError, "above max_clues"),
        ({"min_clues": 82}, ValueError, "min_clues must be an int from 0 to 81"),
        ({"minimal": False}, ValueError, "give max_clues"),
        ({"difficulty": "Fiendish"}, ValueError, "unknown difficulty 'Fiendish'; known: Simple"),
        ({"backend": "nope"}, UnknownSolverError, "known backends"),
        ({"seed": "12"}, TypeError, "seed must be None, an int or a random.Random"),
        ({"max_attempts": 0}, ValueError, "max_attempts must be a positive int"),
    ],
)
def test_bad_arguments(kwargs, error, message):
    with pytest.raises(error, match=message):
        generate(**kwargs)


def test_a_solver_object_is_accepted():
    g = generate(seed=2, box=(2, 3), backend=get_solver("backtracking:mrv"))
    assert g.backend == "backtracking:mrv"
    assert g.puzzle == generate(seed=2, box=(2, 3)).puzzle


def test_sat_backend_options_are_kept():
    solver = get_solver("sat:minisat22", encoding="efficient", amo="sequential")
    g = generate(seed=2, box=(2, 3), backend=solver)
    assert g.backend == "sat:minisat22"
    assert g.puzzle == generate(seed=2, box=(2, 3), backend="backtracking").puzzle


def test_result_repr_and_html():
    g = generate(seed=1, box=(2, 2))
    text = repr(g)
    assert g.puzzle.to_line() in text and "seed=1" in text and "minimality='cell'" in text
    html = g._repr_html_()
    assert html.count("<table") == 2 and "Solution" in html


def test_generate_many_is_reproducible_on_every_executor():
    options = {"box": (2, 3), "symmetry": "mirror"}
    here = [g.puzzle for g in generate_many(10, seed=21, **options)]
    assert len(set(here)) == 10
    with ThreadPoolExecutor(2) as pool:
        threaded = [g.puzzle for g in generate_many(10, seed=21, executor=pool, **options)]
    pooled = [g.puzzle for g in generate_many(10, seed=21, workers=2, chunksize=3, **options)]
    assert here == threaded == pooled
    again = list(generate_many(3, seed=21, **options))
    assert [generate(seed=g.seed, **options).puzzle for g in again] == here[:3]
    assert [g.puzzle for g in generate_many(3, seed=random.Random(21), **options)] != here[:3]


def test_generate_many_bad_arguments():
    with pytest.raises(ValueError, match="n must be an int"):
        generate_many(-1)
    with pytest.raises(ValueError, match="either executor or workers"):
        generate_many(2, executor=ThreadPoolExecutor(1), workers=2)
    with pytest.raises(ValueError, match="unknown symmetry"):
        generate_many(2, symmetry="spiral")


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
def test_twenty_five_by_twenty_five():
    # Minutes (see the README): the grid takes seconds, the pass ~400 SAT calls.
    g = generate(seed=1, box=(5, 5))
    assert g.solution.is_valid_solution_of(g.puzzle)
    assert get_solver("cpsat").solve(g.puzzle, limit=2).is_unique
