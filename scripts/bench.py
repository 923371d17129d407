#!/usr/bin/env python3
"""Throughput of `multivalue transform` beside raw spaCy parsing of the same texts.

    python scripts/bench.py [--sentences 6000] [--repeats 3] [--dialect IndE] [--workers 1 2]

Generates a corpus of mixed questions and declaratives (deterministic), then measures in one
run: raw ``nlp.pipe`` throughput (same pipeline and settings as the tool, one process), and
the end-to-end ``multivalue transform`` command (start-up included) with each worker count.
Prints medians over the repeats, the ratio to raw parsing, and the peak RSS (VmHWM) of the
main process and of each worker. The machines are shared and noisy: compare ratios measured
in the same run, not absolute numbers across runs.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SUBJECTS = ["My brother", "The teacher", "She", "He", "Our neighbour", "The company", "This student",
            "Everyone in the village", "The old man", "My friends", "They", "We", "I", "You",
            "The children", "Her parents", "The manager", "A doctor", "The government", "Nobody"]
VERBS_3S = [("speaks", "English"), ("likes", "spicy food"), ("knows", "the answer"),
            ("wants", "a new car"), ("plays", "cricket on Sundays"), ("reads", "the newspaper"),
            ("drives", "to work"), ("teaches", "mathematics"), ("owns", "three shops"),
            ("writes", "long letters")]
PAST = [("went", "to the market"), ("bought", "two books"), ("caught", "the early train"),
        ("wrote", "a letter to the editor"), ("saw", "a very big snake"), ("ate", "rice and dal"),
        ("found", "an old coin"), ("gave", "me some advice"), ("taught", "us English"),
        ("left", "the house early")]
ADJ = ["very happy", "really tired", "quite busy", "too late", "more careful than before",
       "the tallest in the class", "extremely quick", "not ready"]
OPENERS = ["Honestly, ", "In the end, ", "According to my aunt, ", "As usual, ", "Last week, ",
           "To be fair, ", "Before the exam, ", "Strangely enough, ", "In Mumbai, ", "By noon, "]
WH = ["What", "Where", "When", "Why", "How", "Which city", "Who"]
TAILS = ["yesterday", "last year", "every morning", "in the evening", "after the meeting",
         "because it was raining", "when the shop opened", "although nobody asked"]


def make_corpus(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        s = rng.choice(SUBJECTS)
        kind = rng.randrange(8)
        if kind == 0:
            v, o = rng.choice(VERBS_3S)
            out.append(f"{s} {v} {o} {rng.choice(TAILS)}.")
        elif kind == 1:
            v, o = rng.choice(PAST)
            out.append(f"{s} {v} {o} {rng.choice(TAILS)}.")
        elif kind == 2:
            out.append(f"{s} {'is' if rng.random() < .5 else 'was'} {rng.choice(ADJ)}.")
        elif kind == 3:
            v, o = rng.choice(VERBS_3S)
            out.append(f"Does {s.lower() if s not in ('I',) else s} {v[:-1] if v.endswith('s') else v} {o}?")
        elif kind == 4:
            w = rng.choice(WH)
            out.append(f"{w} did {s.lower() if s != 'I' else s} go {rng.choice(TAILS)}?")
        elif kind == 5:
            out.append(f"There are {rng.randint(2, 12)} students who haven't finished their homework.")
        elif kind == 6:
            v, o = rng.choice(PAST)
            out.append(f"I wonder why {s.lower() if s != 'I' else s} {v} {o}, doesn't it seem odd?")
        else:
            out.append(f"If I were you, I wouldn't tell {rng.choice(['him', 'her', 'them'])} anything.")
        if rng.random() < 0.5:
            out[-1] = rng.choice(OPENERS) + out[-1][0].lower() + out[-1][1:] \
                if not out[-1].startswith("I ") else rng.choice(OPENERS) + out[-1]
        if rng.random() < 0.1:
            out[-1] = out[-1] + " " + rng.choice(["It's true.", "Nobody knows why.", "Isn't it?"])
    return out


def raw_parse(texts: list[str]) -> float:
    """Sentences per second of nlp.pipe alone (pipeline already loaded)."""
    from multivalue_cli.nlp import load_pipeline

    nlp = load_pipeline()
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=256):
        pass
    return len(texts) / (time.perf_counter() - start)


def _children(pid: int) -> list[int]:
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                kids.append(int(entry))
    return kids


def _peak_rss_mb(pid: int) -> float | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def run_transform(corpus: Path, out: Path, dialect: str, workers: int, n: int) -> dict:
    cmd = [sys.executable, "-m", "multivalue_cli", "transform", str(corpus), "--dialect", dialect,
           "-o", str(out), "--workers", str(workers), "--overwrite", "--quiet"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd)
    peaks: dict[int, float] = {}
    while proc.poll() is None:
        for pid in [proc.pid, *_children(proc.pid)]:
            rss = _peak_rss_mb(pid)
            if rss is not None:
                peaks[pid] = max(peaks.get(pid, 0.0), rss)
        time.sleep(0.1)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"transform failed with exit code {proc.returncode}")
    manifest = json.loads((out / "manifest.json").read_text())
    main_rss = peaks.pop(proc.pid, 0.0)
    return {
        "wall_sps": n / elapsed,
        "pipeline_sps": manifest["counts"]["texts"] / manifest["timings"]["processing_seconds"],
        "main_rss_mb": main_rss,
        "worker_rss_mb": sorted(peaks.values(), reverse=True)[:workers] if workers > 1 else [],
        "changed": manifest["counts"]["texts_changed"] / max(1, manifest["counts"]["texts"]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sentences", type=int, default=6000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--dialect", default="IndE")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args()

    texts = make_corpus(args.sentences)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus.jsonl"
        corpus.write_text("".join(json.dumps({"id": k, "text": t}) + "\n" for k, t in enumerate(texts)))
        raw = [raw_parse(texts) for _ in range(args.repeats)]
        raw_med = statistics.median(raw)
        print(f"corpus: {len(texts)} sentences, {len(set(texts))} distinct; repeats: {args.repeats}")
        print(f"raw nlp.pipe (1 process, NER excluded): median {raw_med:,.0f} sentences/s "
              f"(runs: {', '.join(f'{r:,.0f}' for r in raw)})")
        for workers in args.workers:
            runs = [run_transform(corpus, Path(tmp) / f"out{workers}", args.dialect, workers, len(texts))
                    for _ in range(args.repeats)]
            wall = statistics.median(r["wall_sps"] for r in runs)
            pipe = statistics.median(r["pipeline_sps"] for r in runs)
            main_rss = max(r["main_rss_mb"] for r in runs)
            worker_rss = max((max(r["worker_rss_mb"]) for r in runs if r["worker_rss_mb"]), default=None)
            print(
                f"transform --dialect {args.dialect} --workers {workers}: "
                f"median {wall:,.0f} sentences/s end to end (x{wall / raw_med:.2f} of raw parse), "
                f"{pipe:,.0f}/s after start-up (x{pipe / raw_med:.2f}); "
                f"peak RSS main {main_rss:.0f} MB"
                + (f", per worker {worker_rss:.0f} MB" if worker_rss else "")
                + f"; texts changed {100 * runs[0]['changed']:.1f}%"
            )


if __name__ == "__main__":
    main()
