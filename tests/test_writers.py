"""The one atomic table writer (data shards and edit-log parts) and the edit-log row."""
import hashlib
import json
import random
from types import SimpleNamespace

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from multivalue_cli.io.writers import (
    EDIT_LOG_SCHEMA, EditLogWriter, EditRow, SchemaMismatch, ShardFile, edit_rows,
)


def edit(ewave, feature, start, end, before, after):
    return SimpleNamespace(ewave=ewave, feature=feature, start=start, end=end, before=before, after=after)


def digest(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_the_edit_log_row_has_the_columns_of_the_schema_in_order():
    assert EditRow._fields == tuple(EDIT_LOG_SCHEMA.names)


def test_edit_rows_count_the_rows_that_share_a_span_whatever_their_stage():
    one = edit_rows(4, "text", [edit(170, "uninflect", 3, 9, "speaks", "speak")])
    assert one == [EditRow(4, "text", 170, "uninflect", 3, 9, "speaks", "speak", 1)]
    merged = edit_rows(0, "q", [edit(170, "a", 0, 5, "x y", "z"), edit(171, "b", 0, 5, "x y", "z"),
                                edit(0, "R:VERB", 0, 5, "x y", "z"), edit(172, "c", 7, 8, "", "w")])
    assert [row.span_rows for row in merged] == [3, 3, 3, 1]  # every span is in the input's coordinates
    assert [row.feature for row in merged] == ["a", "b", "R:VERB", "c"]


def test_a_data_shard_has_the_same_bytes_whatever_the_batches_it_was_written_in(tmp_path):
    """A column larger than a Parquet page (1 MB) is paged at the seams of the tables it is
    made of: each row group is written from one contiguous table."""
    rng = random.Random(1)
    records = [{"text": "".join(rng.choice("abcdefghij ") for _ in range(rng.randint(50, 400)))}
               for _ in range(12_000)]
    schema = pa.schema([("text", pa.string())])
    digests = set()
    for size in (12_000, 256, 37):
        shard = ShardFile(tmp_path / f"data-{size}.parquet", "parquet", schema)
        for start in range(0, len(records), size):
            shard.write(records[start:start + size], start)
        shard.close()
        assert shard.rows == len(records)
        digests.add(digest(shard.path))
    assert len(digests) == 1
    groups = pq.ParquetFile(tmp_path / "data-37.parquet").metadata
    assert [groups.row_group(k).num_rows for k in range(groups.num_row_groups)] == [10_000, 2_000]


def test_the_edit_log_is_cut_into_row_groups_of_fifty_thousand(tmp_path):
    rows = [EditRow(k, "text", 170, "uninflect", 0, 1, "a", "b", 1) for k in range(120_000)]
    log = EditLogWriter(tmp_path / "edits.parquet")
    for start in range(0, len(rows), 7_001):
        log.write(rows[start:start + 7_001])
    log.close()
    meta = pq.ParquetFile(log.path).metadata
    assert [meta.row_group(k).num_rows for k in range(meta.num_row_groups)] == [50_000, 50_000, 20_000]
    assert pq.read_table(log.path).to_pylist()[7_002] == rows[7_002]._asdict()


def test_the_edit_log_as_json_lines_names_every_column(tmp_path):
    log = EditLogWriter(tmp_path / "edits.jsonl")
    log.write([EditRow(0, "text", 170, "uninflect", 3, 9, "speaks", "speak", 1)])
    log.close()
    line = (tmp_path / "edits.jsonl").read_text("utf-8")
    assert line == ('{"key": 0, "field": "text", "ewave": 170, "feature": "uninflect", "start": 3, '
                    '"end": 9, "before": "speaks", "after": "speak", "span_rows": 1}\n')


def test_no_edit_log_writes_nothing(tmp_path):
    log = EditLogWriter(None)
    log.write([EditRow(0, "text", 170, "uninflect", 3, 9, "speaks", "speak", 1)])
    log.close()
    log.discard()
    assert log.rows == 0 and not list(tmp_path.iterdir())


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_a_file_is_under_its_name_only_once_it_is_whole(tmp_path, fmt):
    schema = pa.schema([("text", pa.string())])
    shard = ShardFile(tmp_path / f"data.{fmt}", fmt, schema)
    shard.write([{"text": "one"}])
    assert not shard.path.exists() and shard.tmp.exists()
    shard.close()
    assert shard.path.exists() and not shard.tmp.exists()
    thrown = ShardFile(tmp_path / f"other.{fmt}", fmt, schema)
    thrown.write([{"text": "two"}])
    thrown.discard()
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"data.{fmt}"]


def test_a_record_the_schema_cannot_hold_is_a_schema_mismatch_with_its_row(tmp_path):
    shard = ShardFile(tmp_path / "data.parquet", "parquet", pa.schema([("n", pa.int64())]),
                      fits=lambda record: set(record) <= {"n"})
    with pytest.raises(SchemaMismatch, match="near row 41"):
        shard.write([{"n": 1}, {"n": 2, "m": 3}], first_row=40)
    with pytest.raises(SchemaMismatch, match="near row 7"):
        shard.write([{"n": "x"}], first_row=7)
    shard.discard()


def test_an_empty_shard_has_its_schema_and_no_row_group(tmp_path):
    schema = pa.schema([("text", pa.string())])
    shard = ShardFile(tmp_path / "data.parquet", "parquet", schema)
    shard.close()
    assert pq.read_table(shard.path).schema == schema
    assert pq.ParquetFile(shard.path).metadata.num_row_groups == 0
    assert json.loads(json.dumps(pq.read_table(shard.path).to_pylist())) == []
