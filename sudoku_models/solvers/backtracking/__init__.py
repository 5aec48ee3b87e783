"""Handwritten search in pure Python; each strategy lives in a module of its own."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from importlib import import_module
from typing import Protocol

from ...model import Model
from ..base import EnumeratingSolver, Grid, Stats
from .recorder import Recorder


class Strategy(Protocol):
    """The ``search`` function of a strategy module."""

    def __call__(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
        recorder: Recorder | None = None,
    ) -> None: ...


#: Strategy name -> module of this package holding its ``search`` function.
STRATEGIES: dict[str, str] = {
    "fast": "fast",
    "naive": "naive",
    "bitmask": "bitmask",
    "mrv-static": "mrv_static",
    "mrv": "mrv",
    "boxwise": "boxwise",
    "propagate": "propagate",
    "dlx": "dlx",
    "constraint": "constraint",
}


class BacktrackingSolver(EnumeratingSolver):
    """Pure-Python search in several strategies; ``fast``, the default, is built for speed.

    ``fast`` prunes with all-different groups only, so on a model with sum cages or other
    primitive constraints it hands over to ``constraint``, which propagates them too.
    """

    name = "backtracking"
    variants = tuple(STRATEGIES)

    @property
    def sees_clashes(self) -> bool:
        """The fast strategy checks the givens as it builds its first state."""
        return self.variant == "fast"

    def label_for(self, model: Model) -> str:
        """``backtracking:constraint`` for a model the fast strategy hands over, else the label."""
        return f"{self.name}:{self.strategy_name(model)}"

    def _strategy(self, model: Model) -> Strategy:
        return search_of(self.strategy_name(model))

    def strategy_name(self, model: Model) -> str:
        """The strategy that runs on ``model``: the variant, or ``constraint`` where ``fast``
        hands over."""
        name = self.variant or "fast"
        if name == "fast" and (model.cages or model.constraints):
            return "constraint"
        return name

    def _search(
        self,
        model: Model,
        limit: int,
        exclude: Sequence[Grid],
        deadline: float | None,
        stats: Stats,
        found: list[Grid],
    ) -> None:
        self._strategy(model)(model, limit, exclude, deadline, stats, found)


@functools.cache
def search_of(name: str) -> Strategy:
    """The ``search`` function of a strategy, its module imported on first use."""
    search: Strategy = import_module(f"{__name__}.{STRATEGIES[name]}").search
    return search
