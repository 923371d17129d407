#!/usr/bin/env python3
"""Throughput of `multivalue transform` beside raw spaCy parsing of the same texts.

    python scripts/bench.py                       # 20,000 sentences, 3 repeats, every setting
    python scripts/bench.py --sentences 6000 --repeats 3 --settings IndE:1 IndE:2
    python scripts/bench.py --scaling 200000      # peak RSS at 20k vs 200k records (slow)
    python scripts/bench.py --profile Multi       # where the time beside parsing goes
    python scripts/bench.py --realtext ../shared/realtext --repeats 3   # the real workloads
    python scripts/bench.py --hostile             # inputs whose cost grew the wrong way, a stuck worker
    python scripts/bench.py --realtext ../shared/realtext --dialects --repeats 3   # many dialects, one parse

With ``--realtext DIR`` the workloads are public benchmark files: ``templated`` (the BBQ files'
contexts and questions, which repeat), ``distinct`` (Spider questions and WinoBias sentences,
each once), ``every`` (every distinct text of the folder once: the distinct ones and the BBQ
contexts and questions, 4,101 texts, nearer the size of the workloads the project's throughput
targets were first set on, where start-up weighs less) and ``long`` (one text of about 2 MB made
of BBQ contexts); the settings then read ``WORKLOAD:SETTING:WORKERS`` (default: every row of the
project's throughput table). Each workload also gets a process that only loads spaCy and parses
its texts: where every text is distinct, its ratio to raw parsing is the most that start-up
leaves to any tool; and raw parsing is measured with the tool's own pipeline too (its
look-ups and numpy's matrix multiplication), the part of the speed that is the parser's.
A workload run with several workers also gets the same number of independent runs, each over
its share of the texts, started at once: what the machine gives for that many processes with
no coordination at all (on the 2-core development machines about 1.4-1.6 x one run).

Generates a corpus of mixed questions and declaratives (deterministic), then measures in one
run: raw ``nlp.pipe`` throughput (spaCy's stock pipeline, NER excluded as the tool does, one
process; the tool runs the same pipeline with its attribute ruler as look-ups), and the
end-to-end ``multivalue transform`` command for each setting (dialect or ``learner``, and worker
count). Raw parsing is measured again right before and right after every transform run, and
each run's ratio is taken to the mean time of the two (:func:`run_between_raw`). Prints medians
over the repeats, the ratio to raw parsing, and the peak RSS (VmHWM) of the main process and of
each worker. The machines are shared and noisy: compare ratios measured in the same run, not
absolute numbers across runs.

The measured processes run as an installed tool does, from compiled bytecode: the project and
what it imports are compiled once, before the first measurement, into a cache of the
benchmark's own (``PYTHONPYCACHEPREFIX``), since a checkout run with ``PYTHONDONTWRITEBYTECODE``
set would otherwise compile the project from source in every process (0.1-0.15 s of start-up
that ``pip install .`` does not have).
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Callable

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
CHILD_ENV = dict(os.environ)  # the measured processes' environment (see use_bytecode_cache)
DEFAULT_SETTINGS = ["IndE:1", "IndE:2", "UAAVE:1", "Multi:1", "Multi:2", "learner:1"]
# --dialects: one run of one, five and every dialect (one output each, one parse of each text)
DIALECT_SETS = {"1 dialect": "IndE", "5 dialects": "IndE,ChcE,UAAVE,CollSgE,AppE", "50 dialects (all)": "all"}
REALTEXT_SETTINGS = ["templated:IndE:1", "distinct:IndE:1", "distinct:Multi:1", "distinct:learner:1",
                     "distinct:IndE:2", "every:IndE:1", "every:Multi:1", "every:learner:1", "every:IndE:2",
                     "long:IndE:1", "long:learner:1"]


def use_bytecode_cache(tmp: Path, corpus: Path) -> None:
    """Have the measured processes read bytecode from a cache in ``tmp``, filled by one
    untimed run over one record (the cache holds every module a run imports, the installed
    packages' too) and by compiling the whole project (the modules other runs import)."""
    CHILD_ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    CHILD_ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    package = Path(__file__).resolve().parent.parent / "multivalue_cli"
    subprocess.run([sys.executable, "-c", f"import compileall; compileall.compile_dir({str(package)!r}, quiet=1)"],
                   env=CHILD_ENV, check=True)
    first_record_seconds(corpus, tmp)


def make_corpus(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        s = rng.choice(SUBJECTS)
        low = s if s == "I" else s.lower()
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
            out.append(f"Does {low} {v[:-1] if v.endswith('s') else v} {o}?")
        elif kind == 4:
            out.append(f"{rng.choice(WH)} did {low} go {rng.choice(TAILS)}?")
        elif kind == 5:
            out.append(f"There are {rng.randint(2, 12)} students who haven't finished their homework.")
        elif kind == 6:
            v, o = rng.choice(PAST)
            out.append(f"I wonder why {low} {v} {o}, doesn't it seem odd?")
        else:
            out.append(f"If I were you, I wouldn't tell {rng.choice(['him', 'her', 'them'])} anything.")
        if rng.random() < 0.5:
            first = out[-1] if out[-1].startswith("I ") else out[-1][0].lower() + out[-1][1:]
            out[-1] = rng.choice(OPENERS) + first
        if rng.random() < 0.1:
            out[-1] = out[-1] + " " + rng.choice(["It's true.", "Nobody knows why.", "Isn't it?"])
    return out


def write_corpus(path: Path, n: int) -> list[str]:
    texts = make_corpus(n)
    path.write_text("".join(json.dumps({"id": k, "text": t}) + "\n" for k, t in enumerate(texts)))
    return texts


def realtext_workloads(folder: Path, tmp: Path) -> dict[str, tuple[Path, list[str], list[str]]]:
    """``name -> (JSONL file, fields, every text in input order)`` for the real workloads."""
    bbq = [json.loads(line) for path in sorted(folder.glob("bbq_*.jsonl"))
           for line in path.read_text("utf-8").splitlines() if line.strip()]
    templated = tmp / "templated.jsonl"
    templated.write_text("".join(json.dumps({"context": r["context"], "question": r["question"]}) + "\n"
                                 for r in bbq))
    distinct_texts = [r["question"] for r in json.loads((folder / "spider_dev_half.json").read_text("utf-8"))]
    for path in sorted((folder / "winobias").glob("*type2*")):
        for line in path.read_text("utf-8").splitlines():
            distinct_texts.append(line.split(" ", 1)[-1].replace("[", "").replace("]", "").strip())
    distinct_texts = list(dict.fromkeys(distinct_texts))
    distinct = tmp / "distinct.jsonl"
    distinct.write_text("".join(json.dumps({"text": t}) + "\n" for t in distinct_texts))
    contexts = list(dict.fromkeys(r["context"] for r in bbq))
    pieces, size = [], 0
    while size < 2_000_000:
        piece = contexts[len(pieces) % len(contexts)] + ("\n" if len(pieces) % 5 == 4 else " ")
        pieces.append(piece)
        size += len(piece)
    long_path = tmp / "long.jsonl"
    long_path.write_text(json.dumps({"text": "".join(pieces)}) + "\n")
    every_text = list(dict.fromkeys(distinct_texts + [t for r in bbq for t in (r["context"], r["question"])]))
    every = tmp / "every.jsonl"
    every.write_text("".join(json.dumps({"text": t}) + "\n" for t in every_text))
    return {
        "templated": (templated, ["context", "question"],
                      [t for r in bbq for t in (r["context"], r["question"])]),
        "distinct": (distinct, ["text"], distinct_texts),
        "long": (long_path, ["text"], ["".join(pieces)]),
        "every": (every, ["text"], every_text),
    }


def raw_parse(texts: list[str], stock: bool = True) -> float:
    """Sentences per second of nlp.pipe alone (pipeline already loaded): spaCy's stock
    pipeline, or (``stock=False``) the one the tool parses with."""
    from multivalue_cli.engine.nlp import load_pipeline

    nlp = load_pipeline(stock=stock)
    start = time.perf_counter()
    for _ in nlp.pipe(texts, batch_size=256):
        pass
    return len(texts) / (time.perf_counter() - start)


def run_between_raw(texts: list[str], run: Callable[[], dict]) -> tuple[dict, float]:
    """``run()``'s result and the mean time raw parsing of ``texts`` takes right before and
    right after it: the machine's speed drifts by 10-20% over minutes, and a ratio is only fair
    between neighbouring measurements."""
    before = len(texts) / raw_parse(texts)
    result = run()
    return result, (before + len(texts) / raw_parse(texts)) / 2


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


def _setting_args(setting: str) -> list[str]:
    """The transform options of a setting: ``learner`` (errors at 0.1) or a dialect."""
    return ["--errors", "learner", "--error-rate", "0.1"] if setting == "learner" else ["--dialect", setting]


def run_transform(corpus: Path, out: Path, setting: str, workers: int, extra: list[str] = (),
                  fields: list[str] = ()) -> dict:
    what = _setting_args(setting) + [arg for name in fields for arg in ("--field", name)]
    cmd = [sys.executable, "-m", "multivalue_cli", "transform", str(corpus), *what, "-o", str(out),
           "--workers", str(workers), "--overwrite", "--quiet", *extra]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=CHILD_ENV)
    peaks: dict[int, float] = {}
    done = threading.Event()

    def sample_memory() -> None:  # beside the wait, so the end of the run is seen at once
        while not done.is_set():
            for pid in [proc.pid, *_children(proc.pid)]:
                rss = _peak_rss_mb(pid)
                if rss is not None:
                    peaks[pid] = max(peaks.get(pid, 0.0), rss)
            done.wait(0.1)

    sampler = threading.Thread(target=sample_memory, daemon=True)
    sampler.start()
    proc.wait()
    elapsed = time.perf_counter() - start
    done.set()
    sampler.join()
    if proc.returncode not in (0, 3):
        raise SystemExit(f"{' '.join(cmd)} failed with exit code {proc.returncode}")
    manifest = json.loads((out / "manifest.json").read_text())
    texts = manifest["counts"]["texts"]
    main_rss = peaks.pop(proc.pid, 0.0)
    return {
        "wall_s": elapsed,
        "processing_s": manifest["timings"]["processing_seconds"],
        "wall_sps": texts / elapsed,
        "steady_sps": texts / manifest["timings"]["processing_seconds"],
        "startup_s": manifest["timings"]["startup_seconds"],
        "main_rss_mb": main_rss,
        "worker_rss_mb": sorted(peaks.values(), reverse=True)[:workers] if workers > 1 else [],
        "changed": manifest["counts"]["texts_changed"] / max(1, texts),
    }


SPACY_ALONE = """
from multivalue_cli.run.tuning import tune_process; tune_process()  # as a process of a run
import json, sys
from multivalue_cli.engine.nlp import load_pipeline
nlp = load_pipeline(stock=sys.argv[2] == "stock")
fields = sys.argv[3:]
texts = [r[f] for r in map(json.loads, open(sys.argv[1], encoding="utf-8")) for f in fields]
for _ in nlp.pipe(texts, batch_size=256):
    pass
"""


def spacy_alone_seconds(corpus: Path, fields: list[str], stock: bool = True) -> float:
    """Wall time of a process that only imports spaCy, loads the pipeline (stock, or with the
    tool's attribute look-ups), reads the texts and parses them: with the stock pipeline, the
    end-to-end ceiling of any tool that parses them with it (its ratio to raw parsing is what
    start-up alone leaves)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", SPACY_ALONE, str(corpus), "stock" if stock else "lookup",
                    *fields], env=CHILD_ENV, check=True)
    return time.perf_counter() - start


def independent_runs_seconds(texts: list[str], setting: str, runs: int, tmp: Path) -> float:
    """Wall time of ``runs`` independent transform runs started at once, each over every
    ``runs``-th text: the most that many processes give on this machine, with nothing shared."""
    procs = []
    start = time.perf_counter()
    for k in range(runs):
        part = tmp / f"share{k}.jsonl"
        part.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts[k::runs]))
        procs.append(subprocess.Popen([sys.executable, "-m", "multivalue_cli", "transform", str(part),
                                       *_setting_args(setting),
                                       "-o", str(tmp / f"share{k}"), "--overwrite", "--quiet"], env=CHILD_ENV))
    for proc in procs:
        if proc.wait() not in (0, 3):
            raise SystemExit(f"an independent run failed with exit code {proc.returncode}")
    return time.perf_counter() - start


def first_record_seconds(corpus: Path, tmp: Path) -> float:
    """Wall time of a run over one record: import, model load, one text, write."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(corpus), "--dialect", "IndE",
                    "--limit", "1", "-o", str(tmp / "one"), "--overwrite", "--quiet"], env=CHILD_ENV, check=True)
    return time.perf_counter() - start


