#!/usr/bin/env python3
"""Run --task ner and --task chat on the public files of ../shared/realtext as a user would, and
print the figures that say whether the labels that point into the text survived.

    python scripts/ner_chat_check.py --realtext ../shared/realtext [--dialect UAAVE] [--work DIR]

ner: wnut17_dev.conll as the CoNLL file itself (with --format conll) and as `datasets` records
(JSON lines of tokens and ner_tags, converted here): tokens and tags of equal length, the
entities (type and words, in order) as before, every tag sequence valid BIO, the share of
sentences changed; the CoNLL output holds the same sentences in the same order, the unchanged
ones byte for byte; `multivalue verify` is ok, and fails on a copy whose tag is broken by hand.
chat: dailydialog_half.jsonl as `messages` records (a system prompt, then the sentences of a
dialogue as alternating user and assistant turns): --task chat and --field
'messages[role=user].content' give identical rows; system and assistant turns byte-identical;
the share of user turns changed. Exits 1 if a check fails.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from multivalue_cli.io.conll import blocks, read_block, sniff
from multivalue_cli.labels.schemes import entities, first_invalid

SYSTEM_PROMPT = "You are a helpful assistant."
failures: list[str] = []


def check(ok: bool, what: str) -> None:
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        failures.append(what)


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["multivalue", *args], capture_output=True, text=True)


def rows(out: Path) -> list[dict]:
    return [r for name in sorted((out / "data").glob("*.parquet")) for r in pq.read_table(name).to_pylist()]


def conll_records(path: Path) -> list[dict]:
    layout = sniff(path)
    with open(path, "rb") as stream:
        return [read_block(first, lines, layout) for first, lines in blocks(stream)]


def ner(realtext: Path, work: Path, dialect: str) -> None:
    source = realtext / "wnut17_dev.conll"
    before = conll_records(source)
    records = work / "wnut17_dev.jsonl"
    records.write_text("".join(json.dumps({"id": str(k), "tokens": r["tokens"], "ner_tags": r["ner_tags"]},
                                          ensure_ascii=False) + "\n" for k, r in enumerate(before)), "utf-8")
    for name, given, extra in (("CoNLL file", source, ["--format", "conll"]), ("datasets records", records, [])):
        out = work / f"ner-{name.split()[0].lower()}"
        done = run("transform", str(given), "--task", "ner", "--dialect", dialect, "-o", str(out), "--overwrite", "-q", *extra)
        print(f"ner, {name} ({given.name}), {dialect}: exit {done.returncode}")
        check(done.returncode == 0, f"transform exits 0 {done.stderr.strip()[:200]}")
        after = rows(out)
        check(len(after) == len(before), f"{len(after)} records written of {len(before)}")
        lengths = sum(len(a["tokens"]) == len(a["ner_tags"]) for a in after)
        same = sum(entities(b["tokens"], b["ner_tags"], "IOB2") == entities(a["tokens"], a["ner_tags"], "IOB2")
                   for b, a in zip(before, after))
        valid_in = [k for k, b in enumerate(before) if first_invalid(b["ner_tags"], "IOB2") is None]
        valid = sum(first_invalid(after[k]["ner_tags"], "IOB2") is None for k in valid_in)
        kept = sum(after[k]["ner_tags"] == before[k]["ner_tags"] for k in range(len(before)) if k not in set(valid_in))
        changed = sum(a["tokens"] != b["tokens"] for b, a in zip(before, after))
        count = sum(len(entities(b["tokens"], b["ner_tags"], "IOB2")) for b in before)
        check(lengths == len(after), f"tokens and tags of equal length: {lengths} of {len(after)} sentences")
        check(same == len(after), f"entities (type and words, in order) as before: {same} of {len(after)} sentences ({count} entities)")
        check(valid == len(valid_in), f"every tag sequence valid BIO: {valid} of the {len(valid_in)} valid in the input "
              f"(the {len(before) - len(valid_in)} invalid there kept as they were: {kept})")
        check(changed >= 0.4 * len(after), f"sentences changed: {changed} of {len(after)} ({changed / len(after):.1%})")
        verified = run("verify", str(given), str(out))
        check(verified.returncode == 0, f"verify: {verified.stdout.strip()}")
        if extra:
            written = (out / "conll" / "validation-00000-of-00001.conll").read_bytes().decode("utf-8").split("\n\n")
            original = source.read_bytes().decode("utf-8").split("\n\n")
            check(len(written) == len(original), f"CoNLL output: {len(written)} sentences, {len(original)} in the input")
            unchanged = [k for k, (b, a) in enumerate(zip(before, after)) if a["tokens"] == b["tokens"]]
            exact = sum(written[k] == original[k] for k in unchanged)
            order = all(w.split("\n")[0].split("\t")[0] == o.split("\n")[0].split("\t")[0] or after[k]["tokens"] != before[k]["tokens"]
                        for k, (w, o) in enumerate(zip(written, original)))
            check(exact == len(unchanged), f"unchanged sentences byte for byte the same: {exact} of {len(unchanged)}")
            check(order and [r["tokens"] for r in conll_records(out / "conll" / "validation-00000-of-00001.conll")]
                  == [a["tokens"] for a in after], "CoNLL output: the output's sentences, in order")
            broken = work / "ner-broken"
            shutil.rmtree(broken, ignore_errors=True)
            shutil.copytree(out, broken)
            shard = next((broken / "data").glob("*.parquet"))
            table = pq.read_table(shard)
            data = table.to_pylist()
            k = next(k for k, r in enumerate(data) if "I-location" in r["ner_tags"])
            data[k]["ner_tags"][data[k]["ner_tags"].index("I-location")] = "I-person"
            pq.write_table(pa.Table.from_pylist(data, schema=table.schema), shard)
            refused = run("verify", str(given), str(broken))
            check(refused.returncode == 1, f"verify fails on a copy with a tag broken by hand (row {k}): "
                  + " | ".join(line for line in refused.stderr.splitlines()[:2]))


def chat(realtext: Path, work: Path, dialect: str) -> None:
    dialogues = [json.loads(line) for line in (realtext / "dailydialog_half.jsonl").read_text("utf-8").splitlines()]
    records = work / "dailydialog_messages.jsonl"
    with open(records, "w", encoding="utf-8") as stream:
        for d in dialogues:
            turns = [{"role": "system", "content": SYSTEM_PROMPT}]
            turns += [{"role": "user" if k % 2 == 0 else "assistant", "content": t} for k, t in enumerate(d["turns"])]
            stream.write(json.dumps({"dialog": d["dialog"], "messages": turns}, ensure_ascii=False) + "\n")
    before = [json.loads(line) for line in records.read_text("utf-8").splitlines()]
    outs = []
    for how in (["--task", "chat"], ["--field", "messages[role=user].content"]):
        out = work / f"chat-{how[0].strip('-')}"
        done = run("transform", str(records), *how, "--dialect", dialect, "-o", str(out), "--overwrite", "-q")
        print(f"chat, dailydialog_half.jsonl as messages, {' '.join(how)}, {dialect}: exit {done.returncode}")
        check(done.returncode == 0, "transform exits 0")
        verified = run("verify", str(records), str(out))
        check(verified.returncode == 0, f"verify: {verified.stdout.strip()}")
        outs.append(rows(out))
    check(outs[0] == outs[1], f"--task chat and --field give identical rows ({len(outs[0])})")
    user = changed = other = same = 0
    for b, a in zip(before, outs[0]):
        check_roles = [m["role"] for m in a["messages"]] == [m["role"] for m in b["messages"]]
        if not check_roles:
            failures.append(f"dialog {b['dialog']}: roles changed")
        for old, new in zip(b["messages"], a["messages"]):
            if old["role"] == "user":
                user += 1
                changed += old["content"] != new["content"]
            else:
                other += 1
                same += old["content"].encode() == new["content"].encode()
    check(same == other, f"system and assistant turns byte-identical: {same} of {other}")
    check(changed >= 0.3 * user, f"user turns changed: {changed} of {user} ({changed / user:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--realtext", type=Path, required=True)
    parser.add_argument("--dialect", default="UAAVE")
    parser.add_argument("--work", type=Path, help="where the inputs and outputs go (default: a temporary folder)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        work = args.work or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        ner(args.realtext, work, args.dialect)
        chat(args.realtext, work, args.dialect)
    print(f"{len(failures)} check(s) failed" if failures else "all checks passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
