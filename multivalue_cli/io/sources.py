"""Where records come from: files, folders (local, or URLs: :mod:`.storage`), stdin, the
bundled sample, or a hub dataset.

``open_source(spec)`` inspects the input once (so a missing file or an offline hub fails before
any work starts) and returns a :class:`Source` whose ``records()`` streams ``(row, record)``
pairs in input order. Records are plain Python dicts; for inputs with an Arrow schema
(Parquet, ``save_to_disk`` folders, hub datasets with known features) the schema is kept so the
writer can produce output of exactly the same type.
"""
from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import shutil
import tempfile
import socket
import stat
import sys
import threading
from dataclasses import dataclass, field
from importlib import resources
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Callable, Iterable, Iterator, NamedTuple
from urllib.parse import urlsplit

from . import jsontext
from .badrecords import BadRecord, BadRecordError, SourceError, bad_line  # noqa: F401 - BadRecordError: for the callers
from .jsonstream import LongLine, Unreadable, WholeDocument, bounded_lines, json_items, too_deep
from .storage import StoredFile, arrow_readable, input_path, is_url, open_gzip

if TYPE_CHECKING:  # pyarrow and datasets are imported only when an input needs them
    import pyarrow as pa

SUPPORTED_INPUTS = (
    "a .jsonl or .jsonl.gz file (one JSON object per line), '-' for JSON Lines on stdin, "
    "a .json file holding a list of records or {\"data\": [...]}, a .csv or .tsv file (or .gz), "
    "a .parquet file, "
    "a folder of .parquet files, a folder written by datasets' save_to_disk, "
    "a .conll file (a token and its tags per line; any file with --task ner), "
    "or hf:owner/name for a dataset on the Hugging Face hub; a file or folder may be a URL "
    "(s3://, gs://, hf://, file://: any filesystem fsspec knows)"
)
HUB_PREFIX = "hf:"
HUB_HOST = "huggingface.co"
PROBE_TIMEOUT_S = 3.0
BATCH_ROWS = 1024
# Parquet read page by page (not a whole row group at once): reading the first records of a
# big row group reads little more than those; a shard's rows in the middle of one, the pages
# from its start to their end (rows before them are decoded and passed over)
PARQUET_STREAMING = {"pre_buffer": False, "buffer_size": 1 << 20}
MAX_LINE_BYTES = 64 * 1024 * 1024  # a longer JSON line is listed as unreadable, not read (--max-line-mb)
# A record whose objects and lists nest deeper than this is listed as unreadable: deeper values
# would exhaust Python's recursion in the steps that walk a record (Parquet holds 99 levels).
MAX_NESTING = 200
_TRUTHY = {"1", "true", "yes", "on"}


class OnceStream(NamedTuple):
    """An input that can be read once only (stdin, a named pipe): how to open it, how to read
    records from a copy of it, and whether the copy's lines are its records (to count them)."""

    open: Callable[[], BinaryIO]
    rows: Callable[[Callable[[], BinaryIO]], Iterable]
    lines: bool


