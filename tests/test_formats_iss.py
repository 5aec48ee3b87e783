"""ISS links and constraint text: read against ISS's published solutions, written back, refused."""

from __future__ import annotations

import base64
import json
import urllib.parse
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models import formats
from sudoku_models.board import Board
from sudoku_models.errors import InvalidPuzzleError, SudokuModelsError, UnsupportedModelError
from sudoku_models.formats import iss
from sudoku_models.formats.iss import codes as iss_codes
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.solvers import get_solver
from sudoku_models.variants import (
    XV,
    AntiTaxicab,
    Arrow,
    ColumnIndexer,
    CountingCircles,
    Diagonal,
    Difference,
    DoubleArrow,
    DutchFlatmates,
    EqualityCage,
    ExtraRegion,
    GivenPencilmarks,
    GlobalEntropy,
    GlobalModular,
    Jigsaw,
    KillerCage,
    LittleKiller,
    LockoutLine,
    LookAndSayCage,
    Lunchbox,
    ModularLine,
    NabnerLine,
    NumberedRoom,
    Odd,
    ParityLine,
    Ratio,
    RegexLine,
    RellikCage,
    RowIndexer,
    SameValues,
    Sandwich,
    Skyscraper,
    StrictKropki,
    TenLine,
    Thermometer,
    Variant,
    Whispers,
    XSum,
)

SAMPLE = Path(__file__).parent / "data" / "iss" / "collections_sample.jsonl"
PUZZLES = [json.loads(line) for line in SAMPLE.read_text().splitlines()]
NEW = Path(__file__).parent / "data" / "iss" / "new_primitives_sample.jsonl"
MACHINES = Path(__file__).parent / "data" / "iss" / "machines_sample.jsonl"
RANKS = Path(__file__).parent / "data" / "iss" / "full_rank_sample.jsonl"
FORMS = Path(__file__).parent / "data" / "iss" / "text_forms_sample.jsonl"
FORM_PUZZLES = [json.loads(line) for line in FORMS.read_text().splitlines()]
NEW_PUZZLES = [
    json.loads(line) for path in (NEW, MACHINES, RANKS) for line in path.read_text().splitlines()
]


def _digits(text: str) -> tuple[int, ...]:
    return tuple(int(ch) if ch.isdigit() else ord(ch) - ord("A") + 1 for ch in text)


@pytest.mark.heavy
@pytest.mark.parametrize("entry", PUZZLES, ids=[p["name"] for p in PUZZLES])
def test_sample_reads_to_its_published_solution(entry: dict[str, str]) -> None:
    read = formats.read(entry["input"])
    assert read.format == "iss"
    expected = _digits(entry["solution"])
    assert read.model.is_solution(expected)
    result = get_solver("sat").solve(read.model, limit=2, time_limit=60)
    assert [g.cells for g in result.solutions] == [expected]


@pytest.mark.parametrize("entry", PUZZLES, ids=[p["name"] for p in PUZZLES])
def test_sample_round_trips(entry: dict[str, str]) -> None:
    model = formats.read(entry["input"]).model
    again = formats.read(iss.write(model)).model
    assert again == model
    assert formats.read(iss.to_link(model)).model == model


@pytest.mark.heavy
@pytest.mark.parametrize("backend", ["sat", "cpsat"])
@pytest.mark.parametrize("entry", NEW_PUZZLES, ids=[p["name"] for p in NEW_PUZZLES])
def test_new_rules_read_to_their_published_solution(entry: dict[str, str], backend: str) -> None:
    """ISS's own text of puzzles on automata, counts and lookups: the one published solution."""
    model = formats.read(entry["input"]).model
    expected = _digits(entry["solution"])
    assert model.is_solution(expected)
    result = get_solver(backend).solve(model, limit=2, time_limit=60)
    assert [g.cells for g in result.solutions] == [expected]


@pytest.mark.heavy
@pytest.mark.parametrize("entry", NEW_PUZZLES, ids=[p["name"] for p in NEW_PUZZLES])
def test_new_rules_round_trip(entry: dict[str, str]) -> None:
    model = formats.read(entry["input"]).model
    assert formats.read(iss.write(model)).model == model


def test_cross_backend_on_small_sample() -> None:
    entry = next(p for p in PUZZLES if p["name"] == "6x6: Little Killer")
    model = formats.read(entry["input"]).model
    counts = {name: get_solver(name).solve(model, limit=0).count for name in ("sat", "cpsat")}
    counts["backtracking"] = get_solver("backtracking").solve(model, limit=0).count
    assert set(counts.values()) == {1}


def test_link_carries_the_text() -> None:
    text = ".Thermo~R1C1~R1C2~R1C3.~R5C5_7"
    link = iss.LINK_PREFIX + urllib.parse.quote(text) + "&mode=all-possibilities"
    read = formats.read(link)
    assert read.model.variants == (Thermometer(((0, 0), (0, 1), (0, 2))),)
    assert read.model.givens[40] == 7


