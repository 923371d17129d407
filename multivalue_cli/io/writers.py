"""Output files: data shards (Parquet or JSON lines), edit-log parts, JSON-lines errors.

Every file is written under a temporary name (``.name.tmp``) and renamed into place when it
is complete, so a file under a final name is always whole. JSON lines are written with
:mod:`multivalue_cli.io.jsontext`, so numbers come back as they were written.
"""
from __future__ import annotations

import os
from collections import Counter
from pathlib import Path
from typing import IO, Callable, Iterable, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import EXIT_FAILED, MultivalueError

from . import jsontext
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
        # how many rows of this text carry this span: sites whose spans meet are merged, each
        # keeping its own row with the merged span, so a missing row can be told
        ("span_rows", pa.int32()),
    ]
)
LOCK_NAME = ".lock"
OUR_FILES = ("data", "edits", "errors.jsonl", "manifest.json", "README.md", ".work", LOCK_NAME)


class OutputError(MultivalueError):
    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class OutputLock:
    """An exclusive lock on an output folder (``OUT/.lock``, holding the owner's pid), held for
    the whole run so that a second run cannot write the same folder. The kernel releases it when
    the process ends, however it ends, so a lock left by a killed run never blocks a resume."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self.fd = path, fd

    @classmethod
    def acquire(cls, out: Path) -> "OutputLock":
        import fcntl

        path = out / LOCK_NAME
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            owner = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise OutputError(f"another run (pid {owner}) is writing to {out}; wait for it to end "
                              "or stop it, then try again", code=1) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd)

    def release(self, remove: bool = False) -> None:
        if self.fd < 0:
            return
        if remove:
            self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = -1


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
    """Make ``out`` ready for a new run: refuse a folder holding other files or a run's output
    unless ``overwrite`` (then clear only our files). A folder left by a run that died before
    it finished its first shard holds nothing of value and is reused."""
    if any(out.iterdir()) and not overwrite and not leftovers_only(out):
        state = run_state(out)
        if state == "complete":
            what = "holds the output of a finished run"
        elif state is not None:
            what = "holds an unfinished run; pass --resume to continue it"
        else:
            what = "is not empty"
        raise OutputError(f"{out} {what}; pass --overwrite to replace it, or choose another "
                          "-o folder" + ("" if state not in (None, "complete") else
                                        " (--resume continues an unfinished run)"))
    for name in OUR_FILES:
        if name != LOCK_NAME:
            _remove(out / name)
    for stale in out.glob(".*.tmp"):
        stale.unlink()


def run_state(out: Path) -> str | None:
    """The state in ``out/manifest.json`` (running, interrupted, complete, ...), if readable."""
    try:
        return jsontext.loads((out / "manifest.json").read_text("utf-8")).get("state")
    except (OSError, ValueError, AttributeError):
        return None


def leftovers_only(out: Path) -> bool:
    """Whether ``out`` holds only what a run leaves before its first shard is finished: a
    lock, temporary files, an empty ``.work`` and a manifest that lists no shard."""
    for entry in out.iterdir():
        if entry.name == LOCK_NAME or (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        if entry.name == ".work" and entry.is_dir() and not any(entry.iterdir()):
            continue
        if entry.name == "manifest.json":
            try:
                manifest = jsontext.loads(entry.read_text("utf-8"))
            except (OSError, ValueError):
                return False
            if isinstance(manifest, dict) and manifest.get("state") != "complete" \
                    and not manifest.get("shards"):
                continue
        return False
    return True


def _remove(target: Path) -> None:
    if target.is_dir():
        for child in target.iterdir():
            _remove(child)
        target.rmdir()
    elif target.exists():
        target.unlink()


class SchemaMismatch(MultivalueError, code=EXIT_FAILED):
    """A record the shard's schema cannot hold exactly (the input changed during the run?)."""


def json_lines(records: Iterable[dict]) -> bytes:
    return "".join(jsontext.dumps(r) + "\n" for r in records).encode("utf-8")


