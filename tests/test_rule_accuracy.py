"""The measured accuracy of the rules (`multivalue_cli.engine.accuracy`): the shipped tables,
`dialects show`, `--min-accuracy` in `transform` and `apply`, the manifest and the card. The
tables here are fixtures of their own (tests/fixtures/accuracy/), not the shipped ones."""
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.engine import accuracy
from multivalue_cli.engine.accuracy import Measured, Silent, read_rows, table_text
from multivalue_cli.profiles import resolve_profile
from multivalue_cli.reports.card import render_card

FIXTURES = Path(__file__).parent / "fixtures" / "accuracy"
TEXT = "He is going to the market and she is buying the apples."


@pytest.fixture
def tables(monkeypatch):
    """The fixture tables in place of the shipped ones."""
    shipped = {accuracy.ACCURACY_FILE: FIXTURES / "rule_accuracy.tsv",
               accuracy.SILENT_FILE: FIXTURES / "silent_rules.tsv"}
    monkeypatch.setattr(accuracy, "_shipped", lambda name: shipped[name].read_text("utf-8"))
    accuracy.measured.cache_clear()
    accuracy.silent.cache_clear()
    yield
    accuracy.measured.cache_clear()
    accuracy.silent.cache_clear()


def invoke(*args):
    return CliRunner().invoke(app, [*map(str, args)])


def test_the_shipped_tables_are_readable():
    shipped = accuracy.measured()
    assert all(0 <= m.accepted <= m.reviewed for m in shipped.values())
    for entry in accuracy.silent().values():
        assert entry.needs and entry.search, f"{entry.rule}: a silent rule needs its reason and search"


def test_tables_read_and_written_alike(tables):
    found = accuracy.measured()
    assert found["remove_det_definite"].shown() == "75% (9/12)"
    assert found["drop_aux_be_progressive"].accuracy == 1.0
    again = read_rows(table_text(found.values(), Measured), Measured, "again")
    assert again == found
    assert accuracy.silent()["superlative_before_matrix_head"].matches == 0


@pytest.mark.parametrize("text, problem", [
    ("rule\treviewed\n", "expected the columns"),
    ("rule\treviewed\taccepted\tfired\tsalt\tcommit\tdate\tcalibration\nx\ttwelve\t1\t1\ts\tc\td\tk\n", "line 2"),
    ("rule\treviewed\taccepted\tfired\tsalt\tcommit\tdate\tcalibration\nx\t3\t4\t1\ts\tc\td\tk\n", "line 2: accepted"),
    ("rule\treviewed\taccepted\tfired\tsalt\tcommit\tdate\tcalibration\nx\t0\t0\t1\ts\tc\td\tk\n", "line 2: accepted"),
])
def test_a_broken_table_says_where(text, problem):
    with pytest.raises(ValueError, match=problem):
        read_rows(text, Measured, "table.tsv")


def test_left_out_keeps_what_was_measured_at_or_above(tables):
    names = ["drop_aux_be_progressive", "remove_det_definite", "yall"]
    assert accuracy.left_out(names, 0.9, False) == {"remove_det_definite": "75% (9/12)", "yall": "not measured"}
    assert accuracy.left_out(names, 0.9, True) == {"remove_det_definite": "75% (9/12)"}
    assert accuracy.left_out(names, 0.75, True) == {}


def test_a_profile_without_the_rules_measured_below(tables):
    full = resolve_profile("IndE")
    kept = resolve_profile("IndE", min_accuracy=0.9)
    assert set(kept.features) == {"drop_aux_be_progressive"} | {n for n in full.features if n not in
                                                               {r.name for r, _ in full.split()[0]}}
    canonical = kept.canonical()
    assert canonical["accuracy_filter"]["left_out"]["remove_det_definite"] == "75% (9/12)"
    assert "accuracy_filter" not in full.canonical()  # runs without the option: the manifest as before
    with_unmeasured = resolve_profile("IndE", min_accuracy=0.9, include_unmeasured=True)
    assert set(full.features) - set(with_unmeasured.features) == {"remove_det_definite"}


def test_dialects_show_has_an_accuracy_column(tables):
    result = invoke("dialects", "show", "IndE")
    assert result.exit_code == 0, result.output
    assert "Accuracy" in result.output and "75% (9/12)" in result.output
    rows = {r["name"]: r for r in json.loads(invoke("dialects", "show", "IndE", "--json").output)["features"]}
    assert rows["remove_det_definite"]["accuracy"] == {"accepted": 9, "reviewed": 12, "share": 0.75,
                                                        "commit": "abc123def456", "date": "2026-12-06"}
    assert rows["drop_aux_be_progressive"]["accuracy"]["share"] == 1.0
    assert all(r["accuracy"] is None for n, r in rows.items() if n not in
               ("remove_det_definite", "drop_aux_be_progressive"))


def test_dialects_show_marks_a_silent_rule(tables):
    rows = {r["name"]: r for r in json.loads(invoke("dialects", "show", "AppE", "--json").output)["features"]}
    assert rows["superlative_before_matrix_head"]["silent"] == "most closing a relative clause on its noun"
    assert "silent" in invoke("dialects", "show", "AppE").output


