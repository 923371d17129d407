"""`multivalue transform` end to end: determinism, label preservation, output layout, errors."""
import gzip
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app

FIXTURES = Path(__file__).parent / "fixtures"
runner = CliRunner()


def transform(*args: str):
    return runner.invoke(app, ["transform", *map(str, args), "--quiet"])


def read_out(out: Path) -> tuple[pa.Table, pa.Table, dict]:
    data = pq.read_table(out / "data")
    log = pq.read_table(out / "edits")
    manifest = json.loads((out / "manifest.json").read_text())
    return data, log, manifest


# --------------------------------------------------------------------- determinism


def test_output_is_the_same_for_any_worker_count_and_batch_size(tmp_path):
    outs = []
    for k, (workers, batch) in enumerate([(1, 256), (2, 256), (2, 7), (1, 1)]):
        out = tmp_path / f"out{k}"
        result = transform("--dialect", "IndE", "--seed", "3", "-o", out, "--workers", workers,
                           "--batch-size", batch)
        assert result.exit_code == 0, result.output
        outs.append(read_out(out))
    data0, log0, manifest0 = outs[0]
    assert manifest0["counts"]["texts_changed"] > 0
    for k in range(1, 4):  # the files themselves, not only their contents
        for part in ("data", "edits"):
            first = sorted((tmp_path / "out0" / part).iterdir())
            other = sorted((tmp_path / f"out{k}" / part).iterdir())
            assert [f.read_bytes() for f in first] == [f.read_bytes() for f in other]
    for data, log, manifest in outs[1:]:
        assert data.equals(data0)
        assert log.equals(log0)
        assert manifest["counts"] == manifest0["counts"]


