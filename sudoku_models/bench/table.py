"""A table of named columns: text and HTML display, pandas, CSV and JSON files that read back."""

from __future__ import annotations

import csv
import html
import io
import json
import os
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, overload

from ..errors import MissingDependencyError

Row = dict[str, Any]


class Table:
    """Rows as a list of dicts sharing the same columns.

    ``column_types`` (column -> ``int``, ``float`` or ``str``) tells :meth:`read_csv` how to turn
    text back into values; ``default_columns`` names the columns of an empty table.
    """

    column_types: ClassVar[dict[str, type]] = {}
    default_columns: ClassVar[tuple[str, ...]] = ()

    def __init__(
        self, rows: Iterable[Mapping[str, Any]], columns: Sequence[str] | None = None
    ) -> None:
        self.rows: list[Row] = [dict(row) for row in rows]
        if columns is None:
            columns = tuple(self.rows[0]) if self.rows else self.default_columns
        self.columns: tuple[str, ...] = tuple(columns)

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    def __getitem__(self, index: int) -> Row:
        return self.rows[index]

    def __repr__(self) -> str:
        return f"{type(self).__name__}({len(self.rows)} rows, columns={list(self.columns)})"

    def __str__(self) -> str:
        return self.to_text()

    def column(self, name: str) -> list[Any]:
        """The values of one column, top to bottom."""
        return [row[name] for row in self.rows]

    def to_text(self, max_rows: int | None = 30) -> str:
        """The table as aligned plain text, cut after ``max_rows`` rows (None: all)."""
        shown = self.rows if max_rows is None else self.rows[:max_rows]
        cells = [list(self.columns)] + [
            [_format(row.get(c)) for c in self.columns] for row in shown
        ]
        widths = [max(len(line[i]) for line in cells) for i in range(len(self.columns))]
        numeric = [all(isinstance(row.get(c), (int, float)) for row in shown) for c in self.columns]
        lines = []
        for line in cells:
            parts = [
                text.rjust(width) if is_number else text.ljust(width)
                for text, width, is_number in zip(line, widths, numeric, strict=True)
            ]
            lines.append("  ".join(parts).rstrip())
        lines.insert(1, "  ".join("-" * width for width in widths))
        if len(shown) < len(self.rows):
            lines.append(f"... {len(self.rows) - len(shown)} more rows")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(c)}</th>" for c in self.columns)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(_format(row.get(c)))}</td>" for c in self.columns)
            + "</tr>"
            for row in self.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"

    def to_pandas(self) -> Any:
        """The table as a ``pandas.DataFrame``."""
        try:
            import pandas as pd
        except ImportError:
            raise MissingDependencyError("DataFrames need pandas: pip install pandas") from None
        return pd.DataFrame(self.rows, columns=list(self.columns))

    @overload
    def to_csv(self, path: None = None) -> str: ...
    @overload
    def to_csv(self, path: str | os.PathLike[str]) -> None: ...
    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str | None:
        """The table as CSV with a header line: written to ``path``, or returned without one.

        >>> print(Table([{"backend": "sat", "ms": 1.5}]).to_csv(), end="")
        backend,ms
        sat,1.5
        """
        out = io.StringIO()
        writer = csv.DictWriter(
            out, fieldnames=self.columns, extrasaction="ignore", lineterminator="\n"
        )
        writer.writeheader()
        writer.writerows(self.rows)
        return _write_or_return(out.getvalue(), path)

    @overload
    def to_json(self, path: None = None) -> str: ...
    @overload
    def to_json(self, path: str | os.PathLike[str]) -> None: ...
    def to_json(self, path: str | os.PathLike[str] | None = None) -> str | None:
        """The table as a JSON list of row objects: written to ``path``, or returned without one."""
        records = [{c: row.get(c) for c in self.columns} for row in self.rows]
        return _write_or_return(json.dumps(records, indent=1), path)

    @classmethod
    def read_csv(cls, path: str | os.PathLike[str]) -> Table:
        """Read a table written by :meth:`to_csv`, typing the columns this class knows."""
        with open(path, encoding="utf-8", newline="") as handle:
            reader = csv.DictReader(handle)
            rows = [
                {c: _typed(text, cls.column_types.get(c, str)) for c, text in row.items()}
                for row in reader
            ]
            columns = reader.fieldnames or cls.default_columns
        return cls(rows, columns)

    @classmethod
    def read_json(cls, path: str | os.PathLike[str]) -> Table:
        """Read a table written by :meth:`to_json`."""
        with open(path, encoding="utf-8") as handle:
            records = json.load(handle)
        return cls(records)


def _write_or_return(text: str, path: str | os.PathLike[str] | None) -> str | None:
    """Write ``text`` to ``path`` (returning None), or return it when there is no path."""
    if path is None:
        return text
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write(text)
    return None


def _typed(text: str, kind: type) -> Any:
    if kind is str:
        return text
    if text == "":
        return None
    return kind(text)


def _format(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.2f}"
    return str(value)
