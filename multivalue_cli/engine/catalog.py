"""The feature catalogue (``multivalue_cli/data/features.tsv``): every eWAVE feature the project
knows by its rule name, with its eWAVE number, category and title. Rules take their number and
category from it (:func:`.registry.rule`); profiles are validated against it."""
from __future__ import annotations

import csv
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources


@dataclass(frozen=True)
class CatalogEntry:
    ewave: int
    name: str
    category: str
    title: str


@lru_cache(maxsize=1)
def catalog() -> dict[str, CatalogEntry]:
    """The catalogued features by rule name (eWAVE number, category, eWAVE title)."""
    text = resources.files("multivalue_cli").joinpath("data/features.tsv").read_text("utf-8")
    entries: dict[str, CatalogEntry] = {}
    for row in csv.DictReader(text.splitlines(), delimiter="\t"):
        entries.setdefault(
            row["name"], CatalogEntry(int(row["ewave"]), row["name"], row["category"], row["title"])
        )
    return entries