def engine_breakdown(texts: list[str], dialect: str) -> str:
    """Microseconds per text of each part of the engine (parses done beforehand): the document
    index, the rules, rendering, the edit log, and the rest (choosing rules, sampling)."""
    from multivalue_cli import Transformer
    from multivalue_cli.engine import apply as engine_module
    from multivalue_cli.engine.morphology import warm_up

    t = Transformer(dialect=dialect)
    docs = list(t.nlp.pipe(texts, batch_size=256))
    warm_up()
    engine = t.engine
    spent: dict[str, float] = {}

    def timed(name: str, fn):
        def wrapper(*args, **kwargs):
            start = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.perf_counter() - start
        return wrapper

    originals = {name: getattr(engine_module, name) for name in ("DocIndex", "render_tokens", "_edit_log")}
    rules_before = list(engine.rules)
    try:
        for name, fn in originals.items():
            setattr(engine_module, name, timed(name, fn))
        engine.rules = [(replace(rule, fn=timed("rules", lambda d, i, f=rule.fn: list(f(d, i)))), p)
                        for rule, p in rules_before]
        engine._candidate_cache.clear()
        start = time.perf_counter()
        for k, doc in enumerate(docs):
            engine.apply(doc, k, "text")
        total = time.perf_counter() - start
    finally:
        for name, fn in originals.items():
            setattr(engine_module, name, fn)
        engine.rules = rules_before
        engine._candidate_cache.clear()
    n = len(docs)
    parts = {"document index": spent.get("DocIndex", 0.0), "rules": spent.get("rules", 0.0),
             "rendering": spent.get("render_tokens", 0.0), "edit log": spent.get("_edit_log", 0.0)}
    parts["rest (choosing rules, sampling)"] = total - sum(parts.values())
    lines = [f"engine, {dialect}: {1e6 * total / n:.0f} us per text over {n} texts"]
    lines += [f"  {name:34s} {1e6 * value / n:6.0f} us  {100 * value / total:4.1f}%"
              for name, value in parts.items()]
    return "\n".join(lines)


