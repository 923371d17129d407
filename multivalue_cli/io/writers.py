"""Output files: data shards (Parquet or JSON lines) and edit-log parts, each written by one
atomic table writer; JSON-lines records on a stream.

Every file is written under a temporary name (``.name.tmp``) and renamed into place when it
is complete, so a file under a final name is always whole. JSON lines are written with
:mod:`multivalue_cli.io.jsontext`, so numbers come back as they were written.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import IO, Callable, Iterable, NamedTuple, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import EXIT_FAILED, MultivalueError
from . import jsontext
from .jsoncolumns import JsonColumns
from .pandas_probe import spare_pandas_probe

EDIT_LOG_SCHEMA = pa.schema(
    [
        ("key", pa.int64()),
        ("field", pa.string()),
        ("ewave", pa.int32()),
        ("feature", pa.string()),
        ("start", pa.int32()),
        ("end", pa.int32()),
        ("before", pa.string()),
        ("after", pa.string()),
        ("span_rows", pa.int32()),
    ]
)


# Columns the edit log of a run with many outputs has beside these (see run/fanout.py): the
# dialect, where one output holds several, and the variant, where there are several.
EDIT_LOG_EXTRA_COLUMNS = {"dialect": pa.string(), "variant": pa.int32()}


class EditRow(NamedTuple):
    """One row of the edit log: one applied edit of one text (the columns of
    :data:`EDIT_LOG_SCHEMA`, in its order)."""

    key: int  # the record key: the input row
    field: str  # the concrete field path of the text
    ewave: int  # the feature's eWAVE number; 0 for a learner error
    feature: str  # the rule's name, or the learner error's ERRANT type
    start: int  # the span replaced, in the text the edit's stage read
    end: int
    before: str
    after: str
    # how many rows of this text carry this span: sites whose spans meet are merged, each
    # keeping its own row with the merged span, so a missing row can be told
    span_rows: int


NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)


def temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


def new_file(path: Path, mode: str = "wb") -> IO:
    """``path`` opened as a new file: whatever had that name (a stale temporary file, a symbolic
    link planted there) is removed first, the link itself and never what it points to, and the
    file is created exclusively, so no write goes through a link."""
    path.unlink(missing_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | NO_FOLLOW, 0o666)
    return open(fd, mode, encoding="utf-8" if "b" not in mode else None)


def atomic_write_text(path: Path, text: str) -> None:
    tmp = temporary(path)
    with new_file(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


class SchemaMismatch(MultivalueError, code=EXIT_FAILED):
    """A record the shard's schema cannot hold exactly (the input changed during the run?)."""


def json_lines(records: Iterable[dict]) -> bytes:
    return "".join(jsontext.dumps(r) + "\n" for r in records).encode("utf-8")


class AtomicTableFile:
    """A table written to ``path`` atomically, as Parquet or JSON lines.

    Parquet rows are cut into row groups of a fixed ``group_rows``, each written from one
    contiguous table, so a file's bytes do not depend on the batches it was written in (a
    column of a table made of several batches is paged at their seams) nor on the resume point.
    A subclass says how its rows become an Arrow table (:meth:`_table`) and JSON lines
    (:meth:`_lines`)."""

    group_rows = 10_000

    def __init__(self, path: Path, fmt: str, schema: pa.Schema | None) -> None:
        self.path = path
        self.tmp = temporary(path)
        self.schema = schema
        self.rows = 0
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._file: IO[bytes] = new_file(self.tmp)
        self._parquet = pq.ParquetWriter(self._file, schema) if fmt == "parquet" else None
        # every format but Parquet is lines of text (JSON lines, CSV), written as they come
        self._jsonl: IO[bytes] | None = self._file if fmt != "parquet" else None

    def write(self, rows: Sequence, first_row: int = 0) -> None:
        """Write ``rows`` (input rows from ``first_row``, for the messages of a subclass)."""
        if not rows:
            return
        if self._jsonl is not None:
            self._jsonl.write(self._lines(rows))
        else:
            table = self._table(rows, first_row)
            self._buffer.append(table)
            self._buffered += table.num_rows
            if self._buffered >= self.group_rows:
                self._write_groups(final=False)
        self.rows += len(rows)

    def _table(self, rows: Sequence, first_row: int) -> pa.Table:
        raise NotImplementedError

    def _lines(self, rows: Sequence) -> bytes:
        raise NotImplementedError

    def _write_groups(self, final: bool) -> None:
        """Write whole row groups (and, at the end, the rest)."""
        table = pa.concat_tables(self._buffer) if self._buffer else self.schema.empty_table()
        whole = table.num_rows - table.num_rows % self.group_rows
        cut = table.num_rows if final else whole
        if cut:  # an empty file has its schema and no row group (a 0-row group breaks readers)
            self._parquet.write_table(table.slice(0, cut).combine_chunks(),
                                      row_group_size=self.group_rows)
        rest = table.slice(cut)
        self._buffer = [rest] if rest.num_rows else []
        self._buffered = rest.num_rows

    def close(self) -> None:
        """Finish the file and give it its name."""
        if self._parquet is not None:
            self._write_groups(final=True)
            self._parquet.close()
        if self._jsonl is not None:
            self._jsonl.flush()
            os.fsync(self._jsonl.fileno())
        self._file.close()
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        for handle in (self._parquet, self._file):
            try:
                if handle is not None:
                    handle.close()
            except Exception:  # noqa: BLE001 - the file is being thrown away
                pass
        self.tmp.unlink(missing_ok=True)



