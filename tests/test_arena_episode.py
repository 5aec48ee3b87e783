"""Episodes: turns, options, hints, and the same run for the same seed."""

from __future__ import annotations

from sudoku_models.arena.agents import noisy, perfect
from sudoku_models.arena.episode import Options, play
from sudoku_models.testing import NINE_BY_NINE

FOUR = ".1.....4....34.."
NINE = NINE_BY_NINE[0]


def test_a_perfect_agent_solves_in_one_turn() -> None:
    episode = play(NINE, perfect(NINE))
    assert episode.score.solved and len(episode.turns) == 1
    assert episode.score.correct_before_error == NINE.count(".")
    assert episode.turns[0]["prompt"].startswith("Solve this puzzle.")


def test_the_same_seeds_give_the_same_episode() -> None:
    runs = [play(NINE, noisy(NINE, 0.2, seed=5), Options(turns=8, seed=2)) for _ in range(2)]
    assert runs[0].turns == runs[1].turns and runs[0].score == runs[1].score
    other = play(NINE, noisy(NINE, 0.2, seed=6), Options(turns=8, seed=2))
    assert other.turns != runs[0].turns


def test_stop_on_error_ends_at_the_first_wrong_move() -> None:
    episode = play(NINE, noisy(NINE, 1.0, per_turn=1), Options(turns=10, stop_on_error=True))
    assert len(episode.turns) == 1 and episode.score.correct_before_error == 0


def test_refused_moves_leave_the_board_and_the_prompt_says_so() -> None:
    episode = play(FOUR, lambda p: "r1c1=2 r1c3=1", Options(turns=2, keep_wrong=False))
    prompt = episode.turns[1]["prompt"]
    assert "r1c1=2: refused, not correct" in prompt
    assert "r1c3=1: breaks a rule (1 is already at r1c2); refused" in prompt
    assert "r1   .  1" in prompt


def test_a_hint_is_told_and_counted() -> None:
    episode = play(FOUR, lambda prompt: "hint", Options(turns=3))
    assert episode.score.hints == 3 and episode.score.moves == 0
    assert episode.turns[0]["hint"] == "r2c1=2"  # the logical solver's first placement
    assert "hint: r2c1=2" in episode.turns[1]["prompt"]
    assert "r2   2" in episode.turns[1]["prompt"]


def test_a_board_shown_again_or_not() -> None:
    shown = play(FOUR, lambda p: "r1c1=4", Options(turns=2))
    hidden = play(FOUR, lambda p: "r1c1=4", Options(turns=2, show_board=False))
    assert "grid:" in shown.turns[1]["prompt"] and "grid:" not in hidden.turns[1]["prompt"]


def test_an_agent_returning_no_text_makes_invalid_moves() -> None:
    episode = play(FOUR, lambda p: None, Options(turns=2))  # type: ignore[arg-type,return-value]
    assert episode.score.invalid == 2 and not episode.score.solved
