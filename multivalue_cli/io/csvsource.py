"""CSV and TSV inputs (``.csv``, ``.tsv`` and their ``.gz``), read as
``datasets.load_dataset("csv", data_files=..., delimiter=...)`` reads them: pandas'
``read_csv`` with the settings ``datasets`` gives it (the header on the first line, each column
typed by pandas over 10,000 rows at a time, cells such as ``NA``, ``None`` or an empty one read
as nulls), the table made by ``pyarrow.Table.from_pandas`` and later chunks cast to the first
chunk's types. The user gets back the table they know.

Where ``datasets`` would stop at a malformed row, this reader goes on: the records are split
first (:func:`.csvtext.split_records`), and one with the wrong number of cells, broken quoting
or bytes that are not UTF-8 is given back :class:`Unreadable`, with its line and bytes (the
source makes it a bad record, listed in ``errors.jsonl``); pandas reads the others.
"""
from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, BinaryIO, Callable, Iterator, NamedTuple

from ..errors import MultivalueError
from .badrecords import BadRecord, SourceError, bad_line
from .csvtext import CsvRecord, split_records, stream_of

if TYPE_CHECKING:
    from pathlib import Path

    import pyarrow as pa

CHUNK_ROWS = 10_000  # datasets' CsvConfig.chunksize: the rows pandas types together
DELIMITERS = {".csv": ",", ".tsv": "\t"}


def delimiter_of(name: str) -> str | None:
    """The delimiter a file name says (``data.tsv.gz`` -> tab), or None for another file."""
    name = name.lower().removesuffix(".gz")
    return next((d for suffix, d in DELIMITERS.items() if name.endswith(suffix)), None)


class CsvProblem(MultivalueError, ValueError):
    """The file cannot be read (its message starts with where: ", line N: ..." or ": ...")."""


class Unreadable(NamedTuple):
    """A record that cannot be read as a row: its line, why, and its bytes."""

    line: int
    reason: str
    raw: bytes


class CsvInput:
    """One CSV or TSV file: its rows (:meth:`rows`), their Arrow types (:meth:`schema`)."""

    def __init__(self, open_stream: Callable[[], BinaryIO], delimiter: str) -> None:
        self.open_stream, self.delimiter = open_stream, delimiter

    def schema(self) -> "pa.Schema | None":
        """The types of the first chunk's columns, which every row is cast to (None for a file
        without rows)."""
        for table in self._tables(self._records(), deque(), first_only=True):
            return table.schema
        return None

    def count(self) -> int | None:
        """The records after the header, readable or not (None if the file cannot be read)."""
        try:
            return max(0, sum(1 for _ in self._records()) - 1)
        except CsvProblem:
            return None

    def rows(self) -> Iterator["dict | Unreadable"]:
        """Every record after the header in file order: a dict, or :class:`Unreadable`."""
        queue: deque[CsvRecord] = deque()
        for table in self._tables(self._records(), queue):
            for row in table.to_pylist():
                while queue and queue[0].problem is not None:
                    yield _unreadable(queue.popleft())
                if not queue:
                    raise CsvProblem(f": pandas found a row where there is no record ({row!r:.60}); "
                                     "cannot tell which line is which")
                queue.popleft()
                yield row
        for record in queue:
            if record.problem is None:
                raise CsvProblem(f", line {record.line}: pandas did not read this record as a row; "
                                 "cannot tell which line is which")
            yield _unreadable(record)

    def _records(self) -> Iterator[CsvRecord]:
        try:
            with self.open_stream() as stream:
                yield from split_records(stream, self.delimiter)
        except (OSError, EOFError) as exc:  # unreadable file, damaged or truncated gzip
            raise CsvProblem(f": cannot read ({exc})") from None

    def _tables(self, records: Iterator[CsvRecord], queue: deque, first_only: bool = False) -> "Iterator[pa.Table]":
        """The rows pandas reads from the header and the good records, a chunk at a time, each
        chunk cast to the first one's types; every record after the header goes to ``queue``
        (marked, when it cannot be read, with why)."""
        import pandas as pd
        import pyarrow as pa

        header = next(records, None)
        if header is None:
            return
        if header.problem is not None:
            raise CsvProblem(f", line {header.line}: the header cannot be read: {header.problem}")
        width = len(header.cells)

        def good_bytes() -> Iterator[bytes]:
            yield _ended(header.raw)
            for count, record in enumerate(records):
                if first_only and count >= CHUNK_ROWS:
                    return
                _check(record, width)
                queue.append(record)
                if record.problem is None:
                    yield _ended(record.raw)

        schema = None
        try:
            for frame in pd.read_csv(stream_of(good_bytes()), sep=self.delimiter, iterator=True,
                                     chunksize=CHUNK_ROWS):
                table = pa.Table.from_pandas(frame, preserve_index=False).replace_schema_metadata(None)
                schema = schema or table.schema
                try:
                    yield table.cast(schema)
                except (pa.ArrowInvalid, pa.ArrowNotImplementedError) as exc:
                    raise CsvProblem(f": rows after the first {CHUNK_ROWS:,} hold values the "
                                      f"types of the first rows cannot hold ({exc}); datasets stops there too") from None
                if first_only:
                    return
        except pd.errors.EmptyDataError:
            return
        except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as exc:
            raise CsvProblem(f": pandas cannot read it ({exc})") from None


def _unreadable(record: CsvRecord) -> Unreadable:
    return Unreadable(record.line, record.problem, record.raw)


def _check(record: CsvRecord, width: int) -> None:
    """Mark a record that pandas would not read as one row of ``width`` cells."""
    if record.problem is not None:
        return
    if len(record.cells) != width:
        record.problem = f"{len(record.cells)} cells where the header has {width}"
        return
    try:
        record.raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        record.problem = f"not UTF-8 text ({exc.reason})"


def _ended(raw: bytes) -> bytes:
    return raw if raw.endswith(b"\n") else raw + b"\n"


def csv_reader(path: Path, spec: str, delimiter: str, opener: Callable[[], BinaryIO]
               ) -> tuple["pa.Schema", Callable[[], Iterator[dict | BadRecord]], Callable[[], int] | None]:
    """A CSV or TSV file read as datasets reads it: its schema, its records (a row that cannot
    be read is a :class:`~.badrecords.BadRecord` with its line) and, unless it is gzipped, how
    many there are."""
    table = CsvInput(opener, delimiter)

    def rows() -> Iterator[dict | BadRecord]:
        try:
            for row in table.rows():
                yield bad_line(spec, *row) if isinstance(row, Unreadable) else row
        except CsvProblem as exc:
            raise SourceError(f"{spec}{exc}") from None

    try:
        schema = table.schema()
    except CsvProblem as exc:
        raise SourceError(f"{spec}{exc}") from None
    return schema, rows, None if path.name.lower().endswith(".gz") else table.count
