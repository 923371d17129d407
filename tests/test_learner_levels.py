"""Learner-error levels from W&I+LOCNESS: the generated profiles, --error-level and
`multivalue errors`, per-field calibration and figures, and the report of a learner-only run."""
from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli import Transformer
from multivalue_cli.cli import app
from multivalue_cli.learner import ErrorProfileError, LearnerInjector, load_error_profile
from multivalue_cli.learner.profile import ALL_LABELS, LEVELS

ROOT = Path(__file__).resolve().parent.parent
STATS = ROOT.parent / "shared" / "learner" / "wi_locness_stats.md"
runner = CliRunner()

# From the statistics file: edits of the four types / tokens, per level.
RATES = {"A": 11616 / 202375, "B": 10135 / 261837, "C": 4113 / 228364, "N": 249 / 23117}


# --------------------------------------------------------------------------- the profiles


@pytest.mark.parametrize("level", LEVELS)
def test_level_profiles_hold_the_corpus_figures(level):
    profile = load_error_profile(level=level.lower())
    assert profile.level == level and profile.name == f"learner-{level}"
    assert profile.rate == pytest.approx(RATES[level], abs=1e-5)
    shares = profile.shares()
    assert sum(shares.values()) == pytest.approx(1.0, abs=1e-3)
    assert set(shares) <= set(ALL_LABELS)
    counts = profile.raw["source"]
    assert counts["edits"] == round(RATES[level] * counts["tokens"]) or level == "N"
    assert "Bryant" in profile.citation


def test_level_b_shares_and_confusions_are_the_files():
    profile = load_error_profile(level="B")
    assert profile.shares()["R:PREP"] == pytest.approx(1841 / 10135, abs=1e-3)
    assert profile.shares()["U:VERB:FORM"] == pytest.approx(69 / 10135, abs=1e-3)
    assert profile.commonest["R:PREP"]["on -> in"] == 157
    # weighted by counts, smoothed towards the hand-picked sets: "on" mostly becomes "in"
    on = profile.confusions["prep"]["on"]
    assert max(on, key=on.get) == "in" and on["in"] > 0.9 and on["about"] > 0
    # a word learners get wrong more often per use weighs more than a common one
    assert profile.site_weight("R:PREP", "on") > profile.site_weight("R:PREP", "of") > 1
    assert profile.site_weight("R:PREP", "during") == 1.0
    # no gender-changing confusion is injected, though the corpus has "her -> his"
    assert all(w not in ("his", "her") for alts in profile.confusions["det"].values() for w in alts)


def test_levels_differ_as_the_corpus_does():
    a, c, n = (load_error_profile(level=x) for x in "ACN")
    assert a.rate > c.rate > n.rate
    assert a.mix["verb"] > c.mix["verb"] and n.mix["spell"] > 0.4


def test_the_default_pools_the_learner_levels():
    profile = load_error_profile()
    assert profile.level is None and profile.rate == pytest.approx((11616 + 10135 + 4113) / (202375 + 261837 + 228364), abs=1e-5)
    assert profile.shares()["R:PREP"] == pytest.approx((1746 + 1841 + 898) / (11616 + 10135 + 4113), abs=1e-3)


