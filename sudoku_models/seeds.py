"""Seeds: the one way a ``seed`` argument becomes a random stream.

Every function that draws at random takes ``seed=None | int | random.Random``, as networkx
does: None for a fresh stream, an int for a repeatable one, a stream of the caller's own to
draw from (and advance).

>>> rng_of(7).random() == rng_of(7).random()
True
>>> stream = rng_of(None)
>>> rng_of(stream) is stream
True
"""

from __future__ import annotations

import random

__all__ = ["Seed", "rng_of"]

#: What a ``seed`` argument may be.
Seed = int | random.Random | None


def rng_of(seed: Seed) -> random.Random:
    """A random stream from ``seed``: a new one for None or an int, the stream itself for a
    ``random.Random`` (or any object that shuffles and draws as one does)."""
    if not isinstance(seed, bool):
        if seed is None or isinstance(seed, int):
            return random.Random(seed)
        if hasattr(seed, "shuffle") and hasattr(seed, "random"):
            return seed
    raise ValueError(f"seed must be None, an int or a random.Random, got {seed!r}")
