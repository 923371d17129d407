"""One ``multivalue transform`` run: input -> data shards, edit log, errors, manifest.

Shard ``k`` holds the records of input rows ``[k * shard_size, (k + 1) * shard_size)``. While
the run goes on, finished shards wait in ``OUT/.work/`` and the manifest (rewritten atomically
after each shard) lists them; at the end they move to ``data/`` and ``edits/`` under their
final ``-0000k-of-0000N`` names. A run that dies keeps every finished shard: ``--resume``
checks that the arguments are the same, drops whatever was half-written, skips the finished
rows (without parsing them) and goes on. Output depends only on the input and the run's
arguments, so a resumed run ends byte-identical to an uninterrupted one.
"""
from __future__ import annotations

import base64
import dataclasses
import hashlib
import itertools
import json
import os
import shlex
import signal
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import pyarrow as pa

from .. import __version__
from ..io import jsontext
from .faults import FaultInjector
from .pipeline import Rebuild, RecordPlan, RecordResult, transform_records
from ..profiles import Profile
from .progress import RunProgress
from .worker import JobConfig, WorkerDied
from ..io.writers import (
    EditLogWriter, JsonlRecordWriter, OutputError, OutputLock, SchemaMismatch, ShardFile,
    atomic_write_text, leftovers_only, prepare_output_dir,
)

EXIT_OK = 0
EXIT_FAILED = 1  # the run could not go on (I/O error, disk full, --on-error fail)
EXIT_USAGE = 2  # bad arguments, unknown dialect or field, unreadable input
EXIT_INCOMPLETE = 3  # finished, but some records were not transformed (see errors.jsonl)
EXIT_SIGINT = 130
EXIT_SIGTERM = 143
PEEK_RECORDS = 1000  # records read ahead to check field paths and infer a JSON input's types


