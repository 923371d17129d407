#!/usr/bin/env python3
"""Check a learner-error run's exports against ERRANT's own tools.

    multivalue export OUT --format m2 && multivalue export OUT --format parallel
    python scripts/gec_check.py OUT

Reads OUT/gec/edits.m2 with ERRANT's scorer (``errant_compare``: the file against itself must
give F0.5 = 1), then lets ERRANT annotate the parallel text itself (source.txt against
target.txt, with the project's spaCy pipeline, tokens as in the M2 file) and scores the
exported corrections against ERRANT's: span-based correction P/R/F0.5, and of the spans both
found, the share whose ERRANT type is the same. Prints the figures as JSON; exits 1 if the M2
file does not score 1 against itself.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path


def read_m2(path: Path) -> list[tuple[list[str], dict[tuple[int, int, str], str]]]:
    """Each block's tokens and its corrections ``(start, end, correction) -> type``."""
    blocks = []
    for block in path.read_text("utf-8").strip().split("\n\n"):
        lines = block.splitlines()
        edits = {}
        for line in lines[1:]:
            span, kind, correction = line[2:].split("|||")[:3]
            start, end = map(int, span.split())
            if kind != "noop":
                edits[start, end, correction] = kind
        blocks.append((lines[0][2:].split(" "), edits))
    return blocks


def errant_annotation(source: Path, target: Path, tokens: list[list[str]]) -> str:
    """ERRANT's own M2 for the parallel text, each side tokenised as the export's S lines."""
    import errant

    from multivalue_cli.engine.nlp import load_pipeline

    nlp = load_pipeline()
    annotator = errant.load("en", nlp)
    blocks = []
    for words, corrected in zip(tokens, target.read_text("utf-8").splitlines()):
        orig = annotator.parse(" ".join(words), tokenise=False)
        cor = annotator.parse(" ".join(t.text for t in nlp.tokenizer(corrected) if not t.is_space), tokenise=False)
        lines = ["S " + " ".join(words)]
        for edit in annotator.annotate(orig, cor):
            lines.append(f"A {edit.o_start} {edit.o_end}|||{edit.type}|||{edit.c_str}|||REQUIRED|||-NONE-|||0")
        if len(lines) == 1:
            lines.append("A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0")
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


def compare(hyp: Path, ref: Path) -> dict:
    """errant_compare's span-based correction scores."""
    run = subprocess.run(["errant_compare", "-hyp", str(hyp), "-ref", str(ref)], capture_output=True, text=True,
                         check=True)
    tp, fp, fn, p, r, f = re.search(r"TP\tFP\tFN\tPrec\tRec\tF0\.5\n(.*)\n", run.stdout).group(1).split("\t")
    return {"tp": int(tp), "fp": int(fp), "fn": int(fn), "precision": float(p), "recall": float(r), "f0.5": float(f)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="a run folder exported to OUT/gec (m2 and parallel)")
    args = parser.parse_args()
    gec = args.out / "gec"
    ours = read_m2(gec / "edits.m2")
    auto = gec / "errant.m2"
    auto.write_text(errant_annotation(gec / "source.txt", gec / "target.txt", [words for words, _ in ours]), "utf-8")
    theirs = read_m2(auto)
    shared = [(a[key], b[key]) for (_, a), (_, b) in zip(ours, theirs) for key in a.keys() & b.keys()]
    figures = {"texts": len(ours), "corrections": sum(len(e) for _, e in ours),
               "self": compare(gec / "edits.m2", gec / "edits.m2"),
               "against_errant": compare(gec / "edits.m2", auto),
               "same_span_same_type": round(sum(a == b for a, b in shared) / max(1, len(shared)), 3)}
    print(json.dumps(figures))
    sys.exit(0 if figures["self"]["f0.5"] == 1.0 else 1)


if __name__ == "__main__":
    main()
