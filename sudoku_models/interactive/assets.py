"""The grid component's files, shipped as package data and read once."""

from __future__ import annotations

import functools
from importlib import resources


@functools.cache
def asset(name: str) -> str:
    """The text of ``static/<name>`` (``board.js``, ``board.css``, ``page.html``)."""
    return (
        resources.files(__package__).joinpath("static").joinpath(name).read_text(encoding="utf-8")
    )
