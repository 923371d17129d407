"""A run writes and deletes only inside its own output folder, only the files it owns, never
through a symbolic link, and refuses names that lead elsewhere (``--overwrite`` of someone
else's folder, links planted in the folder, an input inside it, a hostile manifest). A refusal
is exit 2, one line on stderr, and the folder exactly as it was."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from multivalue_cli.io.writers import ShardFile, atomic_write_text

ENV = {**os.environ, "HF_HUB_OFFLINE": "1"}
TEXTS = ["She is going to the market.", "They have been there before.", "He does not like it."]


def cli(*args, fault: str | None = None) -> subprocess.CompletedProcess:
    env = {**ENV, **({"MULTIVALUE_FAULT": fault} if fault else {})}
    return subprocess.run([sys.executable, "-m", "multivalue_cli", *map(str, args)], env=env,
                          capture_output=True, text=True)


@pytest.fixture
def records(tmp_path) -> Path:
    path = tmp_path / "in.jsonl"
    path.write_text("".join(json.dumps({"id": k, "text": TEXTS[k % 3]}) + "\n" for k in range(6)))
    return path


def transform(records: Path, out: Path, *more, fault: str | None = None) -> subprocess.CompletedProcess:
    return cli("transform", records, "-d", "IndE", "-o", out, "--quiet", *more, fault=fault)


def tree(root: Path) -> dict:
    """Everything under ``root`` (links as links, not followed): path -> link target or bytes."""
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            if path.is_symlink():
                found[str(path.relative_to(root))] = ("link", os.readlink(path))
            elif path.is_file():
                found[str(path.relative_to(root))] = path.read_bytes()
            else:
                found[str(path.relative_to(root))] = "folder"
    return found


def refused(result: subprocess.CompletedProcess, words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stderr.count("\n") == 1 and words in result.stderr, result.stderr
    assert "Traceback" not in result.stderr


# ----------------------------------------------------------------------- --overwrite


def test_overwrite_refuses_a_folder_that_is_not_a_multivalue_output(records, tmp_path):
    project = tmp_path / "project"
    (project / "data").mkdir(parents=True)
    (project / "README.md").write_text("my notes\n")
    (project / "manifest.json").write_text('{"name": "my project", "state": "complete"}\n')
    (project / "data" / "train-00000-of-00001.parquet").write_bytes(b"not ours")
    before = tree(project)
    refused(transform(records, project, "--overwrite"), "not the output folder of a multivalue run")
    assert tree(project) == before  # nothing deleted, nothing written (not even a lock)


def test_overwrite_replaces_only_the_files_a_run_owns(records, tmp_path):
    out = tmp_path / "out"
    assert transform(records, out).returncode == 0
    (out / "notes.txt").write_text("mine")
    (out / "data" / "labels.csv").write_text("mine too")
    (out / "edits" / "train-00000-of-00002.parquet.bak").write_text("and mine")
    assert transform(records, out, "--overwrite", "--seed", "1").returncode == 0
    assert (out / "notes.txt").read_text() == "mine"
    assert (out / "data" / "labels.csv").read_text() == "mine too"
    assert (out / "edits" / "train-00000-of-00002.parquet.bak").read_text() == "and mine"
    assert json.loads((out / "manifest.json").read_text())["run"]["seed"] == 1
    assert sorted(p.name for p in (out / "data").iterdir()) == ["labels.csv", "train-00000-of-00001.parquet"]


def test_overwrite_removes_links_in_the_folder_never_what_they_point_to(records, tmp_path):
    out = tmp_path / "out"
    assert transform(records, out).returncode == 0
    elsewhere = {}
    for name in ("data", "edits", ".work"):
        target = tmp_path / f"elsewhere-{name.strip('.')}"
        target.mkdir()
        (target / "train-00000-of-00001.parquet").write_text("precious")  # named as a shard of ours
        (target / "data-00000.parquet").write_text("precious")
        if (out / name).exists():
            for child in (out / name).iterdir():
                child.unlink()
            (out / name).rmdir()
        (out / name).symlink_to(target, target_is_directory=True)
        elsewhere[name] = (target, tree(target))
    assert transform(records, out, "--overwrite").returncode == 0
    for name, (target, before) in elsewhere.items():
        assert tree(target) == before, name
    assert not (out / "data").is_symlink() and not (out / "edits").is_symlink()
    assert pq.read_table(out / "data").num_rows == 6
    assert cli("verify", records, out).returncode == 0


def test_a_link_planted_in_an_interrupted_run_is_never_written_through(records, tmp_path):
    out = tmp_path / "out"
    args = ["--shard-size", "2", "--batch-size", "2"]
    assert transform(records, out, *args, fault="between-shards:2").returncode != 0
    target = tmp_path / "elsewhere"
    target.mkdir()
    (target / "keep.txt").write_text("precious")
    (out / "data").symlink_to(target, target_is_directory=True)  # final shards would go there
    stale = tmp_path / "stale.txt"
    stale.write_text("precious")
    (out / ".work" / "errors-00009.jsonl").symlink_to(stale)  # a resume removes unlisted files
    assert transform(records, out, *args, "--resume").returncode == 0
    assert tree(target) == {"keep.txt": b"precious"} and stale.read_text() == "precious"
    assert not (out / "data").is_symlink() and pq.read_table(out / "data").num_rows == 6


def test_an_input_inside_the_output_folder_is_refused(records, tmp_path):
    out = tmp_path / "out"
    assert transform(records, out, "--format", "jsonl").returncode == 0
    inside = out / "data" / "train-00000-of-00001.jsonl"
    before = tree(out)
    refused(cli("transform", inside, "-d", "IndE", "-o", out, "--overwrite", "--quiet"),
            "lies inside the output folder")
    assert tree(out) == before


def test_a_manifest_naming_files_elsewhere_is_refused_on_resume(records, tmp_path):
    out = tmp_path / "out"
    assert transform(records, out, "--shard-size", "2", fault="between-shards:2").returncode != 0
    victim = tmp_path / "victim.txt"
    victim.write_text("precious")
    manifest = json.loads((out / "manifest.json").read_text())
    if manifest["shards"]:  # the manifest lists the finished shards ...
        manifest["shards"][0]["files"][0] = "../../victim.txt"
        (out / "manifest.json").write_text(json.dumps(manifest))
    else:  # ... or the shard journal does, until the manifest takes it over
        journal = out / ".work" / "shards.jsonl"
        lines = journal.read_text().splitlines()
        first = json.loads(lines[0])
        first["files"][0] = "../../victim.txt"
        journal.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    before = tree(out)
    refused(transform(records, out, "--shard-size", "2", "--resume"), "not one of the run's own")
    assert victim.read_text() == "precious"
    after = tree(out)
    assert after.pop(".lock") and before.pop(".lock")  # the killed run's lock names the new owner
    assert after == before


# ----------------------------------------------------------------------- planted links


def test_links_planted_at_the_lock_and_temporary_names_leave_their_targets_unchanged(records, tmp_path):
    out = tmp_path / "out"
    assert transform(records, out).returncode == 0
    targets = {}
    for name in (".lock", ".manifest.json.tmp", ".README.md.tmp"):
        target = tmp_path / f"target{name}"
        target.write_text("precious")
        (out / name).symlink_to(target)
        targets[name] = target
    assert transform(records, out, "--overwrite").returncode == 0
    assert all(t.read_text() == "precious" for t in targets.values())
    assert not any((out / name).is_symlink() for name in targets)


def test_a_link_at_a_temporary_name_is_replaced_on_resume(records, tmp_path):
    """A resume writes the manifest again without clearing the folder first."""
    out = tmp_path / "out"
    assert transform(records, out, "--shard-size", "2", fault="between-shards:2").returncode != 0
    targets = [tmp_path / "manifest-target", tmp_path / "lock-target"]
    for target in targets:
        target.write_text("precious")
    (out / ".manifest.json.tmp").symlink_to(targets[0])
    (out / ".lock").unlink(missing_ok=True)
    (out / ".lock").symlink_to(targets[1])
    assert transform(records, out, "--shard-size", "2", "--resume").returncode == 0
    assert [t.read_text() for t in targets] == ["precious", "precious"]


@pytest.mark.parametrize("fmt", ["parquet", "jsonl"])
def test_atomic_writers_never_follow_a_link_at_their_temporary_name(tmp_path, fmt):
    target = tmp_path / "target.txt"
    target.write_text("precious")
    (tmp_path / ".shard.tmp").symlink_to(target)
    (tmp_path / ".notes.tmp").symlink_to(target)
    shard = ShardFile(tmp_path / "shard", fmt, pa.schema([("text", pa.string())]))
    shard.write([{"text": "a"}])
    shard.close()
    atomic_write_text(tmp_path / "notes", "new")
    assert target.read_text() == "precious"
    assert (tmp_path / "notes").read_text() == "new" and (tmp_path / "shard").is_file()


def test_review_export_overwrites_only_a_review_folder(records, tmp_path):
    """A project folder that merely holds a README.md is not an earlier export to replace."""
    out, project = tmp_path / "out", tmp_path / "project"
    assert transform(records, out).returncode == 0
    project.mkdir()
    (project / "README.md").write_text("my project\n")
    (project / "code.py").write_text("print(1)\n")
    before = tree(project)
    refused(cli("review", "export", out, "-o", project, "--overwrite"), "holds no review export")
    assert tree(project) == before
    review = tmp_path / "review"
    assert cli("review", "export", out, "-o", review).returncode == 0
    (review / "judgments-ana.json").write_text("{}")
    (review / "review.json").unlink()  # an export that stopped before its last file
    assert cli("review", "export", out, "-o", review, "--overwrite").returncode == 0
    assert (review / "judgments-ana.json").read_text() == "{}" and (review / "review.json").is_file()
