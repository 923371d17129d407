"""What several pronoun rules use: pronoun forms by person, number and case, and where a
pronoun stands."""
from __future__ import annotations

from spacy.tokens import Doc, Token

from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children, in_question


OBJECT_DEPS = frozenset({"dobj", "dative", "pobj"})


def next_lower(tok: Token) -> str:
    return tok.doc[tok.i + 1].lower_ if tok.i + 1 < len(tok.doc) else ""


NOMINAL_POS = frozenset({"NOUN", "PROPN", "PRON"})


def is_coordinated(tok: Token) -> bool:
    """A conjunct, or the head of a coordination (*John and me*, *me and John*), of noun
    phrases: not a subject the parser hung a coordinated clause on (*I'm a fan, but I hate
    ...*, where *hate* is no conjunct of *I*)."""
    if tok.dep_ == "conj" and tok.head.pos_ in NOMINAL_POS:
        return True
    return any(c.dep_ == "conj" and c.pos_ in NOMINAL_POS for c in children(tok))


def _is_request(verb: Token) -> bool:
    """An imperative (*Give me that*) or a request to the addressee (*Can you show me ...?*)."""
    while verb.dep_ == "conj" and not any(c.dep_ in NOMINAL_SUBJECT_DEPS for c in children(verb)):
        verb = verb.head
    subjects = [c for c in children(verb) if c.dep_ in NOMINAL_SUBJECT_DEPS]
    if not subjects:
        return verb.tag_ == "VB" and verb.dep_ == "ROOT" and not any(
            c.dep_ in ("aux", "auxpass") for c in children(verb))
    if subjects[0].lower_ != "you" or not in_question(verb):
        return False
    return any(c.dep_ == "aux" and c.i < subjects[0].i and c.lower_ in REQUEST_AUX
               for c in children(verb))


REQUEST_AUX = frozenset({"can", "could", "will", "would", "ca", "wo"})


# ------------------------------------------------------------------------ 7 me_coordinate_subjects


def conjuncts_of(head: Token) -> list[Token]:
    """The head of a coordination and its conjuncts, in order."""
    found = [head]
    for child in children(head):
        if child.dep_ == "conj":
            found.extend(conjuncts_of(child))
    return sorted(found, key=lambda t: t.i)


def subtree_span(tok: Token) -> tuple[int, int] | None:
    """``[start, end)`` of a token's subtree without its conjuncts and cc, if contiguous."""
    parts = [tok] + [
        t for child in children(tok) if child.dep_ not in ("conj", "cc", "preconj", "punct")
        for t in child.subtree
    ]
    idx = sorted(t.i for t in parts)
    if idx[-1] - idx[0] + 1 != len(idx):
        return None
    return idx[0], idx[-1] + 1


def after_listed_noun(doc: Doc, start: int) -> bool:
    """*Tom, Mary and I*: a noun and comma before the coordination, probably a longer list."""
    return (start >= 2 and doc[start - 1].text == ","
            and doc[start - 2].pos_ in ("PROPN", "NOUN", "PRON"))


def all_of_you(you: Token) -> Token | None:
    """The *all* of *all of you* (*all of you should come*, *I'll call all of you*)."""
    of = you.head
    if you.dep_ != "pobj" or of.lower_ != "of" or of.i != you.i - 1 or of.i < 1:
        return None
    quantifier = of.head
    if quantifier.lower_ != "all" or quantifier.i != of.i - 1:
        return None
    return quantifier


def floating_all(you: Token) -> Token | None:
    """The *all* of *you are all welcome*: a floating quantifier right after the verb of a
    subject *you*."""
    verb = you.head
    if you.dep_ not in NOMINAL_SUBJECT_DEPS or verb.i != you.i + 1 or verb.i + 1 >= len(you.doc):
        return None
    nxt = you.doc[verb.i + 1]
    if nxt.lower_ == "all" and nxt.dep_ == "advmod" and nxt.head.i == verb.i:
        return nxt
    return None


def plural_by_context(you: Token) -> bool:
    """*You* whose clause shows it is plural: a plural predicate noun (*you are students*), a
    plural reflexive (*help yourselves*), a reciprocal (*you should help each other*) or a
    plural vocative (*Boys, you ...*)."""
    if you.dep_ not in NOMINAL_SUBJECT_DEPS:
        return False
    verb = you.head
    for child in children(verb):
        if child.dep_ == "attr" and child.tag_ == "NNS" and verb.lemma_ == "be":
            return True
        if child.lower_ == "yourselves" or _reciprocal(child):
            return True
        if (child.dep_ in ("npadvmod", "vocative", "dep") and child.tag_ == "NNS"
                and child.i < you.i and child.i + 1 < len(you.doc)
                and you.doc[child.i + 1].text == ","):
            return True
    return False


def _reciprocal(tok: Token) -> bool:
    """*each other*, *one another* as an object."""
    return tok.lower_ in ("other", "another") and tok.i > 0 and tok.doc[tok.i - 1].lower_ in ("each", "one")


def absolute_object(tok: Token) -> bool:
    """*me/us* as object in a request to the addressee (*please contact me*), where the
    reflexive has no antecedent in its clause."""
    if tok.dep_ not in OBJECT_DEPS or is_coordinated(tok):
        return False
    verb = tok.head.head if tok.dep_ == "pobj" else tok.head
    if tok.dep_ == "pobj" and tok.head.dep_ not in ("prep", "dative"):
        return False
    return verb.pos_ == "VERB" and verb.lemma_.lower() != "let" and _is_request(verb)


PLURAL_AFTER_YOU = frozenset({"all", "guys", "two", "three", "both", "people", "folks"})
