#!/usr/bin/env python3
"""WinoBias type-2 sentences as JSON lines of counterfactual pairs, for `--pair-key pair_id`.

    python scripts/winobias_pairs.py ../shared/realtext/winobias -o winobias_pairs.jsonl

Line N of ``pro_stereotyped_type2.txt.SPLIT`` and of ``anti_stereotyped_type2.txt.SPLIT`` is
the same sentence with the pronoun's gender swapped: the two become consecutive records with
one ``pair_id``. Each record holds the sentence without its brackets, the bracketed
occupation (the pronoun's antecedent) and the bracketed pronoun; ``occupations.txt`` beside
the output lists every occupation WinoBias uses (for ``--protect-file``).
"""
from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

BRACKETED = re.compile(r"\[([^\]]+)\]")


def parse(line: str) -> dict:
    number, sentence = line.strip().split(" ", 1)
    occupation, pronoun = BRACKETED.findall(sentence)[:2]
    text = BRACKETED.sub(lambda m: m.group(1), sentence)
    occupation = re.sub(r"^(the|a|an)\s+", "", occupation, flags=re.I)
    return {"number": int(number), "sentence": text, "occupation": occupation, "pronoun": pronoun}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="the WinoBias folder (with *_type2.txt.* files)")
    parser.add_argument("-o", "--output", type=Path, required=True)
    parser.add_argument("--splits", nargs="+", default=["dev", "test"])
    args = parser.parse_args()
    lines = []
    for split in args.splits:
        pro = (args.folder / f"pro_stereotyped_type2.txt.{split}").read_text("utf-8").splitlines()
        anti = (args.folder / f"anti_stereotyped_type2.txt.{split}").read_text("utf-8").splitlines()
        if len(pro) != len(anti):
            raise SystemExit(f"{split}: {len(pro)} pro and {len(anti)} anti sentences")
        for k, (a, b) in enumerate(zip(pro, anti)):
            for kind, line in (("pro", a), ("anti", b)):
                record = parse(line)
                lines.append(json.dumps({"pair_id": f"{split}-{k}", "stereotype": kind, **record}))
    args.output.write_text("\n".join(lines) + "\n", "utf-8")
    occupations = sorted({w.strip() for name in ("male_occupations.txt", "female_occupations.txt")
                          for w in (args.folder / name).read_text("utf-8").splitlines() if w.strip()})
    (args.output.parent / "occupations.txt").write_text("\n".join(occupations) + "\n", "utf-8")
    print(f"{len(lines)} records ({len(lines) // 2} pairs) -> {args.output}")


if __name__ == "__main__":
    main()
