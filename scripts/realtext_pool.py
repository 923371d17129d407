"""The development pool: the user-typed texts of the public benchmark files in a folder (its
README describes them), by source, each distinct text once.

    from realtext_pool import load_pool
    pool = load_pool(Path("../shared/realtext"))   # {source: [text, ...]}

A text found in two sources is kept in the first (in the order of ``SOURCES``). What is read:
Spider questions; BBQ contexts and questions; WinoBias type-2 sentences without their
brackets; DailyDialog turns; SQuAD contexts and questions; WNUT-17 sentences (tokens joined by
spaces); GSM8K, ARC, MMLU and TruthfulQA questions; HellaSwag contexts (``ctx``); WinoGrande
sentences.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Callable, Iterator


def _jsonl(path: Path) -> Iterator[dict]:
    for line in path.read_text("utf-8").splitlines():
        if line.strip():
            yield json.loads(line)


def _spider(folder: Path) -> Iterator[str]:
    for record in json.loads((folder / "spider_dev_half.json").read_text("utf-8")):
        yield record["question"]


def _bbq(folder: Path) -> Iterator[str]:
    for path in sorted(folder.glob("bbq_*.jsonl")):
        for record in _jsonl(path):
            yield record["context"]
            yield record["question"]


def _winobias(folder: Path) -> Iterator[str]:
    for path in sorted((folder / "winobias").glob("*type2*")):
        for line in path.read_text("utf-8").splitlines():
            yield line.split(" ", 1)[-1].replace("[", "").replace("]", "")


def _dailydialog(folder: Path) -> Iterator[str]:
    for record in _jsonl(folder / "dailydialog_half.jsonl"):
        yield from record["turns"]


def _squad(folder: Path) -> Iterator[str]:
    for article in json.loads((folder / "squad_v2_dev_excerpt.json").read_text("utf-8"))["data"]:
        for paragraph in article["paragraphs"]:
            yield paragraph["context"]
            for qa in paragraph["qas"]:
                yield qa["question"]


def _wnut17(folder: Path) -> Iterator[str]:
    tokens: list[str] = []
    for line in (folder / "wnut17_dev.conll").read_text("utf-8").splitlines() + [""]:
        if line.strip():
            tokens.append(line.split("\t")[0])
        elif tokens:
            yield " ".join(tokens)
            tokens = []


def _field(name: str, field: str) -> Callable[[Path], Iterator[str]]:
    def read(folder: Path) -> Iterator[str]:
        for record in _jsonl(folder / name):
            yield record[field]
    return read


SOURCES: dict[str, Callable[[Path], Iterator[str]]] = {
    "spider": _spider,
    "bbq": _bbq,
    "winobias": _winobias,
    "dailydialog": _dailydialog,
    "squad": _squad,
    "wnut17": _wnut17,
    "gsm8k": _field("gsm8k_dev_half.jsonl", "question"),
    "arc": _field("arc_dev_half.jsonl", "question"),
    "mmlu": _field("mmlu_dev_half.jsonl", "question"),
    "truthfulqa": _field("truthfulqa_dev_half.jsonl", "question"),
    "hellaswag": _field("hellaswag_dev_half.jsonl", "ctx"),
    "winogrande": _field("winogrande_dev_half.jsonl", "sentence"),
}


def load_pool(folder: Path, sources: list[str] | None = None) -> dict[str, list[str]]:
    """``{source: texts}``: every distinct, non-blank text (stripped) of each source once, in
    file order; a text already in an earlier source is not repeated."""
    seen: set[str] = set()
    pool: dict[str, list[str]] = {}
    for name, read in SOURCES.items():
        if sources is not None and name not in sources:
            continue
        texts = pool[name] = []
        for text in read(Path(folder)):
            text = text.strip()
            if text and text not in seen:
                seen.add(text)
                texts.append(text)
    return pool
