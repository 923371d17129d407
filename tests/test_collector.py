"""How often Python's garbage collector runs: less often in the processes a run owns, as the
caller set it in a library caller's own process."""
from __future__ import annotations

import gc

from multivalue_cli.run import collector
from multivalue_cli.run.local_pool import WorkerPool
from multivalue_cli.run.worker import JobConfig
from multivalue_cli.transformer import resolve_profile

DEFAULT = (700, 10, 10)


def _config() -> JobConfig:
    return JobConfig(profile=resolve_profile("IndE"), seed=3)


def test_worker_processes_collect_less_often_and_the_caller_keeps_its_thresholds():
    before = gc.get_threshold()
    gc.set_threshold(*DEFAULT)
    pool = WorkerPool(_config(), 2)
    try:
        seen = {pool._pool.submit(gc.get_threshold).result() for _ in range(4)}
        assert seen == {collector.THRESHOLDS}
        assert gc.get_threshold() == DEFAULT
    finally:
        pool.close()
        gc.set_threshold(*before)


def test_a_run_in_the_callers_process_leaves_its_thresholds_alone():
    before = gc.get_threshold()
    gc.set_threshold(*DEFAULT)
    try:
        pool = WorkerPool(_config(), 1)
        [(_, outcomes)] = list(pool.map_ordered([("payload", [(0, "text", "She go to school.", (), None)])]))
        pool.close()
        assert len(outcomes) == 1
        assert gc.get_threshold() == DEFAULT
    finally:
        gc.set_threshold(*before)
