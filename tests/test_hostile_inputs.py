"""Hostile inputs and options end cleanly, in bounded time: a protect regex that backtracks
without end, a named pipe, an over-long line, deep nesting, keys that are not Unicode, a
dictionary-encoded Parquet column, objects keyed by ids, a long JSON array."""
from __future__ import annotations

import base64
import gzip
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}


def cli(*args, timeout: float = 240, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=ENV,
                          capture_output=True, text=True, timeout=timeout, **kw)


def write_jsonl(path: Path, records: list) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


def errors_of(out: Path) -> list[dict]:
    path = out / "errors.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def data_of(out: Path) -> list[dict]:
    from multivalue_cli.reports.run_folder import read_manifest, shard_rows

    manifest = read_manifest(out)
    return [row for _, _, row in shard_rows(out, manifest["outputs"]["data"])]


# ------------------------------------------------------------------ 10: protect regexes


@pytest.mark.slow
def test_a_protect_regex_that_backtracks_costs_its_record_not_the_run(tmp_path):
    corpus = write_jsonl(tmp_path / "in.jsonl", [{"text": "a" * 60 + "!"}, {"text": "He go to the market."}])
    started = time.monotonic()
    result = cli("transform", corpus, "--dialect", "IndE", "--protect-regex", "(a|aa)+$",
                 "-o", tmp_path / "out", timeout=120)
    assert result.returncode == 3, result.stderr
    assert time.monotonic() - started < 120
    [entry] = errors_of(tmp_path / "out")
    assert entry["row"] == 0 and "--protect-regex '(a|aa)+$'" in entry["reason"]
    assert [r["text"] for r in data_of(tmp_path / "out")][0] == "a" * 60 + "!"  # passed through
    assert cli("verify", corpus, tmp_path / "out").returncode == 0


def test_the_nested_quantifier_of_the_report_does_not_hang_on_ordinary_text():
    from multivalue_cli.protection import Protection

    texts = ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab is here.", "The nurse said that she was tired. " * 200]
    started = time.monotonic()
    assert [Protection(regex=("(a+)+$",)).spans(text) for text in texts] == [[], []]
    assert time.monotonic() - started < 1


def test_a_protect_regex_that_does_not_compile_is_a_usage_error(tmp_path):
    result = cli("transform", "--dialect", "IndE", "--protect-regex", "(a+", "-o", tmp_path / "out", timeout=60)
    assert result.returncode == 2, result.stderr
    assert "(a+" in result.stderr and "Traceback" not in result.stderr and "bug" not in result.stderr
    assert not (tmp_path / "out").exists()


# ------------------------------------------------------------------ 11: named pipes


