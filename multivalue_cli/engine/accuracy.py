"""What blind review measured about the rules, shipped with the package.

``multivalue_cli/data/rule_accuracy.tsv``: one row per reviewed rule (how many of its sites on
real text a calibrated reviewer judged, how many they accepted, how many texts of the review
pool it changed, the sample's salt, the commit it was drawn at, the date of the review and the
reviewer's calibration score), written by ``scripts/review_rule.py import``.
``multivalue_cli/data/silent_rules.tsv``: the rules that changed no text of the review pool,
each with the construction it needs and the search that finds none in the pool (written by
``scripts/review_rule.py silent``).

``multivalue dialects show`` and the dataset card show these figures; ``--min-accuracy``
leaves out the rules measured below a threshold (:func:`left_out`).
"""
from __future__ import annotations

import csv
import io
from dataclasses import astuple, dataclass, fields
from functools import lru_cache
from importlib import resources
from typing import Iterable

ACCURACY_FILE = "data/rule_accuracy.tsv"
SILENT_FILE = "data/silent_rules.tsv"


@dataclass(frozen=True)
class Measured:
    """One rule's blind review: ``accepted`` of ``reviewed`` sites judged acceptable."""

    rule: str
    reviewed: int
    accepted: int
    fired: int  # texts of the review pool the rule changed
    salt: str
    commit: str
    date: str
    calibration: str  # the reviewer's calibration score

    @property
    def accuracy(self) -> float:
        return self.accepted / self.reviewed

    def shown(self) -> str:
        """``92% (11/12)``."""
        return f"{100 * self.accuracy:.0f}% ({self.accepted}/{self.reviewed})"


@dataclass(frozen=True)
class Silent:
    """A rule that changed no text of the review pool, and why: the construction it ``needs``
    and the ``search`` over the pool's texts that finds ``matches`` of it in ``pool`` texts."""

    rule: str
    needs: str
    search: str
    matches: int
    pool: int
    commit: str


def _columns(kind: type) -> list[str]:
    return [f.name for f in fields(kind)]


def read_rows(text: str, kind: type, where: str) -> dict:
    """The rows of a table of ``kind`` (:class:`Measured` or :class:`Silent`) by rule; a row
    that cannot be read is a ValueError naming ``where`` and its line."""
    reader = csv.DictReader(io.StringIO(text), delimiter="\t")
    if reader.fieldnames != _columns(kind):
        raise ValueError(f"{where}: expected the columns {', '.join(_columns(kind))}")
    rows = {}
    for line, row in enumerate(reader, 2):
        try:
            values = {f.name: int(row[f.name]) if f.type in (int, "int") else row[f.name] or ""
                      for f in fields(kind)}
            entry = kind(**values)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}, line {line}: {exc}") from None
        if isinstance(entry, Measured) and not 0 <= entry.accepted <= entry.reviewed > 0:
            raise ValueError(f"{where}, line {line}: accepted must be between 0 and reviewed (> 0)")
        rows[entry.rule] = entry
    return rows


def table_text(rows: Iterable, kind: type) -> str:
    """The rows as the table file holds them (sorted by rule)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    writer.writerow(_columns(kind))
    writer.writerows(astuple(row) for row in sorted(rows, key=lambda r: r.rule))
    return out.getvalue()


def _shipped(name: str) -> str:
    return resources.files("multivalue_cli").joinpath(name).read_text("utf-8")


@lru_cache(maxsize=1)
def measured() -> dict[str, Measured]:
    """The reviewed rules by name."""
    return read_rows(_shipped(ACCURACY_FILE), Measured, ACCURACY_FILE)


@lru_cache(maxsize=1)
def silent() -> dict[str, Silent]:
    """The rules silent on the review pool by name."""
    return read_rows(_shipped(SILENT_FILE), Silent, SILENT_FILE)


def left_out(names: Iterable[str], min_accuracy: float, include_unmeasured: bool) -> dict[str, str]:
    """Of the rules ``names``, those ``--min-accuracy`` leaves out, each with why: its measured
    figure when below ``min_accuracy``, ``not measured`` when it was never reviewed (kept with
    ``include_unmeasured``)."""
    found = measured()
    out = {}
    for name in names:
        entry = found.get(name)
        if entry is None:
            if not include_unmeasured:
                out[name] = "not measured"
        elif entry.accuracy < min_accuracy:
            out[name] = entry.shown()
    return out
