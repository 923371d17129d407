"""Before/after examples of a run: a text's edit spans in both texts, its original, and a
reproducible random draw of changed texts.

The data shards hold the rewritten texts. The original of a text is in its column's
``<column>_original`` copy when the run kept it (``--keep-original``), otherwise the edit log replayed backwards
(:func:`original_text`): the log's spans are exact, so that gives the input back.
"""
from __future__ import annotations

import random
from collections import defaultdict
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Iterable

from ..engine.apply import AppliedEdit
from ..io.fields import original_columns, select
from .run_folder import dialect_views, edit_log, error_rows, read_manifest, record_texts, rows_and_records


@dataclass(frozen=True)
class EditSpan:
    """One span of the log (edits merged by the engine share it), in both texts."""

    start: int  # in the original
    end: int
    out_start: int  # in the output
    out_end: int
    before: str
    after: str
    features: tuple[str, ...]


@dataclass(frozen=True)
class Example:
    row: int
    field: str
    original: str
    output: str
    edits: tuple[AppliedEdit, ...]
    # in a run with several dialects or variants: the text's dialect and variant
    dialect: str | None = None
    variant: int | None = None

    def spans(self) -> list[EditSpan]:
        return edit_spans(self.edits)


def _get(edit: Any, name: str) -> Any:
    return edit[name] if isinstance(edit, dict) else getattr(edit, name)


def edit_spans(edits: Iterable[Any]) -> list[EditSpan]:
    """The distinct spans of a text's edits (dicts or :class:`AppliedEdit`), in order, with
    where each lands in the output. Raises ValueError for spans that overlap."""
    features: dict[tuple, list[str]] = defaultdict(list)
    for e in edits:
        span = (_get(e, "start"), _get(e, "end"), _get(e, "before"), _get(e, "after"))
        features[span].append(_get(e, "feature"))
    spans, shift, position = [], 0, 0
    for start, end, before, after in sorted(features):
        if start < position:
            raise ValueError(f"edit at {start}-{end} overlaps the one before it")
        spans.append(EditSpan(start, end, start + shift, start + shift + len(after), before, after,
                              tuple(features[(start, end, before, after)])))
        shift += len(after) - len(before)
        position = end
    return spans


def original_text(output_text: str, edits: Iterable[Any]) -> str:
    """The input text of ``output_text``, from its edit-log rows (dicts with start, end,
    before, after, or :class:`AppliedEdit`): the log replayed backwards."""
    return _undo(output_text, edits)


def _undo(output_text: str, edits: Iterable[Any]) -> str:
    parts, position = [], 0
    for span in edit_spans(edits):
        if span.out_start < position or output_text[span.out_start:span.out_end] != span.after:
            raise ValueError(f"edit at {span.start}-{span.end} does not match the output ({span.after!r})")
        parts.append(output_text[position:span.out_start])
        parts.append(span.before)
        position = span.out_end
    parts.append(output_text[position:])
    return "".join(parts)


def pick_examples(out: Path, n: int = 20, seed: int = 0) -> list[Example]:
    """``n`` changed texts drawn at random (reproducibly, by ``seed``), with their originals
    and edits, in input order (with a configuration per dialect, from each in turn)."""
    out = Path(out)
    manifest = read_manifest(out)
    views = dialect_views(manifest)
    examples = []
    for k, (name, view) in enumerate(views):
        share = n // len(views) + (1 if k < n % len(views) else 0)
        if share:
            examples += _picked_examples(out, view, share, seed, name)
    return examples


def _picked_examples(out: Path, manifest: dict, n: int, seed: int, dialect: str | None) -> list[Example]:
    columns = (manifest.get("layout") or {}).get("columns") or {}
    variant_column, dialect_column = columns.get("variant"), columns.get("dialect")
    failed, _ = error_rows(out, manifest)
    candidates = sorted({(e["key"], e.get("variant") or 0, e["field"])
                         for e in edit_log(out, manifest, ("key", "field", "variant")) if e["key"] not in failed})
    chosen = set(random.Random(seed).sample(candidates, min(n, len(candidates))))
    edits: dict[tuple[int, int, str], list[AppliedEdit]] = defaultdict(list)
    for e in edit_log(out, manifest, ("key", "field", "ewave", "feature", "start", "end", "before", "after", "variant")):
        if (e["key"], e.get("variant") or 0, e["field"]) in chosen:
            edits[(e["key"], e.get("variant") or 0, e["field"])].append(
                AppliedEdit(e["ewave"], e["feature"], e["start"], e["end"], e["before"], e["after"]))
    wanted_rows = {row for row, _, _ in chosen}
    examples = []
    for row, record in rows_and_records(out, manifest):
        if row is None or row not in wanted_rows:
            continue
        variant = record.get(variant_column) or 0 if variant_column else 0
        for (key, number, path), logged in sorted(edits.items()):
            if key == row and number == variant:
                example = make_example(row, path, record, logged, manifest)
                examples.append(replace(example, dialect=record.get(dialect_column) if dialect_column else dialect,
                                        variant=variant if variant_column else None))
    return sorted(examples, key=lambda ex: (ex.row, ex.variant or 0, ex.field))


def make_example(row: int, path: str, record: dict, edits: list[AppliedEdit],
                 manifest: dict | None = None) -> Example:
    located = record_texts(record, manifest, [path]) if manifest is not None else select(record, [path])[0]
    output = located[0][1] if located else ""
    column = original_columns([path])[0]
    kept, _ = select(record, [f"{column}_original{path[len(column):]}"]) if f"{column}_original" in record else ([], [])
    original = kept[0][1] if kept else original_text(output, edits)
    return Example(row, path, original, output, tuple(edits))
