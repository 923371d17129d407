"""Reading JSON inputs in bounded pieces: JSON Lines line by line up to a length limit, and a
top-level JSON array item by item, so memory stays flat whatever the size of the file.

A line longer than the limit is not read into memory: it is skipped in pieces and given as a
:class:`LongLine` (its length and first bytes), which the source reports as an unreadable
record. An array's items are decoded one at a time by the same decoder as a whole document
(:mod:`.jsontext`: numbers keep their text), from a window of the text that holds the item
being read; an item nested too deeply to decode is skipped and given as an :class:`Unreadable`.
"""
from __future__ import annotations

import codecs
import json
import re
from typing import Any, BinaryIO, Iterable, Iterator, NamedTuple

from . import jsontext

LONG_LINE_HEAD = 1_000  # bytes of an over-long line kept for the error report
SKIP_PIECE = 1 << 20  # bytes read at a time while skipping the rest of an over-long line
READ_PIECE = 1 << 20  # bytes of a JSON document read at a time


class LongLine(NamedTuple):
    """A line over the length limit: its length in bytes (without the line break) and its
    first :data:`LONG_LINE_HEAD` bytes."""

    length: int
    head: bytes | str


class Unreadable(NamedTuple):
    """An array item that cannot be taken in (why, and its text as far as it is kept)."""

    reason: str
    text: str


class WholeDocument(NamedTuple):
    """A document that is not an array, decoded whole (its records are for the caller to find)."""

    value: Any


def bounded_lines(stream: Iterable, limit: int) -> Iterator[bytes | str | LongLine]:
    """The lines of ``stream`` (bytes or text), each read only up to ``limit`` bytes (or
    characters) beyond which it is a :class:`LongLine`."""
    readline = stream.readline
    while True:
        line = readline(limit + 1)
        if not line:
            return
        if len(line) <= limit or line[-1:] in (b"\n", "\n"):
            yield line
            continue
        head, length = line[:LONG_LINE_HEAD], len(line)
        while line[-1:] not in (b"\n", "\n"):
            line = readline(SKIP_PIECE)
            if not line:
                break
            length += len(line)
        yield LongLine(length - len(line[-1:]) if line[-1:] in (b"\n", "\n") else length, head)


# --- a top-level array, item by item ---------------------------------------------------------

_WHITESPACE = re.compile(r"[ \t\n\r]*")
_TOKEN = re.compile(r'["\[\]{}]')
_STRING_REST = re.compile(r'(?:[^"\\]|\\.)*"', re.DOTALL)


class _Window:
    """The decoded text of a binary stream, read piece by piece: ``text[pos:]`` is what is
    not taken yet; the text before a taken item is dropped, its lines counted for messages."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        start = stream.read(4)
        self.decoder = codecs.getincrementaldecoder(json.detect_encoding(start))("surrogatepass")
        self.text = self.decoder.decode(start)
        self.pos = 0
        self.eof = False
        self.lines_before = 0  # line breaks in the text dropped so far
        self.column_before = 0  # characters after the last of them, in the dropped text

    def more(self, wanted: int = READ_PIECE) -> bool:
        """Read about ``wanted`` more bytes; False at the end of the stream."""
        if self.eof:
            return False
        data = self.stream.read(wanted)
        self.eof = not data
        self.text += self.decoder.decode(data, final=self.eof)
        return not self.eof

    def next_char(self) -> str | None:
        """The next character after white space (not taken), or None at the end."""
        while True:
            self.pos = _WHITESPACE.match(self.text, self.pos).end()
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self.more():
                return None

    def drop_taken(self) -> None:
        if self.pos > READ_PIECE:
            taken = self.text[:self.pos]
            breaks = taken.count("\n")
            self.lines_before += breaks
            self.column_before = (self.column_before + len(taken)) if not breaks else \
                len(taken) - taken.rfind("\n") - 1
            self.text, self.pos = self.text[self.pos:], 0

    def error(self, message: str, pos: int) -> json.JSONDecodeError:
        """A decoding error at ``pos`` of the window, with its line and column in the file."""
        exc = json.JSONDecodeError(message, self.text, pos)
        if exc.lineno == 1:
            exc.colno += self.column_before
        exc.lineno += self.lines_before
        return exc

    def rest(self) -> str:
        while self.more():
            pass
        return self.text[self.pos:]


def json_items(stream: BinaryIO, max_depth: int) -> Iterator[Any]:
    """The items of a top-level JSON array one at a time (an item nested deeper than
    ``max_depth`` as an :class:`Unreadable`), or a :class:`WholeDocument` for any other
    document. Raises ``json.JSONDecodeError`` (with the line and column in the file) or
    ``UnicodeDecodeError``."""
    window = _Window(stream)
    if window.next_char() != "[":
        yield WholeDocument(jsontext.loads(window.rest()))
        return
    window.pos += 1
    first = True
    while True:
        char = window.next_char()
        if char == "]" and first:
            window.pos += 1
            break
        if not first:
            if char == "]":
                window.pos += 1
                break
            if char != ",":
                raise window.error("Expecting ',' delimiter", window.pos)
            window.pos += 1
            window.next_char()
        first = False
        yield _item(window, max_depth)
        window.drop_taken()
    if window.next_char() is not None:
        raise window.error("Extra data", window.pos)


def _item(window: _Window, max_depth: int) -> Any:
    """Decode the item at the window's position and take it; more text is read until the
    item is whole (its end is known only once a character follows it, or at the end)."""
    wanted = READ_PIECE
    while True:
        try:
            value, end = jsontext.raw_decode(window.text, window.pos)
        except RecursionError:
            return _skip_deep_item(window)
        except json.JSONDecodeError as exc:
            if window.more(wanted):
                wanted *= 2  # a long item: read in growing pieces, so it is decoded a few times only
                continue
            raise window.error(exc.msg, exc.pos) from None
        if end < len(window.text) or not window.more(wanted):
            break
    start, window.pos = window.pos, end
    text = window.text
    if text.count("{", start, end) + text.count("[", start, end) > max_depth \
            and jsontext.nesting_depth(value, max_depth) > max_depth:
        return Unreadable(too_deep(max_depth), text[start:end])
    return value


def _skip_deep_item(window: _Window) -> Unreadable:
    """Take an item too deep for the decoder: its brackets matched, its strings skipped."""
    depth, pos = 0, window.pos
    while True:
        match = _TOKEN.search(window.text, pos)
        string = match is not None and match.group() == '"' and _STRING_REST.match(window.text, match.end())
        if match is None or (match.group() == '"' and not string):
            if not window.more():  # the item, or a string in it, goes on beyond the end
                raise window.error("Unterminated item", window.pos)
            continue
        if string:
            pos = string.end()
            continue
        pos = match.end()
        depth += 1 if match.group() in "[{" else -1
        if depth == 0:
            start, window.pos = window.pos, pos
            return Unreadable(too_deep(None), window.text[start:pos])


def too_deep(max_depth: int | None) -> str:
    limit = f"more than {max_depth} levels" if max_depth else "too deeply"
    return f"nested {limit} (objects and lists inside one another); such a record is not read"
