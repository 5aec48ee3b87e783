"""Benchmark of the automaton, count and element primitives: seconds per puzzle per backend.

Times ``solve(model, limit=2)`` (find the solution and prove it unique) on the ISS development
puzzles hand-translated in ``tests/data/variants/iss_new_primitives.jsonl`` (10-lines, lockout
lines, double arrows, counting circles, regular-expression lines, global entropy, modular
lines, numbered rooms, lunchboxes, look-and-say and rellik cages, anti-taxicab), on ISS's
full rank development puzzles (``tests/data/iss/full_rank_sample.jsonl``, read from ISS's own
text: the rank primitive), and on
generated 9x9 puzzles that use the other new rules (numbered rooms, value indexing, global
entropy, look-and-say and equality cages, parity and modular lines): a grid the rules allow
is found once, then givens from it are added until it is the only solution (checked with
MiniSat, so the timed solvers have not met the puzzle).

Every timed call makes a new solver object and builds the model's encoding from nothing (the
encodings are cached per rule set, so each puzzle is timed once per backend); the backends take
turns in an order that rotates from puzzle to puzzle, after a few seconds of warm-up. Each call
is bounded by ``--limit`` seconds (10: the target for SAT and CP-SAT); a call that runs out
prints ``>limit``. ``cpsat-blocking`` is CP-SAT proving uniqueness by a second solve with the
first grid blocked, instead of its default single search that collects solutions (which turns
off part of CP-SAT's presolve). The machine is shared and loaded: the load average is printed;
compare backends within one run. Run: ``python benchmarks/bench_new_primitives.py [--limit 10]
[--generated 6] [--backends sat,cpsat,cpsat-blocking,backtracking]``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import time
from pathlib import Path

import sudoku_models.variants as v
from sudoku_models import formats
from sudoku_models.bench import warm_up
from sudoku_models.board import Board
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.solvers.base import Solver, Status

REPOSITORY = Path(__file__).resolve().parent.parent
ISS_PUZZLES = REPOSITORY / "tests" / "data" / "variants" / "iss_new_primitives.jsonl"
RANK_PUZZLES = REPOSITORY / "tests" / "data" / "iss" / "full_rank_sample.jsonl"


def _cell(name: str) -> tuple[int, int]:
    r, c = name[1:].split("C")
    return int(r) - 1, int(c) - 1


def iss_models() -> list[tuple[str, Model]]:
    """The hand-translated ISS puzzles as models (rules by variant class name)."""
    out = []
    for line in ISS_PUZZLES.read_text().splitlines():
        entry = json.loads(line)
        board = Board.for_digits(entry["size"])
        givens = [0] * board.size
        for name, d in entry["givens"].items():
            givens[board.cell(*_cell(name))] = d
        rules = []
        for rule in entry["rules"]:
            args = {k: x for k, x in rule.items() if k != "kind"}
            for key in ("cells", "circle"):
                if key in args:
                    args[key] = tuple(_cell(c) for c in args[key])
            if "clue" in args:
                args["clue"] = tuple(args["clue"])
            rules.append(getattr(v, rule["kind"])(**args))
        model = Model.from_puzzle(Puzzle(board, tuple(givens)), variants=rules)
        out.append((entry["name"], model))
    return out


def rank_models() -> list[tuple[str, Model]]:
    """ISS's full rank puzzles, read from their ISS text."""
    entries = [json.loads(line) for line in RANK_PUZZLES.read_text().splitlines()]
    return [(entry["name"], formats.read(entry["input"]).model) for entry in entries]


