"""The presets of the LLM benchmarks (gsm8k, hellaswag, truthfulqa, winogrande, arc, mmlu): each
keeps what its labels need on fixtures of our own, under two dialects; ``hf_map(task=...)``,
``transform_records`` and ``Transformer(task=...)`` give the command line's rows; the
lm-evaluation-harness group written beside the data has the harness's shape and reads the data."""
import importlib.util
import json
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
import yaml
from typer.testing import CliRunner

from multivalue_cli import Transformer, hf_map, transform_records
from multivalue_cli.cli import app
from multivalue_cli.reports.verify import verify
from multivalue_cli.tasks import list_tasks, load_task

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
PRESETS = ["gsm8k", "hellaswag", "truthfulqa", "winogrande", "arc", "mmlu"]
DIALECTS = ["UAAVE", "IndE"]
HARNESS = {"gsm8k": ["gsm8k"], "hellaswag": ["hellaswag"], "truthfulqa": ["truthfulqa_gen"],
           "winogrande": ["winogrande"], "arc": ["arc_challenge"], "mmlu": ["mmlu_abstract_algebra"]}


def _label_checks():
    spec = importlib.util.spec_from_file_location("label_checks", ROOT / "scripts" / "label_checks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


LABEL_CHECKS = _label_checks()


def records(name: str) -> list[dict]:
    return [json.loads(line) for line in (FIXTURES / f"{name}.jsonl").read_text("utf-8").splitlines()]


def transform(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    return result.exit_code, result.output


def written(out: Path) -> list[dict]:
    return pq.read_table(out / "data").to_pylist()


@pytest.fixture(scope="module")
def runs(tmp_path_factory) -> dict[tuple[str, str], Path]:
    base = tmp_path_factory.mktemp("presets")
    done = {}
    for preset in PRESETS:
        for dialect in DIALECTS:
            out = base / f"{preset}-{dialect}"
            code, output = transform(FIXTURES / f"{preset}.jsonl", "--task", preset, "-d", dialect, "-o", out)
            assert code == 0, output
            done[preset, dialect] = out
    return done


def test_every_preset_is_listed_and_shown():
    assert set(PRESETS) <= set(list_tasks())
    for preset in PRESETS:
        result = CliRunner().invoke(app, ["tasks", "show", preset, "--json"])
        assert result.exit_code == 0 and json.loads(result.output)["name"] == preset


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("preset", PRESETS)
def test_a_preset_keeps_its_labels_and_protection_and_verifies(runs, preset, dialect):
    out = runs[preset, dialect]
    report = verify(str(FIXTURES / f"{preset}.jsonl"), out)
    assert report.ok, report.problems
    figures = LABEL_CHECKS.check_benchmark(preset, records(preset), written(out))
    problems = {k: v for k, v in figures.items()
                if k in ("other_fields_changed", "protected_lost", "blank_not_once", "numbers_changed",
                         "ctx_wrong") and v}
    assert problems == {}
    assert figures["rows_changed"] >= len(records(preset)) // 2, figures


def test_the_checks_see_what_the_protection_keeps(tmp_path):
    """Without the preset's protection, the features it guards against change the numbers of
    GSM8K questions (a house -> one house, carrots -> carrot) and the options a WinoGrande
    sentence names (30 lamps -> 30 lamp)."""
    for preset, figure in (("gsm8k", "numbers_changed"), ("winogrande", "protected_lost")):
        out = tmp_path / preset
        code, output = transform(FIXTURES / f"{preset}.jsonl", "--task", preset, "-o", out,
                                 "--no-task-protection", "--feature", "indef_one", "--feature", "zero_plural_after_quantifier")
        assert code == 0, output
        assert LABEL_CHECKS.check_benchmark(preset, records(preset), written(out))[figure] > 0


def test_hellaswag_ctx_is_made_from_the_new_parts(runs):
    for before, after in zip(records("hellaswag"), written(runs["hellaswag", "UAAVE"])):
        gap = " " if before["ctx_b"] else ""
        assert after["ctx"] == after["ctx_a"] + gap + after["ctx_b"]
    assert any(b["ctx"] != a["ctx"] for b, a in zip(records("hellaswag"), written(runs["hellaswag", "UAAVE"])))


def test_a_hellaswag_ctx_not_made_of_its_parts_is_listed_and_left_alone(tmp_path):
    rows = records("hellaswag")[:2]
    rows[1]["ctx"] = "Something else entirely."
    source = tmp_path / "h.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, _ = transform(source, "--task", "hellaswag", "-d", "UAAVE", "-o", tmp_path / "out")
    assert code == 3
    errors = [json.loads(line) for line in (tmp_path / "out" / "errors.jsonl").read_text().splitlines()]
    assert [e["row"] for e in errors] == [1] and "ctx is not ctx_a and ctx_b joined" in errors[0]["reason"]
    assert written(tmp_path / "out")[1] == rows[1]
    assert verify(str(source), tmp_path / "out").ok


def test_a_preset_on_the_wrong_data_says_what_it_expected_and_found(tmp_path):
    code, output = transform(FIXTURES / "winogrande.jsonl", "--task", "gsm8k", "-d", "IndE", "-o", tmp_path / "o")
    assert code == 2
    assert "expects the field(s) question" in output and "sentence, option1, option2, answer" in output


def test_truthfulqa_reads_the_authors_csv_layout(tmp_path):
    code, output = transform(FIXTURES / "truthfulqa.csv", "--task", "truthfulqa", "-d", "IndE", "-o", tmp_path / "o")
    assert code == 0, output
    manifest = json.loads((tmp_path / "o" / "manifest.json").read_text())
    assert manifest["fields"] == ["Question"] and "lm_eval" not in manifest  # no harness column
    assert verify(str(FIXTURES / "truthfulqa.csv"), tmp_path / "o").ok


@pytest.mark.parametrize("dialect", DIALECTS)
@pytest.mark.parametrize("preset", PRESETS)
def test_hf_map_with_a_task_gives_the_command_lines_rows(runs, preset, dialect, tmp_path):
    ds = datasets.Dataset.from_json(str(FIXTURES / f"{preset}.jsonl"), cache_dir=str(tmp_path / "cache"))
    mapped = ds.map(hf_map(dialect=dialect, task=preset), batched=True, with_indices=True, batch_size=2,
                    load_from_cache_file=False)
    assert mapped.to_list() == written(runs[preset, dialect])


@pytest.mark.parametrize("preset", PRESETS)
def test_transform_records_with_a_task_gives_the_command_lines_rows(runs, preset):
    rows = records(preset)
    assert transform_records(rows, dialect="IndE", task=preset) == written(runs[preset, "IndE"])
    assert rows == records(preset)  # the inputs are left as they were


def test_a_transformer_with_a_task_keeps_what_the_preset_keeps():
    text = "Maya buys a house for $120,000 and sells half of it to two friends."
    plain = Transformer(features=["indef_one", "zero_plural"]).transform(text)
    kept = Transformer(features=["indef_one", "zero_plural"], task="gsm8k").transform(text)
    assert "one house" in plain and kept == text
    assert "indef_one" in Transformer(dialect="UAAVE").rule_names
    assert "indef_one" not in Transformer(dialect="UAAVE", task="gsm8k").rule_names


def test_the_card_says_what_was_rewritten_kept_and_left_alone(runs):
    card = (runs["winogrande", "IndE"] / "README.md").read_text()
    assert "## Task preset: winogrande" in card
    assert "- Rewritten: `sentence`." in card
    assert "the values of `option1`; the values of `option2`; matches of `_`" in card
    assert "- Left as they were: `option1`, `option2`, `answer`." in card
    gsm = (runs["gsm8k", "IndE"] / "README.md").read_text()
    assert "Features left out: `indef_one`" in gsm and "- Left as they were: `answer`." in gsm
    hella = (runs["hellaswag", "IndE"] / "README.md").read_text()
    assert "- Made again from the new text: ctx from ctx_a and ctx_b, joined as in the input." in hella


@pytest.mark.parametrize("preset", PRESETS)
def test_the_harness_group_has_the_harness_shape_and_reads_the_data(runs, preset, tmp_path):
    out = runs[preset, "UAAVE"]
    manifest = json.loads((out / "manifest.json").read_text())
    (entry,) = manifest["lm_eval"]
    assert entry["name"] == f"{preset}_uaave" and entry["tasks"] == HARNESS[preset]
    config = yaml.safe_load((out / entry["file"]).read_text())
    assert set(config) == {"group", "task", "metadata"} and config["group"] == entry["name"]
    (task,) = config["task"]
    assert task["task"] == HARNESS[preset][0]  # the harness's own task, by name
    assert task["dataset_path"] == "parquet" and task["dataset_name"] is None
    split = manifest["input"]["split"]
    assert task["test_split"] == task["fewshot_split"] == split
    assert task["training_split"] is None and task["validation_split"] is None
    (files,) = task["dataset_kwargs"]["data_files"].values()
    loaded = datasets.load_dataset("parquet", data_files={split: files}, split=split,
                                   cache_dir=str(tmp_path / "cache"))
    assert loaded.to_list() == written(out)
    assert f"--tasks {entry['name']} --include_path" in (out / "README.md").read_text()


def test_the_mmlu_group_introduces_each_question_by_its_subject(runs):
    config = yaml.safe_load((runs["mmlu", "IndE"] / "lm_eval" / "mmlu_inde.yaml").read_text())
    description = config["task"][0]["description"]
    from jinja2 import Template  # as the harness renders a template: the trailing newlines kept

    assert Template(description, keep_trailing_newline=True).render(subject="high_school_chemistry") == \
        "The following are multiple choice questions (with answers) about high school chemistry.\n\n"


def test_no_harness_group_without_a_harness_task_or_for_csv_output(tmp_path):
    code, _ = transform(FIXTURES / "bbq.jsonl", "--task", "bbq", "-d", "IndE", "-o", tmp_path / "bbq")
    assert code == 0 and not (tmp_path / "bbq" / "lm_eval").exists()


def test_every_preset_names_its_harness_task():
    for preset in PRESETS:
        assert [t.task for t in load_task(preset).lm_eval][:1] == HARNESS[preset][:1]


def test_the_truthfulqa_multiple_choice_layout_runs_the_harness_mc_tasks(tmp_path):
    rows = [{"question": "What happens if you swallow chewing gum?",
             "mc1_targets": {"choices": ["It passes through you", "It stays for seven years"], "labels": [1, 0]},
             "mc2_targets": {"choices": ["It passes through you", "It stays for seven years"], "labels": [1, 0]}}]
    source = tmp_path / "mc.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, output = transform(source, "--task", "truthfulqa", "-d", "IndE", "-o", tmp_path / "o")
    assert code == 0, output
    (entry,) = json.loads((tmp_path / "o" / "manifest.json").read_text())["lm_eval"]
    assert entry["tasks"] == ["truthfulqa_mc1", "truthfulqa_mc2"]
    config = yaml.safe_load((tmp_path / "o" / entry["file"]).read_text())
    assert [t["task_alias"] for t in config["task"]] == ["truthfulqa_mc1 (IndE)", "truthfulqa_mc2 (IndE)"]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_harness_itself_loads_the_group(runs, preset):
    """Where lm-evaluation-harness is installed: its task manager finds the group, loads the
    output's rows (the rewritten texts, before the task's own preprocessing) and prompts with
    the rewritten text."""
    tasks = pytest.importorskip("lm_eval.tasks")
    out = runs[preset, "UAAVE"]
    fields = json.loads((out / "manifest.json").read_text())["fields"]
    manager = tasks.TaskManager(include_path=str(out / "lm_eval"))
    (subtasks,) = manager.load_task_or_group([f"{preset}_uaave"]).values()
    for task in subtasks.values():
        docs = list(task.test_docs())
        assert [[doc[f] for f in fields] for doc in docs] == [[row[f] for f in fields] for row in written(out)]
        prompt = task.doc_to_text(docs[0])
        assert any(written(out)[0][f].strip()[:20] in str(prompt) for f in fields) or task.OUTPUT_TYPE == "multiple_choice"


@pytest.mark.parametrize("feature, text", [
    ("no_gender_distinction", "I asked my uncle if he could help us."),
    ("she_inanimate_objects", "The car broke down, so we had to push it home."),
])
def test_winogrande_leaves_out_the_features_that_move_a_pronouns_reference(feature, text):
    from multivalue_cli.transformer import Transformer

    assert Transformer(features=[feature]).transform(text) != text  # the feature fires here ...
    assert Transformer(features=[feature], task="winogrande").transform(text) == text  # ... not in the preset
