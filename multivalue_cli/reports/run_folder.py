"""Reading a finished output folder back: its manifest, the records it wrote (with their input
rows) and its edit log. Every reader of the data or edit-log shards goes through
:func:`shard_rows`."""
from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Collection, Iterable, Iterator, Sequence

import pyarrow as pa
import pyarrow.parquet as pq

from ..errors import MultivalueError
from ..io import jsontext
from ..io.fields import original_columns, select
from ..io.jsoncolumns import JsonColumns


class ReportError(MultivalueError):
    """The folder is not a finished output folder (no manifest, or the run did not complete)."""


class ShardError(ReportError):
    """A data or edit-log shard of the folder cannot be read; the message names it."""


def read_manifest(out: Path) -> dict:
    path = Path(out) / "manifest.json"
    try:
        manifest = json.loads(path.read_text("utf-8"))
    except FileNotFoundError:
        raise ReportError(f"{out} is not an output folder of `multivalue transform` (no manifest.json)") from None
    except (OSError, json.JSONDecodeError) as exc:
        raise ReportError(f"{path}: cannot read it ({exc})") from None
    if manifest.get("state") != "complete":
        raise ReportError(f"{out}: the run is not complete (state: {manifest.get('state')}); "
                          "finish it with --resume first")
    return manifest


def dialect_views(manifest: dict) -> list[tuple[str | None, dict]]:
    """The datasets of a finished folder, each described as a folder of one is: a run with a
    configuration per dialect (``OUT/<ABBR>/``) holds one per dialect, named by its
    abbreviation (its profile, counts, files and learner errors in place of the run's); any
    other run, its own (named None)."""
    if not (manifest.get("layout") or {}).get("per_dialect"):
        return [(None, manifest)]
    return [(d["config"], {**manifest, "profile": d["profile"], "counts": d["counts"],
                           "outputs": d["outputs"], "learner": d.get("learner"), "dialects": None,
                           "layout": {**manifest["layout"], "per_dialect": False}})
            for d in manifest["dialects"]]


def error_rows(out: Path, manifest: dict | None = None) -> tuple[set[int], set[int]]:
    """Rows listed in errors.jsonl (not transformed), and those of them not written at all
    (of the output ``manifest`` describes, if given: see :func:`dialect_views`)."""
    name = ((manifest or {}).get("outputs") or {}).get("errors") or "errors.jsonl"
    path = Path(out) / name
    failed: set[int] = set()
    dropped: set[int] = set()
    if path.exists():
        for line in jsontext.lines(path.read_text("utf-8")):
            entry = json.loads(line)
            if entry.get("row") is None:
                continue
            failed.add(entry["row"])
            if not str(entry.get("action", "")).startswith("passed"):
                dropped.add(entry["row"])
    return failed, dropped


def record_texts(record: dict, manifest: dict, paths: Sequence[str] | None = None) -> list[tuple[str, str]]:
    """The ``(concrete path, text)`` pairs of a written record at ``paths`` (the manifest's
    fields by default); a record of tokens rewritten as a sentence (``--task ner``) has one
    text, its tokens joined as the run joined them."""
    layout = manifest.get("token_labels")
    if not layout:
        return select(record, list(paths if paths is not None else manifest["fields"]))[0]
    from ..labels.layout import is_document_start
    from ..labels.realign import join_tokens

    name = layout["tokens"]
    tokens = record.get(name)
    if paths is not None and name not in paths or not isinstance(tokens, list) or not tokens \
            or not all(isinstance(t, str) for t in tokens) or is_document_start(tokens):
        return []
    return [(name, join_tokens(tokens)[0])]


