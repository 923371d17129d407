"""The local executor: batches processed in this process (one worker) or in a pool of local
worker processes, results in submission order."""
from __future__ import annotations

import multiprocessing as mp
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import Iterable, Iterator

from .records import Outcome, Task
from .watchdog import DEFAULT_WORKER_TIMEOUT, Watchdog
from .worker import JobConfig, WorkerDied, init_worker, process


class WorkerPool:
    """Ordered, bounded map of :func:`process` over batches, in-process when ``workers == 1``.

    A process pool from ``concurrent.futures``: unlike ``multiprocessing.Pool``, it notices a
    worker that dies and fails the work it held (``multiprocessing.Pool`` waits forever). A
    worker that hangs is noticed by the :class:`.watchdog.Watchdog` (``timeout`` seconds
    without a finished batch): the workers are replaced and the unfinished batches run again."""

    def __init__(self, config: JobConfig, workers: int,
                 timeout: float | None = DEFAULT_WORKER_TIMEOUT) -> None:
        self.workers, self.config, self.timeout = workers, config, timeout
        self._pool: ProcessPoolExecutor | None = None
        if workers > 1:
            self._pool = self._start()
        else:
            init_worker(config, in_worker=False)

    def _start(self) -> ProcessPoolExecutor:
        ctx = mp.get_context("fork") if "fork" in mp.get_all_start_methods() else mp.get_context()
        return ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=init_worker,
                                   initargs=(self.config,))

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        if self._pool is None:
            for payload, tasks in batches:
                yield payload, process(tasks) if tasks else []
            return
        in_flight: deque[list] = deque()  # [payload, tasks, future, batch number], oldest first
        limit = 2 * self.workers
        watch = Watchdog(self.timeout)
        try:
            for number, (payload, tasks) in enumerate(batches):
                if not in_flight:
                    watch.progressed()  # the clock runs while the pool holds work
                in_flight.append([payload, tasks, None, number])
                in_flight[-1][2] = self._submit(tasks, watch)
                while len(in_flight) >= limit:
                    yield self._oldest(in_flight, watch)
            while in_flight:
                yield self._oldest(in_flight, watch)
        except BrokenProcessPool:  # the oldest batch still held is the first one lost
            raise WorkerDied.holding(in_flight[0][1] if in_flight else []) from None

    def _submit(self, tasks: list[Task], watch: Watchdog) -> Future:
        future = self._pool.submit(process, tasks)
        future.add_done_callback(watch.progressed)
        return future

    def _oldest(self, in_flight: deque, watch: Watchdog) -> tuple[object, list[Outcome]]:
        """The oldest batch's result, once it is there; the workers are replaced whenever the
        pool is stuck meanwhile."""
        entry = in_flight[0]
        while True:
            try:
                result = entry[2].result(timeout=watch.wait_left())
            except FutureTimeout:
                if watch.stuck():
                    watch.strike(entry[3], entry[1])
                    self._replace_workers(in_flight, watch)
                    watch.progressed()  # the new workers get the whole time
                continue
            in_flight.popleft()
            return entry[0], result

    def _replace_workers(self, in_flight: deque, watch: Watchdog) -> None:
        """Kill every worker (SIGKILL ends a stopped process too), start new ones, and hand
        them the batches whose results were not in yet, in order."""
        for worker in list((self._pool._processes or {}).values()):
            worker.kill()
        self._pool.shutdown(wait=True, cancel_futures=True)
        self._pool = self._start()
        for entry in in_flight:
            future = entry[2]
            if not (future.done() and not future.cancelled() and future.exception() is None):
                entry[2] = self._submit(entry[1], watch)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True)

    def terminate(self) -> None:
        if self._pool is not None:
            for process in list((self._pool._processes or {}).values()):  # stop work in progress
                process.kill()  # a stopped worker would never act on SIGTERM
            self._pool.shutdown(wait=True, cancel_futures=True)
