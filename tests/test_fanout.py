"""Many outputs from one parse: several dialects (one configuration each), a mix, variants,
changed rows only. Each output's rows are the rows a run of that dialect alone writes."""
import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.profiles import load_profile
from multivalue_cli.transformer import DialectsTransformer, Transformer, mixed_member

FIXTURES = Path(__file__).parent / "fixtures"
SAMPLE = Path(__file__).parent.parent / "multivalue_cli" / "data" / "sample.jsonl"
THREE = ("IndE", "ChcE", "UAAVE")
runner = CliRunner()


def transform(*args, code: int = 0):
    result = runner.invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code == code, result.output
    return result


def files(folder: Path) -> list[bytes]:
    return [f.read_bytes() for f in sorted(folder.iterdir())]


def rows(folder: Path) -> list[dict]:
    return pq.read_table(folder).to_pylist()


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


@pytest.fixture(scope="module")
def single(tmp_path_factory):
    """The sample in each of THREE alone (seed 3)."""
    made = {}
    for name in THREE:
        out = tmp_path_factory.mktemp("single") / name
        transform("-d", name, "--seed", 3, "-o", out)
        made[name] = out
    return made


# ------------------------------------------------------------------ one configuration per dialect


@pytest.mark.parametrize("options", [("--workers", 1), ("--workers", 2, "--batch-size", 7, "--shard-size", 90)])
def test_each_dialect_is_byte_identical_to_its_run_alone(single, tmp_path, options):
    out = tmp_path / "out"
    transform("-d", ",".join(THREE[:2]), "-d", THREE[2], "--seed", 3, "-o", out, *options)
    sharded = "--shard-size" in options
    for name in THREE:
        if sharded:  # other shards, the same rows
            assert rows(out / name / "data") == rows(single[name] / "data")
            assert rows(out / name / "edits") == rows(single[name] / "edits")
        else:
            assert files(out / name / "data") == files(single[name] / "data")
            assert files(out / name / "edits") == files(single[name] / "edits")
    found = manifest(out)
    assert [d["abbreviation"] for d in found["dialects"]] == list(THREE)
    assert found["dialects"][0]["counts"] == manifest(single["IndE"])["counts"]
    assert not (out / "data").exists() and found["outputs"] is None


def test_a_many_dialect_run_resumes_to_the_same_files(single, tmp_path):
    out = tmp_path / "out"
    args = ["transform", str(SAMPLE), "-d", ",".join(THREE), "--seed", "3", "-o", str(out),
            "--shard-size", "60", "--quiet"]
    env = {"MULTIVALUE_FAULT": "between-shards:2", "HF_HUB_OFFLINE": "1"}
    killed = subprocess.run([sys.executable, "-m", "multivalue_cli", *args], capture_output=True,
                            env={**os.environ, **env})
    assert killed.returncode != 0
    from multivalue_cli.run.journal import finished_shards

    found = manifest(out)  # the finished shards: the manifest's and the journal's after them
    assert found["state"] != "complete" and len(finished_shards(found["shards"], out / ".work")) == 2
    transform(*args[1:-1], "--resume")
    for name in THREE:
        assert rows(out / name / "data") == rows(single[name] / "data")
        assert rows(out / name / "edits") == rows(single[name] / "edits")
    assert runner.invoke(app, ["verify", str(SAMPLE), str(out)]).exit_code == 0


def test_verify_checks_every_dialect(single, tmp_path):
    out = tmp_path / "out"
    transform("-d", "IndE,ChcE", "--seed", 3, "-o", out)
    assert runner.invoke(app, ["verify", str(SAMPLE), str(out)]).exit_code == 0
    (out / "ChcE" / "data" / "train-00000-of-00001.parquet").write_bytes(
        (single["UAAVE"] / "data" / "train-00000-of-00001.parquet").read_bytes())
    result = runner.invoke(app, ["verify", str(SAMPLE), str(out)])
    assert result.exit_code == 1 and "ChcE: row" in result.output and "IndE:" not in result.output


