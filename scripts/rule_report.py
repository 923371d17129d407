#!/usr/bin/env python3
"""How each rule behaves on realistic text, at probability 1.0.

    python scripts/rule_report.py                       # every rule, default corpora
    python scripts/rule_report.py uninflect dont -n 40  # some rules, show 40 changes each
    python scripts/rule_report.py --tsv changes.tsv     # every change, for reading

    python scripts/rule_report.py --realtext ../shared/realtext --counts before.json
    python scripts/rule_report.py --realtext ../shared/realtext --sample sample.tsv --per-rule 6

Corpora: the bundled sample plus every ``scripts/data/realistic*.txt`` (one text per line,
``#`` starts a comment), or with ``--realtext DIR`` the public benchmark files in DIR (Spider
questions, BBQ contexts and questions, WinoBias sentences without their brackets), each
distinct text once. Each text is parsed once; every rule runs alone on every parse.
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


def load_realtext(folder: Path) -> list[str]:
    """Distinct user-typed texts of the benchmark files in ``folder`` (see its README)."""
    texts: list[str] = []
    spider = folder / "spider_dev_half.json"
    if spider.exists():
        texts += [r["question"] for r in json.loads(spider.read_text("utf-8"))]
    for path in sorted(folder.glob("bbq_*.jsonl")):
        for line in path.read_text("utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                texts += [record["context"], record["question"]]
    for path in sorted((folder / "winobias").glob("*type2*")):
        for line in path.read_text("utf-8").splitlines():
            sentence = line.split(" ", 1)[-1].replace("[", "").replace("]", "").strip()
            if sentence:
                texts.append(sentence)
    return list(dict.fromkeys(t.strip() for t in texts if t.strip()))


def stable_pick(items: list, k: int, salt: str) -> list:
    """Up to ``k`` items chosen by a hash of their text (not the first ones), in input order."""
    import hashlib

    ranked = sorted(range(len(items)),
                    key=lambda i: hashlib.sha256(f"{salt}\t{items[i][0]}".encode()).hexdigest())
    return [items[i] for i in sorted(ranked[:k])]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rules", nargs="*", help="rule names (default: all)")
    parser.add_argument("--corpus", type=Path, nargs="*",
                        default=sorted((ROOT / "scripts" / "data").glob("realistic*.txt")))
    parser.add_argument("--realtext", type=Path, help="use the benchmark files in this folder instead")
    parser.add_argument("-n", "--show", type=int, default=10, help="changes to print per rule")
    parser.add_argument("--counts", type=Path, help="write {rule: texts changed} as JSON here")
    parser.add_argument("--sample", type=Path, help="write up to --per-rule changes per rule, "
                        "chosen by a stable hash, as TSV here (for review)")
    parser.add_argument("--per-rule", type=int, default=6)
    parser.add_argument("--salt", default="review", help="hash salt of --sample (a new salt, a new sample)")
    parser.add_argument("--tsv", type=Path, help="write every change (rule, before, after) here")
    args = parser.parse_args()

    from multivalue_cli.engine.apply import Engine
    from multivalue_cli.engine.nlp import load_pipeline
    from multivalue_cli.engine.registry import registry

    rules = registry()
    unknown = [name for name in args.rules if name not in rules]
    if unknown:
        sys.exit(f"unknown rule(s): {', '.join(unknown)}")
    chosen = [rules[name] for name in args.rules] or sorted(rules.values(), key=lambda r: (r.ewave, r.name))
    texts = load_realtext(args.realtext) if args.realtext else load_corpus(args.corpus)
    docs = list(load_pipeline().pipe(texts, batch_size=256))
    writer = csv.writer(open(args.tsv, "w", newline="", encoding="utf-8"), delimiter="\t") if args.tsv else None
    if writer:
        writer.writerow(["ewave", "rule", "before", "after"])
    print(f"{len(texts)} texts")
    counts: dict[str, int] = {}
    sample = csv.writer(open(args.sample, "w", newline="", encoding="utf-8"), delimiter="\t") if args.sample else None
    if sample:
        sample.writerow(["ewave", "rule", "before", "after"])
    for rule in chosen:
        engine = Engine([(rule, 1.0)])
        changes = [(doc.text, out.text) for doc in docs if (out := engine.apply(doc)).text != doc.text]
        counts[rule.name] = len(changes)
        print(f"\n{rule.ewave} {rule.name}: changed {len(changes)} of {len(texts)} texts")
        for before, after in changes[: args.show]:
            print(f"  - {before}\n  + {after}")
        if writer:
            writer.writerows((rule.ewave, rule.name, b, a) for b, a in changes)
        if sample:
            picked = stable_pick(changes, args.per_rule, f"{args.salt}\t{rule.name}")
            sample.writerows((rule.ewave, rule.name, b, a) for b, a in picked)
    if args.counts:
        args.counts.write_text(json.dumps(counts, indent=1, sort_keys=True) + "\n", "utf-8")
    never = sorted(name for name, n in counts.items() if n == 0)
    print(f"\n{len(never)} rule(s) never fire: {', '.join(never)}")


if __name__ == "__main__":
    main()
