"""What several complementation rules use: finite clauses, infinitive markers, and the
to-infinitive complements of a document."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.syntax import children
from multivalue_cli.engine.wordlists import wordlist


TO_INFINITIVE_VERBS = wordlist("to_infinitive_verbs")
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


def is_finite(clause: Token) -> bool:
    """A clause head with a tensed verb or auxiliary of its own."""
    if clause.tag_ in FINITE_TAGS:
        return True
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ in FINITE_TAGS for c in children(clause))


def infinitive_marker(verb: Token) -> Token | None:
    """The *to* of a to-infinitive, directly before its verb (*to go*, not *to really go*)."""
    prev = verb.doc[verb.i - 1] if verb.i > 0 else None
    if prev is not None and prev.tag_ == "TO" and prev.head == verb and prev.dep_ == "aux":
        return prev
    # "to get leave": the parser hangs "to" on the next verb of a verb chain
    if prev is not None and prev.dep_ == "aux" and prev.tag_ == "VB" and verb.i > 1:
        before = verb.doc[verb.i - 2]
        if before.tag_ == "TO" and before.head == verb:
            return before
    return None


def in_fixed_infinitive(to: Token) -> bool:
    """*in order to*, *so as to*, *too tired to*, *enough to*, *about to*: fixed frames."""
    doc = to.doc
    prev = [t.lower_ for t in doc[max(0, to.i - 2):to.i]]
    if prev[-1:] in (["order"], ["as"], ["about"], ["enough"]):
        return True
    head = to.head.head
    return any(c.lower_ in ("too", "enough") for c in children(head))


def negated_infinitive(to: Token) -> bool:
    """*told him not to come*: the marker after *not* stays as it is (*not for to come*)."""
    return to.i > 0 and to.doc[to.i - 1].lower_ in ("not", "never")


def _complement_infinitive(verb: Token) -> Token | None:
    """The *to* of an infinitive that complements a listed verb (*want to go*, *allowed to
    go*, *asked him to come*) or a predicative adjective (*it's hard to cross*)."""
    if verb.tag_ != "VB" or verb.dep_ not in ("xcomp", "ccomp"):
        return None
    to = infinitive_marker(verb)
    if to is None or in_fixed_infinitive(to) or negated_infinitive(to):
        return None
    head = verb.head
    if head.lemma_.lower() in TO_INFINITIVE_VERBS and head.pos_ == "VERB":
        if head.lemma_.lower() == "expect" and any(c.dep_ == "auxpass" for c in children(head)):
            return None  # "A storm is expected to reach the coast": raising, not control
        return to
    if head.pos_ == "ADJ" or (head.lemma_ == "be"
                              and any(c.dep_ == "acomp" for c in children(head))):
        adj = head if head.pos_ == "ADJ" else next(c for c in children(head) if c.dep_ == "acomp")
        if adj.lower_ not in ("able", "likely", "sure", "certain", "bound", "supposed", "about"):
            return to
    return None


def complement_infinitives(index: DocIndex) -> Iterator[Token]:
    for verb in index.by_tag.get("VB", ()):
        to = _complement_infinitive(verb)
        if to is not None:
            yield to
