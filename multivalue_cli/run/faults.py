"""A test hook that kills (or stops) the run at a chosen point, to prove what survives a crash."""
from __future__ import annotations

import os
import signal
from collections import Counter


class FaultInjector:
    """Test hook: ``MULTIVALUE_FAULT=point:n`` kills the process with SIGKILL the n-th time the
    run passes ``point`` (batch, shard-write, between-shards, finalize; worker: in a worker
    process, its n-th batch; worker-stop: the same with SIGSTOP, a worker that hangs). With
    ``MULTIVALUE_FAULT_ONCE=FILE`` only the first process to get there (the one that makes FILE)
    is hit, not the workers that replace it. Unset in normal use."""

    def __init__(self) -> None:
        point, _, count = os.environ.get("MULTIVALUE_FAULT", "").partition(":")
        self.point, self.count = point, int(count or 0)
        self.once = os.environ.get("MULTIVALUE_FAULT_ONCE")
        self.seen: Counter = Counter()

    def check(self, point: str, signum: int = signal.SIGKILL) -> None:
        if point == self.point:
            self.seen[point] += 1
            if self.seen[point] == self.count and self._first():
                os.kill(os.getpid(), signum)

    def _first(self) -> bool:
        if not self.once:
            return True
        try:
            os.close(os.open(self.once, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return False
        return True