def test_a_different_seed_gives_a_different_output(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    assert transform("--dialect", "IndE", "--seed", "1", "-o", a).exit_code == 0
    assert transform("--dialect", "IndE", "--seed", "2", "-o", b).exit_code == 0
    assert not read_out(a)[0].equals(read_out(b)[0])


# --------------------------------------------------------------------- labels are preserved


def _parquet_copy(tmp_path: Path, fixture: str) -> Path:
    """A Parquet version of a JSON fixture, so the input has a declared Arrow schema."""
    text = (FIXTURES / fixture).read_text()
    if fixture.endswith(".jsonl"):
        records = [json.loads(line) for line in text.splitlines() if line.strip()]
    else:
        loaded = json.loads(text)
        records = loaded["data"] if isinstance(loaded, dict) else loaded
    # Like the hub's copy of Spider, the Parquet version has no `sql` column: its lists mix
    # numbers and strings, which Arrow cannot type.
    records = [{k: v for k, v in r.items() if k != "sql"} for r in records]
    path = tmp_path / (fixture.split(".")[0] + ".parquet")
    pq.write_table(pa.Table.from_pylist(records), path)
    return path


def _assert_only_fields_changed(before: pa.Table, after: pa.Table, changed_columns: set[str]):
    assert after.schema == before.schema, "Arrow types must be unchanged"
    assert after.num_rows == before.num_rows
    for name in before.column_names:
        if name not in changed_columns:
            assert after.column(name).equals(before.column(name)), name


@pytest.mark.parametrize(
    "fixture,task,column,derived",
    [("coqa_original.json", "coqa", "questions", None), ("coqa_hf.jsonl", "coqa", "questions", None),
     ("spider.json", "spider", "question", "question_toks")],
)
def test_only_the_selected_fields_change(tmp_path, fixture, task, column, derived):
    source = _parquet_copy(tmp_path, fixture)
    out = tmp_path / "out"
    result = transform(source, "--task", task, "--dialect", "Multi", "-o", out)
    assert result.exit_code == 0, result.output
    before = pq.read_table(source)
    after, log, manifest = read_out(out)
    _assert_only_fields_changed(before, after, {column, derived})
    if derived:  # rebuilt from the new text where it changed, else as it was
        from multivalue_cli.io.tokenize import tokenize

        for b, a, toks_b, toks_a in zip(before.column(column).to_pylist(), after.column(column).to_pylist(),
                                        before.column(derived).to_pylist(), after.column(derived).to_pylist()):
            assert toks_a == (toks_b if a == b else tokenize(a))
    assert manifest["counts"]["texts_changed"] > 0
    # a list of questions keeps its length; nested non-text values stay as they were
    for b, a in zip(before.column(column).to_pylist(), after.column(column).to_pylist()):
        if isinstance(b, list):
            assert len(a) == len(b)
            for qb, qa in zip(b, a):
                if isinstance(qb, dict):
                    assert {k: v for k, v in qb.items() if k != "input_text"} == \
                           {k: v for k, v in qa.items() if k != "input_text"}
    assert set(log.column("field").to_pylist()) <= {
        p for p in log.column("field").to_pylist() if p.startswith(column)
    }


def test_json_inputs_keep_every_other_value_byte_identical(tmp_path):
    out = tmp_path / "out"
    assert transform(FIXTURES / "coqa_original.json", "--task", "coqa", "--dialect", "Multi",
                     "-o", out).exit_code == 0
    records = json.loads((FIXTURES / "coqa_original.json").read_text())["data"]
    written = pq.read_table(out / "data").to_pylist()
    for before, after in zip(records, written):
        for key in before:
            if key != "questions":
                assert json.dumps(after[key], sort_keys=True) == json.dumps(before[key], sort_keys=True)


def test_spider_json_with_untypable_values_is_written_as_json_lines_unchanged(tmp_path):
    out = tmp_path / "out"
    result = transform(FIXTURES / "spider.json", "--task", "spider", "--dialect", "Multi", "-o", out)
    assert result.exit_code == 0, result.output
    (shard,) = (out / "data").iterdir()
    assert shard.name == "train-00000-of-00001.jsonl"
    records = json.loads((FIXTURES / "spider.json").read_text())
    written = [json.loads(line) for line in shard.read_text().splitlines()]
    assert len(written) == len(records)
    changed = 0
    for before, after in zip(records, written):
        assert set(before) == set(after)
        for key in before:
            if key not in ("question", "question_toks"):  # question_toks is rebuilt
                assert json.dumps(after[key]) == json.dumps(before[key]), key
        changed += after["question"] != before["question"]
    assert changed > 0


def test_output_loads_with_datasets(tmp_path):
    import datasets

    out = tmp_path / "out"
    assert transform("--dialect", "ChcE", "-o", out).exit_code == 0
    ds = datasets.load_dataset("parquet", data_dir=str(out / "data"), split="train")
    assert len(ds) == 240
    assert set(ds.column_names) == {"id", "text", "label"}


def test_keep_original_adds_a_column(tmp_path):
    out = tmp_path / "out"
    assert transform("--dialect", "IndE", "--keep-original", "-o", out).exit_code == 0
    data = pq.read_table(out / "data")
    assert "text_original" in data.column_names
    changed = [r for r in data.to_pylist() if r["text"] != r["text_original"]]
    assert changed


def test_edit_log_spans_point_into_the_original_text(tmp_path):
    out = tmp_path / "out"
    assert transform("--dialect", "IndE", "--keep-original", "-o", out).exit_code == 0
    data, log, _ = read_out(out)
    originals = data.column("text_original").to_pylist()
    for edit in log.to_pylist():
        assert originals[edit["key"]][edit["start"]:edit["end"]] == edit["before"]


def test_stdin_to_stdout_pipeline(tmp_path):
    lines = "".join(json.dumps({"q": t, "y": k}) + "\n" for k, t in
                    enumerate(["He speaks English.", "She doesn't know.", "Do they sing?"]))
    result = runner.invoke(app, ["transform", "-", "--field", "q", "--feature", "uninflect",
                                 "-o", "-", "--no-log", "--quiet"], input=lines)
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["y"] for r in rows] == [0, 1, 2]
    assert rows[0]["q"] == "He speak English."
    assert rows[1]["q"] == "She don't know."
    assert rows[2]["q"] == "Do they sing?"


