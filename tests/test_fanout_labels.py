"""Many outputs of one parse carry what a run of one dialect carries: span labels moved with
their text, a shared paragraph rewritten alike, tokens with their label lists, the harness
groups of a preset, the accuracy notes of --min-accuracy; and hf_map(task=...) moves offsets
as --task does."""
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.hf import transform_records

FIXTURES = Path(__file__).parent / "fixtures"
TWO = ("IndE", "UAAVE")
LABELS = FIXTURES / "ner_labels.yaml"  # the class names of the fixture's label lists
runner = CliRunner()


def transform(*args, code: int = 0):
    result = runner.invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code == code, result.output
    return result


def rows(folder: Path) -> list[dict]:
    return pq.read_table(folder).to_pylist()


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text("utf-8").splitlines() if line.strip()]


@pytest.fixture(scope="module")
def squad_runs(tmp_path_factory):
    """The SQuAD fixture under each of TWO alone, and under both in one run (seed 5)."""
    base = tmp_path_factory.mktemp("squad")
    single = {}
    for name in TWO:
        single[name] = base / name
        transform(FIXTURES / "squad_v2.jsonl", "--task", "squad", "-d", name, "--seed", 5, "-o", single[name])
    both = base / "both"
    transform(FIXTURES / "squad_v2.jsonl", "--task", "squad", "-d", ",".join(TWO), "--seed", 5, "-o", both)
    return single, both


def test_span_labels_move_in_every_dialect_as_in_its_run_alone(squad_runs):
    single, both = squad_runs
    changed = 0
    for name in TWO:
        written = rows(both / name / "data")
        assert written == rows(single[name] / "data")
        assert rows(both / name / "edits") == rows(single[name] / "edits")
        for row in written:
            for text, start in zip(row["answers"]["text"], row["answers"]["answer_start"]):
                assert row["context"][start:start + len(text)] == text
        contexts = {}
        for before, after in zip(records(FIXTURES / "squad_v2.jsonl"), written):
            contexts.setdefault(before["context"], set()).add(after["context"])
            changed += before["context"] != after["context"]
        assert all(len(found) == 1 for found in contexts.values())  # a paragraph reads alike in its rows
    assert changed  # the check above saw rewritten contexts
    assert runner.invoke(app, ["verify", str(FIXTURES / "squad_v2.jsonl"), str(both)]).exit_code == 0


def test_tokens_keep_their_labels_in_every_dialect(tmp_path):
    single = {}
    for name in TWO:
        single[name] = tmp_path / name
        transform(FIXTURES / "ner.jsonl", "--task", "ner", "--token-labels", LABELS, "-d", name, "-o", single[name])
    both = tmp_path / "both"
    transform(FIXTURES / "ner.jsonl", "--task", "ner", "--token-labels", LABELS, "-d", ",".join(TWO), "-o", both)
    for name in TWO:
        assert rows(both / name / "data") == rows(single[name] / "data")
    assert runner.invoke(app, ["verify", str(FIXTURES / "ner.jsonl"), str(both)]).exit_code == 0
    transform(FIXTURES / "ner.jsonl", "--task", "ner", "--token-labels", LABELS, "-d", ",".join(TWO), "--format", "conll",
              "-o", tmp_path / "conll", code=2)


def test_a_preset_writes_a_harness_group_per_dialect(tmp_path):
    out = tmp_path / "out"
    transform(FIXTURES / "mmlu.jsonl", "--task", "mmlu", "-d", ",".join(TWO), "-o", out)
    found = json.loads((out / "manifest.json").read_text())["lm_eval"]
    assert [group["name"] for group in found] == [f"mmlu_{name.lower()}" for name in TWO]
    for group, name in zip(found, TWO):
        text = (out / group["file"]).read_text("utf-8")
        assert f"/{name}/data/" in text and (out / name / "data").is_dir()


def test_min_accuracy_is_said_for_each_dialect(tmp_path):
    result = runner.invoke(app, ["transform", str(FIXTURES / "mmlu.jsonl"), "--task", "mmlu",
                                 "-d", ",".join(TWO), "--min-accuracy", "0.5", "--include-unmeasured",
                                 "-o", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    for name in TWO:
        assert f"rule(s) of {name}" in result.output


def test_transform_records_with_a_preset_moves_the_answers_as_the_run_does(squad_runs):
    single, _ = squad_runs
    mapped = transform_records(records(FIXTURES / "squad_v2.jsonl"), dialect="UAAVE", seed=5, task="squad")
    for row in mapped:
        for text, start in zip(row["answers"]["text"], row["answers"]["answer_start"]):
            assert row["context"][start:start + len(text)] == text
    assert mapped == rows(single["UAAVE"] / "data")  # the records, as the run writes them
