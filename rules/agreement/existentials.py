"""Existentials (eWAVE 172, 173): *there's* / *there was* with plural subjects, and *it* or
another form for dummy *there*."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.morphology import person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import (
    INDEFINITE_PRONOUNS, children, definite_noun_phrase, negation_after,
)

from .common import CURLY_BE_LEMMAS, is_be_verb

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


@rule(
    "existential_there",
    deps={"expl"},
    examples=[
        ("There are two men waiting in the hall.",
         ["There's two men waiting in the hall.", "There is two men waiting in the hall."]),
        ("I think there were some problems with the order.",
         "I think there was some problems with the order."),
        ("There aren't any tickets left, so we stayed home.",
         "There isn't any tickets left, so we stayed home."),
        ("There're lots of ways to do it.", "There's lots of ways to do it."),
        ("Once upon a time there were a lot of pigs.",
         "Once upon a time there was a lot of pigs."),
    ],
    negatives=[
        "There is a man waiting in the hall.",
        "Are there any tickets left?",
        "They were there yesterday.",
        "There seem to be problems.",
        "I found fewer problems than there were last year.",
    ],
)
def existential_there(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Singular *there's/there is/there was* with a plural associate: *There's two men waiting*.

    Fires on existential *there* followed directly by plural *are/'re/were* (so the associate
    is plural by SAE agreement). Inverted questions (*Are there ...?*) keep their verb."""
    for there in index.by_dep.get("expl", ()):
        verb = there.head
        if verb.lemma_ != "be" or verb.i != there.i + 1 or not _has_associate(verb):
            continue
        low = verb.lower_
        if low == "were":
            yield site(Replace(verb.i, "was"))
        elif low in ("'re", "’re"):
            yield site(Replace(verb.i, "'s"))
        elif low == "are":
            if negation_after(verb) is not None:
                yield site(Replace(verb.i, "is"))
            else:
                yield site(Replace(verb.i, "'s"), alternatives=((Replace(verb.i, "is"),),))


def _has_associate(verb: Token) -> bool:
    """A plural noun phrase after existential *be* (*two men*, *a lot of people*). Without
    one (*the problems that there are*, *than there were last year*) the clause ends in *be*,
    where *there's* cannot stand."""
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(verb)):
        return False
    return any(c.i > verb.i and c.dep_ in ("attr", "nsubj", "dobj") and _plural_phrase(c)
               for c in children(verb))


def _plural_phrase(noun: Token) -> bool:
    if noun.tag_ == "CD" or noun.lower_ in ("many", "several", "few", "both"):
        return True
    if person_number(noun) == "other":
        return True
    # a lot of people, a number of reasons: the plural is the object of "of"
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(
        g.dep_ == "pobj" and g.tag_ in ("NNS", "NNPS") for g in children(c))
        for c in children(noun))


def _existential_there(there: Token) -> bool:
    """The *there* of a declarative existential with a finite singular *be* right after it,
    not negated, whose associate is an indefinite, uncompared noun phrase without a relative
    clause."""
    be = there.head
    if there.dep_ != "expl" or be.i != there.i + 1 or be.lower_ not in ("is", "was", "'s", "’s"):
        return False
    if not is_be_verb(be) or negation_after(be) is not None:
        return False
    associate = _associate(be)
    return associate is not None and _nominal(associate) and not (
        definite_noun_phrase(associate) or _compares(associate) or _relativised(associate))


substitution_rule(
    "existential_it",
    {"there": "it"},
    where=_existential_there,
    doc="""Dummy *it* for existential *there*: *It's a new person here*, *it was a lot of food*.

    Declarative *there* + finite singular *be* (*is, 's, was*) with an indefinite associate
    after it. Plural *are/were* would need the verb changed too (feature 172 does that for
    *there*); a negated existential with *it* (*it isn't a seat free*) reads as a referring
    pronoun, a definite associate (*there's the bus*) is presentational, and one with a
    relative clause would read as a cleft (*it's a man who ...*), so these stay.""",
    deps={"expl"}, lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("There is a new person here.", "It is a new person here."),
        ("There's a man at the door, and he looks upset.",
         "It's a man at the door, and he looks upset."),
        ("I think there was a lot of food left.", "I think it was a lot of food left."),
        ("Everybody knows there’s something wrong with her.",
         "Everybody knows it’s something wrong with her."),
    ],
    negatives=[
        "Is there a doctor here?",
        "There are two men outside.",
        "There isn't a seat free.",
        "There's the bus.",
        "I found more problems than there were last year.",
        "There seems to be a problem.",
        "And there's more.",
        "There is nothing better than soup.",
        "There's a man who wants to see you.",
    ],
)


def _associate(be: Token) -> Token | None:
    """The noun phrase existential *be* introduces (None at the end of a comparison)."""
    if any(c.dep_ == "mark" and c.lower_ in ("than", "as") for c in children(be)):
        return None
    return next((c for c in children(be)
                 if c.i > be.i and c.dep_ in ("attr", "nsubj", "dobj")), None)


def _compares(noun: Token) -> bool:
    """*there is nothing better than soup*: *it is nothing better* would compare a referent."""
    return any(t.tag_ in ("JJR", "RBR") or t.lower_ == "than" for t in noun.subtree)


def _relativised(noun: Token) -> bool:
    """*there's a man who wants to see you*: with *it* it reads as a cleft (*it's a man
    who ...*, not a woman), so the meaning would change."""
    return any(c.dep_ == "relcl" and c.i > noun.i for c in children(noun))


def _nominal(noun: Token) -> bool:
    """A noun phrase head; *there's more* has none, and *it's more* would compare."""
    return noun.pos_ in ("NOUN", "PROPN", "NUM") or noun.lower_ in INDEFINITE_PRONOUNS