def test_gzipped_jsonl_and_nested_paths(tmp_path):
    path = tmp_path / "d.jsonl.gz"
    with gzip.open(path, "wt") as f:
        f.write(json.dumps({"dialog": {"turns": [{"text": "He speaks English.", "who": "a"},
                                                 {"text": "She sings.", "who": "b"}]}}) + "\n")
    out = tmp_path / "out"
    result = transform(path, "--field", "dialog.turns[*].text", "--feature", "uninflect", "-o", out)
    assert result.exit_code == 0, result.output
    data, log, _ = read_out(out)
    turns = data.to_pylist()[0]["dialog"]["turns"]
    assert [t["text"] for t in turns] == ["He speak English.", "She sing."]
    assert [t["who"] for t in turns] == ["a", "b"]
    assert log.column("field").to_pylist() == ["dialog.turns[0].text", "dialog.turns[1].text"]


# --------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "args,message",
    [
        (["--dialect", "IndEE"], "did you mean IndE"),
        (["--feature", "uninflekt"], "did you mean uninflect"),
        (["--dialect", "IndE", "--field", "txt"], "text"),
        (["missing.jsonl", "--dialect", "IndE"], "missing.jsonl"),
        (["--dialect", "IndE", "--task", "nope"], "coqa"),
        ([], "--dialect"),
    ],
)
def test_errors_are_clear_and_exit_non_zero(tmp_path, args, message):
    result = runner.invoke(app, ["transform", *args, "-o", str(tmp_path / "o"), "--quiet"])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_malformed_jsonl_line_is_reported_with_its_line_number(tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"text": "He speaks."}\n{"text": oops}\n')
    result = transform(path, "--dialect", "IndE", "-o", tmp_path / "o")
    assert result.exit_code != 0
    assert "bad.jsonl" in result.output and "2" in result.output


def test_refuses_to_write_into_a_non_empty_folder(tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "keep.txt").write_text("mine")
    result = transform("--dialect", "IndE", "-o", out)
    assert result.exit_code == 2 and "--overwrite" in result.output
    result = transform("--dialect", "IndE", "-o", out, "--overwrite")  # not a run's output: refused too
    assert result.exit_code == 2 and "not the output folder of a multivalue run" in result.output
    assert [p.name for p in out.iterdir()] == ["keep.txt"] and (out / "keep.txt").read_text() == "mine"


def test_unreachable_hub_dataset_fails_fast(tmp_path, monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    result = transform("hf:someone/some-dataset", "--dialect", "IndE", "-o", tmp_path / "o")
    assert result.exit_code == 2
    assert "someone/some-dataset" in result.output and "Traceback" not in result.output


# --------------------------------------------------------------------- other commands


def test_apply_prints_text_and_json():
    result = runner.invoke(app, ["apply", "He speaks English.", "--feature", "uninflect"])
    assert result.exit_code == 0 and result.stdout.strip() == "He speak English."
    result = runner.invoke(app, ["apply", "--feature", "170", "--json"], input="He speaks.\nShe sings.\n")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["output"] for r in rows] == ["He speak.", "She sing."]
    assert rows[0]["edits"][0]["feature"] == "uninflect"


def test_dialects_and_features_list_as_json():
    dialects = json.loads(runner.invoke(app, ["dialects", "--json"]).stdout)
    assert {"IndE", "ChcE"} <= {d["abbreviation"] for d in dialects}
    features = json.loads(runner.invoke(app, ["features", "--json"]).stdout)
    assert any(f["name"] == "uninflect" and f["ewave"] == 170 for f in features)


def test_apply_explain_shows_edits_and_why_others_did_not_fire():
    result = runner.invoke(app, ["apply", "She doesn't know where he lives.", "--dialect", "ChcE",
                                 "--seed", "2", "--explain"])
    assert result.exit_code == 0, result.output
    assert "uninflect" in result.output or "dont" in result.output
    assert "no site in this text" in result.output and "sampled out" in result.output


def test_version_and_help_list_exit_codes():
    assert runner.invoke(app, ["--version"]).stdout.startswith("multivalue ")
    help_text = runner.invoke(app, ["transform", "--help"]).stdout
    assert "Exit codes" in help_text and "130/143" in help_text


@pytest.mark.parametrize("what", [["--dialect", "UAAVE"], ["--errors", "learner", "--error-rate", "0.2"],
                                  ["--dialect", "UAAVE", "--errors", "learner"]])
