"""A worker process that hangs is replaced and its batch run again: the run ends, with the
output of an uninterrupted run, within the watchdog's time plus a minute; a batch that hangs
every time ends the run with a message and a state that --resume goes on from."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}
TIMEOUT = 10  # --worker-timeout of the tests

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    texts = ["He go to the market every day.", "She have two brother and one sister.",
             "They was happy when the shop opened.", "I seen him yesterday at the station."]
    path = tmp_path_factory.mktemp("corpus") / "in.jsonl"
    path.write_text("".join(json.dumps({"id": k, "text": f"{texts[k % 4]} ({k})"}) + "\n" for k in range(400)))
    return path


def run(corpus: Path, out: Path, *extra, env=None, timeout=TIMEOUT + 120) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(corpus), "--dialect", "IndE",
                           "-o", str(out), "--batch-size", "40", "--shard-size", "100", "-q", *extra],
                          env={**ENV, **(env or {})}, capture_output=True, text=True, timeout=timeout)


def output(out: Path) -> tuple:
    return pq.read_table(out / "data").to_pylist(), pq.read_table(out / "edits").to_pylist()


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory) -> tuple:
    out = tmp_path_factory.mktemp("ref") / "out"
    assert run(corpus, out).returncode == 0
    return output(out)


def _stopped_processes(parent: int) -> list[int]:
    """Stopped (SIGSTOP) descendants left behind, if any."""
    left = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if fields[0] == "T" and int(fields[1]) == parent:
                left.append(int(entry))
    return left


def test_a_stopped_worker_is_replaced_and_the_output_is_the_same(corpus, reference, tmp_path):
    out = tmp_path / "out"
    started = time.monotonic()
    result = run(corpus, out, "--workers", "2", "--worker-timeout", str(TIMEOUT),
                 env={"MULTIVALUE_FAULT": "worker-stop:2", "MULTIVALUE_FAULT_ONCE": str(tmp_path / "once")})
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "once").exists(), "a worker was stopped"
    assert time.monotonic() - started < TIMEOUT + 60 + 30  # the run's own time besides
    assert output(out) == reference
    assert not _stopped_processes(os.getpid())


def test_a_batch_that_hangs_every_time_ends_the_run_resumably(corpus, reference, tmp_path):
    out = tmp_path / "out"
    started = time.monotonic()
    result = run(corpus, out, "--workers", "2", "--worker-timeout", "5",
                 env={"MULTIVALUE_FAULT": "worker-stop:1"}, timeout=5 * 3 + 180)
    assert result.returncode == 1, result.stderr
    assert "made no progress within 5 s, 3 times" in result.stderr and "--resume" in result.stderr
    assert "Traceback" not in result.stderr
    assert time.monotonic() - started < 5 * 3 + 120
    assert json.loads((out / "manifest.json").read_text())["state"] == "failed"
    resumed = run(corpus, out, "--workers", "2", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert output(out) == reference
