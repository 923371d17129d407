"""One ``multivalue transform`` run: read the first records to check the fields and the
types, calibrate the learner rate, then run to stdout (JSON lines) or into an output folder
(:mod:`.folder`). What decides the output is a :class:`~.spec.RunSpec`; how it runs, the
:class:`~.spec.RunOptions`."""
from __future__ import annotations

import dataclasses
import itertools
import signal
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

import pyarrow as pa

from ..io.conll import ConllWriter
from ..io.writers import EditLogWriter, JsonlRecordWriter
from ..profiles import Profile
from .fanout import OutputLayout, RunFanout
from .folder import FolderRun, conll_layout
from .pipeline import transform_batches
from .progress import RunProgress
from .signals import install_signal_handlers, restore_signal_handlers
from .spec import (
    EXIT_FAILED, EXIT_INCOMPLETE, EXIT_OK, EXIT_SIGINT, EXIT_SIGTERM, Interrupted, RunError,
    RunOptions, RunSpec, Totals, count_result, original_clash, report_totals, where_of,
)
from .texts import RecordPlan, prepare, shared_protection
from .worker import JobConfig

PEEK_RECORDS = 1000  # records read ahead to check field paths and infer a JSON input's types
CALIBRATION_CHARS = 200_000  # the learner stage is fitted on at most this much of their text


# ---------------------------------------------------------------------------- the run


def execute(
    spec: RunSpec, profile: Profile | Sequence[Profile] | None, opts: RunOptions, *,
    note: Callable[[str], None], warn: Callable[[str], None] | None = None,
    progress: RunProgress | None = None,
) -> int:
    """Run a transformation; return the exit code (raise a MultivalueError for unusable
    arguments or input). ``profile`` is the dialect, or a list of several (each an output of
    its own, or a mix: see :mod:`.fanout`). ``note`` gets progress notes (silenced by
    --quiet), ``warn`` what must always be said, ``progress`` the records done."""
    warn = warn or note
    profiles = list(profile) if isinstance(profile, (list, tuple)) else [profile]
    layout = OutputLayout.of(spec, [p.abbreviation if p is not None else "" for p in profiles],
                             to_stdout=opts.out is None)
    progress = progress or RunProgress()
    from ..io.fields import FieldError, check_paths, original_columns
    from ..io.sources import BadRecord, BadRecordError, SourceError, open_source

    started = time.time()
    try:
        preset = spec.preset()
        source = open_source(spec.input, split=spec.split, config=spec.config, limit=spec.limit,
                             max_line_bytes=spec.max_line_bytes(), conll=bool(preset and preset.tokens))
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
        keep = original_columns(paths) if spec.keep_original else []
        _refuse_clashing_originals(keep, source.schema.names if source.schema is not None else (), good)
        plan = spec.plan(paths, keep, good, source.schema)
        if spec.format == "conll" and plan.tokens is None:
            raise RunError("--format conll writes records of tokens and their tags: use it with --task ner")
    except BadRecordError as exc:  # a source or field error goes on as it is (exit 2)
        raise RunError(f"{exc} (stopping: --on-error fail)", EXIT_FAILED) from None

    if plan.text_keyed and (plan.protect_fields or plan.protect_sql or plan.spans):
        plan = _with_shared_protection(plan, source, opts, warn)
    if (opts.out is None and spec.format != "conll") or spec.format == "jsonl":
        _require_json_types(source.schema, "-o -" if opts.out is None else "--format jsonl")
    fanout = None
    if layout is None:
        errors = _calibrated_errors(spec, profile, good, plan, note, opts.cache_size) if spec.errors else None
        config = JobConfig(profile=profile, seed=spec.seed, model=spec.model, errors=errors,
                           protection=spec.protection(), cache_size=opts.cache_size)
    else:
        if spec.format == "conll":
            raise RunError("--format conll writes the tokens of one dialect: run each dialect on its own "
                           "with --format conll, or leave out --format conll")
        _check_added_columns(layout, source.schema, good, plan)
        fanout = _fanout(spec, profiles, layout, good, plan, note, opts.cache_size)
        errors = fanout.config.members[0].errors
        config = JobConfig(profile=None, seed=spec.seed, model=spec.model, protection=spec.protection(),
                           cache_size=opts.cache_size, fanout=fanout.config)
    all_rows = itertools.chain(head, rows)
    if opts.out is None:
        progress.start(source.count)
        return _run_to_stdout(spec, config, opts, plan, all_rows, note, warn, progress, started, source, fanout)
    run = _folder_run(spec, opts, source, plan, fanout, note)(
        opts.out, source, spec, profile if fanout is None else profiles[0], opts, plan, started, errors, fanout)
    try:
        return run.execute(config, all_rows, note, warn, progress)
    except RunError as exc:
        if exc.code != EXIT_OK:
            raise
        note(str(exc))  # --resume of a finished run: nothing to do
        return EXIT_OK
    except BadRecordError as exc:
        raise RunError(f"{exc} (stopping: --on-error fail)", EXIT_FAILED) from None
    except SourceError as exc:  # the input became unreadable part-way (a damaged gzip, say)
        raise RunError(f"{exc}; the finished shards are kept, rerun with --resume", EXIT_FAILED) from None


