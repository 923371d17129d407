"""Gender and reference of third person pronouns (eWAVE 1-3, 10): *she* and *he* for things,
another form for referential *it*, and no gender distinction."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.antecedents import (
    FEMALE, MALE, SING, antecedent, is_animate, is_concrete_thing, noun_number,
    person_in_context,
    persons_in_context, role, same_referent_groups, same_verb_argument,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children
from multivalue_cli.engine.wordlists import wordlist

from .common import antecedent_of, identifies_person, in_tag_question


OBJECT_DEPS = frozenset({"dobj", "dative", "pobj"})

# Determiners of a quantified or questioned noun phrase: *for each continent, list its id*
# is about every continent in turn (a bound variable), not one thing *she* could stand for.
QUANTIFYING_DETS = frozenset({"each", "every", "any", "no", "which", "what", "whichever"})


def _counted_thing(ante: Token | None) -> bool:
    """A singular common noun for a concrete thing, used with a definite determiner or
    possessive (*the car*, *my bike*): the referents that *she*/*he*/*the thing* stand for."""
    if ante is None or ante.pos_ != "NOUN" or noun_number(ante) != SING:
        return False
    if not is_concrete_thing(ante) or is_animate(ante) is not False:
        return False
    dets = [c for c in children(ante) if c.dep_ in ("det", "poss")]
    return bool(dets) and not any(d.lower_ in QUANTIFYING_DETS for d in dets)


def _its_with_antecedents(index: DocIndex) -> list[tuple[Token, Token]]:
    """``(it/its, antecedent)`` for every non-dummy *it*/*its* with a clear antecedent."""
    cache = index.doc.user_data  # three rules ask: worked out once per document
    found = cache.get(_REFERENTIAL_IT_KEY)
    if found is None:
        found = cache[_REFERENTIAL_IT_KEY] = [(tok.i, ante.i)
                                               for tok, ante in _find_its_with_antecedents(index)]
    tokens = index.tokens
    return [(tokens[i], tokens[ante]) for i, ante in found]


# Per document, as token indexes (so the doc stays serialisable).
_REFERENTIAL_IT_KEY = "multivalue.pronoun_reference.referential_it"


def _find_its_with_antecedents(index: DocIndex) -> Iterator[tuple[Token, Token]]:
    for tok in index.lemma("it", "its"):
        if tok.lower_ not in ("it", "its") or tok.tag_ not in ("PRP", "PRP$"):
            continue
        if tok.lower_ == "it" and in_tag_question(index, tok):
            continue
        ante = antecedent_of(tok)
        if ante is not None:
            yield tok, ante


def _gendered_form(tok: Token, subject: str, obj: str, poss: str) -> str | None:
    if tok.lower_ == "its":
        return poss
    if tok.dep_ in NOMINAL_SUBJECT_DEPS:
        return subject
    if tok.dep_ in OBJECT_DEPS:
        return obj
    return None


# Predicates that judge a proposition or an action, not a thing: *it is not reasonable*
# (to bring a phone), *it's true*, *it's illegal*.
PROPOSITION_PREDICATES = frozenset(
    "reasonable unreasonable fair unfair true untrue false right wrong possible impossible "
    "necessary unnecessary legal illegal acceptable unacceptable wise unwise likely unlikely "
    "certain allowed forbidden".split())


def _judged_as_proposition(tok: Token) -> bool:
    """A subject *it* whose copula predicate judges a proposition or an action (*I think it
    is not reasonable*): the *it* stands for what was said or done, not for the thing named
    in it, and *she is not reasonable* reads as a person."""
    head = tok.head
    return tok.dep_ in NOMINAL_SUBJECT_DEPS and head.lemma_ == "be" and any(
        c.dep_ == "acomp" and c.lemma_.lower() in PROPOSITION_PREDICATES for c in children(head))


def _gendered_for_things(index: DocIndex, gender: str, subject: str, obj: str, poss: str
                         ) -> Iterator[Site]:
    for tok, ante in _its_with_antecedents(index):
        if not _counted_thing(ante) or person_in_context(tok, gender) or identifies_person(tok):
            continue
        if _judged_as_proposition(tok):
            continue  # *don't bring your phone to meetings, I think it is not reasonable*
        if same_verb_argument(tok, ante):
            continue  # *clean your bicycle with it*: it is something else, or *itself*
        if role(ante) == "other":
            continue  # *go to the station and see if it's there*, *some of the ointment ...
            # rub it in*: a place or a whole named after a preposition is a weak antecedent,
            # and a gendered pronoun that misses it reads as a person
        form = _gendered_form(tok, subject, obj, poss)
        if form:
            yield site(Replace(tok.i, form))


# --------------------------------------------------------------------------- 1, 2


@rule(
    "she_inanimate_objects",
    lemmas={"it", "its"},
    examples=[
        ("The car broke down; it needs a new engine.", "The car broke down; she needs a new engine."),
        ("I bought a new lamp yesterday, but it doesn't work.",
         "I bought a new lamp yesterday, but she doesn't work."),
        ("My boat is old. I painted it last summer and its sails are new.",
         "My boat is old. I painted her last summer and her sails are new."),
        ("Where is the kettle? Is it broken?", "Where is the kettle? Is she broken?"),
        ('I fixed the fence when it fell down.',
         'I fixed the fence when she fell down.'),
        ('The vacuum cleaner is broken; I will repair it tomorrow.',
         'The vacuum cleaner is broken; I will repair her tomorrow.'),
        ('The old bike is in the garage and it needs new tyres.',
         'The old bike is in the garage and she needs new tyres.'),
    ],
    negatives=[
        "It is raining, so take the car.",
        "John put the book on the table. It was heavy.",
        "My brother bought a dog and it barks all night.",
        "The plan failed because it was too expensive.",
        "It is important that the car is clean.",
        'It turns out the car was stolen.',
        'For each continent, list its name and its area.',
        'The boat is ready, but it was her birthday.',
        'I left the keys in the car, and it was a mistake.',
        'The boy looked into the mirror, and it was an old man.',
        'Buy the sofa now, since it is the end of the month.',
        'A woman picks up the bucket and carries it outside.',
        # the antecedent would be the object of a preposition: a place, a whole
        'Take some of the lotion and rub it on your hands.',
        "Go to the kitchen and see if it's still there.",
        'You can polish your old lamp with it.',
        "Don't leave your bike in the hall; it isn't fair.",
    ],
)
def she_inanimate_objects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*She*/*her* for an inanimate thing: *the car ... she needs a new engine*. Only for an
    *it*/*its* whose antecedent is clearly a singular concrete thing (a counted artifact,
    object or plant, per WordNet), as a subject or object; dummy *it*, abstract, animal and
    unclear antecedents, and those after a preposition (*see if it's there*, after *go to
    the station*), are left alone. Needs such an *it* in a text where no person is mentioned whom *she* could
    mean; the benchmark texts take up things with *it* only beside people (*gave her the coat
    and asked her to wear it*), where the new pronoun would point at a person."""
    yield from _gendered_for_things(index, FEMALE, "she", "her", "her")


@rule(
    "he_inanimate_objects",
    lemmas={"it", "its"},
    examples=[
        ("The old tree fell over in the storm because it was rotten.",
         "The old tree fell over in the storm because he was rotten."),
        ("Have you seen my hammer? I left it in the shed.",
         "Have you seen my hammer? I left him in the shed."),
        ("This blender works perfectly and it's very quiet.",
         "This blender works perfectly and he's very quiet."),
        ("The house is very old. Its roof isn't new.", "The house is very old. His roof isn't new."),
        ('The kettle is new, but it leaks.',
         'The kettle is new, but he leaks.'),
        ('I dropped my phone and it cracked.',
         'I dropped my phone and he cracked.'),
        ('We painted the shed because it looked old.',
         'We painted the shed because he looked old.'),
    ],
    negatives=[
        "It seems that the tree is dead.",
        "The cat chased the mouse until it was tired.",
        "The idea was good, but it didn't work.",
        "I like it here.",
        'The clock stopped at noon; it happened twice.',
        'My cousin fixed the radio, and it was a relief.',
        'For every table, show its owner.',
        'A man lays a tile on the floor and presses it down.',
        'Buy the sofa now, since it is the end of the month.',
        'The harvest failed. It is hardest for the farmers.',
        # the antecedent would be the object of a preposition: a place, a whole
        "Look in the drawer and see if it's there.",
        'Take some of the lotion and rub it on your hands.',
        'You can polish your old lamp with it.',
        'Never park your car on the grass, I think it is wrong.',
    ],
)
def he_inanimate_objects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*He*/*him* for an inanimate thing: *I bet you can't climb him* (a tree). Same
    conditions as she_inanimate_objects: a referential *it*/*its* whose clear antecedent is a
    singular concrete thing, with no person nearby whom *he* could mean (so, like feature 1,
    rare in benchmark texts, whose things are mentioned beside people)."""
    yield from _gendered_for_things(index, MALE, "he", "him", "his")


# --------------------------------------------------------------------------- 3


@rule(
    "referential_thing",
    lemmas={"it"},
    examples=[
        ("When you switch on the alarm you press this button. When you switch it off you press "
         "that one.",
         "When you switch on the alarm you press this button. When you switch the thing off you "
         "press that one."),
        ("My phone fell in the sink, and now it won't turn on.",
         "My phone fell in the sink, and now the thing won't turn on."),
        ("I found the remote. Did you hide it under the sofa?",
         "I found the remote. Did you hide the thing under the sofa?"),
        ('I fixed the fence when it fell down.',
         'I fixed the fence when the thing fell down.'),
        ('The vacuum cleaner is broken; I will repair it tomorrow.',
         'The vacuum cleaner is broken; I will repair the thing tomorrow.'),
        ('She dropped the vase and it broke.',
         'She dropped the vase and the thing broke.'),
    ],
    negatives=[
        "It's raining again.",
        "My sister called me and it was nice to hear from her.",
        "The car hit the bike. It was badly damaged.",
        "I loved the movie; it was funny.",
        'The door slammed, and it turned out the wind was strong.',
        'I lost the ticket, and it was a shame.',
        'We painted the wall, but we were overdoing it.',
        'The janitor cleaned the room and told him it is ready.',
    ],
)
def referential_thing(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*The thing* for a referential *it*: *when you off the thing* ('switch it off'). Only
    subject and object *it* whose clear antecedent is a concrete counted thing (a person,
    an animal, a place or an idea is not called *the thing*); possessive *its* is left
    alone."""
    for tok, ante in _its_with_antecedents(index):
        if tok.lower_ == "it" and tok.dep_ in (NOMINAL_SUBJECT_DEPS | OBJECT_DEPS) and _counted_thing(ante) \
                and ante.lemma_.lower() not in PLACE_NOUNS:
            yield site(Replace(tok.i, "the thing"))


# Places, which are no *thing* one handles (*cleaned the room ... the thing is ready*).
PLACE_NOUNS = wordlist("destination_nouns") | frozenset(
    "room apartment flat building home house office kitchen area place yard".split())

SWAP_GENDER = {
    "he": "she", "him": "her", "himself": "herself",
    "she": "he", "hers": "his", "herself": "himself",
}


@rule(
    "no_gender_distinction",
    lemmas={"he", "she", "his", "her", "hers", "himself", "herself"},
    examples=[
        ("My mother, she's a primary school teacher.", "My mother, he's a primary school teacher."),
        ("I asked my uncle if he could help us.", "I asked my uncle if she could help us."),
        ("The nurse was kind. Did you thank her for her help?",
         "The nurse was kind. Did you thank him for his help?"),
        ("She is a teacher.", "He is a teacher."),
        ("John called and said he was tired.", "John called and said she was tired."),
        ("Maria lost her keys, so she stayed home.", "Maria lost his keys, so he stayed home."),
        ("He hurt himself on the stairs.", "She hurt herself on the stairs."),
        ("Please call her and ask her whether she wants to come.",
         "Please call him and ask him whether he wants to come."),
        ("If he calls, tell him that his brother is waiting.",
         "If she calls, tell her that her brother is waiting."),
    ],
    negatives=[
        "John met Mary and he smiled.",
        # one pronoun of a person may not change alone: *fire him and tell him* share a
        # person, and the boss could be the one *him* then means, so neither changes
        "The boss may fire her and tell her to leave the office.",
        "My father bought a car and my mother liked it, so he was happy.",
        "The waiter thanked the actress because she tipped well.",
        "Tom told his sister that he was leaving.",
        "They said it was fine.",
    ],
)
def no_gender_distinction(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """No gender distinction in third person singular: *my mother, he's a teacher*. Any
    gendered pronoun may take the other gender's form - the feature belongs to the pronoun
    system, whatever the antecedent (a person noun, a name, or none in the text) - except
    where another person whom the new form could be read as is mentioned nearby (*John met
    Mary and she smiled* would point at Mary), so the reference stays recoverable."""
    pronouns = [tok for tok in index.lemma("he", "she", "his", "her", "hers", "himself", "herself")
                if tok.lower_ in GENDERED]
    edits: dict[int, Replace | None] = {}
    for tok in pronouns:
        form = _other_gender(tok)
        if form is not None:
            other = FEMALE if tok.lower_ in ("he", "him", "his", "himself") else MALE
            persons = persons_in_context(tok, other, limit=2)
            if len(persons) > 1 or persons and persons[0] != antecedent(tok):
                form = None  # "my father ... my mother ... she" would point at the mother
        edits[tok.i] = None if form is None else Replace(tok.i, form)
    for group in same_referent_groups(pronouns):
        if all(edits[tok.i] is not None for tok in group):
            yield site(*(edits[tok.i] for tok in group))
        # else: "punish him and tell him": the pronouns of one person change together or
        # not at all, or the two forms would read as two people


GENDERED = frozenset({"he", "him", "his", "himself", "she", "her", "hers", "herself"})


def _other_gender(tok: Token) -> str | None:
    low = tok.lower_
    if tok.tag_ not in ("PRP", "PRP$"):
        return None
    if low == "her":
        return "his" if tok.tag_ == "PRP$" or tok.dep_ == "poss" else "him"
    if low == "his":
        return "her" if tok.dep_ == "poss" else "hers"
    return SWAP_GENDER.get(low)
