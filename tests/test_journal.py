"""The journal of finished shards: recording a shard appends one line (the manifest is written
whole only when the run stops or ends), a resume reads the manifest and the journal, and a line
cut short by a kill is ignored."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.run.journal import JOURNAL_NAME, ShardJournal, finished_shards

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}


@pytest.fixture()
def corpus(tmp_path) -> Path:
    texts = ["He go to the market.", "She have two brother.", "They was happy.", "I seen him yesterday."]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": k, "text": texts[k % 4]}) + "\n" for k in range(60)))
    return path


def args(corpus: Path, out: Path) -> list[str]:
    return ["transform", str(corpus), "--dialect", "IndE", "-o", str(out), "--shard-size", "2",
            "--batch-size", "4", "-q"]


def records(out: Path) -> tuple:
    return pq.read_table(out / "data").to_pylist(), pq.read_table(out / "edits").to_pylist()


def test_a_shard_appends_a_line_and_the_manifest_is_written_a_few_times_only(corpus, tmp_path, monkeypatch):
    from multivalue_cli.run import folder

    written = []
    write = folder.atomic_write_text
    monkeypatch.setattr(folder, "atomic_write_text",
                        lambda path, text: (written.append(path.name), write(path, text)))
    out = tmp_path / "out"
    result = CliRunner().invoke(app, args(corpus, out))
    assert result.exit_code == 0, result.output
    assert len(json.loads((out / "manifest.json").read_text())["shards"]) == 30
    assert written.count("manifest.json") <= 6  # starting, running, finalizing, complete: not one per shard
    assert not (out / ".work").exists()


@pytest.mark.slow
def test_a_run_killed_after_some_shards_resumes_from_the_journal(corpus, tmp_path):
    reference = tmp_path / "ref"
    assert subprocess.run([sys.executable, "-m", "multivalue_cli", *args(corpus, reference)], env=ENV).returncode == 0
    out = tmp_path / "out"
    killed = subprocess.run([sys.executable, "-m", "multivalue_cli", *args(corpus, out)],
                            env={**ENV, "MULTIVALUE_FAULT": "between-shards:7"})
    assert killed.returncode == -signal.SIGKILL
    assert json.loads((out / "manifest.json").read_text())["shards"] == []
    journal = out / ".work" / JOURNAL_NAME
    assert len(journal.read_text().splitlines()) == 7
    with open(journal, "ab") as stream:  # as if the kill had cut the next line short
        stream.write(b'{"index": 7, "rows": [14,')
    resumed = subprocess.run([sys.executable, "-m", "multivalue_cli", *args(corpus, out), "--resume"],
                             env=ENV, capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert records(out) == records(reference)


def test_the_journal_after_the_manifest_and_a_cut_line(tmp_path):
    journal = ShardJournal(tmp_path)
    for index in range(3):
        journal.append({"index": index, "rows": [index, index + 1]})
    journal.close()
    with open(tmp_path / JOURNAL_NAME, "ab") as stream:
        stream.write(b'{"index": 3, "ro')
    listed = [{"index": 0, "rows": [0, 1]}]
    assert [s["index"] for s in finished_shards(listed, tmp_path)] == [0, 1, 2]
    journal.append({"index": 3, "rows": [3, 4]})  # the cut line is dropped before appending
    journal.close()
    assert [s["index"] for s in finished_shards([], tmp_path)] == [0, 1, 2, 3]
    journal.compacted()
    assert not (tmp_path / JOURNAL_NAME).exists()
