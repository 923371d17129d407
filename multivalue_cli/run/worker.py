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
    from ..transformer import DialectsTransformer, FanoutConfig, Transformer


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
    # many outputs of each text (dialects, variants, a mix): then the profile and errors above
    # are unused, each dialect has its own in here
    fanout: "FanoutConfig | None" = None


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
_FANOUT = False  # the worker's transformer is a DialectsTransformer
_WORKER_FAULT = None  # set in each worker: see faults.FaultInjector ("worker:n" kills a worker)


def init_worker(config: JobConfig, in_worker: bool = True) -> None:
    global _TRANSFORMER, _WORKER_FAULT, _FANOUT
    from .tuning import tune_process

    _WORKER_FAULT = FaultInjector()

    if in_worker:  # a local worker process (a Ray actor tunes itself; a caller's thresholds are its own)
        tune_process()
        # Ctrl-C reaches every process of the terminal's group: the main process decides and
        # stops the workers (with SIGTERM, which must then simply end them).
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from ..transformer import DialectsTransformer, Transformer

    _FANOUT = config.fanout is not None
    if _FANOUT:
        _TRANSFORMER = DialectsTransformer(config=config.fanout)
        members = _TRANSFORMER.members
        _TRANSFORMER.parser  # one parser for all of them
    else:
        _TRANSFORMER = Transformer(
            dialect=config.profile, seed=config.seed, model=config.model,
            batch_size=config.parse_batch_size, errors=config.errors, protection=config.protection,
            cache_size=config.cache_size,
        )
        members = [_TRANSFORMER]
    # load the pipeline, the rules and the inflection tables now, not on the first batch
    for member in members:
        member.nlp, member.engine, member.injector
    from ..engine.morphology import warm_up

    warm_up()
    # The pipeline and the inflection tables are millions of long-lived objects: a full
    # garbage collection walked them all (~0.1 s each, ~5% of a run). Frozen, collections
    # only look at objects made after this point (in this process, whoever runs it: with one
    # worker, a library caller's process too).
    collector.freeze_all()


def process(tasks: Sequence[Task]) -> list:
    """Rewrite a batch with this worker's transformer: an :class:`Outcome` per task, or with
    many outputs a list of them per task (see :func:`rewrite_fanout`)."""
    assert _TRANSFORMER is not None, "worker not initialised"
    _WORKER_FAULT.check("worker")
    _WORKER_FAULT.check("worker-stop", signal.SIGSTOP)
    if _FANOUT:
        return rewrite_fanout(_TRANSFORMER, tasks)
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
    for (pair, path), members in _pair_groups(tasks).items():
        results, carried, blocked = transformer.explain_pair(
            [tasks[k].text for k in members], [tasks[k].row for k in members], path,
            [tasks[k].protected for k in members], pair, [tasks[k].spans for k in members])
        for k, outcome in zip(members, _pair_outcomes(results, carried, blocked)):
            outcomes[k] = outcome
    return outcomes  # type: ignore[return-value]


def _pair_groups(tasks: Sequence[Task]) -> dict[tuple, list[int]]:
    """The positions of the tasks of each pair and field path."""
    groups: dict[tuple, list[int]] = {}
    for k, task in enumerate(tasks):
        groups.setdefault((task.pair, task.path), []).append(k)
    return groups


def _pair_outcomes(results, carried: int, blocked: int) -> list[Outcome]:
    """The outcomes of a pair's members (its first member carries the pair's counts)."""
    return [Outcome(r.text, r.edits, _rule_failures(r), stats,
                    (carried, blocked) if n == 0 and len(results) > 1 else None, r.blocked)
            for n, (r, stats) in enumerate(results)]


# ----------------------------------------------------------------------------- many outputs


def rewrite_fanout(fan: "DialectsTransformer", tasks: Sequence[Task]) -> list[list[Outcome]]:
    """Per task, an :class:`Outcome` for each output its record has (``fan.config.wanted``,
    keyed by the pair value, else the row), every text parsed once. Failures are isolated as
    :func:`rewrite` isolates them, and per output: a text fails in the outputs where a run of
    that dialect alone would fail it, and only there."""
    try:
        outcomes = _fanout_batch(fan, tasks, [_wanted(fan, t) for t in tasks])
    except Exception:  # noqa: BLE001 - isolated below, text by text and output by output
        outcomes = [_fanout_one(fan, task) for task in tasks]
    if any(task.parse_output for task in tasks):  # each output's new tokens, as one run gives them
        parser_of = fan.members[0]
        for n in range(max((len(o) for o in outcomes), default=0)):
            column = [k for k, o in enumerate(outcomes) if n < len(o)]
            done = _with_parses(parser_of, [tasks[k] for k in column], [outcomes[k][n] for k in column])
            for k, outcome in zip(column, done):
                outcomes[k][n] = outcome
    return outcomes


def _wanted(fan: "DialectsTransformer", task: Task) -> list[tuple[int, int]]:
    return fan.config.wanted(task.row if task.pair is None else task.pair)


def _fanout_one(fan: "DialectsTransformer", task: Task) -> list[Outcome]:
    wanted = _wanted(fan, task)
    try:
        return _fanout_batch(fan, [task], [wanted])[0]
    except Exception:  # noqa: BLE001 - then output by output
        pass
    outcomes = []
    for wish in wanted:
        try:
            outcomes.append(_fanout_batch(fan, [task], [[wish]])[0][0])
        except Exception:  # noqa: BLE001 - reported as this text's failure in this output
            outcomes.append(_failed(task))
    return outcomes


def _fanout_batch(fan: "DialectsTransformer", tasks: Sequence[Task],
                  wanted: list[list[tuple[int, int]]]) -> list[list[Outcome]]:
    if any(t.pair is not None for t in tasks):
        return _fanout_pairs(fan, tasks, wanted)
    keys, paths = zip(*(t.draw_key() for t in tasks))
    rows = fan.explain_wanted([t.text for t in tasks], keys, paths, [t.protected for t in tasks], wanted,
                              [t.spans for t in tasks])
    return [[Outcome(r.text, r.edits, _rule_failures(r), stats, None, r.blocked) for r, stats in row]
            for row in rows]


def _fanout_pairs(fan: "DialectsTransformer", tasks: Sequence[Task],
                  wanted: list[list[tuple[int, int]]]) -> list[list[Outcome]]:
    """:func:`_rewrite_pairs` for every output (the members of a pair share their outputs:
    they are keyed by the pair value)."""
    outcomes: list[list[Outcome]] = [[] for _ in tasks]
    for (pair, path), members in _pair_groups(tasks).items():
        done = fan.explain_pair_wanted([tasks[k].text for k in members], [tasks[k].row for k in members],
                                       path, [tasks[k].protected for k in members], pair,
                                       wanted[members[0]], [tasks[k].spans for k in members])
        for results, carried, blocked in done:
            for k, outcome in zip(members, _pair_outcomes(results, carried, blocked)):
                outcomes[k].append(outcome)
    return outcomes
