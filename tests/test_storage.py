"""Inputs named by a URL, read through fsspec: the same records, schema, count, line numbers,
fingerprint and output as the same file given by its path; a scheme without its backend, an
unknown scheme, a URL that cannot be reached and an output folder given as a URL each end
with one clear line."""
from __future__ import annotations

import gzip
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import fsspec
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from fsspec.implementations.memory import MemoryFileSystem
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.sources import BadRecord, SourceError, open_source
from multivalue_cli.io.storage import StoredFile, is_url

FIXTURES = Path(__file__).parent / "fixtures"
GSM8K = FIXTURES / "gsm8k.jsonl"


class TestStore(MemoryFileSystem):
    """A filesystem of the tests' own (``mvtest://``), in memory: what is read from it can only
    have come through fsspec. It counts the files it opens."""

    __test__ = False
    protocol = "mvtest"
    store: dict = {}
    pseudo_dirs = [""]
    opened: list[str] = []

    @classmethod
    def _strip_protocol(cls, path):
        return super()._strip_protocol(path.removeprefix("mvtest://"))

    def _open(self, path, *args, **kwargs):
        TestStore.opened.append(path)
        return super()._open(path, *args, **kwargs)


class Unreachable(MemoryFileSystem):
    """A filesystem (``mvdown://``) whose server does not answer."""

    protocol = "mvdown"

    def info(self, path, **kwargs):
        raise ConnectionError("Cannot connect to host mvdown:443\n(a second line)")


class Dropping(MemoryFileSystem):
    """A filesystem (``mvdrop://``) whose connection drops once a file is being read."""

    protocol = "mvdrop"

    def info(self, path, **kwargs):
        return {"name": path, "size": 1000, "type": "file"}

    def _open(self, path, *args, **kwargs):
        return DroppedFile()


class DroppedFile(io.BytesIO):
    def readinto(self, buffer):
        raise RuntimeError("connection reset by peer")


@pytest.fixture
def store():
    fsspec.register_implementation("mvtest", TestStore, clobber=True)
    fsspec.register_implementation("mvdown", Unreachable, clobber=True)
    fsspec.register_implementation("mvdrop", Dropping, clobber=True)
    TestStore.store.clear()
    TestStore.opened.clear()
    yield TestStore()
    TestStore.store.clear()


def parquet_bytes(records: list[dict], row_group_size: int = 4) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(records), buffer, row_group_size=row_group_size)
    return buffer.getvalue()


def inputs(folder: Path) -> dict[str, Path]:
    """The same records as JSON Lines (a bad line among them), gzipped, Parquet, a folder of it."""
    data = GSM8K.read_bytes()
    records = [json.loads(line) for line in data.splitlines() if line.strip()]
    (folder / "p").mkdir()
    (folder / "train.jsonl").write_bytes(data + b"{not json\n")
    (folder / "train.jsonl.gz").write_bytes(gzip.compress(data))
    (folder / "p" / "a.parquet").write_bytes(parquet_bytes(records[:4]))
    (folder / "p" / "b.parquet").write_bytes(parquet_bytes(records[4:]))
    return {"jsonl": folder / "train.jsonl", "gz": folder / "train.jsonl.gz",
            "parquet": folder / "p" / "a.parquet", "folder": folder / "p"}


def read(spec: str) -> tuple:
    source = open_source(spec)
    records = [record.where if isinstance(record, BadRecord) else record
               for _, record in source.records(tolerant=True)]
    fingerprint = json.dumps(source.fingerprint()).replace(spec, "NAME")
    return records, source.schema, source.count(), source.split, fingerprint


@pytest.mark.parametrize("kind", ["jsonl", "gz", "parquet", "folder"])
def test_a_file_url_reads_as_its_path(tmp_path, kind):
    path = inputs(tmp_path)[kind]
    url = f"file://{path}"
    by_path, by_url = read(str(path)), read(url)
    assert json.dumps(by_url[0], default=str).replace(url, str(path)) == json.dumps(by_path[0], default=str)
    assert by_url[1:] == by_path[1:]
    files = open_source(url).files
    assert all(isinstance(f, StoredFile) for f in files) and len(files) == (2 if kind == "folder" else 1)


