#!/usr/bin/env python3
"""Blind review of the rules on real text, and the measured accuracy the package ships.

    # 1. sample: each rule alone at probability 1.0 over the development pool
    python scripts/review_rule.py sample --all --realtext ../shared/realtext \\
        --ewave ../shared/ewave --salt round-7 -o review-7 --workers 2
    python scripts/review_rule.py sample past_been yall --realtext ... --ewave ... --salt ... -o ...

    # 2. a calibrated reviewer judges review-7/blind.jsonl, one line per item:
    #    {"id": ..., "verdict": "ok" | "wrong", "class": ..., "note": ...}

    # 3. import: score each rule and write multivalue_cli/data/rule_accuracy.tsv
    python scripts/review_rule.py import review-7 judged.jsonl \\
        --calibration calibration-judged.jsonl --calibration-seed 3 \\
        --calibrate ../shared/review/calibrate.py

    # 4. silent rules: check their reasons over the pool, write multivalue_cli/data/silent_rules.tsv
    python scripts/review_rule.py silent review-7 --realtext ../shared/realtext

``sample`` builds the pool (``realtext_pool.py``: every file of the folder, each distinct text
once, parsed once), runs each chosen rule alone on every parse, and writes into its folder:
``blind.jsonl`` for the reviewer (id, feature, eWAVE number, the eWAVE definition and example
read from ``--ewave``, input, output; shuffled; nothing of the rule's code, description or
examples), ``key.jsonl`` (id -> rule, source, salt, commit) and ``counts.json`` (texts each rule
changed, per source). Up to ``--per-rule`` changed texts per rule are drawn, spread over the
sources, by a hash salted with ``--salt`` (a new salt, a new sample).

With ``--against scripts/data/pool_firing_counts.json`` (the counts of every rule on the pool
at the commit it names), ``sample`` also prints how the counts moved: the total, and each rule
that fell by more than 10% (a rule that fires less is a fix only where the sites it gave up
were wrong).

``import`` counts a rule only when every one of its items is judged; the reviewer's verdicts
count only when their judged calibration set passes ``calibrate.py score``.

``silent`` lists the rules that changed no text, and checks the reason each has in the table:
its ``search`` (``re:`` a regular expression over the texts, ``match:`` a spaCy ``Matcher``
token pattern or ``dep:`` a ``DependencyMatcher`` pattern, as JSON, over their parses) must
find nothing in the pool. A silent rule whose
construction *is* found is printed with example texts (a recall bug, or a search too wide).
"""
from __future__ import annotations

import argparse
import csv
import datetime
import hashlib
import json
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

from multivalue_cli.engine.accuracy import (  # noqa: E402
    ACCURACY_FILE, SILENT_FILE, Measured, Silent, read_rows, table_text,
)
from realtext_pool import load_pool  # noqa: E402

VERDICTS = ("ok", "wrong")
CLASSES = ("not_feature", "meaning", "collateral", "unnatural")


def digest(*parts: object) -> str:
    return hashlib.sha256("\x1f".join(map(str, parts)).encode()).hexdigest()


def commit_of_tree() -> str:
    """The commit of the working tree, with ``+dirty`` when it has uncommitted changes."""
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short=12", "HEAD"],
                          capture_output=True, text=True).stdout.strip() or "unknown"
    dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
                           capture_output=True, text=True).stdout.strip()
    return head + ("+dirty" if dirty else "")


# ------------------------------------------------------------------------------ sample


def rewrite_share(texts: list[str], names: list[str], model: str | None) -> dict[str, list[tuple[int, str]]]:
    """Each rule of ``names`` alone at probability 1.0 on each text (parsed once):
    ``{rule: [(position in texts, output), ...]}`` for the texts it changed."""
    from multivalue_cli.engine.apply import Engine, Prepared
    from multivalue_cli.engine.nlp import load_pipeline
    from multivalue_cli.engine.parsing import Parser
    from multivalue_cli.engine.registry import registry

    rules = registry()
    engines = [(name, Engine([(rules[name], 1.0)])) for name in names]
    changed: dict[str, list[tuple[int, str]]] = {name: [] for name in names}
    for position, doc in enumerate(Parser(load_pipeline(model), 256).parse(texts)):
        prepared = Prepared(doc)  # each rule's sites are found once on it
        for name, engine in engines:
            out = engine.apply(prepared).text
            if out != doc.text:
                changed[name].append((position, out))
    return changed