@dataclass
class Source:
    """An opened input. ``records()`` may be called again to re-read it (not stdin)."""

    description: str
    split: str
    schema: "pa.Schema | None"
    read: Callable[[], Iterable[dict]] = field(repr=False, compare=False)
    limit: int | None = None
    files: tuple["Path | StoredFile", ...] = ()  # the files read (local, or URLs), for the fingerprint
    stdin: bool = False  # read once only, until spooled (stdin or a named pipe)
    counter: Callable[[], int | None] | None = field(default=None, repr=False, compare=False)
    split_note: str | None = None  # how the split was chosen, when not by --split
    conll: Any = None  # a CoNLL file's layout (io.conll.ConllLayout), to write it back
    _spooled: Any = field(default=None, repr=False, compare=False)
    once: "OnceStream | None" = field(default=None, repr=False, compare=False)
    known_fingerprint: dict | None = None  # worked out elsewhere (by a cluster's tasks)

    @property
    def rereadable(self) -> bool:
        return not self.stdin

    def spool(self, folder: Path) -> None:
        """Copy stdin (or a named pipe) to an unnamed temporary file in ``folder``, so that it
        can be read twice (once to choose the output's types, once to transform) and
        fingerprinted."""
        if not self.stdin or self.once is None:
            return
        copy = tempfile.TemporaryFile(dir=folder)
        with self.once.open() as stream:
            shutil.copyfileobj(stream, copy)
        copy.flush()
        # each reading gets its own position in the copy (two readings overlap: the run reads
        # its first records, then every record to choose the output's types)
        def reopen() -> BinaryIO:
            return io.BufferedReader(_PositionalReader(copy))

        self.read = lambda: self.once.rows(reopen)
        self.counter = (lambda: _count_lines(reopen)) if self.once.lines else None
        self.stdin = False
        self._spooled = copy

    def fingerprint(self) -> dict:
        """What identifies the input's content, for ``--resume`` to check it did not change:
        per file its size and a SHA-256 of each of its byte ranges (files up to
        ``FULL_HASH_BYTES``: see :mod:`.ranges`, so that tasks reading a range each can work it
        out) or of its first and last blocks with its modification time (bigger files)."""
        if self.known_fingerprint is not None:
            return self.known_fingerprint
        if self._spooled is not None:
            return {"stdin": _file_digest(self._spooled, None)}
        if not self.files:
            return {"input": self.description, "content": "not checked"}
        return {"files": [path_fingerprint(path) for path in self.files]}

    def count(self) -> int | None:
        """How many records ``records()`` yields, when that is known without parsing them (a
        Parquet row count, the lines of a JSON Lines file); None otherwise. It may read the
        input once (a file's lines), so call it only to show it."""
        total = self.counter() if self.counter is not None else None
        return total if total is None or self.limit is None else min(total, self.limit)

    def records(self, tolerant: bool = False) -> Iterator[tuple[int, "dict | BadRecord"]]:
        """Yield ``(0-based row number, record)`` in input order, at most ``limit`` of them.

        A record that cannot be read raises :class:`SourceError`, or with ``tolerant`` is
        yielded as a :class:`BadRecord` in its place."""
        rows = self.read() if self.limit is None else islice(self.read(), self.limit)
        for row, record in enumerate(rows):
            if isinstance(record, BadRecord) and not tolerant:
                raise record.error()
            yield row, record


FULL_HASH_BYTES = 256 * 1024 * 1024
EDGE_BLOCK_BYTES = 4 * 1024 * 1024


def path_fingerprint(path: "Path | StoredFile") -> dict:
    """A file's fingerprint, as :meth:`Source.fingerprint` gives it."""
    stat = path.stat()
    if stat.st_size <= FULL_HASH_BYTES:
        from .ranges import RANGE_BYTES, range_digests

        return file_fingerprint(path, stat.st_size, RANGE_BYTES, range_digests(path))
    with path.open("rb") as stream:
        return {"path": str(path), "bytes": stat.st_size, "mtime_ns": stat.st_mtime_ns,
                "edges_sha256": _file_digest(stream, EDGE_BLOCK_BYTES)}


def file_fingerprint(path: Path, size: int, range_bytes: int, digests: list[str]) -> dict:
    """A file's fingerprint from the digests of its ranges (up to ``FULL_HASH_BYTES``)."""
    return {"path": str(path), "bytes": size, "range_bytes": range_bytes, "range_sha256": digests}


def jsonl_rows_at(path: "Path | StoredFile", offset: int, first_line: int, where: str, cap: int = MAX_LINE_BYTES
                  ) -> Iterator[dict | BadRecord]:
    """The rows of a JSON Lines file from the line that starts at ``offset`` (line number
    ``first_line``): a part of the file read on its own, as :func:`_jsonl_rows` reads it whole."""
    def opened() -> BinaryIO:
        stream = path.open("rb")
        stream.seek(offset)
        return stream

    return _jsonl_file_rows(opened, where, cap, first_line)


def _file_digest(stream: BinaryIO, edge: int | None) -> str:
    """SHA-256 of a whole stream, or of its first and last ``edge`` bytes."""
    digest = hashlib.sha256()
    stream.seek(0)
    if edge is None:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    else:
        digest.update(stream.read(edge))
        stream.seek(0, os.SEEK_END)
        stream.seek(max(0, stream.tell() - edge))
        digest.update(stream.read(edge))
    stream.seek(0)
    return digest.hexdigest()


class _PositionalReader(io.RawIOBase):
    """Reads a file from the start with a position of its own (``os.pread``), leaving the file
    object, and any other reader of it, where they are; closing it leaves the file open."""

    def __init__(self, file: BinaryIO) -> None:
        self._fd, self._position = file.fileno(), 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = os.pread(self._fd, len(buffer), self._position)
        buffer[:len(data)] = data
        self._position += len(data)
        return len(data)


