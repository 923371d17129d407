"""Field paths: parsing, selecting, assigning, checking against records, task presets."""
from __future__ import annotations

import copy
import json
import time
from pathlib import Path

import pytest

from multivalue_cli.io.fields import (
    STAR,
    FieldError,
    assign,
    check_paths,
    existing_fields,
    parse_path,
    select,
)
from multivalue_cli.tasks import TaskError, list_tasks, task_fields

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> list[dict]:
    text = (FIXTURES / name).read_text("utf-8")
    if name.endswith(".jsonl"):
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    document = json.loads(text)
    return document["data"] if isinstance(document, dict) else document


COQA_ORIGINAL = load("coqa_original.json")
COQA_HF = load("coqa_hf.jsonl")
SPIDER = load("spider.json")
DIALOG = load("dialog.jsonl")


# --- parse_path -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path, steps",
    [
        ("question", ("question",)),
        ("translation.en", ("translation", "en")),
        ("questions[*].input_text", ("questions", STAR, "input_text")),
        ("dialog.turns[*].text", ("dialog", "turns", STAR, "text")),
        ("questions[3].input_text", ("questions", 3, "input_text")),
        ("grid[*][2]", ("grid", STAR, 2)),
        ("questions[*]", ("questions", STAR)),
    ],
)
def test_parse_path(path, steps):
    assert parse_path(path) == steps


@pytest.mark.parametrize(
    "path", ["", "a..b", ".a", "a.", "[*]", "a[", "a[x]", "a[-1]", "a[*]b", "a]"]
)
def test_parse_path_rejects(path):
    with pytest.raises(FieldError, match="bad field path"):
        parse_path(path)


# --- select ---------------------------------------------------------------------------------


def test_select_top_level_and_nested():
    record = {"question": "Who?", "translation": {"en": "Hello.", "de": "Hallo."}, "label": 1}
    assert select(record, ["question", "translation.en"]) == (
        [("question", "Who?"), ("translation.en", "Hello.")],
        [],
    )


def test_a_list_of_strings_selects_every_element():
    record = COQA_HF[0]
    texts, problems = select(record, ["questions"])
    assert texts == [(f"questions[{i}]", q) for i, q in enumerate(record["questions"])]
    assert problems == []
    assert select(record, ["questions[*]"]) == (texts, [])


def test_star_into_list_of_objects():
    record = COQA_ORIGINAL[1]
    texts, problems = select(record, ["questions[*].input_text"])
    assert texts == [(f"questions[{i}].input_text", q["input_text"])
                     for i, q in enumerate(record["questions"])]
    assert problems == []


def test_nested_star_with_empty_and_null_texts():
    texts, problems = select(DIALOG[2], ["dialog.turns[*].text"])
    assert texts == [
        ("dialog.turns[0].text", "Play something my sister and I can dance to."),
        ("dialog.turns[1].text", ""),  # empty strings are selected
    ]
    assert problems == ["dialog.turns[2].text: null"]


def test_order_follows_paths_then_list_order_and_each_location_once():
    record = {"b": "B", "a": ["a0", "a1"]}
    texts, _ = select(record, ["b", "a", "a[*]", "a[1]", "b"])
    assert texts == [("b", "B"), ("a[0]", "a0"), ("a[1]", "a1")]


@pytest.mark.parametrize(
    "record, path, problem",
    [
        ({"other": "x"}, "question", "question: missing"),
        ({"question": None}, "question", "question: null"),
        ({"question": 3}, "question", "question: expected a string, got int"),
        ({"q": [{"input_text": "a"}, {"input_text": 7}]}, "q[*].input_text",
         "q[1].input_text: expected a string, got int"),
        ({"q": [{"input_text": "a"}, {}]}, "q[*].input_text", "q[1].input_text: missing"),
        ({"q": ["a", None, 2.5]}, "q", "q[1]: null"),
        ({"q": {"x": "a"}}, "q[*].x", "q: expected a list, got object"),
        ({"q": [{"x": "a"}]}, "q.x", "q: expected an object, got list"),
        ({"t": None}, "t.en", "t: null"),
        ({"q": ["a"]}, "q[4]", "q[4]: missing"),
        ({"q": {"x": "a"}}, "q", "q: expected a string, got object"),
    ],
)
def test_problems_are_reported_not_raised(record, path, problem):
    texts, problems = select(record, [path])
    assert problem in problems
    assert all(where != problem.split(":")[0] for where, _ in texts)


def test_list_with_mixed_elements_selects_only_strings():
    texts, problems = select({"q": ["a", None, 2.5, "b"]}, ["q"])
    assert texts == [("q[0]", "a"), ("q[3]", "b")]
    assert problems == ["q[1]: null", "q[2]: expected a string, got float"]


def test_select_is_fast():
    record = COQA_ORIGINAL[0]
    started = time.perf_counter()
    for _ in range(20_000):
        select(record, ["questions[*].input_text"])
    assert time.perf_counter() - started < 2.0


# --- assign ---------------------------------------------------------------------------------


