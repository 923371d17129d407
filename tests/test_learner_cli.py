"""Learner errors end to end: calibrated rates, protection, counterfactual pairs, composition
with a dialect, determinism, and the edit log."""
import json
from importlib import resources
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
runner = CliRunner()


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The bundled sample and the realistic corpora: ~2,000 varied texts."""
    sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8")
    texts = [json.loads(line)["text"] for line in sample.splitlines()]
    for path in sorted((ROOT / "scripts" / "data").glob("realistic*.txt")):
        texts += [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    texts = list(dict.fromkeys(texts))
    assert len(texts) >= 500
    path = tmp_path_factory.mktemp("learner") / "texts.jsonl"
    path.write_text("".join(json.dumps({"id": k, "text": t}) + "\n" for k, t in enumerate(texts)))
    return path


def run(*args) -> tuple[int, str]:
    result = runner.invoke(app, ["transform", *map(str, args), "--quiet"])
    return result.exit_code, result.output


def learner(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())["learner"]


@pytest.mark.slow
@pytest.mark.parametrize("types,rate", [("det", 0.1), ("prep", 0.1), ("verb", 0.1), ("spell", 0.1),
                                        ("learner", 0.05), ("learner", 0.1), ("learner", 0.2),
                                        ("learner", 0.3), ("spell", 0.3)])
def test_the_mean_rate_is_within_one_point_of_the_target(corpus, tmp_path, types, rate):
    code, output = run(corpus, "--errors", types, "--error-rate", rate, "-o", tmp_path / "o")
    assert code == 0, output
    section = learner(tmp_path / "o")
    assert section["summary"]["texts"] >= 500
    assert abs(section["achieved_mean"] - rate) <= 0.01, section
    labels = set(section["summary"]["per_label"])
    prefix = {"det": "DET", "prep": "PREP", "verb": "VERB", "spell": "SPELL"}
    if types != "learner":
        assert labels and all(label.split(":")[1] == prefix[types] for label in labels)
    else:
        assert {"M:DET", "U:DET", "R:DET", "R:PREP", "M:PREP", "U:PREP", "R:VERB:FORM",
                "R:VERB:TENSE", "R:VERB:SVA", "R:SPELL"} <= labels


@pytest.mark.slow
def test_an_unreachable_target_fails_with_the_reachable_maximum(corpus, tmp_path):
    code, output = run(corpus, "--errors", "prep", "--error-rate", "0.3", "-o", tmp_path / "o")
    assert code == 2
    assert "cannot be reached" in output and "at most" in output


def test_protected_terms_and_fields_are_never_edited(tmp_path):
    out = tmp_path / "o"
    code, output = run(FIXTURES / "pairs.jsonl", "--field", "sentence", "--errors", "learner",
                       "--error-rate", "0.3", "--protect-field", "pronoun",
                       "--protect-file", FIXTURES / "occupations.txt", "-o", out, "--format", "jsonl")
    assert code == 0, output
    protected = {"nurse", "patient", "manager", "developer", "designer", "carpenter", "librarian"}
    for line in (out / "edits" / "train-00000-of-00001.parquet",):
        for edit in pq.read_table(line).to_pylist():
            touched = set(edit["before"].lower().split()) - set(edit["after"].lower().split())
            assert not touched & protected, edit
    records = [json.loads(l) for l in (out / "data" / "train-00000-of-00001.jsonl").read_text().splitlines()]
    for record in records:
        assert f" {record['pronoun']} " in f" {record['sentence']} "


def test_counterfactual_pairs_get_identical_edits(tmp_path):
    out = tmp_path / "o"
    code, output = run(FIXTURES / "pairs.jsonl", "--field", "sentence", "--errors", "learner",
                       "--error-rate", "0.3", "--pair-key", "pair_id", "--protect-field", "pronoun",
                       "-o", out, "--workers", "2", "--batch-size", "3")
    assert code == 0, output
    before = [json.loads(l) for l in (FIXTURES / "pairs.jsonl").read_text().splitlines()]
    after = pq.read_table(out / "data").to_pylist()
    changed = 0
    for k in range(0, len(before), 2):
        a0, b0 = before[k]["sentence"].split(), before[k + 1]["sentence"].split()
        a1, b1 = after[k]["sentence"].split(), after[k + 1]["sentence"].split()
        changed += a1 != a0
        # the members still differ exactly where they did before (a gendered word, a name)
        import difflib

        def differing(x, y):
            return [op for op in difflib.SequenceMatcher(a=x, b=y, autojunk=False).get_opcodes() if op[0] != "equal"]

        assert [(x[y1:y2], z[w1:w2]) for _, y1, y2, w1, w2 in differing(a0, b0) for x, z in [(a0, b0)]] == \
               [(x[y1:y2], z[w1:w2]) for _, y1, y2, w1, w2 in differing(a1, b1) for x, z in [(a1, b1)]]
    assert changed >= 2


def test_a_pair_member_apart_from_its_pair_is_left_as_it_was_and_reported(tmp_path):
    """Pair values are matched in consecutive records only: a member that comes back later
    (an input sorted by label, not by pair) would be rewritten on its own, so it is left as
    it was, and the run says which row and why."""
    records = [json.loads(l) for l in (FIXTURES / "pairs.jsonl").read_text().splitlines()]
    records.append(records.pop(1))  # pair 1's second member, now last
    path = tmp_path / "apart.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "o"
    code, output = run(path, "--field", "sentence", "--dialect", "UAAVE", "--errors", "learner",
                       "--error-rate", "0.3", "--pair-key", "pair_id", "-o", out)
    assert code == 3, output
    errors = [json.loads(l) for l in (out / "errors.jsonl").read_text().splitlines()]
    last = len(records) - 1
    assert [e["row"] for e in errors] == [last]
    assert "pair_id: 1 is also the pair value of row 0" in errors[0]["reason"]
    assert "consecutive" in errors[0]["reason"]
    after = pq.read_table(out / "data").to_pylist()
    assert after[last]["sentence"] == records[last]["sentence"]
    assert sum(a["sentence"] != b["sentence"] for a, b in zip(after, records)) >= 2


def test_only_the_last_pairs_are_remembered(tmp_path, monkeypatch):
    from multivalue_cli.run import pipeline

    records = [json.loads(l) for l in (FIXTURES / "pairs.jsonl").read_text().splitlines()]
    records.append(records.pop(1))
    path = tmp_path / "apart.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    monkeypatch.setattr(pipeline, "PAIRS_REMEMBERED", 1)  # pair 1 is forgotten by the end
    code, output = run(path, "--field", "sentence", "--dialect", "UAAVE", "--pair-key", "pair_id",
                       "-o", tmp_path / "o")
    assert code == 0, output


def test_dialect_then_errors_both_logged_and_replayable(tmp_path):
    out = tmp_path / "o"
    code, output = run("--dialect", "IndE", "--errors", "learner", "--error-rate", "0.1", "-o", out)
    assert code == 0, output
    log = pq.read_table(out / "edits").to_pylist()
    assert any(e["ewave"] > 0 for e in log) and any(e["ewave"] == 0 for e in log)
    verified = runner.invoke(app, ["verify", "sample", str(out)])
    assert verified.exit_code == 0, verified.output


def test_learner_runs_are_the_same_with_any_worker_count(tmp_path):
    outs = []
    for k, workers in enumerate((1, 2)):
        out = tmp_path / f"o{k}"
        code, output = run("--errors", "learner", "--error-rate", "0.2", "--seed", "5", "-o", out,
                           "--workers", workers, "--batch-size", 17 if workers == 2 else 256)
        assert code == 0, output
        outs.append((pq.read_table(out / "data"), pq.read_table(out / "edits")))
    assert outs[0][0].equals(outs[1][0]) and outs[0][1].equals(outs[1][1])


def test_python_api_with_errors():
    from multivalue_cli import Transformer

    t = Transformer(errors="prep", error_rate=0.3, protect=["market"], seed=1)
    out = t.explain("She went to the market with her friends in the morning.")
    assert out.edits and all(e.feature.endswith("PREP") and e.ewave == 0 for e in out.edits)
    assert "market" in out.text


def test_the_calibration_reads_only_the_first_characters_of_the_data(tmp_path, monkeypatch):
    """The fit reads at most CALIBRATION_CHARS of the first records' text, in order (a book
    in one record is not parsed twice): what comes after cannot change the fitted factors,
    what comes before does."""
    from multivalue_cli.run import job

    monkeypatch.setattr(job, "CALIBRATION_CHARS", 1_500)
    prose = [json.loads(line)["text"] for line in
             resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8").splitlines()]
    tail = ["In the morning at the station on the hill by the river, he waited for the bus to "
            "the city with his dog."] * 40

    def fitted(texts: list[str], name: str) -> tuple[dict, dict]:
        path = tmp_path / f"{name}.jsonl"
        path.write_text("".join(json.dumps({"text": t}) + "\n" for t in texts))
        code, output = run(path, "--errors", "learner", "--error-rate", "0.1", "-o", tmp_path / name)
        assert code == 0, output
        section = learner(tmp_path / name)
        return section["adjust"], section["boosts"]

    head = prose[:40]
    assert sum(map(len, head)) > 1_500 + max(map(len, head))  # the cap falls inside the head
    base = fitted(head + prose[40:100], "base")
    assert fitted(head + tail, "tail") == base
    assert fitted(tail[:12] + head, "front") != base


def test_learner_inputs_stop_after_max_chars_in_whole_pieces():
    from multivalue_cli import Transformer
    from multivalue_cli.engine.chunking import CHUNK_CHARS

    t = Transformer(errors="learner", error_rate=0.1)
    sentence = "The children walked to the school near the old bridge every day. "
    book = sentence * (CHUNK_CHARS * 3 // len(sentence))
    texts = ["A short note on the door.", book, "The last text is never read."]
    items = t.learner_inputs(texts, [0, 1, 2], ["text"] * 3, [()] * 3, max_chars=CHUNK_CHARS + 100)
    assert [key for _, key, *_ in items] == [0, 1, 1]  # the piece that crosses the limit is read
    assert book.startswith(items[1][0].text + items[2][0].text)
    assert len(t.learner_inputs(texts, [0, 1, 2], ["text"] * 3, [()] * 3)) == 6