def _share_job(args: tuple) -> tuple[int, dict]:
    worker, workers, texts, names, model = args
    from multivalue_cli.run.tuning import tune_process

    tune_process()
    mine = texts[worker::workers]
    found = rewrite_share(mine, names, model)
    return worker, {name: [(worker + k * workers, out) for k, out in pairs] for name, pairs in found.items()}


def rewrite_pool(texts: list[str], names: list[str], workers: int, model: str | None) -> dict[str, list[tuple[int, str]]]:
    """:func:`rewrite_share` over all ``texts``, in ``workers`` processes (each parses its share)."""
    if workers <= 1:
        return rewrite_share(texts, names, model)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        parts = dict(pool.map(_share_job, [(w, workers, texts, names, model) for w in range(workers)]))
    return {name: sorted(pair for w in range(workers) for pair in parts[w][name]) for name in names}


def spread_pick(by_source: dict[str, list[tuple[str, str]]], k: int, salt: str, rule: str) -> list[tuple[str, str, str]]:
    """Up to ``k`` ``(source, input, output)``, taken from the sources in turn (in an order of
    their salted hash), each source's changes ranked by the salted hash of their input."""
    queues = {source: sorted(items, key=lambda item: digest(salt, rule, item[0]))
              for source, items in by_source.items() if items}
    order = sorted(queues, key=lambda source: digest(salt, rule, "source", source))
    picked: list[tuple[str, str, str]] = []
    while len(picked) < k and any(queues.values()):
        for source in order:
            if queues[source] and len(picked) < k:
                picked.append((source, *queues[source].pop(0)))
    return picked


def ewave_parameters(folder: Path) -> dict[int, dict]:
    """eWAVE's features by number: their ``Name`` (the definition) and ``Description`` (the
    example), from ``parameters.csv``."""
    path = folder / "parameters.csv"
    with open(path, encoding="utf-8", newline="") as handle:
        return {int(row["ID"]): {"definition": row["Name"], "example": row["Description"]}
                for row in csv.DictReader(handle) if row["ID"].isdigit()}


def chosen_rules(names: list[str], everything: bool) -> list[str]:
    from multivalue_cli.engine.registry import registry

    rules = registry()
    if everything:
        return list(rules)
    unknown = [name for name in names if name not in rules]
    if unknown or not names:
        sys.exit(f"error: unknown rule(s): {', '.join(unknown)}" if unknown else "error: name rules or give --all")
    return list(dict.fromkeys(names))


def write_jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), "utf-8")


