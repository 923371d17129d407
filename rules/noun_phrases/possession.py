"""Possession (eWAVE 74-77): *for* phrases before or after the possessed noun, *belong*, and
the genitive *'s* left out."""
from __future__ import annotations

from typing import Iterator

from multivalue_cli.engine.antecedents import is_human_noun
from multivalue_cli.engine.edits import Delete, Insert, Move, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import first_conjunct, in_question, lexically_capitalised
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    INALIENABLE_NOUNS, PERSON_NOUNS, TIME_NOUNS, by_position, capitalised_at, clause_verb,
    has_conjunct, lower, plain_noun_phrase,
)


# Words of time whose genitive dates something (*today's paper*, *last year's results*).
TIME_POSSESSORS = frozenset(
    "today tonight yesterday tomorrow year month week day decade century hour minute".split())
# Possessions that a postnominal for/belong-phrase can follow without being read as purpose
# (*the knife for Chinyere*, *the cow for my brother*; not *the help for you*): concrete
# things and animals, and possessors that are people (lists derived from WordNet 3.0 by
# another rule family; shared, not edited here).
CONCRETE_NOUNS = wordlist("concrete_thing_nouns") | wordlist("animal_nouns")
UNIQUE_REFERENTS = wordlist("unique_referent_nouns")

# Objective forms of possessive determiners (*the house for me*, *the car belong him*).
POSSESSIVE_OF_SUBJECT = {
    "i": "my", "me": "my", "you": "your", "he": "his", "him": "his", "she": "her",
    "it": "its", "we": "our", "us": "our", "they": "their", "them": "their",
}
POSSESSOR_OBJECT = {
    "my": "me", "your": "you", "his": "him", "her": "her", "its": "it", "our": "us",
    "their": "them",
}


def genitive_possessions(index) -> Iterator[tuple]:
    """``(possessor, clitic, noun)`` for *John's house*, *my brother's old car*, *the
    students' rooms*: an *'s* or *'* whose possessor's phrase stands right before it and
    determines a common noun after it."""
    for pos in index.by_tag.get("POS", ()):
        possessor = pos.head
        noun = possessor.head
        if possessor.dep_ != "poss" or possessor.i != pos.i - 1 or noun.i <= pos.i:
            continue
        if pos.text in ("'", "’") and not possessor.lower_.endswith(("s", "z", "x")):
            continue  # the closing quote of *any 'Brig' type ships*, not *the students' rooms*
        if possessor.pos_ not in ("NOUN", "PROPN") or noun.tag_ not in ("NN", "NNS"):
            continue
        if possessor.right_edge.i != pos.i or lexically_capitalised(noun):
            continue
        if not definite_possessor(possessor):
            continue
        yield possessor, pos, noun


def definite_possessor(possessor) -> bool:
    """A possessor that names someone (*John's*, *the old man's*), not a descriptive
    genitive (*a children's wing*) or a question word (*which professor's*)."""
    words = list(possessor.subtree)
    return not any(t.lower_ in ("a", "an") or t.tag_ in ("WDT", "WP", "WP$") for t in words)


def possessive_determiners(index) -> Iterator[tuple]:
    """``(determiner, noun)`` for *my house*, *their old car*."""
    tag_of, dep_of, head_of = index.tag_of, index.dep_of, index.head_of
    for tok in index.by_tag.get("PRP$", ()):
        poss = tok.i
        noun, word = head_of[poss], lower(index, poss)
        if dep_of[poss] == "poss" and word in POSSESSOR_OBJECT and tag_of[noun] in ("NN", "NNS"):
            if noun > poss and not capitalised_at(index, noun) and word != "its":
                yield tok, index.tokens[noun]


def same_person_as_subject(index, poss, noun) -> bool:
    """*I lost my wallet*, *my sister lost her keys*, *help me with my bags*: the possessor is
    (probably) the clause's subject or another argument, and *the wallet for me* would read
    as "a wallet meant for me". A third-person possessive is taken to refer to a noun
    subject, as it mostly does."""
    verb = clause_verb(index, noun.i)
    if verb is None:
        return False
    verb = index.tokens[verb]
    while verb.dep_ == "xcomp" and not any(c.dep_ == "nsubj" for c in verb.children):
        verb = verb.head  # *the neighbors finished painting their fence*
    arguments = [
        c for c in verb.children
        if c.dep_ in ("nsubj", "nsubjpass", "dobj", "dative") and c.i != noun.i
    ]
    for arg in arguments:
        if POSSESSIVE_OF_SUBJECT.get(arg.lower_) == poss.lower_:
            return True
        third_person = arg.lower_ not in POSSESSIVE_OF_SUBJECT  # a noun, *who*, *somebody*
        if arg.dep_ == "nsubj" and third_person and poss.lower_ in ("his", "her", "their"):
            return True
    return False


