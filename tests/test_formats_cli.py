"""The commands read SudokuPad and ISS links and print the guard's warnings."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_models import formats
from sudoku_models.cli import EXIT_BAD_INPUT, main
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.formats import sudokupad
from sudoku_models.formats.lz import compress_to_base64

SCL = (Path(__file__).parent / "data" / "sudokupad" / "tiny.scl").read_text().strip()
ANTI_KNIGHT = (
    ".AntiKnight.~R1C2_3~R1C5_4~R1C6_1~R1C9_7~R2C4_5~R3C4_8~R3C6_9~R4C1_6~R4C8_7~R5C9_4~R6C2_4"
    "~R7C1_3~R8C5_6~R8C8_5~R9C2_6~R9C3_4~R9C4_3"
)
ANTI_KNIGHT_SOLUTION = (
    "536241897978536241421879635613485972789623514245917368357198426892764153164352789"
)


def _scl_link() -> str:
    return "https://sudokupad.app/scl" + compress_to_base64(SCL)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_an_iss_puzzle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", ANTI_KNIGHT, "-f", "line")
    assert code == 0 and err == ""
    assert out.split() == [ANTI_KNIGHT_SOLUTION, "unique"]


def test_solve_prints_the_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "solve", _scl_link())
    assert code == 0 and "not unique" in out
    lines = err.splitlines()
    assert all(line.startswith("sudoku-models: warning: ") for line in lines)
    assert any("thermometer rule, but the puzzle carries none" in line for line in lines)
    assert any("several solutions, but the file embeds one" in line for line in lines)


def test_json_carries_the_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "solve", _scl_link(), "-f", "json")
    assert any("cage without a sum drawn only" in w for w in json.loads(out)["warnings"])
    _, out, _ = run(capsys, "candidates", _scl_link(), "-f", "json")
    assert any("thermometer" in w for w in json.loads(out)["warnings"])
    _, out, _ = run(capsys, "solve", ANTI_KNIGHT, "-f", "json")
    assert "warnings" not in json.loads(out)


def test_count_prints_the_warnings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "count", _scl_link())
    assert code == 0 and out.strip() == "12"
    assert "several solutions, but the file embeds one" in err


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["solve", ".Doppelganger.~R1C1_3"], "Doppelganger"),
        (["solve", ".FullRank~C1~40~"], "FullRank 40 is outside 1..36"),
        (["count", ".Bogus~R1C1"], "unknown ISS constraint type(s): Bogus"),
        (["solve", "https://sudokupad.app/RPBnQFRLR8"], "stored puzzle"),
        (["candidates", "https://sudokupad.app/sclN4Ig%%%"], "scl"),
    ],
)
def test_bad_links_exit_2_with_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], words: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT
    assert len(err.strip().splitlines()) == 1 and words in err


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", ".LookAndSay~%1B]0;pwned%07~R1C1~R1C2"],
        ["solve", ".LookAndSay~12%0Asudoku-models: all is well~R1C1~R1C2"],
        ["count", ".Regex~1%0D%1B[2J~R1C1"],
        ["solve", "." * 16, "--backend", "no\x1b[2Jsuch"],
    ],
)
def test_control_characters_of_the_input_are_escaped_in_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == EXIT_BAD_INPUT
    assert err.count("\n") == 1 and err.endswith("\n")
    assert err.isprintable() or err[:-1].isprintable()
    assert "\\x1b" in err or "\\n" in err


def test_an_error_message_is_one_printable_line() -> None:
    error = InvalidPuzzleError("cage '\x1b]0;t\x07\n2'", 0, 1)
    assert str(error) == "cage '\\x1b]0;t\\x07\\n2' (row 1, column 2)"


def test_the_board_reads_the_same_links() -> None:
    from sudoku_models.interactive.sources import read_rules

    link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + ANTI_KNIGHT
    assert read_rules(link).variants == formats.read(ANTI_KNIGHT).model.variants
    assert read_rules(_scl_link()).givens[0] == 1


def test_the_api_reads_the_same_links() -> None:
    import sudoku_models as sm

    assert sm.count_solutions(ANTI_KNIGHT) == 1
    assert sm.solve(_scl_link(), limit=0).count == 12
    assert sm.is_unique("1...\n..4.\n.3..\n...2")


@pytest.mark.parametrize(
    "text",
    [
        _scl_link(),
        "ctc" + compress_to_base64(json.dumps(sudokupad.unzip(SCL))),
        json.dumps(sudokupad.unzip(SCL)),  # SudokuPad's own JSON, not packed
    ],
)
def test_one_door_for_every_caller(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    """The command line (argument, file, standard input), the board and the API read a text
    through the same format, the one :func:`formats.detect` names."""
    from sudoku_models import api
    from sudoku_models.interactive.sources import read_rules

    assert formats.detect(text) is sudokupad and formats.is_rich(text)
    model = formats.read(text).model
    assert read_rules(text) == model
    assert api._read(text) == model
    file = tmp_path / "puzzle.txt"
    file.write_text(text + "\n")
    outputs = [run(capsys, "count", source) for source in (text, str(file))]
    assert outputs[0] == outputs[1] and outputs[0][1].strip() == "12"
    rated = [run(capsys, "rate", source) for source in (text, str(file))]
    assert rated[0] == rated[1] and "stuck" in rated[0][1]


def test_a_file_of_plain_puzzles_is_no_rich_text(tmp_path: Path) -> None:
    assert formats.detect("1..." * 4) is formats.plain and not formats.is_rich("1..." * 4)
    assert formats.detect("hello") is None
    packed = compress_to_base64(json.dumps({"size": 4, "grid": [[{}] * 4] * 4}, indent=1))
    assert formats.detect(packed) is formats.fpuzzles


def test_an_iss_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    file = tmp_path / "puzzle.iss"
    file.write_text(ANTI_KNIGHT.replace(".~", "\n.~") + "\n")
    code, out, _ = run(capsys, "solve", str(file), "-f", "line")
    assert code == 0 and out.split() == [ANTI_KNIGHT_SOLUTION, "unique"]


CLASSIC_ISS = (
    ".~R1C1_8~R2C3_3~R2C4_6~R3C2_7~R3C5_9~R3C7_2~R4C2_5~R4C6_7~R5C5_4~R5C6_5~R5C7_7~R6C4_1"
    "~R6C8_3~R7C3_1~R7C8_6~R7C9_8~R8C3_8~R8C4_5~R8C8_1~R9C2_9~R9C7_4"
)


@pytest.mark.parametrize("command", ["hint", "rate"])
def test_hint_and_rate_read_every_format(capsys: pytest.CaptureFixture[str], command: str) -> None:
    plain = formats.read(CLASSIC_ISS).model.puzzle.to_line()
    links = [CLASSIC_ISS, formats.iss.to_link(formats.read(CLASSIC_ISS).model)]
    links.append(formats.sudokupad.write(formats.read(CLASSIC_ISS).model))
    code, expected, _ = run(capsys, command, plain)
    assert code == 0 and expected.strip()
    for link in links:
        assert run(capsys, command, link) == (0, expected, "")


def test_hint_and_rate_take_variant_rules_of_any_format_to_the_logical_solver(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rate", ANTI_KNIGHT, "--format", "json")
    rating = json.loads(out)
    assert code == 0 and rating["status"] == "solved" and rating["trials"] == 0
    code, out, _ = run(capsys, "hint", ANTI_KNIGHT, "--format", "json")
    step = json.loads(out)
    assert code == 0 and step["placements"]
    ((cell, digit),) = step["placements"]
    r, c = int(cell[1]) - 1, int(cell[3]) - 1
    assert int(ANTI_KNIGHT_SOLUTION[9 * r + c]) == digit  # the hint places the solution's digit


def test_the_time_limit_covers_reading(capsys: pytest.CaptureFixture[str]) -> None:
    # The token is the base64 of (.?){120}: the compiler refuses it, but only after a while.
    slow = ".Regex~KC4_KXsxMjB9~R1C1~R1C2~R1C3"
    code, out, err = run(capsys, "solve", slow, "--time-limit", "0.01")
    assert code == EXIT_BAD_INPUT and out == ""
    assert (
        err
        == "sudoku-models: error: reading the puzzle took longer than the time limit of 0.01 s\n"
    )
    code, out, _ = run(capsys, "solve", ANTI_KNIGHT, "--time-limit", "30", "-f", "line")
    assert code == 0 and out.split() == [ANTI_KNIGHT_SOLUTION, "unique"]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (".Regex~²~R1C1~R1C2", "Regex pattern '²': only ASCII characters"),
        (".Regex~MXs5OTk5OTl9~R1C1~R1C2", "the count 999999 is too large at position 3"),
        (".Cage~" + "9" * 5000 + "~R1C1~R1C2", "Cage"),
        ('{"size": 4, "grid": [[{"value": 1' + "0" * 5000 + ', "given": true}]]}', "JSON"),
    ],
)
def test_odd_digits_and_huge_numbers_are_puzzle_errors(text: str, words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        formats.read(text)
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_read_names_each_cage_with_its_sum_and_says_how_to_see_every_rule(
    capsys: pytest.CaptureFixture[str],
) -> None:
    cages = [{"cells": [f"R{r}C1", f"R{r}C2"], "value": str(r + 2)} for r in range(1, 10)]
    cages += [{"cells": [f"R{r}C4", f"R{r}C5"]} for r in range(1, 10)]
    data = {"size": 9, "grid": [[{} for _ in range(9)] for _ in range(9)], "killercage": cages}
    code, out, _ = run(capsys, "read", json.dumps(data))
    assert code == 0
    assert "  killer cage 3: r1c1 r1c2\n" in out and "  killer cage r9c4 r9c5\n" not in out
    assert "  ... and 6 more (--format json lists them all)\n" in out
    code, out, _ = run(capsys, "read", json.dumps(data), "--format", "json")
    keys = json.loads(out)["keys"]
    assert len(keys) == 18 and "killer cage r9c4 r9c5" in keys


def test_why_names_a_cage_by_its_sum(capsys: pytest.CaptureFixture[str]) -> None:
    grid = [[{} for _ in range(4)] for _ in range(4)]
    grid[0][0] = {"value": 3, "given": True}
    data = {"size": 4, "grid": grid, "killercage": [{"cells": ["R1C1", "R2C1"], "value": "3"}]}
    code, out, _ = run(capsys, "why", json.dumps(data))
    assert code == 1 and "  - killer cage 3: r1c1 r2c1\n" in out


@pytest.mark.parametrize(
    ("name", "text", "words"),
    [
        ("deep.json", "[" * 1000 + "]" * 1000, "square number of cells"),
        ("deeper.json", '{"a":' * 100_000 + "1" + "}" * 100_000, "nested too deeply"),
        ("deep.txt", "[" * 100_000 + "]" * 100_000, "too long"),
        ("bad.scl", "{ce:[[{v:'²'},,,],[,,,],[,,,],[,,,]]}", "row 1, column 1"),
        ("cells.json", '{"cells": 5}', "'cells'"),
        ("wide.json", '{"cells": [[{}, {}], [{}]]}', "not square"),
    ],
)
@pytest.mark.parametrize("command", ["solve", "read"])
def test_every_refusal_of_a_file_names_it(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    command: str,
    name: str,
    text: str,
    words: str,
) -> None:
    path = tmp_path / name
    path.write_text(text)
    code, out, err = run(capsys, command, str(path))
    assert code == EXIT_BAD_INPUT and out == ""
    assert err.startswith(f"sudoku-models: error: {path}: ") and err.count("\n") == 1
    assert words in err


@pytest.mark.parametrize("form", ["text", "compressed", "link"])
def test_an_scl_file_reads_as_its_link_does(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, form: str
) -> None:
    text = {"text": SCL, "compressed": compress_to_base64(SCL), "link": _scl_link()}[form]
    path = tmp_path / "tiny.scl"
    path.write_text(text + "\n")
    code, out, _ = run(capsys, "read", str(path), "--format", "json")
    assert code == 0
    assert json.loads(out) == json.loads(run(capsys, "read", _scl_link(), "--format", "json")[1])
    assert formats.read(text).model == formats.read(_scl_link()).model


@pytest.mark.parametrize(
    ("more", "warned"),
    [
        ({"metadata": {"rules": "Normal sudoku rules apply."}}, True),
        ({"lines": [{"wayPoints": [[0.5, 0.5], [1.5, 0.5]], "color": "#888888"}]}, True),
        ({"metadata": {"title": "no rules text"}}, False),
    ],
)
def test_several_solutions_of_a_puzzle_with_rules_text_or_marks_always_warn(
    capsys: pytest.CaptureFixture[str], more: dict, warned: bool
) -> None:
    cells = [[{} for _ in range(4)] for _ in range(4)]
    boxes = [
        [[r, c] for r in rows for c in cols]
        for rows in ((0, 1), (2, 3))
        for cols in ((0, 1), (2, 3))
    ]
    link = "ctc" + compress_to_base64(json.dumps({"cells": cells, "regions": boxes, **more}))
    assert formats.read(link).solution is None
    for argv in (["solve", link, "-f", "line"], ["count", link, "--limit", "2"]):
        code, _, err = run(capsys, *argv)
        assert code == 0
        assert (
            "several solutions: a rule of the rules text or marks may be unread" in err
        ) is warned
