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
from sudoku_models.formats.lz import compress_to_base64, decompress_from_base64
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants import Diagonal, Jigsaw, KillerCage, ModularLine, Thermometer

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


def test_harmless_keys_and_shapes_are_read() -> None:
    data = _empty(
        4,
        successMessage="Well done!",
        source="a book",
        msgcorrect="Right!",
        msgincorrect="Not yet.",
        cage=[{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1"], "value": "A"}],
        arrow=[{"cells": ["R1C1"], "lines": []}, {"cells": ["R2C2"]}],
    )
    assert fpuzzles.read(data) == Model.from_puzzle(Puzzle.empty((2, 2)))


def test_a_modular_line_is_read() -> None:
    line = ["R1C1", "R1C2", "R1C3"]
    model = fpuzzles.read(_empty(9, modularline=[{"lines": [line]}, {"lines": [line], "value": 2}]))
    cells = ((0, 0), (0, 1), (0, 2))
    assert model.variants == (ModularLine(cells, 3), ModularLine(cells, 2))
    with pytest.raises(InvalidPuzzleError, match="f-puzzles has no key for a modular line"):
        fpuzzles.to_link(model)  # f-puzzles and SudokuPad draw no such key: never written


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
        ({"killercage": [{"cells": ["R1C1", "R1C5"], "value": "3"}]}, "R1C5 is outside"),
        ({"arrow": [{"cells": [], "lines": [["R1C1", "R1C2"]]}]}, "'arrow' entry 1: .*non-empty"),
        ({"thermometer": [{"lines": [["R1C1", "X"]]}]}, "not a cell name"),
        ({"xv": [{"cells": ["R1C1", "R1C2"], "value": "Q"}]}, "'Q' is not one of X, V"),
        ({"killercage": [{"cells": ["R1C1"], "value": "ten"}]}, "'ten' is not a whole number"),
        ({"littlekillersum": [{"cell": "R0C1", "direction": "UP", "value": "3"}]}, "direction"),
        ({"arrow": [{"cells": ["R1C1"], "lines": [[]]}]}, "'arrow' entry 1: .*non-empty"),
        ({"arrow": [{"cells": ["R1C1"], "lines": "R1C2"}]}, "'lines' must be a non-empty list"),
        ({"modularline": [{"lines": [["R1C1", "R1C2"]], "value": 9}]}, "modulus 9 is outside"),
    ],
)
def test_bad_entries_name_the_rule_and_cells(keys: dict, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=message):
        fpuzzles.read(_empty(4, **keys))


@pytest.mark.parametrize(("cells", "total"), [(["R1C1"], "12"), (["R1C1", "R1C2"], "9")])
def test_a_number_that_is_no_sum_is_a_label_said_in_a_warning(cells: list, total: str) -> None:
    data = _empty(4, killercage=[{"cells": cells, "value": total}])
    assert fpuzzles.read(data).variants == (KillerCage(tuple((0, c) for c in range(len(cells)))),)
    (warning,) = sm.read(json.dumps(data)).warnings
    assert warning.startswith(f"killer cage {total}: r1c1") and "read as a label" in warning


def test_regions_are_checked() -> None:
    data = _empty(4)
    data["grid"][0][0]["region"] = 3
    with pytest.raises(InvalidPuzzleError, match=r"region 1 has 3 cells.*r1c2 r2c1 r2c2"):
        fpuzzles.read(data)


def test_a_region_need_not_be_connected() -> None:
    data = _empty(4)
    for r, c, k in ((0, 1, 2), (2, 0, 0)):  # swap two cells between regions 1 and 3
        data["grid"][r][c]["region"] = k
    model = fpuzzles.read(data)
    (jigsaw,) = model.variants
    assert isinstance(jigsaw, Jigsaw)
    assert (0, 1) in jigsaw.regions[2] and (2, 0) in jigsaw.regions[0]
    solution = sm.get_solver("backtracking").solve(model).solution
    assert solution is not None
    for region in jigsaw.regions:
        digits = sorted(solution.cells[model.board.cell(r, c)] for r, c in region)
        assert digits == [1, 2, 3, 4]


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


