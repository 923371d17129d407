"""Dialect profiles: which features fire, with what probability.

A profile is YAML (``dialects/IndE.yaml``): ``abbreviation``, ``name``, citation fields and
``features: {name: {ewave, rating, probability}}``, where a rule with variety-specific forms
also has ``form`` (``future_sub_gon: {probability: 1.0, form: going}``); a user profile may also
say ``extends: IndE``, override a feature with a number (its probability, the form staying),
a mapping or ``off``, and scale the probabilities it inherits with ``density`` (the ones it
sets itself are kept as written; a profile that extends none has all of them scaled). Names
are validated against the feature catalogue (the 190 features of
``multivalue_cli/data/features.tsv``; old names of renamed features are still accepted); a
catalogued feature without a rule yet is kept in the profile and reported, never silently
dropped.
"""
from __future__ import annotations

import difflib
import hashlib
import json
import math
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterable, Mapping, Sequence

import yaml

from .dialect_names import find_dialect
from .engine.catalog import CatalogEntry, catalog  # noqa: F401 - the catalogue, for profiles' callers
from .errors import MultivalueError
from .io.yamltext import safe_load


class ProfileError(MultivalueError, ValueError):
    """A profile or feature selection that cannot be used; the message says where and why."""


# Old rule names -> current ones: profiles, manifests and edit logs written with an old name
# still load (features.tsv misspelt feature 202).
RENAMED_FEATURES = {"for_to_pupose": "for_to_purpose"}


# features.tsv names eWAVE 129 (irregular pasts levelled to the base form) and 132 (zero past
# of regular verbs) both bare_past_tense; here they are two rules, 132 under its own name.
NAMES_BY_NUMBER = {132: "zero_past_regular"}

# Forms a rule rendered before it was split, with what to write instead.
RETIRED_FORMS = {
    "bare_past_tense": "bare_past_tense is now eWAVE 129 alone (irregular verbs); list "
                       "zero_past_regular for eWAVE 132 (regular -ed verbs) instead of a form",
}


def current_name(name: str) -> str:
    """The current name of a feature that may be written with an old one."""
    return RENAMED_FEATURES.get(name, name)


def catalog_entry(name: str) -> CatalogEntry | None:
    """The catalogued feature of this name (or of its old name), if any."""
    return catalog().get(current_name(name))


