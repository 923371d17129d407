"""The lm-evaluation-harness hand-off of an output folder.

For a task preset of a benchmark the harness ships (``lm_eval`` in ``data/tasks.yaml``), the
run writes ``OUT/lm_eval/<task>_<variety>.yaml``: a group whose task is the harness's own, named
(its prompt, choices, metrics, filters and preprocessing, as the installed harness has them),
with the data swapped for this folder's data files, so that

    lm_eval --model hf --model_args pretrained=MODEL --tasks gsm8k_uaave --include_path OUT

runs the rewritten benchmark. A harness task is written only when the output has the columns
it reads (TruthfulQA's generation task needs ``best_answer``; the authors' CSV has none of
the harness's columns), and only for data the harness reads as it was (Parquet or JSON
lines). The few-shot examples, where the task takes any, come from the same rewritten split
(the harness leaves out the question being asked).
"""
from __future__ import annotations

import re
from pathlib import Path

from ..io.writers import atomic_write_text
from .run_folder import dialect_views, shard_rows
from .templating import render_template

FOLDER = "lm_eval"
DATASET_BUILDERS = {"parquet": "parquet", "jsonl": "json"}  # the output format -> datasets' builder


def harness_groups(out: Path, manifest: dict) -> list[dict]:
    """The harness groups this output can run: ``{"name", "file", "tasks", "config"}`` each
    (none without a preset the harness ships, or with data it cannot read as written); a run
    with a configuration per dialect has a group per dialect."""
    return [group for _, view in dialect_views(manifest) for group in _groups_of(out, view)]


def _groups_of(out: Path, manifest: dict) -> list[dict]:
    preset = manifest.get("task") or {}
    builder = DATASET_BUILDERS.get(manifest.get("format") or "")
    if not preset.get("lm_eval") or builder is None or not manifest["outputs"]["data"]:
        return []
    first = next(shard_rows(out, manifest["outputs"]["data"][:1]), None)
    if first is None:
        return []
    columns = set(first[2])
    chosen = [t for t in preset["lm_eval"] if set(t.get("requires", [])) <= columns]
    if not chosen:
        return []
    name = f"{preset['name']}_{variety(manifest)}"
    split = manifest.get("input", {}).get("split") or "train"
    extension = "parquet" if builder == "parquet" else "jsonl"
    folder = Path(manifest["outputs"]["data"][0]).parent  # data/, or <ABBR>/data/ of a dialect
    files = (Path(out).resolve() / folder).as_posix() + f"/{split}-*.{extension}"
    shown = variety(manifest, shown=True)
    tasks = [{"task": t["task"], "task_alias": f"{t['task'] if len(chosen) > 1 else preset['name']} ({shown})",
              "dataset_path": builder,
              "dataset_name": None, "dataset_kwargs": {"data_files": {split: files}},
              "training_split": None, "validation_split": None, "test_split": split,
              "fewshot_split": split, **t.get("overrides", {})} for t in chosen]
    config = {"group": name, "task": tasks, "metadata": {"version": 1.0, "multivalue": _provenance(manifest)}}
    return [{"name": name, "file": f"{FOLDER}/{name}.yaml", "tasks": [t["task"] for t in chosen],
             "config": config}]


def write_harness_groups(out: Path, groups: list[dict]) -> None:
    """Write each group's YAML file (atomically) under ``OUT/lm_eval/``."""
    if not groups:
        return
    (Path(out) / FOLDER).mkdir(exist_ok=True)
    for group in groups:
        atomic_write_text(Path(out) / group["file"], render_template(
            "lm_eval.yaml", name=group["name"], tasks=group["tasks"], config=group["config"]))


def variety(manifest: dict, shown: bool = False) -> str:
    """What the text was rewritten into: ``uaave``, ``learner``, ``inde_learner`` (``shown``:
    ``UAAVE``, ``IndE + learner errors``)."""
    parts = []
    if manifest.get("profile"):
        parts.append(manifest["profile"]["abbreviation"])
    elif manifest.get("dialects"):  # one output of several dialects (a mix)
        parts.append(("a mix of " if shown else "mix_") + (", " if shown else "_").join(
            d["abbreviation"] for d in manifest["dialects"]))
    if manifest.get("learner"):
        level = manifest["learner"].get("level")
        parts.append(f"learner errors{' ' + level if level and shown else ''}" if shown
                     else f"learner{level or ''}")
    if shown:
        return " + ".join(parts) or "unchanged"
    return re.sub(r"\W+", "_", "_".join(parts).lower()).strip("_") or "unchanged"


def _provenance(manifest: dict) -> dict:
    profile = manifest.get("profile") or {}
    return {"profile": profile.get("abbreviation"), "profile_hash": profile.get("hash"),
            "seed": manifest.get("run", {}).get("seed"), "tool": manifest.get("tool", {}).get("version")}
