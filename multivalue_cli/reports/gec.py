"""Grammatical-error-correction data from a learner-error run (``multivalue export``).

Every rewritten text of the run, in input order, gives one pair: the text with its learner
errors (the *source* a correction system reads) and the text without them (the *target*: the
input, or the dialect's output when the run had a dialect too, since a dialect is not an
error). The clean text is the written one with each learner edit of the log taken back.

- ``parallel``: ``source.txt`` and ``target.txt``, one text per line (a line break inside a
  text becomes a space).
- ``m2``: ``edits.m2``, the format of the CoNLL and BEA shared tasks that ERRANT reads and
  scores: per text an ``S`` line (the source, as tokens) and an ``A`` line per correction
  (token span, ERRANT type from the edit log, corrected tokens). An edit inside a word (a
  suffix added) covers the word; edits the log merged because they touch are split again by
  their tokens when they can be, one correction per logged edit.
"""
from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

from ..io.fields import select
from ..io.writers import atomic_write_text
from .run_folder import ReportError, edit_log, read_manifest, rows_and_records

FORMATS = ("m2", "parallel")
FILES = {"m2": ("edits.m2",), "parallel": ("source.txt", "target.txt")}
NOOP = "A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0"
_LINE_BREAKS = re.compile(r"\s*[\r\n]+\s*")


class ExportError(ReportError):
    """A run that has no learner errors to export, or a field it did not rewrite."""


@dataclass
class Correction:
    """One learner edit, placed in the text with the error: ``[start, end)`` holds what the
    learner wrote, ``clean`` what the text had there; ``types`` are its ERRANT types."""

    start: int
    end: int
    clean: str
    types: list[str] = field(default_factory=list)


@dataclass
class Pair:
    source: str  # with the learner errors
    target: str  # without them
    corrections: list[Correction]


def export_gec(out: Path, fmt: str, dest: Path | None = None, fields: Sequence[str] = ()) -> dict:
    """Write the ``fmt`` files of the run in ``out`` into ``dest`` (default ``out/gec``); return
    where they went and how many texts and corrections they hold."""
    if fmt not in FORMATS:
        raise ExportError(f"unknown format {fmt!r}; formats: {', '.join(FORMATS)}")
    manifest = read_manifest(out)
    if not manifest.get("learner"):
        raise ExportError(f"{out}: the run injected no learner errors (transform with --errors or "
                          "--error-level); there is nothing to correct")
    unknown = [f for f in fields if f not in manifest["fields"]]
    if unknown:
        raise ExportError(f"--field {unknown[0]!r} is not a field of the run; its fields: "
                          f"{', '.join(manifest['fields'])}")
    pairs = list(learner_pairs(out, manifest, list(fields) or manifest["fields"]))
    dest = Path(dest) if dest is not None else Path(out) / "gec"
    dest.mkdir(parents=True, exist_ok=True)
    corrections = sum(len(p.corrections) for p in pairs)
    if fmt == "parallel":
        atomic_write_text(dest / "source.txt", "".join(_one_line(p.source) + "\n" for p in pairs))
        atomic_write_text(dest / "target.txt", "".join(_one_line(p.target) + "\n" for p in pairs))
    else:
        text = m2_text(pairs)
        atomic_write_text(dest / "edits.m2", text)
        # the M2's own count: an edit the log merged with its neighbour is split again by tokens
        corrections = sum(1 for line in text.splitlines() if line.startswith("A ") and line != NOOP)
    return {"folder": str(dest), "files": [str(dest / name) for name in FILES[fmt]], "texts": len(pairs),
            "corrections": corrections}


def learner_pairs(out: Path, manifest: dict, fields: Sequence[str]) -> Iterator[Pair]:
    """The texts of ``fields`` of every written record, in order, with and without their errors."""
    edits: dict[tuple[int, str], list[dict]] = defaultdict(list)
    for row in edit_log(out, manifest, ("key", "field", "ewave", "feature", "start", "end", "before", "after")):
        edits[row["key"], row["field"]].append(row)
    for row, record in rows_and_records(out, manifest):
        located, _ = select(record, fields)
        for path, text in located:
            yield _pair(text, edits.get((row, path), []))