def test_apply_leaves_out_the_rules_below(tables):
    assert invoke("apply", "-d", "IndE", TEXT).output.strip() == "He going to market and she buying apples."
    result = invoke("apply", "-d", "IndE", "--min-accuracy", "0.9", TEXT)
    assert result.exit_code == 0
    assert result.stdout.strip() == "He going to the market and she buying the apples."
    assert "leaves out 88 not measured, 1 measured below 0.9" in result.stderr
    assert invoke("apply", "-d", "IndE", "--min-accuracy", "0.7", TEXT).stdout.strip() == \
        "He going to market and she buying apples."


def test_min_accuracy_errors(tables):
    result = invoke("apply", "-d", "IndE", "--include-unmeasured", TEXT)
    assert result.exit_code == 2 and "--include-unmeasured goes with --min-accuracy" in result.stderr
    result = invoke("apply", "-d", "IndE", "--min-accuracy", "1.0", "--only", "remove_det_definite", TEXT)
    assert result.exit_code == 2
    assert "leaves no rule of IndE: 0 not measured, 1 measured below 1" in result.stderr
    result = invoke("apply", "--errors", "det", "--min-accuracy", "0.9", TEXT)
    assert result.exit_code == 2 and "--min-accuracy chooses among its rules" in result.stderr
    assert invoke("apply", "-d", "IndE", "--min-accuracy", "1.5", TEXT).exit_code == 2


def test_transform_says_it_in_the_manifest_and_the_card(tables, tmp_path):
    data = tmp_path / "in.jsonl"
    data.write_text(json.dumps({"text": TEXT}) + "\n" + json.dumps({"text": "She is reading the book."}) + "\n")
    out = tmp_path / "out"
    result = invoke("transform", data, "--field", "text", "-d", "IndE", "--min-accuracy", "0.8", "-o", out)
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    chosen = manifest["profile"]["accuracy_filter"]
    assert chosen["min_accuracy"] == 0.8 and chosen["include_unmeasured"] is False
    assert chosen["left_out"]["remove_det_definite"] == "75% (9/12)"
    assert list(manifest["profile"]["features"]) == ["drop_aux_be_progressive"]
    assert manifest["rule_accuracy"] == {"drop_aux_be_progressive": {
        "accepted": 12, "reviewed": 12, "commit": "abc123def456", "date": "2026-12-06"}}
    card = (out / "README.md").read_text()
    assert "## Measured accuracy of the rules" in card
    edits = manifest["counts"]["edits_per_feature"]["drop_aux_be_progressive"]
    assert f"| `drop_aux_be_progressive` | {edits} | 100% | 12 of 12 |" in card
    assert ("`--min-accuracy 0.8` left out the rules measured below it (1: `remove_det_definite` 75% (9/12)) "
            "and the 88 rule(s) never measured (the manifest lists them).") in card
    assert invoke("verify", data, out).exit_code == 0
    # reproduced from its manifest: the same profile, the same note; the option is the manifest's
    again = tmp_path / "again"
    assert invoke("transform", "--from-manifest", out / "manifest.json", "-o", again).exit_code == 0
    reproduced = json.loads((again / "manifest.json").read_text())["profile"]
    for key in ("features", "hash", "accuracy_filter"):
        assert reproduced[key] == manifest["profile"][key]
    refused = invoke("transform", "--from-manifest", out / "manifest.json", "--min-accuracy", "0.5", "-o", tmp_path / "x")
    assert refused.exit_code == 2 and "--min-accuracy" in refused.stderr


def test_the_card_weighs_the_measured_rules_by_their_edits(tables):
    manifest = {"input": {"description": "in.jsonl"}, "run": {"seed": 0}, "fields": ["text"],
                "profile": {"name": "Indian English", "abbreviation": "IndE", "hash": "h",
                            "features": {"drop_aux_be_progressive": 1.0, "remove_det_definite": 1.0,
                                         "yall": 1.0}},
                "counts": {"texts": 4, "texts_changed": 4, "edits": 9,
                           "edits_per_feature": {"drop_aux_be_progressive": 3, "remove_det_definite": 5,
                                                 "yall": 1}},
                "rule_accuracy": {"drop_aux_be_progressive": {"accepted": 12, "reviewed": 12},
                                  "remove_det_definite": {"accepted": 9, "reviewed": 12}}}
    card = render_card(Path("out"), manifest)
    # (3 * 12/12 + 5 * 9/12) / 8 = 84.4%
    assert "The 8 edits of measured rules come from rules 84.4% accurate, weighted by their edits; " \
           "1 edits come from 1 rule(s) not measured: `yall`." in card
    assert "| `remove_det_definite` | 5 | 75% | 9 of 12 |" in card
    assert "--min-accuracy" not in card


def test_a_card_without_measured_rules_has_no_accuracy_section(tables):
    manifest = {"profile": {"name": "X", "abbreviation": "X", "hash": "h", "features": {"yall": 1.0}},
                "counts": {"edits_per_feature": {"yall": 2}}, "rule_accuracy": {}}
    assert "Measured accuracy" not in render_card(Path("out"), manifest)
