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


# a split names files and folders: it must be a plain name, on reading and on writing


def _cli(*args):
    import os
    import subprocess
    import sys

    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)],
                          env={**os.environ, "HF_HUB_OFFLINE": "1"}, capture_output=True, text=True)


def _listing(root):
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


@pytest.mark.parametrize("split", ["../sub", "a/b", "..", ".hidden", "x\\y", "tab\there"])
def test_a_split_that_is_not_a_plain_name_is_refused_before_anything_is_written(tmp_path, split):
    source = tmp_path / "in.jsonl"
    source.write_text('{"text": "She is going to the market."}\n')
    before = _listing(tmp_path)
    result = _cli("transform", source, "-d", "IndE", "-o", tmp_path / "out", "--split", split, "--quiet")
    assert result.returncode == 2 and "is not a plain name" in result.stderr, result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr
    assert _listing(tmp_path) == before  # no output folder, no shard beside data/


def test_a_saved_dataset_dict_naming_a_split_elsewhere_is_refused(tmp_path):
    from datasets import Dataset, DatasetDict

    saved = tmp_path / "saved"
    DatasetDict({"train": Dataset.from_list([{"text": "She is going."}]),
                 "other": Dataset.from_list([{"text": "He has gone."}])}).save_to_disk(str(saved))
    (tmp_path / "other").mkdir()  # the folder "../other" would name, beside the saved one
    for name in ("data-00000-of-00001.arrow", "dataset_info.json", "state.json"):
        (tmp_path / "other" / name).write_bytes((saved / "other" / name).read_bytes())
    index = saved / "dataset_dict.json"
    index.write_text(json.dumps({"splits": ["train", "../other"]}))
    for args in ([], ["--split", "../other"], ["--split", "train"]):
        with pytest.raises(Exception, match="is not a plain name"):
            open_source(str(saved), split=args[1] if args else None)
        result = _cli("transform", saved, "-d", "IndE", "-o", tmp_path / "out", "--quiet", *args)
        assert result.returncode == 2 and "dataset_dict.json: the split '../other' is not a plain name" \
            in result.stderr, result.stderr
        assert not (tmp_path / "out").exists()