class ShardFile(AtomicTableFile):
    """One data shard: records, as Parquet or JSON lines.

    ``fits`` (for schemas inferred from JSON records) checks each record before Arrow converts
    it: ``from_pylist`` would silently drop a key the schema lacks or truncate a decimal."""

    def __init__(self, path: Path, fmt: str, schema: pa.Schema | None,
                 fits: Callable[[dict], bool] | None = None) -> None:
        super().__init__(path, fmt, schema)
        self.fits = fits
        self.json_columns = JsonColumns(schema) if fmt == "parquet" else JsonColumns(None)

    def _lines(self, records: Sequence[dict]) -> bytes:
        return json_lines(records)

    def _table(self, records: Sequence[dict], first_row: int) -> pa.Table:
        """The records as one table (converted once per batch; row groups are cut from the
        converted tables); :class:`SchemaMismatch` for one the schema cannot hold exactly."""
        if self.fits is not None:
            for k, record in enumerate(records):
                if not self.fits(record):
                    raise SchemaMismatch(f"a record has keys or value types that the input did "
                                         f"not have when it was first read (near row "
                                         f"{first_row + k}); did the input change during the run?")
        if self.json_columns:
            records = [self.json_columns.encode(record) for record in records]
        spare_pandas_probe()
        try:
            return pa.Table.from_pylist(records, schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise SchemaMismatch(f"a record does not fit the input's schema (near row "
                                 f"{first_row}): {exc}") from None


class EditLogWriter(AtomicTableFile):
    """The edit log: one :class:`EditRow` per applied edit, as Parquet (the default) or JSON
    lines (a path ending in ``.jsonl``); no file at all for ``path=None``."""

    group_rows = 50_000

    def __init__(self, path: Path | None, extra: Sequence[str] = ()) -> None:
        """``extra``: columns of :data:`EDIT_LOG_EXTRA_COLUMNS` the rows have after the others."""
        self.path, self.rows, self.enabled = path, 0, path is not None
        schema = EDIT_LOG_SCHEMA
        for name in extra:
            schema = schema.append(pa.field(name, EDIT_LOG_EXTRA_COLUMNS[name]))
        if path is not None:
            super().__init__(path, "jsonl" if path.suffix == ".jsonl" else "parquet", schema)

    def write(self, rows: Sequence[EditRow], first_row: int = 0) -> None:
        if self.enabled:
            super().write(rows, first_row)

    def _lines(self, rows: Sequence[EditRow]) -> bytes:
        names = self.schema.names
        return "".join(jsontext.dumps(dict(zip(names, row))) + "\n" for row in rows).encode("utf-8")

    def _table(self, rows: Sequence[EditRow], first_row: int) -> pa.Table:
        spare_pandas_probe()
        columns = zip(*rows)
        return pa.Table.from_arrays([pa.array(column, type=f.type)
                                     for column, f in zip(columns, self.schema)],
                                    schema=self.schema)

    def close(self) -> None:
        if self.enabled:
            super().close()

    def discard(self) -> None:
        if self.enabled:
            super().discard()



class JsonlRecordWriter:
    """Records as JSON lines on a stream (``-o -``)."""

    def __init__(self, stream: IO) -> None:
        self.stream = getattr(stream, "buffer", None) or stream
        self.binary = self.stream is not stream or "b" in getattr(stream, "mode", "")

    def write(self, records: list[dict], first_row: int = 0) -> None:
        data = json_lines(records)
        self.stream.write(data if self.binary else data.decode("utf-8"))
        self.stream.flush()

    def close(self) -> None:
        self.stream.flush()

    def discard(self) -> None:
        self.stream.flush()


def edit_rows(key: int, path: str, edits: Iterable) -> list[EditRow]:
    """Edit-log rows of one text (``span_rows`` counts the rows sharing a span: every span is in
    the input's coordinates, whatever stage made it)."""
    edits = list(edits)
    shared = Counter((e.start, e.end, e.before, e.after) for e in edits) if len(edits) > 1 else None
    return [EditRow(key, path, e.ewave, e.feature, e.start, e.end, e.before, e.after,
                    shared[(e.start, e.end, e.before, e.after)] if shared else 1)
            for e in edits]
