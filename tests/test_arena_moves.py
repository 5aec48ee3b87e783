"""The move grammar and the bounded parser of free text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models.arena.moves import CANDIDATES, CLEAR, INVALID, MAX_MOVES, PLACE, Move, parse
from sudoku_models.testing import NINE_BY_NINE


def test_each_form_of_the_grammar() -> None:
    moves = parse("First R3C5 = 7, then r1c2=. and r9c9 : 4 , 1,2; r2c2: 6 and r4c4=0", 9)
    assert moves == [
        Move(PLACE, 2, 4, (7,)),
        Move(CLEAR, 0, 1),
        Move(CANDIDATES, 8, 8, (1, 2, 4)),
        Move(PLACE, 1, 1, (6,)),  # Sudoku-Bench's "r2c2: 6"
        Move(CLEAR, 3, 3),
    ]
    assert [m.text for m in moves] == ["r3c5=7", "r1c2=.", "r9c9:1,2,4", "r2c2=6", "r4c4=."]


def test_a_move_off_the_grid_or_a_digit_out_of_range_is_invalid() -> None:
    off, digit, fine = parse("r5c1=1 r1c1=5 r2c2=2", 4)
    assert off.kind == INVALID and "no such cell" in off.reason
    assert digit.kind == INVALID and "1 to 4" in digit.reason
    assert fine == Move(PLACE, 1, 1, (2,))


def test_text_without_a_move_is_one_invalid_move() -> None:
    for text in ["", "I give up", "r1c1 is tricky", 42, None]:
        (move,) = parse(text, 9)
        assert not move.valid


def test_only_the_last_answer_tag_is_read() -> None:
    text = "<answer>r1c1=1</answer> thinking r5c5=5 <ANSWER>r2c2=3</ANSWER> r3c3=4"
    assert parse(text, 9) == [Move(PLACE, 1, 1, (3,))]


def test_a_whole_grid_answer_becomes_placements_of_its_digits() -> None:
    line = NINE_BY_NINE[0]
    spaced = "\n".join(" ".join(line[r * 9 : r * 9 + 9]) for r in range(9))
    for text in (f"<ANSWER>\n{line}\n</ANSWER>", spaced, f"my grid: {line.replace('.', '0')}"):
        moves = parse(text, 9)
        assert len(moves) == sum(ch != "." for ch in line)
        assert moves[0] == Move(PLACE, 0, 2, (3,))


def test_the_moves_kept_are_capped() -> None:
    assert len(parse("r1c1=1 " * (MAX_MOVES + 50), 9)) == MAX_MOVES


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=2000), st.binary(max_size=2000)), st.sampled_from([4, 9, 16]))
def test_any_text_parses_to_at_least_one_move_without_raising(text: object, n: int) -> None:
    moves = parse(text, n)
    assert 1 <= len(moves) <= MAX_MOVES
    assert all(not m.valid or (0 <= m.row < n and 0 <= m.col < n) for m in moves)


def test_megabytes_of_hostile_text_are_read_within_the_cap() -> None:
    # Patterns that make a careless regular expression quadratic; only the first part is read.
    for text in ["<ANSWER>" * 200_000, "r1c" * 500_000, "1 " * 800_000, "r1c1:" + "1," * 10**6]:
        assert 1 <= len(parse(text, 9)) <= MAX_MOVES