def test_the_card_declares_a_configuration_per_dialect_that_datasets_loads(tmp_path):
    import datasets

    out = tmp_path / "out"
    transform(FIXTURES / "bbq.jsonl", "--task", "bbq", "-d", "IndE,O&SE", "-o", out)
    assert (out / "O&SE" / "data").is_dir()
    card = (out / "README.md").read_text()
    assert "config_name: O&SE" in card and "no default configuration" in card
    loaded = datasets.load_dataset(str(out), "O&SE", split="validation" if "validation" in card else "train",
                                   cache_dir=str(tmp_path / "cache"))
    assert loaded.to_list() == rows(out / "O&SE" / "data")
    edits = datasets.load_dataset(str(out), "IndE-edits", cache_dir=str(tmp_path / "cache"))
    assert list(edits.values())[0].num_rows == pq.read_table(out / "IndE" / "edits").num_rows
    with pytest.raises(ValueError, match="Config name is missing"):
        datasets.load_dataset(str(out), cache_dir=str(tmp_path / "cache"))


def test_all_is_every_bundled_dialect_and_names_count_once(tmp_path):
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", "-d", "all,IndE", "-d", "Indian English", "--limit", "4", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "IndE (in all) is already listed" not in result.output  # all came after nothing
    assert "note: IndE is already listed" in result.output
    assert "note: Indian English (IndE) is already listed" in result.output
    dialects = [d["abbreviation"] for d in manifest(out)["dialects"]]
    assert len(dialects) == 50 and "Multi" not in dialects and len(set(dialects)) == 50
    assert sorted(p.name for p in out.iterdir() if p.is_dir()) == sorted(dialects)


def test_a_one_name_list_keeps_the_single_dialect_layout(tmp_path):
    out = tmp_path / "out"
    transform("-d", "IndE,", "--limit", 5, "-o", out)
    assert (out / "data").is_dir() and "dialects" not in manifest(out)


@pytest.mark.parametrize("args, message", [
    (("-d", "IndE,Chcee"), "did you mean ChcE"),
    (("-d", "IndE=2,ChcE"), "a weight (NAME=WEIGHT) is for --mix"),
    (("-d", "IndE", "--mix", "-d", "ChcE=x"), "not a number"),
    (("--mix", "--errors", "det"), "give them with --dialect"),
    (("-d", "IndE,ChcE", "--feature", "uninflect"), "not both"),
])
def test_bad_dialect_lists_refuse_before_anything_is_written(tmp_path, args, message):
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", *args, "-o", str(out)])
    assert result.exit_code == 2 and message in result.output, result.output
    assert not out.exists()


def test_two_profiles_with_one_abbreviation_refuse(tmp_path):
    own = tmp_path / "mine.yaml"
    own.write_text("abbreviation: IndE\nextends: ChcE\n")
    result = runner.invoke(app, ["transform", "-d", f"IndE,{own}", "-o", str(tmp_path / "out")])
    assert result.exit_code == 2 and "two profiles with the abbreviation IndE" in result.output


