"""Every rule kind the package reads gets a line in words naming its cells."""

from __future__ import annotations

import dataclasses

import pytest

import sudoku_models.variants as v
from sudoku_models.arena.describe import WORDINGS, describe, rule_lines
from sudoku_models.board import cell_name
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants.base import Variant

#: A value for each field type the variant classes declare.
_SAMPLE = {
    "tuple[Cell, ...]": ((0, 0), (0, 1), (1, 1)),
    "Cell": (1, 2),
    "int": 3,
    "int | None": 3,
    "bool": True,
    "str": "DR",
    "tuple[int, ...]": (1, 2),
    "tuple[int, int]": (0, 1),
    "tuple[tuple[Cell, ...], ...]": (((0, 0), (0, 1)), ((1, 0), (1, 1))),
    "State": 0,
    "Callable[[Any, int], State | None]": lambda state, digit: state,
    "Callable[[Any], bool]": lambda state: True,
}

KINDS = [
    cls
    for cls in (getattr(v, name) for name in v.__all__)
    if isinstance(cls, type) and issubclass(cls, Variant) and cls is not Variant
]


def _sample(cls: type[Variant]) -> Variant:
    return cls(**{f.name: _SAMPLE[str(f.type)] for f in dataclasses.fields(cls)})


def test_the_kinds_are_many_and_the_wordings_name_real_kinds() -> None:
    assert len(KINDS) > 50
    assert set(WORDINGS) <= {cls.__name__ for cls in KINDS}


@pytest.mark.parametrize("cls", KINDS, ids=lambda cls: cls.__name__)
def test_every_kind_is_described_with_its_cells(cls: type[Variant]) -> None:
    rule = _sample(cls)
    line = describe(rule)
    assert line and "\n" not in line
    for r, c in rule.cells_used()[:2]:
        assert cell_name(r, c) in line
    if cls.__name__ not in WORDINGS:
        assert line.startswith(rule.name)


def test_common_kinds_read_as_players_say_them() -> None:
    assert describe(v.KillerCage(((0, 0), (0, 1), (1, 0)), 15)) == (
        "killer cage, sum 15: r1c1 r1c2 r2c1"
    )
    assert describe(v.Thermometer(((1, 2), (1, 3), (2, 3)))) == (
        "thermometer from r2c3: r2c3 r2c4 r3c4"
    )
    assert describe(v.AntiKnight()).startswith("anti-knight: two cells a knight's move apart")
    assert describe(v.GlobalEntropy()) == "global entropy (on the whole grid)"


def test_a_model_built_without_rules_lists_its_groups_and_cages() -> None:
    model = Model.from_puzzle(Puzzle.parse(".1.....4....34.."), [[0, 5, 10, 15]], [((0, 4), 6)])
    lines = rule_lines(model)
    assert lines[0] == "each row, column and 2x2 box holds the digits 1-4 once each"
    assert "different digits: r1c1 r2c2 r3c3 r4c4" in lines
    assert "killer cage, sum 6: r1c1 r2c1" in lines
