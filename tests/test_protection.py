"""What the labels depend on stays as it is: protection binds dialect rules as well as learner
errors (and the engine's own side effects), protect-field paths are checked, counterfactual
pairs keep differing exactly where they did under a dialect, and task presets protect, leave
out and rebuild what their labels need."""
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from multivalue_cli import Transformer
from multivalue_cli.io import jsontext
from multivalue_cli.cli import app
from multivalue_cli.engine.edits import Insert, Move, site
from multivalue_cli.engine.apply import Engine
from multivalue_cli.protection import Protection, sql_literals
from multivalue_cli.engine.registry import Rule

runner = CliRunner()
FIXTURES = Path(__file__).parent / "fixtures"


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def records_of(out: Path) -> list[dict]:
    manifest = json.loads((out / "manifest.json").read_text())
    rows = []
    for name in manifest["outputs"]["data"]:
        if name.endswith(".jsonl"):
            rows += [jsontext.loads(line) for line in (out / name).read_text().splitlines()]
        else:
            rows += pq.read_table(out / name).to_pylist()
    return rows


# ------------------------------------------------------------ every stage, every site


def test_a_protected_word_blocks_dialect_rules_at_its_site_only():
    text = "She said that he was tired, so he went home and they stayed."
    plain = Transformer(dialect="Multi", seed=0).explain(text)
    assert any("he" == e.before.strip().lower() for e in plain.edits) or "he" not in plain.text.split()
    guarded = Transformer(dialect="Multi", seed=0, protect=["he"])
    result = guarded.explain(text)
    assert result.text.count(" he ") == 2 and result.edits, result.text  # other sites still fire
    trace: dict = {}
    Transformer(dialect="Multi", seed=0, protect=["he"]).explain(text, trace=trace)
    assert sum(fate["protected"] for fate in trace.values()) > 0


def test_the_engines_side_effects_leave_a_protected_word_as_it_is(nlp):
    front = Rule(999, "front_test", "Test", lambda doc, index: [site(Move(2, 3, 0))], (), ())
    doc = nlp("He is tall.")
    assert Engine([(front, 1.0)]).apply(doc).text == "Tall he is."
    # moving a word before "He" would lower its capital: with "He" protected the site is dropped
    assert Engine([(front, 1.0)]).apply(doc, protected_spans=[(0, 2)]).text == "He is tall."


def test_no_word_is_put_inside_a_protected_phrase_but_words_may_go_beside_it(nlp):
    text = "I met a person who bikes to work."
    phrase = (text.index("person"), text.index(" to work"))  # "person who bikes"
    inside = Rule(999, "inside_test", "Test", lambda doc, index: [site(Insert(3, "that", after=True))], (), ())
    before = Rule(998, "before_test", "Test", lambda doc, index: [site(Insert(3, "one"))], (), ())
    moved_in = Rule(997, "move_test", "Test", lambda doc, index: [site(Move(7, 8, 5))], (), ())
    doc = nlp(text)
    assert Engine([(inside, 1.0)]).apply(doc).text == "I met a person that who bikes to work."
    assert Engine([(inside, 1.0)]).apply(doc, protected_spans=[phrase]).text == text
    assert Engine([(moved_in, 1.0)]).apply(doc, protected_spans=[phrase]).text == text
    assert Engine([(before, 1.0)]).apply(doc, protected_spans=[phrase]).text == \
        "I met a one person who bikes to work."  # beside the phrase, not in it
    # a relative clause rule on a BBQ-like group term, with the preset's protection
    context = "The office is shared between a nurse and a person who bikes in to work."
    guarded = Transformer(dialect="Multi", seed=0, protect=["person who bikes in to work"])
    assert "person who bikes in to work" in guarded.transform(context)


def test_protection_holds_for_learner_errors_after_a_dialect():
    text = "The nurse told the doctor that she would bring the chart to the ward in the morning."
    t = Transformer(dialect="IndE", errors="learner", error_rate=0.5, seed=2,
                    protect=["nurse", "doctor", "she"])
    for key in range(12):
        out = t.explain(text, key=key).text
        for word in ("nurse", "doctor", "she"):
            assert f" {word} " in f" {out} ", out


@pytest.mark.parametrize("text,quoted", [
    ('Which songs have "Hey Jude" in their title?', ['"Hey Jude"']),
    ("Find the players' teams named 'Bulls' and don't stop.", ["'Bulls'"]),
    ("Who wrote 'Jane's Story'?", ["'Jane's Story'"]),
    ("List cities that are not `` Little Lever '' please.", ["`` Little Lever ''"]),
    ("It's the teachers' day, isn't it?", []),
])
def test_quoted_spans(text, quoted):
    assert [text[a:b] for a, b in Protection(quotes=True).spans(text)] == quoted


def test_sql_literals_are_the_values_a_question_can_quote():
    query = "SELECT name FROM song AS T1 WHERE T1.title LIKE '%Hey%' AND T1.sales > 3500 LIMIT 1"
    assert sql_literals(query) == ["Hey", "3500", "1"]
    assert sql_literals('SELECT * FROM t WHERE a = "Ben Jones" OR b = \'O\'\'Neil\'') == ["Ben Jones", "O'Neil"]


