"""Span labels: fields that hold character offsets into a text field (an extractive answer's
``answer_start`` into its ``context``), declared as ``text=PATH,start=PATH[,end=PATH][,span=PATH]``
(``--span``, or a task preset's ``spans``).

``start`` (and ``end``, exclusive) are integers, or lists of them, parallel to each other and
to ``span`` (the span's own text, or a list of texts), one span per position: SQuAD's
``answers.answer_start`` with ``answers.text``, CoQA's ``answers.answer_start`` with
``answers.answer_end``. A negative start means "no span in the text" (CoQA's unknown answers)
and is left as it is. :func:`read_spans` finds a record's spans and checks that each points at
its text; a rewrite keeps each span's characters and moves its offsets with them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from ..errors import MultivalueError
from .fields import STAR, located_values, parse_path

_KEYS = ("text", "start", "end", "span")


class SpanError(MultivalueError):
    """A span declaration that cannot be used (exit 2)."""


@dataclass(frozen=True)
class SpanLabel:
    """Where a record's spans into one text field are: the text's path, the paths of the
    start offsets, the end offsets (or None) and the spans' texts (or None)."""

    text: str
    start: str
    end: str | None = None
    span: str | None = None

    def __post_init__(self) -> None:
        for key in _KEYS:
            value = getattr(self, key)
            if value is not None:
                parse_path(value)  # a FieldError for a path that cannot be one
        if STAR in parse_path(self.text) or any(isinstance(s, int) for s in parse_path(self.text)):
            raise SpanError(f"span text={self.text}: the text must be one field of each record, without [ ]")

    @classmethod
    def parse(cls, declaration: str) -> "SpanLabel":
        """``text=context,start=answers.answer_start,span=answers.text`` (``end=`` optional)."""
        values: dict[str, str] = {}
        for part in declaration.split(","):
            key, equals, path = (s.strip() for s in part.partition("="))
            if not equals or key not in _KEYS or not path:
                raise SpanError(f"--span {declaration!r}: expected text=PATH,start=PATH with optional "
                                f"end=PATH and span=PATH, got {part.strip()!r}")
            if key in values:
                raise SpanError(f"--span {declaration!r}: {key}= given twice")
            values[key] = path
        if "text" not in values or "start" not in values:
            raise SpanError(f"--span {declaration!r}: text= and start= are required")
        return cls(**values)

    @classmethod
    def from_dict(cls, data: dict) -> "SpanLabel":
        return cls(**{key: data.get(key) for key in _KEYS})

    def as_dict(self) -> dict:
        return {key: getattr(self, key) for key in _KEYS if getattr(self, key) is not None}

    def __str__(self) -> str:
        return ",".join(f"{key}={value}" for key, value in self.as_dict().items())

    def offset_paths(self) -> tuple[str, ...]:
        return (self.start,) if self.end is None else (self.start, self.end)


class LabelSpan(NamedTuple):
    """One span of a record: its characters in the text, and where its offsets are."""

    start: int
    end: int
    start_at: str  # the concrete location of the start offset
    end_at: str | None  # of the end offset, if declared


def read_spans(record: dict, label: SpanLabel, text: str) -> tuple[list[LabelSpan], list[str]]:
    """The spans ``label`` declares in ``record`` (whose text field holds ``text``), and why
    some offset does not point at its span (then no span is returned)."""
    starts = _flat(located_values(record, label.start))
    ends = _flat(located_values(record, label.end)) if label.end else None
    texts = _flat(located_values(record, label.span)) if label.span else None
    for name, found in (("end", ends), ("span", texts)):
        if found is not None and len(found) != len(starts):
            path = getattr(label, name)
            return [], [f"{label.start} and {path}: {len(starts)} and {len(found)} values, which should "
                        "be parallel (one per span)"]
    spans, problems = [], []
    for k, (where, start) in enumerate(starts):
        end_at, end = ends[k] if ends is not None else (None, None)
        span = texts[k][1] if texts is not None else None
        problem = _problem(text, label, where, start, end_at, end, span)
        if problem:
            problems.append(problem)
        elif start >= 0:
            stop = end if end is not None else start + len(span) if span is not None else start
            spans.append(LabelSpan(start, stop, where, end_at))
    return ([] if problems else spans), problems


def _problem(text: str, label: SpanLabel, where: str, start: Any, end_at: str | None, end: Any,
             span: Any) -> str | None:
    """Why one span's offsets do not point at it in ``text``, or None."""
    if not _is_offset(start):
        return f"{where}: {start!r} is not a character offset (an integer)"
    if end_at is not None and not _is_offset(end):
        return f"{end_at}: {end!r} is not a character offset (an integer)"
    if span is not None and not isinstance(span, str):
        return f"{label.span}: {span!r} is not a text"
    if start < 0:
        return None  # no span in the text
    stop = end if end is not None else start + len(span) if span is not None else start
    if not start <= stop <= len(text):
        return (f"{where}: the span {start}-{stop} is outside {label.text} "
                f"({len(text)} characters)")
    if span is not None and text[start:start + len(span)] != span:
        return (f"{where}: {start} does not point at {span!r} in {label.text} "
                f"(it holds {text[start:start + len(span)]!r})")
    if span is not None and end is not None and stop != start + len(span):
        return f"{end_at}: {end} does not end the span {span!r} that starts at {start}"
    return None


def _is_offset(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _flat(located: list[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """Located values with each list's elements in its place (``answers.answer_start[1]``)."""
    out = []
    for where, value in located:
        if isinstance(value, list):
            out.extend((f"{where}[{k}]", item) for k, item in enumerate(value))
        else:
            out.append((where, value))
    return out
