"""The reviewers' page: one self-contained HTML file (inline CSS and script, nothing fetched,
works from ``file://``), written by the template ``review.html``, which escapes every text.
Here an item becomes what the page shows: its texts in pieces, each edit span marked."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..reports.templating import render_template


@dataclass(frozen=True)
class Piece:
    """A piece of an item's text; with ``edits`` (their ids), an edit span (``point``: empty)."""

    text: str
    edits: tuple[str, ...] | None = None
    point: bool = False


def pieces(text: str, edits: Sequence[dict], side: str) -> list[Piece]:
    """``text`` in pieces, one marked piece per edit span (edits that share a span share it).
    ``side`` is ``transformed`` (spans ``start``/``end``) or ``original`` (``original_start``/
    ``original_end``)."""
    first, last = ("start", "end") if side == "transformed" else ("original_start", "original_end")
    spans: dict[tuple[int, int], list[str]] = {}
    for e in edits:
        spans.setdefault((e[first], e[last]), []).append(e["edit"])
    found, position = [], 0
    for (start, end), ids in sorted(spans.items()):
        found.append(Piece(text[position:start]))
        found.append(Piece(text[start:end], tuple(ids), point=end == start))
        position = end
    found.append(Piece(text[position:]))
    return found


def snippet(item: dict) -> str:
    """The item as an HTML fragment with its marks (the ``html`` column of items.csv)."""
    return render_template("review_snippet.html", original=pieces(item["original"], item["edits"], "original"),
                           transformed=pieces(item["transformed"], item["edits"], "transformed"),
                           edits=item["edits"])


def render_review_page(items: Sequence[dict], review_id: str, dialect: str, dialect_name: str) -> str:
    data = {"review": review_id, "dialect": dialect,
            "items": [{"item": i["item"], "edits": [e["edit"] for e in i["edits"]]} for i in items]}
    return render_template("review.html", data=data, dialect=dialect, dialect_name=dialect_name,
                           items=[_item_view(item) for item in items])


def _item_view(item: dict) -> dict:
    count = len({(e["start"], e["end"]) for e in item["edits"]})
    return {"id": item["item"], "changes": f"{count} change{'s' if count != 1 else ''}" if count else "no change",
            "original": pieces(item["original"], item["edits"], "original"),
            "transformed": pieces(item["transformed"], item["edits"], "transformed")}
