"""Preposition candidates: R:PREP (a plausible confusion), M:PREP (left out), U:PREP (added
before a direct object: "discuss about the plan")."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from .candidates import Candidate
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

PREP_DEPS = frozenset({"prep", "dative", "agent"})


def find(doc: "Doc", profile: ErrorProfile, free: set[int]) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones)."""
    confusions = profile.confusions["prep"]
    for tok in doc:
        if tok.i not in free:
            continue
        if _is_preposition(tok):
            choices = tuple(w for w in confusions.get(tok.lower_, ()) if w != tok.lower_)
            if choices:
                yield Candidate("prep", "R:PREP", "replace", tok.i, choices)
            if tok.dep_ == "prep" and any(c.dep_ == "pobj" for c in tok.children):
                yield Candidate("prep", "M:PREP", "delete", tok.i)
        anchor = _direct_object_start(tok)
        if anchor is not None and anchor in free and profile.unnecessary_prep:
            yield Candidate("prep", "U:PREP", "insert", anchor, profile.unnecessary_prep)


def _is_preposition(tok: "Token") -> bool:
    return tok.tag_ == "IN" and tok.pos_ == "ADP" and tok.dep_ in PREP_DEPS and tok.is_alpha


def _direct_object_start(tok: "Token") -> int | None:
    """The first word of a direct object that directly follows its verb."""
    if tok.dep_ != "dobj" or tok.head.pos_ != "VERB":
        return None
    start = tok.left_edge
    if start.i != tok.head.i + 1 or not start.is_alpha:
        return None
    return start.i