def _pair(text: str, rows: list[dict]) -> Pair:
    """Take the learner edits back out of the written text. The log's spans are in the input's
    coordinates, each distinct span once (edits that touch share one, a row each): a span of
    learner edits only is a correction (what the input had there); a dialect edit's span stays
    as written, and so does a learner error merged into it (the dialect's own words there are
    not in the log: the pair keeps that error in both texts, uncorrected)."""
    spans: dict[tuple, list[dict]] = {}
    for row in rows:
        spans.setdefault((row["start"], row["end"], row["before"], row["after"]), []).append(row)
    clean, corrections, position, shift = [], [], 0, 0
    for (start, end, before, after), found in sorted(spans.items()):
        at = start + shift
        if text[at:at + len(after)] != after or at < position:
            raise ExportError(f"the edit log does not match the written text at {start}-{end} ({after!r}); "
                              "check the folder with `multivalue verify`")
        learner_only = all(row["ewave"] == 0 for row in found)
        clean += [text[position:at], before if learner_only else after]
        if learner_only:
            corrections.append(Correction(at, at + len(after), before, [row["feature"] for row in found]))
        position, shift = at + len(after), shift + len(after) - (end - start)
    clean.append(text[position:])
    return Pair(text, "".join(clean), corrections)


def m2_text(pairs: Sequence[Pair]) -> str:
    """The pairs as M2: tokens from the project's spaCy tokenizer, spans in tokens."""
    from ..engine.nlp import load_pipeline

    tokenizer = load_pipeline().tokenizer
    blocks = []
    for pair in pairs:
        tokens = [t for t in tokenizer(pair.source) if not t.is_space]
        lines = ["S " + " ".join(t.text for t in tokens)]
        for start, end, corrected, kind in _token_edits(pair, tokens, tokenizer):
            lines.append(f"A {start} {end}|||{kind}|||{corrected}|||REQUIRED|||-NONE-|||0")
        blocks.append("\n".join(lines if len(lines) > 1 else [*lines, NOOP]) + "\n")
    return "\n".join(blocks)


def _token_edits(pair: Pair, tokens, tokenizer) -> Iterator[tuple[int, int, str, str]]:
    """Each correction as ``(first token, token after, corrected tokens, type)``: widened to
    whole tokens; one that holds several logged edits split by its tokens where it can be."""
    for correction in pair.corrections:
        first = next((k for k, t in enumerate(tokens) if t.idx + len(t.text) > correction.start), len(tokens))
        last = next((k for k, t in enumerate(tokens) if t.idx >= correction.end and k >= first), len(tokens))
        if correction.end > correction.start:
            last = max(last, first + 1)
        lo = tokens[first].idx if first < len(tokens) else len(pair.source)
        hi = tokens[last - 1].idx + len(tokens[last - 1].text) if last > first else lo
        clean = pair.source[lo:correction.start] + correction.clean + pair.source[correction.end:hi]
        wrote = [t.text for t in tokens[first:last]]
        fixed = [t.text for t in tokenizer(clean) if not t.is_space]
        pieces = _split_tokens(wrote, fixed, len(correction.types))
        if pieces is None:
            yield first, last, " ".join(fixed), correction.types[0]
            continue
        for (a, b, c, d), kind in zip(pieces, correction.types):
            yield first + a, first + b, " ".join(fixed[c:d]), kind


def _split_tokens(wrote: list[str], fixed: list[str], count: int) -> list[tuple[int, int, int, int]] | None:
    """The token-level differences of a span that holds ``count`` logged edits, one per edit
    (None when the tokens do not fall apart into that many)."""
    if count == 1:
        return None
    pieces = []
    for op, a, b, c, d in difflib.SequenceMatcher(None, wrote, fixed, autojunk=False).get_opcodes():
        if op == "replace" and b - a == d - c:  # neighbouring words, each replaced: one edit each
            pieces += [(a + k, a + k + 1, c + k, c + k + 1) for k in range(b - a)]
        elif op != "equal":
            pieces.append((a, b, c, d))
    return pieces if len(pieces) == count else None


def _one_line(text: str) -> str:
    return _LINE_BREAKS.sub(" ", text)
