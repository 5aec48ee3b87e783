"""Published variant puzzles: every backend finds exactly the published solution and proves it
unique. A small attributed sample ships in ``tests/data/variants``; the full development set is
read from ``../shared/data/variants`` when it is there.

The handwritten search and the backends of the other paradigms (MIP, SMT, ASP) get the sample
puzzles they solve quickly, each with a limit a hundred times what it needs, so a timeout fails;
the pairs that took them longer are timed by ``benchmarks/bench_variants.py`` instead. The
development set on those backends, which holds slower puzzles still, runs with
``SUDOKU_MODELS_SLOW=1``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from sudoku_models import fpuzzles
from sudoku_models.errors import UnsupportedModelError
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Status

HERE = Path(__file__).parent
SAMPLE = HERE / "data" / "variants" / "fpuzzles_sample.jsonl"
DEV = HERE.parent.parent / "shared" / "data" / "variants" / "fpuzzles_dev.jsonl"

#: Seconds a backend gets for a sample puzzle it solves quickly (a hundred times what it needs).
LIMIT = 60.0

#: Backends of the other paradigms (integer programming, SMT, answer sets).
PARADIGMS = ("mip", "smt", "asp")

#: Sample puzzles a backend took more than half a second of processor time on (measured on a
#: loaded 2-core machine): ``bench_variants.py`` times them, the tests here leave them out.
SAMPLE_SLOW: dict[str, frozenset[str]] = {
    "mip": frozenset(
        {
            "bird-in-a-storm",
            "hay-fever",
            "minimax-sandwich",
            "renban-skyscrapers-ctc-400k",
            "tangled-arrows",
            "tiny-scar",
            "xv-kropki-x",
        }
    ),
    "smt": frozenset(
        {
            "blitz",
            "minimax-sandwich",
            "renban-skyscrapers-ctc-400k",
            "tiny-scar",
            "xv-kropki-x",
        }
    ),
}


def _load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


SAMPLE_PUZZLES = _load(SAMPLE)
SAMPLE_IDS = {p["id"] for p in SAMPLE_PUZZLES}
DEV_PUZZLES = [p for p in _load(DEV) if p["id"] not in SAMPLE_IDS] if DEV.exists() else []


def _check(entry: dict, backend: str, time_limit: float | None = None) -> None:
    model = fpuzzles.read(entry["fpuzzles_lz"])
    sol = entry["solution"]
    solution = tuple(int(ch) for ch in sol) if isinstance(sol, str) else tuple(sol)
    try:
        result = get_solver(backend).solve(model, limit=2, time_limit=time_limit)
    except UnsupportedModelError as exc:
        pytest.skip(f"{backend} cannot express {entry['id']}: {exc}")
    assert result.status is Status.UNIQUE, f"{backend} on {entry['id']}: {result.status.name}"
    assert result.solution is not None and result.solution.cells == solution


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("entry", SAMPLE_PUZZLES, ids=[p["id"] for p in SAMPLE_PUZZLES])
def test_sample_on_sat_and_cpsat(entry: dict, backend: str) -> None:
    _check(entry, backend)


@pytest.mark.parametrize("entry", SAMPLE_PUZZLES, ids=[p["id"] for p in SAMPLE_PUZZLES])
def test_sample_on_the_handwritten_search(entry: dict) -> None:
    _check(entry, "backtracking", LIMIT)


@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_sat_and_cpsat(entry: dict, backend: str) -> None:
    _check(entry, backend)


@pytest.mark.parametrize(
    ("entry", "backend"),
    [
        pytest.param(entry, backend, id=f"{entry['id']}-{backend}")
        for entry in SAMPLE_PUZZLES
        for backend in PARADIGMS
        if entry["id"] not in SAMPLE_SLOW.get(backend, frozenset())
    ],
)
def test_sample_on_the_other_paradigms(entry: dict, backend: str) -> None:
    _check(entry, backend, LIMIT)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("backend", PARADIGMS)
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_the_other_paradigms(entry: dict, backend: str) -> None:
    _check(entry, backend, LIMIT)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_the_handwritten_search(entry: dict) -> None:
    _check(entry, "backtracking", 10.0)