def open_source(
    spec: str | None,
    *,
    split: str | None = None,
    config: str | None = None,
    limit: int | None = None,
    max_line_bytes: int = MAX_LINE_BYTES,
    conll: bool = False,
) -> Source:
    """Open ``spec`` (see ``SUPPORTED_INPUTS``; ``None`` is the bundled sample). A JSON line
    longer than ``max_line_bytes`` is an unreadable record (not read into memory); with
    ``conll`` a file of no other known kind is read as CoNLL."""
    if limit is not None and limit < 0:
        raise SourceError(f"limit must be 0 or more, got {limit}")
    if spec is not None and spec.startswith(HUB_PREFIX) and not is_url(spec):  # hf://: a file's URL
        source = _open_hub(spec[len(HUB_PREFIX):], split=split, config=config)
    else:
        if config is not None:
            raise SourceError(f"{spec or 'the sample'}: a config applies only to hf: datasets")
        source = _open_local(spec, split=split, cap=max_line_bytes, conll=conll)
    source.split = plain_split(source.split, "--split" if split is not None else spec or "the sample")
    source.limit = limit
    return source


def plain_split(name: str, where: str) -> str:
    """A split names files and folders (``data/<split>-00000-of-00001.parquet``, a saved
    dataset's ``<split>/``): a plain name, never a path."""
    if not name or name.startswith(".") or "/" in name or "\\" in name or not name.isprintable():
        raise SourceError(f"{where}: the split {name!r} is not a plain name (a split names files, so "
                          "it may hold no '/', '\\' or control character and not start with '.')")
    return name


# --- local inputs -------------------------------------------------------------------------


# Split names of file names (as ``datasets`` reads them) -> the split they hold.
SPLIT_WORDS = {"train": "train", "training": "train", "dev": "validation", "val": "validation",
               "valid": "validation", "validation": "validation", "test": "test", "testing": "test"}


def split_from_names(names: Iterable[str]) -> tuple[str, str] | None:
    """``(split, word)`` when the words of the file names (``spider_dev_half.json``,
    ``train-00000-of-00001.parquet``) name one usual split, and only one; else None."""
    words = {w for name in names for w in re.split(r"[^a-z]+", name.lower().split(".")[0])
             if w in SPLIT_WORDS}
    splits = {SPLIT_WORDS[w] for w in words}
    return (splits.pop(), min(words)) if len(splits) == 1 else None


def _with_split_from_names(source: Source, names: list[str], given: str | None) -> Source:
    """Name the split after the file names when no --split is given and they name one."""
    found = split_from_names(names) if given is None else None
    if found is not None:
        source.split = found[0]
        shown = names[0] if len(names) == 1 else f"{len(names)} files named {found[1]}"
        source.split_note = (f"note: split {found[0]!r}, from {found[1]!r} in the file name "
                             f"({shown}); --split NAME chooses another")
    return source


def _open_local(spec: str | None, *, split: str | None, cap: int = MAX_LINE_BYTES,
                conll: bool = False) -> Source:
    if spec is not None and spec != "-":
        path = input_path(spec)
        names = [path.name] if not path.is_dir() else sorted(p.name for p in path.glob("*.parquet"))
        return _with_split_from_names(_open_local_source(spec, split=split, cap=cap, conll=conll), names, split)
    return _open_local_source(spec, split=split, cap=cap)


