"""Chat turns chosen by role: ``[key=value]`` field paths and the ``chat`` preset."""
from __future__ import annotations

import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.io.fields import FieldError, Match, assign, check_paths, field_of, parse_path, select, values_at
from multivalue_cli.tasks import task_fields

FIXTURES = Path(__file__).parent / "fixtures"
CHAT = [json.loads(line) for line in (FIXTURES / "chat.jsonl").read_text("utf-8").splitlines()]
SHAREGPT = [json.loads(line) for line in (FIXTURES / "sharegpt.jsonl").read_text("utf-8").splitlines()]
runner = CliRunner()


@pytest.mark.parametrize("path, steps", [
    ("messages[role=user].content", ("messages", Match("role", "user"), "content")),
    ("conversations[from=human].value", ("conversations", Match("from", "human"), "value")),
    ('messages[role="user"].content', ("messages", Match("role", "user"), "content")),
    ("turns[speaker=A.B].text", ("turns", Match("speaker", "A.B"), "text")),
    ("turns[turn=2].text", ("turns", Match("turn", "2"), "text")),
])
def test_parse_a_key_value_step(path, steps):
    assert parse_path(path) == steps


@pytest.mark.parametrize("path", ["m[=user].content", "m[role=].content", "m[role=user.content",
                                  "m[role=[x]].content", "m[role].content", "m=x"])
def test_bad_key_value_steps_are_refused(path):
    with pytest.raises(FieldError, match="bad field path"):
        parse_path(path)


def test_select_takes_the_user_turns_only_with_their_positions():
    texts, problems = select(CHAT[0], ["messages[role=user].content"])
    assert texts == [("messages[1].content", CHAT[0]["messages"][1]["content"]),
                     ("messages[3].content", CHAT[0]["messages"][3]["content"])]
    assert problems == []
    assert select(CHAT[2], ["messages[role=user].content"]) == ([], [])  # no user turn: nothing
    assert values_at(CHAT[0], "messages[role=system].content") == ["You are a helpful assistant."]
    assert field_of("messages[3].content", ["messages[role=user].content"]) == "messages[role=user].content"


def test_a_number_matches_as_written_and_booleans_do_not():
    record = {"turns": [{"n": 1, "t": "a"}, {"n": True, "t": "b"}, {"n": "1", "t": "c"}]}
    assert select(record, ["turns[n=1].t"])[0] == [("turns[0].t", "a"), ("turns[2].t", "c")]


def test_assign_puts_a_turn_back_in_place():
    record = json.loads(json.dumps(CHAT[0]))
    assign(record, "messages[3].content", "new")
    assert record["messages"][3] == {"role": "user", "content": "new"}


def test_a_value_no_turn_has_is_refused_with_the_values_that_exist():
    with pytest.raises(FieldError) as info:
        check_paths(CHAT, ["messages[role=usr].content"])
    message = str(info.value)
    assert "no element of messages has role 'usr'" in message
    assert "messages[*].role holds: system, user, assistant" in message
    assert "Did you mean 'messages[role=user].content'?" in message


def test_a_key_the_turns_lack_is_refused_with_their_keys():
    with pytest.raises(FieldError) as info:
        check_paths(CHAT, ["messages[from=human].content"])
    assert "no element of messages has the key 'from'; its elements have: role, content" in str(info.value)
    assert "messages[*].content'?" not in str(info.value)  # [*] would take every turn


def test_the_chat_preset_fits_both_layouts():
    assert task_fields("chat", CHAT[0]) == ["messages[role=user].content"]
    assert task_fields("chat", SHAREGPT[0]) == ["conversations[from=human].value"]


def _rows(out: Path) -> list[dict]:
    return pq.read_table(out / "data").to_pylist()


def test_chat_rewrites_user_turns_only_and_matches_the_field(tmp_path):
    preset, field = tmp_path / "preset", tmp_path / "field"
    result = runner.invoke(app, ["transform", str(FIXTURES / "chat.jsonl"), "--task", "chat",
                                 "--dialect", "UAAVE", "-o", str(preset), "-q"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["transform", str(FIXTURES / "chat.jsonl"), "--field",
                                 "messages[role=user].content", "--dialect", "UAAVE", "-o", str(field), "-q"])
    assert result.exit_code == 0, result.output
    rows = _rows(preset)
    assert rows == _rows(field)
    changed = 0
    for before, after in zip(CHAT, rows):
        assert [m["role"] for m in after["messages"]] == [m["role"] for m in before["messages"]]
        for old, new in zip(before["messages"], after["messages"]):
            if old["role"] != "user":
                assert old["content"].encode() == new["content"].encode()
            else:
                changed += old["content"] != new["content"]
    assert changed >= 3
    assert runner.invoke(app, ["verify", str(FIXTURES / "chat.jsonl"), str(preset)]).exit_code == 0


def test_sharegpt_rewrites_the_human_turns_only():
    result = runner.invoke(app, ["transform", str(FIXTURES / "sharegpt.jsonl"), "--task", "chat",
                                 "--dialect", "UAAVE", "-o", "-", "-q"])
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    for before, after in zip(SHAREGPT, rows):
        for old, new in zip(before["conversations"], after["conversations"]):
            assert old["from"] == new["from"]
            if old["from"] != "human":
                assert old["value"] == new["value"]
    assert any(old["value"] != new["value"] for b, a in zip(SHAREGPT, rows)
               for old, new in zip(b["conversations"], a["conversations"]))
