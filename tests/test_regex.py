"""The regular-expression compiler: the same words as Python's ``re`` on the supported subset,
and clear errors for anything else."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sudoku_models.errors import InvalidPuzzleError
from sudoku_models.regex import compile_regex

DIGITS = "1234"


def _patterns() -> st.SearchStrategy[str]:
    atoms = st.one_of(
        st.sampled_from([*DIGITS, "."]),
        st.sets(st.sampled_from(DIGITS), min_size=1).map(lambda s: "[" + "".join(sorted(s)) + "]"),
        st.sets(st.sampled_from(DIGITS), min_size=1).map(lambda s: "[^" + "".join(sorted(s)) + "]"),
        st.just("[1-3]"),
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        quantified = st.tuples(
            inner, st.sampled_from(["*", "+", "?", "{2}", "{1,}", "{0,2}", "{1,3}"])
        ).map(lambda t: f"({t[0]}){t[1]}")
        joined = st.lists(inner, min_size=2, max_size=3).map("".join)
        either = st.lists(inner, min_size=2, max_size=3).map(lambda xs: "(" + "|".join(xs) + ")")
        return st.one_of(quantified, joined, either)

    return st.recursive(atoms, extend, max_leaves=6)


@settings(max_examples=200, deadline=None)
@given(_patterns())
def test_the_automaton_accepts_exactly_the_words_python_matches(pattern: str) -> None:
    for length in (1, 2, 3):
        words = ["".join(w) for w in itertools.product(DIGITS, repeat=length)]
        matching = {w for w in words if re.fullmatch(pattern, w)}
        try:
            line = compile_regex(pattern, tuple(range(length)), 4)
        except InvalidPuzzleError as exc:
            assert not matching and "no word of" in str(exc)
            continue
        assert {w for w in words if line.holds([int(ch) for ch in w])} == matching


@pytest.mark.parametrize(
    ("pattern", "message"),
    [
        ("1a", "regex '1a': unsupported 'a' at position 2"),
        ("^12", "unsupported '^' at position 1"),
        ("1{3,2}", "the count {3,2} runs backwards"),
        ("(12", "a group needs its closing ')'"),
        ("[12", "a class needs ']'"),
        ("1{", "a count needs a number"),
        ("\\d", "unsupported '\\\\' at position 1"),
        ("1)", "unexpected ')'"),
        ("²", "unsupported '²' at position 1"),
        ("[1²]", "unsupported '²' in a class at position 3"),
        ("1{²}", "a count needs a number at position 3"),
        ("1{999999}", "the count 999999 is too large at position 3"),
        ("1{" + "9" * 5000 + "}", "longer than 1000 characters"),
    ],
)
def test_what_is_not_supported_is_named_with_its_position(pattern: str, message: str) -> None:
    with pytest.raises(InvalidPuzzleError, match=re.escape(message)):
        compile_regex(pattern, (0, 1), 9)


def test_spaces_are_ignored_and_digits_beyond_the_board_never_match() -> None:
    line = compile_regex("1 2 [39]", (0, 1, 2), 4)
    assert line.holds([1, 2, 3]) and not line.holds([1, 2, 4])
    with pytest.raises(InvalidPuzzleError, match="no word of 1 digits"):
        compile_regex("9", (0,), 4)


def test_counted_repeats_are_bounded() -> None:
    with pytest.raises(InvalidPuzzleError, match="more than"):
        compile_regex("((1|2){99}){99}", (0, 1), 9)


def test_a_count_of_parts_that_may_match_nothing_is_refused_small(
    cli_peak: Callable[..., tuple[int, str, float, float]],
) -> None:
    # The token is the base64 of (.?){700}: every copy reaches all the later ones by empty moves.
    code, err, grown, _ = cli_peak("solve", ".Regex~KC4_KXs3MDB9~R1C1~R1C2~R1C3")
    assert code == 2 and err.count("\n") == 1
    assert "r1c1 r1c2 r1c3 /(.?){700}/" in err and "steps to compile" in err
    assert grown < 100, f"peak memory grew by {grown:.0f} MB"


def test_a_smaller_count_still_compiles() -> None:
    line = compile_regex("(.?){60}", (0, 1, 2), 9)
    assert line.holds([1, 2, 3])