@dataclass
class Profile:
    """A dialect: every attested feature with its probability (with or without a rule yet)."""

    abbreviation: str
    name: str
    features: dict[str, float]
    meta: dict = field(default_factory=dict)
    path: str | None = None
    ratings: dict[str, str] = field(default_factory=dict)  # eWAVE rating (A/B/C) where known
    forms: dict[str, str] = field(default_factory=dict)  # variety-specific form, by feature
    # features whose probability a profile that extends another sets itself (not its rating's)
    overrides: frozenset[str] = frozenset()
    # what --min-accuracy left out: {min_accuracy, include_unmeasured, left_out: {rule: why}}
    accuracy_filter: dict | None = None

    def _replace(self, features: dict[str, float]) -> "Profile":
        forms = {k: v for k, v in self.forms.items() if k in features}
        return Profile(self.abbreviation, self.name, features, self.meta, self.path, self.ratings,
                       forms, self.overrides & set(features), self.accuracy_filter)

    def with_density(self, density: float, where: str = "", keep: Iterable[str] = ()) -> "Profile":
        """Every probability times ``density`` (at most 1), those of ``keep`` apart; ``where``
        is the file that gives the number, if one does (an error names it)."""
        _check_probability(density, "density", where, upper=None)
        kept = set(keep)
        return self._replace({k: p if k in kept else min(1.0, p * density)
                              for k, p in self.features.items()})

    def select(self, only: Iterable[str] = (), exclude: Iterable[str] = ()) -> "Profile":
        only_names = [resolve_feature_name(f, "--only") for f in only]
        exclude_names = {resolve_feature_name(f, "--exclude") for f in exclude}
        features = {
            k: p for k, p in self.features.items()
            if (not only_names or k in only_names) and k not in exclude_names
        }
        return self._replace(features)

    def measured_at_least(self, min_accuracy: float, include_unmeasured: bool = False) -> "Profile":
        """Without the rules whose blind review measured them below ``min_accuracy``, nor
        (unless ``include_unmeasured``) those never reviewed (:mod:`.engine.accuracy`)."""
        from .engine.accuracy import left_out
        from .engine.registry import registry

        _check_probability(min_accuracy, "--min-accuracy", "")
        rules = registry()
        dropped = left_out([n for n, p in self.features.items() if n in rules and p > 0],
                           min_accuracy, include_unmeasured)
        profile = self._replace({k: p for k, p in self.features.items() if k not in dropped})
        profile.accuracy_filter = {"min_accuracy": min_accuracy, "include_unmeasured": include_unmeasured,
                                   "left_out": dropped}
        return profile

    def split(self) -> tuple[list[tuple["Rule", float]], list[str]]:  # noqa: F821
        """``(rules to run with their probability, names of features with no rule yet)``,
        rules in eWAVE order."""
        from .engine.registry import registry

        rules = registry()
        runnable = [(rules[n].with_form(self.forms.get(n)), p)
                    for n, p in self.features.items() if n in rules and p > 0]
        runnable.sort(key=lambda rp: (rp[0].ewave, rp[0].name))
        missing = sorted(n for n, p in self.features.items() if n not in rules and p > 0)
        return runnable, missing

    def canonical(self) -> dict:
        """The profile as it runs: the features that have a rule, with their probabilities,
        and a hash of them. Written into the output manifest; a run can be reproduced from it
        alone (:func:`profile_from_canonical`), whatever the profile files say later."""
        runnable, missing = self.split()
        ordered = sorted(runnable, key=lambda rp: rp[0].name)
        features = {rule.name: prob for rule, prob in ordered}
        forms = {rule.name: rule.form for rule, _ in ordered if rule.form is not None}
        return {
            "abbreviation": self.abbreviation,
            "name": self.name,
            "source": self.path,
            "features": features,
            "forms": forms,
            "features_without_rule": missing,
            "hash": profile_hash(features, forms),
            **({"accuracy_filter": self.accuracy_filter} if self.accuracy_filter is not None else {}),
        }


def profile_hash(features: Mapping[str, float], forms: Mapping[str, str] | None = None) -> str:
    """A hash of what decides a run's output: each feature's probability and, for rules with
    variety-specific forms, the form they render."""
    data: dict = dict(sorted(features.items()))
    if forms:  # profiles without such rules keep the hash of their probabilities alone
        data = {"features": data, "forms": dict(sorted(forms.items()))}
    payload = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(payload.encode()).hexdigest()


def profile_from_canonical(data: Mapping) -> Profile:
    """The profile of a manifest's ``profile`` entry (see :meth:`Profile.canonical`)."""
    try:
        features = {str(k): _check_probability(v, f"features.{k}", "manifest profile")
                    for k, v in dict(data["features"]).items()}
        forms = {str(k): str(v) for k, v in dict(data.get("forms") or {}).items()}
        abbreviation, name, expected = str(data["abbreviation"]), str(data["name"]), data["hash"]
    except (KeyError, TypeError, ValueError) as exc:
        raise ProfileError(f"manifest profile: missing or malformed entry ({exc})") from None
    if profile_hash(features, forms) != expected:
        raise ProfileError("manifest profile: its features do not match its hash (was it edited?)")
    features = {current_name(k): v for k, v in features.items()}
    forms = {current_name(k): v for k, v in forms.items()}
    for feature in features:
        _names_for(feature, "manifest profile")
    for feature, form in forms.items():
        _check_form(feature, form, "manifest profile", f"forms.{feature}")
    return Profile(abbreviation, name, features, {"source": "manifest"}, data.get("source"),
                   forms=forms, accuracy_filter=data.get("accuracy_filter"))