ROW_GROUP_ROWS = 10_000  # fixed, so a file's bytes do not depend on batch size or resume point


class ShardFile:
    """One data shard. Parquet rows are buffered into row groups of ``ROW_GROUP_ROWS``.

    ``fits`` (for schemas inferred from JSON records) checks each record before Arrow converts
    it: ``from_pylist`` would silently drop a key the schema lacks or truncate a decimal."""

    def __init__(self, path: Path, fmt: str, schema: pa.Schema | None,
                 fits: Callable[[dict], bool] | None = None) -> None:
        self.path = path
        self.tmp = temporary(path)
        self.schema = schema
        self.fits = fits
        self.rows = 0
        self._buffer: list[pa.Table] = []
        self._buffered = 0
        self._parquet = pq.ParquetWriter(self.tmp, schema) if fmt == "parquet" else None
        self._jsonl: IO[bytes] | None = open(self.tmp, "wb") if fmt == "jsonl" else None

    def write(self, records: list[dict], first_row: int = 0) -> None:
        """Write ``records`` (input rows from ``first_row``); raise :class:`SchemaMismatch` for
        one the schema cannot hold exactly."""
        if self._jsonl is not None:
            self._jsonl.write(json_lines(records))
            self.rows += len(records)
            return
        if self.fits is not None:
            for k, record in enumerate(records):
                if not self.fits(record):
                    raise SchemaMismatch(f"a record has keys or value types that the input did "
                                         f"not have when it was first read (near row "
                                         f"{first_row + k}); did the input change during the run?")
        spare_pandas_probe()
        try:  # converted once per batch; row groups are cut from the converted tables
            table = pa.Table.from_pylist(records, schema=self.schema)
        except (pa.ArrowInvalid, pa.ArrowTypeError, pa.ArrowNotImplementedError) as exc:
            raise SchemaMismatch(f"a record does not fit the input's schema (near row "
                                 f"{first_row}): {exc}") from None
        self._buffer.append(table)
        self._buffered += table.num_rows
        self.rows += table.num_rows
        if self._buffered >= ROW_GROUP_ROWS:
            self._write_groups(final=False)

    def _write_groups(self, final: bool) -> None:
        """Write whole row groups of ``ROW_GROUP_ROWS`` (and, at the end, the rest)."""
        table = pa.concat_tables(self._buffer) if self._buffer else self.schema.empty_table()
        whole = table.num_rows - table.num_rows % ROW_GROUP_ROWS
        cut = table.num_rows if final else whole
        if cut:  # an empty shard has its schema and no row group (a 0-row group breaks readers)
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
            self._jsonl.write("".join(jsontext.dumps(dict(zip(names, r))) + "\n" for r in rows))
        else:
            self._buffer.extend(rows)
            while len(self._buffer) >= EDIT_LOG_GROUP_ROWS:
                self._write_group(self._buffer[:EDIT_LOG_GROUP_ROWS])
                del self._buffer[:EDIT_LOG_GROUP_ROWS]
        self.rows += len(rows)

    def _write_group(self, rows: list[tuple]) -> None:
        spare_pandas_probe()
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
    """Edit-log rows of one text (``span_rows`` counts the rows of each stage sharing a span)."""
    edits = list(edits)
    if len(edits) == 1:
        e = edits[0]
        return [(key, path, e.ewave, e.feature, e.start, e.end, e.before, e.after, 1)]
    spans = Counter(span_key(e.ewave, e.start, e.end, e.before, e.after) for e in edits)
    return [(key, path, e.ewave, e.feature, e.start, e.end, e.before, e.after,
             spans[span_key(e.ewave, e.start, e.end, e.before, e.after)]) for e in edits]


def span_key(ewave: int, start: int, end: int, before: str, after: str) -> tuple:
    """Dialect edits (eWAVE > 0) and learner edits (0) address different texts: a span is
    shared only within one stage."""
    return (ewave > 0, start, end, before, after)