def _random_rules(rng: random.Random) -> list[v.Variant]:
    """A few rules of the other new kinds on a 9x9 board, placed at random."""
    line = [(r, rng.randrange(9)) for r in range(rng.randrange(4), 9)]
    cage = rng.sample([(r, c) for r in range(3) for c in range(3, 6)], 4)
    kinds = [
        v.NumberedRoom((rng.randrange(9), -1), rng.randint(1, 9)),
        v.NumberedRoom((-1, rng.randrange(9)), rng.randint(1, 9)),
        v.ValueIndexing(((4, 0), (4, 1), (3, 2), (2, 3), (2, 4))),
        v.ParityLine(tuple(line[:4])),
        v.ModularLine(tuple((8 - k, k) for k in range(6))),
        v.EqualityCage(tuple(cage)),
        v.LookAndSayCage(((6, 6), (6, 7), (7, 6), (8, 8)), "1" + str(rng.randint(1, 9))),
    ]
    rules = rng.sample(kinds, 4)
    if rng.random() < 0.5:
        rules.append(v.GlobalEntropy())
    return rules


def generated_models(count: int, seed: int = 1) -> list[tuple[str, Model]]:
    """``count`` 9x9 puzzles on random rules of the other new kinds, made unique with MiniSat."""
    rng = random.Random(seed)
    checker = get_solver("sat:minisat22")
    out: list[tuple[str, Model]] = []
    while len(out) < count:
        rules = _random_rules(rng)
        empty = Model.from_puzzle(Puzzle.empty((3, 3)), variants=rules)
        found = checker.solve(empty, time_limit=30)
        if found.solution is None:
            continue
        grid = found.solution.cells
        givens = [0] * 81
        for i in rng.sample(range(81), 81):
            givens[i] = grid[i]
            model = Model.from_puzzle(Puzzle(empty.board, tuple(givens)), variants=rules)
            if checker.solve(model, limit=2, time_limit=30).status is Status.UNIQUE:
                break
        # drop givens while the puzzle stays unique, for a puzzle the rules must work on
        for i in rng.sample(range(81), 81):
            if givens[i]:
                keep, givens[i] = givens[i], 0
                model = Model.from_puzzle(Puzzle(empty.board, tuple(givens)), variants=rules)
                if checker.solve(model, limit=2, time_limit=30).status is not Status.UNIQUE:
                    givens[i] = keep
        model = Model.from_puzzle(Puzzle(empty.board, tuple(givens)), variants=rules)
        kinds = sorted({r.name for r in rules})
        out.append((f"generated {len(out) + 1} ({sum(map(bool, givens))} givens)", model))
        print(f"  made generated {len(out)}: {', '.join(kinds)}", flush=True)
    return out


def solver_of(backend: str) -> Solver:
    """A new solver for ``backend``; ``cpsat-blocking`` is CP-SAT enumerating by blocking."""
    if backend == "cpsat-blocking":
        return get_solver("cpsat", enumeration="blocking")
    return get_solver(backend)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=10.0)
    parser.add_argument("--generated", type=int, default=6)
    parser.add_argument("--backends", default="sat,cpsat,cpsat-blocking,backtracking")
    args = parser.parse_args()
    backends = args.backends.split(",")
    print(f"load average before: {' '.join(map(str, os.getloadavg()))}")
    puzzles = iss_models() + rank_models() + generated_models(args.generated)
    warm_up(3.0)
    times: dict[tuple[str, str], str] = {}
    for k, (name, model) in enumerate(puzzles):
        order = backends[k % len(backends) :] + backends[: k % len(backends)]
        for backend in order:
            start = time.perf_counter()
            result = solver_of(backend).solve(model, limit=2, time_limit=args.limit)
            elapsed = time.perf_counter() - start
            if result.status is Status.TIMEOUT:
                times[name, backend] = f">{args.limit:g}"
            elif result.status is Status.UNIQUE:
                times[name, backend] = f"{elapsed:.2f}"
            else:
                times[name, backend] = result.status.name
    width = max(len(name) for name, _ in puzzles)
    print(f"\n{'puzzle':<{width}}  " + "  ".join(f"{b:>12}" for b in backends))
    for name, _ in puzzles:
        print(f"{name:<{width}}  " + "  ".join(f"{times[name, b]:>12}" for b in backends))
    print(f"\nseconds per puzzle, solve and prove unique; limit {args.limit:g} s per call")
    print(f"load average after: {' '.join(map(str, os.getloadavg()))}")


if __name__ == "__main__":
    main()