def _open_local_source(spec: str | None, *, split: str | None, cap: int = MAX_LINE_BYTES,
                       conll: bool = False) -> Source:
    split_name = split or "train"
    if spec is None:
        sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl")
        return Source("sample:multivalue_cli/data/sample.jsonl", split_name, None,
                      lambda: _jsonl_file_rows(lambda: sample.open("rb"), "sample.jsonl", cap),
                      files=(Path(str(sample)),),
                      counter=lambda: _count_lines(lambda: sample.open("rb"), cap))
    if spec == "-":
        copied = OnceStream(_stdin_bytes, lambda opener: _jsonl_file_rows(opener, "<stdin>", cap), True)
        return Source("jsonl:<stdin>", split_name, None, lambda: _jsonl_rows(_stdin(), "<stdin>", cap),
                      stdin=True, once=copied)
    path = input_path(spec)
    if not path.exists():
        raise SourceError(f"no such file or folder: {spec}")
    if path.is_dir():
        return _open_folder(path, spec, split=split)
    name = path.name.lower()
    if stat.S_ISFIFO(path.stat().st_mode):
        return _open_pipe(path, spec, split_name, cap)
    if name.endswith((".jsonl", ".jsonl.gz")):
        # a gzipped file's lines are not counted: that would cost a whole decompression
        lines = None if name.endswith(".gz") else (lambda: _count_lines(lambda: path.open("rb"), cap))
        return Source(f"jsonl:{spec}", split_name, None,
                      lambda: _jsonl_file_rows(lambda: _open_binary(path), spec, cap), files=(path,),
                      counter=lines)
    if name.endswith((".json", ".json.gz")):
        return Source(f"json:{spec}", split_name, None, lambda: _json_rows(lambda: _open_binary(path), spec),
                      files=(path,), counter=lambda: _json_count(path, spec))
    if name.endswith(".parquet"):
        return _open_parquet([path], f"parquet:{spec}", split_name)
    from .csvsource import csv_reader, delimiter_of

    delimiter = delimiter_of(name)
    if delimiter is not None:
        schema, rows, counter = csv_reader(path, spec, delimiter, lambda: _open_binary(path))
        return Source(f"{'tsv' if delimiter == chr(9) else 'csv'}:{spec}", split_name, schema, rows,
                      files=(path,), counter=counter)
    from .conll import CONLL_SUFFIXES, conll_reader

    if conll or name.endswith(CONLL_SUFFIXES):
        layout, rows, count = conll_reader(path, spec)
        return Source(f"conll:{spec}", split_name, None, rows, files=(path,), counter=count, conll=layout)
    raise SourceError(f"{spec}: unsupported input; supported inputs are {SUPPORTED_INPUTS}")


def _open_binary(path: "Path | StoredFile") -> BinaryIO:
    return open_gzip(path) if path.name.lower().endswith(".gz") else path.open("rb")


def _open_pipe(path: Path, spec: str, split: str, cap: int) -> Source:
    """A named pipe: read once, as it comes (like stdin); copied beside the output when the
    run needs to read it again."""
    name = path.name.lower()
    gz = name.endswith(".gz")

    def decompressed(opener: Callable[[], BinaryIO]) -> Callable[[], BinaryIO]:
        return (lambda: gzip.open(opener(), "rb")) if gz else opener

    if name.endswith((".jsonl", ".jsonl.gz")):
        kind, rows_of = "jsonl", lambda opener: _jsonl_file_rows(decompressed(opener), spec, cap)
    elif name.endswith((".json", ".json.gz")):
        kind, rows_of = "json", lambda opener: _json_rows(decompressed(opener), spec)
    else:
        raise SourceError(f"{spec}: a named pipe can carry JSON Lines or JSON (named .jsonl, .json, "
                          "or either with .gz), not Parquet, which is read by seeking")
    opener = lambda: path.open("rb")  # noqa: E731
    return Source(f"{kind}:{spec}", split, None, lambda: rows_of(opener), stdin=True,
                  once=OnceStream(opener, rows_of, kind == "jsonl" and not gz))


def _stdin():
    """stdin as bytes when possible (exact line decoding), else as text (e.g. in tests)."""
    return getattr(sys.stdin, "buffer", sys.stdin)


def _stdin_bytes() -> BinaryIO:
    stream = _stdin()
    if isinstance(stream.read(0), str):  # a text stream (tests): encode it
        return io.BytesIO(stream.read().encode("utf-8", "surrogatepass"))
    return stream


def _count_lines(open_stream: Callable[[], BinaryIO], cap: int = MAX_LINE_BYTES) -> int | None:
    """The number of lines that are not blank (each is a record, or a line that cannot be read),
    or None if the file cannot be read."""
    try:
        with open_stream() as stream:
            return sum(1 for line in bounded_lines(stream, cap) if isinstance(line, LongLine) or line.strip())
    except OSError:
        return None


def _jsonl_file_rows(open_stream: Callable[[], BinaryIO], where: str, cap: int = MAX_LINE_BYTES,
                     first_line: int = 1) -> Iterator[dict]:
    try:
        with open_stream() as stream:
            yield from _jsonl_rows(stream, where, cap, first_line)
    except (OSError, EOFError) as exc:  # unreadable file, damaged or truncated gzip
        raise SourceError(f"{where}: cannot read ({exc})") from None