def test_each_type_maps_to_its_rule() -> None:
    text = (
        ".Whisper~R1C1~R1C2.Whisper~4~R2C1~R2C2.Arrow~R3C1~R3C2~R3C3.PillArrow~2~R4C2~R4C1~R5C1"
        ".X~R6C1~R6C2~R7C1.Cage~0~R9C8~R9C9.LittleKiller~12~R1C2.Sandwich~0~C4"
        ".XSum~R5~~15.Skyscraper~C9~3~.Diagonal~1.~R8C8_1_3_5_7_9"
    )
    rules = formats.read(text).model.variants
    assert rules == (
        Odd((7, 7)),  # the givens come first
        Whispers(((0, 0), (0, 1)), 5),
        Whispers(((1, 0), (1, 1)), 4),
        Arrow(((2, 0),), ((2, 1), (2, 2))),
        Arrow(((3, 0), (3, 1)), ((4, 0),)),
        XV(((5, 0), (5, 1)), 10),
        XV(((5, 0), (6, 0)), 10),
        KillerCage(((8, 7), (8, 8)), None),
        LittleKiller((-1, 2), "DL", 12),
        Sandwich((-1, 3), 0),
        XSum((4, 9), 15),
        Skyscraper((-1, 8), 3),
        Diagonal(positive=True),
    )


def test_each_new_type_maps_to_its_rule() -> None:
    text = (
        ".Lockout~3~R1C1~R1C2~R1C3.Modular~3~R2C1~R2C2~R2C3.Modular~2~R3C1~R3C2"
        ".SumLine~12~R4C1~R4C2~R4C3.Regex~KDEyKSo~R5C1~R5C2~~R6C1~R6C2.Regex~1%7C2~R6C3"
        ".DoubleArrow~R7C1~R7C2~R7C3.Lunchbox~5~R8C1~R8C2~R8C3.RellikCage~5~R9C1~R9C2"
        ".EqualityCage~R1C5~R1C6.LookAndSay~1223~R2C5~R2C6~R2C7.ContainExact~2_3_3~R3C5~R3C6~R3C7"
        ".CountingCircles~R4C5~R4C6.NumberedRoom~R5~3~7.Indexing~C~R6C5.Indexing~R~R6C6"
        ".GlobalEntropy.GlobalMod.DutchFlatmates.AntiTaxicab.~R1C9_1_2"
    )
    row = lambda r, *cs: tuple((r, c) for c in cs)  # noqa: E731
    assert formats.read(text).model.variants == (
        GivenPencilmarks((0, 8), (1, 2)),
        LockoutLine(row(0, 0, 1, 2), 3),
        ModularLine(row(1, 0, 1, 2), 3),
        ParityLine(row(2, 0, 1)),
        TenLine(row(3, 0, 1, 2), 12),
        RegexLine(row(4, 0, 1), "(12)*"),  # base64, as ISS writes patterns
        RegexLine(row(5, 0, 1), "(12)*"),
        RegexLine(row(5, 2), "1|2"),  # older links: the pattern itself
        DoubleArrow(row(6, 0, 1, 2)),
        Lunchbox(row(7, 0, 1, 2), 5),
        RellikCage(row(8, 0, 1), 5),
        EqualityCage(row(0, 4, 5)),
        LookAndSayCage(row(1, 4, 5, 6), "1223"),
        LookAndSayCage(row(2, 4, 5, 6), "1223"),  # exactly one 2 and two 3s
        CountingCircles(row(3, 4, 5)),
        NumberedRoom((4, -1), 3),
        NumberedRoom((4, 9), 7),
        ColumnIndexer(row(5, 4)),
        RowIndexer(row(5, 5)),
        GlobalEntropy(),
        GlobalModular(),
        DutchFlatmates(),
        AntiTaxicab(),
    )


def test_new_rules_written_back_read_the_same() -> None:
    text = (
        ".Lockout~3~R1C1~R1C2~R1C3.Modular~4~R2C1~R2C2~R2C3.SumLine~12~R4C1~R4C2~R4C3"
        ".Regex~KDEyKSo~R5C1~R5C2.DoubleArrow~R7C1~R7C2~R7C3.Lunchbox~5~R8C1~R8C2~R8C3"
        ".RellikCage~5~R9C1~R9C2.EqualityCage~R1C5~R1C6.LookAndSay~1223~R2C5~R2C6~R2C7"
        ".CountingCircles~R4C5~R4C6.NumberedRoom~C5~~7.Indexing~R~R6C6.GlobalMod.~R1C9_1_2"
    )
    model = formats.read(text).model
    assert formats.read(iss.write(model)).model == model
    assert formats.read(iss.to_link(model)).model == model


def _plain_nfa(
    starts: int, accepting: int, moves: list[list[tuple[int, int]]], symbols: int
) -> str:
    """An automaton in ISS's plain packing (a test's own encoder, from the format's spec)."""
    state_bits = max(1, (len(moves) - 1).bit_length())
    count_bits = max(len(m) for m in moves).bit_length()
    fields = [(0, 2), (state_bits - 1, 4), (symbols - 1, 4), (starts, state_bits)]
    fields += [(accepting, state_bits), (0, starts), (count_bits, 4)]
    for state in moves:
        fields.append((len(state), count_bits))
        fields += [f for symbol, target in state for f in ((symbol - 1, 3), (target, state_bits))]
    bits = "".join(format(value, f"0{width}b") if width else "" for value, width in fields)
    bits += "0" * (-len(bits) % 8)
    data = bytes(int(bits[k : k + 8], 2) for k in range(0, len(bits), 8))
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def _holds(rule: Variant, n: int, digits: list[int]) -> bool:
    """Whether the digits along the rule's cells (others empty) satisfy its one primitive."""
    board = Board.for_digits(n)
    grid = [0] * board.size
    for (r, c), d in zip(rule.cells, digits, strict=True):  # type: ignore[attr-defined]
        grid[board.cell(r, c)] = d
    (primitive,) = rule.primitives(board)
    return bool(primitive.holds(grid))


