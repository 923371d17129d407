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

import logging
from types import SimpleNamespace
from typing import Any, Iterable, Mapping, Sequence

from .io.fields import parse_path
from .run.fanout import OutputLayout
from .run.texts import RecordPlan, rewrite_records
from .transformer import DialectsTransformer, FanoutConfig, Transformer

log = logging.getLogger(__name__)

NEEDS_INDICES = (
    "hf_map(...) needs the row index as the record key: call ds.map(..., with_indices=True). "
    "(Keying by the position inside a batch would make the output depend on batch_size and "
    "num_proc and would reuse the same random draws in every batch.)"
)


class DatasetMapper:
    """The callable :func:`hf_map` returns; picklable (it holds only the configuration)."""

    def __init__(self, transformer: Transformer, fields: Sequence[str]) -> None:
        if not fields:
            raise ValueError("give at least one field to rewrite")
        self.transformer = transformer
        self.fields = tuple(fields)
        for path in self.fields:
            parse_path(path)  # raises FieldError for a malformed path
        self.columns = tuple(dict.fromkeys(str(parse_path(p)[0]) for p in self.fields))

    def __call__(self, batch: Mapping[str, Any], indices: int | Sequence[int] | None = None) -> dict:
        if indices is None:
            raise TypeError(NEEDS_INDICES)
        missing = [c for c in self.columns if c not in batch]
        if missing:
            raise KeyError(f"column(s) {', '.join(missing)} not in the dataset; it has: {', '.join(batch.keys())}")
        if isinstance(indices, int):  # map(batched=False): one example
            (row,) = self._rewrite([{c: batch[c] for c in self.columns}], [indices])
            return row
        rows = [{c: batch[c][k] for c in self.columns} for k in range(len(indices))]
        rows = self._rewrite(rows, list(indices))
        return {c: [row[c] for row in rows] for c in self.columns}

    def _rewrite(self, rows: list[dict], keys: list[int]) -> list[dict]:
        for result in rewrite_records(self.transformer, rows, keys, RecordPlan(self.fields)):
            if result.error is not None:
                log.warning("row %s left unchanged: %s", result.row, result.error)
        return rows

    def __repr__(self) -> str:
        return f"hf_map({self.transformer!r}, fields={list(self.fields)!r})"


class DialectsMapper(DatasetMapper):
    """The callable :func:`hf_map` returns for several dialects, a mix, variants or changed rows
    only: the long form (see the module's documentation)."""

    def __init__(self, transformer: DialectsTransformer, fields: Sequence[str], layout: OutputLayout) -> None:
        super().__init__(transformer, fields)  # type: ignore[arg-type]
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
        results = rewrite_records_fanout(self.transformer, rows, keys, RecordPlan(self.fields), self.layout)
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
    fields: str | Sequence[str] = ("text",),
    seed: int = 0,
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
    ``multivalue transform --seed SEED`` does. ``profile_kwargs`` go to
    :class:`~multivalue_cli.transformer.Transformer`: ``only``, ``exclude``, ``density``,
    ``errors``, ``error_rate``, ``protect`` (terms no stage may touch), ``protect_regex``,
    ``protect_quotes``, ``model``, ``batch_size``.

    A list of dialects, ``mix`` (True, or a weight per dialect: ``{"IndE": 2, "ChcE": 1}``),
    ``variants`` and ``changed_only`` give the long form of ``multivalue transform -o -`` with
    the same options (see the module's documentation)."""
    paths = (fields,) if isinstance(fields, str) else tuple(fields)
    names = [dialect] if isinstance(dialect, str) or dialect is None else list(dialect)
    if isinstance(mix, Mapping):
        names, weights = list(mix), tuple(float(w) for w in mix.values())
    else:
        weights = (1.0,) * len(names) if mix else None
    if len(names) == 1 and weights is None and variants == 1 and not changed_only:
        return DatasetMapper(Transformer(dialect=names[0], features=features, seed=seed, **profile_kwargs), paths)
    if features is not None:
        raise ValueError("give either dialects or features, not both")
    members = DialectsTransformer(names, seed=seed, **profile_kwargs).config.members
    fan = DialectsTransformer(config=FanoutConfig(members, variants, weights))
    spec = SimpleNamespace(mix=weights is not None, variants=variants, changed_only=changed_only,
                           dialect_column=dialect_column, variant_column=variant_column, pair_key=None)
    layout = OutputLayout.of(spec, fan.names, to_stdout=True)
    return DialectsMapper(fan, paths, layout)
