"""Variant puzzle generation: unique (checked on another backend), keeps its rules, minimal,
reproducible by seed across runs and backends, clear errors for bad requests."""

from __future__ import annotations

import os

import pytest

from sudoku_models.cli import main
from sudoku_models.formats.fpuzzles.keys import read
from sudoku_models.generator import generate, generate_many
from sudoku_models.generator.variants import VARIANTS, generate_variant, search_nodes
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.variants import Jigsaw, KillerCage

#: Small boards where the variant allows them; XV needs digits up to 9.
SMALL = {name: (2, 3) for name in VARIANTS} | {"xv": (3, 3), "windoku": (2, 2)}


def _without(model: Model, skip: object = None, cell: int | None = None) -> Model:
    givens = list(model.givens)
    if cell is not None:
        givens[cell] = 0
    rules = [v for v in model.variants if v is not skip]
    return Model.from_puzzle(Puzzle(model.board, tuple(givens)), variants=rules)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_variant_is_unique_keeps_its_rules_and_is_minimal(variant: str) -> None:
    g = generate_variant(variant, seed=11, box=SMALL[variant])
    cpsat = get_solver("cpsat")
    result = cpsat.solve(g.model, limit=2)
    assert result.is_unique and result.solution == g.solution
    assert g.model.is_solution(g.solution.cells)
    assert g.is_minimal
    # No single given can go.
    for i, d in enumerate(g.model.givens):
        if d:
            assert cpsat.has_other_solution(_without(g.model, cell=i), g.solution)
    # No single prunable mark (cage, black dot, line) can go.
    prunable = (KillerCage,) if "killer" in variant else ()
    for mark in g.model.variants:
        if isinstance(mark, prunable) or type(mark).__name__ in ("Ratio", "Thermometer", "Arrow"):
            assert cpsat.has_other_solution(_without(g.model, skip=mark), g.solution)


def test_givenless_killers_on_6x6() -> None:
    for seed in (1, 2, 3):
        g = generate(seed=seed, box=(2, 3), variant="killer", max_clues=0)
        assert g.clues == 0 and g.is_minimal
        cages = [v for v in g.model.variants if isinstance(v, KillerCage)]
        assert cages and all(len(c.cells) >= 2 for c in cages)
        assert get_solver("cpsat").is_unique(g.model)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
def test_givenless_killers_on_9x9() -> None:
    for seed in (1, 2):
        g = generate(seed=seed, variant="killer", max_clues=0)
        assert g.clues == 0
        cages = [v for v in g.model.variants if isinstance(v, KillerCage)]
        assert cages and all(2 <= len(c.cells) <= 9 for c in cages)
        assert get_solver("sat:glucose4").is_unique(g.model)


@pytest.mark.parametrize("variant", ["anti-knight", "x", "jigsaw"])
def test_9x9_global_rules_unique_on_another_backend(variant: str) -> None:
    g = generate(seed=5, variant=variant)
    assert get_solver("backtracking").solve(g.model, limit=2).is_unique
    if variant == "jigsaw":
        (regions,) = [v for v in g.model.variants if isinstance(v, Jigsaw)]
        assert sorted(len(r) for r in regions.regions) == [9] * 9


@pytest.mark.parametrize("variant", ["killer", "anti-king", "kropki", "thermo"])
def test_same_seed_same_puzzle_on_every_backend(variant: str) -> None:
    made = [
        generate_variant(variant, seed=3, box=(2, 3), backend=b)
        for b in ("sat", "cpsat", "backtracking")
    ]
    assert {g.model.givens for g in made} == {made[0].model.givens}
    assert len({tuple(g.model.variants) for g in made}) == 1
    assert [g.backend.split(":")[0] for g in made] == ["sat", "cpsat", "backtracking"]


def test_batches_follow_the_seed_rule() -> None:
    batch = list(generate_many(3, seed=7, box=(2, 3), variant="anti-knight"))
    assert [g.seed for g in batch] == [7, 8, 9]
    again = generate(seed=8, box=(2, 3), variant="anti-knight")
    assert batch[1].model.givens == again.model.givens


def test_worker_processes_make_the_puzzles_of_this_one() -> None:
    here = list(generate_many(4, seed=11, box=(2, 3), variant="killer", max_clues=0))
    pooled = list(generate_many(4, seed=11, box=(2, 3), variant="killer", max_clues=0, workers=2))
    assert [g.seed for g in pooled] == [11, 12, 13, 14]
    assert [g.model for g in pooled] == [g.model for g in here]


