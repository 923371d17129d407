"""What a worker does, wherever it runs (a local process, a Ray actor, or this process): build
the transformer once, then parse and rewrite batches of texts. Only texts and edits cross
process boundaries: a spaCy ``Doc`` never leaves the worker that made it."""
from __future__ import annotations

import signal
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..errors import EXIT_FAILED, MultivalueError
from ..profiles import Profile
from ..protection import Protection
from . import collector
from .faults import FaultInjector
from .records import Outcome, Task

if TYPE_CHECKING:
    from ..learner import ErrorConfig
    from ..transformer import Transformer


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


class WorkerDied(MultivalueError, code=EXIT_FAILED):
    """A worker process ended while it held work (killed by a signal, out of memory)."""

    @classmethod
    def holding(cls, tasks: Sequence["Task"], who: str = "a worker process") -> "WorkerDied":
        return cls(f"{who} died (killed, or out of memory?) while it held the batch of {_span(tasks)}")


class WorkerStuck(WorkerDied):
    """The same batch made no progress within the watchdog's time, again and again."""

    @classmethod
    def stalled(cls, tasks: Sequence["Task"], seconds: float, times: int) -> "WorkerStuck":
        return cls(f"the batch of {_span(tasks)} made no progress within {seconds:g} s, {times} times "
                   "(each time its worker was stopped and replaced): a worker that hangs on it, or a "
                   "batch that needs longer (--worker-timeout SECONDS)")


def _span(tasks: Sequence["Task"]) -> str:
    rows = sorted({t.row for t in tasks})
    return f"rows {rows[0]}-{rows[-1]}" if rows else "a batch"


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
    """Rewrite a batch with this worker's transformer."""
    assert _TRANSFORMER is not None, "worker not initialised"
    _WORKER_FAULT.check("worker")
    _WORKER_FAULT.check("worker-stop", signal.SIGSTOP)
    return rewrite(_TRANSFORMER, tasks)


def rewrite(transformer: "Transformer", tasks: Sequence[Task]) -> list[Outcome]:
    """Rewrite a batch; if the batch fails as a whole (the parser raised on one text), rewrite
    its texts one by one, so that only the text at fault fails."""
    try:
        outcomes = _rewrite_batch(transformer, tasks)
    except Exception:  # noqa: BLE001 - isolated below, text by text
        if len(tasks) == 1:
            return [_failed(tasks[0])]
        outcomes = [_rewrite_one(transformer, task) for task in tasks]
    if any(task.parse_output for task in tasks):
        return _with_parses(transformer, tasks, outcomes)
    return outcomes


def _with_parses(transformer: "Transformer", tasks: Sequence[Task], outcomes: list[Outcome]) -> list[Outcome]:
    """The outcomes, each changed text of a task that asks for it with its tokens (and their
    tags, from a parse, where asked), for the new tokens of a sentence given as tokens."""
    for kind in ("tokens", "tags"):
        wanted = [k for k, (task, outcome) in enumerate(zip(tasks, outcomes))
                  if task.parse_output == kind and outcome.text != task.text and not outcome.failures]
        for k, doc in zip(wanted, _docs(transformer, [outcomes[k].text for k in wanted], kind == "tags")):
            if isinstance(doc, str):
                outcomes[k] = outcomes[k]._replace(failures=[doc])
            else:
                parsed = tuple((t.idx, t.idx + len(t.text), t.tag_, t.pos_) for t in doc)
                outcomes[k] = outcomes[k]._replace(parsed=parsed)
    return outcomes


def _docs(transformer: "Transformer", texts: list[str], tagged: bool) -> list:
    """The texts parsed (``tagged``) or only tokenized; where that fails, text by text, with
    the reason in place of the text that failed."""
    make = transformer.parser.parse if tagged else (lambda batch: map(transformer.nlp.make_doc, batch))
    try:
        return list(make(texts))
    except Exception:  # noqa: BLE001 - isolated below, text by text
        found = []
        for text in texts:
            try:
                found.append(next(iter(make([text]))))
            except Exception as exc:  # noqa: BLE001 - reported as this text's failure
                found.append(f"the new text could not be parsed ({type(exc).__name__}: {exc})")
        return found


def _rewrite_one(transformer: "Transformer", task: Task) -> Outcome:
    try:
        return _rewrite_batch(transformer, [task])[0]
    except Exception:  # noqa: BLE001 - reported as this text's failure
        return _failed(task)


def _failed(task: Task) -> Outcome:
    import sys

    from ..protection import ProtectionTimeout

    exc = sys.exc_info()[1]
    reason = str(exc) if isinstance(exc, ProtectionTimeout) else \
        f"could not be parsed and rewritten ({type(exc).__name__}: {exc})"
    return Outcome(task.text, [], [reason], None, None)


def _rewrite_batch(transformer: "Transformer", tasks: Sequence[Task]) -> list[Outcome]:
    if any(t.pair is not None for t in tasks):
        return _rewrite_pairs(transformer, tasks)
    keys, paths = zip(*(t.draw_key() for t in tasks))
    results = transformer.explain_many_with_stats(
        [t.text for t in tasks], keys=keys, paths=paths,
        protected=[t.protected for t in tasks], spans=[t.spans for t in tasks],
    )
    return [Outcome(r.text, r.edits, _rule_failures(r), stats, None, r.blocked) for r, stats in results]


def _rule_failures(result) -> list[str]:
    return [f"rule {failure}" for failure in result.failures]


def _rewrite_pairs(transformer: "Transformer", tasks: Sequence[Task]) -> list[Outcome]:
    """Members of a counterfactual pair (same pair value, same field path) get identical edits."""
    outcomes: list[Outcome | None] = [None] * len(tasks)
    groups: dict[tuple, list[int]] = {}
    for k, task in enumerate(tasks):
        groups.setdefault((task.pair, task.path), []).append(k)
    for (pair, path), members in groups.items():
        results, carried, blocked = transformer.explain_pair(
            [tasks[k].text for k in members], [tasks[k].row for k in members], path,
            [tasks[k].protected for k in members], pair, [tasks[k].spans for k in members])
        for n, (k, (r, stats)) in enumerate(zip(members, results)):
            counts = (carried, blocked) if n == 0 and len(members) > 1 else None
            outcomes[k] = Outcome(r.text, r.edits, _rule_failures(r), stats, counts, r.blocked)
    return outcomes  # type: ignore[return-value]