def _feed(pipe: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(pipe, "wb") as stream:
            stream.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


@pytest.mark.slow
@pytest.mark.parametrize("output", ["folder", "-"])
def test_a_named_pipe_is_read_once_like_stdin(tmp_path, output):
    records = [{"id": k, "text": "He go to the market every day."} for k in range(5)]
    pipe = tmp_path / "in.jsonl"
    os.mkfifo(pipe)
    writer = _feed(pipe, "".join(json.dumps(r) + "\n" for r in records).encode())
    out = tmp_path / "out" if output == "folder" else "-"
    result = cli("transform", pipe, "--dialect", "IndE", "-o", out, timeout=120)
    writer.join(5)
    assert result.returncode == 0, result.stderr
    written = data_of(out) if output == "folder" else [json.loads(l) for l in result.stdout.splitlines()]
    assert [r["id"] for r in written] == list(range(5))


def test_a_named_pipe_of_parquet_is_refused_at_once(tmp_path):
    pipe = tmp_path / "in.parquet"
    os.mkfifo(pipe)
    result = cli("transform", pipe, "--dialect", "IndE", "-o", tmp_path / "out", timeout=30)
    assert result.returncode == 2 and "named pipe" in result.stderr


# ------------------------------------------------------------------ 12: over-long lines


@pytest.mark.slow
@pytest.mark.parametrize("gz", [False, True])
def test_a_line_over_the_limit_is_listed_not_read(tmp_path, gz):
    lines = [json.dumps({"text": "He go home."}), json.dumps({"text": "x" * (3 * 2 ** 20)}),
             json.dumps({"text": "She go home."})]
    data = "".join(line + "\n" for line in lines).encode()
    corpus = tmp_path / ("in.jsonl.gz" if gz else "in.jsonl")
    corpus.write_bytes(gzip.compress(data) if gz else data)
    out = tmp_path / "out"
    result = cli("transform", corpus, "--dialect", "IndE", "-o", out, "--max-line-mb", "1", timeout=120)
    assert result.returncode == 3, result.stderr
    [entry] = errors_of(out)
    assert entry["row"] == 1 and entry["where"].endswith("line 2")
    assert f"{len(lines[1]):,} bytes" in entry["reason"] and len(entry["raw"]) <= 1_000
    assert len(data_of(out)) == 2
    assert cli("verify", corpus, out).returncode == 0


def test_reading_an_over_long_line_keeps_memory_bounded():
    import io

    from multivalue_cli.io.jsonstream import LongLine, bounded_lines

    class Counting(io.BytesIO):
        largest = 0

        def readline(self, size=-1):
            line = super().readline(size)
            Counting.largest = max(Counting.largest, len(line))
            return line

    stream = Counting(b"a\n" + b"x" * (8 * 2 ** 20) + b"\nb")
    lines = list(bounded_lines(stream, 1_000))
    assert lines[0] == b"a\n" and lines[2] == b"b"
    assert isinstance(lines[1], LongLine) and lines[1].length == 8 * 2 ** 20
    assert Counting.largest <= 2 ** 20 + 1


# ------------------------------------------------------------------ 14-16, 20: what Parquet holds


def invoke(*args):
    from typer.testing import CliRunner

    from multivalue_cli.cli import app

    return CliRunner().invoke(app, [str(a) for a in args])


def run_and_verify(corpus: Path, out: Path, *extra, code: int = 0) -> list[dict]:
    result = invoke("transform", corpus, "--dialect", "IndE", "-o", out, "-q", *extra)
    assert result.exit_code == code, result.output
    assert "bug" not in result.output
    assert cli("verify", corpus, out).returncode == 0
    return data_of(out)


def test_a_dictionary_encoded_text_column_takes_any_number_of_new_texts(tmp_path):
    import pandas as pd

    texts = [f"He speaks English very well and she goes to the market every day number {k % 100}."
             for k in range(1000)]
    frame = pd.DataFrame({"text": pd.Categorical(texts), "label": pd.Categorical([f"l{k % 3}" for k in range(1000)])})
    frame.to_parquet(tmp_path / "in.parquet")
    assert pq.read_schema(tmp_path / "in.parquet").field("text").type.index_type == pa.int8()
    written = run_and_verify(tmp_path / "in.parquet", tmp_path / "out")
    assert len({r["text"] for r in written}) > 128
    schema = pq.read_schema(next((tmp_path / "out" / "data").iterdir()))
    assert schema.field("text").type == pa.dictionary(pa.int32(), pa.string())  # a categorical still
    assert schema.field("label").type == pq.read_schema(tmp_path / "in.parquet").field("label").type
    assert [r["label"] for r in written] == [f"l{k % 3}" for k in range(1000)]


def test_a_key_that_is_not_unicode_keeps_its_record_exact(tmp_path):
    line = '{"text": "He go home.", "meta": {"\\ud800x": 1, "y": "z"}}'  # only a key is not Unicode
    corpus = write_jsonl(tmp_path / "in.jsonl", [line, {"text": "She go home.", "meta": {"y": "z"}}])
    out = tmp_path / "out"
    written = run_and_verify(corpus, out)
    assert json.loads((out / "manifest.json").read_text())["format"] == "jsonl"
    assert written[0]["meta"] == {"\ud800x": 1, "y": "z"}
    refused = invoke("transform", corpus, "--dialect", "IndE", "-o", tmp_path / "p", "--format", "parquet")
    assert refused.exit_code == 2 and "lone surrogate" in refused.output and "bug" not in refused.output


def _nested(depth: int, kind: str):
    value: object = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def test_records_nested_beyond_what_can_be_read_are_listed_each(tmp_path):
    deep = '{"text": "She go home.", "deep": ' + '{"a": ' * 600 + "1" + "}" * 600 + "}"
    corpus = write_jsonl(tmp_path / "in.jsonl", [{"text": "He go home."}, deep, {"text": "They goes."}])
    out = tmp_path / "out"
    written = run_and_verify(corpus, out, code=3)
    assert len(written) == 2
    [entry] = errors_of(out)
    assert entry["row"] == 1 and "nested more than" in entry["reason"]
    assert base64.b64decode(entry["raw_base64"]).decode() == deep + "\n"


@pytest.mark.parametrize("depth,kind", [(50, "list"), (99, "object"), (150, "object")])
def test_records_nested_deeper_than_parquet_reads_are_kept_exact_as_json_text(tmp_path, depth, kind):
    records = [{"text": "He go home.", "deep": _nested(depth, kind), "n": 1}, {"text": "She go home.", "n": 2}]
    corpus = write_jsonl(tmp_path / "in.jsonl", records)
    out = tmp_path / "out"
    written = run_and_verify(corpus, out)
    for shard in (out / "data").iterdir():
        table = pq.read_table(shard)  # pyarrow can open it
        assert table.schema.field("deep").type == pa.string()
    assert written[0]["deep"] == records[0]["deep"] and written[1]["deep"] is None
    assert "`deep`" in (out / "README.md").read_text()


def test_the_parquet_nesting_limit_is_the_one_pyarrow_reads(tmp_path):
    from multivalue_cli.io.arrowschema import PARQUET_MAX_LEVEL, SchemaBuilder

    for depth in (PARQUET_MAX_LEVEL - 1, (PARQUET_MAX_LEVEL - 1) // 2):  # the deepest kept as columns
        kind = "object" if depth == PARQUET_MAX_LEVEL - 1 else "list"
        builder = SchemaBuilder()
        builder.add(0, {"deep": _nested(depth, kind)})
        schema = builder.schema()
        assert schema.field("deep").type != pa.string()
        pq.write_table(schema.empty_table(), tmp_path / "t.parquet")
        pq.read_schema(tmp_path / "t.parquet")
        deeper = SchemaBuilder()
        deeper.add(0, {"deep": _nested(depth + 1, kind)})
        assert deeper.schema().field("deep").type == pa.string()


def test_objects_keyed_by_ids_are_one_json_text_column_with_exact_values(tmp_path):
    records = [{"text": "He go home.", "meta": {f"id-{k:05d}": k, "score": "1.50"}, "fixed": {"a": k}}
               for k in range(300)]
    lines = [json.dumps(r).replace('"1.50"', "1.50") for r in records]  # a number as written
    corpus = write_jsonl(tmp_path / "in.jsonl", lines)
    out = tmp_path / "out"
    written = run_and_verify(corpus, out)
    schema = pq.read_schema(next((out / "data").iterdir()))
    assert schema.field("meta").type == pa.string() and pa.types.is_struct(schema.field("fixed").type)
    raw = pq.read_table(out / "data").column("meta").to_pylist()
    assert raw[7] == '{"id-00007": 7, "score": 1.50}'  # the text a user's json.loads reads
    assert [list(r["meta"]) for r in written] == [[f"id-{k:05d}", "score"] for k in range(300)]
    assert "`meta`" in (out / "README.md").read_text()
    again = tmp_path / "again"  # the output read as an input: its JSON text is not quoted again
    run_and_verify(out / "data", again)
    assert pq.read_table(again / "data").column("meta").to_pylist() == raw


# ------------------------------------------------------------------ 22: long JSON arrays


class _CountingStream:
    """A binary stream that counts what was read from it."""

    def __init__(self, data: bytes) -> None:
        import io

        self._stream, self.read_bytes = io.BytesIO(data), 0

    def read(self, size: int = -1) -> bytes:
        data = self._stream.read(size)
        self.read_bytes += len(data)
        return data


def test_a_json_array_is_read_item_by_item_with_the_values_of_a_whole_read():
    from multivalue_cli.io import jsontext
    from multivalue_cli.io.jsonstream import READ_PIECE, json_items

    items = [{"id": k, "x": "1.10", "s": "é\\ud800", "n": [1, {"a": None}]} for k in range(40_000)]
    text = "[\n" + ",\n".join(json.dumps(i).replace('"1.10"', "1.10") for i in items) + "\n]"
    stream = _CountingStream(text.encode())
    read = json_items(stream, 200)
    first = next(read)
    assert stream.read_bytes <= 2 * READ_PIECE < len(text)  # not the whole file for the first item
    got = [first, *read]
    whole = jsontext.loads(text)
    assert got == whole and [g["x"].text for g in got[:3]] == ["1.10"] * 3


def test_an_array_item_too_deep_is_listed_and_the_items_after_it_are_read(tmp_path):
    deep = "[" * 3000 + "]" * 3000
    path = tmp_path / "in.json"
    path.write_text('[{"text": "He go home."}, {"deep": ' + deep + '}, {"text": "She go home."}]')
    from multivalue_cli.io.sources import BadRecord, open_source

    rows = list(open_source(str(path)).records(tolerant=True))
    assert [type(r).__name__ for _, r in rows] == ["dict", "BadRecord", "dict"]
    assert isinstance(rows[1][1], BadRecord) and "record 1" in rows[1][1].where
    assert rows[2][1] == {"text": "She go home."}


@pytest.mark.parametrize("text,line,column", [('[{"a": 1},]', 1, 11), ('[{"a": 1}\n {"b": 2}]', 2, 2),
                                              ('[{"a": 1}] x', 1, 12)])
def test_an_invalid_json_array_names_the_line_and_column(tmp_path, text, line, column):
    from multivalue_cli.io.sources import SourceError, open_source

    path = tmp_path / "in.json"
    path.write_text(text)
    with pytest.raises(SourceError, match=f"line {line}, column {column}"):
        list(open_source(str(path)).records())