def test_a_state_machine_reads_its_break_between_segments() -> None:
    """Each segment starts with a 1: state 0 reads a 1 into state 1, which reads any digit and,
    at a break (symbol 5 on a 4x4 grid), goes back to state 0."""
    free = [(d, 1) for d in range(1, 5)]
    token = _plain_nfa(1, 1, [[(1, 1)], [*free, (5, 0)]], symbols=5)
    text = f".Shape~4x4.NFA~{token}~_starts~R1C1~R1C2~-~R2C3~R2C4"
    (rule,) = formats.read(text).model.variants
    assert _holds(rule, 4, [1, 3, 1, 2]) and _holds(rule, 4, [1, 1, 1, 4])
    assert not _holds(rule, 4, [1, 3, 2, 1]) and not _holds(rule, 4, [2, 3, 1, 2])
    assert iss.write(formats.read(text).model) == text
    plain = formats.read(f".Shape~4x4.NFA~{token}~R1C1~R1C2~R2C3~R2C4").model.variants[0]
    assert _holds(plain, 4, [1, 3, 2, 1])  # one segment: only the first digit must be a 1


def test_pairwise_keys_and_sums() -> None:
    nabner = iss_codes.pair_key(lambda a, b: abs(a - b) > 1, 9)
    assert nabner == "8H_xf8H_xf8H_B"  # as ISS writes it
    assert iss_codes.pair_relation(nabner.replace("_", "-"), 9, legacy=True) == (
        iss_codes.pair_relation(nabner, 9)
    )
    model = formats.read(
        f".PairX~{nabner}~_Nabner~R1C1~R1C3~~R5C5~R6C6.Pair~{iss_codes.pair_key(int.__lt__, 9)}"
        "~_rising~R2C1~R2C2~R2C3.Sum~30~R3C1~R3C2~R4C1~R4C2.Sum~4_=_1_-1~R5C1~R5C2"
    ).model
    nab1, nab2, rising, total, difference = model.variants
    assert (nab1, nab2) == (NabnerLine(((0, 0), (0, 2))), NabnerLine(((4, 4), (5, 5))))
    check = lambda rule, digits: _holds(rule, 9, digits)  # noqa: E731
    assert check(rising, [1, 5, 9]) and not check(rising, [1, 5, 5])
    assert check(total, [9, 9, 6, 6]) and not check(total, [9, 9, 6, 5])
    assert check(difference, [7, 3]) and not check(difference, [3, 7])
    assert formats.read(iss.write(model)).model == model
    hidden = formats.read(".HiddenSkyscraper~R1~3~.HiddenSkyscraper~C2~~0").model
    first, none = hidden.variants
    assert check(first, [1, 5, 6, 3, 2, 4, 7, 8, 9]) and not check(
        first, [1, 5, 6, 2, 3, 4, 7, 8, 9]
    )
    assert check(none, list(range(1, 10))) and not check(none, [1, 2, 3, 4, 5, 6, 7, 9, 8])
    assert iss.write(hidden) == ".HiddenSkyscraper~R1~3~.HiddenSkyscraper~C2~~0"
    (index,) = formats.read(".ValueIndexing~R1C1~R2C1~R3C1~R4C1~R5C1").model.variants
    assert check(index, [4, 2, 9, 4, 1]) and check(index, [7, 3, 1, 2, 7])  # 2 on from r2c1
    assert not check(index, [4, 2, 4, 9, 1]) and not check(index, [4, 4, 1, 2, 3])
    assert iss.write(Model.from_puzzle(Puzzle.empty(), variants=[index])) == (
        ".ValueIndexing~R1C1~R2C1~R3C1~R4C1~R5C1"
    )
    (distinct,) = formats.read(".CountDistinct~R1C1~R2C1~R3C1~R4C1").model.variants
    assert check(distinct, [2, 5, 5, 7]) and check(distinct, [1, 4, 4, 4])
    assert not check(distinct, [2, 5, 6, 7]) and not check(distinct, [3, 5, 5, 7])
    assert formats.read(
        iss.write(Model.from_puzzle(Puzzle.empty(), variants=[distinct]))
    ).model.variants == (distinct,)
    with pytest.raises(InvalidPuzzleError, match="coefficients"):
        formats.read(".Sum~4_=_1~R5C1~R5C2")
    with pytest.raises(InvalidPuzzleError, match="base64 letter"):
        formats.read(".Pair~a$b~R1C1~R1C2")


def test_a_parity_line_is_a_modular_line_of_two() -> None:
    cells = ((0, 0), (0, 1), (0, 2))
    board = Puzzle.empty((2, 2))
    lines = [ParityLine(cells), ModularLine(cells, 2)]
    texts = {iss.write(Model.from_puzzle(board, variants=[line])) for line in lines}
    assert texts == {".Shape~4x4.Modular~2~R1C1~R1C2~R1C3"}
    counts = {
        get_solver("sat").solve(Model.from_puzzle(board, variants=[line]), limit=0).count
        for line in lines
    }
    assert len(counts) == 1


