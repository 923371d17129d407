"""`multivalue verify INPUT OUT`: check an output folder against its input.

Checks that every record that should be there is there, in order; that every value outside the
selected text fields is equal in value and type (whatever its Arrow type: decimals, bytes,
dates; JSON numbers as written); that selected fields keep their shape; that every unreadable
input line is kept, byte for byte, in ``errors.jsonl``; that every edit-log row names a feature
the tool has (eWAVE number and name together), that no row of a merged span is missing, and
that replaying the edit log on the input text gives the output text exactly (so no change went
unlogged), and that every offset of a span label lands on its span in the output text, where
the edit log moved it. It reports problems (file, row, field), and never raises.
"""
from __future__ import annotations

import base64
import copy
import math
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any, Iterator, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from ..io import jsontext
from ..engine.apply import AppliedEdit, replay
from ..errors import MultivalueError
from ..engine.offsets import moved_span
from ..io.fields import FieldError, assign, located_values, original_columns, parse_path, select
from ..io.spans import SpanLabel, read_spans
from ..io.sources import MAX_LINE_BYTES, BadRecord, SourceError, open_source
from ..labels.layout import TokenLayout
from ..io.joined import JoinedField
from .run_folder import ShardError, dialect_views, shard_rows

MAX_REPORTED = 20


@dataclass
class Report:
    checked: int = 0
    texts: int = 0
    problems: list[str] = field(default_factory=list)
    where: str = ""  # the dialect being checked, in a folder of several ("IndE: ")

    def problem(self, message: str) -> None:
        if len(self.problems) < MAX_REPORTED:
            self.problems.append(self.where + message)
        elif len(self.problems) == MAX_REPORTED:
            self.problems.append("... (more problems not shown)")

    @property
    def ok(self) -> bool:
        return not self.problems


class _Stop(MultivalueError):
    """A problem after which nothing more can be checked (reported before raising)."""


def verify(input_spec: str | None, out: Path) -> Report:
    report = Report()
    try:
        _verify(input_spec, out, report)
    except _Stop:
        pass
    except SourceError as exc:
        report.problem(f"the input cannot be read: {exc}")
    except Exception as exc:  # noqa: BLE001 - verify reports, it does not crash
        report.problem(f"cannot check {out}: {type(exc).__name__}: {exc}")
    return report


def _verify(input_spec: str | None, out: Path, report: Report) -> None:
    try:
        manifest = jsontext.loads((out / "manifest.json").read_text("utf-8"))
    except (OSError, ValueError) as exc:
        report.problem(f"{out}/manifest.json: cannot read it ({exc})")
        return
    if manifest.get("state") != "complete":
        report.problem(f"{out}: the run is not complete (state: {manifest.get('state')})")
        return
    for name, view in dialect_views(manifest):  # each dialect's configuration, or the folder's
        report.where = f"{name}: " if name else ""
        try:
            _verify_output(input_spec, out, view, report)
        except _Stop:
            pass
    report.where = ""


