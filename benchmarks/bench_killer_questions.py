"""The uniqueness questions of givenless killers: MiniSat 2.2 against a compiled search.

It makes ``--count`` cage-minimal givenless killers of consecutive seeds with the default
oracle, records every question the generator puts to the SAT solver (the cages switched on, the
cells of the cage that went, the digits propagation left) with its answer and the processor
time of the SAT call, then asks each question again of the compiled search of
``killer_search.py`` (propagation of the cages' digit sets against the units, the innie and
outie sums, locked candidates; dom/wdeg branching) and checks that it answers the same. It
prints per kind of question (the whole puzzle or the bands and stacks of the cage that went;
"needed": another solution, "can go": none) the questions, the SAT time, the compiled time and
its search nodes. The SAT times are those of the generation itself (one loaded solver, reused
between questions as the generator does), so the comparison is with what the generator pays.

Run: ``python benchmarks/bench_killer_questions.py [--count 10] [--seed 0] [--size 9]``
(needs Numba).
"""

from __future__ import annotations

import argparse
import functools
import itertools
import os
import time
from collections import Counter, defaultdict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np

from sudoku_models.board import Board
from sudoku_models.constraints import SumCage
from sudoku_models.generator import clue_oracle
from sudoku_models.generator.variants import generate_variant
from sudoku_models.solvers.backtracking.derived import implied_sums


@dataclass(frozen=True)
class Question:
    """One question the generator asked the SAT oracle, its answer and its processor time."""

    board: Board
    grid: tuple[int, ...]
    givens: tuple[int, ...]
    cages: tuple[SumCage, ...]
    near: tuple[int, ...]
    candidates: tuple[int, ...] | None
    answer: bool
    seconds: float

    @property
    def kind(self) -> str:
        """Where another solution is looked for, and the answer."""
        where = "bands and stacks" if any(self.givens) else "whole puzzle"
        return f"{where}, {'needed' if self.answer else 'can go'}"


@contextmanager
def recording(into: list[Question]) -> Iterator[None]:
    """Record the questions of :class:`~sudoku_models.generator.clue_oracle.SatClueOracle`."""
    ask = clue_oracle.SatClueOracle.has_other

    def has_other(
        self: Any,
        givens: Sequence[int],
        active: Sequence[int],
        removed: Sequence[int] = (),
        candidates: Sequence[int] | None = None,
    ) -> bool:
        start = time.process_time()
        answer = ask(self, givens, active, removed, candidates)
        spent = time.process_time() - start
        cages = [p for k in active for p in self.marks[k].primitives(self.board)]
        into.append(
            Question(
                self.board,
                self._grid,
                tuple(givens),
                tuple(c for c in cages if isinstance(c, SumCage)),
                tuple(removed),
                None if candidates is None else tuple(candidates),
                answer,
                spent,
            )
        )
        return answer

    clue_oracle.SatClueOracle.has_other = has_other  # type: ignore[method-assign]
    try:
        yield
    finally:
        clue_oracle.SatClueOracle.has_other = ask  # type: ignore[method-assign]


def record(count: int, seed: int, box: tuple[int, int]) -> list[Question]:
    """The SAT questions of ``count`` givenless killers from ``seed`` on."""
    questions: list[Question] = []
    with recording(questions):
        for s in range(seed, seed + count):
            generate_variant("killer", seed=s, box=box, max_clues=0)
    return questions


def ask_compiled(question: Question, budget: int = 1 << 40) -> tuple[bool | None, int, int]:
    """The compiled search's answer (None when ``budget`` nodes ran out), its nodes and the
    rules it ran."""
    import killer_search

    board = question.board
    n, size = board.n, board.size
    start = np.full(size, (1 << n) - 1, np.int64)
    if question.candidates is not None:
        start &= np.array(question.candidates, np.int64)
    for i, d in enumerate(question.givens):
        if d:
            start[i] &= 1 << (d - 1)
    counts = np.zeros(2, np.int64)
    found = killer_search.second_solution(start, arrays(question), budget, counts)
    answer = None if found == killer_search.BUDGET_SPENT else found == killer_search.FOUND
    return answer, int(counts[0]), int(counts[1])


