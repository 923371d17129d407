"""The pipeline the tool parses with gives the annotations of spaCy's stock pipeline: its
attribute ruler and lemmatizer run as look-ups (multivalue_cli/engine/lookups.py), and its
layers multiply matrices with numpy's BLAS instead of BLIS (engine/nlp.py)."""
from pathlib import Path

import pytest
from spacy.pipeline import AttributeRuler, Lemmatizer

from multivalue_cli.engine import lookups
from multivalue_cli.engine.lookups import AttributeLookup, LemmaMemo, use_lookups
from multivalue_cli.engine.nlp import load_pipeline
from multivalue_cli.engine.registry import registry

FIXTURE = Path(__file__).parent / "fixtures" / "attribute_ruler_texts.txt"


def _texts() -> list[str]:
    """Our own sentences written to reach the ruler's word, dependency, two-word and space
    patterns, every rule example and negative, and blank or space-only texts."""
    texts = FIXTURE.read_text("utf-8").split("\n")
    texts.append(FIXTURE.read_text("utf-8"))  # the whole file as one text, blank lines and all
    for rule in registry().values():
        texts += [ex.text for ex in rule.examples] + list(rule.negatives)
    return texts + ["", " ", "\n\n", "\t", "it"]


def _annotations(doc) -> list[tuple]:
    return [(t.text, t.tag_, t.pos_, str(t.morph), t.lemma_, t.dep_, t.head.i, t.is_sent_start)
            for t in doc]


@pytest.fixture(scope="module")
def stock():
    return load_pipeline(stock=True)


def test_the_pipeline_runs_the_ruler_and_lemmatizer_as_look_ups(nlp, stock):
    assert type(nlp.get_pipe("attribute_ruler")) is AttributeLookup
    assert type(nlp.get_pipe("lemmatizer")) is LemmaMemo
    assert type(stock.get_pipe("attribute_ruler")) is AttributeRuler
    assert isinstance(stock.get_pipe("lemmatizer"), Lemmatizer)
    assert nlp.pipe_names == stock.pipe_names


def test_the_layers_multiply_with_numpy_and_the_stock_ones_with_blis(nlp, stock):
    from thinc.api import NumpyOps

    from multivalue_cli.engine.nlp import use_numpy_blas

    def kinds(pipeline):
        return {(type(layer.ops), layer.ops.use_blis) for _, component in pipeline.pipeline
                if hasattr(getattr(component, "model", None), "walk") for layer in component.model.walk()}

    assert kinds(nlp) == {(NumpyOps, False)}
    assert kinds(stock) == {(NumpyOps, True)}
    assert use_numpy_blas(nlp) == 0  # nothing left to switch


def test_the_tokenizer_is_read_from_disk_only_and_is_the_stock_one(nlp, stock):
    """The tool's config builds an empty tokenizer that the pipeline's own replaces."""
    assert nlp.config["nlp"]["tokenizer"]["@tokenizers"] == "multivalue.empty_tokenizer.v1"
    assert stock.config["nlp"]["tokenizer"]["@tokenizers"] == "spacy.Tokenizer.v1"
    assert nlp.tokenizer.to_bytes(exclude=["vocab"]) == stock.tokenizer.to_bytes(exclude=["vocab"])


def test_another_pipeline_keeps_its_own_tokenizer_config(stock, tmp_path):
    stock.to_disk(tmp_path / "pipeline")
    loaded = load_pipeline(str(tmp_path / "pipeline"))
    assert loaded.config["nlp"]["tokenizer"]["@tokenizers"] == "spacy.Tokenizer.v1"
    assert loaded.tokenizer.to_bytes(exclude=["vocab"]) == stock.tokenizer.to_bytes(exclude=["vocab"])


def test_look_ups_annotate_as_the_stock_ruler_does(nlp, stock):
    texts = _texts()
    ours = [_annotations(d) for d in nlp.pipe(texts, batch_size=64)]
    theirs = [_annotations(d) for d in stock.pipe(texts, batch_size=64)]
    differ = [t for t, a, b in zip(texts, ours, theirs) if a != b]
    assert not differ, differ[:5]
    assert _annotations(nlp(texts[0])) == _annotations(stock(texts[0]))


