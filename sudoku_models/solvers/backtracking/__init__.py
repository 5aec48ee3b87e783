"""Handwritten search in pure Python; each strategy lives in a module of its own."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from importlib import import_module

from ...model import Model
from ..base import EnumeratingSolver, Grid, Stats

Strategy = Callable[[Model, int, Sequence[Grid], "float | None", Stats, list[Grid]], None]

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
        return f"{self.name}:{self._strategy_name(model)}"

    def _strategy(self, model: Model) -> Strategy:
        return _search_of(self._strategy_name(model))

    def _strategy_name(self, model: Model) -> str:
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
def _search_of(name: str) -> Strategy:
    """The ``search`` function of a strategy, its module imported on first use."""
    search: Strategy = import_module(f"{__name__}.{STRATEGIES[name]}").search
    return search
