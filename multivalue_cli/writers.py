"""Output: Parquet shards with the input schema, the edit log, and the manifest.

Everything is written under a temporary name and renamed into place when complete, so a file
under a final name is always whole. Shards are named ``data/<split>-0000i-of-0000N.parquet``
(the count is known only at the end, so shards are renamed when the run finishes).
"""
from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import IO, Iterable, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

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
    ]
)
OUR_FILES = ("data", "edits.parquet", "manifest.json")


class OutputError(Exception):
    pass


def atomic_write_text(path: Path, text: str) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def prepare_output_dir(out: Path, overwrite: bool) -> None:
    """Create ``out``; refuse a non-empty folder unless ``overwrite`` (then clear only our files)."""
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} exists and is not a folder")
    if out.exists() and any(out.iterdir()):
        if not overwrite:
            raise OutputError(
                f"{out} is not empty; choose another -o folder or pass --overwrite to replace it"
            )
        for name in OUR_FILES:
            target = out / name
            if target.is_dir():
                for child in target.iterdir():
                    child.unlink()
                target.rmdir()
            elif target.exists():
                target.unlink()
        for stale in out.glob(".*.tmp"):
            stale.unlink()
    (out / "data").mkdir(parents=True, exist_ok=True)


class ShardWriter:
    """Writes records into shards of at most ``shard_size`` rows, in Parquet (one row group
    per batch) or JSON lines.

    ``fmt="auto"`` writes Parquet unless the records cannot be typed by Arrow (the Spider
    release's ``sql`` field mixes numbers and strings in one list), in which case it writes
    JSON lines of the same records and says so: nothing is coerced or dropped.
    """

    def __init__(self, out: Path, split: str, schema: pa.Schema | None, shard_size: int,
                 fmt: str = "auto") -> None:
        self.folder = out / "data"
        self.split = split
        self.schema = schema
        self.shard_size = shard_size
        self.format = "parquet" if (fmt == "auto" and schema is not None) else fmt
        self._parquet: pq.ParquetWriter | None = None
        self._jsonl: IO[str] | None = None
        self._rows_in_shard = 0
        self._tmp_paths: list[Path] = []
        self.rows = 0

    @property
    def suffix(self) -> str:
        return "jsonl" if self.format == "jsonl" else "parquet"

    def write(self, records: list[dict]) -> None:
        start = 0
        while start < len(records):
            if not self._tmp_paths or self._rows_in_shard >= self.shard_size:
                self._open_shard(records[start:])
            take = min(len(records) - start, self.shard_size - self._rows_in_shard)
            self._write_rows(records[start:start + take])
            start += take

    def _open_shard(self, upcoming: list[dict]) -> None:
        self._close_current()
        if self.format == "auto":
            self.format, self.schema = _choose_format(upcoming[: self.shard_size])
        elif self.format == "parquet" and self.schema is None:
            self.schema = pa.Table.from_pylist(upcoming[: self.shard_size]).schema
        tmp = self.folder / f".{self.split}-{len(self._tmp_paths):05d}.{self.suffix}.tmp"
        if self.format == "jsonl":
            self._jsonl = open(tmp, "w", encoding="utf-8")
        else:
            self._parquet = pq.ParquetWriter(tmp, self.schema)
        self._tmp_paths.append(tmp)
        self._rows_in_shard = 0

    def _write_rows(self, records: list[dict]) -> None:
        if self._jsonl is not None:
            self._jsonl.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        else:
            self._parquet.write_table(self._table(records))
        self._rows_in_shard += len(records)
        self.rows += len(records)

    def _table(self, records: list[dict]) -> pa.Table:
        try:
            return pa.Table.from_pylist(records, schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, KeyError):
            pass
        # JSON input whose later records show types the first ones did not: widen the schema
        # and continue in a new shard rather than lose records.
        try:
            widened = pa.unify_schemas(
                [self.schema, pa.Table.from_pylist(records).schema], promote_options="permissive")
            table = pa.Table.from_pylist(records, schema=widened)
        except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
            raise OutputError(
                f"records from row {self.rows} on cannot be stored with the types of the earlier "
                f"rows ({exc}); write JSON lines instead with --format jsonl"
            ) from None
        print(f"note: records change type at row {self.rows}; continuing with a widened schema "
              "in a new shard", file=sys.stderr)
        self.schema = widened
        self._rows_in_shard = self.shard_size
        self._open_shard(records)
        return table

    def _close_current(self) -> None:
        if self._parquet is not None:
            self._parquet.close()
            self._parquet = None
        if self._jsonl is not None:
            self._jsonl.close()
            self._jsonl = None

    def close(self) -> list[str]:
        """Finish the last shard and rename all shards to their final names."""
        if not self._tmp_paths:  # no records at all: still write one (empty) shard
            if self.format == "auto":
                self.format = "jsonl" if self.schema is None else "parquet"
            self.schema = self.schema or pa.schema([])
            self._open_shard([])
        self._close_current()
        total = len(self._tmp_paths)
        names = []
        for k, tmp in enumerate(self._tmp_paths):
            name = f"{self.split}-{k:05d}-of-{total:05d}.{self.suffix}"
            os.replace(tmp, self.folder / name)
            names.append(f"data/{name}")
        return names

    def abort(self) -> None:
        self._close_current()