def test_a_solver_object_travels_to_workers_by_recipe() -> None:
    solver = get_solver("backtracking")
    pooled = list(generate_many(2, seed=5, box=(2, 2), variant="x", backend=solver, workers=2))
    assert [g.model for g in pooled] == [
        generate(seed=s, box=(2, 2), variant="x", backend="backtracking").model for s in (5, 6)
    ]
    assert all(g.backend.startswith("backtracking") for g in pooled)


def test_bad_variant_batches_fail_before_any_work() -> None:
    with pytest.raises(ValueError, match="unknown variant"):
        generate_many(3, variant="sudoku-ish", workers=2)
    with pytest.raises(ValueError, match="neither symmetry nor difficulty"):
        generate_many(3, variant="killer", symmetry="rot180")


def test_links_open_as_the_same_puzzle() -> None:
    g = generate_variant("killer", seed=2, box=(2, 3), max_clues=0)
    model = read(g.to_link())
    assert model == g.model
    assert get_solver("sat").solve(model, limit=2).is_unique


def test_minimal_false_stops_at_max_clues() -> None:
    g = generate_variant("anti-king", seed=1, box=(2, 3), max_clues=12, minimal=False)
    assert g.clues == 12 and not g.is_minimal


def test_difficulty_estimate_counts_search_nodes() -> None:
    g = generate_variant("thermo", seed=1, box=(2, 3))
    assert search_nodes(g) >= 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"variant": "sudoku-x"}, "unknown variant"),
        ({"variant": "x", "max_clues": 3}, "cannot be met"),
        ({"variant": "nonconsecutive", "max_clues": 0}, "cannot be met"),
        ({"variant": "killer", "min_clues": 5, "max_clues": 2}, "above max_clues"),
        ({"variant": "killer", "max_clues": 100}, "from 0 to 81"),
        ({"variant": "killer", "symmetry": "rotational"}, "neither symmetry"),
    ],
)
def test_bad_requests_give_clear_errors(kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        generate(seed=1, **kwargs)


def test_bounds_no_attempt_meets_raise_runtime_error() -> None:
    with pytest.raises(RuntimeError, match="after 2 attempts"):
        generate_variant("anti-king", seed=1, box=(2, 3), max_clues=5, max_attempts=2)


def test_command_line_prints_one_link_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["generate", "--variant", "killer", "--size", "6", "--max-clues", "0"]
    assert main([*args, "-n", "2", "-s", "4", "--format", "fpuzzles"]) == 0
    lines = capsys.readouterr().out.split()
    assert len(lines) == 2 and all(x.startswith("https://www.f-puzzles.com/?load=") for x in lines)
    assert read(lines[1]).givens == (0,) * 36
    assert main(["generate", "--variant", "nope"]) == 2
    assert "unknown variant" in capsys.readouterr().err


@pytest.mark.parametrize("variant", ["killer", "killer-x"])
def test_sat_oracle_with_cage_links_answers_as_another_backend(variant: str) -> None:
    """The clauses tying cage digit sets to cells and units change no answer: on a minimal
    givenless killer with cages left out one by one, the SAT oracle and CP-SAT agree."""
    from sudoku_models.generator.clue_oracle import SatClueOracle, SolverClueOracle

    g = generate_variant(variant, seed=2, max_clues=0)
    board, grid = g.model.board, g.solution.cells
    rules = [v for v in g.model.variants if not isinstance(v, KillerCage)]
    cages = [v for v in g.model.variants if isinstance(v, KillerCage)]
    sat = SatClueOracle(board, rules, grid)
    other = SolverClueOracle(board, rules, grid, get_solver("cpsat"))
    for c in cages:
        sat.add(c)
        other.add(c)
    empty = [0] * board.size
    try:
        every = list(range(len(cages)))
        assert not sat.has_other(empty, every) and not other.has_other(empty, every)
        for k in every[:4]:  # minimal: each cage is needed
            rest = [j for j in every if j != k]
            assert sat.has_other(empty, rest, [board.cell(*c) for c in cages[k].cells])
            assert sat.has_other(empty, rest) and other.has_other(empty, rest)
        assert sat.has_other(empty, every[::2]) == other.has_other(empty, every[::2])
    finally:
        sat.close()
