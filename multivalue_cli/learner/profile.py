"""The learner-error profile: how a target is split between types, operations and subtypes,
and which words learners confuse, leave out and add.

A profile is YAML with the sections of ``default_errors.yaml``. The bundled ones are
generated from the W&I+LOCNESS statistics by ``scripts/make_error_profiles.py``: the default
(learners of every level pooled) and one per CEFR level in ``levels/`` (A, B, C, and N for
native writers), each with its own ``rate``. A user profile may give only some sections, or
only some keys of a section's sub-maps; what it leaves out is taken from the profile it
``extends:`` (a level, or the default). Shares are non-negative and are normalised here, so
``{det: 3, prep: 1}`` means 75% / 25%; a confusion set may be a list (equally likely) or a map
of weights.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any, Mapping

import yaml

from ..errors import MultivalueError
from ..io.yamltext import safe_load
from ..profiles import did_you_mean

TYPES = ("det", "prep", "verb", "spell")
LABELS: dict[str, tuple[str, ...]] = {
    "det": ("M:DET", "U:DET", "R:DET"),
    "prep": ("R:PREP", "M:PREP", "U:PREP"),
    "verb": ("R:VERB:TENSE", "R:VERB:FORM", "R:VERB:SVA", "M:VERB:TENSE", "U:VERB:TENSE",
             "M:VERB:FORM", "U:VERB:FORM"),
    "spell": ("R:SPELL",),
}
ALL_LABELS = tuple(label for labels in LABELS.values() for label in labels)
SPELLING_KINDS = ("substitution", "keyboard", "deletion", "insertion", "transposition", "real_word")
CONFUSION_SETS = ("prep", "det")
LEVELS = ("A", "B", "C", "N")
DEFAULT = "default"

Weights = dict[str, float]


class ErrorProfileError(MultivalueError, ValueError):
    """A learner-error profile that cannot be used; the message says where and why."""


@dataclass(frozen=True)
class ErrorProfile:
    """A validated profile. Share maps are normalised to sum to 1; ``sites`` weigh a word's
    chance of carrying an error of a label where it occurs (a word not listed weighs 1)."""

    name: str
    mix: dict[str, float]
    operations: dict[str, dict[str, float]]
    spelling: dict[str, float]
    confusions: dict[str, dict[str, Weights]]  # prep/det: clean word -> {replacement: share}
    unnecessary: dict[str, Weights]  # prep/det: word a learner adds -> share
    sites: dict[str, Weights] = field(default_factory=dict)  # label -> word -> weight
    level: str | None = None
    rate: float | None = None  # the level's own rate of these error types, per token
    commonest: dict[str, dict[str, int]] = field(default_factory=dict)  # label -> "a -> b": count
    citation: str | None = None
    path: str | None = None
    raw: dict = field(default_factory=dict, compare=False, repr=False)

    def fingerprint(self) -> str:
        """A digest of everything that decides which edits the profile offers and how they
        are weighed (what a text's learner candidates depend on)."""
        return self._fingerprint

    @cached_property
    def _fingerprint(self) -> str:
        content = [self.mix, self.operations, self.spelling, self.confusions, self.unnecessary, self.sites]
        return hashlib.blake2b(json.dumps(content, sort_keys=True).encode(), digest_size=16).hexdigest()

    def shares(self) -> dict[str, float]:
        """Each ERRANT type's share of all edits (mix x operation share), for the types with
        a share."""
        return {label: self.mix[t] * ops[label] for t, ops in self.operations.items()
                for label in ops if self.mix[t] * ops[label] > 0}

    def site_weight(self, label: str, word: str) -> float:
        return self.sites.get(label, {}).get(word, 1.0)

    def as_dict(self) -> dict:
        """The fully resolved profile, for the run manifest."""
        return {
            "name": self.name,
            "level": self.level,
            "rate": self.rate,
            "path": self.path,
            "mix": dict(self.mix),
            "operations": {t: dict(ops) for t, ops in self.operations.items()},
            "spelling": dict(self.spelling),
            "confusions": {k: {w: dict(v) for w, v in m.items()} for k, m in self.confusions.items()},
            "unnecessary": {k: dict(v) for k, v in self.unnecessary.items()},
            "sites": {k: dict(v) for k, v in self.sites.items()},
            "citation": self.citation,
        }


def load_error_profile(path: str | Path | None = None, level: str | None = None) -> ErrorProfile:
    """The bundled profile of ``level`` (A, B, C, N; None: the default), with the YAML file
    ``path`` over it if given (a file's own ``extends:`` names its base instead)."""
    base_name = _level_name(level) if level is not None else DEFAULT
    if path is None:
        data = bundled(base_name)
        return _build(data, name=data.get("name", base_name), path=None)
    path = Path(path)
    try:
        user = safe_load(path.read_text("utf-8")) or {}
    except (OSError, yaml.YAMLError) as exc:
        raise ErrorProfileError(f"{path}: cannot read error profile: {exc}") from None
    if not isinstance(user, dict):
        raise ErrorProfileError(f"{path}: an error profile is a mapping of sections")
    if "extends" in user:
        base_name = _level_name(str(user["extends"]), where=f"{path}: extends")
    merged = _overlay(bundled(base_name), user, where=str(path))
    return _build(merged, name=str(user.get("name", path.stem)), path=str(path))


def _level_name(level: str, where: str = "error level") -> str:
    name = str(level).strip()
    if name.upper() in LEVELS:
        return name.upper()
    if name.lower() == DEFAULT:
        return DEFAULT
    raise ErrorProfileError(f"{where}: unknown level {level!r} (expected one of {', '.join(LEVELS)} "
                            f"or {DEFAULT})")


def bundled(name: str) -> dict:
    """The raw YAML of a bundled profile: ``default`` or a level."""
    folder = resources.files("multivalue_cli.learner")
    source = folder.joinpath("default_errors.yaml" if name == DEFAULT else f"levels/{name}.yaml")
    return safe_load(source.read_text("utf-8"))


SECTIONS = ("name", "version", "description", "extends", "level", "rate", "citation", "source",
            "mix", "operations", "spelling", "confusions", "sites", "unnecessary", "commonest")
MERGED_SECTIONS = ("operations", "confusions", "sites", "unnecessary")  # merged by key
WORD_TABLES = ("confusions", "sites")  # ... and their tables by word


def _overlay(base: dict, user: dict, where: str) -> dict:
    """A user profile's sections over its base's: the merged sections key by key (and their
    word tables word by word), the others whole."""
    unknown = [k for k in user if k not in SECTIONS]
    if unknown:
        raise ErrorProfileError(f"{where}: unknown section {unknown[0]!r}{_unknown(unknown[0], SECTIONS)}")
    merged = dict(base)
    for section, value in user.items():
        if section in MERGED_SECTIONS:
            override = _mapping(value, f"{where}: {section}")
            old = base.get(section) or {}
            if section in WORD_TABLES:
                override = {k: {**(old.get(k) or {}), **_mapping(v, f"{where}: {section}.{k}")}
                            if isinstance(old.get(k), Mapping) and isinstance(v, Mapping) else v
                            for k, v in override.items()}
            merged[section] = {**old, **override}
        elif section != "extends":
            merged[section] = value
    return merged


def _build(data: dict, name: str, path: str | None) -> ErrorProfile:
    where = path or f"bundled error profile {name}"
    mix = _normalised_shares(data.get("mix"), TYPES, f"{where}: mix")
    operations = {}
    ops_section = _mapping(data.get("operations"), f"{where}: operations")
    for type_ in TYPES:
        operations[type_] = _normalised_shares(ops_section.get(type_), LABELS[type_], f"{where}: operations.{type_}")
    unknown = [k for k in ops_section if k not in TYPES]
    if unknown:
        raise ErrorProfileError(f"{where}: operations: unknown type {unknown[0]!r}{_unknown(unknown[0], TYPES)}")
    spelling = _normalised_shares(data.get("spelling"), SPELLING_KINDS, f"{where}: spelling")
    conf_section = _mapping(data.get("confusions"), f"{where}: confusions")
    confusions = {}
    for kind in CONFUSION_SETS:
        table = _mapping(conf_section.get(kind, {}), f"{where}: confusions.{kind}")
        _no_booleans(table, f"{where}: confusions.{kind}")
        confusions[kind] = {str(word).lower(): _weights(alts, f"{where}: confusions.{kind}.{word}")
                            for word, alts in table.items()}
    unnecessary = {}
    extra = _mapping(data.get("unnecessary") or {}, f"{where}: unnecessary")
    if "unnecessary_prep" in conf_section:  # the older place of the prepositions learners add
        extra = {"prep": conf_section["unnecessary_prep"], **extra}
    for kind in CONFUSION_SETS:
        unnecessary[kind] = _weights(extra.get(kind, []), f"{where}: unnecessary.{kind}", empty=True)
    sites = {}
    for label, table in _mapping(data.get("sites") or {}, f"{where}: sites").items():
        if label not in ALL_LABELS:
            raise ErrorProfileError(f"{where}: sites: unknown ERRANT type {label!r}{_unknown(str(label), ALL_LABELS)}")
        table = _mapping(table, f"{where}: sites.{label}")
        _no_booleans(table, f"{where}: sites.{label}")
        sites[label] = {str(w).lower(): _non_negative(v, f"{where}: sites.{label}.{w}") for w, v in table.items()}
    rate = data.get("rate")
    if rate is not None and (isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 <= rate <= 1):
        raise ErrorProfileError(f"{where}: rate: a number between 0 and 1, got {rate!r}")
    return ErrorProfile(name, mix, operations, spelling, confusions, unnecessary, sites,
                        level=data.get("level"), rate=float(rate) if rate is not None else None,
                        commonest=dict(data.get("commonest") or {}), citation=data.get("citation"),
                        path=path, raw=data)


def _mapping(value: Any, where: str) -> dict:
    if not isinstance(value, Mapping):
        raise ErrorProfileError(f"{where}: expected a mapping, got {type(value).__name__}")
    return dict(value)


def _no_booleans(table: dict, where: str) -> None:
    if any(isinstance(word, bool) for word in table):
        raise ErrorProfileError(f"{where}: a key was read as true/false; quote it (\"on\")")


def _non_negative(value: Any, where: str) -> float:
    if not _finite_non_negative(value):
        raise ErrorProfileError(f"{where}: a weight is a finite number >= 0, got {value!r}")
    return float(value)


def _finite_non_negative(value: Any) -> bool:
    """A number >= 0 (not true/false, not NaN, not an infinity)."""
    return not isinstance(value, bool) and isinstance(value, (int, float)) and math.isfinite(value) and value >= 0


def _normalised_shares(value: Any, allowed: tuple[str, ...], where: str) -> dict[str, float]:
    """Validate a map of shares over ``allowed`` keys and normalise it to sum to 1."""
    table = _mapping(value, where)
    shares: dict[str, float] = {}
    for key, share in table.items():
        if key not in allowed:
            raise ErrorProfileError(f"{where}: unknown key {key!r}{_unknown(str(key), allowed)}")
        if not _finite_non_negative(share):
            raise ErrorProfileError(f"{where}.{key}: a share is a finite number >= 0, got {share!r}")
        shares[key] = float(share)
    total = sum(shares.values())
    if total <= 0:
        raise ErrorProfileError(f"{where}: the shares must not all be zero")
    return {key: shares.get(key, 0.0) / total for key in allowed}


def _weights(value: Any, where: str, empty: bool = False) -> Weights:
    """A list of words (equally likely) or a map word -> weight, normalised to sum to 1."""
    if isinstance(value, Mapping):
        _no_booleans(value, where)
        table = {str(w).strip().lower(): _non_negative(v, f"{where}.{w}") for w, v in value.items()}
    else:
        if isinstance(value, (list, tuple)) and any(isinstance(w, bool) for w in value):
            raise ErrorProfileError(f"{where}: a word was read as true/false; quote it (\"on\", \"no\")")
        if not isinstance(value, (list, tuple)) or not all(isinstance(w, str) and w.strip() for w in value):
            raise ErrorProfileError(f"{where}: expected a list of words or a map of word weights")
        table = {w.strip().lower(): 1.0 for w in value}
    if any(not w for w in table):
        raise ErrorProfileError(f"{where}: an empty word")
    total = sum(table.values())
    if total <= 0:
        if empty and not table:
            return {}
        raise ErrorProfileError(f"{where}: the weights must not all be zero")
    return {w: v / total for w, v in table.items() if v > 0}


def _unknown(name: str, choices: tuple[str, ...]) -> str:
    return did_you_mean(name, choices, f" (expected one of {', '.join(choices)})", n=1)
