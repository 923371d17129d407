"""The data path: records -> field selection -> batches -> worker pool -> results in order.

Each worker process loads spaCy once and parses and rewrites whole batches of texts; only
texts and edits cross process boundaries. At most ``2 x workers`` batches are in flight, so
memory stays flat however large the input, and results are consumed in submission order, so
output order equals input order. ``workers=1`` runs in-process on the same code path.

A record is transformed whole or not at all: if one of its fields is missing, null or not
text (a string with lone surrogates is not text), or a rule or the parser raised on one of its
texts, the record comes back unchanged with the reason (the caller decides whether to pass it
through, skip it, or stop). A worker process that dies (killed, out of memory) ends the run
with :class:`WorkerDied`, never a hang.
"""
from __future__ import annotations

import gc
import json
import multiprocessing as mp
import signal
import time
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Iterator, Sequence

from ..engine.apply import AppliedEdit
from ..io.fields import assign, select, values_at
from ..io.jsontext import has_surrogates
from ..profiles import Profile
from ..protection import Protection
from ..io.sources import BadRecord
from ..io.writers import edit_rows

if TYPE_CHECKING:
    from ..learner import ErrorConfig

# One unit of work: (row number, concrete field path, text, terms the learner errors must not
# touch, counterfactual pair value or None).
Task = tuple[int, str, str, tuple[str, ...], object]
# new text, edits, rule failures, learner stats (distance, unprotected, capacity, expected) or
# None, and for the first member of a counterfactual pair (dialect sites carried over, blocked)
Outcome = tuple[str, list[AppliedEdit], list[str], "tuple | None", "tuple[int, int] | None"]


@dataclass(frozen=True)
class JobConfig:
    """What a worker needs to rebuild the transformer (cheap to pickle)."""

    profile: Profile | None
    seed: int
    model: str | None = None
    parse_batch_size: int = 256
    errors: "ErrorConfig | None" = None  # learner errors to inject after the dialect
    protection: Protection = Protection()  # binds every stage
    cache_size: int = 2_000  # parsed texts kept per worker (0: none); never changes the output


@dataclass(frozen=True)
class Rebuild:
    """A field derived from a rewritten text, made again from the new text (Spider's
    ``question_toks`` from ``question``); left as it was where the text did not change."""

    field: str
    source: str
    tokenizer: str = "treebank"

    def make(self, text: str) -> list[str]:
        from ..io.tokenize import tokenize

        return tokenize(text, self.tokenizer)


@dataclass(frozen=True)
class RecordPlan:
    """What to do with each record: the texts to rewrite and what to keep safe in them."""

    paths: tuple[str, ...]
    keep_original: tuple[str, ...] = ()
    protect_fields: tuple[str, ...] = ()  # paths whose values no stage may touch in the texts
    protect_sql: tuple[str, ...] = ()  # paths of SQL whose value literals are protected
    pair_key: str | None = None  # records sharing its value are a counterfactual pair
    rebuild: tuple[Rebuild, ...] = ()


@dataclass
class RecordResult:
    """One input record after transformation (or the reason it was not transformed)."""

    row: int
    record: dict | None  # None when the record could not even be read
    log: list[tuple] = field(default_factory=list)  # edit-log rows
    learner: list[tuple] = field(default_factory=list)  # per text: distance, unprotected, capacity, expected, per label, path
    texts: int = 0
    texts_changed: int = 0
    pairs: int = 0  # counterfactual pairs this record's texts begin
    pair_edits_carried: int = 0  # dialect sites given to every member of those pairs
    pair_edits_blocked: int = 0  # dialect sites not given: the members' parses disagreed
    error: str | None = None  # why the record was left unchanged
    where: str | None = None  # for unreadable records: file and line
    raw: str | None = None  # for unreadable records: the text as read
    data: bytes | None = None  # for unreadable lines: their bytes


class WorkerDied(Exception):
    """A worker process ended while it held work (killed by a signal, out of memory)."""

    @classmethod
    def holding(cls, tasks: Sequence["Task"], who: str = "a worker process") -> "WorkerDied":
        rows = sorted({t[0] for t in tasks})
        span = f"rows {rows[0]}-{rows[-1]}" if rows else "a batch"
        return cls(f"{who} died (killed, or out of memory?) while it held the batch of {span}")


# ----------------------------------------------------------------------------- workers

_TRANSFORMER = None
_WORKER_FAULT = None  # set in each worker: see job.FaultInjector ("worker:n" kills a worker)


def _init_worker(config: JobConfig, in_worker: bool = True) -> None:
    global _TRANSFORMER, _WORKER_FAULT
    from .job import FaultInjector
    from ..engine.nlp import limit_threads

    _WORKER_FAULT = FaultInjector()

    limit_threads()
    if in_worker:
        # Ctrl-C reaches every process of the terminal's group: the main process decides and
        # stops the workers (with SIGTERM, which must then simply end them).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from ..transformer import Transformer

    _TRANSFORMER = Transformer(
        dialect=config.profile, seed=config.seed, model=config.model,
        batch_size=config.parse_batch_size, errors=config.errors, protection=config.protection,
        cache_size=config.cache_size,
    )
    # load the pipeline, the rules and the inflection tables now, not on the first batch
    _TRANSFORMER.nlp, _TRANSFORMER.engine, _TRANSFORMER.injector
    from ..engine.morphology import warm_up

    warm_up()
    # The pipeline and the inflection tables are millions of long-lived objects: a full
    # garbage collection walked them all (~0.1 s each, ~5% of a run). Frozen, collections
    # only look at objects made after this point.
    gc.freeze()


