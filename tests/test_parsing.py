"""Reading puzzles: every accepted text and list form, and clear errors for the rest."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models.board import SYMBOLS, Board
from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.parsing import parse_cells
from sudoku_models.puzzle import Puzzle

#: A 9x9 puzzle written out by hand in several forms below; 0 is a blank.
ROWS_9 = [
    [5, 3, 0, 0, 7, 0, 0, 0, 0],
    [6, 0, 0, 1, 9, 5, 0, 0, 0],
    [0, 9, 8, 0, 0, 0, 0, 6, 0],
    [8, 0, 0, 0, 6, 0, 0, 0, 3],
    [4, 0, 0, 8, 0, 3, 0, 0, 1],
    [7, 0, 0, 0, 2, 0, 0, 0, 6],
    [0, 6, 0, 0, 0, 0, 2, 8, 0],
    [0, 0, 0, 4, 1, 9, 0, 0, 5],
    [0, 0, 0, 0, 8, 0, 0, 7, 9],
]
CELLS_9 = tuple(d for row in ROWS_9 for d in row)
LINE_9 = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

GRID_PLAIN = """
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79
"""

GRID_SEPARATED = """
5 3 . | . 7 . | . . .
6 . . | 1 9 5 | . . .
. 9 8 | . . . | . 6 .
------+-------+------
8 . . | . 6 . | . . 3
4 . . | 8 . 3 | . . 1
7 . . | . 2 . | . . 6
------+-------+------
. 6 . | . . . | 2 8 .
. . . | 4 1 9 | . . 5
. . . | . 8 . | . 7 9
"""

GRID_BOXED = """
+-------+-------+-------+
| 5 3 0 | 0 7 0 | 0 0 0 |
| 6 0 0 | 1 9 5 | 0 0 0 |
| 0 9 8 | 0 0 0 | 0 6 0 |
+-------+-------+-------+
| 8 0 0 | 0 6 0 | 0 0 3 |
| 4 0 0 | 8 0 3 | 0 0 1 |
| 7 0 0 | 0 2 0 | 0 0 6 |
+-------+-------+-------+
| 0 6 0 | 0 0 0 | 2 8 0 |
| 0 0 0 | 4 1 9 | 0 0 5 |
| 0 0 0 | 0 8 0 | 0 7 9 |
+-------+-------+-------+
"""


def table_form(rows):
    """The Markdown-like table form ``. | . | 4 | 8 | . |``."""
    return "\n".join(" | ".join(str(d) if d else "." for d in row) + " |" for row in rows)


@pytest.mark.parametrize(
    "source",
    [
        LINE_9,
        LINE_9.replace(".", "0"),
        LINE_9.replace(".", "_"),
        "  " + LINE_9 + "\n",
        " ".join(str(d) for d in CELLS_9),
        ",".join(str(d) for d in CELLS_9),
        GRID_PLAIN,
        GRID_SEPARATED,
        GRID_BOXED,
        GRID_PLAIN.replace("\n", "\r\n"),
        table_form(ROWS_9),
        [LINE_9[r * 9 : (r + 1) * 9] for r in range(9)],
        [LINE_9],
        ROWS_9,
        [tuple(row) for row in ROWS_9],
        [[str(d) if d else "." for d in row] for row in ROWS_9],
        [[str(d) if d else "" for d in row] for row in ROWS_9],
        "\n".join(LINE_9),  # one cell a line
    ],
    ids=[
        "line-dot",
        "line-zero",
        "line-underscore",
        "line-padded",
        "numbers-spaces",
        "numbers-commas",
        "grid-plain",
        "grid-separators",
        "grid-boxed",
        "grid-crlf",
        "table",
        "row-strings",
        "one-row-string",
        "int-lists",
        "int-tuples",
        "str-lists",
        "str-lists-empty-blanks",
        "cell-per-line",
    ],
)
def test_every_accepted_form_of_a_9x9(source):
    board, cells = parse_cells(source)
    assert board == Board(3, 3)
    assert cells == CELLS_9


def test_letters_beyond_nine_for_a_16x16_line():
    line = "123456789ABCDEFG" + "." * 240
    board, cells = parse_cells(line)
    assert board == Board(4, 4)
    assert cells[:16] == tuple(range(1, 17))
    assert parse_cells(line.lower())[1] == cells


def test_multi_digit_numbers_for_16x16():
    rng = random.Random(5)
    rows = [[rng.choice([0, *range(1, 17)]) for _ in range(16)] for _ in range(16)]
    text = "\n".join(" ".join(str(d) for d in row) for row in rows)
    board, cells = parse_cells(text)
    assert board == Board(4, 4)
    assert cells == tuple(d for row in rows for d in row)
    flat = " ".join(str(d) for d in cells)
    assert parse_cells(flat) == (board, cells)


def test_a_multi_digit_row_may_mix_blanks_and_separators():
    row = "1 12 . 4 | 0 16 _ 3 | 10 . . . | . . . 9"
    tokens = parse_cells("\n".join([row] + ["." * 16] * 15))[1][:16]
    assert tokens == (1, 12, 0, 4, 0, 16, 0, 3, 10, 0, 0, 0, 0, 0, 0, 9)


@pytest.mark.parametrize(
    ("side", "box"), [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (12, (3, 4)), (25, (5, 5))]
)
def test_other_sizes_infer_their_board(side, box):
    line = "".join(SYMBOLS[(k % side) + 1] if k % 3 == 0 else "." for k in range(side * side))
    board, cells = parse_cells(line)
    assert (board.box_rows, board.box_cols) == box
    assert len(cells) == side * side


def test_box_overrides_the_inferred_shape():
    line = "." * 36
    assert parse_cells(line)[0] == Board(2, 3)
    assert parse_cells(line, box=(3, 2))[0] == Board(3, 2)
    with pytest.raises(InvalidPuzzleError, match="box"):
        parse_cells(line, box=(3, 3))
    with pytest.raises(InvalidPuzzleError, match="box"):
        parse_cells(line, box=3)  # type: ignore[arg-type]


def test_a_prime_side_needs_a_box_shape_it_cannot_have():
    with pytest.raises(InvalidPuzzleError, match="prime"):
        parse_cells("." * 49)


@pytest.mark.parametrize(
    ("source", "words"),
    [
        ("." * 80, "square"),
        ("." * 82, "square"),
        ("", "empty"),
        ("   \n  \n", "empty"),
        ("-----+-----\n", "empty"),
        ([], "empty"),
        ("." * 25, "unsupported"),
        ("." * 4, "unsupported"),
        ("." * 1, "unsupported"),
        (12345, "cannot read"),
        (b"." * 81, "cannot read"),
    ],
)
def test_bad_shapes_raise(source, words):
    with pytest.raises(InvalidPuzzleError, match=words):
        parse_cells(source)


def test_unknown_symbol_names_row_and_column():
    line = LINE_9[:13] + "x" + LINE_9[14:]
    with pytest.raises(InvalidPuzzleError, match=r"'x'.*row 2, column 5") as info:
        parse_cells(line)
    assert (info.value.row, info.value.col) == (1, 4)


def test_digit_out_of_range_names_row_and_column():
    line = "." * 15 + "5"  # 4x4 allows 1..4
    with pytest.raises(InvalidPuzzleError, match=r"'5'.*outside 1\.\.4.*row 4, column 4"):
        parse_cells(line)
    with pytest.raises(InvalidPuzzleError, match=r"'A'.*row 1, column 1"):
        parse_cells("A" + "." * 80)
    rows = [row[:] for row in ROWS_9]
    rows[6][2] = 10
    with pytest.raises(InvalidPuzzleError, match=r"row 7, column 3"):
        parse_cells(rows)


@pytest.mark.parametrize("value", [-1, 1.5, None, True, [1]])
def test_bad_list_values_name_row_and_column(value):
    rows = [row[:] for row in ROWS_9]
    rows[2][7] = value
    with pytest.raises(InvalidPuzzleError, match=r"row 3, column 8"):
        parse_cells(rows)


def test_ragged_rows_name_the_row():
    rows = [row[:] for row in ROWS_9]
    rows[4] = rows[4][:8]
    with pytest.raises(InvalidPuzzleError, match=r"ragged.*row 5\b") as info:
        parse_cells(rows)
    assert info.value.row == 4 and info.value.col is None
    text = GRID_PLAIN.replace("4..8.3..1", "4..8.3..1.")
    with pytest.raises(InvalidPuzzleError, match=r"ragged.*row 5\b"):
        parse_cells(text)


def test_mixed_rows_raise():
    with pytest.raises(InvalidPuzzleError, match="row 2"):
        parse_cells([ROWS_9[0], "53..7....", *ROWS_9[2:]])


@pytest.mark.parametrize("digit", ["\u00b2", "\u0663", "\uff11"])
def test_non_ascii_digits_are_unknown_symbols(digit):
    with pytest.raises(InvalidPuzzleError, match=r"row 1, column 1"):
        parse_cells(digit + "." * 80)


@pytest.mark.parametrize("control", ["\x00", "\x05", "\x1c", "\x0b", "\x7f", "\x85"])
def test_control_characters_are_unknown_symbols_never_blanks_or_digits(control):
    # "\x05" once read as a given 5, a NUL as a blank, "\x1c" as a line break
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol.*row 1, column 1"):
        parse_cells(control + "." * 80)
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol.*row 5, column 5"):
        parse_cells(LINE_9[:40] + control + LINE_9[41:])
    grid = GRID_SEPARATED.replace("4 . . | 8", f"4 . {control}| 8")
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol.*row 5, column 3"):
        parse_cells(grid.replace("4 . .", f"4 . {control}"))
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol.*row 2, column 3"):
        parse_cells([ROWS_9[0], [6, 0, control, *ROWS_9[1][3:]], *ROWS_9[2:]])
    # Not stripped from the ends either: the line has 82 cells, one of them the control.
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol.*cell 1 of the line"):
        parse_cells(control + LINE_9)


def test_a_hundred_nul_bytes_are_no_10x10_puzzle():
    with pytest.raises(InvalidPuzzleError, match=r"unknown symbol '\\x00' \(row 1, column 1\)"):
        Puzzle.parse("\0" * 100)


def test_a_huge_integer_cell_is_a_clear_error():
    rows = [row[:] for row in ROWS_9]
    rows[0][1] = 10**5000  # str() of it would trip Python's limit on digits
    with pytest.raises(InvalidPuzzleError, match=r"not a digit.*row 1, column 2"):
        parse_cells(rows)
    rows[0][1] = "9" * 5000
    with pytest.raises(
        InvalidPuzzleError, match=r"'999.*' \(5002 characters\) is outside.*column 2"
    ):
        parse_cells(rows)
    with pytest.raises(InvalidPuzzleError, match=r"box shape must be|unsupported board"):
        parse_cells("." * 16, box=(10**5000, 1))


@pytest.mark.parametrize("note", [" # from a forum list", " 12.3", "\t9.0/9.0/8.7", "  #17 ;x"])
def test_a_note_after_a_one_line_puzzle_is_ignored(note):
    assert parse_cells(LINE_9 + note) == parse_cells(LINE_9)
    assert parse_cells("1.3...1..1..3..." + note, box=(2, 2))[1][:4] == (1, 0, 3, 0)


def test_a_note_never_hides_a_faulty_puzzle():
    with pytest.raises(InvalidPuzzleError, match=r"'x'.*row 2, column 5"):
        parse_cells(LINE_9[:13] + "x" + LINE_9[14:] + " 12.3")
    with pytest.raises(InvalidPuzzleError, match="square number of cells"):
        parse_cells(LINE_9[:-1] + " # one cell short")
    # A 16x16 written row after row on one line: its first row is a 4x4 line, never read so.
    rows = ["1..2.3.4........"] + ["." * 16] * 14 + ["." * 15 + "Z"]
    with pytest.raises(InvalidPuzzleError, match="'Z'"):
        parse_cells(" ".join(rows))
    # Two lines are never a puzzle and its note.
    with pytest.raises(InvalidPuzzleError):
        parse_cells(LINE_9 + "\n12.3")


def test_inputs_are_not_changed():
    rows = [row[:] for row in ROWS_9]
    parse_cells(rows)
    assert rows == ROWS_9


@st.composite
def puzzles(draw):
    box_rows, box_cols = draw(
        st.sampled_from(
            [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (3, 4), (4, 3), (4, 4), (5, 5)]
        )
    )
    seed = draw(st.integers(0, 2**32 - 1))
    blank_rate = draw(st.floats(0.0, 1.0))
    return box_rows, box_cols, seed, blank_rate


@settings(max_examples=60, deadline=None)
@given(puzzles())
def test_line_and_text_forms_read_back(oracle, spec):
    box_rows, box_cols, seed, blank_rate = spec
    rng = random.Random(seed)
    grid = oracle.random_grid(box_rows, box_cols, rng)
    cells = tuple(0 if rng.random() < blank_rate else d for d in grid)
    box = (box_rows, box_cols)
    puzzle = Puzzle(Board(*box), cells)
    assert Puzzle.parse(puzzle.to_line(), box=box) == puzzle
    assert Puzzle.parse(puzzle.to_line("0"), box=box) == puzzle
    assert Puzzle.parse(str(puzzle), box=box) == puzzle
    assert Puzzle.parse(puzzle.rows(), box=box) == puzzle
    assert Puzzle.parse(" ".join(map(str, cells)), box=box) == puzzle
    assert Puzzle.from_dict(puzzle.to_dict()) == puzzle
    if box_rows <= box_cols:  # the shape a side gets by default
        assert Puzzle.parse(puzzle.to_line()) == puzzle
        assert Puzzle.parse(str(puzzle)) == puzzle


def test_a_byte_order_mark_is_skipped():
    assert parse_cells("\ufeff" + LINE_9) == parse_cells(LINE_9)
    assert parse_cells("\ufeff" + GRID_PLAIN.strip()) == parse_cells(LINE_9)


def test_oversized_text_is_refused_early():
    with pytest.raises(InvalidPuzzleError, match="puzzle text too long: 10000000 characters"):
        Puzzle.parse("1" * 10_000_000)
    # A long number token below the limit is a bad cell, not an integer conversion error.
    with pytest.raises(InvalidPuzzleError):
        Puzzle.parse("1" * 5000 + " 2 3")


@pytest.mark.parametrize("box", [(1, 9), (9, 1), (1, 4), (4, 1), (1, 7)])
def test_boxes_one_cell_thick_make_a_latin_square(box):
    puzzle = Puzzle.parse("1" + "." * ((box[0] * box[1]) ** 2 - 1), box=box)
    lines = puzzle.board.rows if box[0] == 1 else puzzle.board.cols
    assert sorted(puzzle.board.boxes) == sorted(lines)


def _hex_16():
    """A 16x16 solution from the generator, written with 0-F (0 for the digit 16)."""
    from sudoku_models.generator import generate

    solution = generate(seed=5, box=(4, 4), min_clues=200).solution
    return solution, solution.to_line().replace("G", "0")


def test_hexadecimal_16x16_with_blanks_reads_0_as_sixteen():
    solution, hex_line = _hex_16()
    holes = hex_line[:40].replace(hex_line[3], ".") + hex_line[40:]
    puzzle = Puzzle.parse(holes)
    assert 16 in puzzle.cells and 0 in puzzle.cells
    assert solution.is_valid_solution_of(puzzle)
    # The same with 1-G digits: 0 is a blank there.
    assert Puzzle.parse(solution.to_line().replace("5", "0")).cells.count(0) == 16


def test_a_complete_hexadecimal_16x16_grid_reads_as_its_grid():
    solution, hex_line = _hex_16()
    assert Puzzle.parse(hex_line) == solution
    assert Puzzle.parse(hex_line.lower()) == solution
    # 0 as a blank in a 1-G puzzle without G: not a complete grid read as hexadecimal.
    puzzle = Puzzle.parse(solution.to_line().replace("G", "0").replace("7", "0"))
    assert puzzle.cells.count(0) == 32 and solution.is_valid_solution_of(puzzle)


def test_the_fast_line_path_agrees_with_the_general_reader():
    # The spaced form of the same line goes through the general reader.
    for line in (LINE_9, LINE_9.replace(".", "0"), LINE_9.lower(), "1" + "." * 255, "a" * 144):
        assert parse_cells(line) == parse_cells(" ".join(line))
    for bad in (LINE_9[:-1] + "x", LINE_9[:-1] + "\u0663", "H" * 256):
        with pytest.raises(InvalidPuzzleError):
            parse_cells(bad)


_TEXT_ALPHABET = st.sampled_from(list(".0_123456789ABCDEFGabcxyz |-+,;\n\r\t\ufeff\u0663\u00b2"))


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.text(_TEXT_ALPHABET, max_size=400),
        st.text(max_size=300),
        st.binary(max_size=300).map(lambda b: b.decode("utf-8", "replace")),
    )
)
def test_any_text_gives_a_puzzle_or_a_clear_error(text):
    try:
        puzzle = Puzzle.parse(text)
    except InvalidPuzzleError:
        return
    assert isinstance(puzzle, Puzzle) and len(puzzle.cells) == puzzle.board.size


_VALUES = st.one_of(
    st.integers(-3, 40), st.text(max_size=3), st.none(), st.booleans(), st.floats(), st.binary()
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(
        st.lists(st.lists(_VALUES, max_size=10), max_size=10),
        st.lists(st.one_of(_VALUES, st.lists(_VALUES, max_size=5)), max_size=10),
        st.binary(max_size=100),
        st.recursive(_VALUES, lambda inner: st.lists(inner, max_size=5), max_leaves=30),
    ),
    st.one_of(st.none(), st.tuples(st.integers(-2, 7), st.integers(-2, 7))),
)
def test_any_nested_list_gives_a_puzzle_or_a_clear_error(source, box):
    try:
        puzzle = Puzzle.parse(source, box=box)
    except InvalidPuzzleError:
        return
    assert isinstance(puzzle, Puzzle) and len(puzzle.cells) == puzzle.board.size