def test_an_added_column_the_input_has_refuses_unless_named_otherwise(tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text("".join(json.dumps({"text": "She has went home.", "dialect": "SAE", "variant": 1}) + "\n"
                            for _ in range(3)))
    result = runner.invoke(app, ["transform", str(data), "-d", "IndE,ChcE", "--mix", "-o", str(tmp_path / "a")])
    assert result.exit_code == 2 and "--dialect-column" in result.output and not (tmp_path / "a").exists()
    result = runner.invoke(app, ["transform", str(data), "-d", "IndE", "--variants", "2", "-o", str(tmp_path / "b")])
    assert result.exit_code == 2 and "--variant-column" in result.output
    transform(data, "-d", "IndE,ChcE", "--mix", "--dialect-column", "variety", "-o", tmp_path / "c")
    assert {r["variety"] for r in rows(tmp_path / "c" / "data")} <= {"IndE", "ChcE"}
    assert all(r["dialect"] == "SAE" for r in rows(tmp_path / "c" / "data"))


# ------------------------------------------------------------------ mix, variants, changed rows only


def test_a_mix_takes_each_row_from_its_drawn_dialects_run(single, tmp_path):
    outs = []
    for workers in (1, 2):
        outs.append(tmp_path / f"mix{workers}")
        transform("-d", ",".join(THREE), "--mix", "--seed", 3, "-o", outs[-1], "--workers", workers, "--batch-size", 50)
    assert files(outs[0] / "data") == files(outs[1] / "data")
    mixed = rows(outs[0] / "data")
    alone = {name: rows(single[name] / "data") for name in THREE}
    for k, row in enumerate(mixed):
        name = row.pop("dialect")
        assert name == THREE[mixed_member(3, k, 0, (1.0, 1.0, 1.0))]
        assert row == alone[name][k]
    shares = {name: sum(r["dialect"] == name for r in rows(outs[0] / "data")) / len(mixed) for name in THREE}
    assert all(0.2 < share < 0.47 for share in shares.values()), shares
    assert manifest(outs[0])["counts"]["rows_per_dialect"] == {n: round(s * len(mixed)) for n, s in shares.items()}
    assert runner.invoke(app, ["verify", str(SAMPLE), str(outs[0])]).exit_code == 0


def test_mix_weights_shift_the_shares(tmp_path):
    out = tmp_path / "mix"
    transform("-d", "IndE=4,ChcE=1", "--mix", "-o", out)
    names = [r["dialect"] for r in rows(out / "data")]
    assert names.count("IndE") > 2.5 * names.count("ChcE")
    assert [d["weight"] for d in manifest(out)["dialects"]] == [4.0, 1.0]


def test_variant_0_is_the_plain_run_and_the_others_draw_again(single, tmp_path):
    out = tmp_path / "var"
    transform("-d", "IndE", "--variants", 3, "--seed", 3, "-o", out)
    plain, data = rows(single["IndE"] / "data"), rows(out / "data")
    assert len(data) == 3 * len(plain)
    assert [r["variant"] for r in data] == [0, 1, 2] * len(plain)
    assert [{k: v for k, v in r.items() if k != "variant"} for r in data[::3]] == plain
    differ = sum(len({r["text"] for r in data[3 * k:3 * k + 3]}) > 1 for k in range(len(plain)))
    assert differ > 0.2 * len(plain)
    log = rows(out / "edits")
    assert [{k: v for k, v in e.items() if k != "variant"} for e in log if e["variant"] == 0] == \
        rows(single["IndE"] / "edits")
    assert runner.invoke(app, ["verify", str(SAMPLE), str(out)]).exit_code == 0


def test_changed_only_keeps_the_plain_runs_changed_rows(single, tmp_path):
    out = tmp_path / "changed"
    transform("-d", "ChcE", "--changed-only", "--seed", 3, "-o", out)
    plain = rows(single["ChcE"] / "data")
    changed_rows = sorted({e["key"] for e in rows(single["ChcE"] / "edits")})
    assert rows(out / "data") == [plain[k] for k in changed_rows]
    counts = manifest(out)["counts"]
    assert counts["written"] == len(changed_rows) and counts["left_out"] == len(plain) - len(changed_rows) > 0
    assert "left out as unchanged" in (out / "README.md").read_text()
    assert runner.invoke(app, ["verify", str(SAMPLE), str(out)]).exit_code == 0
    summary = json.loads(runner.invoke(app, ["report", str(out), "--json"]).output)
    assert summary["layout"]["left_out"] == counts["left_out"] and not summary["warnings"]


def test_changed_only_keeps_or_leaves_out_a_pair_whole(tmp_path):
    common = [FIXTURES / "pairs.jsonl", "--field", "sentence", "--pair-key", "pair_id", "-d", "AppE",
              "--density", "0.3"]
    transform(*common, "-o", tmp_path / "plain")
    transform(*common, "--changed-only", "-o", tmp_path / "changed")
    plain = rows(tmp_path / "plain" / "data")
    changed = {e["key"] for e in rows(tmp_path / "plain" / "edits")}
    kept_pairs = {plain[k]["pair_id"] for k in changed}
    assert 0 < len(kept_pairs) < len({r["pair_id"] for r in plain})
    assert rows(tmp_path / "changed" / "data") == [r for r in plain if r["pair_id"] in kept_pairs]
    assert runner.invoke(app, ["verify", str(FIXTURES / "pairs.jsonl"), str(tmp_path / "changed")]).exit_code == 0


def test_many_dialects_on_stdout_are_the_long_form(single):
    result = runner.invoke(app, ["transform", "-d", "IndE,ChcE", "--seed", "3", "-o", "-", "--limit", "30", "--quiet"])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in result.output.splitlines()]
    assert [r.pop("dialect") for r in lines] == ["IndE", "ChcE"] * 30
    assert lines[0::2] == rows(single["IndE"] / "data")[:30] and lines[1::2] == rows(single["ChcE"] / "data")[:30]