# --------------------------------------------------------------------------- look-up


def bundled_profiles() -> dict[str, resources.abc.Traversable]:
    """The shipped profiles by abbreviation."""
    folder = resources.files("multivalue_cli.dialects")
    return {
        p.name[: -len(".yaml")]: p
        for p in sorted(folder.iterdir(), key=lambda p: p.name)
        if p.name.endswith(".yaml")
    }


def load_profile(spec: str, _seen: frozenset[str] = frozenset()) -> Profile:
    """A profile by abbreviation (``IndE``), name (``"Indian English"``, ``Singlish``, any
    case; see :mod:`.dialect_names`), the pseudo-dialect ``Multi``, or the path of a YAML file."""
    if spec.lower() == "multi":
        return multi_profile()
    path = Path(spec)
    if spec.endswith((".yaml", ".yml")) or path.is_file():
        if not path.is_file():
            raise ProfileError(f"{spec}: no such profile file")
        return _load_yaml(path.read_text("utf-8"), str(path), _seen)
    bundled = bundled_profiles()
    names = {abbr: _profile_name(t) for abbr, t in bundled.items()}
    match = find_dialect(spec, {**names, "Multi": "Multi"})
    if match.abbreviation == "Multi":
        return multi_profile()
    abbr = match.abbreviation
    if abbr is None:
        shown = [c if c == "Multi" else f"{c} ({names[c]})" for c in match.candidates]
        problem = (f"{spec!r} fits several dialects" if match.ambiguous
                   else f"unknown dialect {spec!r}")
        raise ProfileError(
            problem + (f"; did you mean {', '.join(shown)}?" if shown else "")
            + " (`multivalue dialects` lists them; a path to a .yaml profile also works)"
        )
    return _load_yaml(bundled[abbr].read_text("utf-8"), f"dialects/{abbr}.yaml", _seen)


ALL_DIALECTS = "all"  # in a list of dialects: every bundled profile (not Multi)


def load_profile_list(names: Sequence[str]) -> tuple[list[Profile], list[int], list[str]]:
    """The profiles a list of dialect names asks for (``all``: every bundled profile, the
    eWAVE varieties), each once: ``(profiles, which name gave each, notes)``. A profile named
    twice, or by its abbreviation and its name, counts once (with a note); two different
    profiles with one abbreviation (a YAML profile's, say) are refused: the abbreviation names
    the profile's output."""
    profiles: list[Profile] = []
    sources: list[int] = []
    notes: list[str] = []
    first: dict[str, tuple[str, str]] = {}  # abbreviation -> (name that gave it, hash)
    for position, name in enumerate(names):
        every = name.strip().lower() == ALL_DIALECTS
        for profile in ([load_profile(abbr) for abbr in bundled_profiles()] if every else [load_profile(name)]):
            abbr, digest = profile.abbreviation, profile.canonical()["hash"]
            if abbr in first:
                earlier, earlier_hash = first[abbr]
                if earlier_hash != digest:
                    raise ProfileError(f"{name} and {earlier} are two profiles with the abbreviation "
                                       f"{abbr}, which names a dialect's output; give one of them "
                                       "another abbreviation")
                if not every or earlier.lower() != ALL_DIALECTS:
                    named = f"{abbr} (in {name})" if every else name if name == abbr else f"{name} ({abbr})"
                    notes.append(f"note: {named} is already listed"
                                 + ("" if earlier == abbr else f" as {earlier}") + "; counted once")
                continue
            first[abbr] = (name, digest)
            profiles.append(profile)
            sources.append(position)
    return profiles, sources, notes


@lru_cache(maxsize=None)
def _profile_name(traversable) -> str:
    for line in traversable.read_text("utf-8").splitlines():
        if line.startswith("name:"):
            return line.split(":", 1)[1].strip().strip("'\"")
    return ""


def multi_profile() -> Profile:
    """Every implemented feature at probability 1.0 (the paper's multi-dialect setting)."""
    from .engine.registry import registry

    return Profile(
        "Multi",
        "Multi (union of all implemented features)",
        {name: 1.0 for name in sorted(registry())},
        {"source": "every implemented rule, probability 1.0"},
    )


