"""The watchdog of a worker pool: a pool that holds work and finishes none of it for
``timeout`` seconds has a worker that hangs (stopped, wedged in a C extension); the pool stops
its workers, starts new ones and gives them the unfinished batches again (the output is the
same: a text's edits depend on its row and field, never on the worker). A batch found stuck
:data:`STRIKES` times ends the run with :class:`.worker.WorkerStuck`, the finished shards kept."""
from __future__ import annotations

import time
from collections import Counter
from typing import Hashable, Sequence

from .records import Task
from .worker import WorkerStuck

DEFAULT_WORKER_TIMEOUT = 600.0  # seconds without a finished batch (--worker-timeout; 0: no watchdog)
STRIKES = 3  # times the same batch may be found stuck before the run ends


class Watchdog:
    """When the pool last finished a batch, and how often each batch was found stuck."""

    def __init__(self, timeout: float | None) -> None:
        self.timeout = timeout or None
        self.last = time.monotonic()
        self.strikes: Counter = Counter()

    def progressed(self, *_: object) -> None:
        """A batch finished (or work was handed to an idle pool): the clock starts again."""
        self.last = time.monotonic()

    def wait_left(self) -> float | None:
        """Seconds to wait for a result before looking again (None: wait as long as it takes)."""
        if self.timeout is None:
            return None
        return max(0.0, self.last + self.timeout - time.monotonic())

    def stuck(self) -> bool:
        return self.timeout is not None and time.monotonic() - self.last >= self.timeout

    def strike(self, batch: Hashable, tasks: Sequence[Task]) -> None:
        """The pool is stuck on ``batch``: count it, and end the run at the last strike."""
        self.strikes[batch] += 1
        if self.strikes[batch] >= STRIKES:
            raise WorkerStuck.stalled(tasks, self.timeout, self.strikes[batch])
