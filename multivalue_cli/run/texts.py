"""The texts of a record: which of its strings are rewritten (:func:`prepare`), and the new
texts put back with the fields derived from them (:func:`finish`). A run does the rewrite in
between on its workers (:mod:`.pipeline`); :func:`rewrite_records` does all three in this
process, with a transformer (``hf_map``).

A record is transformed whole or not at all: if one of its fields is missing, null or not
text (a string with lone surrogates is not text), or a rule or the parser raised on one of its
texts, the record comes back unchanged with the reason.
"""
from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Sequence

from ..io.fields import assign, field_of, parse_path, select, values_at
from ..io.joined import JoinedField, Layout
from ..io.jsontext import has_surrogates
from ..engine.offsets import PositionMap, moved_span, regions
from ..io.sources import BadRecord
from ..io.spans import LabelSpan, SpanLabel, read_spans
from ..io.tokenize import Rebuild
from ..io.writers import EditRow, edit_rows
from .records import Outcome, Task, TextStats
from .worker import rewrite

if TYPE_CHECKING:
    from ..labels.layout import TokenLayout
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
    spans: tuple[SpanLabel, ...] = ()  # offsets into rewritten texts, moved with them
    text_keyed: tuple[str, ...] = ()  # fields whose draws are keyed by the text, not the row
    # per (text-keyed field, text key): what all the text's occurrences protect together
    # (terms, label spans), from a pass over the input (see shared_protection)
    shared: dict[tuple[str, str], tuple[tuple[str, ...], tuple[tuple[int, int], ...]]] | None = None
    tokens: "TokenLayout | None" = None  # tokens rewritten as a sentence, label lists kept aligned
    joined: tuple[JoinedField, ...] = ()  # fields made of rewritten fields (HellaSwag's ctx)

    def columns(self) -> set[str]:
        """The top-level columns a rewrite may change: the texts' and the fields rebuilt from them."""
        return {str(parse_path(p)[0]) for p in self.paths} | {r.field for r in self.rebuild} \
            | {j.field for j in self.joined}


@dataclass
class RecordResult:
    """One input record after transformation (or the reason it was not transformed)."""

    row: int
    record: dict | None  # None when the record could not even be read
    log: list[EditRow] = field(default_factory=list)
    learner: list[TextStats] = field(default_factory=list)  # per text, with learner errors
    texts: int = 0
    texts_changed: int = 0
    spans: int = 0  # label spans in its rewritten texts, kept as they were
    spans_moved: int = 0  # of them, those whose offsets moved
    span_sites_blocked: int = 0  # dialect sites not applied because they would change one
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
    spans: dict[str, list[LabelSpan]] = field(default_factory=dict)  # by the path of their text
    tokens: "TokenLayout | None" = None  # its tokens are one sentence (see RecordPlan.tokens)
    layouts: list[tuple[JoinedField, Layout]] = field(default_factory=list)  # fields made again