def _folder_run(spec: RunSpec, opts: RunOptions, source, plan: RecordPlan, fanout, note) -> type[FolderRun]:
    """The run of the engine: with Ray, tasks that read and write their shards when the input
    can be cut into parts (:mod:`.cluster`), else actors that parse for this process."""
    if opts.engine != "ray":
        return FolderRun
    from .cluster import ClusterRun, driver_reason, runs_on_cluster

    if runs_on_cluster(spec, opts, source, plan, fanout):
        return ClusterRun
    note("note: this run reads the input and writes the shards in this process, Ray's actors "
         f"only parse: {driver_reason(spec, source, plan)}")
    return FolderRun


def _with_shared_protection(plan: RecordPlan, source, opts: RunOptions, warn) -> RecordPlan:
    """The plan with what every occurrence of a text of its text-keyed fields protects, read
    in a pass over the input (stdin to stdout cannot be read twice: then each occurrence
    protects its own)."""
    if source.stdin and opts.out is None:
        warn(f"note: stdin is read once with -o -, so a text of {', '.join(plan.text_keyed)} that recurs "
             "is rewritten alike only where its rows protect the same spans (write to a folder to have all)")
        return plan
    return dataclasses.replace(plan, shared=shared_protection(source.records(tolerant=True), plan))


def _refuse_clashing_originals(keep: list[str], columns, records: list[dict]) -> None:
    """Refuse a ``--keep-original`` whose copy would overwrite a column of the input (of its
    schema, or of the first records)."""
    for name in keep:
        copy = f"{name}_original"
        if copy in columns or any(copy in record for record in records):
            raise original_clash(copy)


def _check_added_columns(layout: OutputLayout, schema: pa.Schema | None, records: list[dict],
                         plan: RecordPlan) -> None:
    """Refuse a column the run adds (``dialect``, ``variant``) that the input already has."""
    names = set(schema.names) if schema is not None else {key for record in records for key in record}
    names |= {f"{name}_original" for name in plan.keep_original}
    options = {layout.dialect_column: "--dialect-column", layout.variant_column: "--variant-column"}
    for column in layout.added_columns:
        if column in names:
            raise RunError(f"the input already has a column {column!r}, which this run would add; "
                           f"name the added column otherwise with {options[column]} NAME")
    if layout.dialect_column and layout.dialect_column == layout.variant_column:
        raise RunError(f"--dialect-column and --variant-column both name {layout.dialect_column!r}")


