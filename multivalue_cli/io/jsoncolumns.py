"""Fields that hold JSON text: an object keyed by data (ids, names) rather than by a schema, and
a column nested deeper than Parquet can read back, are stored as the JSON text of their value
(a string field marked with :data:`JSON_TEXT_META`), which gives every value back exactly.

:class:`JsonColumns` finds those fields in a schema, turns a record's values into their text for
writing and back into values for reading. The dataset card names them.
"""
from __future__ import annotations

from typing import Any, Callable, Union

import pyarrow as pa

from . import jsontext

JSON_TEXT_META = {b"multivalue": b"json"}  # the field metadata of a field that holds JSON text


def json_text_field(name: str) -> pa.Field:
    return pa.field(name, pa.string(), metadata=JSON_TEXT_META)


def holds_json_text(field: pa.Field) -> bool:
    return bool(field.metadata) and field.metadata.get(b"multivalue") == b"json"


class _Each:
    """Every element of a list (in a :data:`Plan`)."""

    __slots__ = ("item",)

    def __init__(self, item: "Plan") -> None:
        self.item = item


# Where the JSON text is in a value: True (here), _Each (in each element), or a dict (in the
# values of these keys).
Plan = Union[bool, _Each, dict]


def _plan(field: pa.Field) -> Plan | None:
    if holds_json_text(field):
        return True
    kind = field.type
    if pa.types.is_struct(kind):
        inner = {child.name: plan for child in kind if (plan := _plan(child)) is not None}
        return inner or None
    if pa.types.is_list(kind) or pa.types.is_large_list(kind):
        plan = _plan(kind.value_field)
        return _Each(plan) if plan is not None else None
    return None


class JsonColumns:
    """The fields of ``schema`` that hold JSON text."""

    def __init__(self, schema: pa.Schema | None) -> None:
        fields = schema or []
        self.plan: dict = {f.name: plan for f in fields if (plan := _plan(f)) is not None}

    def __bool__(self) -> bool:
        return bool(self.plan)

    def encode(self, record: dict) -> dict:
        """The record as written: each value of a JSON-text field as its JSON text."""
        return _convert(self.plan, record, jsontext.dumps)

    def decode(self, record: dict) -> dict:
        """The record as it was: each JSON-text field's text read back into its value."""
        return _convert(self.plan, record, jsontext.loads)

    def paths(self) -> list[str]:
        """The fields, as field paths (``meta``, ``turns[*].scores``)."""
        return list(_paths(self.plan, ""))


def _convert(plan: Plan, value: Any, leaf: Callable[[Any], Any]) -> Any:
    if value is None:
        return None
    if plan is True:
        return leaf(value)
    if isinstance(plan, _Each):
        return [_convert(plan.item, item, leaf) for item in value]
    return {key: _convert(plan[key], item, leaf) if key in plan else item for key, item in value.items()}


def _paths(plan: Plan, where: str):
    if plan is True:
        yield where
    elif isinstance(plan, _Each):
        yield from _paths(plan.item, f"{where}[*]")
    else:
        for key, inner in plan.items():
            yield from _paths(inner, f"{where}.{key}" if where else key)
