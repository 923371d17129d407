"""What a run says while and after it runs: a progress bar with a total and an ETA when the input's
length is known (a spinner otherwise), messages on lines of their own, honest timings, and what
an interrupted run kept."""
import gzip
import io
import json
import re
import signal
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
from rich.console import Console
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.run.job import execute
from multivalue_cli.run.spec import Interrupted, RunOptions, RunSpec
from multivalue_cli.profiles import catalog, load_profile
from multivalue_cli.run.progress import RichProgress, RunProgress
from multivalue_cli.engine.registry import registry
from multivalue_cli.io.sources import open_source

runner = CliRunner()
TEXTS = ["He speaks English.", "She doesn't know where he lives.", "They are going home now."]


def _jsonl(path: Path, n: int, blank_lines: bool = False) -> Path:
    lines = [json.dumps({"id": k, "text": TEXTS[k % 3]}) for k in range(n)]
    path.write_text("".join(line + ("\n\n" if blank_lines else "\n") for line in lines))
    return path


def _screen(run) -> str:
    buffer = io.StringIO()
    with RichProgress(Console(file=buffer, force_terminal=True, width=120)) as progress:
        run(progress)
    return buffer.getvalue()


# ------------------------------------------------------------------------------ the display


def test_a_known_length_gives_a_bar_with_the_total_and_an_eta():
    def run(progress):
        progress.start(lambda: 10, 2)
        progress.advance(3)
        progress.echo("note: a message [with brackets]")
    screen = _screen(run)
    assert "2/10" in screen and "5/10" in screen and "eta" in screen and "━" in screen
    # the message clears the bar's line first and ends its own: never glued to the bar
    assert "\r\x1b[2Knote: a message [with brackets]\n" in screen


def test_an_unknown_length_gives_a_spinner_with_the_count():
    def run(progress):
        progress.start(lambda: None)
        progress.advance(7)
        progress.echo("done")
    screen = _screen(run)
    assert "7 records" in screen and "/" not in screen.split("records/s")[0] and "eta" not in screen
    assert "\r\x1b[2Kdone\n" in screen


def test_without_a_display_the_length_is_never_computed(capsys):
    def count():
        raise AssertionError("counted")
    plain = RunProgress()
    plain.start(count)
    plain.advance(3)
    plain.echo("a note")
    assert capsys.readouterr().err == "a note\n"


# ------------------------------------------------------------------------------ input length


def test_the_input_length_is_known_for_files_and_parquet(tmp_path):
    assert open_source(str(_jsonl(tmp_path / "a.jsonl", 5, blank_lines=True))).count() == 5
    assert open_source(str(tmp_path / "a.jsonl"), limit=3).count() == 3
    (tmp_path / "b.json").write_text(json.dumps([{"text": t} for t in TEXTS]))
    assert open_source(str(tmp_path / "b.json")).count() == 3
    pq.write_table(pa.table({"text": TEXTS * 4}), tmp_path / "c.parquet")
    assert open_source(str(tmp_path / "c.parquet")).count() == 12
    assert open_source(None).count() == 240  # the bundled sample
    with gzip.open(tmp_path / "d.jsonl.gz", "wt") as stream:
        stream.write('{"text": "x"}\n')
    assert open_source(str(tmp_path / "d.jsonl.gz")).count() is None  # not decompressed twice


# ------------------------------------------------------------------------------ the run


class Recorder(RunProgress):
    """Keeps what the run reported; raises Ctrl-C on the ``stop_at``-th batch."""

    def __init__(self, stop_at: int | None = None, delay: float = 0.0) -> None:
        self.starts, self.done, self.stop_at, self.delay, self.batches = [], 0, stop_at, delay, 0

    def start(self, count, done=0):
        self.starts.append((count(), done))

    def advance(self, n):
        self.batches += 1
        time.sleep(self.delay)
        if self.batches == self.stop_at:
            raise Interrupted(signal.SIGINT)
        self.done += n


def _run(src: Path, out: Path | None, progress: RunProgress, **spec) -> tuple[int, list[str]]:
    said: list[str] = []
    options = RunOptions(out=out, batch_size=4, resume=bool(spec.pop("resume", False)),
                         argv=["transform", str(src)])
    code = execute(RunSpec(input=str(src), **spec), load_profile("IndE"), options,
                   note=said.append, warn=said.append, progress=progress)
    return code, said


def test_the_run_reports_the_total_and_a_resume_starts_where_it_stopped(tmp_path):
    src = _jsonl(tmp_path / "in.jsonl", 24)
    first = Recorder(stop_at=3)
    code, said = _run(src, tmp_path / "out", first, shard_size=8)
    assert code == 130 and first.starts == [(24, 0)]
    assert "interrupted; 1 finished shard (rows 0-7) is kept in" in said[-1]
    assert said[-1].endswith("--resume")
    again = Recorder()
    code, _ = _run(src, tmp_path / "out", again, shard_size=8, resume=True)
    assert code == 0 and again.starts == [(24, 8)] and again.done == 16


