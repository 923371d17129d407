"""A test hook that kills the run at a chosen point, to prove what survives a crash."""
from __future__ import annotations

import os
import signal
from collections import Counter


class FaultInjector:
    """Test hook: ``MULTIVALUE_FAULT=point:n`` kills the process with SIGKILL the n-th time the
    run passes ``point`` (batch, shard-write, between-shards, finalize; worker: in a worker
    process, its n-th batch). Unset in normal use."""

    def __init__(self) -> None:
        point, _, count = os.environ.get("MULTIVALUE_FAULT", "").partition(":")
        self.point, self.count = point, int(count or 0)
        self.seen: Counter = Counter()

    def check(self, point: str) -> None:
        if point == self.point:
            self.seen[point] += 1
            if self.seen[point] == self.count:
                os.kill(os.getpid(), signal.SIGKILL)
