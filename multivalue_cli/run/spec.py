"""What a run is asked to do and what it counts: :class:`RunSpec` (everything that decides
the output, recorded in the manifest and compared on ``--resume``), :class:`RunOptions` (how
it runs), and the :class:`Totals` every run reports. The exit codes are those of
:mod:`multivalue_cli.errors`."""
from __future__ import annotations

import dataclasses
import json
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import (  # noqa: F401 - the exit codes, for the modules of the run
    EXIT_FAILED, EXIT_INCOMPLETE, EXIT_OK, EXIT_SIGINT, EXIT_SIGTERM, EXIT_USAGE, MultivalueError,
)
from .texts import RecordPlan, RecordResult

if TYPE_CHECKING:
    from ..io.spans import SpanLabel
    from ..profiles import Profile


class RunError(MultivalueError):
    """A run that cannot start or go on; ``code`` says how the command ends (usage, failed, or
    ok when there is nothing to do)."""

    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message, code=code)


def original_clash(column: str) -> RunError:
    """The error of a ``--keep-original`` copy that would overwrite the input's ``column``."""
    return RunError(f"--keep-original would write the column {column!r}, which the input already has; "
                    "rename that column, or leave out --keep-original")


class Interrupted(BaseException):
    """Raised in the main process by SIGINT / SIGTERM.

    A :class:`BaseException`, as :class:`KeyboardInterrupt` is, on purpose: the clauses that
    catch ``Exception`` to note a problem and go on (a broken rule costs its own edits, a text
    that fails is passed through, the command line's last-resort handler) must not swallow a
    request to stop, which can arrive in any of them; only the run's own handlers, which clean
    up and say what was kept, catch it. It is not a :class:`~multivalue_cli.errors.MultivalueError`
    for the same reason."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


@dataclass(frozen=True)
class RunSpec:
    """Everything that determines the output (and nothing that does not, such as workers)."""

    input: str | None = None
    fields: tuple[str, ...] = ()
    task: str | None = None
    split: str | None = None
    config: str | None = None
    limit: int | None = None
    seed: int = 0
    keep_original: bool = False
    model: str | None = None
    format: str = "auto"
    shard_size: int = 10_000  # a row group each; 10^5 rows give a cluster ten shards
    on_error: str = "passthrough"
    # learner errors (after the dialect, if both are given)
    errors: tuple[str, ...] = ()
    error_rate: float = 0.1
    error_profile: str | None = None
    error_level: str | None = None  # A, B, C, N: the bundled profile of a CEFR level
    protect_fields: tuple[str, ...] = ()
    protect_regex: tuple[str, ...] = ()
    protect_terms: tuple[str, ...] = ()  # the terms of --protect-file, kept so a resume can check them
    protect_quotes: bool | None = None  # None: as the task preset says (off without one)
    task_protection: bool = True  # the task preset's protection and exclusions apply
    pair_key: str | None = None
    max_line_mb: int = 64  # a longer JSON line is an unreadable record, not read into memory
    spans: tuple[str, ...] = ()  # --span declarations: offsets into a rewritten text, moved with it
    key_by_text: tuple[str, ...] = ()  # fields rewritten alike wherever a text recurs (and the preset's)
    token_labels: str | None = None  # --token-labels: label names and fill values, as JSON
    # many outputs of each record (see run/fanout.py): several dialects (the profiles, beside
    # the spec), a dialect drawn per row (mix, with a weight per dialect), variants, changed rows only
    mix: bool = False
    mix_weights: tuple[float, ...] = ()
    variants: int = 1
    changed_only: bool = False
    dialect_column: str = "dialect"
    variant_column: str = "variant"

    TUPLES = ("fields", "errors", "protect_fields", "protect_regex", "protect_terms", "spans", "key_by_text",
              "mix_weights")
    # The command-line option of each field is --field-name, except these.
    OPTION_NAMES = {"input": "INPUT", "fields": "--field", "protect_fields": "--protect-field",
                    "protect_terms": "--protect-file", "spans": "--span", "mix_weights": "--dialect"}
    # Fields a run reproduced from its manifest may set anew: they choose the file format and
    # what becomes of a record that fails, not the edits.
    ADJUSTABLE = ("format", "on_error")
    # The options that choose the profile, recorded beside the spec in the manifest.
    PROFILE_OPTIONS = ("--dialect", "--feature", "--only", "--exclude", "--density", "--min-accuracy",
                       "--include-unmeasured")

    @classmethod
    def option_name(cls, name: str) -> str:
        """The command-line option that sets the field ``name``."""
        return cls.OPTION_NAMES.get(name, "--" + name.replace("_", "-"))

    @classmethod
    def reproducing_options(cls) -> tuple[str, ...]:
        """The options a manifest answers for: a run reproduced from it refuses them."""
        return (*(cls.option_name(f.name) for f in dataclasses.fields(cls) if f.name not in cls.ADJUSTABLE),
                *cls.PROFILE_OPTIONS)

    @classmethod
    def from_manifest(cls, path: Path) -> tuple["RunSpec", "Profile | tuple[Profile, ...] | None"]:
        """The spec and the profile a run's ``manifest.json`` records (the profile rebuilt from
        its canonical form, which checks its hash)."""
        from ..profiles import ProfileError, profile_from_canonical

        try:
            manifest = json.loads(Path(path).read_text("utf-8"))
            spec = cls.from_dict(manifest["run"])
            profile = profile_from_canonical(manifest["profile"]) if manifest.get("profile") else None
            if manifest.get("dialects"):  # several: one profile each
                profile = tuple(profile_from_canonical(d["profile"]) for d in manifest["dialects"])
        except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
            raise RunError(f"{path}: not a multivalue manifest ({exc})") from None
        except ProfileError as exc:
            raise RunError(f"{path}: {exc}") from None
        return spec, profile

    def output_name(self, profile: "Profile | tuple[Profile, ...] | None") -> str:
        """The default output folder's name: the profile (or profiles: their abbreviations, or
        how many, for more than five), then the learner errors."""
        if isinstance(profile, tuple):
            parts = ["+".join(p.abbreviation for p in profile) if len(profile) <= 5 else f"{len(profile)}-dialects"]
            parts[0] = f"mix-{parts[0]}" if self.mix else parts[0]
        else:
            parts = [profile.abbreviation] if profile is not None else []
        if self.errors:
            parts.append("errors-" + "-".join(self.errors))
        return "+".join(parts)

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        for name in self.TUPLES:
            data[name] = list(getattr(self, name))
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "RunSpec":
        known = {f.name for f in dataclasses.fields(cls)}
        values = {k: v for k, v in data.items() if k in known}
        for name in cls.TUPLES:
            values[name] = tuple(values.get(name) or ())
        return cls(**values)

    def error_config(self, boost: float = 1.0):
        """The learner-error configuration, or None when no errors are asked for."""
        if not self.errors:
            return None
        from ..learner import ErrorConfig, load_error_profile

        preset = self.preset()
        tags = tuple(preset.learner_tags) if preset is not None and self.task_protection else ()
        return ErrorConfig(types=self.errors, rate=self.error_rate,
                           profile=load_error_profile(self.error_profile, self.error_level),
                           seed=self.seed, boost=boost, protect_tags=tags)

    def preset(self):
        """The task preset, if any."""
        from ..tasks import load_task

        return load_task(self.task) if self.task else None

    def protection(self):
        """What no stage may touch, besides each record's protect fields."""
        from ..protection import Protection

        preset = self.preset() if self.task_protection else None
        quotes = self.protect_quotes
        if quotes is None:
            quotes = bool(preset and preset.protect_quotes)
        regex = self.protect_regex + tuple(r for r in (preset.protect_regex if preset else ())
                                           if r not in self.protect_regex)
        return Protection(self.protect_terms, regex, quotes)

    def plan(self, paths: list[str], keep: list[str], records: list[dict], schema=None) -> RecordPlan:
        """What to do with each record; a preset's protect fields that the records do not
        have are dropped (a user's are checked: a path that reaches nothing is an error). A
        preset of tokens reads the layout of their label lists off the records (and the
        input's ``schema``, whose features may name class ids)."""
        from ..io.fields import check_value_paths, values_at

        check_value_paths(records, self.protect_fields, "--protect-field")
        preset = self.preset()
        protect, sql, rebuild, joined = list(self.protect_fields), [], [], []
        if preset is not None:
            if self.task_protection:
                protect += [p for p in preset.protect_fields
                            if p not in protect and any(values_at(r, p) for r in records)]
                sql = list(preset.protect_sql)
            rebuild, joined = preset.derived_fields(paths)
        tokens = None
        if preset is not None and preset.tokens:
            from ..labels.layout import detect_layout

            declared = json.loads(self.token_labels) if self.token_labels else None
            tokens = detect_layout(records, paths[0], schema, declared)
        elif self.token_labels:
            raise RunError("--token-labels describes the label lists of --task ner")
        return RecordPlan(tuple(paths), tuple(keep), tuple(protect), tuple(sql), self.pair_key,
                          tuple(rebuild), joined=tuple(joined), spans=self.span_labels(paths, records),
                          text_keyed=self.text_keyed(paths), tokens=tokens)

    def text_keyed(self, paths: list[str]) -> tuple[str, ...]:
        """The rewritten fields whose draws are keyed by the text: the preset's (those it
        rewrites) and ``--key-by-text`` ones (which must be rewritten fields)."""
        preset = self.preset()
        keyed = [p for p in (preset.key_by_text if preset is not None else ()) if p in paths]
        for path in self.key_by_text:
            if path not in paths:
                raise RunError(f"--key-by-text {path}: not a rewritten field (the fields are {', '.join(paths)})")
            keyed.append(path)
        return tuple(dict.fromkeys(keyed))

    def span_labels(self, paths: list[str], records: list[dict]) -> tuple["SpanLabel", ...]:
        """The span labels of the run whose text is rewritten: the preset's (those whose offsets
        the records have) and the ``--span`` ones (checked: their text must be a rewritten
        field, their offsets must be in the records)."""
        from ..io.fields import check_value_paths, values_at
        from ..io.spans import SpanError, SpanLabel

        preset = self.preset()
        labels = [label for label in (preset.spans if preset is not None else ())
                  if label.text in paths and any(values_at(r, label.start) for r in records)]
        for declaration in self.spans:
            label = SpanLabel.parse(declaration)
            if label.text not in paths:
                raise SpanError(f"--span {declaration}: {label.text} is not a rewritten field "
                                f"(the fields are {', '.join(paths)})")
            for path in filter(None, (label.start, label.end, label.span)):
                check_value_paths(records, [path], "--span")
            labels.append(label)
        return tuple(dict.fromkeys(labels))

    def max_line_bytes(self) -> int:
        return self.max_line_mb * 2 ** 20

    def differences(self, other: "RunSpec") -> list[str]:
        return [f.name for f in dataclasses.fields(self) if getattr(self, f.name) != getattr(other, f.name)]


