"""What ``verify`` checks in a record of tokens rewritten as a sentence (``--task ner``): its
label lists as long as its tokens; the edit log turning the input's tokens, joined, into the
output's; every token no edit touched still there with its labels; the entities (type and words)
the same, in order; and every span list valid in its scheme where the input's was. Each problem
names the row, the field and the position."""
from __future__ import annotations

from typing import Sequence

from ..engine.apply import AppliedEdit, replay
from ..labels.layout import TokenLayout
from ..labels.realign import join_tokens, kept_spans
from ..labels.schemes import entities, first_invalid, split_tag


def token_problems(row: int, before: dict, after: dict, layout: TokenLayout,
                   edits: Sequence[AppliedEdit]) -> list[str]:
    """The problems of one output record (nothing when it is right)."""
    name = layout.tokens
    old, new = before.get(name), after.get(name)
    if not isinstance(old, list) or not isinstance(new, list) or not all(isinstance(t, str) for t in new):
        return [] if old == new else [f"row {row}, {name}: not a list of tokens in the output"]
    problems = [f"row {row}, {lst.field}: {len(after.get(lst.field) or [])} labels for {len(new)} tokens"
                for lst in layout.labels if len(after.get(lst.field) or []) != len(new)]
    if problems:
        return problems
    try:
        labels_in = {lst.field: lst.read(before[lst.field]) for lst in layout.labels}
        labels_out = {lst.field: lst.read(after[lst.field]) for lst in layout.labels}
    except (IndexError, TypeError, KeyError):
        return [f"row {row}: a label list holds a value that is not one of its labels"]
    text, offsets = join_tokens(old)
    try:
        replayed = replay(text, edits)
    except ValueError as exc:
        return [f"row {row}, {name}: {exc}"]
    written, where = join_tokens(new)
    if replayed != written:
        return [f"row {row}, {name}: the edit log does not reproduce the output ({replayed!r} vs {written!r})"]
    problems += _kept_tokens(row, layout, old, new, labels_in, labels_out, text, offsets, where, edits)
    for lst in layout.labels:
        if lst.role == "tags":
            continue
        scheme = lst.scheme or "IOB2"
        if lst.role == "entities":
            was, now = entities(old, labels_in[lst.field], scheme), entities(new, labels_out[lst.field], scheme)
            if was != now:
                problems.append(f"row {row}, {lst.field}: {_first_change(was, now)}")
        broken = first_invalid(labels_out[lst.field], scheme)
        if broken is not None and first_invalid(labels_in[lst.field], scheme) is None:
            problems.append(f"row {row}, {lst.field}[{broken[0]}]: {broken[1]}")
    return problems


def _kept_tokens(row, layout, old, new, labels_in, labels_out, text, offsets, where, edits) -> list[str]:
    """Every token outside the edits' spans is in the output at its new place, with its labels
    (a chunk list: its chunk's type; a chunk may have begun with a word that changed)."""
    at = {span: k for k, span in enumerate(where)}
    for k, span in enumerate(kept_spans(text, offsets, edits, inside=())):
        if span is None:
            continue
        m = at.get(span)
        if m is None or new[m] != old[k]:
            return [f"row {row}, {layout.tokens}[{k}] ({old[k]!r}): no edit touched it, but it is not in the output"]
        for lst in layout.labels:
            was, now = labels_in[lst.field][k], labels_out[lst.field][m]
            if lst.role == "chunks":
                was, now = (split_tag(was) or ("", was))[1], (split_tag(now) or ("", now))[1]
            if was != now:
                return [f"row {row}, {lst.field}[{m}] ({new[m]!r}): {labels_out[lst.field][m]!r}, but "
                        f"{labels_in[lst.field][k]!r} in the input ({lst.field}[{k}]), and no edit touched the token"]
    return []


def _first_change(was: list, now: list) -> str:
    for k, (a, b) in enumerate(zip(was, now)):
        if a != b:
            return f"entity {k + 1} was {a[0]} {' '.join(a[1])!r}, is {b[0]} {' '.join(b[1])!r}"
    if len(was) > len(now):
        return f"entity {len(now) + 1} ({was[len(now)][0]} {' '.join(was[len(now)][1])!r}) is missing"
    return f"entity {len(was) + 1} ({now[len(was)][0]} {' '.join(now[len(was)][1])!r}) is new"
