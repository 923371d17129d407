"""`scripts/review_rule.py`: the blind sample of the rules on a pool of benchmark files, the
import of a reviewer's verdicts into the accuracy table, the reasons of the silent rules; and
`scripts/realtext_pool.py`, the pool. On a small folder of benchmark-shaped files of its own."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPTS = ROOT / "scripts"
sys.path.insert(0, str(SCRIPTS))

from realtext_pool import load_pool  # noqa: E402
from review_rule import compare_counts, spread_pick  # noqa: E402

from multivalue_cli.engine.accuracy import Measured, Silent, read_rows  # noqa: E402

HEADER = "rule\treviewed\taccepted\tfired\tsalt\tcommit\tdate\tcalibration\n"


def jsonl(path: Path, rows: list[dict]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), "utf-8")


@pytest.fixture(scope="module")
def realtext(tmp_path_factory) -> Path:
    """One or two texts per source, in each file's own layout."""
    folder = tmp_path_factory.mktemp("realtext")
    (folder / "spider_dev_half.json").write_text(json.dumps([
        {"question": "How many singers do we have?"}, {"question": "How many singers do we have?"}]))
    jsonl(folder / "bbq_x.jsonl", [{"context": "My neighbor and his friend were going to the store.",
                                    "question": "Who was going?"}])
    (folder / "winobias").mkdir()
    (folder / "winobias" / "pro_stereotyped_type2.txt.dev").write_text(
        "1 The [nurse] notified the patient that [her] shift would be ending in an hour.\n")
    jsonl(folder / "dailydialog_half.jsonl", [{"dialog": 1, "turns": ["I am going to the market.", "Who was going?"]}])
    (folder / "squad_v2_dev_excerpt.json").write_text(json.dumps({"data": [{"paragraphs": [
        {"context": "The Normans were going to Normandy.", "qas": [{"question": "Who was going to Normandy?"}]}]}]}))
    (folder / "wnut17_dev.conll").write_text("She\tO\nis\tO\nsinging\tO\n\nok\tO\n")
    for name, field, text in [("gsm8k", "question", "Janet is selling the eggs."),
                              ("arc", "question", "Which planet is going around the sun?"),
                              ("mmlu", "question", "The judge is reading the law."),
                              ("truthfulqa", "question", "What happens if you are eating the seeds?"),
                              ("hellaswag", "ctx", "A man is sitting on a roof."),
                              ("winogrande", "sentence", "The trophy is going into the suitcase because _ is small.")]:
        jsonl(folder / f"{name}_dev_half.jsonl", [{field: text}])
    return folder


def test_the_pool_reads_every_source_once(realtext):
    pool = load_pool(realtext)
    assert list(pool) == ["spider", "bbq", "winobias", "dailydialog", "squad", "wnut17", "gsm8k", "arc",
                          "mmlu", "truthfulqa", "hellaswag", "winogrande"]
    assert pool["spider"] == ["How many singers do we have?"]  # each distinct text once
    assert pool["bbq"] == ["My neighbor and his friend were going to the store.", "Who was going?"]
    assert pool["dailydialog"] == ["I am going to the market."]  # a text of an earlier source is not repeated
    assert pool["winobias"] == ["The nurse notified the patient that her shift would be ending in an hour."]
    assert pool["wnut17"] == ["She is singing", "ok"]
    assert pool["squad"] == ["The Normans were going to Normandy.", "Who was going to Normandy?"]


def test_the_pick_is_spread_over_the_sources_and_changes_with_the_salt():
    changes = {"a": [(f"a{i}", "x") for i in range(20)], "b": [("b1", "y"), ("b2", "y")], "c": []}
    picked = spread_pick(changes, 6, "salt-1", "rule")
    assert len(picked) == 6 and sum(source == "b" for source, _, _ in picked) == 2
    assert picked == spread_pick(changes, 6, "salt-1", "rule")
    other = spread_pick(changes, 6, "salt-2", "rule")
    assert {text for _, text, _ in other} != {text for _, text, _ in picked}
    assert len(spread_pick(changes, 50, "s", "rule")) == 22


