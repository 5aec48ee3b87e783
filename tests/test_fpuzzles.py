"""f-puzzles in and out: the LZ-string codec, reading every rule key, writing links that read
back to the same model, and clear errors for what cannot be read."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import sudoku_models as sm
from sudoku_models import fpuzzles
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.fpuzzles.lz import compress_to_base64, decompress_from_base64
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal, KillerCage, Thermometer

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = [json.loads(line) for line in SAMPLE.read_text().splitlines()]


def solution_of(entry: dict) -> tuple[int, ...]:
    sol = entry["solution"]
    return tuple(int(ch) for ch in sol) if isinstance(sol, str) else tuple(sol)


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_the_load_text_decodes_to_the_published_object(entry: dict) -> None:
    assert json.loads(decompress_from_base64(entry["fpuzzles_lz"])) == entry["fpuzzles"]


def test_compression_round_trips_any_text() -> None:
    rng = random.Random(7)
    alphabet = 'abc{}[]":,0123456789 éü€' + chr(0x1F600)
    for length in (0, 1, 2, 5, 50, 500):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        assert decompress_from_base64(compress_to_base64(text)) == text


def test_compression_matches_the_reference_library() -> None:
    lzstring = pytest.importorskip("lzstring")
    reference = lzstring.LZString()
    for entry in PUZZLES:
        text = json.dumps(entry["fpuzzles"], separators=(",", ":"))
        ours = compress_to_base64(text)
        assert ours == reference.compressToBase64(text)
        assert reference.decompressFromBase64(ours) == text


def test_bad_compressed_text_is_an_error() -> None:
    with pytest.raises(ValueError):
        decompress_from_base64("N4Ig!!")
    with pytest.raises(InvalidPuzzleError, match="not an f-puzzles link"):
        fpuzzles.read("https://www.f-puzzles.com/?load=N4I")


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_every_form_reads_to_one_model_that_the_solution_satisfies(entry: dict) -> None:
    link = fpuzzles.LINK_PREFIX + entry["fpuzzles_lz"]
    model = fpuzzles.read(link)
    assert model == fpuzzles.read(entry["fpuzzles_lz"])
    assert model == fpuzzles.read(json.dumps(entry["fpuzzles"]))
    assert model == fpuzzles.read(entry["fpuzzles"])
    assert model.n == entry["size"]
    assert model.is_solution(solution_of(entry))
    keys = {v.key for v in model.variants}
    assert keys >= set(entry["constraints"]) - {"region"}


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_written_links_read_back_to_the_same_model(entry: dict) -> None:
    model = fpuzzles.read(entry["fpuzzles"])
    link = fpuzzles.to_link(model, title=entry["title"])
    again = fpuzzles.read(link)
    assert again == model
    assert again.variants == model.variants
    data = fpuzzles.decode(link)
    assert data["title"] == entry["title"]
    assert data["size"] == entry["size"]


def test_a_plain_puzzle_writes_a_plain_object() -> None:
    puzzle = Puzzle.parse(".1.....4....34..")
    data = fpuzzles.to_fpuzzles(puzzle)
    assert data["size"] == 4 and data["grid"][0][1] == {"value": 1, "given": True}
    assert fpuzzles.read(data) == Model.from_puzzle(puzzle)


def test_rules_built_in_python_write_and_read_back() -> None:
    rules = [
        Diagonal(True),
        KillerCage(((0, 0), (0, 1)), 3),
        KillerCage(((2, 2), (3, 3))),
        Thermometer(((3, 0), (2, 0))),
    ]
    model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=rules)
    data = fpuzzles.to_fpuzzles(model)
    assert data["diagonal+"] is True
    assert data["killercage"] == [
        {"cells": ["R1C1", "R1C2"], "value": "3"},
        {"cells": ["R3C3", "R4C4"]},
    ]
    assert data["thermometer"] == [{"lines": [["R4C1", "R3C1"]]}]
    assert fpuzzles.read(fpuzzles.to_json(model)) == model


def _empty(n: int, **keys: object) -> dict:
    return {"size": n, "grid": [[{} for _ in range(n)] for _ in range(n)], **keys}


def test_unknown_keys_are_named() -> None:
    with pytest.raises(InvalidPuzzleError, match=r"unsupported f-puzzles constraint.*doublearrow"):
        fpuzzles.read(_empty(4, doublearrow=[{"lines": [["R1C1", "R1C2"]]}]))


def test_cosmetic_keys_are_ignored() -> None:
    data = _empty(
        4,
        line=[{"lines": [["R1C1", "R1C2"]]}],
        text=[{"cells": ["R1C1"], "value": "hi"}],
        cage=[{"cells": ["R1C1", "R1C2"]}],
        highlightConflicts=True,
    )
    assert fpuzzles.read(data) == Model.from_puzzle(Puzzle.empty((2, 2)))


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"killercage": [{"cells": ["R1C1", "R1C2"], "value": "9"}]}, "add up to 9"),
        ({"killercage": [{"cells": ["R1C1", "R1C5"], "value": "3"}]}, "r1c5 is outside"),
        ({"arrow": [{"cells": [], "lines": [["R1C1", "R1C2"]]}]}, "no circle"),
        ({"thermometer": [{"lines": [["R1C1", "X"]]}]}, "not a cell name"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]}, "neither X nor V"),
        ({"killercage": [{"cells": ["R1C1"], "value": "ten"}]}, "not a number"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "UP", "value": "3"}]}, "direction"),
        ({"arrow": [{"cells": ["R1C1"]}]}, "malformed"),
        ({"cage": [{"cells": ["R1C1", "R1C2"], "value": "3"}]}, "killercage"),
    ],
)
def test_bad_entries_name_the_rule_and_cells(keys: dict, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        fpuzzles.read(_empty(4, **keys))


def test_regions_are_checked() -> None:
    data = _empty(4)
    data["grid"][0][0]["region"] = 3
    with pytest.raises(InvalidPuzzleError, match=r"region 1 has 3 cells.*r1c2 r2c1 r2c2"):
        fpuzzles.read(data)
    data = _empty(4)
    for r, c, k in ((0, 1, 2), (2, 0, 0)):  # swap two cells between regions 1 and 3
        data["grid"][r][c]["region"] = k
    with pytest.raises(InvalidPuzzleError, match="region 3 is not connected: r1c2 r3c2"):
        fpuzzles.read(data)


def test_bad_objects_are_errors() -> None:
    with pytest.raises(InvalidPuzzleError, match="integer 'size'"):
        fpuzzles.read({"grid": []})
    with pytest.raises(InvalidPuzzleError, match="4 rows of 4 cells"):
        fpuzzles.read({"size": 4, "grid": [[{}] * 4] * 3})
    with pytest.raises(InvalidPuzzleError, match="not valid JSON"):
        fpuzzles.read("{size: 4")
    bad = _empty(4)
    bad["grid"][1][2] = {"value": 7, "given": True}
    with pytest.raises(InvalidPuzzleError, match=r"row 2, column 3"):
        fpuzzles.read(bad)


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_models_draw_every_rule_as_svg(entry: dict) -> None:
    import xml.etree.ElementTree as ET

    model = fpuzzles.read(entry["fpuzzles"])
    svg = model.to_svg(solution_of(entry), cell_size=30)
    root = ET.fromstring(svg)
    drawn = len(root)
    plain = len(ET.fromstring(Model.from_puzzle(model.puzzle).to_svg(solution_of(entry), 30)))
    assert drawn >= plain + len(model.variants) - sum(
        1
        for v in model.variants
        if v.key in ("nonconsecutive", "antiknight", "antiking", "negative", "disjointgroups")
    )
    assert model._repr_html_().startswith("<svg")
    outside = any(v.outside for v in model.variants)
    assert root.get("viewBox", "").startswith("-32" if outside else "-2")


def test_keys_outside_the_sample_read_and_write_back() -> None:
    data = _empty(
        9,
        extraregion=[{"cells": ["R2C2", "R2C3", "R3C2", "R3C3"]}],
        rowindexer=[{"cells": [f"R5C{c}" for c in range(1, 10)]}],
        boxindexer=[{"cells": ["R1C1", "R1C2"]}],
        slowthermometer=[{"lines": [["R9C1", "R9C2"]]}],
        entropicline=[{"lines": [["R7C1", "R7C2", "R7C3"]]}],
        zipperline=[{"lines": [["R8C4", "R8C5", "R8C6"]]}],
        regionsumline=[{"lines": [["R2C3", "R1C3", "R1C4"]]}],
        skyscraper=[{"cell": "R0C9", "value": "3"}],
        xsum=[{"cell": "R6C10", "value": "20"}],
        whispers=[{"lines": [["R4C4", "R4C5"]], "value": "4"}],
        difference=[{"cells": ["R6C6", "R6C7"]}],
    )
    model = fpuzzles.read(data)
    keys = {v.key for v in model.variants}
    assert keys == set(data) - {"size", "grid"}
    assert fpuzzles.read(fpuzzles.to_link(model)) == model
    sat, cpsat = (sm.solve(model, backend=b, limit=2).status for b in ("sat", "cpsat"))
    assert sat == cpsat == sm.Status.MULTIPLE