def test_an_interrupt_before_the_first_shard_does_not_suggest_resume(tmp_path):
    src = _jsonl(tmp_path / "in.jsonl", 24)
    code, said = _run(src, tmp_path / "out", Recorder(stop_at=2))
    assert code == 130
    assert "before the first shard (10,000 input rows) was finished, so nothing is kept" in said[-1]
    assert "--resume" not in said[-1] and "0 finished" not in said[-1]
    code, _ = _run(src, tmp_path / "out", Recorder())  # the same command again, as it says
    assert code == 0


def test_stdout_runs_report_their_real_duration(tmp_path, capsys):
    src = _jsonl(tmp_path / "in.jsonl", 12)
    code, said = _run(src, None, Recorder(delay=0.2), format="auto")
    assert code == 0
    seconds = float(re.search(r"-> stdout in ([\d.]+)s", said[-1]).group(1))
    assert seconds >= 0.6  # three batches of at least 0.2 s each
    assert len(capsys.readouterr().out.splitlines()) == 12


# ------------------------------------------------------------------------------ wording


def test_one_missing_feature_is_said_in_the_singular(tmp_path):
    missing = next(name for name in catalog() if name not in registry())
    mine = tmp_path / "mine.yaml"
    mine.write_text(f"abbreviation: mine\nfeatures:\n  uninflect: 1.0\n  {missing}: 0.6\n")
    result = runner.invoke(app, ["transform", str(_jsonl(tmp_path / "in.jsonl", 3)), "--dialect",
                                 str(mine), "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert f"1 of the 2 features of mine has no rule yet and is skipped: {missing}" in result.output


def test_explain_counts_the_features_with_no_site_and_lists_them_when_verbose():
    args = ["apply", "She doesn't know where he lives.", "--dialect", "ChcE", "--explain"]
    short = runner.invoke(app, args).output
    line = next(r for r in short.splitlines() if r.startswith("no site in this text"))
    assert re.fullmatch(r"no site in this text: \d+ feature\(s\) \(--verbose lists them\)", line)
    full = runner.invoke(app, [*args, "--verbose"]).output
    listed = next(r for r in full.splitlines() if r.startswith("no site in this text"))
    count = int(re.search(r"\d+", line).group())
    assert listed.startswith(f"no site in this text ({count}):") and "," in listed


def test_a_closed_stderr_drops_the_notes_and_the_run_ends_as_usual(tmp_path):
    """``multivalue transform ... 2>&1 | head -1``: once stderr's reader has gone, every note
    and warning is dropped (here from the very first: a pipe with no reader) and the run goes on
    to its own exit code."""
    import os
    import subprocess
    import sys

    source = tmp_path / "in.jsonl"
    lines = [json.dumps({"id": k, "text": TEXTS[k % 3], "n": 2 ** 70}) for k in range(4)]  # a note: JSON lines
    source.write_text("\n".join(lines[:2] + ["{not json"] + lines[2:]) + "\n")  # a warning: exit 3
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    for options in ([], ["--workers", "2"]):
        out = tmp_path / f"out{len(options)}"
        reader, writer = os.pipe()
        os.close(reader)  # the reader is gone before the run writes anything
        try:
            done = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(source), "-d", "IndE",
                                   "-o", str(out), *options], stderr=writer, stdout=subprocess.DEVNULL, env=env,
                                  timeout=600)
        finally:
            os.close(writer)
        assert done.returncode == 3  # done, one line listed in errors.jsonl
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["state"] == "complete" and manifest["counts"]["written"] == 4


def test_a_run_started_with_stderr_closed_ends_as_usual(tmp_path):
    """``multivalue transform ... 2>&-``: the process has no stderr at all (Python's
    ``sys.stderr`` is None); the notes go nowhere and the run writes its folder as usual."""
    import os
    import subprocess
    import sys

    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"id": k, "text": TEXTS[k % 3]}) + "\n" for k in range(4)))
    out = tmp_path / "out"
    done = subprocess.run([sys.executable, "-m", "multivalue_cli", "transform", str(source), "-d", "IndE",
                           "-o", str(out)], stdout=subprocess.DEVNULL, preexec_fn=lambda: os.close(2),
                          env={**os.environ, "HF_HUB_OFFLINE": "1"}, timeout=600)
    assert done.returncode == 0
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["state"] == "complete" and manifest["counts"]["written"] == 4
