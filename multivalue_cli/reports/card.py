"""The dataset card (``OUT/README.md``) of a finished output folder.

The card is built from the manifest alone (no timings, no dates), so the same run gives the
same card. Its YAML front matter declares the data files for the Hugging Face hub: the
``default`` configuration is ``data/``, the ``edits`` configuration the edit log. The text is
the template ``card.md``, which escapes every value for where it stands; here the manifest
becomes those values.
"""
from __future__ import annotations

from pathlib import Path

from ..io.arrowschema import schema_from_text
from ..io.jsoncolumns import JsonColumns
from ..io.fields import parse_path
from ..io.writers import atomic_write_text
from ..profiles import catalog
from .run_folder import dialect_views
from .templating import render_template

TOP_FEATURES = 15
TOP_FEATURES_PER_DIALECT = 3


def write_card(out: Path, manifest: dict) -> None:
    """Write ``out/README.md`` (atomically: a temporary file renamed into place)."""
    out = Path(out)
    atomic_write_text(out / "README.md", render_card(out, manifest))


def render_card(out: Path, manifest: dict) -> str:
    split = manifest.get("input", {}).get("split") or "train"
    profile = manifest.get("profile") or {}
    learner = manifest.get("learner")
    run, counts = manifest.get("run", {}), manifest.get("counts", {})
    tool, spacy = manifest.get("tool", {}), manifest.get("spacy", {})
    reason = manifest.get("format_reason")
    return render_template(
        "card.md",
        front_matter=front_matter(manifest, split),
        title=f"{_input_name(manifest)} in {_what_name(manifest)}",
        input_name=_input_name(manifest),
        profile={key: profile.get(key) for key in ("name", "abbreviation", "hash")} if profile else None,
        learner=bool(learner),
        learner_level=learner.get("level") if learner else None,
        description=manifest.get("input", {}).get("description"),
        given_split=manifest.get("input", {}).get("split"),
        fields=list(manifest.get("fields", [])),
        key_by_text=list((manifest.get("protection") or {}).get("key_by_text") or []),
        spans=list((manifest.get("protection") or {}).get("spans") or []),
        seed=run.get("seed"), limit=run.get("limit"), keep_original=run.get("keep_original"),
        format=manifest.get("format"),
        tool=f"{tool.get('name', 'multivalue')} {tool.get('version')}",
        spacy=f"{spacy.get('version')}, model {spacy.get('model')}",
        features=_profile_features(profile),
        without_rule=list(profile.get("features_without_rule") or []),
        counts=_counts(counts),
        edits_per_feature=_edits_per_feature(counts)[:TOP_FEATURES],
        features_with_edits=len(counts.get("edits_per_feature", {})),
        split=split,
        parquet=manifest.get("format") not in ("jsonl", "csv"),
        csv=manifest.get("format") == "csv",
        folder=out.as_posix(),
        rows_written=counts.get("written", 1),  # load_dataset refuses a folder of empty files
        edits_written=counts.get("edits", 1),
        format_reason=reason[0].lower() + reason[1:] if reason else None,
        hub_loaders=hub_loaders(manifest),
        json_fields=JsonColumns(schema_from_text(manifest.get("schema"))).paths()
        if manifest.get("format") == "parquet" else [],
        learner_citation=_learner_citation(learner),
        accuracy=_rule_accuracy(manifest, profile),
        token_labels=manifest.get("token_labels"),
        conll=bool((manifest.get("outputs") or {}).get("conll")),
        task=_task_section(manifest),
        lm_eval=manifest.get("lm_eval") or [],
        dialects=_dialect_rows(manifest),
        per_dialect=_per_dialect(manifest),
        layout=_layout(manifest),
    )


