"""CSV text, exactly: records with the line they start on and their bytes (:func:`split_records`),
and the data shards of ``--format csv`` (:class:`CsvShardFile`, read back by
:func:`read_csv_shard`).

The records are split as pandas' C parser splits them (a double quote opens a quoted cell only
at the start of a cell, ``""`` inside one is a quote, a quoted cell may hold delimiters and line
breaks; lines that are blank outside a quoted cell are skipped), so a reader that hands the
records to pandas gets the rows pandas would. A record whose quoting is broken (text after a
closing quote, a quote never closed) is reported with its line, not guessed at.

A shard is written so that it reads back exactly, with the run's schema: every string quoted
(so an empty string, ``""``, differs from a null, an empty cell), numbers and booleans as
pandas writes them, lists and objects as JSON text. pandas reads it as the table it knows.
"""
from __future__ import annotations

import io
import re
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any, BinaryIO, Callable, Iterable, Iterator, Sequence

import pyarrow as pa

from . import jsontext
from .writers import SchemaMismatch, ShardFile

QUOTE = ord('"')
MAX_RECORD_BYTES = 16 * 1024 * 1024  # a quoted cell longer than this is taken for an unclosed quote


@dataclass
class CsvRecord:
    line: int  # the line it starts on, from 1
    raw: bytes  # its bytes, line break included
    cells: list[tuple[bytes, bool]]  # each cell's bytes, unquoted, and whether it was quoted
    problem: str | None = None  # why it cannot be read (then ``cells`` is empty)


def split_records(stream: Iterable[bytes], delimiter: str = ",") -> Iterator[CsvRecord]:
    """The records of CSV text given as lines of bytes, in order. A quote left open is reported
    on its record's first line, and the lines after that one are read again as records."""
    yield from _split(enumerate(_lines(stream), start=1), ord(delimiter))


_LONE_CR = re.compile(rb"(?<=\r)(?!\n)")


def _lines(stream: Iterable[bytes]) -> Iterator[bytes]:
    """Lines ending in ``\n``, ``\r\n`` or a lone ``\r`` (which pandas takes for a line break
    too), each with its line break."""
    for line in stream:
        if b"\r" in line[:-1]:
            yield from filter(None, _LONE_CR.split(line))
        else:
            yield line


def _split(lines: Iterator[tuple[int, bytes]], delimiter: int) -> Iterator[CsvRecord]:
    held: list[tuple[int, bytes]] = []  # the lines of a record still open (a quoted line break)
    parser = _RecordParser(delimiter)
    blank = b" \t\r\n".replace(bytes([delimiter]), b"")  # a tab is not blank in a TSV
    for number, line in lines:
        if not held and not line.strip(blank):
            continue  # blank lines outside quoted cells are skipped, as pandas does
        held.append((number, line))
        if parser.feed(line):  # the record ends with this line
            yield parser.record(held[0][0], b"".join(text for _, text in held))
            held, parser = [], _RecordParser(delimiter)
        elif sum(len(text) for _, text in held) > MAX_RECORD_BYTES:
            break
    if held:  # a quote never closed: report its first line, read the others again
        first, text = held[0]
        yield CsvRecord(first, text, [], "a quoted cell is never closed (a stray \" ?)")
        yield from _split(chain(held[1:], lines), delimiter)


class _RecordParser:
    """The cells of one record, line by line (pandas' states: a cell's start, an unquoted cell,
    a quoted cell, a quote inside a quoted cell)."""

    START, PLAIN, QUOTED, QUOTE_IN_QUOTED = range(4)

    def __init__(self, delimiter: int) -> None:
        self.delimiter = delimiter
        self.cells: list[tuple[bytes, bool]] = []
        self.cell = bytearray()
        self.quoted = False
        self.state = self.START
        self.problem: str | None = None

    def feed(self, line: bytes) -> bool:
        """Read one line; True when the record ends with it."""
        body = line.rstrip(b"\r\n")
        if self.state == self.START and not self.cells and QUOTE not in line and self.problem is None:
            self.cells = [(cell, False) for cell in body.split(bytes([self.delimiter]))]
            return True
        for byte in body:
            self._step(byte)
        if self.state == self.QUOTED:  # a line break inside a quoted cell is part of it
            self.cell += line[len(body):]
            return False
        self._end_cell()
        return True

    def _step(self, byte: int) -> None:
        if self.state == self.QUOTED:
            if byte == QUOTE:
                self.state = self.QUOTE_IN_QUOTED
            else:
                self.cell.append(byte)
        elif byte == self.delimiter and self.state != self.QUOTED:
            self._end_cell()
        elif self.state == self.START and byte == QUOTE:
            self.state, self.quoted = self.QUOTED, True
        elif self.state == self.QUOTE_IN_QUOTED:
            if byte == QUOTE:
                self.cell.append(QUOTE)
                self.state = self.QUOTED
            else:
                self.problem = self.problem or f"text after the closing quote of cell {len(self.cells) + 1}"
                self.cell.append(byte)
                self.state = self.PLAIN
        else:
            self.cell.append(byte)
            self.state = self.PLAIN

    def _end_cell(self) -> None:
        self.cells.append((bytes(self.cell), self.quoted))
        self.cell, self.quoted, self.state = bytearray(), False, self.START

    def record(self, line: int, raw: bytes) -> CsvRecord:
        return CsvRecord(line, raw, [] if self.problem else self.cells, self.problem)