def test_jigsaw_with_and_without_boxes() -> None:
    cells = [r // 3 * 3 + c // 3 for r in range(9) for c in range(9)]
    cells[3], cells[20] = 0, 1  # r1c4 joins box 1, r3c3 box 2: both stay connected
    layout = "".join(map(str, cells))
    kept = formats.read(f".Jigsaw~{layout}").model.variants
    assert all(isinstance(rule, ExtraRegion) for rule in kept) and len(kept) == 9
    replaced = formats.read(f".NoBoxes.Jigsaw~{layout}").model.variants
    assert len(replaced) == 1 and isinstance(replaced[0], Jigsaw)
    assert formats.read(iss.write(formats.read(f".NoBoxes.Jigsaw~{layout}").model)).model == (
        formats.read(f".NoBoxes.Jigsaw~{layout}").model
    )


def test_windoku_is_written_as_one_item() -> None:
    model = formats.read(".Windoku.~R1C1_3").model
    assert len(model.variants) == 4
    assert iss.write(model) == ".Windoku.~R1C1_3"


def test_sixteen_cell_names_use_base_17() -> None:
    model = formats.read(".Shape~16x16.~RgCa_12")
    assert model.model.givens[15 * 16 + 9] == 12
    assert "RgCa_12" in iss.write(model.model)


def test_a_cell_given_twice_keeps_what_both_allow() -> None:
    model = formats.read(".~R1C1_1_3_5_7_9_2.~R1C1_1_3_5_7_9_4").model
    assert model.variants == (Odd((0, 0)),)
    assert formats.read(".~R2C2_1_2.~R2C2_2").model.givens[10] == 2
    marks = formats.read(".~R1C1_2_3_4.~R1C1_3_4_5").model
    assert marks.variants == (GivenPencilmarks((0, 0), (3, 4)),)
    assert iss.write(marks) == ".~R1C1_3_4"


def test_plain_dots_are_not_iss() -> None:
    assert formats.read(".1.....4....34..").format == "plain"
    assert not iss.recognises(".1.....4....34..")


@pytest.mark.parametrize(
    ("text", "error", "words"),
    [
        (".Doppelganger.RegionSameValues", UnsupportedModelError, "Doppelganger, RegionSameValues"),
        (".HiddenSkyscraper~R1~12~", InvalidPuzzleError, "12 is outside 0..9"),
        (".Shape~16x16.ContainExact~10_11~R1C1~R1C2", UnsupportedModelError, "ContainExact"),
        (".Indexing~X~R1C1", InvalidPuzzleError, "C or R"),
        (".NFA~@@~R1C1", InvalidPuzzleError, "not base64"),
        (".NFA~AAAAAAAA~R1C1~R1C2", InvalidPuzzleError, "no accepting state"),
        (".Lockout~x~R1C1~R1C2", InvalidPuzzleError, "Lockout value"),
        (".Bogus~R1C1", InvalidPuzzleError, "unknown ISS constraint type(s): Bogus"),
        (".Shape~6x9", UnsupportedModelError, "6x9"),
        (".Shape~9x9~0-8", UnsupportedModelError, "digits 1-9"),
        (".Thermo~R1C1~R0C2", InvalidPuzzleError, "R0C2"),
        (".~R1C1_2.~R1C1_3", InvalidPuzzleError, "no digit for R1C1"),
        (".~R1C1_10", InvalidPuzzleError, "1-9"),
        (".NoBoxes", UnsupportedModelError, "NoBoxes"),
        (".LittleKiller~5~R5C5", InvalidPuzzleError, "no diagonal"),
        ("https://sigh.github.io/Interactive-Sudoku-Solver/?mode=x", InvalidPuzzleError, "q="),
    ],
)
def test_bad_input_is_one_clear_error(text: str, error: type[Exception], words: str) -> None:
    with pytest.raises(error, match=None) as caught:
        formats.read(text)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_rules_without_an_iss_type_are_named_on_writing() -> None:
    from sudoku_models.variants import SlowThermometer

    model = Model.from_puzzle(Puzzle.empty(), variants=[SlowThermometer(((0, 0), (0, 1)))])
    with pytest.raises(UnsupportedModelError, match="slow thermometer"):
        iss.write(model)


def test_each_iss_type_is_one_row_of_the_table() -> None:
    names = [row.name for row in iss.TYPES]
    assert len(names) == len(set(names)) and set(names) <= iss.ISS_TYPES
    assert set(iss.READERS) == {row.name for row in iss.TYPES if row.read is not None}


def test_a_type_that_cannot_say_a_rule_leaves_it_to_the_next() -> None:
    from sudoku_models.variants import Arrow, Odd

    pill = Model.from_puzzle(Puzzle.empty(), variants=[Arrow(((0, 0), (0, 1)), ((1, 0),))])
    assert iss.write(pill) == ".PillArrow~2~R1C1~R1C2~R2C1"
    assert formats.read(iss.write(pill)).model == pill
    four = Arrow(((0, 0), (0, 1), (0, 2), (0, 3)), ((1, 0),))
    with pytest.raises(UnsupportedModelError, match="no constraint type"):
        iss.write(Model.from_puzzle(Puzzle.empty(), variants=[four]))
    odd_on_six = Model.from_puzzle(Puzzle.empty((2, 3)), variants=[Odd((0, 0))])
    with pytest.raises(UnsupportedModelError, match="no constraint type"):
        iss.write(odd_on_six)


FPUZZLES = [
    json.loads(line)
    for line in (Path(__file__).parent / "data" / "variants" / "fpuzzles_sample.jsonl")
    .read_text()
    .splitlines()
]


@pytest.mark.parametrize("entry", FPUZZLES, ids=[p["id"] for p in FPUZZLES])
def test_fpuzzles_written_as_iss_keep_their_solution(entry: dict[str, object]) -> None:
    """A published f-puzzles puzzle written as ISS text reads back to its published solution,
    or is refused with the rule ISS has no type for."""
    from sudoku_models import fpuzzles

    model = fpuzzles.read(str(entry["fpuzzles_lz"]))
    try:
        text = iss.write(model)
    except (UnsupportedModelError, InvalidPuzzleError) as exc:
        assert "ISS has no constraint type" in str(exc) or "box shape" in str(exc)
        return
    solution = tuple(int(d) for row in entry["solution"] for d in row)  # type: ignore[attr-defined]
    result = get_solver("sat").solve(formats.read(text).model, limit=2)
    assert [g.cells for g in result.solutions] == [solution]


def _walk(draw: st.DrawFn, n: int, length: int) -> tuple[tuple[int, int], ...]:
    """A path of distinct orthogonally adjacent cells."""
    cells = [(draw(st.integers(0, n - 1)), draw(st.integers(0, n - 1)))]
    for _ in range(length - 1):
        r, c = cells[-1]
        steps = [
            (r + dr, c + dc)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr, c + dc) not in cells
        ]
        if not steps:
            break
        cells.append(draw(st.sampled_from(steps)))
    return tuple(cells)