@dataclass
class RunOptions:
    """How to run (never changes the output)."""

    out: Path | None  # None: JSON lines on stdout
    log: Path | None = None
    no_log: bool = False
    workers: int = 1
    batch_size: int = 256
    engine: str = "local"  # or "ray"
    ray_address: str | None = None
    ray_cpus_per_actor: float = 1.0
    overwrite: bool = False
    resume: bool = False
    quiet: bool = False
    cache_size: int = 2_000  # parsed texts kept per worker, 0 for none
    argv: list[str] = field(default_factory=list)
    worker_timeout: float = 600.0  # seconds a worker may go without finishing a batch (0: no limit)

    def engine_options(self) -> dict:
        return {"engine": self.engine, "ray_address": self.ray_address,
                "ray_cpus_per_actor": self.ray_cpus_per_actor, "worker_timeout": self.worker_timeout}


@dataclass
class Totals:
    records: int = 0
    written: int = 0
    texts: int = 0
    texts_changed: int = 0
    edits: int = 0
    edits_per_feature: Counter = field(default_factory=Counter)
    # label spans (only for a run with span labels): kept, moved, dialect sites they blocked
    spans: int = 0
    spans_moved: int = 0
    span_sites_blocked: int = 0
    pairs: int = 0
    pair_edits_carried: int = 0
    pair_edits_blocked: int = 0
    errors: int = 0
    error_examples: list[str] = field(default_factory=list)
    # only in runs that have them (see run/fanout.py): rows left out as unchanged
    # (--changed-only), and rows written per dialect where one output holds several
    left_out: int = 0
    rows_per_dialect: Counter = field(default_factory=Counter)

    def add(self, other: "Totals") -> None:
        for name in ("records", "written", "texts", "texts_changed", "edits", "errors", "pairs",
                     "pair_edits_carried", "pair_edits_blocked", "left_out", *self.SPAN_COUNTS):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.edits_per_feature.update(other.edits_per_feature)
        self.rows_per_dialect.update(other.rows_per_dialect)
        self.error_examples.extend(other.error_examples[: max(0, 20 - len(self.error_examples))])

    SPAN_COUNTS = ("spans", "spans_moved", "span_sites_blocked")

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["edits_per_feature"] = dict(sorted(self.edits_per_feature.items()))
        data["rows_per_dialect"] = dict(self.rows_per_dialect)
        for name in ("left_out", "rows_per_dialect"):  # a plain run's counts stay as they were
            if not data[name]:
                del data[name]
        if not self.spans:  # a run without span labels counts none
            for name in self.SPAN_COUNTS:
                del data[name]
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Totals":
        counters = ("edits_per_feature", "rows_per_dialect")
        totals = cls(**{k: v for k, v in data.items() if k not in counters})
        totals.edits_per_feature = Counter(data.get("edits_per_feature", {}))
        totals.rows_per_dialect = Counter(data.get("rows_per_dialect", {}))
        return totals