def _jsonl_rows(stream, where: str, cap: int = MAX_LINE_BYTES, first_line: int = 1
                ) -> Iterator[dict | BadRecord]:
    """Parse JSON Lines, one object per non-blank line, each read up to ``cap`` bytes; a bad
    line becomes a BadRecord that names ``where`` and the line number (``first_line``: that of
    the stream's first line, for a stream that starts inside a file)."""
    for lineno, raw in enumerate(bounded_lines(stream, cap), start=first_line):
        if isinstance(raw, LongLine):
            yield _long_line(where, lineno, raw, cap)
            continue
        try:
            line = _decode_line(raw, where, lineno)
        except SourceError as exc:
            yield bad_line(where, lineno, str(exc).split(": ", 1)[-1], raw)
            continue
        if lineno == 1:
            line = line.lstrip("\ufeff")
        if not line.strip():
            continue
        try:
            value = jsontext.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            why = (f"not valid JSON ({exc.msg}, column {exc.colno})"
                   if isinstance(exc, json.JSONDecodeError) else "nested too deeply to read")
            yield bad_line(where, lineno, why, raw)
            continue
        if not isinstance(value, dict):
            yield bad_line(where, lineno, f"expected a JSON object, got {_json_type(value)}", raw)
            continue
        if (line.count("{") + line.count("[") > MAX_NESTING
                and jsontext.nesting_depth(value, MAX_NESTING) > MAX_NESTING):
            yield bad_line(where, lineno, too_deep(MAX_NESTING), raw)
            continue
        yield value


def _long_line(where: str, lineno: int, line: LongLine, cap: int) -> BadRecord:
    head = line.head if isinstance(line.head, str) else line.head.decode("utf-8", "backslashreplace")
    return BadRecord(f"{where}, line {lineno}", f"the line is {line.length:,} bytes long, over the "
                     f"limit of {cap:,} (--max-line-mb); it was not read (its first "
                     f"{len(line.head):,} bytes are in raw)", head)


def _decode_line(raw: bytes | str, where: str, lineno: int) -> str:
    if isinstance(raw, str):
        return raw
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{where}, line {lineno}: not UTF-8 text ({exc.reason})") from None


def _json_rows(open_stream: Callable[[], BinaryIO], where: str) -> Iterator[dict | BadRecord]:
    """Records of a whole-file JSON document: a list, read item by item (memory stays flat
    however long it is), or an object with a ``data`` list (the original CoQA and Spider
    releases), parsed whole."""
    try:
        with open_stream() as stream:
            for index, item in enumerate(_json_items(stream, where)):
                if isinstance(item, Unreadable):
                    yield BadRecord(f"{where}: record {index}", item.reason, item.text)
                elif not isinstance(item, dict):
                    yield BadRecord(f"{where}: record {index}",
                                    f"expected a JSON object, got {_json_type(item)}", jsontext.dumps(item))
                else:
                    yield item
    except RecursionError:
        raise SourceError(f"{where}: nested too deeply to read") from None
    except json.JSONDecodeError as exc:
        raise SourceError(f"{where}: not valid JSON ({exc.msg}, line {exc.lineno}, "
                          f"column {exc.colno}); JSON Lines files should be named .jsonl") from None
    except UnicodeDecodeError as exc:
        raise SourceError(f"{where}: not UTF-8 text ({exc.reason})") from None
    except (OSError, EOFError) as exc:  # unreadable file, damaged or truncated gzip
        raise SourceError(f"{where}: cannot read ({exc})") from None


def _json_items(stream: BinaryIO, where: str) -> Iterator[Any]:
    """The items of the document's array (an :class:`Unreadable` for one nested too deeply)."""
    for item in json_items(stream, MAX_NESTING):
        if not isinstance(item, WholeDocument):
            yield item
            continue
        for record in _json_records(item.value, where):  # an object with a "data" list
            deep = jsontext.nesting_depth(record, MAX_NESTING) > MAX_NESTING
            yield Unreadable(too_deep(MAX_NESTING), jsontext.dumps(record)) if deep else record


def _json_count(path: Path, where: str) -> int | None:
    try:
        return sum(1 for _ in _json_rows(lambda: _open_binary(path), where))
    except (SourceError, OSError):
        return None


def _json_records(document: Any, where: str) -> list:
    if isinstance(document, list):
        return document
    if isinstance(document, dict) and isinstance(document.get("data"), list):
        return document["data"]
    found = _json_type(document)
    if isinstance(document, dict):
        found += f" with keys {', '.join(map(str, document))}"
    raise SourceError(f"{where}: expected a list of records or an object with a \"data\" list, "
                      f"got {found}")