def _choose_format(records: list[dict]) -> tuple[str, pa.Schema | None]:
    try:
        return "parquet", pa.Table.from_pylist(records).schema
    except (pa.ArrowInvalid, pa.ArrowTypeError) as exc:
        print(f"note: the records hold values Parquet cannot type ({exc}); writing JSON lines "
              "shards instead", file=sys.stderr)
        return "jsonl", None


class JsonlRecordWriter:
    """Writes records as JSON lines (``-o -``: to stdout)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream
        self.rows = 0

    def write(self, records: list[dict]) -> None:
        self.stream.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        self.stream.flush()
        self.rows += len(records)

    def close(self) -> list[str]:
        return []

    def abort(self) -> None:
        self.stream.flush()


class EditLogWriter:
    """The edit log: one row per applied edit, as Parquet (default) or JSON lines (``.jsonl``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.rows = 0
        self._tmp = path.with_name(f".{path.name}.tmp") if path else None
        self._parquet: pq.ParquetWriter | None = None
        self._jsonl: IO[str] | None = None
        if path is not None and path.suffix == ".jsonl":
            self._jsonl = open(self._tmp, "w", encoding="utf-8")
        elif path is not None:
            self._parquet = pq.ParquetWriter(self._tmp, EDIT_LOG_SCHEMA)

    def write(self, rows: Sequence[tuple]) -> None:
        if not rows or self.path is None:
            return
        if self._jsonl is not None:
            names = EDIT_LOG_SCHEMA.names
            self._jsonl.write("".join(json.dumps(dict(zip(names, r)), ensure_ascii=False) + "\n" for r in rows))
        else:
            columns = list(zip(*rows))
            table = pa.Table.from_arrays(
                [pa.array(col, type=f.type) for col, f in zip(columns, EDIT_LOG_SCHEMA)],
                schema=EDIT_LOG_SCHEMA,
            )
            self._parquet.write_table(table)
        self.rows += len(rows)

    def close(self) -> None:
        if self.path is None:
            return
        if self._jsonl is not None:
            self._jsonl.close()
        if self._parquet is not None:
            self._parquet.close()
        os.replace(self._tmp, self.path)

    def abort(self) -> None:
        for handle in (self._jsonl, self._parquet):
            if handle is not None:
                handle.close()


def edit_rows(key: int, path: str, edits: Iterable) -> list[tuple]:
    return [(key, path, e.ewave, e.feature, e.start, e.end, e.before, e.after) for e in edits]
