"""The Python API: Transformer, pickling, datasets.map with several processes."""
import pickle

import pytest

from multivalue_cli import Transformer


def test_transform_and_explain():
    t = Transformer(features=["uninflect"])
    assert t.transform("He speaks English.") == "He speak English."
    result = t.explain("He speaks English.")
    assert result.text == "He speak English."
    (edit,) = result.edits
    assert (edit.ewave, edit.feature, edit.start, edit.end, edit.before, edit.after) == (
        170, "uninflect", 3, 9, "speaks", "speak")


def test_transform_many_matches_one_by_one():
    t = Transformer(dialect="IndE", seed=5)
    texts = ["He speaks English.", "", "   ", "Does she know the way to the station?",
             "My brothers were playing cricket when it started raining."]
    assert t.transform_many(texts) == [t.transform(x) for x in texts]
    assert t.transform_many(texts)[1:3] == ["", "   "]


def test_feature_selection_by_number_and_probability():
    assert Transformer(features=[170]).rule_names == ["uninflect"]
    never = Transformer(features={"uninflect": 0.0})
    assert never.transform("He speaks English.") == "He speaks English."


def test_dialect_by_name_and_unknown_dialect():
    assert Transformer(dialect="Indian English").profile.abbreviation == "IndE"
    with pytest.raises(ValueError, match="did you mean"):
        Transformer(dialect="Indain English")


def test_a_transformer_pickles_without_its_pipeline():
    t = Transformer(dialect="ChcE", seed=2)
    before = t.transform("She doesn't like them at all.")
    clone = pickle.loads(pickle.dumps(t))
    assert clone._nlp is None
    assert clone.transform("She doesn't like them at all.") == before
    assert len(pickle.dumps(t)) < 100_000


@pytest.mark.slow
def test_datasets_map_with_two_processes():
    import datasets

    t = Transformer(features=["uninflect"])
    ds = datasets.Dataset.from_dict({"text": ["He speaks.", "She sings.", "They dance."] * 4,
                                     "label": list(range(12))})
    out = ds.map(lambda row: {"text": t.transform(row["text"])}, num_proc=2)
    assert out["text"][:3] == ["He speak.", "She sing.", "They dance."]
    assert out["label"] == list(range(12))


def test_a_50000_word_text_is_transformed_whole():
    """Long inputs go through in one piece, with every edit span pointing into the input.
    (Before per-edit rendering was made local, such a text took minutes.)"""
    import json
    from importlib import resources

    sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8")
    sentences = [json.loads(line)["text"] for line in sample.splitlines()]
    parts, words = [], 0
    while words < 50_000:
        s = sentences[len(parts) % len(sentences)]
        parts.append(s)
        words += len(s.split())
    text = "\n".join(parts)
    result = Transformer(dialect="ChcE").explain(text)
    assert result.edits and result.text != text
    assert result.text.count("\n") == text.count("\n")
    for edit in result.edits[::97]:
        assert text[edit.start:edit.end] == edit.before


def test_long_texts_are_rewritten_in_pieces_and_put_back_together():
    import json
    from importlib import resources

    from multivalue_cli.engine.apply import replay
    from multivalue_cli.engine.chunking import CHUNK_CHARS, chunk_bounds

    sample = resources.files("multivalue_cli").joinpath("data/sample.jsonl").read_text("utf-8")
    text = " ".join(json.loads(line)["text"] for line in sample.splitlines()) * 4
    assert len(text) > 2 * CHUNK_CHARS
    bounds = chunk_bounds(text, CHUNK_CHARS)
    assert "".join(text[s:e] for s, e in bounds) == text and len(bounds) >= 3
    assert all(e - s <= CHUNK_CHARS + 5 for s, e in bounds)
    for options in ({"dialect": "ChcE"}, {"dialect": "IndE", "errors": "learner", "error_rate": 0.1}):
        result = Transformer(**options).explain(text)
        assert result.edits and replay(text, result.edits) == result.text


def test_a_transformer_is_its_configuration_made_from_keywords_or_given_whole():
    from multivalue_cli.protection import Protection
    from multivalue_cli.transformer import TransformerConfig

    keywords = Transformer(dialect="IndE", seed=4, errors="prep", error_rate=0.2, protect=["he"], cache_size=0)
    config = keywords.config
    assert config.profile.abbreviation == "IndE" and config.seed == 4 and config.cache_size == 0
    assert config.errors.types == ("prep",) and config.errors.rate == 0.2 and config.errors.seed == 4
    assert config.protection == Protection(("he",))
    assert keywords.profile is config.profile and keywords.errors is config.errors
    given = Transformer(config=config)
    text = "He went to school in the morning and he met his friend at the market."
    assert given.explain(text) == keywords.explain(text)
    assert pickle.loads(pickle.dumps(given)).config == config
    with pytest.raises(TypeError, match="either a config or options"):
        Transformer(dialect="IndE", config=config)
    with pytest.raises(TypeError):
        Transformer(dialect="IndE", no_such_option=1)
    with pytest.raises(ValueError, match="protect regex"):
        TransformerConfig(protection=Protection(regex=("(",)))
    assert TransformerConfig.from_options(error_level="B").errors.types == ("det", "prep", "verb", "spell")


def test_pieces_of_long_texts_are_put_back_with_their_counts_added_up():
    from multivalue_cli.engine.apply import AppliedEdit, Result
    from multivalue_cli.engine.chunking import RewrittenPiece, join_pieces, split_texts
    from multivalue_cli.learner import LearnerStats

    texts = ["a" * 30 + " " + "b" * 30, "", "c" * 10]
    pieces, owners = split_texts(texts, limit=40)
    assert pieces == ["a" * 30 + " ", "b" * 30, "", "c" * 10]
    assert owners == [(0, 0), (0, 31), (1, 0), (2, 0)]
    assert split_texts(texts, limit=40, max_chars=31) == (pieces[:1], owners[:1])
    first = Result("A" * 30 + " ", [AppliedEdit(1, "f", 0, 30, "a" * 30, "A" * 30),
                                    AppliedEdit(0, "R:SPELL", 0, 30, "A" * 30, "A" * 30)])
    second = Result("B" * 30, [AppliedEdit(0, "R:SPELL", 0, 30, "b" * 30, "B" * 30)])
    counted = LearnerStats(1, 2, 3, 0.5, {"R:SPELL": 1}), LearnerStats(1, 1, 1, 0.25, {"R:SPELL": 1, "M:DET": 0})
    joined, stats = join_pieces([RewrittenPiece(0, pieces[0], first, counted[0]),
                                 RewrittenPiece(31, pieces[1], second, counted[1])])
    assert joined.text == "A" * 30 + " " + "B" * 30
    assert [(e.start, e.end) for e in joined.edits] == [(0, 30), (0, 30), (31, 61)]
    assert stats == LearnerStats(2, 3, 4, 0.75, {"R:SPELL": 2, "M:DET": 0})
    assert counted[0] == LearnerStats(1, 2, 3, 0.5, {"R:SPELL": 1})  # the pieces' own are kept
