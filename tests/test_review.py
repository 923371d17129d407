"""`multivalue review`: export a run for native-speaker reviewers, import their judgments."""
import csv
import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from html_tokens import tokens
from multivalue_cli.cli import app
from multivalue_cli.review import ReviewError
from multivalue_cli.review.judgments import Judgment
from multivalue_cli.review.page import render_review_page, snippet
from multivalue_cli.review.sampling import SampleOptions, sample_run
from multivalue_cli.review.scores import krippendorff_alpha, score
from multivalue_cli.review.validated import write_profile
from multivalue_cli.profiles import resolve_profile

FIXTURES = Path(__file__).parent / "fixtures"


def cli(*args, code: int | None = 0):
    result = CliRunner().invoke(app, [str(a) for a in args])
    if code is not None:
        assert result.exit_code == code, result.output
    return result


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("review-run") / "inde"
    cli("transform", "--dialect", "IndE", "--limit", 80, "-o", out, "--quiet")
    return out


@pytest.fixture(scope="module")
def review(run, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("review") / "r"
    cli("review", "export", run, "-o", folder, "--per-feature", 2, "--controls", 2, "--seed", 3)
    return folder


def items_of(folder: Path) -> list[dict]:
    return [json.loads(line) for line in (folder / "items.jsonl").read_text().splitlines()]


def judgments_file(path: Path, annotator: str, entries: list[dict], review: str | None = None) -> Path:
    data = {"annotator": annotator, "judgments": entries, **({"review": review} if review else {})}
    path.write_text(json.dumps(data))
    return path


# ------------------------------------------------------------------ export


def test_export_writes_every_file_and_is_deterministic(run, review, tmp_path):
    assert {p.name for p in review.iterdir()} == {"index.html", "items.jsonl", "items.csv", "README.md", "review.json"}
    again = tmp_path / "again"
    cli("review", "export", run, "-o", again, "--per-feature", 2, "--controls", 2, "--seed", 3)
    for name in ("index.html", "items.jsonl", "items.csv", "review.json"):
        if name == "review.json":  # the same but for nothing: no path of the review folder is in it
            assert json.loads((again / name).read_text()) == json.loads((review / name).read_text())
        else:
            assert (again / name).read_bytes() == (review / name).read_bytes(), name
    other = tmp_path / "other"
    cli("review", "export", run, "-o", other, "--per-feature", 2, "--controls", 2, "--seed", 4)
    assert (other / "items.jsonl").read_bytes() != (review / "items.jsonl").read_bytes()


def test_items_carry_exact_spans_and_cover_every_feature(run, review):
    items = items_of(review)
    meta = json.loads((review / "review.json").read_text())
    log_counts = json.loads((run / "manifest.json").read_text())["counts"]["edits_per_feature"]
    assert set(meta["features"]) == set(log_counts)
    for name, f in meta["features"].items():
        assert f["in_run"] == log_counts[name]
        assert f["in_review"] >= min(2, f["in_run"]), name  # every feature that fired, K instances
    assert len({i["item"] for i in items}) == len(items)
    for item in items:
        assert set(item) >= {"item", "key", "field", "dialect", "original", "transformed", "edits"}
        assert item["dialect"] == "IndE" and item["field"] == "text"
        for e in item["edits"]:
            assert item["transformed"][e["start"]:e["end"]] == e["after"]
            assert item["original"][e["original_start"]:e["original_end"]] == e["before"]
        if item["control"]:
            assert item["edits"] == [] and item["original"] == item["transformed"]
        else:
            assert item["edits"] and item["original"] != item["transformed"]
    assert sum(i["control"] for i in items) == 2


def test_items_csv_matches_the_jsonl_and_marks_every_edit(review):
    items = items_of(review)
    with open(review / "items.csv", newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    assert [r["item"] for r in rows] == [i["item"] for i in items]
    for row, item in zip(rows, items):
        assert json.loads(row["edits"]) == item["edits"] and row["transformed"] == item["transformed"]
        for e in item["edits"]:
            assert f'data-edits="' in row["html"] and e["edit"] in row["html"]


def test_max_items_keeps_the_rare_features(run):
    full = sample_run(run, SampleOptions(per_feature=3))
    capped = sample_run(run, SampleOptions(per_feature=3, max_items=8))
    assert len(capped.items) == 8 < len(full.items)
    rarest = sorted(full.features, key=lambda f: (full.features[f]["in_run"], f))[:8]
    covered = {e["feature"] for item in capped.items for e in item["edits"]}
    assert set(rarest) <= covered


def test_field_filter_and_nested_paths(tmp_path):
    out = tmp_path / "dialog"
    cli("transform", FIXTURES / "dialog.jsonl", "--field", "dialog.turns[*].text", "--dialect", "UAAVE",
        "-o", out, "--quiet", code=3)
    sample = sample_run(out, SampleOptions(per_feature=5, fields=("dialog.turns[*].text",)))
    assert sample.items and all(i["field"].startswith("dialog.turns[") for i in sample.items)
    assert all(i["key"] != 2 for i in sample.items)  # the record listed in errors.jsonl
    result = cli("review", "export", out, "-o", tmp_path / "r", "--field", "title", code=2)
    assert "changed no text in --field title" in result.output


def test_export_refuses_what_it_cannot_review(run, review, tmp_path):
    assert "holds a review export" in cli("review", "export", run, "-o", review, code=2).output
    cli("review", "export", run, "-o", review, "--overwrite", "--per-feature", 2, "--controls", 2, "--seed", 3)
    busy = tmp_path / "busy"
    busy.mkdir()
    (busy / "notes.txt").write_text("mine")
    assert "not empty" in cli("review", "export", run, "-o", busy, code=2).output
    assert "no manifest.json" in cli("review", "export", tmp_path, "-o", tmp_path / "x", code=2).output
    learner = tmp_path / "learner"
    cli("transform", "--errors", "prep", "--limit", 10, "-o", learner, "--quiet")
    assert "learner errors" in cli("review", "export", learner, "-o", tmp_path / "y", code=2).output


# ------------------------------------------------------------------ scoring


def _items() -> dict[str, dict]:
    def edits(*features):
        return [{"edit": f"e{k}", "feature": f, "ewave": 100 + k} for k, f in enumerate(features, 1)]

    return {"i1": {"control": False, "edits": edits("a", "b")},
            "i2": {"control": False, "edits": edits("a")},
            "i3": {"control": False, "edits": edits("b", "c")},
            "c1": {"control": True, "edits": []}}


def J(annotator, item, wrong=(), acceptable=True):
    return Judgment(annotator, item, tuple(wrong), acceptable, "", f"{annotator}:{item}")


def test_accuracy_transformation_accuracy_ties_and_missing_votes():
    judgments = [
        J("x", "i1", ["e1"], False), J("y", "i1", [], True), J("z", "i1", ["e1"], False),
        J("x", "i2", [], True), J("y", "i2", ["e1"], False),  # z did not judge i2: a tie of two
        J("x", "i3", ["e2"], True), J("y", "i3", [], True), J("z", "i3", [], True),
        J("x", "c1", [], True), J("y", "c1", [], False), J("z", "c1", [], True),
    ]
    r = score(_items(), judgments, min_votes=1)
    # a: i1.e1 wrong by 2 of 3, i2.e1 tie (1-1) -> neither acceptable
    assert r["features"]["a"] == {"accuracy": 0.0, "n": 2, "acceptable": 0, "ewave": 101}
    # b: i1.e2 acceptable 3-0, i3.e1 acceptable 3-0
    assert r["features"]["b"]["accuracy"] == 1.0 and r["features"]["b"]["n"] == 2
    # c: i3.e2 wrong by 1 of 3 -> acceptable
    assert r["features"]["c"]["accuracy"] == 1.0
    # items: i1 not (1 of 3), i2 tie -> not, i3 yes; the control apart
    assert r["transformation_accuracy"] == pytest.approx(1 / 3, abs=1e-4)
    assert r["ties"] == {"edits": 1, "items": 1}
    assert r["controls"] == {"accuracy": 1.0, "n": 1}
    assert r["annotators"] == {"x": 4, "y": 4, "z": 3}
    three = score(_items(), judgments, min_votes=3)  # i2 has two votes: left out
    assert three["features"]["a"]["n"] == 1 and three["items"]["counted"] == 2
    assert three["transformation_accuracy"] == 0.5
    assert score(_items(), judgments, min_votes=4)["features"]["a"]["accuracy"] is None


def test_a_comment_alone_is_no_vote_and_a_wrong_edit_means_not_acceptable(review, tmp_path):
    item = next(i for i in items_of(review) if len(i["edits"]) >= 2)
    path = judgments_file(tmp_path / "j.json", "ana", [
        {"item": item["item"], "wrong_edits": [item["edits"][0]["edit"]], "acceptable": None}])
    data = json.loads(cli("review", "import", review, path, "--json").stdout)
    assert data["transformation_accuracy"] == 0.0 and data["items"]["judged"] == 1
    only_comment = judgments_file(tmp_path / "k.json", "ben", [
        {"item": item["item"], "wrong_edits": [], "acceptable": None, "comment": "not sure"}])
    assert "no judgment" in cli("review", "import", review, only_comment, code=2).output


def _binary_alpha(units: list[list[int]]) -> float:
    """Krippendorff's nominal alpha for 0/1 votes, by its coincidence-matrix formula."""
    pairable = [u for u in units if len(u) >= 2]
    n = sum(len(u) for u in pairable)
    ones = sum(sum(u) for u in pairable)
    disagree = sum(sum(u) * (len(u) - sum(u)) / (len(u) - 1) for u in pairable)
    return 1 - (n - 1) * disagree / (ones * (n - ones))


def test_alpha_matches_the_formula_with_missing_votes():
    votes = {"i1": {"x": 1, "y": 1, "z": 0}, "i2": {"x": 0, "y": 0}, "i3": {"x": 1, "z": 1},
             "i4": {"y": 1, "z": 1, "x": 1}, "i5": {"x": 0, "y": 1}, "i6": {"z": 0}}
    units = [{k: bool(v) for k, v in u.items()} for u in votes.values()]
    expected = _binary_alpha([list(u.values()) for u in votes.values()])
    assert krippendorff_alpha(units, ["x", "y", "z"]) == pytest.approx(expected, abs=1e-4)
    assert krippendorff_alpha(units, ["x"]) is None
    assert krippendorff_alpha([{"x": True, "y": True}, {"x": True, "y": True}], ["x", "y"]) is None


def test_perfect_agreement_and_the_page_format_through_the_cli(review, tmp_path):
    items = items_of(review)
    review_id = json.loads((review / "review.json").read_text())["review"]
    wrong_of = {i["item"]: [e["edit"] for e in i["edits"][:1]] if n % 3 == 0 else []
                for n, i in enumerate(items)}
    files = [judgments_file(tmp_path / f"judgments-{name}.json", name, [
        {"item": i["item"], "wrong_edits": wrong_of[i["item"]], "acceptable": not wrong_of[i["item"]],
         "comment": ""} for i in items], review=review_id) for name in ("ana", "ben", "cy")]
    data = json.loads(cli("review", "import", review, *files, "--min-votes", 3, "--json").stdout)
    assert data["alpha"] == 1.0 and data["alpha_items"] == 1.0
    changed = [i for i in items if not i["control"]]
    assert data["transformation_accuracy"] == pytest.approx(
        sum(not wrong_of[i["item"]] for i in changed) / len(changed), abs=1e-4)
    assert set(data["annotators"]) == {"ana", "ben", "cy"}
    for name, f in data["features"].items():
        instances = [(i, e) for i in items for e in i["edits"] if e["feature"] == name]
        good = sum(e["edit"] not in wrong_of[i["item"]] for i, e in instances)
        assert (f["n"], f["acceptable"]) == (len(instances), good), name


def test_csv_judgments(review, tmp_path):
    item = next(i for i in items_of(review) if len(i["edits"]) >= 2)
    ids = [e["edit"] for e in item["edits"]]
    path = tmp_path / "crowd.csv"
    path.write_text("annotator,item,wrong_edits,acceptable\n"
                    f"ana,{item['item']},{ids[0]};{ids[1]},false\n"
                    f"ben,{item['item']},,true\n"
                    f"cy,{item['item']},{ids[1]},no\n")
    data = json.loads(cli("review", "import", review, path, "--json").stdout)
    first = item["edits"][0]["feature"]
    assert data["items"]["judged"] == 1 and data["transformation_accuracy"] == 0.0
    assert data["features"][first]["n"] >= 1


@pytest.mark.parametrize("entry, message", [
    ({"item": "i000nothere", "wrong_edits": [], "acceptable": True}, "unknown item id 'i000nothere'"),
    ({"item": "ITEM", "wrong_edits": ["e99"], "acceptable": False}, "has no edit e99"),
    ({"item": "ITEM", "wrong_edits": [], "acceptable": "yes"}, "acceptable must be true, false or null"),
])
def test_bad_judgments_are_one_line_errors(review, tmp_path, entry, message):
    item = items_of(review)[0]["item"]
    entry = {k: (item if v == "ITEM" else v) for k, v in entry.items()}
    path = judgments_file(tmp_path / "bad.json", "ana", [entry])
    result = cli("review", "import", review, path, code=2)
    assert message in result.output and "bad.json, judgment 1" in result.output
    assert "Traceback" not in result.output and len(result.output.strip().splitlines()) == 1


def test_other_export_duplicates_and_unreadable_files_are_refused(review, tmp_path):
    item = items_of(review)[0]["item"]
    entry = {"item": item, "wrong_edits": [], "acceptable": True}
    other = judgments_file(tmp_path / "other.json", "ana", [entry], review="0123456789abcdef")
    assert "another review export" in cli("review", "import", review, other, code=2).output
    a = judgments_file(tmp_path / "a.json", "ana", [entry])
    b = judgments_file(tmp_path / "b.json", "ana", [entry])
    assert "judged item" in cli("review", "import", review, a, b, code=2).output
    (tmp_path / "c.json").write_text("{not json")
    assert "not JSON" in cli("review", "import", review, tmp_path / "c.json", code=2).output
    (tmp_path / "d.csv").write_text("who,item\nana,x\n")
    assert "missing column(s) annotator" in cli("review", "import", review, tmp_path / "d.csv", code=2).output
    assert "not a review folder" in cli("review", "import", tmp_path, a, code=2).output
    assert "--min-accuracy" in cli("review", "import", review, a, "--write-profile", tmp_path / "p.yaml", code=2).output


# ------------------------------------------------------------------ validated profile


def _result(accuracies: dict[str, float | None]) -> dict:
    return {"features": {n: {"accuracy": a, "n": 0 if a is None else 10, "acceptable": 0, "ewave": 1}
                         for n, a in accuracies.items()},
            "annotators": {"x": 1}, "items": {"counted": 10}, "min_votes": 1,
            "transformation_accuracy": 0.9, "alpha": 0.5}


@pytest.mark.parametrize("dialect, options", [
    ("IndE", {}),
    ("ChcE", {"exclude": ["uninflect"], "density": 0.5}),
    (None, {"features": ["uninflect", "remove_det_definite", "null_referential_pronouns"]}),
    ("AppE", {}),  # a profile with a variety-specific form
])
def test_the_written_profile_drops_exactly_the_features_below_the_threshold(tmp_path, dialect, options):
    canonical = resolve_profile(dialect, options.get("features"), exclude=options.get("exclude", ()),
                                density=options.get("density")).canonical()
    names = sorted(canonical["features"])
    low, edge, high = names[0], names[1], names[2]
    result = _result({low: 0.5, edge: 0.9, high: 1.0, names[-1]: None})
    path = tmp_path / "validated.yaml"
    dropped = write_profile(path, canonical, result, 0.9)
    assert dropped == [low]  # 0.9 is not below 0.9; unreviewed features stay
    loaded = resolve_profile(str(path)).canonical()
    assert loaded["features"] == {n: p for n, p in canonical["features"].items() if n != low}
    assert loaded["forms"] == {n: f for n, f in canonical["forms"].items() if n != low}
    text = path.read_text()
    assert f"{low}: off  # accuracy 0.50 (n=10) < 0.9" in text
    assert re.search(rf"\n  (# )?{edge}: .*accuracy 0.90 \(n=10\)\n", text)  # kept, with its figures
    if dialect == "IndE":
        assert yaml.safe_load(text)["extends"] == "IndE"


def test_import_writes_a_profile_the_transform_loads_and_report_shows_the_review(run, review, tmp_path):
    items = items_of(review)
    target = next(e["feature"] for i in items for e in i["edits"])
    entries = [{"item": i["item"], "wrong_edits": [e["edit"] for e in i["edits"] if e["feature"] == target],
                "acceptable": True} for i in items]
    files = [judgments_file(tmp_path / f"{n}.json", n, entries) for n in ("ana", "ben")]
    profile = tmp_path / "validated.yaml"
    result = cli("review", "import", review, *files, "--write-profile", profile, "--min-accuracy", 0.95)
    assert "Accuracy per feature" in result.output and target in result.output
    assert target in yaml.safe_load(profile.read_text())["features"]
    out = tmp_path / "again"
    cli("transform", "--dialect", profile, "--limit", 20, "-o", out, "--quiet")
    assert target not in json.loads((out / "manifest.json").read_text())["profile"]["features"]
    recorded = json.loads((review / "results.json").read_text())
    assert recorded["features"][target]["accuracy"] == 0.0 and recorded["turned_off"] == [target]
    report = json.loads(cli("report", run, "--json").stdout)
    assert report["review"]["features"][target]["accuracy"] == 0.0
    assert "Native-speaker review" in cli("report", run).output
    html = tmp_path / "report.html"
    cli("report", run, "--html", html)
    assert 'id="review-features-table"' in html.read_text()


def test_a_new_run_in_the_folder_does_not_show_the_old_review(run, review, tmp_path):
    copy = tmp_path / "copy"
    cli("transform", "--dialect", "IndE", "--limit", 80, "-o", copy, "--quiet")
    folder = tmp_path / "r"
    cli("review", "export", copy, "-o", folder, "--per-feature", 1)
    item = items_of(folder)[0]
    path = judgments_file(tmp_path / "j.json", "ana", [{"item": item["item"], "wrong_edits": [], "acceptable": True}])
    cli("review", "import", folder, path)
    assert json.loads(cli("report", copy, "--json").stdout)["review"] is not None
    cli("transform", "--dialect", "ChcE", "--limit", 10, "-o", copy, "--quiet", "--overwrite")
    assert json.loads(cli("report", copy, "--json").stdout)["review"] is None
    result = cli("review", "import", folder, path, "--run", copy, code=2)
    assert "holds another run" in result.output


def test_sample_run_errors_are_review_errors(tmp_path):
    with pytest.raises(ReviewError, match="no manifest.json"):
        sample_run(tmp_path, SampleOptions())


def test_a_text_repeated_in_the_data_is_shown_once(tmp_path):
    data = tmp_path / "repeated.jsonl"
    data.write_text("".join(json.dumps({"text": t}) + "\n" for t in
                            ["He speaks English."] * 4 + ["She walks to school.", "He speaks French."]))
    out = tmp_path / "run"
    cli("transform", data, "--field", "text", "--feature", "uninflect", "-o", out, "--quiet")
    items = sample_run(out, SampleOptions(per_feature=5)).items
    assert sorted(i["original"] for i in items) == ["He speaks English.", "He speaks French.", "She walks to school."]


# ------------------------------------------------------------------ the page


def _item(ident: str, text: str) -> dict:
    start = text.index("hi")
    return {"item": ident, "original": text, "transformed": text.replace("hi", "ho", 1),
            "edits": [{"edit": "e1", "feature": "f", "ewave": 1, "start": start, "end": start + 2,
                       "original_start": start, "original_end": start + 2, "before": "hi", "after": "ho"}]}


def test_hostile_names_and_texts_stay_text_on_the_review_page():
    text = "He said </script><b>hi</b> & <!--<script>x</script> 'q' \"d\""
    name, abbreviation = "</script><b>", "<!--<script>x</script>"  # the abbreviation is in the page's JSON
    hostile = tokens(render_review_page([_item('i"><b>', text)], "r1", abbreviation, name))
    plain = tokens(render_review_page([_item("i1", "He said hi.")], "r1", "PlE", "Plain English"))
    assert hostile.tags == plain.tags and hostile.tags["script"] == 2
    assert hostile.comments == plain.comments == []
    shown = "".join(hostile.text)
    assert f"Review: {name} ({abbreviation})" in shown and text in shown and text.replace("hi", "ho", 1) in shown
    assert hostile.items == ['i"><b>']
    data = hostile.scripts["review-data"]
    assert not re.search(r"<!--|<script|</script", data, re.IGNORECASE)  # nothing a browser's script tokenizer acts on
    assert json.loads(data) == {"review": "r1", "dialect": abbreviation, "items": [{"item": 'i"><b>', "edits": ["e1"]}]}
    fragment = tokens(snippet(_item("i2", text)))
    assert fragment.tags == tokens(snippet(_item("i2", "He said hi."))).tags and text in "".join(fragment.text)
