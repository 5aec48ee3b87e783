"""The numba backend: conformance, agreement with the handwritten search, the array call."""

from __future__ import annotations

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from sudoku_models import Puzzle, Status, datasets, get_solver  # noqa: E402
from sudoku_models.batch import solve_many  # noqa: E402
from sudoku_models.board import Board  # noqa: E402
from sudoku_models.constraints import AllowedDigits  # noqa: E402
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError  # noqa: E402
from sudoku_models.model import Model  # noqa: E402
from sudoku_models.solvers import numba_backend  # noqa: E402
from sudoku_models.solvers.numba_backend import NumbaSolver, solve_array  # noqa: E402
from sudoku_models.testing import check_solver  # noqa: E402


@pytest.fixture(scope="module")
def numba() -> NumbaSolver:
    """The backend, compiled (or loaded from the disk cache) once for the module."""
    solver = NumbaSolver()
    numba_backend.compile_search()
    return solver


@pytest.mark.heavy
@pytest.mark.parametrize("variant", NumbaSolver.variants)
def test_conformance(variant):
    check_solver(get_solver(f"numba:{variant}"), max_n=25)


def test_registered_and_described():
    solver = get_solver("numba")
    assert isinstance(solver, NumbaSolver) and solver.label == "numba:mixed"
    assert get_solver("numba:cells").mixed is False
    with pytest.raises(TypeError, match="no options"):
        get_solver("numba", encoding="x")


def test_compile_time_is_measured_once():
    first = numba_backend.compile_search()
    assert first > 0
    assert numba_backend.compile_search() == first


def test_compile_time_goes_to_the_first_solve_only(numba, monkeypatch):
    monkeypatch.setitem(numba_backend._compiled, "unreported", True)
    first = numba.solve(".1.....4....34..", limit=2)
    assert first.stats.extra["compile_time"] == numba_backend.compile_search()
    assert "compile_time" not in numba.solve(".1.....4....34..", limit=2).stats.extra


@pytest.mark.parametrize("name", datasets.names())
def test_agrees_with_backtracking_on_shipped_sets(numba, name):
    reference = get_solver("backtracking")
    for puzzle in datasets.load(name):
        ours = numba.solve(puzzle, limit=2)
        theirs = reference.solve(puzzle, limit=2)
        assert ours.status is theirs.status, puzzle.to_line()
        assert ours.solutions == theirs.solutions, puzzle.to_line()


def _holes(grid: list[int], share: float, rng: random.Random) -> list[int]:
    cells = list(grid)
    for i in rng.sample(range(len(cells)), int(share * len(cells))):
        cells[i] = 0
    return cells


def test_exact_counts_on_small_shapes(numba, oracle):
    rng = random.Random(3)
    for box in ((2, 2), (2, 3), (3, 2)):
        for share in (0.5, 0.6, 0.7):
            cells = _holes(oracle.random_grid(*box, rng), share, rng)
            puzzle = Puzzle(_board(box), tuple(cells))
            expected = oracle.count(*box, cells)
            result = numba.solve(puzzle, limit=0)
            assert result.count == expected, (box, cells)
            assert len(set(result.solutions)) == expected
            for grid in result.solutions:
                assert oracle.is_grid(*box, grid.cells) and oracle.keeps(cells, grid.cells)


def _board(box):
    return Board(*box)


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3),
                                 (4, 4), (5, 5)])  # fmt: skip
def test_agrees_with_backtracking_on_every_shape(numba, oracle, box):
    rng = random.Random(sum(box))
    reference = get_solver("backtracking")
    share = 0.4 if box[0] * box[1] >= 16 else 0.6
    for _ in range(3):
        cells = _holes(oracle.random_grid(*box, rng), share, rng)
        puzzle = Puzzle(_board(box), tuple(cells))
        ours = numba.solve(puzzle, limit=3)
        theirs = reference.solve(puzzle, limit=3)
        assert ours.count == theirs.count and ours.status is theirs.status
        for grid in ours.solutions:
            assert oracle.is_grid(*box, grid.cells) and oracle.keeps(cells, grid.cells)


def _diagonals(n: int) -> list[list[int]]:
    return [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]