def _process(tasks: Sequence[Task]) -> list[Outcome]:
    """Rewrite a batch; if the batch fails as a whole (the parser raised on one text), rewrite
    its texts one by one, so that only the text at fault fails."""
    assert _TRANSFORMER is not None, "worker not initialised"
    _WORKER_FAULT.check("worker")
    try:
        return _process_batch(tasks)
    except Exception:  # noqa: BLE001 - isolated below, text by text
        if len(tasks) == 1:
            return [_failed(tasks[0])]
        return [_process_one(task) for task in tasks]


def _process_one(task: Task) -> Outcome:
    try:
        return _process_batch([task])[0]
    except Exception:  # noqa: BLE001 - reported as this text's failure
        return _failed(task)


def _failed(task: Task) -> Outcome:
    import sys

    exc = sys.exc_info()[1]
    return (task[2], [], [f"could not be parsed and rewritten ({type(exc).__name__}: {exc})"], None, None)


def _process_batch(tasks: Sequence[Task]) -> list[Outcome]:
    if any(t[4] is not None for t in tasks):
        return _process_pairs(tasks)
    results = _TRANSFORMER.explain_many_with_stats(
        [t[2] for t in tasks], keys=[t[0] for t in tasks], paths=[t[1] for t in tasks],
        protected=[t[3] for t in tasks],
    )
    return [(r.text, r.edits, _rule_failures(r), _stats(s), None) for r, s in results]


def _rule_failures(result) -> list[str]:
    return [f"rule {failure}" for failure in result.failures]


def _process_pairs(tasks: Sequence[Task]) -> list[Outcome]:
    """Members of a counterfactual pair (same pair value, same field path) get identical edits."""
    outcomes: list[Outcome | None] = [None] * len(tasks)
    groups: dict[tuple, list[int]] = {}
    for k, (_, path, _, _, pair) in enumerate(tasks):
        groups.setdefault((pair, path), []).append(k)
    for (pair, path), members in groups.items():
        results, carried, blocked = _TRANSFORMER.explain_pair(
            [tasks[k][2] for k in members], [tasks[k][0] for k in members], path,
            [tasks[k][3] for k in members], pair)
        for n, (k, (r, s)) in enumerate(zip(members, results)):
            counts = (carried, blocked) if n == 0 and len(members) > 1 else None
            outcomes[k] = (r.text, r.edits, _rule_failures(r), _stats(s), counts)
    return outcomes  # type: ignore[return-value]


def _stats(stats) -> tuple | None:
    if stats is None:
        return None
    return (stats.distance, stats.unprotected, stats.capacity, stats.expected, stats.per_label)


class WorkerPool:
    """Ordered, bounded map of :func:`_process` over batches, in-process when ``workers == 1``.

    A process pool from ``concurrent.futures``: unlike ``multiprocessing.Pool``, it notices a
    worker that dies and fails the work it held (``multiprocessing.Pool`` waits forever)."""

    def __init__(self, config: JobConfig, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        if workers > 1:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self._pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=_init_worker,
                                             initargs=(config,))
        else:
            _init_worker(config, in_worker=False)

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        if self._pool is None:
            for payload, tasks in batches:
                yield payload, _process(tasks) if tasks else []
            return
        in_flight: deque = deque()
        limit = 2 * self.workers
        try:
            for payload, tasks in batches:
                in_flight.append((payload, tasks, None))
                in_flight[-1] = (payload, tasks, self._pool.submit(_process, tasks))
                while len(in_flight) >= limit:
                    payload, _, future = in_flight[0]
                    yield payload, future.result()
                    in_flight.popleft()
            while in_flight:
                payload, _, future = in_flight[0]
                yield payload, future.result()
                in_flight.popleft()
        except BrokenProcessPool:  # the oldest batch still held is the first one lost
            raise WorkerDied.holding(in_flight[0][1] if in_flight else []) from None

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)

    def terminate(self) -> None:
        if self._pool is not None:
            for process in list((self._pool._processes or {}).values()):  # stop work in progress
                process.terminate()
            self._pool.shutdown(wait=True, cancel_futures=True)


def make_pool(config: JobConfig, workers: int, *, engine: str = "local",
              ray_address: str | None = None, ray_cpus_per_actor: float = 1.0):
    """The worker pool of ``engine``: local processes, or Ray actors (``workers`` of them)."""
    if engine == "ray":
        from .ray_pool import RayPool

        return RayPool(config, workers, address=ray_address, cpus_per_actor=ray_cpus_per_actor)
    return WorkerPool(config, workers)


