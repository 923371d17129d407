"""lemminflect's tables read word by word give every entry its own loading gives."""
import gzip

import pytest
from lemminflect import config
from lemminflect.codecs.InflectionLUCodec import InflectionLUCodec
from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec

from multivalue_cli.engine.lexicon import LazyTable, inflection_table, lemma_table, use_lazy_tables


@pytest.mark.parametrize("lazy,eager", [
    (inflection_table, InflectionLUCodec.load),
    (lemma_table, LemmaLUCodec.load),
], ids=["inflections", "lemmas"])
def test_every_entry_is_the_one_lemminflect_decodes(lazy, eager):
    path = config.inflection_lu_fn if lazy is inflection_table else config.lemma_lu_fn
    table, expected = lazy(path), eager(path)
    assert len(table) == len(expected) and set(table) == set(expected)
    assert all(word in table for word in expected)
    assert all(table.get(word) == entry for word, entry in expected.items())


def test_auxiliaries_and_modals_take_the_codecs_own_entries():
    table = inflection_table(config.inflection_lu_fn)
    assert table.get("be")["VBD"] == ("was", "were")
    assert table.get("can") == {"VB": ("can",), "VBD": ("could",)}


def test_a_word_not_in_the_table():
    table = lemma_table(config.lemma_lu_fn)
    assert table.get("qwxzv") is None and table.get("qwxzv", {}) == {}
    assert "qwxzv" not in table
    with pytest.raises(KeyError):
        table["qwxzv"]


def test_a_table_whose_lines_of_a_word_are_apart(tmp_path):
    path = tmp_path / "lemmas.csv.gz"
    lines = ["leaves,noun,leaf/leave", "walked,verb,walk", "leaves,verb,leave", "a b,noun,a b"]
    path.write_bytes(gzip.compress(("\n".join(lines) + "\n").encode()))
    table, expected = lemma_table(str(path)), LemmaLUCodec.load(str(path))
    assert {word: table.get(word) for word in table} == expected
    assert table.get("leaves") == {"NOUN": ("leaf", "leave"), "VERB": ("leave",)}


def test_lemminflect_reads_the_lazy_tables_and_answers_as_before(monkeypatch):
    from lemminflect import getAllLemmas, getInflection, getLemma
    from lemminflect.core.Inflections import Inflections
    from lemminflect.core.Lemmatizer import Lemmatizer

    from multivalue_cli.engine import lexicon

    for table, name in ((Inflections(), "infl_dict"), (Lemmatizer(), "lemma_dict")):
        if hasattr(table, name) and not isinstance(getattr(table, name), LazyTable):
            delattr(table, name)  # loaded whole by an earlier test of this process
    monkeypatch.setattr(lexicon, "_lazily", False)  # put back after the test
    assert not use_lazy_tables()  # lemminflect's own tables, unless the process asked
    assert not hasattr(Inflections(), "infl_dict")
    lexicon.read_tables_lazily()  # as a process of a run does
    assert use_lazy_tables()
    assert isinstance(Inflections().infl_dict, LazyTable) and isinstance(Lemmatizer().lemma_dict, LazyTable)
    assert getInflection("go", tag="VBD") == ("went",)
    assert getInflection("child", tag="NNS") == ("children",)
    assert getLemma("stared", upos="VERB") == ("stare",)
    assert getAllLemmas("leaves") == {"NOUN": ("leave", "leaf"), "VERB": ("leave",)}
    assert use_lazy_tables()  # a second call changes nothing
