"""Reliability: kills at several points then --resume, signals, bad records, full disks,
hostile text. Every interrupted run, once resumed, must end identical to an uninterrupted one."""
import errno
import json
import os
import signal
import subprocess
import sys
import time
from importlib import resources
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app

runner = CliRunner()
ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """600 records (the sample, repeated with new ids), so a run has six shards of 100."""
    sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8")
    texts = [json.loads(line)["text"] for line in sample.splitlines()]
    path = tmp_path_factory.mktemp("corpus") / "corpus.jsonl"
    path.write_text("".join(json.dumps({"id": k, "text": texts[k % len(texts)], "label": k % 3}) + "\n"
                            for k in range(600)))
    return path


def cli(*args, fault: str | None = None, **kw) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=env,
                          capture_output=True, text=True, **kw)


def run_args(corpus: Path, out: Path) -> list:
    return ["transform", corpus, "--dialect", "IndE", "-o", out, "--shard-size", "100",
            "--batch-size", "40", "--seed", "7"]


def snapshot(out: Path) -> tuple:
    manifest = json.loads((out / "manifest.json").read_text())
    return (pq.read_table(out / "data").to_pylist(), pq.read_table(out / "edits").to_pylist(),
            manifest["counts"], manifest["outputs"], manifest["state"])


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory) -> tuple:
    out = tmp_path_factory.mktemp("ref") / "out"
    result = cli(*run_args(corpus, out))
    assert result.returncode == 0, result.stderr
    return snapshot(out)


