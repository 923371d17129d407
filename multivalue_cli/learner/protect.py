"""Protection: which tokens must never be edited (and do not count in the rate's denominator).

A token is protected when it overlaps a protected character span, a match of a protected
regular expression, or an occurrence of a protected term. Terms (``--protect-file``, one per
line) match case-insensitively on token boundaries, so "he" protects "He" but not "the".
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

if TYPE_CHECKING:
    from spacy.tokens import Doc

Span = tuple[int, int]


@dataclass(frozen=True)
class Protection:
    """Terms and regular expressions that apply to every text."""

    terms: tuple[str, ...] = ()
    regex: tuple[str, ...] = ()

    def spans(self, text: str) -> list[Span]:
        """Character spans of ``text`` that the terms and expressions protect."""
        found: list[Span] = []
        for pattern in _compiled(self.terms, self.regex):
            found.extend(m.span() for m in pattern.finditer(text) if m.end() > m.start())
        return found


def protected_tokens(doc: "Doc", spans: Iterable[Span]) -> set[int]:
    """Indices of the tokens of ``doc`` that overlap any of ``spans``."""
    spans = sorted(spans)
    if not spans:
        return set()
    protected: set[int] = set()
    for tok in doc:
        start, end = tok.idx, tok.idx + len(tok.text)
        if any(s < end and start < e for s, e in spans):
            protected.add(tok.i)
    return protected


def spans_from_field(text: str, value: Any) -> list[Span]:
    """Spans named by a protect-field value: a string, a ``[start, end]`` pair, or a list of
    either. A string protects each of its occurrences in ``text`` (on word boundaries)."""
    if value is None:
        return []
    if isinstance(value, str):
        return [m.span() for m in _term_pattern((value,)).finditer(text)] if value.strip() else []
    if _is_pair(value):
        start, end = int(value[0]), int(value[1])
        if not 0 <= start <= end <= len(text):
            raise ValueError(f"protected span {start}-{end} is outside the text (length {len(text)})")
        return [(start, end)]
    if isinstance(value, dict) and {"start", "end"} <= value.keys():
        return spans_from_field(text, [value["start"], value["end"]])
    if isinstance(value, (list, tuple)):
        return [span for item in value for span in spans_from_field(text, item)]
    raise ValueError(f"a protect field holds strings or [start, end] spans, not {type(value).__name__}")


def read_terms(path: str | Path) -> tuple[str, ...]:
    """Terms of a protect file: one per line; blank lines and ``#`` comments are skipped."""
    lines = Path(path).read_text("utf-8").splitlines()
    return tuple(t for t in (line.strip() for line in lines) if t and not t.startswith("#"))


def _is_pair(value: Any) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


@lru_cache(maxsize=64)
def _compiled(terms: tuple[str, ...], regex: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    patterns = [re.compile(r) for r in regex]
    if terms:
        patterns.append(_term_pattern(terms))
    return tuple(patterns)


def _term_pattern(terms: Sequence[str]) -> re.Pattern:
    """Terms as one case-insensitive alternation; longest first so "New York City" wins over
    "New York". A boundary is any non-word character or the text's edge."""
    ordered = sorted({t.strip() for t in terms if t.strip()}, key=lambda t: (-len(t), t))
    body = "|".join(re.escape(t) for t in ordered)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)
