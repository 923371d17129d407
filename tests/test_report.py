"""`multivalue_cli.reports.report`: the numbers of a finished run, the terminal tables, the HTML page."""
import json
import re
import shutil
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from rich.console import Console
from typer.testing import CliRunner

from html_tokens import tokens
from multivalue_cli.cli import app
from multivalue_cli.engine.apply import AppliedEdit, replay
from multivalue_cli.reports.examples import Example, original_text, pick_examples
from multivalue_cli.reports.report import print_report, summarise
from multivalue_cli.reports.report_html import write_html
from multivalue_cli.reports.run_folder import ReportError, ShardError, shard_rows
from multivalue_cli.reports.verify import verify

SAMPLE = Path(__file__).parent.parent / "multivalue_cli" / "data" / "sample.jsonl"
CHROMIUM = "/usr/bin/chromium"
TABLES = ("overview", "fields", "features", "categories", "distribution")


def transform(*args) -> None:
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code in (0, 3), result.output


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("report") / "inde"
    transform("--dialect", "IndE", "--limit", 40, "-o", out)
    return out


@pytest.fixture(scope="module")
def page(run, tmp_path_factory) -> Path:
    html = tmp_path_factory.mktemp("html") / "page.html"
    write_html(summarise(run), html, pick_examples(run, 20, seed=0))
    return html


def manifest(out: Path) -> dict:
    return json.loads((out / "manifest.json").read_text())


def sample_texts() -> list[str]:
    return [json.loads(line)["text"] for line in SAMPLE.read_text().splitlines()]


# ------------------------------------------------------------------ summarise


def test_summary_numbers_match_the_manifest_and_the_edit_log(run):
    s = summarise(run)
    counts = manifest(run)["counts"]
    log = pq.read_table(run / "edits").to_pylist()
    assert (s["records"], s["written"], s["texts"]) == (40, 40, 40)
    assert s["texts_changed"] == counts["texts_changed"] == len({(e["key"], e["field"]) for e in log})
    assert s["share_changed"] == round(counts["texts_changed"] / 40, 4)
    assert s["edits"] == counts["edits"] == len(log)
    assert {f["feature"]: f["edits"] for f in s["per_feature"]} == counts["edits_per_feature"]
    assert [f["edits"] for f in s["per_feature"]] == sorted((f["edits"] for f in s["per_feature"]), reverse=True)
    assert sum(c["edits"] for c in s["per_category"]) == s["edits"]
    assert sum(c["features"] for c in s["per_category"]) == len(s["per_feature"])
    assert s["per_field"] == [{"field": "text", "texts": 40, "changed": counts["texts_changed"],
                               "share": s["share_changed"]}]
    assert s["mean_edits_per_text"] == round(len(log) / 40, 3)
    assert s["errors"] == {"count": 0, "examples": []}
    assert s["learner"] is None
    json.dumps(s)  # serialisable


def test_distribution_of_edits_per_text(run):
    s = summarise(run)
    log = pq.read_table(run / "edits").to_pylist()
    per_text = Counter(e["key"] for e in log)
    expected = Counter(min(n, 10) for n in per_text.values())
    expected[0] = 40 - len(per_text)
    bins = s["edits_per_text"]
    assert [b["edits"] for b in bins] == [str(k) if k < 10 else "10+" for k in range(len(bins))]
    assert {int(b["edits"].rstrip("+")): b["texts"] for b in bins if b["texts"]} == +expected
    assert sum(b["texts"] for b in bins) == 40


def test_errors_and_fields_of_a_run_with_a_bad_record(tmp_path):
    data = tmp_path / "in.jsonl"
    rows = [{"q": "He speaks English.", "y": 1}, {"q": None, "y": 2}, {"q": "She sings.", "y": 3}]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = tmp_path / "out"
    transform(data, "--field", "q", "--feature", "uninflect", "-o", out)
    s = summarise(out)
    assert s["errors"]["count"] == 1 and "q: null" in s["errors"]["examples"][0]
    assert s["per_field"] == [{"field": "q", "texts": 2, "changed": 2, "share": 1.0}]
    assert s["edits_per_text"][1]["texts"] == 2