def _verify_output(input_spec: str | None, out: Path, manifest: dict, report: Report) -> None:
    run = manifest["run"]
    paths = manifest["fields"]
    keep = original_columns(paths) if run.get("keep_original") else []
    typed = manifest.get("format") in ("parquet", "csv")  # every record has every column
    tokens = TokenLayout.from_dict(manifest["token_labels"]) if manifest.get("token_labels") else None
    outputs_of = _Outputs(manifest)
    source = open_source(input_spec, split=run.get("split"), config=run.get("config"), limit=run.get("limit"),
                         max_line_bytes=run["max_line_mb"] * 2 ** 20 if run.get("max_line_mb") else MAX_LINE_BYTES,
                         conll=tokens is not None)
    errors = _error_entries(out, manifest, report)
    dropped = {key for key, e in errors.items() if not str(e.get("action", "")).startswith("passed")}
    if manifest.get("format") == "parquet":
        _check_schema(source.schema, out, manifest, keep, report, outputs_of.column_types())
    outputs = _output_records(out, manifest, report)
    edits = _edits_by_row(out, manifest, report)
    seen_texts: set[tuple[tuple[int, int], str]] = set()
    rebuilt = ((manifest.get("protection") or {}).get("rebuilt_fields") or {})
    labels = [SpanLabel.parse(d) for d in (manifest.get("protection") or {}).get("spans") or ()]
    on_error = run.get("on_error", "passthrough")
    for group in outputs_of.groups(source.records(tolerant=True)):
        kept = outputs_of.kept(group, edits, errors)
        for row, record in group:
            if isinstance(record, BadRecord):
                _check_unreadable(row, record, errors.get((row, 0)), report)
                continue
            for variant in range(outputs_of.variants):
                if (row, variant) in dropped:
                    if on_error != "skip":  # a readable record is written
                        report.problem(f"row {row}: missing from the output, listed in errors.jsonl as "
                                       f"not written, but the run was --on-error {on_error}")
                    continue
                if not kept[variant]:
                    continue
                written = next(outputs, None)
                if written is None:
                    report.problem(f"row {row}: missing from the output (the output has fewer records)")
                    return
                report.checked += 1
                written = outputs_of.without_added(row, variant, record, written, report)
                if tokens is not None:
                    _check_tokens((row, variant), {**record, **{f"{k}_original": record.get(k) for k in keep}},
                                  written, tokens, typed, edits.get((row, variant), {}), report, seen_texts)
                    continue
                _check_record(row, record, written, paths, keep, typed, edits.get((row, variant), {}),
                              report, seen_texts, rebuilt, labels, (row, variant) in errors, variant)
    if next(outputs, None) is not None:
        report.problem("the output has more records than the input")
    for ((row, variant), path) in sorted({(k, p) for k, by_path in edits.items() for p in by_path}
                                         - seen_texts)[:5]:
        shown = f"row {row}" + (f", variant {variant}" if outputs_of.variants > 1 else "")
        report.problem(f"edit log: rows for {shown}, {path}, which is not a rewritten text")


class _Outputs:
    """What a run with many outputs (run/fanout.py) wrote for each input record: how many
    variants, which rows ``--changed-only`` leaves out (a counterfactual pair is kept or left out
    whole), and the columns it added (``dialect``, ``variant``), checked and taken off."""

    def __init__(self, manifest: dict) -> None:
        layout = manifest.get("layout") or {}
        self.variants = int(layout.get("variants") or 1)
        self.changed_only = bool(layout.get("changed_only"))
        columns = layout.get("columns") or {}
        self.dialect_column, self.variant_column = columns.get("dialect"), columns.get("variant")
        self.columns = tuple(c for c in (self.dialect_column, self.variant_column) if c)
        self.pair_key = manifest["run"].get("pair_key")
        dialects = manifest.get("dialects") or []
        self.names = [d["abbreviation"] for d in dialects]
        self.weights = [d["weight"] for d in dialects] if dialects and "weight" in dialects[0] else None
        self.seed = manifest["run"].get("seed", 0)

    def column_types(self) -> list[tuple[str, pa.DataType]]:
        kinds = ((self.dialect_column, pa.string()), (self.variant_column, pa.int64()))
        return [(column, kind) for column, kind in kinds if column]

    def groups(self, rows: Iterator) -> Iterator[list]:
        """The input records one by one, or the members of each counterfactual pair together
        (consecutive records with one pair value) where rows are kept or left out by pair."""
        if not (self.changed_only and self.pair_key):
            for item in rows:
                yield [item]
            return
        group: list = []
        for row, record in rows:
            value = record.get(self.pair_key) if isinstance(record, dict) else None
            if group and (value is None or value != group[-1][2]):
                yield [(r, rec) for r, rec, _ in group]
                group = []
            group.append((row, record, value))
        if group:
            yield [(r, rec) for r, rec, _ in group]

    def kept(self, group: list, edits: dict, errors: dict) -> list[bool]:
        """Per variant, whether the group's rows are written: always, or with --changed-only
        when a text of one of them changed (it has edits) or one was not transformed."""
        if not self.changed_only:
            return [True] * self.variants
        return [any((row, v) in edits or (row, v) in errors for row, _ in group) for v in range(self.variants)]

    def without_added(self, row: int, variant: int, record: dict, written: dict, report: Report) -> dict:
        """``written`` without the added columns, each checked: the variant's number, and the
        dialect (for a mixed run, the one the seeded draw gives the row)."""
        if not self.columns:
            return written
        written = dict(written)
        if self.variant_column and written.pop(self.variant_column, None) != variant:
            report.problem(f"row {row}: column {self.variant_column} is not {variant}")
        if self.dialect_column:
            name = written.pop(self.dialect_column, None)
            expected = self._drawn(row, variant, record)
            if name not in self.names or (expected is not None and name != expected):
                report.problem(f"row {row}: column {self.dialect_column} is {name!r}, not "
                               f"{expected or 'one of ' + ', '.join(self.names)}")
        return written

    def _drawn(self, row: int, variant: int, record: dict) -> str | None:
        """The dialect a mixed run draws for the row (pairs apart: they draw by pair value)."""
        if self.weights is None or (self.pair_key and record.get(self.pair_key) is not None):
            return None
        from ..transformer import mixed_member

        return self.names[mixed_member(self.seed, row, variant, self.weights)]