def profile_engine(texts: list[str], dialect: str, top: int = 25) -> str:
    """cProfile of the engine alone (parses done beforehand), own-time order."""
    from multivalue_cli import Transformer
    from multivalue_cli.engine.morphology import warm_up

    t = Transformer(dialect=dialect)
    docs = list(t.nlp.pipe(texts, batch_size=256))
    warm_up()
    profiler = cProfile.Profile()
    profiler.enable()
    for k, doc in enumerate(docs):
        t.engine.apply(doc, k, "text")
    profiler.disable()
    stream = io.StringIO()
    pstats.Stats(profiler, stream=stream).sort_stats("tottime").print_stats(top)
    return stream.getvalue()


def _table_row(setting: str, workers: int, runs: list[dict]) -> str:
    """Medians over the runs; each "x raw" is the median of the runs' own ratios."""
    wall = statistics.median(r["wall_sps"] for r in runs)
    steady = statistics.median(r["steady_sps"] for r in runs)
    wall_x = statistics.median(r["wall_sps"] / r["raw"] for r in runs)
    steady_x = statistics.median(r["steady_sps"] / r["raw"] for r in runs)
    startup = statistics.median(r["startup_s"] for r in runs)
    main_rss = max(r["main_rss_mb"] for r in runs)
    worker_rss = max((max(r["worker_rss_mb"]) for r in runs if r["worker_rss_mb"]), default=None)
    worker = f"{worker_rss:.0f}" if worker_rss else "-"
    return (f"| {setting} | {workers} | {wall:,.0f} | {wall_x:.2f} | {steady:,.0f} | {steady_x:.2f} | "
            f"{startup:.1f} | {main_rss:.0f} | {worker} | {100 * runs[0]['changed']:.1f}% |")