def _windows(box: tuple[int, int]) -> list[list[int]]:
    """Windoku's extra boxes: the boxes one cell in from each corner, between the usual ones."""
    r, c = box
    n = r * c
    tops = range(1, n - r, r + 1)
    lefts = range(1, n - c, c + 1)
    return [[(t + dr) * n + left + dc for dr in range(r) for dc in range(c)]
            for t in tops for left in lefts]  # fmt: skip


@pytest.mark.parametrize("kind", ["x", "windoku"])
def test_extra_groups_exact_counts(numba, oracle, kind):
    rng = random.Random(11)
    box = (2, 2) if kind == "x" else (3, 3)
    n = box[0] * box[1]
    extra = _diagonals(n) if kind == "x" else _windows(box)
    for _ in range(4):
        start = numba.solve(Model.from_puzzle(Puzzle.empty(box), extra_groups=extra))
        assert start.solution is not None
        share = 0.7 if n == 4 else 0.62
        cells = _holes(list(start.solution.cells), share, rng)
        model = Model.from_puzzle(Puzzle(_board(box), tuple(cells)), extra_groups=extra)
        result = numba.solve(model, limit=0 if n == 4 else 20)
        if n == 4:
            assert result.count == oracle.count(*box, cells, extra=extra)
        else:
            assert result.count == get_solver("backtracking").solve(model, limit=20).count
        for grid in result.solutions:
            assert model.is_solution(grid.cells)


def test_x_sudoku_9x9_agrees_with_backtracking(numba):
    extra = _diagonals(9)
    model = Model.from_puzzle(Puzzle.empty((3, 3)), extra_groups=extra)
    assert numba.solve(model, limit=5).count == 5
    grid = numba.solve(model).solution
    cells = list(grid.cells)
    for i in random.Random(5).sample(range(81), 56):
        cells[i] = 0
    model = Model.from_puzzle(Puzzle(grid.board, tuple(cells)), extra_groups=extra)
    assert numba.solve(model, limit=50).count == get_solver("backtracking").solve(model, 50).count


def test_models_it_cannot_express(numba):
    caged = Model.from_puzzle(Puzzle.empty((2, 2)), cages=[((0, 1), 3)])
    with pytest.raises(UnsupportedModelError, match="cpsat"):
        numba.solve(caged)
    restricted = Model.from_puzzle(
        Puzzle.empty((2, 2)), constraints=[AllowedDigits(0, frozenset({1, 2}))]
    )
    with pytest.raises(UnsupportedModelError, match=r"AllowedDigits.*backtracking"):
        numba.solve(restricted)


def test_time_limit_is_honoured(numba):
    # Counting the grids of an empty 25x25 never ends: a result at all is the limit kept.
    result = numba.solve(Puzzle.empty((5, 5)), limit=0, time_limit=0.2)
    assert result.status is Status.TIMEOUT
    assert result.count > 0 and all(g.is_complete and not g.conflicts() for g in result.solutions)


def test_counters_and_compile_time_in_stats(numba):
    every = [numba.solve(p, limit=2).stats for p in datasets.load("top95")[:20]]
    stats = max(every, key=lambda s: s.nodes)
    assert stats.nodes > 1 and stats.guesses >= stats.nodes - 1 and stats.propagations > 0
    assert stats.backtracks > 0


# --- the array call ---------------------------------------------------------------------------


def _array(puzzles: list[Puzzle]):
    return np.array([p.cells for p in puzzles], dtype=np.uint8)


@pytest.fixture(scope="module")
def mixed_puzzles() -> list[Puzzle]:
    """Unique, multiple and unsatisfiable 9x9 puzzles."""
    unique = datasets.load("top95")[:20] + datasets.load("royle17_300")[:20]
    several = Puzzle.parse("." * 81)
    sparse = Puzzle.parse(datasets.load("hardest")[0].to_line()[:40] + "." * 41)
    hidden_unsat = Puzzle.parse("23456789.........1" + "." * 63)
    clash = Puzzle.parse("11" + "." * 79)
    return [*unique, several, sparse, hidden_unsat, clash]


