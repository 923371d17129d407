"""The records a run hands across process and file boundaries, and the record-side steps of
a rewrite (which texts, and putting them back)."""
import json
import pickle

from multivalue_cli.engine.apply import AppliedEdit
from multivalue_cli.io.tokenize import Rebuild
from multivalue_cli.io.writers import EditRow
from multivalue_cli.run.records import Outcome, Task, TextStats
from multivalue_cli.run.resume import damaged_file, file_check
from multivalue_cli.run.texts import RecordPlan, finish_all, prepare
from multivalue_cli.tasks import load_task
from multivalue_cli.learner.injector import LearnerStats


def test_tasks_and_outcomes_come_back_from_a_pickle_as_they_went():
    task = Task(3, "questions[1]", "She goes.", ("She",), "pair-7")
    stats = LearnerStats(1, 2, 2, 0.2, {"R:VERB:SVA": 1})
    outcome = Outcome("She go.", [AppliedEdit(0, "R:VERB:SVA", 4, 8, "goes", "go")], [], stats, (1, 0))
    assert pickle.loads(pickle.dumps([task, outcome])) == [task, outcome]


def test_a_learner_file_row_is_written_and_read_by_text_stats():
    text = TextStats("dialog.turns[2].text", LearnerStats(2, 9, 4, 0.9, {"M:DET": 1, "R:PREP": 1}))
    row = json.loads(json.dumps(text.to_json()))
    assert row == [2, 9, 4, 0.9, {"M:DET": 1, "R:PREP": 1}, "dialog.turns[2].text"]  # the file's format
    assert TextStats.from_json(row) == text


def test_a_record_with_a_lone_surrogate_is_not_rewritten():
    plan = RecordPlan(("a", "b"))
    item = prepare(5, {"a": "fine", "b": "bad \udc80 text"}, plan)
    assert item.tasks == [] and item.problems == ["b: not Unicode text (it holds a lone surrogate)"]


def test_new_texts_are_put_back_with_their_derived_fields_and_logged():
    plan = RecordPlan(("question",), rebuild=(Rebuild("question_toks", "question"),))
    record = {"question": "How many singers do we have?", "question_toks": ["How", "many"]}
    item = prepare(0, record, plan)
    assert item.tasks == [Task(0, "question", record["question"], (), None)]
    edits = [AppliedEdit(170, "uninflect", 17, 19, "do", "does")]
    (result,) = finish_all([item], [Outcome("How many singers does we have?", edits, [], None, None)],
                           plan.rebuild)
    assert record["question"] == "How many singers does we have?"
    assert record["question_toks"] == ["How", "many", "singers", "does", "we", "have", "?"]
    assert result.texts_changed == 1 and result.log == [
        EditRow(0, "question", 170, "uninflect", 17, 19, "do", "does", 1)]


def test_a_failed_text_leaves_its_whole_record_as_it_was():
    plan = RecordPlan(("a", "b"))
    record = {"a": "one", "b": "two"}
    item = prepare(0, record, plan)
    outcomes = [Outcome("ONE", [], [], None, None), Outcome("two", [], ["rule x failed"], None, None)]
    (result,) = finish_all([item], outcomes)
    assert record == {"a": "one", "b": "two"} and result.error == "b: rule x failed"


def test_a_task_preset_rebuilds_with_the_run_s_record():
    (rebuild,) = load_task("spider").rebuild
    assert isinstance(rebuild, Rebuild)
    assert rebuild.as_dict() == {"from": "question", "tokenizer": "treebank"}


def test_a_finished_shard_file_that_changed_is_found(tmp_path):
    (tmp_path / "data-00000.parquet").write_bytes(b"abc")
    (tmp_path / "edits-00000.parquet").write_bytes(b"def")
    shard = {"files": ["data-00000.parquet", "edits-00000.parquet"],
             "checks": {name: file_check(tmp_path / name) for name in ("data-00000.parquet", "edits-00000.parquet")}}
    assert damaged_file(tmp_path, shard) is None
    (tmp_path / "edits-00000.parquet").write_bytes(b"xyz")
    assert damaged_file(tmp_path, shard) == "edits-00000.parquet"
    (tmp_path / "data-00000.parquet").unlink()
    assert damaged_file(tmp_path, shard) == "data-00000.parquet"
