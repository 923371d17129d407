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