def sample(args: argparse.Namespace) -> None:
    from multivalue_cli.engine.registry import registry

    names = chosen_rules(args.rules, args.all)
    parameters = ewave_parameters(args.ewave)
    rules = registry()
    missing = sorted({rules[n].ewave for n in names} - set(parameters))
    if missing:
        sys.exit(f"error: {args.ewave / 'parameters.csv'} has no feature {', '.join(map(str, missing))}")
    started = time.perf_counter()
    pool = load_pool(args.realtext)
    texts = [text for part in pool.values() for text in part]
    source_of = [source for source, part in pool.items() for _ in part]
    changed = rewrite_pool(texts, names, args.workers, args.model)
    seconds = time.perf_counter() - started
    commit = commit_of_tree()
    if commit.endswith("+dirty"):
        print("note: the tree has uncommitted changes; the sample is of no commit (its key says +dirty)")
    blind, key, fired = [], [], {}
    for name in names:
        by_source: dict[str, list[tuple[str, str]]] = {source: [] for source in pool}
        for position, out in changed[name]:
            by_source[source_of[position]].append((texts[position], out))
        fired[name] = {source: len(items) for source, items in by_source.items() if items}
        rule = rules[name]
        for source, before, after in spread_pick(by_source, args.per_rule, args.salt, name):
            item_id = "s" + digest(args.salt, name, before)[:12]
            blind.append({"id": item_id, "feature": name, "ewave": rule.ewave,
                          **parameters[rule.ewave], "input": before, "output": after})
            key.append({"id": item_id, "rule": name, "source": source, "salt": args.salt,
                        "commit": commit})
    blind.sort(key=lambda item: digest(args.salt, "order", item["id"]))
    args.output.mkdir(parents=True, exist_ok=True)
    write_jsonl(args.output / "blind.jsonl", blind)
    write_jsonl(args.output / "key.jsonl", key)
    counts = {"salt": args.salt, "commit": commit, "seconds": round(seconds, 1), "workers": args.workers,
              "pool": {source: len(part) for source, part in pool.items()}, "texts": len(texts),
              "fired": {name: {"total": sum(per.values()), **per} for name, per in fired.items()}}
    (args.output / "counts.json").write_text(json.dumps(counts, indent=1) + "\n", "utf-8")
    silent_names = [name for name in names if not fired[name]]
    print(f"{len(texts)} texts ({', '.join(f'{s} {n}' for s, n in counts['pool'].items())}); "
          f"{len(names)} rule(s) in {seconds:.0f}s with {args.workers} worker(s)")
    print(f"{len(names) - len(silent_names)} fire, {len(silent_names)} silent: {', '.join(silent_names) or '-'}")
    print(f"wrote {args.output}/blind.jsonl ({len(blind)} items), key.jsonl, counts.json")
    if args.against:
        compare_counts(json.loads(args.against.read_text("utf-8")), counts)


def compare_counts(before: dict, after: dict) -> None:
    """Print how the firing counts moved since an earlier ``counts.json``: the total over the
    rules both have, and each rule that fell by more than 10% or rose from nothing."""
    old, new = before["fired"], after["fired"]
    shared = sorted(set(old) & set(new))
    total_old = sum(old[n]["total"] for n in shared)
    total_new = sum(new[n]["total"] for n in shared)
    change = 100 * (total_new - total_old) / total_old if total_old else 0.0
    print(f"against {before.get('commit')}: {total_old} -> {total_new} texts changed over {len(shared)} "
          f"rules ({change:+.1f}%)")
    for name in shared:
        a, b = old[name]["total"], new[name]["total"]
        if (a and b < 0.9 * a) or (b and not a):
            print(f"  {name}: {a} -> {b}")


# ------------------------------------------------------------------------------ import


def read_judged(path: Path, known: set[str]) -> dict[str, dict]:
    """The reviewer's verdicts by id; a line that cannot be used stops with where it is."""
    judged: dict[str, dict] = {}
    for line_no, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        where = f"{path}, line {line_no}"
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            sys.exit(f"error: {where}: not JSON ({exc})")
        if not isinstance(item, dict) or item.get("id") not in known:
            sys.exit(f"error: {where}: id {item.get('id') if isinstance(item, dict) else item!r} is not in the sample's key")
        if item.get("verdict") not in VERDICTS:
            sys.exit(f"error: {where}: verdict must be one of {', '.join(VERDICTS)}")
        if item["verdict"] == "wrong" and item.get("class") not in CLASSES:
            sys.exit(f"error: {where}: a wrong verdict needs a class, one of {', '.join(CLASSES)}")
        if item["id"] in judged:
            sys.exit(f"error: {where}: id {item['id']} judged twice")
        judged[item["id"]] = item
    return judged


