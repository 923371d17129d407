#!/usr/bin/env python3
"""Check that a transformed benchmark kept what its labels depend on.

    python scripts/label_checks.py winobias INPUT.jsonl OUT_DIR --terms occupations.txt
    python scripts/label_checks.py spider ../shared/realtext/spider_dev_half.json OUT_DIR
    python scripts/label_checks.py bbq ../shared/realtext/bbq_x.jsonl OUT_DIR
    python scripts/label_checks.py squad squad_v2_dev.jsonl OUT_DIR   # from scripts/squad_records.py

winobias (records from scripts/winobias_pairs.py): the pronoun and every occupation survive,
the two members of each pair differ exactly where they did, how many sentences changed.
spider: every quoted span and every SQL value literal found in a question survives verbatim;
no question whose SQL ranks (ORDER BY, MAX, MIN) loses a superlative or comparative;
question_toks matches the new question; how many questions changed.
bbq: every group term of the answers (answer_info) found in a context survives; answers,
question and label untouched; how many contexts changed; how many contexts shared by several
rows read differently in their rows.
squad: every answer and plausible answer text is found at its answer_start in the new context;
the answers' texts unchanged; each paragraph reads the same in all its rows; how many
paragraphs changed.

The benchmarks of the LLM presets (each run with its --task; TruthfulQA from JSON lines or
the authors' CSV):

    python scripts/label_checks.py gsm8k ../shared/realtext/gsm8k_dev_half.jsonl OUT_DIR

gsm8k: the question keeps the same multiset of digit strings and number words.
hellaswag: ctx is the new ctx_a and ctx_b joined as the input joined them; the WikiHow markers
survive. winogrande: the blank is there exactly once and both options survive wherever the
sentence named them. arc, mmlu: every answer choice the question named survives there.
truthfulqa, gsm8k, arc, mmlu: quoted spans survive. For all of them every other field
(answers, options, endings, labels, ids) is byte-identical, and the share of rows changed.
Prints the figures; exits 1 if a protected word was lost or a pair broken.
"""
from __future__ import annotations

import argparse
import difflib
import json
import re
import sys
from pathlib import Path

from multivalue_cli.io import jsontext
from multivalue_cli.protection import Protection, sql_literals, term_spans

RANKS = re.compile(r"\b(ORDER\s+BY|MAX|MIN)\b", re.I)


def output_records(out: Path) -> list[dict]:
    import pyarrow.parquet as pq

    if not (out / "manifest.json").is_file():
        raise SystemExit(f"{out} is not a finished output folder (no manifest.json)")
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    rows: list[dict] = []
    for name in manifest["outputs"]["data"]:
        if name.endswith(".jsonl"):
            rows += [jsontext.loads(line) for line in (out / name).read_text("utf-8").splitlines()]
        else:
            rows += pq.read_table(out / name).to_pylist()
    return rows


def input_records(path: Path) -> list[dict]:
    if path.suffix in (".csv", ".tsv"):
        from multivalue_cli.io.sources import open_source

        return [record for _, record in open_source(str(path)).records()]
    if path.suffix == ".json":
        return json.loads(path.read_text("utf-8"))
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


def survives(term: str, before: str, after: str) -> bool:
    """Every occurrence of ``term`` in ``before`` is still in ``after``."""
    return len(term_spans(after, [term])) >= len(term_spans(before, [term]))


def differing(a: str, b: str) -> list[tuple[str, str]]:
    """The word-level differences between two texts, as (a's words, b's words)."""
    x, y = a.split(), b.split()
    matcher = difflib.SequenceMatcher(None, x, y, autojunk=False)
    return [(" ".join(x[i1:i2]), " ".join(y[j1:j2]))
            for op, i1, i2, j1, j2 in matcher.get_opcodes() if op != "equal"]


