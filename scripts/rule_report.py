#!/usr/bin/env python3
"""How each rule behaves on realistic text, at probability 1.0.

    python scripts/rule_report.py                       # every rule, default corpora
    python scripts/rule_report.py uninflect dont -n 40  # some rules, show 40 changes each
    python scripts/rule_report.py --tsv changes.tsv     # every change, for reading

Corpora: the bundled sample plus every ``scripts/data/realistic*.txt`` (one text per line,
``#`` starts a comment). Each text is parsed once; every rule runs alone on every parse.
Prints, per rule, how many texts it changed out of how many, and examples of the changes
(before -> after), so a person can read them and count the wrong ones.
"""
from __future__ import annotations

import argparse
import csv
import json
import sys
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def load_corpus(paths: list[Path]) -> list[str]:
    sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8")
    texts = [json.loads(line)["text"] for line in sample.splitlines() if line.strip()]
    for path in paths:
        for line in path.read_text("utf-8").splitlines():
            if line.strip() and not line.lstrip().startswith("#"):
                texts.append(line.strip())
    return list(dict.fromkeys(texts))  # unique, in order


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules", nargs="*", help="rule names (default: all)")
    parser.add_argument("--corpus", type=Path, nargs="*",
                        default=sorted((ROOT / "scripts" / "data").glob("realistic*.txt")))
    parser.add_argument("-n", "--show", type=int, default=10, help="changes to print per rule")
    parser.add_argument("--tsv", type=Path, help="write every change (rule, before, after) here")
    args = parser.parse_args()

    from multivalue_cli.engine import Engine
    from multivalue_cli.nlp import load_pipeline
    from multivalue_cli.registry import registry

    rules = registry()
    unknown = [name for name in args.rules if name not in rules]
    if unknown:
        sys.exit(f"unknown rule(s): {', '.join(unknown)}")
    chosen = [rules[name] for name in args.rules] or sorted(rules.values(), key=lambda r: (r.ewave, r.name))
    texts = load_corpus(args.corpus)
    docs = list(load_pipeline().pipe(texts, batch_size=256))
    writer = csv.writer(open(args.tsv, "w", newline="", encoding="utf-8"), delimiter="\t") if args.tsv else None
    if writer:
        writer.writerow(["ewave", "rule", "before", "after"])
    print(f"{len(texts)} texts")
    for rule in chosen:
        engine = Engine([(rule, 1.0)])
        changes = [(doc.text, out.text) for doc in docs if (out := engine.apply(doc)).text != doc.text]
        print(f"\n{rule.ewave} {rule.name}: changed {len(changes)} of {len(texts)} texts")
        for before, after in changes[: args.show]:
            print(f"  - {before}\n  + {after}")
        if writer:
            writer.writerows((rule.ewave, rule.name, b, a) for b, a in changes)


if __name__ == "__main__":
    main()
