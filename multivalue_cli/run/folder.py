"""A run into an output folder: data shards, edit log, errors, manifest.

Shard ``k`` holds the records of input rows ``[k * shard_size, (k + 1) * shard_size)``. While
the run goes on, finished shards wait in ``OUT/.work/`` and the journal (:mod:`.journal`, a line
appended per shard) lists them, until the manifest, rewritten atomically when the run stops or
ends, takes them over; at the end they move to ``data/`` and ``edits/`` under their
final ``-0000k-of-0000N`` names. A run that dies keeps every finished shard: ``--resume``
checks that the arguments are the same, drops whatever was half-written, skips the finished
rows (without parsing them) and goes on. Output depends only on the input and the run's
arguments, so a resumed run ends byte-identical to an uninterrupted one.
"""
from __future__ import annotations

import base64
import json
import os
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable, Iterator

import pyarrow as pa

from .. import __version__
from ..io import jsontext
from ..io.arrowschema import SchemaBuilder, schema_to_text, with_wide_dictionaries
from ..io.writers import EditLogWriter, EditRow, SchemaMismatch, ShardFile, atomic_write_text
from ..profiles import Profile
from .faults import FaultInjector
from .journal import ShardJournal
from .manifest_stats import learner_section, learner_summary, protection_section, rule_accuracy_section, totals_of
from .pipeline import transform_batches
from .progress import RunProgress
from .records import TextStats
from .resume import (
    WORK_NAME, OutputLock, Resumed, claim_folder, clear_folder, damaged_file, file_check, own_folder,
    prepare_output_dir, resume_command, resume_point,
)
from .signals import install_signal_handlers, restore_signal_handlers, signals_deferred
from .spec import (
    EXIT_FAILED, EXIT_INCOMPLETE, EXIT_OK, EXIT_SIGINT, EXIT_SIGTERM, Interrupted, RunError,
    RunOptions, RunSpec, Totals, count_result, original_clash, report_totals, where_of,
)
from .texts import RecordPlan, RecordResult
from .worker import JobConfig, WorkerDied

if TYPE_CHECKING:
    from .fanout import RunFanout


SHARD_EXTENSIONS = {"parquet": "parquet", "jsonl": "jsonl", "csv": "csv"}  # format -> data shard's


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
    pending_log: list[EditRow] = field(default_factory=list)  # their edit-log rows
    learner: list[TextStats] = field(default_factory=list)  # per text, with learner errors


