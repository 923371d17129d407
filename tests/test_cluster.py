"""The cluster engine on a real Ray cluster of two nodes on this machine: the output is the
local engine's, byte for byte, and a run whose driver died resumes on either engine."""
import gzip
import hashlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

pytest.importorskip("ray", reason="Ray is not installed (pip install 'multivalue[ray]')")

pytestmark = pytest.mark.slow

SAMPLE = Path(__file__).parent.parent / "multivalue_cli" / "data" / "sample.jsonl"
RAY = Path(sys.executable).with_name("ray")
# several byte ranges on a small input; no token: the test's cluster is its own
ENV = {**{k: v for k, v in os.environ.items() if not k.startswith("RAY_")},
       "HF_HUB_OFFLINE": "1", "MULTIVALUE_RANGE_BYTES": "300000", "RAY_AUTH_MODE": "disabled"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_processes_of(folder: str) -> None:
    """End the Ray processes this test started: those whose command line names its folder
    (``ray stop`` would end every Ray instance of the machine)."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        pids = [int(p.parent.name) for p in Path("/proc").glob("[0-9]*/cmdline")
                if _reads(p) and folder.encode() in _reads(p)]
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        time.sleep(2 if pids else 0)


def _reads(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


@pytest.fixture(scope="module")
def cluster():
    """A head and a second node, one CPU each; the address to give --ray-address."""
    folder = tempfile.mkdtemp(prefix="mvray", dir="/tmp")  # short: Ray's socket paths are limited
    port = _free_port()
    common = ["--num-cpus", "1", "--object-store-memory", "100000000", "--disable-usage-stats"]
    try:
        for args in (["--head", "--port", str(port), "--temp-dir", folder, "--include-dashboard=false"],
                     ["--address", f"127.0.0.1:{port}", "--temp-dir", f"{folder}/n2"]):
            started = subprocess.run([str(RAY), "start", *args, *common], env=ENV, capture_output=True,
                                     text=True, timeout=180)
            if started.returncode != 0:
                pytest.skip(f"Ray could not start a cluster here: {started.stderr[-300:]}")
        yield f"127.0.0.1:{port}", folder
    finally:
        stop_processes_of(folder)
        shutil.rmtree(folder, ignore_errors=True)


def transform(source: Path | str, out: Path, *more, fault: str | None = None, dialect: str = "IndE",
              shard_size: int = 4000) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(source), "-d", dialect,
                           "-o", str(out), "--shard-size", str(shard_size), "--quiet", *map(str, more)],
                          env=env, capture_output=True, text=True, timeout=900)


def outputs(out: Path) -> dict[str, str]:
    files = [p for folder in ("data", "edits") for p in sorted((out / folder).iterdir())]
    files += [out / "errors.jsonl"]
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest() for p in files}


@pytest.fixture(scope="module")
def mixed(tmp_path_factory) -> Path:
    """16,001 rows over several ranges: a blank line, a line that is not JSON, a field first
    seen at row 15,000 (the texts repeat, so they are parsed once each)."""
    texts = [json.loads(line)["text"] for line in SAMPLE.read_text("utf-8").splitlines()]
    path = tmp_path_factory.mktemp("input") / "mixed.jsonl"
    with path.open("w") as f:
        for k in range(16_000):
            f.write("\n" if k == 7 else "")
            f.write("{not json\n" if k == 100 else "")
            f.write(json.dumps({"id": k, "text": texts[k % len(texts)],
                                **({"note": "first seen here"} if k == 15_000 else {})}) + "\n")
    return path


@pytest.fixture(scope="module")
def local_output(mixed, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("local") / "out"
    assert transform(mixed, out).returncode == 3  # the line that is not JSON
    return out


def test_the_cluster_writes_the_local_engines_output(cluster, mixed, local_output, tmp_path):
    out = tmp_path / "cluster"
    done = transform(mixed, out, "--engine", "ray", "--ray-address", cluster[0], "--workers", "2")
    assert done.returncode == 3, done.stderr
    assert outputs(out) == outputs(local_output)
    manifest = json.loads((out / "manifest.json").read_text())
    assert [s["index"] for s in manifest["shards"]] == [0, 1, 2, 3, 4]
    assert manifest["input"] == json.loads((local_output / "manifest.json").read_text())["input"]
    verified = subprocess.run([sys.executable, "-m", "multivalue_cli", "verify", str(mixed), str(out)],
                              env=ENV, capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout + verified.stderr


@pytest.mark.parametrize("engine", ["ray", "local"])
def test_a_cluster_run_whose_driver_died_resumes_on_either_engine(cluster, mixed, local_output,
                                                                   tmp_path, engine):
    out = tmp_path / "cluster"
    on_cluster = ["--engine", "ray", "--ray-address", cluster[0], "--workers", "2"]
    killed = transform(mixed, out, *on_cluster, fault="between-shards:2")
    assert killed.returncode == -signal.SIGKILL
    assert len(list((out / ".work").glob("done-*.json"))) >= 2
    resumed = transform(mixed, out, "--resume", *(on_cluster if engine == "ray" else []))
    assert resumed.returncode == 3, resumed.stderr
    assert outputs(out) == outputs(local_output)


def test_a_limit_cuts_the_schema_where_one_reader_would(cluster, mixed, tmp_path):
    """The field first seen at row 15,001 (a blank line is no row, a line that is not JSON is
    one) is a column of the output only when the limit takes that row."""
    for limit, columns in ((15_001, ["id", "text"]), (15_002, ["id", "text", "note"])):
        local, on_cluster = tmp_path / f"local-{limit}", tmp_path / f"cluster-{limit}"
        assert transform(mixed, local, "--limit", limit).returncode == 3
        done = transform(mixed, on_cluster, "--limit", limit, "--engine", "ray",
                         "--ray-address", cluster[0], "--workers", "2")
        assert done.returncode == 3, done.stderr
        assert outputs(on_cluster) == outputs(local)
        assert pq.read_schema(sorted((on_cluster / "data").iterdir())[0]).names == columns


def every_output(out: Path) -> dict[str, str]:
    """The digest of every file of a finished folder (those of every dialect), and what its
    manifest says but the engine's timings and the command line."""
    files = {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
             for p in sorted(out.rglob("*")) if p.is_file() and p.name not in ("manifest.json", "README.md")}
    manifest = json.loads((out / "manifest.json").read_text())
    return {**files, "manifest": {k: v for k, v in manifest.items() if k not in ("timings", "argv")}}


@pytest.fixture(scope="module")
def small(mixed, tmp_path_factory) -> dict[str, Path]:
    """The first 2,500 rows of the mixed input (a blank line and one that is not JSON among
    them) as JSON Lines, gzipped, and as Parquet in row groups of 700 rows over two files."""
    folder = tmp_path_factory.mktemp("small")
    lines = mixed.read_bytes().splitlines(keepends=True)[:2502]
    (folder / "small.jsonl").write_bytes(b"".join(lines))
    (folder / "small.jsonl.gz").write_bytes(gzip.compress(b"".join(lines)))
    records = [json.loads(line) for line in lines if line.strip() and not line.startswith(b"{not")]
    table = pa.Table.from_pylist([{**r, "tags": {"n": r["id"] % 7, "odd": [r["id"] % 2 == 1]}} for r in records])
    (folder / "parquet").mkdir()
    pq.write_table(table.slice(0, 1500), folder / "parquet" / "a.parquet", row_group_size=700)
    pq.write_table(table.slice(1500), folder / "parquet" / "b.parquet", row_group_size=700)
    return {"jsonl": folder / "small.jsonl", "gz": folder / "small.jsonl.gz", "parquet": folder / "parquet"}


@pytest.mark.parametrize("kind, dialect, url", [("parquet", "IndE", False), ("jsonl", "IndE,UAAVE", True),
                                               ("gz", "IndE", False)])
def test_more_inputs_run_on_the_cluster_as_on_one_machine(cluster, small, tmp_path, kind, dialect, url):
    """Parquet (shards across row groups and files), several dialects (a folder each) from a
    file:// URL (each task opens it through fsspec) and a gzipped file: the tasks read and
    write, the output is the local engine's byte for byte."""
    local, out = tmp_path / "local", tmp_path / "cluster"
    source = f"file://{small[kind]}" if url else str(small[kind])
    expected = 0 if kind == "parquet" else 3
    assert transform(source, local, dialect=dialect, shard_size=1000).returncode == expected
    done = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", source, "-d", dialect,
                           "-o", str(out), "--shard-size", "1000", "--engine", "ray", "--ray-address",
                           cluster[0], "--workers", "2"], env=ENV, capture_output=True, text=True, timeout=900)
    assert done.returncode == expected, done.stderr
    assert "Ray's actors only parse" not in done.stderr  # the tasks read and wrote
    assert every_output(out) == every_output(local)
    assert not (out / ".work").exists()  # a gzipped input's copy is gone with the rest
    if "," not in dialect:
        verified = subprocess.run([sys.executable, "-m", "multivalue_cli", "verify", source, str(out)],
                                  env=ENV, capture_output=True, text=True)
        assert verified.returncode == 0, verified.stdout + verified.stderr