def test_a_registered_filesystem_is_read_through_fsspec(store, tmp_path):
    local = inputs(tmp_path)
    for kind, name in (("jsonl", "d/train.jsonl"), ("gz", "d/train.jsonl.gz"), ("parquet", "d/p/a.parquet"),
                       ("folder", "d/p/b.parquet")):
        store.pipe(name, local[kind].read_bytes() if kind != "folder" else (local[kind] / "b.parquet").read_bytes())
    records, _, count, split, _ = read("mvtest://d/train.jsonl")
    assert records == read(str(local["jsonl"]))[0][:-1] + ["mvtest://d/train.jsonl, line 7"]
    assert count == 7 and split == "train"  # the split named by the file, as for a path
    assert read("mvtest://d/train.jsonl.gz")[0] == read(str(local["gz"]))[0]
    assert read("mvtest://d/p")[:3] == read(str(local["folder"]))[:3]
    assert {"/d/train.jsonl", "/d/train.jsonl.gz", "/d/p/a.parquet", "/d/p/b.parquet"} <= set(TestStore.opened)


def test_tasks_read_their_part_of_a_stored_file(store, tmp_path):
    """What a cluster's task reads (a JSON Lines byte range, a Parquet shard's row groups) is read
    through fsspec as from a local file, and a stored file travels to a task as its URL."""
    import pickle

    from multivalue_cli.io.ranges import range_digests, scan_range
    from multivalue_cli.io.rowgroups import row_group_shards, row_group_sizes, rows_of_shard

    local = inputs(tmp_path)
    store.pipe("d/train.jsonl", local["jsonl"].read_bytes())
    for name in ("a", "b"):
        store.pipe(f"d/p/{name}.parquet", (local["folder"] / f"{name}.parquet").read_bytes())
    stored = pickle.loads(pickle.dumps(StoredFile("mvtest://d/train.jsonl")))
    assert stored.fs is not None and stored.stat().st_size == local["jsonl"].stat().st_size
    for start, end in ((0, 700), (700, 1500), (1500, 4000)):
        assert scan_range(stored, start, end, 1 << 20) == scan_range(local["jsonl"], start, end, 1 << 20)
    assert range_digests(stored, 500) == range_digests(local["jsonl"], 500)
    files = [StoredFile("mvtest://d/p/a.parquet"), StoredFile("mvtest://d/p/b.parquet")]
    locals_ = [local["folder"] / "a.parquet", local["folder"] / "b.parquet"]
    sizes = [row_group_sizes(f, str(f)) for f in files]
    assert sizes == [row_group_sizes(f, str(f)) for f in locals_]
    for shard in row_group_shards(sizes, 3, 6):
        assert list(rows_of_shard(files, shard, ["a", "b"])) == list(rows_of_shard(locals_, shard, ["a", "b"]))


def cli(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*map(str, args)])
    return result.exit_code, result.output


def folder_files(out: Path, url: str, path: str) -> dict[str, bytes]:
    """Every file of an output folder but the card (which names the input), the input's name put
    back as its path (the manifest, errors.jsonl), the folder's own path left out, and the run's
    timings and command line (and the digests of the errors shards, which name the input)."""
    files = {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert url.encode() in files["README.md"]  # the card names the input as given (its YAML wraps the name)
    files = {name: data.replace(url.encode(), path.encode()).replace(str(out).encode(), b"OUT")
             for name, data in files.items() if name != "README.md"}
    manifest = json.loads(files.pop("manifest.json"))
    for shard in manifest["shards"]:  # an errors shard names the input: its bytes differ, its text is above
        shard["checks"] = {name: check for name, check in shard["checks"].items() if not name.startswith("errors")}
    files["manifest"] = {k: v for k, v in manifest.items() if k not in ("timings", "argv")}
    return files


@pytest.mark.parametrize("scheme", ["file", "mvtest"])
def test_a_run_on_a_url_writes_the_run_on_its_path(store, tmp_path, scheme):
    path = inputs(tmp_path)["jsonl"]
    url = f"file://{path}" if scheme == "file" else "mvtest://d/train.jsonl"
    store.pipe("d/train.jsonl", path.read_bytes())
    run = ["--task", "gsm8k", "-d", "IndE", "--shard-size", "4", "--workers", "1", "--quiet"]
    assert cli("transform", path, "-o", tmp_path / "by_path", *run)[0] == 3  # the line that is not JSON
    code, output = cli("transform", url, "-o", tmp_path / "by_url", *run)
    assert code == 3, output
    by_url = folder_files(tmp_path / "by_url", url, str(path))
    assert by_url == folder_files(tmp_path / "by_path", str(path), str(path))
    assert f"{url}, line 7" in (tmp_path / "by_url" / "errors.jsonl").read_text()
    assert cli("verify", url, tmp_path / "by_url")[0] == 0


def test_a_run_on_a_url_resumes(tmp_path):
    """A run killed after its first shard resumes on the same URL (the fingerprint, read through
    fsspec, is the same) to the files of a run never stopped."""
    url = f"file://{inputs(tmp_path)['gz']}"
    command = [sys.executable, "-m", "multivalue_cli", "transform", url, "--task", "gsm8k", "-d", "IndE",
               "--shard-size", "2", "--workers", "1", "-q"]
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    whole = subprocess.run([*command, "-o", str(tmp_path / "whole")], env=env, capture_output=True, text=True)
    assert whole.returncode == 0, whole.stderr
    killed = subprocess.run([*command, "-o", str(tmp_path / "cut")], capture_output=True, text=True,
                            env={**env, "MULTIVALUE_FAULT": "between-shards:1"})
    assert killed.returncode != 0
    resumed = subprocess.run([*command, "-o", str(tmp_path / "cut"), "--resume"], env=env, capture_output=True,
                             text=True)
    assert resumed.returncode == 0, resumed.stderr
    for folder in ("data", "edits"):
        names = sorted(p.name for p in (tmp_path / "whole" / folder).iterdir())
        assert len(names) == 3 and names == sorted(p.name for p in (tmp_path / "cut" / folder).iterdir())
        for name in names:
            assert (tmp_path / "whole" / folder / name).read_bytes() == (tmp_path / "cut" / folder / name).read_bytes()


def one_line_error(code: int, output: str) -> str:
    assert code == 2 and "Traceback" not in output, output
    lines = output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), output
    return lines[0]


