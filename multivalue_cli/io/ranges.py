"""A JSON Lines file in byte ranges, so that several processes can read one file in parts.

The file is cut every :data:`RANGE_BYTES` bytes; a range owns the lines that *start* inside it
(a line cut by the range's end belongs to it, the piece at its start to the range before).
:func:`scan_range` reads one range and says what a reader of the whole file would need to know
of it: its rows (every line that is not blank), its lines, where every
:data:`MARK_EVERY`-th row starts, and a SHA-256 of its bytes. The digests of all ranges are the
input's fingerprint, computed the same way by whoever reads the file (:func:`range_digests`),
so a run started in one process can be resumed by a cluster, and the other way round. A file
may be local or named by a URL (:mod:`.storage`): both are read through ``path.open("rb")``.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import BinaryIO, Iterator, NamedTuple

from .jsonstream import LongLine, bounded_lines
from .storage import StoredFile, open_gzip

# A test hook can make ranges small (MULTIVALUE_RANGE_BYTES), so that a small file has several.
RANGE_BYTES = int(os.environ.get("MULTIVALUE_RANGE_BYTES", 32 << 20))
MARK_EVERY = 1000  # rows between two positions a range's scan records


class RowMark(NamedTuple):
    """Where a row starts: its number and its line's, within the range, and its byte offset."""

    row: int
    line: int
    offset: int


class RangeScan(NamedTuple):
    """What one range holds (see :func:`scan_range`)."""

    start: int
    end: int
    rows: int
    lines: int
    marks: list[RowMark]  # of rows 0, MARK_EVERY, 2 x MARK_EVERY, ... of the range
    sha256: str


def ranges_of(size: int, step: int = RANGE_BYTES) -> list[tuple[int, int]]:
    """The byte ranges of a file of ``size`` bytes (one, empty, for an empty file)."""
    return [(start, min(start + step, size)) for start in range(0, max(size, 1), step)]


def range_digests(path: "Path | StoredFile", step: int = RANGE_BYTES) -> list[str]:
    """The SHA-256 of each range of the file."""
    with path.open("rb") as stream:
        stream.seek(0, os.SEEK_END)
        return [_digest(stream, start, end) for start, end in ranges_of(stream.tell(), step)]


def _digest(stream: BinaryIO, start: int, end: int) -> str:
    digest = hashlib.sha256()
    stream.seek(start)
    left = end - start
    while left > 0:
        block = stream.read(min(left, 1 << 20))
        if not block:
            break
        digest.update(block)
        left -= len(block)
    return digest.hexdigest()


def first_line_start(stream: BinaryIO, start: int) -> int:
    """The offset of the first line that starts at or after ``start``."""
    if start == 0:
        return 0
    stream.seek(start - 1)
    if stream.read(1) == b"\n":
        return start
    for _ in bounded_lines(stream, 1 << 20):  # the rest of the line the range starts inside
        break
    return stream.tell()


def owned_lines(stream: BinaryIO, start: int, end: int, cap: int) -> Iterator[tuple[int, bytes | LongLine]]:
    """``(offset, line)`` of each line that starts in ``[start, end)``, read up to ``cap``
    bytes (a longer one is a :class:`LongLine`)."""
    offset = first_line_start(stream, start)
    stream.seek(offset)
    for line in bounded_lines(stream, cap):
        if offset >= end:
            return
        yield offset, line
        offset = stream.tell()


def is_row(line: bytes | LongLine, first: bool = False) -> bool:
    """Whether a line is a row (a record, or a line that cannot be read): any but a blank one,
    blank as the reader of the whole file sees it (Unicode spaces; the first line's BOM)."""
    if isinstance(line, LongLine):
        return True
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError:
        return True
    return bool((text.lstrip("\ufeff") if first else text).strip())


def scan_range(path: "Path | StoredFile", start: int, end: int, cap: int) -> RangeScan:
    """Count the rows and lines of a range and mark where every MARK_EVERY-th row starts."""
    rows = lines = 0
    marks: list[RowMark] = []
    with path.open("rb") as stream:
        sha256 = _digest(stream, start, end)
        for offset, line in owned_lines(stream, start, end, cap):
            if is_row(line, first=offset == 0):
                if rows % MARK_EVERY == 0:
                    marks.append(RowMark(rows, lines, offset))
                rows += 1
            lines += 1
    return RangeScan(start, end, rows, lines, marks, sha256)


def range_digest(path: "Path | StoredFile", start: int, end: int) -> str:
    """The SHA-256 of bytes ``[start, end)`` of a file (one range's part of its fingerprint)."""
    with path.open("rb") as stream:
        return _digest(stream, start, end)


def uncompressed_copy(path: "Path | StoredFile", copy: Path, where: str) -> int:
    """Write the content of a gzipped file to ``copy`` (whole, or not at all: a file of its
    own, renamed into place), so that it can be read in ranges; its size."""
    partial = copy.with_name(f".{copy.name}.tmp")
    try:
        # an OSError in writing is the copy's, raised as it is; one in reading, the input's
        with open(partial, "wb") as plain, _opened_gzip(path, where) as compressed:
            while block := _read_gzip(compressed, where):
                plain.write(block)
        os.replace(partial, copy)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    return copy.stat().st_size


def _opened_gzip(path: "Path | StoredFile", where: str):
    try:
        return open_gzip(path)
    except OSError as exc:
        from .badrecords import SourceError

        raise SourceError(f"{where}: cannot read ({exc.strerror or exc})") from None


def _read_gzip(stream: BinaryIO, where: str) -> bytes:
    try:
        return stream.read(1 << 20)
    except (OSError, EOFError) as exc:  # unreadable file, damaged or truncated gzip
        from .badrecords import SourceError

        raise SourceError(f"{where}: cannot read ({exc})") from None