def test_the_texts_reach_every_kind_of_pattern(stock):
    """The comparison above means something only if the texts reach the patterns that are not
    a plain tag: word lists, dependency tests, regular expressions, spaces, two-word patterns."""
    ruler = stock.get_pipe("attribute_ruler")
    reached = {attr_id for doc in stock.pipe(_texts()) for attr_id, *_ in ruler.match(doc)}
    special = {k for k, entry in enumerate(ruler.patterns)
               if any(len(p) > 1 or any(key != "TAG" and not (key == "LOWER" and isinstance(v, str))
                                        for spec in p for key, v in spec.items())
                      for p in entry["patterns"])}
    missed = [ruler.patterns[k] for k in sorted(special - reached)]
    assert len(special) > 20 and [m for m in missed if m not in PARSES_NOT_SEEN] == [], missed


# Patterns for parses the pipeline was not seen to make on any sentence we tried: *but* as an
# adverb modifier, and a word tagged as a space.
PARSES_NOT_SEEN = [
    {"patterns": [[{"TAG": "CC", "LOWER": "but", "DEP": "advmod"}]], "attrs": {"POS": "ADV"}, "index": 0},
    {"patterns": [[{"TAG": "_SP", "IS_SPACE": False}]], "attrs": {"POS": "X", "MORPH": "_"}, "index": 0},
]


def test_patterns_filed_by_value_are_those_that_can_hold(nlp):
    """A token is tested only against the patterns filed under its tag or word and those
    filed under nothing: every pattern that holds of it is among them."""
    ruler = nlp.get_pipe("attribute_ruler")
    list(nlp.pipe(FIXTURE.read_text("utf-8").split("\n")))
    strings = nlp.vocab.strings
    assert len(ruler.memo) > 100
    for key in ruler.memo:
        values = {attr: (strings[h] if h else "") for attr, h in zip(lookups.KEY_ATTRS[:3], key[:3])}
        values["IS_SPACE"] = bool(key[3])
        for predicates, index in (([p for _, p, _ in ruler.single], ruler.single_index),
                                  (ruler.multi_predicates, ruler.multi_index)):
            holding = [k for k, p in enumerate(predicates) if lookups._holds(p, values)]
            tested = lookups._may_hold(index, values)
            assert set(holding) <= set(tested)
            assert len(tested) < len(predicates) or len(predicates) < 20
    by_value, always = ruler.single_index
    assert len(always) < 10 and max(map(len, by_value.values())) < 20  # a handful, not 172


def test_a_small_memo_changes_nothing(nlp, stock, monkeypatch):
    monkeypatch.setattr(lookups, "MEMO_LIMIT", 3)
    ruler, lemmatizer = nlp.get_pipe("attribute_ruler"), nlp.get_pipe("lemmatizer")
    monkeypatch.setattr(ruler, "memo", {})
    monkeypatch.setattr(lemmatizer, "memo", {})
    texts = FIXTURE.read_text("utf-8").split("\n")
    assert [_annotations(d) for d in nlp.pipe(texts)] == [_annotations(d) for d in stock.pipe(texts)]
    assert len(ruler.memo) <= 3 and len(lemmatizer.memo) <= 3


def test_the_lemmatizer_with_its_index_as_sets_gives_the_stock_lemmas(nlp, stock):
    """Words of every part of speech the rules cover, inflected as the rules undo them (and
    some not), lemmatized by the stock component and by the one the memo asks, each fresh."""
    from spacy.tokens import Doc

    ours, theirs = nlp.get_pipe("lemmatizer").stock, stock.get_pipe("lemmatizer")
    index = theirs.lookups.get_table("lemma_index")
    assert all(isinstance(w, frozenset) for w in ours.lookups.get_table("lemma_index").values())
    assert all(isinstance(w, list) for w in index.values())  # the stock tables stay as they were
    words, tags = [], []
    for pos in ("NOUN", "VERB", "ADJ", "ADV"):
        some = index.get(pos.lower(), [])[::97]
        for word in some:
            for form in (word, word + "s", word + "es", word + "ed", word + "ing", word + "er",
                         word + "est", word[:-1] + "ies", word + word[-1] + "ed"):
                words.append(form)
                tags.append(pos)
        words += ["children", "went", "better", "mice", "running", "quickly", "axes", "data"]
        tags += [pos] * 8
    assert len(words) > 3000
    doc = Doc(nlp.vocab, words=words, pos=tags)
    assert [ours.rule_lemmatize(t) for t in doc] == [theirs.rule_lemmatize(t) for t in doc]