@st.composite
def iss_models(draw: st.DrawFn) -> Model:
    """Models of rules that ISS writes: lines, cages, dots, clues outside, flags, and the rules
    on automata, counts and lookups."""
    n = draw(st.sampled_from([4, 6, 9]))
    rules: list[Variant] = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.sampled_from(["thermo", "whisper", "cage", "dot", "xv", "arrow", "clue"]))
        if kind == "dot":
            cells = _walk(draw, n, 2)
            if len(cells) == 2:
                rules.append(draw(st.sampled_from([Difference(cells, 1), Ratio(cells, 2)])))
        elif kind == "xv":
            cells = _walk(draw, n, 2)
            if len(cells) == 2:
                rules.append(XV(cells, draw(st.sampled_from([5, 10]))))
        elif kind == "cage":
            cells = _walk(draw, n, draw(st.integers(1, 4)))
            k = len(cells)
            low, high = k * (k + 1) // 2, sum(range(n - k + 1, n + 1))
            rules.append(KillerCage(cells, draw(st.one_of(st.none(), st.integers(low, high)))))
        elif kind == "arrow":
            cells = _walk(draw, n, draw(st.integers(2, 4)))
            if len(cells) >= 2:
                rules.append(Arrow(cells[:1], cells[1:]))
        elif kind == "clue":
            k = draw(st.integers(0, n - 1))
            side = draw(st.sampled_from([(k, -1), (k, n), (-1, k), (n, k)]))
            make = draw(st.sampled_from([XSum, Skyscraper]))
            rules.append(make(side, draw(st.integers(1, n))))
        else:
            cells = _walk(draw, n, draw(st.integers(2, min(5, n))))
            if len(cells) >= 2:
                rules.append(Thermometer(cells) if kind == "thermo" else Whispers(cells, 2))
    if draw(st.booleans()):
        rules.append(Diagonal(positive=draw(st.booleans())))
    for _ in range(draw(st.integers(0, 3))):
        rules += _long_tail_rule(draw, n)
    givens = [0] * (n * n)
    for i in draw(st.lists(st.integers(0, n * n - 1), max_size=5)):
        givens[i] = draw(st.integers(1, n))
    board = Board.for_digits(n)
    free = [i for i, d in enumerate(givens) if not d]
    if draw(st.booleans()):  # ISS writes candidate sets with the givens: they read back first
        cell = board.row_col(draw(st.sampled_from(free)))
        rules.insert(0, GivenPencilmarks(cell, (1, 2)))
    return Model.from_puzzle(Puzzle(board, tuple(givens)), variants=rules)


