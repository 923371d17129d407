"""CSV and TSV inputs read as ``datasets.load_dataset("csv", ...)`` reads them, malformed rows
listed with their lines, and the shards of ``--format csv``."""
import csv
import gzip
import io
import json
import shutil
from pathlib import Path

import datasets
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.csvtext import split_records
from multivalue_cli.io.sources import BadRecord, open_source
from multivalue_cli.reports.run_folder import read_manifest, shard_rows
from multivalue_cli.reports.verify import verify

FIXTURES = Path(__file__).parent / "fixtures"
TABLES = [("table.csv", {}), ("table.tsv", {"delimiter": "\t"})]


def load_csv(path: Path, tmp_path: Path, **options) -> datasets.Dataset:
    return datasets.load_dataset("csv", data_files=str(path), split="train", cache_dir=str(tmp_path / "cache"),
                                 **options)


def transform(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    return result.exit_code, result.output


def without(rows: list[dict], column: str) -> list[dict]:
    return [{k: v for k, v in row.items() if k != column} for row in rows]


@pytest.mark.parametrize("name, options", TABLES)
def test_a_table_is_read_as_datasets_reads_it(name, options, tmp_path):
    source = open_source(str(FIXTURES / name))
    expected = load_csv(FIXTURES / name, tmp_path, **options)
    assert [record for _, record in source.records()] == expected.to_list()
    assert source.schema.equals(expected.data.schema.remove_metadata())
    assert source.count() == len(expected)


@pytest.mark.parametrize("name, options", TABLES)
def test_the_output_reads_back_as_the_input_but_the_rewritten_column(name, options, tmp_path):
    """Quoted commas, tabs, quotes and line breaks inside cells; Parquet (the default) and CSV."""
    expected = load_csv(FIXTURES / name, tmp_path, **options).to_list()
    for fmt, builder in (("auto", "parquet"), ("csv", "csv")):
        out = tmp_path / fmt
        code, output = transform(FIXTURES / name, "--field", "text", "-d", "UAAVE", "-o", out, "--format", fmt)
        assert code == 0, output
        files = sorted(str(p) for p in (out / "data").iterdir())
        back = datasets.load_dataset(builder, data_files=files, split="train",
                                     cache_dir=str(tmp_path / "cache")).to_list()
        assert without(back, "text") == without(expected, "text")
        assert sum(a["text"] != b["text"] for a, b in zip(back, expected)) >= 2
        assert verify(str(FIXTURES / name), out).ok


def test_pandas_reads_a_csv_shard_as_the_input_but_the_rewritten_column(tmp_path):
    code, _ = transform(FIXTURES / "table.csv", "--field", "text", "-d", "IndE", "-o", tmp_path / "o", "--format", "csv")
    assert code == 0
    (shard,) = (tmp_path / "o" / "data").glob("*.csv")
    before, after = pd.read_csv(FIXTURES / "table.csv"), pd.read_csv(shard)
    pd.testing.assert_frame_equal(before.drop(columns="text"), after.drop(columns="text"))


def test_malformed_rows_are_listed_with_their_lines_and_bytes(tmp_path):
    source = FIXTURES / "malformed.csv"
    code, _ = transform(source, "--field", "text", "-d", "IndE", "-o", tmp_path / "o")
    assert code == 3
    errors = [json.loads(line) for line in (tmp_path / "o" / "errors.jsonl").read_text().splitlines()]
    assert [(e["row"], e["where"]) for e in errors] == [
        (1, f"{source}, line 3"), (2, f"{source}, line 4"), (3, f"{source}, line 5"), (5, f"{source}, line 7")]
    assert [e["reason"] for e in errors] == [
        "5 cells where the header has 3", "text after the closing quote of cell 2",
        "2 cells where the header has 3", 'a quoted cell is never closed (a stray " ?)']
    lines = source.read_bytes().splitlines(keepends=True)
    import base64

    assert [base64.b64decode(e["raw_base64"]) for e in errors] == [lines[2], lines[3], lines[4], lines[6]]
    written = pq.read_table(tmp_path / "o" / "data").to_pylist()
    assert [r["id"] for r in written] == [1, 5, 7]  # the line after the unclosed quote is read again
    assert verify(str(source), tmp_path / "o").ok
    code, output = transform(source, "--field", "text", "-d", "IndE", "-o", tmp_path / "f", "--on-error", "fail")
    assert code == 1 and "line 3: 5 cells where the header has 3" in output


def test_a_gzipped_tsv_is_read_like_the_file(tmp_path):
    packed = tmp_path / "table.tsv.gz"
    packed.write_bytes(gzip.compress((FIXTURES / "table.tsv").read_bytes()))
    plain = [r for _, r in open_source(str(FIXTURES / "table.tsv")).records()]
    assert [r for _, r in open_source(str(packed)).records()] == plain
    assert open_source(str(packed)).description.startswith("tsv:")


def test_a_csv_shard_keeps_empty_strings_nulls_lists_and_numbers_exactly(tmp_path):
    rows = [{"text": "He speaks English.", "empty": "", "none": None, "tags": ["a", "b,c"], "n": 3, "x": 1.10,
             "flag": True, "info": {"k": 'say "hi"'}},
            {"text": "She goes home.", "empty": None, "none": None, "tags": [], "n": -1, "x": 2.5,
             "flag": False, "info": {"k": ""}}]
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, output = transform(source, "--field", "text", "-d", "IndE", "-o", tmp_path / "o", "--format", "csv")
    assert code == 0, output
    manifest = read_manifest(tmp_path / "o")
    back = [row for _, _, row in shard_rows(tmp_path / "o", manifest["outputs"]["data"])]
    assert without(back, "text") == without(rows, "text")
    assert verify(str(source), tmp_path / "o").ok


def test_csv_output_is_refused_where_it_cannot_hold_the_values(tmp_path):
    table = pa.table({"text": ["He speaks English."], "blob": pa.array([b"\x00\x01"], pa.binary())})
    pq.write_table(table, tmp_path / "in.parquet")
    code, output = transform(tmp_path / "in.parquet", "--field", "text", "-d", "IndE", "-o", tmp_path / "o",
                             "--format", "csv")
    assert code == 2 and "--format csv: column 'blob' holds binary values" in output
    code, output = transform(FIXTURES / "table.csv", "--field", "text", "-d", "IndE", "-o", "-", "--format", "csv")
    assert code == 2 and "-o - writes JSON lines" in output


def test_a_split_named_in_a_csv_file_name_is_used(tmp_path):
    named = tmp_path / "reviews_dev.csv"
    shutil.copy(FIXTURES / "table.csv", named)
    assert open_source(str(named)).split == "validation"


rows_of_cells = st.lists(st.lists(st.text(alphabet='ab ,;"\t\n\r\'xyz0123456789.-NA', max_size=8),
                                  min_size=3, max_size=3), min_size=1, max_size=6)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=rows_of_cells, tabs=st.booleans(), terminator=st.sampled_from(["\n", "\r\n"]))