def test_learner_rates_are_compared_with_their_targets(run, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(run, copy)
    data = manifest(copy)
    data["learner"] = {"types": {"article": {"target": 0.1, "achieved": 0.08},
                                 "spelling": {"target": 0.05, "achieved": 0.05}}}
    (copy / "manifest.json").write_text(json.dumps(data))
    assert summarise(copy)["learner"] == [
        {"type": "article", "target": 0.1, "achieved": 0.08, "difference": -0.02},
        {"type": "spelling", "target": 0.05, "achieved": 0.05, "difference": 0.0},
    ]
    data["learner"] = {"target": {"article": 0.1}, "achieved": {"article": 0.12}}
    (copy / "manifest.json").write_text(json.dumps(data))
    assert summarise(copy)["learner"][0]["difference"] == 0.02
    data["learner"] = {"target": 0.1, "achieved_mean": 0.095, "per_type": {"R:DET": 12},
                       "types": {"det": {"target": 0.03, "achieved": 0.031}}}
    (copy / "manifest.json").write_text(json.dumps(data))
    rows = summarise(copy)["learner"]
    assert [(r["type"], r["difference"]) for r in rows] == [("all", -0.005), ("det", 0.001)]
    console = Console(record=True, width=140)
    print_report(summarise(copy), console)
    assert "Learner errors: achieved vs target rate" in console.export_text()


def test_an_unfinished_or_foreign_folder_is_refused(tmp_path):
    with pytest.raises(ReportError, match="no manifest.json"):
        summarise(tmp_path)
    (tmp_path / "manifest.json").write_text(json.dumps({"state": "running"}))
    with pytest.raises(ReportError, match="not complete"):
        summarise(tmp_path)


def test_shard_rows_reads_every_shard_once_in_order(tmp_path):
    out = tmp_path / "sharded"
    transform("--dialect", "IndE", "--limit", 40, "--shard-size", 15, "-o", out)
    outputs = manifest(out)["outputs"]
    assert len(outputs["data"]) == 3
    rows = list(shard_rows(out, outputs["data"]))
    assert [row for _, _, row in rows] == [r for name in outputs["data"] for r in pq.read_table(out / name).to_pylist()]
    assert [(name, n) for name, n, _ in rows[14:16]] == [(outputs["data"][0], 14), (outputs["data"][1], 0)]
    edits = [row for _, _, row in shard_rows(out, outputs["edits"], ("key", "feature", "not a column"))]
    assert len(edits) == manifest(out)["counts"]["edits"] and all(set(e) == {"key", "feature"} for e in edits)


def test_an_unreadable_shard_is_named_by_the_report_and_by_verify(tmp_path):
    out = tmp_path / "lines"
    transform("--dialect", "IndE", "--limit", 5, "--format", "jsonl", "-o", out)
    shard = manifest(out)["outputs"]["data"][0]
    lines = (out / shard).read_text("utf-8").splitlines(keepends=True)
    (out / shard).write_text(lines[0] + "{not json\n" + "".join(lines[2:]), "utf-8")
    with pytest.raises(ShardError, match=re.escape(f"{shard}, line 2: not valid JSON")):
        summarise(out)
    assert any(p.startswith(f"{shard}, line 2: not valid JSON") for p in verify(None, out).problems)
    (out / shard).unlink()
    with pytest.raises(ReportError, match=re.escape(f"{shard}: cannot read it")):
        list(shard_rows(out, [shard]))


# ------------------------------------------------------------------ originals and examples


def test_original_text_replays_the_log_backwards(tmp_path):
    out = tmp_path / "kept"
    transform("--dialect", "IndE", "--limit", 60, "--keep-original", "-o", out)
    records = pq.read_table(out / "data").to_pylist()
    edits: dict[int, list[dict]] = {}
    for e in pq.read_table(out / "edits").to_pylist():
        edits.setdefault(e["key"], []).append(e)
    assert edits
    for row, record in enumerate(records):
        assert original_text(record["text"], edits.get(row, [])) == record["text_original"]


def test_original_text_of_hand_made_edits():
    edits = [AppliedEdit(62, "remove_det_definite", 0, 4, "The ", ""),
             AppliedEdit(1, "x", 11, 11, "", "really "),
             AppliedEdit(2, "y", 11, 11, "", "really ")]  # merged edits share one span
    original = "The cat is happy & <ok>."
    output = replay(original, edits)
    assert output == "cat is really happy & <ok>."
    assert original_text(output, edits) == original
    with pytest.raises(ValueError):
        original_text("something else entirely", edits)


def test_examples_are_random_but_reproducible_and_exact(run):
    first = pick_examples(run, 20, seed=0)
    assert len(first) == 20
    assert first == pick_examples(run, 20, seed=0)
    assert first != pick_examples(run, 20, seed=1)
    texts = sample_texts()
    for ex in first:
        assert ex.original == texts[ex.row]
        assert ex.original != ex.output
        assert replay(ex.original, ex.edits) == ex.output


# ------------------------------------------------------------------ rendering


def test_print_report_renders_every_table(run):
    console = Console(record=True, width=140)
    print_report(summarise(run), console, top=5)
    text = console.export_text()
    for title in ("Run", "Texts per field", "Edits per feature (top 5 of", "Edits per category", "Edits per text"):
        assert title in text
    assert summarise(run)["per_feature"][0]["feature"] in text


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: Counter = Counter()
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags[tag] += 1
        for name, value in attrs:
            if name == "id":
                self.ids.add(value)
            if name in ("src", "href", "xlink:href", "action", "data", "poster"):
                self.links.append(value or "")


def test_html_page_is_self_contained_with_all_tables_and_charts(page):
    html = page.read_text("utf-8")
    parsed = _Page()
    parsed.feed(html)
    assert all(not re.match(r"\s*(https?:|//)", link) for link in parsed.links), parsed.links
    assert not re.search(r"""(src|href)\s*=\s*["']?\s*(https?:|//)""", html)
    assert "<script" not in html and "<link" not in html and "@import" not in html and "url(" not in html
    assert {f"{name}-table" for name in TABLES} <= parsed.ids
    assert parsed.tags["svg"] == 3
    assert html.count('class="example"') == 20
    assert parsed.tags["mark"] > 20
    assert not list(page.parent.glob(".*.tmp"))


def test_html_escapes_every_value(run, tmp_path):
    summary = summarise(run)
    summary["input"] = "<script>alert(1)</script>"
    summary["per_feature"][0]["feature"] = 'x"><img src=x>'
    example = Example(0, "text", "a <b> & c", "a <i> & c",
                      (AppliedEdit(1, "<feat>", 2, 5, "<b>", "<i>"),))
    out = tmp_path / "page.html"
    write_html(summary, out, [example])
    html = out.read_text()
    assert "<script>" not in html and "<img" not in html and "<b>" not in html and "<i>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert '<mark class="before"' in html and "&lt;b&gt;</mark>" in html and "&lt;i&gt;</mark>" in html


def test_hostile_names_and_texts_stay_text(run, tmp_path):
    text = "He said </script><b>hi</b> & <!-- not a comment"
    start = text.index("hi")
    example = Example(0, "te<x>t", text, text.replace("hi", "ho"), (AppliedEdit(1, "<!--f-->", start, start + 2, "hi", "ho"),))
    pages = {}
    for kind, (name, abbreviation) in {"plain": ("Plain English", "PlE"),
                                       "hostile": ("<!--<script>x</script>", "</script><b>")}.items():
        summary = summarise(run)
        summary["profile"].update(name=name, abbreviation=abbreviation)
        summary["per_feature"][0]["feature"] = "</script><b>f</b>" if kind == "hostile" else "plain"
        write_html(summary, tmp_path / f"{kind}.html", [example] if kind == "hostile" else
                   [Example(0, "text", "a", "b", (AppliedEdit(1, "f", 0, 1, "a", "b"),))])
        pages[kind] = tokens((tmp_path / f"{kind}.html").read_text("utf-8"))
    plain, hostile = pages["plain"], pages["hostile"]
    assert hostile.tags == plain.tags and "script" not in hostile.tags and "b" not in hostile.tags
    assert hostile.comments == plain.comments == []
    shown = "".join(hostile.text)
    assert "multivalue report: </script><b> (<!--<script>x</script>)" in shown
    assert "</script><b>f</b>" in shown and "te<x>t" in shown
    assert text in shown and text.replace("hi", "ho") in shown


def test_a_value_the_page_needs_and_does_not_get_is_an_error(run):
    from jinja2 import UndefinedError

    from multivalue_cli.reports.templating import render_template

    with pytest.raises(UndefinedError, match="title"):
        render_template("report.html", folder="f")


def _chromium(*args: str, profile: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--host-resolver-rules=MAP * ~NOTFOUND",
         f"--user-data-dir={profile}", *args],
        capture_output=True, text=True, timeout=120,
    )


@pytest.mark.skipif(not Path(CHROMIUM).exists(),
                    reason=f"{CHROMIUM} not installed (apt-get install -y chromium) - browser rendering not checked")
def test_html_page_renders_in_a_headless_browser(page, tmp_path):
    dom = _chromium("--enable-logging=stderr", "--v=0", "--dump-dom", page.as_uri(), profile=tmp_path / "profile")
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert "<html" in dom.stdout and dom.stdout.rstrip().endswith("</body></html>")
    assert ":CONSOLE" not in dom.stderr, dom.stderr[-2000:]  # console messages (errors) are logged so
    for name in TABLES:
        assert f'id="{name}-table"' in dom.stdout
    assert dom.stdout.count("<svg") == 3 and dom.stdout.count('class="example"') == 20
    shot = tmp_path / "page.png"
    result = _chromium("--window-size=1000,4000", f"--screenshot={shot}", page.as_uri(),
                       profile=tmp_path / "profile")
    assert result.returncode == 0, result.stderr[-2000:]
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