# ----------------------------------------------------------------------------- driver


@dataclass
class _Pending:
    row: int
    record: dict | BadRecord
    tasks: list[Task]
    problems: list[str]


def _batches(
    rows: Iterable[tuple[int, dict | BadRecord]], plan: RecordPlan, batch_size: int,
) -> Iterator[tuple[list[_Pending], list[Task]]]:
    """Group records so that each batch holds about ``batch_size`` texts (never splitting the
    members of a counterfactual pair, which must be consecutive records)."""
    pending: list[_Pending] = []
    tasks: list[Task] = []
    current_pair: object = None
    pair_key = plan.pair_key
    for row, record in rows:
        pair = record.get(pair_key) if pair_key and isinstance(record, dict) else None
        if len(tasks) >= batch_size and (pair is None or pair != current_pair):
            yield pending, tasks
            pending, tasks = [], []
        current_pair = pair
        if isinstance(record, BadRecord):
            pending.append(_Pending(row, record, [], []))
            continue
        for name in plan.keep_original:
            record[f"{name}_original"] = record.get(name)
        located, problems = select(record, plan.paths)
        problems += [f"{path}: not Unicode text (it holds a lone surrogate)"
                     for path, text in located if not text.isascii() and has_surrogates(text)]
        mine = [] if problems else [
            (row, path, text, protected_terms(record, plan, text), _hashable(pair))
            for path, text in located
        ]
        pending.append(_Pending(row, record, mine, problems))
        tasks.extend(mine)
    if pending:
        yield pending, tasks


def protected_terms(record: dict, plan: RecordPlan, text: str) -> tuple[str, ...]:
    """The strings no stage may touch in ``text``: the values of the protect-field paths
    (strings, lists of them, or [start, end] character spans into the text), and the value
    literals of the SQL at the protect-SQL paths."""
    if not plan.protect_fields and not plan.protect_sql:
        return ()
    from ..protection import spans_from_field, sql_literals

    terms: list[str] = []
    for path in plan.protect_fields:
        for value in values_at(record, path):
            try:
                spans = spans_from_field(text, value)
            except ValueError:
                spans = []  # a span for another text of the record
            terms.extend(text[start:end] for start, end in spans)
    for path in plan.protect_sql:
        for value in values_at(record, path):
            if isinstance(value, str):
                terms.extend(sql_literals(value))
    return tuple(dict.fromkeys(t for t in terms if t.strip()))


def _hashable(value: object) -> object:
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else value


def _finish(item: _Pending, outcomes: list[Outcome], rebuild: Sequence[Rebuild] = ()) -> RecordResult:
    if isinstance(item.record, BadRecord):
        bad = item.record
        return RecordResult(item.row, None, error=bad.reason, where=bad.where, raw=bad.raw,
                            data=bad.data)
    if item.problems:
        return RecordResult(item.row, item.record, error="; ".join(item.problems))
    failures = [f"{task[1]}: {failure}" for task, outcome in zip(item.tasks, outcomes)
                for failure in outcome[2]]
    if failures:
        return RecordResult(item.row, item.record, error="; ".join(failures))
    result = RecordResult(item.row, item.record, texts=len(item.tasks))
    for (row, path, text, _, _), (new_text, edits, _, learner, pair) in zip(item.tasks, outcomes):
        if learner is not None:
            result.learner.append((*learner, path))
        if pair is not None:
            result.pairs += 1
            result.pair_edits_carried += pair[0]
            result.pair_edits_blocked += pair[1]
        if new_text != text:
            result.texts_changed += 1
            assign(item.record, path, new_text)
            for derived in rebuild:
                if derived.source == path and derived.field in item.record:
                    item.record[derived.field] = derived.make(new_text)
        result.log.extend(edit_rows(row, path, edits))
    return result


def transform_records(
    rows: Iterable[tuple[int, dict | BadRecord]],
    plan: RecordPlan,
    config: JobConfig,
    *,
    workers: int = 1,
    batch_size: int = 256,
    stats: dict | None = None,
    engine: str = "local",
    ray_address: str | None = None,
    ray_cpus_per_actor: float = 1.0,
) -> Iterator[list[RecordResult]]:
    """Transform records; yield the results batch by batch, in input order.

    ``stats`` (optional) receives ``startup_seconds`` (pool start and model load)."""
    started = time.perf_counter()
    pool = make_pool(config, workers, engine=engine, ray_address=ray_address,
                     ray_cpus_per_actor=ray_cpus_per_actor)
    if stats is not None:
        stats["startup_seconds"] = time.perf_counter() - started
    try:
        # Only the tasks go to the workers; the records wait here as the payload.
        batches = _batches(rows, plan, batch_size)
        work = ((pending, tasks) for pending, tasks in batches)
        for pending, outcomes in pool.map_ordered(work):
            results, position = [], 0
            for item in pending:
                mine = outcomes[position:position + len(item.tasks)]
                position += len(item.tasks)
                results.append(_finish(item, mine, plan.rebuild))
            yield results
        pool.close()
    except BaseException:
        pool.terminate()
        raise
