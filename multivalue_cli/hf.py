"""Use multivalue inside ``datasets.Dataset.map``.

>>> from multivalue_cli.hf import hf_map
>>> ds = ds.map(hf_map(dialect="IndE", fields=["question"]), batched=True, with_indices=True, num_proc=4)

The rows come out exactly as ``multivalue transform`` writes them for the same input rows,
profile and seed. That needs ``with_indices=True``: every random draw is keyed by the record
key, which the command line takes to be the 0-based input row, and ``map`` hands the row
index over only when asked to. Without it the function raises instead of keying by the
position inside the batch, which would give a different output for every ``batch_size`` and
``num_proc`` and would repeat the same draws in every batch. The index is the row's position
in the dataset being mapped: map the same rows, in the same order, as the command line read.

As on the command line, a record whose field is missing, null or not text (a string with a
lone surrogate is not text), or on which a rule or the parser fails, is left unchanged (logged
at WARNING level).

Fields are paths as for ``--field`` (``question``, ``questions``, ``questions[*].input_text``,
``dialog.turns[*].text``); they address the rows as ``datasets`` gives them to Python (a
``Sequence`` of a struct, for instance, comes as a struct of lists).

Several dialects (``dialect=["IndE", "ChcE"]``) give the long form: each input row becomes one
row per dialect, adjacent and in the order given, with a ``dialect`` column naming it (the rows
``multivalue transform -d IndE,ChcE -o -`` writes); every text is parsed once for all of them.
``mix=True`` gives one row per input row instead, its dialect drawn as ``--mix`` draws it;
``variants=N`` gives N rows per row and dialect, numbered in a ``variant`` column (0 is the plain
output); ``changed_only=True`` leaves out the rows none of whose texts changed. Rows come and
go, so these need ``batched=True`` (a mix of one variant, one row per row, works unbatched too).
"""
from __future__ import annotations

import copy
import dataclasses
import logging
from types import SimpleNamespace
from typing import Any, Iterable, Mapping, Sequence

from .io.fields import parse_path
from .run.fanout import OutputLayout
from .run.texts import RecordPlan, rewrite_records, shared_protection
from .tasks import load_task
from .transformer import DialectsTransformer, FanoutConfig, Transformer

log = logging.getLogger(__name__)

NEEDS_INDICES = (
    "hf_map(...) needs the row index as the record key: call ds.map(..., with_indices=True). "
    "(Keying by the position inside a batch would make the output depend on batch_size and "
    "num_proc and would reuse the same random draws in every batch.)"
)


