"""A profile validated by the review: the run's profile with every reviewed feature whose
accuracy is below a threshold turned off (not scaled down: a rule speakers reject at its sites
is as wrong at a lower rate), each with a comment giving its accuracy and n.

The file ``extends`` the profile the run started from: a bundled dialect by abbreviation, or
the run's profile file by its absolute path, when loading that base and the overrides written
here gives exactly the run's profile (so ``--exclude``, ``--density`` and the like carry over
as explicit probabilities). Otherwise (a ``--feature`` selection, a base file since changed) the
features are written out in full. The file is loaded back and checked before it is written.
"""
from __future__ import annotations

import json
import textwrap
from pathlib import Path

import yaml

from ..profiles import Profile, ProfileError, bundled_profiles, load_profile
from ..io.writers import atomic_write_text
from . import ReviewError
from .show import score_text


def write_profile(path: Path, run_profile: dict, result: dict, min_accuracy: float) -> list[str]:
    """Write the validated profile to ``path``; returns the features turned off."""
    expected = dict(run_profile["features"])
    forms = dict(run_profile.get("forms") or {})
    reviewed = {n: f for n, f in result["features"].items() if f["accuracy"] is not None}
    dropped = sorted(n for n, f in reviewed.items() if f["accuracy"] < min_accuracy and n in expected)
    keep = {n: p for n, p in expected.items() if n not in dropped}
    want = (keep, {n: f for n, f in forms.items() if n in keep})
    for base in _bases(run_profile):
        text = _render(path, run_profile, result, min_accuracy, dropped, base, keep, forms)
        if _loads_as(text, path, want):
            try:
                atomic_write_text(path, text)
            except OSError as exc:
                raise ReviewError(f"{path}: cannot write it ({exc.strerror or exc})") from None
            return dropped
    raise ReviewError(f"{path}: the validated profile would not load as intended (a bug)")


def _bases(run_profile: dict) -> list[Profile | None]:
    """Profiles the written one may extend, the most readable first; None: extend nothing."""
    names = []
    abbreviation, source = run_profile.get("abbreviation"), run_profile.get("source")
    if abbreviation in bundled_profiles() or abbreviation == "Multi":
        names.append(abbreviation)
    if source and Path(source).is_file():
        names.append(str(Path(source).resolve()))
    found: list[Profile | None] = []
    for name in names:
        try:
            profile = load_profile(name)
        except ProfileError:
            continue
        profile.path = name  # how the written file names it
        found.append(profile)
    return [*found, None]


def _render(path: Path, run_profile: dict, result: dict, min_accuracy: float, dropped: list[str],
            base: Profile | None, keep: dict[str, float], forms: dict[str, str]) -> str:
    features = result["features"]
    annotators = len(result["annotators"])
    lines = [
        f"# Validated by native-speaker review (multivalue review import): {annotators} annotator(s),",
        f"# {result['items']['counted']} items with at least {result['min_votes']} vote(s); "
        f"transformation accuracy {score_text(result['transformation_accuracy'], 2)}, "
        f"Krippendorff's alpha {score_text(result['alpha'], 2)}.",
        f"# Features judged acceptable in fewer than {min_accuracy:g} of their reviewed instances are off.",
        "abbreviation: " + _scalar(f"{run_profile['abbreviation']}-validated"),
        "name: " + _scalar(f"{run_profile['name']} (validated: accuracy >= {min_accuracy:g})"),
    ]
    if base is not None:
        lines.append("extends: " + _scalar(base.path))
    lines.append("features:")
    runnable = [] if base is None else base.split()[0]
    base_features = {rule.name: p for rule, p in runnable}
    base_forms = {rule.name: rule.form for rule, _ in runnable if rule.form is not None}
    for name in sorted(set(keep) | set(base_features) | set(dropped)):
        if name in dropped:
            f = features[name]
            lines.append(f"  {name}: off  # accuracy {f['accuracy']:.2f} (n={f['n']}) < {min_accuracy:g}")
        elif name not in keep:
            lines.append(f"  {name}: off  # not in the reviewed run's profile")
        elif name not in base_features or keep[name] != base_features[name] \
                or forms.get(name) != base_forms.get(name):
            value = (json.dumps({"probability": keep[name], "form": forms[name]}) if name in forms
                     else repr(keep[name]))
            lines.append(f"  {name}: {value}{_comment(features.get(name))}")
        elif features.get(name, {}).get("accuracy") is not None:
            f = features[name]
            lines.append(f"  # {name}: kept, accuracy {f['accuracy']:.2f} (n={f['n']})")
    unreviewed = sorted(n for n in keep if n not in features or features[n]["accuracy"] is None)
    if unreviewed:
        lines.extend(textwrap.wrap(f"not reviewed (no judged instance): {', '.join(unreviewed)}",
                                   width=96, initial_indent="# ", subsequent_indent="#   ",
                                   break_on_hyphens=False))
    return "\n".join(lines) + "\n"


def _comment(feature: dict | None) -> str:
    if not feature or feature["accuracy"] is None:
        return ""
    return f"  # accuracy {feature['accuracy']:.2f} (n={feature['n']})"


def _scalar(value: str) -> str:
    return yaml.safe_dump(value, default_flow_style=True, width=10_000).strip().removesuffix("\n...")


def _loads_as(text: str, path: Path, want: tuple[dict, dict]) -> bool:
    """Whether ``text``, saved as ``path``, is a profile that runs exactly ``want``."""
    from ..profiles import _load_yaml

    try:
        canonical = _load_yaml(text, str(path)).canonical()
    except ProfileError:
        return False
    return (canonical["features"], canonical["forms"]) == (dict(sorted(want[0].items())),
                                                           dict(sorted(want[1].items())))
