"""Bounds of the counts the dataset tools accept, in the bottom layer so the command line states
them in its help without loading the tools: every count is checked against its bound before any
work starts."""

#: Most symmetric copies of each training puzzle a build writes (``augment``).
MAX_AUGMENT = 10_000

#: Most rows a build writes over both splits (about 160 bytes a row in memory for a 9x9 board,
#: more in the text formats).
MAX_ROWS = 20_000_000

#: Most puzzles ``generate:N`` asks of the generator.
MAX_GENERATE = 100_000

#: Most worker threads or processes of any dataset tool.
MAX_WORKERS = 64

#: Most symmetric copies a puzzle's search effort is averaged over when labelling.
MAX_COPIES = 1_000

#: Most copies searched over all puzzles when labelling (each is a row held in memory).
MAX_COPY_ROWS = 10_000_000
