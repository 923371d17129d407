#!/usr/bin/env python3
"""A SQuAD file as the authors publish it (``{"data": [{"title", "paragraphs": [{"context",
"qas": [...]}]}]}``) flattened to the ``datasets`` squad / squad_v2 layout, one JSON line per
question: ``id``, ``title``, ``context``, ``question``, ``answers`` {``text``: [...],
``answer_start``: [...]}, and for SQuAD 2.0 ``plausible_answers`` in the same shape (empty for
an answerable question), so that ``multivalue transform OUT.jsonl --task squad`` can read it.

    python scripts/squad_records.py dev-v2.0.json -o squad_v2_dev.jsonl
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path


def columns(answers: list[dict]) -> dict:
    """A list of ``{text, answer_start}`` as the ``datasets`` layout's two parallel lists."""
    return {"text": [a["text"] for a in answers], "answer_start": [a["answer_start"] for a in answers]}


def records(squad: dict) -> list[dict]:
    version_2 = any("is_impossible" in q for article in squad["data"] for p in article["paragraphs"]
                    for q in p["qas"])
    out = []
    for article in squad["data"]:
        for paragraph in article["paragraphs"]:
            for qa in paragraph["qas"]:
                record = {"id": qa["id"], "title": article["title"], "context": paragraph["context"],
                          "question": qa["question"], "answers": columns(qa["answers"])}
                if version_2:
                    record["plausible_answers"] = columns(qa.get("plausible_answers", []))
                out.append(record)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("squad", type=Path, help="a SQuAD JSON file (v1.1 or v2.0)")
    parser.add_argument("-o", "--output", type=Path, help="the JSON lines to write (default: stdout)")
    args = parser.parse_args()
    lines = "".join(json.dumps(r, ensure_ascii=False) + "\n"
                    for r in records(json.loads(args.squad.read_text("utf-8"))))
    if args.output:
        args.output.write_text(lines, "utf-8")
    else:
        sys.stdout.write(lines)


if __name__ == "__main__":
    main()
