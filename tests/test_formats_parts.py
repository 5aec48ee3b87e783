"""Readings composed from parts: proposed from the shape, ranked by the text, chosen by solving."""

from __future__ import annotations

import json

from sudoku_models import api, deadline
from sudoku_models.board import Board
from sudoku_models.formats.reading import Choice, Group, Mark, evidence, parts, read, selection
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.variants.composed import Composed, NoOther, OneOf

FOUR = Board(2, 2)
# A made-up 4x4 puzzle: its only clues are numbers outside the grid, each the product of the
# first two digits it faces; read so, and only so, they leave the grid below as one solution.
GRID = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
CLUES = {(-1, 0): 3, (-1, 1): 8, (-1, 3): 8, (0, 4): 12, (3, 4): 2, (4, 2): 8, (4, 3): 3}
# Four of those clues, which more than one reading leaves with one solution.
FEWER = {(-1, 0): 3, (-1, 2): 3, (0, -1): 2, (2, -1): 2}


def clue_group(clues):
    return Group(
        tuple(Mark("text", "outside", (cell,), "black", 0.5, str(v)) for cell, v in clues.items())
    )


def test_proposals_are_bounded_and_end_with_decoration():
    many = {(-1, c): 1 + c % 9 for c in range(9)} | {(r, 9): 2 + r % 7 for r in range(9)}
    proposed = parts.propose(clue_group(many), Board(3, 3), ["A rule about clues."])
    assert 2 <= len(proposed) <= parts.MAX_HYPOTHESES
    assert proposed[-1].label == parts.DECORATION and not proposed[-1].variants
    assert len({h.label for h in proposed}) == len(proposed)


def test_the_text_ranks_the_readings_but_rules_none_out():
    group = clue_group(FEWER)
    by_product = parts.propose(group, FOUR, ["Each clue is the product of the first two digits."])
    by_sum = parts.propose(group, FOUR, ["Each clue is the sum of the digits between 1 and 4."])
    assert by_product[0].label.startswith("product")
    assert by_product[0].sentence.startswith("Each clue")
    assert by_sum[0].label == "sum of the cells between 1 and the largest digit = clue"
    assert {h.label for h in by_sum} == {h.label for h in by_product}


def test_clues_that_no_scope_can_meet_are_not_proposed():
    proposed = parts.propose(clue_group({(-1, 0): 99}), FOUR, [])
    assert [h.label for h in proposed] == [parts.DECORATION]


def test_the_only_reading_with_one_solution_is_chosen_whatever_the_text_says():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    misleading = ["Each clue is the sum of the digits between 1 and 4."]
    picked = selection.choose(base, [], [parts.propose(clue_group(CLUES), FOUR, misleading)])
    (taken,) = picked.taken
    assert taken is not None and taken.label == "product of the first 2 cells = clue"
    assert "leaves one solution" in picked.why
    model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=list(taken.variants))
    assert api.count_solutions(model, limit=2) == 1
    assert tuple(api.solve(model).solution.cells) == GRID


def test_of_two_readings_with_one_solution_the_text_picks_and_the_other_is_named():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    text = ["Each clue says how many of the first three digits are seen."]
    picked = selection.choose(base, [], [parts.propose(clue_group(FEWER), FOUR, text)])
    assert picked.taken[0].label == "seen of the first 3 cells = clue"
    assert "does too, the rules text favours this one" in picked.why
    assert "also leaves one solution" in picked.dropped[-1]


def test_decoration_alone_is_never_taken_for_a_reading():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    picked = selection.choose(base, [], [[selection.Hypothesis(parts.DECORATION, (), 0)]])
    assert picked.taken == (None,)
    assert "decoration: leaves several solutions" in picked.dropped


def test_read_reports_the_reading_chosen_and_why():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    marks = list(clue_group(CLUES).marks)
    out = read(base, marks, "Clues outside the grid.", None, Choice(unique=lambda m: True))
    (reading,) = out.readings
    assert reading.kind == "product of the first 2 cells = clue"
    assert reading.status == "unconfirmed" and "chosen by solving" in reading.picked
    assert not out.left and len(out.variants) == len(CLUES)


def test_read_without_a_choice_leaves_the_clues_unread():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    out = read(base, list(clue_group(CLUES).marks), "Clues outside the grid.", None)
    assert not out.readings and len(out.left) == 1


def test_a_solution_that_breaks_the_chosen_reading_drops_it():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    other = Puzzle(FOUR, (2, 1, 4, 3, 4, 3, 2, 1, 1, 2, 3, 4, 3, 4, 1, 2))
    out = read(base, list(clue_group(CLUES).marks), "", other, Choice(unique=lambda m: True))
    assert not out.readings and out.dropped[0].status == "rejected"