def ends_noun_phrase(index, noun) -> bool:
    """Nothing of the phrase follows its head noun (no *of*-phrase or relative clause), nor
    a predicate about it (*I need my car washed*), so a possessor can go right after it."""
    if not all(c.dep_ == "punct" for c in noun.rights) or has_conjunct(index, noun.i):
        return False
    if noun.dep_ == "nsubj" and noun.head.tag_ in ("VB", "VBN", "VBG") and not any(
        c.dep_ in ("aux", "auxpass") for c in noun.head.children
    ):
        return False  # *I need my car washed*: the noun is the subject of a small clause
    return noun.dep_ != "dobj" or not any(
        c.dep_ in ("oprd", "ccomp", "xcomp", "acomp") and c.i > noun.i for c in noun.head.children
    )


def benefactive_position(noun) -> bool:
    """The noun is the object of a verb (*trace back the luggage for you*, *moved the desk for
    her*), or of a phrase of a verb that has an object already (*scraped the paint off the
    house for her*, *put the cup on the desk for me*), where a *for*-phrase after it reads as
    the one the act is done for."""
    role = first_conjunct(noun)
    if role.dep_ in ("dobj", "dative"):
        return True
    prep = role.head
    if role.dep_ != "pobj" or prep.dep_ != "prep":
        return False
    while prep.head.dep_ == "prep" and prep.head.i == prep.i - 1:
        prep = prep.head  # *off of*, *out of*: one complex preposition
    if prep.head.pos_ not in ("VERB", "AUX"):
        return False
    return any(c.dep_ == "dobj" and c.i < prep.i for c in prep.head.children)


# Goods made or sent to someone: a *for*-phrase after them names who receives them (*the
# exports for Japan*, *a parcel for you*), not who owns them.
TRANSFERRED_GOODS = frozenset(
    "export import shipment delivery parcel package consignment cargo freight gift present "
    "supply product merchandise donation ration mail order".split())


def postnominal_possession(index, marker: str, any_possession: bool = False) -> Iterator[Site]:
    """*John's house* -> *the house <marker> John*, *my house* -> *the house <marker> me*:
    the possessor moves behind the possessed noun after ``marker``, and *the* takes its
    place as determiner. With ``any_possession`` (a marker that only means possession, as
    *belong*), every possessed noun and possessor qualifies; otherwise (*for*, which may
    also mean purpose or benefit) only concrete things owned by people."""
    for possessor, pos, noun in genitive_possessions(index):
        start = possessor.left_edge.i
        if not ends_noun_phrase(index, noun) or any(t.tag_ == "POS" for t in noun.doc[start:pos.i]):
            continue
        if not plain_noun_phrase(index, pos.i, noun.i) or time_possessor(possessor):
            continue
        if not any_possession and not (ownable(noun) and personal_possessor(possessor)
                                       and not benefactive_position(noun)):
            continue
        yield site(
            Replace(pos.i, "the"),
            Insert(noun.i, marker, after=True),
            Move(start, pos.i, noun.i, after=True),
        )
    for poss, noun in possessive_determiners(index):
        if noun.lemma_.lower() in INALIENABLE_NOUNS or not plain_noun_phrase(index, poss.i, noun.i):
            continue  # *lose the way belong him*; *their own mess*
        if not any_possession and (not ownable(noun) or same_person_as_subject(index, poss, noun)
                                   or in_command(index, noun) or benefactive_position(noun)
                                   or generic_our(index, poss)):
            continue  # *don't touch the phone for me* reads "on my behalf"
        if ends_noun_phrase(index, noun):
            yield site(Replace(poss.i, "the"), Insert(noun.i, f"{marker} {POSSESSOR_OBJECT[poss.lower_]}", after=True))


FIRST_PERSON = frozenset("i me my mine we us ours ourselves myself".split())


def generic_our(index, poss) -> bool:
    """*our solar system*, *our shores*: *our* in a text where no speaker says *I* or *we*,
    which means everyone's (a designation), not a possession *the solar system for us*
    could express."""
    return poss.lower_ == "our" and not any(
        lower(index, j) in FIRST_PERSON and index.tag_of[j] in ("PRP", "PRP$") for j in range(len(index.words)))


