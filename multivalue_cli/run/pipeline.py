"""The data path: records -> field selection -> batches -> worker pool -> results in order.

Each worker (:mod:`.worker`) loads spaCy once and parses and rewrites whole batches of texts,
in local processes (:mod:`.local_pool`) or on Ray actors (:mod:`.ray_pool`); only texts and
edits cross process boundaries. At most ``2 x workers`` batches are in flight, so
memory stays flat however large the input, and results are consumed in submission order, so
output order equals input order. ``workers=1`` runs in-process on the same code path.

A record is transformed whole or not at all: if one of its fields is missing, null or not
text (a string with lone surrogates is not text), or a rule or the parser raised on one of its
texts, the record comes back unchanged with the reason (the caller decides whether to pass it
through, skip it, or stop). A worker process that dies (killed, out of memory) ends the run
with :class:`.worker.WorkerDied`, never a hang.
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Iterable, Iterator, Sequence

from ..io.fields import assign, select, values_at
from ..io.jsontext import has_surrogates
from ..io.sources import BadRecord
from ..io.writers import edit_rows
from .local_pool import WorkerPool
from .worker import JobConfig, Outcome, Task


@dataclass(frozen=True)
class Rebuild:
    """A field derived from a rewritten text, made again from the new text (Spider's
    ``question_toks`` from ``question``); left as it was where the text did not change."""

    field: str
    source: str
    tokenizer: str = "treebank"

    def make(self, text: str) -> list[str]:
        from ..io.tokenize import tokenize

        return tokenize(text, self.tokenizer)


@dataclass(frozen=True)
class RecordPlan:
    """What to do with each record: the texts to rewrite and what to keep safe in them."""

    paths: tuple[str, ...]
    keep_original: tuple[str, ...] = ()
    protect_fields: tuple[str, ...] = ()  # paths whose values no stage may touch in the texts
    protect_sql: tuple[str, ...] = ()  # paths of SQL whose value literals are protected
    pair_key: str | None = None  # records sharing its value are a counterfactual pair
    rebuild: tuple[Rebuild, ...] = ()


@dataclass
class RecordResult:
    """One input record after transformation (or the reason it was not transformed)."""

    row: int
    record: dict | None  # None when the record could not even be read
    log: list[tuple] = field(default_factory=list)  # edit-log rows
    learner: list[tuple] = field(default_factory=list)  # per text: distance, unprotected, capacity, expected, per label, path
    texts: int = 0
    texts_changed: int = 0
    pairs: int = 0  # counterfactual pairs this record's texts begin
    pair_edits_carried: int = 0  # dialect sites given to every member of those pairs
    pair_edits_blocked: int = 0  # dialect sites not given: the members' parses disagreed
    error: str | None = None  # why the record was left unchanged
    where: str | None = None  # for unreadable records: file and line
    raw: str | None = None  # for unreadable records: the text as read
    data: bytes | None = None  # for unreadable lines: their bytes


def make_pool(config: JobConfig, workers: int, *, engine: str = "local",
              ray_address: str | None = None, ray_cpus_per_actor: float = 1.0):
    """The worker pool of ``engine``: local processes, or Ray actors (``workers`` of them)."""
    if engine == "ray":
        from .ray_pool import RayPool

        return RayPool(config, workers, address=ray_address, cpus_per_actor=ray_cpus_per_actor)
    return WorkerPool(config, workers)


# ----------------------------------------------------------------------------- driver


@dataclass
class _Pending:
    row: int
    record: dict | BadRecord
    tasks: list[Task]
    problems: list[str]


# Pair values whose records ended, kept to tell a member that comes apart from its pair (some
# 150 bytes each).
PAIRS_REMEMBERED = 200_000


def _batches(
    rows: Iterable[tuple[int, dict | BadRecord]], plan: RecordPlan, batch_size: int,
) -> Iterator[tuple[list[_Pending], list[Task]]]:
    """Group records so that each batch holds about ``batch_size`` texts (never splitting the
    members of a counterfactual pair, which must be consecutive records). A record whose pair
    value an earlier, not adjacent, group of records had (one of the last
    :data:`PAIRS_REMEMBERED`) is not rewritten: it would get edits of its own, not its pair's,
    and the pair would no longer differ only where it did."""
    pending: list[_Pending] = []
    tasks: list[Task] = []
    current_pair: object = None
    pair_key = plan.pair_key
    ended: dict[object, int] = {}  # pair value -> first row of its group, once a group ends
    group_row = 0
    for row, record in rows:
        pair = record.get(pair_key) if pair_key and isinstance(record, dict) else None
        if len(tasks) >= batch_size and (pair is None or pair != current_pair):
            yield pending, tasks
            pending, tasks = [], []
        if pair_key and _hashable(pair) != _hashable(current_pair):
            if current_pair is not None:
                ended.setdefault(_hashable(current_pair), group_row)
                if len(ended) > PAIRS_REMEMBERED:
                    del ended[next(iter(ended))]  # the oldest
            group_row = row
        current_pair = pair
        if isinstance(record, BadRecord):
            pending.append(_Pending(row, record, [], []))
            continue
        earlier = ended.get(_hashable(pair)) if pair is not None else None
        if earlier is not None:
            pending.append(_Pending(row, record, [], [
                f"{pair_key}: {pair!r} is also the pair value of row {earlier}, which is not next "
                "to this record: the members of a counterfactual pair must be consecutive records "
                f"(sort the input by {pair_key})"]))
            continue
        for name in plan.keep_original:
            record[f"{name}_original"] = record.get(name)
        located, problems = select(record, plan.paths)
        problems += [f"{path}: not Unicode text (it holds a lone surrogate)"
                     for path, text in located if not text.isascii() and has_surrogates(text)]
        mine = [] if problems else [
            (row, path, text, protected_terms(record, plan, text), _hashable(pair))
            for path, text in located
        ]
        pending.append(_Pending(row, record, mine, problems))
        tasks.extend(mine)
    if pending:
        yield pending, tasks


def protected_terms(record: dict, plan: RecordPlan, text: str) -> tuple[str, ...]:
    """The strings no stage may touch in ``text``: the values of the protect-field paths
    (strings, lists of them, or [start, end] character spans into the text), and the value
    literals of the SQL at the protect-SQL paths."""
    if not plan.protect_fields and not plan.protect_sql:
        return ()
    from ..protection import spans_from_field, sql_literals

    terms: list[str] = []
    for path in plan.protect_fields:
        for value in values_at(record, path):
            try:
                spans = spans_from_field(text, value)
            except ValueError:
                spans = []  # a span for another text of the record
            terms.extend(text[start:end] for start, end in spans)
    for path in plan.protect_sql:
        for value in values_at(record, path):
            if isinstance(value, str):
                terms.extend(sql_literals(value))
    return tuple(dict.fromkeys(t for t in terms if t.strip()))


def _hashable(value: object) -> object:
    return json.dumps(value, sort_keys=True) if isinstance(value, (list, dict)) else value


def _finish(item: _Pending, outcomes: list[Outcome], rebuild: Sequence[Rebuild] = ()) -> RecordResult:
    if isinstance(item.record, BadRecord):
        bad = item.record
        return RecordResult(item.row, None, error=bad.reason, where=bad.where, raw=bad.raw,
                            data=bad.data)
    if item.problems:
        return RecordResult(item.row, item.record, error="; ".join(item.problems))
    failures = [f"{task[1]}: {failure}" for task, outcome in zip(item.tasks, outcomes)
                for failure in outcome[2]]
    if failures:
        return RecordResult(item.row, item.record, error="; ".join(failures))
    result = RecordResult(item.row, item.record, texts=len(item.tasks))
    for (row, path, text, _, _), (new_text, edits, _, learner, pair) in zip(item.tasks, outcomes):
        if learner is not None:
            result.learner.append((*learner, path))
        if pair is not None:
            result.pairs += 1
            result.pair_edits_carried += pair[0]
            result.pair_edits_blocked += pair[1]
        if new_text != text:
            result.texts_changed += 1
            assign(item.record, path, new_text)
            for derived in rebuild:
                if derived.source == path and derived.field in item.record:
                    item.record[derived.field] = derived.make(new_text)
        result.log.extend(edit_rows(row, path, edits))
    return result


def transform_records(
    rows: Iterable[tuple[int, dict | BadRecord]],
    plan: RecordPlan,
    config: JobConfig,
    *,
    workers: int = 1,
    batch_size: int = 256,
    stats: dict | None = None,
    engine: str = "local",
    ray_address: str | None = None,
    ray_cpus_per_actor: float = 1.0,
) -> Iterator[list[RecordResult]]:
    """Transform records; yield the results batch by batch, in input order.

    ``stats`` (optional) receives ``startup_seconds`` (pool start and model load)."""
    started = time.perf_counter()
    pool = make_pool(config, workers, engine=engine, ray_address=ray_address,
                     ray_cpus_per_actor=ray_cpus_per_actor)
    if stats is not None:
        stats["startup_seconds"] = time.perf_counter() - started
    try:
        # Only the tasks go to the workers; the records wait here as the payload.
        batches = _batches(rows, plan, batch_size)
        work = ((pending, tasks) for pending, tasks in batches)
        for pending, outcomes in pool.map_ordered(work):
            results, position = [], 0
            for item in pending:
                mine = outcomes[position:position + len(item.tasks)]
                position += len(item.tasks)
                results.append(_finish(item, mine, plan.rebuild))
            yield results
        pool.close()
    except BaseException:
        pool.terminate()
        raise
