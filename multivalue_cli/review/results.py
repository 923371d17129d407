"""``multivalue review import``: score the judgments and record the results.

The results go to ``REVIEW_DIR/results.json`` and to ``RUN_DIR/review.json`` (for
``multivalue report``), the latter only while the run folder still holds the run the review
was exported from (the SHA-256 of its manifest is checked, on writing and on reading, so a
new run in that folder never shows an older run's review).
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from ..io.writers import atomic_write_text
from . import ReviewError
from .export import manifest_digest
from .judgments import load_review, read_judgments
from .scores import score

RECORD_NAME = "review.json"


def import_review(folder: Path, paths: Sequence[Path], min_votes: int = 1) -> tuple[dict, dict]:
    """``(review.json of the folder, results)``."""
    meta, items = load_review(folder)
    judgments = read_judgments(paths, meta, items)
    if not any(j.acceptable is not None for j in judgments):
        raise ReviewError("the judgment files hold no judgment (no item marked)")
    result = {"review": meta["review"], "review_folder": str(Path(folder).resolve()),
              "dialect": meta["profile"]["abbreviation"], **score(items, judgments, min_votes)}
    return meta, result


def save_results(folder: Path, result: dict) -> Path:
    target = Path(folder) / "results.json"
    write_json(target, result)
    return target


def write_json(path: Path, data: dict) -> None:
    try:
        atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ReviewError(f"{path}: cannot write it ({exc.strerror or exc})") from None


def record_in_run(meta: dict, result: dict, run: Path | None = None) -> Path:
    """Write the results into the run folder; raises ReviewError when it holds another run."""
    run = Path(run or meta["run"]["folder"])
    if not (run / "manifest.json").is_file():
        raise ReviewError(f"the run folder {run} is gone (pass --run to name where it is now)")
    if manifest_digest(run) != meta["run"]["manifest"]:
        raise ReviewError(f"{run} holds another run than the one this review was exported from")
    target = run / RECORD_NAME
    write_json(target, {"run_manifest": meta["run"]["manifest"], **result})
    return target


def recorded_review(run: Path) -> dict | None:
    """The review results recorded in a run folder, if they belong to the run it holds."""
    path = Path(run) / RECORD_NAME
    try:
        recorded = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(recorded, dict) or recorded.get("run_manifest") != manifest_digest(run):
        return None
    return recorded