def _json_type(value: Any) -> str:
    names = {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
             int: "a number", float: "a number", jsontext.JsonNumber: "a number",
             type(None): "null"}
    return names.get(type(value), type(value).__name__)


# --- folders and Parquet --------------------------------------------------------------------


def _open_folder(path: "Path | StoredFile", spec: str, *, split: str | None) -> Source:
    if isinstance(path, StoredFile) and any((path / n).is_file() for n in ("dataset_dict.json", "state.json")):
        raise SourceError(f"{spec}: a save_to_disk folder is read from a local path; copy it here first")
    if (path / "dataset_dict.json").is_file():
        return _open_saved_dict(path, spec, split=split)
    if (path / "state.json").is_file() and (path / "dataset_info.json").is_file():
        return _open_saved_dataset(path, f"save_to_disk:{spec}", spec, split=split)
    files = sorted(p for p in path.glob("*.parquet") if p.is_file())
    if files:
        return _open_parquet(files, f"parquet:{spec} ({len(files)} files)", split or "train")
    raise SourceError(f"{spec}: folder has no .parquet files and was not written by "
                      f"save_to_disk; supported inputs are {SUPPORTED_INPUTS}")


def _open_parquet(files: list[Path], description: str, split: str) -> Source:
    schema = _parquet_schema(files[0])
    for other in files[1:]:
        if not _parquet_schema(other).equals(schema, check_metadata=False):
            raise SourceError(f"{other}: its columns differ from those of {files[0]}; "
                              "all Parquet files of one input must share a schema")
    return Source(description, split, schema, lambda: _parquet_rows(files), files=tuple(files),
                  counter=lambda: _parquet_row_count(files))


def _parquet_row_count(files: list[Path]) -> int | None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        return sum(_parquet_rows_in(path) for path in files)
    except (pa.ArrowException, OSError):
        return None


def _parquet_rows_in(path: "Path | StoredFile") -> int:
    import pyarrow.parquet as pq

    with arrow_readable(path) as readable:
        return pq.ParquetFile(readable).metadata.num_rows


def _parquet_schema(path: "Path | StoredFile") -> "pa.Schema":
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        with arrow_readable(path) as readable:
            return pq.read_schema(readable)
    except (pa.ArrowException, OSError) as exc:
        raise SourceError(f"{path}: not a readable Parquet file ({exc})") from None


