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
"""
from __future__ import annotations

import logging
from typing import Any, Iterable, Mapping, Sequence

from .io.fields import parse_path
from .run.texts import RecordPlan, rewrite_records
from .transformer import Transformer

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


def hf_map(
    dialect: str | None = None,
    features: Iterable[str | int] | Mapping[str | int, float] | None = None,
    fields: str | Sequence[str] = ("text",),
    seed: int = 0,
    **profile_kwargs: Any,
) -> DatasetMapper:
    """A function for ``ds.map(..., batched=True, with_indices=True)`` (``batched=False``
    works too) that rewrites ``fields`` into ``dialect`` (or with ``features``), as
    ``multivalue transform --seed SEED`` does. ``profile_kwargs`` go to
    :class:`~multivalue_cli.transformer.Transformer`: ``only``, ``exclude``, ``density``,
    ``errors``, ``error_rate``, ``protect`` (terms no stage may touch), ``protect_regex``,
    ``protect_quotes``, ``model``, ``batch_size``."""
    paths = (fields,) if isinstance(fields, str) else tuple(fields)
    return DatasetMapper(Transformer(dialect=dialect, features=features, seed=seed, **profile_kwargs), paths)
