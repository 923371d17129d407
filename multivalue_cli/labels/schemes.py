"""Span-tagging schemes of per-token labels: which tags begin, continue and end a span.

``IOB2`` (BIO: every span begins with ``B-``), ``IOB1`` (spans begin with ``I-``; ``B-`` only
begins a span right after one of the same type), ``BILOU`` (``B-``, ``I-``, ``L-``, ``U-`` for
a one-token span) and ``IOBES`` (the same with ``E-`` and ``S-``). ``O`` is outside any span.
Decoding is lenient, as conlleval's is (a continuing tag with nothing to continue begins a
span), so spans can be compared even where an input breaks its scheme; :func:`first_invalid`
says where it does.
"""
from __future__ import annotations

import re
from typing import Iterable, Sequence

OUTSIDE = "O"
SCHEMES = ("IOB2", "IOB1", "BILOU", "IOBES")
_TAG = re.compile(r"^([BIESLU])-(.+)$", re.S)
_LAST = {"BILOU": ("L", "U"), "IOBES": ("E", "S")}

Span = tuple[str, int, int]  # type, first token, one past the last token


def split_tag(tag: str) -> tuple[str, str] | None:
    """``"B-PER"`` -> ``("B", "PER")``; ``"O"`` -> ``("O", "")``; None for a tag of no scheme."""
    if tag == OUTSIDE:
        return OUTSIDE, ""
    found = _TAG.match(tag) if isinstance(tag, str) else None
    return (found.group(1), found.group(2)) if found else None


def is_span_tag_set(names: Iterable[str]) -> bool:
    """Whether every name is ``O`` or a prefixed tag (a list of ``O`` only is one of spans whose
    first records have none)."""
    names = list(names)
    return bool(names) and all(split_tag(n) is not None for n in names)


def detect_scheme(sequences: Iterable[Sequence[str]]) -> str:
    """The scheme of these tag sequences: BILOU or IOBES when their end and single-token tags
    occur, else IOB1 when a span begins with ``I-`` (and none with ``B-`` outside IOB1's use),
    else IOB2."""
    prefixes: set[str] = set()
    i_begins = b_begins = 0
    for tags in sequences:
        previous = OUTSIDE
        for tag in tags:
            parts = split_tag(tag)
            if parts is None:
                previous = OUTSIDE
                continue
            prefix, kind = parts
            prefixes.add(prefix)
            before = split_tag(previous) or (OUTSIDE, "")
            begins = before[0] == OUTSIDE or before[1] != kind
            if prefix == "I" and begins:
                i_begins += 1
            elif prefix == "B" and begins:
                b_begins += 1
            previous = tag
    if prefixes & {"L", "U"}:
        return "BILOU"
    if prefixes & {"E", "S"}:
        return "IOBES"
    return "IOB1" if i_begins > b_begins else "IOB2"


def spans(tags: Sequence[str], scheme: str) -> list[Span]:
    """The spans of a tag sequence (lenient: a continuing tag with nothing to continue, or of
    another type, begins a span)."""
    found: list[Span] = []
    start, kind = None, ""
    last = _LAST.get(scheme)
    for k, tag in enumerate(tags):
        prefix, tag_kind = split_tag(tag) or (OUTSIDE, "")
        if start is not None and (prefix == OUTSIDE or tag_kind != kind or prefix in ("B", "U", "S")):
            found.append((kind, start, k))
            start = None
        if prefix == OUTSIDE:
            continue
        if start is None:
            start, kind = k, tag_kind
        if last is not None and prefix in last:
            found.append((kind, start, k + 1))
            start = None
    if start is not None:
        found.append((kind, start, len(tags)))
    return found


def encode(found: Sequence[Span], length: int, scheme: str) -> list[str]:
    """Tags of ``length`` tokens holding the spans ``found`` (in order, not overlapping)."""
    tags = [OUTSIDE] * length
    previous_end, previous_kind = -1, None
    for kind, start, end in sorted(found, key=lambda s: s[1]):
        if scheme == "IOB1":
            first = "B" if previous_end == start and previous_kind == kind else "I"
            tags[start:end] = [f"{first}-{kind}"] + [f"I-{kind}"] * (end - start - 1)
        elif scheme in _LAST:
            last, single = _LAST[scheme]
            if end - start == 1:
                tags[start] = f"{single}-{kind}"
            else:
                tags[start:end] = [f"B-{kind}"] + [f"I-{kind}"] * (end - start - 2) + [f"{last}-{kind}"]
        else:
            tags[start:end] = [f"B-{kind}"] + [f"I-{kind}"] * (end - start - 1)
        previous_end, previous_kind = end, kind
    return tags


def first_invalid(tags: Sequence[str], scheme: str) -> tuple[int, str] | None:
    """The first position whose tag breaks ``scheme``, and why; None when the sequence is
    valid."""
    previous = (OUTSIDE, "")
    last = _LAST.get(scheme)
    for k, tag in enumerate(tags):
        parts = split_tag(tag)
        if parts is None:
            return k, f"{tag!r} is not a tag of {scheme} (O, or a prefix and a type)"
        prefix, kind = parts
        open_span = previous[0] in ("B", "I") if last else previous[0] != OUTSIDE
        continues = open_span and previous[1] == kind
        if last is None and prefix not in ("B", "I", OUTSIDE):
            return k, f"{tag!r}: {scheme} has no {prefix}- tags"
        if last is not None and prefix not in ("B", "I", OUTSIDE, *last):
            return k, f"{tag!r}: {scheme} has no {prefix}- tags"
        if scheme == "IOB2" and prefix == "I" and not continues:
            return k, f"{tag!r} after {_shown(previous)}: in IOB2 a span begins with B-"
        if scheme == "IOB1" and prefix == "B" and not continues:
            return k, f"{tag!r} after {_shown(previous)}: in IOB1 B- only begins a span right after one of its type"
        if last is not None:
            if prefix in ("I", last[0]) and not continues:
                return k, f"{tag!r} after {_shown(previous)}: nothing to continue"
            if prefix not in ("I", last[0]) and open_span:
                return k - 1, f"{_shown(previous)} is not closed before {tag!r}"
        previous = parts
    if last is not None and previous[0] in ("B", "I"):
        return len(tags) - 1, f"{_shown(previous)} is not closed at the end"
    return None


def _shown(parts: tuple[str, str]) -> str:
    return repr(OUTSIDE if parts[0] == OUTSIDE else f"{parts[0]}-{parts[1]}")


def entities(words: Sequence[str], tags: Sequence[str], scheme: str) -> list[tuple[str, tuple[str, ...]]]:
    """The spans of a sentence as ``(type, words)``, in order."""
    return [(kind, tuple(words[start:end])) for kind, start, end in spans(tags, scheme)]
