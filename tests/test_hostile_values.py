"""Values from data and profiles written where they cannot act: spreadsheet formulas in the
review's CSV, Markdown in the review folder's README, Rich markup in the terminal; and the
characters U+2028, U+2029 and U+0085, which are text, not line breaks of JSON lines."""
import csv
import io
import json
import shlex
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.review import judgments as review_files

FORMULAS = ["=HYPERLINK(\"http://example.com\") She is going to the market.", "+They have been there before.",
            "-He does not like it at all.", "@She is going to the shop.", "\tThey have been waiting.",
            "'She is going home.", "\r=He has gone."]


def cli(*args, code: int | None = 0):
    result = CliRunner().invoke(app, [str(a) for a in args])
    if code is not None:
        assert result.exit_code == code, result.output
    return result


def run_and_export(tmp_path: Path, texts: list[str], *profile: str) -> tuple[Path, Path]:
    source, out, review = tmp_path / "in.jsonl", tmp_path / "run", tmp_path / "review"
    source.write_text("".join(json.dumps({"text": t, "label": k}) + "\n" for k, t in enumerate(texts)))
    cli("transform", source, *(profile or ("-d", "IndE")), "-o", out, "--quiet")
    cli("review", "export", out, "-o", review, "--controls", len(texts))
    return out, review


# ------------------------------------------------------------------ the review's CSV


@pytest.mark.parametrize("cell,safe", [("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"),
                                       ("\tx", "'\tx"), ("\rx", "'\rx"), ("'x", "''x"), ("x=1", "x=1"),
                                       ("", ""), ("i3f2", "i3f2")])
def test_a_cell_a_spreadsheet_would_run_gets_a_quote_that_reading_takes_off(cell, safe):
    assert review_files.spreadsheet_safe(cell) == safe and review_files.from_spreadsheet(safe) == cell


def test_items_csv_runs_no_formula_and_holds_the_items_exactly(tmp_path):
    _, review = run_and_export(tmp_path, FORMULAS)
    items = [json.loads(line) for line in (review / "items.jsonl").read_bytes().decode().split("\n") if line]
    rows = list(csv.DictReader(io.StringIO((review / "items.csv").read_bytes().decode(), newline="")))
    assert len(rows) == len(items) and {i["original"] for i in items} == set(FORMULAS)
    for row, item in zip(rows, items):
        assert not any(cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in row.values()), row
        assert review_files.from_spreadsheet(row["original"]) == item["original"]
        assert review_files.from_spreadsheet(row["transformed"]) == item["transformed"]
    assert "a `'` before it" in (review / "README.md").read_text()


def test_review_import_reads_neutralised_cells_back_exactly(tmp_path):
    _, review = run_and_export(tmp_path, FORMULAS)
    meta, items = review_files.load_review(review)
    item = next(iter(items))
    answers = tmp_path / "answers.csv"
    with answers.open("w", newline="", encoding="utf-8") as stream:
        writer = csv.writer(stream)
        writer.writerow(["annotator", "item", "wrong_edits", "acceptable", "comment"])
        writer.writerow(["'@ana", item, "", "true", "'=not a formula\u2028(really)"])  # as items.csv writes them
        writer.writerow(["'tis ben", item, "", "false", "=saved again by a spreadsheet"])  # no quote to take off
    judgments = review_files.read_judgments([answers], meta, items)
    assert [(j.annotator, j.comment) for j in judgments] == [
        ("@ana", "=not a formula\u2028(really)"), ("'tis ben", "=saved again by a spreadsheet")]


# ------------------------------------------------------------------ names from a profile


HOSTILE_NAME = "Evil <!--<script> [/x] [bold]*x* _y_ `z` [l](http://e) # h"


def test_a_profile_name_stays_text_in_the_review_readme_and_the_terminal(tmp_path):
    profile = tmp_path / "odd.yaml"
    profile.write_text(f"extends: IndE\nname: {json.dumps(HOSTILE_NAME)}\nabbreviation: \"</script>[/b]\"\n")
    folder = tmp_path / "it's a review"
    out, review = run_and_export(tmp_path, ["She is going to the market.", "They have been there."],
                                 "-d", profile)
    cli("review", "export", out, "-o", folder)
    readme = (folder / "README.md").read_text()
    tokens = MarkdownIt("commonmark").parse(readme)
    assert not [t for t in tokens if t.type.startswith("html")]
    inline = [c for t in tokens if t.type == "inline" for c in t.children]
    assert not [c for c in inline if c.type in ("html_inline", "link_open", "strong_open")]
    assert [c.type for c in inline].count("em_open") == 1  # the page's *Download judgments*, nothing else
    heading = next(tokens[k + 1] for k, t in enumerate(tokens) if t.type == "heading_open")
    assert "".join(c.content for c in heading.children) == f"Native-speaker review: {HOSTILE_NAME} (</script>[/b])"
    command = next(t.content for t in tokens if t.type == "fence")
    assert shlex.split(command)[3] == str(folder)  # the import command, runnable as written
    report = cli("report", out)  # Rich markup in a name neither breaks the table nor vanishes
    assert "[/x]" in report.output and "</script>[/b]" in report.output


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
