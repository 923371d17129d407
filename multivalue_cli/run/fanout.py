"""Many outputs from one parse: the records of each output of a run that has several (one per
dialect, a mixed dialect per row, variants) or that keeps only changed rows.

The workers rewrite each text once per output its record has (see
:meth:`.transformer.FanoutConfig.wanted` and :func:`.worker.rewrite_fanout`); here, in the main
process, each output gets its own copy of the record with its texts put back
(:func:`.texts.finish`, as a plain run does), the added columns (``dialect``, ``variant``), and
its edit-log rows with them. :func:`assemble` gives each result with the output (stream) it
goes to: one per dialect (``OUT/<ABBR>/``) or one for the run.
"""
from __future__ import annotations

import copy
import dataclasses
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Callable, Sequence

from ..io.fields import parse_path
from .manifest_stats import learner_section
from .texts import PendingRecord, RecordPlan, RecordResult, finish

if TYPE_CHECKING:
    import pyarrow as pa

    from ..io.tokenize import Rebuild
    from ..profiles import Profile
    from ..transformer import FanoutConfig
    from .records import Outcome
    from .spec import RunSpec, Totals


@dataclass(frozen=True)
class OutputLayout:
    """Where each output of a record goes and what is added to it.

    ``names`` are the dialects' abbreviations (the members of the run's
    :class:`~.transformer.FanoutConfig`, in order). With ``per_dialect``, each dialect is a
    stream of its own (a dataset configuration ``OUT/<ABBR>/``); otherwise every output goes
    to one stream, with the dialect named in ``dialect_column`` (a mixed run, or many dialects
    in the long form on stdout). ``variant_column`` numbers the variants (when there are
    several); with ``changed_only``, rows none of whose texts changed are left out."""

    names: tuple[str, ...]
    per_dialect: bool = False
    dialect_column: str | None = None
    variant_column: str | None = None
    changed_only: bool = False
    pair_key: str | None = None

    @property
    def streams(self) -> tuple[str, ...]:
        """The outputs' folders under OUT: one per dialect, or the folder itself ("")."""
        return self.names if self.per_dialect else ("",)

    @classmethod
    def of(cls, spec: "RunSpec", names: Sequence[str], to_stdout: bool = False) -> "OutputLayout | None":
        """The layout of a run of ``spec`` over the dialects ``names``; None for a plain run
        (one dialect or none, one output per record, every row)."""
        many = len(names) > 1
        if not (many or spec.mix or spec.variants > 1 or spec.changed_only):
            return None
        per_dialect = many and not spec.mix and not to_stdout
        for name in names if per_dialect else ():
            _check_folder_name(name)
        return cls(tuple(names), per_dialect=per_dialect,
                   dialect_column=spec.dialect_column if spec.mix or (many and to_stdout) else None,
                   variant_column=spec.variant_column if spec.variants > 1 else None,
                   changed_only=spec.changed_only, pair_key=spec.pair_key)

    @property
    def added_columns(self) -> tuple[str, ...]:
        """The columns added to the records."""
        return tuple(c for c in (self.dialect_column, self.variant_column) if c)

    def added_values(self) -> dict:
        """A value of each added column, of its type (for a schema inferred from records)."""
        values = {self.dialect_column: self.names[0], self.variant_column: 0}
        return {column: value for column, value in values.items() if column}

    def with_columns(self, schema: "pa.Schema") -> "pa.Schema":
        """``schema`` with the added columns."""
        import pyarrow as pa

        for column, kind in ((self.dialect_column, pa.string()), (self.variant_column, pa.int64())):
            if column:
                schema = schema.append(pa.field(column, kind))
        return schema

    def error_fields(self, result: RecordResult) -> dict:
        """What an ``errors.jsonl`` entry says beside the row: its variant, and its dialect
        where one output holds several."""
        fields: dict = {}
        if self.dialect_column:
            fields["dialect"] = result.dialect
        if self.variant_column:
            fields["variant"] = result.variant
        return fields

    @property
    def log_columns(self) -> tuple[str, ...]:
        """The columns the edit log has beside a plain run's: the variant, and the dialect
        where one stream holds several."""
        return tuple(name for name, wanted in (("dialect", self.dialect_column),
                                               ("variant", self.variant_column)) if wanted)


def _check_folder_name(name: str) -> None:
    """A dialect's abbreviation names its folder under OUT and its dataset configuration."""
    from .spec import RunError

    if not name or name in (".", "..") or name.startswith(".") or any(c in name for c in "/\\\0") \
            or name.endswith("-edits") or name in ("data", "edits"):
        raise RunError(f"the abbreviation {name!r} cannot name a dialect's folder and configuration "
                       "under the output folder; give the profile another abbreviation")


def assemble(items: Sequence[PendingRecord], outcomes: Sequence[Sequence["Outcome"]],
             config: "FanoutConfig", layout: OutputLayout,
             rebuild: Sequence["Rebuild"] = ()) -> list[tuple[int, RecordResult]]:
    """``(stream, result)`` of every output of every record, in output order (record by
    record, then as :meth:`~.transformer.FanoutConfig.wanted` orders them). ``outcomes`` are
    the workers', per task, one per output of its record."""
    out: list[tuple[int, RecordResult]] = []
    position = 0
    for item in items:
        mine = outcomes[position:position + len(item.tasks)]
        position += len(item.tasks)
        pair = item.tasks[0].pair if item.tasks else None
        for n, (member, variant) in enumerate(config.wanted(item.row if pair is None else pair)):
            slot = [outcome[n] for outcome in mine]
            record = item.record
            if any(o.text != t.text for o, t in zip(slot, item.tasks)):
                record = _copied_for(item, record)
            result = finish(dataclasses.replace(item, record=record), slot, rebuild)
            result.variant, result.dialect = variant, layout.names[member]
            _add_columns(result, layout)
            out.append((member if layout.per_dialect else 0, result))
    if layout.changed_only:
        _leave_out_unchanged(out, layout)
    return out