# ------------------------------------------------------------------------ paths


def test_protect_field_takes_field_paths(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({
        "context": f"The {group} man said that he was going to the shop, and he did not come back.",
        "info": {"groups": [group, "other"]}}) + "\n" for group in ("tall", "short", "old", "young") * 5))
    out = tmp_path / "out"
    result = invoke("transform", src, "--field", "context", "--errors", "spell", "--error-rate", "0.4",
                    "--protect-field", "info.groups", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    for before, after in zip(map(json.loads, src.read_text().splitlines()), records_of(out)):
        assert f" {before['info']['groups'][0]} " in after["context"]


def test_an_unknown_protect_field_is_an_error_with_a_suggestion(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(json.dumps({"text": "He went home.", "ans0": "home"}) + "\n")
    result = invoke("transform", src, "--dialect", "IndE", "--protect-field", "ans_0", "-o", tmp_path / "o")
    assert result.exit_code == 2 and "Did you mean 'ans0'" in result.output


# ------------------------------------------------------------------------ pairs


def test_pairs_under_a_dialect_differ_exactly_where_they_did(tmp_path):
    out = tmp_path / "out"
    result = invoke("transform", FIXTURES / "pairs.jsonl", "--field", "sentence", "--dialect", "UAAVE",
                    "--protect-field", "pronoun", "--protect-file", FIXTURES / "occupations.txt",
                    "--pair-key", "pair_id", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    before = [json.loads(line) for line in (FIXTURES / "pairs.jsonl").read_text().splitlines()]
    after = records_of(out)
    changed = 0
    for k in range(0, len(before), 2):
        a, b = before[k]["sentence"].split(), before[k + 1]["sentence"].split()
        x, y = after[k]["sentence"].split(), after[k + 1]["sentence"].split()
        if len(a) == len(b):  # a same-length pair: it must still differ in the same words only
            assert len(x) == len(y), (after[k], after[k + 1])
            assert sorted({(p, q) for p, q in zip(a, b) if p != q}) == \
                   sorted({(p, q) for p, q in zip(x, y) if p != q})
        changed += x != a
    assert changed >= 2
    pairs = json.loads((out / "manifest.json").read_text())["protection"]["pairs"]
    assert pairs["pairs"] == len(before) // 2 and pairs["dialect_edits_carried"] > 0


def test_a_site_the_members_parses_disagree_on_is_blocked_in_both(nlp):
    from multivalue_cli.engine.edits import Replace

    def everywhere(doc, index):
        return [site(Replace(3, "gone"))]

    def only_after_john(doc, index):  # stands for a rule whose parse differs between members
        return [site(Replace(1, "told"))] if doc[0].text == "John" else []

    rules = [(Rule(998, "everywhere_test", "Test", everywhere, (), ()), 1.0),
             (Rule(999, "john_test", "Test", only_after_john, (), ()), 1.0)]
    docs = [nlp("John said he left."), nlp("Mary said she left.")]
    results, carried, blocked = Engine(rules).apply_pair(docs, key=1)
    assert [r.text for r in results] == ["John said he gone.", "Mary said she gone."]
    assert (carried, blocked) == (1, 1)


# ---------------------------------------------------------------------- presets


SPIDER = [
    {"db_id": "music", "query": "SELECT name FROM singer ORDER BY age LIMIT 1",
     "question": "What is the name of the youngest singer?", "question_toks": [], "sql": {}},
    {"db_id": "music", "query": "SELECT count(*) FROM song WHERE title LIKE '%Love of a Lifetime%'",
     "question": 'How many songs does the band have with "Love of a Lifetime" in the title?',
     "question_toks": [], "sql": {}},
    {"db_id": "music", "query": "SELECT name FROM singer WHERE country = 'France' AND age > 20",
     "question": "Which singers from France are older than 20?", "question_toks": [], "sql": {}},
    {"db_id": "music", "query": "SELECT avg(age) FROM singer",
     "question": "What is the average age of the singers who have released a song?",
     "question_toks": [], "sql": {}},
]


@pytest.fixture
def spider_file(tmp_path) -> Path:
    from multivalue_cli.io.tokenize import tokenize

    for record in SPIDER:
        record["question_toks"] = tokenize(record["question"])
    path = tmp_path / "spider.json"
    path.write_text(json.dumps(SPIDER))
    return path


def test_the_spider_preset_keeps_values_and_rankings_and_rebuilds_the_tokens(spider_file, tmp_path):
    from multivalue_cli.io.tokenize import tokenize

    out = tmp_path / "out"
    result = invoke("transform", spider_file, "--task", "spider", "--dialect", "Multi", "-o", out, "-q")
    assert result.exit_code == 0, result.output
    rows = records_of(out)
    assert "youngest" in rows[0]["question"]
    assert '"Love of a Lifetime"' in rows[1]["question"]
    assert "France" in rows[2]["question"] and "20" in rows[2]["question"]
    assert sum(r["question"] != s["question"] for r, s in zip(rows, SPIDER)) >= 2
    for row in rows:
        assert row["question_toks"] == tokenize(row["question"])
    manifest = json.loads((out / "manifest.json").read_text())
    assert "zero_degree" in manifest["protection"]["excluded_features"]
    assert "zero_degree" not in manifest["profile"]["features"]
    assert manifest["protection"]["rebuilt_fields"] == {"question_toks": {"from": "question", "tokenizer": "treebank"}}
    assert invoke("verify", spider_file, out).exit_code == 0
    loose = tmp_path / "loose"
    assert invoke("transform", spider_file, "--task", "spider", "--dialect", "Multi", "--no-task-protection",
                  "-o", loose, "-q").exit_code == 0
    assert "zero_degree" in json.loads((loose / "manifest.json").read_text())["profile"]["features"]


def test_learner_errors_leave_the_spider_rankings_and_comparisons_alone(tmp_path):
    """A misspelt or swapped degree word (*the must languages*, *the fewust people*) loses the
    ORDER BY or comparison of the query: under the spider preset learner errors leave words
    tagged as superlatives and comparatives alone, and without the preset they do not."""
    questions = ["Which continent speaks the most languages?", "Return the 3 countries with the fewest people.",
                 "Which singer is older than the youngest drummer?", "List the highest mountains first.",
                 "Which students scored more points than their teacher?", "Who sold the least tickets?"]
    records = [{"db_id": "x", "query": "SELECT 1", "question": q, "question_toks": [], "sql": {}}
               for q in questions * 20]
    src = tmp_path / "spider.json"
    src.write_text(json.dumps(records))
    degree = {"most", "fewest", "older", "youngest", "highest", "more", "least"}
    touched = {}
    for name, extra in (("preset", []), ("loose", ["--no-task-protection"])):
        out = tmp_path / name
        result = invoke("transform", src, "--task", "spider", "--errors", "learner", "--error-rate", "0.4",
                        "-o", out, "-q", *extra)
        assert result.exit_code == 0, result.output
        touched[name] = sum(len(degree & set(r["question"].rstrip("?.").split()))
                            != len(degree & set(q["question"].rstrip("?.").split()))
                            for r, q in zip(records_of(out), records))
        tags = json.loads((out / "manifest.json").read_text())["protection"]["learner_tags"]
        assert tags == ([] if extra else ["JJS", "RBS", "JJR", "RBR"])
    assert touched["preset"] == 0 and touched["loose"] > 0, touched


def test_the_bbq_preset_rewrites_the_context_and_keeps_the_groups(tmp_path):
    records = [{"context": "I saw a tall man and a short man at the bus stop. The tall man was angry, "
                           "and he shouted at everyone who walked past him.",
                "question": "Who was angry?", "ans0": "The tall man", "ans1": "The short man",
                "ans2": "Unknown", "label": 0,
                "answer_info": {"ans0": ["tall", "tall"], "ans1": ["short", "short"], "ans2": ["Unknown", "unknown"]}}
               for _ in range(6)]
    src = tmp_path / "bbq.jsonl"
    src.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "out"
    assert invoke("transform", src, "--task", "bbq", "--dialect", "UAAVE", "-o", out, "-q").exit_code == 0
    for before, after in zip(records, records_of(out)):
        assert after["context"] != before["context"]
        assert after["context"].count("tall") == 2 and "short" in after["context"]
        assert {k: after[k] for k in before if k != "context"} == {k: before[k] for k in before if k != "context"}


def test_tasks_show_names_protection_exclusions_and_rebuilt_fields():
    result = invoke("tasks", "show", "spider")
    assert result.exit_code == 0
    for part in ("quoted spans", "SQL value literals of query", "zero_degree", "question_toks"):
        assert part in result.output
    assert "bbq" in invoke("tasks").output
    assert json.loads(invoke("tasks", "show", "bbq", "--json").output)["protect"]["fields"]
    assert invoke("tasks", "show", "spidr").exit_code == 2


def test_hf_map_protects_every_stage():
    from multivalue_cli import hf_map

    mapper = hf_map(dialect="Multi", fields=["text"], protect=["he"])
    batch = mapper({"text": ["She said that he was tired."]}, [0])
    assert " he " in batch["text"][0]


def test_protect_quotes_keeps_quoted_spans_in_any_run(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("".join(json.dumps({"text": t}) + "\n" for t in [
        'She said "he doesn\'t know the answers" and left.',
        "Which films did 'The Old Man' direct last year?"]))
    out = tmp_path / "out"
    assert invoke("transform", src, "--dialect", "Multi", "--protect-quotes", "-o", out, "-q").exit_code == 0
    rows = records_of(out)
    assert '"he doesn\'t know the answers"' in rows[0]["text"] and rows[0]["text"] != 'She said "he doesn\'t know the answers" and left.'
    assert "'The Old Man'" in rows[1]["text"]
    assert json.loads((out / "manifest.json").read_text())["protection"]["quotes"] is True
