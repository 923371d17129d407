"""The dialect and the learner errors together: one edit log in the input's coordinates, which
gives the output back by replacing each span's ``before`` by its ``after`` (no knowledge of
stages needed), for every combination of stages; verify and report read it."""
import json
import random
from collections import defaultdict
from pathlib import Path

import pytest

from multivalue_cli.engine.apply import AppliedEdit, replay
from multivalue_cli.engine.offsets import PositionMap, compose, moved_span, regions
from run_folders import cli, lines, written

FIXTURES = Path(__file__).parent / "fixtures"
BBQ = FIXTURES / "bbq_shared.jsonl"
STAGES = {
    "dialect": ["-d", "IndE"],
    "learner": ["--errors", "learner", "--error-rate", "0.2"],
    "both": ["-d", "IndE", "--errors", "learner", "--error-rate", "0.2"],
}


@pytest.fixture(scope="module", params=sorted(STAGES))
def run(request, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("stages") / request.param
    cli("transform", BBQ, "--task", "bbq", *STAGES[request.param], "-o", out, "--quiet")
    return out


def by_hand(text: str, rows: list[dict]) -> str:
    """The edit log replayed as the README says, with no knowledge of stages: every distinct
    span's ``before`` replaced by its ``after`` in the input."""
    out, position = [], 0
    for start, end, before, after in sorted({(r["start"], r["end"], r["before"], r["after"]) for r in rows}):
        assert start >= position and text[start:end] == before, (text, rows)
        out += [text[position:start], after]
        position = end
    return "".join(out) + text[position:]


def test_the_edit_log_gives_the_output_back_by_hand_for_every_stage(run):
    manifest = json.loads((run / "manifest.json").read_text())
    inputs, outputs = lines(BBQ), written(run)
    rows = defaultdict(list)
    for row in written(run, "edits"):
        rows[row["key"]].append(row)
    assert sum(len(r) for r in rows.values()) == manifest["counts"]["edits"] > 0
    for k, (before, after) in enumerate(zip(inputs, outputs)):
        assert by_hand(before["context"], rows[k]) == after["context"]


def test_verify_and_report_read_every_combination_of_stages(run, tmp_path):
    assert "ok:" in cli("verify", BBQ, run).output
    cli("report", run)
    cli("report", run, "--json")
    cli("report", run, "--html", tmp_path / "page.html", "--examples", 20)
    assert "<html" in (tmp_path / "page.html").read_text()


def test_a_log_that_does_not_give_the_output_fails_verify(tmp_path):
    import pyarrow.parquet as pq

    out = tmp_path / "both"
    cli("transform", BBQ, "--task", "bbq", *STAGES["both"], "-o", out, "--quiet")
    shard = next((out / "edits").glob("*.parquet"))
    table = pq.read_table(shard)
    rows = table.to_pylist()
    learner = next(k for k, r in enumerate(rows) if r["ewave"] == 0 and r["span_rows"] == 1)
    rows[learner]["after"] += "x"
    pq.write_table(type(table).from_pylist(rows, schema=table.schema), shard)
    result = cli("verify", BBQ, out, code=1)
    assert "does not reproduce the output" in result.output


# ------------------------------------------------------------------ the log of two stages


def edit(start, end, before, after, ewave=1):
    return AppliedEdit(ewave, "f" if ewave else "R:X", start, end, before, after)


def test_learner_edits_apart_from_the_dialect_move_into_the_input():
    source = "He has a book and a pen."
    first = [edit(3, 6, "has", "have got")]  # He have got a book and a pen.
    middle = replay(source, first)
    second = [edit(23, 25, "a ", "", 0)]  # He have got a book and pen.
    final = replay(middle, second)
    assert compose(source, first, second, final) == [first[0], edit(18, 20, "a ", "", 0)]


def test_a_learner_edit_on_what_the_dialect_wrote_shares_its_span():
    source = "She is a teacher."
    first = [edit(4, 9, "is a ", "")]  # She teacher.
    middle = replay(source, first)
    second = [edit(4, 4, "", "the ", 0)]  # She the teacher. (an insertion where the dialect deleted)
    final = replay(middle, second)
    assert compose(source, first, second, final) == [edit(4, 9, "is a ", "the "), edit(4, 9, "is a ", "the ", 0)]
    first = [edit(4, 6, "is", "are")]  # She are a teacher.
    second = [edit(4, 7, "are", "ar", 0)]  # a misspelling of the dialect's word
    middle = replay(source, first)
    assert compose(source, first, second, replay(middle, second)) == [edit(4, 6, "is", "ar"),
                                                                       edit(4, 6, "is", "ar", 0)]


def random_edits(rng: random.Random, text: str, ewave: int) -> list[AppliedEdit]:
    """Edits of ``text`` whose spans do not overlap (some pure insertions and deletions, some
    rows sharing a span as merged sites do)."""
    edits, position = [], 0
    while position <= len(text):
        if rng.random() < 0.3:
            end = min(len(text), position + rng.choice([0, 0, 1, 2, 3]))
            after = "".join(rng.choice("xy ") for _ in range(rng.choice([0, 1, 2, 3]))) or "q" * (end == position)
            if text[position:end] != after:
                edits.append(edit(position, end, text[position:end], after, ewave))
                position = end
        position += 1
    if edits and rng.random() < 0.3:
        edits.append(edits[0])
    return edits


def test_two_stages_composed_always_replay_to_the_output_and_untouched_spans_move_with_it():
    rng = random.Random(7)
    for _ in range(3000):
        source = "".join(rng.choice("ab ") for _ in range(rng.randint(1, 14)))
        first = random_edits(rng, source, 1)
        middle = replay(source, first)
        second = random_edits(rng, middle, 0)
        final = replay(middle, second)
        log = compose(source, first, second, final)
        assert len(log) == len(first) + len(second)
        assert replay(source, log) == final, (source, first, second)
        start = rng.randint(0, len(source))
        end = rng.randint(start, min(len(source), start + 4))
        moved = moved_span(start, end, log)
        if moved is not None:
            assert final[moved:moved + end - start] == source[start:end]


def test_positions_move_with_the_regions_before_them():
    log = [edit(2, 4, "ab", "xyz"), edit(6, 6, "", "QQ")]
    mapping = PositionMap(regions(log))
    assert [mapping(p) for p in (0, 2, 4, 5, 6)] == [0, 2, 5, 6, 7]
    assert mapping(3) == 2 and mapping(3, left=False) == 5  # inside a region: its start or end
    assert mapping(6, left=False) == 9  # words inserted at a position: on its left
    assert moved_span(6, 8, log) == 9 and moved_span(4, 6, log) == 5
    assert moved_span(3, 5, log) is None and moved_span(5, 8, log) is None
