"""The data path: source -> field selection -> batches -> worker pool -> reorder -> writers.

Each worker process loads spaCy once and parses and rewrites whole batches of texts; only
texts and edits cross process boundaries. At most ``2 x workers`` batches are in flight, so
memory stays flat however large the input, and results are consumed in submission order, so
output order equals input order. ``workers=1`` runs in-process on the same code path.
"""
from __future__ import annotations

import multiprocessing as mp
import time
from collections import Counter, deque
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Sequence

from .engine import AppliedEdit
from .fields import assign, select
from .profiles import Profile
from .writers import edit_rows

# One unit of work: (row number, concrete field path, text).
Task = tuple[int, str, str]
Outcome = tuple[str, list[AppliedEdit]]


@dataclass(frozen=True)
class JobConfig:
    """What a worker needs to rebuild the transformer (cheap to pickle)."""

    profile: Profile
    seed: int
    model: str | None = None
    parse_batch_size: int = 256


@dataclass
class Counts:
    records: int = 0
    texts: int = 0
    texts_changed: int = 0
    edits: int = 0
    edits_per_feature: Counter = field(default_factory=Counter)
    problems: int = 0
    problem_examples: list[str] = field(default_factory=list)
    startup_seconds: float = 0.0  # pool start and model load
    processing_seconds: float = 0.0  # everything after

    def as_dict(self) -> dict:
        return {
            "records": self.records,
            "texts": self.texts,
            "texts_changed": self.texts_changed,
            "edits": self.edits,
            "edits_per_feature": dict(sorted(self.edits_per_feature.items())),
            "problems": self.problems,
            "problem_examples": self.problem_examples,
        }


# ----------------------------------------------------------------------------- workers

_TRANSFORMER = None


def _init_worker(config: JobConfig) -> None:
    global _TRANSFORMER
    from .nlp import limit_threads

    limit_threads()
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
    return [(r.text, r.edits) for r in results]


class WorkerPool:
    """Ordered, bounded map of :func:`_process` over batches, in-process when ``workers == 1``."""

    def __init__(self, config: JobConfig, workers: int) -> None:
        self.workers = workers
        self._pool = None
        if workers > 1:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self._pool = ctx.Pool(workers, initializer=_init_worker, initargs=(config,))
        else:
            _init_worker(config)

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        if self._pool is None:
            for payload, tasks in batches:
                yield payload, _process(tasks)
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


# ----------------------------------------------------------------------------- driver


def _batches(
    rows: Iterator[tuple[int, dict]], paths: Sequence[str], batch_size: int, counts: Counts,
    keep_original: Sequence[str],
) -> Iterator[tuple[list[tuple[int, dict]], list[Task]]]:
    """Group records so that each batch holds about ``batch_size`` texts."""
    records: list[tuple[int, dict]] = []
    tasks: list[Task] = []
    for row, record in rows:
        for name in keep_original:
            record[f"{name}_original"] = record.get(name)
        located, problems = select(record, paths)
        for problem in problems:
            counts.problems += 1
            if len(counts.problem_examples) < 100:
                counts.problem_examples.append(f"row {row}: {problem}")
        records.append((row, record))
        tasks.extend((row, path, text) for path, text in located)
        if len(tasks) >= batch_size:
            yield records, tasks
            records, tasks = [], []
    if records:
        yield records, tasks


def run(
    rows: Iterator[tuple[int, dict]],
    paths: Sequence[str],
    config: JobConfig,
    *,
    write_records: Callable[[list[dict]], None],
    write_edits: Callable[[list[tuple]], None],
    workers: int = 1,
    batch_size: int = 256,
    keep_original: Sequence[str] = (),
    on_progress: Callable[[int], None] | None = None,
) -> Counts:
    """Transform every record and hand records and edit-log rows to the writers, in order."""
    counts = Counts()
    started = time.perf_counter()
    pool = WorkerPool(config, workers)
    ready = time.perf_counter()
    counts.startup_seconds = ready - started
    try:
        batches = _batches(rows, paths, batch_size, counts, keep_original)
        # Only the tasks go to the workers; the records wait here as the payload.
        work = (((records, tasks), tasks) for records, tasks in batches)
        for (records, tasks), outcomes in pool.map_ordered(work):
            by_row = {row: record for row, record in records}
            log: list[tuple] = []
            for (row, path, text), (new_text, edits) in zip(tasks, outcomes):
                counts.texts += 1
                if new_text != text:
                    counts.texts_changed += 1
                    assign(by_row[row], path, new_text)
                if edits:
                    counts.edits += len(edits)
                    counts.edits_per_feature.update(e.feature for e in edits)
                    log.extend(edit_rows(row, path, edits))
            write_records([record for _, record in records])
            write_edits(log)
            counts.records += len(records)
            if on_progress is not None:
                on_progress(len(records))
        pool.close()
        counts.processing_seconds = time.perf_counter() - ready
    except BaseException:
        pool.terminate()
        raise
    return counts
