"""``SearchTree``: the nodes one handwritten search visited, in order, and what became of each.

A node is a value tried (a digit in a cell; a whole box for the box-by-box strategy) below its
parent; a root has no value. Each node ends as one of three outcomes:

- ``solution``: a complete grid the search kept;
- ``fail``: a dead end (a cell with no option, a contradiction found by propagation, a complete
  grid that breaks a rule or was excluded);
- ``open``: neither: a node with children, or one the search left unexplored (it stopped at its
  limit, ran out of time or of recording room, or restarted from the root).

``searched`` is False for a value propagation refuted at once: the propagating strategies
(``propagate``, ``constraint``, ``fast``) never call their search on it and count no node
for it, though they count its backtrack. The tree's :attr:`SearchTree.counts` are read off
the tree alone and equal the strategy's own :class:`~sudoku_models.solvers.base.Stats`.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..board import Board, cell_name
from ..puzzle import Puzzle
from ..solvers.backtracking.recorder import SMALL, Recorder
from ..solvers.base import Stats
from .svg import tree_svg

#: Why an incomplete search stopped: it recorded as many nodes as it was allowed.
NODE_CAP = "node cap"

#: Why an incomplete search stopped: its time ran out.
TIME_LIMIT = "time limit"

#: Outcome names, indexed by the one-byte codes a search tree keeps per node.
OUTCOMES = ("open", "fail", "solution")
OPEN, FAIL, SOLUTION = range(3)


@dataclass(frozen=True, repr=False, eq=False)
class SearchTree:
    """The search tree of one strategy on one puzzle; see the module docstring.

    ``parents``, ``cells``, ``digits``, ``searched`` and ``outcomes`` hold one entry per node
    in the order visited (cell -1 and digit 0 at a root, parent -1 for a root); ``removed``
    how many candidates propagation removed after each value (-1 for a strategy that does not
    propagate), and :meth:`removals` which ones when few; ``fills`` the whole box of the box-by-box
    strategy's nodes; ``stats`` the strategy's own counters for the same run; ``complete``
    whether the search ran to its end (rather than stopping at ``max_nodes`` or the time
    limit); ``stopped`` the nodes left on the path when the search ended; ``reason`` why an
    incomplete search stopped (``NODE_CAP`` or ``TIME_LIMIT``), "" for a complete one.
    """

    board: Board
    givens: tuple[int, ...]
    strategy: str
    limit: int
    parents: Sequence[int]
    cells: Sequence[int]
    digits: Sequence[int]
    searched: Sequence[int]
    outcomes: bytes
    removed: Sequence[int]
    starts: Sequence[int]
    codes: Sequence[int]
    fills: dict[int, tuple[tuple[int, int], ...]]
    stats: Stats
    complete: bool
    stopped: tuple[int, ...] = ()
    restarts: tuple[int, ...] = field(default=())
    reason: str = ""

    @classmethod
    def from_recorder(
        cls,
        recorder: Recorder,
        board: Board,
        givens: tuple[int, ...],
        strategy: str,
        limit: int,
        stats: Stats,
        complete: bool,
        reason: str = "",
    ) -> SearchTree:
        """The tree a :class:`~sudoku_models.solvers.backtracking.recorder.Recorder`
        collected, with each node's outcome settled; ``reason`` says why an incomplete search
        stopped."""
        size = len(recorder)
        has_children = bytearray(size)
        for p in recorder.parents:
            if p >= 0:
                has_children[p] = 1
        outcomes = bytearray(size)
        for k in range(size):
            if not has_children[k]:
                outcomes[k] = FAIL
        for k in recorder.left_open:
            outcomes[k] = OPEN
        if not complete and recorder.path and not has_children[recorder.path[-1]]:
            outcomes[recorder.path[-1]] = OPEN
        for k in recorder.solutions:
            outcomes[k] = SOLUTION
        return cls(
            board=board,
            givens=givens,
            strategy=strategy,
            limit=limit,
            parents=recorder.parents,
            cells=recorder.cells,
            digits=recorder.digits,
            searched=recorder.searched,
            outcomes=bytes(outcomes),
            removed=recorder.removed,
            starts=recorder.starts,
            codes=recorder.codes,
            fills=recorder.fills,
            stats=stats,
            complete=complete,
            stopped=tuple(recorder.path),
            restarts=tuple(recorder.restarts),
            reason=reason,
        )

    def __len__(self) -> int:
        return len(self.parents)

    @property
    def counts(self) -> dict[str, int]:
        """Counts read off the tree: ``nodes`` (searched ones, as the strategy counts them),
        ``backtracks`` (values taken back), ``solutions``, ``failures``, ``refuted`` (values
        propagation refuted before a search) and ``depth`` (the longest path, in values)."""
        parents = self.parents
        values = sum(1 for p in parents if p >= 0)
        kept = sum(1 for k in self.stopped if parents[k] >= 0)
        depth = [0] * len(parents)
        for k, p in enumerate(parents):
            if p >= 0:
                depth[k] = depth[p] + 1
        return {
            "nodes": sum(self.searched),
            "backtracks": values - kept,
            "solutions": self.outcomes.count(SOLUTION),
            "failures": self.outcomes.count(FAIL),
            "refuted": len(parents) - sum(self.searched),
            "depth": max(depth, default=0),
        }

    def removals(self, k: int) -> list[tuple[int, int]] | None:
        """The (cell, digit) candidates propagation removed after node ``k``'s value, when they
        were few enough to list (:data:`~sudoku_models.solvers.backtracking.recorder.SMALL`);
        None otherwise."""
        count = self.removed[k]
        if not 0 <= count <= SMALL:
            return None
        start = self.starts[k]
        return [(code >> 6, code & 63) for code in self.codes[start : start + count]]

    def outcome(self, k: int) -> str:
        """The outcome of node ``k``: ``"open"``, ``"fail"`` or ``"solution"``."""
        return OUTCOMES[self.outcomes[k]]

    def path(self, k: int) -> list[int]:
        """The nodes from the root down to node ``k``."""
        nodes = []
        while k >= 0:
            nodes.append(k)
            k = self.parents[k]
        return nodes[::-1]

    def placements(self, k: int) -> list[tuple[int, int]]:
        """The (cell, digit) values tried on the path to node ``k``, root first."""
        out: list[tuple[int, int]] = []
        for j in self.path(k):
            if j in self.fills:
                out.extend(self.fills[j])
            elif self.cells[j] >= 0:
                out.append((self.cells[j], self.digits[j]))
        return out

    def board_at(self, k: int) -> Puzzle:
        """The grid at node ``k``: the givens and the values tried on its path (what
        propagation inferred there is not replayed)."""
        cells = list(self.givens)
        for i, d in self.placements(k):
            cells[i] = d
        return Puzzle(self.board, tuple(cells))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-friendly form: the puzzle, the counts, and the nodes in order."""
        return {**self._header(), "nodes": list(self._nodes())}

    def _header(self) -> dict[str, Any]:
        """What :meth:`to_dict` holds before the nodes."""
        board = self.board
        return {
            "kind": "search tree",
            "strategy": self.strategy,
            "box": [board.box_rows, board.box_cols],
            "puzzle": Puzzle(board, self.givens).to_line(),
            "limit": self.limit,
            "complete": self.complete,
            "counts": self.counts,
            "stats": self.stats.as_dict(),
        }

    def _nodes(self) -> Iterator[dict[str, Any]]:
        """The nodes of :meth:`to_dict`, one at a time."""
        board = self.board
        names = [cell_name(*board.row_col(i)) for i in range(board.size)]
        for k, p in enumerate(self.parents):
            cell = self.cells[k]
            node: dict[str, Any] = {
                "id": k,
                "parent": p if p >= 0 else None,
                "cell": names[cell] if cell >= 0 else None,
                "digit": self.digits[k] or None,
                "outcome": OUTCOMES[self.outcomes[k]],
                "searched": bool(self.searched[k]),
            }
            if self.removed[k] >= 0:
                node["removed"] = self.removed[k]
                listed = self.removals(k)
                if listed is not None:
                    node["removals"] = [[names[i], d] for i, d in listed]
            if k in self.fills:
                node["fill"] = [[names[i], d] for i, d in self.fills[k]]
            yield node

    def to_json(self) -> str:
        """:meth:`to_dict` as JSON text, on one line."""
        out = io.StringIO()
        self.write_json(out)
        return out.getvalue()

    def write_json(self, handle: TextIO) -> None:
        """Write :meth:`to_json` to ``handle`` node by node: the memory it takes stays that of
        the tree's flat arrays, however many nodes it has."""
        head = json.dumps(self._header())
        handle.write(head[:-1] + ', "nodes": [')
        for k, node in enumerate(self._nodes()):
            handle.write((", " if k else "") + json.dumps(node))
        handle.write("]}")

    def to_svg(self, max_drawn: int = 1500) -> str:
        """The tree as an SVG picture; subtrees without a solution or open node are drawn
        collapsed, as a triangle with their size (see
        :func:`~sudoku_models.tracing.svg.tree_svg`)."""
        return tree_svg(self, max_drawn)

    def to_dot(self) -> str:
        """The tree in Graphviz DOT (``dot -Tsvg``), every node with its outcome's shape."""
        return "".join(self._dot_lines())

    def write_dot(self, handle: TextIO) -> None:
        """Write :meth:`to_dot` to ``handle`` line by line."""
        for line in self._dot_lines():
            handle.write(line)

    def _dot_lines(self) -> Iterator[str]:
        board = self.board
        shapes = {OPEN: "circle", FAIL: "box", SOLUTION: "doublecircle"}
        colors = {OPEN: "#4a78c2", FAIL: "#c0392b", SOLUTION: "#1e8449"}
        yield "digraph search {\n"
        yield f'  label="{self.strategy}: {len(self)} nodes"; node [label="", width=0.15];\n'
        for k, p in enumerate(self.parents):
            o = self.outcomes[k]
            style = "" if self.searched[k] else ", style=dashed"
            yield f'  n{k} [shape={shapes[o]}, color="{colors[o]}"{style}];\n'
            if p >= 0:
                name = cell_name(*board.row_col(self.cells[k]))
                yield f'  n{p} -> n{k} [label="{name}={self.digits[k]}"];\n'
        yield "}\n"

    def viewer_data(self) -> dict[str, Any]:
        """The compact form the interactive viewer draws: flat arrays, one entry per node."""
        return {
            "strategy": self.strategy,
            "box": [self.board.box_rows, self.board.box_cols],
            "givens": list(self.givens),
            "parents": list(self.parents),
            "cells": list(self.cells),
            "digits": list(self.digits),
            "outcomes": list(self.outcomes),
            "searched": list(self.searched),
            "fills": {str(k): [list(p) for p in v] for k, v in self.fills.items()},
            "counts": self.counts,
            "complete": self.complete,
            "reason": self.reason,
            "stopped": list(self.stopped),
        }

    def ending(self) -> str:
        """How the search ended, in words: its solutions, or where it stopped.

        >>> from sudoku_models import trace
        >>> trace(".1.....4....34..", backend="naive", max_nodes=3).ending()
        'stopped at the node cap before any solution'
        """
        found = self.counts["solutions"]
        if self.complete:
            return f"{found} solution(s)"
        before = f"after {found} solution(s)" if found else "before any solution"
        return f"stopped at the {self.reason or 'limit'} {before}"

    def __repr__(self) -> str:
        c = self.counts
        return (
            f"SearchTree(strategy={self.strategy!r}, nodes={c['nodes']}, "
            f"backtracks={c['backtracks']}, solutions={c['solutions']}, "
            f"complete={self.complete})"
        )

    def _repr_html_(self) -> str:
        return self.to_svg()