def check_winobias(src, out, terms: list[str]) -> dict:
    lost = broken = changed = 0
    for before, after in zip(src, out):
        changed += before["sentence"] != after["sentence"]
        for term in [before["pronoun"], *terms]:
            if not survives(term, before["sentence"], after["sentence"]):
                lost += 1
                print(f"lost {term!r}: {before['sentence']} -> {after['sentence']}")
    for k in range(0, len(src) - 1, 2):
        if src[k]["pair_id"] != src[k + 1]["pair_id"]:
            continue
        if differing(src[k]["sentence"], src[k + 1]["sentence"]) != \
                differing(out[k]["sentence"], out[k + 1]["sentence"]):
            broken += 1
            print(f"pair {src[k]['pair_id']}: {out[k]['sentence']} | {out[k + 1]['sentence']}")
    return {"sentences": len(src), "changed": changed, "protected_words_lost": lost,
            "pairs": len(src) // 2, "pairs_broken": broken}


def degree_words(text: str, nlp) -> int:
    return sum(1 for t in nlp(text) if t.tag_ in ("JJS", "RBS", "JJR", "RBR")
               or t.lower_ in ("most", "least", "more", "less", "fewer"))


def check_spider(src, out) -> dict:
    from multivalue_cli.engine.nlp import load_pipeline
    from multivalue_cli.io.tokenize import tokenize

    nlp = load_pipeline()
    quotes = Protection(quotes=True)
    changed = lost = ranking_lost = toks_wrong = protected = 0
    for before, after in zip(src, out):
        q, new = before["question"], after["question"]
        changed += q != new
        terms = [q[a:b] for a, b in quotes.spans(q)]
        terms += [q[a:b] for a, b in term_spans(q, sql_literals(before["query"]))]
        for term in terms:
            protected += 1
            if term not in new:
                lost += 1
                print(f"lost {term!r}: {q} -> {new}")
        if q != new and RANKS.search(before["query"]) and degree_words(new, nlp) < degree_words(q, nlp):
            ranking_lost += 1
            print(f"ranking lost: {q} -> {new}")
        expected = before["question_toks"] if q == new else tokenize(new)
        toks_wrong += after["question_toks"] != expected
        for key in ("query", "query_toks", "query_toks_no_value", "sql", "db_id"):
            if before[key] != after[key]:
                print(f"{key} changed: {q}")
                lost += 1
    return {"questions": len(src), "changed": changed, "protected_spans": protected,
            "protected_spans_lost": lost, "rankings_lost": ranking_lost,
            "question_toks_wrong": toks_wrong}


def check_bbq(src, out) -> dict:
    changed = lost = terms_found = touched = 0
    for before, after in zip(src, out):
        changed += before["context"] != after["context"]
        for key in ("question", "ans0", "ans1", "ans2", "label", "answer_info"):
            touched += before[key] != after[key]
        group_terms = {t for v in before["answer_info"].values() for t in v} | \
                      {before[f"ans{k}"] for k in range(3)}
        for term in group_terms:
            if term_spans(before["context"], [term]):
                terms_found += 1
                if not survives(term, before["context"], after["context"]):
                    lost += 1
                    print(f"lost {term!r}: {before['context'][:80]} -> {after['context'][:80]}")
    shared, differ = shared_texts(src, out, "context")
    return {"contexts": len(src), "changed": changed, "group_terms_in_contexts": terms_found,
            "group_terms_lost": lost, "answers_or_labels_changed": touched,
            "contexts_in_several_rows": shared, "of_them_read_differently": differ}


def shared_texts(src, out, name: str) -> tuple[int, int]:
    """How many texts of field ``name`` occur in several rows, and how many of them read
    differently in their rows after the rewrite."""
    rewritten: dict[str, set[str]] = {}
    rows: dict[str, int] = {}
    for before, after in zip(src, out):
        rewritten.setdefault(before[name], set()).add(after[name])
        rows[before[name]] = rows.get(before[name], 0) + 1
    shared = [text for text, n in rows.items() if n > 1]
    return len(shared), sum(1 for text in shared if len(rewritten[text]) > 1)


def check_squad(src, out) -> dict:
    answers = missed = text_changed = 0
    for before, after in zip(src, out):
        for name in ("answers", "plausible_answers"):
            if name not in before:
                continue
            text_changed += before[name]["text"] != after[name]["text"]
            for text, start in zip(after[name]["text"], after[name]["answer_start"]):
                answers += 1
                if after["context"][start:start + len(text)] != text:
                    missed += 1
                    print(f"{before['id']}: {name} {text!r} is not at {start}")
    paragraphs = {r["context"] for r in src}
    changed = {before["context"] for before, after in zip(src, out) if before["context"] != after["context"]}
    shared, differ = shared_texts(src, out, "context")
    return {"questions": len(src), "answers": answers, "answers_not_at_their_offset": missed,
            "answer_texts_changed": text_changed, "paragraphs": len(paragraphs),
            "paragraphs_changed": len(changed), "paragraphs_in_several_rows": shared,
            "of_them_read_differently": differ,
            "questions_changed": sum(a["question"] != b["question"] for a, b in zip(src, out))}


# --- the LLM benchmark presets -----------------------------------------------------------

NUMBER_WORDS = set("""
zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen
sixteen seventeen eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety
hundred hundreds thousand thousands million millions billion billions trillion dozen dozens
first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth twentieth
thirds fourths fifths sixths sevenths eighths ninths tenths hundredth hundredths thousandth
half halves halve halved quarter quarters once twice thrice double doubled doubles triple
tripled triples quadruple quadrupled pair pairs couple
""".split())
DIGITS = re.compile(r"\d+(?:[.,:/]\d+)*")
WORDS = re.compile(r"[A-Za-z]+")
BLANK = "_"
MARKERS = re.compile(r"\[(?:header|title|step|substeps)\]")
QUOTES = Protection(quotes=True)
# the fields each preset rewrites (or makes again from them); every other one must be untouched
REWRITTEN = {"gsm8k": ["question"], "hellaswag": ["ctx_a", "ctx_b", "ctx"], "winogrande": ["sentence"],
             "arc": ["question"], "mmlu": ["question"], "truthfulqa": ["question", "Question"]}


def numbers(text: str) -> list[str]:
    """The digit strings and number words of a text, sorted (a multiset)."""
    found = DIGITS.findall(text) + [w.lower() for w in WORDS.findall(text) if w.lower() in NUMBER_WORDS]
    return sorted(found)


def option_terms(kind: str, record: dict) -> list[str]:
    if kind == "winogrande":
        return [record["option1"], record["option2"]]
    if kind == "arc":
        return list(record["choices"]["text"])
    return list(record["choices"]) if kind == "mmlu" else []


def check_benchmark(kind: str, src: list[dict], out: list[dict]) -> dict:
    figures = {"rows": len(src), "rows_changed": 0, "other_fields_changed": 0, "texts_changed": 0,
               "protected_found": 0, "protected_lost": 0}
    if kind == "winogrande":
        figures.update(blank_not_once=0, options_added=0)
    if kind == "gsm8k":
        figures.update(questions_with_numbers=0, numbers_changed=0)
    if kind == "hellaswag":
        figures.update(ctx_wrong=0)
    for before, after in zip(src, out):
        texts = [f for f in REWRITTEN[kind] if f in before and f != "ctx"]
        changed = [f for f in texts if before[f] != after[f]]
        figures["texts_changed"] += len(changed)
        figures["rows_changed"] += bool(changed)
        for key in set(before) | set(after):
            if key not in REWRITTEN[kind] and before.get(key) != after.get(key):
                figures["other_fields_changed"] += 1
                print(f"{key} changed: {before.get(key)!r} -> {after.get(key)!r}")
        for field in texts:
            _check_text(kind, before, after, field, figures)
    figures["share_changed"] = round(figures["rows_changed"] / max(1, len(src)), 3)
    return figures


def _check_text(kind: str, before: dict, after: dict, field: str, figures: dict) -> None:
    old, new = before[field], after[field]
    terms = [old[a:b] for a, b in QUOTES.spans(old)] if kind in ("gsm8k", "truthfulqa", "arc", "mmlu") else []
    terms += [t for t in option_terms(kind, before) if t.strip() and term_spans(old, [t])]
    terms += MARKERS.findall(old) if kind == "hellaswag" else []
    for term in terms:
        figures["protected_found"] += 1
        if not survives(term, old, new) or (term.startswith(("[", '"', "'", "“", "‘", "`")) and new.count(term) < old.count(term)):
            figures["protected_lost"] += 1
            print(f"lost {term!r}: {old} -> {new}")
    if kind == "winogrande":
        if new.count(BLANK) != 1:
            figures["blank_not_once"] += 1
            print(f"blank: {new}")
        figures["options_added"] += sum(len(term_spans(new, [t])) > len(term_spans(old, [t]))
                                        for t in option_terms(kind, before))
    if kind == "gsm8k":
        figures["questions_with_numbers"] += bool(numbers(old))
        if numbers(old) != numbers(new):
            figures["numbers_changed"] += 1
            print(f"numbers: {old} -> {new}")
    if kind == "hellaswag" and field == "ctx_b":
        from multivalue_cli.io.joined import JoinedField

        joined = JoinedField("ctx", ("ctx_a", "ctx_b"))
        layout = joined.layout(before)
        if layout is None or after["ctx"] != joined.make(after, layout):
            figures["ctx_wrong"] += 1
            print(f"ctx: {after['ctx']!r} from {after['ctx_a']!r} and {after['ctx_b']!r}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=("winobias", "spider", "bbq", "squad", *REWRITTEN))
    parser.add_argument("input", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--terms", type=Path, help="winobias: the occupations file")
    args = parser.parse_args()
    src, out = input_records(args.input), output_records(args.out)
    if len(src) != len(out):
        sys.exit(f"{len(src)} input records, {len(out)} output records")
    if args.kind == "winobias":
        terms = args.terms.read_text("utf-8").split("\n") if args.terms else []
        figures = check_winobias(src, out, [t for t in terms if t.strip()])
        bad = figures["protected_words_lost"] + figures["pairs_broken"]
    elif args.kind == "spider":
        figures = check_spider(src, out)
        bad = figures["protected_spans_lost"] + figures["rankings_lost"] + figures["question_toks_wrong"]
    elif args.kind == "squad":
        figures = check_squad(src, out)
        bad = (figures["answers_not_at_their_offset"] + figures["answer_texts_changed"]
               + figures["of_them_read_differently"])
    elif args.kind == "bbq":
        figures = check_bbq(src, out)
        bad = figures["group_terms_lost"] + figures["answers_or_labels_changed"] + figures["of_them_read_differently"]
    else:
        figures = check_benchmark(args.kind, src, out)
        bad = sum(figures.get(k, 0) for k in ("other_fields_changed", "protected_lost", "blank_not_once",
                                               "numbers_changed", "ctx_wrong"))
    print(json.dumps(figures))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
