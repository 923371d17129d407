"""What the profiles hold and how much of it has rules: the data behind `multivalue dialects`."""
from __future__ import annotations

from ..profiles import Profile, bundled_profiles, catalog, load_profile, multi_profile
from ..engine.accuracy import Measured, measured, silent
from ..engine.registry import registry

DIALECT_COLUMNS = ("abbreviation", "name", "region", "type", "attested", "implemented", "percent_implemented")


def dialect_rows() -> list[dict]:
    """One row per bundled dialect: features attested (A/B/C) and how many have a rule; then
    one for the pseudo-dialect Multi, the union of them all (every implemented feature at
    probability 1, as in the paper's multi-dialect setting)."""
    implemented = set(registry())
    rows, union = [], set()
    for abbr in bundled_profiles():
        profile = load_profile(abbr)
        union.update(profile.features)
        rows.append(_row(abbr, profile.name, profile.meta.get("region", ""),
                         profile.meta.get("variety_type", ""), profile.features, implemented))
    multi = multi_profile()
    rows.append(_row(multi.abbreviation, multi.name, "", "pseudo-dialect", union, implemented))
    return rows


def _row(abbr: str, name: str, region: str, kind: str, features, implemented: set[str]) -> dict:
    attested = len(features)
    have = sum(1 for feature in features if feature in implemented)
    return {
        "abbreviation": abbr,
        "name": name,
        "region": region,
        "type": kind,
        "attested": attested,
        "implemented": have,
        "percent_implemented": round(100 * have / attested, 1) if attested else 0.0,
    }


def feature_rows(profile: Profile) -> list[dict]:
    """Every feature of a profile: eWAVE number, category, rating, probability, implemented,
    whether a profile that extends another set the probability itself (overridden), and what
    blind review measured of its rule (``accuracy``: accepted and reviewed sites; ``silent``:
    why it changed no text of the review pool), None where nothing was measured."""
    cat, rules = catalog(), registry()
    reviewed, quiet = measured(), silent()
    rows = [
        {
            "ewave": cat[name].ewave if name in cat else None,
            "name": name,
            "category": cat[name].category if name in cat else "",
            "rating": profile.ratings.get(name, ""),
            "probability": prob,
            "implemented": name in rules,
            "overridden": name in profile.overrides,
            "accuracy": _review_accuracy(reviewed[name]) if name in reviewed else None,
            "silent": quiet[name].needs if name in quiet and name not in reviewed else None,
        }
        for name, prob in profile.features.items()
    ]
    rows.sort(key=lambda r: (r["ewave"] or 0, r["name"]))
    return rows


def _review_accuracy(entry: Measured) -> dict:
    return {"accepted": entry.accepted, "reviewed": entry.reviewed, "share": round(entry.accuracy, 3),
            "commit": entry.commit, "date": entry.date}


def compare(a: Profile, b: Profile) -> dict:
    """Features both attest, those only one does, and the Manhattan (L1) distance between the
    two probability vectors over all catalogued features (and over implemented ones only)."""
    names = sorted(set(a.features) | set(b.features), key=lambda n: (catalog()[n].ewave, n))
    shared = [n for n in names if a.features.get(n, 0) > 0 and b.features.get(n, 0) > 0]
    only_a = [n for n in names if a.features.get(n, 0) > 0 and b.features.get(n, 0) == 0]
    only_b = [n for n in names if b.features.get(n, 0) > 0 and a.features.get(n, 0) == 0]
    rules = registry()

    def distance(keep) -> float:
        return round(sum(abs(a.features.get(n, 0) - b.features.get(n, 0)) for n in names if keep(n)), 3)

    return {
        "a": a.abbreviation,
        "b": b.abbreviation,
        "shared": shared,
        "only_a": only_a,
        "only_b": only_b,
        "differing_probability": [n for n in shared if a.features[n] != b.features[n]],
        "manhattan_distance": distance(lambda n: True),
        "manhattan_distance_implemented": distance(lambda n: n in rules),
    }
