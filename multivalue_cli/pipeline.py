"""The data path: records -> field selection -> batches -> worker pool -> results in order.

Each worker process loads spaCy once and parses and rewrites whole batches of texts; only
texts and edits cross process boundaries. At most ``2 x workers`` batches are in flight, so
memory stays flat however large the input, and results are consumed in submission order, so
output order equals input order. ``workers=1`` runs in-process on the same code path.

A record is transformed whole or not at all: if one of its fields is missing, null or not
text, or a rule raised on one of its texts, the record comes back unchanged with the reason
(the caller decides whether to pass it through, skip it, or stop).
"""
from __future__ import annotations

import multiprocessing as mp
import signal
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from .engine import AppliedEdit
from .fields import assign, select
from .profiles import Profile
from .sources import BadRecord
from .writers import edit_rows

# One unit of work: (row number, concrete field path, text).
Task = tuple[int, str, str]
Outcome = tuple[str, list[AppliedEdit], list[str]]  # new text, edits, rule failures


@dataclass(frozen=True)
class JobConfig:
    """What a worker needs to rebuild the transformer (cheap to pickle)."""

    profile: Profile
    seed: int
    model: str | None = None
    parse_batch_size: int = 256


@dataclass
class RecordResult:
    """One input record after transformation (or the reason it was not transformed)."""

    row: int
    record: dict | None  # None when the record could not even be read
    log: list[tuple] = field(default_factory=list)  # edit-log rows
    texts: int = 0
    texts_changed: int = 0
    error: str | None = None  # why the record was left unchanged
    where: str | None = None  # for unreadable records: file and line
    raw: str | None = None  # for unreadable records: the text as read


# ----------------------------------------------------------------------------- workers

_TRANSFORMER = None


def _init_worker(config: JobConfig, in_worker: bool = True) -> None:
    global _TRANSFORMER
    from .nlp import limit_threads

    limit_threads()
    if in_worker:
        # Ctrl-C reaches every process of the terminal's group: the main process decides and
        # stops the workers (with SIGTERM, which must then simply end them).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from .transformer import Transformer

    _TRANSFORMER = Transformer(
        dialect=config.profile, seed=config.seed, model=config.model,
        batch_size=config.parse_batch_size,
    )
    _TRANSFORMER.nlp  # load the pipeline and the inflection tables now, not on the first batch
    from .morphology import warm_up

    warm_up()


def _process(tasks: Sequence[Task]) -> list[Outcome]:
    assert _TRANSFORMER is not None, "worker not initialised"
    results = _TRANSFORMER.explain_many(
        [t[2] for t in tasks], keys=[t[0] for t in tasks], paths=[t[1] for t in tasks]
    )
    return [(r.text, r.edits, r.failures) for r in results]


class WorkerPool:
    """Ordered, bounded map of :func:`_process` over batches, in-process when ``workers == 1``."""

    def __init__(self, config: JobConfig, workers: int) -> None:
        self.workers = workers
        self._pool = None
        if workers > 1:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self._pool = ctx.Pool(workers, initializer=_init_worker, initargs=(config,))
        else:
            _init_worker(config, in_worker=False)

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        if self._pool is None:
            for payload, tasks in batches:
                yield payload, _process(tasks) if tasks else []
            return
        in_flight: deque = deque()
        limit = 2 * self.workers
        for payload, tasks in batches:
            in_flight.append((payload, self._pool.apply_async(_process, (tasks,))))
            while len(in_flight) >= limit:
                done_payload, result = in_flight.popleft()
                yield done_payload, result.get()
        while in_flight:
            done_payload, result = in_flight.popleft()
            yield done_payload, result.get()

    def close(self) -> None:
        if self._pool is not None:
            self._pool.close()
            self._pool.join()

    def terminate(self) -> None:
        if self._pool is not None:
            self._pool.terminate()
            self._pool.join()


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
    rows: Iterable[tuple[int, dict | BadRecord]], paths: Sequence[str], batch_size: int,
    keep_original: Sequence[str],
) -> Iterator[tuple[list[_Pending], list[Task]]]:
    """Group records so that each batch holds about ``batch_size`` texts."""
    pending: list[_Pending] = []
    tasks: list[Task] = []
    for row, record in rows:
        if isinstance(record, BadRecord):
            pending.append(_Pending(row, record, [], []))
            continue
        for name in keep_original:
            record[f"{name}_original"] = record.get(name)
        located, problems = select(record, paths)
        mine = [] if problems else [(row, path, text) for path, text in located]
        pending.append(_Pending(row, record, mine, problems))
        tasks.extend(mine)
        if len(tasks) >= batch_size:
            yield pending, tasks
            pending, tasks = [], []
    if pending:
        yield pending, tasks


def _finish(item: _Pending, outcomes: list[Outcome]) -> RecordResult:
    if isinstance(item.record, BadRecord):
        bad = item.record
        return RecordResult(item.row, None, error=bad.reason, where=bad.where, raw=bad.raw)
    if item.problems:
        return RecordResult(item.row, item.record, error="; ".join(item.problems))
    failures = [f"{path}: rule {failure}" for (_, path, _), (_, _, fails) in zip(item.tasks, outcomes)
                for failure in fails]
    if failures:
        return RecordResult(item.row, item.record, error="; ".join(failures))
    result = RecordResult(item.row, item.record, texts=len(item.tasks))
    for (row, path, text), (new_text, edits, _) in zip(item.tasks, outcomes):
        if new_text != text:
            result.texts_changed += 1
            assign(item.record, path, new_text)
        result.log.extend(edit_rows(row, path, edits))
    return result


def transform_records(
    rows: Iterable[tuple[int, dict | BadRecord]],
    paths: Sequence[str],
    config: JobConfig,
    *,
    workers: int = 1,
    batch_size: int = 256,
    keep_original: Sequence[str] = (),
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
        work = ((pending, tasks) for pending, tasks in _batches(rows, paths, batch_size, keep_original))
        for pending, outcomes in pool.map_ordered(work):
            results, position = [], 0
            for item in pending:
                mine = outcomes[position:position + len(item.tasks)]
                position += len(item.tasks)
                results.append(_finish(item, mine))
            yield results
        pool.close()
    except BaseException:
        pool.terminate()
        raise
