"""The data path: records -> field selection -> batches -> worker pool -> results in order.

Each worker (:mod:`.worker`) loads spaCy once and parses and rewrites whole batches of texts,
in local processes (:mod:`.local_pool`) or on Ray actors (:mod:`.ray_pool`); only texts and
edits cross process boundaries. At most ``2 x workers`` batches are in flight, so
memory stays flat however large the input, and results are consumed in submission order, so
output order equals input order. ``workers=1`` runs in-process on the same code path.

A record is transformed whole or not at all (:mod:`.texts`); one left unchanged comes back
with the reason (the caller decides whether to pass it through, skip it, or stop). A worker process that dies (killed, out of memory) ends the run
with :class:`.worker.WorkerDied`, never a hang; one that hangs is replaced (:mod:`.watchdog`).
"""
from __future__ import annotations

import json
import time
from typing import Callable, Iterable, Iterator

from ..io.sources import BadRecord
from .local_pool import WorkerPool
from .records import Task
from .texts import PendingRecord, RecordPlan, finish_all, keep_originals, prepare
from .watchdog import DEFAULT_WORKER_TIMEOUT
from .worker import JobConfig, process


def make_pool(config: JobConfig, workers: int, *, engine: str = "local",
              ray_address: str | None = None, ray_cpus_per_actor: float = 1.0,
              worker_timeout: float | None = DEFAULT_WORKER_TIMEOUT):
    """The worker pool of ``engine``: local processes, or Ray actors (``workers`` of them); a
    worker with no finished batch for ``worker_timeout`` seconds is replaced (see :mod:`.watchdog`)."""
    if engine == "ray":
        from .ray_pool import RayPool

        return RayPool(config, workers, address=ray_address, cpus_per_actor=ray_cpus_per_actor,
                       timeout=worker_timeout)
    return WorkerPool(config, workers, timeout=worker_timeout)


# ----------------------------------------------------------------------------- driver


# Pair values whose records ended, kept to tell a member that comes apart from its pair (some
# 150 bytes each).
PAIRS_REMEMBERED = 200_000


def _batches(
    rows: Iterable[tuple[int, dict | BadRecord]], plan: RecordPlan, batch_size: int,
) -> Iterator[tuple[list[PendingRecord], list[Task]]]:
    """Group records so that each batch holds about ``batch_size`` texts (never splitting the
    members of a counterfactual pair, which must be consecutive records). A record whose pair
    value an earlier, not adjacent, group of records had (one of the last
    :data:`PAIRS_REMEMBERED`) is not rewritten: it would get edits of its own, not its pair's,
    and the pair would no longer differ only where it did."""
    pending: list[PendingRecord] = []
    tasks: list[Task] = []
    current_pair: object = None
    pair_key = plan.pair_key
    ended: dict[object, int] = {}  # pair value -> first row of its group, once a group ends
    group_row = 0
    for row, record in rows:
        pair = record.get(pair_key) if pair_key and isinstance(record, dict) else None
        if len(tasks) >= batch_size and (pair is None or pair != current_pair):
            yield pending, tasks
            pending, tasks = [], []
        if pair_key and _hashable(pair) != _hashable(current_pair):
            if current_pair is not None:
                ended.setdefault(_hashable(current_pair), group_row)
                if len(ended) > PAIRS_REMEMBERED:
                    del ended[next(iter(ended))]  # the oldest
            group_row = row
        current_pair = pair
        if isinstance(record, BadRecord):
            pending.append(PendingRecord(row, record, [], []))
            continue
        earlier = ended.get(_hashable(pair)) if pair is not None else None
        if earlier is not None:
            pending.append(PendingRecord(row, record, [], [
                f"{pair_key}: {pair!r} is also the pair value of row {earlier}, which is not next "
                "to this record: the members of a counterfactual pair must be consecutive records "
                f"(sort the input by {pair_key})"]))
            continue
        clashing = keep_originals(record, plan.keep_original)
        item = PendingRecord(row, record, [], clashing) if clashing else prepare(row, record, plan, _hashable(pair))
        pending.append(item)
        tasks.extend(item.tasks)
    if pending:
        yield pending, tasks


def _hashable(value: object) -> object:
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else value


def transform_batches(
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
    worker_timeout: float | None = DEFAULT_WORKER_TIMEOUT,
    assemble: Callable[[list[PendingRecord], list], list] | None = None,
) -> Iterator[list]:
    """Transform records; yield the results batch by batch, in input order.

    ``stats`` (optional) receives ``startup_seconds`` (pool start and model load).
    ``assemble`` makes a batch's results of its records and their outcomes when each record
    has several outputs (:func:`.fanout.assemble`); else they are the records' results."""
    started = time.perf_counter()
    pool = make_pool(config, workers, engine=engine, ray_address=ray_address,
                     ray_cpus_per_actor=ray_cpus_per_actor, worker_timeout=worker_timeout)
    if stats is not None:
        stats["startup_seconds"] = time.perf_counter() - started
    try:
        # Only the tasks go to the workers; the records wait here as the payload.
        for pending, outcomes in pool.map_ordered(_batches(rows, plan, batch_size)):
            yield finish_all(pending, outcomes, plan.rebuild) if assemble is None else assemble(pending, outcomes)
        pool.close()
    except BaseException:
        pool.terminate()
        raise


def transform_here(rows: Iterable[tuple[int, dict | BadRecord]], plan: RecordPlan,
                   batch_size: int, assemble: Callable[[list[PendingRecord], list], list] | None = None,
                   ) -> Iterator[list]:
    """What :func:`transform_batches` yields, worked out in this process, whose worker was set
    up once before (:func:`.worker.init_worker`): a task of the cluster engine, which is given
    one shard after another."""
    for pending, tasks in _batches(rows, plan, batch_size):
        outcomes = process(tasks) if tasks else []
        yield finish_all(pending, outcomes, plan.rebuild) if assemble is None else assemble(pending, outcomes)