def test_numbers_on_edges_are_read_as_a_function_of_the_two_cells():
    edges = [
        ((0, 0), (0, 1)),
        ((0, 2), (0, 3)),
        ((0, 3), (1, 3)),
        ((1, 1), (1, 2)),
        ((1, 2), (2, 2)),
        ((1, 3), (2, 3)),
        ((2, 0), (3, 0)),
        ((3, 2), (3, 3)),
    ]
    digit = dict(zip([(r, c) for r in range(4) for c in range(4)], GRID))
    marks = tuple(
        Mark("circle", "edge", (a, b), "white", 0.3, str(abs(digit[a] - digit[b])))
        for a, b in edges
    )
    givens = tuple(d if i in (7, 9) else 0 for i, d in enumerate(GRID))
    base = Model.from_puzzle(Puzzle(FOUR, givens))
    proposed = parts.propose(Group(marks), FOUR, [])
    assert all(h.variants[0].scope == "pair" for h in proposed[:-1])
    picked = selection.choose(base, [], [proposed])
    assert picked.taken[0].label == "difference of the pair = clue"
    model = Model.from_puzzle(Puzzle(FOUR, givens), variants=list(picked.taken[0].variants))
    assert tuple(api.solve(model).solution.cells) == GRID


def test_a_time_limit_already_passed_reads_nothing_and_raises_nothing():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    with deadline.within(0.0):
        assert parts.read_groups(base, [], [clue_group(CLUES)], []) == ([], None)


def test_groups_of_words_or_in_cells_are_not_read_by_parts():
    words = Group((Mark("text", "outside", ((-1, 0),), "black", 0.5, "left"),))
    inside = Group((Mark("text", "cell", ((0, 0),), "black", 0.5, "3"),))
    assert not parts.readable(words) and not parts.readable(inside)
    assert parts.readable(clue_group(CLUES))


def test_several_numbers_in_one_clue_read_only_as_digits_the_cells_hold():
    pair = Group((Mark("text", "outside", ((-1, 0),), "black", 0.5, "1 2"),))
    labels = [h.label for h in parts.propose(pair, FOUR, ["The digits must appear nearby."])]
    assert labels[0] == "the clue's digits are in the first X cells (X the first digit)"
    assert all(label.startswith("the clue's digits are in") for label in labels[:-1])
    assert labels[-1] == parts.DECORATION


def test_two_readings_with_one_solution_and_no_word_for_either_are_both_named():
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    picked = selection.choose(base, [], [parts.propose(clue_group(FEWER), FOUR, [])])
    assert "the rules text favours neither" in picked.why
    assert picked.taken[0] is not None
    assert picked.dropped[-1].endswith("also leaves one solution, not taken")


def test_many_clues_outside_a_9x9_read_in_bounded_memory(cli_peak, tmp_path):
    sides = [f"R0C{k}" for k in range(1, 10)] + [f"R10C{k}" for k in range(1, 10)]
    sides += [f"R{k}C0" for k in range(1, 10)] + [f"R{k}C10" for k in range(1, 10)]
    puzzle = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "ruleset": "Clues outside the grid give the sum of the digits between the 1 and the 9.",
        "text": [
            {"cells": [cell], "value": str(5 + k % 20), "fontC": "#000000", "size": 0.5}
            for k, cell in enumerate(sides)
        ],
    }
    path = tmp_path / "outside.json"
    path.write_text(json.dumps(puzzle), encoding="utf-8")
    code, err, grown, _ = cli_peak("read", str(path))
    assert code == 0 and "Traceback" not in err
    assert grown < 400


def test_cages_that_hold_their_clues_digits_are_read_so_by_solving():
    cages = {((1, 1), (1, 2)): "14", ((0, 3), (1, 3)): "24", ((2, 1), (2, 2)): "14"}
    group = Group(tuple(Mark("cage", "area", cells, "black", 1.0, t) for cells, t in cages.items()))
    text = ["Digits in a cage's corner must appear somewhere in that cage."]
    proposed = parts.propose(group, FOUR, text)
    assert proposed[0].label == "the clue's digits are in the cage"
    picked = selection.choose(Model.from_puzzle(Puzzle.empty((2, 2))), [], [proposed])
    assert picked.taken[0].label == "the clue's digits are in the cage"
    model = Model.from_puzzle(Puzzle.empty((2, 2)), variants=list(picked.taken[0].variants))
    assert tuple(api.solve(model).solution.cells) == GRID


def test_lines_from_a_circle_are_held_to_the_circles_digit_as_the_text_ranks():
    line = Mark("bulbline", "path", ((0, 0), (0, 1), (1, 1)), "grey", 0.1)
    group = Group((line, Mark("bulbline", "path", ((0, 0), (1, 0)), "grey", 0.1)))
    text = ["The circle counts the odd digits along its lines."]
    (first, *_, last) = parts.propose(group, FOUR, text)
    assert first.label == "odd count of the line from the circle = the circle's digit"
    (rule,) = first.variants  # the two lines share one circle: one rule over both
    assert rule.cells == ((0, 0), (0, 1), (1, 1), (1, 0))
    assert last.label == parts.DECORATION