E4 = _empty(4)


@pytest.mark.parametrize("on", [True, 1, "true", " True "])
def test_a_flag_written_as_1_or_text_is_on(on: object) -> None:
    # 1 and "true" were once dropped, and the puzzle solved without its diagonal: 288, not 48.
    model = fpuzzles.read(_empty(4, **{"diagonal+": on}))
    assert [v.key for v in model.variants] == ["diagonal+"]
    assert sm.count_solutions(model, limit=0) == 48


@pytest.mark.parametrize("off", [False, 0, "false", None])
def test_a_flag_written_as_0_or_false_is_off(off: object) -> None:
    assert fpuzzles.read(_empty(4, antiknight=off)).variants == ()


@pytest.mark.parametrize("bad", [2, -1, 1.0, "1", "yes", "", {}, [], [True]])
def test_any_other_flag_value_is_an_error_naming_the_key(bad: object) -> None:
    with pytest.raises(InvalidPuzzleError, match=r"f-puzzles 'nonconsecutive': expected true or"):
        fpuzzles.read(_empty(4, nonconsecutive=bad))


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("ratio", "0", r"'ratio' entry 1: black dot value 0 is outside 2\.\.4"),
        ("ratio", 1, "outside 2..4"),
        ("ratio", "5", "outside 2..4"),
        ("difference", "0", r"'difference' entry 1: white dot value 0 is outside 1\.\.3"),
        ("difference", "-3", "white dot value -3 is outside"),
        ("difference", "1.5", "not a whole number"),
        ("difference", True, "not a whole number"),
    ],
)
def test_dot_values_out_of_range_are_errors_never_the_default(key, value, message) -> None:
    dot = {"cells": ["R1C1", "R1C2"], "value": value}
    with pytest.raises(InvalidPuzzleError, match=message):
        fpuzzles.read(_empty(4, **{key: [dot]}))


def test_a_dot_without_a_value_is_the_default_dot() -> None:
    for value in ({}, {"value": ""}, {"value": None}):
        read = fpuzzles.read(_empty(4, ratio=[{"cells": ["R1C1", "R1C2"], **value}]))
        assert [(v.key, v.value) for v in read.variants] == [("ratio", 2)]
    read = fpuzzles.read(_empty(4, difference=[{"cells": ["R1C1", "R1C2"], "value": "3"}]))
    assert [(v.key, v.value) for v in read.variants] == [("difference", 3)]


@pytest.mark.parametrize(
    ("clue", "message"),
    [("R2C2", "R2C2 is inside the grid"), ("R0C7", "not beside"), ("R9C9", "not beside")],
)
def test_an_outside_clue_must_stand_beside_the_grid(clue: str, message: str) -> None:
    little = {"cell": clue, "direction": "DR", "value": "5"}
    with pytest.raises(InvalidPuzzleError, match=f"'littlekillersum' entry 1: .*{message}"):
        fpuzzles.read(_empty(4, littlekillersum=[little]))
    with pytest.raises(InvalidPuzzleError, match=f"'sandwichsum' entry 1: .*{message}"):
        fpuzzles.read(_empty(4, sandwichsum=[{"cell": clue, "value": "5"}]))