def test_components_with_other_settings_stay_stock():
    import spacy

    nlp = spacy.blank("en")
    ruler = nlp.add_pipe("attribute_ruler")
    ruler.add([[{"LOWER": "a"}, {"IS_PUNCT": True, "OP": "?"}]], {"LEMMA": "x"})
    nlp.add_pipe("lemmatizer", config={"mode": "lookup"})
    assert use_lookups(nlp) == []
    assert type(nlp.get_pipe("attribute_ruler")) is AttributeRuler
    assert type(nlp.get_pipe("lemmatizer")) is not LemmaMemo


SPACY_CHECK = """
import sys
{first}
from multivalue_cli.engine.nlp import load_pipeline
from multivalue_cli.engine.registry import registry
registry(); load_pipeline()
print(sorted(m for m in sys.modules if m.split(".")[0] in ("weasel", "requests", "httpx")
             or m.startswith("spacy.cli")))
import spacy
print(spacy.info()["spacy_version"] == spacy.__version__)
import spacy.cli
print(callable(spacy.cli.download), "spacy.cli.download" in sys.modules)
"""


TUNE = "from multivalue_cli.run.tuning import tune_process\ntune_process()"


@pytest.mark.parametrize("first, commands_imported", [
    (TUNE, False),  # a process of a run
    ("import spacy\n" + TUNE, True),  # ... that had imported spaCy before
    ("", True),  # a library caller's process: spaCy imported as it imports itself
], ids=["run", "imported-before", "library"])
def test_spacy_is_imported_without_its_command_line_package_which_stays_importable(first, commands_imported):
    """Imported in a process of a run, spaCy leaves out its commands (and what they import);
    imported before, or in a library caller's process, spaCy is as it is. Either way
    ``spacy.info`` and ``spacy.cli`` work."""
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", SPACY_CHECK.format(first=first)], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert ("'spacy.cli'" in out[0]) is commands_imported
    if not commands_imported:
        assert out[0] == "[]"
    assert out[1:] == ["True", "True True"]


def test_a_spacy_that_needs_more_of_its_commands_is_imported_as_it_is():
    import subprocess
    import sys

    check = """
import sys
from multivalue_cli.engine import spacy_import
spacy_import.without_commands()
spacy_import.STOOD_IN = ("spacy.cli",)  # no stand-in for spacy.cli.info: the import fails
spacy = spacy_import.import_spacy()
print(spacy.info.__module__, "spacy.cli.download" in sys.modules, callable(spacy.load))
"""
    out = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["spacy.cli.info", "True", "True"]


def test_catalogue_finds_the_entry_points_of_each_group_it_found_before(nlp):
    """spaCy's registries look for plugins by entry-point group; filed by group once, a look-up
    gives the same entry points as the scan of every package's."""
    import importlib.metadata

    import catalogue
    import spacy

    from multivalue_cli.engine.spacy_import import GroupedEntryPoints

    found = catalogue.AVAILABLE_ENTRY_POINTS  # what a library caller's process keeps (plain spaCy)
    assert not isinstance(found, GroupedEntryPoints)
    grouped = GroupedEntryPoints(found)
    fresh = importlib.metadata.entry_points()
    for group in set(fresh.groups) | {"spacy_factories", "srsly_msgpack_encoders", "no such group"}:
        assert list(grouped.select(group=group)) == list(fresh.select(group=group)), group
    assert list(grouped.select(name="multivalue")) == list(fresh.select(name="multivalue"))
    assert "tok2vec" in spacy.registry.factories.get_all()


def test_srsly_finds_the_same_decoders_memoized_until_the_registry_changes():
    import catalogue
    import srsly.msgpack

    from multivalue_cli.engine.spacy_import import MemoizedDecoders

    registry = srsly.msgpack.msgpack_decoders
    memo = MemoizedDecoders(registry, catalogue)
    assert memo() == registry.get_all() and memo() is not memo()  # a copy each time, as get_all gives
    registry.register("multivalue_test_decoder", func=lambda obj, chain=None: obj)
    try:
        assert "multivalue_test_decoder" in memo()
    finally:
        del catalogue.REGISTRY[("srsly", "msgpack_decoders", "multivalue_test_decoder")]
    assert "multivalue_test_decoder" not in memo()