def ownable(noun) -> bool:
    """A concrete thing or animal, not a person (*the brother for me* reads as "a brother
    meant for me"), an abstraction (*the help for you*, *the decision for the court*) or
    goods that are sent (*the exports for the Normans* read as sent to them)."""
    lemma = noun.lemma_.lower()
    return lemma in CONCRETE_NOUNS and lemma not in TRANSFERRED_GOODS and not is_human_noun(lemma)


def personal_possessor(possessor) -> bool:
    """A possessor that is a person: a name or a noun for people (*John's*, *my brother's*)."""
    lemma = possessor.lemma_.lower()
    if lemma in UNIQUE_REFERENTS:
        return False  # *Earth's surface*, *the sun's rays*: a name of the one world or body
    return possessor.pos_ == "PROPN" or lemma in PERSON_NOUNS or is_human_noun(lemma)


def in_command(index, noun) -> bool:
    """The noun's clause is a command (*take your umbrella*) or a request with *can I*
    (*can I borrow your pen*), where *for you* would read as "on your behalf"."""
    verb = clause_verb(index, noun.i)
    if verb is None:
        return False
    verb = index.tokens[verb]
    if verb.tag_ != "VB":
        return False
    if not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children):
        return True
    return in_question(noun) and any(
        c.dep_ == "aux" and c.lower_ in ("can", "could", "may") for c in verb.children
    )


@rule(
    "possessives_for_post",
    tags={"POS", "PRP$"},
    examples=[
        ("Chinyere's knife is sharp.", "The knife for Chinyere is sharp."),
        ("My brother's cow is in the field.", "The cow for my brother is in the field."),
        ("Where is my house?", "Where is the house for me?"),
        ("They said their car wasn't ready.", "They said the car for them wasn't ready."),
        ("Is this John's old car?", "Is this the old car for John?"),
        ("I think our house is too small.", "I think the house for us is too small."),
    ],
    negatives=[
        "The book is John's.",
        "He raised his hand.",
        "John's friend from school came.",
        "It's a long way.",
        "I lost my wallet.",
        "Where does your brother live?",
        "Don't touch my phone!",
        "Can I borrow your pen?",
        "Thank you for your help.",
        "They cleaned up their own mess.",
        # the object of a verb: the for-phrase names who the act is for
        "Did they find your suitcase?",
        "The porter carried the guest's bags.",
        # *our* of no speaker: everyone's
        "How many moons does our solar system have?",
        "Which stars in our galaxy are the brightest?",
        "Rain falls on Earth's surface.",
        # goods that are sent; the phrase of a verb that has an object
        "Japan's main exports are cars and chips.",
        "She hung the coat on her sister's door.",
    ],
)
def possessives_for_post(doc, index) -> Iterator[Site]:
    """Possession by a *for*-phrase after the possessed noun: *nayf for Chinyere*
    'Chinyere's knife', *the house for me* 'my house'. For genitives (*'s*) of nouns and for
    possessive determiners (as object pronoun: *me, him, them*), when the possessed noun ends
    its phrase (so *for John* can follow it), names a concrete thing or animal and the
    possessor is a person, as in the attested examples. Not for people or abstractions (*the
    brother for me*, *the help for you* read as "meant for"), where the possessor is the
    subject (*I lost the wallet for me*), in commands and requests (*take the umbrella for
    you* reads "on your behalf"), for body parts and idioms (*raise his hand*), descriptive
    genitives (*a children's wing*) or *its*."""
    yield from by_position(postnominal_possession(index, "for"))


