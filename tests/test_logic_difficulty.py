"""The band and score of a path from its steps."""

from __future__ import annotations

from sudoku_models.logic import Step
from sudoku_models.logic.difficulty import MANY_NETS, MANY_TRIALS, difficulty


def path(*techniques: str, depth: int = 0) -> list[Step]:
    """Steps of the given techniques (a trial at ``depth``), nothing else said."""
    return [Step(t, "", "", depth=depth if t == "Trial" else 0) for t in techniques]


def test_the_hardest_step_picks_the_band() -> None:
    assert difficulty(path("Naked Single", "Hidden Single"), True).band == "easy"
    assert difficulty(path("Hidden Single", "Relation Support"), True).band == "moderate"
    assert difficulty(path("Locked Candidates", "Naked Triple"), True).band == "tough"
    assert difficulty(path("Naked Pair", "X-Wing"), True).band == "hard"
    assert difficulty(path("Chain", "Forcing Chain"), True).band == "fiendish"
    assert difficulty(path("Trial"), True).band == "extreme"
    assert difficulty(path("Naked Single"), False).band == "beyond"


def test_few_forcing_nets_band_as_a_chain_many_as_nets() -> None:
    few = difficulty(path("Hidden Single", *["Forcing Net"] * (MANY_NETS - 1)), True)
    assert (few.band, few.hardest, few.score) == ("hard", "Forcing Net", 5.0)
    many = difficulty(path("Hidden Single", *["Forcing Net"] * MANY_NETS), True)
    assert (many.band, many.score) == ("fiendish", 7.0)
    assert difficulty(path("Forcing Net", "Forcing Chain"), True).band == "fiendish"


def test_many_trials_move_one_band_up_and_count_in_the_score() -> None:
    some = difficulty(path(*["Trial"] * (MANY_TRIALS - 1)), True)
    many = difficulty(path(*["Trial"] * MANY_TRIALS), True)
    assert (some.band, many.band) == ("extreme", "beyond")
    assert many.score - some.score == 0.25 and many.trials == MANY_TRIALS
    assert difficulty(path("Trial", depth=2), True).score == 10.25  # 8 + 2 a level, one trial