def arrays(question: Question) -> Any:
    """The :class:`killer_search.Question` of ``question``."""
    import killer_search

    board, cages = question.board, question.cages
    n, size = board.n, board.size
    units = [frozenset(u) for u in board.units]
    sums = implied_sums(n, board.units, cages)
    near = list(question.near or range(size))
    nu, ng, ns = len(units), len(cages), len(sums)
    block = nu + ng + ns
    meets = list(_unit_meets(board))
    for u, unit in enumerate(units):
        for g, cage in enumerate(cages):
            common = unit.intersection(cage.cells)
            # One shared cell: the singles of the unit and the cage do what it would.
            if len(common) > 1:
                rest = [i for i in cage.cells if i not in common]
                meets.append((u, g, sorted(common), sorted(unit - common), rest))
    cons: list[list[int]] = [[u for u, unit in enumerate(units) if i in unit] for i in range(size)]
    for g, cage in enumerate(cages):
        for i in cage.cells:
            cons[i].append(nu + g)
    for s, implied in enumerate(sums):
        for i in implied.cells:
            cons[i].append(nu + ng + s)
    for i in near:
        cons[i].append(block)
    watch = [list(c) for c in cons] + [[nu + g] for g in range(ng)]
    for t, (_u, g, shared, rest_unit, rest_other) in enumerate(meets):
        for i in (*shared, *rest_unit, *rest_other):
            watch[i].append(block + 1 + t)
        if g >= 0:
            watch[size + g].append(block + 1 + t)
    width = max(len(part) for m in meets for part in m[2:])
    meet_cells = np.full((len(meets), 3, width), -1, np.int64)
    for t, m in enumerate(meets):
        for side, part in enumerate(m[2:]):
            meet_cells[t, side, : len(part)] = part
    combos = [_digit_sets(n, len(c.cells), c.total) for c in cages]
    return killer_search.Question(
        np.array(board.units, np.int64),
        _padded([c.cells for c in cages]),
        np.cumsum([0] + [len(c) for c in combos], dtype=np.int64),
        np.array([s for c in combos for s in c], np.int64),
        _padded([s.cells for s in sums]),
        _padded([s.coeffs for s in sums], 0),
        np.array([s.total for s in sums], np.int64),
        np.array(question.grid, np.int64),
        np.array(near, np.int64),
        meet_cells,
        np.array([m[0] for m in meets], np.int64),
        np.array([m[1] for m in meets], np.int64),
        np.cumsum([0] + [len(w) for w in watch], dtype=np.int64),
        np.array([con for w in watch for con in w], np.int64),
        _padded(cons),
    )


@functools.cache
def _unit_meets(board: Board) -> tuple[tuple[int, int, list[int], list[int], list[int]], ...]:
    """The units that share two cells or more: (unit, -1, shared, its rest, the other's rest)."""
    units = [frozenset(u) for u in board.units]
    return tuple(
        (u, -1, sorted(a & b), sorted(a - b), sorted(b - a))
        for (u, a), (_v, b) in itertools.combinations(enumerate(units), 2)
        if len(a & b) > 1
    )


@functools.cache
def _digit_sets(n: int, size: int, total: int) -> tuple[int, ...]:
    """Every set of ``size`` different digits adding up to ``total``, as masks."""
    return tuple(
        sum(1 << (d - 1) for d in digits)
        for digits in itertools.combinations(range(1, n + 1), size)
        if sum(digits) == total
    )


def _padded(rows: Sequence[Sequence[int]], pad: int = -1) -> Any:
    """``rows`` as one int64 array, short rows padded with ``pad`` (one column at least)."""
    width = max((len(r) for r in rows), default=1) or 1
    out = np.full((len(rows), width), pad, np.int64)
    for k, row in enumerate(rows):
        out[k, : len(row)] = row
    return out


def main() -> None:
    """Record, replay, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--size", type=int, default=9)
    args = parser.parse_args()
    board = Board.for_digits(args.size)
    box = (board.box_rows, board.box_cols)
    print(f"load average {os.getloadavg()[0]:.1f}")
    start = time.process_time()
    questions = record(args.count, args.seed, box)
    made = time.process_time() - start
    ask_compiled(questions[0])  # compiled (or loaded from the cache) before the clock runs
    count: Counter[str] = Counter()
    nodes: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    sat: dict[str, float] = defaultdict(float)
    compiled: dict[str, float] = defaultdict(float)
    for q in questions:
        start = time.process_time()
        answer, visited, run = ask_compiled(q)
        compiled[q.kind] += time.process_time() - start
        if answer != q.answer:
            raise SystemExit(f"the compiled search answered {answer}, SAT {q.answer}")
        count[q.kind] += 1
        sat[q.kind] += q.seconds
        nodes[q.kind] += visited
        rules[q.kind] += run
    print(f"{args.count} killers in {made:.2f} processor s, {sum(sat.values()):.2f} s of it SAT")
    print("| question | count | SAT ms | compiled ms | nodes | rules run / node |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in sorted(count):
        per_node = rules[kind] / max(nodes[kind], 1)
        print(
            f"| {kind} | {count[kind]} | {1000 * sat[kind]:.0f} | "
            f"{1000 * compiled[kind]:.0f} | {nodes[kind]} | {per_node:.0f} |"
        )
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