# --- the shards of --format csv ------------------------------------------------------------


def csv_problem(schema: pa.Schema) -> str | None:
    """Why records of this schema cannot be written as CSV and read back exactly, or None."""
    for column in schema:
        if not _writable(column.type):
            return f"column {column.name!r} holds {column.type} values"
    return None


def _writable(kind: pa.DataType) -> bool:
    if pa.types.is_struct(kind):
        return all(_writable(f.type) for f in kind)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        return _writable(kind.value_type)
    return (pa.types.is_null(kind) or pa.types.is_boolean(kind) or pa.types.is_integer(kind)
            or pa.types.is_floating(kind) or pa.types.is_string(kind) or pa.types.is_large_string(kind))


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return _quoted(value)
    if isinstance(value, bool):
        return "True" if value else "False"
    if isinstance(value, (int, float)):
        return jsontext.dumps(value) if isinstance(value, jsontext.JsonNumber) or isinstance(value, int) \
            else repr(float(value))
    return _quoted(jsontext.dumps(value))


def _quoted(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def csv_lines(names: Sequence[str], records: Iterable[dict]) -> bytes:
    """Records as CSV lines in the order of ``names`` (a record lacking one has a null there)."""
    return "".join(",".join(_cell(record.get(name)) for name in names) + "\n"
                   for record in records).encode("utf-8", "surrogatepass")


class CsvShardFile(ShardFile):
    """One data shard as CSV: a header, then one line per record (see the module's notes)."""

    def __init__(self, path: Path, schema: pa.Schema, fits: Callable[[dict], bool] | None = None) -> None:
        super().__init__(path, "csv", schema, fits)
        self.names = list(schema.names)
        self._jsonl.write(",".join(_quoted(name) for name in self.names).encode("utf-8") + b"\n")

    def _lines(self, records: Sequence[dict]) -> bytes:
        if self.fits is not None and not all(self.fits(r) and r.keys() <= set(self.names) for r in records):
            raise SchemaMismatch("a record has keys or value types that the input did not have when it "
                                 "was first read; did the input change during the run?")
        return csv_lines(self.names, records)


def read_csv_shard(path: Path, schema: pa.Schema, columns: Iterable[str] | None = None) -> Iterator[dict]:
    """The records of a shard written by :class:`CsvShardFile`, typed by ``schema`` (only
    ``columns``, if given); ValueError for a shard that is not one."""
    with open(path, "rb") as stream:
        records = split_records(stream)
        header = next(records, None)
        names = [cell.decode("utf-8") for cell, _ in header.cells] if header is not None else []
        if names != list(schema.names):
            raise ValueError(f"its header is not the run's columns ({', '.join(schema.names)})")
        wanted = [k for k, name in enumerate(names) if columns is None or name in columns]
        for record in records:
            if record.problem or len(record.cells) != len(names):
                raise ValueError(f"line {record.line}: {record.problem or 'a record of another width'}")
            yield {names[k]: _value(*record.cells[k], schema.field(k).type) for k in wanted}


def _value(cell: bytes, quoted: bool, kind: pa.DataType) -> Any:
    text = cell.decode("utf-8", "surrogatepass")
    if not quoted and not text:
        return None
    if pa.types.is_string(kind) or pa.types.is_large_string(kind):
        return text
    if pa.types.is_boolean(kind):
        return text == "True"
    if pa.types.is_integer(kind):
        return int(text)
    if pa.types.is_floating(kind):
        return float(text)
    return jsontext.loads(text)


def stream_of(chunks: Iterable[bytes]) -> BinaryIO:
    """A readable binary stream over ``chunks`` of bytes, pulled as it is read."""
    return io.BufferedReader(_ChunkReader(iter(chunks)), buffer_size=1 << 16)


class _ChunkReader(io.RawIOBase):
    def __init__(self, chunks: Iterator[bytes]) -> None:
        self._chunks, self._left = chunks, b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        while not self._left:
            self._left = next(self._chunks, None)
            if self._left is None:
                self._left = b""
                return 0
        size = min(len(buffer), len(self._left))
        buffer[:size], self._left = self._left[:size], self._left[size:]
        return size