def test_a_gzipped_input_killed_on_the_cluster_resumes_on_one_machine(cluster, small, tmp_path):
    """The fingerprint is the .gz file's, whoever computes it: a resume may change engines."""
    local, out = tmp_path / "local", tmp_path / "cluster"
    assert transform(small["gz"], local, shard_size=500).returncode == 3
    killed = transform(small["gz"], out, "--engine", "ray", "--ray-address", cluster[0], "--workers", "2",
                       shard_size=500, fault="between-shards:1")
    assert killed.returncode == -signal.SIGKILL
    resumed = transform(small["gz"], out, "--resume", shard_size=500)
    assert resumed.returncode == 3, resumed.stderr
    assert every_output(out) == every_output(local)


def test_a_node_lost_mid_run_ends_in_the_same_output(cluster, mixed, tmp_path):
    """The second node killed once the first shard is done (the last test: the cluster is one
    node short afterwards): the run finishes on the head (its shards run again there) or stops
    with exit 1, and then a resume on a node that replaces it finishes; never a hang."""
    address, folder = cluster
    local, out = tmp_path / "local", tmp_path / "cluster"
    assert transform(mixed, local, "--shard-size", "1000").returncode == 3
    args = [sys.executable, "-m", "multivalue_cli", "transform", str(mixed), "-d", "IndE", "-o", str(out),
            "--shard-size", "1000", "--quiet", "--engine", "ray", "--ray-address", address, "--workers", "2",
            "--worker-timeout", "120"]
    run = subprocess.Popen(args, env=ENV, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 300
    while not list((out / ".work").glob("done-*.json")) and time.time() < deadline and run.poll() is None:
        time.sleep(0.2)
    stop_processes_of(f"{folder}/n2")
    _, stderr = run.communicate(timeout=900)
    if run.returncode != 3:
        assert run.returncode == 1 and "--resume" in stderr, stderr
        replaced = subprocess.run([str(RAY), "start", "--address", address, "--temp-dir", f"{folder}/n3",
                                   "--num-cpus", "1", "--object-store-memory", "100000000"],
                                  env=ENV, capture_output=True, text=True, timeout=180)
        assert replaced.returncode == 0, replaced.stderr
        resumed = subprocess.run(args + ["--resume"], env=ENV, capture_output=True, text=True, timeout=900)
        assert resumed.returncode == 3, resumed.stderr
    assert outputs(out) == outputs(local)


def test_a_run_left_on_the_driver_says_why_and_the_fix(tmp_path):
    from multivalue_cli.io.sources import open_source
    from multivalue_cli.run.cluster import driver_reason, runs_on_cluster
    from multivalue_cli.run.spec import RunOptions, RunSpec

    spec = RunSpec(input="-")
    stdin = open_source("-")
    plan = spec.plan(["text"], [], [{"text": "a"}], None)
    assert not runs_on_cluster(spec, RunOptions(engine="ray", out=tmp_path), stdin, plan, None)
    assert "write it to a file every node sees" in driver_reason(spec, stdin, plan)
