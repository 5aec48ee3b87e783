"""``python -m sudoku_models``: the same command line as ``sudoku-models``."""

from .cli import main

raise SystemExit(main())