class DatasetMapper:
    """The callable :func:`hf_map` returns; picklable (it holds only the configuration)."""

    def __init__(self, transformer: Transformer, fields: Sequence[str] | None, task: str | None = None) -> None:
        self.preset = load_task(task) if task is not None else None
        if not fields and self.preset is None:
            raise ValueError("give at least one field to rewrite, or a task")
        self.transformer = transformer
        self.fields = tuple(fields) if fields else None  # None: the preset's, for the first row seen
        for path in self.fields or ():
            parse_path(path)  # raises FieldError for a malformed path
        self._plan = self._plan_for(self.fields) if self.fields else None

    def _plan_for(self, paths: Sequence[str]) -> RecordPlan:
        """What a run with these fields (and the preset) does with each record."""
        if self.preset is None:
            return RecordPlan(tuple(paths))
        rebuild, joined = self.preset.derived_fields(paths)
        return RecordPlan(tuple(paths), protect_fields=self.preset.protect_fields,
                          protect_sql=self.preset.protect_sql, rebuild=rebuild, joined=joined,
                          spans=tuple(label for label in self.preset.spans if label.text in paths),
                          text_keyed=tuple(p for p in self.preset.key_by_text if p in paths))

    def _columns(self, plan: RecordPlan) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The columns a record's rewrite reads, and those it writes."""
        made = [r.field for r in plan.rebuild] + [j.field for j in plan.joined]
        offsets = [p for label in plan.spans for p in (label.start, label.end, label.span) if p]
        written = [str(parse_path(p)[0]) for p in (*plan.paths, *offsets)] + made
        read = written + [str(parse_path(p)[0]) for p in (*plan.protect_fields, *plan.protect_sql)]
        return tuple(dict.fromkeys(read)), tuple(dict.fromkeys(written))

    def __call__(self, batch: Mapping[str, Any], indices: int | Sequence[int] | None = None) -> dict:
        if indices is None:
            raise TypeError(NEEDS_INDICES)
        one = isinstance(indices, int)  # map(batched=False): one example
        if self._plan is None:
            self._plan = self._plan_for(self.preset.choose_fields(
                dict(batch) if one else {c: values[0] for c, values in batch.items() if len(values)}))
        read, written = self._columns(self._plan)
        missing = [c for c in dict.fromkeys(str(parse_path(p)[0]) for p in self._plan.paths) if c not in batch]
        if missing:
            raise KeyError(f"column(s) {', '.join(missing)} not in the dataset; it has: {', '.join(batch.keys())}")
        read = [c for c in read if c in batch]
        written = [c for c in written if c in batch]
        if one:
            (row,) = self.rewrite_rows([{c: batch[c] for c in read}], [indices])
            return {c: row[c] for c in written}
        rows = [{c: batch[c][k] for c in read} for k in range(len(indices))]
        rows = self.rewrite_rows(rows, list(indices))
        return {c: [row[c] for row in rows] for c in written}

    def rewrite_rows(self, rows: list[dict], keys: list[int], whole: bool = False) -> list[dict]:
        """Rewrite ``rows`` in place, each keyed by its key (the input row, as a run keys it).
        With ``whole`` (the rows are the whole dataset), a text of a text-keyed field keeps
        what any of its rows protects, as a run does after its pass over the input; a map sees
        a batch at a time, so there each row protects its own."""
        if self._plan is None and rows:
            self._plan = self._plan_for(self.preset.choose_fields(rows[0]))
        plan = self._plan
        if whole and plan.text_keyed and (plan.protect_fields or plan.protect_sql or plan.spans):
            plan = dataclasses.replace(plan, shared=shared_protection(zip(keys, rows), plan))
        for result in rewrite_records(self.transformer, rows, keys, plan):
            if result.error is not None:
                log.warning("row %s left unchanged: %s", result.row, result.error)
        return rows

    def __repr__(self) -> str:
        chosen = f"fields={list(self.fields)!r}" if self.fields else f"task={self.preset.name!r}"
        return f"hf_map({self.transformer!r}, {chosen})"


class DialectsMapper(DatasetMapper):
    """The callable :func:`hf_map` returns for several dialects, a mix, variants or changed rows
    only: the long form (see the module's documentation)."""

    def __init__(self, transformer: DialectsTransformer, fields: Sequence[str], layout: OutputLayout,
                 task: str | None = None) -> None:
        super().__init__(transformer, fields, task)  # type: ignore[arg-type]
        self.layout = layout

    def __call__(self, batch: Mapping[str, Any], indices: int | Sequence[int] | None = None) -> dict:
        from .run.fanout import rewrite_records_fanout

        if indices is None:
            raise TypeError(NEEDS_INDICES)
        for column in self.layout.added_columns:
            if column in batch:
                raise ValueError(f"the dataset already has a column {column!r}, which this map adds; "
                                 "name the added column otherwise (dialect_column=, variant_column=)")
        single = isinstance(indices, int)
        if single:  # map(batched=False): one example, one row back
            if self.layout.dialect_column is None or self.layout.variant_column or self.layout.changed_only:
                raise TypeError("hf_map with several dialects, variants or changed_only=True gives a "
                                "row count of its own: call ds.map(..., batched=True)")
            rows, keys = [dict(batch)], [indices]
        else:
            rows = [{c: batch[c][k] for c in batch} for k in range(len(indices))]
            keys = list(indices)
        if self._plan is None and rows:
            self._plan = self._plan_for(self.preset.choose_fields(rows[0]))
        results = rewrite_records_fanout(self.transformer, rows, keys, self._plan, self.layout)
        written = []
        for result in results:
            if result.error is not None:
                log.warning("row %s left unchanged in %s: %s", result.row, result.dialect, result.error)
            if not result.left_out:
                written.append(result.record)
        if single:
            return written[0]
        columns = [*batch, *self.layout.added_columns]
        return {c: [row[c] for row in written] for c in columns}


