"""The one door: every entry point reads a link, a text, a file, a Puzzle and a Model alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sudoku_models as sm
from sudoku_models import door, formats
from sudoku_models.errors import InvalidPuzzleError, SudokuModelsError, UnsupportedModelError
from sudoku_models.formats.lz import compress_to_base64
from sudoku_models.grading.explain import hint
from sudoku_models.grading.rating import rate
from sudoku_models.logic import logical_solve
from sudoku_models.model import Model
from sudoku_models.puzzle import Puzzle
from sudoku_models.setter import check
from sudoku_models.tracing import progress
from sudoku_models.variants import ParityLine, Renban

#: A 4x4 puzzle with a pink line on r1c1-r1c3 whose rules text allows two readings: as a
#: renban line (read first) it has two solutions, as a parity line one.
GIVENS = "...4\n34.2\n..4.\n.3.1"
LINE = ((0, 0), (0, 1), (0, 2))
RULES = (
    "Normal sudoku rules apply. Digits along a pink line are a set of consecutive digits, "
    "or alternate between odd and even."
)


def _fpuzzles_text() -> str:
    grid = [
        [{"value": int(ch), "given": True} if ch != "." else {} for ch in row]
        for row in GIVENS.splitlines()
    ]
    line = {"lines": [["R1C1", "R1C2", "R1C3"]], "outlineC": "#F067F0", "width": 0.4}
    return json.dumps({"size": 4, "grid": grid, "ruleset": RULES, "line": [line]})


#: The model every form of the line puzzle must read to: the reading that leaves one solution.
PARITY = Model.from_puzzle(Puzzle.parse(GIVENS), variants=[ParityLine(LINE)])

#: A classic puzzle, for the Puzzle form (a Puzzle carries no rules).
CLASSIC = Puzzle.parse(".1.....4....34..")


def _sudokupad_link() -> str:
    return "https://sudokupad.app/fpuzzles" + compress_to_base64(_fpuzzles_text())


def _inputs(tmp_path: Path) -> dict[str, tuple[Any, Model]]:
    """Each form of input, with the model it must be read as."""
    path = tmp_path / "line.txt"
    path.write_text(_sudokupad_link() + "\n", encoding="utf-8")
    return {
        "link": (_sudokupad_link(), PARITY),
        "text": (_fpuzzles_text(), PARITY),
        "file": (str(path), PARITY),
        "path": (path, PARITY),
        "model": (door.read(_fpuzzles_text()).model, PARITY),
        "puzzle": (CLASSIC, Model.from_puzzle(CLASSIC)),
    }


def _solution(model: Model) -> Puzzle:
    result = sm.solve(model, limit=2)
    assert result.solution is not None
    return result.solution


#: Each public entry point, as a function of the puzzle giving something to compare.
ENTRY_POINTS: dict[str, Callable[[Any, Model], object]] = {
    "solve": lambda p, ref: (sm.solve(p, limit=2).status, sm.solve(p).solution),
    "count_solutions": lambda p, ref: sm.count_solutions(p),
    "is_unique": lambda p, ref: sm.is_unique(p),
    "has_other_solution": lambda p, ref: sm.has_other_solution(p, _solution(ref)),
    "solve_many": lambda p, ref: [r.solution for r in sm.solve_many([p])],
    "read": lambda p, ref: sm.read(p).model,
    "trace": lambda p, ref: sm.trace(p, limit=0).counts["solutions"],
    "progress": lambda p, ref: progress(p, limit=0).solutions,
    "logical_solve": lambda p, ref: (logical_solve(p).status, logical_solve(p).grid),
    "why": lambda p, ref: (sm.why(p).status, sm.why(p).core),
    "true_candidates": lambda p, ref: sm.true_candidates(p, limit=2).counts,
    "certify": lambda p, ref: [c.certified for c in sm.certify(p)],
    "rate": lambda p, ref: rate(p).score,
    "hint": lambda p, ref: hint(p),
    "setter check": lambda p, ref: (check(p, seed=1).status, check(p, seed=1).needed_givens),
}


def _answer(entry: Callable[[Any, Model], object], puzzle: Any, ref: Model) -> object:
    """What the entry point answers, or the kind of error it refuses the puzzle with."""
    try:
        return entry(puzzle, ref)
    except SudokuModelsError as exc:
        return type(exc)


@pytest.mark.parametrize("kind", ["link", "text", "file", "path", "model", "puzzle"])
@pytest.mark.parametrize("name", list(ENTRY_POINTS))
def test_every_entry_point_reads_every_form_of_a_puzzle_the_same_way(
    name: str, kind: str, tmp_path: Path
) -> None:
    puzzle, ref = _inputs(tmp_path)[kind]
    entry = ENTRY_POINTS[name]
    assert _answer(entry, puzzle, ref) == _answer(entry, ref, ref)


def test_the_line_puzzle_has_two_solutions_as_renban_and_one_as_parity() -> None:
    renban = Model.from_puzzle(Puzzle.parse(GIVENS), variants=[Renban(LINE)])
    assert sm.count_solutions(renban) == 2 and sm.count_solutions(PARITY) == 1
    assert formats.read(_fpuzzles_text()).model.variants == (Renban(LINE),)  # no choice asked
    assert door.read(_fpuzzles_text()).model == PARITY


def test_a_reading_the_user_gives_takes_the_place_of_the_choice() -> None:
    read = door.read(_fpuzzles_text(), readings=["pink line=renban"])
    assert read.model.variants == (Renban(LINE),)


def test_readings_are_given_for_a_text_only() -> None:
    with pytest.raises(InvalidPuzzleError, match="text or file only"):
        door.read(PARITY, readings=["pink line=renban"])


def test_a_model_and_a_puzzle_come_through_with_their_form_named() -> None:
    model = door.read(_sudokupad_link()).model
    again = door.read(model)
    assert again.model is model and again.format == "model"
    assert again.warnings == model.warnings
    assert door.read(CLASSIC).format == "puzzle"
    assert door.read([[0, 1, 0, 0], [0, 0, 0, 4], [0, 0, 0, 0], [3, 4, 0, 0]]).format == "grid"


def test_a_missing_file_is_named_as_such() -> None:
    for name in ("nosuchfile.txt", "puzzles/hard.txt", "top96"):
        with pytest.raises(InvalidPuzzleError, match="no such file"):
            door.read(name)


def test_a_bad_link_keeps_its_own_error_and_bad_digits_are_no_file() -> None:
    with pytest.raises(InvalidPuzzleError) as bad_link:
        door.read("https://sudokupad.app/fpuzzles" + "A" * 40)
    assert "no such file" not in str(bad_link.value)
    with pytest.raises(InvalidPuzzleError) as bad_line:
        door.read("1" * 17)
    assert "no such file" not in str(bad_line.value)


def test_a_file_that_holds_no_puzzle_is_named_in_the_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("hello there\n", encoding="utf-8")
    with pytest.raises(InvalidPuzzleError, match=r"notes\.txt"):
        door.read(str(path))


def test_a_file_longer_than_any_puzzle_is_refused_unread(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_text("." * (door.MAX_FILE + 10), encoding="utf-8")
    with pytest.raises(InvalidPuzzleError, match="longer than"):
        door.read(path)


def test_pasted_text_is_never_taken_as_a_file_name(tmp_path: Path) -> None:
    path = tmp_path / "p.txt"
    path.write_text(".1.....4....34..\n", encoding="utf-8")
    assert door.read(str(path)).model.givens[1] == 1
    with pytest.raises(InvalidPuzzleError) as pasted:
        door.read(str(path), files=False)
    assert "no such file" not in str(pasted.value)


def test_classic_puzzle_refuses_rules_rather_than_dropping_them() -> None:
    with pytest.raises(UnsupportedModelError, match="parity"):
        door.classic_puzzle(_sudokupad_link())
    assert door.classic_puzzle(".1.....4....34..") == CLASSIC


def test_the_uniqueness_check_answers_for_the_choice_of_readings() -> None:
    renban = Model.from_puzzle(Puzzle.parse(GIVENS), variants=[Renban(LINE)])
    assert door.is_unique(PARITY) is True and door.is_unique(renban) is False


def test_a_reading_past_its_time_limit_stops_in_any_thread() -> None:
    """``sm.read(..., time_limit=)`` bounds the reading, choosing readings included, in a worker
    thread too; a limit already passed stops the first check of a rich file's reading."""
    from concurrent.futures import ThreadPoolExecutor

    from sudoku_models.errors import TimeLimitReached

    def late() -> str:
        try:
            sm.read(_fpuzzles_text(), time_limit=0)
        except TimeLimitReached as stopped:
            return str(stopped)
        return "read"

    with ThreadPoolExecutor(1) as pool:
        assert pool.submit(late).result() == "stopped by the time limit of 0 s"
    assert sm.read(_fpuzzles_text(), time_limit=60).model.variants  # in time: read as ever