@rule(
    "possessives_for_pre",
    tags={"POS"},
    examples=[
        ("He was my sister's husband.", "He was for my sister husband."),
        ("Is that the teacher's car?", "Is that for the teacher car?"),
        ("It was my uncle's idea.",
         'It was for my uncle idea.'),
        ("Those are the farmer's cows.",
         'Those are for the farmer cows.'),
        ("Please hand me the captain's map.",
         'Please hand me for the captain map.'),
    ],
    negatives=[
        "She needed her neighbour's advice.",
        "We really admired the coach's patience.",
        "They rejected the club's offer last week.",
        "the red team's defenders",
        "How long ago was Maria's house built?",
        "Who was Tom's sister's teacher?",
        "The book is John's.",
        "He raised his hand.",
        "It's late.",
        "John's dog barked.",
        "The hospital opened a new children's wing.",
        "I read last year's report.",
        "We met at John's house.",
        "She bought today's paper.",
    ],
)
def possessives_for_pre(doc, index) -> Iterator[Site]:
    """Possession by a *for*-phrase before the possessed noun, without *'s*: *he was for my
    sister husband* 'my sister's husband'. For genitives of nouns only (the attested form);
    possessive pronouns stay. Only where the *for*-phrase cannot attach to anything but the
    noun (:func:`for_phrase_cannot_attach_to_verb`): the predicate of *be*, as attested, and
    an object after an indirect object. Not right after a lexical verb (*needed for the clerk
    help* reads "needed for the clerk"), in subjects or fragments, where a *for*-phrase at
    the start reads as "as for" (*for the old man dog barked*), after a preposition (*at for
    the doctor office*), for stacked genitives (*Tom's sister's teacher*) or genitives of
    time (*last year's results* names no possessor)."""
    for possessor, pos, noun in genitive_possessions(index):
        if not for_phrase_cannot_attach_to_verb(first_conjunct(noun)) or time_possessor(possessor):
            continue
        start = possessor.left_edge.i
        if any(t.tag_ == "POS" for t in doc[start:pos.i]):
            continue  # *Steve's son's wife*: *for* would take only the outer possessor
        yield site(Insert(start, "for"), Delete(pos.i))


def for_phrase_cannot_attach_to_verb(noun) -> bool:
    """Where a *for*-phrase before the noun can only be read as its possessor: the noun is
    the predicate of *be* (*he was for my sister husband*, the attested position), or an
    object after an indirect object (*give me for Brazil population*). Right after a
    lexical verb *for* is taken as the verb's own preposition (*needed for the clerk help*,
    *love for the team spirit* read as "needed for", "love for"), and at the start of a
    clause or fragment as "as for"."""
    head = noun.head
    if noun.dep_ == "attr":
        if any(c.dep_ == "acl" and c.i == noun.i + 1 and c.tag_ in ("VBN", "VBG") for c in noun.children):
            return False  # *was Raymond's son born*: the participle of a passive or progressive
            # taken for a modifier, so the noun is the subject, not the predicate
        return head.lemma_ == "be" and head.i < noun.i
    if noun.dep_ == "dobj":
        return any(c.dep_ == "dative" and head.i < c.i < noun.i for c in head.children)
    return False


def time_possessor(possessor) -> bool:
    """*last year's results*, *today's paper*: a genitive of time, no possessor."""
    return possessor.lemma_.lower() in TIME_NOUNS or possessor.lemma_.lower() in TIME_POSSESSORS


@rule(
    "possessives_belong",
    tags={"POS", "PRP$"},
    examples=[
        ("The man's dog barked.", "The dog belong the man barked."),
        ("Did you feed my dog?", "Did you feed the dog belong me?"),
        ("Where is Mary's bag?", "Where is the bag belong Mary?"),
        ("We liked John's idea.",
         'We liked the idea belong John.'),
        ("I met the teacher's wife.",
         'I met the wife belong the teacher.'),
        ('I lost my wallet.',
         'I lost the wallet belong me.'),
    ],
    negatives=[
        "The book is Mary's.",
        "She shook her head.",
        "My brother's friend from school came.",
        "I read last year's report.",
        'She lost her way.',
    ],
)
def possessives_belong(doc, index) -> Iterator[Site]:
    """Possession by a postnominal *belong*-phrase (Tok Pisin and Bislama *bilong*, *blong*):
    *dog blong man* 'the man's dog', rendered *the dog belong the man*. Every genitive (*X's
    Y*) and possessive determiner whose possessed noun ends its phrase, whatever is
    possessed (*the idea belong John*, *the wife belong him*): *belong* means nothing but
    possession, unlike the *for* of 74. Not genitives of time (*last year's*), idioms with a
    possessive (*lose her way*) or *its*."""
    yield from by_position(postnominal_possession(index, "belong", any_possession=True))


@rule(
    "null_genitive",
    tags={"POS"},
    examples=[
        ("My daddy's brother came.", "My daddy brother came."),
        ("Where is John's house?", "Where is John house?"),
        ("We didn't see the students' rooms.", "We didn't see the students rooms."),
    ],
    negatives=[
        "The book is John's.",
        "It's my book.",
        "He's taller.",
        "Which ships sank in the 'Brig' class battles?",
    ],
)
def null_genitive(doc, index) -> Iterator[Site]:
    """Genitive *'s* omitted; possession by juxtaposition: *my daddy brother*. Only where the
    possessed noun follows (*the book is John's* keeps its *'s*, which stands for the noun)."""
    for possessor, pos, noun in genitive_possessions(index):
        yield site(Delete(pos.i))