def _long_tail_rule(draw: st.DrawFn, n: int) -> list[Variant]:
    """One rule on the automaton, count and lookup primitives that ISS writes."""
    kind = draw(st.sampled_from(["line", "cage", "clue", "flag"]))
    if kind == "flag":
        flags: list[Variant] = [GlobalModular(), AntiTaxicab()]
        flags += [GlobalEntropy()] if n % 3 == 0 else []
        flags += [DutchFlatmates()] if n % 2 else []
        return [draw(st.sampled_from(flags))]
    if kind == "clue":
        k = draw(st.integers(0, n - 1))
        side = draw(st.sampled_from([(k, -1), (k, n), (-1, k), (n, k)]))
        return [NumberedRoom(side, draw(st.integers(1, n)))]
    if kind == "cage":
        cells = _walk(draw, n, 2)
        if len(cells) < 2:
            return []
        return [
            draw(
                st.sampled_from(
                    [
                        Lunchbox(cells, 0),
                        RellikCage(cells, draw(st.integers(1, n))),
                        EqualityCage(cells),
                        LookAndSayCage(cells, "11"),
                        CountingCircles(cells),
                    ]
                )
            )
        ]
    cells = _walk(draw, n, draw(st.integers(3, 4)))
    if len(cells) < 3:
        return []
    return [
        draw(
            st.sampled_from(
                [
                    LockoutLine(cells, draw(st.integers(1, n - 2))),
                    ModularLine(cells, draw(st.integers(3, n))),
                    ParityLine(cells),
                    TenLine(cells, n + 1),
                    RegexLine(cells, draw(st.sampled_from(["1.*", "[1-3].*", ".*2"]))),
                    DoubleArrow(cells),
                    NabnerLine(cells[:2]),
                    ColumnIndexer(cells),
                    RowIndexer(cells),
                ]
            )
        )
    ]


@settings(max_examples=80, deadline=None)
@given(iss_models())
def test_any_model_iss_writes_reads_back(model: Model) -> None:
    assert formats.read(iss.write(model)).model == model


@pytest.mark.heavy
@pytest.mark.parametrize("entry", FORM_PUZZLES, ids=[p["name"] for p in FORM_PUZZLES])
def test_other_text_forms_read_to_their_published_solution(entry: dict[str, str]) -> None:
    """SudokuWiki's and ISS's short killer forms, pencil marks, strict Kropki and XV: the one
    published solution, and ISS text written back that reads the same."""
    read = formats.read(entry["input"])
    assert read.format == "iss"
    expected = _digits(entry["solution"])
    result = get_solver("sat").solve(read.model, limit=2, time_limit=60)
    assert [g.cells for g in result.solutions] == [expected]
    assert formats.read(iss.write(read.model)).model == read.model


def _killer_cells(model: Model) -> dict[int | None, set[tuple[int, int]]]:
    cages: dict[int | None, set[tuple[int, int]]] = {}
    for rule in model.variants:
        assert isinstance(rule, KillerCage)
        cages.setdefault(rule.total, set()).update(rule.cells)
    return cages


def test_sudokuwiki_killer_cells_are_sum_times_256_plus_cage() -> None:
    cells = [10 * 256 + 1, 10 * 256 + 1, 3 * 256 + 7, 3 * 256 + 7] + [0] * 77
    model = formats.read("3x3::k:" + ":".join(map(str, cells)) + ":").model
    assert _killer_cells(model) == {10: {(0, 0), (0, 1)}, 3: {(0, 2), (0, 3)}}
    diagonals = formats.read("3x3:d:k:" + ":".join(map(str, cells)) + ":").model.variants
    assert Diagonal(True) in diagonals and Diagonal(False) in diagonals


