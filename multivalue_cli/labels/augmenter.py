"""A spaCy data augmenter: ``spacy train`` reads its corpus through it, and each example it
draws comes back in a dialect, its entities and token annotations aligned as ``--task ner``
aligns them (:mod:`.realign`).

Registered in spaCy's registry (entry point ``spacy_augmenters``) as ``multivalue.dialect.v1``::

    [corpora.train.augmenter]
    @augmenters = "multivalue.dialect.v1"
    dialect = "UAAVE"
    probability = 0.5
    seed = 0

An example is rewritten with ``probability``, drawn from the keyed generator by its text and
the seed (the same examples, rewritten the same way, in every epoch and every run); the others
come through as they are. The rewrite keeps the example's entities (their tokens are protected),
its part-of-speech tags (Penn and Universal: a new token takes the parse's), its sentence
starts (a new token begins none) and its categories (a dialect keeps what a text means). An example whose entities are partly unannotated, or that
carries a dependency parse, lemmas, morphology or span groups (which a rewrite cannot carry over
to new words), comes through as it is.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator

from .layout import LabelList, TokenLayout
from .realign import RealignError, entity_terms, join_tokens, realign, spacing

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.training import Example

KEPT_AS_IT_IS = ("DEP", "LEMMA", "MORPH")
_STARTS = {"1": True, "0": False, "-": None}


class DialectAugmenter:
    """The augmenter (picklable: the transformer loads its pipeline on first use)."""

    def __init__(self, dialect: str, probability: float = 0.5, seed: int = 0) -> None:
        if not 0.0 <= probability <= 1.0:
            raise ValueError(f"probability must be between 0 and 1, got {probability}")
        from ..transformer import Transformer

        self.transformer = Transformer(dialect=dialect, seed=seed)
        self.probability, self.seed = probability, seed

    def __call__(self, nlp: "Language", example: "Example") -> Iterator["Example"]:
        from ..engine.apply import keyed_uniform

        reference = example.reference
        if (keyed_uniform(self.seed, "augment", reference.text) >= self.probability
                or not self._can_rewrite(reference)):
            yield example
            return
        yield self.rewrite(nlp, example)

    @staticmethod
    def _can_rewrite(doc) -> bool:
        if len(doc) == 0 or any(doc.has_annotation(name) for name in KEPT_AS_IT_IS) or doc.spans:
            return False
        annotated = [token.ent_iob != 0 for token in doc]
        return all(annotated) or not any(annotated)

    def rewrite(self, nlp: "Language", example: "Example") -> "Example":
        """The example in the dialect (as it is when no rule applies or the new words cannot be
        aligned)."""
        from spacy.tokens import Doc
        from spacy.training import Example

        reference = example.reference
        record, layout = _as_record(reference)
        text, _ = join_tokens(record["tokens"])
        result = self.transformer.explain_many([text], keys=[text], paths=["tokens"],
                                               protected=[entity_terms(record["tokens"], record, layout)])[0]
        if result.text == text or result.failures:
            return example
        parsed = [(t.idx, t.idx + len(t.text), t.tag_, t.pos_) for t in self.transformer.nlp(result.text)]
        try:
            done = realign(record["tokens"], record, layout, result.text, result.edits, parsed)
        except RealignError:
            return example
        spaces = spacing(done.tokens)[1:] + [False]
        starts = done.values.get("sent_starts")
        new = Doc(nlp.vocab, words=done.tokens, spaces=spaces, ents=done.values.get("ents"),
                  tags=done.values.get("tags"), pos=done.values.get("pos"),
                  sent_starts=[_STARTS[s] for s in starts] if starts is not None else None)
        new.cats = dict(reference.cats)
        return Example(nlp.make_doc(new.text), new)


def _as_record(doc) -> tuple[dict, TokenLayout]:
    """A spaCy document's tokens and annotations as a record of the token layout."""
    record: dict = {"tokens": [token.text for token in doc]}
    lists = []
    if doc.has_annotation("ENT_IOB"):
        record["ents"] = [f"{t.ent_iob_}-{t.ent_type_}" if t.ent_iob_ in ("B", "I") else "O" for t in doc]
        lists.append(LabelList("ents", "entities", "IOB2", fill="O"))
    if doc.has_annotation("TAG"):
        record["tags"] = [t.tag_ for t in doc]
        lists.append(LabelList("tags", "tags", tagset="penn", fill=""))
    if doc.has_annotation("POS"):
        record["pos"] = [t.pos_ for t in doc]
        lists.append(LabelList("pos", "tags", tagset="upos", fill="X"))
    if doc.has_annotation("SENT_START"):
        record["sent_starts"] = [{True: "1", False: "0"}.get(t.is_sent_start, "-") for t in doc]
        lists.append(LabelList("sent_starts", "tags", fill="0"))
    return record, TokenLayout("tokens", tuple(lists))


def dialect_augmenter(dialect: str, probability: float = 0.5, seed: int = 0
                      ) -> Callable[["Language", "Example"], Iterator["Example"]]:
    """``multivalue.dialect.v1``: rewrite a share ``probability`` of the training examples
    into ``dialect`` (an abbreviation, an eWAVE name or a YAML profile)."""
    return DialectAugmenter(dialect, probability, seed)
