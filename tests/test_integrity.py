"""Nothing lost, on any input: records typed exactly, unreadable lines kept byte for byte,
resume that trusts only what it checked, one writer per folder, dead workers, bad folders,
empty inputs, and `verify` on every Arrow type."""
import base64
import datetime
import decimal
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.io import jsontext
from multivalue_cli.cli import app

runner = CliRunner()
ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}
SENTENCES = ["He speaks English.", "She doesn't know where he lives.", "They are going home now.",
             "The teacher gave the students a test.", "I have never seen such a big dog."]


def cli(*args, fault: str | None = None, **kw) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=env,
                          capture_output=True, text=True, **kw)


def invoke(*args) -> "CliRunner.Result":
    return runner.invoke(app, [str(a) for a in args])


def write_jsonl(path: Path, records: list) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


def output_records(out: Path) -> list[dict]:
    manifest = json.loads((out / "manifest.json").read_text())
    rows = []
    for name in manifest["outputs"]["data"]:
        if name.endswith(".jsonl"):
            rows += [jsontext.loads(line) for line in (out / name).read_text("utf-8").splitlines()]
        else:
            rows += pq.read_table(out / name).to_pylist()
    return rows


def transform(src: Path, out: Path, *extra) -> "CliRunner.Result":
    return invoke("transform", src, "--dialect", "IndE", "-o", out, "--quiet", *extra)


def verified(src: Path, out: Path) -> None:
    result = invoke("verify", src, out)
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------- records typed exactly


def test_a_field_first_seen_in_a_later_record_is_kept(tmp_path):
    records = [{"id": 0, "text": SENTENCES[0]}, {"id": 1, "text": SENTENCES[1], "label": "yes"}]
    records += [{"id": k, "text": SENTENCES[k % 5]} for k in range(2, 1050)]
    records.append({"id": 1050, "text": SENTENCES[2], "meta": {"source": "late", "tags": ["a"]}})
    src = write_jsonl(tmp_path / "in.jsonl", records)
    result = transform(src, tmp_path / "out")
    assert result.exit_code == 0, result.output
    rows = output_records(tmp_path / "out")
    assert rows[1]["label"] == "yes" and rows[0]["label"] is None
    assert rows[1050]["meta"] == {"source": "late", "tags": ["a"]}
    verified(src, tmp_path / "out")


def test_a_type_first_seen_after_a_thousand_records_is_neither_dropped_nor_changed(tmp_path):
    records = [{"id": k, "text": SENTENCES[k % 5], "note": None, "score": k} for k in range(1100)]
    records[1020]["note"] = "a string at last"
    records[1050]["score"] = 2.5
    src = write_jsonl(tmp_path / "in.jsonl", records)
    result = invoke("transform", src, "--dialect", "IndE", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "writing JSON lines, not Parquet: row 1050, field score" in result.output
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text())
    assert manifest["format"] == "jsonl" and "row 1050" in manifest["format_reason"]
    rows = output_records(tmp_path / "out")
    assert len(rows) == 1100
    assert rows[1020]["note"] == "a string at last"
    assert rows[1050]["score"] == 2.5 and type(rows[1049]["score"]) is int
    verified(src, tmp_path / "out")
    strict = invoke("transform", src, "--dialect", "IndE", "-o", tmp_path / "p", "--format", "parquet")
    assert strict.exit_code == 2 and "row 1050, field score" in strict.output


@pytest.mark.parametrize("values,why", [
    ({3: 2 ** 70}, "beyond 64 bits"),
    ({3: {}}, "only empty objects"),
    ({3: [1, "one"]}, "both integers and strings"),
    ({2: 1, 3: True}, "both integers and booleans"),
    ({2: {"a": 1}, 3: {"a": [1]}}, "both integers and lists"),
])
def test_values_parquet_cannot_hold_are_written_as_json_lines_exactly(tmp_path, values, why):
    records = [{"id": k, "text": SENTENCES[k % 5]} for k in range(5)]
    for row, value in values.items():
        records[row]["x"] = value
    src = write_jsonl(tmp_path / "in.jsonl", records)
    result = invoke("transform", src, "--dialect", "IndE", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert why in result.output
    rows = output_records(tmp_path / "out")
    assert all(rows[row]["x"] == value for row, value in values.items())
    assert "x" not in rows[0]
    verified(src, tmp_path / "out")


def test_json_lines_output_writes_numbers_as_they_were_written(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"text": "He speaks English.", "a": 1.10, "b": 1e400, "c": -0.0, "d": 12345678901234567890123}\n')
    out = tmp_path / "out"
    assert transform(src, out).exit_code == 0
    line = next((out / "data").glob("*.jsonl")).read_text()
    assert '"a": 1.10, "b": 1e400, "c": -0.0, "d": 12345678901234567890123' in line
    piped = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", "-", "--dialect",
                            "IndE", "-o", "-", "--quiet"], input=src.read_text(), env=ENV,
                           capture_output=True, text=True)
    assert '"a": 1.10, "b": 1e400' in piped.stdout, piped.stderr
    verified(src, out)