@pytest.mark.slow
@pytest.mark.parametrize(
    "fault",
    ["batch:3",            # during parsing: results of a batch received, nothing written yet
     "shard-write:2",      # during a shard write: part of shard 0 written to its temporary file
     "shard-write:7",      # ... and part of a later shard
     "between-shards:2",   # after shard 1 and the manifest were written
     "finalize:3"],        # while finished shards are being moved to their final names
)
def test_sigkill_then_resume_gives_the_uninterrupted_output(corpus, reference, tmp_path, fault):
    out = tmp_path / "out"
    killed = cli(*run_args(corpus, out), fault=fault)
    assert killed.returncode == -signal.SIGKILL
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["state"] in ("running", "finalizing")
    if manifest["state"] == "running":  # nothing under a final name before the run is complete
        assert not (out / "data").exists() or not list((out / "data").iterdir())
    refused = cli(*run_args(corpus, out))
    assert refused.returncode == 2 and "--resume" in refused.stderr
    resumed = cli(*run_args(corpus, out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert snapshot(out) == reference
    assert not (out / ".work").exists()


@pytest.mark.slow
@pytest.mark.parametrize("signum,code,workers", [(signal.SIGTERM, 143, 1), (signal.SIGINT, 130, 2)])
def test_signals_stop_cleanly_and_say_how_to_resume(corpus, reference, tmp_path, signum, code, workers):
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "multivalue_cli", *map(str, run_args(corpus, out)),
                             "--workers", str(workers)], env=ENV, stderr=subprocess.PIPE, text=True)
    deadline = time.time() + 120
    while not list((out / ".work").glob("data-*")) and time.time() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signum)
    _, stderr = proc.communicate(timeout=120)
    if proc.returncode == 0:
        pytest.skip("the run finished before the signal arrived")
    assert proc.returncode == code, stderr
    assert "--resume" in stderr and "Traceback" not in stderr
    assert json.loads((out / "manifest.json").read_text())["state"] == "interrupted"
    assert not list((out / ".work").glob(".*.tmp")), "the shard in progress is discarded"
    resumed = cli(*run_args(corpus, out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert snapshot(out) == reference


def test_a_signal_while_a_shard_is_recorded_keeps_that_shard(corpus, reference, tmp_path, monkeypatch):
    """Between a shard taking its name in .work and the manifest listing it, a signal waits:
    the run stops right after, with that shard kept and the resume command given."""
    from multivalue_cli.io.writers import EditLogWriter

    close = EditLogWriter.close

    def close_then_signal(self):
        close(self)
        if self.path.name == "edits-00001.parquet":  # its data file is already under its name
            os.kill(os.getpid(), signal.SIGTERM)

    monkeypatch.setattr(EditLogWriter, "close", close_then_signal)
    out = tmp_path / "out"
    result = runner.invoke(app, [str(a) for a in run_args(corpus, out)])
    assert result.exit_code == 143, result.output
    assert "--resume" in result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["state"] == "interrupted"
    assert [s["index"] for s in manifest["shards"]] == [0, 1]
    monkeypatch.setattr(EditLogWriter, "close", close)
    assert cli(*run_args(corpus, out), "--resume").returncode == 0
    assert snapshot(out) == reference


def test_a_signal_as_the_next_shard_opens_leaves_no_temporary_files(corpus, reference, tmp_path,
                                                                     monkeypatch):
    """The shard just opened has no shard object yet to discard its files: the run removes
    its temporaries anyway, and a resume ends as an uninterrupted run."""
    import signal as signals

    from multivalue_cli.run import folder
    from multivalue_cli.run.spec import Interrupted

    open_shard = folder.FolderRun._open_shard

    def open_then_interrupt(self, index, first_row):
        opened = open_shard(self, index, first_row)  # the shard of each output (one here)
        if index == 2:  # its files are on disk, the run does not hold it yet
            opened[0].data.write([{"id": -1, "text": "x", "label": 0}], first_row)
            raise Interrupted(signals.SIGINT)
        return opened

    monkeypatch.setattr(folder.FolderRun, "_open_shard", open_then_interrupt)
    out = tmp_path / "out"
    result = runner.invoke(app, [str(a) for a in run_args(corpus, out)])
    assert result.exit_code == 130, result.output
    assert not list((out / ".work").glob(".*.tmp"))
    monkeypatch.setattr(folder.FolderRun, "_open_shard", open_shard)
    assert cli(*run_args(corpus, out), "--resume").returncode == 0
    assert snapshot(out) == reference


def test_resume_with_other_arguments_names_them(corpus, tmp_path):
    out = tmp_path / "out"
    assert cli(*run_args(corpus, out), "--limit", "50", fault="shard-write:1").returncode == -9
    result = cli(*run_args(corpus, out), "--limit", "50", "--resume", "--seed", "8")
    assert result.returncode == 2
    assert "--seed" in result.stderr


def test_resume_with_nothing_to_resume_starts_from_the_beginning(tmp_path):
    """--resume means "continue, or start": a retry loop needs no first run without it."""
    result = runner.invoke(app, ["transform", "--dialect", "IndE", "-o", str(tmp_path / "o"), "--resume"])
    assert result.exit_code == 0, result.output
    assert "nothing finished to resume" in result.output
    assert json.loads((tmp_path / "o" / "manifest.json").read_text())["state"] == "complete"


def test_resume_refuses_a_folder_of_other_files(tmp_path):
    (tmp_path / "o").mkdir()
    (tmp_path / "o" / "notes.txt").write_text("mine")
    result = runner.invoke(app, ["transform", "--dialect", "IndE", "-o", str(tmp_path / "o"), "--resume"])
    assert result.exit_code == 2 and "nothing to resume" in result.output
    assert (tmp_path / "o" / "notes.txt").read_text() == "mine"


# ------------------------------------------------------------------------- bad records

BAD = [
    '{"id": 0, "text": "He speaks English."}',
    '{"id": 1, "text": oops}',                 # not JSON
    '[1, 2]',                                   # not an object
    '{"id": 3, "text": null}',                 # null field
    '{"id": 4}',                                # missing field
    '{"id": 5, "text": 42}',                    # not a string
    '{"id": 6, "text": "She sings well."}',
]


@pytest.mark.parametrize(
    "mode,ids,code",
    [("passthrough", [0, 3, 4, 5, 6], 3), ("skip", [0, 6], 3)],
)
def test_bad_records_are_listed_and_nothing_is_lost(tmp_path, mode, ids, code):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(BAD) + "\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(path), "--feature", "uninflect", "-o", str(out),
                                 "--on-error", mode, "--format", "jsonl"])
    assert result.exit_code == code, result.output
    rows = [json.loads(line) for line in (out / "data" / "train-00000-of-00001.jsonl").read_text().splitlines()]
    assert [r.get("id") for r in rows] == ids
    assert rows[0]["text"] == "He speak English." and rows[-1]["text"] == "She sing well."
    errors = [json.loads(line) for line in (out / "errors.jsonl").read_text().splitlines()]
    assert [e["row"] for e in errors] == [1, 2, 3, 4, 5]
    assert errors[0]["where"].endswith("bad.jsonl, line 2") and errors[0]["raw"] == '{"id": 1, "text": oops}'
    assert "null" in errors[2]["reason"] and "missing" in errors[3]["reason"] and "int" in errors[4]["reason"]
    assert "5 record(s) were not transformed" in result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["counts"]["errors"] == 5 and manifest["outputs"]["errors"] == "errors.jsonl"


def test_on_error_fail_stops_at_the_first_bad_record(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text("\n".join(BAD) + "\n")
    result = runner.invoke(app, ["transform", str(path), "--feature", "uninflect",
                                 "-o", str(tmp_path / "out"), "--on-error", "fail"])
    assert result.exit_code == 1
    assert "bad.jsonl, line 2" in result.output


def test_a_rule_that_raises_costs_only_its_record(tmp_path, monkeypatch):
    import dataclasses

    from multivalue_cli.engine.registry import registry

    rule = registry()["uninflect"]

    def explode_on_sings(doc, index):
        if any(t.lower_ == "sings" for t in doc):
            raise RuntimeError("boom")
        yield from rule.fn(doc, index)

    monkeypatch.setitem(registry(), "uninflect", dataclasses.replace(rule, fn=explode_on_sings))
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"text": t}) + "\n" for t in
                            ["He speaks.", "She sings.", "It works."]))
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(path), "--feature", "uninflect", "-o", str(out)])
    assert result.exit_code == 3
    texts = pq.read_table(out / "data").column("text").to_pylist()
    assert texts == ["He speak.", "She sings.", "It work."]
    (error,) = [json.loads(line) for line in (out / "errors.jsonl").read_text().splitlines()]
    assert error["row"] == 1 and "uninflect" in error["reason"] and "boom" in error["reason"]

    # The process keeps each parsed text with its rules' sites: the rule registered again
    # under its own name finds its own sites, not the stand-in's cached failure.
    monkeypatch.setitem(registry(), "uninflect", rule)
    again = runner.invoke(app, ["apply", "She sings.", "--feature", "uninflect"])
    assert again.exit_code == 0 and again.stdout.strip() == "She sing."