def test_user_profile_extends_a_level(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("extends: C\nmix: {prep: 1}\nconfusions:\n  prep:\n    \"on\": {\"in\": 3, \"at\": 1}\n")
    profile = load_error_profile(path)
    assert profile.level == "C" and profile.mix["prep"] == 1.0
    assert profile.confusions["prep"]["on"] == {"in": 0.75, "at": 0.25}
    assert profile.confusions["prep"]["at"] == load_error_profile(level="C").confusions["prep"]["at"]
    path.write_text("extends: D\n")
    with pytest.raises(ErrorProfileError, match="unknown level 'D'"):
        load_error_profile(path)
    with pytest.raises(ErrorProfileError, match="expected one of A, B, C, N"):
        load_error_profile(level="X")


@pytest.mark.skipif(not STATS.exists(), reason="the W&I+LOCNESS statistics file is not beside the project")
def test_regenerating_the_profiles_gives_the_committed_files(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_error_profiles.py"), "--stats", str(STATS),
                             "--out", str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    learner = ROOT / "multivalue_cli" / "learner"
    for name in [*(f"levels/{x}.yaml" for x in LEVELS), "default_errors.yaml"]:
        assert (tmp_path / name).read_text() == (learner / name).read_text(), name


# --------------------------------------------------------------------------- injection


def test_the_availability_correction_brings_the_labels_to_the_level():
    """Sites for some labels are rarer than the corpus's errors of them (few texts have an
    infinitival "to" to drop): uncorrected, the injected ERRANT types drift from level B's;
    fitted on the texts, they come within a total variation distance of 0.12 on these short
    texts, where some labels have too few sites even for the largest factor (an independent
    check with ERRANT on real prose is scripts/learner_check.py)."""
    from collections import Counter
    from dataclasses import replace

    from multivalue_cli.learner.calibrate import fit_adjust
    from tests.test_learner import corpus_texts

    t = Transformer(error_level="B", error_rate=0.1, seed=3)
    texts = corpus_texts()
    items = t.learner_inputs(texts, list(range(len(texts))), ["text"] * len(texts), [()] * len(texts))
    shares = load_error_profile(level="B").shares()

    def tvd(config) -> float:
        injector = LearnerInjector(config)
        counts = Counter(e.feature for doc, key, path, spans, *_ in items
                         for e in injector.inject(doc, key, path, spans).edits)
        total = sum(counts.values())
        return sum(abs(counts[l] / total - shares.get(l, 0)) for l in set(counts) | set(shares)) / 2

    fitted = replace(t.errors, adjust=fit_adjust(t.errors, items))
    assert dict(fitted.adjust)["U:VERB:FORM"] > 1  # its sites are rare here
    before, after = tvd(t.errors), tvd(fitted)
    assert after <= 0.12 and after < before / 2, (before, after)


def test_learner_edit_spans_are_the_words():
    t = Transformer(errors="learner", error_rate=0.3, seed=3)
    found = set()
    for text in ["She went to the market with her friends.", "People say that life is hard in the city.",
                 "He has finished the work and wants to go home now."]:
        result = t.explain(text)
        for e in result.edits:
            assert e.before == text[e.start:e.end]
            if e.before and e.after:  # a replacement: the words, not their trailing space
                assert not e.before[-1].isspace() and not e.after[-1].isspace(), e
            if not e.before:  # an insertion: an empty span before the next word
                assert e.start == e.end and e.after.endswith(" ")
            found.add("insert" if not e.before else "delete" if not e.after else "replace")
    assert "replace" in found


# --------------------------------------------------------------------------- command line


def transform(*args) -> tuple[int, str]:
    result = runner.invoke(app, ["transform", *map(str, args), "--quiet"])
    return result.exit_code, result.output


def test_error_level_gives_the_levels_rate_unless_one_is_asked_for(tmp_path):
    code, output = transform("--error-level", "B", "-o", tmp_path / "b")
    assert code == 0, output
    learner = json.loads((tmp_path / "b" / "manifest.json").read_text())["learner"]
    assert learner["target"] == pytest.approx(RATES["B"], abs=1e-4) and learner["level"] == "B"
    assert learner["error_types"] == ["det", "prep", "verb", "spell"]
    assert abs(learner["achieved_mean"] - learner["target"]) <= 0.01
    code, output = transform("--errors", "learner", "--error-level", "C", "--error-rate", "0.2", "-o", tmp_path / "c")
    assert code == 0, output
    learner = json.loads((tmp_path / "c" / "manifest.json").read_text())["learner"]
    assert learner["target"] == 0.2 and learner["level"] == "C" and learner["profile"].startswith("level C")
    rows = {r["label"]: r for r in learner["summary"]["distribution"]}
    assert rows["R:PREP"]["profile"] == pytest.approx(load_error_profile(level="C").shares()["R:PREP"], abs=1e-3)


def test_a_bad_level_is_a_usage_error(tmp_path):
    code, output = transform("--error-level", "Z", "-o", tmp_path / "z")
    assert code == 2 and "unknown level 'Z'" in output and "Traceback" not in output
    assert not (tmp_path / "z").exists()


def test_errors_lists_and_shows_the_levels():
    listed = runner.invoke(app, ["errors"])
    assert listed.exit_code == 0 and "5.74%" in listed.output and "native writers" in listed.output
    shown = runner.invoke(app, ["errors", "show", "B", "--json"])
    info = json.loads(shown.output)
    assert info["rate"] == pytest.approx(RATES["B"], abs=1e-4)
    assert info["types"][0] == {"label": "R:PREP", "share": pytest.approx(0.1817, abs=1e-3),
                                "per_1000_tokens": pytest.approx(7.0, abs=0.1)}
    assert {"confusion": "on -> in", "count": 157} in info["commonest"]["R:PREP"]
    table = runner.invoke(app, ["errors", "show", "b"])
    assert table.exit_code == 0 and "on -> in 157" in table.output
    bad = runner.invoke(app, ["errors", "show", "nosuch"])
    assert bad.exit_code == 2 and "neither a level" in bad.output


def test_apply_takes_a_level():
    result = runner.invoke(app, ["apply", "She went to the market with her friends in the morning.",
                                 "--error-level", "A", "--error-rate", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["edits"]


@pytest.fixture(scope="module")
def two_fields(tmp_path_factory) -> Path:
    """Records with an instruction and an input of different lengths (from the test corpus)."""
    from tests.test_learner import corpus_texts

    texts = list(dict.fromkeys(corpus_texts()))
    short = [t for t in texts if len(t.split()) <= 9]
    long = [t for t in texts if len(t.split()) > 9]
    rows = [{"id": k, "instruction": s, "input": f"{a} {b}"}
            for k, (s, a, b) in enumerate(zip(short, long[::2], long[1::2]))]
    assert len(rows) >= 300
    path = tmp_path_factory.mktemp("fields") / "prompts.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.slow
@pytest.mark.parametrize("rate", ["0.05", "0.2"])
def test_each_selected_field_meets_the_target(two_fields, tmp_path, rate):
    code, output = transform(two_fields, "--field", "instruction", "--field", "input", "--errors", "learner",
                             "--error-rate", rate, "-o", tmp_path / "o")
    assert code == 0, output
    learner = json.loads((tmp_path / "o" / "manifest.json").read_text())["learner"]
    fields = learner["fields"]
    assert set(fields) == {"instruction", "input"} and set(learner["boosts"]) == {"instruction", "input"}
    log = pq.read_table(tmp_path / "o" / "edits").to_pylist()
    for name, part in fields.items():
        assert part["texts"] >= 300
        assert abs(part["achieved_mean"] - float(rate)) <= 0.01, (name, part)
        assert part["edits"] == sum(1 for e in log if e["field"] == name)
        assert sum(part["per_label"].values()) == part["edits"]
    assert learner["summary"]["edits"] == len(log) == sum(f["edits"] for f in fields.values())


# --------------------------------------------------------------------------- the report


def test_the_report_of_a_learner_only_run_is_clean(tmp_path):
    out = tmp_path / "o"
    code, output = transform("--errors", "learner", "--error-rate", "0.1", "-o", out)
    assert code == 0, output
    manifest = json.loads((out / "manifest.json").read_text())
    log = pq.read_table(out / "edits").to_pylist()
    assert manifest["learner"]["summary"]["edits"] == len(log) > 100
    result = runner.invoke(app, ["report", str(out), "--html", str(out / "report.html")])
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text()
    for text in (result.output, page):
        assert "None" not in text and "(uncategorised)" not in text
        assert "learner: preposition" in text and "learner: determiner" in text
        assert not re.search(r"\d\.\d{6,}", text), "a rate printed with too many digits"
    assert "<h1>multivalue report: learner errors (det, prep, verb, spell at 10.00%)</h1>" in page
    assert "R:PREP (None)" not in page and "total variation distance" in page
    summary = json.loads(runner.invoke(app, ["report", str(out), "--json"]).output)
    assert summary["learner_fields"][0]["field"] == "text"
    assert {r["label"] for r in summary["learner_distribution"]["rows"]} >= {"R:PREP", "M:DET"}
    verified = runner.invoke(app, ["verify", "sample", str(out)])
    assert verified.exit_code == 0, verified.output
