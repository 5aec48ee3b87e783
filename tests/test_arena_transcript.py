"""Transcripts: written as JSONL, replayed to the same scores, refused when they do not fit."""

from __future__ import annotations

import json

import pytest

from sudoku_models.arena.agents import noisy
from sudoku_models.arena.episode import Options
from sudoku_models.arena.transcript import read, record, replay
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.puzzle import Puzzle
from sudoku_models.testing import NINE_BY_NINE

NINE = NINE_BY_NINE[0]


@pytest.fixture
def transcript(tmp_path):
    path = tmp_path / "episode.jsonl"
    episode = record(NINE, noisy(NINE, 0.15, seed=4), path, Options(turns=12, seed=9))
    return path, episode


def test_a_transcript_replays_to_the_same_scores(transcript) -> None:
    path, episode = transcript
    lines = read(path)
    assert lines[0]["type"] == "episode" and lines[-1]["type"] == "score"
    assert len(lines) == len(episode.turns) + 2
    again = replay(path)
    assert again.score == episode.score and again.turns == episode.turns
    assert lines[-1] == {"type": "score", **episode.score.to_dict()}


def test_a_transcript_of_another_puzzle_is_refused(transcript) -> None:
    path, _ = transcript
    with pytest.raises(InvalidPuzzleError, match="does not match its puzzle"):
        replay(path, NINE_BY_NINE[1])
    assert replay(path, Puzzle.parse(NINE)).score == replay(path).score


def test_an_edited_transcript_is_refused(transcript, tmp_path) -> None:
    path, _ = transcript
    lines = read(path)
    lines[1]["prompt"] = lines[1]["prompt"].replace("r1", "r0", 1)
    edited = tmp_path / "edited.jsonl"
    edited.write_text("\n".join(json.dumps(line) for line in lines))
    with pytest.raises(InvalidPuzzleError, match="turn 1"):
        replay(edited)
    edited.write_text("not json\n")
    with pytest.raises(InvalidPuzzleError, match="line 1 is not JSON"):
        replay(edited)