class RunError(Exception):
    def __init__(self, message: str, code: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.code = code


class Interrupted(BaseException):
    """Raised in the main process by SIGINT / SIGTERM."""

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
    shard_size: int = 100_000
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

    TUPLES = ("fields", "errors", "protect_fields", "protect_regex", "protect_terms")

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

        return ErrorConfig(types=self.errors, rate=self.error_rate,
                           profile=load_error_profile(self.error_profile, self.error_level),
                           seed=self.seed, boost=boost)

    def preset(self):
        """The task preset, if any."""
        from ..tasks import load_task

        return load_task(self.task) if self.task else None

    def protection(self):
        """What no stage may touch, besides each record's protect fields."""
        from ..protection import Protection

        quotes = self.protect_quotes
        if quotes is None:
            preset = self.preset()
            quotes = bool(preset and self.task_protection and preset.protect_quotes)
        return Protection(self.protect_terms, self.protect_regex, quotes)

    def plan(self, paths: list[str], keep: list[str], records: list[dict]) -> RecordPlan:
        """What to do with each record; a preset's protect fields that the records do not
        have are dropped (a user's are checked: a path that reaches nothing is an error)."""
        from ..io.fields import check_value_paths, values_at

        check_value_paths(records, self.protect_fields, "--protect-field")
        preset = self.preset()
        protect, sql, rebuild = list(self.protect_fields), [], []
        if preset is not None:
            if self.task_protection:
                protect += [p for p in preset.protect_fields
                            if p not in protect and any(values_at(r, p) for r in records)]
                sql = list(preset.protect_sql)
            rebuild = [Rebuild(r.field, r.source, r.tokenizer) for r in preset.rebuild if r.source in paths]
        return RecordPlan(tuple(paths), tuple(keep), tuple(protect), tuple(sql), self.pair_key,
                          tuple(rebuild))

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

    def engine_options(self) -> dict:
        return {"engine": self.engine, "ray_address": self.ray_address,
                "ray_cpus_per_actor": self.ray_cpus_per_actor}


@dataclass
class Totals:
    records: int = 0
    written: int = 0
    texts: int = 0
    texts_changed: int = 0
    edits: int = 0
    edits_per_feature: Counter = field(default_factory=Counter)
    pairs: int = 0
    pair_edits_carried: int = 0
    pair_edits_blocked: int = 0
    errors: int = 0
    error_examples: list[str] = field(default_factory=list)

    def add(self, other: "Totals") -> None:
        for name in ("records", "written", "texts", "texts_changed", "edits", "errors", "pairs",
                     "pair_edits_carried", "pair_edits_blocked"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.edits_per_feature.update(other.edits_per_feature)
        self.error_examples.extend(other.error_examples[: max(0, 20 - len(self.error_examples))])

    def as_dict(self) -> dict:
        data = dataclasses.asdict(self)
        data["edits_per_feature"] = dict(sorted(self.edits_per_feature.items()))
        return data

    @classmethod
    def from_dict(cls, data: dict) -> "Totals":
        totals = cls(**{k: v for k, v in data.items() if k != "edits_per_feature"})
        totals.edits_per_feature = Counter(data.get("edits_per_feature", {}))
        return totals


# ---------------------------------------------------------------------------- the run


def execute(
    spec: RunSpec, profile: Profile | None, opts: RunOptions, *, note: Callable[[str], None],
    warn: Callable[[str], None] | None = None, progress: RunProgress | None = None,
) -> int:
    """Run a transformation; return the exit code (raise RunError for unusable arguments).
    ``note`` gets progress notes (silenced by --quiet), ``warn`` what must always be said,
    ``progress`` the records done."""
    warn = warn or note
    progress = progress or RunProgress()
    from ..io.fields import FieldError, check_paths
    from ..io.sources import BadRecord, BadRecordError, SourceError, open_source

    started = time.time()
    try:
        source = open_source(spec.input, split=spec.split, config=spec.config, limit=spec.limit)
        if source.split_note:
            note(source.split_note)
        if opts.out is not None and source.stdin:
            _spool(source, opts.out)
        rows = source.records(tolerant=spec.on_error != "fail")
        head = list(itertools.islice(rows, PEEK_RECORDS))
        good = [r for _, r in head if not isinstance(r, BadRecord)]
        if spec.fields:
            paths = list(spec.fields)
        elif spec.task:
            paths = spec.preset().choose_fields(good[0] if good else {})
        elif not good or "text" in good[0]:
            paths = ["text"]
        else:
            raise FieldError("say which field(s) to rewrite with --field or --task; the records have: "
                             + ", ".join(sorted(good[0])))
        if good:
            check_paths(good, paths)
        keep = [p for p in paths if p.isidentifier()] if spec.keep_original else []
        plan = spec.plan(paths, keep, good)
    except BadRecordError as exc:
        raise RunError(f"{exc} (stopping: --on-error fail)", EXIT_FAILED) from None
    except (SourceError, FieldError) as exc:
        raise RunError(str(exc)) from None

    if opts.out is None or spec.format == "jsonl":
        _require_json_types(source.schema, "-o -" if opts.out is None else "--format jsonl")
    errors = _calibrated_errors(spec, profile, good, plan, note, opts.cache_size) if spec.errors else None
    config = JobConfig(profile=profile, seed=spec.seed, model=spec.model, errors=errors,
                       protection=spec.protection(), cache_size=opts.cache_size)
    all_rows = itertools.chain(head, rows)
    if opts.out is None:
        progress.start(source.count)
        return _run_to_stdout(spec, config, opts, plan, all_rows, note, warn, progress, started)
    run = FolderRun(opts.out, source, spec, profile, opts, plan, started, errors)
    try:
        return run.execute(config, all_rows, note, warn, progress)
    except BadRecordError as exc:
        raise RunError(f"{exc} (stopping: --on-error fail)", EXIT_FAILED) from None
    except SourceError as exc:  # the input became unreadable part-way (a damaged gzip, say)
        raise RunError(f"{exc}; the finished shards are kept, rerun with --resume", EXIT_FAILED) from None


def _spool(source, out: Path) -> None:
    """Keep a copy of stdin beside the output, so it can be read twice and fingerprinted."""
    folder = next((p for p in (out, *out.parents) if p.is_dir()), Path("."))
    try:
        source.spool(folder)
    except OSError as exc:
        raise RunError(f"cannot keep a copy of stdin in {folder}: {exc.strerror or exc}",
                       EXIT_FAILED) from None


def _require_json_types(schema: pa.Schema | None, why: str) -> None:
    """Refuse JSON-lines output of an input whose columns JSON cannot hold exactly."""
    if schema is None:
        return
    for column in schema:
        kind = _non_json_type(column.type)
        if kind is not None:
            raise RunError(f"column {column.name!r} holds {kind} values, which JSON lines "
                           f"({why}) cannot hold exactly; write Parquet to a folder instead "
                           "(-o FOLDER, the default format)")


def _non_json_type(kind: pa.DataType) -> str | None:
    if pa.types.is_struct(kind):
        return next((t for t in (_non_json_type(f.type) for f in kind) if t), None)
    if pa.types.is_list(kind) or pa.types.is_large_list(kind) or pa.types.is_fixed_size_list(kind):
        return _non_json_type(kind.value_type)
    if pa.types.is_dictionary(kind):
        return _non_json_type(kind.value_type)
    if (pa.types.is_null(kind) or pa.types.is_boolean(kind) or pa.types.is_integer(kind)
            or pa.types.is_floating(kind) or pa.types.is_string(kind)
            or pa.types.is_large_string(kind)):
        return None
    return str(kind)


def _calibrated_errors(spec: RunSpec, profile: Profile | None, sample: list[dict], plan: RecordPlan, note,
                       cache_size: int = 2_000):
    """The learner-error configuration fitted to the data: the availability correction that
    keeps the injected ERRANT types at the profile's shares, and per selected field the one
    rate boost that brings the field's mean rate to the target (texts short of eligible
    tokens leave a share to the others). Computed on the first records only, so it does not
    depend on batching or workers; a target the data cannot reach is an error that says the
    reachable maximum."""
    from ..io.fields import select
    from ..io.jsontext import has_surrogates
    from ..learner import UnreachableRate
    from ..learner.calibrate import field_sizes, fit_adjust
    from ..learner.rate import solve_boost
    from .pipeline import protected_terms
    from ..transformer import Transformer

    config = spec.error_config()
    texts, keys, located_paths, protected = [], [], [], []
    for row, record in enumerate(sample):
        located, problems = select(record, plan.paths)
        if problems or any(has_surrogates(text) for _, text in located):
            continue  # such records are passed through unchanged
        for path, text in located:
            texts.append(text)
            keys.append(row)
            located_paths.append(path)
            protected.append(protected_terms(record, plan, text))
    probe = Transformer(dialect=profile, seed=spec.seed, model=spec.model, errors=config,
                        protection=spec.protection(), cache_size=cache_size)  # its parses are reused
    items = probe.learner_inputs(texts, keys, located_paths, protected)
    config = dataclasses.replace(config, adjust=fit_adjust(config, items))
    boosts = {}
    for name, sizes in field_sizes(config, items, plan.paths).items():
        try:
            boosts[name] = solve_boost(sizes, spec.error_rate)
        except UnreachableRate as exc:
            where = f" in field {name}" if len(plan.paths) > 1 else ""
            raise RunError(f"--error-rate {spec.error_rate}: {exc}{where} (measured on the first "
                           f"{len(sample)} records)") from None
        if boosts[name] != 1.0:
            note(f"learner errors{' in ' + name if len(plan.paths) > 1 else ''}: some texts have too "
                 f"few eligible tokens; the others take {boosts[name]:.2f} x their share so the "
                 f"mean rate meets {spec.error_rate}")
    ordered = tuple((name, boosts[name]) for name in plan.paths if name in boosts)
    return dataclasses.replace(config, boosts=ordered)


def _install_signal_handlers() -> dict:
    def handler(signum, frame):
        raise Interrupted(signum)

    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, handler)
    return previous


def _restore_signal_handlers(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)


def _run_to_stdout(spec, config, opts, plan, rows, note, warn, progress, started: float) -> int:
    writer = JsonlRecordWriter(sys.stdout)
    log = EditLogWriter(None if opts.no_log else opts.log)
    totals = Totals()
    previous = _install_signal_handlers()
    from ..io.sources import BadRecordError, SourceError

    try:
        for batch in transform_records(rows, plan, config, workers=opts.workers,
                                       batch_size=opts.batch_size, **opts.engine_options()):
            records, log_rows = [], []
            for result in batch:
                _count(result, totals, spec.on_error)
                if result.error is not None:
                    warn(f"error: {_where(result)}: {result.error}")
                    if spec.on_error == "fail":
                        raise RunError(f"{_where(result)}: {result.error} (--on-error fail)", EXIT_FAILED)
                if result.record is not None and not (result.error and spec.on_error == "skip"):
                    records.append(result.record)
                log_rows.extend(result.log)
            writer.write(records)
            log.write(log_rows)
            progress.advance(len(batch))
        log.close()
    except Interrupted as exc:
        log.discard()
        return EXIT_SIGINT if exc.signum == signal.SIGINT else EXIT_SIGTERM
    except SourceError as exc:
        log.discard()
        suffix = " (stopping: --on-error fail)" if isinstance(exc, BadRecordError) else ""
        raise RunError(f"{exc}{suffix}", EXIT_FAILED) from None
    except BaseException:
        log.discard()
        raise
    finally:
        _restore_signal_handlers(previous)
    _summarise(totals, "stdout", started, note, warn)
    return EXIT_INCOMPLETE if totals.errors else EXIT_OK


def _where(result: RecordResult) -> str:
    return result.where or f"row {result.row}"


def _count(result: RecordResult, totals: Totals, on_error: str) -> None:
    totals.records += 1
    if result.error is not None:
        totals.errors += 1
        if len(totals.error_examples) < 20:
            totals.error_examples.append(f"{_where(result)}: {result.error}")
        return
    totals.texts += result.texts
    totals.texts_changed += result.texts_changed
    totals.pairs += result.pairs
    totals.pair_edits_carried += result.pair_edits_carried
    totals.pair_edits_blocked += result.pair_edits_blocked
    totals.edits += len(result.log)
    totals.edits_per_feature.update(row[3] for row in result.log)


def _summarise(totals: Totals, where: str, started: float, note, warn) -> None:
    share = f"{100 * totals.texts_changed / totals.texts:.1f}%" if totals.texts else "0%"
    note(f"{totals.records} records, {totals.texts} texts, {totals.texts_changed} changed ({share}), "
         f"{totals.edits} edits -> {where} in {time.time() - started:.1f}s")
    if totals.errors:
        warn(f"warning: {totals.errors} record(s) were not transformed"
             + (f" (listed in {where}/errors.jsonl)" if where != "stdout" else "") + ", e.g. "
             + "; ".join(totals.error_examples[:3]))


@dataclass
class _Shard:
    index: int
    data: ShardFile
    log: EditLogWriter
    errors: list[dict] = field(default_factory=list)
    totals: Totals = field(default_factory=Totals)
    first_row: int = 0
    last_row: int = -1
    pending: list[dict] = field(default_factory=list)  # records of the current batch
    pending_from: int = 0  # the input row of the first of them
    pending_log: list[tuple] = field(default_factory=list)  # their edit-log rows
    learner: list[tuple] = field(default_factory=list)  # per text: distance, unprotected, capacity, expected


class FolderRun:
    """A run writing into an output folder, resumable."""

    def __init__(self, out: Path, source, spec: RunSpec, profile: Profile | None, opts: RunOptions,
                 plan: RecordPlan, started: float, errors=None) -> None:
        self.out, self.source, self.spec, self.profile, self.opts = out, source, spec, profile, opts
        self.errors = errors
        self.plan, self.started = plan, started
        self.paths, self.keep = list(plan.paths), list(plan.keep_original)
        self.work = out / ".work"
        self.manifest_path = out / "manifest.json"
        self.shards: list[dict] = []  # finished shards, as recorded in the manifest
        self.format: str | None = None
        self.format_reason: str | None = None
        self.schema: pa.Schema | None = None
        self.fits: Callable[[dict], bool] | None = None
        self.fingerprint: dict | None = None
        self.lock: OutputLock | None = None
        self.faults = FaultInjector()
        self.timings: dict = {}

    # -- set-up ---------------------------------------------------------------------------

    def _begin(self, note, warn) -> int:
        """Prepare the folder (new run or resume); return the first row still to do."""
        if self.out.exists() and not self.out.is_dir():
            raise RunError(f"{self.out} exists and is not a folder; choose another -o folder")
        try:
            self.out.mkdir(parents=True, exist_ok=True)
            self.lock = OutputLock.acquire(self.out)
            if self.opts.resume:
                start = self._load_for_resume(warn)
                if start is not None:
                    return start
                note(f"nothing finished to resume in {self.out}; starting from the beginning")
            prepare_output_dir(self.out, self.opts.overwrite or self.opts.resume)
            self.work.mkdir()
            self.fingerprint = self.source.fingerprint()
            self._write_manifest("starting")  # the folder is recognisably ours from now on
            self._choose_format(warn)
            self._write_manifest("running")
        except OutputError as exc:
            raise RunError(str(exc), exc.code) from None
        return 0

    def _choose_format(self, warn) -> None:
        """Parquet with the input's schema, or one inferred from every record (read once before
        the run); JSON lines when Parquet cannot hold every value exactly (or when asked)."""
        from ..io.arrowschema import SchemaBuilder, Untypable
        from ..io.sources import BadRecord

        self.format = "parquet"
        if self.spec.format == "jsonl":
            self.format = "jsonl"
            return
        schema = self.source.schema
        if schema is not None:
            for name in self.keep:
                if name in schema.names:
                    schema = schema.append(schema.field(name).with_name(f"{name}_original"))
            self.schema = schema
            return
        builder = SchemaBuilder()
        try:
            for row, record in self.source.records(tolerant=True):
                if not isinstance(record, BadRecord):
                    builder.add(row, _with_originals(record, self.keep))
            self.schema, self.fits = builder.schema(), builder.fits
        except Untypable as exc:
            if self.spec.format == "parquet":
                raise RunError(f"the records cannot be stored as Parquet without changing a "
                               f"value: {exc}; use --format jsonl") from None
            self.format, self.format_reason = "jsonl", f"Parquet cannot hold every value exactly: {exc}"
            warn(f"note: writing JSON lines, not Parquet: {exc}")

    def _load_for_resume(self, warn) -> int | None:
        """Check the folder's run against this one; return the first row to do, or None when
        nothing of the earlier run is worth keeping."""
        if not self.manifest_path.exists():
            if leftovers_only(self.out):
                return None
            raise RunError(f"nothing to resume in {self.out}: it has no manifest.json and holds "
                           "other files; choose another -o folder")
        try:
            manifest = json.loads(self.manifest_path.read_text("utf-8"))
            previous = RunSpec.from_dict(manifest.get("run", {}))
        except (OSError, ValueError, TypeError, AttributeError) as exc:
            raise RunError(f"{self.manifest_path}: cannot read it ({exc}); rerun with --overwrite") from None
        differing = previous.differences(self.spec)
        if (manifest.get("profile") or {}).get("hash") != _profile_hash(self.profile):
            differing.append("dialect/profile")
        names = ", ".join(_option_name(d) for d in differing)
        if manifest.get("state") == "complete":
            if differing:
                raise RunError(f"{self.out} holds a finished run made with other arguments ({names} "
                               "differ); pass --overwrite to replace it, or choose another -o folder")
            raise RunError(f"{self.out} holds a finished run; nothing to resume", EXIT_OK)
        if differing:
            raise RunError(f"--resume needs the arguments of the interrupted run; these differ: "
                           f"{names} (see {self.manifest_path})")
        if not manifest.get("format") or not manifest.get("shards"):
            return None
        self.fingerprint = self.source.fingerprint()
        before = (manifest.get("input") or {}).get("fingerprint")
        if before != self.fingerprint:
            raise RunError(f"--resume: the input is not the one the interrupted run read "
                           f"({_fingerprint_change(before, self.fingerprint)}); its finished shards "
                           "would not match. Start again with --overwrite")
        self.format, self.format_reason = manifest["format"], manifest.get("format_reason")
        self.schema = _schema_from_text(manifest.get("schema"))
        if self.schema is not None and self.source.schema is None:
            from ..io.arrowschema import SchemaBuilder

            self.fits = SchemaBuilder.from_schema(self.schema).fits
        self.work.mkdir(exist_ok=True)
        if manifest.get("state") == "finalizing":
            self._unfinalize(manifest)
        self.shards = self._trusted_shards(manifest["shards"], warn)
        keep = {name for shard in self.shards for name in shard["files"]}
        for stale in self.work.iterdir():
            if stale.name not in keep:
                stale.unlink()  # half-written, finished after the last manifest update, or damaged
        return len(self.shards) * self.spec.shard_size

    def _unfinalize(self, manifest: dict) -> None:
        """Move the shards an interrupted final step had already renamed back into ``.work``,
        so they are checked and finalized like the others."""
        outputs = manifest.get("outputs") or {}
        for k, shard in enumerate(manifest["shards"]):
            for name in shard["files"]:
                kind = name.split("-")[0]
                finals = outputs.get(kind) or []
                if kind in ("data", "edits") and k < len(finals) and (self.out / finals[k]).exists() \
                        and not (self.work / name).exists():
                    os.replace(self.out / finals[k], self.work / name)

    def _trusted_shards(self, shards: list[dict], warn) -> list[dict]:
        """The listed shards whose files are all there, whole and unchanged, up to the first
        that is not (it and the ones after it are redone)."""
        trusted = []
        for k, shard in enumerate(shards):
            checks = shard.get("checks", {})
            bad = next((name for name in shard["files"]
                        if not _intact(self.work / name, checks.get(name))), None)
            if bad is not None or shard.get("index") != k:
                first, last = shard["rows"]
                warn(f"note: {bad or 'a shard'} (rows {first}-{last - 1}) is missing or damaged; "
                     f"it and the {len(shards) - k - 1} shard(s) after it are done again")
                break
            trusted.append(shard)
        return trusted

    # -- the loop -------------------------------------------------------------------------

    def execute(self, config: JobConfig, rows: Iterable, note, warn, progress: RunProgress) -> int:
        previous = _install_signal_handlers()
        shard: _Shard | None = None
        stats: dict = {}
        try:
            start_row = self._begin(note, warn)
            todo = (r for r in rows if r[0] >= start_row)
            if start_row:
                note(f"resuming at row {start_row} ({len(self.shards)} finished shard(s) kept)")
            progress.start(self.source.count, start_row)
            processing = time.time()
            for batch in transform_records(todo, self.plan, config, workers=self.opts.workers,
                                           batch_size=self.opts.batch_size, stats=stats,
                                           **self.opts.engine_options()):
                self.faults.check("batch")
                for result in batch:
                    index = result.row // self.spec.shard_size
                    if shard is None or shard.index != index:
                        if shard is not None:
                            self._finish_shard(shard)
                        shard = self._open_shard(index, result.row)
                    self._add(shard, result)
                self._flush(shard)
                progress.advance(len(batch))
            if shard is not None:
                self._finish_shard(shard)
                shard = None
            # Processing time counts from the moment the workers are ready (start-up apart).
            startup = stats.get("startup_seconds", 0.0)
            self.timings = {"startup_seconds": round(startup, 3),
                            "processing_seconds": round(time.time() - processing - startup, 3)}
            self._finalize()
        except Interrupted as exc:
            self._abandon(shard, "interrupted")
            warn(self._interrupted_message())
            return EXIT_SIGINT if exc.signum == signal.SIGINT else EXIT_SIGTERM
        except OSError as exc:
            self._abandon(shard, "failed")
            raise RunError(f"cannot write to {self.out}: {exc.strerror or exc}; the finished shards "
                           f"are kept, rerun with --resume when fixed", EXIT_FAILED) from None
        except SchemaMismatch as exc:
            self._abandon(shard, "failed")
            raise RunError(f"{exc}; the finished shards are kept", EXIT_FAILED) from None
        except WorkerDied as exc:
            self._abandon(shard, "failed")
            raise RunError(f"{exc}; the finished shards are kept, rerun with --resume",
                           EXIT_FAILED) from None
        except BaseException:
            self._abandon(shard, "failed")
            raise
        finally:
            _restore_signal_handlers(previous)
            if self.lock is not None:
                self.lock.release()
        totals = self._totals()
        _summarise(totals, str(self.out), self.started, note, warn)
        return EXIT_INCOMPLETE if totals.errors else EXIT_OK

    def _interrupted_message(self) -> str:
        """What an interrupted run kept, and how to go on from there."""
        if not self.shards:
            return (f"interrupted before the first shard ({self.spec.shard_size:,} input rows) was "
                    f"finished, so nothing is kept in {self.out}; run the same command again to "
                    "start over (a smaller --shard-size keeps finished work in smaller steps)")
        count = len(self.shards)
        rows = self.shards[-1]["rows"][1]
        return (f"interrupted; {count} finished shard{'s' if count != 1 else ''} (rows 0-{rows - 1}) "
                f"{'are' if count != 1 else 'is'} kept in {self.out}. Resume with:\n  "
                f"{_resume_command(self.opts.argv)}")

    def _open_shard(self, index: int, first_row: int) -> _Shard:
        ext = "parquet" if self.format == "parquet" else "jsonl"
        data = ShardFile(self.work / f"data-{index:05d}.{ext}", self.format, self.schema, self.fits)
        log = EditLogWriter(self.work / f"edits-{index:05d}.parquet")
        return _Shard(index, data, log, first_row=first_row)

    def _add(self, shard: _Shard, result: RecordResult) -> None:
        if not shard.pending:
            shard.pending_from = result.row
        shard.last_row = result.row
        _count(result, shard.totals, self.spec.on_error)
        if result.error is None:
            shard.pending.append(result.record)
            shard.pending_log.extend(result.log)
            shard.learner.extend(result.learner)
            return
        if self.spec.on_error == "fail":
            raise RunError(f"{_where(result)}: {result.error} (stopping: --on-error fail)", EXIT_FAILED)
        action = "skipped"
        if result.record is not None and self.spec.on_error == "passthrough":
            shard.pending.append(result.record)
            action = "passed through unchanged"
        entry = {"row": result.row, "where": _where(result), "reason": result.error, "action": action}
        if result.record is None:
            entry.update(action="not readable; not written (its bytes are in raw_base64)",
                         raw=result.raw, raw_base64=base64.b64encode(result.data or b"").decode())
        shard.errors.append(entry)

    def _flush(self, shard: _Shard | None) -> None:
        if shard is None:
            return
        shard.log.write(shard.pending_log)  # one row group per batch, not per record
        shard.pending_log = []
        if not shard.pending:
            return
        shard.data.write(shard.pending, shard.pending_from)
        shard.pending = []
        self.faults.check("shard-write")

    def _finish_shard(self, shard: _Shard) -> None:
        self._flush(shard)
        shard.data.close()
        shard.log.close()
        files = [shard.data.path.name, shard.log.path.name]
        if shard.learner:
            rates = self.work / f"learner-{shard.index:05d}.json"
            atomic_write_text(rates, json.dumps(shard.learner))
            files.append(rates.name)
        if shard.errors:
            errors = self.work / f"errors-{shard.index:05d}.jsonl"
            atomic_write_text(errors, "".join(jsontext.dumps(e) + "\n" for e in shard.errors))
            files.append(errors.name)
        shard.totals.written = shard.data.rows
        self.shards.append({"index": shard.index, "rows": [shard.first_row, shard.last_row + 1],
                            "files": files, "checks": {name: _check(self.work / name) for name in files},
                            "totals": shard.totals.as_dict()})
        self._write_manifest("running")
        self.faults.check("between-shards")

    def _abandon(self, shard: _Shard | None, state: str) -> None:
        if shard is not None:
            shard.data.discard()
            shard.log.discard()
        try:
            if self.manifest_path.exists() and self.format is not None:
                self._write_manifest(state)
        except OSError:
            pass  # the disk may be full; the previous manifest still lists the finished shards

    def _finalize(self) -> None:
        """Check the finished shards, then move them to their final names. Each step can be
        redone, so a resume after a failure here finishes the job."""
        for k, shard in enumerate(self.shards):
            checks = shard.get("checks", {})
            for name in shard["files"]:
                if not _intact(self.work / name, checks.get(name)):
                    raise RunError(f"the finished shard file {self.work / name} (rows "
                                   f"{shard['rows'][0]}-{shard['rows'][1] - 1}) was removed or "
                                   "changed during the run; rerun with --resume to redo it",
                                   EXIT_FAILED)
        if not self.shards:  # an empty input: one empty shard keeps the schema
            self._finish_shard(self._open_shard(0, 0))
        self._write_manifest("finalizing")
        total = len(self.shards)
        split = self.source.split
        (self.out / "data").mkdir(exist_ok=True)
        (self.out / "edits").mkdir(exist_ok=True)
        errors: list[str] = []
        for k, shard in enumerate(self.shards):
            for name in shard["files"]:
                kind, ext = name.split("-")[0], name.rsplit(".", 1)[1]
                if kind in ("errors", "learner"):
                    if kind == "errors":
                        errors.append((self.work / name).read_text("utf-8"))
                    continue
                os.replace(self.work / name, self.out / kind / f"{split}-{k:05d}-of-{total:05d}.{ext}")
            self.faults.check("finalize")
        if errors:
            atomic_write_text(self.out / "errors.jsonl", "".join(errors))
        from ..reports.card import write_card

        self._learner_summary = self._summarise_learner()
        manifest = self._write_manifest("finalizing")
        write_card(self.out, manifest)  # before "complete": a failure here leaves it resumable
        self._write_manifest("complete")
        for leftover in self.work.glob("*") if self.work.exists() else ():
            leftover.unlink()
        if self.work.exists():
            self.work.rmdir()
        if self.lock is not None:
            self.lock.release(remove=True)

    # -- learner errors ---------------------------------------------------------------------

    def _summarise_learner(self) -> dict | None:
        """Target and achieved mean rate, per-text distribution and per-label counts of the
        run, overall and per selected field, and the ERRANT types injected beside the
        profile's shares."""
        if self.errors is None:
            return None
        from ..io.fields import field_of
        from ..learner.rate import label_distribution, rate_summary

        stats = []
        for shard in self.shards:
            for name in shard["files"]:
                if name.startswith("learner-") and (self.work / name).exists():
                    stats.extend(json.loads((self.work / name).read_text("utf-8")))
        texts = [_TextRate(*row) for row in stats]
        summary = rate_summary(texts, self.spec.error_rate)
        summary["types"] = _type_rates(texts, self.errors, self.spec.error_rate)
        by_field: dict[str, list[_TextRate]] = {name: [] for name in self.paths}
        for text in texts:
            by_field.setdefault(field_of(text.path, self.paths) or text.path, []).append(text)
        summary["fields"] = {}
        for name, members in by_field.items():
            part = rate_summary(members, self.spec.error_rate)
            part["types"] = _type_rates(members, self.errors, self.spec.error_rate)
            summary["fields"][name] = {k: part[k] for k in (
                "target", "achieved_mean", "within_tolerance", "texts", "edits", "per_label", "types")}
        summary["distribution"] = label_distribution(summary["per_label"], self.errors)
        return summary

    def _learner_section(self) -> dict | None:
        if self.errors is None:
            return None
        summary = getattr(self, "_learner_summary", None)
        profile = self.errors.profile
        if self.spec.error_profile:
            described = self.spec.error_profile
        elif self.spec.error_level:
            described = f"level {profile.level} (learner/levels/{profile.level}.yaml)"
        else:
            described = "default (learner/default_errors.yaml)"
        return {
            "error_types": list(self.errors.types),
            "target": self.spec.error_rate,
            "level": profile.level,
            "profile": described,
            "profile_name": profile.name,
            "boost": self.errors.boost,
            "boosts": dict(self.errors.boosts),
            "adjust": dict(self.errors.adjust),
            "pair_key": self.spec.pair_key,
            "summary": summary,
            "achieved_mean": summary["achieved_mean"] if summary else None,
            "types": summary["types"] if summary else {t: {"target": None} for t in self.errors.types},
            "fields": summary["fields"] if summary else None,
        }

    # -- the manifest ---------------------------------------------------------------------

    def _protection_section(self) -> dict:
        """What every stage kept as it was, as resolved for this run (the preset's included)."""
        protection = self.spec.protection()
        preset = self.spec.preset()
        excluded = dict(preset.exclude) if preset is not None and self.spec.task_protection else {}
        return {"fields": list(self.plan.protect_fields), "sql_literals": list(self.plan.protect_sql),
                "quotes": protection.quotes, "regex": list(protection.regex),
                "terms": len(protection.terms), "pair_key": self.plan.pair_key,
                "excluded_features": excluded,
                "rebuilt_fields": {r.field: {"from": r.source, "tokenizer": r.tokenizer}
                                   for r in self.plan.rebuild},
                "pairs": {"pairs": self._totals().pairs,
                          "dialect_edits_carried": self._totals().pair_edits_carried,
                          "dialect_edits_blocked": self._totals().pair_edits_blocked}
                if self.plan.pair_key else None}

    def _totals(self) -> Totals:
        totals = Totals()
        for shard in self.shards:
            totals.add(Totals.from_dict(shard["totals"]))
        return totals

    def _write_manifest(self, state: str) -> dict:
        import spacy

        from ..engine.nlp import model_description

        totals = self._totals()
        total = len(self.shards)
        split = self.source.split
        ext = "parquet" if self.format == "parquet" else "jsonl"
        elapsed = time.time() - self.started
        manifest = {
            "state": state,
            "tool": {"name": "multivalue", "version": __version__},
            "spacy": {"version": spacy.__version__, "model": model_description(self.spec.model)},
            "run": self.spec.as_dict(),
            "profile": self.profile.canonical() if self.profile is not None else None,
            "learner": self._learner_section(),
            "input": {"description": self.source.description, "split": split,
                      "fingerprint": self.fingerprint},
            "fields": self.paths,
            "task": self.spec.preset().as_dict() if self.spec.task else None,
            "protection": self._protection_section(),
            "format": self.format,
            "format_reason": self.format_reason,
            "schema": _schema_to_text(self.schema),
            "counts": totals.as_dict(),
            "shards": self.shards,
            "outputs": {
                "data": [f"data/{split}-{k:05d}-of-{total:05d}.{ext}" for k in range(total)],
                "edits": [f"edits/{split}-{k:05d}-of-{total:05d}.parquet" for k in range(total)],
                "errors": "errors.jsonl" if totals.errors else None,
            },
            "timings": {"seconds": round(elapsed, 3), **self.timings, "workers": self.opts.workers,
                        "engine": self.opts.engine,
                        "records_per_second": round(totals.records / elapsed, 1) if elapsed else None},
            "argv": self.opts.argv,
        }
        text = json.dumps(manifest, indent=2, ensure_ascii=False)
        if jsontext.has_surrogates(text):  # argv may hold undecodable bytes of a file name
            text = json.dumps(manifest, indent=2)
        atomic_write_text(self.manifest_path, text + "\n")
        return manifest


@dataclass
class _TextRate:
    """What the run's learner summary needs of one text (one row of a shard's learner file)."""

    distance: int
    unprotected: int
    capacity: int
    expected: float
    per_label: dict = field(default_factory=dict)
    path: str = ""


def _type_rates(texts: list[_TextRate], errors, rate: float) -> dict[str, dict]:
    """Per type: the mean over texts of (edits of that type / unprotected tokens), beside the
    type's share of the target (all of it for a single type, its mix share for several)."""
    from ..learner.profile import LABELS

    measured = [t for t in texts if t.unprotected]
    mix = errors.profile.mix
    share_total = sum(mix[t] for t in errors.types)
    out = {}
    for kind in errors.types:
        achieved = sum(sum(t.per_label.get(l, 0) for l in LABELS[kind]) / t.unprotected
                       for t in measured) / len(measured) if measured else 0.0
        out[kind] = {"target": round(rate * mix[kind] / share_total, 4), "achieved": round(achieved, 4)}
    return out


def _check(path: Path) -> dict:
    """Size and SHA-256 of a finished file, recorded so a resume can tell it is unchanged."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def _intact(path: Path, check: dict | None) -> bool:
    """Whether ``path`` is the file that was recorded (any file, for manifests of older runs
    that recorded none)."""
    if not path.is_file():
        return False
    if check is None:
        return True
    try:
        return path.stat().st_size == check["bytes"] and _check(path) == check
    except OSError:
        return False


def _fingerprint_change(before: dict | None, now: dict) -> str:
    """What differs between two input fingerprints, in a few words."""
    if not before:
        return "the interrupted run recorded no fingerprint of its input"
    old, new = before.get("files") or [], now.get("files") or []
    if len(old) != len(new):
        return f"{len(old)} file(s) then, {len(new)} now"
    for a, b in zip(old, new):
        if a.get("bytes") != b.get("bytes"):
            return f"{b['path']}: {a.get('bytes')} bytes then, {b.get('bytes')} now"
        if a != b:
            return f"{b['path']}: its content changed"
    return "its content changed"


def _profile_hash(profile: Profile | None) -> str | None:
    return profile.canonical()["hash"] if profile is not None else None


def _with_originals(record: dict, keep: list[str]) -> dict:
    if not keep:
        return record
    return {**record, **{f"{name}_original": record.get(name) for name in keep}}


def _schema_to_text(schema: pa.Schema | None) -> str | None:
    return None if schema is None else base64.b64encode(schema.serialize().to_pybytes()).decode()


def _schema_from_text(text: str | None) -> pa.Schema | None:
    return None if not text else pa.ipc.read_schema(pa.py_buffer(base64.b64decode(text)))


OPTION_NAMES = {"errors": "--errors", "error_rate": "--error-rate", "error_profile": "--error-profile",
                "error_level": "--error-level",
                "protect_fields": "--protect-field", "protect_regex": "--protect-regex",
                "protect_terms": "--protect-file", "protect_quotes": "--protect-quotes",
                "pair_key": "--pair-key",
                "input": "INPUT", "fields": "--field", "task": "--task", "split": "--split",
                "config": "--config", "limit": "--limit", "seed": "--seed",
                "keep_original": "--keep-original", "model": "--model", "format": "--format",
                "shard_size": "--shard-size", "on_error": "--on-error"}


def _option_name(name: str) -> str:
    return OPTION_NAMES.get(name, name)


def _resume_command(argv: list[str]) -> str:
    args = [a for a in argv if a not in ("--overwrite", "--resume")]
    return "multivalue " + " ".join(shlex.quote(a) for a in args) + " --resume"
