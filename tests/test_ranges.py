"""A JSON Lines file read in byte ranges gives what one reader of the whole file gives: the
same rows with the same numbers and line numbers, and the same schema."""
import json
import random
from itertools import islice

import pytest

from multivalue_cli.io.arrowschema import SchemaBuilder, Untypable
from multivalue_cli.io.badrecords import BadRecord
from multivalue_cli.io.ranges import range_digest, range_digests, ranges_of, scan_range, uncompressed_copy
from multivalue_cli.io.rowgroups import row_group_shards, row_group_sizes, rows_of_shard
from multivalue_cli.io.sources import SourceError
from multivalue_cli.io.sources import jsonl_rows_at, open_source
from multivalue_cli.run.cluster import shard_tasks


def _shown(record):
    return ("bad", record.where, record.reason) if isinstance(record, BadRecord) else record


@pytest.fixture
def awkward(tmp_path):
    """Blank and space-only lines, a BOM, lines that are not JSON or not UTF-8, a long line, a
    key first seen late, and no line break at the end."""
    rng = random.Random(5)
    lines = ["\ufeff" + json.dumps({"id": 0, "text": "first"})]
    for k in range(1, 3000):
        record = {"id": k, "text": "word " * rng.randint(0, 30)}
        if k == 2500:
            record["late"] = {"a": [1, 2]}
        lines.append(json.dumps(record))
        if k % 97 == 0:
            lines.append("   \u00a0")
        if k % 331 == 0:
            lines.append("{not json")
    lines.insert(1200, "x" * 5000)
    data = "\n".join(lines).encode() + b"\n" + b"\xff\xfe not utf-8\n" + json.dumps({"id": -1}).encode()
    path = tmp_path / "awkward.jsonl"
    path.write_bytes(data)
    return path


@pytest.mark.parametrize("step", [1000, 4096, 50_000, 1 << 25])
def test_shards_read_from_their_place_are_the_rows_of_one_reader(awkward, step):
    cap = 4096  # the 5,000-byte line is a long line
    whole = [_shown(r) for _, r in open_source(str(awkward), max_line_bytes=cap).records(tolerant=True)]
    scans = [scan_range(awkward, start, end, cap) for start, end in ranges_of(awkward.stat().st_size, step)]
    assert sum(scan.rows for scan in scans) == len(whole)
    for shard_size in (1, 999, 1000, 1234, 10_000):
        got = []
        for task in shard_tasks(scans, shard_size, len(whole)):
            rows = jsonl_rows_at(awkward, task.offset, task.first_line, str(awkward), cap)
            got += [_shown(r) for r in islice(rows, task.skip, task.skip + task.rows)]
        assert got == whole


def test_the_digests_of_the_ranges_are_those_the_scans_give(awkward):
    size = awkward.stat().st_size
    assert range_digests(awkward, 4096) == [scan_range(awkward, a, b, 1 << 20).sha256
                                             for a, b in ranges_of(size, 4096)]


def test_schemas_merged_in_order_are_the_schema_of_all_the_records():
    records = [{"a": 1}, {"b": None}, {"c": {"x": [1]}}, {"b": "s", "c": {"y": True}},
               {"c": {"x": [None, 2]}}, {"d": [{"e": 1.5}]}, {"d": [{"f": "g"}]}]
    whole = SchemaBuilder()
    for row, record in enumerate(records):
        whole.add(row, record)
    for cut in range(len(records) + 1):
        first, second = SchemaBuilder(), SchemaBuilder()
        for row, record in enumerate(records[:cut]):
            first.add(row, record)
        for row, record in enumerate(records[cut:]):
            second.add(row, record)
        first.merge(second)
        assert first.schema() == whole.schema()
    later = SchemaBuilder()
    later.add(0, {"a": "text"})
    with pytest.raises(Untypable):
        whole.merge(later)


def test_shards_read_from_their_row_groups_are_the_rows_of_one_reader(tmp_path):
    """Row groups of several sizes over three files (one empty), a field kept as JSON text by a
    run of ours: any shard size gives the rows a reader of the whole folder gives."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from multivalue_cli.io.jsoncolumns import json_text_field

    schema = pa.schema([pa.field("id", pa.int64()), json_text_field("by_key")])
    rows = [{"id": k, "by_key": json.dumps({f"k{k}": [k]})} for k in range(2345)]
    table = pa.Table.from_pylist(rows, schema=schema)
    for name, part, group in (("a", table.slice(0, 1000), 333), ("b", table.slice(1000, 0), 10),
                              ("c", table.slice(1000), 500)):
        pq.write_table(part, tmp_path / f"{name}.parquet", row_group_size=group)
    source = open_source(str(tmp_path))
    whole = [record for _, record in source.records()]
    assert whole[7] == {"id": 7, "by_key": {"k7": [7]}}
    sizes = [row_group_sizes(path, str(path)) for path in source.files]
    names = [str(path) for path in source.files]
    for shard_size, total in ((1, 40), (333, 2345), (999, 2345), (10_000, 2345), (700, 1500)):
        shards = row_group_shards(sizes, shard_size, total)
        assert [s.first_row for s in shards] == list(range(0, total, shard_size))
        got = [record for shard in shards for record in rows_of_shard(source.files, shard, names)]
        assert got == whole[:total]


def test_a_gzipped_file_is_copied_whole_or_not_at_all(tmp_path):
    import gzip

    data = b"".join(json.dumps({"id": k}).encode() + b"\n" for k in range(5000))
    (tmp_path / "in.jsonl.gz").write_bytes(gzip.compress(data))
    (tmp_path / "cut.jsonl.gz").write_bytes(gzip.compress(data)[:3000])
    copy = tmp_path / "copy.jsonl"
    assert uncompressed_copy(tmp_path / "in.jsonl.gz", copy, "in.jsonl.gz") == len(data)
    assert copy.read_bytes() == data
    assert range_digest(copy, 0, 100) == range_digests(copy, 100)[0]
    with pytest.raises(SourceError, match="cut.jsonl.gz: cannot read"):
        uncompressed_copy(tmp_path / "cut.jsonl.gz", tmp_path / "other.jsonl", "cut.jsonl.gz")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["copy.jsonl", "cut.jsonl.gz", "in.jsonl.gz"]
