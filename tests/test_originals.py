"""`--keep-original`: a copy of every column a rewritten path starts in, as the input had it
(lists and nested fields included), and never over a column the input has."""
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from multivalue_cli.reports.examples import pick_examples
from run_folders import cli, lines, written

FIXTURES = Path(__file__).parent / "fixtures"


def test_a_list_field_keeps_its_original_texts(tmp_path):
    out = tmp_path / "coqa"
    cli("transform", FIXTURES / "coqa_hf.jsonl", "--task", "coqa", "-d", "Multi", "--keep-original", "-o", out, "-q")
    inputs = lines(FIXTURES / "coqa_hf.jsonl")
    records = written(out)
    assert [r["questions_original"] for r in records] == [r["questions"] for r in inputs]
    assert any(r["questions"] != r["questions_original"] for r in records)
    assert "ok:" in cli("verify", FIXTURES / "coqa_hf.jsonl", out).output
    for example in pick_examples(out, 5):
        key = int(example.field.split("[")[1].rstrip("]"))
        assert example.original == inputs[example.row]["questions"][key] != example.output


def test_a_nested_field_keeps_its_whole_column_as_it_was(tmp_path):
    out = tmp_path / "coqa"
    cli("transform", FIXTURES / "coqa_original.json", "--task", "coqa", "-d", "Multi", "--keep-original",
        "-o", out, "-q")
    inputs = json.loads((FIXTURES / "coqa_original.json").read_text())["data"]
    records = written(out)
    assert [r["questions_original"] for r in records] == [r["questions"] for r in inputs]
    assert any(r["questions"] != r["questions_original"] for r in records)
    assert "ok:" in cli("verify", FIXTURES / "coqa_original.json", out).output


def test_an_input_column_of_the_copys_name_is_refused_before_anything_is_written(tmp_path):
    rows = [{"text": "He speaks English.", "text_original": "a column of the user's"}]
    jsonl = tmp_path / "in.jsonl"
    jsonl.write_text("".join(json.dumps(r) + "\n" for r in rows))
    parquet = tmp_path / "in.parquet"
    pq.write_table(pa.Table.from_pylist(rows), parquet)
    for source in (jsonl, parquet):
        out = tmp_path / f"out-{source.suffix[1:]}"
        result = cli("transform", source, "-d", "IndE", "--keep-original", "-o", out, code=2)
        assert "'text_original'" in result.output and "already has" in result.output
        assert not out.exists()
    result = cli("transform", jsonl, "-d", "IndE", "--keep-original", "-o", "-", code=2)
    assert "'text_original'" in result.output


def test_a_clashing_column_first_seen_late_is_refused_too(tmp_path):
    rows = [{"text": "Hi."}] * 1001 + [{"text": "He speaks English.", "text_original": "theirs"}]
    source = tmp_path / "late.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = cli("transform", source, "-d", "IndE", "--keep-original", "-o", tmp_path / "out", code=2)
    assert "'text_original'" in result.output
    result = cli("transform", source, "-d", "IndE", "--keep-original", "-o", "-", code=3)
    last = json.loads(result.stdout.strip().splitlines()[-1])
    assert last == rows[-1]  # left as it was, listed as not transformed
