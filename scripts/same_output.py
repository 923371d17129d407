#!/usr/bin/env python3
"""Fingerprints of what `multivalue transform` writes for a fixed set of real-text settings, so a
change that should not change the output (a refactor, a speed-up) can be shown not to.

    python scripts/same_output.py --realtext ../shared/realtext -o before.json   # on the old tree
    python scripts/same_output.py --realtext ../shared/realtext --against before.json

Each setting runs the installed ``multivalue`` command as a user would, into a folder of its
own, then ``multivalue verify``. The fingerprint of a setting is the SHA-256 of every data
shard, edit-log shard and ``errors.jsonl``, of the manifest's counts and learner sections, and
of ``multivalue report --json``; the dataset card and the HTML report are fingerprinted too,
with the run's timings and paths taken out. ``--against`` prints every setting and file that
differs and exits 1 if any does.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def inputs(realtext: Path, tmp: Path) -> dict[str, Path]:
    """The input files the settings read, built from the public files in ``realtext``."""
    distinct = [r["question"] for r in json.loads((realtext / "spider_dev_half.json").read_text("utf-8"))]
    for path in sorted((realtext / "winobias").glob("*type2*")):
        for line in path.read_text("utf-8").splitlines():
            distinct.append(line.split(" ", 1)[-1].replace("[", "").replace("]", "").strip())
    files = {"distinct": tmp / "distinct.jsonl", "pairs": tmp / "winobias_pairs.jsonl"}
    files["distinct"].write_text("".join(json.dumps({"text": t}) + "\n" for t in dict.fromkeys(distinct)))
    subprocess.run([sys.executable, str(ROOT / "scripts" / "winobias_pairs.py"), str(realtext / "winobias"),
                    "-o", str(files["pairs"])], check=True, stdout=subprocess.DEVNULL)
    return files


def settings(realtext: Path, files: dict[str, Path]) -> dict[str, list[str]]:
    """``name -> transform arguments`` (input first)."""
    distinct, pairs = str(files["distinct"]), str(files["pairs"])
    bbq, spider = str(realtext / "bbq_sexual_orientation.jsonl"), str(realtext / "spider_dev_half.json")
    dialog = str(realtext / "dailydialog_half.jsonl")
    return {
        "distinct-IndE": [distinct, "--field", "text", "-d", "IndE"],
        "distinct-Multi": [distinct, "--field", "text", "-d", "Multi"],
        "distinct-learner": [distinct, "--field", "text", "--errors", "learner"],
        "distinct-IndE-learner": [distinct, "--field", "text", "-d", "IndE", "--errors", "learner",
                                  "--error-rate", "0.2", "--seed", "3"],
        "distinct-UAAVE-2workers": [distinct, "--field", "text", "-d", "UAAVE", "--workers", "2",
                                    "--batch-size", "50", "--shard-size", "700"],
        "distinct-levelB-jsonl": [distinct, "--field", "text", "--error-level", "B", "--format", "jsonl"],
        "bbq-UAAVE-learner": [bbq, "--task", "bbq", "-d", "UAAVE", "--errors", "learner"],
        "spider-IndE-learner": [spider, "--task", "spider", "-d", "IndE", "--errors", "learner"],
        "spider-CollSgE": [spider, "--task", "spider", "-d", "CollSgE", "--keep-original"],
        "pairs-AppE-learner": [pairs, "--field", "sentence", "-d", "AppE", "--errors", "learner",
                               "--pair-key", "pair_id", "--protect-field", "pronoun",
                               "--protect-file", str(files["pairs"].parent / "occupations.txt")],
        "dialog-ChcE": [dialog, "--field", "turns[*]", "-d", "ChcE", "--protect-regex", r"\bI\b"],
    }


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def scrub(text: str, out: Path, tmp: Path) -> str:
    """A card or page without what differs between two runs of the same output: timings and paths."""
    text = text.replace(str(out), "OUT").replace(str(tmp), "TMP")
    text = re.sub(r"\d+(\.\d+)? ?(s|seconds|records/s|records per second)\b", "T", text)
    return re.sub(r"\b\d{4}-\d\d-\d\dT[\d:.]+\S*", "DATE", text)


def fingerprint(name: str, args: list[str], tmp: Path) -> dict[str, str]:
    out = tmp / "out" / name
    run = subprocess.run(["multivalue", "transform", *args, "-o", str(out), "-q"], capture_output=True, text=True)
    prints = {"exit": str(run.returncode)}
    if run.returncode not in (0, 3):
        prints["stderr"] = run.stderr.strip()[-500:]
        return prints
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out).as_posix()
        if path.is_file() and (relative.startswith(("data/", "edits/")) or relative == "errors.jsonl"):
            prints[relative] = digest(path.read_bytes())
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    for section in ("counts", "learner", "protection", "schema", "format", "fields", "profile"):
        prints[f"manifest.{section}"] = digest(json.dumps(manifest.get(section), sort_keys=True).encode())
    prints["card"] = digest(scrub((out / "README.md").read_text("utf-8"), out, tmp).encode())
    report = subprocess.run(["multivalue", "report", str(out), "--json"], capture_output=True, text=True)
    prints["report.json"] = digest(scrub(report.stdout, out, tmp).encode()) if report.returncode == 0 else "exit " + str(report.returncode)
    page = tmp / f"{name}.html"
    html = subprocess.run(["multivalue", "report", str(out), "--html", str(page), "--examples", "5"],
                          capture_output=True, text=True)
    prints["report.html"] = digest(scrub(page.read_text("utf-8"), out, tmp).encode()) if html.returncode == 0 else "exit " + str(html.returncode)
    verify = subprocess.run(["multivalue", "verify", args[0], str(out)], capture_output=True, text=True)
    prints["verify"] = verify.stdout.strip().split(":")[0]
    return prints


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--realtext", type=Path, required=True, help="the folder of public benchmark files")
    parser.add_argument("-o", "--output", type=Path, help="write the fingerprints here (JSON)")
    parser.add_argument("--against", type=Path, help="compare with fingerprints written earlier")
    parser.add_argument("--only", nargs="*", help="run only these settings")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        chosen = settings(args.realtext.resolve(), inputs(args.realtext.resolve(), tmp))
        prints = {}
        for setting, argv in chosen.items():
            if args.only and setting not in args.only:
                continue
            prints[setting] = fingerprint(setting, argv, tmp)
            print(f"{setting}: exit {prints[setting]['exit']}, verify {prints[setting].get('verify')}, "
                  f"{len(prints[setting])} fingerprints", file=sys.stderr)
    if args.output:
        args.output.write_text(json.dumps(prints, indent=1, sort_keys=True) + "\n")
    if args.against:
        before = json.loads(args.against.read_text())
        differing = [(s, key) for s, keys in prints.items() for key in sorted(set(keys) | set(before.get(s, {})))
                     if keys.get(key) != before.get(s, {}).get(key)]
        for setting, key in differing:
            print(f"differs: {setting} {key}")
        print(f"{len(prints)} settings, {len(differing)} difference(s)")
        sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