def test_report_shows_the_dialects_side_by_side(single, tmp_path):
    out = tmp_path / "out"
    transform("-d", "IndE,ChcE", "--seed", 3, "-o", out)
    summary = json.loads(runner.invoke(app, ["report", str(out), "--json"]).output)
    alone = json.loads(runner.invoke(app, ["report", str(single["ChcE"]), "--json"]).output)
    assert [d["dialect"] for d in summary["dialects"]] == ["IndE", "ChcE"]
    chce = summary["dialects"][1]
    assert (chce["texts_changed"], chce["edits"]) == (alone["texts_changed"], alone["edits"])
    assert summary["dialect_summaries"]["ChcE"]["per_feature"] == alone["per_feature"]
    assert summary["texts"] == 2 * alone["texts"]
    html = tmp_path / "r.html"
    assert runner.invoke(app, ["report", str(out), "--html", str(html)]).exit_code == 0
    page = html.read_text()
    assert 'id="dialects"' in page and "· ChcE</h3>" in page


# ------------------------------------------------------------------ the Python API


def test_dialects_transformer_equals_one_transformer_per_dialect():
    texts = [json.loads(line)["text"] for line in SAMPLE.read_text().splitlines()[:60]]
    many = DialectsTransformer(["IndE", "UAAVE"], seed=2)
    both = many.explain_many(texts, keys=list(range(60)))
    for name in ("IndE", "UAAVE"):
        alone = Transformer(dialect=name, seed=2).explain_many(texts, keys=list(range(60)))
        assert [(r.text, r.edits) for r in both[name]] == [(r.text, r.edits) for r in alone]
    other = many.transform_many(texts, variant=1)["IndE"]
    assert other != [r.text for r in both["IndE"]]


def test_a_rule_that_fails_costs_only_the_dialects_that_have_it(tmp_path, monkeypatch):
    from multivalue_cli.engine import registry

    texts = [json.loads(line)["text"] for line in SAMPLE.read_text().splitlines()[:40]]
    fired = {e.feature for r in Transformer(dialect="ChcE").explain_many(texts) for e in r.edits}
    broken = sorted(fired - set(load_profile("IndE").features))[0]  # a ChcE rule IndE does not run

    def fails(doc, index, **_):
        raise RuntimeError("boom")

    rules = registry.registry()
    monkeypatch.setitem(rules, broken, dataclasses.replace(rules[broken], fn=fails))
    transform("-d", "IndE,ChcE", "-o", tmp_path / "both", "--limit", 40, code=3)
    transform("-d", "IndE", "-o", tmp_path / "inde", "--limit", 40)
    transform("-d", "ChcE", "-o", tmp_path / "chce", "--limit", 40, code=3)
    assert files(tmp_path / "both" / "IndE" / "data") == files(tmp_path / "inde" / "data")
    assert files(tmp_path / "both" / "ChcE" / "data") == files(tmp_path / "chce" / "data")
    failed = (tmp_path / "chce" / "errors.jsonl").read_text()
    assert "boom" in failed and (tmp_path / "both" / "ChcE" / "errors.jsonl").read_text() == failed
    assert not (tmp_path / "both" / "IndE" / "errors.jsonl").exists()