def run(*args, check=True) -> subprocess.CompletedProcess:
    result = subprocess.run([sys.executable, str(SCRIPTS / "review_rule.py"), *map(str, args)],
                            capture_output=True, text=True)
    assert not check or result.returncode == 0, result.stderr
    return result


@pytest.fixture(scope="module")
def sample(realtext, tmp_path_factory) -> Path:
    ewave = tmp_path_factory.mktemp("ewave")
    (ewave / "parameters.csv").write_text(
        "ID,Name,Description,Category_ID\n"
        "174,Deletion of auxiliary be: before progressive,She ø singing,10\n"
        "62,Use of zero article where StE has definite article,\"He went to ø market\",3\n"
        "33,Independent possessives with -n,that book is hisn,1\n", "utf-8")
    out = tmp_path_factory.mktemp("sample")
    run("sample", "drop_aux_be_progressive", "remove_det_definite", "nasal_possessive_pron",
        "--realtext", realtext, "--ewave", ewave, "--salt", "round-1", "-o", out, "--per-rule", 4)
    return out


def test_the_blind_file_has_the_feature_and_its_definition_only(sample):
    blind = [json.loads(line) for line in (sample / "blind.jsonl").read_text().splitlines()]
    key = {row["id"]: row for row in map(json.loads, (sample / "key.jsonl").read_text().splitlines())}
    assert blind and {item["id"] for item in blind} == set(key)
    for item in blind:
        assert set(item) == {"id", "feature", "ewave", "definition", "example", "input", "output"}
        assert item["input"] != item["output"]
        assert key[item["id"]]["rule"] == item["feature"] and key[item["id"]]["salt"] == "round-1"
    progressive = [i for i in blind if i["feature"] == "drop_aux_be_progressive"]
    assert len(progressive) == 4 and progressive[0]["definition"] == "Deletion of auxiliary be: before progressive"
    assert len({key[i["id"]]["source"] for i in progressive}) == 4  # spread over the sources
    counts = json.loads((sample / "counts.json").read_text())
    assert counts["texts"] == 15 and counts["pool"]["spider"] == 1
    assert counts["fired"]["nasal_possessive_pron"] == {"total": 0}
    assert counts["fired"]["drop_aux_be_progressive"]["total"] >= 5


def judge(sample: Path, path: Path, wrong: int) -> None:
    key = [json.loads(line) for line in (sample / "key.jsonl").read_text().splitlines()]
    rows = [{"id": row["id"], "verdict": "ok", "class": None, "note": ""} for row in key]
    for row in [r for r, k in zip(rows, key) if k["rule"] == "remove_det_definite"][:wrong]:
        row.update(verdict="wrong", **{"class": "not_feature"}, note="an idiom")
    jsonl(path, rows)


def calibrate_script(tmp_path: Path, calibrated: bool) -> Path:
    script = tmp_path / "calibrate.py"
    verdict = "calibrated" if calibrated else "NOT calibrated: too lenient"
    script.write_text(f"import sys\nprint('found 80/88 wrong (91%); failed 3/150 ok (2%): {verdict}')\n"
                      f"sys.exit({0 if calibrated else 1})\n")
    return script


def test_import_scores_each_rule_into_the_table(sample, tmp_path):
    table = tmp_path / "rule_accuracy.tsv"
    table.write_text(HEADER + "yall\t12\t12\t7\told\tc0ffee\t2026-01-01\tfound 70/88 wrong, failed 1/150 ok (seed 1)\n")
    judge(sample, tmp_path / "judged.jsonl", wrong=1)
    result = run("import", sample, tmp_path / "judged.jsonl", "--calibration", tmp_path / "cal.jsonl",
                 "--calibration-seed", 3, "--calibrate", calibrate_script(tmp_path, True), "--table", table)
    assert "wrong remove_det_definite" in result.stdout and "not_feature: an idiom" in result.stdout
    rows = read_rows(table.read_text(), Measured, "table")
    assert set(rows) == {"yall", "drop_aux_be_progressive", "remove_det_definite"}  # earlier rows kept
    assert rows["drop_aux_be_progressive"].accepted == rows["drop_aux_be_progressive"].reviewed == 4
    measured = rows["remove_det_definite"]
    assert (measured.reviewed, measured.accepted, measured.salt) == (4, 3, "round-1")
    assert measured.calibration == "found 80/88 wrong, failed 3/150 ok (seed 3)"
    assert measured.fired == json.loads((sample / "counts.json").read_text())["fired"]["remove_det_definite"]["total"]