def test_a_text_that_is_not_unicode_costs_only_its_record(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text('{"id": 0, "text": "He speaks English."}\n'
                   '{"id": 1, "text": "She \\ud800 goes home."}\n'
                   '{"id": 2, "text": "They are here."}\n')
    out = tmp_path / "out"
    result = transform(src, out)
    assert result.exit_code == 3, result.output
    rows = output_records(out)
    assert [r["id"] for r in rows] == [0, 1, 2]
    assert rows[1]["text"] == "She \ud800 goes home."
    counts = json.loads((out / "manifest.json").read_text())["counts"]
    assert counts["texts"] == 2 and counts["errors"] == 1  # the others are rewritten
    entry = json.loads((out / "errors.jsonl").read_text())
    assert entry["row"] == 1 and "lone surrogate" in entry["reason"]
    verified(src, out)


def test_unreadable_lines_are_kept_byte_for_byte(tmp_path):
    bad_utf8 = b'{"id": 1, "text": "caf\xe9 au lait"}\n'
    truncated = b'{"id": 3, "text": "She sa'
    src = tmp_path / "in.jsonl"
    src.write_bytes(b'{"id": 0, "text": "He speaks English."}\n' + bad_utf8
                    + b'{"id": 2, "text": "They are here."}\n' + truncated)
    out = tmp_path / "out"
    result = transform(src, out)
    assert result.exit_code == 3, result.output
    entries = [json.loads(line) for line in (out / "errors.jsonl").read_text().splitlines()]
    assert [(e["row"], e["where"]) for e in entries] == [(1, f"{src}, line 2"), (3, f"{src}, line 4")]
    assert base64.b64decode(entries[0]["raw_base64"]) == bad_utf8
    assert base64.b64decode(entries[1]["raw_base64"]) == truncated
    assert [r["id"] for r in output_records(out)] == [0, 2]
    verified(src, out)


# --------------------------------------------------------------------- empty inputs


def test_an_empty_parquet_input_keeps_its_schema_and_loads(tmp_path):
    schema = pa.schema([("id", pa.int64()), ("text", pa.string()), ("label", pa.int8())])
    pq.write_table(schema.empty_table(), tmp_path / "in.parquet")
    out = tmp_path / "out"
    assert transform(tmp_path / "in.parquet", out).exit_code == 0
    (shard,) = (out / "data").glob("*.parquet")
    assert pq.read_schema(shard).remove_metadata().equals(schema)
    _card_loading_example_works(out)
    verified(tmp_path / "in.parquet", out)


def test_an_empty_jsonl_input_gives_a_loadable_output(tmp_path):
    (tmp_path / "in.jsonl").write_text("")
    out = tmp_path / "out"
    assert transform(tmp_path / "in.jsonl", out).exit_code == 0
    assert list((out / "data").iterdir())
    _card_loading_example_works(out)


def _card_loading_example_works(out: Path) -> None:
    card = (out / "README.md").read_text()
    code = card.split("```python\n", 1)[1].split("```", 1)[0]
    subprocess.run([sys.executable, "-c", code], cwd=out.parent, env=ENV, check=True,
                   capture_output=True)


# ------------------------------------------------------------ resume trusts nothing


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("corpus") / "corpus.jsonl"
    return write_jsonl(path, [{"id": k, "text": SENTENCES[k % 5], "label": k % 3} for k in range(400)])


def run_args(corpus: Path, out: Path) -> list:
    return ["transform", corpus, "--dialect", "IndE", "-o", out, "--shard-size", "100",
            "--batch-size", "50", "--seed", "3", "--quiet"]


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory):
    out = tmp_path_factory.mktemp("ref") / "out"
    assert cli(*run_args(corpus, out)).returncode == 0
    return output_records(out)


