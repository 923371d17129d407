"""`multivalue_cli.reports.card`: the dataset card (OUT/README.md) of a finished run."""
import json
import os
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from multivalue_cli.reports.card import render_card, write_card
from multivalue_cli.cli import app


def transform(*args) -> None:
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("card") / "inde"
    transform("--dialect", "IndE", "--limit", 30, "--seed", 7, "-o", out)
    manifest = json.loads((out / "manifest.json").read_text())
    write_card(out, manifest)
    return out, manifest


def front_matter(card: str) -> dict:
    assert card.startswith("---\n")
    return yaml.safe_load(card.split("---\n")[1])


def test_card_is_written_atomically_and_deterministically(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert not list(out.glob(".*.tmp"))
    write_card(out, manifest)
    assert (out / "README.md").read_text("utf-8") == card == render_card(out, manifest)


def test_a_failed_write_keeps_the_previous_card(run, monkeypatch):
    out, manifest = run
    before = (out / "README.md").read_text("utf-8")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_card(out, {**manifest, "fields": ["other"]})
    monkeypatch.undo()
    assert (out / "README.md").read_text("utf-8") == before


def test_front_matter_declares_the_data_files(run):
    out, _ = run
    meta = front_matter((out / "README.md").read_text("utf-8"))
    assert meta["language"] == ["en"]
    default, edits = meta["configs"]
    assert default["config_name"] == "default" and default["default"] is True
    assert default["data_files"] == [{"split": "train", "path": "data/train-*"}]
    assert edits["data_files"] == [{"split": "train", "path": "edits/train-*"}]
    for config in meta["configs"]:
        for entry in config["data_files"]:
            assert list(out.glob(entry["path"]))
    assert meta["size_categories"] == ["n<1K"]


def test_card_says_what_was_done_with_which_profile(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    profile = manifest["profile"]
    assert f"{profile['name']} ({profile['abbreviation']})" in card
    assert profile["hash"] in card
    assert "| seed | 7 |" in card and "`text`" in card
    assert manifest["input"]["description"] in card
    assert manifest["spacy"]["model"] in card and manifest["tool"]["version"] in card
    for name, prob in profile["features"].items():
        assert f"| `{name}` |" in card and card.split(f"| `{name}` |")[1].split("\n")[0].endswith(f"| {prob:g} |")
    assert f"| texts | {manifest['counts']['texts']} |" in card
    assert f"| edits | {manifest['counts']['edits']} |" in card


def test_card_cites_its_sources_and_states_its_limits(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert "Kortmann" in card and "Lunkenheimer" in card and "Ehret" in card and "CC-BY-3.0" in card
    assert "Ziems" in card and "Multi-{VALUE}" in card and "2023" in card
    assert "## Limits" in card and "synthetic" in card and "native-speaker" in card and "lexical" in card
    assert "Learner error" not in card and "Bryant" not in card
    with_learner = render_card(out, {**manifest, "learner": {"types": {"article": {"target": 0.1, "achieved": 0.1}}}})
    assert "Learner error types" in with_learner and "Bryant" in with_learner
    assert "learner-errors" in front_matter(with_learner)["tags"]
    own = render_card(out, {**manifest, "learner": {"citation": "@misc{ours, title={Ours}}"}})
    assert "@misc{ours" in own and "Bryant" not in own


def run_snippets(card: str) -> list[dict]:
    """Execute the card's Python code blocks; return their namespaces."""
    blocks = [b.split("```", 1)[0] for b in card.split("```python\n")[1:]]
    assert len(blocks) == 2
    namespaces = []
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "README.md", "exec"), namespace)
        namespaces.append(namespace)
    return namespaces


def test_the_loading_instructions_work(run):
    import datasets
    import pandas as pd

    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert f'load_dataset("parquet", data_dir="{out.as_posix()}/data", split="train")' in card
    ds = datasets.load_dataset("parquet", data_dir=str(out / "data"), split="train")
    assert len(ds) == 30
    assert len(pd.read_parquet(out / "data")) == 30
    assert len(pd.read_parquet(out / "edits")) == manifest["counts"]["edits"]
    with_datasets, with_pandas = run_snippets(card)
    assert len(with_datasets["ds"]) == len(with_pandas["df"]) == 30
    assert len(with_datasets["edits"]) == len(with_pandas["edits"]) == manifest["counts"]["edits"]
    # the folder itself, through the card's configurations (as on the hub)
    assert len(datasets.load_dataset(str(out), split="train")) == 30
    assert len(datasets.load_dataset(str(out), "edits", split="train")) == manifest["counts"]["edits"]


def test_card_of_a_json_lines_run(tmp_path):
    out = tmp_path / "out"
    transform("--dialect", "IndE", "--limit", 5, "--format", "jsonl", "-o", out)
    manifest = json.loads((out / "manifest.json").read_text())
    write_card(out, manifest)
    card = (out / "README.md").read_text("utf-8")
    assert f'load_dataset("json", data_dir="{out.as_posix()}/data", split="train")' in card
    assert "train-0000k-of-0000N.jsonl" in card
    with_datasets, with_pandas = run_snippets(card)
    assert len(with_datasets["ds"]) == len(with_pandas["df"]) == 5