def test_records_are_split_where_pandas_splits_them(rows, tabs, terminator, tmp_path):
    """Whatever Python's csv module writes, the records read are pandas' rows (as datasets
    types them), in order. (With "\n" line ends it leaves a lone "\r" unquoted, which pandas
    takes for a line break: a row cut short, which is malformed here.)"""
    if terminator == "\n":
        rows = [[cell.replace("\r", "") for cell in row] for row in rows]
    buffer = io.StringIO()
    writer = csv.writer(buffer, delimiter="\t" if tabs else ",", lineterminator=terminator)
    writer.writerow(["c1", "c2", "c3"])
    writer.writerows(rows)
    path = tmp_path / ("t.tsv" if tabs else "t.csv")
    path.write_bytes(buffer.getvalue().encode())
    try:
        frame = pd.read_csv(path, sep="\t" if tabs else ",")
    except pd.errors.EmptyDataError:
        return
    expected = pa.Table.from_pandas(frame, preserve_index=False).to_pylist()
    got = [r for _, r in open_source(str(path)).records(tolerant=True)]
    assert not any(isinstance(r, BadRecord) for r in got)
    assert got == expected


def test_a_record_knows_its_line_and_bytes():
    text = b'a,b\n1,"two\nlines"\n\n3,x\n'
    records = list(split_records(text.splitlines(keepends=True)))
    assert [(r.line, r.raw) for r in records] == [(1, b"a,b\n"), (2, b'1,"two\nlines"\n'), (5, b"3,x\n")]
    assert records[1].cells == [(b"1", False), (b"two\nlines", True)]


def test_an_interrupted_csv_run_resumes_to_the_same_files(tmp_path):
    import os
    import subprocess
    import sys

    command = [str(Path(sys.executable).parent / "multivalue"), "transform", str(FIXTURES / "table.csv"),
               "--field", "text", "-d", "IndE", "--format", "csv", "--shard-size", "2", "-q"]
    whole = subprocess.run([*command, "-o", str(tmp_path / "whole")], capture_output=True, text=True)
    assert whole.returncode == 0, whole.stderr
    env = {**os.environ, "MULTIVALUE_FAULT": "between-shards:1"}
    killed = subprocess.run([*command, "-o", str(tmp_path / "cut")], env=env, capture_output=True, text=True)
    assert killed.returncode != 0
    resumed = subprocess.run([*command, "-o", str(tmp_path / "cut"), "--resume"], capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    names = sorted(p.name for p in (tmp_path / "whole" / "data").iterdir())
    assert names == sorted(p.name for p in (tmp_path / "cut" / "data").iterdir()) and len(names) == 3
    for name in names:
        assert (tmp_path / "whole" / "data" / name).read_bytes() == (tmp_path / "cut" / "data" / name).read_bytes()
