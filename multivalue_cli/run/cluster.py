"""The cluster engine: tasks on a Ray cluster read the input and write the shards; the driver
holds no data.

A run into an output folder with ``--engine ray`` goes in three steps:

1. **Plan.** For a JSON Lines file, one task per byte range (:mod:`..io.ranges`) counts its
   rows and lines, marks where every 1,000th row starts, hashes its bytes and infers its part
   of the schema. The driver adds these up in order: global row numbers (the key of each row's
   randomness), line numbers (for ``errors.jsonl``), the schema (merged in the order one
   reader would have met the columns) and the input's fingerprint are those of a local run.
   For Parquet files (one, or a folder of them), tasks read each file's footer (the rows of
   each row group, :mod:`..io.rowgroups`) and hash its byte ranges (the fingerprint a local run
   computes); the schema is the files'. A ``.jsonl.gz`` is hashed as it is (its fingerprint
   stays that of a local run, so a resume may change engines), then one task writes it
   uncompressed into ``OUT/.work/input.jsonl`` and the plan runs on that copy, removed when
   the run ends.
2. **Shards.** Each actor loads spaCy once and is given shards one after another: shard ``k``
   (rows ``[k x S, (k+1) x S)``) is read from its place in the file (or from the row groups
   that hold it), rewritten with the run's own code and written under ``OUT/.work`` with the
   run's own writers (data, edit log, errors, learner statistics), then its completion marker
   (:mod:`.journal`). A run of several dialects (or ``--mix``, ``--variants``,
   ``--changed-only``) parses each text once, as a local run does, and writes shard ``k`` of
   every dialect's folder in the same task. Names depend on ``k`` only, so the layout is that
   of a local run whatever the engine or the workers.
3. **Commit.** The driver journals each shard's entry as it comes back (in any order), checks
   the sizes of its files (the digests are the task's), and finishes the folder as a local
   run does: renames, ``errors.jsonl``, card, manifest.

A resume keeps every shard whose marker (or journal line) and file sizes check out and runs
the others, in any order. Faults are bounded: a shard whose actor dies (a node lost) runs again
on another; one that fails :data:`SHARD_ATTEMPTS` times ends the run ("rerun with --resume");
an actor whose shard makes no progress for ``--worker-timeout`` is replaced, and a run in which
nothing moves for that long stops instead of waiting.

The input and the output folder must be at the same path on every node (a shared or
network filesystem), or the input a URL every node reads (each task opens it through fsspec,
:mod:`..io.storage`; the output folder's files are renamed into place, so it stays a path).
Other inputs (JSON documents, CSV, CoNLL, ``save_to_disk`` folders, stdin, hub datasets),
``--pair-key`` (a pair may straddle two shards), fields keyed by their text and
``--format conll`` run with Ray actors for the parse only (:mod:`.ray_pool`); the start-up note
says why (:func:`driver_reason`).
"""
from __future__ import annotations

import math
import time
from collections import Counter, deque
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Iterable, Iterator

import pyarrow as pa
import ray

from ..errors import MultivalueError
from ..io.arrowschema import SchemaBuilder, Untypable
from ..io.ranges import (
    MARK_EVERY, RANGE_BYTES, RangeScan, range_digest, ranges_of, scan_range, uncompressed_copy,
)
from ..io.rowgroups import RowGroupShard, row_group_shards, row_group_sizes, rows_of_shard
from ..io.sources import FULL_HASH_BYTES, BadRecord, file_fingerprint, jsonl_rows_at, path_fingerprint
from .folder import FolderRun, with_originals
from .journal import write_marker
from .pipeline import transform_here
from .progress import RunProgress
from .ray_pool import actor_env, restore_auth_environment, start_ray, versions
from .spec import EXIT_FAILED, RunError, original_clash
from .tuning import tune_process
from .worker import JobConfig, init_worker

SHARD_ATTEMPTS = 3  # a shard that fails this many times ends the run
POLL_SECONDS = 2.0  # how often the driver asks the busy actors how far they are


COPY_NAME = "input.jsonl"  # under OUT/.work: a gzipped input's uncompressed copy, while the run lasts


