"""The vocabulary on the words setters write for rules that live only in the rules text: each
wording reads as its rule kind, and its near miss does not."""

from __future__ import annotations

import pytest

from sudoku_models.formats.reading import claims

#: (a setter's sentence, paraphrased; the rule kind it states).
READS = [
    ("Anti-king: equal digits may not touch diagonally.", "anti-king"),
    ("Digits in diagonally adjacent cells cannot be the same.", "anti-king"),
    ("No two identical digits touch diagonally.", "anti-king"),
    ("Cells a chess king\u2019s move apart hold different digits.", "anti-king"),
    ("No digit may see itself a (chess) knight's move away.", "anti-knight"),
    ("Cells a knight's-move apart cannot hold the same digit.", "anti-knight"),
    ("Consecutive digits must never be orthogonally adjacent.", "nonconsecutive"),
    ("Digits that are orthogonally adjacent to each other may not be consecutive.",
     "nonconsecutive"),
    ("No two orthogonally adjacent cells may contain consecutive digits.", "nonconsecutive"),
    ("Disjoint groups: no digit repeats in the same position of each box.", "disjoint groups"),
    ("Cells in the same relative position in every box hold different digits.",
     "disjoint groups"),
    ("Both main diagonals must contain 1-9 as well.", "diagonal top-left to bottom-right"),
    ("Digits may not repeat on either long diagonal.", "diagonal bottom-left to top-right"),
    ("Sudoku X rules apply.", "diagonal top-left to bottom-right"),
    ("Every 5 has a 1 directly above it or a 9 directly below it.", "Dutch flatmates"),
    ("A digit d cannot be a taxicab distance of d away from the same digit.", "anti-taxicab"),
    ("Every 2x2 box holds a low (1-3), a middle (4-6) and a high (7-9) digit.", "global entropy"),
    ("Each 2x2 square holds a digit of each remainder mod 3.", "global modular"),
    ("All kropki dots have been given.", "all dots given"),
    ("All possible Xs and Vs are shown.", "all dots given"),
    ("All possible clues are given: unmarked neighbours are not consecutive.", "all dots given"),
    ("Every possible white dot is shown.", "all dots given"),
    ("All dots given.", "all dots given"),
    ("If there is no dot between two cells, their digits are not consecutive.", "all dots given"),
    ("Where no X or V is drawn, the digits sum to neither 10 nor 5.", "all dots given"),
    ("Cells without a black dot between them cannot have a 1:2 ratio.", "all dots given"),
    ("The negative constraint applies to the black dots.", "all dots given"),
    ("Digits in cages may repeat.", "repeating killer"),
    ("Digits can repeat within a killer cage.", "repeating killer"),
    ("Cages may contain repeated digits.", "repeating killer"),
    ("Repeats are allowed in cages.", "repeating killer"),
    ("Digits within a cage need not be different.", "repeating killer"),
]  # fmt: skip

#: Near misses: (sentence, a kind it must not read as).
MISSES = [
    ("Identical digits may touch diagonally.", "anti-king"),
    ("Orthogonally adjacent digits may be consecutive.", "nonconsecutive"),
    ("Clones hold the same digits in the same relative positions.", "disjoint groups"),
    ("Digits cannot repeat along the marked diagonal.", "diagonal top-left to bottom-right"),
    ("The digit in a circle is the taxicab distance to the nearest 1.", "anti-taxicab"),
    ("In each shaded 2x2 area, a low digit sits above a middle one.", "global entropy"),
    ("Digits may repeat along the main diagonals.", "diagonal top-left to bottom-right"),
    ("Digits along a little killer diagonal sum to the clue.", "diagonal bottom-left to top-right"),
    ("Not all dots are given.", "all dots given"),
    ("Not all possible dots are necessarily given.", "all dots given"),
    ("Not every X or V is given.", "all dots given"),
    ("All clues given outside the grid are sums.", "all dots given"),
    ("If no dot is shown, the digits may or may not be consecutive.", "all dots given"),
    ("With no dot between two cells, you don't know whether they are consecutive or not.",
     "all dots given"),
    ("(No negative constraint: other pairs may also be consecutive.)", "all dots given"),
    ("Without negative constraint, so not all dots are given.", "all dots given"),
    ("Digits in a cage may not repeat.", "repeating killer"),
    ("Cages may not contain repeated digits.", "repeating killer"),
    ("Repeats are not allowed in cages.", "repeating killer"),
    ("Digits may repeat along an arrow.", "repeating killer"),
]  # fmt: skip


@pytest.mark.parametrize(("sentence", "kind"), READS)
def test_a_setters_wording_reads_as_its_rule(sentence: str, kind: str) -> None:
    assert kind in [c.kind for c in claims(sentence)]


@pytest.mark.parametrize(("sentence", "kind"), MISSES)
def test_a_near_miss_does_not_read_as_the_rule(sentence: str, kind: str) -> None:
    assert kind not in [c.kind for c in claims(sentence)]


def test_a_rule_of_the_whole_grid_names_no_marks() -> None:
    said = claims("Anti-king: equal digits may not touch diagonally.")
    assert [(c.kind, c.colours, c.shapes) for c in said] == [
        ("anti-king", frozenset(), frozenset())
    ]
