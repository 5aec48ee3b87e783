"""SplitMix64: the published reference outputs, bounded draws and shuffles."""

from __future__ import annotations

from collections import Counter

from sudoku_models.splitmix import SplitMix64


def test_reference_outputs():
    # The first outputs of the reference SplitMix64 for seed 1234567 (Rosetta Code's task).
    stream = SplitMix64(1234567)
    assert [stream.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


def test_seed_is_taken_modulo_two_to_the_64():
    assert SplitMix64(2**64 + 5).next64() == SplitMix64(5).next64()
    assert SplitMix64(5).next64() != SplitMix64(6).next64()


def test_randrange_is_the_top_bits_scaled():
    a, b = SplitMix64(9), SplitMix64(9)
    for k in (1, 2, 9, 81, 2**32):
        assert a.randrange(k) == (b.next64() >> 32) * k >> 32
    stream = SplitMix64(3)
    counts = Counter(stream.randrange(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and min(counts.values()) > 850


def test_random_is_the_top_53_bits():
    a, b = SplitMix64(12), SplitMix64(12)
    draws = [a.random() for _ in range(2000)]
    assert draws[:50] == [(b.next64() >> 11) / 2**53 for _ in range(50)]
    assert min(draws) >= 0 and max(draws) < 1 and 0.45 < sum(draws) / len(draws) < 0.55


def test_shuffle_is_fisher_yates_from_the_end():
    items = list(range(10))
    SplitMix64(4).shuffle(items)
    expected = list(range(10))
    stream = SplitMix64(4)
    for i in range(9, 0, -1):
        j = stream.randrange(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and sorted(items) == list(range(10)) and items != list(range(10))
