"""SudokuPad links: every form that carries f-puzzles, scl/ctc payloads, links written back."""

from __future__ import annotations

import json
import urllib.parse
from pathlib import Path

import pytest

from sudoku_models import formats, fpuzzles
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.formats import sudokupad
from sudoku_models.fpuzzles.lz import compress_to_base64
from sudoku_models.solvers import get_solver
from sudoku_models.variants import Jigsaw, KillerCage

SAMPLE = Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl"
PUZZLES = [json.loads(line) for line in SAMPLE.read_text().splitlines()]

#: A 4x4 puzzle in SudokuPad's compact ``scl`` text (see ``data/sudokupad/README.md``).
SCL = (Path(__file__).parent / "data" / "sudokupad" / "tiny.scl").read_text().strip()


def _ctc(cells: list[list[dict[str, object]]], **more: object) -> dict[str, object]:
    n = len(cells)
    box = {4: (2, 2), 6: (2, 3), 9: (3, 3)}[n]
    regions: dict[int, list[list[int]]] = {}
    for r in range(n):
        for c in range(n):
            regions.setdefault(r // box[0] * (n // box[1]) + c // box[1], []).append([r, c])
    return {"cellSize": 50, "cells": cells, "regions": list(regions.values()), **more}


def _blank(n: int) -> list[list[dict[str, object]]]:
    return [[{} for _ in range(n)] for _ in range(n)]


@pytest.mark.parametrize("entry", PUZZLES[:4], ids=[p["id"] for p in PUZZLES[:4]])
@pytest.mark.parametrize(
    "form",
    [
        "https://sudokupad.app/fpuzzles{lz}",
        "https://sudokupad.app/fpuz{lz}",
        "https://sudokupad.app/sudoku/fpuzzles{lz}",
        "https://sudokupad.app/?puzzle=fpuzzles{quoted}",
        "https://sudokupad.app/?puzzleid=fpuzzles{quoted}",
        "https://app.crackingthecryptic.com/sudoku/fpuzzles{lz}",
        "https://app.crackingthecryptic.com/?puzzle=fpuzzles{quoted}",
        "  https://sudokupad.app/fpuzzles{lz}  ",
        "sudokupad.app/fpuzzles{lz}",
    ],
)
def test_every_fpuzzles_form_reads_exactly(entry: dict[str, object], form: str) -> None:
    lz = str(entry["fpuzzles_lz"])
    link = form.format(lz=lz, quoted=urllib.parse.quote(lz, safe=""))
    read = formats.read(link)
    assert read.format == "sudokupad"
    assert read.model == fpuzzles.read(lz)
    assert read.title == entry["title"]


def test_bare_payloads_read_like_links() -> None:
    lz = str(PUZZLES[0]["fpuzzles_lz"])
    assert formats.read("fpuz" + lz).model == fpuzzles.read(lz)
    assert formats.read("fpuz" + lz).format == "sudokupad"


def test_solution_of_a_link_matches_the_published_one() -> None:
    entry = PUZZLES[0]
    read = formats.read("https://sudokupad.app/fpuzzles" + str(entry["fpuzzles_lz"]))
    result = get_solver("sat").solve(read.model, limit=2)
    assert [list(g.cells) for g in result.solutions] == [
        [int(d) for row in entry["solution"] for d in row]  # type: ignore[attr-defined]
    ]


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["id"] for p in PUZZLES])
def test_written_link_reads_back(entry: dict[str, object]) -> None:
    model = fpuzzles.read(str(entry["fpuzzles_lz"]))
    link = sudokupad.write(model)
    assert link.startswith("https://sudokupad.app/fpuzzles")
    assert formats.read(link).model == model


def test_scl_payload_carries_givens_cages_and_metadata() -> None:
    read = formats.read("https://sudokupad.app/scl" + compress_to_base64(SCL))
    assert read.format == "sudokupad"
    assert read.title == "Tiny's test" and read.author == "Someone"
    assert read.rules is not None and "thermometer" in read.rules
    assert read.model.givens[:8] == (1, 0, 0, 0, 0, 0, 1, 0)
    assert read.model.variants == (KillerCage(((2, 0), (3, 0)), 6),)
    assert read.solution is not None and read.solution.to_line() == "1234341221434321"
    text = "\n".join(read.warnings)
    assert "cage without a sum drawn only" in text
    assert "grey line drawn only" in text and "'X'" in text
    assert "thermometer rule, but the puzzle carries none" in text
    assert read.model.warnings == read.warnings
    assert read.model.solution == read.solution.cells


def test_ctc_payload_and_bare_payload() -> None:
    cells = _blank(4)
    cells[0][0] = {"value": 2}
    data = _ctc(cells, cages=[{"cells": [[0, 1], [0, 2]], "value": "7"}])
    payload = "ctc" + compress_to_base64(json.dumps(data))
    for text in (payload, "https://sudokupad.app/" + payload):
        read = formats.read(text)
        assert read.model.givens[0] == 2
        assert read.model.variants == (KillerCage(((0, 1), (0, 2)), 7),)
        assert read.warnings == ()


def test_a_sum_cage_whose_digits_may_repeat_is_reported_not_read() -> None:
    data = _ctc(_blank(4), cages=[{"cells": [[0, 0], [1, 1]], "value": 4, "unique": False}])
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.model.variants == ()
    assert any("may repeat" in w for w in read.warnings)


def test_irregular_regions_become_a_jigsaw() -> None:
    data = _ctc(_blank(4))
    data["regions"] = [
        [[0, 0], [0, 1], [0, 2], [1, 0]],
        [[0, 3], [1, 1], [1, 2], [1, 3]],
        [[2, 0], [2, 1], [3, 0], [3, 1]],
        [[2, 2], [2, 3], [3, 2], [3, 3]],
    ]
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert isinstance(read.model.variants[0], Jigsaw)


@pytest.mark.parametrize(
    ("link", "error", "words"),
    [
        ("https://sudokupad.app/RPBnQFRLR8", InvalidPuzzleError, "stored puzzle 'RPBnQFRLR8'"),
        ("https://sudokupad.app/blobz/hippo-birdie", InvalidPuzzleError, "stored puzzle"),
        ("https://sudokupad.app/bcurd4y01m?setting-nogrid=1", InvalidPuzzleError, "stored"),
        ("https://sudokupad.app/", InvalidPuzzleError, "carries no puzzle"),
        ("https://sudokupad.app/fpuzzles!!!", InvalidPuzzleError, "f-puzzles"),
        ("https://sudokupad.app/sclN4Ig%%%", InvalidPuzzleError, "scl"),
        ("https://sudokupad.app/scl" + compress_to_base64("{ce:[1,2"), InvalidPuzzleError, "JSON"),
        ("https://sudokupad.app/?puzzle=", InvalidPuzzleError, "puzzle= parameter is empty"),
        ("https://sudokupad.app/scfoooooooooooook", UnsupportedModelError, "'scf'"),
        (
            "ctc" + compress_to_base64(json.dumps({"cells": [[{}] * 4] * 3})),
            UnsupportedModelError,
            "not square",
        ),
        (
            "ctc"
            + compress_to_base64(json.dumps(_ctc([[{"value": 7}] + [{}] * 3] + [[{}] * 4] * 3))),
            InvalidPuzzleError,
            "row 1, column 1",
        ),
    ],
)
def test_bad_links_give_one_clear_error(link: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error) as caught:
        formats.read(link)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)