def _copied_for(item: PendingRecord, record: dict) -> dict:
    """A copy of ``record`` that the item's new texts (and moved span offsets) can be put into
    without changing it: the record's own dict, and the values the paths go into below the
    top; a record of tokens whole (its label lists are aligned again)."""
    if item.tokens is not None:
        return copy.deepcopy(record)
    copied = dict(record)
    offsets = [p for spans in item.spans.values() for s in spans for p in (s.start_at, s.end_at) if p]
    for path in [t.path for t in item.tasks] + offsets:
        steps = parse_path(path)
        if len(steps) > 1 and steps[0] in record:
            copied[steps[0]] = copy.deepcopy(record[steps[0]])
    return copied


def _add_columns(result: RecordResult, layout: OutputLayout) -> None:
    """The added columns of the record and of its edit-log rows."""
    extra: dict = {}
    if layout.dialect_column:
        extra[layout.dialect_column] = result.dialect
    if layout.variant_column:
        extra[layout.variant_column] = result.variant
    if not extra:
        return
    if result.record is not None:
        result.record = {**result.record, **extra}
    logged = tuple(extra.values())
    result.log = [(*row, *logged) for row in result.log]


def _leave_out_unchanged(results: list[tuple[int, RecordResult]], layout: OutputLayout) -> None:
    """Mark the rows none of whose texts changed (records that failed are kept: they are
    counted as errors), with their edit-log rows; the members of a counterfactual pair
    (consecutive records with one pair value) are kept or left out together, per stream and
    variant."""
    groups: list[list[RecordResult]] = []
    current: dict[tuple[int, int], tuple[object, list[RecordResult]]] = {}
    for stream, result in results:
        pair = result.record.get(layout.pair_key) if layout.pair_key and result.record else None
        lane = (stream, result.variant)
        group = current.get(lane)
        if pair is None or group is None or group[0] != pair:
            group = current[lane] = (pair, [])
            groups.append(group[1])
        group[1].append(result)
    for members in groups:
        if not any(r.error is not None or r.texts_changed for r in members):
            for result in members:
                result.left_out = True
                result.log = []


@dataclass(frozen=True)
class RunFanout:
    """A run's many outputs: how they are laid out, and what the workers make of each text
    (each dialect's profile and calibrated learner errors, the variants, the mix)."""

    layout: OutputLayout
    config: "FanoutConfig"

    @property
    def profiles(self) -> list["Profile | None"]:
        return [member.profile for member in self.config.members]

    def assembler(self, plan: RecordPlan) -> Callable:
        """The batch step of :func:`.pipeline.transform_batches` for this run."""
        return partial(_assemble_batch, self.config, self.layout, tuple(plan.rebuild))

    def learner_configs(self, streams: Sequence[str] = ("",)) -> list:
        """The learner errors of each stream (those of its dialect; of the first dialect for a
        stream that holds several), or [] without learner errors."""
        members = self.config.members
        if members[0].errors is None:
            return []
        if self.layout.per_dialect:
            return [member.errors for member in members]
        return [members[0].errors for _ in streams]

    def manifest_entries(self, spec: "RunSpec", streams: dict[str, tuple[dict, "Totals"]],
                         learner: dict | None) -> dict:
        """What the manifest of a run with many outputs says beside a plain run's: each
        dialect (its profile, weight, and with a configuration per dialect its counts, files
        and learner errors), and the columns added."""
        members, layout = self.config.members, self.layout
        learner = learner or {}
        entries: dict = {"layout": {"per_dialect": layout.per_dialect, "variants": self.config.variants,
                                    "changed_only": layout.changed_only,
                                    "columns": {"dialect": layout.dialect_column, "variant": layout.variant_column}}}
        if len(members) > 1 or self.config.weights is not None:
            dialects = []
            for m, (name, member) in enumerate(zip(layout.names, members)):
                entry: dict = {"abbreviation": name, "profile": member.profile.canonical()
                               if member.profile is not None else None}
                if self.config.weights is not None:
                    entry["weight"] = self.config.weights[m]
                if layout.per_dialect:
                    outputs, totals = streams[name]
                    entry.update(config=name, counts=totals.as_dict(), outputs=outputs,
                                 learner=learner_section(spec, member.errors, learner.get(name))
                                 if member.errors is not None else None)
                dialects.append(entry)
            entries["dialects"] = dialects
            entries["profile"] = None
        if layout.per_dialect:
            entries.update(outputs=None, learner=None)
        elif members[0].errors is not None:
            entries["learner"] = learner_section(spec, members[0].errors, learner.get(""))
        return entries


def _assemble_batch(config: "FanoutConfig", layout: OutputLayout, rebuild: tuple,
                    items: Sequence[PendingRecord], outcomes: Sequence) -> list[tuple[int, RecordResult]]:
    return assemble(items, outcomes, config, layout, rebuild)


def rewrite_records_fanout(fan, records: Sequence[dict], keys: Sequence[int], plan: RecordPlan,
                           layout: OutputLayout) -> list[RecordResult]:
    """Every output of each record, in this process, in output order (as
    :func:`.texts.rewrite_records` does for one), each record keyed by its key."""
    from .texts import prepare
    from .worker import rewrite_fanout

    items = [prepare(key, record, plan) for key, record in zip(keys, records)]
    tasks = [task for item in items for task in item.tasks]
    outcomes = rewrite_fanout(fan, tasks) if tasks else []
    return [result for _, result in assemble(items, outcomes, fan.config, layout, plan.rebuild)]