def test_a_line_with_no_number_takes_the_texts_and_its_comparison():
    group = Group((Mark("line", "path", ((0, 0), (1, 1), (2, 2)), "blue", 0.1),))
    text = ["Digits on a line sum to no more than five."]
    assert parts.readable(group, text) and not parts.readable(group, ["Lines are lines."])
    labels = [h.label for h in parts.propose(group, FOUR, text)]
    assert labels[0] == "sum of the line <= 5"
    assert "sum of the line = 5" in labels


def test_places_the_text_names_make_a_window_past_the_first_cells():
    group = clue_group({(-1, 0): 12})
    text = ["Clue digits appear in the second or third cell from the clue."]
    labels = [h.label for h in parts.propose(group, FOUR, text)]
    assert labels[0] == "the clue's digits are in cells 2 to 3"
    assert evidence.named_window(["The first cell is odd."]) is None


def test_rules_read_elsewhere_that_leave_no_solution_are_named_so():
    # two rules read elsewhere that no pair of digits meets at once: nothing has a solution,
    # decoration included, and the choice says the fault lies with those rules
    pair = ((0, 0), (0, 1))
    others = [Composed("pair", "sum", "=", (3,), cells=pair)]
    others.append(Composed("pair", "sum", "=", (7,), cells=pair))
    base = Model.from_puzzle(Puzzle.empty((2, 2)), variants=others)
    picked = selection.choose(base, others, [parts.propose(clue_group(FEWER), FOUR, [])])
    assert picked.none_left and picked.taken == (None,)
    assert "not even decoration" in picked.why
    out = read(base, list(clue_group(FEWER).marks), "", None, Choice(unique=lambda m: True))
    assert any(note.startswith("marks read by parts: no reading") for note in out.notes())


def test_each_two_cells_side_by_side_on_a_line_take_a_pair_function():
    group = Group((Mark("line", "path", ((0, 0), (0, 1), (1, 1)), "teal", 0.1),))
    text = ["Adjacent digits on a teal line differ by at least 2."]
    best = parts.propose(group, FOUR, text)[0]
    assert best.label == "difference of each two cells side by side on the line >= 2"
    assert [rule.cells for rule in best.variants] == [((0, 0), (0, 1)), ((0, 1), (1, 1))]


def test_unwritten_edge_marks_take_the_texts_number_and_the_negative_it_states():
    dots = Group((Mark("diamond", "edge", ((0, 0), (0, 1)), "white", 0.3),))
    text = ["Digits across a diamond sum to 5.", "All possible diamonds are given."]
    best = parts.propose(dots, FOUR, text)[0]
    assert best.label == "sum of the pair = 5; no unmarked pair has it"
    assert isinstance(best.variants[-1], NoOther)
    plain = parts.propose(dots, FOUR, text[:1])
    assert not any("unmarked" in h.label for h in plain)
    assert not parts.readable(dots, ["Diamonds are decoration."])


def test_cages_without_a_number_take_the_texts_and_a_count_of_repeats():
    group = Group((Mark("cage", "area", ((0, 0), (1, 1), (2, 2), (3, 3)), "black", 1.0),))
    text = ["Digits in a cage repeat: each exactly twice."]
    proposed = [h.label for h in parts.propose(group, FOUR, text)]
    assert proposed[0] == "repeats of the cage = 2"
    assert "a 2 is in the cage" in proposed
    assert evidence.text_numbers(text) == (2,)


def test_each_mark_may_be_one_of_two_readings_where_the_text_says_either():
    cages = {((1, 1), (1, 2)): "5", ((0, 3), (1, 3)): "24", ((2, 1), (2, 2)): "4"}
    group = Group(tuple(Mark("cage", "area", cells, "black", 1.0, t) for cells, t in cages.items()))
    text = ["Each cage is either a sum of its digits, or its clue's digits appear in it."]
    best = parts.propose(group, FOUR, text)[0]
    assert best.label == (
        "sum of the cage = clue, or the clue's digits are in the cage, each mark its own"
    )
    five, twenty_four, four = best.variants
    # no 5 on a 4x4, nor a sum of 24 from two cells: each of those clues reads one way
    assert five == Composed("cells", "sum", "=", (5,), cells=((1, 1), (1, 2)))
    assert twenty_four == Composed("cells", "digits", "has", (2, 4), cells=((0, 3), (1, 3)))
    assert isinstance(four, OneOf) and len(four.rules) == 2
    plain = parts.propose(group, FOUR, ["Clue digits appear in the cage."])
    assert not any("each mark its own" in h.label for h in plain)


def test_marks_too_long_or_with_no_grid_digit_are_not_read_by_parts():
    long_cage = Mark("cage", "area", tuple((k // 4, k % 4) for k in range(16)) * 2, "black", 1, "5")
    base = Model.from_puzzle(Puzzle.empty((2, 2)))
    assert parts.read_groups(base, [], [Group((long_cage,))], []) == ([], None)
    zero = Group((Mark("cage", "area", ((0, 0), (0, 1)), "black", 1.0, "30"),))
    labels = [h.label for h in parts.propose(zero, FOUR, ["Clue digits appear in the cage."])]
    assert "the clue's digits are in the cage" not in labels  # a 0 is no digit of the grid