def refused(url: str, tmp_path: Path) -> str:
    """The one line a run on ``url`` ends with."""
    return one_line_error(*cli("transform", url, "-d", "IndE", "-q", "-o", tmp_path / "out"))


def test_a_scheme_without_its_backend_names_the_package(monkeypatch, tmp_path):
    from fsspec.registry import known_implementations

    monkeypatch.setitem(known_implementations, "mvmissing",
                        {"class": "mv_not_installed_backend.FileSystem", "err": "Install it"})
    with pytest.raises(SourceError, match="needs the package mv_not_installed_backend.*"
                                          "pip install mv_not_installed_backend"):
        open_source("mvmissing://bucket/train.jsonl")
    line = refused("mvmissing://bucket/train.jsonl", tmp_path)
    assert "mvmissing://bucket/train.jsonl" in line and "pip install mv_not_installed_backend" in line
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(__import__("importlib").util.find_spec("s3fs") is not None, reason="s3fs is installed")
def test_s3_without_s3fs(tmp_path):
    line = refused("s3://bucket/train.jsonl", tmp_path)
    assert "pip install s3fs" in line


def test_an_unknown_scheme_an_unreachable_url_and_a_missing_file(store, tmp_path):
    line = refused("nosuchscheme://x/train.jsonl", tmp_path)
    assert "fsspec knows no filesystem for nosuchscheme://" in line
    line = refused("mvdown://host/train.jsonl", tmp_path)
    assert line == "error: mvdown://host/train.jsonl: cannot reach it (Cannot connect to host mvdown:443)"
    line = refused("mvtest://d/none.jsonl", tmp_path)
    assert line == "error: no such file or folder: mvtest://d/none.jsonl"


def test_a_failure_while_reading_is_a_clear_error(store, tmp_path):
    with pytest.raises(SourceError, match=r"mvdrop://d/train.jsonl: cannot read .*connection reset by peer"):
        list(open_source("mvdrop://d/train.jsonl").records())
    line = one_line_error(*cli("transform", "mvdrop://d/train.jsonl", "--task", "gsm8k", "-d", "IndE", "-q",
                               "-o", tmp_path / "out"))
    assert "mvdrop://d/train.jsonl" in line and "connection reset by peer" in line


def test_a_file_url_inside_the_output_folder_is_refused(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "train.jsonl").write_bytes(GSM8K.read_bytes())
    code, output = cli("transform", f"file://{out}/train.jsonl", "--task", "gsm8k", "-d", "IndE", "-q", "-o", out)
    assert code != 0 and "lies inside the output folder" in output, output


def test_an_output_folder_url_is_refused(tmp_path):
    line = one_line_error(*cli("transform", GSM8K, "--task", "gsm8k", "-o", "s3://bucket/out"))
    assert "-o s3://bucket/out: the output folder must be a path" in line and "atomically" in line


def test_hub_names_stay_hub_names(monkeypatch):
    assert is_url("hf://datasets/owner/name/train.jsonl") and is_url("file:///x.jsonl")
    assert not is_url("hf:owner/name") and not is_url("data/train.jsonl") and not is_url("C:\\data\\x.jsonl")
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    with pytest.raises(SourceError, match="hf:owner/name: cannot stream from the hub"):
        open_source("hf:owner/name")