@pytest.mark.parametrize(
    ("keys", "message"),
    [
        ({"killercage": {"cells": ["R1C1"]}}, "'killercage': expected a list of entries"),
        ({"killercage": ["R1C1"]}, "'killercage' entry 1: expected an object"),
        ({"killercage": [{"cells": "R1C1"}]}, "non-empty list of cell names"),
        ({"killercage": [{"cells": []}]}, "non-empty list of cell names"),
        ({"killercage": [{"cells": [11]}]}, "11 is not a cell name"),
        ({"killercage": [{"cells": ["R1C1"], "value": [3]}]}, "total a list is not a whole"),
        ({"thermometer": [{"lines": []}]}, "'lines' must be a non-empty list"),
        ({"thermometer": [{"lines": [[]]}]}, "non-empty list of cell names"),
        ({"odd": [{"cell": "R5C1"}]}, "R5C1 is outside the 4x4 grid"),
        ({"odd": [{}]}, "the entry has no 'cell'"),
        ({"xv": [{"cells": ["R1C1", "R1C2"]}]}, "xv mark None is not one of X, V"),
        ({"sandwichsum": [{"cell": "R0C1", "value": "abc"}]}, "'abc' is not a whole number"),
        ({"sandwichsum": [{"cell": "R0C1"}]}, "the entry has no 'value'"),
        ({"littlekillersum": [{"cell": "R0C0", "direction": 3, "value": "5"}]}, "direction 3"),
        ({"quadruple": [{"cells": ["R1C1", "R1C2"], "values": [1]}]}, "touches 4 cells"),
        ({"quadruple": [{"cells": ["R1C1"] * 4, "values": [1, 9]}]}, "digit 9 is outside"),
        ({"quadruple": [{"cells": ["R1C1"] * 4, "values": "12"}]}, "list of digits"),
        ({"whispers": [{"lines": [["R1C1", "R1C2"]], "value": "0"}]}, "gap 0 is outside"),
        ({"negative": ["ratio", "kropki"]}, "'negative' entry 2 kind 'kropki' is not one of RATIO"),
        ({"negative": "ratio"}, "expected a list of entries"),
        ({"clone": [{"cells": ["R1C1"]}]}, "no 'cloneCells'"),
        ({"cage": {"cells": ["R1C1"]}}, "'cage': expected a list of cages"),
    ],
)
def test_values_of_the_wrong_type_or_range_name_the_key_and_entry(keys: dict, message: str):
    with pytest.raises(InvalidPuzzleError, match=message):
        fpuzzles.read(_empty(4, **keys))


@pytest.mark.parametrize(
    "grid",
    [
        ["abcd", "efgh", "ijkl", "mnop"],  # once read as an empty grid
        [1, 2, 3, 4],  # once a TypeError
        [[{}, {}, {}, "x"], [{}] * 4, [{}] * 4, [{}] * 4],
        [[{}, {}, {}, None]] + [[{}] * 4] * 3,
    ],
)
def test_grid_cells_must_be_objects(grid: list) -> None:
    with pytest.raises(InvalidPuzzleError, match="grid"):
        fpuzzles.read({"size": 4, "grid": grid})


@pytest.mark.parametrize(
    ("cell", "message"),
    [
        ({"region": "a"}, r"region 'a' is not a whole number \(row 2, column 3\)"),
        ({"region": [1]}, r"region a list is not a whole number \(row 2, column 3\)"),
        ({"region": 4}, r"region 4 is outside 0\.\.3 \(row 2, column 3\)"),
        ({"value": "x", "given": True}, r"value 'x' is not a whole number \(row 2, column 3\)"),
        ({"value": True, "given": True}, r"value True is not a whole number"),
        ({"value": 2, "given": "yes"}, r"expected true or false, got 'yes' \(row 2, column 3\)"),
        (
            {"givenPencilMarks": [1, 7]},
            r"given pencil mark 7 is outside 1\.\.4 \(row 2, column 3\)",
        ),
        ({"givenPencilMarks": "12"}, r"\(row 2, column 3\)"),
        ({"parity": "odd?"}, r"parity 'odd\?' is not one of ODD, EVEN \(row 2, column 3\)"),
    ],
)
def test_bad_grid_cells_are_puzzle_errors_naming_row_and_column(cell: dict, message: str):
    data = _empty(4)
    data["grid"][1][2] = cell
    with pytest.raises(InvalidPuzzleError, match=message):
        fpuzzles.read(data)


def test_a_value_not_given_is_a_players_and_ignored() -> None:
    data = _empty(4)
    data["grid"][0][0] = {"value": 0}
    data["grid"][0][1] = {"value": 3, "given": False}
    assert fpuzzles.read(data).givens == (0,) * 16


