"""A run into an output folder: data shards, edit log, errors, manifest.

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
import hashlib
import json
import os
import shlex
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

import pyarrow as pa

from .. import __version__
from ..io import jsontext
from ..io.writers import (
    EditLogWriter, OutputError, OutputLock, SchemaMismatch, ShardFile, atomic_write_text,
    leftovers_only, prepare_output_dir,
)
from ..profiles import Profile
from .faults import FaultInjector
from .pipeline import RecordPlan, RecordResult, transform_records
from .progress import RunProgress
from .signals import install_signal_handlers, restore_signal_handlers, signals_deferred
from .spec import (
    EXIT_FAILED, EXIT_INCOMPLETE, EXIT_OK, EXIT_SIGINT, EXIT_SIGTERM, Interrupted, RunError,
    RunOptions, RunSpec, Totals, count_result, report_totals, where_of,
)
from .worker import JobConfig, WorkerDied


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
        self.schema = schema_from_text(manifest.get("schema"))
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
        previous = install_signal_handlers()
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
            restore_signal_handlers(previous)
            if self.lock is not None:
                self.lock.release()
        totals = self._totals()
        report_totals(totals, str(self.out), self.started, note, warn)
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
        count_result(result, shard.totals, self.spec.on_error)
        if result.error is None:
            shard.pending.append(result.record)
            shard.pending_log.extend(result.log)
            shard.learner.extend(result.learner)
            return
        if self.spec.on_error == "fail":
            raise RunError(f"{where_of(result)}: {result.error} (stopping: --on-error fail)", EXIT_FAILED)
        action = "skipped"
        if result.record is not None and self.spec.on_error == "passthrough":
            shard.pending.append(result.record)
            action = "passed through unchanged"
        entry = {"row": result.row, "where": where_of(result), "reason": result.error, "action": action}
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
        # from the moment the shard takes its name in .work until the manifest lists it, a
        # signal waits: a shard on disk that the manifest does not know would be lost
        with signals_deferred():
            self._record_shard(shard)
        self.faults.check("between-shards")

    def _record_shard(self, shard: _Shard) -> None:
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

    def _abandon(self, shard: _Shard | None, state: str) -> None:
        if shard is not None:
            shard.data.discard()
            shard.log.discard()
        # a signal between finishing one shard and opening the next can leave the next one's
        # temporary files without a shard object to discard them; the lock makes them ours
        for stray in self.work.glob(".*.tmp"):
            try:
                stray.unlink()
            except OSError:
                pass
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
                "learner_tags": list(self.errors.protect_tags) if self.errors is not None else [],
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
            "schema": schema_to_text(self.schema),
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


def schema_to_text(schema: pa.Schema | None) -> str | None:
    return None if schema is None else base64.b64encode(schema.serialize().to_pybytes()).decode()


def schema_from_text(text: str | None) -> pa.Schema | None:
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
