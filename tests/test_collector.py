"""How often Python's garbage collector runs: less often in the processes a run owns; in a
library caller's own process, less often only for the length of a batch call."""
from __future__ import annotations

import gc

from multivalue_cli.run import collector
from multivalue_cli.run.local_pool import WorkerPool
from multivalue_cli.run.records import Task
from multivalue_cli.run.worker import JobConfig
from multivalue_cli.profiles import resolve_profile

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
        [(_, outcomes)] = list(pool.map_ordered([("payload", [Task(0, "text", "She go to school.", (), None)])]))
        pool.close()
        assert len(outcomes) == 1
        assert gc.get_threshold() == DEFAULT
    finally:
        gc.set_threshold(*before)


def _thresholds_during_a_batch(monkeypatch) -> tuple:
    """The collector's settings while ``Transformer.explain_many`` rewrites, and its output."""
    from multivalue_cli.transformer import Transformer

    seen = []
    original = Transformer._explain_pieces

    def recording(self, *args):
        seen.append((gc.get_threshold(), gc.isenabled()))
        return original(self, *args)

    monkeypatch.setattr(Transformer, "_explain_pieces", recording)
    results = Transformer(dialect="IndE", seed=3).explain_many(["She go to school.", "They was late."])
    assert len(results) == 2 and len(seen) == 1
    return seen[0]


def test_a_library_batch_collects_less_often_and_puts_the_callers_thresholds_back(monkeypatch):
    before, enabled = gc.get_threshold(), gc.isenabled()
    try:
        gc.set_threshold(*DEFAULT)
        assert _thresholds_during_a_batch(monkeypatch) == (collector.THRESHOLDS, True)
        assert gc.get_threshold() == DEFAULT
        higher = (200_000, 10, 10)  # a caller's own, higher: left as it is
        gc.set_threshold(*higher)
        assert _thresholds_during_a_batch(monkeypatch) == (higher, True)
        gc.set_threshold(*DEFAULT)
        gc.disable()  # a caller who turned the collector off keeps it off
        assert _thresholds_during_a_batch(monkeypatch) == (DEFAULT, False)
        assert gc.get_threshold() == DEFAULT and not gc.isenabled()
    finally:
        gc.set_threshold(*before)
        if enabled:
            gc.enable()