@pytest.mark.parametrize("limit", [1, 2, 3])
def test_array_call_equals_one_by_one(numba, mixed_puzzles, limit):
    grids = _array(mixed_puzzles)
    before = grids.copy()
    answer = solve_array(grids, limit=limit, keep=limit)
    assert (grids == before).all()
    for k, puzzle in enumerate(mixed_puzzles):
        one = numba.solve(puzzle, limit=limit)
        assert answer.counts[k] == one.count, puzzle.to_line()
        found = [tuple(row) for row in answer.all_solutions[k, : one.count].tolist()]
        assert found == [g.cells for g in one.solutions]
        first = answer.solutions[k].tolist()
        assert first == (list(one.solution.cells) if one.solution else [0] * 81)
        if not one.clashes:  # the base class answers clashing givens without a search
            assert answer.counters[k, 0] == one.stats.nodes
    assert answer.finished.all()


def test_array_call_with_two_workers_equals_one(mixed_puzzles):
    grids = _array(mixed_puzzles * 3)
    one = solve_array(grids, limit=2)
    two = solve_array(grids, limit=2, workers=2)
    assert (one.counts == two.counts).all()
    assert (one.all_solutions == two.all_solutions).all()
    assert (one.counters == two.counters).all()


def test_array_call_other_shapes_and_groups(numba):
    sizes = [p for p in datasets.load("sizes") if p.board == Puzzle.empty((3, 4)).board]
    answer = solve_array(_array(sizes), limit=2, box=(3, 4))
    assert answer.counts.tolist() == [1] * len(sizes)
    assert answer.solutions[0].tolist() == list(numba.solve(sizes[0]).solution.cells)
    x = solve_array(np.zeros((1, 16), np.uint8), limit=0, groups=_diagonals(4))
    assert x.counts.tolist() == [numba.count_solutions(
        Model.from_puzzle(Puzzle.empty((2, 2)), extra_groups=_diagonals(4)))]  # fmt: skip


def test_array_call_node_limit():
    answer = solve_array(np.zeros((2, 81), np.uint8), limit=0, node_limit=50)
    assert not answer.finished.any()
    assert (answer.counters[:, 0] <= 51).all()


def test_array_call_bad_input():
    with pytest.raises(ValueError, match="2-D"):
        solve_array(np.zeros(81, np.uint8))
    with pytest.raises(InvalidPuzzleError, match="square"):
        solve_array(np.zeros((1, 80), np.uint8))
    with pytest.raises(InvalidPuzzleError, match="above 9"):
        solve_array(np.full((1, 81), 10, np.uint8))
    with pytest.raises(InvalidPuzzleError, match="box"):
        solve_array(np.zeros((1, 81), np.uint8), box=(2, 3))
    with pytest.raises(ValueError, match="workers"):
        solve_array(np.zeros((1, 81), np.uint8), workers=0)


def test_solve_many_uses_batches(mixed_puzzles):
    puzzles = [*mixed_puzzles, Puzzle.parse(".1.....4....34..")]
    batched = list(solve_many(puzzles, backend="numba", limit=2, chunksize=7))
    assert batched[0].stats.extra["batched"] == 7
    reference = [get_solver("numba").solve(p, limit=2) for p in puzzles]
    for ours, theirs in zip(batched, reference, strict=True):
        assert (ours.status, ours.solutions, ours.puzzle, ours.limit, ours.clashes) == (
            theirs.status,
            theirs.solutions,
            theirs.puzzle,
            theirs.limit,
            theirs.clashes,
        )
    assert batched[-2].clashes == (((0, 0), (0, 1)),)


def test_solve_many_invalid_puzzle_after_the_good_ones():
    lines = [".1.....4....34..", "x" * 16, ".1.....4....34.."]
    results = solve_many(lines, backend="numba", limit=2)
    assert next(results).status is Status.UNIQUE
    with pytest.raises(InvalidPuzzleError):
        next(results)


# --- the generator's oracle -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("box", "symmetry", "seeds"),
    [((3, 3), "none", range(6)), ((3, 3), "rot180", range(3)), ((2, 3), "none", range(4))],
)
def test_generator_gives_the_same_puzzles(box, symmetry, seeds):
    from sudoku_models.generator import generate

    for seed in seeds:
        ours = generate(seed=seed, box=box, symmetry=symmetry, backend="numba")
        theirs = generate(seed=seed, box=box, symmetry=symmetry, backend="backtracking")
        assert ours.puzzle == theirs.puzzle and ours.solution == theirs.solution
        assert (ours.tested, ours.propagated, ours.minimality) == (
            theirs.tested,
            theirs.propagated,
            theirs.minimality,
        )
        assert ours.backend == "numba:mixed"