def hf_map(
    dialect: str | Sequence[str] | None = None,
    features: Iterable[str | int] | Mapping[str | int, float] | None = None,
    fields: str | Sequence[str] | None = None,
    seed: int = 0,
    task: str | None = None,
    *,
    mix: bool | Mapping[str, float] = False,
    variants: int = 1,
    changed_only: bool = False,
    dialect_column: str = "dialect",
    variant_column: str = "variant",
    **profile_kwargs: Any,
) -> DatasetMapper:
    """A function for ``ds.map(..., batched=True, with_indices=True)`` (``batched=False``
    works too) that rewrites ``fields`` into ``dialect`` (or with ``features``), as
    ``multivalue transform --seed SEED`` does. ``task`` is a preset, as ``--task``: its fields
    (unless ``fields`` are given), what it keeps verbatim, the features it leaves out and the
    fields it makes again; without either, the field is ``text``. ``profile_kwargs`` go to
    :class:`~multivalue_cli.transformer.Transformer`: ``only``, ``exclude``, ``density``,
    ``errors``, ``error_rate``, ``protect`` (terms no stage may touch), ``protect_regex``,
    ``protect_quotes``, ``model``, ``batch_size``.

    A list of dialects, ``mix`` (True, or a weight per dialect: ``{"IndE": 2, "ChcE": 1}``),
    ``variants`` and ``changed_only`` give the long form of ``multivalue transform -o -`` with
    the same options (see the module's documentation)."""
    paths = (fields,) if isinstance(fields, str) else tuple(fields or ())
    if not paths and task is None:
        paths = ("text",)
    names = [dialect] if isinstance(dialect, str) or dialect is None else list(dialect)
    if isinstance(mix, Mapping):
        names, weights = list(mix), tuple(float(w) for w in mix.values())
    else:
        weights = (1.0,) * len(names) if mix else None
    if len(names) == 1 and weights is None and variants == 1 and not changed_only:
        transformer = Transformer(dialect=names[0], features=features, seed=seed, task=task, **profile_kwargs)
        return DatasetMapper(transformer, paths, task)
    if features is not None:
        raise ValueError("give either dialects or features, not both")
    members = DialectsTransformer(names, seed=seed, task=task, **profile_kwargs).config.members
    fan = DialectsTransformer(config=FanoutConfig(members, variants, weights))
    spec = SimpleNamespace(mix=weights is not None, variants=variants, changed_only=changed_only,
                           dialect_column=dialect_column, variant_column=variant_column, pair_key=None)
    layout = OutputLayout.of(spec, fan.names, to_stdout=True)
    return DialectsMapper(fan, paths, layout, task)


def transform_records(records: Iterable[Mapping[str, Any]], dialect: str | None = None,
                      features: Iterable[str | int] | Mapping[str | int, float] | None = None,
                      fields: str | Sequence[str] | None = None, seed: int = 0, task: str | None = None,
                      **profile_kwargs: Any) -> list[dict]:
    """Records (dictionaries, in input order) rewritten as ``multivalue transform`` writes
    them for the same options: new dictionaries, the inputs are left as they are. The
    options are those of :func:`hf_map`."""
    rows = [copy.deepcopy(dict(record)) for record in records]
    return hf_map(dialect, features, fields, seed, task, **profile_kwargs).rewrite_rows(
        rows, list(range(len(rows))), whole=True)
