"""One text, one rewrite: a text-keyed field (a shared context) is rewritten alike wherever its
text occurs, by both stages, keeping what every occurrence protects; whatever the workers,
batches, shards or interruptions."""
import json
import os
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest

from multivalue_cli.tasks import load_task
from run_folders import cli, lines, written

FIXTURES = Path(__file__).parent / "fixtures"
BBQ = FIXTURES / "bbq_shared.jsonl"
BOTH = ["-d", "IndE", "--errors", "learner", "--error-rate", "0.2"]


def readings(inputs: list[dict], outputs: list[dict], name: str) -> dict[str, set[str]]:
    found = defaultdict(set)
    for before, after in zip(inputs, outputs):
        found[before[name]].add(after[name])
    return found


@pytest.fixture(scope="module")
def bbq(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("same") / "bbq"
    cli("transform", BBQ, "--task", "bbq", *BOTH, "-o", out, "-q")
    return out


def test_a_shared_context_reads_the_same_in_all_its_rows(bbq):
    inputs, outputs = lines(BBQ), written(bbq)
    found = readings(inputs, outputs, "context")
    assert len(found) == 5 and all(len(v) == 1 for v in found.values())
    assert all(before not in after for before, after in found.items())  # every context changed
    assert "ok:" in cli("verify", BBQ, bbq).output
    manifest = json.loads((bbq / "manifest.json").read_text())
    assert manifest["protection"]["key_by_text"] == ["context"]
    assert "| rewritten alike wherever their text recurs" in (bbq / "README.md").read_text()


def test_each_occurrence_keeps_what_any_occurrence_protects(bbq):
    """Only row 5 names "waited" among its answers; row 0, with the same context, keeps it too
    (it is rewritten "waits" where nothing protects it)."""
    outputs = written(bbq)
    assert "waited" in lines(BBQ)[0]["context"] and outputs[0]["context"] == outputs[5]["context"]
    assert "waited" in outputs[0]["context"]


def test_without_text_keys_the_rows_of_a_context_differ(tmp_path):
    out = tmp_path / "rows"
    cli("transform", BBQ, "--field", "context", *BOTH, "-o", out, "-q")
    found = readings(lines(BBQ), written(out), "context")
    assert any(len(v) > 1 for v in found.values())
    out = tmp_path / "texts"
    cli("transform", BBQ, "--field", "context", "--key-by-text", "context", *BOTH, "-o", out, "-q")
    assert all(len(v) == 1 for v in readings(lines(BBQ), written(out), "context").values())


def test_text_keys_do_not_depend_on_workers_batches_or_shards(bbq, tmp_path):
    out = tmp_path / "split"
    cli("transform", BBQ, "--task", "bbq", *BOTH, "-o", out, "-q", "--workers", 2, "--batch-size", 3,
        "--shard-size", 4)
    assert written(out) == written(bbq)
    assert written(out, "edits") == written(bbq, "edits")


def test_an_interrupted_run_resumes_to_the_same_output(bbq, tmp_path):
    out = tmp_path / "killed"
    args = [sys.executable, "-m", "multivalue_cli", "transform", str(BBQ), "--task", "bbq", *BOTH,
            "-o", str(out), "-q", "--shard-size", "3", "--batch-size", "2"]
    env = {**os.environ, "MULTIVALUE_FAULT": "between-shards:2"}
    assert subprocess.run(args, env=env, capture_output=True).returncode == -9
    assert subprocess.run([*args, "--resume"], capture_output=True).returncode == 0
    assert written(out) == written(bbq)


def test_a_list_field_keyed_by_text_rewrites_equal_elements_alike(tmp_path):
    question = "Where did the man who had lost his keys go after he left the house?"
    source = tmp_path / "lists.jsonl"
    source.write_text("".join(json.dumps({"questions": [question, "What is it?", question]}) + "\n"
                              for _ in range(3)))
    out = tmp_path / "out"
    cli("transform", source, "--field", "questions", "--key-by-text", "questions", "-d", "Multi", "-o", out, "-q")
    texts = {q for r in written(out) for q in (r["questions"][0], r["questions"][2])}
    assert len(texts) == 1 and texts != {question}


def test_a_key_by_text_field_must_be_rewritten(tmp_path):
    output = cli("transform", BBQ, "--field", "context", "--key-by-text", "question", "-d", "IndE",
                 "-o", tmp_path / "o", code=2).output
    assert "--key-by-text question: not a rewritten field" in output


def test_the_presets_with_shared_contexts_key_them_by_text():
    assert {name: load_task(name).key_by_text for name in ("squad", "coqa", "bbq", "spider", "wmt")} == {
        "squad": ("context",), "coqa": ("story",), "bbq": ("context",), "spider": (), "wmt": ()}
    shown = cli("tasks", "show", "squad").output
    assert "rewritten alike wherever its text recurs (draws keyed by the text): context" in shown
    assert "start=answers.answer_start, span=answers.text" in shown
