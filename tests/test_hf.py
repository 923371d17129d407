"""`multivalue_cli.hf.hf_map`: `datasets.map` gives what `multivalue transform` writes."""
import json
import pickle
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.fields import select
from multivalue_cli.hf import hf_map

SAMPLE = Path(__file__).parent.parent / "multivalue_cli" / "data" / "sample.jsonl"
FIXTURES = Path(__file__).parent / "fixtures"


def transform(*args) -> list[dict]:
    out = Path(args[args.index("-o") + 1])
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code in (0, 3), result.output  # 3: some records passed through unchanged
    return pq.read_table(out / "data").to_pylist()


def load(path: Path, tmp_path: Path) -> datasets.Dataset:
    return datasets.Dataset.from_json(str(path), cache_dir=str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def cli_inde(tmp_path_factory) -> list[dict]:
    return transform("--dialect", "IndE", "-o", tmp_path_factory.mktemp("hf") / "inde")


def test_batched_map_equals_the_command_line(cli_inde, tmp_path):
    mapped = load(SAMPLE, tmp_path).map(hf_map(dialect="IndE"), batched=True, with_indices=True,
                                        batch_size=37, load_from_cache_file=False)
    assert mapped.to_list() == cli_inde
    assert sum(a["text"] != b["text"] for a, b in zip(mapped, load(SAMPLE, tmp_path))) > 100


def test_map_with_two_processes_equals_the_command_line(cli_inde, tmp_path):
    mapped = load(SAMPLE, tmp_path).map(hf_map(dialect="IndE", fields=["text"]), batched=True,
                                        with_indices=True, num_proc=2, load_from_cache_file=False)
    assert mapped.to_list() == cli_inde


def test_unbatched_map_equals_the_command_line(cli_inde, tmp_path):
    ds = load(SAMPLE, tmp_path).select(range(25))
    mapped = ds.map(hf_map(dialect="IndE"), with_indices=True, load_from_cache_file=False)
    assert mapped.to_list() == cli_inde[:25]


def test_seed_and_profile_options_match_the_command_line(tmp_path):
    cli = transform("--dialect", "ChcE", "--seed", 5, "--density", 0.5, "--limit", 60, "-o", tmp_path / "o")
    ds = load(SAMPLE, tmp_path).select(range(60))
    mapped = ds.map(hf_map(dialect="ChcE", seed=5, density=0.5), batched=True, with_indices=True,
                    load_from_cache_file=False)
    assert mapped.to_list() == cli


@pytest.mark.parametrize("fixture,path", [("dialog.jsonl", "dialog.turns[*].text"),
                                          ("coqa_hf.jsonl", "questions")])
def test_nested_fields_match_the_command_line(fixture, path, tmp_path):
    cli = transform(FIXTURES / fixture, "--field", path, "--dialect", "Multi", "-o", tmp_path / "o")
    mapped = load(FIXTURES / fixture, tmp_path).map(
        hf_map(dialect="Multi", fields=[path]), batched=True, with_indices=True, load_from_cache_file=False)
    got = [select(r, [path])[0] for r in mapped.to_list()]
    want = [select(r, [path])[0] for r in cli]
    assert got == want
    original = [select(r, [path])[0] for r in load(FIXTURES / fixture, tmp_path).to_list()]
    assert got != original


def test_without_indices_it_refuses_to_guess_the_keys(tmp_path):
    ds = load(SAMPLE, tmp_path).select(range(4))
    with pytest.raises(TypeError, match="with_indices=True"):
        ds.map(hf_map(dialect="IndE"), batched=True, load_from_cache_file=False)


def test_records_that_cannot_be_transformed_are_left_unchanged(tmp_path):
    rows = [{"q": "He speaks English.", "y": 1}, {"q": None, "y": 2}, {"q": "She sings.", "y": 3}]
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    mapped = load(path, tmp_path).map(hf_map(features=["uninflect"], fields="q"), batched=True,
                                      with_indices=True, load_from_cache_file=False)
    assert mapped["q"] == ["He speak English.", None, "She sing."]
    assert mapped["y"] == [1, 2, 3]


def test_a_string_with_a_lone_surrogate_is_left_unchanged_as_on_the_command_line(caplog):
    """Not Unicode text: the command line passes such a record through unchanged, and so does
    the mapper (it used to hand the string to the parser)."""
    mapper = hf_map(features=["uninflect"], fields="q")
    batch = {"q": ["He speaks English.", "He speaks \udc80 English."]}
    assert mapper(batch, [0, 1]) == {"q": ["He speak English.", "He speaks \udc80 English."]}
    assert "row 1 left unchanged: q: not Unicode text" in caplog.text


def test_a_missing_column_is_named(tmp_path):
    ds = load(SAMPLE, tmp_path).select(range(2))
    with pytest.raises(KeyError, match="question"):
        ds.map(hf_map(dialect="IndE", fields=["question"]), batched=True, with_indices=True,
               load_from_cache_file=False)


def test_the_mapper_pickles_without_its_pipeline():
    mapper = hf_map(dialect="IndE", fields=["text"], seed=3)
    mapper({"text": ["He speaks English."]}, [0])  # loads spaCy
    clone = pickle.loads(pickle.dumps(mapper))
    assert clone.transformer._nlp is None and clone.fields == ("text",)
    assert clone({"text": ["He speaks English."]}, [0]) == mapper({"text": ["He speaks English."]}, [0])
