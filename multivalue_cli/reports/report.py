"""What a finished ``multivalue transform`` run did, read back from its output folder.

:func:`summarise` gives the numbers (a JSON-serialisable dict), :func:`print_report` shows
them as tables in a terminal; :func:`.report_html.write_html` writes them, with charts and
before/after examples (:func:`.examples.pick_examples`), as one self-contained HTML page.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any, Iterable, Sequence

from ..profiles import catalog
from .run_folder import dialect_views, edit_log, error_rows, read_manifest, record_texts, rows_and_records

HISTOGRAM_CAP = 10  # texts with this many edits or more share the last bin ("10+")
TOP_FEATURES_PER_DIALECT = 3  # in the table of the dialects side by side
UNCATEGORISED = "(uncategorised)"
# Learner errors are logged under their ERRANT type (eWAVE number 0): "R:PREP", "M:VERB:TENSE".
LEARNER_CATEGORIES = {"DET": "learner: determiner", "PREP": "learner: preposition",
                      "VERB": "learner: verb", "SPELL": "learner: spelling"}


def category_of(feature: str) -> str:
    """The eWAVE category of a dialect feature, or the learner-error type of an ERRANT label."""
    entry = catalog().get(feature)
    if entry is not None:
        return entry.category
    parts = feature.split(":")
    if len(parts) >= 2 and parts[0] in ("M", "R", "U") and parts[1] in LEARNER_CATEGORIES:
        return LEARNER_CATEGORIES[parts[1]]
    return UNCATEGORISED


# ------------------------------------------------------------------------------ the summary


def summarise(out: Path) -> dict:
    """The numbers of a finished run (a JSON-serialisable dict; see :func:`print_report`). A
    run of several dialects also has them side by side (``dialects``): each configuration's,
    or each dialect's share of a mixed run; the rest are the run's, all dialects together
    (with a configuration per dialect, each one's own numbers are in ``dialect_summaries``)."""
    out = Path(out)
    manifest = read_manifest(out)
    views = dialect_views(manifest)
    if views[0][0] is not None:
        return _side_by_side(out, manifest, [(name, _summary(out, view)) for name, view in views])
    return _summary(out, manifest)


def _summary(out: Path, manifest: dict) -> dict:
    """The numbers of one output (a plain run's, a mixed run's, one dialect's of several)."""
    counts = manifest.get("counts", {})
    per_text: Counter = Counter()
    per_feature: Counter = Counter()
    by_dialect: dict[str, Counter] = defaultdict(Counter)  # a mixed run's edits per feature
    for edit in edit_log(out, manifest, ("key", "field", "feature", "variant", "dialect")):
        per_text[(edit["key"], edit.get("variant") or 0, edit["field"])] += 1
        per_feature[edit["feature"]] += 1
        if edit.get("dialect"):
            by_dialect[edit["dialect"]][edit["feature"]] += 1
    fields, warnings, texts_by_dialect = _field_stats(out, manifest, set(per_text))
    texts = counts.get("texts", sum(f["texts"] for f in fields))
    total_edits = sum(per_feature.values())
    profile = manifest.get("profile") or {}
    return {
        "folder": str(out),
        "tool": manifest.get("tool", {}),
        "spacy": manifest.get("spacy", {}),
        "profile": {"abbreviation": profile.get("abbreviation"), "name": profile.get("name"),
                    "hash": profile.get("hash"), "features": len(profile.get("features", {})),
                    "features_without_rule": list(profile.get("features_without_rule", []))},
        "input": manifest.get("input", {}).get("description"),
        "split": manifest.get("input", {}).get("split"),
        "fields": list(manifest.get("fields", [])),
        "seed": manifest.get("run", {}).get("seed"),
        "records": counts.get("records", 0),
        "written": counts.get("written", 0),
        "texts": texts,
        "texts_changed": counts.get("texts_changed", 0),
        "share_changed": _share(counts.get("texts_changed", 0), texts),
        "edits": total_edits,
        "mean_edits_per_text": round(total_edits / texts, 3) if texts else 0.0,
        "per_field": fields,
        "per_feature": _feature_rows(per_feature, total_edits),
        "per_category": _category_rows(per_feature, total_edits),
        "edits_per_text": _edits_per_text_bins(per_text, texts),
        "errors": {"count": counts.get("errors", 0), "examples": list(counts.get("error_examples", []))},
        "learner": learner_rates(manifest),
        "review": _recorded_review(out),
        "learner_profile": _learner_profile(manifest),
        "learner_fields": learner_fields(manifest),
        "learner_distribution": _learner_distribution(manifest),
        "warnings": warnings,
        **_layout_entries(manifest, texts_by_dialect, by_dialect),
    }


def _layout_entries(manifest: dict, texts: dict[str, tuple[int, int]], features: dict[str, Counter]) -> dict:
    """What a run with many outputs adds to its summary (nothing for a plain run): its
    variants and the rows it left out as unchanged, and for a mixed run its dialects side by
    side."""
    layout = manifest.get("layout")
    if not layout:
        return {}
    entries: dict = {"layout": {"variants": layout.get("variants", 1), "changed_only": layout.get("changed_only"),
                                "left_out": manifest.get("counts", {}).get("left_out", 0),
                                "per_dialect": layout.get("per_dialect"), "columns": layout.get("columns")}}
    if manifest.get("dialects") and not layout.get("per_dialect"):
        names = {d["abbreviation"]: (d.get("profile") or {}).get("name") for d in manifest["dialects"]}
        entries["dialects"] = [_dialect_row(abbr, name, *texts.get(abbr, (0, 0)), features.get(abbr, Counter()))
                               for abbr, name in names.items()]
    return entries


def _dialect_row(abbreviation: str, name: str | None, texts: int, changed: int, features: Counter,
                 errors: int | None = None) -> dict:
    """A dialect's numbers, for the table of the dialects side by side."""
    edits = sum(features.values())
    return {"dialect": abbreviation, "name": name, "texts": texts, "texts_changed": changed,
            "share_changed": _share(changed, texts), "edits": edits,
            "mean_edits_per_text": round(edits / texts, 3) if texts else 0.0, "errors": errors,
            "top_features": [f for f, _ in sorted(features.items(), key=lambda kv: (-kv[1], kv[0]))
                             [:TOP_FEATURES_PER_DIALECT]]}


def _side_by_side(out: Path, manifest: dict, parts: list[tuple[str, dict]]) -> dict:
    """The summary of a run with a configuration per dialect: the run's numbers (all dialects
    together), each dialect's in ``dialect_summaries``, and a row per dialect in ``dialects``."""
    features: Counter = Counter()
    bins: Counter = Counter()
    per_field: dict[str, Counter] = {}
    for _, part in parts:
        features.update({f["feature"]: f["edits"] for f in part["per_feature"]})
        bins.update({b["edits"]: b["texts"] for b in part["edits_per_text"]})
        for f in part["per_field"]:
            per_field.setdefault(f["field"], Counter()).update({"texts": f["texts"], "changed": f["changed"]})
    def total(name: str) -> int:
        return sum(part[name] for _, part in parts)

    texts, edits = total("texts"), total("edits")
    summary = dict(parts[0][1])
    summary.update(
        folder=str(out), profile={"abbreviation": None, "name": None, "hash": None, "features": None,
                                  "features_without_rule": []},
        records=total("records"), written=total("written"), texts=texts, texts_changed=total("texts_changed"),
        share_changed=_share(total("texts_changed"), texts), edits=edits,
        mean_edits_per_text=round(edits / texts, 3) if texts else 0.0,
        per_field=[{"field": name, "texts": c["texts"], "changed": c["changed"], "share": _share(c["changed"], c["texts"])}
                   for name, c in per_field.items()],
        per_feature=_feature_rows(features, edits), per_category=_category_rows(features, edits),
        edits_per_text=[{"edits": label, "texts": n, "share": _share(n, texts)} for label, n in bins.items()],
        errors={"count": sum(part["errors"]["count"] for _, part in parts), "examples": [f"{name}: {e}" for name, part in parts
                                                            for e in part["errors"]["examples"]][:20]},
        learner=None, learner_profile=None, learner_fields=None, learner_distribution=None, review=None,
        warnings=[f"{name}: {w}" for name, part in parts for w in part["warnings"]],
        dialects=[_dialect_row(name, part["profile"]["name"], part["texts"], part["texts_changed"],
                               Counter({f["feature"]: f["edits"] for f in part["per_feature"]}),
                               part["errors"]["count"]) for name, part in parts],
        dialect_summaries=dict(parts), layout={**(parts[0][1].get("layout") or {}), "per_dialect": True})
    return summary


def _recorded_review(out: Path) -> dict | None:
    """The native-speaker review imported into this run (``multivalue review import``), if any."""
    from ..review.results import recorded_review

    return recorded_review(out)


def _share(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def _field_stats(out: Path, manifest: dict, edited: set[tuple[int, int, str]],
                 ) -> tuple[list[dict], list[str], dict[str, tuple[int, int]]]:
    """Texts and changed texts per requested field path (records with errors left out, as in
    the manifest's counts); and per dialect, where the records name theirs (a mixed run)."""
    paths = list(manifest["fields"])
    texts: Counter = Counter()
    changed: Counter = Counter()
    by_dialect: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    columns = (manifest.get("layout") or {}).get("columns") or {}
    dialect_column, variant_column = columns.get("dialect"), columns.get("variant")
    failed, _ = error_rows(out, manifest)
    warnings: list[str] = []
    for row, record in rows_and_records(out, manifest):
        if row is None:
            warnings.append("the written records could not be matched to input rows; "
                            "changed texts per field are not counted")
            break
        if row in failed:
            continue
        seen: set[str] = set()
        variant = record.get(variant_column) or 0 if variant_column else 0
        counted = by_dialect[record.get(dialect_column)] if dialect_column else [0, 0]
        for path in paths:
            located = record_texts(record, manifest, [path])
            for concrete, _text in located:
                if concrete in seen:
                    continue
                seen.add(concrete)
                hit = int((row, variant, concrete) in edited)
                texts[path] += 1
                changed[path] += hit
                counted[0] += 1
                counted[1] += hit
    rows = [{"field": p, "texts": texts[p], "changed": changed[p], "share": _share(changed[p], texts[p])}
            for p in paths]
    return rows, warnings, {name: (n, c) for name, (n, c) in by_dialect.items()}


def _feature_rows(per_feature: Counter, total: int) -> list[dict]:
    entries = catalog()
    rows = []
    for name, n in sorted(per_feature.items(), key=lambda kv: (-kv[1], kv[0])):
        entry = entries.get(name)
        rows.append({"feature": name, "ewave": entry.ewave if entry else None,
                     "category": category_of(name), "edits": n, "share": _share(n, total)})
    return rows


def _category_rows(per_feature: Counter, total: int) -> list[dict]:
    edits: Counter = Counter()
    features: dict[str, set[str]] = defaultdict(set)
    for name, n in per_feature.items():
        category = category_of(name)
        edits[category] += n
        features[category].add(name)
    return [{"category": c, "edits": n, "features": len(features[c]), "share": _share(n, total)}
            for c, n in sorted(edits.items(), key=lambda kv: (-kv[1], kv[0]))]


def _edits_per_text_bins(per_text: Counter, texts: int) -> list[dict]:
    """How many texts got 0, 1, 2, ... edits (the last bin is ``HISTOGRAM_CAP`` or more)."""
    bins: Counter = Counter(min(n, HISTOGRAM_CAP) for n in per_text.values())
    bins[0] = max(texts - len(per_text), 0)
    last = max(bins) if bins else 0
    return [{"edits": f"{k}+" if k == HISTOGRAM_CAP else str(k), "texts": bins.get(k, 0),
             "share": _share(bins.get(k, 0), texts)} for k in range(last + 1)]


def learner_rates(manifest: dict) -> list[dict] | None:
    """Achieved vs target rate of the learner errors, overall and per type, when the manifest
    has a ``learner`` section (None otherwise). Read from that section:

    - overall: ``target`` and ``achieved`` (or ``achieved_mean``) as numbers -> type ``all``;
    - per type: ``types`` or ``per_type`` as ``{type: {"target": t, "achieved": a}}``, or
      ``target`` and ``achieved`` as ``{type: rate}`` mappings, or the section itself as
      ``{type: {"target": t, "achieved": a}}``.
    """
    section = manifest.get("learner")
    if not isinstance(section, dict):
        return None
    pairs: dict[str, tuple[Any, Any]] = {}
    target, achieved = section.get("target"), section.get("achieved", section.get("achieved_mean"))
    if isinstance(target, (int, float)):
        pairs["all"] = (target, achieved)
    if isinstance(target, dict):
        got = achieved if isinstance(achieved, dict) else {}
        pairs.update({t: (v, got.get(t)) for t, v in sorted(target.items())})
    nested = section.get("types", section.get("per_type", section))
    for name, rates in sorted(nested.items()) if isinstance(nested, dict) else ():
        if isinstance(rates, dict) and "target" in rates:
            pairs[name] = (rates["target"], rates.get("achieved", rates.get("achieved_mean")))
    return [{"type": name, "target": t, "achieved": a, "difference": _difference(a, t)}
            for name, (t, a) in pairs.items()]


def learner_fields(manifest: dict) -> list[dict] | None:
    """Per selected field: texts, target and achieved rate, and edits (None without a per-field
    learner summary)."""
    fields = ((manifest.get("learner") or {}).get("summary") or {}).get("fields")
    if not isinstance(fields, dict):
        return None
    return [{"field": name, "texts": f.get("texts"), "target": f.get("target"),
             "achieved": f.get("achieved_mean"), "difference": _difference(f.get("achieved_mean"), f.get("target")),
             "edits": f.get("edits")} for name, f in fields.items()]


def _learner_distribution(manifest: dict) -> dict | None:
    """The ERRANT types injected beside the profile's shares, and their total variation distance."""
    from ..learner.rate import total_variation

    rows = ((manifest.get("learner") or {}).get("summary") or {}).get("distribution")
    if not isinstance(rows, list):
        return None
    return {"rows": rows, "total_variation": total_variation(rows)}


def _learner_profile(manifest: dict) -> str | None:
    learner = manifest.get("learner")
    if not isinstance(learner, dict):
        return None
    types = ", ".join(learner.get("error_types", []))
    level = f", level {learner['level']}" if learner.get("level") else ""
    target = learner.get("target")
    rate = f" at {percent(target, 2)}" if isinstance(target, (int, float)) else ""
    described = str(learner.get("profile") or "")
    own = f" ({described})" if described and not described.startswith(("level ", "default")) else ""
    return f"{types}{level}{rate}{own}"


def run_title(summary: dict) -> str:
    """What the run did, for a title: the dialect (or dialects), the learner errors, or both."""
    profile = summary["profile"]
    parts = []
    if summary.get("dialects"):
        names = [d["dialect"] for d in summary["dialects"]]
        parts.append(f"{len(names)} dialects ({', '.join(names[:5])}{', ...' if len(names) > 5 else ''})")
    if profile.get("abbreviation"):
        parts.append(f"{profile['abbreviation']} ({profile['name']})")
    if summary.get("learner_profile"):
        level = summary["learner_profile"].split(" (")[0]
        parts.append(f"learner errors ({level})")
    return " + ".join(parts) or "no change"


def _difference(achieved: Any, target: Any) -> float | None:
    numbers = isinstance(target, (int, float)) and isinstance(achieved, (int, float))
    return round(achieved - target, 4) if numbers else None


# ------------------------------------------------------------------------------ terminal


def print_report(summary: dict, console, top: int = 20) -> None:
    """The summary as rich tables on ``console`` (a ``rich.console.Console``)."""
    from rich.table import Table
    from rich.text import Text  # a value is shown as it is, never read as Rich markup

    def table(title: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], numeric: bool = True) -> None:
        t = Table(title=title, title_justify="left")
        for k, col in enumerate(columns):
            t.add_column(col, justify="right" if numeric and k > 0 else "left")
        for row in rows:
            t.add_row(*(Text(cell_text(v)) for v in row))
        console.print(t)

    table("Run", ("", "value"), run_overview_rows(summary), numeric=False)
    if summary.get("dialects"):
        table("Dialects side by side", DIALECT_COLUMNS, dialect_table_rows(summary))
    table("Texts per field", ("field", "texts", "changed", "share"),
          ((f["field"], f["texts"], f["changed"], percent(f["share"])) for f in summary["per_field"]))
    shown = summary["per_feature"][:top]
    more = len(summary["per_feature"]) - len(shown)
    table(f"Edits per feature (top {len(shown)}" + (f" of {len(summary['per_feature'])})" if more else ")"),
          ("feature", "eWAVE", "category", "edits", "share"),
          ((f["feature"], f["ewave"], f["category"], f["edits"], percent(f["share"])) for f in shown))
    table("Edits per category", ("category", "features", "edits", "share"),
          ((c["category"], c["features"], c["edits"], percent(c["share"])) for c in summary["per_category"]))
    table("Edits per text", ("edits", "texts", "share"),
          ((h["edits"], h["texts"], percent(h["share"])) for h in summary["edits_per_text"]))
    if summary.get("learner"):
        table("Learner errors: achieved vs target rate", ("type", "target", "achieved", "difference"),
              ((r["type"], percent(r["target"], 2), percent(r["achieved"], 2), points(r["difference"]))
               for r in summary["learner"]))
    if summary.get("learner_fields"):
        table("Learner errors per field", ("field", "texts", "target", "achieved", "difference", "edits"),
              ((f["field"], f["texts"], percent(f["target"], 2), percent(f["achieved"], 2),
                points(f["difference"]), f["edits"]) for f in summary["learner_fields"]))
    if summary.get("learner_distribution"):
        dist = summary["learner_distribution"]
        table(f"Learner errors by ERRANT type: injected vs profile (total variation {dist['total_variation']:.3f})",
              ("ERRANT type", "profile", "injected", "edits"),
              ((r["label"], percent(r["profile"]), percent(r["injected"]), r["edits"]) for r in dist["rows"]))
    if summary.get("review"):
        from ..review.show import print_results

        print_results(summary["review"], console, top=top)
    errors = summary["errors"]
    if errors["count"]:
        table(f"Errors ({errors['count']})", ("example",), ((e,) for e in errors["examples"]), numeric=False)
    for warning in summary.get("warnings", []):
        console.print(Text("warning:", style="yellow") + Text(f" {warning}"))


def run_overview_rows(summary: dict) -> list[tuple[str, Any]]:
    """What the run was, as (label, value) rows: the first table of the terminal and HTML reports."""
    profile = summary["profile"]
    dialect = (f"{profile['abbreviation']} ({profile['name']}), {profile['features']} features with a rule"
               if profile.get("abbreviation") else "none")
    if summary.get("dialects"):
        layout = summary.get("layout") or {}
        how = "one configuration each" if layout.get("per_dialect") else "one drawn per row"
        dialect = f"{len(summary['dialects'])} ({how}): " + ", ".join(d["dialect"] for d in summary["dialects"])
    rows = [("dialect", dialect)]
    layout = summary.get("layout") or {}
    if layout.get("variants", 1) > 1:
        rows.append(("variants", f"{layout['variants']} per input row"))
    if layout.get("changed_only"):
        rows.append(("rows left out (unchanged)", layout.get("left_out", 0)))
    if summary.get("learner_profile"):
        rows.append(("learner errors", summary["learner_profile"]))
    return rows + [
        ("input", f"{summary['input']} (split {summary['split']})"),
        ("fields", ", ".join(summary["fields"])),
        ("seed", summary["seed"]),
        ("records", summary["records"]),
        ("written", summary["written"]),
        ("texts", summary["texts"]),
        ("texts changed", f"{summary['texts_changed']} ({percent(summary['share_changed'])})"),
        ("edits", summary["edits"]),
        ("mean edits per text", f"{summary['mean_edits_per_text']:.2f}"),
        ("errors", summary["errors"]["count"]),
        ("tool", f"multivalue {summary['tool'].get('version')}, spaCy {summary['spacy'].get('version')} "
                 f"({summary['spacy'].get('model')})"),
    ]


DIALECT_COLUMNS = ("dialect", "texts", "changed", "share changed", "edits per text", "edits", "errors",
                   "commonest features")


def dialect_table_rows(summary: dict) -> list[tuple]:
    """The dialects side by side, as table rows (:data:`DIALECT_COLUMNS`)."""
    return [(d["dialect"], d["texts"], d["texts_changed"], percent(d["share_changed"]),
             f"{d['mean_edits_per_text']:.2f}", d["edits"], d["errors"] if d["errors"] is not None else "",
             ", ".join(d["top_features"])) for d in summary["dialects"]]


def percent(share: float | None, digits: int = 1) -> str:
    """A share (0.1234) as a percentage ("12.3%"); nothing for None."""
    return "" if share is None else f"{100 * share:.{digits}f}%"


def points(difference: float | None) -> str:
    """A difference of rates in percentage points."""
    return "" if difference is None else f"{100 * difference:+.2f} pp"


def cell_text(value: Any) -> str:
    """A value as a table shows it: floats to four significant digits, nothing for None."""
    if isinstance(value, float):
        return f"{value:.4g}"
    return "" if value is None else str(value)
