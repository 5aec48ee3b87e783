"""Transcripts: an episode as JSONL, one object a line, and its replay.

The first line is the header (``"type": "episode"``: the observation version, the puzzle's
text when it was given as text, its :func:`~sudoku_models.arena.episode.fingerprint` and the
options), then one ``"type": "turn"`` line a turn (prompt, reply, the verdicts, the hint given),
and a last ``"type": "score"`` line. Replaying feeds the recorded replies to the same puzzle
under the same options: each prompt must come out as recorded, and the scores come out the
same exactly. A transcript of another puzzle, or one edited, is refused in one line.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from ..errors import InvalidPuzzleError
from ..model import Model
from ..puzzle import Puzzle
from .episode import Agent, Episode, Options, fingerprint, play, run
from .observation import VERSION
from .referee import Referee

#: Characters of one transcript line read at most.
MAX_LINE = 5_000_000


def record(
    puzzle: Model | Puzzle | str, agent: Agent, path: str | Path, options: Options | None = None
) -> Episode:
    """Play an episode and write its transcript to ``path``."""
    with open(path, "w", encoding="utf-8") as handle:
        return play(puzzle, agent, options, lambda line: _write(handle, line))


def _write(handle: IO[str], line: dict[str, Any]) -> None:
    handle.write(json.dumps(line) + "\n")
    handle.flush()


def read(path: str | Path) -> list[dict[str, Any]]:
    """The lines of a transcript; a line that is no JSON object is refused."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        return list(_lines(handle))


def _lines(handle: IO[str]) -> Iterator[dict[str, Any]]:
    for number, text in enumerate(iter(lambda: handle.readline(MAX_LINE), ""), start=1):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except ValueError:
            raise InvalidPuzzleError(f"transcript line {number} is not JSON") from None
        if not isinstance(line, dict):
            raise InvalidPuzzleError(f"transcript line {number} is not a JSON object")
        yield line


def replay(path: str | Path, puzzle: Model | Puzzle | str | None = None) -> Episode:
    """The episode of a transcript played again from its replies: the same scores exactly.

    ``puzzle`` is needed when the header carries no puzzle text; either way it must match the
    header's fingerprint."""
    lines = read(path)
    if not lines or lines[0].get("type") != "episode":
        raise InvalidPuzzleError("a transcript starts with its episode header")
    header = lines[0]
    if header.get("version") != VERSION:
        raise InvalidPuzzleError(f"transcript version {header.get('version')!r} is not {VERSION}")
    source = puzzle if puzzle is not None else header.get("puzzle")
    if source is None:
        raise InvalidPuzzleError("the transcript does not carry its puzzle: give it")
    referee = Referee(source)
    if fingerprint(referee.model) != header.get("fingerprint"):
        raise InvalidPuzzleError("the transcript does not match its puzzle")
    try:
        options = Options(**header.get("options", {}))
    except TypeError:
        raise InvalidPuzzleError("the transcript's options are not the runner's") from None
    turns = [line for line in lines if line.get("type") == "turn"]
    agent = _Replier(turns)
    episode = run(referee, agent, options, source=header.get("puzzle"))
    if agent.used != len(turns):
        raise InvalidPuzzleError("the transcript has turns past the end of its episode")
    return episode


class _Replier:
    """An agent saying the recorded replies in turn, each after checking its prompt."""

    def __init__(self, turns: list[dict[str, Any]]) -> None:
        self.turns = turns
        self.used = 0

    def __call__(self, prompt: str) -> str:
        if self.used >= len(self.turns):
            raise InvalidPuzzleError("the transcript ends before its episode does")
        turn = self.turns[self.used]
        self.used += 1
        if turn.get("prompt") != prompt:
            raise InvalidPuzzleError(
                f"turn {self.used} of the transcript does not match its puzzle"
            )
        reply = turn.get("reply")
        return reply if isinstance(reply, str) else ""
