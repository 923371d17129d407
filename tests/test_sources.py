"""Reading every kind of input, in order, streaming; and every way an input can be wrong.

Parquet and save_to_disk inputs are built in tmp_path from the JSON fixtures, so no binary
fixture is committed.
"""
from __future__ import annotations

import gzip
import io
import json
import shutil
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from multivalue_cli.io import sources
from multivalue_cli.io.sources import SourceError, open_source

FIXTURES = Path(__file__).parent / "fixtures"


def read_jsonl(name: str) -> list[dict]:
    lines = (FIXTURES / name).read_text("utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def all_records(source: sources.Source) -> list[dict]:
    return [record for _, record in source.records()]


def write_parquet(records: list[dict], path: Path) -> pa.Table:
    table = pa.Table.from_pylist(records)
    pq.write_table(table, path)
    return table


def save_dataset(records: list[dict], path: Path) -> None:
    import datasets

    datasets.Dataset.from_list(records).save_to_disk(str(path))


def save_dataset_dict(splits: dict[str, list[dict]], path: Path) -> None:
    import datasets

    datasets.DatasetDict(
        {name: datasets.Dataset.from_list(rows) for name, rows in splits.items()}
    ).save_to_disk(str(path))


# --- the bundled sample -------------------------------------------------------------------


def test_default_is_the_bundled_sample():
    source = open_source(None)
    rows = list(source.records())
    assert len(rows) == 240
    assert [row for row, _ in rows] == list(range(240))
    ids = [record["id"] for _, record in rows]
    assert len(set(ids)) == 240 and ids[0] == "s0001"
    labels = {record["label"] for _, record in rows}
    assert labels == {"question", "positive", "negative", "neutral"}
    assert all(set(record) == {"id", "text", "label"} and record["text"] for _, record in rows)
    assert source.split == "train" and source.schema is None
    assert source.description.startswith("sample:")


def test_sample_questions_read_as_questions():
    """Questions end with '?' except Spider-style requests ("List the ...")."""
    questions = [r["text"] for _, r in open_source(None).records() if r["label"] == "question"]
    assert len(questions) > 50
    for text in questions:
        assert text.endswith("?") or text.startswith(("List ", "Show ", "Find ")), text


# --- JSON Lines ---------------------------------------------------------------------------


def test_jsonl_file_in_order():
    path = FIXTURES / "coqa_hf.jsonl"
    source = open_source(str(path))
    assert all_records(source) == read_jsonl("coqa_hf.jsonl")
    assert source.description == f"jsonl:{path}"
    assert source.split == "train" and source.schema is None


def test_jsonl_gz(tmp_path):
    path = tmp_path / "dialog.jsonl.gz"
    with gzip.open(path, "wb") as out:
        out.write((FIXTURES / "dialog.jsonl").read_bytes())
    assert all_records(open_source(str(path))) == read_jsonl("dialog.jsonl")


def test_blank_lines_and_bom_are_skipped(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}\n\n   \n{"a": 2}\n')
    assert list(open_source(str(path)).records()) == [(0, {"a": 1}), (1, {"a": 2})]


def test_stdin_text(monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO('{"text": "one"}\n{"text": "two"}\n'))
    source = open_source("-")
    assert all_records(source) == [{"text": "one"}, {"text": "two"}]
    assert source.description == "jsonl:<stdin>"


def test_stdin_bytes(monkeypatch):
    stdin = io.TextIOWrapper(io.BytesIO('{"text": "caf\u00e9"}\n'.encode("utf-8")), "utf-8")
    monkeypatch.setattr("sys.stdin", stdin)
    assert all_records(open_source("-")) == [{"text": "caf\u00e9"}]


def test_records_are_streamed(tmp_path):
    """A bad line late in the file does not stop the records before it from flowing."""
    path = tmp_path / "x.jsonl"
    path.write_text('{"a": 1}\n{"a": 2}\n{oops\n', "utf-8")
    rows = open_source(str(path)).records()
    assert next(rows) == (0, {"a": 1})
    assert next(rows) == (1, {"a": 2})
    with pytest.raises(SourceError):
        next(rows)


def test_malformed_line_names_file_and_line(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"a": 1}\n\n{"a": 2,}\n{"a": 3}\n', "utf-8")
    with pytest.raises(SourceError, match=r"bad\.jsonl, line 3: not valid JSON"):
        all_records(open_source(str(path)))


def test_non_object_line_names_file_and_line(tmp_path):
    path = tmp_path / "list.jsonl"
    path.write_text('{"a": 1}\n[1, 2]\n', "utf-8")
    expected = r"list\.jsonl, line 2: expected a JSON object, got a list"
    with pytest.raises(SourceError, match=expected):
        all_records(open_source(str(path)))


def test_non_utf8_line(tmp_path):
    path = tmp_path / "latin.jsonl"
    path.write_bytes(b'{"a": "ok"}\n{"a": "caf\xe9"}\n')
    with pytest.raises(SourceError, match=r"latin\.jsonl, line 2: not UTF-8"):
        all_records(open_source(str(path)))


def test_damaged_gzip(tmp_path):
    path = tmp_path / "broken.jsonl.gz"
    path.write_bytes(b"not gzip at all")
    with pytest.raises(SourceError, match=r"broken\.jsonl\.gz: cannot read"):
        all_records(open_source(str(path)))


# --- whole-file JSON ----------------------------------------------------------------------


def test_json_list_spider_shape():
    path = FIXTURES / "spider.json"
    source = open_source(str(path))
    records = all_records(source)
    assert records == json.loads(path.read_text("utf-8"))
    assert len(records) == 4 and source.description == f"json:{path}"


def test_json_data_object_coqa_shape():
    records = all_records(open_source(str(FIXTURES / "coqa_original.json")))
    assert [record["id"] for record in records] == ["3a1b2c", "4d5e6f", "7a8b9c"]
    assert all("version" not in record for record in records)


def test_json_gz(tmp_path):
    path = tmp_path / "spider.json.gz"
    path.write_bytes(gzip.compress((FIXTURES / "spider.json").read_bytes()))
    assert len(all_records(open_source(str(path)))) == 4


@pytest.mark.parametrize(
    "content, message",
    [
        ('{"version": "1.0", "rows": []}', r"with keys version, rows"),
        ('"just text"', r"got a string"),
        ("[1, 2]", r"record 0: expected a JSON object, got a number"),
        ('{"a": 1}\n{"a": 2}\n', r"not valid JSON .*should be named \.jsonl"),
    ],
)
def test_json_wrong_shapes(tmp_path, content, message):
    path = tmp_path / "odd.json"
    path.write_text(content, "utf-8")
    with pytest.raises(SourceError, match=rf"odd\.json: .*{message}"):
        all_records(open_source(str(path)))


# --- Parquet ------------------------------------------------------------------------------


def test_parquet_file_keeps_schema(tmp_path):
    records = read_jsonl("coqa_hf.jsonl")
    table = write_parquet(records, tmp_path / "coqa.parquet")
    source = open_source(str(tmp_path / "coqa.parquet"))
    assert all_records(source) == records
    assert source.schema.equals(table.schema, check_metadata=False)
    assert source.description == f"parquet:{tmp_path / 'coqa.parquet'}"


def test_parquet_folder_in_sorted_file_order(tmp_path):
    records = read_jsonl("dialog.jsonl")
    folder = tmp_path / "shards"
    folder.mkdir()
    write_parquet(records[2:], folder / "part-01.parquet")  # written first, read second
    write_parquet(records[:2], folder / "part-00.parquet")
    (folder / "README.md").write_text("not data", "utf-8")
    source = open_source(str(folder))
    assert all_records(source) == records
    assert source.schema is not None and "dialog" in source.schema.names
    assert "(2 files)" in source.description


def test_parquet_folder_with_mixed_schemas(tmp_path):
    write_parquet([{"a": "x"}], tmp_path / "0.parquet")
    write_parquet([{"b": 1}], tmp_path / "1.parquet")
    with pytest.raises(SourceError, match=r"1\.parquet: its columns differ"):
        open_source(str(tmp_path))


def test_not_a_parquet_file(tmp_path):
    path = tmp_path / "fake.parquet"
    path.write_text("hello", "utf-8")
    with pytest.raises(SourceError, match=r"fake\.parquet: not a readable Parquet file"):
        open_source(str(path))


def test_parquet_limit_across_files(tmp_path):
    records = [{"text": f"row {i}"} for i in range(10)]
    write_parquet(records[:6], tmp_path / "a.parquet")
    write_parquet(records[6:], tmp_path / "b.parquet")
    assert all_records(open_source(str(tmp_path), limit=8)) == records[:8]


# --- save_to_disk folders -----------------------------------------------------------------


def test_save_to_disk_dataset(tmp_path):
    records = read_jsonl("coqa_hf.jsonl")
    save_dataset(records, tmp_path / "coqa")
    source = open_source(str(tmp_path / "coqa"))
    assert all_records(source) == records
    assert source.split == "train"
    assert source.schema.names == ["source", "story", "questions", "answers"]
    assert source.description == f"save_to_disk:{tmp_path / 'coqa'}"


def test_save_to_disk_dataset_dict_with_split(tmp_path):
    train, validation = read_jsonl("coqa_hf.jsonl")[:2], read_jsonl("coqa_hf.jsonl")[2:]
    save_dataset_dict({"train": train, "validation": validation}, tmp_path / "dd")
    source = open_source(str(tmp_path / "dd"), split="validation")
    assert all_records(source) == validation
    assert source.split == "validation"
    assert source.description.endswith("(split=validation)")
    assert all_records(open_source(str(tmp_path / "dd"), split="train")) == train


def test_save_to_disk_dataset_dict_needs_a_split_when_ambiguous(tmp_path):
    save_dataset_dict({"train": [{"t": "a"}], "test": [{"t": "b"}]}, tmp_path / "dd")
    with pytest.raises(SourceError, match=r"several splits \(train, test\).*--split"):
        open_source(str(tmp_path / "dd"))
    with pytest.raises(SourceError, match=r"no split 'dev'; available splits: train, test"):
        open_source(str(tmp_path / "dd"), split="dev")


def test_save_to_disk_dataset_dict_single_split_is_the_default(tmp_path):
    save_dataset_dict({"validation": [{"t": "a"}]}, tmp_path / "dd")
    source = open_source(str(tmp_path / "dd"))
    assert source.split == "validation" and all_records(source) == [{"t": "a"}]


def test_folder_without_data(tmp_path):
    expected = r"no \.parquet files and was not written by save_to_disk"
    with pytest.raises(SourceError, match=expected):
        open_source(str(tmp_path))


# --- the hub --------------------------------------------------------------------------------


def test_hub_offline_fails_fast_and_clearly(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    started = time.monotonic()
    with pytest.raises(SourceError, match=r"hf:stanfordnlp/coqa: .*HF_HUB_OFFLINE"):
        open_source("hf:stanfordnlp/coqa", split="validation")
    assert time.monotonic() - started < 1.0


def test_hub_unreachable_fails_clearly(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    monkeypatch.delenv("HF_DATASETS_OFFLINE", raising=False)
    for variable in ("HTTPS_PROXY", "https_proxy", "HF_ENDPOINT"):
        monkeypatch.delenv(variable, raising=False)
    calls = []

    def refuse(address, timeout):
        calls.append((address, timeout))
        raise OSError("Network is unreachable")

    monkeypatch.setattr(sources.socket, "create_connection", refuse)
    with pytest.raises(SourceError, match=r"hf:spider: the hub is not reachable"):
        open_source("hf:spider")
    assert calls == [(("huggingface.co", 443), sources.PROBE_TIMEOUT_S)]


def test_hub_probe_goes_to_the_proxy(monkeypatch):
    monkeypatch.setenv("HTTPS_PROXY", "http://proxy.internal:3128")
    assert sources._probe_address() == ("proxy.internal", 3128)


def test_hub_needs_a_name():
    with pytest.raises(SourceError, match="needs a dataset name"):
        open_source("hf:")


class FakeStream:
    """Stands in for a streamed hub dataset."""

    def __init__(self, rows, features):
        self.rows, self.features = rows, features

    def __iter__(self):
        return iter(self.rows)


def test_hub_streams_with_features(monkeypatch):
    import datasets

    features = datasets.Features({"question": datasets.Value("string")})
    seen = {}

    def load_dataset(name, config, *, split, streaming):
        seen.update(name=name, config=config, split=split, streaming=streaming)
        return FakeStream([{"question": "a?"}, {"question": "b?"}, {"question": "c?"}], features)

    monkeypatch.setattr(sources, "_require_hub", lambda name: None)
    monkeypatch.setattr(datasets, "load_dataset", load_dataset)
    source = open_source("hf:owner/qs", config="plain", split="validation", limit=2)
    assert seen == {"name": "owner/qs", "config": "plain", "split": "validation", "streaming": True}
    assert all_records(source) == [{"question": "a?"}, {"question": "b?"}]
    assert source.schema.names == ["question"]
    assert source.description == "hf:owner/qs (config=plain, split=validation)"
    assert source.split == "validation"


def test_hub_unknown_features_and_load_errors(monkeypatch):
    import datasets

    monkeypatch.setattr(sources, "_require_hub", lambda name: None)
    monkeypatch.setattr(datasets, "load_dataset", lambda *a, **k: FakeStream([], None))
    assert open_source("hf:x").schema is None

    def fail(*args, **kwargs):
        raise FileNotFoundError("Dataset 'nobody/nothing' doesn't exist on the Hub")

    monkeypatch.setattr(datasets, "load_dataset", fail)
    with pytest.raises(SourceError, match=r"hf:nobody/nothing: cannot open \(split=train\)"):
        open_source("hf:nobody/nothing")


# --- options and generic errors -------------------------------------------------------------


def test_limit():
    assert len(all_records(open_source(None, limit=5))) == 5
    assert all_records(open_source(None, limit=0)) == []
    path = str(FIXTURES / "spider.json")
    assert len(all_records(open_source(path, limit=100))) == 4


def test_negative_limit():
    with pytest.raises(SourceError, match="limit"):
        open_source(None, limit=-1)


def test_split_names_the_output_for_files():
    assert open_source(str(FIXTURES / "dialog.jsonl"), split="test").split == "test"


def test_config_only_for_the_hub():
    with pytest.raises(SourceError, match="config applies only to hf:"):
        open_source(str(FIXTURES / "dialog.jsonl"), config="en")


def test_missing_file(tmp_path):
    with pytest.raises(SourceError, match=r"no such file or folder: .*nope\.jsonl"):
        open_source(str(tmp_path / "nope.jsonl"))


def test_unsupported_extension(tmp_path):
    path = tmp_path / "table.xlsx"
    path.write_text("a,b\n1,2\n", "utf-8")
    expected = r"table\.xlsx: unsupported input; supported inputs are .*jsonl.*csv.*parquet.*hf:"
    with pytest.raises(SourceError, match=expected):
        open_source(str(path))


def test_records_can_be_read_twice(tmp_path):
    path = tmp_path / "x.jsonl"
    shutil.copy(FIXTURES / "dialog.jsonl", path)
    source = open_source(str(path))
    assert all_records(source) == all_records(source)


def test_hub_probe_gives_up_on_a_hanging_lookup(monkeypatch):
    monkeypatch.setattr(sources, "PROBE_TIMEOUT_S", 0.1)

    def hang(*args, **kwargs):
        time.sleep(1.5)
        raise OSError("too late")

    monkeypatch.setattr(sources.socket, "create_connection", hang)
    started = time.monotonic()
    assert sources._connect_failure("example.invalid", 443) == "no answer within 0.1 s"
    assert time.monotonic() - started < 1.2


def test_tolerant_reading_keeps_row_numbers_and_the_raw_line(tmp_path):
    from multivalue_cli.io.sources import BadRecord

    path = tmp_path / "mixed.jsonl"
    path.write_text('{"text": "a"}\n{"text": oops}\n[1]\n{"text": "b"}\n', "utf-8")
    rows = list(open_source(str(path)).records(tolerant=True))
    assert [row for row, _ in rows] == [0, 1, 2, 3]
    assert isinstance(rows[1][1], BadRecord) and rows[1][1].raw == '{"text": oops}'
    assert rows[1][1].where.endswith("mixed.jsonl, line 2")
    assert isinstance(rows[2][1], BadRecord) and "JSON object" in rows[2][1].reason
    assert rows[3][1] == {"text": "b"}
