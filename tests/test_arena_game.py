"""A board in play: each move judged, made or refused, and the scores."""

from __future__ import annotations

from sudoku_models.arena import Game, Move, Referee, parse

FOUR = ".1.....4....34.."
SOLUTION = "4132231412433421"


def test_a_full_correct_answer_solves_the_puzzle() -> None:
    game = Game(Referee(FOUR))
    verdicts = [
        game.play(m) for m in parse(f"<ANSWER>{SOLUTION}</ANSWER>", 4, Referee(FOUR).model.givens)
    ]
    assert all(v.legal and v.correct and v.completable for v in verdicts)
    score = game.score()
    assert score.solved and score.correct_before_error == 12 and score.moves == 12


def test_correct_placements_are_counted_up_to_the_first_error() -> None:
    game = Game(Referee(FOUR))
    for move in parse("r1c1=4 r1c3=2 nonsense r5c5=1 r1c4=2", 4):
        game.play(move)
    score = game.score()
    assert score.correct_before_error == 1  # r1c3=2 is the first error
    assert score.moves == 4 and score.invalid == 1 and not score.solved


def test_a_wrong_move_is_kept_or_refused() -> None:
    kept, refused = Game(Referee(FOUR)), Game(Referee(FOUR), keep_wrong=False)
    for game in (kept, refused):
        verdict = game.play(Move("place", 0, 0, (2,)))
        assert verdict.legal and not verdict.correct
        assert verdict.completable is (game is refused)  # the board after the move
    assert kept.grid[0] == 2 and refused.grid[0] == 0


def test_a_given_cannot_be_changed() -> None:
    game = Game(Referee(FOUR))
    verdict = game.play(Move("clear", 0, 1))
    assert not verdict.legal and not verdict.applied and "given" in verdict.reason
    assert game.grid[1] == 1


def test_the_verdict_as_json_carries_derivability_when_asked() -> None:
    game = Game(Referee(FOUR), derivable=True)
    data = game.play(Move("place", 1, 0, (2,))).to_dict()
    assert data["derivable"] is True and data["step"] and data["difficulty"] > 0
    assert "derivable" not in Game(Referee(FOUR)).play(Move("place", 1, 0, (2,))).to_dict()
