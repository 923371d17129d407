"""An Arrow schema that holds JSON records exactly, or the reason why none can.

JSON records carry no schema, and ``pyarrow.Table.from_pylist`` guesses one that can lose data:
with a schema taken from the first records it drops keys first seen later and truncates
``2.5`` to ``2`` in an integer column. :class:`SchemaBuilder` sees every record first and
widens as it goes (a key seen later becomes a column, null takes the type of the values seen
beside it), and refuses what Parquet cannot store without changing a value: integers and
decimals in one column (``1`` would come back as ``1.0``), booleans beside numbers, integers
beyond 64 bits, ``1e400``, strings that are not Unicode (lone surrogates), objects that are
always empty. Absent keys come back as null: Parquet gives every row every column.

Two kinds of value are kept as their JSON text instead (a string field marked as such, see
:mod:`.jsoncolumns`): an object whose keys are data rather than a schema (ids, names: more than
:data:`MAX_OBJECT_KEYS` distinct keys in one place, which as a struct would be a column each),
and a top-level column nested deeper than Parquet can read back (:data:`PARQUET_MAX_LEVEL`).
"""
from __future__ import annotations

import base64
from typing import Any, Iterable, Union

import pyarrow as pa

from ..errors import MultivalueError

from .jsoncolumns import holds_json_text, json_text_field
from .jsontext import JsonNumber, has_surrogates

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1
# An object with more distinct keys than this (over all records, in one place) is keyed by data
# (ids, names), not by a schema: its values are kept as JSON text, not as a struct field per key.
MAX_OBJECT_KEYS = 100
# Parquet's readers refuse a schema nested deeper than this: a top-level column is level 1, an
# object's fields are one level below it, a list's elements two.
PARQUET_MAX_LEVEL = 99
JSON = "json"  # the node of a value kept as its JSON text

# A node of the inferred type: None (only nulls seen), "bool", "int", "float", "str", JSON,
# ListType (element node) or a dict (struct: field name -> node, first-seen order).
Node = Union[None, str, "ListType", dict]


class ListType:
    __slots__ = ("item",)

    def __init__(self, item: Node = None) -> None:
        self.item = item


class Untypable(MultivalueError):
    """The records cannot be stored as Parquet exactly; the message says where and why."""


class _TooDeep(Untypable):
    """A value nested deeper than Parquet reads back (its top-level column becomes JSON text)."""


_SCALARS = {bool: "bool", int: "int", float: "float", JsonNumber: "float", str: "str"}
_NAMES = {"bool": "booleans", "int": "integers", "float": "decimal numbers", "str": "strings",
          "list": "lists", "object": "objects"}


def _kind(node: Node) -> str:
    if isinstance(node, ListType):
        return "list"
    if isinstance(node, dict):
        return "object"
    return node  # type: ignore[return-value]


class SchemaBuilder:
    """Widen a schema record by record; ``schema()`` gives the Arrow schema of all of them."""

    def __init__(self) -> None:
        self.root: dict = {}

    @classmethod
    def from_schema(cls, schema: pa.Schema) -> "SchemaBuilder":
        """The builder that made ``schema`` (for a resumed run, which does not read it again)."""
        builder = cls()
        builder.root = {f.name: _node(f) for f in schema}
        return builder

    def add(self, row: int, record: dict) -> None:
        """Take ``record`` (input row ``row``) into the schema; raise :class:`Untypable`."""
        try:
            for key, item in record.items():
                _check_key(key, "")
                try:
                    self.root[key] = _widen(self.root.get(key), item, key, 1)
                except _TooDeep:
                    self.root[key] = JSON
        except Untypable as exc:
            raise Untypable(f"row {row}, {exc}") from None

    def merge(self, later: "SchemaBuilder") -> None:
        """Take in the schema of records that come after this builder's (another reader's
        part of the input): the same columns, in the same order, as one builder fed all of
        them; :class:`Untypable` when the two conflict (the row is for a reader of the whole
        input to name)."""
        for key, node in later.root.items():
            self.root[key] = _merged(self.root.get(key), node, key)

    def fits(self, record: dict) -> bool:
        """Whether ``record`` is held exactly by the schema as it stands (nothing widens)."""
        return _fits(self.root, record)

    def schema(self) -> pa.Schema:
        empty = _empty_struct(self.root, "")
        if empty:
            raise Untypable(f"field {empty} holds only empty objects ({{}}), which Parquet "
                            "cannot store")
        return pa.schema([_field(name, node) for name, node in self.root.items()])


def _widen(node: Node, value: Any, where: str, level: int) -> Node:
    """``node`` widened to hold ``value`` too (the value of a field at ``level``)."""
    if value is None or node == JSON:
        return node
    scalar = _SCALARS.get(type(value))
    if scalar is not None:
        _check_scalar(value, scalar, where)
        if node is None or node == scalar:
            return scalar
        raise _conflict(where, node, scalar)
    if isinstance(value, dict):
        if node is None:
            node = {}
        elif not isinstance(node, dict):
            raise _conflict(where, node, "object")
        if level + 1 > PARQUET_MAX_LEVEL:
            raise _TooDeep
        for key, item in value.items():
            _check_key(key, where)
            node[key] = _widen(node.get(key), item, f"{where}.{key}", level + 1)
        return JSON if len(node) > MAX_OBJECT_KEYS else node
    if isinstance(value, list):
        if node is None:
            node = ListType()
        elif not isinstance(node, ListType):
            raise _conflict(where, node, "list")
        if level + 2 > PARQUET_MAX_LEVEL:
            raise _TooDeep
        for k, item in enumerate(value):
            node.item = _widen(node.item, item, f"{where}[{k}]", level + 2)
        return node
    raise Untypable(f"field {where}: a {type(value).__name__} value is not a JSON value")


