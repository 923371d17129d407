"""The cluster engine on a real Ray cluster of two nodes on this machine: the output is the
local engine's, byte for byte, and a run whose driver died resumes on either engine."""
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


def transform(source: Path, out: Path, *more, fault: str | None = None) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(source), "-d", "IndE",
                           "-o", str(out), "--shard-size", "4000", "--quiet", *map(str, more)],
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