def test_parity_marks_on_grid_cells_are_read_as_odd_and_even() -> None:
    data = _empty(4)
    data["grid"][0][0] = {"parity": "Even"}
    data["grid"][3][3] = {"parity": "odd"}
    model = fpuzzles.read(data)
    assert [(v.key, v.cell) for v in model.variants] == [("odd", (3, 3)), ("even", (0, 0))]
    assert fpuzzles.read(fpuzzles.to_link(model)).variants == model.variants


def test_huge_numbers_are_puzzle_errors_not_bare_value_errors() -> None:
    digits = "9" * 5000  # past Python's limit on the digits of an int read from text
    with pytest.raises(InvalidPuzzleError, match="not valid JSON"):
        fpuzzles.read('{"size": ' + digits + ', "grid": []}')
    with pytest.raises(InvalidPuzzleError, match="integer 'size'"):
        fpuzzles.read({"size": 10**5000, "grid": []})
    with pytest.raises(
        InvalidPuzzleError, match=r"total '9999.*' \(5002 characters\) is not a whole"
    ):
        fpuzzles.read(_empty(4, killercage=[{"cells": ["R1C1"], "value": digits}]))


def test_deeply_nested_json_is_a_puzzle_error() -> None:
    deep = '{"size": 4, "grid": ' + "[" * 100_000 + "]" * 100_000 + "}"
    with pytest.raises(InvalidPuzzleError, match="nested too deeply"):
        fpuzzles.read(deep)


def test_overlong_input_is_refused_before_it_is_decompressed(monkeypatch) -> None:
    with pytest.raises(InvalidPuzzleError, match="too long"):
        fpuzzles.read("N4Ig" + "A" * fpuzzles.MAX_COMPRESSED)
    with pytest.raises(InvalidPuzzleError, match="too long"):
        fpuzzles.read("{" + " " * fpuzzles.MAX_JSON + "}")
    # A short text that decompresses to much more stops once past the limit.
    monkeypatch.setattr(fpuzzles, "MAX_JSON", 1000)
    bomb = compress_to_base64('{"size":4,"title":"' + "a" * 20_000 + '"}')
    assert len(bomb) < 1000
    with pytest.raises(InvalidPuzzleError, match="more than 1000 characters"):
        fpuzzles.read(bomb)


def test_the_decompressor_stops_at_its_limit() -> None:
    text = "ab" * 5000
    packed = compress_to_base64(text)
    assert decompress_from_base64(packed, limit=len(text)) == text
    with pytest.raises(ValueError, match="more than 999"):
        decompress_from_base64(packed, limit=999)


def test_compressed_text_is_recognised_whatever_its_start() -> None:
    packed = compress_to_base64(json.dumps(E4 | {"diagonal+": True}, indent=1))
    assert not packed.startswith("N4Ig")
    assert fpuzzles.looks_compressed(packed)
    assert [v.key for v in fpuzzles.read(packed).variants] == ["diagonal+"]
    for plain in ("4.....8.5.3" * 7, "53007" * 16 + "0", "ABCDEFG" * 5):
        assert not fpuzzles.looks_compressed(plain)


def test_bad_sources_are_puzzle_errors() -> None:
    for source in (None, 5, ["N4Ig"], b"N4Ig"):
        with pytest.raises(InvalidPuzzleError):
            fpuzzles.read(source)  # type: ignore[arg-type]


def test_the_board_reads_compressed_text_and_json_pasted_alone() -> None:
    from sudoku_models.interactive.sources import read_rules

    data = E4 | {"diagonal+": True}
    packed = compress_to_base64(json.dumps(data, indent=1))
    assert [v.key for v in read_rules(packed).variants] == ["diagonal+"]
    assert [v.key for v in read_rules(json.dumps(data)).variants] == ["diagonal+"]
    assert read_rules("1234341221434321").puzzle.to_line() == "1234341221434321"
    with pytest.raises(InvalidPuzzleError, match="'diagonal-': expected true or false"):
        read_rules(json.dumps(E4 | {"diagonal-": "yes"}))
