"""What a learner-error profile will inject, for ``multivalue errors [show LEVEL|PROFILE]``."""
from __future__ import annotations

from typing import Any

from .profile import DEFAULT, LEVELS, ErrorProfile, ErrorProfileError, load_error_profile

TOP = 5  # confusions shown per ERRANT type


def resolve(name: str) -> ErrorProfile:
    """A level (A, B, C, N), ``default``, or the path of a YAML error profile."""
    if name.upper() in LEVELS:
        return load_error_profile(level=name)
    if name.lower() == DEFAULT:
        return load_error_profile()
    if not name.endswith((".yaml", ".yml")):
        raise ErrorProfileError(f"{name!r} is neither a level ({', '.join(LEVELS)}), "
                                f"{DEFAULT}, nor a YAML error profile")
    return load_error_profile(name)


def overview() -> list[dict[str, Any]]:
    """One row per bundled profile: name, level, rate, and the shares of the four types."""
    rows = []
    for name in (DEFAULT, *LEVELS):
        profile = resolve(name)
        source = (profile.raw.get("source") or {})
        who = ("learners of levels A, B and C pooled" if name == DEFAULT else
               "native writers (LOCNESS)" if name == "N" else f"learners at CEFR level {name}")
        rows.append({"profile": name, "name": profile.name, "rate": profile.rate, "who": who,
                     "tokens": source.get("tokens"), "edits": source.get("edits"),
                     **{t: round(share, 4) for t, share in profile.mix.items()}})
    return rows


def describe(profile: ErrorProfile, top: int = TOP) -> dict[str, Any]:
    """The shares of every ERRANT type (of all edits), and per type the corpus's commonest
    confusions and what the injector draws for the words it weighs most."""
    shares = sorted(profile.shares().items(), key=lambda kv: (-kv[1], kv[0]))
    rate = profile.rate
    return {
        "name": profile.name,
        "level": profile.level,
        "path": profile.path,
        "description": profile.raw.get("description"),
        "citation": profile.citation,
        "rate": rate,
        "types": [{"label": label, "share": round(share, 4),
                   "per_1000_tokens": round(1000 * rate * share, 2) if rate is not None else None}
                  for label, share in shares],
        "commonest": {label: [{"confusion": pair, "count": n} for pair, n in list(pairs.items())[:top]]
                      for label, pairs in profile.commonest.items()},
        "drawn": _drawn(profile, top),
    }


def _drawn(profile: ErrorProfile, top: int) -> dict[str, list[dict[str, Any]]]:
    """For R:PREP and R:DET: the most error-prone words (by site weight) and what each most
    often becomes."""
    out = {}
    for kind in ("prep", "det"):
        label = f"R:{kind.upper()}"
        table = profile.confusions[kind]
        words = sorted(table, key=lambda w: (-profile.site_weight(label, w), w))[:top]
        out[label] = [{"word": w, "site_weight": profile.site_weight(label, w),
                       "becomes": {alt: round(share, 3) for alt, share in
                                   sorted(table[w].items(), key=lambda kv: -kv[1])[:3]}}
                      for w in words]
    return out