def main() -> None:
    from multivalue_cli.run.tuning import tune_process

    tune_process()  # raw parsing here is timed as a process of a run parses
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sentences", type=int, default=20_000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--settings", nargs="+", default=DEFAULT_SETTINGS,
                        help="DIALECT:WORKERS or learner:WORKERS")
    parser.add_argument("--scaling", type=int, help="also run IndE with 2 workers on this many records")
    parser.add_argument("--profile", metavar="DIALECT", help="print a profile of the engine instead")
    parser.add_argument("--realtext", type=Path, help="run the real workloads of this folder instead")
    parser.add_argument("--hostile", action="store_true", help="time and measure the hostile inputs instead")
    parser.add_argument("--dialects", action="store_true",
                        help="with --realtext: 1, 5 and 50 dialects in one run each, on the distinct texts")
    args = parser.parse_args()
    if args.realtext and args.dialects:
        return dialects_main(args)
    if args.realtext:
        return realtext_main(args)
    if args.hostile:
        return hostile_main(args)

    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        corpus = tmp / "corpus.jsonl"
        texts = write_corpus(corpus, args.sentences)
        use_bytecode_cache(tmp, corpus)
        if args.profile:
            print(engine_breakdown(texts[:6000], args.profile))
            print()
            print(profile_engine(texts[:3000], args.profile))
            return
        print(f"corpus: {len(texts)} sentences, {len(set(texts))} distinct; repeats: {args.repeats}")
        print(f"start-up to first record written (import, model load, one text): "
              f"{first_record_seconds(corpus, tmp):.2f} s")
        rows, raws = [], []
        for item in args.settings:
            setting, _, workers = item.partition(":")
            workers = int(workers or 1)
            runs = []
            for _ in range(args.repeats):
                run, raw_seconds = run_between_raw(texts, lambda: run_transform(corpus, tmp / "out", setting, workers))
                raws.append(len(texts) / raw_seconds)
                runs.append({**run, "raw": raws[-1]})
            rows.append(_table_row(setting, workers, runs))
        print(f"raw nlp.pipe (stock pipeline, 1 process, NER excluded), measured before and after each run: median "
              f"{statistics.median(raws):,.0f} sentences/s (min {min(raws):,.0f}, max {max(raws):,.0f})")
        print("| setting | workers | end to end /s | x raw | after start-up /s | x raw | "
              "start-up s | peak RSS main MB | peak RSS worker MB | texts changed |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        print("\n".join(rows))
        if args.scaling:
            big = tmp / "big.jsonl"
            write_corpus(big, args.scaling)
            for path, n in ((corpus, args.sentences), (big, args.scaling)):
                r = run_transform(path, tmp / "scale", "IndE", 2)
                print(f"scaling: {n:,} records, 2 workers: peak RSS main {r['main_rss_mb']:.0f} MB, "
                      f"per worker {max(r['worker_rss_mb']):.0f} MB, {r['wall_sps']:,.0f} sentences/s")


def realtext_main(args) -> None:
    settings = args.settings if args.settings != DEFAULT_SETTINGS else REALTEXT_SETTINGS
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        workloads = realtext_workloads(args.realtext, tmp)
        use_bytecode_cache(tmp, workloads["distinct"][0])
        for name, (_, _, texts) in workloads.items():
            print(f"{name}: {len(texts)} texts, {len(set(texts))} distinct, {sum(map(len, texts)):,} characters")
        print(f"start-up to first record written (import, model load, one text): "
              f"{first_record_seconds(workloads['distinct'][0], tmp):.2f} s")
        for name in dict.fromkeys(item.split(":")[0] for item in settings):
            if name == "long":
                continue
            path, fields, texts = workloads[name]
            alone = [(len(texts) / raw_parse(texts), spacy_alone_seconds(path, fields),
                      spacy_alone_seconds(path, fields, stock=False), len(texts) / raw_parse(texts, stock=False))
                     for _ in range(args.repeats)]
            print(f"{name}: spaCy alone (import, load, read, parse every text; no tool) takes "
                  f"{statistics.median(a for _, a, _, _ in alone):.1f} s, "
                  f"{statistics.median(r / a for r, a, _, _ in alone):.2f} x raw; with the tool's "
                  f"pipeline {statistics.median(b for _, _, b, _ in alone):.1f} s, "
                  f"{statistics.median(r / b for r, _, b, _ in alone):.2f} x raw; raw parsing with the "
                  f"tool's pipeline alone {statistics.median(r / t for r, _, _, t in alone):.2f} x raw")
        print("| workload | setting | workers | end to end texts/s | x raw | after start-up x raw | "
              "wall s | peak RSS main MB | peak RSS worker MB |")
        print("|---|---|---|---|---|---|---|---|---|")
        single: dict[tuple[str, str], list[dict]] = {}  # the one-worker runs, for the scaling lines
        scaling: list[str] = []
        for item in settings:
            workload, setting, workers = item.split(":")
            path, fields, texts = workloads[workload]
            runs = []
            if workload == "long":  # no parser takes 2 MB at once: raw parsing of the same pieces
                from multivalue_cli.engine.chunking import CHUNK_CHARS, chunk_bounds

                texts = [texts[0][a:b] for a, b in chunk_bounds(texts[0], CHUNK_CHARS)]
            for _ in range(args.repeats if workload != "long" else 1):
                run, raw_seconds = run_between_raw(
                    texts, lambda: run_transform(path, tmp / "out", setting, int(workers), fields=fields))
                runs.append({**run, "raw_s": raw_seconds})
            median = statistics.median
            if int(workers) > 1 and workload != "long":
                shares = [independent_runs_seconds(texts, setting, int(workers), tmp) for _ in range(args.repeats)]
                one = median(r["wall_s"] for r in single.get((workload, setting), runs))
                scaling.append(f"{workload}, {setting}: {workers} independent runs over shares of the texts, "
                               f"at once: {median(shares):.1f} s ({one / median(shares):.2f} x one run over all); "
                               f"{workers} workers: {median(r['wall_s'] for r in runs):.1f} s "
                               f"({one / median(r['wall_s'] for r in runs):.2f} x one worker)")
            if int(workers) == 1:
                single[(workload, setting)] = runs
            worker = max((max(r["worker_rss_mb"]) for r in runs if r["worker_rss_mb"]), default=None)
            # x raw: the time raw parsing of the same texts takes over the time of the run
            rate = median(r["wall_sps"] for r in runs)
            shown = f"{rate:,.1f}" if rate >= 1 else f"{rate:.3f}"  # long: one text in the run
            print(f"| {workload} | {setting} | {workers} | {shown} | "
                  f"{median(r['raw_s'] / r['wall_s'] for r in runs):.2f} | "
                  f"{median(r['raw_s'] / r['processing_s'] for r in runs):.2f} | "
                  f"{median(r['wall_s'] for r in runs):.1f} | {max(r['main_rss_mb'] for r in runs):.0f} | "
                  f"{f'{worker:.0f}' if worker else '-'} |", flush=True)
        print("\n".join(scaling))


def _total_rss(run: dict) -> float:
    """Peak RSS of the run's processes together (each at its own peak)."""
    return run["main_rss_mb"] + sum(run["worker_rss_mb"])


def _same_output(a: Path, b: Path) -> bool:
    import pyarrow.parquet as pq

    return all(pq.read_table(a / part).to_pylist() == pq.read_table(b / part).to_pylist()
               for part in ("data", "edits"))


def hostile_main(args) -> None:
    """Inputs whose cost grew the wrong way (objects keyed by ids, one shard per record, a long
    JSON array, a gzip of one huge line) and a worker that hangs: wall time and peak RSS."""
    import gzip

    sentences = make_corpus(200)
    median = statistics.median
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        keyed, listed = tmp / "keyed.jsonl", tmp / "listed.jsonl"
        with open(keyed, "w") as a, open(listed, "w") as b:
            for k in range(20_000):
                a.write(json.dumps({"text": sentences[k % 200], "meta": {f"{k:08x}": 1}}) + "\n")
                b.write(json.dumps({"text": sentences[k % 200], "meta": [[f"{k:08x}", 1]]}) + "\n")
        use_bytecode_cache(tmp, keyed)
        for name, path in (("keyed by ids", keyed), ("same data as lists", listed)):
            runs = [run_transform(path, tmp / "out", "IndE", 1) for _ in range(args.repeats)]
            print(f"20,000 records, objects {name}: {median(r['wall_s'] for r in runs):.1f} s, "
                  f"peak RSS {max(_total_rss(r) for r in runs):.0f} MB")
        small = tmp / "small.jsonl"
        small.write_text("".join(json.dumps({"id": k, "text": sentences[k % 200]}) + "\n" for k in range(2_000)))
        walls = {}
        for size in ("100000", "1"):
            walls[size] = median(run_transform(small, tmp / f"shards{size}", "IndE", 1, ["--shard-size", size])["wall_s"]
                                 for _ in range(args.repeats))
        print(f"2,000 records: --shard-size 1 {walls['1']:.1f} s, default {walls['100000']:.1f} s "
              f"({walls['1'] / walls['100000']:.2f} x); same output: {_same_output(tmp / 'shards1', tmp / 'shards100000')}")
        array = tmp / "array.json"  # about 150 MB: most records hold a short label and no text to rewrite
        with open(array, "w") as f:
            f.write("[")
            for k in range(800_000):
                text = sentences[k % 200] if k % 100 == 0 else ""
                f.write(("," if k else "") + json.dumps({"id": k, "text": text, "label": "x" * 150}))
            f.write("]")
        run = run_transform(array, tmp / "array", "IndE", 1)
        print(f"JSON array of {array.stat().st_size / 1e6:.0f} MB ({800_000:,} records): {run['wall_s']:.1f} s, "
              f"peak RSS {_total_rss(run):.0f} MB")
        line = tmp / "line.jsonl.gz"
        with gzip.open(line, "wt", compresslevel=1) as f:
            f.write(json.dumps({"text": sentences[0]}) + "\n")
            f.write('{"text": "' + "a" * 300_000_000 + '"}\n')
            f.write(json.dumps({"text": sentences[1]}) + "\n")
        run = run_transform(line, tmp / "line", "IndE", 1)
        print(f"gzip JSON lines with one 300 MB line: {run['wall_s']:.1f} s, peak RSS {_total_rss(run):.0f} MB "
              "(the line listed in errors.jsonl, over --max-line-mb 64)")
        reference = run_transform(small, tmp / "unstuck", "IndE", 2)
        CHILD_ENV.update(MULTIVALUE_FAULT="worker-stop:2", MULTIVALUE_FAULT_ONCE=str(tmp / "once"))
        try:
            stuck = run_transform(small, tmp / "stuck", "IndE", 2, ["--worker-timeout", "30"])
        finally:
            for name in ("MULTIVALUE_FAULT", "MULTIVALUE_FAULT_ONCE"):
                CHILD_ENV.pop(name)
        print(f"2 workers, one stopped (SIGSTOP) at its 2nd batch, --worker-timeout 30: {stuck['wall_s']:.1f} s "
              f"(unstopped {reference['wall_s']:.1f} s); same output: {_same_output(tmp / 'stuck', tmp / 'unstuck')}")

def dialects_main(args) -> None:
    """Many dialects from one parse, on the distinct real texts with one worker: the wall time
    (start-up and writing included) of a run of 1, 5 and all 50 dialects, the sets in turn in
    each round (rotated, so that none always runs first), beside raw parsing of the same texts
    measured right before and after each run; then the peak RSS of each of two workers with
    the 50 profiles loaded."""
    median = statistics.median
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        path, fields, texts = realtext_workloads(args.realtext, tmp)["distinct"]
        use_bytecode_cache(tmp, path)
        print(f"distinct: {len(texts)} texts, {len(set(texts))} distinct; {args.repeats} rounds, one worker")
        runs: dict[str, list[dict]] = {name: [] for name in DIALECT_SETS}
        names = list(DIALECT_SETS)
        for round_ in range(args.repeats):
            for name in names[round_ % len(names):] + names[:round_ % len(names)]:
                run, raw_seconds = run_between_raw(
                    texts, lambda: run_transform(path, tmp / "out", DIALECT_SETS[name], 1, fields=fields))
                runs[name].append({**run, "raw_s": raw_seconds})
        one = median(r["wall_s"] for r in runs[names[0]])
        print("| dialects | wall s | x 1-dialect run | x raw parsing | start-up s | peak RSS MB |")
        print("|---|---|---|---|---|---|")
        for name in names:
            rs = runs[name]
            print(f"| {name} | {median(r['wall_s'] for r in rs):.2f} | "
                  f"{median(r['wall_s'] for r in rs) / one:.2f} | "
                  f"{median(r['wall_s'] / r['raw_s'] for r in rs):.2f} | "
                  f"{median(r['startup_s'] for r in rs):.2f} | {max(r['main_rss_mb'] for r in rs):.0f} |")
        every = run_transform(path, tmp / "out", DIALECT_SETS[names[-1]], 2, fields=fields)
        print(f"{names[-1]}, 2 workers: peak RSS per worker {', '.join(f'{m:.0f}' for m in every['worker_rss_mb'])} MB, "
              f"main {every['main_rss_mb']:.0f} MB")


if __name__ == "__main__":
    main()