def profile_from_features(features: Iterable[str | int] | Mapping[str | int, float]) -> Profile:
    """A profile from feature names or eWAVE numbers (probability 1.0), or a name -> probability map."""
    items = features.items() if isinstance(features, Mapping) else ((f, 1.0) for f in features)
    chosen: dict[str, float] = {}
    for feat, prob in items:
        for name in _names_for(feat, "features"):
            chosen[name] = _check_probability(prob, f"features.{name}", "features")
    return Profile("custom", "custom feature selection", chosen, {})


def resolve_profile(
    dialect: str | Profile | None = None,
    features: Iterable[str | int] | Mapping[str | int, float] | None = None,
    *,
    only: Sequence[str] = (),
    exclude: Sequence[str] = (),
    density: float | None = None,
    required: bool = True,
    min_accuracy: float | None = None,
    include_unmeasured: bool = False,
) -> Profile | None:
    """The profile the options name: a dialect (a :class:`Profile`, or an abbreviation, name
    or YAML path) or a list of features, with only some of its features, without others, at
    another density, or without the rules measured below ``min_accuracy`` (and, unless
    ``include_unmeasured``, the unmeasured ones). None when nothing is named and nothing is
    ``required``."""
    if dialect is not None and features is not None:
        raise ValueError("give either a dialect or a list of features, not both")
    if isinstance(dialect, Profile):
        profile = dialect
    elif dialect is not None:
        profile = load_profile(dialect)
    elif features is not None:
        profile = profile_from_features(features)
    elif required:
        raise ValueError("give a dialect (abbreviation, name or YAML path), features, or errors")
    else:
        return None
    if only or exclude:
        profile = profile.select(only, exclude)
    if density is not None:
        profile = profile.with_density(density)
    if min_accuracy is not None:
        profile = profile.measured_at_least(min_accuracy, include_unmeasured)
    return profile


def resolve_feature_name(feature: str | int, where: str) -> str:
    names = _names_for(feature, where)
    return names[0]


def _names_for(feature: str | int, where: str) -> list[str]:
    cat = catalog()
    if isinstance(feature, int) or str(feature).isdigit():
        from .engine.registry import registry

        number = int(feature)
        names = [n for n, e in cat.items() if e.ewave == number]
        implemented = [n for n in names if n in registry()]
        if not names:
            raise ProfileError(f"{where}: no catalogued feature has eWAVE number {number}")
        return implemented or names
    feature = current_name(str(feature))
    if feature not in cat:
        raise ProfileError(f"{where}: unknown feature {feature!r}{_no_such_feature(str(feature))}")
    return [feature]


def did_you_mean(name: str, choices: Iterable[str], otherwise: str = "", n: int = 3) -> str:
    """The end of an error message about an unknown ``name``: ``"; did you mean a, b?"`` with
    the (at most ``n``) ``choices`` spelled most like it, else ``otherwise``."""
    close = difflib.get_close_matches(name, list(choices), n=n, cutoff=0.6)
    return f"; did you mean {', '.join(close)}?" if close else otherwise


def _no_such_feature(name: str) -> str:
    return did_you_mean(name, catalog(), " (`multivalue features` lists them)")


def _check_probability(value: object, key: str, where: str, upper: float | None = 1.0) -> float:
    """``value`` as a float, or an error naming ``where`` (a file; "" for an argument) and ``key``."""
    allowed = "[0, 1]" if upper is not None else ">= 0"
    at = f"{where}: {key}" if where else key
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ProfileError(f"{at}: expected a number {'in ' if upper else ''}{allowed}, got {value!r}")
    if not math.isfinite(value):
        raise ProfileError(f"{at}: {value!r} is not a finite number; expected a number "
                           f"{'in ' if upper else ''}{allowed}")
    if value < 0 or (upper is not None and value > upper):
        raise ProfileError(f"{at}: {value} is outside {allowed}")
    return float(value)


