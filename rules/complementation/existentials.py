"""Existentials with *get* and *have* (eWAVE 205, 206): *it got* and *you have* for *there is*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    children, clause_is_negated, definite_noun_phrase, direct_subject, in_question,
)


# Fixed phrases with "there is no ...", which keep their "there" (*There's no way he did that*).
EXISTENTIAL_IDIOMS = frozenset({"way", "doubt", "need", "denying", "question", "point", "use",
                                "telling", "harm", "chance", "hope", "time"})


def _existential(there: Token) -> Token | None:
    """The finite *be* of a declarative, affirmative existential (*There is ...*, *because
    there were ...*), with *there* directly before it; not in relative clauses."""
    be = there.head
    if there.dep_ != "expl" or be.lemma_ != "be" or be.i != there.i + 1:
        return None
    if be.tag_ not in ("VBZ", "VBP", "VBD") or be.dep_ not in ("ROOT", "conj", "advcl", "ccomp"):
        return None
    if in_question(be) or any(c.dep_ in ("neg", "aux") for c in children(be)):
        return None
    pivot = next((c for c in children(be) if c.dep_ in ("attr", "nsubj") and c.i > be.i), None)
    if pivot is None or pivot.left_edge.i != be.i + 1:
        return None  # "There's always something": an adverb in between
    if definite_noun_phrase(pivot) or {pivot.lemma_.lower(), pivot.lower_} & EXISTENTIAL_IDIOMS:
        return None
    return be


_EXISTENTIALS_KEY = "multivalue.complementation.existentials"


def _existentials(index: DocIndex) -> list[tuple[Token, Token]]:
    """``(there, be)`` of each existential (see :func:`_existential`) in document order;
    worked out once per document, as features 205 and 206 both ask."""
    user_data = index.doc.user_data
    found = user_data.get(_EXISTENTIALS_KEY)
    if found is None:
        found = user_data[_EXISTENTIALS_KEY] = [
            (there.i, be.i) for there in index.by_dep.get("expl", ())
            if (be := _existential(there)) is not None]
    tokens = index.tokens
    return [(tokens[there], tokens[be]) for there, be in found]


@rule(
    "existential_got",
    deps={"expl"},
    examples=[
        ("There is some sand there.", "It got some sand there."),
        ("There's too much bush over here.", "It got too much bush over here."),
        ("I like this town because there are many parks.",
         "I like this town because it got many parks."),
        ("We went in and there are two rooms.", "We went in and it got two rooms."),
        ("There were two men waiting at the gate.", "Got two men waiting at the gate."),
        ("When we arrived, there was a long queue outside.",
         "When we arrived, got a long queue outside."),
        ("There was a dog and a cat in the yard.", "Got a dog and a cat in the yard."),
    ],
    negatives=[
        "Is there a bank near here?",
        "There isn't any milk.",
        "There must be a mistake.",
        "I saw him there.",
        "There's the bus!",
        "There's no way he did that.",
        "There is no denying the power of this film.",
        "There's always something going on here.",
        "There wasn't a single car on the road.",
        "Were there many people at the party?",
    ],
)
def existential_got(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Existentials with *get*: *It got some sand there* 'There is some sand there', and
    tenseless *got* without a subject for the past, as in the atlas's *Ova hyee get tumoch
    bush* and Singapore English (*Got two men waiting at the gate* 'There were two men ...':
    a past *it got* would read as 'it received'). Affirmative statements only; questions,
    negation and modal existentials keep *there*."""
    for there, be in _existentials(index):
        if be.tag_ != "VBD":
            yield site(Replace(there.i, "it"), Replace(be.i, "got"))
        else:
            yield site(Delete(there.i), Replace(be.i, "got"))


def _negative_pivot(be: Token) -> bool:
    """*There's nothing we can do* is not *You have nothing we can do*."""
    return any(c.dep_ in ("attr", "nsubj") and c.lower_ in ("nothing", "nobody", "none", "no-one")
               for c in children(be))


LOCATIVE_PREPOSITIONS = frozenset(
    "in at on near around across inside outside behind under over along beside opposite".split()
)


