"""The characters U+2028, U+2029 and U+0085 are text, not line breaks of JSON lines."""
import json

from typer.testing import CliRunner

from multivalue_cli.cli import app


def cli(*args, code: int | None = 0):
    result = CliRunner().invoke(app, [str(a) for a in args])
    if code is not None:
        assert result.exit_code == code, result.output
    return result


# ------------------------------------------------------------------ U+2028, U+2029, U+0085


def test_unicode_line_separators_are_ordinary_characters(tmp_path):
    texts = ["She is going to the market.\u2028They have been there.",
             "He does not like it.\u2029She has gone home.", "I am going home.\u0085We were there."]
    source = tmp_path / "in.jsonl"
    lines = [json.dumps({"text": t, "label": k}, ensure_ascii=False) for k, t in enumerate(texts)]
    lines.insert(1, "{\"text\": \"broken \u2028 line\", \"label\": ")  # listed in errors.jsonl, as it is
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    out, review = tmp_path / "run", tmp_path / "review"
    for fmt in ("parquet", "jsonl"):
        cli("transform", source, "-d", "IndE", "-o", out, "--format", fmt, "--overwrite", "--quiet", code=3)
        assert "\u2028" in (out / "errors.jsonl").read_text("utf-8")
        cli("verify", source, out)
        cli("report", out)
        cli("report", out, "--json")
        cli("review", "export", out, "-o", review, "--controls", 3, "--overwrite")
    items = [json.loads(line) for line in (review / "items.jsonl").read_bytes().split(b"\n") if line]
    assert {i["original"] for i in items} == set(texts)
    judged = tmp_path / "judgments-ana.json"
    judged.write_text(json.dumps({"annotator": "ana", "judgments": [
        {"item": i["item"], "wrong_edits": [], "acceptable": True, "comment": "fine\u2028really"} for i in items]}),
        encoding="utf-8")
    result = cli("review", "import", review, judged, "--json")
    assert json.loads(result.stdout)["items"]["judged"] == len(items)