def where_of(result: RecordResult) -> str:
    return result.where or f"row {result.row}"


def count_result(result: RecordResult, totals: Totals, on_error: str) -> None:
    totals.records += 1
    if result.error is not None:
        totals.errors += 1
        if len(totals.error_examples) < 20:
            totals.error_examples.append(f"{where_of(result)}: {result.error}")
        return
    totals.texts += result.texts
    totals.texts_changed += result.texts_changed
    totals.spans += result.spans
    totals.spans_moved += result.spans_moved
    totals.span_sites_blocked += result.span_sites_blocked
    totals.pairs += result.pairs
    totals.pair_edits_carried += result.pair_edits_carried
    totals.pair_edits_blocked += result.pair_edits_blocked
    totals.edits += len(result.log)
    totals.edits_per_feature.update(row[3] for row in result.log)


def report_totals(totals: Totals, where: str, started: float, note, warn) -> None:
    """Say what the run did (``note``) and how many records failed (``warn``)."""
    share = f"{100 * totals.texts_changed / totals.texts:.1f}%" if totals.texts else "0%"
    note(f"{totals.records} records, {totals.texts} texts, {totals.texts_changed} changed ({share}), "
         f"{totals.edits} edits -> {where} in {time.time() - started:.1f}s")
    if totals.errors:
        warn(f"warning: {totals.errors} record(s) were not transformed"
             + (f" (listed in {where}/errors.jsonl)" if where != "stdout" else "") + ", e.g. "
             + "; ".join(totals.error_examples[:3]))


