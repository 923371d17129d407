"""Preposition candidates: R:PREP (a confusion from the profile), M:PREP (left out), U:PREP
(added before a direct object: "discuss about the plan"). How likely each word is to carry
the error, and what it becomes, come from the profile (``sites``, ``confusions``,
``unnecessary``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from .candidates import Candidate, free_tokens, weighted_choices
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

PREP_DEPS = frozenset({"prep", "dative", "agent"})


def preposition_candidates(doc: "Doc", profile: ErrorProfile, free: set[int],
         tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones; ``tokens``: see
    :func:`.free_tokens`)."""
    confusions = profile.confusions["prep"]
    added = weighted_choices(profile.unnecessary["prep"])
    for tok in free_tokens(doc, free, tokens):
        if _is_alphabetic_preposition(tok):
            low = tok.lower_
            choices, weights = weighted_choices(confusions.get(low, {}), exclude=low)
            if choices:
                yield Candidate("prep", "R:PREP", "replace", tok.i, choices, weights=weights,
                                site=profile.site_weight("R:PREP", low))
            if tok.dep_ == "prep" and any(c.dep_ == "pobj" for c in tok.children):
                yield Candidate("prep", "M:PREP", "delete", tok.i, site=profile.site_weight("M:PREP", low))
        anchor = _direct_object_start(tok)
        if anchor is not None and anchor in free and added[0]:
            yield Candidate("prep", "U:PREP", "insert", anchor, added[0], weights=added[1])


def _is_alphabetic_preposition(tok: "Token") -> bool:
    """A word tagged and attached as a preposition (not a symbol standing for one)."""
    return tok.tag_ == "IN" and tok.pos_ == "ADP" and tok.dep_ in PREP_DEPS and tok.is_alpha


def _direct_object_start(tok: "Token") -> int | None:
    """The first word of a direct object that directly follows its verb."""
    if tok.dep_ != "dobj" or tok.head.pos_ != "VERB":
        return None
    start = tok.left_edge
    if start.i != tok.head.i + 1 or not start.is_alpha:
        return None
    return start.i
