"""What several verb morphology rules use: auxiliaries by lemma, the function verbs, a verb's
base form and its object."""
from __future__ import annotations

from spacy.tokens import Token

from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.syntax import children


def has_aux_lemma(verb: Token, lemma: str, deps: tuple[str, ...] = ("aux", "auxpass")) -> bool:
    return any(c.dep_ in deps and c.lemma_ == lemma for c in children(verb))


# Verbs whose forms belong to other features (was/were, ain't, don't) or to do-support.
FUNCTION_VERBS = frozenset({"be", "have", "do"})


def base_form(lemma: str) -> str | None:
    return inflect_verb(lemma, "VB")


def object_of(verb: Token) -> Token | None:
    return next((c for c in children(verb) if c.dep_ == "dobj"), None)