# ------------------------------------------------------------------------- disk full


def test_disk_full_is_a_clear_failure_and_resumable(corpus, tmp_path, monkeypatch):
    from multivalue_cli.io import writers

    original = writers.ShardFile.write
    calls = {"n": 0}

    def failing_write(self, records, *rest):
        calls["n"] += 1
        if calls["n"] == 4:
            raise OSError(errno.ENOSPC, "No space left on device")
        return original(self, records, *rest)

    monkeypatch.setattr(writers.ShardFile, "write", failing_write)
    out = tmp_path / "out"
    args = ["transform", str(corpus), "--dialect", "IndE", "-o", str(out), "--shard-size", "100",
            "--batch-size", "40", "--seed", "7", "--limit", "300"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "No space left on device" in result.output and "--resume" in result.output
    assert json.loads((out / "manifest.json").read_text())["state"] == "failed"
    assert not (out / "data").exists()
    assert not list((out / ".work").glob(".*.tmp"))
    monkeypatch.setattr(writers.ShardFile, "write", original)
    assert runner.invoke(app, args + ["--resume"]).exit_code == 0
    assert pq.read_table(out / "data").num_rows == 300


def test_output_folder_that_is_a_file(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = runner.invoke(app, ["transform", "--dialect", "IndE", "-o", str(target)])
    assert result.exit_code == 2 and "not a folder" in result.output


# ------------------------------------------------------------------------- hostile text

HOSTILE = [
    "", "   ", "\t\n", "🙂🙂🙂", "He is happy 🙂 and she is sad.",
    "See https://example.com/x?y=1 and mail a.b@example.org, he says.",
    "def f(x):\n    return x + 1\n", "SELECT name FROM singer WHERE age > 30;",
    "Der Hund läuft über die Straße und die Kinder lachen.", "这是一个测试。",
    "Control \x00 characters \x07 in text.", "x" * 5000 + " is a long token.",
    "Line one is here.\r\nLine two is there.\r\n\tIndented line is here.",
    "He doesn't know.\n\nShe doesn't care.\n", "'''\"\"\"((()))", "I I I I I I",
]


def test_hostile_text_never_crashes_and_keeps_layout(tmp_path):
    path = tmp_path / "hostile.jsonl"
    path.write_text("".join(json.dumps({"k": k, "text": t}) + "\n" for k, t in enumerate(HOSTILE)))
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(path), "--dialect", "Multi", "-o", str(out)])
    assert result.exit_code == 0, result.output
    written = pq.read_table(out / "data").column("text").to_pylist()
    for before, after in zip(HOSTILE, written):
        for ch in "\n\t\r":
            assert before.count(ch) == after.count(ch), (before, after)
    unchanged = {0, 1, 2, 3, 6, 7, 8, 9, 10, 14}
    for k in unchanged:
        assert written[k] == HOSTILE[k], (HOSTILE[k], written[k])
    assert "https://example.com/x?y=1" in written[5] and "a.b@example.org" in written[5]
    verified = runner.invoke(app, ["verify", str(path), str(out)])
    assert verified.exit_code == 0, verified.output


def test_a_held_signal_is_raised_once_after_the_block_and_dropped_if_the_block_fails():
    from multivalue_cli.run import signals
    from multivalue_cli.run.signals import install_signal_handlers, restore_signal_handlers, signals_deferred
    from multivalue_cli.run.spec import Interrupted

    previous = install_signal_handlers()
    try:
        with pytest.raises(Interrupted) as caught:
            with signals_deferred():
                os.kill(os.getpid(), signal.SIGTERM)
                with signals_deferred():  # an inner block does not raise what the outer holds
                    pass
                done = True
        assert done and caught.value.signum == signal.SIGTERM
        with pytest.raises(OSError):
            with signals_deferred():
                os.kill(os.getpid(), signal.SIGINT)
                raise OSError("disk full")
        with signals_deferred():  # nothing is left held from the failed block
            pass
    finally:
        restore_signal_handlers(previous)
    signals._held.append(signal.SIGTERM)  # as if an earlier run in this process left one
    previous = install_signal_handlers()
    try:
        with signals_deferred():  # a new run starts with nothing held
            pass
    finally:
        restore_signal_handlers(previous)
