"""`multivalue verify INPUT OUT`: check an output folder against its input.

Checks that every record that should be there is there, in order; that every value outside the
selected text fields is equal (and, for typed inputs, the Arrow schema too); that selected
fields keep their shape; and that replaying the edit log on the input text gives the output
text exactly (so no change went unlogged).
"""
from __future__ import annotations

import copy
import json
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pyarrow.parquet as pq

from .engine import AppliedEdit, replay
from .fields import assign, select
from .sources import BadRecord, open_source

MAX_REPORTED = 20


@dataclass
class Report:
    checked: int = 0
    texts: int = 0
    problems: list[str] = field(default_factory=list)

    def problem(self, message: str) -> None:
        if len(self.problems) < MAX_REPORTED:
            self.problems.append(message)
        elif len(self.problems) == MAX_REPORTED:
            self.problems.append("... (more problems not shown)")

    @property
    def ok(self) -> bool:
        return not self.problems


def verify(input_spec: str | None, out: Path) -> Report:
    report = Report()
    try:
        manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        report.problem(f"{out}/manifest.json: cannot read it ({exc})")
        return report
    if manifest.get("state") != "complete":
        report.problem(f"{out}: the run is not complete (state: {manifest.get('state')})")
        return report
    run = manifest["run"]
    paths = manifest["fields"]
    keep = [p for p in paths if p.isidentifier()] if run.get("keep_original") else []
    typed = manifest.get("format") == "parquet"
    source = open_source(input_spec, split=run.get("split"), config=run.get("config"), limit=run.get("limit"))
    dropped = _dropped_rows(out)
    if typed and source.schema is not None:
        _check_schema(source.schema, out, manifest, keep, report)
    outputs = _output_records(out, manifest)
    edits = _edits_by_row(out, manifest)
    for row, record in source.records(tolerant=True):
        if isinstance(record, BadRecord) or row in dropped:
            continue
        written = next(outputs, None)
        if written is None:
            report.problem(f"row {row}: missing from the output (the output has fewer records)")
            return report
        report.checked += 1
        _check_record(row, record, written, paths, keep, typed, edits.get(row, {}), report)
    if next(outputs, None) is not None:
        report.problem("the output has more records than the input")
    return report


def _dropped_rows(out: Path) -> set[int]:
    errors = out / "errors.jsonl"
    if not errors.exists():
        return set()
    dropped = set()
    for line in errors.read_text("utf-8").splitlines():
        entry = json.loads(line)
        if entry.get("row") is not None and not entry.get("action", "").startswith("passed"):
            dropped.add(entry["row"])
    return dropped


def _check_schema(schema, out: Path, manifest: dict, keep: list[str], report: Report) -> None:
    expected = schema
    for name in keep:
        expected = expected.append(schema.field(name).with_name(f"{name}_original"))
    for shard in manifest["outputs"]["data"]:
        found = pq.read_schema(out / shard)
        if not found.remove_metadata().equals(expected.remove_metadata()):
            report.problem(f"{shard}: schema differs from the input's:\n{found}\nvs\n{expected}")


def _output_records(out: Path, manifest: dict) -> Iterator[dict]:
    for shard in manifest["outputs"]["data"]:
        path = out / shard
        if path.suffix == ".jsonl":
            for line in path.read_text("utf-8").splitlines():
                yield json.loads(line)
        else:
            for batch in pq.ParquetFile(path).iter_batches():
                yield from batch.to_pylist()


def _edits_by_row(out: Path, manifest: dict) -> dict[int, dict[str, list[AppliedEdit]]]:
    by_row: dict[int, dict[str, list[AppliedEdit]]] = defaultdict(lambda: defaultdict(list))
    for part in manifest["outputs"].get("edits", []):
        for row in pq.read_table(out / part).to_pylist():
            edit = AppliedEdit(row["ewave"], row["feature"], row["start"], row["end"], row["before"], row["after"])
            by_row[row["key"]][row["field"]].append(edit)
    return by_row


def _check_record(row: int, before: dict, after: dict, paths: list[str], keep: list[str],
                  typed: bool, edits: dict[str, list[AppliedEdit]], report: Report) -> None:
    original = {**before, **{f"{k}_original": before.get(k) for k in keep}}
    located_in, problems = select(original, paths)
    located_out, _ = select(after, paths)
    if [p for p, _ in located_in] != [p for p, _ in located_out] and not problems:
        report.problem(f"row {row}: the selected fields changed shape")
        return
    if not _same_outside(original, after, [p for p, _ in located_in], typed):
        report.problem(f"row {row}: a value outside the selected fields differs")
    outputs = dict(located_out)
    for path, text in located_in:
        report.texts += 1
        try:
            replayed = replay(text, edits.get(path, []))
        except ValueError as exc:
            report.problem(f"row {row}, {path}: {exc}")
            continue
        if replayed != outputs.get(path):
            report.problem(f"row {row}, {path}: the edit log does not reproduce the output "
                           f"({replayed!r} vs {outputs.get(path)!r})")


def _same_outside(before: dict, after: dict, paths: list[str], typed: bool) -> bool:
    a, b = copy.deepcopy(before), copy.deepcopy(after)
    for path in paths:
        assign(a, path, "")
        assign(b, path, "")
    if typed:  # Parquet gives every record every column: absent and null are the same there
        a, b = _drop_nulls(a), _drop_nulls(b)
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _drop_nulls(value):
    if isinstance(value, dict):
        return {k: _drop_nulls(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_nulls(v) for v in value]
    return value
