"""The commands' ``--time-limit``: cooperative, so it holds in any thread, counts the reading of
a rich puzzle, and leaves the caller's signals alone."""

from __future__ import annotations

import contextlib
import io
import signal
import subprocess
import sys
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import pytest

from sudoku_models.cli import main
from sudoku_models.puzzle import Puzzle
from sudoku_models.testing import pigeonhole_link

#: Seconds a test waits for a run whose limit is a second; the work itself needs far longer.
PATIENCE = 240


def quietly(*argv: str) -> tuple[int, str]:
    """Run the command line here, giving its exit code and its output."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        code = main(list(argv))
    return code, out.getvalue()


def test_the_pigeonhole_puzzle_has_no_clash_to_give_it_away(pigeonhole_classic: str) -> None:
    puzzle = Puzzle.parse(pigeonhole_classic)
    assert puzzle.n == 25 and not puzzle.conflicts()
    assert sum(1 for d in puzzle.cells if d) == 5 * 13


@pytest.mark.parametrize(("command", "said"), [("rate", "not rated: "), ("hint", "no hint: ")])
def test_a_classic_rating_or_hint_past_the_time_limit_says_so(
    command: str, said: str, pigeonhole_classic: str
) -> None:
    """The grader's search for the solution needs far longer than the limit here: the limit
    stops it, one line, exit 1, on any machine (in a fresh process, nothing cached)."""
    done = subprocess.run(
        [sys.executable, "-m", "sudoku_models", command, pigeonhole_classic, "-t", "1"],
        capture_output=True,
        text=True,
        timeout=PATIENCE,
    )
    assert done.returncode == 1, done.stderr
    assert done.stdout.strip().endswith(f"{said}stopped by the time limit of 1 s")


@pytest.mark.parametrize(
    "argv",
    [
        ("rate", "HARD", "-t", "1"),
        ("hint", "HARD", "-t", "1"),
        ("solve", "HARD", "-t", "1"),
        ("count", "HARD", "-t", "1"),
        ("solve", pigeonhole_link(), "-t", "1"),
    ],
    ids=["rate", "hint", "solve", "count", "solve-link"],
)
def test_the_limit_holds_in_a_worker_thread(argv: tuple[str, ...], pigeonhole_classic: str) -> None:
    """Off the main thread no alarm signal can be had; the limit holds all the same (the
    work needs far longer than the limit; the wait for it is bounded)."""
    said = io.StringIO()

    def run() -> int:
        with contextlib.redirect_stdout(said), contextlib.redirect_stderr(said):
            return main([pigeonhole_classic if a == "HARD" else a for a in argv])

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(run).result(timeout=PATIENCE) == 1
    assert "time limit" in said.getvalue()


def test_a_pending_alarm_of_the_caller_is_left_alone(pigeonhole_classic: str) -> None:
    rang: list[int] = []
    handler: Callable[[int, object], None] = lambda signum, frame: rang.append(signum)  # noqa: E731
    previous = signal.signal(signal.SIGALRM, handler)
    signal.setitimer(signal.ITIMER_REAL, 3600)
    try:
        code, out = quietly("rate", pigeonhole_classic, "-t", "1")
        assert signal.getsignal(signal.SIGALRM) is handler
        left, _ = signal.getitimer(signal.ITIMER_REAL)
        assert 3000 < left <= 3600
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    assert (code, rang) == (1, [])
    assert "stopped by the time limit of 1 s" in out