class FolderRun:
    """A run writing into an output folder, resumable."""

    def __init__(self, out: Path, source, spec: RunSpec, profile: Profile | None, opts: RunOptions,
                 plan: RecordPlan, started: float, errors=None, fanout: "RunFanout | None" = None) -> None:
        self.out, self.source, self.spec, self.profile, self.opts = out, source, spec, profile, opts
        self.errors = errors
        # many outputs (see .fanout): one stream of shards per dialect (OUT/<ABBR>/), or one
        self.fanout = fanout
        self.streams = fanout.layout.streams if fanout is not None else ("",)
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
        self.journal = ShardJournal(self.work)
        self.timings: dict = {}
        self._open: list[_Shard] | None = None  # the open shard of each stream
        self.hash_files = True  # finished files checked by their digest (else by their size)
        self._learner_summary: dict | None = None  # once the run is finished
        self._lm_eval: list[dict] = []  # the lm-evaluation-harness groups written, once finished

    # -- set-up ---------------------------------------------------------------------------

    def _begin(self, note, warn) -> int:
        """Prepare the folder (new run or resume); return the first row still to do."""
        self.lock = claim_folder(self.out, self.source)
        try:
            if self.opts.resume:
                resumed = resume_point(self.out, self.spec, self._profiles(), self.source, warn,
                                       self.hash_files)
                if resumed is not None:
                    self._go_on_from(resumed)
                    return len(self.shards) * self.spec.shard_size
                note(f"nothing finished to resume in {self.out}; starting from the beginning")
            prepare_output_dir(self.out, self.opts.overwrite or self.opts.resume, self.streams)
        except RunError:  # refused: the folder is left as it was found
            self.lock.release(remove=self.lock.created)
            raise
        own_folder(self.work)
        for stream in self.streams:
            if stream:
                own_folder(self._work_dir(stream))
        self.fingerprint = self.source.fingerprint()
        self._write_manifest("starting")  # the folder is recognisably ours from now on
        self._choose_format(warn)
        self._write_manifest("running")
        return 0

    def _go_on_from(self, resumed: Resumed) -> None:
        self.shards, self.fingerprint = self._kept(resumed.shards), resumed.fingerprint
        self.format, self.format_reason, self.schema = resumed.format, resumed.format_reason, resumed.schema
        if self.schema is not None and self.source.schema is None:
            self.fits = SchemaBuilder.from_schema(self.schema).fits
        self._write_manifest("running")  # the shards kept, from the manifest and the journal

    def _kept(self, shards: list[dict]) -> list[dict]:
        """The finished shards this run goes on from: the first ones, without a gap (the rows
        are read in order from the first row of the first missing one)."""
        kept = []
        for k, shard in enumerate(shards):
            if shard["index"] != k:
                break
            kept.append(shard)
        return kept

    def _choose_format(self, warn) -> None:
        """Parquet with the input's schema, or one inferred from every record (read once before
        the run); JSON lines when Parquet cannot hold every value exactly (or when asked)."""
        from ..io.arrowschema import Untypable

        self.format = "parquet"
        if self.spec.format == "jsonl":
            self.format = "jsonl"
            return
        schema = self.source.schema
        added = self.fanout.layout.added_values() if self.fanout is not None else {}
        if schema is not None:
            schema = with_wide_dictionaries(schema, self.plan.columns())
            for name in self.keep:
                if name in schema.names:
                    schema = schema.append(schema.field(name).with_name(f"{name}_original"))
            self.schema = self.fanout.layout.with_columns(schema) if self.fanout is not None else schema
            self._as_csv()
            return
        try:
            self.schema, self.fits = self._inferred_schema(added)
        except Untypable as exc:
            if self.spec.format in ("parquet", "csv"):
                shown = {"parquet": "Parquet", "csv": "CSV"}[self.spec.format]
                raise RunError(f"the records cannot be stored as {shown} without changing a "
                               f"value: {exc}; use --format jsonl") from None
            self.format, self.format_reason = "jsonl", f"Parquet cannot hold every value exactly: {exc}"
            warn(f"note: writing JSON lines, not Parquet: {exc}")
        self._as_csv()

    def _inferred_schema(self, added: dict) -> tuple[pa.Schema, Callable[[dict], bool]]:
        """The schema of every record (with the columns a run adds); :class:`Untypable`."""
        from ..io.sources import BadRecord

        builder = SchemaBuilder()
        for row, record in self.source.records(tolerant=True):
            if not isinstance(record, BadRecord):
                clash = next((f"{n}_original" for n in self.keep if f"{n}_original" in record), None)
                if clash is not None:
                    raise original_clash(clash)
                builder.add(row, {**with_originals(record, self.keep), **added})
        return builder.schema(), builder.fits

    def _as_csv(self) -> None:
        """With --format csv, CSV shards of the schema (refused for values CSV cannot hold)."""
        from ..io.csvtext import csv_problem

        if self.spec.format == "csv":
            problem = csv_problem(self.schema)
            if problem:
                raise RunError(f"--format csv: {problem}, which CSV cannot hold and give back exactly; "
                               "write Parquet (the default) or --format jsonl")
            self.format = "csv"

    # -- the loop -------------------------------------------------------------------------

    def execute(self, config: JobConfig, rows: Iterable, note, warn, progress: RunProgress) -> int:
        previous = install_signal_handlers()
        self._open = None
        try:
            self._run(config, rows, note, warn, progress)
        except Interrupted as exc:
            self._abandon(self._open, "interrupted")
            warn(self._interrupted_message())
            return EXIT_SIGINT if exc.signum == signal.SIGINT else EXIT_SIGTERM
        except OSError as exc:
            self._abandon(self._open, "failed")
            raise RunError(f"cannot write to {self.out}: {exc.strerror or exc}; the finished shards "
                           f"are kept, rerun with --resume when fixed", EXIT_FAILED) from None
        except SchemaMismatch as exc:
            self._abandon(self._open, "failed")
            raise RunError(f"{exc}; the finished shards are kept", EXIT_FAILED) from None
        except WorkerDied as exc:
            self._abandon(self._open, "failed")
            raise RunError(f"{exc}; the finished shards are kept, rerun with --resume",
                           EXIT_FAILED) from None
        except BaseException:
            self._abandon(self._open, "failed")
            raise
        finally:
            restore_signal_handlers(previous)
            self.journal.close()
            if self.lock is not None:
                self.lock.release()
        totals = totals_of(self.shards)
        report_totals(totals, str(self.out), self.started, note, warn)
        return EXIT_INCOMPLETE if totals.errors else EXIT_OK

    def _run(self, config: JobConfig, rows: Iterable, note, warn, progress: RunProgress) -> None:
        """The rows to the finished folder."""
        stats: dict = {}
        start_row = self._begin(note, warn)
        todo = (r for r in rows if r[0] >= start_row)
        if start_row:
            note(f"resuming at row {start_row} ({len(self.shards)} finished shard(s) kept)")
        progress.start(self.source.count, start_row)
        processing = time.time()
        assemble = self.fanout.assembler(self.plan) if self.fanout is not None else None
        for batch in transform_batches(todo, self.plan, config, workers=self.opts.workers,
                                       batch_size=self.opts.batch_size, stats=stats,
                                       assemble=assemble, **self.opts.engine_options()):
            self.faults.check("batch")
            rows_done = set()
            for stream, result in batch if assemble is not None else ((0, r) for r in batch):
                index = result.row // self.spec.shard_size
                if self._open is None or self._open[0].index != index:
                    if self._open is not None:
                        self._finish_shard(self._open)
                    self._open = self._open_shard(index, result.row)
                self._add(self._open[stream], result)
                rows_done.add(result.row)
            for part in self._open or ():
                self._flush(part)
            progress.advance(len(rows_done))
        if self._open is not None:
            self._finish_shard(self._open)
            self._open = None
        # Processing time counts from the moment the workers are ready (start-up apart).
        startup = stats.get("startup_seconds", 0.0)
        self.timings = {"startup_seconds": round(startup, 3),
                        "processing_seconds": round(time.time() - processing - startup, 3)}
        self._finalize()

    def write_shard(self, index: int, first_row: int, batches: Iterable[list]) -> dict:
        """Shard ``index`` written whole from the results of its rows, by a task of its own
        (the cluster engine, :mod:`.cluster`); what the manifest says of it."""
        parts = self._open_shard(index, first_row)
        try:
            for batch in batches:
                for stream, result in batch if self.fanout is not None else ((0, r) for r in batch):
                    self._add(parts[stream], result)
                for part in parts:
                    self._flush(part)
            return self._shard_entry(parts)
        except BaseException:
            for part in parts:
                part.data.discard()
                part.log.discard()
            raise

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
                f"{resume_command(self.opts.argv)}")

    def _work_dir(self, stream: str) -> Path:
        return self.work / stream if stream else self.work

    def _open_shard(self, index: int, first_row: int) -> list[_Shard]:
        """Shard ``index`` of every stream."""
        ext = SHARD_EXTENSIONS[self.format]
        extra = self.fanout.layout.log_columns if self.fanout is not None else ()
        shards = []
        for stream in self.streams:
            folder = self._work_dir(stream)
            if self.format == "csv":
                from ..io.csvtext import CsvShardFile

                data = CsvShardFile(folder / f"data-{index:05d}.{ext}", self.schema, self.fits)
            else:
                data = ShardFile(folder / f"data-{index:05d}.{ext}", self.format, self.schema, self.fits)
            log = EditLogWriter(folder / f"edits-{index:05d}.parquet", extra)
            shards.append(_Shard(index, data, log, first_row=first_row))
        return shards

    def _add(self, shard: _Shard, result: RecordResult) -> None:
        if not shard.pending:
            shard.pending_from = result.row
        shard.last_row = result.row
        count_result(result, shard.totals, self.spec.on_error)
        if result.left_out:  # --changed-only: counted, not written
            shard.totals.left_out += 1
            return
        if self.fanout is not None and self.fanout.layout.dialect_column:
            shard.totals.rows_per_dialect[result.dialect] += 1
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
        if self.fanout is not None:
            entry.update(self.fanout.layout.error_fields(result))
        if result.record is None:
            kept = ("its bytes are in raw_base64" if result.data is not None
                    else "its text, as far as it was read, is in raw")
            entry.update(action=f"not readable; not written ({kept})",
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

    def _finish_shard(self, shards: list[_Shard]) -> None:
        for shard in shards:
            self._flush(shard)
        # from the moment the shard takes its name in .work until the manifest lists it, a
        # signal waits: a shard on disk that the manifest does not know would be lost
        with signals_deferred():
            self._record_shard(shards)
        self.faults.check("between-shards")

    def _record_shard(self, shards: list[_Shard]) -> None:
        self.shards.append(self._shard_entry(shards))
        self.journal.append(self.shards[-1])

    def _shard_entry(self, shards: list[_Shard]) -> dict:
        """Close a shard's files; what the manifest says of it."""
        files: list[str] = []
        totals = Totals()
        per_stream: dict[str, dict] = {}
        for stream, shard in zip(self.streams, shards):
            files += self._close_shard(stream, shard)
            totals.add(shard.totals)
            per_stream[stream] = shard.totals.as_dict()
        first = shards[0]
        entry = {"index": first.index, "rows": [first.first_row, first.last_row + 1],
                 "files": files, "checks": {name: file_check(self.work / name) for name in files},
                 "totals": totals.as_dict()}
        if len(self.streams) > 1:
            entry["outputs"] = per_stream
        return entry

    def _close_shard(self, stream: str, shard: _Shard) -> list[str]:
        """Finish a stream's shard files; their names (under ``.work``)."""
        shard.data.close()
        shard.log.close()
        folder = self._work_dir(stream)
        paths = [shard.data.path, shard.log.path]
        if shard.learner:
            paths.append(folder / f"learner-{shard.index:05d}.json")
            atomic_write_text(paths[-1], json.dumps([text.to_json() for text in shard.learner]))
        if shard.errors:
            paths.append(folder / f"errors-{shard.index:05d}.jsonl")
            atomic_write_text(paths[-1], "".join(jsontext.dumps(e) + "\n" for e in shard.errors))
        shard.totals.written = shard.data.rows
        return [path.relative_to(self.work).as_posix() for path in paths]

    def _abandon(self, shards: list[_Shard] | None, state: str) -> None:
        for shard in shards or ():
            shard.data.discard()
            shard.log.discard()
        # a signal between finishing one shard and opening the next can leave the next one's
        # temporary files without a shard object to discard them; the lock makes them ours
        for stray in [s for stream in self.streams for s in self._work_dir(stream).glob(".*.tmp")]:
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
        for shard in self.shards:
            name = damaged_file(self.work, shard, self.hash_files)
            if name is not None:
                raise RunError(f"the finished shard file {self.work / name} (rows "
                               f"{shard['rows'][0]}-{shard['rows'][1] - 1}) was removed or "
                               "changed during the run; rerun with --resume to redo it",
                               EXIT_FAILED)
        if not self.shards:  # an empty input: one empty shard keeps the schema
            self._finish_shard(self._open_shard(0, 0))
        self._write_manifest("finalizing")
        total = len(self.shards)
        split = self.source.split
        for stream in self.streams:
            folder = own_folder(self.out / stream) if stream else self.out
            own_folder(folder / "data")
            own_folder(folder / "edits")
            for k, shard in enumerate(self.shards):
                for kind, name in _shard_files(shard, "data", "edits", stream=stream):
                    ext = name.rsplit(".", 1)[1]
                    os.replace(self.work / name, folder / kind / f"{split}-{k:05d}-of-{total:05d}.{ext}")
                self.faults.check("finalize")
            errors = [(self.work / name).read_text("utf-8") for shard in self.shards
                      for _, name in _shard_files(shard, "errors", stream=stream)]
            if errors:
                atomic_write_text(folder / "errors.jsonl", "".join(errors))
        if self.spec.format == "conll":
            self._write_conll(total, split)
        from ..reports.card import write_card

        if self.fanout is not None and self.fanout.learner_configs():
            self._learner_summary = {
                stream: learner_summary(self._learner_texts(stream), self.spec, errors, self.paths)
                for stream, errors in zip(self.streams, self.fanout.learner_configs(self.streams))}
        elif self.errors is not None:
            self._learner_summary = learner_summary(self._learner_texts(), self.spec, self.errors,
                                                    self.paths)
        from ..reports.lm_eval import harness_groups, write_harness_groups

        groups = harness_groups(self.out, self._manifest("finalizing"))
        write_harness_groups(self.out, groups)
        self._lm_eval = [{k: g[k] for k in ("name", "file", "tasks")} for g in groups]
        # the card is written before "complete" (the manifest on disk says "finalizing"): a
        # failure here leaves the run resumable
        write_card(self.out, self._manifest("finalizing"))
        self._write_manifest("complete")
        for stream in self.streams:
            if stream:
                clear_folder(self._work_dir(stream), WORK_NAME)
        clear_folder(self.work, WORK_NAME)
        if self.lock is not None:
            self.lock.release(remove=True)

    def _write_conll(self, total: int, split: str) -> None:
        """Each data shard again as a CoNLL file (``conll/``), with every sentence that could
        not be read put back, byte for byte, where it was."""
        from ..io.conll import write_conll_file
        from ..reports.run_folder import shard_rows

        layout, names = conll_layout(self.plan, self.source)
        (self.out / "conll").mkdir(exist_ok=True)
        for k, shard in enumerate(self.shards):
            entries = [json.loads(line) for _, name in _shard_files(shard, "errors")
                       for line in (self.work / name).read_text("utf-8").splitlines()]
            unread = {e["row"]: base64.b64decode(e["raw_base64"]) for e in entries if "raw_base64" in e}
            left_out = {e["row"] for e in entries if not e["action"].startswith("passed")} - set(unread)
            ext = "parquet" if self.format == "parquet" else "jsonl"
            records = (record for _, _, record in shard_rows(self.out, [f"data/{split}-{k:05d}-of-{total:05d}.{ext}"]))

            def sentences(first: int = shard["rows"][0], end: int = shard["rows"][1]):
                for row in range(first, end):
                    if row in unread:
                        yield unread[row]
                    elif row not in left_out:
                        yield next(records)

            write_conll_file(self.out / "conll" / f"{split}-{k:05d}-of-{total:05d}.conll", sentences(), layout, names)

    def _learner_texts(self, stream: str = "") -> list[TextStats]:
        """The learner statistics of every text of the finished shards (of a stream)."""
        return [TextStats.from_json(row) for shard in self.shards
                for _, name in _shard_files(shard, "learner", stream=stream)
                for row in json.loads((self.work / name).read_text("utf-8"))]

    def _profiles(self) -> list[Profile | None]:
        """The profile of each dialect (one, or None, for a plain run)."""
        return self.fanout.profiles if self.fanout is not None else [self.profile]

    # -- the manifest ---------------------------------------------------------------------

    def _write_manifest(self, state: str) -> dict:
        manifest = self._manifest(state)
        text = json.dumps(manifest, indent=2, ensure_ascii=False)
        if jsontext.has_surrogates(text):  # argv may hold undecodable bytes of a file name
            text = json.dumps(manifest, indent=2)
        atomic_write_text(self.manifest_path, text + "\n")
        self.journal.compacted()  # the manifest lists every finished shard
        return manifest

    def _manifest(self, state: str) -> dict:
        """The manifest the run would write now (the finished shards, their figures)."""
        import spacy

        from ..engine.nlp import model_description

        totals = totals_of(self.shards)
        elapsed = time.time() - self.started
        manifest = {
            "state": state,
            "tool": {"name": "multivalue", "version": __version__},
            "spacy": {"version": spacy.__version__, "model": model_description(self.spec.model)},
            "run": self.spec.as_dict(),
            "profile": self.profile.canonical() if self.profile is not None else None,
            "learner": learner_section(self.spec, self.errors, self._learner_summary)
            if self.errors is not None and self.fanout is None else None,
            "input": {"description": self.source.description, "split": self.source.split,
                      "fingerprint": self.fingerprint},
            "fields": self.paths,
            "task": self.spec.preset().as_dict() if self.spec.task else None,
            "token_labels": self.plan.tokens.as_dict() if self.plan.tokens is not None else None,
            "protection": protection_section(self.spec, self.plan, self.errors, totals),
            "format": self.format,
            "format_reason": self.format_reason,
            "schema": schema_to_text(self.schema),
            "counts": totals.as_dict(),
            "rule_accuracy": rule_accuracy_section(totals) if self.profile is not None else None,
            "shards": self.shards,
            "outputs": self._outputs("", totals),
            "timings": {"seconds": round(elapsed, 3), **self.timings, "workers": self.opts.workers,
                        "engine": self.opts.engine,
                        "records_per_second": round(totals.records / elapsed, 1) if elapsed else None},
            "argv": self.opts.argv,
        }
        if self._lm_eval:
            manifest["lm_eval"] = self._lm_eval
        if self.fanout is not None:
            streams = {stream: (self._outputs(stream, part), part)
                       for stream, part in self._stream_totals(totals).items()}
            manifest.update(self.fanout.manifest_entries(self.spec, streams, self._learner_summary))
        return manifest

    def _outputs(self, stream: str, totals: Totals) -> dict:
        """The final names of a stream's files (under OUT)."""
        total, split = len(self.shards), self.source.split
        ext = SHARD_EXTENSIONS.get(self.format, "jsonl")  # no format yet: the run is starting
        prefix = f"{stream}/" if stream else ""
        outputs = {"data": [f"{prefix}data/{split}-{k:05d}-of-{total:05d}.{ext}" for k in range(total)],
                   "edits": [f"{prefix}edits/{split}-{k:05d}-of-{total:05d}.parquet" for k in range(total)],
                   "errors": f"{prefix}errors.jsonl" if totals.errors else None}
        if self.spec.format == "conll":
            outputs["conll"] = [f"conll/{split}-{k:05d}-of-{total:05d}.conll" for k in range(total)]
        return outputs

    def _stream_totals(self, totals: Totals) -> dict[str, Totals]:
        """The totals of each stream's finished shards."""
        if len(self.streams) == 1:
            return {self.streams[0]: totals}
        return {stream: totals_of({"totals": shard["outputs"][stream]} for shard in self.shards)
                for stream in self.streams}


def _shard_files(shard: dict, *kinds: str, stream: str = "") -> Iterator[tuple[str, str]]:
    """``(kind, name)`` of the files of a finished shard of these kinds (data, edits, learner,
    errors) and of this stream (its folder under ``.work``; "" for a run with one), as the
    manifest lists them."""
    for name in shard["files"]:
        folder, _, base = name.rpartition("/")
        kind = base.split("-")[0]
        if kind in kinds and folder == stream:
            yield kind, name


def conll_layout(plan: RecordPlan, source) -> tuple:
    """How records of tokens are written as CoNLL: in the input's layout when it was a CoNLL
    file, else the tokens and every label list, tab-separated; and the names of class ids."""
    from ..io.conll import ConllLayout

    layout = plan.tokens
    conll = getattr(source, "conll", None) or ConllLayout("\t", layout.fields, True)
    return conll, {lst.field: lst.names for lst in layout.labels if lst.names}


def with_originals(record: dict, keep: list[str]) -> dict:
    if not keep:
        return record
    return {**record, **{f"{name}_original": record.get(name) for name in keep}}