def test_the_parse_cache_never_changes_the_output(tmp_path, what):
    """Templated input (a few texts, many times, under many record keys): the cached run, the
    uncached one and a tiny cache split over two workers write the same bytes (the cache
    keeps each text's rule sites and learner candidates, and the calibration pass's)."""
    texts = ["She doesn't know where he lives.", "The teacher gave the students a test.",
             "Who is the tallest person in the class?", "They have been waiting for hours."]
    src = tmp_path / "templated.jsonl"
    src.write_text("".join(json.dumps({"id": k, "text": texts[k % 4], "q": texts[(k // 4) % 4]}) + "\n"
                           for k in range(240)))
    digests = []
    for extra in ([], ["--no-cache"], ["--cache-size", "2", "--workers", "2", "--batch-size", "16"]):
        out = tmp_path / f"out{len(digests)}"
        result = transform(src, "--field", "text", "--field", "q", *what, "-o", out, *extra)
        assert result.exit_code == 0, result.output
        digests.append([(p.name, p.read_bytes()) for folder in ("data", "edits")
                        for p in sorted((out / folder).iterdir())])
    assert digests[0] == digests[1] == digests[2]


def test_transformer_results_are_the_same_with_and_without_the_cache():
    from multivalue_cli import Transformer

    texts = ["He speaks English.", "She doesn't know.", "He speaks English."] * 5
    keys = list(range(len(texts)))
    cached = Transformer(dialect="IndE", seed=1).explain_many(texts, keys=keys)
    plain = Transformer(dialect="IndE", seed=1, cache_size=0).explain_many(texts, keys=keys)
    assert [(r.text, r.edits) for r in cached] == [(r.text, r.edits) for r in plain]


def test_the_parse_cache_keeps_at_most_its_characters_of_text():
    from multivalue_cli.engine.parsing import ParseCache

    cache = ParseCache(size=100, chars=10)
    for text in ("aaaa", "bbbb", "cc"):
        cache.put(text, object())
    assert cache.kept_chars == 10 and cache.get("aaaa") is not None  # now the most recent
    cache.put("dddd", object())  # over 10 characters: the least recently used goes
    assert cache.get("bbbb") is None and cache.get("aaaa") is not None
    assert cache.kept_chars == 10
    cache.put("dddd", object())  # the same text again is not counted twice
    assert cache.kept_chars == 10


def test_kept_parses_carry_no_token_vectors():
    """A parse's vectors are a view of its whole batch's array: a kept parse with them held
    the batch's memory (264 MB for 2,000 cached texts instead of 24 MB)."""
    from multivalue_cli import Transformer

    t = Transformer(dialect="IndE", seed=1)
    texts = ["He speaks English.", "The teacher gave the students a test."]
    t.explain_many(texts)
    kept = [t._cache.get(text) for text in texts]
    assert all(p is not None and p.doc.tensor.size == 0 for p in kept)
    assert [tok.tag_ for tok in kept[0].doc] == ["PRP", "VBZ", "NNP", "."]


def test_windows_hold_a_few_thousand_characters_or_a_few_long_texts():
    """Texts are parsed a window at a time: at most so many texts and characters, but never
    fewer than WINDOW_MIN_TEXTS texts for want of room (pieces of a book parse together)."""
    from multivalue_cli.engine.chunking import WINDOW_MIN_TEXTS, text_windows as _windows

    short = ["x" * 100] * 700
    windows = list(_windows(list(range(700)), short, 256, 25_000))
    assert [len(w) for w in windows] == [250, 250, 200]  # 25,000 characters each
    assert [k for w in windows for k in w] == list(range(700))
    assert [len(w) for w in _windows(list(range(700)), short, 64, 25_000)][:2] == [64, 64]
    pieces = ["y" * 20_000] * 12
    windows = list(_windows(list(range(12)), pieces, 256, 25_000))
    assert [len(w) for w in windows] == [WINDOW_MIN_TEXTS, WINDOW_MIN_TEXTS, 12 - 2 * WINDOW_MIN_TEXTS]
    mixed = ["z" * 20_000, "a" * 10, "b" * 30_000, "c" * 10]
    assert list(_windows([0, 1, 2, 3], mixed, 256, 25_000, min_texts=1)) == [[0, 1], [2], [3]]