def test_short_killer_arrows_point_to_the_cell_with_the_sum() -> None:
    # r1c1 holds 10 (A), r1c2 and r1c3 point left to it; r2c1 points up; every other cell
    # is a cage of its own with the sum 0, which ISS reads as no sum.
    text = "A<<" + "0" * 6 + "^" + "0" * 71
    cages = _killer_cells(formats.read(text).model)
    assert cages[10] == {(0, 0), (0, 1), (0, 2), (1, 0)}
    assert len(cages[None]) == 77


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("<" + "0" * 80, "leaves the grid"),
        (">" + "<" + "0" * 79, "run in a loop"),
        ("3x3::k:" + ":".join(["2561", "2817"] * 2 + ["0"] * 77) + ":", "has two sums"),
        ("3x3:x:k:" + ":".join(["0"] * 81) + ":", "option 'x'"),
        ("3x3::k:" + ":".join(["0"] * 80) + ":", "81 colon-separated cells"),
        ("3x3::k:" + ":".join(["0"] * 80 + ["x"]) + ":", "is not a number"),
    ],
)
def test_bad_killer_text_is_one_clear_error(text: str, words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        formats.read(text)
    assert words in str(caught.value) and "\n" not in str(caught.value)


BOX_LAYOUT = "".join("ABCDEFGHI"[(r // 3) * 3 + c // 3] for r in range(9) for c in range(9))
CLASSIC = next(p for p in PUZZLES if p["input"].startswith(".~R1C1_8~R2C3_3"))


def test_jigsaw_grid_and_region_lines_read_as_pieces() -> None:
    givens = Puzzle.parse(CLASSIC["solution"]).cells
    line = "".join(str(d) if i % 7 == 0 else "." for i, d in enumerate(givens))
    for text in (line + "\n" + BOX_LAYOUT, line + BOX_LAYOUT, line + " " + BOX_LAYOUT.lower()):
        read = formats.read(text)
        assert read.format == "iss"
        [jigsaw] = read.model.variants
        assert isinstance(jigsaw, Jigsaw) and len(jigsaw.regions) == 9
        assert read.model.givens == tuple(d if i % 7 == 0 else 0 for i, d in enumerate(givens))
        assert read.model.is_solution(givens)
        assert formats.read(iss.write(read.model)).model == read.model


def test_jigsaws_of_other_sizes_read_with_iss_letters_for_digits() -> None:
    # 16x16: A..P stand for 1..16 in ISS's grid line; 5x5 has no boxes but its pieces.
    grid = "..E..K..MI" + "." * 246
    layout = "".join(
        "ABCDEFGHIJKLMNOP"[(r // 4) * 4 + c // 4] for r in range(16) for c in range(16)
    )
    model = formats.read(grid + "\n" + layout).model
    assert model.board.n == 16 and model.givens[2] == 5 and model.givens[9] == 9
    # 5x5 has no box shape: its pieces are its only regions.
    five = "AAABBAABBBCCCDDCCDDDEEEEE"
    small = formats.read("1" + "." * 24 + five).model
    assert small.board.n == 5 and small.givens[0] == 1
    [grid] = get_solver("sat").solve(small, limit=1).solutions
    units = [[(r, c) for c in range(5)] for r in range(5)]
    units += [[(r, c) for r in range(5)] for c in range(5)]
    units += [[divmod(i, 5) for i in range(25) if five[i] == piece] for piece in "ABCDE"]
    assert all(len({grid.cells[r * 5 + c] for r, c in unit}) == 5 for unit in units)
    assert formats.read(iss.write(small)).model == small


def test_region_line_alone_is_an_empty_jigsaw_and_digit_lines_stay_plain() -> None:
    read = formats.read(BOX_LAYOUT)
    assert read.format == "iss" and read.model.givens == (0,) * 81
    digits = BOX_LAYOUT.translate(str.maketrans("ABCDEFGHI", "123456789"))
    assert formats.read(digits).format == "plain"  # a grid of digits is a plain grid
    hexadecimal = "".join(
        "0123456789ABCDEF"[(r * 4 + r // 4 + c) % 16] for r in range(16) for c in range(16)
    )
    assert not iss.recognises(hexadecimal)  # a complete 16x16 grid, each symbol 16 times


def test_pencil_marks_and_solutions_after_equals() -> None:
    marks = "....5...." + "123......" + "123456789" * 79
    model = formats.read(marks).model
    assert model.givens[0] == 5
    assert model.variants == (GivenPencilmarks((0, 1), (1, 2, 3)),)  # open cells: no rule
    line = "8..6....." + "." * 72
    assert formats.read("=" + line).model.givens == formats.read(line).model.givens


def test_sections_and_comments_merge() -> None:
    text = "# a killer and a thermometer\n3x3::k:2561:2561:" + "0:" * 79 + "\n\n.Thermo~R9C1~R9C2"
    read = formats.read(text)
    assert read.format == "iss"
    assert set(read.model.variants) == {
        KillerCage(((0, 0), (0, 1)), 10),
        Thermometer(((8, 0), (8, 1))),
    }


@pytest.mark.parametrize(
    "text",
    [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "8..6....." + "0" * 72,
        '{"size": 4, "grid": [[{}, {}, {}, {}]]}',
        "https://sudokupad.app/fpuzzles" + "N4IgzglgXgpiBcBOANCA5gJwgEwQbT2ABwA",
    ],
)
def test_other_formats_are_not_taken_for_iss(text: str) -> None:
    assert not iss.recognises(text)


def test_strict_kropki_and_same_values_read_and_write() -> None:
    model = formats.read(".StrictKropki.WhiteDot~R1C1~R1C2.SameValues~2~R1C3~R2C3~R3C4~R3C5").model
    assert StrictKropki() in model.variants
    assert SameValues(((0, 2), (1, 2), (2, 3), (2, 4)), 2) in model.variants
    assert formats.read(iss.write(model)).model == model


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (".PillArrow~-1~R1C1~R1C2~R1C3", "PillArrow size -1 is outside 2..3"),
        (".PillArrow~4~R1C1~R1C2~R1C3~R1C4~R1C5", "PillArrow size 4 is outside 2..3"),
        (".Whisper~-5~R1C1~R1C2", "Whisper difference -5 is outside 1..8"),
        (".Whisper~99~R1C1~R1C2", "Whisper difference 99 is outside 1..8"),
        (".Shape~6x6.Whisper~6~R1C1~R1C2", "Whisper difference 6 is outside 1..5"),
        (".Lockout~0~R1C1~R1C2~R1C3", "Lockout value 0 is outside 1..8"),
        (".Modular~1~R1C1~R1C2", "Modular value 1 is outside 2..9"),
        (".Cage~-3~R1C1~R1C2", "Cage sum -3 is less than 0"),
        (".SumLine~0~R1C1~R1C2", "SumLine value 0 is less than 1"),
        (".RellikCage~0~R1C1~R1C2", "RellikCage value 0 is less than 1"),
        (".Lunchbox~-1~R1C1~R1C2", "Lunchbox value -1 is less than 0"),
        (".LittleKiller~0~R1C2", "LittleKiller sum 0 is outside 1..81"),
        (".Sandwich~36~R1", "Sandwich 36 is outside 0..35"),
        (".Skyscraper~R1~10~", "Skyscraper 10 is outside 1..9"),
        (".XSum~R1~0~", "XSum 0 is outside 1..45"),
        (".NumberedRoom~R1~~0", "NumberedRoom 0 is outside 1..9"),
        (".Quad~R1C1~0", "Quad value 0 is outside 1..9"),
        (".Quad~R1C1~1~2~3~4~5", "5 values for 4 cells"),
        (".Sum~10_=_1_200~R1C1~R1C2", "Sum coefficient 200 is outside -100..100"),
        (".SameValues~3~R1C1~R1C2~R1C3~R1C4", "do not cut into 3 sets"),
        (".SameValues~1~R1C1~R1C2", "SameValues number of sets 1 is outside 2..2"),
        (".ContainExact~0~R1C1", "ContainExact digit 0 is outside 1..9"),
        (".Cage~1" + "0" * 20 + "~R1C1~R1C2", "is not a whole number"),
        (".~R1C1_\uff11", "is not a whole number"),  # a fullwidth 1
        (".Thermo~R\uff11C1~R1C2", "is not a name like R1C1"),
        (".Regex~\uff11\uff12~R1C1~R1C2", "only ASCII characters"),
        (".LookAndSay~\uff11\uff12~R1C1~R1C2", "pairs of ASCII digits"),
        (".LookAndSay~\u00b2\u00b2~R1C1~R1C2", "pairs of ASCII digits"),
    ],
)
def test_values_iss_never_writes_are_refused_naming_the_rule(text: str, words: str) -> None:
    with pytest.raises(InvalidPuzzleError) as caught:
        formats.read(text)
    assert words in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_value_out_of_range_is_exit_2_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from sudoku_models.cli import main

    assert main(["solve", ".Whisper~-5~R1C1~R1C2"]) == 2
    err = capsys.readouterr().err.strip()
    assert "Whisper difference -5" in err and "\n" not in err


def test_an_unencoded_plus_in_a_link_stays_in_the_pattern() -> None:
    link = iss.LINK_PREFIX + ".Regex~1+2~R1C1~R1C2~R1C3"
    [rule] = formats.read(link).model.variants
    assert rule == RegexLine(((0, 0), (0, 1), (0, 2)), "1+2")
    quoted = iss.LINK_PREFIX + urllib.parse.quote(".Regex~1%2B2~R1C1~R1C2~R1C3")
    assert formats.read(quoted).model.variants == (rule,)


@given(st.text(alphabet="0123456789+*?|()[].{},-\uff11\u00b2\u0663", min_size=1, max_size=8))
@settings(max_examples=200, deadline=None)
def test_the_writer_never_fails_on_what_the_reader_accepts(pattern: str) -> None:
    token = urllib.parse.quote(pattern, safe="")
    for text in (f".Regex~{token}~R1C1~R1C2~R1C3", f".LookAndSay~{token}~R1C1~R1C2"):
        try:
            model = formats.read(text).model
        except (InvalidPuzzleError, UnsupportedModelError):
            continue
        assert formats.read(iss.write(model)).model == model


def test_a_cage_listing_a_cell_twice_counts_it_twice_in_its_sum() -> None:
    # ISS sums every listed cell and keeps the cage's distinct cells different.
    model = formats.read(".Cage~10~R1C1~R1C2~R1C2").model
    sat = get_solver("sat")
    for first in range(1, 10):
        result = sat.solve(replace(model, givens=(first, *model.givens[1:])), limit=1)
        if (10 - first) % 2 == 0 and (10 - first) // 2 != first:
            assert result.solution is not None and first + 2 * result.solution.cells[1] == 10
        else:
            assert result.solution is None, first
    plain = formats.read(".Cage~0~R1C1~R1C2~R1C2").model
    assert [g.cells for g in plain.groups[27:]] == [(0, 1)] and not plain.constraints


def test_a_jigsaw_on_a_grid_with_no_box_shape_takes_the_place_of_boxes() -> None:
    # 5 digits have no box shape; ISS draws none and the jigsaw pieces are the regions.
    layout = "".join(str((c - r) % 5) for r in range(5) for c in range(5))
    read = formats.read(f".Shape~5x5.Jigsaw~{layout}.~R1C1_1~R2C2_3")
    pieces = {tuple(i for i in range(25) if layout[i] == k) for k in "01234"}
    assert pieces <= {tuple(sorted(g.cells)) for g in read.model.groups}
    result = get_solver("sat").solve(read.model, limit=2)
    assert result.solutions
    for grid in result.solutions:
        assert all(len({grid.cells[i] for i in piece}) == 5 for piece in pieces)
    assert formats.read(iss.write(read.model)).model.groups == read.model.groups


def test_a_sum_line_loop_reads_as_a_closed_line_and_writes_back() -> None:
    text = ".SumLine~10~R1C1~R1C2~R2C2~R2C1~LOOP"
    (rule,) = formats.read(text).model.variants
    assert isinstance(rule, TenLine) and rule.loop and len(rule.cells) == 4
    assert iss.write(formats.read(text).model) == text
    (line,) = formats.read(text.removesuffix("~LOOP")).model.variants
    assert isinstance(line, TenLine) and not line.loop


@pytest.mark.parametrize(
    "text",
    [
        ".Cage~{big}~R1C1~R1C2",
        ".~R1C1_{big}",
        ".Shape~{big}x9",
        ".Sum~{big}~R1C1",
        ".X~R{big}C1~R1C1",
    ],
)
def test_a_long_token_is_cut_in_the_error_line(text: str) -> None:
    with pytest.raises(SudokuModelsError) as caught:
        iss.read(text.format(big="9" * 5000))
    assert len(str(caught.value)) < 200 and "\n" not in str(caught.value)