def _error_entries(out: Path, manifest: dict, report: Report) -> dict[tuple[int, int], dict]:
    """``errors.jsonl`` (this output's) by input row and variant."""
    name = (manifest.get("outputs") or {}).get("errors") or "errors.jsonl"
    path = out / name
    if not path.exists():
        return {}
    entries = {}
    for lineno, line in enumerate(jsontext.lines(path.read_text("utf-8")), start=1):
        try:
            entry = jsontext.loads(line)
            entries[(entry["row"], entry.get("variant", 0))] = entry
        except (ValueError, KeyError, TypeError) as exc:
            report.problem(f"{name}, line {lineno}: cannot read it ({exc})")
    return entries


def _check_unreadable(row: int, bad: BadRecord, entry: dict | None, report: Report) -> None:
    if entry is None:
        report.problem(f"row {row} ({bad.where}): unreadable, and not listed in errors.jsonl")
    elif bad.data is not None and entry.get("raw_base64") != base64.b64encode(bad.data).decode():
        report.problem(f"row {row} ({bad.where}): errors.jsonl does not keep its bytes exactly")


def _check_schema(schema: pa.Schema | None, out: Path, manifest: dict, keep: list[str],
                  report: Report, added: Sequence[tuple[str, pa.DataType]] = ()) -> None:
    if schema is not None:
        from ..io.arrowschema import with_wide_dictionaries

        rewritten = {str(parse_path(p)[0]) for p in manifest["fields"]}
        rewritten |= set((manifest.get("protection") or {}).get("rebuilt_fields") or {})
        expected = with_wide_dictionaries(schema, rewritten)
        for name in keep:
            if f"{name}_original" not in schema.names:
                expected = expected.append(schema.field(name).with_name(f"{name}_original"))
        for name, kind in added:  # a dialect's name, a variant's number
            expected = expected.append(pa.field(name, kind))
    else:  # inferred from the JSON records; the manifest keeps it
        from ..io.arrowschema import schema_from_text

        expected = schema_from_text(manifest.get("schema"))
        if expected is None:
            return
    for shard in manifest["outputs"]["data"]:
        try:
            found = pq.read_schema(out / shard)
        except (OSError, pa.ArrowException) as exc:
            report.problem(f"{shard}: cannot read it ({exc})")
            raise _Stop from None
        if not found.remove_metadata().equals(expected.remove_metadata()):
            report.problem(f"{shard}: schema differs from the input's:\n{found}\nvs\n{expected}")


def _output_records(out: Path, manifest: dict, report: Report) -> Iterator[dict]:
    try:
        for _, _, record in shard_rows(out, manifest["outputs"]["data"]):
            yield record
    except ShardError as exc:
        report.problem(str(exc))
        raise _Stop from None


def _edits_by_row(out: Path, manifest: dict, report: Report) -> dict[tuple[int, int], dict[str, list[AppliedEdit]]]:
    """The edit log by input row and variant, then field."""
    from ..engine.registry import registry
    from ..learner.profile import LABELS

    from ..profiles import RENAMED_FEATURES

    features = {rule.name: rule.ewave for rule in registry().values()}
    features.update({old: features[new] for old, new in RENAMED_FEATURES.items() if new in features})
    labels = {label for group in LABELS.values() for label in group}
    by_row: dict[tuple[int, int], dict[str, list[AppliedEdit]]] = defaultdict(lambda: defaultdict(list))
    shared: Counter = Counter()
    claimed: dict[tuple, int] = {}
    try:
        for part, n, row in shard_rows(out, manifest["outputs"].get("edits", [])):
            ewave, feature = row["ewave"], row["feature"]
            known = labels if ewave == 0 else {f for f, e in features.items() if e == ewave}
            if feature not in known:
                report.problem(f"{part}, row {n}: feature {feature!r} with eWAVE number {ewave} is "
                               "not a feature of this tool")
            edit = AppliedEdit(ewave, feature, row["start"], row["end"], row["before"], row["after"])
            key = (row["key"], row.get("variant") or 0)
            by_row[key][row["field"]].append(edit)
            if row.get("span_rows") is not None:
                span = (key, row["field"], (edit.start, edit.end, edit.before, edit.after))
                shared[span] += 1
                claimed[span] = row["span_rows"]
    except ShardError as exc:
        report.problem(str(exc))
        raise _Stop from None
    for span, count in shared.items():
        if count != claimed[span]:
            report.problem(f"edit log: row {span[0][0]}, {span[1]}: {claimed[span]} edits share the span "
                           f"{span[2][0]}-{span[2][1]}, but {count} are logged")
    return by_row


