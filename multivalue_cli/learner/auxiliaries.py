"""Missing and unnecessary verb words, labelled as ERRANT labels them (a one-sided edit of an
auxiliary is VERB:TENSE, of infinitival "to" VERB:FORM):

* M:VERB:TENSE - an auxiliary of tense or aspect left out ("she has gone" -> "she gone",
  "it will rain" -> "it rain");
* U:VERB:TENSE - one added before a finite verb that has none ("I agree" -> "I am agree",
  "she went" -> "she had went", "he likes" -> "he will likes");
* M:VERB:FORM - infinitival "to" left out ("want to go" -> "want go");
* U:VERB:FORM - "to" added after a modal ("can go" -> "can to go").

Modals other than will/would are never dropped: "can", "must" or "might" carry meaning, not
tense.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from ..engine.morphology import BE_PAST, BE_PRESENT, person_number
from .candidates import Candidate, free_tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .profile import ErrorProfile

TENSE_AUXILIARIES = frozenset({"am", "is", "are", "was", "were", "be", "been", "being", "have",
                               "has", "had", "having", "will", "would", "do", "does", "did"})
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})


def auxiliary_candidates(doc: "Doc", profile: "ErrorProfile", free: set[int],
         tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones; ``tokens``: see
    :func:`.free_tokens`)."""
    for tok in free_tokens(doc, free, tokens):
        if not tok.is_alpha:
            continue
        if (tok.dep_ in ("aux", "auxpass") and tok.lower_ in TENSE_AUXILIARIES and tok.whitespace_
                and tok.head.pos_ in ("VERB", "AUX")):  # not "did" of "didn't"
            yield Candidate("verb", "M:VERB:TENSE", "delete", tok.i)
        if tok.tag_ == "TO" and tok.dep_ == "aux" and tok.head.tag_ == "VB" and tok.head.i == tok.i + 1:
            yield Candidate("verb", "M:VERB:FORM", "delete", tok.i)
        added = _added_auxiliaries(tok)
        if added:
            yield Candidate("verb", "U:VERB:TENSE", "insert", tok.i, added)
        if tok.tag_ == "VB" and tok.i > 0 and _modal_before(tok):
            yield Candidate("verb", "U:VERB:FORM", "insert", tok.i, ("to",))


def _added_auxiliaries(tok: "Token") -> tuple[str, ...]:
    """Auxiliaries a learner may put before a finite main verb that has none, agreeing with
    its subject: a form of "be" in the verb's tense, "will" before a present, "had" before a
    past."""
    if tok.pos_ != "VERB" or tok.tag_ not in ("VBD", "VBP", "VBZ"):
        return ()
    if any(c.dep_ in ("aux", "auxpass", "neg") for c in tok.children):
        return ()
    subject = next((c for c in tok.children if c.dep_ in SUBJECT_DEPS and c.i < tok.i), None)
    if subject is None:
        return ()
    person = person_number(subject)
    if tok.tag_ == "VBD":
        return (BE_PAST[person], "had")
    return (BE_PRESENT[person], "will")


def _modal_before(tok: "Token") -> bool:
    before = tok.nbor(-1)
    return before.tag_ == "MD" and before.dep_ == "aux" and before.head.i == tok.i and before.is_alpha
