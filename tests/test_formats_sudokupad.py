"""SudokuPad links: every form that carries f-puzzles, scl/ctc payloads, links written back."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Callable
from pathlib import Path

import pytest

from sudoku_models import formats, fpuzzles
from sudoku_models.errors import InvalidPuzzleError, UnsupportedModelError
from sudoku_models.formats import sudokupad
from sudoku_models.formats.lz import compress_to_base64
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.variants import AntiKnight, Jigsaw, KillerCage

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


def _extending_codes(count: int) -> str:
    """LZ-string base64 text of one character then ``count`` codes that each name the phrase
    being made (the last one plus its first unit): ``count`` codes stand for about
    ``count**2 / 2`` characters."""
    bits: list[int] = []

    def put(number: int, width: int) -> None:
        bits.extend((number >> k) & 1 for k in range(width))

    put(0, 2)
    put(ord("a"), 8)
    phrases, width, room = 4, 3, 4
    for _ in range(count):
        put(phrases, width)
        phrases += 1
        room -= 1
        if room == 0:
            room, width = 1 << width, width + 1
    bits += [0] * (-len(bits) % 6)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    return "".join(
        alphabet[int("".join(map(str, bits[k : k + 6])), 2)] for k in range(0, len(bits), 6)
    )


@pytest.mark.parametrize("kind", ["scl", "ctc", "fpuzzles"])
def test_a_short_payload_that_decompresses_to_gigabytes_is_refused_small(
    cli_peak: Callable[..., tuple[int, str, float, float]], kind: str
) -> None:
    bomb = _extending_codes(11_000)  # about 60 million characters when decoded whole
    assert len(bomb) < 25_000
    code, err, grown, _ = cli_peak("solve", "https://sudokupad.app/" + kind + bomb)
    assert code == 2
    assert err.count("\n") == 1 and "more than 2000000 characters" in err
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def test_a_huge_scl_grid_is_refused_before_it_is_built(
    cli_peak: Callable[..., tuple[int, str, float, float]],
) -> None:
    huge = (Path(__file__).parent / "data" / "sudokupad" / "grid3000.scl.lz").read_text().strip()
    code, err, grown, _ = cli_peak("solve", "https://sudokupad.app/scl" + huge)
    assert code == 2 and err.count("\n") == 1
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"
    # A grid within the length limit is refused by its side, read from the text.
    side = 1000
    text = "{ce:[" + ",".join("[" + "," * (side - 1) + "]" for _ in range(side)) + "]}"
    code, err, grown, _ = cli_peak("solve", "https://sudokupad.app/scl" + compress_to_base64(text))
    assert code == 2 and err.count("\n") == 1 and "larger than 35x35" in err
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def test_a_side_past_the_largest_board_is_refused_but_the_largest_is_read() -> None:
    with pytest.raises(UnsupportedModelError, match="larger than 35x35"):
        formats.read("ctc" + compress_to_base64(json.dumps({"cells": _blank(36)})))
    cages = [{"cells": [[r, c] for r in range(4) for c in range(4)] * 3, "value": "title: t"}]
    data = _ctc(_blank(4), cages=cages)  # a cage listing 48 cells is no grid
    assert formats.read("ctc" + compress_to_base64(json.dumps(data))).title == "t"


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ("[" * 210_000 + "]" * 210_000, "objects and lists"),
        ('{"cells":' + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
        ("{ce:" + "[" * 5000 + "]" * 5000 + "}", "nested too deeply"),
        ('{"cells": [[{"value": 1' + "0" * 5000 + "}]]}", "not valid JSON"),
    ],
)
def test_deep_or_wide_data_is_one_clear_error(payload: str, words: str) -> None:
    kind = "scl" if payload.startswith("{ce") else "ctc"
    with pytest.raises(InvalidPuzzleError) as caught:
        formats.read(kind + compress_to_base64(payload))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def _scl(text: str) -> str:
    return "scl" + compress_to_base64(text)


_BOXES_4 = (
    "re:[[[0,0],[0,1],[1,0],[1,1]],[[0,2],[0,3],[1,2],[1,3]],"
    "[[2,0],[2,1],[3,0],[3,1]],[[2,2],[2,3],[3,2],[3,3]]]"
)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("{ce:[[1,,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + "}", "cell is an object"),
        ('{ce:[["5",,,],[,,,],[,,,],[,,,]],' + _BOXES_4 + "}", "cell is an object"),
        ("{ce:[[,,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + ",l:{wp:[[0,0],[1,1]]}}", "'lines'"),
        ("{ce:[[,,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + ",ca:[7]}", "'cages' entry 1"),
        ("{ce:[[,,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + ",ca:{ce:[[0,0]]}}", "'cages'"),
        ("{ce:[[{v:'²'},,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + "}", "row 1, column 1"),
        ("{ce:[[,,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + ",metaData:{antiknight:2}}", "antiknight"),
        ("{ce:[[,,,],[,,,],[,,,],[,,,]],re:{a:1}}", "'regions'"),
    ],
)
def test_a_value_of_the_wrong_shape_is_refused_not_dropped(text: str, words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        formats.read(_scl(text))
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize("on", [True, 1, "true", "TRUE"])
def test_metadata_flags_are_read_as_f_puzzles_reads_them(on: object) -> None:
    data = _ctc(_blank(4), metaData={"antiknight": on, "antiking": "false"})
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert [v.key for v in read.model.variants] == ["antiknight"]


def test_regions_over_part_of_the_grid_are_read_and_said() -> None:
    cells = _blank(6)
    cells[2][0] = cells[3][1] = {"value": 1}  # twice in the 2x3 box below the first
    data = _ctc(cells)
    data["regions"] = data["regions"][:1]  # only the first box is a region
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    (jigsaw,) = read.model.variants
    assert isinstance(jigsaw, Jigsaw) and len(jigsaw.regions) == 1
    assert any("cover 6 of the 36 cells" in w for w in read.warnings)
    assert get_solver("sat").count_solutions(read.model, limit=1) == 1
    data["regions"] = _ctc(cells)["regions"]  # the usual boxes forbid it
    boxed = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert get_solver("sat").count_solutions(boxed.model, limit=1) == 0


@pytest.mark.parametrize("regions", [None, []])
def test_a_grid_with_no_regions_is_read_without_boxes(regions: object) -> None:
    data = _ctc(_blank(4))
    if regions is None:
        del data["regions"]
    else:
        data["regions"] = regions
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.model.variants == (Jigsaw(()),)
    assert any("no regions" in w for w in read.warnings)
    assert get_solver("sat").count_solutions(read.model, limit=1000) == 576  # 4x4 Latin squares


def test_a_grid_wider_than_its_regions_is_cut_to_the_sudoku() -> None:
    inner = _ctc(_blank(4), cages=[{"cells": [[0, 0], [0, 1]], "value": "3"}])
    cells = [[{} for _ in range(6)] for _ in range(6)]
    cells[0][3] = {"value": "7"}  # a clue above the sudoku
    cells[2][2] = {"value": "1"}  # r1c1 of the sudoku
    data = {
        "cells": cells,
        "regions": [[[r + 1, c + 2] for r, c in region] for region in inner["regions"]],
        "cages": [
            {"cells": [[1, 2], [1, 3]], "value": "3"},
            {"cells": [[0, 0], [0, 1]], "value": "5"},
            {"value": "title: framed"},
        ],
    }
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.model.board.n == 4 and read.title == "framed"
    assert read.model.givens[read.model.board.cell(1, 0)] == 1
    assert read.model.variants == (KillerCage(((0, 0), (0, 1)), 3),)
    text = "\n".join(read.warnings)
    assert "6x6 SudokuPad grid holds a 4x4 sudoku at row 2, column 3" in text
    assert "1 digit(s) around it are clues" in text and "1 cage(s) outside" in text


def test_a_ctc_payload_in_the_compact_syntax_is_read() -> None:
    text = "{ce:[[{v:3},,,],[,,,],[,,,],[,,,]]," + _BOXES_4 + "}"
    assert formats.read("ctc" + compress_to_base64(text)).model == formats.read(_scl(text)).model
    assert formats.read(_scl(text)).model.givens[0] == 3


@pytest.mark.parametrize("regions", [[[]], [[], []]])
def test_regions_that_hold_no_cell_are_said_not_an_internal_error(regions: object) -> None:
    read = formats.read("ctc" + compress_to_base64(json.dumps(_ctc(_blank(4), regions=regions))))
    assert any("cover 0 of the 16 cells" in w for w in read.warnings)


def test_metadata_about_the_page_is_no_warning() -> None:
    meta = {"source": "a book", "msgcorrect": "Well done!", "rules": "Normal sudoku rules apply."}
    cages = [{"value": "source: a book"}, {"value": "msgcorrect: Well done!"}]
    data = _ctc(_blank(4), metadata=meta, cages=cages)
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.warnings == () and read.rules == "Normal sudoku rules apply."
    data = _ctc(_blank(4), metadata={"mystery": 1})
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.warnings == ("SudokuPad metadata 'mystery' not read",)


@pytest.mark.parametrize(
    ("cells", "total"), [([[0, 0]], 12), ([[0, 0], [0, 1]], 1), ([[0, 0]], -3)]
)
def test_a_number_on_a_cage_that_is_no_sum_is_a_label(cells: list, total: int) -> None:
    data = _ctc(_blank(4), cages=[{"cells": cells, "value": total}])
    read = formats.read("ctc" + compress_to_base64(json.dumps(data)))
    assert read.model.variants == ()
    assert any(w.startswith(f"killer cage {total}: r1c1") and "label" in w for w in read.warnings)


def test_a_slip_inside_a_reader_is_refused_as_a_bug(monkeypatch: pytest.MonkeyPatch) -> None:
    def slip(text: str) -> None:
        raise StopIteration  # would end a caller's map() loop silently

    monkeypatch.setattr(sudokupad, "read", slip)
    with pytest.raises(InvalidPuzzleError, match=r"sudokupad reader failed .*StopIteration.*bug"):
        formats.read("https://sudokupad.app/ctcABC")


def _read(data: dict[str, object]):  # type: ignore[no-untyped-def]
    return formats.read("ctc" + compress_to_base64(json.dumps(data)))


def test_metadata_in_keys_of_its_own_is_read_not_warned() -> None:
    solution = "1234341221434321"
    page = {"source": "a book", "msgcorrect": "Right!", "msgincorrect": "Not yet."}
    data = _ctc(_blank(4), author="Someone", rules="Normal rules.", solution=solution, **page)
    read = _read(data)
    assert read.warnings == ()
    assert (read.author, read.rules) == ("Someone", "Normal rules.")
    assert read.solution == Puzzle.parse(solution)


def test_both_metadata_blocks_are_read() -> None:
    data = _ctc(
        _blank(4),
        metadata={"author": "Someone", "antiknight": True},
        metaData={"rules": "Normal rules.", "antiknight": True},
    )
    read = _read(data)
    assert (read.author, read.rules, read.warnings) == ("Someone", "Normal rules.", ())
    assert read.model.variants == (AntiKnight(),)


def test_drawings_of_a_framed_grid_are_measured_from_its_sudoku() -> None:
    cells = _blank(6)
    regions = [[[r + 1, c + 1] for r in rows for c in cols] for rows in ((0, 1), (2, 3))
               for cols in ((0, 1), (2, 3))]  # fmt: skip
    # a dot between r1c1 and r2c1 of the sudoku, a clue above its column 1
    dot = {"center": [2, 1.5], "width": 0.3, "rounded": True, "backgroundColor": "#000"}
    clue = {"center": [0.5, 1.5], "width": 0, "text": "7"}
    rules = "Black dots join digits where one is double the other."
    data = {"cells": cells, "regions": regions, "overlays": [dot, clue], "cages": [
        {"value": f"rules: {rules}"}]}  # fmt: skip
    read = _read(data)
    assert [v.describe() for v in read.model.variants] == ["black dot r1c1 r2c1"]
    assert "1 black text outside the grid drawn only, not read as rules (reading '7')" in (
        read.warnings
    )


def test_a_text_on_a_circle_on_a_corner_is_its_label() -> None:
    circle = {"center": [1, 1], "width": 0.6, "height": 0.6, "rounded": True,
              "backgroundColor": "#FFFFFF", "borderColor": "#000"}  # fmt: skip
    digits = {"center": [1, 1], "width": 0, "text": "12"}
    data = _ctc(_blank(4), overlays=[circle, digits], cages=[
        {"value": "rules: Quadruples: the digits in a circle appear in the four cells around it."}
    ])  # fmt: skip
    read = _read(data)
    assert [v.describe() for v in read.model.variants] == ["quadruple r1c1 r1c2 r2c1 r2c2"]
    assert read.model.variants[0].values == (1, 2)  # type: ignore[attr-defined]
