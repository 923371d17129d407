"""`multivalue export`: a learner-error run as parallel text and as M2, read back by ERRANT."""
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.engine.apply import AppliedEdit, replay
from multivalue_cli.engine.nlp import load_pipeline
from multivalue_cli.learner.profile import ALL_LABELS
from multivalue_cli.reports.run_folder import edit_log, read_manifest, rows_and_records

FIXTURES = Path(__file__).parent / "fixtures"


def invoke(*args) -> tuple[int, str]:
    result = CliRunner().invoke(app, [*map(str, args)])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def learner_run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gec") / "bbq-learner"
    code, output = invoke("transform", FIXTURES / "bbq.jsonl", "--task", "bbq", "--errors", "learner",
                          "--error-rate", "0.2", "-o", out, "-q")
    assert code == 0, output
    for fmt in ("m2", "parallel"):
        code, output = invoke("export", out, "--format", fmt)
        assert code == 0, output
    return out


def m2_blocks(path: Path) -> list[tuple[list[str], list[tuple[int, int, str, str]]]]:
    blocks = []
    for block in path.read_text().strip().split("\n\n"):
        source, *edits = block.splitlines()
        parsed = []
        for line in edits:
            span, kind, correction = line[2:].split("|||")[:3]
            start, end = map(int, span.split())
            parsed.append((start, end, kind, correction))
        blocks.append((source[2:].split(" "), parsed))
    return blocks


def words(text: str) -> list[str]:
    return [t.text for t in load_pipeline().tokenizer(text) if not t.is_space]


def test_parallel_text_is_the_written_text_and_the_input_in_input_order(learner_run):
    inputs = [json.loads(line)["context"] for line in (FIXTURES / "bbq.jsonl").read_text().splitlines()]
    written = [record["context"] for _, record in rows_and_records(learner_run, read_manifest(learner_run))]
    source = (learner_run / "gec" / "source.txt").read_text().splitlines()
    target = (learner_run / "gec" / "target.txt").read_text().splitlines()
    assert source == written and target == inputs
    assert sum(a != b for a, b in zip(source, target)) >= 3


def test_the_m2_corrections_turn_the_source_into_the_target(learner_run):
    blocks = m2_blocks(learner_run / "gec" / "edits.m2")
    targets = (learner_run / "gec" / "target.txt").read_text().splitlines()
    sources = (learner_run / "gec" / "source.txt").read_text().splitlines()
    assert len(blocks) == len(targets)
    for (tokens, edits), source, target in zip(blocks, sources, targets):
        assert tokens == words(source)
        corrected = list(tokens)
        for start, end, kind, correction in sorted(e for e in edits if e[2] != "noop")[::-1]:
            corrected[start:end] = correction.split() if correction else []
        assert corrected == words(target)


def test_the_m2_types_are_the_edit_logs(learner_run):
    manifest = read_manifest(learner_run)
    logged = sorted(row["feature"] for row in edit_log(learner_run, manifest, ("feature", "ewave")) if row["ewave"] == 0)
    exported = sorted(kind for _, edits in m2_blocks(learner_run / "gec" / "edits.m2") for _, _, kind, _ in edits
                      if kind != "noop")
    assert exported == logged and set(exported) <= set(ALL_LABELS)


def test_errant_scores_the_m2_against_itself_at_one(learner_run):
    m2 = learner_run / "gec" / "edits.m2"
    run = subprocess.run([str(Path(sys.executable).parent / "errant_compare"), "-hyp", str(m2), "-ref", str(m2)],
                         capture_output=True, text=True, check=True)
    scores = run.stdout.split("F0.5\n")[1].split()
    assert int(scores[0]) > 0 and scores[1:3] == ["0", "0"] and scores[5] == "1.0"


def test_errant_finds_the_same_corrections_in_the_parallel_text(learner_run):
    """ERRANT's own annotation of source.txt against target.txt (with the project's pipeline)
    finds the exported corrections."""
    import errant

    annotator = errant.load("en", load_pipeline())
    found = agreed = 0
    sources = (learner_run / "gec" / "source.txt").read_text().splitlines()
    targets = (learner_run / "gec" / "target.txt").read_text().splitlines()
    for (tokens, edits), target in zip(m2_blocks(learner_run / "gec" / "edits.m2"), targets):
        ours = {(s, e, c) for s, e, kind, c in edits if kind != "noop"}
        theirs = {(e.o_start, e.o_end, e.c_str) for e in annotator.annotate(
            annotator.parse(" ".join(tokens), tokenise=False), annotator.parse(" ".join(words(target)), tokenise=False))}
        found, agreed = found + len(ours), agreed + len(ours & theirs)
    assert found and agreed / found >= 0.9
    assert len(sources) == len(targets)


def test_with_a_dialect_the_target_is_the_dialects_text(tmp_path):
    out = tmp_path / "o"
    code, output = invoke("transform", FIXTURES / "bbq.jsonl", "--task", "bbq", "-d", "IndE", "--errors", "learner",
                          "--error-rate", "0.2", "-o", out, "-q")
    assert code == 0, output
    code, output = invoke("export", out, "--format", "parallel", "-o", tmp_path / "gec")
    assert code == 0 and "4 texts" in output
    manifest = read_manifest(out)
    dialect = {}
    for row in edit_log(out, manifest, ("key", "ewave", "feature", "start", "end", "before", "after")):
        if row["ewave"]:
            dialect.setdefault(row["key"], []).append(AppliedEdit(row["ewave"], row["feature"], row["start"],
                                                                  row["end"], row["before"], row["after"]))
    inputs = [json.loads(line)["context"] for line in (FIXTURES / "bbq.jsonl").read_text().splitlines()]
    target = (tmp_path / "gec" / "target.txt").read_text().splitlines()
    assert target == [replay(text, dialect.get(k, [])) for k, text in enumerate(inputs)]


def test_a_run_without_learner_errors_is_refused(tmp_path):
    code, _ = invoke("transform", FIXTURES / "bbq.jsonl", "--task", "bbq", "-d", "IndE", "-o", tmp_path / "o", "-q")
    assert code == 0
    code, output = invoke("export", tmp_path / "o", "--format", "m2")
    assert code == 2 and "injected no learner errors" in output
    code, output = invoke("export", tmp_path / "o", "--format", "xml")
    assert code == 2


def test_a_field_the_run_did_not_rewrite_is_refused(learner_run, tmp_path):
    code, output = invoke("export", learner_run, "--format", "m2", "--field", "question", "-o", tmp_path / "x")
    assert code == 2 and "'question' is not a field of the run; its fields: context" in output


def test_the_m2_export_says_how_many_corrections_the_file_holds(learner_run, tmp_path):
    code, output = invoke("export", learner_run, "--format", "m2", "-o", tmp_path / "m2", "--json")
    assert code == 0, output
    held = sum(1 for _, edits in m2_blocks(tmp_path / "m2" / "edits.m2") for edit in edits if edit[2] != "noop")
    assert json.loads(output)["corrections"] == held
