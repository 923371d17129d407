"""Pronoun rules that depend on what a pronoun refers to (eWAVE 1-4, 10, 41-43, 45-47).

Reference comes from :mod:`multivalue_cli.engine.antecedents`: a rule that needs an antecedent fires
only when the finder names one, and a rule about dummy *it* only when the finder recognises
the construction, so unclear cases are left as they were.
"""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.antecedents import (
    FEMALE, MALE, PLUR, SING, antecedent, candidates, context_window, is_animate,
    is_concrete_thing, is_it, lemma, noun_number, person_in_context,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.it_classifier import (
    DUMMY, EXTRAPOSITION, UNRESOLVED, WEATHER_TIME, classify_it, is_dummy_it,
    referential_antecedent,
)
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS as SUBJECT_DEPS
from multivalue_cli.engine.syntax import children
from multivalue_cli.engine.wordlists import wordlist

OBJECT_DEPS = frozenset({"dobj", "dative", "pobj"})
# Full forms of the clitics that a dropped subject pronoun leaves behind.
CLITIC_FULL = {"'s": "is", "’s": "is", "'re": "are", "’re": "are", "'ve": "have", "’ve": "have",
               "'ll": "will", "’ll": "will", "'m": "am", "’m": "am"}
BE_FORMS = frozenset({"is", "was", "'s", "’s"})


# --------------------------------------------------------------------------- shared helpers


def _next(index: DocIndex, tok: Token) -> Token | None:
    tokens = index.tokens
    return tokens[tok.i + 1] if tok.i + 1 < len(tokens) else None


def _previous(index: DocIndex, tok: Token) -> Token | None:
    return index.tokens[tok.i - 1] if tok.i > 0 else None


def _sentence_start(index: DocIndex, tok: Token) -> int:
    return index.sentence_of[tok.i]


def _is_question(index: DocIndex, tok: Token) -> bool:
    """The sentence of ``tok`` is a question (ends in ?) or its clause is inverted."""
    if index.in_question(tok.i):
        return True
    head = tok.head
    return any(c.dep_ in ("aux", "auxpass") and c.i < tok.i for c in index.children(head.i)) or (
        head.i < tok.i and lemma(head) == "be" and tok.dep_ in SUBJECT_DEPS)


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


def _antecedent_of(tok: Token) -> Token | None:
    """The antecedent of a third-person pronoun; for *it*, only when the shared classifier
    reads it as referential (not a dummy, an idiom or an event)."""
    return referential_antecedent(tok) if is_it(tok) else antecedent(tok)


def _referential_it(index: DocIndex) -> list[tuple[Token, Token]]:
    """``(it/its, antecedent)`` for every non-dummy *it*/*its* with a clear antecedent."""
    cache = index.doc.user_data  # three rules ask: worked out once per document
    found = cache.get(_REFERENTIAL_IT_KEY)
    if found is None:
        found = cache[_REFERENTIAL_IT_KEY] = [(tok.i, ante.i)
                                               for tok, ante in _find_referential_it(index)]
    tokens = index.tokens
    return [(tokens[i], tokens[ante]) for i, ante in found]


# Per document, as token indexes (so the doc stays serialisable).
_REFERENTIAL_IT_KEY = "multivalue.pronoun_reference.referential_it"


def _find_referential_it(index: DocIndex) -> Iterator[tuple[Token, Token]]:
    for tok in index.lemma("it", "its"):
        if tok.lower_ not in ("it", "its") or tok.tag_ not in ("PRP", "PRP$"):
            continue
        if tok.lower_ == "it" and _in_tag_question(index, tok):
            continue
        ante = _antecedent_of(tok)
        if ante is not None:
            yield tok, ante


def _gendered_form(tok: Token, subject: str, obj: str, poss: str) -> str | None:
    if tok.lower_ == "its":
        return poss
    if tok.dep_ in SUBJECT_DEPS:
        return subject
    if tok.dep_ in OBJECT_DEPS:
        return obj
    return None


def _gendered_for_things(index: DocIndex, gender: str, subject: str, obj: str, poss: str
                         ) -> Iterator[Site]:
    for tok, ante in _referential_it(index):
        if not _counted_thing(ante) or person_in_context(tok, gender):
            continue
        form = _gendered_form(tok, subject, obj, poss)
        if form:
            yield site(Replace(tok.i, form))


# --------------------------------------------------------------------------- 1, 2


@rule(
    1, "she_inanimate_objects", "Pronouns",
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
    ],
)
def she_inanimate_objects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*She*/*her* for an inanimate thing: *the car ... she needs a new engine*. Only for an
    *it*/*its* whose antecedent is clearly a singular concrete thing (a counted artifact,
    object or plant, per WordNet); dummy *it*, abstract, animal and unclear antecedents are
    left alone."""
    yield from _gendered_for_things(index, FEMALE, "she", "her", "her")


@rule(
    2, "he_inanimate_objects", "Pronouns",
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
    ],
)
def he_inanimate_objects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*He*/*him* for an inanimate thing: *I bet you can't climb him* (a tree). Same
    conditions as she_inanimate_objects: a referential *it*/*its* whose clear antecedent is a
    singular concrete thing."""
    yield from _gendered_for_things(index, MALE, "he", "him", "his")


