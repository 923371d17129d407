"""What several agreement rules use: the head and subject of a clause, relative pronouns,
negation, and forms of *be* (curly clitics too)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS as SUBJECT_DEPS
from multivalue_cli.engine.syntax import children, morph_values

if TYPE_CHECKING:
    from spacy.tokens import Token


def clause_head(verb: Token) -> Token:
    """The token that carries the clause's dependents: the head of an auxiliary, else itself."""
    return verb.head if verb.dep_ in ("aux", "auxpass") else verb


def clause_subject(verb: Token) -> Token | None:
    """The nominal subject of the clause ``verb`` belongs to, if overt."""
    for child in children(clause_head(verb)):
        if child.dep_ in SUBJECT_DEPS:
            return child
    return None


def is_relative_pronoun(tok: Token) -> bool:
    return tok.tag_ in ("WP", "WDT") or "Rel" in morph_values(tok, "PronType")


def is_negated(verb: Token) -> bool:
    """Whether ``not``/``n't`` stands right after ``verb`` (``isn't``, ``was not``)."""
    nxt = verb.nbor(1) if verb.i + 1 < len(verb.doc) else None
    if nxt is None:
        return False
    return nxt.lower_ in ("n't", "n’t") or (nxt.lower_ == "not" and nxt.dep_ == "neg")


# The lemmatiser leaves curly-apostrophe clitics as themselves (or as a bare apostrophe).
CURLY_BE_LEMMAS = ("’", "’s", "’re", "’m")


def is_be_verb(tok: Token) -> bool:
    """*be* (any form) by lemma, or a curly *’s/’re* tagged as a present verb that is not
    an auxiliary of a participle (where *’s* may be *has*)."""
    if tok.lemma_ == "be":
        return True
    return (tok.lower_ in ("’s", "’re", "’m") and tok.tag_ in ("VBZ", "VBP")
            and tok.dep_ not in ("aux", "auxpass"))
