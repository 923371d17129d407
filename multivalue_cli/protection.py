"""Protection: which tokens no stage may edit (dialect rules and learner errors alike; the
learner rate does not count them either).

A token is protected when it overlaps a protected character span, a match of a protected
regular expression, an occurrence of a protected term, or (``quotes``) a quoted span. Terms
(``--protect-file``, the values of ``--protect-field``) match case-insensitively on token
boundaries, so "he" protects "He" but not "the". Everything here is found anew in each text a
stage sees, so it holds for the dialect's output too (which keeps protected words as they were).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

import regex

from .errors import MultivalueError

if TYPE_CHECKING:
    from spacy.tokens import Doc

Span = tuple[int, int]

# A user's regular expression runs with the ``regex`` module (compatible with ``re``), which
# can stop a match that backtracks without end ("(a|aa)+$" on a long run of a's): after this
# many seconds on one text the text fails with :class:`ProtectionTimeout`, and its record is
# listed in errors.jsonl instead of the run hanging.
REGEX_TIMEOUT_S = 2.0


class ProtectionTimeout(MultivalueError):
    """A protect regex ran over :data:`REGEX_TIMEOUT_S` on one text; the message says which."""


# A quoted span: "...", “...”, `...`, ``...'' or '...'; a single quote opens only after a
# space, an opening bracket or the start, and closes only before a space, punctuation or the
# end, so apostrophes (don't, the players' team) are not quotes.
QUOTED = re.compile(
    r'"[^"\n]+"|“[^”\n]+”|``[^\n]+?\'\'|`[^`\n]+`|‘[^’\n]+’'
    r"|(?<![^\s(\[{])'(?=\S)(?:[^'\n]|'(?=\w))*?(?<=\S)'(?=[\s.,;:!?)\]}]|$)"
)


@dataclass(frozen=True)
class Protection:
    """Terms, regular expressions and quoted spans that apply to every text."""

    terms: tuple[str, ...] = ()
    regex: tuple[str, ...] = ()
    quotes: bool = False

    def __bool__(self) -> bool:
        return bool(self.terms or self.regex or self.quotes)

    def check_patterns(self) -> None:
        """Raise ValueError naming the first regular expression that does not compile."""
        for pattern in self.regex:
            try:
                regex.compile(pattern)
            except regex.error as exc:
                raise ValueError(f"protect regex {pattern!r}: {exc}") from None

    def doc_spans(self, doc: "Doc", extra_terms: Sequence[str] = ()) -> list[Span]:
        """:meth:`spans` of a parsed text, whose text is read only where something could be
        protected (spaCy builds ``doc.text`` anew, token by token, on every read)."""
        return self.spans(doc.text, extra_terms) if self or extra_terms else []

    def spans(self, text: str, extra_terms: Sequence[str] = ()) -> list[Span]:
        """Character spans of ``text`` that the terms, expressions and quotes protect, and
        the occurrences of ``extra_terms`` (one text's own, from its protect fields)."""
        found: list[Span] = []
        for pattern in _compiled(self.regex):
            try:
                found.extend(m.span() for m in pattern.finditer(text, timeout=REGEX_TIMEOUT_S)
                             if m.end() > m.start())
            except TimeoutError:
                raise ProtectionTimeout(
                    f"--protect-regex {pattern.pattern!r} ran over {REGEX_TIMEOUT_S:g} s on this "
                    "text (it backtracks without end; simplify the pattern)") from None
        if self.terms:
            found.extend(m.span() for m in _term_pattern(self.terms).finditer(text))
        if self.quotes and ("'" in text or '"' in text or "`" in text or "“" in text or "‘" in text):
            found.extend(m.span() for m in QUOTED.finditer(text))
        if extra_terms:
            found.extend(term_spans(text, extra_terms))
        return found


def term_spans(text: str, terms: Sequence[str]) -> list[Span]:
    """Where ``terms`` occur in ``text`` on word boundaries, ignoring case."""
    terms = tuple(t for t in terms if t and t.strip())
    return [m.span() for m in _term_pattern(terms).finditer(text)] if terms else []


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
        return term_spans(text, (value,))
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


# SQL value literals: quoted strings ('Hey', "Sky Radio"; LIKE wildcards dropped) and numbers
# that are not part of a name (T1.id is a name; LIMIT 1 and > 3500 hold literals)
_SQL_STRING = re.compile(r"'((?:[^']|'')*)'|\"((?:[^\"]|\"\")*)\"")
_SQL_NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?![\w.])")


def sql_literals(query: str) -> list[str]:
    """The value literals of a SQL query, as a question would quote them."""
    found = []
    for match in _SQL_STRING.finditer(query):
        value = (match.group(1) if match.group(1) is not None else match.group(2)) or ""
        value = value.replace("''", "'").strip("%").strip()
        if value:
            found.append(value)
    found.extend(_SQL_NUMBER.findall(_SQL_STRING.sub(" ", query)))
    return found


def read_terms(path: str | Path) -> tuple[str, ...]:
    """Terms of a protect file: one per line; blank lines and ``#`` comments are skipped."""
    lines = Path(path).read_text("utf-8").splitlines()
    return tuple(t for t in (line.strip() for line in lines) if t and not t.startswith("#"))


def _is_pair(value: Any) -> bool:
    return (isinstance(value, (list, tuple)) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


@lru_cache(maxsize=64)
def _compiled(patterns: tuple[str, ...]) -> tuple[regex.Pattern, ...]:
    return tuple(regex.compile(p) for p in patterns)


@lru_cache(maxsize=4096)
def _term_pattern(terms: Sequence[str]) -> re.Pattern:
    """Terms as one case-insensitive alternation; longest first so "New York City" wins over
    "New York". A boundary is any non-word character or the text's edge."""
    ordered = sorted({t.strip() for t in terms if t.strip()}, key=lambda t: (-len(t), t))
    body = "|".join(re.escape(t) for t in ordered)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)