def _written_rows(out: Path, manifest: dict, dropped: set[int]) -> list[int] | None:
    """The input row of each written record, in output order (None if it cannot be known). A
    run with variants writes each row once per variant; one that keeps only the changed rows
    writes those that have edits or were not transformed (with counterfactual pairs, which are
    kept whole, that cannot be told from the files)."""
    layout = manifest.get("layout") or {}
    variants = range(int(layout.get("variants") or 1))
    rows = [r for shard in manifest.get("shards", []) for r in range(*shard["rows"]) for _ in variants]
    if layout.get("changed_only"):
        if manifest.get("run", {}).get("pair_key"):
            return None
        failed, _ = error_rows(out, manifest)
        changed = {(e["key"], e.get("variant") or 0) for e in edit_log(out, manifest, ("key", "variant"))}
        rows = [r for r, v in zip(rows, itertools.cycle(variants)) if (r, v) in changed or r in failed]
    rows = [r for r in rows if r not in dropped]
    return rows if len(rows) == manifest.get("counts", {}).get("written") else None


def _report_columns(manifest: dict) -> set[str]:
    """The top-level columns a report needs: the fields' and their ``_original`` copies, and
    the columns a run with many outputs adds (the row's dialect and variant)."""
    wanted = set(original_columns(manifest["fields"]))
    added = ((manifest.get("layout") or {}).get("columns") or {}).values()
    return wanted | {f"{name}_original" for name in wanted} | {c for c in added if c}


def shard_rows(out: Path, names: Iterable[str], columns: Collection[str] | None = None
               ) -> Iterator[tuple[str, int, dict]]:
    """Every row of the shards ``names`` of the folder ``out`` (its data or edit-log files, as
    the manifest lists them), in order, as ``(shard, position in the shard, row)``. JSON lines
    are read as written (numbers keep their text); of a Parquet shard, only the columns among
    ``columns`` it has (all of them for None), fields kept as JSON text read back into their
    values. Raises :class:`ShardError` for a shard that cannot be read."""
    for name in names:
        path = Path(out) / name
        try:
            if path.suffix == ".csv":
                for position, row in enumerate(_csv_shard(Path(out), path, columns)):
                    yield name, position, row
            elif path.suffix == ".jsonl":
                with open(path, "rb") as stream:
                    for position, line in enumerate(stream):
                        try:
                            row = jsontext.loads(line)
                        except ValueError as exc:
                            raise ShardError(f"{name}, line {position + 1}: not valid JSON ({exc})") from None
                        yield name, position, row
            else:
                shard = pq.ParquetFile(path)
                names_read = None if columns is None else [n for n in shard.schema_arrow.names if n in columns]
                json_columns = JsonColumns(shard.schema_arrow)
                position = 0
                for batch in shard.iter_batches(columns=names_read):
                    for row in batch.to_pylist():
                        yield name, position, json_columns.decode(row) if json_columns else row
                        position += 1
        except (OSError, pa.ArrowException, ValueError) as exc:
            raise ShardError(f"{name}: cannot read it ({exc})") from None


def _csv_shard(out: Path, path: Path, columns: Collection[str] | None) -> Iterator[dict]:
    """A CSV data shard's records, typed by the schema its run recorded."""
    from ..io.arrowschema import schema_from_text
    from ..io.csvtext import read_csv_shard

    schema = schema_from_text(json.loads((out / "manifest.json").read_text("utf-8")).get("schema"))
    if schema is None:
        raise ValueError("the manifest records no schema to read it with")
    yield from read_csv_shard(path, schema, columns)


def rows_and_records(out: Path, manifest: dict) -> Iterator[tuple[int | None, dict]]:
    """The written records in output order, each with its input row (None if that cannot be
    known); of Parquet shards, only the columns a report needs."""
    _, dropped = error_rows(out, manifest)
    rows = _written_rows(out, manifest, dropped)
    records = shard_rows(out, manifest["outputs"]["data"], _report_columns(manifest))
    for position, (_, _, record) in enumerate(records):
        yield (rows[position] if rows is not None else None), record


def edit_log(out: Path, manifest: dict, columns: Sequence[str]) -> Iterator[dict]:
    """The rows of the edit log, in order (only ``columns``)."""
    for _, _, row in shard_rows(out, manifest["outputs"].get("edits", []), columns):
        yield row
