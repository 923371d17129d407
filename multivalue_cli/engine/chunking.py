"""How much text is rewritten at a time: a long text in pieces, many texts in windows, so that
memory and time stay bounded however long the input; and a text's pieces put back together."""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterator, NamedTuple, Sequence

from .apply import Result

CHUNK_CHARS = 20_000  # longer texts are rewritten piece by piece
# At most this much text is parsed at a time: the parse's arrays grow with it (about 1.3 KB a
# character: a worker over the BBQ contexts peaks at 380 MB with 25,000 characters, at 480 MB
# with 100,000, at the same speed) ...
WINDOW_CHARS = 25_000
# ... unless that is fewer texts than this: the parser advances the texts of a window together,
# one step for all, so pieces of a book parsed five at a time (100,000 characters) take 10%
# less time than one at a time.
WINDOW_MIN_TEXTS = 5


class RewrittenPiece(NamedTuple):
    """One piece of a text, rewritten."""

    start: int  # where the piece starts in the text
    text: str
    result: Result
    stats: Any = None  # what was counted on it, added up with ``+`` (learner statistics), or None


def chunk_bounds(text: str, limit: int) -> list[tuple[int, int]]:
    """``(start, end)`` pieces of at most about ``limit`` characters that cover ``text``,
    cut after a line break, else after a sentence end, else after a space."""
    bounds, start = [], 0
    while len(text) - start > limit:
        window = text[start:start + limit]
        cut = window.rfind("\n")
        if cut < limit // 2:
            cut = max(window.rfind(". "), window.rfind("? "), window.rfind("! "))
            cut = cut + 1 if cut >= limit // 2 else -1
        if cut < limit // 2:
            cut = window.rfind(" ")
        if cut <= 0:
            cut = limit - 1
        end = start + cut + 1
        while end < len(text) and text[end] in " \t":  # the piece keeps the whitespace after it
            end += 1
        bounds.append((start, end))
        start = end
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds


def split_texts(texts: Sequence[str], limit: int = CHUNK_CHARS,
                max_chars: int | None = None) -> tuple[list[str], list[tuple[int, int]]]:
    """The pieces of ``texts`` (:func:`chunk_bounds`; an empty text is one empty piece) and,
    for each, ``(position of its text, where it starts there)``. With ``max_chars``, only the
    pieces up to that many characters, in order (the piece that crosses it included)."""
    pieces: list[str] = []
    owners: list[tuple[int, int]] = []
    size = 0
    for k, text in enumerate(texts):
        if max_chars is not None and size >= max_chars:
            break
        for start, end in chunk_bounds(text or "", limit):
            if max_chars is not None and size >= max_chars:
                break
            pieces.append(text[start:end])
            owners.append((k, start))
            size += end - start
        if not text:
            pieces.append(text)
            owners.append((k, 0))
    return pieces, owners


def clipped(spans, start: int, end: int) -> list[tuple[int, int]]:
    """The parts of character ``spans`` (of a text) inside its piece ``start:end``, in the
    piece's coordinates (empty ones left out)."""
    return [(max(s, start) - start, min(e, end) - start) for s, e in spans if max(s, start) < min(e, end)]


def text_windows(todo: list[int], texts: Sequence[str], count: int, chars: int = WINDOW_CHARS,
                 min_texts: int = WINDOW_MIN_TEXTS) -> Iterator[list[int]]:
    """``todo`` (text positions) cut into runs of at most ``count`` texts and about ``chars``
    characters, or ``min_texts`` texts where those are longer."""
    window: list[int] = []
    size = 0
    for k in todo:
        if window and (len(window) >= count
                       or size + len(texts[k]) > chars and len(window) >= min_texts):
            yield window
            window, size = [], 0
        window.append(k)
        size += len(texts[k])
    if window:
        yield window


def join_pieces(parts: Sequence[RewrittenPiece]) -> tuple[Result, Any]:
    """Put the results of a text's pieces together, moving their edit spans into place, and
    add up what was counted on them."""
    if len(parts) == 1:
        return parts[0].result, parts[0].stats
    text, edits, failures = [], [], []
    stats = None
    blocked = 0
    for start, piece, result, piece_stats in parts:
        edits += [replace(e, start=e.start + start, end=e.end + start) for e in result.edits]
        text.append(result.text)
        failures += result.failures
        blocked += result.blocked
        if piece_stats is not None:
            stats = piece_stats if stats is None else stats + piece_stats
    return Result("".join(text), edits, failures, blocked), stats
