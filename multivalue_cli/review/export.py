"""``multivalue review export``: write a review folder from a finished run.

The folder holds ``index.html`` (the reviewers' page), ``items.jsonl`` and ``items.csv`` (the
same items, for scripts and crowd platforms), ``README.md`` (how to run the review) and, written
last, ``review.json``: the review's id (a hash of items.jsonl), the run it came from (its path
and the SHA-256 of its manifest), the run's profile and the sampling options. Every file is
written under a temporary name and renamed, so a folder with ``review.json`` is complete.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import asdict
from pathlib import Path

from .. import __version__
from ..reports.templating import render_template
from ..io.writers import atomic_write_text
from . import ReviewError
from .judgments import spreadsheet_safe
from .page import render_review_page, snippet
from .sampling import MAX_TEXT_CHARS, Sample, SampleOptions, sample_run

FILES = ("index.html", "items.jsonl", "items.csv", "README.md", "review.json")
CSV_COLUMNS = ("item", "key", "field", "dialect", "control", "original", "transformed", "edits", "html")


def manifest_digest(run: Path) -> str:
    return "sha256:" + hashlib.sha256((Path(run) / "manifest.json").read_bytes()).hexdigest()


def export(run: Path, folder: Path, opts: SampleOptions, overwrite: bool = False) -> dict:
    """Sample the run and write the review folder; returns what ``review.json`` holds."""
    run, folder = Path(run), Path(folder)
    _check_folder(folder, overwrite)
    sample = sample_run(run, opts)
    if not sample.items:
        raise ReviewError(f"{run}: no text short enough to show ({MAX_TEXT_CHARS} characters at most)")
    lines = "".join(json.dumps(item, ensure_ascii=False) + "\n" for item in sample.items)
    review_id = hashlib.sha256(lines.encode()).hexdigest()[:16]
    profile = sample.manifest["profile"]
    meta = {
        "review": review_id,
        "tool": {"name": "multivalue", "version": __version__},
        "run": {"folder": str(run.resolve()), "manifest": manifest_digest(run)},
        "profile": profile,
        "fields": list(sample.manifest.get("fields", [])),
        "options": asdict(opts),
        "items": len(sample.items),
        "controls": sum(item["control"] for item in sample.items),
        "skipped_long": sample.skipped_long,
        "features": sample.features,
    }
    page = render_review_page(sample.items, review_id, profile["abbreviation"], profile["name"])
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "review.json").unlink(missing_ok=True)  # an earlier export is incomplete from here on
        atomic_write_text(folder / "items.jsonl", lines)
        atomic_write_text(folder / "items.csv", _csv(sample))
        atomic_write_text(folder / "index.html", page)
        atomic_write_text(folder / "README.md", _readme(meta, run, folder))
        atomic_write_text(folder / "review.json", json.dumps(meta, indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ReviewError(f"{folder}: cannot write the review ({exc.strerror or exc})") from None
    return meta


def _check_folder(folder: Path, overwrite: bool) -> None:
    if folder.exists() and not folder.is_dir():
        raise ReviewError(f"{folder} is a file, not a folder")
    if not folder.exists() or not any(folder.iterdir()):
        return
    if not _is_review_folder(folder):
        raise ReviewError(f"{folder} is not empty and holds no review export; choose another -o folder")
    if not overwrite:
        raise ReviewError(f"{folder} holds a review export; pass --overwrite to replace it "
                          "(judgment files in it are kept)")


def _is_review_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a review export: its ``review.json`` says so, or (an export that
    stopped before writing it) it has ``items.jsonl`` and only files an export or its reviewers
    write there (a project folder with a README.md of its own is not one)."""
    try:
        meta = json.loads((folder / "review.json").read_text("utf-8"))
    except (OSError, ValueError):
        meta = None
    if isinstance(meta, dict) and "review" in meta and (meta.get("tool") or {}).get("name") == "multivalue":
        return True
    return (folder / "items.jsonl").is_file() and all(
        p.name in FILES or (p.name.startswith(".") and p.name.endswith(".tmp")) or p.name.startswith("judgments-")
        for p in folder.iterdir())


def _csv(sample: Sample) -> str:
    buffer = io.StringIO()
    # rows end with CR LF (RFC 4180): a cell holding either is then quoted, a lone CR too
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for item in sample.items:
        cells = [item["item"], item["key"], item["field"], item["dialect"], str(item["control"]).lower(),
                 item["original"], item["transformed"], json.dumps(item["edits"], ensure_ascii=False),
                 snippet(item)]
        writer.writerow([spreadsheet_safe(str(cell)) for cell in cells])
    return buffer.getvalue()


def _readme(meta: dict, run: Path, folder: Path) -> str:
    options = meta["options"]
    return render_template("review_readme.md", profile=meta["profile"], items=meta["items"], run=str(run),
                           reviewed=sum(1 for f in meta["features"].values() if f["in_review"]),
                           features=len(meta["features"]), per_feature=options["per_feature"],
                           seed=options["seed"], controls=meta["controls"], review=meta["review"],
                           folder=str(folder))
