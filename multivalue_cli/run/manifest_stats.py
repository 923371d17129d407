"""The figures of a run's manifest, from its finished shards: the totals, what every stage kept
as it was (protection), and the learner errors' target and achieved rates, overall, per
selected field and per ERRANT type."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

from .records import TextStats
from .spec import RunSpec, Totals
from .texts import RecordPlan

if TYPE_CHECKING:
    from ..learner import ErrorConfig


def totals_of(shards: Iterable[dict]) -> Totals:
    """The totals of the finished shards (as listed in the manifest)."""
    totals = Totals()
    for shard in shards:
        totals.add(Totals.from_dict(shard["totals"]))
    return totals


def rule_accuracy_section(totals: Totals) -> dict:
    """What blind review measured of the rules that made this run's edits: ``{rule: {accepted,
    reviewed, commit, date}}``, the measured ones only (see :mod:`..engine.accuracy`)."""
    from ..engine.accuracy import measured

    found = measured()
    return {name: {"accepted": found[name].accepted, "reviewed": found[name].reviewed,
                   "commit": found[name].commit, "date": found[name].date}
            for name in sorted(totals.edits_per_feature) if name in found}


def protection_section(spec: RunSpec, plan: RecordPlan, errors: "ErrorConfig | None",
                       totals: Totals) -> dict:
    """What every stage kept as it was, as resolved for this run (the preset's included)."""
    protection = spec.protection()
    preset = spec.preset()
    excluded = dict(preset.exclude) if preset is not None and spec.task_protection else {}
    return {"fields": list(plan.protect_fields), "sql_literals": list(plan.protect_sql),
            "quotes": protection.quotes, "regex": list(protection.regex),
            "learner_tags": list(errors.protect_tags) if errors is not None else [],
            "terms": len(protection.terms), "pair_key": plan.pair_key,
            "excluded_features": excluded,
            "rebuilt_fields": {r.field: r.as_dict() for r in (*plan.rebuild, *plan.joined)},
            **({"spans": [str(label) for label in plan.spans]} if plan.spans else {}),
            **({"key_by_text": list(plan.text_keyed)} if plan.text_keyed else {}),
            "pairs": {"pairs": totals.pairs,
                      "dialect_edits_carried": totals.pair_edits_carried,
                      "dialect_edits_blocked": totals.pair_edits_blocked}
            if plan.pair_key else None}


def learner_summary(texts: Sequence[TextStats], spec: RunSpec, errors: "ErrorConfig",
                    paths: Sequence[str]) -> dict:
    """Target and achieved mean rate, per-text distribution and per-label counts of the
    run, overall and per selected field, and the ERRANT types injected beside the
    profile's shares."""
    from ..io.fields import field_of
    from ..learner.rate import label_distribution, rate_summary

    summary = rate_summary([t.stats for t in texts], spec.error_rate)
    summary["types"] = _type_rates(texts, errors, spec.error_rate)
    by_field: dict[str, list[TextStats]] = {name: [] for name in paths}
    for text in texts:
        by_field.setdefault(field_of(text.path, paths) or text.path, []).append(text)
    summary["fields"] = {}
    for name, members in by_field.items():
        part = rate_summary([t.stats for t in members], spec.error_rate)
        part["types"] = _type_rates(members, errors, spec.error_rate)
        summary["fields"][name] = {k: part[k] for k in (
            "target", "achieved_mean", "within_tolerance", "texts", "edits", "per_label", "types")}
    summary["distribution"] = label_distribution(summary["per_label"], errors)
    return summary


def learner_section(spec: RunSpec, errors: "ErrorConfig", summary: dict | None) -> dict:
    """The manifest's learner section (``summary`` once the run is finished)."""
    profile = errors.profile
    if spec.error_profile:
        described = spec.error_profile
    elif spec.error_level:
        described = f"level {profile.level} (learner/levels/{profile.level}.yaml)"
    else:
        described = "default (learner/default_errors.yaml)"
    return {
        "error_types": list(errors.types),
        "target": spec.error_rate,
        "level": profile.level,
        "profile": described,
        "profile_name": profile.name,
        "boost": errors.boost,
        "boosts": dict(errors.boosts),
        "adjust": dict(errors.adjust),
        "pair_key": spec.pair_key,
        "summary": summary,
        "achieved_mean": summary["achieved_mean"] if summary else None,
        "types": summary["types"] if summary else {t: {"target": None} for t in errors.types},
        "fields": summary["fields"] if summary else None,
    }


def _type_rates(texts: Sequence[TextStats], errors: "ErrorConfig", rate: float) -> dict[str, dict]:
    """Per type: the mean over texts of (edits of that type / unprotected tokens), beside the
    type's share of the target (all of it for a single type, its mix share for several)."""
    from ..learner.profile import LABELS

    measured = [t.stats for t in texts if t.stats.unprotected]
    mix = errors.profile.mix
    share_total = sum(mix[t] for t in errors.types)
    out = {}
    for kind in errors.types:
        achieved = sum(sum(s.per_label.get(l, 0) for l in LABELS[kind]) / s.unprotected
                       for s in measured) / len(measured) if measured else 0.0
        out[kind] = {"target": round(rate * mix[kind] / share_total, 4), "achieved": round(achieved, 4)}
    return out