def test_a_shard_removed_during_the_run_fails_it_and_resume_redoes_it(corpus, reference, tmp_path, monkeypatch):
    from multivalue_cli.run import folder

    finish = folder.FolderRun._finish_shard

    def finish_then_lose_the_first(self, shards):  # shard k of every output of the run
        finish(self, shards)
        if shards[0].index == 2:
            (self.work / self.shards[0]["files"][0]).unlink()

    monkeypatch.setattr(folder.FolderRun, "_finish_shard", finish_then_lose_the_first)
    out = tmp_path / "out"
    failed = invoke(*run_args(corpus, out))
    assert failed.exit_code == 1 and "removed or changed during the run" in failed.output
    assert json.loads((out / "manifest.json").read_text())["state"] != "complete"
    monkeypatch.setattr(folder.FolderRun, "_finish_shard", finish)
    resumed = invoke(*run_args(corpus, out), "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert output_records(out) == reference


@pytest.mark.slow
def test_resume_redoes_shards_that_are_gone_or_damaged(corpus, reference, tmp_path):
    out = tmp_path / "out"
    assert cli(*run_args(corpus, out), fault="between-shards:3").returncode == -9
    shards = sorted((out / ".work").glob("data-*.parquet"))
    assert len(shards) == 3
    shards[1].write_bytes(shards[1].read_bytes()[:-20])  # truncated
    resumed = cli(*run_args(corpus, out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "missing or damaged" in resumed.stderr
    assert output_records(out) == reference
    # all of .work gone
    out2 = tmp_path / "out2"
    assert cli(*run_args(corpus, out2), fault="between-shards:3").returncode == -9
    for leftover in (out2 / ".work").iterdir():
        leftover.unlink()
    (out2 / ".work").rmdir()
    assert cli(*run_args(corpus, out2), "--resume").returncode == 0
    assert output_records(out2) == reference


def test_resume_refuses_an_input_that_changed(corpus, tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(corpus.read_text())
    out = tmp_path / "out"
    assert cli(*run_args(src, out), fault="between-shards:2").returncode == -9
    lines = src.read_text().splitlines()
    lines[150] = lines[150].replace('"label": 0', '"label": 9')
    src.write_text("\n".join(lines) + "\n")
    resumed = invoke(*run_args(src, out), "--resume")
    assert resumed.exit_code == 2 and "the input is not the one" in resumed.output


def test_stdin_to_a_folder_is_read_whole_and_resumes_only_with_the_same_stdin(tmp_path):
    out = tmp_path / "out"
    args = ["transform", "-", "--dialect", "IndE", "-o", out, "--shard-size", "500", "--quiet"]
    records = [{"id": k, "text": SENTENCES[k % 5], "label": k % 3} for k in range(1300)]
    text = "".join(json.dumps(r) + "\n" for r in records)  # more than the first records read
    assert cli(*args, fault="between-shards:2", input=text).returncode == -9
    assert cli(*args, "--resume", input=text.replace('"label": 1', '"label": 5')).returncode == 2
    assert cli(*args, "--resume", input=text).returncode == 0
    assert [r["id"] for r in output_records(out)] == list(range(1300))


def test_a_second_run_on_the_same_folder_is_refused(tmp_path):
    from multivalue_cli.run.resume import OutputLock

    out = tmp_path / "out"
    out.mkdir()
    lock = OutputLock.acquire(out)
    try:
        result = invoke("transform", "--dialect", "IndE", "-o", out, "--resume")
        assert result.exit_code == 1 and f"another run (pid {os.getpid()})" in result.output
    finally:
        lock.release()
    assert invoke("transform", "--dialect", "IndE", "-o", out, "--resume", "-q").exit_code == 0
    assert not (out / ".lock").exists()


@pytest.mark.slow
def test_a_killed_worker_ends_the_run_with_a_message_not_a_hang(corpus, reference, tmp_path):
    out = tmp_path / "out"
    result = cli(*run_args(corpus, out), "--workers", "2", fault="worker:3", timeout=300)
    assert result.returncode == 1, result.stderr
    assert "worker process died" in result.stderr and "Traceback" not in result.stderr
    assert cli(*run_args(corpus, out), "--workers", "2", "--resume").returncode == 0
    assert output_records(out) == reference


# --------------------------------------------------------------------- bad folders


def test_a_folder_that_cannot_be_written_is_a_one_line_error(tmp_path, monkeypatch):
    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    result = invoke("transform", "--dialect", "IndE", "-o", tmp_path / "ro" / "out")
    assert result.exit_code == 1 and "Permission denied" in result.output
    assert "Traceback" not in result.output


def test_a_file_where_the_folder_should_be(tmp_path):
    (tmp_path / "file").write_text("x")
    result = invoke("transform", "--dialect", "IndE", "-o", tmp_path / "file" / "out")
    assert result.exit_code in (1, 2) and "file" in result.output and "Traceback" not in result.output


@pytest.mark.slow
@pytest.mark.parametrize("delay", [0.3, 1.0, 2.5])
def test_an_early_ctrl_c_leaves_a_folder_that_a_rerun_and_a_resume_accept(tmp_path, delay):
    out = tmp_path / "out"
    args = ["transform", "--dialect", "IndE", "-o", out, "--quiet"]
    process = subprocess.Popen([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=ENV,
                               stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=120)
    assert "Traceback" not in stderr
    if process.returncode == 0:
        return  # finished before the signal
    if process.returncode == -signal.SIGINT:
        # on a loaded machine the signal can come before the interpreter has started (Python
        # itself not yet handling it): the process ends at once, having written nothing
        assert stderr == "" and not out.exists(), stderr
    else:
        assert process.returncode == 130, stderr
    assert cli(*args, "--resume").returncode == 0 or cli(*args).returncode == 0
    assert json.loads((out / "manifest.json").read_text())["state"] == "complete"


def test_resume_with_other_arguments_on_a_finished_folder_is_refused(tmp_path):
    out = tmp_path / "out"
    assert invoke("transform", "--dialect", "IndE", "-o", out, "-q").exit_code == 0
    same = invoke("transform", "--dialect", "IndE", "-o", out, "--resume")
    assert same.exit_code == 0 and "nothing to resume" in same.output
    other = invoke("transform", "--dialect", "IndE", "-o", out, "--resume", "--seed", "4")
    assert other.exit_code == 2 and "--seed" in other.output


# -------------------------------------------------------------------------- verify


def test_verify_compares_every_arrow_type_by_value(tmp_path):
    table = pa.table({
        "text": ["He speaks English.", "She goes home."],
        "blob": pa.array([b"\x00\xff", b""], pa.binary()),
        "price": pa.array([decimal.Decimal("1.10"), decimal.Decimal("-3.25")], pa.decimal128(6, 2)),
        "day": pa.array([datetime.date(2020, 1, 2), datetime.date(1999, 12, 31)]),
        "at": pa.array([datetime.datetime(2020, 1, 2, 3, 4, 5), None], pa.timestamp("us")),
        "span": pa.array([datetime.timedelta(seconds=3), datetime.timedelta(0)]),
    })
    pq.write_table(table, tmp_path / "in.parquet")
    out = tmp_path / "out"
    assert transform(tmp_path / "in.parquet", out).exit_code == 0
    verified(tmp_path / "in.parquet", out)
    # a changed value is named with its row and field
    shard = next((out / "data").glob("*.parquet"))
    changed = pq.read_table(shard).to_pylist()
    changed[1]["price"] = decimal.Decimal("-3.26")
    pq.write_table(pa.Table.from_pylist(changed, schema=pq.read_schema(shard)), shard)
    result = invoke("verify", tmp_path / "in.parquet", out)
    assert result.exit_code == 1 and "row 1: field price" in result.output


def test_verify_reports_missing_and_truncated_shards(corpus, tmp_path):
    out = tmp_path / "out"
    assert cli(*run_args(corpus, out)).returncode == 0
    shards = sorted((out / "data").glob("*.parquet"))
    shards[1].write_bytes(shards[1].read_bytes()[:100])
    truncated = invoke("verify", corpus, out)
    assert truncated.exit_code == 1 and "cannot read" in truncated.output
    shards[1].unlink()
    missing = invoke("verify", corpus, out)
    assert missing.exit_code == 1 and "cannot read" in missing.output
    assert "Traceback" not in missing.output + truncated.output


def test_verify_checks_the_edit_log(corpus, tmp_path):
    out = tmp_path / "out"
    assert cli(*run_args(corpus, out), "--limit", "100").returncode == 0
    (log,) = (out / "edits").glob("*.parquet")
    rows = pq.read_table(log).to_pylist()
    schema = pq.read_schema(log)
    renamed = [dict(rows[0], feature="uninflect" if rows[0]["feature"] != "uninflect" else "dont"),
               *rows[1:]]
    pq.write_table(pa.Table.from_pylist(renamed, schema=schema), log)
    result = invoke("verify", corpus, out)
    assert result.exit_code == 1 and "not a feature of this tool" in result.output
    shared = next(k for k, r in enumerate(rows) if r["span_rows"] > 1)
    pq.write_table(pa.Table.from_pylist(rows[:shared] + rows[shared + 1:], schema=schema), log)
    result = invoke("verify", corpus, out)
    assert result.exit_code == 1 and "share the span" in result.output
