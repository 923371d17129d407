"""Span labels: offsets into a rewritten text (SQuAD's answer_start, CoQA's answer_start and
answer_end) keep pointing at their span, whose characters no stage touches; an offset that
does not point at its span in the input is an error for its record."""
import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from multivalue_cli.engine.apply import Engine
from multivalue_cli.engine.edits import Delete, Insert, Replace, site
from multivalue_cli.engine.registry import Rule
from multivalue_cli.io.spans import SpanError, SpanLabel, read_spans
from run_folders import cli, lines, written

FIXTURES = Path(__file__).parent / "fixtures"
SQUAD = FIXTURES / "squad_v2.jsonl"
COQA = FIXTURES / "coqa_hf.jsonl"


def answers_land(before: dict, after: dict, name: str) -> None:
    for text, start, old in zip(after[name]["text"], after[name]["answer_start"], before[name]["answer_start"]):
        assert after["context"][start:start + len(text)] == text == before["context"][old:old + len(text)]
        assert type(start) is int


@pytest.fixture(scope="module", params=["UAAVE", "IndE"])
def squad(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("squad") / request.param
    cli("transform", SQUAD, "--task", "squad", "-d", request.param, "-o", out, "-q")
    return out


def test_every_answer_is_at_its_new_offset_in_the_new_context(squad):
    inputs, outputs = lines(SQUAD), written(squad)
    assert sum(a["context"] != b["context"] for a, b in zip(inputs, outputs)) >= len(inputs) // 2
    moved = 0
    for before, after in zip(inputs, outputs):
        answers_land(before, after, "answers")
        answers_land(before, after, "plausible_answers")
        moved += after["answers"]["answer_start"] != before["answers"]["answer_start"]
        assert after["answers"]["text"] == before["answers"]["text"]
        assert {k: v for k, v in after.items() if k not in ("context", "question", "answers", "plausible_answers")} \
            == {k: v for k, v in before.items() if k not in ("context", "question", "answers", "plausible_answers")}
    assert moved > 0
    counts = json.loads((squad / "manifest.json").read_text())["counts"]
    assert counts["spans"] == sum(len(r["answers"]["text"]) + len(r["plausible_answers"]["text"]) for r in inputs)
    assert 0 < counts["spans_moved"] <= counts["spans"]
    assert "ok:" in cli("verify", SQUAD, squad).output


def test_verify_fails_on_offsets_shifted_by_hand(squad, tmp_path):
    copy = tmp_path / "shifted"
    shutil.copytree(squad, copy)
    shard = next((copy / "data").glob("*.parquet"))
    table = pq.read_table(shard)
    rows = table.to_pylist()
    rows[2]["answers"]["answer_start"] = [s + 1 for s in rows[2]["answers"]["answer_start"]]
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), shard)
    output = cli("verify", SQUAD, copy, code=1).output
    assert "row 2, answers.answer_start[0]: the span 'in a shed near the church' of context" in output
    assert "row 1," not in output


def test_an_offset_that_misses_its_span_is_an_error_for_its_record(tmp_path):
    records = lines(SQUAD)[:3]
    records[1]["answers"]["answer_start"][0] += 2
    source = tmp_path / "bad.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "out"
    cli("transform", source, "--task", "squad", "-d", "UAAVE", "-o", out, "-q", code=3)
    errors = lines(out / "errors.jsonl")
    assert [e["row"] for e in errors] == [1] and errors[0]["action"] == "passed through unchanged"
    assert "answers.answer_start[0]: 50 does not point at '1820' in context (it holds '20. ')" in errors[0]["reason"]
    assert written(out)[1] == records[1]
    assert "ok:" in cli("verify", source, out).output


def test_a_story_rewritten_too_keeps_its_answer_spans_start_and_end(tmp_path):
    out = tmp_path / "coqa"
    cli("transform", COQA, "--task", "coqa", "--field", "questions", "--field", "story", "-d", "UAAVE",
        "-o", out, "-q")
    inputs, outputs = lines(COQA), written(out)
    assert any(a["story"] != b["story"] for a, b in zip(inputs, outputs))
    for before, after in zip(inputs, outputs):
        old, new = before["answers"], after["answers"]
        for s0, e0, s1, e1 in zip(old["answer_start"], old["answer_end"], new["answer_start"], new["answer_end"]):
            assert after["story"][s1:e1] == before["story"][s0:e0]
        assert new["input_text"] == old["input_text"]
    assert "ok:" in cli("verify", COQA, out).output


