"""What the profiles hold and how much of it has rules: the data behind `multivalue dialects`."""
from __future__ import annotations

from .profiles import Profile, bundled_profiles, catalog, load_profile
from .registry import registry

DIALECT_COLUMNS = ("abbreviation", "name", "region", "type", "attested", "implemented", "percent_implemented")


def dialect_rows() -> list[dict]:
    """One row per bundled dialect: features attested (A/B/C) and how many have a rule."""
    implemented = set(registry())
    rows = []
    for abbr in bundled_profiles():
        profile = load_profile(abbr)
        attested = len(profile.features)
        have = sum(1 for name in profile.features if name in implemented)
        rows.append({
            "abbreviation": abbr,
            "name": profile.name,
            "region": profile.meta.get("region", ""),
            "type": profile.meta.get("variety_type", ""),
            "attested": attested,
            "implemented": have,
            "percent_implemented": round(100 * have / attested, 1) if attested else 0.0,
        })
    return rows


def feature_rows(profile: Profile) -> list[dict]:
    """Every feature of a profile: eWAVE number, category, rating, probability, implemented."""
    cat, rules = catalog(), registry()
    rows = [
        {
            "ewave": cat[name].ewave if name in cat else None,
            "name": name,
            "category": cat[name].category if name in cat else "",
            "rating": profile.ratings.get(name, ""),
            "probability": prob,
            "implemented": name in rules,
        }
        for name, prob in profile.features.items()
    ]
    rows.sort(key=lambda r: (r["ewave"] or 0, r["name"]))
    return rows


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
