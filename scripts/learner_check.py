#!/usr/bin/env python3
"""Check the learner-error levels against W&I+LOCNESS on real prose, as a user would run them.

    python scripts/learner_check.py [--levels A B C] [--realtext ../shared/realtext] [--out DIR]

Splits the BBQ contexts into sentences and adds the WinoBias sentences (brackets removed),
writes them as JSON lines to a scratch folder (never into the project), runs
``multivalue transform FILE --field text --errors learner --error-level L`` on them, and
classifies every injected error with ERRANT (an independent classifier: clean text against
errored text). Prints, per level, the ERRANT type distribution next to the corpus's (and
their total variation distance over the 14 types, mass on any other type counting in full),
the achieved rate against the level's rate, and the share of R:PREP edits that are among the
level's 15 commonest R:PREP confusions. Then runs one BBQ file with two fields (context and
question) and prints each field's achieved rate against the target.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parent.parent
BBQ = ("bbq_disability_status.jsonl", "bbq_physical_appearance.jsonl", "bbq_sexual_orientation.jsonl")


def sentences(realtext: Path) -> list[str]:
    found: dict[str, None] = {}
    for name in BBQ:
        for line in (realtext / name).read_text("utf-8").splitlines():
            for sentence in re.split(r"(?<=[.!?])\s+", json.loads(line)["context"]):
                if len(sentence.split()) >= 4:
                    found[sentence.strip()] = None
    for path in sorted((realtext / "winobias").glob("*stereotyped_type2.txt.*")):
        for line in path.read_text("utf-8").splitlines():
            text = re.sub(r"^\d+\s+", "", line).replace("[", "").replace("]", "").strip()
            if text:
                found[text] = None
    return list(found)


def transform(args: list[str]) -> None:
    result = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", *args, "--quiet", "--overwrite"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"multivalue transform {' '.join(args)} failed:\n{result.stderr}")


def measure(level: str, data: Path, out: Path, annotator) -> dict:
    transform([str(data), "--field", "text", "--errors", "learner", "--error-level", level, "-o", str(out)])
    from multivalue_cli.learner import load_error_profile

    profile = load_error_profile(level=level)
    manifest = json.loads((out / "manifest.json").read_text())
    clean = {k: json.loads(line)["text"] for k, line in enumerate(data.read_text().splitlines())}
    errored = {k: r["text"] for k, r in enumerate(pq.read_table(out / "data").to_pylist())}
    ours = Counter(e["feature"] for e in pq.read_table(out / "edits").to_pylist())
    types: Counter = Counter()
    prep_pairs: Counter = Counter()
    for k, text in errored.items():
        if text == clean[k]:
            continue
        edits = annotator.annotate(annotator.parse(text, tokenise=True), annotator.parse(clean[k], tokenise=True))
        for e in edits:
            types[e.type] += 1
            if e.type == "R:PREP":
                prep_pairs[(e.c_str.lower(), e.o_str.lower())] += 1
    corpus = profile.shares()
    total = sum(types.values())
    labels = sorted(set(corpus) | set(types), key=lambda l: (-corpus.get(l, 0), l))
    rows = [(l, corpus.get(l, 0.0), types[l] / total if total else 0.0) for l in labels]
    tvd = sum(abs(c - m) for _, c, m in rows) / 2
    commonest = {tuple(pair.split(" -> ")) for pair in profile.commonest.get("R:PREP", {})}
    in_top = sum(n for pair, n in prep_pairs.items() if pair in commonest)
    return {"level": level, "texts": len(clean), "edits": total, "logged": sum(ours.values()),
            "rate": manifest["learner"]["achieved_mean"], "target": profile.rate, "tvd": tvd, "rows": rows,
            "r_prep": sum(prep_pairs.values()), "r_prep_top15": in_top}


def two_fields(realtext: Path, out: Path, rate: str) -> dict:
    transform([str(realtext / BBQ[0]), "--field", "context", "--field", "question", "--errors", "learner",
               "--error-rate", rate, "-o", str(out)])
    return json.loads((out / "manifest.json").read_text())["learner"]["fields"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", nargs="+", default=["A", "B", "C"])
    parser.add_argument("--realtext", type=Path, default=ROOT.parent / "shared" / "realtext")
    parser.add_argument("--out", type=Path, default=None, help="scratch folder (default: a temporary one)")
    args = parser.parse_args()
    import errant

    from multivalue_cli.engine.nlp import load_pipeline

    annotator = errant.load("en", nlp=load_pipeline(None))
    scratch = args.out or Path(tempfile.mkdtemp(prefix="learner-check-"))
    scratch.mkdir(parents=True, exist_ok=True)
    data = scratch / "sentences.jsonl"
    texts = sentences(args.realtext)
    data.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts))
    print(f"{len(texts)} sentences (BBQ contexts split, WinoBias type 2); scratch folder {scratch}\n")
    for level in args.levels:
        m = measure(level, data, scratch / f"level-{level}", annotator)
        print(f"## level {level}: {m['texts']} texts, {m['edits']} edits found by ERRANT ({m['logged']} logged)")
        print(f"rate {100 * m['rate']:.2f}% (level's {100 * m['target']:.2f}%, difference "
              f"{100 * (m['rate'] - m['target']):+.2f} pp); total variation distance {m['tvd']:.3f}; "
              f"R:PREP among the 15 commonest: {m['r_prep_top15']}/{m['r_prep']} "
              f"({100 * m['r_prep_top15'] / max(m['r_prep'], 1):.0f}%)\n")
        print("| ERRANT type | W&I+LOCNESS | injected (ERRANT) |\n|---|---|---|")
        for label, corpus, measured in m["rows"]:
            print(f"| {label} | {100 * corpus:.1f}% | {100 * measured:.1f}% |")
        print()
    for name, part in two_fields(args.realtext, scratch / "two-fields", "0.1").items():
        print(f"field {name}: {part['texts']} texts, rate {100 * part['achieved_mean']:.2f}% "
              f"(target {100 * part['target']:.1f}%), {part['edits']} edits")


if __name__ == "__main__":
    main()