def _rule_accuracy(manifest: dict, profile: dict) -> dict | None:
    """What blind review measured of the rules that made the edits (the manifest's
    ``rule_accuracy``), weighted by their edits, and what ``--min-accuracy`` left out; None
    when there is neither."""
    found = manifest.get("rule_accuracy") or {}
    chosen = profile.get("accuracy_filter") if profile else None
    if not found and not chosen:
        return None
    edits = {name: n for name, n in _edits_per_feature(manifest.get("counts", {})) if n}
    rows = [{"name": name, "edits": edits[name], "accepted": found[name]["accepted"],
             "reviewed": found[name]["reviewed"],
             "share": f"{100 * found[name]['accepted'] / found[name]['reviewed']:.0f}%"}
            for name in edits if name in found]
    measured_edits = sum(row["edits"] for row in rows)
    weighted = sum(row["edits"] * row["accepted"] / row["reviewed"] for row in rows)
    return {
        "rows": rows,
        "weighted": f"{100 * weighted / measured_edits:.1f}%" if measured_edits else None,
        "measured_edits": measured_edits,
        "unmeasured": sorted(name for name in edits if name not in found),
        "unmeasured_edits": sum(n for name, n in edits.items() if name not in found),
        "min_accuracy": f"{chosen['min_accuracy']:g}" if chosen else None,
        "include_unmeasured": bool(chosen and chosen.get("include_unmeasured")),
        "below": sorted((name, why) for name, why in (chosen or {}).get("left_out", {}).items()
                        if why != "not measured"),
        "never_measured": sum(1 for why in (chosen or {}).get("left_out", {}).values() if why == "not measured"),
    }


def _task_section(manifest: dict) -> dict | None:
    """What the task preset rewrote, kept verbatim and left alone, as the run resolved it."""
    preset = manifest.get("task")
    if not preset:
        return None
    protection = manifest.get("protection") or {}
    fields = list(manifest.get("fields", []))
    rebuilt = protection.get("rebuilt_fields") or {}
    kept = [("the values of", name) for name in protection.get("fields", [])]
    kept += [("the value literals of the SQL in", name) for name in protection.get("sql_literals", [])]
    kept += [("quoted spans", "")] if protection.get("quotes") else []
    kept += [("matches of", pattern) for pattern in protection.get("regex", [])]
    tags = protection.get("learner_tags") or []
    made = [f"{name} from {' and '.join(spec['join'])}, joined as in the input" if "join" in spec
            else f"{name}, the tokens of the new {spec['from']}" for name, spec in rebuilt.items()]
    schema = schema_from_text(manifest.get("schema"))
    columns = schema.names if schema is not None else []
    touched = {str(parse_path(path)[0]) for path in fields} | set(rebuilt)
    return {"name": preset["name"], "description": preset["description"], "fields": fields, "kept": kept,
            "learner_tags": tags, "excluded": dict(protection.get("excluded_features") or {}),
            "made": made, "left_alone": [c for c in columns if c not in touched], "notes": preset.get("notes", "")}


def _what_name(manifest: dict) -> str:
    """'Indian English (IndE)', 'learner errors (prep)', or both; '5 dialects (IndE, ...)' or
    'a mix of 3 dialects (...)' for several."""
    profile = manifest.get("profile") or {}
    learner = manifest.get("learner") or {}
    dialects = [d["abbreviation"] for d in manifest.get("dialects") or ()]
    parts = []
    if dialects:
        shown = ", ".join(dialects[:5]) + (", ..." if len(dialects) > 5 else "")
        mixed = "a mix of " if (manifest.get("layout") or {}).get("columns", {}).get("dialect") else ""
        parts.append(f"{mixed}{len(dialects)} dialects ({shown})")
    if profile:
        parts.append(f"{profile.get('name')} ({profile.get('abbreviation')})")
    if learner:
        level = f", level {learner['level']}" if learner.get("level") else ""
        parts.append(f"learner errors ({', '.join(learner.get('error_types', []))}{level}, rate {learner.get('target')})")
    return " with ".join(parts) or "unchanged"


def front_matter(manifest: dict, split: str) -> dict:
    tags = ["multivalue", "english-dialects", "ewave", "synthetic", "robustness"]
    if manifest.get("learner"):
        tags.append("learner-errors")
    return {
        "pretty_name": f"{_input_name(manifest)} in {_what_name(manifest)}, multivalue",
        "language": ["en"],
        "tags": tags,
        "size_categories": [_size_category(manifest.get("counts", {}).get("written", 0))],
        "configs": _configs(manifest, split),
    }


def _configs(manifest: dict, split: str) -> list[dict]:
    """The dataset configurations: the data and the edit log; with a configuration per dialect,
    ``<ABBR>`` and ``<ABBR>-edits`` for each (and no default: a name must be given)."""
    if not _per_dialect(manifest):
        return [{"config_name": "default", "default": True,
                 "data_files": [{"split": split, "path": f"data/{split}-*"}]},
                # `datasets` reads every configuration of a folder with the one reader its first
                # needs: the Parquet edit log is a configuration only beside Parquet data
                *([{"config_name": "edits", "data_files": [{"split": split, "path": f"edits/{split}-*"}]}]
                  if manifest.get("format") != "jsonl" else [])]
    with_edits = manifest.get("format") != "jsonl"
    return [config for name, _ in dialect_views(manifest) for config in (
        {"config_name": name, "data_files": [{"split": split, "path": f"{name}/data/{split}-*"}]},
        *([{"config_name": f"{name}-edits", "data_files": [{"split": split, "path": f"{name}/edits/{split}-*"}]}]
          if with_edits else []))]


