"""Published variant puzzles: every backend finds exactly the published solution and proves it
unique. A small attributed sample ships in ``tests/data/variants``; the full development set is
read from ``../shared/data/variants`` when it is there.

The handwritten search and the backends of the other paradigms (MIP, SMT, ASP) are held to a
time limit per puzzle: a puzzle one cannot finish in time is skipped (and reported by pytest),
never counted as passed; the full set on the handwritten search runs only with
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

#: Seconds the handwritten search may spend on one puzzle here.
SEARCH_LIMIT = 3.0

#: Backends of the other paradigms (integer programming, SMT, answer sets) and the seconds each
#: may spend on one puzzle here; what they do not finish is skipped, never passed.
PARADIGMS = ("mip", "smt", "asp")
PARADIGM_LIMIT = 5.0


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
    if result.status is Status.TIMEOUT:
        pytest.skip(f"{backend} did not finish {entry['id']} in {time_limit} s")
    assert result.status is Status.UNIQUE
    assert result.solution is not None and result.solution.cells == solution


@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("entry", SAMPLE_PUZZLES, ids=[p["id"] for p in SAMPLE_PUZZLES])
def test_sample_on_sat_and_cpsat(entry: dict, backend: str) -> None:
    _check(entry, backend)


@pytest.mark.parametrize("entry", SAMPLE_PUZZLES, ids=[p["id"] for p in SAMPLE_PUZZLES])
def test_sample_on_the_handwritten_search(entry: dict) -> None:
    _check(entry, "backtracking", SEARCH_LIMIT)


@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_sat_and_cpsat(entry: dict, backend: str) -> None:
    _check(entry, backend)


@pytest.mark.parametrize("backend", PARADIGMS)
@pytest.mark.parametrize("entry", SAMPLE_PUZZLES, ids=[p["id"] for p in SAMPLE_PUZZLES])
def test_sample_on_the_other_paradigms(entry: dict, backend: str) -> None:
    _check(entry, backend, PARADIGM_LIMIT)


@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("backend", PARADIGMS)
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_the_other_paradigms(entry: dict, backend: str) -> None:
    _check(entry, backend, PARADIGM_LIMIT)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("SUDOKU_MODELS_SLOW"), reason="set SUDOKU_MODELS_SLOW=1")
@pytest.mark.skipif(not DEV_PUZZLES, reason="the development set is not in ../shared/data")
@pytest.mark.parametrize("entry", DEV_PUZZLES, ids=[p["id"] for p in DEV_PUZZLES])
def test_development_set_on_the_handwritten_search(entry: dict) -> None:
    _check(entry, "backtracking", 10.0)
