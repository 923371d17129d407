"""The split of a local file comes from its name when that names one usual split."""
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.sources import open_source, split_from_names

runner = CliRunner()


@pytest.mark.parametrize("names,split", [
    (["spider_dev_half.json"], "validation"), (["dev.jsonl"], "validation"),
    (["coqa-dev-v1.0.json"], "validation"), (["validation.parquet"], "validation"),
    (["my_training_data.jsonl"], "train"), (["test.jsonl.gz"], "test"),
    (["train-00000-of-00002.parquet", "train-00001-of-00002.parquet"], "train"),
    (["spider.json"], None), (["device_logs.jsonl"], None), (["contest.jsonl"], None),
    (["train_test_mix.jsonl"], None), (["train-0.parquet", "test-0.parquet"], None),
])
def test_usual_split_names_are_read_off_file_names(names, split):
    found = split_from_names(names)
    assert (found[0] if found else None) == split


def _spider_like(path):
    path.write_text(json.dumps([{"question": "How many singers do we have?", "query": "SELECT 1"},
                                {"question": "What is the name of the oldest singer?", "query": "x"}]))
    return path


def test_a_dev_file_becomes_the_validation_split_and_the_run_says_so(tmp_path):
    source = _spider_like(tmp_path / "spider_dev.json")
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(source), "--field", "question", "--dialect",
                                 "CollSgE", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "split 'validation', from 'dev' in the file name (spider_dev.json)" in result.output
    assert [p.name for p in (out / "data").iterdir()] == ["validation-00000-of-00001.parquet"]
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["input"]["split"] == "validation"
    assert 'split="validation"' in (out / "README.md").read_text()
    assert runner.invoke(app, ["verify", str(source), str(out)]).exit_code == 0


def test_split_names_the_output_whatever_the_file_name(tmp_path):
    source = _spider_like(tmp_path / "spider_dev.json")
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(source), "--field", "question", "--dialect",
                                 "IndE", "--split", "heldout", "-o", str(out)])
    assert result.exit_code == 0 and "from 'dev'" not in result.output
    assert [p.name for p in (out / "data").iterdir()] == ["heldout-00000-of-00001.parquet"]
    assert open_source(str(_spider_like(tmp_path / "spider.json"))).split == "train"


def test_a_folder_of_parquet_shards_keeps_their_split(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    for k in range(2):
        pq.write_table(pa.table({"text": ["He speaks."]}), folder / f"test-0000{k}-of-00002.parquet")
    source = open_source(str(folder))
    assert source.split == "test" and "2 files named test" in source.split_note
