"""Reading a finished output folder back: its manifest, the records it wrote (with their input
rows) and its edit log."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Iterator, Sequence

import pyarrow.parquet as pq

from ..errors import MultivalueError

from ..io.fields import parse_path


class ReportError(MultivalueError):
    """The folder is not a finished output folder (no manifest, or the run did not complete)."""


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


def error_rows(out: Path) -> tuple[set[int], set[int]]:
    """Rows listed in errors.jsonl (not transformed), and those of them not written at all."""
    path = Path(out) / "errors.jsonl"
    failed: set[int] = set()
    dropped: set[int] = set()
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            entry = json.loads(line)
            if entry.get("row") is None:
                continue
            failed.add(entry["row"])
            if not str(entry.get("action", "")).startswith("passed"):
                dropped.add(entry["row"])
    return failed, dropped


def _written_rows(manifest: dict, dropped: set[int]) -> list[int] | None:
    """The input row of each written record, in output order (None if it cannot be known)."""
    rows = [r for shard in manifest.get("shards", []) for r in range(*shard["rows"]) if r not in dropped]
    return rows if len(rows) == manifest.get("counts", {}).get("written") else None


def _columns(manifest: dict, data_file: Path) -> list[str] | None:
    """The top-level columns a report needs: the fields' and their ``_original`` copies."""
    wanted = {str(parse_path(p)[0]) for p in manifest["fields"]}
    wanted |= {f"{name}_original" for name in wanted}
    names = pq.read_schema(data_file).names
    return [n for n in names if n in wanted]


def _records(out: Path, manifest: dict) -> Iterator[dict]:
    """The written records in output order (only the columns a report needs, for Parquet)."""
    for name in manifest["outputs"]["data"]:
        path = Path(out) / name
        if path.suffix == ".jsonl":
            with open(path, encoding="utf-8") as f:
                for line in f:
                    yield json.loads(line)
        else:
            for batch in pq.ParquetFile(path).iter_batches(columns=_columns(manifest, path)):
                yield from batch.to_pylist()


def rows_and_records(out: Path, manifest: dict) -> Iterator[tuple[int | None, dict]]:
    _, dropped = error_rows(out)
    rows = _written_rows(manifest, dropped)
    for position, record in enumerate(_records(out, manifest)):
        yield (rows[position] if rows is not None else None), record


def edit_log(out: Path, manifest: dict, columns: Sequence[str]) -> Iterator[dict]:
    for name in manifest["outputs"].get("edits", []):
        for batch in pq.ParquetFile(Path(out) / name).iter_batches(columns=list(columns)):
            yield from batch.to_pylist()
