"""Positions through an edit log: where a character of a text lands in the text its edits give
(:class:`PositionMap`), where a span of the input lands in the output (:func:`moved_span`),
and the two stages of a rewrite (dialect, then learner errors on its output) as one log in
the input's coordinates (:func:`compose`).

A log's rows that share a span (sites merged because they touch) are one region: the
distinct ``(start, end, before, after)`` spans of a log never overlap, so replacing each
``before`` by its ``after`` gives the output, and every character outside them moves by what
the regions before it added or removed.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import replace
from typing import Iterable, Sequence

from .apply import AppliedEdit

Region = tuple[int, int, int, int]  # (start, end) in one text, (start, end) in the other


def distinct_spans(edits: Iterable[AppliedEdit]) -> list[tuple[int, int, str, str]]:
    """The log's distinct ``(start, end, before, after)`` spans, in order."""
    return sorted({(e.start, e.end, e.before, e.after) for e in edits})


def regions(edits: Iterable[AppliedEdit]) -> list[Region]:
    """Each distinct span of the log with where its ``after`` stands in the output."""
    found, shift = [], 0
    for start, end, before, after in distinct_spans(edits):
        found.append((start, end, start + shift, start + shift + len(after)))
        shift += len(after) - len(before)
    return found


class PositionMap:
    """Where a position of one text lands in the other, given their corresponding regions
    (sorted, not overlapping). A position outside every region moves with the regions before
    it; one inside a region goes to the region's start (``left``) or end in the other text,
    and so does one where a region is empty (words inserted there, or ``before`` a deletion
    of the other direction)."""

    def __init__(self, found: Sequence[Region]) -> None:
        self.regions = list(found)
        self.ends = [r[1] for r in self.regions]

    def inverse(self) -> "PositionMap":
        return PositionMap([(a, b, s, e) for s, e, a, b in self.regions])

    def __call__(self, position: int, left: bool = True) -> int:
        k = bisect_left(self.ends, position)  # the regions before k end before the position
        shift = self.regions[k - 1][3] - self.regions[k - 1][1] if k else 0
        for start, end, out_start, out_end in self.regions[k:]:
            if start > position or start == position < end:
                break  # wholly after the position
            if start < position < end:
                return out_start if left else out_end
            if start == end and left:
                return out_start
            shift = out_end - end  # it ends at the position (or is empty there: taken on the right)
        return position + shift


def moved_span(start: int, end: int, edits: Sequence[AppliedEdit],
               mapping: PositionMap | None = None) -> int | None:
    """Where the input span ``start:end`` starts in the output of ``edits``, or None when an
    edit reaches into it (a word inserted inside it, a region that overlaps it). Words
    inserted right before the span stand before it in the output."""
    mapping = mapping or PositionMap(regions(edits))
    for s, e, _, _ in mapping.regions:
        if s >= end and s > start:
            break
        if (s < end and e > start) or (start < s == e < end):
            return None
    return mapping(start, left=False)


def compose(source: str, first: Sequence[AppliedEdit], second: Sequence[AppliedEdit],
            final: str) -> list[AppliedEdit]:
    """The edits of two stages as one log on ``source``: ``first``'s spans are in ``source``,
    ``second``'s in the text ``first`` gave, and ``final`` is what ``second`` gave. A
    ``second`` edit that overlaps what a ``first`` edit wrote (or meets it where either is
    empty: a word inserted, a word deleted) is merged with it: every row of the group takes
    the group's span, from ``source`` to ``final``; the other rows of ``second`` are moved
    into ``source``'s coordinates. Replaying the result on ``source`` gives ``final``."""
    if not first or not second:
        return [*first, *second]
    first_regions, second_regions = regions(first), regions(second)
    back = PositionMap(first_regions).inverse()  # the middle text -> source
    forward = PositionMap(second_regions)  # the middle text -> final
    group = _groups([(r[2], r[3]) for r in first_regions], [(r[0], r[1]) for r in second_regions])
    members: dict[int, list[tuple[int, int, int, int]]] = {}
    for k, (start, end, out_start, out_end) in enumerate(first_regions):
        if k in group:  # in source; in final
            members.setdefault(group[k], []).append(
                (start, end, forward(out_start), forward(out_end, left=False)))
    for k, (start, end, out_start, out_end) in enumerate(second_regions, start=len(first_regions)):
        if k in group:
            members.setdefault(group[k], []).append(
                (back(start), back(end, left=False), out_start, out_end))
    spans = {g: (min(m[0] for m in found), max(m[1] for m in found),
                 min(m[2] for m in found), max(m[3] for m in found)) for g, found in members.items()}
    number = {span: k for k, span in enumerate(distinct_spans(first))}
    number.update({("second", *span): len(first_regions) + k for k, span in enumerate(distinct_spans(second))})
    out = []
    for edit in first:
        g = group.get(number[(edit.start, edit.end, edit.before, edit.after)])
        out.append(edit if g is None else _spanning(edit, spans[g], source, final))
    for edit in second:
        g = group.get(number[("second", edit.start, edit.end, edit.before, edit.after)])
        if g is None:
            out.append(replace(edit, start=back(edit.start), end=back(edit.end, left=False)))
        else:
            out.append(_spanning(edit, spans[g], source, final))
    out.sort(key=lambda e: (e.start, e.end, e.ewave == 0, e.ewave, e.feature))
    return out


def _spanning(edit: AppliedEdit, span: tuple[int, int, int, int], source: str, final: str) -> AppliedEdit:
    start, end, out_start, out_end = span
    return replace(edit, start=start, end=end, before=source[start:end], after=final[out_start:out_end])


def _groups(first: list[tuple[int, int]], second: list[tuple[int, int]]) -> dict[int, int]:
    """Regions of the middle text (``first``'s outputs, ``second``'s inputs; each list sorted)
    joined into groups wherever one of ``second`` overlaps one of ``first``, or meets it where
    either is empty: region number (``first``'s, then ``second``'s after them) -> group, for
    the regions in a group."""
    parent = list(range(len(first) + len(second)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    ends = [e for _, e in first]
    for j, (start, end) in enumerate(second):
        k = bisect_left(ends, start)  # the first region of ``first`` that ends at or after start
        while k < len(first) and first[k][0] <= end:
            s, e = first[k]
            if (start < e and s < end) or start == end or s == e:
                parent[root(len(first) + j)] = root(k)
            k += 1
    joined: dict[int, list[int]] = {}
    for k in range(len(parent)):
        joined.setdefault(root(k), []).append(k)
    return {k: g for g, ks in joined.items() if len(ks) > 1 for k in ks}
