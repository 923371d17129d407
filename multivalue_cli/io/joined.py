"""A text field made of other text fields of the same record, such as HellaSwag's ``ctx``: its
``ctx_a``, a space, its ``ctx_b`` (just ``ctx_a`` where ``ctx_b`` is empty). When the parts are
rewritten, the field is made again from the new parts with the whitespace the input had
between them, so it says what they say."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

Layout = tuple[str, ...]  # the whitespace before, between and after the parts


@dataclass(frozen=True)
class JoinedField:
    field: str  # a top-level field
    parts: tuple[str, ...]  # top-level text fields, in the order the field holds them

    def layout(self, record: Mapping[str, Any]) -> Layout | None:
        """How the record's field is made of its parts: the whitespace around and between
        them, in order; None when the field is not the parts joined by whitespace."""
        whole = record.get(self.field)
        parts = [record.get(name) for name in self.parts]
        if not isinstance(whole, str) or not all(isinstance(p, str) for p in parts):
            return None
        gaps, position = [], 0
        for part in parts:
            blank = len(whole) - position - len(whole[position:].lstrip())
            start = next((position + k for k in range(blank + 1) if whole.startswith(part, position + k)), None)
            if start is None:
                return None
            gaps.append(whole[position:start])
            position = start + len(part)
        gaps.append(whole[position:])
        return tuple(gaps) if not gaps[-1].strip() else None

    def make(self, record: Mapping[str, Any], layout: Layout) -> str:
        """The field made of the record's (new) parts, laid out as ``layout`` says."""
        pieces = [layout[0]]
        for name, gap in zip(self.parts, layout[1:]):
            pieces += [record[name], gap]
        return "".join(pieces)

    def problem(self) -> str:
        """Why a record whose field is not made of its parts cannot be rewritten."""
        parts = " and ".join(self.parts)
        return (f"{self.field} is not {parts} joined by whitespace, so it cannot be made again "
                f"from the rewritten {parts}")

    def as_dict(self) -> dict[str, list[str]]:
        """How the manifest and a task preset describe it (under the field's name)."""
        return {"join": list(self.parts)}
