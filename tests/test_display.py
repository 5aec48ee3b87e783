"""Drawing grids as text, HTML and SVG."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

import pytest

from sudoku_models import display
from sudoku_models.board import Board

SVG = "{http://www.w3.org/2000/svg}"
VOID = {"br"}


class _Cells(HTMLParser):
    """Checks that tags nest properly and collects each <td>'s style and text."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.cells: list[dict[str, str]] = []
        self.spans: list[tuple[str, str]] = []
        self.captions: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        self.stack.append(tag)
        style = dict(attrs).get("style") or ""
        if tag == "td":
            self.cells.append({"style": style, "text": ""})
        if tag == "span":
            self.spans.append((style, ""))

    def handle_endtag(self, tag):
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes {self.stack[-1:]}"
        self.stack.pop()

    def handle_data(self, data):
        if "caption" in self.stack:
            self.captions.append(data)
        elif self.stack and self.stack[-1] == "span":
            style, text = self.spans[-1]
            self.spans[-1] = (style, text + data)
        elif "td" in self.stack:
            self.cells[-1]["text"] += data


def read_html(text: str) -> _Cells:
    parser = _Cells()
    parser.feed(text)
    parser.close()
    assert parser.stack == [], f"unclosed tags {parser.stack}"
    return parser


def grid_of(box_rows: int, box_cols: int, oracle, seed: int = 0) -> list[int]:
    return oracle.random_grid(box_rows, box_cols, random.Random(seed))


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (4, 4), (5, 5)])
def test_text_grid_layout(box, oracle):
    board = Board(*box)
    n = board.n
    cells = grid_of(*box, oracle)
    cells[0] = 0
    lines = display.text_grid(board, cells).splitlines()
    separators = [line for line in lines if "+" in line]
    rows = [line for line in lines if "+" not in line]
    assert len(rows) == n
    assert len(separators) == n // box[0] - 1
    assert len({len(line) for line in lines}) == 1  # every line as wide as the others
    for k, line in enumerate(lines):
        # a separator line after every box_rows rows
        assert ("+" in line) == (k % (box[0] + 1) == box[0])
    for r, line in enumerate(rows):
        assert line.count("|") == n // box[1] - 1
        tokens = line.replace("|", " ").split()
        expected = [
            "." if d == 0 else (str(d) if n > 9 else "0123456789"[d])
            for d in cells[r * n : (r + 1) * n]
        ]
        assert tokens == expected
        width = 2 if n > 9 else 1  # two characters a cell beyond 9 so columns line up
        assert [len(part) for part in line.split(" | ")] == [(width + 1) * box[1] - 1] * (
            n // box[1]
        )


def test_text_grid_uses_numbers_beyond_nine():
    board = Board(4, 4)
    cells = [0] * 256
    cells[0], cells[1] = 16, 10
    first = display.text_grid(board, cells).splitlines()[0]
    assert first.startswith("16 10  .  . |")


def test_html_grid_marks_givens_filled_highlight_candidates_and_caption(oracle):
    board = Board(2, 2)
    solution = grid_of(2, 2, oracle, seed=4)
    givens = [d if k % 5 == 0 else 0 for k, d in enumerate(solution)]
    cells = list(solution)
    cells[1] = 0  # one empty cell with pencil marks
    candidates = {1: {solution[1], (solution[1] % 4) + 1}}
    marked = {1: {(solution[1] % 4) + 1}}
    text = display.html_grid(
        board,
        cells,
        givens=givens,
        highlight={2, 3},
        candidates=candidates,
        marked=marked,
        caption="Step <1> & more",
    )
    page = read_html(text)
    assert page.captions == ["Step <1> & more"]
    assert "&lt;1&gt; &amp;" in text  # the caption is escaped
    assert len(page.cells) == 16
    for i, cell in enumerate(page.cells):
        style = cell["style"]
        if i == 1:
            assert cell["text"].replace("\xa0", "").strip() == ""
            continue
        assert cell["text"] == str(cells[i])
        if givens[i]:
            assert "font-weight:bold" in style and display.GIVEN_COLOR in style
        else:
            assert "font-weight:normal" in style and display.FILLED_COLOR in style
        assert (display.HIGHLIGHT_COLOR in style) == (i in (2, 3))
    shown = {text for _, text in page.spans if text.strip() and text != "\xa0"}
    assert shown == {str(d) for d in candidates[1]}
    red = {text for style, text in page.spans if "#c0392b" in style}
    assert red == {str(d) for d in marked[1]}


def test_html_grid_box_borders():
    board = Board(2, 3)
    page = read_html(display.html_grid(board, [0] * 36))
    for i, cell in enumerate(page.cells):
        r, c = divmod(i, 6)
        style = cell["style"]
        assert ("border-top:2px" in style) == (r % 2 == 0)
        assert ("border-left:2px" in style) == (c % 3 == 0)


def test_html_grid_without_givens_shows_every_digit_as_given(oracle):
    cells = grid_of(3, 3, oracle)
    table = ET.fromstring(display.html_grid(Board(3, 3), cells))
    tds = table.findall("tr/td")
    assert [int(td.text) for td in tds] == cells
    assert all("font-weight:bold" in td.get("style") for td in tds)


@pytest.mark.parametrize("box", [(2, 2), (3, 3), (4, 4)])
def test_svg_grid(box, oracle):
    board = Board(*box)
    cells = grid_of(*box, oracle)
    givens = [d if k % 2 else 0 for k, d in enumerate(cells)]
    root = ET.fromstring(display.svg_grid(board, cells, givens, cell_size=10))
    texts = root.findall(f"{SVG}text")
    assert len(texts) == board.size
    for text, d, g in zip(texts, cells, givens, strict=True):
        assert int(text.text) == d
        assert text.get("fill") == (display.GIVEN_COLOR if g else display.FILLED_COLOR)
    # each digit sits inside its own cell
    for k, text in enumerate(texts):
        r, c = divmod(k, board.n)
        assert c * 10 < float(text.get("x")) < (c + 1) * 10
        assert r * 10 < float(text.get("y")) < (r + 1) * 10


def test_text_grid_draws_borders_only_where_regions_meet():
    board = Board(2, 2)
    cells = [0] * 16
    by_column = display.text_grid(board, cells, [i % 4 for i in range(16)]).splitlines()
    assert by_column == [". | . | . | ."] * 4  # a wall between every two columns, no floor
    by_row = display.text_grid(board, cells, [i // 4 for i in range(16)]).splitlines()
    assert by_row == [
        ". . . .",
        "-------",
        ". . . .",
        "-------",
        ". . . .",
        "-------",
        ". . . .",
    ]
    one = display.text_grid(board, cells, [0] * 16).splitlines()
    assert one == [". . . ."] * 4  # a single region: no inner border at all


def test_kropki_dots_are_drawn_over_the_grid_lines_and_other_rules() -> None:
    """In the SVG drawing a dot comes after the grid lines and the lines of other rules, as in
    the puzzle editors; a minimum cell is four chevrons."""
    from sudoku_models import fpuzzles

    data = {
        "size": 9,
        "grid": [[{} for _ in range(9)] for _ in range(9)],
        "difference": [{"cells": ["R2C3", "R2C4"]}],
        "palindrome": [{"lines": [["R2C1", "R2C2", "R2C3", "R2C4"]]}],
        "minimum": [{"cell": "R6C6"}],
    }
    svg = fpuzzles.read(data).to_svg()
    dot = svg.index("<circle")
    assert dot > svg.rindex("<line") and dot > svg.index("<polyline")
    assert svg.count("<polyline points=") == 1 + 4  # the palindrome, four chevrons
