"""verify names the row and the field of a label that changed, and shows where a long text differs."""
import json

from typer.testing import CliRunner

from multivalue_cli.cli import app

runner = CliRunner()
QUERY = "SELECT name FROM singer WHERE country = 'France' AND age > 30 ORDER BY age DESC LIMIT 1"


def test_a_changed_label_is_named_by_row_and_field_with_the_part_that_differs(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"text": t, "query": QUERY, "meta": {"n": k}}) + "\n"
                              for k, t in enumerate(["He speaks English.", "She sings well."])))
    out = tmp_path / "out"
    assert runner.invoke(app, ["transform", str(source), "--dialect", "IndE", "-o", str(out),
                               "--format", "jsonl", "-q"]).exit_code == 0
    data = next((out / "data").glob("*.jsonl"))
    rows = [json.loads(line) for line in data.read_text().splitlines()]
    rows[1]["query"] = QUERY.replace("LIMIT 1", "LIMIT 2")
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    result = runner.invoke(app, ["verify", str(source), str(out)])
    assert result.exit_code == 1
    problem = next(line for line in result.output.splitlines() if line.startswith("problem:"))
    assert problem.startswith("problem: row 1: field query: ")
    assert "LIMIT 1" in problem and "LIMIT 2" in problem and f"(from character {len(QUERY) - 1})" in problem


def _run(source, out, *more):
    result = runner.invoke(app, ["transform", str(source), "--dialect", "IndE", "-o", str(out), "-q", *more])
    assert result.exit_code == 0, result.output


def test_an_input_column_replaced_by_a_kept_original_is_not_ok(tmp_path):
    """--keep-original adds ``text_original``; an input with a column of that name of its own must
    find its values in the output, whatever the run did with the name."""
    texts = ["She is going to the market.", "They have been there before."]
    plain, clashing = tmp_path / "plain.jsonl", tmp_path / "clashing.jsonl"
    plain.write_text("".join(json.dumps({"text": t, "label": k}) + "\n" for k, t in enumerate(texts)))
    clashing.write_text("".join(json.dumps({"text": t, "text_original": f"annotator note {k}", "label": k}) + "\n"
                                for k, t in enumerate(texts)))
    for fmt in ("parquet", "jsonl"):
        out = tmp_path / fmt
        _run(plain, out, "--keep-original", "--format", fmt)  # text_original holds the input text
        assert runner.invoke(app, ["verify", str(plain), str(out)]).exit_code == 0
        result = runner.invoke(app, ["verify", str(clashing), str(out)])
        assert result.exit_code == 1, result.output
        assert "row 0: field text_original: 'annotator note 0' (str) in the input, " \
               "'She is going to the market.' (str) in the output" in result.output


def test_a_record_listed_as_skipped_in_a_passthrough_run_is_a_lost_record(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text("".join(json.dumps({"text": t, "label": k}) + "\n"
                              for k, t in enumerate(["He speaks.", "She sings.", "They run."])))
    out = tmp_path / "out"
    _run(source, out, "--format", "jsonl")
    data = next((out / "data").glob("*.jsonl"))
    lines = data.read_text().splitlines(keepends=True)
    data.write_text(lines[0] + lines[2])  # row 1 lost ...
    (out / "errors.jsonl").write_text(json.dumps({"row": 1, "reason": "x", "action": "skipped"}) + "\n")
    result = runner.invoke(app, ["verify", str(source), str(out)])  # ... and said to be skipped
    assert result.exit_code == 1
    assert "row 1: missing from the output, listed in errors.jsonl as not written, but the run was " \
           "--on-error passthrough" in result.output
