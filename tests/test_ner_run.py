"""`--task ner` end to end: CoNLL and `datasets` records in, tokens and label lists aligned out,
CoNLL back (`--format conll`), and `verify` on token-level outputs."""
from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.conll import blocks, read_block, sniff
from multivalue_cli.labels.schemes import entities, first_invalid

FIXTURES = Path(__file__).parent / "fixtures"
CONLL = FIXTURES / "ner.conll"
runner = CliRunner()


def transform(*args) -> object:
    return runner.invoke(app, ["transform", *map(str, args), "-q"])


def conll_sentences(path: Path) -> list[str]:
    return path.read_text("utf-8").split("\n\n")


@pytest.fixture(scope="module")
def conll_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("ner") / "out"
    result = transform(CONLL, "--task", "ner", "--dialect", "UAAVE", "--format", "conll", "-o", out)
    assert result.exit_code == 3, result.output  # one sentence holds a line with three columns
    return out


def test_a_conll_file_comes_back_in_its_layout_with_every_sentence(conll_run):
    before = conll_sentences(CONLL)
    after = conll_sentences(conll_run / "conll" / "train-00000-of-00001.conll")
    assert len(after) == len(before) == 8
    assert after[0] == before[0] == "-DOCSTART- -X- -X- O"
    assert after[6] == before[6]  # the sentence that could not be read, byte for byte
    assert after[4] == before[4] == "-DOCSTART- -X- -X- O"
    changed = 0
    for old, new in zip(before, after):
        if new == old:  # the -DOCSTART- lines, the bad sentence, and sentences no rule changed
            continue
        old_rows = [line.split(" ") for line in old.strip("\n").split("\n")]
        new_rows = [line.split(" ") for line in new.strip("\n").split("\n")]
        assert {len(r) for r in new_rows} == {len(old_rows[0])}
        tokens, tags = [r[0] for r in old_rows], [r[3] for r in old_rows]
        new_tokens, new_tags = [r[0] for r in new_rows], [r[3] for r in new_rows]
        assert entities(new_tokens, new_tags, "IOB1") == entities(tokens, tags, "IOB1")
        assert first_invalid(new_tags, "IOB1") is None
        assert first_invalid([r[2] for r in new_rows], "IOB1") is None  # chunks too
        changed += 1
    assert changed >= 3


def test_a_bad_line_is_listed_with_its_number_and_bytes(conll_run):
    (entry,) = [json.loads(line) for line in (conll_run / "errors.jsonl").read_text().splitlines()]
    assert entry["where"].endswith("ner.conll, line 53") and "expected 4 space-separated columns" in entry["reason"]
    assert b"lives NNS I-NP\n" in base64.b64decode(entry["raw_base64"])


def test_the_manifest_says_how_each_list_was_read(conll_run):
    manifest = json.loads((conll_run / "manifest.json").read_text())
    labels = manifest["token_labels"]["labels"]
    assert labels["ner_tags"]["role"] == "entities" and labels["ner_tags"]["scheme"] == "IOB1"
    assert labels["chunk_tags"]["role"] == "chunks" and labels["pos_tags"]["tagset"] == "penn"
    assert manifest["outputs"]["conll"] == ["conll/train-00000-of-00001.conll"]
    card = (conll_run / "README.md").read_text()
    assert "`ner_tags` (entities, IOB1)" in card and "`conll/train-0000k-of-0000N.conll`" in card


def test_report_and_review_read_the_tokens_as_one_text(conll_run, tmp_path):
    result = runner.invoke(app, ["report", str(conll_run), "--json", "--html", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout[:result.stdout.rindex("}") + 1])
    assert summary["per_field"] == [{"field": "tokens", "texts": 5, "changed": 4, "share": 0.8}]
    result = runner.invoke(app, ["review", "export", str(conll_run), "-o", str(tmp_path / "review")])
    assert result.exit_code == 0, result.output
    items = [json.loads(line) for line in (tmp_path / "review" / "items.jsonl").read_text().splitlines()]
    assert any(item["original"].startswith("Maria Lopez doesn't know") for item in items)


def test_token_labels_are_read_and_checked(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("ner_tags: [O, B-PER]\n")
    result = transform(FIXTURES / "ner.jsonl", "--task", "ner", "--token-labels", bad, "--dialect", "UAAVE", "-o", "-")
    assert result.exit_code == 2 and "expected FIELD: {names: [...], fill: LABEL}" in result.output
    result = transform(FIXTURES / "chat.jsonl", "--task", "chat", "--token-labels", FIXTURES / "ner_labels.yaml",
                       "--dialect", "UAAVE", "-o", "-")
    assert result.exit_code == 2 and "--token-labels describes the label lists of --task ner" in result.output


def test_verify_accepts_the_run_and_names_a_broken_tag(conll_run, tmp_path):
    result = runner.invoke(app, ["verify", str(CONLL), str(conll_run)])
    assert result.exit_code == 0, result.output
    broken = tmp_path / "broken"
    shutil.copytree(conll_run, broken)
    shard = broken / "data" / "train-00000-of-00001.parquet"
    table = pq.read_table(shard)
    rows = table.to_pylist()
    rows[2]["ner_tags"][rows[2]["tokens"].index("England")] = "O"  # Bank of England loses a word
    rows[3]["pos_tags"] = rows[3]["pos_tags"][:-1]
    rows[6]["ner_tags"][2] = "B-PER"  # input row 7 (row 6 could not be read): IOB1's B- after O
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), shard)
    result = runner.invoke(app, ["verify", str(CONLL), str(broken)])
    assert result.exit_code == 1
    assert "row 2, ner_tags: entity 1 was ORG 'Bank of England', is ORG 'Bank of'" in result.output
    assert "row 3, pos_tags: " in result.output and "labels for" in result.output
    assert "row 7, ner_tags[2]: 'B-PER' after 'O': in IOB1" in result.output


