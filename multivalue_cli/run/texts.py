"""The texts of a record: which of its strings are rewritten (:func:`prepare`), and the new
texts put back with the fields derived from them (:func:`finish`). A run does the rewrite in
between on its workers (:mod:`.pipeline`); :func:`rewrite_records` does all three in this
process, with a transformer (``hf_map``).

A record is transformed whole or not at all: if one of its fields is missing, null or not
text (a string with lone surrogates is not text), or a rule or the parser raised on one of its
texts, the record comes back unchanged with the reason.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from ..io.fields import assign, select, values_at
from ..io.jsontext import has_surrogates
from ..io.sources import BadRecord
from ..io.tokenize import Rebuild
from ..io.writers import EditRow, edit_rows
from .records import Outcome, Task, TextStats
from .worker import rewrite

if TYPE_CHECKING:
    from ..transformer import Transformer


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
    log: list[EditRow] = field(default_factory=list)
    learner: list[TextStats] = field(default_factory=list)  # per text, with learner errors
    texts: int = 0
    texts_changed: int = 0
    pairs: int = 0  # counterfactual pairs this record's texts begin
    pair_edits_carried: int = 0  # dialect sites given to every member of those pairs
    pair_edits_blocked: int = 0  # dialect sites not given: the members' parses disagreed
    error: str | None = None  # why the record was left unchanged
    where: str | None = None  # for unreadable records: file and line
    raw: str | None = None  # for unreadable records: the text as read
    data: bytes | None = None  # for unreadable lines: their bytes
    # with many outputs (see .fanout): the output's variant and dialect, and whether the row is
    # left out of the data (--changed-only: none of its texts changed)
    variant: int = 0
    dialect: str | None = None
    left_out: bool = False


@dataclass
class PendingRecord:
    """A record whose texts are being rewritten: the record waits, its tasks go to a worker."""

    row: int
    record: dict | BadRecord
    tasks: list[Task]
    problems: list[str]  # why it is not rewritten (then it has no tasks)


def texts_of(record: dict, paths: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The ``(concrete path, text)`` pairs of ``record`` at ``paths``, and what keeps it from
    being rewritten (a path that holds no text, a string with a lone surrogate)."""
    located, problems = select(record, paths)
    problems += [f"{path}: not Unicode text (it holds a lone surrogate)"
                 for path, text in located if not text.isascii() and has_surrogates(text)]
    return located, problems


def prepare(row: int, record: dict, plan: RecordPlan, pair: object = None) -> PendingRecord:
    """The tasks of one record (none, with the problems, when it cannot be rewritten)."""
    located, problems = texts_of(record, plan.paths)
    tasks = [] if problems else [
        Task(row, path, text, protected_terms(record, plan, text), pair) for path, text in located
    ]
    return PendingRecord(row, record, tasks, problems)


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


def finish(item: PendingRecord, outcomes: Sequence[Outcome], rebuild: Sequence[Rebuild] = ()) -> RecordResult:
    """Put the new texts of one record back (with the fields derived from them), or say why
    it stays as it was; its edit-log rows and learner statistics come along."""
    if isinstance(item.record, BadRecord):
        bad = item.record
        return RecordResult(item.row, None, error=bad.reason, where=bad.where, raw=bad.raw,
                            data=bad.data)
    if item.problems:
        return RecordResult(item.row, item.record, error="; ".join(item.problems))
    failures = [f"{task.path}: {failure}" for task, outcome in zip(item.tasks, outcomes)
                for failure in outcome.failures]
    if failures:
        return RecordResult(item.row, item.record, error="; ".join(failures))
    result = RecordResult(item.row, item.record, texts=len(item.tasks))
    for task, outcome in zip(item.tasks, outcomes):
        if outcome.stats is not None:
            result.learner.append(TextStats(task.path, outcome.stats))
        if outcome.pair_counts is not None:
            result.pairs += 1
            result.pair_edits_carried += outcome.pair_counts[0]
            result.pair_edits_blocked += outcome.pair_counts[1]
        if outcome.text != task.text:
            result.texts_changed += 1
            assign(item.record, task.path, outcome.text)
            for derived in rebuild:
                if derived.source == task.path and derived.field in item.record:
                    item.record[derived.field] = derived.make(outcome.text)
        result.log.extend(edit_rows(task.row, task.path, outcome.edits))
    return result


def finish_all(items: Sequence[PendingRecord], outcomes: Sequence[Outcome],
               rebuild: Sequence[Rebuild] = ()) -> list[RecordResult]:
    """:func:`finish` for a batch of records and the outcomes of all their tasks, in order."""
    results, position = [], 0
    for item in items:
        results.append(finish(item, outcomes[position:position + len(item.tasks)], rebuild))
        position += len(item.tasks)
    return results


def rewrite_records(transformer: "Transformer", records: Sequence[dict], keys: Sequence[int],
                    plan: RecordPlan) -> list[RecordResult]:
    """Rewrite records in place, in this process (each keyed by its key, as a run keys a
    record by its input row)."""
    items = [prepare(key, record, plan) for key, record in zip(keys, records)]
    tasks = [task for item in items for task in item.tasks]
    return finish_all(items, rewrite(transformer, tasks) if tasks else [], plan.rebuild)
