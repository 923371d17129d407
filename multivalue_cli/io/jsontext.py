"""JSON that comes back as it was written: numbers keep their text, lone surrogates survive.

``json.loads`` turns ``1.10`` into ``1.1`` and ``1e400`` into ``inf`` (which ``json.dumps``
writes as ``Infinity``, rejected by strict parsers). Here a decimal number is read as a
:class:`JsonNumber`, a ``float`` that remembers its text, and :func:`dumps` writes that text
back. Strings holding lone surrogates (``"\\ud800"`` is valid JSON, but not Unicode text) are
written with ``\\u`` escapes, so the line stays UTF-8 and reads back to the same string.
"""
from __future__ import annotations

import json
import math
from json.encoder import encode_basestring, encode_basestring_ascii
from typing import Any


class JsonNumber(float):
    """A JSON number with a fraction or an exponent (or ``NaN``/``Infinity``), with its text."""

    __slots__ = ("text",)

    def __new__(cls, text: str) -> "JsonNumber":
        number = float.__new__(cls, text)
        number.text = text
        return number

    def __reduce__(self):  # pickles (to workers) with its text
        return (JsonNumber, (self.text,))

    @property
    def overflows(self) -> bool:
        """Written as a finite number, read as an infinity (``1e400``)."""
        return math.isinf(self) and "inf" not in self.text.lower()


_DECODER = json.JSONDecoder(parse_float=JsonNumber, parse_constant=JsonNumber)


def loads(text: str | bytes) -> Any:
    """``json.loads``, keeping the text of every non-integer number."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode(json.detect_encoding(text), "surrogatepass")
    return _DECODER.decode(text)


def raw_decode(text: str, pos: int) -> tuple[Any, int]:
    """The JSON value of ``text`` that starts at ``pos`` (read as :func:`loads` reads it), and
    where it ends."""
    return _DECODER.raw_decode(text, pos)


def nesting_depth(value: Any, limit: int) -> int:
    """How deeply objects and lists nest in ``value`` (a scalar: 0, ``{"a": 1}``: 1), counted
    without recursion and only up to ``limit + 1``."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        todo.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def load(stream) -> Any:
    return loads(stream.read())


def lines(text: str) -> list[str]:
    """The lines of a JSON-lines text, split at ``\\n`` only: ``str.splitlines`` also splits at
    U+2028, U+2029, U+0085 and other characters a JSON string holds as they are."""
    found = text.split("\n")
    return found[:-1] if found[-1] == "" else found


def has_surrogates(text: str) -> bool:
    try:
        text.encode("utf-8")
        return False
    except UnicodeEncodeError:
        return True


def dumps(value: Any) -> str:
    """One value as JSON text (``", "`` and ``": "`` separators, non-ASCII kept as is, numbers
    as they were read). Raises TypeError for a value JSON cannot hold (bytes, dates, ...)."""
    parts: list[str] = []
    _encode(value, parts, encode_basestring)
    line = "".join(parts)
    if has_surrogates(line):  # rare: redo with \u escapes so the text can be written as UTF-8
        parts = []
        _encode(value, parts, _escape_surrogates)
        line = "".join(parts)
    return line


def _escape_surrogates(text: str) -> str:
    return encode_basestring_ascii(text) if has_surrogates(text) else encode_basestring(text)


def _encode(value: Any, out: list[str], string) -> None:
    if isinstance(value, str):
        out.append(string(value))
    elif value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, JsonNumber):
        out.append(value.text)
    elif isinstance(value, int):
        out.append(int.__repr__(value))
    elif isinstance(value, float):
        out.append(_float_text(value))
    elif isinstance(value, dict):
        out.append("{")
        for k, (key, item) in enumerate(value.items()):
            if k:
                out.append(", ")
            if not isinstance(key, str):
                raise TypeError(f"an object key must be a string, not {type(key).__name__}")
            out.append(string(key))
            out.append(": ")
            _encode(item, out, string)
        out.append("}")
    elif isinstance(value, (list, tuple)):
        out.append("[")
        for k, item in enumerate(value):
            if k:
                out.append(", ")
            _encode(item, out, string)
        out.append("]")
    else:
        raise TypeError(f"a {type(value).__name__} value cannot be written as JSON")


def _float_text(value: float) -> str:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return float.__repr__(value)
