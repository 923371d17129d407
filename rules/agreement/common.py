"""What several agreement rules use: the head and subject of a clause, relative pronouns, and
forms of *be* (curly clitics too)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from multivalue_cli.engine.syntax import morph_values, nominal_subject

if TYPE_CHECKING:
    from spacy.tokens import Token


def clause_head(verb: Token) -> Token:
    """The token that carries the clause's dependents: the head of an auxiliary, else itself."""
    return verb.head if verb.dep_ in ("aux", "auxpass") else verb


def clause_subject(verb: Token) -> Token | None:
    """The nominal subject of the clause ``verb`` belongs to, if overt."""
    return nominal_subject(clause_head(verb))


def is_relative_pronoun(tok: Token) -> bool:
    return tok.tag_ in ("WP", "WDT") or "Rel" in morph_values(tok, "PronType")


# The lemmatiser leaves curly-apostrophe clitics as themselves (or as a bare apostrophe).
CURLY_BE_LEMMAS = ("’", "’s", "’re", "’m")


def is_be_verb(tok: Token) -> bool:
    """*be* (any form) by lemma, or a curly *’s/’re* tagged as a present verb that is not
    an auxiliary of a participle (where *’s* may be *has*)."""
    if tok.lemma_ == "be":
        return True
    return (tok.lower_ in ("’s", "’re", "’m") and tok.tag_ in ("VBZ", "VBP")
            and tok.dep_ not in ("aux", "auxpass"))