def _check_record(row: int, before: dict, after: dict, paths: list[str], keep: list[str],
                  typed: bool, edits: dict[str, list[AppliedEdit]], report: Report,
                  seen_texts: set, rebuilt: dict | None = None, labels: list[SpanLabel] = (),
                  listed: bool = False, variant: int = 0) -> None:
    # the copies --keep-original adds; a column of the input's own by that name must keep its values
    original = {**before, **{f"{k}_original": copy.deepcopy(before.get(k)) for k in keep
                             if f"{k}_original" not in before}}
    located_in, problems = select(original, paths)
    located_out, _ = select(after, paths)
    if [p for p, _ in located_in] != [p for p, _ in located_out] and not problems:
        report.problem(f"row {row}: the selected fields changed shape")
        return
    outputs = dict(located_out)
    offsets = _check_spans(row, original, after, dict(located_in), outputs, edits, labels, listed, report)
    derived = [name for name in (rebuilt or {}) if name in original and name in after]
    for name in derived:  # made again from the new text where it changed, else as it was
        if "join" in rebuilt[name]:
            _check_joined(row, JoinedField(name, tuple(rebuilt[name]["join"])), original, after, report)
            continue
        source = rebuilt[name]["from"]
        new = outputs.get(source)
        if new is not None and new != dict(located_in).get(source):
            from ..io.tokenize import tokenize

            if after[name] != tokenize(new, rebuilt[name]["tokenizer"]):
                report.problem(f"row {row}: {name} does not match the new {source}")
        elif first_difference(original[name], after[name], name):
            report.problem(f"row {row}: {name} changed, but {source} did not")
    if derived:
        original = {k: v for k, v in original.items() if k not in derived}
        after = {k: v for k, v in after.items() if k not in derived}
    difference = _difference_outside(original, after, [p for p, _ in located_in] + offsets, typed)
    if difference:
        report.problem(f"row {row}: {difference}")
    for path, text in located_in:
        report.texts += 1
        seen_texts.add(((row, variant), path))
        try:
            replayed = replay(text, edits.get(path, []))
        except ValueError as exc:
            report.problem(f"row {row}, {path}: {exc}")
            continue
        if replayed != outputs.get(path):
            report.problem(f"row {row}, {path}: the edit log does not reproduce the output "
                           f"({replayed!r} vs {outputs.get(path)!r})")


def _check_spans(row: int, before: dict, after: dict, inputs: dict[str, str], outputs: dict[str, str],
                 edits: dict[str, list[AppliedEdit]], labels: list[SpanLabel], listed: bool,
                 report: Report) -> list[str]:
    """Check that every offset of a span label lands on its span's characters in the output
    text, where the edit log moved it; return the offsets' locations (checked here, so
    compared as the rest of the record is not)."""
    checked: list[str] = []
    for label in labels:
        if label.text not in inputs:
            continue
        spans, wrong = read_spans(before, label, inputs[label.text])
        if wrong:
            if not listed:
                report.problem(f"row {row}: {wrong[0]}, and the row is not listed in errors.jsonl")
            continue
        text, new = inputs[label.text], outputs.get(label.text, "")
        for span in spans:
            checked += [span.start_at] + ([span.end_at] if span.end_at else [])
            found = dict(located_values(after, span.start_at)).get(span.start_at)
            end = dict(located_values(after, span.end_at)).get(span.end_at) if span.end_at else None
            expected = moved_span(span.start, span.end, edits.get(label.text, []))
            shown = f"row {row}, {span.start_at}: the span {text[span.start:span.end]!r} of {label.text}"
            if not isinstance(found, int) or new[found:found + span.end - span.start] != text[span.start:span.end]:
                report.problem(f"{shown} is not at {found!r} in the output")
            elif found != expected:
                report.problem(f"{shown} is at {found} in the output, but the edit log puts it at {expected}")
            elif span.end_at and end != found + span.end - span.start:
                report.problem(f"{shown} ends at {found + span.end - span.start} in the output, but "
                               f"{span.end_at} is {end!r}")
    return checked