def test_assign_round_trip_keeps_everything_else():
    record = copy.deepcopy(COQA_ORIGINAL[0])
    before = copy.deepcopy(record)
    texts, _ = select(record, ["questions[*].input_text"])
    for where, text in texts:
        assign(record, where, text.upper())
    assert [q["input_text"] for q in record["questions"]] == [
        q["input_text"].upper() for q in before["questions"]
    ]
    turn_ids = [q["turn_id"] for q in before["questions"]]
    assert [q["turn_id"] for q in record["questions"]] == turn_ids
    assert {k: v for k, v in record.items() if k != "questions"} == {
        k: v for k, v in before.items() if k != "questions"
    }


def test_assign_list_element_and_nested_key():
    record = {"questions": ["a", "b"], "translation": {"en": "x", "fr": "y"}}
    assign(record, "questions[1]", "B")
    assign(record, "translation.en", "X")
    assert record == {"questions": ["a", "B"], "translation": {"en": "X", "fr": "y"}}


@pytest.mark.parametrize("path", ["questions[*]", "missing.key", "questions[9]", "translation[0]"])
def test_assign_errors(path):
    with pytest.raises(FieldError, match="cannot assign"):
        assign({"questions": ["a"], "translation": {"en": "x"}}, path, "new")


# --- check_paths and existing fields --------------------------------------------------------


def test_existing_fields_show_nested_paths():
    assert existing_fields(COQA_ORIGINAL[:1]) == [
        "source", "id", "filename", "story",
        "questions[*].input_text", "questions[*].turn_id",
        "answers[*].span_start", "answers[*].span_end", "answers[*].span_text",
        "answers[*].input_text", "answers[*].turn_id",
    ]
    spider = existing_fields(SPIDER)
    assert spider[:6] == ["db_id", "query", "query_toks", "query_toks_no_value", "question",
                          "question_toks"]
    assert "sql.from.table_units" in spider and "sql.where" in spider
    assert "dialog.turns[*].text" in existing_fields(DIALOG)


def test_check_paths_accepts_good_paths():
    check_paths(SPIDER, ["question", "question_toks"])
    check_paths(DIALOG, ["dialog.turns[*].text"])
    check_paths(COQA_HF, ["questions", "story", "answers.input_text"])
    check_paths([], ["anything"])


def test_check_paths_unknown_field_lists_fields_and_suggests():
    with pytest.raises(FieldError) as error:
        check_paths(SPIDER[:2], ["questoin"])
    message = str(error.value)
    assert "'questoin' selects no text in the first 2 record(s) (questoin: missing)" in message
    assert "fields that exist: db_id, query, query_toks, query_toks_no_value, question," in message
    assert "sql.from.table_units" in message
    assert message.endswith("Did you mean 'question'?")


def test_check_paths_forgotten_star_suggests_the_star_path():
    expected = r"expected an object, got list.*Did you mean 'questions\[\*\]\.input_text'"
    with pytest.raises(FieldError, match=expected):
        check_paths(COQA_ORIGINAL, ["questions.input_text"])


def test_check_paths_rejects_a_field_that_holds_no_text():
    with pytest.raises(FieldError, match=r"'sql.limit' selects no text .*sql.limit: expected"):
        check_paths(SPIDER[2:3], ["sql.limit"])
    with pytest.raises(FieldError, match=r"questions\[0\]\.turn_id: expected a string, got int"):
        check_paths(COQA_ORIGINAL, ["questions[*].turn_id"])


def test_check_paths_a_field_present_in_a_later_record_is_fine():
    check_paths([{"a": "x"}, {"a": "y", "b": "z"}], ["b"])


# --- task presets ---------------------------------------------------------------------------


def test_list_tasks():
    tasks = list_tasks()
    assert {"coqa", "spider", "wmt"} <= set(tasks)
    assert all(isinstance(description, str) and description for description in tasks.values())


@pytest.mark.parametrize("records", [COQA_ORIGINAL, COQA_HF], ids=["original", "hub"])
def test_coqa_selects_only_the_questions(records):
    paths = task_fields("coqa", records[0])
    for record in records:
        texts, problems = select(record, paths)
        assert problems == []
        questions = [q["input_text"] if isinstance(q, dict) else q for q in record["questions"]]
        assert [text for _, text in texts] == questions
        assert all(where.startswith("questions[") for where, _ in texts)


def test_coqa_shapes_pick_their_own_paths():
    assert task_fields("coqa", COQA_ORIGINAL[0]) == ["questions[*].input_text"]
    assert task_fields("coqa", COQA_HF[0]) == ["questions"]


def test_spider_selects_only_the_question():
    assert task_fields("spider", SPIDER[0]) == ["question"]
    for record in SPIDER:
        assert select(record, ["question"]) == ([("question", record["question"])], [])


def test_wmt_selects_the_english_side():
    record = {"translation": {"de": "Guten Morgen.", "en": "Good morning."}}
    paths = task_fields("wmt", record)
    assert select(record, paths) == ([("translation.en", "Good morning.")], [])


def test_unknown_task_lists_tasks():
    expected = r"unknown task 'cqoa'; tasks: coqa, spider, bbq, wmt.*Did you mean 'coqa'"
    with pytest.raises(TaskError, match=expected):
        task_fields("cqoa", COQA_HF[0])


def test_task_that_does_not_fit_the_record():
    expected = r"task 'wmt' expects .*translation\.en.*fields that exist: db_id"
    with pytest.raises(FieldError, match=expected):
        task_fields("wmt", SPIDER[0])
    with pytest.raises(FieldError, match=r"questions\[\*\]\.input_text or questions"):
        task_fields("coqa", DIALOG[0])
