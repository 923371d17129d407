"""A run's shards have the same bytes whatever the batch size and however often it was killed
and resumed, also when a column of a row group is larger than a Parquet page (1 MB), where
the pages would otherwise follow the batches."""
import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}
TEXTS = ["She is going to the market.", "They have been there before.", "He does not like it."]
ROWS = 24_000


def cli(*args, fault: str | None = None) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=env,
                          capture_output=True, text=True)


@pytest.fixture(scope="module")
def large_columns(tmp_path_factory) -> Path:
    """Rows whose ``context`` (kept as it is) makes 1.4 MB per row group of 10,000 rows; the
    three texts are parsed once each."""
    path = tmp_path_factory.mktemp("input") / "in.jsonl"
    with path.open("w") as f:
        for k in range(ROWS):
            context = hashlib.sha256(str(k).encode()).hexdigest() * 2 + f" {k}"
            f.write(json.dumps({"id": k, "text": TEXTS[k % 3], "context": context}) + "\n")
    return path


def digests(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for folder in ("data", "edits") for p in sorted((out / folder).iterdir())}


def transform(source: Path, out: Path, *more, fault: str | None = None) -> subprocess.CompletedProcess:
    return cli("transform", source, "-d", "IndE", "-f", "text", "-o", out, "--quiet",
               "--shard-size", "12000", "--workers", "1", *more, fault=fault)


@pytest.mark.slow
def test_shards_have_the_same_bytes_whatever_the_batch_size_and_resume(large_columns, tmp_path):
    plain = tmp_path / "plain"
    assert transform(large_columns, plain).returncode == 0
    groups = pq.ParquetFile(plain / "data" / "train-00000-of-00002.parquet").metadata
    assert groups.row_group(0).column(2).total_uncompressed_size > 1 << 20  # > 1 page

    small = tmp_path / "small"
    assert transform(large_columns, small, "--batch-size", "100").returncode == 0

    resumed = tmp_path / "resumed"
    killed = transform(large_columns, resumed, "--batch-size", "300", fault="shard-write:50")
    assert killed.returncode < 0  # killed in the middle of the second shard
    assert transform(large_columns, resumed, "--batch-size", "300", "--resume").returncode == 0

    assert digests(small) == digests(plain)
    assert digests(resumed) == digests(plain)