def _describes_a_place(be: Token) -> bool:
    """Generic *you have* presents what is found somewhere (*In our town you have a temple*)
    or a kind of people or things (*You have some people who ...*); elsewhere (*There is a
    problem with my phone*) *you* would be taken for the hearer."""
    pivot = next((c for c in children(be) if c.dep_ in ("attr", "nsubj") and c.i > be.i), None)
    if pivot is not None and any(c.dep_ == "relcl" for c in children(pivot)):
        return True
    phrases = [c for c in children(be) if c != pivot]
    if pivot is not None:
        phrases += list(children(pivot))
    return any(p.dep_ == "prep" and p.lower_ in LOCATIVE_PREPOSITIONS
               or p.dep_ == "advmod" and p.lower_ in ("here", "there") for p in phrases)


@rule(
    "existential_you_have",
    lemmas={"there"},
    examples=[
        ("There are some people who never listen.", "You have some people who never listen."),
        ("There's a temple in the town.", "You have a temple in the town."),
        ("In Delhi there are many old forts, and there is a big market near the station.",
         "In Delhi you have many old forts, and you have a big market near the station."),
        ("He says there are good schools in this area.",
         "He says you have good schools in this area."),
        ("How many hotels are there in the old town?",
         "How many hotels do you have in the old town?"),
        ("How many students were there in each class?",
         "How many students did you have in each class?"),
        ("How much water is there in the tank?", "How much water do you have in the tank?"),
        ("The guide says there are wolves in these hills.",
         "The guide says you have wolves in these hills."),
    ],
    negatives=[
        "How many people are there waiting outside?",
        "How many of them were there?",
        "How many children aren't there?",
        "There is a problem with my phone.",
        "Once upon a time there was a little girl in the forest.",
        "Is there a bank near here?",
        "There isn't any milk.",
        "There will be a meeting tomorrow.",
        "They live there.",
        "There's nothing we can do about it here.",
        "I think there are two bakeries on this street.",
        "We noticed there is a crack in the wall.",
    ],
)
def existential_you_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Existentials with generic *you have*: *You have some people who ...* 'There are some
    people who ...', *In Delhi you have many old forts*. Present-tense statements that say
    what is found in a place or what kinds of people there are; past narrative existentials
    (*Once upon a time there was ...*) keep *there*. *How many N are there (in ...)?* asks
    the same: *How many hotels do you have in the old town?*, with do-support in the tense
    of *be*."""
    for there, be in _existentials(index):
        if be.tag_ != "VBD" and _describes_a_place(be) and not _negative_pivot(be) \
                and not _said_to_the_addressee(be):
            yield site(Replace(there.i, "you"), Replace(be.i, "have"))
    for there in index.by_lemma.get("there", ()):
        be = _how_many_there(there)
        if be is not None:
            yield site(Replace(be.i, DO_FOR_BE[be.tag_]), Replace(there.i, "you have"))


DO_FOR_BE = {"VBP": "do", "VBZ": "do", "VBD": "did"}  # agreeing with "you"
SPEECH_PARTICIPANTS = frozenset({"i", "we", "you"})


def _said_to_the_addressee(be: Token) -> bool:
    """The existential is the complement of a verb whose subject is the speaker or the
    hearer (*I see there are workmen on the site*, *I can feel there is a disturbance*):
    under *I see* / *you know*, *you have* is read as the hearer's own (*I see you have
    workmen*), not as the generic *you*."""
    if be.dep_ != "ccomp":
        return False
    subj = direct_subject(be.head)
    return subj is not None and subj.lower_ in SPEECH_PARTICIPANTS


def _how_many_there(there: Token) -> Token | None:
    """The *be* of *How many N are there ...?*: the question's *be* right before *there*,
    with *how many/much* + noun as its subject right before it; not negated, and not with a
    participle after *there* (*How many people are there waiting?* asks who is there)."""
    doc = there.doc
    be = doc[there.i - 1] if there.i > 0 else None
    if be is None or be.lemma_ != "be" or be.tag_ not in DO_FOR_BE or there.head != be:
        return None
    if be.dep_ != "ROOT" or not in_question(be) or clause_is_negated(be):
        return None
    subj = next((c for c in children(be) if c.dep_ in ("nsubj", "attr") and c.i < be.i), None)
    if subj is None or subj.pos_ != "NOUN" or subj.right_edge.i + 1 != be.i:
        return None
    first = doc[subj.left_edge.i:subj.left_edge.i + 2]
    if [t.lower_ for t in first] not in (["how", "many"], ["how", "much"]):
        return None
    after = doc[there.i + 1] if there.i + 1 < len(doc) else None
    return None if after is not None and after.tag_ in ("VBG", "VBN") else be
