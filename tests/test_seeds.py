"""One way from a ``seed`` argument to a random stream."""

from __future__ import annotations

import random

import pytest

from sudoku_models.seeds import rng_of


def test_an_int_seed_repeats_its_stream_and_none_gives_a_fresh_one() -> None:
    assert [rng_of(5).random() for _ in range(3)] == [random.Random(5).random()] * 3
    assert isinstance(rng_of(None), random.Random)


def test_a_stream_is_drawn_from_itself_so_callers_share_it() -> None:
    stream = random.Random(3)
    assert rng_of(stream) is stream
    first = rng_of(stream).random()
    assert rng_of(stream).random() != first


@pytest.mark.parametrize("seed", [True, "7", 1.5])
def test_a_seed_of_another_kind_is_refused(seed: object) -> None:
    with pytest.raises(ValueError, match="seed must be"):
        rng_of(seed)  # type: ignore[arg-type]