def test_an_uncalibrated_reviewer_or_a_bad_verdict_changes_nothing(sample, tmp_path):
    table = tmp_path / "rule_accuracy.tsv"
    table.write_text(HEADER)
    judge(sample, tmp_path / "judged.jsonl", wrong=0)
    result = run("import", sample, tmp_path / "judged.jsonl", "--calibration", tmp_path / "cal.jsonl",
                 "--calibration-seed", 3, "--calibrate", calibrate_script(tmp_path, False), "--table", table,
                 check=False)
    assert result.returncode != 0 and "not calibrated" in result.stderr and table.read_text() == HEADER
    lines = (tmp_path / "judged.jsonl").read_text().splitlines()
    lines[1] = json.dumps({**json.loads(lines[1]), "verdict": "wrong", "class": None})
    (tmp_path / "judged.jsonl").write_text("\n".join(lines) + "\n")
    result = run("import", sample, tmp_path / "judged.jsonl", "--calibration", tmp_path / "cal.jsonl",
                 "--calibration-seed", 3, "--calibrate", calibrate_script(tmp_path, True), "--table", table,
                 check=False)
    assert result.returncode != 0 and "line 2: a wrong verdict needs a class" in result.stderr
    assert table.read_text() == HEADER


def test_silent_rules_get_their_reason_checked(sample, realtext, tmp_path):
    table = tmp_path / "silent.tsv"
    table.write_text("rule\tneeds\tsearch\tmatches\tpool\tcommit\n"
                     "nasal_possessive_pron\tan independent possessive (that book is his)\t"
                     "re:(?i)\\b(is|was|are) (his|hers|ours|yours|theirs)\\b\t0\t0\tc0ffee\n")
    result = run("silent", sample, "--realtext", realtext, "--table", table)
    rows = read_rows(table.read_text(), Silent, "table")
    assert set(rows) == {"nasal_possessive_pron"} and rows["nasal_possessive_pron"].matches == 0
    assert rows["nasal_possessive_pron"].pool == 15 and "recall?" not in result.stdout
    # a search that finds the construction in the pool: a recall bug to look at
    table.write_text(table.read_text().replace("re:(?i)\\b(is|was|are) (his|hers|ours|yours|theirs)\\b",
                                               "re:\\bneighbor\\b"))
    result = run("silent", sample, "--realtext", realtext, "--table", table)
    assert "recall? nasal_possessive_pron is silent but its construction is found 1 time(s)" in result.stdout
    assert "My neighbor and his friend" in result.stdout
    assert read_rows(table.read_text(), Silent, "t")["nasal_possessive_pron"].matches == 1
    # ... and that finds none of the rule's own examples: it shows nothing
    assert "searches that find none of their rule's own examples (they show nothing): nasal_possessive_pron" \
        in result.stdout


def test_firing_counts_compared_with_an_earlier_sample(capsys):
    before = {"commit": "c0ffee", "fired": {"a": {"total": 100}, "b": {"total": 10}, "c": {"total": 0},
                                           "d": {"total": 50}}}
    after = {"fired": {"a": {"total": 89}, "b": {"total": 10}, "c": {"total": 3}, "d": {"total": 46}}}
    compare_counts(before, after)
    printed = capsys.readouterr().out.splitlines()
    assert printed[0] == "against c0ffee: 160 -> 148 texts changed over 4 rules (-7.5%)"
    assert printed[1:] == ["  a: 100 -> 89", "  c: 0 -> 3"]