def cluster_input(source) -> str | None:
    """What kind of input the tasks can read in parts: ``jsonl``, ``jsonl.gz`` (copied
    uncompressed first), ``parquet``; None for any other."""
    files, description = source.files, source.description
    if source.stdin or not files:
        return None
    if description.startswith("jsonl:") and len(files) == 1:
        return "jsonl.gz" if files[0].name.lower().endswith(".gz") else "jsonl"
    if description.startswith("parquet:") and all(f.name.lower().endswith(".parquet") for f in files):
        return "parquet"
    return None


def runs_on_cluster(spec, opts, source, plan, fanout) -> bool:
    """Whether the tasks can read and write this run themselves (see the module's notes)."""
    return (opts.engine == "ray" and opts.out is not None and cluster_input(source) is not None
            and plan.pair_key is None and not plan.text_keyed and spec.format != "conll")


def driver_reason(spec, source, plan) -> str:
    """Why a run with ``--engine ray`` reads and writes in the driver, and what would let the
    cluster's tasks do it (the note at start-up)."""
    if source.stdin:
        return "stdin is read here: write it to a file every node sees and give its path"
    if source.description.startswith("hf:"):
        return ("a hub dataset is streamed here: write it to a Parquet or JSON Lines file every "
                "node sees first (datasets' to_parquet) and give its path")
    if source.description.startswith("sample:"):
        return "the bundled sample is read here: give the path of a file every node sees"
    if cluster_input(source) is None:
        return ("the tasks read JSON Lines (.jsonl, .jsonl.gz) and Parquet files: convert the "
                "input to one of those, on a filesystem every node sees")
    if plan.pair_key is not None:
        return ("--pair-key: a counterfactual pair may straddle two shards, so the shards are "
                "read in order here")
    if plan.text_keyed:
        return ("fields keyed by their text (--key-by-text, or a --task preset's): what a text "
                "protects wherever it recurs is gathered from the whole input, here")
    return "--format conll writes its files from the whole input, here"


@dataclass(frozen=True)
class ShardTask:
    """Shard ``index``: ``rows`` rows from ``first_row``, found by reading from ``offset`` (the
    start of line ``first_line``) and passing over ``skip`` rows."""

    index: int
    first_row: int
    rows: int
    offset: int
    first_line: int
    skip: int


