"""The spaCy augmenter multivalue.dialect.v1: registered, aligned, and read by `spacy train`."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

spacy = pytest.importorskip("spacy")
from spacy.tokens import Doc, DocBin  # noqa: E402
from spacy.training import Example  # noqa: E402

from multivalue_cli.labels.augmenter import DialectAugmenter  # noqa: E402

FIXTURES = Path(__file__).parent / "fixtures" / "spacy"


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The fixture's CoNLL sentences as spaCy's converter makes them into a DocBin."""
    from spacy.training.converters import conll_ner_to_docs

    folder = tmp_path_factory.mktemp("spacy")
    docs = conll_ner_to_docs((FIXTURES / "train.conll").read_text("utf-8"), n_sents=1, no_print=True)
    DocBin(docs=docs).to_disk(folder / "train.spacy")
    return folder / "train.spacy"


def test_the_augmenter_is_in_spacys_registry():
    make = spacy.registry.augmenters.get("multivalue.dialect.v1")
    augmenter = make(dialect="UAAVE", probability=0.5, seed=1)
    assert isinstance(augmenter, DialectAugmenter) and augmenter.probability == 0.5


def test_the_configs_corpus_gives_examples_rewritten_with_entities_and_tags_aligned(corpus):
    """The training corpus as `spacy train` resolves it from the fixture's config."""
    from spacy.util import load_config, resolve_dot_names

    config = load_config(FIXTURES / "ner.cfg", overrides={
        "paths.train": str(corpus), "paths.dev": str(corpus), "corpora.train.augmenter.probability": 1.0},
        interpolate=True)
    (reader,) = resolve_dot_names(config, ["corpora.train"])
    nlp = spacy.blank("en")
    originals = list(DocBin().from_disk(corpus).get_docs(nlp.vocab))
    examples = list(reader(nlp))
    assert len(examples) == len(originals)
    changed = 0
    for doc, out in zip(originals, examples):
        new = out.reference
        assert [(e.label_, e.text) for e in new.ents] == [(e.label_, e.text) for e in doc.ents]
        assert all(t.tag_ for t in new) and new.has_annotation("SENT_START") == doc.has_annotation("SENT_START")
        assert out.predicted.text == new.text
        changed += new.text != doc.text
    assert changed >= 4


def test_the_share_of_examples_follows_the_probability_and_is_the_same_every_time():
    nlp = spacy.blank("en")
    doc = Doc(nlp.vocab, words=["She", "does", "n't", "know", "Ann", "."], ents=["O", "O", "O", "O", "B-PER", "O"])
    example = Example(nlp.make_doc(doc.text), doc)
    never = DialectAugmenter("UAAVE", probability=0.0)
    assert list(never(nlp, example)) == [example]
    always = DialectAugmenter("UAAVE", probability=1.0)
    first, second = list(always(nlp, example))[0], list(always(nlp, example))[0]
    assert first.reference.text == second.reference.text != doc.text
    assert [e.text for e in first.reference.ents] == ["Ann"]
    with pytest.raises(ValueError, match="probability"):
        DialectAugmenter("UAAVE", probability=1.5)


def test_an_example_with_a_parse_comes_through_as_it_is():
    nlp = spacy.blank("en")
    doc = Doc(nlp.vocab, words=["She", "does", "n't", "know"], heads=[3, 3, 3, 3], deps=["nsubj", "aux", "neg", "ROOT"])
    example = Example(nlp.make_doc(doc.text), doc)
    assert list(DialectAugmenter("UAAVE", probability=1.0)(nlp, example)) == [example]


@pytest.mark.slow
def test_spacy_train_reads_its_corpus_through_the_augmenter(corpus, tmp_path):
    """A few training steps of a blank English NER pipeline, every example rewritten (offline)."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    result = subprocess.run(
        [sys.executable, "-m", "spacy", "train", str(FIXTURES / "ner.cfg"), "--output", str(tmp_path / "model"),
         "--paths.train", str(corpus), "--paths.dev", str(corpus), "--training.max_steps", "4",
         "--training.eval_frequency", "2", "--corpora.train.augmenter.probability", "1.0"],
        capture_output=True, text=True, env=env, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert (tmp_path / "model" / "model-last" / "ner").is_dir()
