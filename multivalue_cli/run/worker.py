"""What a worker does, wherever it runs (a local process, a Ray actor, or this process): build
the transformer once, then parse and rewrite batches of texts. Only texts and edits cross
process boundaries: a spaCy ``Doc`` never leaves the worker that made it."""
from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..engine.apply import AppliedEdit
from ..profiles import Profile
from ..protection import Protection
from . import collector
from .faults import FaultInjector

if TYPE_CHECKING:
    from ..learner import ErrorConfig

# One unit of work: (row number, concrete field path, text, terms the learner errors must not
# touch, counterfactual pair value or None).
Task = tuple[int, str, str, tuple[str, ...], object]
# new text, edits, rule failures, learner stats (distance, unprotected, capacity, expected) or
# None, and for the first member of a counterfactual pair (dialect sites carried over, blocked)
Outcome = tuple[str, list[AppliedEdit], list[str], "tuple | None", "tuple[int, int] | None"]


@dataclass(frozen=True)
class JobConfig:
    """What a worker needs to rebuild the transformer (cheap to pickle)."""

    profile: Profile | None
    seed: int
    model: str | None = None
    parse_batch_size: int = 256
    errors: "ErrorConfig | None" = None  # learner errors to inject after the dialect
    protection: Protection = Protection()  # binds every stage
    cache_size: int = 2_000  # parsed texts kept per worker (0: none); never changes the output


class WorkerDied(Exception):
    """A worker process ended while it held work (killed by a signal, out of memory)."""

    @classmethod
    def holding(cls, tasks: Sequence["Task"], who: str = "a worker process") -> "WorkerDied":
        rows = sorted({t[0] for t in tasks})
        span = f"rows {rows[0]}-{rows[-1]}" if rows else "a batch"
        return cls(f"{who} died (killed, or out of memory?) while it held the batch of {span}")


_TRANSFORMER = None
_WORKER_FAULT = None  # set in each worker: see faults.FaultInjector ("worker:n" kills a worker)


def init_worker(config: JobConfig, in_worker: bool = True) -> None:
    global _TRANSFORMER, _WORKER_FAULT
    from .tuning import tune_process

    _WORKER_FAULT = FaultInjector()

    if in_worker:  # a local worker process (a Ray actor tunes itself; a caller's thresholds are its own)
        tune_process()
        # Ctrl-C reaches every process of the terminal's group: the main process decides and
        # stops the workers (with SIGTERM, which must then simply end them).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from ..transformer import Transformer

    _TRANSFORMER = Transformer(
        dialect=config.profile, seed=config.seed, model=config.model,
        batch_size=config.parse_batch_size, errors=config.errors, protection=config.protection,
        cache_size=config.cache_size,
    )
    # load the pipeline, the rules and the inflection tables now, not on the first batch
    _TRANSFORMER.nlp, _TRANSFORMER.engine, _TRANSFORMER.injector
    from ..engine.morphology import warm_up

    warm_up()
    # The pipeline and the inflection tables are millions of long-lived objects: a full
    # garbage collection walked them all (~0.1 s each, ~5% of a run). Frozen, collections
    # only look at objects made after this point (in this process, whoever runs it: with one
    # worker, a library caller's process too).
    collector.freeze_all()


def process(tasks: Sequence[Task]) -> list[Outcome]:
    """Rewrite a batch; if the batch fails as a whole (the parser raised on one text), rewrite
    its texts one by one, so that only the text at fault fails."""
    assert _TRANSFORMER is not None, "worker not initialised"
    _WORKER_FAULT.check("worker")
    try:
        return _process_batch(tasks)
    except Exception:  # noqa: BLE001 - isolated below, text by text
        if len(tasks) == 1:
            return [_failed(tasks[0])]
        return [_process_one(task) for task in tasks]


def _process_one(task: Task) -> Outcome:
    try:
        return _process_batch([task])[0]
    except Exception:  # noqa: BLE001 - reported as this text's failure
        return _failed(task)


def _failed(task: Task) -> Outcome:
    import sys

    exc = sys.exc_info()[1]
    return (task[2], [], [f"could not be parsed and rewritten ({type(exc).__name__}: {exc})"], None, None)


def _process_batch(tasks: Sequence[Task]) -> list[Outcome]:
    if any(t[4] is not None for t in tasks):
        return _process_pairs(tasks)
    results = _TRANSFORMER.explain_many_with_stats(
        [t[2] for t in tasks], keys=[t[0] for t in tasks], paths=[t[1] for t in tasks],
        protected=[t[3] for t in tasks],
    )
    return [(r.text, r.edits, _rule_failures(r), _stats(s), None) for r, s in results]


def _rule_failures(result) -> list[str]:
    return [f"rule {failure}" for failure in result.failures]


def _process_pairs(tasks: Sequence[Task]) -> list[Outcome]:
    """Members of a counterfactual pair (same pair value, same field path) get identical edits."""
    outcomes: list[Outcome | None] = [None] * len(tasks)
    groups: dict[tuple, list[int]] = {}
    for k, (_, path, _, _, pair) in enumerate(tasks):
        groups.setdefault((pair, path), []).append(k)
    for (pair, path), members in groups.items():
        results, carried, blocked = _TRANSFORMER.explain_pair(
            [tasks[k][2] for k in members], [tasks[k][0] for k in members], path,
            [tasks[k][3] for k in members], pair)
        for n, (k, (r, s)) in enumerate(zip(members, results)):
            counts = (carried, blocked) if n == 0 and len(members) > 1 else None
            outcomes[k] = (r.text, r.edits, _rule_failures(r), _stats(s), counts)
    return outcomes  # type: ignore[return-value]


def _stats(stats) -> tuple | None:
    if stats is None:
        return None
    return (stats.distance, stats.unprotected, stats.capacity, stats.expected, stats.per_label)