def test_the_original_coqa_layout_moves_span_start_and_end(tmp_path):
    out = tmp_path / "coqa"
    source = FIXTURES / "coqa_original.json"
    cli("transform", source, "--task", "coqa", "--field", "story", "-d", "IndE", "-o", out, "-q")
    for before, after in zip(json.loads(source.read_text())["data"], written(out)):
        for old, new in zip(before["answers"], after["answers"]):
            assert after["story"][new["span_start"]:new["span_end"]] == old["span_text"] == new["span_text"]
    assert "ok:" in cli("verify", source, out).output


def test_a_span_option_declares_offsets_of_any_data(tmp_path):
    text = "She has written three books about the river, and she is writing another one."
    record = {"passage": text, "marks": [{"begin": text.index("three books"), "end": text.index(" about")},
                                         {"begin": text.index("another"), "end": len(text) - 1}]}
    source = tmp_path / "marks.jsonl"
    source.write_text(json.dumps(record) + "\n")
    out = tmp_path / "out"
    cli("transform", source, "--field", "passage", "-d", "Multi", "--span",
        "text=passage,start=marks[*].begin,end=marks[*].end", "-o", out, "-q")
    after = written(out)[0]
    assert after["passage"] != text
    assert [after["passage"][m["begin"]:m["end"]] for m in after["marks"]] == ["three books", "another one"]
    assert "ok:" in cli("verify", source, out).output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["protection"]["spans"] == ["text=passage,start=marks[*].begin,end=marks[*].end"]


@pytest.mark.parametrize("declaration, message", [
    ("text=passage", "text= and start= are required"),
    ("text=passage,start=marks[*].begin,begin=x", "expected text=PATH,start=PATH"),
    ("text=passage,start=a,start=b", "start= given twice"),
    ("text=passages[*],start=a", "without [ ]"),
])
def test_a_bad_span_option_is_a_usage_error(declaration, message):
    assert message in cli("transform", "--field", "text", "-d", "IndE", "--span", declaration, "-o", "-", code=2).output


def test_a_span_into_a_text_that_is_not_rewritten_is_refused(tmp_path):
    output = cli("transform", SQUAD, "--field", "question", "-d", "IndE", "--span",
                 "text=context,start=answers.answer_start", "-o", tmp_path / "o", code=2).output
    assert "context is not a rewritten field" in output


def test_read_spans_checks_each_offset_against_its_text():
    label = SpanLabel.parse("text=c,start=a.s,end=a.e,span=a.t")
    record = {"c": "The cat sat.", "a": {"s": [4, -1], "e": [7, -1], "t": ["cat", "unknown"]}}
    spans, problems = read_spans(record, label, record["c"])
    assert problems == [] and [(s.start, s.end, s.start_at, s.end_at) for s in spans] == [(4, 7, "a.s[0]", "a.e[0]")]
    record["a"]["e"][0] = 8
    assert read_spans(record, label, record["c"])[1] == ["a.e[0]: 8 does not end the span 'cat' that starts at 4"]
    record["a"]["e"] = [7]
    assert "2 and 1 values" in read_spans(record, label, record["c"])[1][0]
    record["a"] = {"s": [True, 4], "e": [7, 7], "t": ["cat", "cat"]}
    assert "is not a character offset" in read_spans(record, label, record["c"])[1][0]
    with pytest.raises(SpanError):
        SpanLabel.parse("start=x")


def rule(name, sites, ewave):
    return Rule(ewave, name, "Test", lambda doc, ix: sites(doc), (), ())


def test_sites_inside_at_or_across_a_span_are_blocked_and_counted(nlp):
    doc = nlp("The old man sold his red car to a young woman.")
    inside = rule("inside", lambda d: [site(Replace(5, "blue"))], 1)  # red
    across = rule("across", lambda d: [site(Replace(3, "sells"), Delete(8))], 2)  # sold ... a
    at = rule("at", lambda d: [site(Insert(4, "all"))], 3)  # before "his": the span's first token
    beside = rule("beside", lambda d: [site(Insert(7, "quickly"))], 4)  # before "to", after the span
    engine = Engine([(inside, 1.0), (across, 1.0), (at, 1.0), (beside, 1.0)])
    assert engine.apply(doc).text == "The old man sells all his blue car quickly to young woman."
    span = (doc[4].idx, doc[6].idx + len(doc[6]))  # "his red car"
    kept = engine.apply(doc, label_spans=[span])
    assert kept.text == "The old man sold his red car quickly to a young woman." and kept.blocked == 3
