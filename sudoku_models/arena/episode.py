"""Episodes: an agent plays a puzzle for some turns, every turn written to a JSONL transcript.

An agent is any callable from a prompt (text) to a reply (text); the runner makes no network
call of its own. The first prompt is the observation (:mod:`~sudoku_models.arena.observation`)
and how to answer; each later prompt gives the verdict of every move of the last reply, then
(with ``show_board``) the board again. A reply holding the word ``hint`` gets one placement
told in the next prompt: the logical solver's next placement from the digits on the board when
they can still be completed, else a cell chosen with the episode's seed.

>>> from sudoku_models.arena.agents import perfect
>>> episode = play(".1.....4....34..", perfect(".1.....4....34.."), Options(turns=3))
>>> episode.score.solved, episode.score.correct_before_error
(True, 12)
"""

from __future__ import annotations

import hashlib
import random
import re
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Any

from ..model import Model
from ..puzzle import Puzzle
from . import observation
from .game import Game, Score
from .moves import PLACE, Move, parse
from .referee import Referee

Agent = Callable[[str], str]

_HINT = re.compile(r"\bhint\b", re.IGNORECASE)


@dataclass(frozen=True)
class Options:
    """How an episode runs: ``turns`` replies at most; ``show_board`` shows the board in every
    prompt; ``keep_wrong`` keeps a move that is not correct on the board (else refuses it);
    ``stop_on_error`` ends the episode at the first move that is invalid or not correct (as
    Sudoku-Bench does); ``hints`` answers a reply asking for a hint; ``candidates`` shows
    each open cell's candidates; ``seed`` fixes every choice the runner makes."""

    turns: int = 100
    show_board: bool = True
    keep_wrong: bool = True
    stop_on_error: bool = False
    hints: bool = True
    candidates: bool = False
    seed: int = 0


@dataclass
class Episode:
    """What happened: the score and, turn by turn, prompt, reply and verdicts."""

    score: Score
    turns: list[dict[str, Any]] = field(default_factory=list)
    header: dict[str, Any] = field(default_factory=dict)


def fingerprint(model: Model) -> str:
    """A short digest of a puzzle's givens and rules, to tell transcripts of it apart."""
    rules = repr((model.board, model.givens, model.groups, model.cages, model.constraints))
    return hashlib.sha256(rules.encode()).hexdigest()[:16]


def play(
    puzzle: Model | Puzzle | str,
    agent: Agent,
    options: Options | None = None,
    record: Callable[[dict[str, Any]], None] | None = None,
) -> Episode:
    """Let ``agent`` play ``puzzle`` under ``options``; each transcript line (a JSON-ready
    object) goes to ``record`` as it happens (see :mod:`~sudoku_models.arena.transcript`)."""
    options = options or Options()
    referee = Referee(puzzle)
    return run(referee, agent, options, record, puzzle if isinstance(puzzle, str) else None)


def run(
    referee: Referee,
    agent: Agent,
    options: Options,
    record: Callable[[dict[str, Any]], None] | None = None,
    source: str | None = None,
) -> Episode:
    """Play an episode on ``referee``'s puzzle (see :func:`play`)."""
    model = referee.model
    rng = random.Random(options.seed)
    game = Game(referee, keep_wrong=options.keep_wrong)
    header = {
        "type": "episode",
        "version": observation.VERSION,
        "puzzle": source,
        "fingerprint": fingerprint(model),
        "options": asdict(options),
    }
    episode = Episode(game.score(), header=header)
    if record:
        record(header)
    prompt = _first_prompt(referee, game, options)
    for turn in range(1, options.turns + 1):
        reply = agent(prompt)
        reply = reply if isinstance(reply, str) else ""
        hint = None
        if options.hints and _HINT.search(reply[:10_000]):
            hint = _hint(referee, game, rng)
            game.hints += 1
        moves = parse(reply, model.n, model.givens)
        if hint is not None and not any(m.valid for m in moves):
            moves = []  # a reply asking for a hint and making no move
        verdicts = [game.play(move) for move in moves]
        line = {
            "type": "turn",
            "turn": turn,
            "prompt": prompt,
            "reply": reply,
            "verdicts": [v.to_dict() for v in verdicts],
            "hint": hint.text if hint else None,
        }
        episode.turns.append(line)
        if record:
            record(line)
        error = any(not v.correct for v in verdicts)
        if game.solved() or (options.stop_on_error and error):
            break
        if hint is not None:
            game.play_hint(hint)
        prompt = _next_prompt(referee, game, options, verdicts, hint)
    episode.score = game.score()
    if record:
        record({"type": "score", **episode.score.to_dict()})
    return episode


def _first_prompt(referee: Referee, game: Game, options: Options) -> str:
    return "\n".join(
        [
            "Solve this puzzle. Answer with moves such as r3c5=7 (several a reply are fine),"
            + (" or write hint to be told one digit." if options.hints else ""),
            _board(referee, game, options, rules=True),
        ]
    )


def _next_prompt(
    referee: Referee, game: Game, options: Options, verdicts: list[Any], hint: Move | None
) -> str:
    lines = []
    for v in verdicts:
        what = v.move.text
        if not v.move.valid:
            lines.append(f"{what}: not understood")
        elif not v.legal:
            refused = "" if v.applied else "; refused"
            lines.append(f"{what}: breaks a rule ({v.reason}){refused}")
        else:
            lines.append(f"{what}: " + ("accepted" if v.applied else "refused, not correct"))
    if not verdicts and hint is None:
        lines.append("No move found in your reply.")
    if hint is not None:
        lines.append(f"hint: {hint.text}")
    if options.show_board:
        lines.append(_board(referee, game, options, rules=False))
    return "\n".join(lines)


def _board(referee: Referee, game: Game, options: Options, rules: bool) -> str:
    model = referee.model
    marks = observation.open_candidates(model, game.grid) if options.candidates else None
    if rules:
        return observation.text(model, game.grid, marks, referee.rules_text)
    return "\n".join(["grid:", *observation.grid_lines(model, game.grid)])


def _hint(referee: Referee, game: Game, rng: random.Random) -> Move | None:
    """The placement told for a hint: the logical solver's next one from the board when the
    board can still be completed, else a random open cell of the solution; None on a full
    board."""
    model = referee.model
    open_cells = [i for i, d in enumerate(game.grid) if not d]
    if not open_cells:
        return None
    if referee.completable(game.grid, {}):
        path = referee.path(game.grid)
        for step in path.steps if path is not None else ():
            for i, d in step.placements:
                return Move(PLACE, *model.board.row_col(i), (d,))
    i = rng.choice(open_cells)
    return Move(PLACE, *model.board.row_col(i), (referee.solution[i],))
