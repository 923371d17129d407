"""What a reader says of its input: an input that cannot be read (:class:`SourceError`), and a
record of it that cannot (:class:`BadRecord`, listed in ``errors.jsonl`` while the others go
on). Their own module, so that every reader (JSON lines, CSV, CoNLL, Parquet, the hub) names
them without importing the others."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import EXIT_FAILED, MultivalueError


class SourceError(MultivalueError):
    """An input that cannot be read; the message says what and where (file, line, hub name)."""


class BadRecordError(SourceError, code=EXIT_FAILED):
    """One record of an otherwise readable input cannot be read."""


@dataclass(frozen=True)
class BadRecord:
    """A record that could not be read (a line that is not JSON, not an object, not UTF-8).
    It keeps its row number, so the records after it keep theirs, its text as far as it can be
    decoded (``raw``, for reading) and, for a line of a file, its exact bytes (``data``)."""

    where: str
    reason: str
    raw: str
    data: bytes | None = None

    def error(self) -> BadRecordError:
        return BadRecordError(f"{self.where}: {self.reason}")


def bad_line(where: str, lineno: int, reason: str, raw: bytes | str) -> BadRecord:
    """A line of a file that cannot be read, with its exact bytes."""
    data = raw if isinstance(raw, bytes) else raw.encode("utf-8", "surrogatepass")
    text = data.decode("utf-8", "backslashreplace").rstrip("\r\n")
    return BadRecord(f"{where}, line {lineno}", reason, text, data)