def calibration_score(args: argparse.Namespace) -> str:
    """The reviewer's calibration, as ``calibrate.py score`` gives it; stops if they are not
    calibrated (their verdicts do not count)."""
    run = subprocess.run([sys.executable, str(args.calibrate), "score", str(args.calibration),
                          "--seed", str(args.calibration_seed)], capture_output=True, text=True)
    last = (run.stdout.strip().splitlines() or [run.stderr.strip()])[-1]
    found = re.search(r"found (\d+/\d+) wrong .*failed (\d+/\d+) ok", last)
    if run.returncode != 0 or found is None:
        sys.exit(f"error: the reviewer is not calibrated, their verdicts do not count: {last}")
    return f"found {found[1]} wrong, failed {found[2]} ok (seed {args.calibration_seed})"


def import_review(args: argparse.Namespace) -> None:
    key = {row["id"]: row for row in map(json.loads, (args.sample / "key.jsonl").read_text("utf-8").splitlines())}
    counts = json.loads((args.sample / "counts.json").read_text("utf-8"))
    judged = read_judged(args.judged, set(key))
    calibration = calibration_score(args)
    by_rule: dict[str, list[str]] = {}
    for item_id, row in key.items():
        by_rule.setdefault(row["rule"], []).append(item_id)
    table_path = args.table or ROOT / "multivalue_cli" / ACCURACY_FILE
    table = read_rows(table_path.read_text("utf-8"), Measured, str(table_path))
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    scored, partial = [], []
    for rule, ids in sorted(by_rule.items()):
        if not all(i in judged for i in ids):
            if any(i in judged for i in ids):
                partial.append(rule)
            continue
        accepted = sum(judged[i]["verdict"] == "ok" for i in ids)
        sample_row = key[ids[0]]
        table[rule] = Measured(rule, len(ids), accepted, counts["fired"].get(rule, {}).get("total", 0),
                               sample_row["salt"], sample_row["commit"], today, calibration)
        scored.append(table[rule])
        for i in ids:
            if judged[i]["verdict"] == "wrong":
                print(f"  wrong {rule} [{key[i]['source']}] {judged[i]['class']}: {judged[i].get('note', '')}")
    table_path.write_text(table_text(table.values(), Measured), "utf-8")
    below = [m for m in scored if m.accepted < min(m.reviewed, 11)]
    print(f"{len(scored)} rule(s) scored ({sum(m.accepted for m in scored)}/{sum(m.reviewed for m in scored)} "
          f"accepted; {calibration}); {len(below)} below 11 of 12: "
          + (", ".join(f"{m.rule} {m.accepted}/{m.reviewed}" for m in below) or "-"))
    if partial:
        print(f"not scored, some of their items unjudged: {', '.join(partial)}")
    print(f"wrote {table_path}")


# ------------------------------------------------------------------------------ silent


class PoolSearch:
    """The searches of the silent table over the pool: ``re:`` a regular expression on the
    texts; ``match:`` a spaCy ``Matcher`` token pattern or ``dep:`` a ``DependencyMatcher``
    pattern (JSON) on their parses, made when first needed."""

    def __init__(self, texts: list[str], model: str | None) -> None:
        self.texts, self.model, self._docs = texts, model, None

    def find(self, search: str) -> list[str]:
        kind, _, pattern = search.partition(":")
        if kind == "re":
            compiled = re.compile(pattern)
            return [text for text in self.texts if compiled.search(text)]
        if kind not in ("match", "dep"):
            raise ValueError(f"a search starts with re:, match: or dep:, not {search[:20]!r}")
        from spacy.matcher import DependencyMatcher, Matcher

        docs = self.docs()
        matcher = (Matcher if kind == "match" else DependencyMatcher)(docs[0].vocab)
        matcher.add("search", [json.loads(pattern)])
        return [doc.text for doc in docs if matcher(doc)]

    def docs(self) -> list:
        if self._docs is None:
            from multivalue_cli.engine.nlp import load_pipeline
            from multivalue_cli.engine.parsing import Parser

            self._docs = list(Parser(load_pipeline(self.model), 256).parse(self.texts))
        return self._docs