def test_records_with_class_ids_stay_class_ids(tmp_path):
    out = tmp_path / "out"
    result = transform(FIXTURES / "ner.jsonl", "--task", "ner", "--token-labels", FIXTURES / "ner_labels.yaml",
                       "--dialect", "UAAVE", "-o", out)
    assert result.exit_code == 0, result.output
    rows = pq.read_table(out / "data").to_pylist()
    before = [json.loads(line) for line in (FIXTURES / "ner.jsonl").read_text().splitlines()]
    assert sum(a["tokens"] != b["tokens"] for a, b in zip(before, rows)) >= 3
    for row in rows:
        assert all(isinstance(v, int) for v in row["ner_tags"] + row["pos_tags"])
        assert len(row["tokens"]) == len(row["ner_tags"]) == len(row["pos_tags"])
    assert runner.invoke(app, ["verify", str(FIXTURES / "ner.jsonl"), str(out)]).exit_code == 0


def test_class_ids_with_no_names_are_refused_up_front():
    result = transform(FIXTURES / "ner.jsonl", "--task", "ner", "--dialect", "UAAVE", "-o", "-")
    assert result.exit_code == 2
    assert "pos_tags: holds class ids whose names are unknown" in result.output


def test_a_saved_dataset_names_its_class_ids(tmp_path):
    datasets = pytest.importorskip("datasets")
    names = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC"]
    features = datasets.Features({"tokens": datasets.Sequence(datasets.Value("string")),
                                  "ner_tags": datasets.Sequence(datasets.ClassLabel(names=names))})
    rows = [json.loads(line) for line in (FIXTURES / "ner.jsonl").read_text().splitlines()]
    datasets.Dataset.from_list([{"tokens": r["tokens"], "ner_tags": r["ner_tags"]} for r in rows],
                               features=features).save_to_disk(tmp_path / "saved")
    out = tmp_path / "out"
    result = transform(tmp_path / "saved", "--task", "ner", "--dialect", "UAAVE", "-o", out)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["token_labels"]["labels"]["ner_tags"]["names_from"] == "features"
    assert runner.invoke(app, ["verify", str(tmp_path / "saved"), str(out)]).exit_code == 0


def test_conll_on_stdout_and_the_same_output_for_any_workers(tmp_path):
    one = transform(CONLL, "--task", "ner", "--dialect", "UAAVE", "--format", "conll", "-o", "-")
    assert one.exit_code == 3
    sentences = one.stdout.split("\n\n")
    assert len(sentences) == 8 and sentences[0] == "-DOCSTART- -X- -X- O" and "lives NNS I-NP" in sentences[6]
    a, b = tmp_path / "a", tmp_path / "b"
    assert transform(CONLL, "--task", "ner", "--dialect", "UAAVE", "-o", a).exit_code == 3
    assert transform(CONLL, "--task", "ner", "--dialect", "UAAVE", "-o", b, "--workers", "2",
                     "--batch-size", "1").exit_code == 3
    assert pq.read_table(a / "data").equals(pq.read_table(b / "data"))
    assert pq.read_table(a / "edits").equals(pq.read_table(b / "edits"))


def test_format_conll_needs_records_of_tokens():
    result = transform(FIXTURES / "chat.jsonl", "--task", "chat", "--dialect", "UAAVE", "--format", "conll", "-o", "-")
    assert result.exit_code == 2 and "--format conll" in result.output


def test_a_conll_file_reads_as_records_of_the_ner_layout():
    layout = sniff(CONLL)
    with open(CONLL, "rb") as stream:
        records = [read_block(first, lines, layout) for first, lines in blocks(stream)]
    assert list(records[1]) == ["tokens", "pos_tags", "chunk_tags", "ner_tags"]
    assert records[1]["tokens"][:2] == ["Maria", "Lopez"]