def _parquet_rows(files: list[Path]) -> Iterator[dict]:
    """The rows of Parquet files; fields a run of ours kept as JSON text (an output read again)
    come back as their values, which the writer turns into the same text."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from .jsoncolumns import JsonColumns

    for path in files:
        try:
            with arrow_readable(path) as readable:
                data = pq.ParquetFile(readable, **PARQUET_STREAMING)
                json_columns = JsonColumns(data.schema_arrow)
                # a row group at a time: reading the first records reads the first row group only
                for group in range(data.num_row_groups):
                    for batch in data.iter_batches(batch_size=BATCH_ROWS, row_groups=[group]):
                        rows = batch.to_pylist()
                        yield from map(json_columns.decode, rows) if json_columns else rows
        except (pa.ArrowException, OSError, ValueError) as exc:
            raise SourceError(f"{path}: cannot read Parquet data ({exc})") from None


def _open_saved_dict(path: Path, spec: str, *, split: str | None) -> Source:
    """A ``DatasetDict.save_to_disk`` folder: one sub-folder per split."""
    try:
        splits = json.loads((path / "dataset_dict.json").read_text("utf-8"))["splits"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SourceError(f"{spec}: unreadable dataset_dict.json ({exc})") from None
    for name in splits if isinstance(splits, list) else ():
        plain_split(str(name), f"{spec}/dataset_dict.json")
    available = ", ".join(splits)
    if split is None:
        if len(splits) != 1:
            raise SourceError(f"{spec}: holds several splits ({available}); choose one "
                              "with --split")
        split = splits[0]
    elif split not in splits:
        raise SourceError(f"{spec}: no split {split!r}; available splits: {available}")
    return _open_saved_dataset(path / split, f"save_to_disk:{spec} (split={split})", spec,
                               split=split)


def _open_saved_dataset(path: Path, description: str, where: str, *, split: str | None) -> Source:
    """A ``Dataset.save_to_disk`` folder (memory-mapped Arrow, read in batches)."""
    import datasets

    try:
        dataset = datasets.load_from_disk(str(path))
    except Exception as exc:  # datasets raises many types for a damaged folder
        raise SourceError(f"{where}: cannot load the save_to_disk folder ({exc})") from None
    if not isinstance(dataset, datasets.Dataset):
        raise SourceError(f"{where}: expected a saved Dataset, got {type(dataset).__name__}")
    split_name = split or (str(dataset.split) if dataset.split else "train")

    def rows() -> Iterator[dict]:
        for table in dataset.with_format("arrow").iter(batch_size=BATCH_ROWS):
            yield from table.to_pylist()

    files = tuple(Path(f["filename"]) for f in dataset.cache_files)
    return Source(description, split_name, dataset.data.schema, rows, files=files,
                  counter=lambda: dataset.num_rows)


# --- the hub ----------------------------------------------------------------------------------


def _open_hub(name: str, *, split: str | None, config: str | None) -> Source:
    """Stream a hub dataset; refuse at once, with a clear message, when offline."""
    if not name:
        raise SourceError("hf: needs a dataset name, e.g. hf:stanfordnlp/coqa")
    split_name = split or "train"
    details = ", ".join(([f"config={config}"] if config else []) + [f"split={split_name}"])
    description = f"hf:{name} ({details})"
    _require_hub(name)
    import datasets

    try:
        dataset = datasets.load_dataset(name, config, split=split_name, streaming=True)
    except Exception as exc:  # not found, bad config/split, network: all end the run here
        raise SourceError(f"hf:{name}: cannot open ({details}): {exc}") from None
    schema = dataset.features.arrow_schema if dataset.features is not None else None

    def rows() -> Iterator[dict]:
        try:
            yield from dataset
        except Exception as exc:  # a dropped connection mid-stream
            raise SourceError(f"hf:{name}: reading failed ({details}): {exc}") from None

    return Source(description, split_name, schema, rows, counter=lambda: _hub_count(dataset, split_name))


def _hub_count(dataset, split: str) -> int | None:
    """The split's size as the hub's dataset card gives it, if it does."""
    splits = getattr(getattr(dataset, "info", None), "splits", None) or {}
    info = splits.get(split) if hasattr(splits, "get") else None
    return getattr(info, "num_examples", None) or None


def _require_hub(name: str) -> None:
    for variable in ("HF_HUB_OFFLINE", "HF_DATASETS_OFFLINE"):
        if os.environ.get(variable, "").strip().lower() in _TRUTHY:
            raise SourceError(
                f"hf:{name}: cannot stream from the hub because {variable} is set (offline "
                "mode); unset it, or download the dataset and pass its file or folder"
            )
    host, port = _probe_address()
    failure = _connect_failure(host, port)
    if failure:
        raise SourceError(
            f"hf:{name}: the hub is not reachable ({host}:{port}: {failure}); check the "
            "network, or download the dataset and pass its file or folder"
        )


def _connect_failure(host: str, port: int) -> str | None:
    """Why a TCP connection to host:port fails, or None if it succeeds.

    Runs in a daemon thread because the socket timeout does not cover a hanging DNS lookup.
    """
    outcome: list[str | None] = []

    def connect() -> None:
        try:
            socket.create_connection((host, port), timeout=PROBE_TIMEOUT_S).close()
            outcome.append(None)
        except OSError as exc:
            outcome.append(str(exc) or type(exc).__name__)

    thread = threading.Thread(target=connect, daemon=True)
    thread.start()
    thread.join(PROBE_TIMEOUT_S + 0.5)
    return outcome[0] if outcome else f"no answer within {PROBE_TIMEOUT_S:g} s"


def _probe_address() -> tuple[str, int]:
    """Where a hub request would first connect: the HTTPS proxy if one is set, else the hub."""
    for variable in ("HTTPS_PROXY", "https_proxy"):
        proxy = os.environ.get(variable)
        if proxy:
            parts = urlsplit(proxy if "://" in proxy else f"http://{proxy}")
            if parts.hostname:
                return parts.hostname, parts.port or 8080
    endpoint = urlsplit(os.environ.get("HF_ENDPOINT", f"https://{HUB_HOST}"))
    default_port = 80 if endpoint.scheme == "http" else 443
    return endpoint.hostname or HUB_HOST, endpoint.port or default_port