def _check_tokens(key: tuple[int, int], before: dict, after: dict, layout: TokenLayout, typed: bool,
                  edits: dict[str, list[AppliedEdit]], report: Report, seen_texts: set) -> None:
    """A record of tokens rewritten as a sentence (see :mod:`.token_labels`); every field
    beside its tokens and label lists as it was. ``key``: the input row and the variant."""
    from .token_labels import token_problems

    row = key[0]
    if isinstance(before.get(layout.tokens), list):
        report.texts += 1
        seen_texts.add((key, layout.tokens))
    for problem in token_problems(row, before, after, layout, edits.get(layout.tokens, [])):
        report.problem(problem)
    rest_before = {k: v for k, v in before.items() if k not in layout.fields}
    rest_after = {k: v for k, v in after.items() if k not in layout.fields}
    difference = _difference_outside(rest_before, rest_after, [], typed)
    if difference:
        report.problem(f"row {row}: {difference}")


def _check_joined(row: int, joined: JoinedField, before: dict, after: dict, report: Report) -> None:
    """A field made of rewritten fields must be made of the new ones as the input's was made of
    the old ones."""
    layout = joined.layout(before)
    if layout is None:  # the record could not be rewritten: the field must be as it was
        if first_difference(before[joined.field], after[joined.field], joined.field):
            report.problem(f"row {row}: {joined.field} changed, but it is not made of {', '.join(joined.parts)}")
    elif after[joined.field] != joined.make(after, layout):
        report.problem(f"row {row}: {joined.field} is not made of the new {' and '.join(joined.parts)}")


def _difference_outside(before: dict, after: dict, paths: list[str], typed: bool) -> str | None:
    """Where the records differ outside the selected texts (and the span offsets checked on
    their own), or None."""
    a, b = copy.deepcopy(before), copy.deepcopy(after)
    try:
        for path in paths:
            assign(a, path, "")
            assign(b, path, "")
    except FieldError as exc:
        return str(exc)
    if typed:  # Parquet gives every record every column: absent and null are the same there
        a, b = _drop_nulls(a), _drop_nulls(b)
    return first_difference(a, b, "")


def first_difference(a: Any, b: Any, where: str) -> str | None:
    """The first place where ``a`` (input) and ``b`` (output) differ in value or type."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in [*a, *(k for k in b if k not in a)]:
            at = f"{where}.{key}" if where else str(key)
            if key not in b:
                return f"field {at}: missing from the output"
            if key not in a:
                return f"field {at}: in the output, not in the input"
            found = first_difference(a[key], b[key], at)
            if found:
                return found
        return None
    if isinstance(a, list) and isinstance(b, list):
        if len(a) != len(b):
            return f"field {where}: {len(a)} items in the input, {len(b)} in the output"
        for k, (x, y) in enumerate(zip(a, b)):
            found = first_difference(x, y, f"{where}[{k}]")
            if found:
                return found
        return None
    if _same_value(a, b):
        return None
    if isinstance(a, str) and isinstance(b, str) and max(len(a), len(b)) > 60:
        part = next((k for k, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        start = max(0, part - 30)  # long texts: show where they part, not two equal beginnings
        return (f"field {where}: {_excerpt(a, start)} in the input, {_excerpt(b, start)} in the "
                f"output (from character {part})")
    return f"field {where}: {_shown_value(a)} in the input, {_shown_value(b)} in the output"


def _same_value(a: Any, b: Any) -> bool:
    if isinstance(a, jsontext.JsonNumber) and isinstance(b, jsontext.JsonNumber):
        return a.text == b.text
    kind_a = float if isinstance(a, float) else type(a)
    kind_b = float if isinstance(b, float) else type(b)
    if kind_a is not kind_b:
        return False
    if kind_a is float and math.isnan(a):
        return math.isnan(b)
    if kind_a is Decimal:
        return str(a) == str(b)
    return a == b


def _excerpt(text: str, start: int, width: int = 60) -> str:
    shown = repr(text[start:start + width])
    return ("..." if start else "") + shown + ("..." if start + width < len(text) else "")


def _shown_value(value: Any) -> str:
    if isinstance(value, jsontext.JsonNumber):
        return f"{value.text} (a number)"
    text = repr(value)
    return (text[:60] + "...") if len(text) > 60 else text + f" ({type(value).__name__})"


def _drop_nulls(value):
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value
