"""The learner-error profile: how a target is split between types, operations and subtypes.

A profile is YAML with the sections of ``default_errors.yaml`` (``mix``, ``operations``,
``spelling``, ``confusions``). A user profile may give only some sections, or only some keys
of a section's sub-maps: what it leaves out is taken from the default. Shares are
non-negative and are normalised here, so ``{det: 3, prep: 1}`` means 75% / 25%.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

import yaml

TYPES = ("det", "prep", "verb", "spell")
LABELS: dict[str, tuple[str, ...]] = {
    "det": ("M:DET", "U:DET", "R:DET"),
    "prep": ("R:PREP", "M:PREP", "U:PREP"),
    "verb": ("R:VERB:TENSE", "R:VERB:FORM", "R:VERB:SVA"),
    "spell": ("R:SPELL",),
}
SPELLING_KINDS = ("substitution", "keyboard", "deletion", "insertion", "transposition", "real_word")
CONFUSION_SETS = ("prep", "det")


class ErrorProfileError(ValueError):
    """A learner-error profile that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class ErrorProfile:
    """A validated profile. All share maps are normalised to sum to 1."""

    name: str
    mix: dict[str, float]
    operations: dict[str, dict[str, float]]
    spelling: dict[str, float]
    confusions: dict[str, dict[str, tuple[str, ...]]]
    unnecessary_prep: tuple[str, ...]
    path: str | None = None
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    def as_dict(self) -> dict:
        """The fully resolved profile, for the run manifest."""
        return {
            "name": self.name,
            "path": self.path,
            "mix": dict(self.mix),
            "operations": {t: dict(ops) for t, ops in self.operations.items()},
            "spelling": dict(self.spelling),
            "confusions": {k: {w: list(v) for w, v in m.items()} for k, m in self.confusions.items()},
            "unnecessary_prep": list(self.unnecessary_prep),
        }


def load_error_profile(path: str | Path | None = None) -> ErrorProfile:
    """Load ``path`` (a YAML file) over the bundled default; ``None`` gives the default."""
    default = _read_default()
    if path is None:
        return _build(default, name=default.get("name", "learner-default"), path=None)
    path = Path(path)
    try:
        user = yaml.safe_load(path.read_text("utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ErrorProfileError(f"{path}: cannot read error profile: {exc}") from None
    if not isinstance(user, dict):
        raise ErrorProfileError(f"{path}: an error profile is a mapping of sections")
    merged = _merge(default, user, where=str(path))
    return _build(merged, name=str(user.get("name", path.stem)), path=str(path))


def _read_default() -> dict:
    text = resources.files("multivalue_cli.learner").joinpath("default_errors.yaml").read_text("utf-8")
    return yaml.safe_load(text)


SECTIONS = ("name", "version", "description", "mix", "operations", "spelling", "confusions")


def _merge(default: dict, user: dict, where: str) -> dict:
    unknown = [k for k in user if k not in SECTIONS]
    if unknown:
        raise ErrorProfileError(f"{where}: unknown section {unknown[0]!r}{_suggest(unknown[0], SECTIONS)}")
    merged = {k: v for k, v in default.items()}
    for section in ("mix", "spelling"):
        if section in user:
            merged[section] = _mapping(user[section], f"{where}: {section}")
    for section in ("operations", "confusions"):
        if section in user:
            override = _mapping(user[section], f"{where}: {section}")
            merged[section] = {**default[section], **override}
    return merged


def _build(data: dict, name: str, path: str | None) -> ErrorProfile:
    where = path or "default error profile"
    mix = _shares(data.get("mix"), TYPES, f"{where}: mix")
    operations = {}
    ops_section = _mapping(data.get("operations"), f"{where}: operations")
    for type_ in TYPES:
        operations[type_] = _shares(ops_section.get(type_), LABELS[type_], f"{where}: operations.{type_}")
    unknown = [k for k in ops_section if k not in TYPES]
    if unknown:
        raise ErrorProfileError(f"{where}: operations: unknown type {unknown[0]!r}{_suggest(unknown[0], TYPES)}")
    spelling = _shares(data.get("spelling"), SPELLING_KINDS, f"{where}: spelling")
    conf_section = _mapping(data.get("confusions"), f"{where}: confusions")
    confusions = {}
    for kind in CONFUSION_SETS:
        table = _mapping(conf_section.get(kind), f"{where}: confusions.{kind}")
        if any(isinstance(word, bool) for word in table):
            raise ErrorProfileError(f"{where}: confusions.{kind}: a key was read as true/false; quote it (\"on\")")
        confusions[kind] = {
            str(word).lower(): _words(alts, f"{where}: confusions.{kind}.{word}")
            for word, alts in table.items()
        }
    extra = _words(conf_section.get("unnecessary_prep", []), f"{where}: confusions.unnecessary_prep")
    return ErrorProfile(name, mix, operations, spelling, confusions, extra, path, data)


def _mapping(value: Any, where: str) -> dict:
    if not isinstance(value, Mapping):
        raise ErrorProfileError(f"{where}: expected a mapping, got {type(value).__name__}")
    return dict(value)


def _shares(value: Any, allowed: tuple[str, ...], where: str) -> dict[str, float]:
    """Validate a map of shares over ``allowed`` keys and normalise it to sum to 1."""
    table = _mapping(value, where)
    shares: dict[str, float] = {}
    for key, share in table.items():
        if key not in allowed:
            raise ErrorProfileError(f"{where}: unknown key {key!r}{_suggest(str(key), allowed)}")
        if isinstance(share, bool) or not isinstance(share, (int, float)) or share < 0:
            raise ErrorProfileError(f"{where}.{key}: a share is a number >= 0, got {share!r}")
        shares[key] = float(share)
    total = sum(shares.values())
    if total <= 0:
        raise ErrorProfileError(f"{where}: the shares must not all be zero")
    return {key: shares.get(key, 0.0) / total for key in allowed}


def _words(value: Any, where: str) -> tuple[str, ...]:
    if isinstance(value, (list, tuple)) and any(isinstance(w, bool) for w in value):
        raise ErrorProfileError(f"{where}: a word was read as true/false; quote it (\"on\", \"no\")")
    if not isinstance(value, (list, tuple)) or not all(isinstance(w, str) and w.strip() for w in value):
        raise ErrorProfileError(f"{where}: expected a list of words")
    return tuple(w.strip().lower() for w in value)


def _suggest(name: str, choices: tuple[str, ...] | list[str]) -> str:
    close = difflib.get_close_matches(name, list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else f" (expected one of {', '.join(choices)})"
