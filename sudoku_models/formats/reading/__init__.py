"""Rules read from a puzzle's rules text and the marks it draws, one part a module:

- :mod:`~sudoku_models.formats.reading.marks`: each drawing of a file as a neutral mark;
- :mod:`~sudoku_models.formats.reading.grouping`: marks sorted into groups of one style;
- :mod:`~sudoku_models.formats.reading.text`: the rules text read into claims through the
  phrases of :mod:`~sudoku_models.formats.reading.vocabulary`;
- :mod:`~sudoku_models.formats.reading.builders`: a claim made variant rules on a group;
- :mod:`~sudoku_models.formats.reading.choice`: the choice between readings (the solution a
  file embeds, the readings a user gives, a check of uniqueness);
- :mod:`~sudoku_models.formats.reading.parts`: readings composed from parts, proposed from the
  shapes of the groups no claim reads, ranked by what the text says
  (:mod:`~sudoku_models.formats.reading.evidence`) and chosen by solving
  (:mod:`~sudoku_models.formats.reading.selection`);
- :mod:`~sudoku_models.formats.reading.functions`: sum rules of the file's keys that the text
  gives another function;
- :mod:`~sudoku_models.formats.reading.phrases`: readings composed from parts given in words;

and :mod:`~sudoku_models.formats.reading.reader`, which reads them together (:func:`read`).
"""

from __future__ import annotations

from .builders import BUILDERS, GLOBAL
from .choice import COSMETIC, MAX_TRIES, Choice, Reading, choosing, given
from .grouping import Group, groups, with_bulbs, with_labels
from .marks import Mark, colour_name, fpuzzles_marks, sudokupad_marks
from .reader import Outcome, read
from .text import Claim, claims

__all__ = [
    "BUILDERS",
    "COSMETIC",
    "GLOBAL",
    "MAX_TRIES",
    "Choice",
    "Claim",
    "Group",
    "Mark",
    "Outcome",
    "Reading",
    "choosing",
    "claims",
    "colour_name",
    "fpuzzles_marks",
    "given",
    "groups",
    "read",
    "sudokupad_marks",
    "with_bulbs",
    "with_labels",
]