def shard_tasks(scans: list[RangeScan], shard_size: int, total: int) -> list[ShardTask]:
    """Where each shard of ``total`` rows starts, from the ranges' scans."""
    tasks: list[ShardTask] = []
    row_base = line_base = 0
    ranges = iter(scans)
    scan = next(ranges, None)
    for index in range(math.ceil(total / shard_size)):
        first = index * shard_size
        while first >= row_base + scan.rows:
            row_base, line_base = row_base + scan.rows, line_base + scan.lines
            scan = next(ranges)
        mark = scan.marks[(first - row_base) // MARK_EVERY]
        tasks.append(ShardTask(index, first, min(shard_size, total - first), mark.offset,
                               line_base + mark.line + 1, first - row_base - mark.row))
    return tasks


# ------------------------------------------------------------------------ the tasks


def _scan_part(path: Path, start: int, end: int, cap: int, keep: list[str], added: dict
               ) -> tuple[RangeScan, SchemaBuilder | None]:
    """A range's scan and the schema of its records, with the columns the run adds (None when
    they cannot be typed: a reader of the whole input says why, with the row)."""
    scan = scan_range(path, start, end, cap)
    return scan, _range_schema(path, scan, cap, keep, added, scan.rows)


def _range_schema(path: Path, scan: RangeScan, cap: int, keep: list[str], added: dict, rows: int
                  ) -> SchemaBuilder | None:
    """The schema of the first ``rows`` records of a range (None: they cannot be typed)."""
    builder = SchemaBuilder()
    if not rows:
        return builder
    first = scan.marks[0].offset
    records = islice(jsonl_rows_at(path, first, 1 if first == 0 else 2, str(path), cap), rows)
    try:
        for row, record in enumerate(records):
            if not isinstance(record, BadRecord):
                builder.add(row, {**with_originals(record, keep), **added})
    except Untypable:
        return None
    return builder


def _whole_schema_problem(path: Path, cap: int, keep: list[str], added: dict, limit: int | None) -> str:
    """Why the input's records cannot be typed, as one reader of the whole input says it."""
    builder = SchemaBuilder()
    try:
        for row, record in enumerate(islice(jsonl_rows_at(path, 0, 1, str(path), cap), limit)):
            if not isinstance(record, BadRecord):
                builder.add(row, {**with_originals(record, keep), **added})
        builder.schema()
    except Untypable as exc:
        return str(exc)
    return "the parts of the input hold values of different types"


class _ShardWriter:
    """A Ray actor: spaCy loaded once, then shards one after another."""

    def __init__(self, config: JobConfig, writer: FolderRun, reader: "_Reader") -> None:
        tune_process()
        init_worker(config, in_worker=False)
        self.model, self.writer, self.reader = config.model, writer, reader
        self.done = 0

    def versions(self) -> dict[str, str]:
        return versions(self.model)

    def rows_done(self) -> int:
        """How far the current shard is (asked while it runs: the actor has two threads)."""
        return self.done

    def write(self, task: "ShardTask | RowGroupShard") -> dict:
        self.done = 0
        writer = self.writer
        assemble = writer.fanout.assembler(writer.plan) if writer.fanout is not None else None
        entry = writer.write_shard(task.index, task.first_row, self._counted(transform_here(
            self._numbered(self.reader.rows(task), task.first_row), writer.plan,
            writer.opts.batch_size, assemble)))
        write_marker(writer.work, entry)
        return entry

    def _numbered(self, rows: Iterable, first_row: int) -> Iterator[tuple[int, Any]]:
        for row, record in enumerate(rows, start=first_row):
            if isinstance(record, BadRecord) and self.writer.spec.on_error == "fail":
                raise record.error()
            yield row, record

    def _counted(self, batches: Iterable[list]) -> Iterator[list]:
        for batch in batches:
            yield batch
            self.done += len(batch)


@dataclass(frozen=True)
class _Reader:
    """How an actor reads a shard's rows: from its place in a JSON Lines file, or from the row
    groups of Parquet files (``where``: the input as named, for messages)."""

    files: tuple[Path, ...]
    where: tuple[str, ...]
    cap: int

    def rows(self, task: "ShardTask | RowGroupShard") -> Iterable:
        if isinstance(task, RowGroupShard):
            return rows_of_shard(self.files, task, self.where)
        return islice(jsonl_rows_at(self.files[0], task.offset, task.first_line, self.where[0], self.cap),
                      task.skip, task.skip + task.rows)


# ------------------------------------------------------------------------ the driver


class ClusterRun(FolderRun):
    """A run into an output folder whose shards are read and written by tasks on Ray."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.hash_files = False  # the tasks hashed their files; the driver checks their sizes
        self.kind = cluster_input(self.source)
        self.files = tuple(path.resolve() for path in self.source.files)  # the same on every node
        self.path = self.files[0]  # the JSON Lines file the ranges are of
        self.where = self.source.description.split(":", 1)[1]  # the input as named, for messages
        self.cap = self.spec.max_line_bytes()
        self.added = self.fanout.layout.added_values() if self.fanout is not None else {}
        self._copied = False  # a gzipped input's copy made in the work folder
        self._builder: SchemaBuilder | None = None
        self._scans: list[RangeScan] | None = None
        self._groups: list[list[int]] | None = None  # rows of each row group of each Parquet file
        self._owns_ray = False
        self._note: Any = None

    def reader(self) -> _Reader:
        """How the actors read the shards' rows."""
        if self.kind == "parquet":
            return _Reader(self.files, tuple(str(path) for path in self.source.files), self.cap)
        return _Reader((self.path,), (self.where,), self.cap)

    def _run(self, config: JobConfig, rows, note, warn, progress: RunProgress) -> None:
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            start_ray(self.opts.ray_address, math.ceil(self.opts.workers * self.opts.ray_cpus_per_actor))
        try:
            started, self._note = time.time(), note
            if self.kind == "jsonl":
                self._plan()
            else:  # the input's fingerprint from its bytes; a gzipped file is planned once copied
                self._fingerprint()
            if self.kind == "parquet":
                footer = self._task(row_group_sizes)
                self._groups = _gathered([footer.remote(path, str(name)) for path, name
                                          in zip(self.files, self.source.files)], self._timeout())
            self._begin(note, warn)
            if self.kind == "jsonl.gz" and self._scans is None:  # a resume: no format chosen
                self._plan_copy()
            planned = time.time()
            tasks = self._shard_tasks()
            if len(tasks) < 2 * self.opts.workers:
                warn(f"note: {len(tasks)} shard(s) of {self.spec.shard_size:,} rows for "
                     f"{self.opts.workers} workers: some workers will wait; a smaller --shard-size "
                     "gives each at least two")
            finished = {shard["index"] for shard in self.shards}
            if finished:
                note(f"resuming: {len(finished)} finished shard(s) kept")
            progress.start(self._total(), sum(shard["rows"][1] - shard["rows"][0] for shard in self.shards))
            self._run_shards(config, [t for t in tasks if t.index not in finished], progress)
            self._remove_copy()
            self.shards.sort(key=lambda shard: shard["index"])
            self.timings = {"startup_seconds": round(planned - started, 3),
                            "processing_seconds": round(time.time() - planned, 3)}
            self._finalize()
        finally:
            self._remove_copy()
            if self._owns_ray and ray.is_initialized():
                ray.shutdown()
                restore_auth_environment()

    def _task(self, function):
        """A function as a task of the cluster."""
        return ray.remote(function).options(num_cpus=self.opts.ray_cpus_per_actor,
                                            runtime_env={"env_vars": actor_env()})

    def _timeout(self) -> float | None:
        return self.opts.worker_timeout or None

    def _total(self) -> int:
        """The rows of the run: the input's, at most ``--limit``."""
        if self._groups is not None:
            total = sum(sum(sizes) for sizes in self._groups)
        else:
            total = sum(scan.rows for scan in self._scans)
        return total if self.source.limit is None else min(total, self.source.limit)

    def _shard_tasks(self) -> list:
        if self._groups is not None:
            return row_group_shards(self._groups, self.spec.shard_size, self._total())
        return shard_tasks(self._scans, self.spec.shard_size, self._total())

    # -- plan -----------------------------------------------------------------------------

    def _fingerprint(self) -> None:
        """The input's fingerprint as a local run works it out, by tasks: the digests of the
        byte ranges of each file (a bigger file's edges and time, read by a task too)."""
        digest, whole = self._task(range_digest), self._task(path_fingerprint)
        sizes = [path.stat().st_size for path in self.files]
        refs = [[digest.remote(path, start, end) for start, end in ranges_of(size)]
                if size <= FULL_HASH_BYTES else whole.remote(path) for path, size in zip(self.files, sizes)]
        flat = _gathered([ref for part in refs for ref in (part if isinstance(part, list) else [part])],
                         self._timeout())
        fingerprints = []
        for name, size, part in zip(self.source.files, sizes, refs):
            if isinstance(part, list):
                fingerprints.append(file_fingerprint(name, size, RANGE_BYTES, flat[:len(part)]))
                del flat[:len(part)]
            else:
                fingerprints.append({**flat.pop(0), "path": str(name)})
        self.source.known_fingerprint = {"files": fingerprints}

    def _choose_format(self, warn) -> None:
        if self.kind == "jsonl.gz":  # the records' types are those of the copy
            self._plan_copy()
        super()._choose_format(warn)

    def _plan_copy(self) -> None:
        """Copy a gzipped input uncompressed into the work folder (by a task), then plan on it."""
        copy = self.work / COPY_NAME
        self._note(f"note: uncompressing {self.where} into {copy} (removed when the run ends)")
        _gathered([self._task(_copy_part).remote(self.files[0], copy.resolve(), self.where)], None)
        self._copied, self.path = True, copy.resolve()
        self._plan(fingerprint=False)

    def _remove_copy(self) -> None:
        if self._copied:
            (self.work / COPY_NAME).unlink(missing_ok=True)

    def _plan(self, fingerprint: bool = True) -> None:
        """Scan the input's ranges on the cluster; the fingerprint and schema from them."""
        size = self.path.stat().st_size
        scan = self._task(_scan_part)
        parts = _gathered([scan.remote(self.path, start, end, self.cap, self.keep, self.added)
                           for start, end in ranges_of(size)], self._timeout())
        scans = [scan for scan, _ in parts]
        if fingerprint and size <= FULL_HASH_BYTES:
            self.source.known_fingerprint = {"files": [file_fingerprint(
                self.source.files[0], size, RANGE_BYTES, [scan.sha256 for scan in scans])]}
        elif fingerprint:  # a bigger file's is its edges and time, read by a task too
            self._fingerprint()
        builders = self._within_limit(scans, [builder for _, builder in parts])
        if all(builder is not None for builder in builders):
            self._builder = builders[0]
            try:
                for builder in builders[1:]:
                    self._builder.merge(builder)
            except Untypable:
                self._builder = None
        self._scans = scans

    def _within_limit(self, scans: list[RangeScan], builders: list) -> list:
        """The schemas of the ranges, of the first ``--limit`` rows only."""
        limit, base = self.source.limit, 0
        if limit is None:
            return builders
        for k, scan in enumerate(scans):
            if base + scan.rows >= limit:
                schema = ray.remote(_range_schema).options(runtime_env={"env_vars": actor_env()})
                cut = _gathered([schema.remote(self.path, scan, self.cap, self.keep, self.added,
                                               limit - base)], self.opts.worker_timeout or None)[0]
                return builders[:k] + [cut]
            base += scan.rows
        return builders

    def _inferred_schema(self, added: dict) -> tuple[pa.Schema, Any]:
        if self._builder is None:
            problem = ray.remote(_whole_schema_problem).options(runtime_env={"env_vars": actor_env()})
            raise Untypable(_gathered([problem.remote(self.path, self.cap, self.keep, self.added,
                                                      self.source.limit)], None)[0])
        clash = next((f"{n}_original" for n in self.keep if f"{n}_original" in self._builder.root), None)
        if clash is not None:
            raise original_clash(clash)
        return self._builder.schema(), self._builder.fits

    # -- shards ---------------------------------------------------------------------------

    def _run_shards(self, config: JobConfig, tasks: list[ShardTask], progress: RunProgress) -> None:
        """Run the shards on actors, each handed a shard as soon as it is free; record each as
        it comes back."""
        if not tasks:
            return
        pool = _Actors(self, config, min(self.opts.workers, len(tasks)))
        queue, attempts = deque(tasks), Counter()
        try:
            while queue or pool.busy:
                pool.hand_out(queue)
                for task, outcome in pool.wait():
                    if isinstance(outcome, dict):
                        self._record(outcome)
                        progress.advance(task.rows)
                        continue
                    attempts[task.index] += 1
                    if attempts[task.index] >= SHARD_ATTEMPTS:
                        raise RunError(f"shard {task.index} (rows {task.first_row}-"
                                       f"{task.first_row + task.rows - 1}) failed {SHARD_ATTEMPTS} "
                                       f"times ({outcome}); the finished shards are kept, rerun "
                                       "with --resume", EXIT_FAILED)
                    queue.appendleft(task)
        finally:
            pool.stop()

    def _record(self, entry: dict) -> None:
        """A shard a task finished: journaled, its files checked by their sizes."""
        from .resume import damaged_file

        bad = damaged_file(self.work, entry, hashed=False)
        if bad is not None:
            raise RunError(f"{self.work / bad}: a task wrote it but the driver does not see it "
                           "as written; is the output folder on a filesystem every node "
                           "shares?", EXIT_FAILED)
        self.shards.append(entry)
        self.shards.sort(key=lambda shard: shard["index"])
        self.journal.append(entry)
        self.faults.check("between-shards")


class _Actors:
    """The actors of a run: which is starting, which is free, which runs what, and how far."""

    def __init__(self, run: ClusterRun, config: JobConfig, count: int) -> None:
        # the folder as every node names it (a relative one is the driver's)
        writer = FolderRun(run.out.resolve(), None, run.spec, run.profile, run.opts, run.plan, run.started,
                           run.errors, run.fanout)
        writer.format, writer.schema = run.format, run.schema
        writer.fits = SchemaBuilder.from_schema(run.schema).fits if run.schema is not None else None
        self.run = run
        self.timeout = run.opts.worker_timeout or None
        self.model = config.model
        self.actor = ray.remote(_ShardWriter).options(
            num_cpus=run.opts.ray_cpus_per_actor, max_concurrency=2, max_restarts=0,
            runtime_env={"env_vars": actor_env()})
        self.args = (config, writer, run.reader())
        self.starting: dict[Any, Any] = {}  # ref of versions() -> actor
        self.free: list[Any] = []
        self.busy: dict[Any, tuple[Any, ShardTask]] = {}  # ref of write() -> actor, shard
        self.seen: dict[Any, tuple[int, float]] = {}  # actor -> rows done, when they last moved
        self.moved = time.monotonic()  # when anything last moved
        for _ in range(count):
            self._start()

    def _start(self) -> None:
        actor = self.actor.remote(*self.args)
        self.starting[actor.versions.remote()] = actor

    def hand_out(self, queue: deque) -> None:
        while self.free and queue:
            actor, task = self.free.pop(), queue.popleft()
            self.busy[actor.write.remote(task)] = (actor, task)
            self.seen[actor] = (0, time.monotonic())

    def wait(self) -> list[tuple[ShardTask, dict | str]]:
        """The shards that came back since last asked: their entries, or why they failed."""
        refs = list(self.starting) + list(self.busy)
        ready, _ = ray.wait(refs, num_returns=len(refs), timeout=POLL_SECONDS) if refs else ([], [])
        outcomes = []
        for ref in ready:
            self.moved = time.monotonic()
            if ref in self.starting:
                self._started(ref, self.starting.pop(ref))
                continue
            actor, task = self.busy.pop(ref)
            try:
                outcomes.append((task, ray.get(ref)))
                self.free.append(actor)
            except ray.exceptions.RayTaskError as exc:  # the task failed, the actor lives
                cause = exc.cause
                if isinstance(cause, MultivalueError):  # the input's or the user's problem
                    raise cause from None
                outcomes.append((task, f"{type(cause).__name__}: {cause}"))
                self.free.append(actor)
            except ray.exceptions.RayActorError as exc:  # its process or node is gone
                outcomes.append((task, f"its actor died: {str(exc).splitlines()[0]}"))
                self._replace(actor)
        return outcomes + self._stuck()

    def _started(self, ref, actor) -> None:
        try:
            theirs = ray.get(ref)
        except ray.exceptions.RayActorError:
            self._start()
            return
        mine = versions(self.model)
        if theirs != mine:
            raise RunError(f"a Ray node has other versions than the driver ({theirs} vs {mine}); "
                           "the output would differ: install the same on every node", EXIT_FAILED)
        self.free.append(actor)

    def _replace(self, actor) -> None:
        self.seen.pop(actor, None)
        ray.kill(actor)
        self._start()

    def _stuck(self) -> list[tuple[ShardTask, str]]:
        """The shards of actors that have not moved for the timeout (the actors are replaced);
        the run stops when nothing has moved for that long (no actor can be placed, say)."""
        stuck: list[tuple[ShardTask, str]] = []
        if self.timeout is None:
            return stuck
        now = time.monotonic()
        probes = {ref: actor.rows_done.remote() for ref, (actor, _) in self.busy.items()}
        waiting = list(probes.values())
        answered = set(ray.wait(waiting, num_returns=len(waiting), timeout=1.0)[0]) if waiting else set()
        for ref, (actor, task) in list(self.busy.items()):
            try:
                done = ray.get(probes[ref]) if probes[ref] in answered else None
            except ray.exceptions.RayActorError:
                done = None
            before, since = self.seen.get(actor, (0, now))
            if done is not None and done != before:
                self.seen[actor] = (done, now)
                self.moved = now
            elif now - since > self.timeout:
                del self.busy[ref]
                self._replace(actor)
                stuck.append((task, f"its actor did not move for {self.timeout:.0f}s"))
        if now - self.moved > self.timeout:
            raise RunError(f"no shard moved for {self.timeout:.0f}s (--worker-timeout): no actor "
                           "could run (is a node lost, or the cluster short of CPUs?); the "
                           "finished shards are kept, rerun with --resume", EXIT_FAILED)
        return stuck

    def stop(self) -> None:
        for actor in [*self.starting.values(), *self.free, *(a for a, _ in self.busy.values())]:
            ray.kill(actor)


def _copy_part(path: Path, copy: Path, where: str) -> int:
    """A task: the uncompressed copy of a gzipped input (:func:`..io.ranges.uncompressed_copy`)."""
    try:
        return uncompressed_copy(path, copy, where)
    except OSError as exc:
        raise RunError(f"cannot write the uncompressed copy of {where} to {copy}: "
                       f"{exc.strerror or exc}", EXIT_FAILED) from None


def _gathered(refs: list, timeout: float | None) -> list:
    """The results of tasks, a task's own error (a :class:`MultivalueError`) raised as it is."""
    try:
        return ray.get(refs, timeout=timeout)
    except ray.exceptions.GetTimeoutError:
        raise RunError(f"the input's parts were not all read within {timeout:.0f}s "
                       "(--worker-timeout): is the cluster short of CPUs?", EXIT_FAILED) from None
    except ray.exceptions.RayTaskError as exc:
        if isinstance(exc.cause, MultivalueError):
            raise exc.cause from None
        raise