def _fanout(spec: RunSpec, profiles: list, layout: OutputLayout, sample: list[dict], plan: RecordPlan,
            note, cache_size: int) -> RunFanout:
    """The outputs of a run with several: each dialect's configuration (its learner errors
    calibrated on the data as a run of that dialect alone calibrates them)."""
    from ..transformer import FanoutConfig, TransformerConfig

    members = []
    for profile in profiles:
        errors = _calibrated_errors(spec, profile, sample, plan, note, cache_size) if spec.errors else None
        members.append(TransformerConfig(profile=profile, errors=errors, protection=spec.protection(),
                                         seed=spec.seed, model=spec.model, cache_size=cache_size))
    weights = (tuple(spec.mix_weights) or (1.0,) * len(members)) if spec.mix else None
    return RunFanout(layout, FanoutConfig(tuple(members), spec.variants, weights))


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
    tokens leave a share to the others). Computed on the first records only (at most
    ``CALIBRATION_CHARS`` of their text, in order: a book in one record is not read twice), so
    it does not depend on batching or workers; a target the data cannot reach is an error that
    says the reachable maximum."""
    from ..learner import UnreachableRate
    from ..learner.calibrate import fit
    from ..learner.rate import solve_boost
    from ..transformer import Transformer

    config = spec.error_config()
    probe = Transformer(dialect=profile, seed=spec.seed, model=spec.model, errors=config,
                        protection=spec.protection(), cache_size=cache_size)  # its parses are reused
    # records that cannot be rewritten are passed through unchanged, so they are not read
    tasks = [task for row, record in enumerate(sample) for task in prepare(row, record, plan).tasks
             if _protectable(probe, task)]
    keys, paths = zip(*(t.draw_key() for t in tasks)) if tasks else ((), ())
    items = probe.learner_inputs([t.text for t in tasks], keys, paths,
                                 [t.protected for t in tasks], max_chars=CALIBRATION_CHARS,
                                 spans=[t.spans for t in tasks])
    adjust, field_sizes = fit(config, items, plan.paths)
    measured = _records_read(tasks, len(sample))
    config = dataclasses.replace(config, adjust=adjust)
    boosts = {}
    for name, sizes in field_sizes.items():
        try:
            boosts[name] = solve_boost(sizes, spec.error_rate)
        except UnreachableRate as exc:
            where = f" in field {name}" if len(plan.paths) > 1 else ""
            raise RunError(f"--error-rate {spec.error_rate}: {exc}{where} (measured on the first "
                           f"{measured} records)") from None
        if boosts[name] != 1.0:
            note(f"learner errors{' in ' + name if len(plan.paths) > 1 else ''}: some texts have too "
                 f"few eligible tokens; the others take {boosts[name]:.2f} x their share so the "
                 f"mean rate meets {spec.error_rate}")
    ordered = tuple((name, boosts[name]) for name in plan.paths if name in boosts)
    return dataclasses.replace(config, boosts=ordered)



def _protectable(transformer, task) -> bool:
    """Whether the protect regexes settle on the task's text (one that runs over its time
    fails in the run, and is listed in errors.jsonl, so the calibration leaves it out)."""
    from ..protection import ProtectionTimeout

    try:
        transformer.protection.spans(task.text, task.protected)
    except ProtectionTimeout:
        return False
    return True


def _records_read(tasks: list, records: int) -> int:
    """How many records the calibration read a text of (it reads ``CALIBRATION_CHARS``)."""
    size = 0
    for task in tasks:
        if size >= CALIBRATION_CHARS:
            return task.row
        size += len(task.text)
    return records


def _run_to_stdout(spec, config, opts, plan, rows, note, warn, progress, started: float,
                   source=None, fanout: RunFanout | None = None) -> int:
    writer = (ConllWriter(sys.stdout, *conll_layout(plan, source)) if spec.format == "conll"
              else JsonlRecordWriter(sys.stdout))
    log = EditLogWriter(None if opts.no_log else opts.log, fanout.layout.log_columns if fanout else ())
    totals = Totals()
    previous = install_signal_handlers()
    from ..io.sources import BadRecordError, SourceError

    assemble = fanout.assembler(plan) if fanout is not None else None
    try:
        for batch in transform_batches(rows, plan, config, workers=opts.workers,
                                       batch_size=opts.batch_size, assemble=assemble,
                                       **opts.engine_options()):
            records, log_rows = [], []
            results = [result for _, result in batch] if assemble is not None else batch
            for result in results:
                count_result(result, totals, spec.on_error)
                if result.left_out:
                    totals.left_out += 1
                    continue
                if result.error is not None:
                    warn(f"error: {where_of(result)}: {result.error}")
                    if spec.on_error == "fail":
                        raise RunError(f"{where_of(result)}: {result.error} (--on-error fail)", EXIT_FAILED)
                if result.record is not None and not (result.error and spec.on_error == "skip"):
                    records.append(result.record)
                elif result.data is not None and spec.format == "conll":
                    records.append(result.data)  # a sentence that could not be read, as it was
                log_rows.extend(result.log)
            writer.write(records)
            log.write(log_rows)
            progress.advance(len({result.row for result in results}))
        writer.close()
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
        restore_signal_handlers(previous)
    report_totals(totals, "stdout", started, note, warn)
    return EXIT_INCOMPLETE if totals.errors else EXIT_OK


