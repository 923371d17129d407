#!/usr/bin/env python3
"""Blind review of whole dialects: the same real questions through each dialect at its real
probabilities, judged as speech of that variety (REVIEW.md, "Whole dialects").

    # 1. sample: 60 questions of the development pool, each dialect with seed 0
    python scripts/review_dialects.py sample --realtext ../shared/realtext --salt dialects-1 \\
        -o review-dialects-1 IndE ChcE UAAVE CollSgE AppE

    # 2. a calibrated reviewer judges review-dialects-1/blind.jsonl, one line per item:
    #    {"id": ..., "verdict": "ok" | "wrong", "class": ..., "blame": FEATURE, "note": ...}

    # 3. score: per dialect, the share judged ok and the features blamed
    python scripts/review_dialects.py score review-dialects-1 judged.jsonl \\
        --calibration calibration-judged.jsonl --calibration-seed 3 \\
        --calibrate ../shared/review/calibrate.py

``sample`` takes the questions of the pool (``realtext_pool.py``: every benchmark file, each
text once): one sentence ending in "?", 4 to 40 words, drawn spread over the sources by a hash
salted with ``--salt``. Each dialect rewrites them as ``multivalue transform --dialect D
--seed 0`` rewrites a file of those questions (row k keyed k). ``blind.jsonl`` holds each
changed output (id, dialect, input, output: no feature names); ``key.jsonl`` the features
whose edits made it; an unchanged output is the input and counts as ok. ``score`` prints, per
dialect, the outputs judged ok of all questions and of the changed ones, and the features
blamed, and writes ``scores.json`` beside the sample.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

from realtext_pool import load_pool  # noqa: E402
from review_rule import calibration_score, commit_of_tree, digest, spread_pick, write_jsonl  # noqa: E402

DIALECTS = ("IndE", "ChcE", "UAAVE", "CollSgE", "AppE")
DIALECT_CLASSES = ("ungrammatical", "meaning", "unnatural")


def is_question(text: str) -> bool:
    """One sentence asking something: ends in '?', no other sentence end, 4 to 40 words."""
    body = text.strip()
    words = body.split()
    return (body.endswith("?") and 4 <= len(words) <= 40 and "\n" not in body
            and not any(mark in body[:-1] for mark in ("? ", ". ", "! ")))


def sample(args: argparse.Namespace) -> None:
    from multivalue_cli.transformer import Transformer

    pool = load_pool(args.realtext)
    by_source = {source: [(text, text) for text in texts if is_question(text)] for source, texts in pool.items()}
    picked = spread_pick(by_source, args.questions, args.salt, "questions")
    questions = [text for _, text, _ in picked]
    commit = commit_of_tree()
    blind, key = [], []
    for dialect in args.dialects or DIALECTS:
        transformer = Transformer(dialect=dialect, seed=0)
        results = transformer.explain_many(questions, keys=list(range(len(questions))),
                                           paths=["question"] * len(questions))
        for k, ((source, text, _), result) in enumerate(zip(picked, results)):
            item_id = "q" + digest(args.salt, dialect, text)[:12]
            changed = result.text != text
            key.append({"id": item_id, "dialect": dialect, "row": k, "source": source, "changed": changed,
                        "features": sorted({e.feature for e in result.edits}), "salt": args.salt,
                        "commit": commit})
            if changed:
                blind.append({"id": item_id, "dialect": dialect, "input": text, "output": result.text})
    blind.sort(key=lambda item: digest(args.salt, "order", item["id"]))
    args.output.mkdir(parents=True, exist_ok=True)
    write_jsonl(args.output / "blind.jsonl", blind)
    write_jsonl(args.output / "key.jsonl", key)
    print(f"{len(questions)} questions from {len({s for s, _, _ in picked})} sources; {len(blind)} changed "
          f"outputs of {len(key)} to judge; wrote {args.output}/blind.jsonl and key.jsonl (commit {commit})")


def score(args: argparse.Namespace) -> None:
    key = {row["id"]: row for row in map(json.loads, (args.sample / "key.jsonl").read_text("utf-8").splitlines())}
    judged = {}
    for line_no, line in enumerate(args.judged.read_text("utf-8").splitlines(), 1):
        if line.strip():
            item = json.loads(line)
            if item.get("id") not in key or item.get("verdict") not in ("ok", "wrong"):
                sys.exit(f"error: {args.judged}, line {line_no}: unknown id or verdict")
            judged[item["id"]] = item
    missing = [i for i, row in key.items() if row["changed"] and i not in judged]
    if missing:
        sys.exit(f"error: {len(missing)} changed outputs not judged (first: {missing[0]})")
    calibration = calibration_score(args)
    figures = {}
    for dialect in dict.fromkeys(row["dialect"] for row in key.values()):
        rows = [(i, row) for i, row in key.items() if row["dialect"] == dialect]
        changed = [i for i, row in rows if row["changed"]]
        wrong = [i for i in changed if judged[i]["verdict"] == "wrong"]
        blamed = Counter(judged[i].get("blame") or "?" for i in wrong)
        figures[dialect] = {"questions": len(rows), "changed": len(changed), "wrong": len(wrong),
                            "ok_share": round(1 - len(wrong) / len(rows), 4),
                            "ok_share_of_changed": round(1 - len(wrong) / len(changed), 4) if changed else None,
                            "blamed": dict(blamed.most_common())}
        print(f"{dialect}: {len(rows) - len(wrong)}/{len(rows)} ok ({100 * figures[dialect]['ok_share']:.1f}%); "
              f"of the {len(changed)} changed, {len(changed) - len(wrong)} ok; blamed: "
              + (", ".join(f"{f} {n}" for f, n in blamed.most_common()) or "-"))
        for i in wrong:
            print(f"  wrong [{key[i]['source']}] {judged[i].get('class')} ({judged[i].get('blame')}): "
                  f"{judged[i].get('note', '')}")
    (args.sample / "scores.json").write_text(json.dumps({"calibration": calibration, "dialects": figures},
                                                        indent=2), "utf-8")
    print(f"{calibration}; wrote {args.sample}/scores.json")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("sample", help="the questions through each dialect, a blind file and a key")
    s.add_argument("dialects", nargs="*", help=f"dialects (default: {' '.join(DIALECTS)})")
    s.add_argument("--realtext", type=Path, required=True)
    s.add_argument("--salt", required=True)
    s.add_argument("--questions", type=int, default=60)
    s.add_argument("-o", "--output", type=Path, required=True)
    c = commands.add_parser("score", help="a calibrated reviewer's verdicts, per dialect")
    c.add_argument("sample", type=Path)
    c.add_argument("judged", type=Path)
    c.add_argument("--calibration", type=Path, required=True)
    c.add_argument("--calibration-seed", type=int, required=True)
    c.add_argument("--calibrate", type=Path, required=True)
    args = parser.parse_args()
    {"sample": sample, "score": score}[args.command](args)


if __name__ == "__main__":
    main()
