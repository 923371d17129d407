"""Verb candidates, with forms from lemminflect (via :mod:`multivalue_cli.engine.morphology`).

The three labels follow how ERRANT tells them apart, so that it classifies our edits as we
label them:

* R:VERB:SVA - a finite present verb (or was/were) in the wrong person/number for its
  subject: "he go", "they was";
* R:VERB:TENSE - a finite verb moved between past and present *agreeing with the subject*,
  so only the tense is wrong ("yesterday she walks"), or a modal swapped (will/would);
* R:VERB:FORM - a non-finite verb in the wrong form after an auxiliary, a modal or "to"
  ("can went", "has eat", "want to going"), or a gerund replaced by the bare verb.

Which verbs learners get wrong most ("could" -> "can", "travelling" -> "travel") weighs each
site (the profile's ``sites``); the missing and unnecessary verb words are in
:mod:`.auxiliaries`.
"""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Sequence

from ..engine.morphology import BE_PAST, BE_PRESENT, inflect_verb, person_number
from . import auxiliaries
from .candidates import Candidate, free_tokens
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
# Every label below needs one of these tags (a finite verb, a modal, or a non-finite form).
VERB_TAGS = frozenset({"MD", "VB", "VBD", "VBG", "VBN", "VBP", "VBZ"})
MODAL_SWAPS = {"will": "would", "would": "will", "can": "could", "could": "can"}
SVA_SWAPS = {
    "is": ("are",), "are": ("is",), "am": ("is",), "was": ("were",), "were": ("was",),
    "has": ("have",), "have": ("has",), "does": ("do",), "do": ("does",),
}


def verb_candidates(doc: "Doc", profile: ErrorProfile, free: set[int],
         tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones; ``tokens``: see
    :func:`.free_tokens`)."""
    tokens = free_tokens(doc, free, tokens)
    for tok in tokens:
        if tok.tag_ not in VERB_TAGS or not tok.is_alpha or not _parse_agrees(tok):
            continue
        same_tag = set(_forms(tok.lemma_, tok.tag_))
        for label, choices in (
            ("R:VERB:SVA", _agreement(tok)),
            ("R:VERB:TENSE", _tense(tok)),
            ("R:VERB:FORM", _form(tok)),
        ):
            # A form also valid for the original tag ("cancelled"/"canceled") is no error.
            choices = tuple(dict.fromkeys(c for c in choices if c and c != tok.lower_
                                          and c not in same_tag))
            if choices:
                yield Candidate("verb", label, "replace", tok.i, choices,
                                site=profile.site_weight(label, tok.lower_))
    yield from auxiliaries.auxiliary_candidates(doc, profile, free, tokens)


@lru_cache(maxsize=65536)
def _forms(lemma: str, tag: str) -> tuple[str, ...]:
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag)) if tag.startswith("VB") else ()


def _parse_agrees(tok: "Token") -> bool:
    """Whether lemminflect, given the parser's lemma and tag, gives back the word: a
    mis-lemmatised verb ("swam" with lemma "swam") would get invented forms ("swammed")."""
    if tok.tag_ == "MD" or tok.lower_ in SVA_SWAPS:
        return True
    return tok.lower_ in _forms(tok.lemma_, tok.tag_)


def _finite_head(tok: "Token") -> "Token | None":
    """The clause head whose subject ``tok`` agrees with, if ``tok`` is the finite verb."""
    if tok.tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    if tok.dep_ in ("aux", "auxpass"):
        first_aux = next((c for c in tok.head.children if c.dep_ in ("aux", "auxpass")), None)
        return tok.head if first_aux is not None and first_aux.i == tok.i else None
    if any(c.dep_ in ("aux", "auxpass") for c in tok.children):
        return None
    return tok


def _subject(head: "Token") -> "Token | None":
    return next((c for c in head.children if c.dep_ in SUBJECT_DEPS), None)


def _agreement(tok: "Token") -> tuple[str, ...]:
    head = _finite_head(tok)
    if head is None or _subject(head) is None:
        return ()
    low = tok.lower_
    if low in SVA_SWAPS:
        return SVA_SWAPS[low]
    if tok.tag_ == "VBZ":
        return (inflect_verb(tok.lemma_, "VBP") or "",)
    if tok.tag_ == "VBP":
        return (inflect_verb(tok.lemma_, "VBZ") or "",)
    return ()


def _tense(tok: "Token") -> tuple[str, ...]:
    low = tok.lower_
    if tok.tag_ == "MD" and low in MODAL_SWAPS:
        return (MODAL_SWAPS[low],)
    head = _finite_head(tok)
    subject = _subject(head) if head is not None else None
    if subject is None:
        return ()
    person = person_number(subject)
    if tok.lemma_ == "be":
        table = BE_PRESENT if tok.tag_ == "VBD" else BE_PAST
        return (table[person],)
    if tok.tag_ == "VBD":
        return (inflect_verb(tok.lemma_, "VBZ" if person == "3s" else "VBP") or "",)
    return (inflect_verb(tok.lemma_, "VBD") or "",)


def _form(tok: "Token") -> tuple[str, ...]:
    if tok.pos_ != "VERB" or tok.tag_ not in ("VB", "VBN", "VBG"):
        return ()
    aux = [c for c in tok.children if c.dep_ in ("aux", "auxpass") and c.i < tok.i]
    lemma = tok.lemma_
    # Only forms the parser still reads as the same verb: "can going", "has eat". A finite
    # form after a modal ("can went", "can walks") is often re-read as another word class.
    if tok.tag_ == "VB" and aux:
        return (inflect_verb(lemma, "VBG") or "",)
    if tok.tag_ == "VBN" and aux:
        return (inflect_verb(lemma, "VB") or "",)
    if tok.tag_ == "VBG" and (aux or tok.dep_ in ("xcomp", "pcomp", "csubj")):
        return (inflect_verb(lemma, "VB") or "",)
    return ()