# --------------------------------------------------------------------------- 3


@rule(
    3, "referential_thing", "Pronouns",
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
    for tok, ante in _referential_it(index):
        if tok.lower_ == "it" and tok.dep_ in (SUBJECT_DEPS | OBJECT_DEPS) and _counted_thing(ante) \
                and ante.lemma_.lower() not in PLACE_NOUNS:
            yield site(Replace(tok.i, "the thing"))


# Places, which are no *thing* one handles (*cleaned the room ... the thing is ready*).
PLACE_NOUNS = wordlist("destination_nouns") | frozenset(
    "room apartment flat building home house office kitchen area place yard".split())


# --------------------------------------------------------------------------- 4


@rule(
    4, "pleonastic_that", "Pronouns",
    lemmas={"it"},
    examples=[
        ("It's raining.", ["That's raining.", "Thass raining."]),
        ("Is it still snowing outside?", "Is that still snowing outside?"),
        ("We should go, because it's five o'clock already and it was nice to meet you.",
         ["We should go, because that's five o'clock already and that was nice to meet you.",
          "We should go, because thass five o'clock already and that was nice to meet you."]),
        ("It doesn't take long to get there.", "That doesn't take long to get there."),
        ('When it snows, the roads close.',
         'When that snows, the roads close.'),
        ('It was her birthday yesterday.',
         'That was her birthday yesterday.'),
        ("It's up to you.",
         ["That's up to you.", 'Thass up to you.']),
    ],
    negatives=[
        "The car broke down and it needs a new engine.",
        "I like it here.",
        "It is easy to use.",
        "It is important that we leave early.",
        "It was John who broke the window, wasn't it?",
        'It turns out the car was stolen.',
        'Take the umbrella in case it rains.',
        'She said it was late.',
        'The bus came, but it was late.',
        'I dropped the vase and it broke.',
    ],
)
def pleonastic_that(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*That* (East Anglian *thass* for *that's*) for dummy *it*: *thass rainen* 'it's
    raining'. Only a subject *it* the finder recognises as dummy: weather, time and distance,
    extraposition and raising without a *that*/wh- clause (*that's nice to meet you*, *that
    looks like rain*). Clefts, *that is important that ...* (two *that*s that read as a
    demonstrative) and tag questions keep *it*."""
    for tok in index.by_lemma.get("it", ()):
        reading = classify_it(tok)
        if reading is None or reading.kind not in THAT_READINGS or _in_tag_question(index, tok):
            continue
        if tok.dep_ not in SUBJECT_DEPS:
            continue
        if reading.kind != WEATHER_TIME and _clause_with_complementizer(index, tok):
            continue
        if _that_would_be_complementizer(index, tok) or _clause_after(tok):
            continue
        nxt = _next(index, tok)
        if nxt is not None and nxt.lower_ in ("'s", "’s"):
            yield site(Replace(tok.i, "that"),
                       alternatives=((Replace(tok.i, "thass"), Delete(nxt.i)),))
        else:
            yield site(Replace(tok.i, "that"))


# Dummies that *that* replaces: weather and time, extraposition and raising (clefts keep *it*).
THAT_READINGS = frozenset({WEATHER_TIME, EXTRAPOSITION, DUMMY})


# Words after which *that* opens a clause: *so that*, *now that*, *in case that*.
COMPLEMENTIZER_HOSTS = frozenset({"so", "now", "case", "except", "given", "provided"})


def _that_would_be_complementizer(index: DocIndex, tok: Token) -> bool:
    """*she said it was late* -> *she said that was late*, *the day it rained* -> *the day
    that rained*: after a verb, adjective or noun (or *so*, *in case*), *that* reads as a
    complementizer or relative, and the clause loses its subject."""
    prev = _previous(index, tok)
    if prev is None or tok.head.i in (prev.i, prev.head.i):
        return False  # *is it still snowing?*: the verb before is the pronoun's own
    return prev.pos_ in ("VERB", "AUX", "ADJ", "NOUN", "PROPN") or prev.lower_ in COMPLEMENTIZER_HOSTS


def _clause_after(tok: Token) -> bool:
    """*it turns out the car was stolen*: a bare clause after a raising verb would read as
    the complement of a demonstrative *that*."""
    head = tok.head
    return any(c.dep_ == "ccomp" and c.i > head.i for c in children(head))


def _clause_with_complementizer(index: DocIndex, tok: Token) -> bool:
    """A *that*/*whether*/wh- clause later in the sentence: *that is important that ...*
    would read as a demonstrative with a stray clause."""
    later = (index.tokens[i] for i in range(tok.i + 1, index.sentence_end(tok.i)))
    return any((t.dep_ == "mark" and t.lower_ in ("that", "whether", "if"))
               or t.tag_ in ("WDT", "WP", "WRB") for t in later)


def _in_tag_question(index: DocIndex, tok: Token) -> bool:
    """*..., wasn't it?*: the pronoun right after an auxiliary at the end of a sentence."""
    prev = _previous(index, tok)
    nxt = _next(index, tok)
    return (prev is not None and prev.i > _sentence_start(index, tok) and nxt is not None
            and nxt.is_punct and (prev.lower_ in ("n't", "n’t") or prev.pos_ == "AUX"))


# --------------------------------------------------------------------------- 10

SWAP_GENDER = {
    "he": "she", "him": "her", "himself": "herself",
    "she": "he", "hers": "his", "herself": "himself",
}


@rule(
    10, "no_gender_distinction", "Pronouns",
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
    ],
    negatives=[
        "John met Mary and he smiled.",
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
    for tok in index.lemma("he", "she", "his", "her", "hers", "himself", "herself"):
        form = _other_gender(tok)
        if form is None:
            continue
        other = FEMALE if tok.lower_ in ("he", "him", "his", "himself") else MALE
        if person_in_context(tok, other, exclude=antecedent(tok)):
            continue  # "my father ... my mother ... she" would point at the mother
        yield site(Replace(tok.i, form))


def _other_gender(tok: Token) -> str | None:
    low = tok.lower_
    if tok.tag_ not in ("PRP", "PRP$"):
        return None
    if low == "her":
        return "his" if tok.tag_ == "PRP$" or tok.dep_ == "poss" else "him"
    if low == "his":
        return "her" if tok.dep_ == "poss" else "hers"
    return SWAP_GENDER.get(low)


# --------------------------------------------------------------------------- 41


@rule(
    41, "anaphoric_it", "Pronouns",
    lemmas={"they", "them", "their"},
    examples=[
        ("Those books are very informative. They can be bought at Dillon's.",
         "Those books are very informative. It can be bought at Dillon's."),
        ("I bought new shoes, but they don't fit.", "I bought new shoes, but it doesn't fit."),
        ("The biscuits were fresh. They're delicious, and I ate them all.",
         "The biscuits were fresh. It's delicious, and I ate it all."),
        ("The new chairs arrived today. Are they comfortable?",
         "The new chairs arrived today. Is it comfortable?"),
        ('The apples were ripe, so we picked them.',
         'The apples were ripe, so we picked it.'),
        ('I ordered new curtains, and they arrived today.',
         'I ordered new curtains, and it arrived today.'),
        ('The tomatoes are cheap. Their skins are thin.',
         'The tomatoes are cheap. Its skins are thin.'),
    ],
    negatives=[
        "My parents called and they said hello.",
        "The books and the pens are here. They were cheap.",
        "They say it will rain.",
        'My friend has good relationships with their partner.',
        'The doctor lost the files, and they were upset.',
        'The students left their bags here.',
    ],
)
def anaphoric_it(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Singular *it* for plural *they* in anaphoric use: *Those books are very informative.
    It can be obtained at ...*. Only *they*/*them*/*their* with a clear plural antecedent that
    is a common noun for things (people and unclear antecedents keep *they*), and only when no
    singular noun nearby could be read as the new *it*; a subject's finite verb agrees
    (*they don't fit* -> *it doesn't fit*)."""
    for tok in index.lemma("they", "them", "their"):
        if tok.tag_ not in ("PRP", "PRP$"):
            continue
        ante = antecedent(tok)
        if ante is None or ante.pos_ != "NOUN" or noun_number(ante) != PLUR or is_animate(ante) is not False:
            continue
        if any(c.dep_ == "conj" for c in children(ante)):
            continue  # "the books and the pens": several things, not one plural noun
        if _singular_they(tok):
            continue  # "my friend has good relationships with their partner"
        singular = "its" if tok.lower_ == "their" else "it"
        if any(c.head.i != ante.i for c in candidates(tok, as_form=singular)):
            continue  # "the keys were on the table ... find it" would mean the table
        if tok.lower_ == "their":
            yield site(Replace(tok.i, "its"))
        elif tok.lower_ == "them":
            yield site(Replace(tok.i, "it"))
        elif tok.dep_ in SUBJECT_DEPS:
            agreement = _singular_agreement(tok)
            if agreement is not None:
                yield site(Replace(tok.i, "it"), *agreement)


def _singular_they(tok: Token) -> bool:
    """A *they* that may stand for one person: a person noun or name nearby that *he* or
    *she* could refer to, or a possessed noun that only people have (*their partner*)."""
    if candidates(tok, as_form="he") or candidates(tok, as_form="she"):
        return True
    return tok.lower_ == "their" and is_animate(tok.head) is True


def _singular_agreement(subject: Token) -> tuple[Replace, ...] | None:
    """Edits that make the finite verbs of ``subject`` (and verbs coordinated with its verb
    that have no subject of their own) third person singular; None if a verb cannot agree."""
    head = subject.head
    verbs = [head] + [c for c in children(head)
                      if c.dep_ == "conj" and c.pos_ in ("VERB", "AUX")
                      and not any(g.dep_ in SUBJECT_DEPS for g in children(c))]
    edits: list[Replace] = []
    for verb in verbs:
        finite = _finite_of(verb)
        if finite is None:
            return None
        form = _third_singular(finite)
        if form is None:
            return None
        if form != finite.lower_:
            edits.append(Replace(finite.i, form))
    return tuple(edits)


def _finite_of(verb: Token) -> Token | None:
    """The finite word of the clause of ``verb``: its first auxiliary, or itself."""
    auxes = sorted((c for c in children(verb) if c.dep_ in ("aux", "auxpass")), key=lambda t: t.i)
    finite = auxes[0] if auxes else verb
    return finite if finite.tag_ in ("VBP", "VBD", "MD", "VBZ") else None


def _third_singular(finite: Token) -> str | None:
    low = finite.lower_
    if finite.tag_ in ("MD", "VBZ"):
        return low
    if finite.tag_ == "VBD":
        return "was" if low == "were" else low
    if low in ("'re", "'ve"):
        return "'s"
    if low in ("’re", "’ve"):
        return "’s"
    if lemma(finite) == "be":
        return "is"
    return inflect_verb(lemma(finite), "VBZ")


# --------------------------------------------------------------------------- 42

# Words that, right after a verb whose object was dropped, read as its object or particle.
OBJECT_LOOKALIKES = frozenset(
    "all both each much more less little enough on off in out up down over under away back by "
    "around through behind along about".split())
# Verbs whose object *it* is mostly idiomatic (*do it*, *make it*, *get it*, *take it easy*).
IDIOMATIC_IT_VERBS = frozenset({"do", "make", "get", "take", "have", "mean", "let", "say"})


@rule(
    42, "object_pronoun_drop", "Pronouns",
    lemmas={"it", "they"},
    examples=[
        ("I bought a new phone last week, and I really like it.",
         "I bought a new phone last week, and I really like."),
        ("We got tickets for the show. Did you sell them already?",
         "We got tickets for the show. Did you sell already?"),
        ("The soup was cold, so I heated it twice.", "The soup was cold, so I heated twice."),
        # a verbless main clause: the walk up to the antecedent's clause stops at its root
        ("Great food at the hotel, and we loved it.", "Great food at the hotel, and we loved."),
        ('The vacuum cleaner is broken; I will repair it tomorrow.',
         'The vacuum cleaner is broken; I will repair tomorrow.'),
        ('I baked a cake, and my brother ate it.',
         'I baked a cake, and my brother ate.'),
        ('John took the book because he wanted to read it.',
         'John took the book because he wanted to read.'),
    ],
    negatives=[
        "I like it when you sing.",
        "She made it clear that she was angry.",
        "The shop sells phones and fixes them.",
        "Pick the box up and put it down over there.",
        "These glasses scratch easily, so I don't wear them much.",
        "I can't make it tonight.",
        'My aunt had to calm down my cousin to keep them from breaking the table.',
        'The gym was full, but you were overdoing it.',
        'He lied about the money, and I knew it.',
        'I bought a lamp for the channels that use it.',
    ],
)
def object_pronoun_drop(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object pronoun drop: *I like Ø* 'I like it', *No, sold Ø already*. A direct object
    *it*/*them* is dropped only when its antecedent is clear and stands in an earlier clause
    or sentence; phrasal verbs (*put it down*), objects followed by a complement (*made it
    clear*) and idiomatic light verbs (*make it*, *do it*) keep the pronoun."""
    for tok in index.lemma("it", "they"):
        if tok.lower_ not in ("it", "them") or tok.dep_ != "dobj" or tok.tag_ != "PRP":
            continue
        nxt = _next(index, tok)
        if index.children(tok.i) or (nxt is not None and (
                nxt.lower_.endswith(("self", "selves")) or nxt.lower_ in OBJECT_LOOKALIKES)):
            continue  # "inspected it herself", "wear them much", "hide it under": the word
            # left behind would read as the object or a particle
        verb = tok.head
        if lemma(verb) in IDIOMATIC_IT_VERBS or _has_complement_after(verb, tok):
            continue
        if verb.dep_ == "relcl":
            continue  # "channels that use it" -> "channels that use": the relative would
            # be read as the object
        ante = _antecedent_of(tok)
        if ante is None or not _earlier_clause(index, ante, verb):
            continue
        yield site(Delete(tok.i))


def _has_complement_after(verb: Token, obj: Token) -> bool:
    """A particle, second object or predicate after the object (*put it down*, *call it a
    day*, *like it when*), which would be stranded without the pronoun."""
    return any(c.i > obj.i and (c.dep_ in ("prt", "dobj", "dative", "oprd", "acomp", "ccomp", "xcomp",
                                             "advcl", "attr") or _prepositional_complement(c))
               for c in children(verb))


def _prepositional_complement(prep: Token) -> bool:
    """*keep them from breaking*, *turn it into a shed*: a preposition that completes the
    verb with its object (without the object, *keep from breaking* means the subject)."""
    return prep.dep_ == "prep" and (prep.lower_ in ("from", "into", "onto") or any(
        c.dep_ == "pcomp" for c in children(prep)))


def _clause_of(tok: Token) -> Token:
    """The verb heading the clause that ``tok`` belongs to."""
    node = tok
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head
    return node


def _earlier_clause(index: DocIndex, ante: Token, verb: Token) -> bool:
    return ante.i < verb.i and (_sentence_start(index, ante) != _sentence_start(index, verb)
                                or _clause_of(ante).i != verb.i)


# --------------------------------------------------------------------------- 43

CLAUSE_OPENERS = frozenset({";", ",", ":", "and", "but", "so", "then", "—", "-"})


@rule(
    43, "null_referential_pronouns", "Pronouns",
    lemmas={"he", "she", "it", "they"},
    examples=[
        ("The car broke down; it needs a new engine.", "The car broke down; needs a new engine."),
        ("Those books are very informative. They can be bought at Dillon's.",
         "Those books are very informative. Can be bought at Dillon's."),
        ("My uncle lives in Pune, and he's a doctor.", "My uncle lives in Pune, and is a doctor."),
        ("Your teacher phoned me this morning. She was really helpful.",
         "Your teacher phoned me this morning. Was really helpful."),
        ('The old bike is in the garage and it needs new tyres.',
         'The old bike is in the garage and needs new tyres.'),
        ('My neighbour bought a van. He drives it every day.',
         'My neighbour bought a van. Drives it every day.'),
        ('The meeting was long, but it ended well.',
         'The meeting was long, but ended well.'),
    ],
    negatives=[
        "It is raining.",
        "The car is old. Does it still run?",
        "John met Mary, and she smiled.",
        "He said that they were late.",
        "The shoes were cheap. They last long.",
        "I called my aunt, but she didn't answer.",
        'The party started late. It happened twice.',
        'The plumber came, and it was over.',
    ],
)
def null_referential_pronouns(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Referential subject pronoun drop: *Ø sold already*. A subject *he*/*she*/*it*/*they*
    at the start of a main clause is dropped when its antecedent is clear (so it is not a
    first mention). Not in questions, not before a bare present verb (*they last* would read
    as an imperative), and a clitic verb left behind is spelled out (*it's* -> *is*)."""
    for tok in index.lemma("he", "she", "it", "they"):
        if tok.dep_ not in SUBJECT_DEPS or tok.tag_ != "PRP" or _is_question(index, tok):
            continue
        if not _main_clause_start(index, tok) or not _finite_not_bare(tok):
            continue
        ante = _antecedent_of(tok)
        if ante is None or not _continues_topic(tok, ante) or _rival_referent(tok, ante):
            continue
        nxt = _next(index, tok)
        if nxt is not None and nxt.lower_ in ("'d", "’d"):
            continue
        if nxt is not None and nxt.lower_ in CLITIC_FULL:
            full = "has" if lemma(nxt) == "have" and nxt.lower_ in ("'s", "’s") else CLITIC_FULL[nxt.lower_]
            yield site(Delete(tok.i), Replace(nxt.i, full))
        else:
            yield site(Delete(tok.i))


def _continues_topic(pron: Token, ante: Token) -> bool:
    """The antecedent is the subject of the last clause before the pronoun (*the car broke
    down; Ø needs ...*), directly or through an earlier pronoun. A dropped subject is read as
    continuing the last subject, so an object antecedent (*I called her, but Ø didn't
    answer*) or another subject in between (*my father ... my mother liked it, so Ø was
    happy*) would change the meaning."""
    subjects = [t for t, _ in context_window(pron)
                if t.dep_ in ("nsubj", "nsubjpass", "expl", "csubj")]
    if not subjects:
        return False
    last = max(subjects, key=lambda t: t.i)
    if last.dep_ not in SUBJECT_DEPS:
        return False
    return last.i == ante.i or (last.lower_ in ("he", "she", "it", "they") and antecedent(last) == ante)


def _rival_referent(pron: Token, ante: Token) -> bool:
    """Another person the pronoun could stand for (*the carpenter asked the manager for a
    raise and she complied*): the finder's choice may be right, but once the subject is
    gone the reader takes the last subject, so a personal pronoun is dropped only when no
    other person noun or name (outside a place phrase: *lives in Pune*) competes."""
    if is_it(pron):
        return False
    return any(c.head.i != ante.i and (is_animate(c.head) is True or (
        c.head.pos_ == "PROPN" and not _place_phrase(c.head))) for c in candidates(pron))


def _place_phrase(tok: Token) -> bool:
    """The object of a preposition of place or direction (*in Pune*, *to Paris*)."""
    return tok.dep_ == "pobj" and tok.head.lower_ in ("in", "at", "to", "from", "near", "into")


def _main_clause_start(index: DocIndex, tok: Token) -> bool:
    """The pronoun opens a main (or coordinated main) clause."""
    head = tok.head
    while head.dep_ == "conj":
        head = head.head
    if head.dep_ != "ROOT":
        return False
    if tok.i == _sentence_start(index, tok):
        return True
    prev = _previous(index, tok)
    return prev.lower_ in CLAUSE_OPENERS and tok.head.dep_ in ("ROOT", "conj")


def _finite_not_bare(subject: Token) -> bool:
    """The finite verb does not look like an imperative once the subject is gone: not a bare
    present (*they last*) nor a past identical to the base (*he put*)."""
    finite = _finite_of(subject.head)
    if finite is None or finite.pos_ != "VERB":
        return finite is not None
    return finite.tag_ != "VBP" and not (finite.tag_ == "VBD" and finite.lower_ == lemma(finite))


# --------------------------------------------------------------------------- 45

# Adjectives after "make" whose dummy object StE may leave out: "as I made (it) clear".
MAKE_ADJECTIVES = frozenset({"clear", "plain", "known", "explicit", "obvious", "possible", "evident"})


@rule(
    45, "it_dobj", "Pronouns",
    lemmas={"make", "be", "have", "as"},
    examples=[
        ("As I made clear before, we will talk about solutions.",
         "As I made it clear before, we will talk about solutions."),
        ("As is the case elsewhere in Africa, much can still be done.",
         "As it is the case elsewhere in Africa, much can still be done."),
        ("The manager made clear that nobody would be fired.",
         "The manager made it clear that nobody would be fired."),
        ("He works harder than was necessary.", "He works harder than it was necessary."),
        ('As expected, the team lost the game.',
         'As it was expected, the team lost the game.'),
        ('The plan works as planned.',
         'The plan works as it is planned.'),
        ('As mentioned before, we closed early.',
         'As it was mentioned before, we closed early.'),
    ],
    negatives=[
        "She made it clear that she was angry.",
        "Make sure you lock the door.",
        "As you know, the store is closed.",
        "The report made the problem clear.",
        'As I expected, the team lost.',
        'She left as soon as possible.',
        'As it was expected, they won.',
    ],
)
def it_dobj(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Insertion of *it* where StE favours zero: *as I made it clear before*, *as it is the
    case elsewhere*. Three constructions: *make* + a predicate adjective such as *clear* with
    no object, a subjectless *as*/*than* clause whose first word is a finite *be*/*have*, and
    a reduced *as*-clause whose participle gets *it* and the copula of the main clause's
    tense (*as expected* -> *as it was expected*, the zero-subject *as was expected* of StE)."""
    for tok in index.lemma("make"):
        adj = _bare_make_adjective(tok)
        if adj is not None:
            yield site(Insert(adj.i, "it"))
    for tok in index.lemma("be", "have"):
        if _subjectless_comparative(index, tok):
            yield site(Insert(tok.i, "it"))
    for tok in index.by_tag.get("VBN", ()):
        if _reduced_as_clause(index, tok):
            yield site(Insert(tok.i, f"it {_be_in_tense_of(tok.head)}"))


def _reduced_as_clause(index: DocIndex, participle: Token) -> bool:
    """*as expected*, *as planned*, *as mentioned before*: a bare participle right after
    *as*, with no subject or auxiliary (StE may also say *as was expected*)."""
    if participle.dep_ != "advcl" or participle.i == 0:
        return False
    prev = _previous(index, participle)
    if prev.lower_ != "as" or prev.dep_ != "mark" or prev.head.i != participle.i:
        return False
    return not any(c.dep_ in ("nsubj", "nsubjpass", "aux", "auxpass", "dobj")
                   for c in index.children(participle.i))


def _be_in_tense_of(verb: Token) -> str:
    """*was* beside a past main clause, else *is*."""
    finite = _finite_of(verb)
    return "was" if finite is not None and finite.tag_ == "VBD" else "is"


def _bare_make_adjective(make: Token) -> Token | None:
    kids = children(make)
    if any(c.dep_ in ("dobj", "nsubj", "dative") and c.i > make.i for c in kids):
        return None
    for child in kids:
        if child.dep_ in ("acomp", "ccomp", "oprd", "xcomp") and child.pos_ == "ADJ" \
                and child.lower_ in MAKE_ADJECTIVES and child.i == make.i + 1:
            if any(c.dep_ in SUBJECT_DEPS for c in children(child)):
                return None  # "made it clear" parsed as a small clause
            return child
    return None


def _subjectless_comparative(index: DocIndex, verb: Token) -> bool:
    """*as is the case*, *than was necessary*: *as*/*than* right before a finite be/have that
    has no subject before it."""
    if verb.i == 0 or verb.tag_ not in ("VBZ", "VBD"):
        return False
    prev = _previous(index, verb)
    if prev.lower_ not in ("as", "than") or prev.dep_ not in ("mark", "prep", "advmod", "cc"):
        return False
    if lemma(verb) == "have" and verb.dep_ not in ("aux",):
        return False
    head = verb if verb.dep_ not in ("aux", "auxpass") else verb.head
    return not any(c.dep_ in SUBJECT_DEPS | {"expl"} and c.i < verb.i for c in index.children(head.i))


# --------------------------------------------------------------------------- 46, 47


def _it_is(index: DocIndex, tok: Token) -> Token | None:
    """The *is*/*was*/*'s* right after subject *it* in a declarative, unless it means *has*
    (*it's been*)."""
    if not is_it(tok) or tok.dep_ not in SUBJECT_DEPS or _is_question(index, tok) \
            or _in_tag_question(index, tok):
        return None
    if tok.head.dep_ in ("relcl", "acl"):
        return None  # "the year it was released" would lose its relative clause
    be = _next(index, tok)
    if be is None or be.lower_ not in BE_FORMS or lemma(be) != "be":
        return None
    after = _next(index, be)
    while after is not None and after.lower_ in ("n't", "n’t", "not"):
        after = _next(index, after)
    if after is None or after.is_punct or after.lower_ in ("been", "got", "gotten"):
        return None  # "longer than it is." / "it's been": nothing to hold the clause
    return be


def _delete_it(tok: Token, be: Token) -> Site:
    if be.lower_ in ("'s", "’s"):
        return site(Delete(tok.i), Replace(be.i, "is"))
    return site(Delete(tok.i))


@rule(
    46, "it_is_referential", "Pronouns",
    lemmas={"it"},
    examples=[
        ("It is very nice food.", "Is very nice food."),
        ("We moved into the flat in May. It's OK, but it isn't big.",
         ["We moved into the flat in May. Is OK, but it isn't big.",
          "We moved into the flat in May. It's OK, but isn't big.",
          "We moved into the flat in May. Is OK, but isn't big."]),
        ("I tried the new cafe because it was cheap.", "I tried the new cafe because was cheap."),
        ('I bought a new kettle because it was cheap.',
         'I bought a new kettle because was cheap.'),
        ('The old radio still works, and it is very loud.',
         'The old radio still works, and is very loud.'),
        ("We rented a flat near the river. It's small but nice.",
         'We rented a flat near the river. Is small but nice.'),
    ],
    negatives=[
        "It is raining.",
        "Is it a good movie?",
        "It is important to drink water.",
        "It's been a long day.",
        "John put the book on the table. It was heavy.",
        'For the young man, it was the second interview.',
        'The plumber fixed the sink and told her it was over.',
        'The janitor cleaned the room and told him it is ready.',
        'It was her birthday.',
    ],
)
def it_is_referential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Deletion of referential *it* in *it is* constructions: *Is very nice food*, *when I
    move into the flat, is OK*. The *it* must have a clear antecedent, or open a text with a
    nominal predicate (*it is very nice food*: pointing at the thing); dummy and possibly dummy
    *it*, questions and *it's been* are left alone."""
    for tok in index.by_lemma.get("it", ()):
        be = _it_is(index, tok)
        if be is None or _after_nominal(index, tok):
            continue
        reading = classify_it(tok)
        if reading.referential or (reading.kind == UNRESOLVED and _deictic_description(index, tok, be)):
            yield _delete_it(tok, be)


def _after_nominal(index: DocIndex, tok: Token) -> bool:
    """*told him it is ready*: with *it* gone, the noun or pronoun before it would read as
    the subject of *is*."""
    prev = _previous(index, tok)
    return prev is not None and prev.pos_ in ("NOUN", "PROPN", "PRON")


def _deictic_description(index: DocIndex, tok: Token, be: Token) -> bool:
    """*It is very nice food.* at the start of a text: a copula with a described noun."""
    if _sentence_start(index, tok) != 0 or be.dep_ != "ROOT":
        return False
    return any(c.dep_ == "attr" and c.pos_ == "NOUN"
               and any(g.dep_ in ("amod", "det") for g in index.children(c.i))
               for c in index.children(be.i))


@rule(
    47, "it_is_non_referential", "Pronouns",
    lemmas={"it"},
    examples=[
        ("It is not allowed to stop here.", "Is not allowed to stop here."),
        ("I think it's important that you come early.", "I think is important that you come early."),
        ("It is raining, so we stayed home.", "Is raining, so we stayed home."),
        ("It was John who broke the window.", "Was John who broke the window."),
        ('It was her birthday, so we sang.',
         'Was her birthday, so we sang.'),
        ("It's up to you.",
         'Is up to you.'),
        ('It was clear that nobody agreed.',
         'Was clear that nobody agreed.'),
    ],
    negatives=[
        "Is it raining?",
        "The car broke down; it is old.",
        "It's been three years since we met.",
        "It seems that the store is closed.",
        'The bus came, but it was late.',
        'I dropped the vase, and it was broken.',
    ],
)
def it_is_non_referential(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Deletion of dummy *it* in *it is* constructions: *Is not allowed to stop here*. Only a
    subject *it* the finder recognises as dummy (extraposition, weather, cleft, time),
    directly followed by *is*/*was*/*'s*; questions and *it's been* are left alone."""
    for tok in index.by_lemma.get("it", ()):
        be = _it_is(index, tok)
        if be is not None and is_dummy_it(tok):
            yield _delete_it(tok, be)
