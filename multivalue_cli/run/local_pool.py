"""The local executor: batches processed in this process (one worker) or in a pool of local
worker processes, results in submission order."""
from __future__ import annotations

import multiprocessing as mp
from collections import deque
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Iterable, Iterator

from .records import Outcome, Task
from .worker import JobConfig, WorkerDied, init_worker, process


class WorkerPool:
    """Ordered, bounded map of :func:`process` over batches, in-process when ``workers == 1``.

    A process pool from ``concurrent.futures``: unlike ``multiprocessing.Pool``, it notices a
    worker that dies and fails the work it held (``multiprocessing.Pool`` waits forever)."""

    def __init__(self, config: JobConfig, workers: int) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        if workers > 1:
            ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
            self._pool = ProcessPoolExecutor(workers, mp_context=ctx, initializer=init_worker,
                                             initargs=(config,))
        else:
            init_worker(config, in_worker=False)

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        if self._pool is None:
            for payload, tasks in batches:
                yield payload, process(tasks) if tasks else []
            return
        in_flight: deque = deque()
        limit = 2 * self.workers
        try:
            for payload, tasks in batches:
                in_flight.append((payload, tasks, None))
                in_flight[-1] = (payload, tasks, self._pool.submit(process, tasks))
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
