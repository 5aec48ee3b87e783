"""Printing during a long job: a progress bar on stderr that never cuts into the results on
stdout, and the one-line tally at the end."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from ..solvers.base import Result, Status


def shows_bar(progress: bool | None, count: int) -> bool:
    """Whether a job over ``count`` puzzles shows a bar: asked for, or by default when there is
    more than one puzzle and standard error is a terminal."""
    if progress is None:
        return count > 1 and sys.stderr.isatty()
    return progress


def emit(text: str, bar: bool) -> None:
    """Print ``text`` on stdout; while a bar is shown, clear it first and draw it again after."""
    if bar:
        from tqdm import tqdm

        tqdm.write(text, file=sys.stdout)
        sys.stdout.flush()
    else:
        print(text, flush=True)


@dataclass
class Tally:
    """Outcomes of a job's solves, told in one line at the end (on stderr: stdout keeps only
    results)."""

    puzzles: int = 0
    solved: int = 0
    unique: int = 0
    multiple: int = 0
    unsatisfiable: int = 0
    timeouts: int = 0
    start: float = field(default_factory=time.perf_counter)

    def add(self, result: Result) -> None:
        """Count one result."""
        self.puzzles += 1
        self.solved += bool(result.solutions)
        self.unique += result.status is Status.UNIQUE
        self.multiple += result.status is Status.MULTIPLE
        self.unsatisfiable += result.status is Status.UNSATISFIABLE
        self.timeouts += result.status is Status.TIMEOUT

    def line(self) -> str:
        """``12 puzzles: 11 solved, 10 unique, 1 multiple, 1 no solution, 0 timeouts; 0.53 s``."""
        seconds = time.perf_counter() - self.start
        return (
            f"{self.puzzles} puzzles: {self.solved} solved, {self.unique} unique, "
            f"{self.multiple} multiple, {self.unsatisfiable} no solution, "
            f"{self.timeouts} timeouts; {seconds:.2f} s"
        )
