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
from ..io.writers import atomic_write_text
from . import ReviewError
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
    if not any((folder / name).exists() for name in FILES):
        raise ReviewError(f"{folder} is not empty and holds no review export; choose another -o folder")
    if not overwrite:
        raise ReviewError(f"{folder} holds a review export; pass --overwrite to replace it "
                          "(judgment files in it are kept)")


def _csv(sample: Sample) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for item in sample.items:
        writer.writerow([item["item"], item["key"], item["field"], item["dialect"],
                         str(item["control"]).lower(), item["original"], item["transformed"],
                         json.dumps(item["edits"], ensure_ascii=False), snippet(item)])
    return buffer.getvalue()


def _readme(meta: dict, run: Path, folder: Path) -> str:
    profile = meta["profile"]
    reviewed = sum(1 for f in meta["features"].values() if f["in_review"])
    return f"""# Native-speaker review: {profile['name']} ({profile['abbreviation']})

{meta['items']} items from `{run}` ({reviewed} of the {len(meta['features'])} features that fired;
up to {meta['options']['per_feature']} instances each; seed {meta['options']['seed']};
{meta['controls']} unchanged texts as controls). Review id `{meta['review']}`.

## Running the review

1. Send `index.html` to each reviewer: native speakers of {profile['name']}. It works offline,
   opened straight from the disk (no server, nothing is fetched).
2. The reviewer enters a name, clicks every highlighted change that sounds wrong in their
   variety, marks each item acceptable or not, and may add a comment. Marks are kept in the
   browser across reloads. *Download judgments* saves `judgments-<name>.json`.
3. Collect the files, then:

       multivalue review import {folder} judgments-*.json --min-votes 2

   prints the accuracy of every feature (instances judged acceptable by a majority), the
   share of acceptable items and the agreement between reviewers (Krippendorff's alpha), and
   records them in the run folder for `multivalue report`. Add
   `--write-profile validated.yaml --min-accuracy 0.9` for a profile without the features
   reviewers rejected.

Three or more reviewers per item give a majority; a tie counts as not acceptable.

## Crowd platforms

`items.csv` has one row per item: `item`, `key` (input row), `field`, `dialect`, `control`,
`original`, `transformed`, `edits` (JSON: `edit` id, `feature`, `ewave`, `start`/`end` in the
transformed text, `before`, `after`) and `html` (the item with its changes marked, for a
template). Collect the answers as a CSV with the columns `annotator,item,wrong_edits,acceptable`
(`wrong_edits`: edit ids separated by `;`; `acceptable`: true or false) and import it the same way.

Changes that touch each other were made together and share one mark: marking it marks each
of its edits wrong. Items with no change (`control` true) show how often reviewers reject
unchanged text from the same data.
"""