def _merged(node: Node, later: Node, where: str) -> Node:
    """``node`` widened to hold what ``later`` holds (see :func:`_widen`)."""
    if later is None or node == JSON:
        return node
    if later == JSON and node is not None and not isinstance(node, (dict, ListType)):
        raise _conflict(where, node, "object")  # a JSON text node holds objects or lists
    if node is None or later == JSON:
        return later
    if isinstance(later, dict):
        if not isinstance(node, dict):
            raise _conflict(where, node, "object")
        for key, child in later.items():
            node[key] = _merged(node.get(key), child, f"{where}.{key}")
        return JSON if len(node) > MAX_OBJECT_KEYS else node
    if isinstance(later, ListType):
        if not isinstance(node, ListType):
            raise _conflict(where, node, "list")
        node.item = _merged(node.item, later.item, f"{where}[*]")
        return node
    if node != later:
        raise _conflict(where, node, later)
    return node


def _check_key(key: str, where: str) -> None:
    if not key.isascii() and has_surrogates(key):
        shown = key.encode("utf-8", "backslashreplace").decode()
        raise Untypable(f"field {where + '.' if where else ''}{shown}: a key that is not Unicode "
                        "text (a lone surrogate)")


def _check_scalar(value: Any, scalar: str, where: str) -> None:
    if scalar == "int" and not INT64_MIN <= value <= INT64_MAX:
        raise Untypable(f"field {where}: the integer {value} is beyond 64 bits")
    if scalar == "float" and isinstance(value, JsonNumber) and value.overflows:
        raise Untypable(f"field {where}: the number {value.text} is beyond the range of a "
                        "64-bit float")
    if scalar == "str" and not value.isascii() and has_surrogates(value):
        raise Untypable(f"field {where}: a string that is not Unicode text (a lone surrogate)")


def _conflict(where: str, old: Node, new: str) -> Untypable:
    return Untypable(f"field {where}: holds both {_NAMES[_kind(old)]} and {_NAMES[new]}; "
                     "Parquet would change one of them")


def _fits(node: Node, value: Any) -> bool:
    if value is None or node == JSON:
        return True
    scalar = _SCALARS.get(type(value))
    if scalar is not None:
        if node != scalar:
            return False
        try:
            _check_scalar(value, scalar, "")
        except Untypable:
            return False
        return True
    if isinstance(value, dict):
        return isinstance(node, dict) and all(
            key in node and _fits(node[key], item) for key, item in value.items())
    if isinstance(value, list):
        return isinstance(node, ListType) and all(_fits(node.item, item) for item in value)
    return False


def _empty_struct(node: Node, where: str) -> str | None:
    """The path of a struct without fields (Parquet cannot store one), if any."""
    if isinstance(node, ListType):
        return _empty_struct(node.item, f"{where}[*]")
    if isinstance(node, dict):
        if not node and where:
            return where
        for key, child in node.items():
            found = _empty_struct(child, f"{where}.{key}" if where else key)
            if found:
                return found
    return None


_ARROW = {None: pa.null(), "bool": pa.bool_(), "int": pa.int64(), "float": pa.float64(),
          "str": pa.string()}


def _node(field: pa.Field) -> Node:
    kind = field.type
    if holds_json_text(field):
        return JSON
    if pa.types.is_list(kind):
        return ListType(_node(kind.value_field))
    if pa.types.is_struct(kind):
        return {f.name: _node(f) for f in kind}
    return next(name for name, arrow in _ARROW.items() if arrow == kind)


def _field(name: str, node: Node) -> pa.Field:
    return json_text_field(name) if node == JSON else pa.field(name, _arrow(node))


def _arrow(node: Node) -> pa.DataType:
    if isinstance(node, ListType):
        return pa.list_(_field("item", node.item))
    if isinstance(node, dict):
        return pa.struct([_field(name, child) for name, child in node.items()])
    return _ARROW[node]


def with_wide_dictionaries(schema: pa.Schema, columns: Iterable[str]) -> pa.Schema:
    """``schema`` with the dictionary-encoded values of ``columns`` (the rewritten ones)
    indexed by 32-bit integers. The new texts seldom repeat, and the input's index may be too
    narrow to number them (pandas gives a categorical of up to 127 values 8-bit indices); the
    values stay dictionary-encoded, so pandas still reads a categorical."""
    for k, field in enumerate(schema):
        if field.name in columns:
            schema = schema.set(k, field.with_type(_wide(field.type)))
    return schema


def _wide(kind: pa.DataType) -> pa.DataType:
    if pa.types.is_dictionary(kind) and kind.index_type.bit_width < 32:
        return pa.dictionary(pa.int32(), kind.value_type, kind.ordered)
    if pa.types.is_struct(kind):
        return pa.struct([f.with_type(_wide(f.type)) for f in kind])
    if pa.types.is_list(kind):
        return pa.list_(kind.value_field.with_type(_wide(kind.value_type)))
    if pa.types.is_large_list(kind):
        return pa.large_list(kind.value_field.with_type(_wide(kind.value_type)))
    return kind


def schema_to_text(schema: pa.Schema | None) -> str | None:
    """A schema as text for a JSON file (the manifest): its Arrow IPC bytes in base64."""
    return None if schema is None else base64.b64encode(schema.serialize().to_pybytes()).decode()


def schema_from_text(text: str | None) -> pa.Schema | None:
    return None if not text else pa.ipc.read_schema(pa.py_buffer(base64.b64decode(text)))