def texts_of(record: dict, paths: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The ``(concrete path, text)`` pairs of ``record`` at ``paths``, and what keeps it from
    being rewritten (a path that holds no text, a string with a lone surrogate)."""
    located, problems = select(record, paths)
    problems += [f"{path}: not Unicode text (it holds a lone surrogate)"
                 for path, text in located if not text.isascii() and has_surrogates(text)]
    return located, problems


def keep_originals(record: dict, columns: Sequence[str]) -> list[str]:
    """Copy each of ``columns`` of ``record`` (whole, nested values too) to
    ``<column>_original``; an input column of that name is never overwritten (the record is
    not rewritten then: the problems say why)."""
    clashing = [f"{name}_original" for name in columns if f"{name}_original" in record]
    if clashing:
        return [f"{name}: the input has this column, which --keep-original would overwrite" for name in clashing]
    for name in columns:
        value = record.get(name)
        record[f"{name}_original"] = value if isinstance(value, str) or value is None else copy.deepcopy(value)
    return []


def prepare(row: int, record: dict, plan: RecordPlan, pair: object = None) -> PendingRecord:
    """The tasks of one record (none, with the problems, when it cannot be rewritten: an
    offset that does not point at its span is one)."""
    if plan.tokens is not None:
        return _prepare_tokens(row, record, plan, pair)
    located, problems = texts_of(record, plan.paths)
    layouts = [(joined, joined.layout(record)) for joined in plan.joined if joined.field in record]
    problems += [joined.problem() for joined, layout in layouts if layout is None]
    spans: dict[str, list[LabelSpan]] = {}
    if plan.spans and not problems:
        spans, problems = label_spans(record, plan.spans, dict(located))
    tasks = [] if problems else [_task_of(row, record, plan, pair, path, text, spans) for path, text in located]
    return PendingRecord(row, record, tasks, problems, spans, layouts=layouts)


def _task_of(row: int, record: dict, plan: RecordPlan, pair: object, path: str, text: str,
          spans: dict[str, list[LabelSpan]]) -> Task:
    """The task of one text: its protection, and for a text-keyed field, the draw key of
    its text and what every occurrence of the text protects."""
    terms = protected_terms(record, plan, text)
    kept = {(s.start, s.end) for s in spans.get(path, ())}
    field_ = field_of(path, plan.text_keyed) if plan.text_keyed else None
    if field_ is None:
        return Task(row, path, text, terms, pair, tuple(sorted(kept)))
    key = text_key(text)
    shared_terms, shared_spans = (plan.shared or {}).get((field_, key), ((), ()))
    return Task(row, path, text, tuple(sorted({*terms, *shared_terms})), pair,
                tuple(sorted(kept | set(shared_spans))), (key, field_))


def text_key(text: str) -> str:
    """The draw key of a text of a text-keyed field: a digest of the text, so that it is
    rewritten alike wherever it occurs."""
    return "text:" + hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def shared_protection(rows: Iterable[tuple[int, object]], plan: RecordPlan
                      ) -> dict[tuple[str, str], tuple[tuple[str, ...], tuple[tuple[int, int], ...]]]:
    """What the occurrences of each text of a text-keyed field protect, together: their
    protected terms and label spans, by (field, text key). Read once over the input before a
    run, so that every occurrence is rewritten with all of it (one SQuAD paragraph keeps the
    answers of all its questions); only texts that protect something are kept."""
    found: dict[tuple[str, str], tuple[set, set]] = {}
    for _, record in rows:
        if not isinstance(record, dict):
            continue
        located, problems = texts_of(record, plan.paths)
        keyed = [(path, text, field_of(path, plan.text_keyed)) for path, text in located]
        keyed = [(path, text, name) for path, text, name in keyed if name is not None]
        if problems or not keyed:
            continue
        spans, wrong = label_spans(record, plan.spans, dict(located)) if plan.spans else ({}, [])
        for path, text, name in keyed:
            terms = protected_terms(record, plan, text)
            kept = {(s.start, s.end) for s in spans.get(path, ())} if not wrong else set()
            if terms or kept:
                entry = found.setdefault((name, text_key(text)), (set(), set()))
                entry[0].update(terms)
                entry[1].update(kept)
    return {key: (tuple(sorted(terms)), tuple(sorted(kept))) for key, (terms, kept) in found.items()}


def label_spans(record: dict, labels: Sequence[SpanLabel], texts: dict[str, str]
                ) -> tuple[dict[str, list[LabelSpan]], list[str]]:
    """The spans ``labels`` declare in the record's rewritten ``texts`` (by path), and why an
    offset does not point at its span."""
    found: dict[str, list[LabelSpan]] = {}
    problems: list[str] = []
    for label in labels:
        if label.text in texts:
            spans, wrong = read_spans(record, label, texts[label.text])
            found.setdefault(label.text, []).extend(spans)
            problems += wrong
    return found, problems


def moved_offsets(spans: Sequence[LabelSpan], before: str, after: str, edits) -> tuple[list[LabelSpan], str | None]:
    """The spans whose offsets moved when ``before`` became ``after`` (by ``edits``), at
    their new offsets; or why a span did not keep its characters."""
    mapping = PositionMap(regions(edits))
    moved: list[LabelSpan] = []
    for span in spans:
        start = moved_span(span.start, span.end, edits, mapping)
        if start is None or after[start:start + span.end - span.start] != before[span.start:span.end]:
            return [], (f"{span.start_at}: the span {span.start}-{span.end} "
                        f"({before[span.start:span.end]!r}) was not kept as it was")
        if start != span.start:
            moved.append(span._replace(start=start, end=start + span.end - span.start))
    return moved, None


def _prepare_tokens(row: int, record: dict, plan: RecordPlan, pair: object) -> PendingRecord:
    """One task for a record of tokens: the tokens joined as a sentence, its entities
    protected (a CoNLL -DOCSTART- line and an empty sentence have none)."""
    from ..labels.layout import is_document_start
    from ..labels.realign import entity_terms, join_tokens

    layout = plan.tokens
    problems = layout.problems(record)
    tokens = record.get(layout.tokens)
    if problems or not tokens or is_document_start(tokens):
        return PendingRecord(row, record, [], problems, tokens=layout)
    text, _ = join_tokens(tokens)
    terms = entity_terms(tokens, record, layout) + protected_terms(record, plan, text)
    wanted = "tags" if any(lst.tagset for lst in layout.labels) else "tokens"
    return PendingRecord(row, record, [Task(row, layout.tokens, text, terms, pair, parse_output=wanted)], [],
                         tokens=layout)


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
    offsets: list[LabelSpan] = []
    for task, outcome in zip(item.tasks, outcomes):
        if item.spans.get(task.path) and outcome.text != task.text:
            moved, problem = moved_offsets(item.spans[task.path], task.text, outcome.text, outcome.edits)
            offsets += moved
            failures += [f"{task.path}: {problem}"] if problem else []
    if failures:
        return RecordResult(item.row, item.record, error="; ".join(failures))
    result = RecordResult(item.row, item.record, texts=len(item.tasks),
                          spans=sum(len(s) for s in item.spans.values()), spans_moved=len(offsets),
                          span_sites_blocked=sum(o.blocked for o in outcomes))
    for task, outcome in zip(item.tasks, outcomes):
        if outcome.stats is not None:
            result.learner.append(TextStats(task.path, outcome.stats))
        if outcome.pair_counts is not None:
            result.pairs += 1
            result.pair_edits_carried += outcome.pair_counts[0]
            result.pair_edits_blocked += outcome.pair_counts[1]
        if outcome.text != task.text and item.tokens is not None:
            failure = _put_tokens_back(item.record, item.tokens, outcome)
            if failure is not None:
                return RecordResult(item.row, item.record, error=failure)
            result.texts_changed += 1
        elif outcome.text != task.text:
            result.texts_changed += 1
            assign(item.record, task.path, outcome.text)
            for derived in rebuild:
                if derived.source == task.path and derived.field in item.record:
                    item.record[derived.field] = derived.make(outcome.text)
        result.log.extend(edit_rows(task.row, task.path, outcome.edits))
    for span in offsets:
        assign(item.record, span.start_at, span.start)
        if span.end_at is not None:
            assign(item.record, span.end_at, span.end)
    for joined, layout in item.layouts:
        item.record[joined.field] = joined.make(item.record, layout)
    return result


def _put_tokens_back(record: dict, layout: "TokenLayout", outcome: Outcome) -> str | None:
    """Split the new sentence into the record's tokens and label lists; why not, if it cannot
    be (the record then stays as it was)."""
    from ..labels.realign import RealignError, realign

    try:
        done = realign(record[layout.tokens], record, layout, outcome.text, outcome.edits, outcome.parsed)
    except RealignError as exc:
        return f"{layout.tokens}: the rewritten sentence {outcome.text!r} is left out: {exc}"
    record[layout.tokens] = done.tokens
    record.update(done.values)
    return None


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
