"""CoNLL files: one token per line with its tags in columns (tab- or space-separated), a blank
line between sentences, ``-DOCSTART-`` lines between documents.

Read, each sentence is a record of the ``datasets`` token-classification layout, its columns
named by their count: ``tokens, ner_tags`` (2, WNUT-17), ``tokens, pos_tags, ner_tags`` (3),
``tokens, pos_tags, chunk_tags, ner_tags`` (4, CoNLL-2003); with more, ``tokens``,
``tags_1`` ... and ``ner_tags`` last. A ``-DOCSTART-`` line is a record of its own (kept, never
rewritten). A sentence holding a line with another number of columns than the file's first line
is not a record: it is listed in ``errors.jsonl`` with the number of that line and its bytes.
Runs of blank lines read as one.

Written (``--format conll``), records become the same layout again: the same columns and
separator, a blank line between sentences, the file's last line ending as the input's did, and
a sentence that could not be read put back, byte for byte, where it was.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator, Sequence

from .badrecords import BadRecord, SourceError

CONLL_SUFFIXES = (".conll", ".conll2003", ".iob", ".bio")
_NAMES = {2: ("tokens", "ner_tags"), 3: ("tokens", "pos_tags", "ner_tags"),
          4: ("tokens", "pos_tags", "chunk_tags", "ner_tags")}


@dataclass(frozen=True)
class ConllLayout:
    """How a CoNLL file is laid out: its separator, its columns (as record fields) and whether
    its last line ends with a line break."""

    separator: str = "\t"
    columns: tuple[str, ...] = ("tokens", "ner_tags")
    final_newline: bool = True

    def as_dict(self) -> dict:
        return {"separator": self.separator, "columns": list(self.columns), "final_newline": self.final_newline}

    @classmethod
    def from_dict(cls, data: dict) -> "ConllLayout":
        return cls(data["separator"], tuple(data["columns"]), bool(data["final_newline"]))


def column_names(count: int) -> tuple[str, ...]:
    if count in _NAMES:
        return _NAMES[count]
    return ("tokens", *(f"tags_{k}" for k in range(1, count - 1)), "ner_tags")


def sniff(path: Path) -> ConllLayout | None:
    """The layout of a CoNLL file, from its first line that is not blank (None: no such line)."""
    with path.open("rb") as stream:
        first = next((line for line in stream if line.strip()), None)
        if first is None:
            return None
        stream.seek(0, os.SEEK_END)
        stream.seek(max(0, stream.tell() - 1))
        final_newline = stream.read(1) == b"\n"
    text = first.decode("utf-8", "replace").rstrip("\r\n")
    separator = "\t" if "\t" in text else " "
    return ConllLayout(separator, column_names(len(_cells(text, separator))), final_newline)


def _cells(line: str, separator: str) -> list[str]:
    return line.split("\t") if separator == "\t" else line.split()


def blocks(stream: Iterable[bytes]) -> Iterator[tuple[int, list[bytes]]]:
    """The sentences of a CoNLL stream: ``(number of its first line, its lines)``; a
    ``-DOCSTART-`` line is a block of its own."""
    lines: list[bytes] = []
    first = 0
    for number, line in enumerate(stream, start=1):
        if not line.strip():
            if lines:
                yield first, lines
            lines = []
            continue
        if line.startswith(b"-DOCSTART-") and lines:
            yield first, lines
            lines = []
        if not lines:
            first = number
        lines.append(line)
        if line.startswith(b"-DOCSTART-"):
            yield first, lines
            lines = []
    if lines:
        yield first, lines


def read_block(first: int, lines: list[bytes], layout: ConllLayout) -> dict | tuple[int, str]:
    """A sentence as a record, or ``(line number, why)`` for one that cannot be read."""
    record: dict[str, list[str]] = {name: [] for name in layout.columns}
    for offset, raw in enumerate(lines):
        try:
            line = raw.decode("utf-8").rstrip("\r\n")
        except UnicodeDecodeError as exc:
            return first + offset, f"not UTF-8 text ({exc.reason})"
        cells = _cells(line, layout.separator)
        if len(cells) != len(layout.columns):
            shown = "tab" if layout.separator == "\t" else "space"
            return first + offset, (f"expected {len(layout.columns)} {shown}-separated columns "
                                    f"({', '.join(layout.columns)}), got {len(cells)}")
        for name, cell in zip(layout.columns, cells):
            record[name].append(cell)
    return record


def sentence_text(record: dict, columns: Sequence[str], separator: str,
                  names: dict[str, Sequence[str]] | None = None) -> str:
    """A record's lines (without the line break after the last); class ids are written as the
    names in ``names``."""
    names = names or {}
    values = []
    for column in columns:
        found = record.get(column) or []
        labels = names.get(column)
        values.append([labels[v] if labels is not None and isinstance(v, int) else str(v) for v in found])
    return "\n".join(separator.join(cells) for cells in zip(*values))


class ConllWriter:
    """Sentences (records, or the bytes of a sentence that could not be read) written to a
    stream (of bytes, or of text) as CoNLL lines: a blank line between sentences."""

    def __init__(self, stream: IO, layout: ConllLayout, names: dict[str, Sequence[str]] | None = None) -> None:
        self.stream = getattr(stream, "buffer", None) or stream
        self.binary = self.stream is not stream or "b" in getattr(stream, "mode", "")
        self.layout, self.names = layout, names
        self.started = False

    def write(self, records: Iterable[dict | bytes], first_row: int = 0) -> None:
        for record in records:
            if isinstance(record, bytes):
                data = record.rstrip(b"\r\n")
            else:
                data = sentence_text(record, self.layout.columns, self.layout.separator, self.names).encode("utf-8")
            self._put((b"\n\n" if self.started else b"") + data)
            self.started = True
        self.stream.flush()

    def _put(self, data: bytes) -> None:
        self.stream.write(data if self.binary else data.decode("utf-8", "replace"))

    def close(self) -> None:
        if self.started and self.layout.final_newline:
            self._put(b"\n")
        self.stream.flush()

    def discard(self) -> None:
        self.stream.flush()


def write_conll_file(path: Path, sentences: Iterable[dict | bytes], layout: ConllLayout,
                     names: dict[str, Sequence[str]] | None = None) -> None:
    """Write a CoNLL file atomically (under a temporary name, renamed when whole)."""
    tmp = path.with_name(f".{path.name}.tmp")
    with open(tmp, "wb") as stream:
        writer = ConllWriter(stream, layout, names)
        writer.write(sentences)
        writer.close()
        os.fsync(stream.fileno())
    os.replace(tmp, path)


def conll_reader(path: Path, spec: str) -> tuple[ConllLayout, Callable[[], Iterator[dict | BadRecord]],
                                                 Callable[[], int]]:
    """A CoNLL file read as records, a record per sentence: its layout, its records (a block
    that cannot be read is a :class:`~.badrecords.BadRecord`) and how many there are."""

    try:
        layout = sniff(path)
    except OSError as exc:
        raise SourceError(f"{spec}: cannot read ({exc.strerror or exc})") from None
    if layout is None:
        raise SourceError(f"{spec}: holds no CoNLL line (a token and its tags)")

    def rows() -> Iterator[dict | BadRecord]:
        with path.open("rb") as stream:
            for first, lines in blocks(stream):
                found = read_block(first, lines, layout)
                if isinstance(found, dict):
                    yield found
                else:
                    data = b"".join(lines)
                    yield BadRecord(f"{spec}, line {found[0]}", found[1],
                                    data.decode("utf-8", "backslashreplace").rstrip("\r\n"), data)

    def count() -> int:
        with path.open("rb") as stream:
            return sum(1 for _ in blocks(stream))

    return layout, rows, count