def _per_dialect(manifest: dict) -> bool:
    return bool((manifest.get("layout") or {}).get("per_dialect"))


def _layout(manifest: dict) -> dict | None:
    """What a run with many outputs did beside a plain run: the columns it added, the variants,
    the rows it left out as unchanged; None for a plain run."""
    layout = manifest.get("layout")
    if not layout:
        return None
    counts = manifest.get("counts", {})
    columns = layout.get("columns") or {}
    return {"dialect_column": columns.get("dialect"), "variant_column": columns.get("variant"),
            "variants": layout.get("variants", 1), "changed_only": layout.get("changed_only"),
            "left_out": counts.get("left_out", 0), "records": counts.get("records", 0)}


def _dialect_rows(manifest: dict) -> list[dict]:
    """One row per dialect of a run of several: its profile, and (with a configuration per
    dialect) its counts and commonest features; (in a mixed run) its weight and rows."""
    rows = []
    mixed_rows = manifest.get("counts", {}).get("rows_per_dialect", {})
    for entry in manifest.get("dialects") or ():
        profile = entry.get("profile") or {}
        row = {"abbreviation": entry["abbreviation"], "name": profile.get("name"),
               "features": len(profile.get("features", {})), "hash": profile.get("hash"),
               "weight": entry.get("weight"), "rows": mixed_rows.get(entry["abbreviation"], 0)}
        if "counts" in entry:
            counts = entry["counts"]
            row.update(_counts(counts), top=[name for name, _ in _edits_per_feature(counts)[:TOP_FEATURES_PER_DIALECT]])
        rows.append(row)
    return rows


def hub_loaders(manifest: dict) -> list[str]:
    """The ``load_dataset`` calls that load this output from the hub, each one that works on
    it: ``datasets`` reads a folder's configurations with the reader its first one needs (the
    Parquet edit log of JSON-lines data is loaded by its folder), and refuses empty files."""
    counts, jsonl = manifest.get("counts", {}), manifest.get("format") == "jsonl"
    calls = []
    if counts.get("written", 1) and not manifest.get("format_reason"):
        calls.append('load_dataset("OWNER/NAME")')
    if counts.get("edits", 1):
        calls.append('load_dataset("OWNER/NAME", data_dir="edits")' if jsonl else 'load_dataset("OWNER/NAME", "edits")')
    return calls


def _input_name(manifest: dict) -> str:
    return str(manifest.get("input", {}).get("description") or "input").split(" (")[0]


def _size_category(n: int) -> str:
    bounds = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"),
              (1_000_000, "100K<n<1M"), (10_000_000, "1M<n<10M"), (100_000_000, "10M<n<100M")]
    return next((label for bound, label in bounds if n < bound), "100M<n<1B")


def _profile_features(profile: dict) -> list[dict]:
    """The profile's features in eWAVE order, with their eWAVE number and title when catalogued."""
    entries = catalog()
    features = sorted(profile.get("features", {}).items(),
                      key=lambda kv: (entries[kv[0]].ewave if kv[0] in entries else 10_000, kv[0]))
    return [{"name": name, "ewave": entries[name].ewave if name in entries else "",
             "title": entries[name].title if name in entries else "", "probability": f"{prob:g}"}
            for name, prob in features]


def _counts(counts: dict) -> dict:
    texts, changed = counts.get("texts", 0), counts.get("texts_changed", 0)
    share = f" ({100 * changed / texts:.1f}%)" if texts else ""
    return {"records": counts.get("records"), "written": counts.get("written"), "texts": texts,
            "changed": f"{changed}{share}", "edits": counts.get("edits"), "errors": counts.get("errors")}


def _edits_per_feature(counts: dict) -> list[tuple[str, int]]:
    """Features by edits, the most frequent first."""
    return sorted(counts.get("edits_per_feature", {}).items(), key=lambda kv: (-kv[1], kv[0]))


def _learner_citation(learner: object) -> str | None:
    """The learner section's own citation, if it has one (else the card cites ERRANT and BEA-2019)."""
    custom = learner.get("citation") if isinstance(learner, dict) else None
    return custom.strip() if isinstance(custom, str) and custom.strip() else None