def test_oracle_answers_like_the_solver(numba):
    board = Board(3, 3)
    oracle = numba.oracle(board)
    minimal = datasets.load("top95")[3]
    grid = numba.solve(minimal).solution.cells
    # Ten clues more than needed: some single removals keep it unique, others do not.
    extra = [i for i, d in enumerate(minimal.cells) if not d][:10]
    puzzle = Puzzle(board, tuple(grid[i] if i in extra else d for i, d in enumerate(minimal.cells)))
    filled = extra + [i for i, d in enumerate(minimal.cells) if d]
    answers = set()
    for k in range(12):
        # The puzzle is unique, so any removed clues satisfy the oracle's precondition.
        for removed in ([filled[k]], filled[: k + 1]):
            cells = [0 if i in removed else d for i, d in enumerate(puzzle.cells)]
            expected = numba.has_other_solution(Puzzle(board, tuple(cells)), grid)
            assert oracle.has_other(cells, grid, removed) == expected
            answers.add(expected)
    assert answers == {True, False}


def test_solve_many_workers_and_executors_agree(mixed_puzzles):
    from concurrent.futures import ThreadPoolExecutor

    alone = [r.solutions for r in solve_many(mixed_puzzles, backend="numba", limit=2)]
    threads = solve_many(mixed_puzzles, backend="numba", limit=2, workers=2, chunksize=5)
    assert [r.solutions for r in threads] == alone
    with ThreadPoolExecutor(2) as pool:
        pooled = solve_many(mixed_puzzles, backend="numba", limit=2, executor=pool, chunksize=5)
        assert [r.solutions for r in pooled] == alone
    timed = solve_many(mixed_puzzles, backend="numba", limit=2, time_limit=10)
    assert [r.solutions for r in timed] == alone
    assert "batched" not in next(iter(solve_many(mixed_puzzles, "numba", 0))).stats.extra


def test_solve_command_reads_a_file(tmp_path, capsys):
    from sudoku_models.cli import main

    lines = [p.to_line() for p in datasets.load("top95")[:5]] + ["11" + "." * 79]
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    code = main(["solve", str(path), "--backend", "numba", "--format", "line"])
    out = capsys.readouterr().out.splitlines()
    assert code == 1  # the last puzzle has no solution
    assert [line.split("\t")[1] for line in out] == ["unique"] * 5 + ["unsatisfiable"]
    for line, text in zip(out[:5], lines[:5]):
        assert Puzzle.parse(line.split("\t")[0]).is_valid_solution_of(Puzzle.parse(text))


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (4, 4)])
def test_compiled_grids_follow_the_python_draws(box):
    # The numba backend draws the generator's grid in compiled code: the same grid from the
    # same stream, which ends in the same state (the 16x16 grids fill the tightest cell first).
    from sudoku_models.generator.grids import IN_ORDER_UP_TO, STEPS_PER_CELL, random_grid
    from sudoku_models.splitmix import SplitMix64

    module = numba_backend._search_module()
    board = Board(*box)
    for seed in range(2 if board.n > 12 else 12):
        stream = SplitMix64(seed)
        ours = np.array([seed], dtype=np.uint64)
        grid = module.random_grid(ours, board.n, *box, STEPS_PER_CELL, IN_ORDER_UP_TO)
        assert tuple(grid.tolist()) == random_grid(board, stream)
        assert int(ours[0]) == stream.state


def test_compiled_stream_follows_the_python_one():
    from sudoku_models.splitmix import SplitMix64

    module = numba_backend._search_module()
    stream, ours = SplitMix64(2**63 + 11), np.array([2**63 + 11], dtype=np.uint64)
    assert [module.below(ours, k) for k in range(1, 40)] == [
        stream.randrange(k) for k in range(1, 40)
    ]
    assert [module.uniform(ours) for _ in range(20)] == [stream.random() for _ in range(20)]
    items, expected = np.arange(30), list(range(30))
    module.shuffle(ours, items, 30)
    stream.shuffle(expected)
    assert items.tolist() == expected and int(ours[0]) == stream.state