def _load_yaml(text: str, where: str, seen: frozenset[str] = frozenset()) -> Profile:
    try:
        data = safe_load(text)
    except yaml.YAMLError as exc:
        raise ProfileError(f"{where}: not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise ProfileError(f"{where}: a profile is a mapping with a 'features' key")
    allowed = {"abbreviation", "name", "region", "variety_type", "source", "citation",
               "license", "features", "unimplemented", "extends", "density", "description"}
    for key in data:
        if key not in allowed:
            raise ProfileError(f"{where}: unknown key {key!r}; allowed: {', '.join(sorted(allowed))}")
    features: dict[str, float] = {}
    ratings: dict[str, str] = {}
    forms: dict[str, str] = {}
    meta = {k: v for k, v in data.items()
            if k not in ("features", "unimplemented", "extends", "density")}
    if "extends" in data:
        if where in seen:
            raise ProfileError(f"{where}: extends: the chain of 'extends' loops back to itself")
        try:
            base = load_profile(str(data["extends"]), seen | {where})
        except ProfileError as exc:
            if "loops back" in str(exc):
                raise
            raise ProfileError(f"{where}: extends: {exc}") from None
        features.update(base.features)
        ratings.update(base.ratings)
        forms.update(base.forms)
        meta = {**base.meta, **meta, "extends": base.abbreviation}
    own: set[str] = set()
    for section in ("features", "unimplemented"):
        raw = data.get(section) or {}
        if not isinstance(raw, dict):
            raise ProfileError(f"{where}: '{section}' must be a mapping of feature name to probability")
        for name, value in raw.items():
            own.add(_read_feature(where, f"{section}.{name}", name, value, features, ratings, forms))
    extends = "extends" in data
    overrides = (base.overrides | own) & set(features) if extends else frozenset()
    profile = Profile(
        abbreviation=str(data.get("abbreviation") or Path(where).stem),
        name=str(data.get("name") or data.get("abbreviation") or Path(where).stem),
        features=features,
        meta=meta,
        path=where,
        ratings=ratings,
        forms=forms,
        overrides=frozenset(overrides),
    )
    if "density" in data:  # the inherited probabilities: what this file sets is what it asks for
        profile = profile.with_density(data["density"], where, keep=own if extends else ())
    return profile


def _read_feature(where: str, key: str, name: str, value: object, features: dict[str, float],
                  ratings: dict[str, str], forms: dict[str, str]) -> str:
    """Read one ``name: probability`` / ``name: {rating, probability, form}`` / ``name: off``
    entry; return the feature's (current) name. A plain probability keeps the form an extended
    profile gave the feature."""
    name = current_name(str(name))
    if name not in catalog():
        raise ProfileError(f"{where}: {key}: unknown feature{_no_such_feature(str(name))}")
    if value is False or value == "off":
        features.pop(name, None)
        forms.pop(name, None)
        return name
    if isinstance(value, dict):
        features[name] = _check_probability(value.get("probability"), f"{key}.probability", where)
        if value.get("rating") in ("A", "B", "C"):
            ratings[name] = value["rating"]
        if "form" in value:
            forms[name] = _check_form(name, value["form"], where, f"{key}.form")
    else:
        features[name] = _check_probability(value, key, where)  # the eWAVE rating stays shown
    return name


def _check_form(feature: str, form: object, where: str, key: str) -> str:
    """``form`` must be one of the forms the feature's rule renders."""
    from .engine.registry import registry

    rule = registry().get(feature)
    names = [f.name for f in rule.forms] if rule is not None else []
    if not names:
        hint = f" ({RETIRED_FORMS[feature]})" if feature in RETIRED_FORMS else ""
        raise ProfileError(f"{where}: {key}: {feature} has no variety-specific forms{hint}")
    if form not in names:
        raise ProfileError(f"{where}: {key}: unknown form {form!r}; {feature} renders "
                           f"{', '.join(names)}")
    return str(form)
