"""Shared fixtures: reference answers that do not come from the code under test, and the browser.

The ``oracle`` fixture checks grids against the rules and counts solutions of small boards by plain
enumeration, computing rows, columns and boxes straight from coordinates (never from ``Board``).
The ``chromium`` fixture finds the system's Chromium for the browser tests, ``page_server`` and
``browser`` serve them the board page and a headless browser, and ``minizinc_solutions`` runs
MiniZinc with Gecode on an exported model.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

#: Every box shape the package supports by default, plus the transposed ones.
BOX_SHAPES = ((2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5))


class Oracle:
    """Independent rule checks, a brute-force counter and a grid maker for any box shape."""

    box_shapes = BOX_SHAPES

    @staticmethod
    def units(box_rows: int, box_cols: int) -> list[list[int]]:
        """Rows, columns and boxes as lists of cell indices, from coordinates alone."""
        n = box_rows * box_cols
        rows = [[r * n + c for c in range(n)] for r in range(n)]
        cols = [[r * n + c for r in range(n)] for c in range(n)]
        boxes: dict[tuple[int, int], list[int]] = {}
        for r in range(n):
            for c in range(n):
                boxes.setdefault((r // box_rows, c // box_cols), []).append(r * n + c)
        return rows + cols + list(boxes.values())

    @classmethod
    def is_grid(cls, box_rows: int, box_cols: int, cells: Sequence[int]) -> bool:
        """Whether ``cells`` is a complete grid in which every unit holds 1..n once."""
        n = box_rows * box_cols
        digits = set(range(1, n + 1))
        return len(cells) == n * n and all(
            {cells[i] for i in unit} == digits for unit in cls.units(box_rows, box_cols)
        )

    @classmethod
    def keeps(cls, givens: Sequence[int], cells: Sequence[int]) -> bool:
        """Whether ``cells`` agrees with every non-zero entry of ``givens``."""
        return len(givens) == len(cells) and all(
            g in (0, d) for g, d in zip(givens, cells, strict=True)
        )

    @classmethod
    def count(
        cls,
        box_rows: int,
        box_cols: int,
        givens: Sequence[int],
        extra: Sequence[Sequence[int]] = (),
        cages: Sequence[tuple[Sequence[int], int]] = (),
        limit: int = 10**9,
    ) -> int:
        """Number of grids that keep ``givens`` and obey the units, ``extra`` groups and cages.

        Plain depth-first enumeration in reading order: only for small boards.
        """
        n = box_rows * box_cols
        groups = [*cls.units(box_rows, box_cols), *[list(g) for g in extra]]
        groups += [list(cells) for cells, _ in cages]
        groups_of: list[list[list[int]]] = [[] for _ in range(n * n)]
        for group in groups:
            for i in group:
                groups_of[i].append(group)
        cells = list(givens)
        for group in groups:
            seen = [cells[i] for i in group if cells[i]]
            if len(seen) != len(set(seen)):
                return 0

        def cages_ok() -> bool:
            for cage_cells, total in cages:
                values = [cells[i] for i in cage_cells]
                if all(values) and sum(values) != total:
                    return False
                if sum(values) > total:
                    return False
            return True

        found = 0

        def walk(i: int) -> bool:
            nonlocal found
            if i == n * n:
                found += 1
                return found >= limit
            if cells[i]:
                return walk(i + 1)
            for d in range(1, n + 1):
                if all(cells[j] != d for group in groups_of[i] for j in group):
                    cells[i] = d
                    if cages_ok() and walk(i + 1):
                        cells[i] = 0
                        return True
                    cells[i] = 0
            return False

        if cages_ok():
            walk(0)
        return found

    @staticmethod
    def random_grid(box_rows: int, box_cols: int, rng: random.Random) -> list[int]:
        """A complete grid: a shifted pattern with digits, rows, columns, bands, stacks shuffled."""
        n = box_rows * box_cols
        digits = list(range(1, n + 1))
        rng.shuffle(digits)
        bands = list(range(box_cols))  # n // box_rows bands of box_rows rows
        stacks = list(range(box_rows))  # n // box_cols stacks of box_cols columns
        rng.shuffle(bands)
        rng.shuffle(stacks)
        row_order = []
        for band in bands:
            inner = list(range(box_rows))
            rng.shuffle(inner)
            row_order += [band * box_rows + k for k in inner]
        col_order = []
        for stack in stacks:
            inner = list(range(box_cols))
            rng.shuffle(inner)
            col_order += [stack * box_cols + k for k in inner]

        def pattern(r: int, c: int) -> int:
            return ((r % box_rows) * box_cols + r // box_rows + c) % n

        return [digits[pattern(r, c)] for r in row_order for c in col_order]


@pytest.fixture(scope="session")
def oracle() -> type[Oracle]:
    """The independent reference checks (see :class:`Oracle`)."""
    return Oracle


@pytest.fixture(scope="session")
def chromium() -> str:
    """The system Chromium (``SUDOKU_MODELS_CHROMIUM`` first); fails the test, never skips it,
    when there is none."""
    for candidate in (
        os.environ.get("SUDOKU_MODELS_CHROMIUM"),
        shutil.which("chromium"),
        shutil.which("chromium-browser"),
        "/usr/bin/chromium",
    ):
        if candidate and Path(candidate).exists():
            return candidate
    pytest.fail("no Chromium found: apt-get install chromium (or set SUDOKU_MODELS_CHROMIUM)")


@contextlib.contextmanager
def _serving(time_limit: float) -> Iterator[Any]:
    from sudoku_models.interactive.server import BoardServer

    board = BoardServer(port=0, time_limit=time_limit)
    thread = threading.Thread(target=board.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield board
    board.shutdown()
    board.server_close()
    thread.join(5)


@pytest.fixture(scope="session")
def serve_board() -> Callable[[float], contextlib.AbstractContextManager[Any]]:
    """Starts a page server with a time limit (seconds) on an ephemeral loopback port, as a
    context manager that stops it."""
    return _serving


@pytest.fixture(scope="module")
def page_server(
    serve_board: Callable[[float], contextlib.AbstractContextManager[Any]],
) -> Iterator[Any]:
    """A page server for the module's browser tests; its time limit is generous, as the
    machine running the tests may be busy."""
    with serve_board(30) as board:
        yield board


@pytest.fixture(scope="module")
def browser(chromium: str) -> Iterator[Any]:
    """Headless Chromium driven by Playwright (in the test extra: missing, the tests fail),
    closed after the module."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=chromium, headless=True, args=["--no-sandbox"])
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any, page_server: Any) -> Iterator[Any]:
    """A tab of its own for each test, in a fresh browser context, with the page server's
    address as ``server_url``; the test fails if the page logs an error or throws."""
    context = browser.new_context(viewport={"width": 1300, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda exc: errors.append(str(exc)))
    tab.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    tab.server_url = page_server.url
    yield tab
    context.close()
    assert not errors, errors


@pytest.fixture(scope="session")
def minizinc_solutions() -> Callable[[Path], list[tuple[int, ...]]]:
    """A function giving every grid MiniZinc with Gecode finds for a ``.mzn`` file, sorted,
    after checking the search ran to its end; skips the test when MiniZinc or Gecode is
    missing (``.ci/run`` installs them)."""
    if shutil.which("minizinc") is None:
        pytest.skip("minizinc is not installed")
    solvers = subprocess.run(["minizinc", "--solvers"], capture_output=True, text=True).stdout
    if "gecode" not in solvers.lower():
        pytest.skip("minizinc has no Gecode solver here")

    def solve(path: Path) -> list[tuple[int, ...]]:
        out = subprocess.run(
            ["minizinc", "--solver", "gecode", "--all-solutions", str(path)],
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        ).stdout
        assert out.rstrip().endswith("=========="), out  # the search was complete
        return sorted(
            tuple(int(d) for d in block.split())
            for block in out.split("----------")
            if block.strip() and "==========" not in block
        )

    return solve


#: What a bounded run may add to the memory of a process that has imported the package.
_BOUNDED_RUN = """
import contextlib, io, json, resource, sys, time
from sudoku_models.cli import main
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
# Past the imports, at most 512 MB more address space: a bomb fails fast instead of swapping.
size = next(int(line.split()[1]) for line in open("/proc/self/status") if line[:7] == "VmSize:")
hard = resource.getrlimit(resource.RLIMIT_AS)[1]
resource.setrlimit(resource.RLIMIT_AS, (size * 1024 + 2**29, hard))
err, start = io.StringIO(), time.perf_counter()
with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
    code = main(sys.argv[1:])
grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
print(json.dumps([code, err.getvalue(), grown, time.perf_counter() - start]))
"""


@pytest.fixture
def cli_peak() -> Callable[..., tuple[int, str, float, float]]:
    """A function running ``sudoku-models ARGS`` in a fresh process, giving its exit code, its
    stderr, the megabytes its peak memory grew by past the imports, and the seconds it took
    (with at most 512 MB more address space: past that, the run fails)."""

    def run(*argv: str) -> tuple[int, str, float, float]:
        done = subprocess.run(
            [sys.executable, "-c", _BOUNDED_RUN, *argv],
            capture_output=True,
            text=True,
            timeout=300,
            check=True,
        )
        code, err, grown, seconds = json.loads(done.stdout)
        return code, err, grown, seconds

    return run


@pytest.fixture(scope="session")
def pigeonhole_classic() -> str:
    """A classic 25x25 puzzle with no solution the backends take far past a minute to refute
    (:func:`sudoku_models.testing.pigeonhole_classic`)."""
    from sudoku_models.testing import pigeonhole_classic

    return pigeonhole_classic()
