"""An Arrow schema that holds JSON records exactly, or the reason why none can.

JSON records carry no schema, and ``pyarrow.Table.from_pylist`` guesses one that can lose data:
with a schema taken from the first records it drops keys first seen later and truncates
``2.5`` to ``2`` in an integer column. :class:`SchemaBuilder` sees every record first and
widens as it goes (a key seen later becomes a column, null takes the type of the values seen
beside it), and refuses what Parquet cannot store without changing a value: integers and
decimals in one column (``1`` would come back as ``1.0``), booleans beside numbers, integers
beyond 64 bits, ``1e400``, strings that are not Unicode (lone surrogates), objects that are
always empty. Absent keys come back as null: Parquet gives every row every column.
"""
from __future__ import annotations

import base64
from typing import Any, Union

import pyarrow as pa

from ..errors import MultivalueError

from .jsontext import JsonNumber, has_surrogates

INT64_MIN, INT64_MAX = -(2 ** 63), 2 ** 63 - 1

# A node of the inferred type: None (only nulls seen), "bool", "int", "float", "str",
# ListType (element node) or a dict (struct: field name -> node, first-seen order).
Node = Union[None, str, "ListType", dict]


class ListType:
    __slots__ = ("item",)

    def __init__(self, item: Node = None) -> None:
        self.item = item


class Untypable(MultivalueError):
    """The records cannot be stored as Parquet exactly; the message says where and why."""


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
        builder.root = {f.name: _node(f.type) for f in schema}
        return builder

    def add(self, row: int, record: dict) -> None:
        """Take ``record`` (input row ``row``) into the schema; raise :class:`Untypable`."""
        try:
            _widen_struct(self.root, record, "")
        except Untypable as exc:
            raise Untypable(f"row {row}, {exc}") from None

    def fits(self, record: dict) -> bool:
        """Whether ``record`` is held exactly by the schema as it stands (nothing widens)."""
        return _fits(self.root, record)

    def schema(self) -> pa.Schema:
        empty = _empty_struct(self.root, "")
        if empty:
            raise Untypable(f"field {empty} holds only empty objects ({{}}), which Parquet "
                            "cannot store")
        return pa.schema([pa.field(name, _arrow(node)) for name, node in self.root.items()])


def _widen(node: Node, value: Any, where: str) -> Node:
    if value is None:
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
        _widen_struct(node, value, where)
        return node
    if isinstance(value, list):
        if node is None:
            node = ListType()
        elif not isinstance(node, ListType):
            raise _conflict(where, node, "list")
        for k, item in enumerate(value):
            node.item = _widen(node.item, item, f"{where}[{k}]")
        return node
    raise Untypable(f"field {where}: a {type(value).__name__} value is not a JSON value")


def _widen_struct(node: dict, value: dict, where: str) -> None:
    for key, item in value.items():
        path = f"{where}.{key}" if where else key
        node[key] = _widen(node.get(key), item, path)


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
    if value is None:
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


def _node(kind: pa.DataType) -> Node:
    if pa.types.is_list(kind):
        return ListType(_node(kind.value_type))
    if pa.types.is_struct(kind):
        return {f.name: _node(f.type) for f in kind}
    return next(name for name, arrow in _ARROW.items() if arrow == kind)


def _arrow(node: Node) -> pa.DataType:
    if isinstance(node, ListType):
        return pa.list_(_arrow(node.item))
    if isinstance(node, dict):
        return pa.struct([pa.field(name, _arrow(child)) for name, child in node.items()])
    return _ARROW[node]


def schema_to_text(schema: pa.Schema | None) -> str | None:
    """A schema as text for a JSON file (the manifest): its Arrow IPC bytes in base64."""
    return None if schema is None else base64.b64encode(schema.serialize().to_pybytes()).decode()


def schema_from_text(text: str | None) -> pa.Schema | None:
    return None if not text else pa.ipc.read_schema(pa.py_buffer(base64.b64decode(text)))