def silent_rules(args: argparse.Namespace) -> None:
    counts = json.loads((args.sample / "counts.json").read_text("utf-8"))
    silent_names = sorted(name for name, per in counts["fired"].items() if not per["total"])
    table_path = args.table or ROOT / "multivalue_cli" / SILENT_FILE
    table = read_rows(table_path.read_text("utf-8"), Silent, str(table_path))
    from multivalue_cli.engine.registry import registry

    pool = load_pool(args.realtext)
    search = PoolSearch([text for part in pool.values() for text in part], args.model)
    rows, present, unexplained, blind_searches = [], [], [], []
    for name in silent_names:
        entry = table.get(name)
        if entry is None or not entry.search:
            unexplained.append(name)
            rows.append(Silent(name, "", "", 0, counts["texts"], counts["commit"]))
            continue
        own = PoolSearch([example.text for example in registry()[name].examples], args.model)
        if not own.find(entry.search):  # a search that misses the rule's own examples shows nothing
            blind_searches.append(name)
        found = search.find(entry.search)
        rows.append(Silent(name, entry.needs, entry.search, len(found), counts["texts"], counts["commit"]))
        if found:
            present.append((name, found))
    table_path.write_text(table_text(rows, Silent), "utf-8")
    print(f"{len(silent_names)} silent rule(s) of {len(counts['fired'])}; wrote {table_path}")
    for row in rows:
        print(f"  {row.rule}: {row.matches} match(es) of {row.search or '(no search yet)'} - {row.needs}")
    for name, found in present:
        print(f"\nrecall? {name} is silent but its construction is found {len(found)} time(s), e.g.:")
        for text in found[:5]:
            print(f"    {text[:200]}")
    if blind_searches:
        print(f"\nsearches that find none of their rule's own examples (they show nothing): {', '.join(blind_searches)}")
    if unexplained:
        print(f"\nwithout a reason yet (fill needs and search in {table_path}): {', '.join(unexplained)}")


# ------------------------------------------------------------------------------ command line


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    s = commands.add_parser("sample", help="run rules over the pool, write a blind sample")
    s.add_argument("rules", nargs="*", help="rule names (or --all)")
    s.add_argument("--all", action="store_true", help="every registered rule")
    s.add_argument("--realtext", type=Path, required=True, help="the folder of public benchmark files")
    s.add_argument("--ewave", type=Path, required=True, help="the folder of eWAVE's CLDF tables (parameters.csv)")
    s.add_argument("--salt", required=True, help="the sample's salt (a new one each round)")
    s.add_argument("-o", "--output", type=Path, required=True, help="folder for blind.jsonl, key.jsonl, counts.json")
    s.add_argument("--per-rule", type=int, default=12)
    s.add_argument("--workers", type=int, default=1, help="processes (each parses its share of the pool)")
    s.add_argument("--model", help="spaCy pipeline (default: the tool's)")
    s.add_argument("--against", type=Path, help="an earlier counts.json: print how the firing counts moved")
    i = commands.add_parser("import", help="score a reviewer's judged file into the accuracy table")
    i.add_argument("sample", type=Path, help="the folder `sample` wrote")
    i.add_argument("judged", type=Path, help="the reviewer's file: {id, verdict, class, note} per line")
    i.add_argument("--calibration", type=Path, required=True, help="the reviewer's judged calibration set")
    i.add_argument("--calibration-seed", type=int, required=True, help="its seed (calibrate.py blind --seed)")
    i.add_argument("--calibrate", type=Path, required=True, help="the calibration script (calibrate.py)")
    i.add_argument("--table", type=Path, help=f"the table to update (default: {ACCURACY_FILE} of the package)")
    q = commands.add_parser("silent", help="check the reasons of the silent rules, write their table")
    q.add_argument("sample", type=Path, help="the folder `sample --all` wrote")
    q.add_argument("--realtext", type=Path, required=True)
    q.add_argument("--table", type=Path, help=f"the table to update (default: {SILENT_FILE} of the package)")
    q.add_argument("--model")
    args = parser.parse_args()
    {"sample": sample, "import": import_review, "silent": silent_rules}[args.command](args)


if __name__ == "__main__":
    main()
