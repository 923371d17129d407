"""Output files: data shards (Parquet or JSON lines), edit-log parts, JSON-lines errors.

Every file is written under a temporary name (``.name.tmp``) and renamed into place when it
is complete, so a file under a final name is always whole.
"""
from __future__ import annotations

import json
import os
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
OUR_FILES = ("data", "edits", "errors.jsonl", "manifest.json", "README.md", ".work")


class OutputError(Exception):
    pass


def temporary(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


def atomic_write_text(path: Path, text: str) -> None:
    tmp = temporary(path)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def prepare_output_dir(out: Path, overwrite: bool) -> None:
    """Create ``out``; refuse a non-empty folder unless ``overwrite`` (then clear only our files)."""
    if out.exists() and not out.is_dir():
        raise OutputError(f"{out} exists and is not a folder")
    if out.exists() and any(out.iterdir()):
        if not overwrite:
            raise OutputError(
                f"{out} is not empty; pass --resume to continue an unfinished run there, "
                "--overwrite to replace it, or choose another -o folder"
            )
        for name in OUR_FILES:
            _remove(out / name)
        for stale in out.glob(".*.tmp"):
            stale.unlink()
    out.mkdir(parents=True, exist_ok=True)


def _remove(target: Path) -> None:
    if target.is_dir():
        for child in target.iterdir():
            _remove(child)
        target.rmdir()
    elif target.exists():
        target.unlink()


def arrow_typable(records: Sequence[dict], schema: pa.Schema | None) -> tuple[bool, str]:
    try:
        pa.Table.from_pylist(list(records), schema=schema)
        return True, ""
    except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
        return False, str(exc)


ROW_GROUP_ROWS = 10_000  # fixed, so a file's bytes do not depend on batch size or resume point


class ShardFile:
    """One data shard. Parquet rows are buffered into row groups of ``ROW_GROUP_ROWS``."""

    def __init__(self, path: Path, fmt: str, schema: pa.Schema | None) -> None:
        self.path = path
        self.tmp = temporary(path)
        self.schema = schema
        self.rows = 0
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._parquet = pq.ParquetWriter(self.tmp, schema) if fmt == "parquet" else None
        self._jsonl: IO[str] | None = open(self.tmp, "w", encoding="utf-8") if fmt == "jsonl" else None

    def write(self, records: list[dict]) -> list[tuple[dict, str]]:
        """Write ``records``; return those Parquet cannot store in this schema, with why."""
        if self._jsonl is not None:
            self._jsonl.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
            self.rows += len(records)
            return []
        rejected: list[tuple[dict, str]] = []
        try:  # converted once per batch; row groups are cut from the converted tables
            table = pa.Table.from_pylist(records, schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError):
            fitting = []
            for record in records:  # find the records whose types differ from the earlier ones
                fits, why = arrow_typable([record], self.schema)
                if fits:
                    fitting.append(record)
                else:
                    rejected.append((record, f"its value types differ from the earlier records' ({why})"))
            table = pa.Table.from_pylist(fitting, schema=self.schema)
        self._buffer.append(table)
        self._buffered += table.num_rows
        self.rows += table.num_rows
        if self._buffered >= ROW_GROUP_ROWS:
            self._write_groups(final=False)
        return rejected

    def _write_groups(self, final: bool) -> None:
        """Write whole row groups of ``ROW_GROUP_ROWS`` (and, at the end, the rest)."""
        table = pa.concat_tables(self._buffer) if self._buffer else self.schema.empty_table()
        whole = table.num_rows - table.num_rows % ROW_GROUP_ROWS
        cut = table.num_rows if final else whole
        if cut or (final and self.rows == 0):
            self._parquet.write_table(table.slice(0, cut), row_group_size=ROW_GROUP_ROWS)
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
            self._jsonl.close()
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        for handle in (self._parquet, self._jsonl):
            try:
                if handle is not None:
                    handle.close()
            except Exception:  # noqa: BLE001 - the file is being thrown away
                pass
        self.tmp.unlink(missing_ok=True)


class JsonlRecordWriter:
    """Records as JSON lines on a stream (``-o -``)."""

    def __init__(self, stream: IO[str]) -> None:
        self.stream = stream

    def write(self, records: list[dict]) -> list[tuple[dict, str]]:
        self.stream.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        self.stream.flush()
        return []

    def close(self) -> None:
        self.stream.flush()

    def discard(self) -> None:
        self.stream.flush()


EDIT_LOG_GROUP_ROWS = 50_000


class EditLogWriter:
    """The edit log: one row per applied edit, as Parquet (default; fixed-size row groups) or
    JSON lines (``.jsonl``)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.rows = 0
        self._buffer: list[tuple] = []
        self._tmp = temporary(path) if path else None
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
            self._buffer.extend(rows)
            while len(self._buffer) >= EDIT_LOG_GROUP_ROWS:
                self._write_group(self._buffer[:EDIT_LOG_GROUP_ROWS])
                del self._buffer[:EDIT_LOG_GROUP_ROWS]
        self.rows += len(rows)

    def _write_group(self, rows: list[tuple]) -> None:
        columns = list(zip(*rows)) if rows else [[] for _ in EDIT_LOG_SCHEMA]
        table = pa.Table.from_arrays(
            [pa.array(col, type=f.type) for col, f in zip(columns, EDIT_LOG_SCHEMA)],
            schema=EDIT_LOG_SCHEMA,
        )
        self._parquet.write_table(table, row_group_size=EDIT_LOG_GROUP_ROWS)

    def close(self) -> None:
        if self.path is None:
            return
        if self._jsonl is not None:
            self._jsonl.close()
        if self._parquet is not None:
            if self._buffer:
                self._write_group(self._buffer)
                self._buffer = []
            self._parquet.close()
        os.replace(self._tmp, self.path)

    def discard(self) -> None:
        for handle in (self._jsonl, self._parquet):
            try:
                if handle is not None:
                    handle.close()
            except Exception:  # noqa: BLE001 - the file is being thrown away
                pass
        if self._tmp is not None:
            self._tmp.unlink(missing_ok=True)


def edit_rows(key: int, path: str, edits: Iterable) -> list[tuple]:
    return [(key, path, e.ewave, e.feature, e.start, e.end, e.before, e.after) for e in edits]
