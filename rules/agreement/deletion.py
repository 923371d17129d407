"""Auxiliaries and the copula left out (eWAVE 174-179): *be* before a progressive, *gonna*,
a noun phrase, an adjective or a locative, and auxiliary *have*."""
from __future__ import annotations

import re

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.animacy import names_a_place, names_no_place
from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.morphology import dictionary_verb, inflect_verb, lemma_of, verb_lemma
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    children, maybe_ing_adjective, negation_after, nominal_subject,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import CURLY_BE_LEMMAS, clause_subject, is_be_verb, is_relative_pronoun

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


# Present-tense forms of auxiliary "be" that varieties with copula/auxiliary deletion drop.
PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})
FIRST_PERSON_BE = frozenset({"am", "'m", "’m"})


@rule(
    "drop_aux_be_progressive",
    deps={"aux"}, tags={"VBG"},
    examples=[
        ("So you are always thinking about where you go to work.",
         "So you always thinking about where you go to work."),
        ("She's working late because the kids are sleeping.",
         ["She working late because the kids sleeping.",
          "She working late because the kids are sleeping.",
          "She's working late because the kids sleeping."]),
        ("My brother is not coming tonight.", "My brother not coming tonight."),
        ("You're reading a book that is selling well.", "You reading a book that is selling well."),
        ("You’re always thinking about work.", "You always thinking about work."),
        ("My neighbours are painting their house.", "My neighbours painting their house."),
        ("We're worrying about the exam.", "We worrying about the exam."),
        ("The kids are playing outside, and their mother is cooking dinner.",
         ["The kids playing outside, and their mother cooking dinner.",
          "The kids playing outside, and their mother is cooking dinner.",
          "The kids are playing outside, and their mother cooking dinner."]),
    ],
    negatives=[
        "Are you coming tonight?",
        "What is she doing?",
        "He was running when I saw him.",
        "She isn't working today.",
        "I am going to call him.",
        "I'm working late.",
        "It's getting late.",
        "Every plant I bought is still growing.",
        "The movie is boring.",
        "The news is worrying.",
        "His jokes are very annoying.",
        "Which friend is always cheating on their partner?",
        "Which person is wearing a hat?",
        "A couple of my friends, one tall and one short, are attending the party.",
    ],
)
def drop_aux_be_progressive(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before a progressive: *you always thinking*, *she working late*.

    Only present-tense *is/are* (full or contracted; *I'm* keeps its verb in the varieties)
    in declarative order with an overt subject before it (not one with a relative clause,
    which the deletion would run together with the verb) and not *it/that/what* (whose *'s*
    the varieties keep); not after a relative pronoun (*a book that is selling*), not in
    questions (inverted *be*, or a wh-subject: *which person wearing a hat?* reads as a
    fragment), not after a parenthetical closing the subject (*my friends, one tall and one
    short, attending*), not before *n't* (deleting the host would rewrite *isn't* as *not*),
    not past *was/were*, not before an -ing adjective (*the news is worrying* is a copula), and
    not before *going to*/*gonna* (feature 175)."""
    for aux in index.by_dep.get("aux", ()):
        if _deletable_be(aux) and not _is_going_to_future(aux.head):
            yield site(Delete(aux.i))


@rule(
    "drop_aux_be_gonna",
    deps={"aux"}, tags={"VBG"},
    examples=[
        ("We're gonna go to work.", "We gonna go to work."),
        ("We are going to win this game.",
         ["We going to win this game.", "We gonna win this game."]),
        ("He says she's going to win.", ["He says she going to win.", "He says she gonna win."]),
    ],
    negatives=[
        "Are you going to eat that?",
        "I'm going to the store.",
        "She was going to call you.",
        "He isn't going to win.",
        "I'm gonna go to work.",
        "It's going to rain.",
    ],
)
def drop_aux_be_gonna(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Auxiliary *be* deleted before the *gonna*/*going to* future: *I gonna go work*.

    Same conditions as 174 (present *is/are*, declarative, overt non-relative subject, no *n't*).
    *going to* may also be realised as *gonna*, the form the feature is named after; motion
    *going to the store* is a progressive, not this future. Needs a *be going to* or *be
    gonna* future; the benchmark texts have none (their futures are *will*, whose *gon*
    without *be* is the go-future rule's, 114)."""
    for aux in index.by_dep.get("aux", ()):
        if not (_deletable_be(aux) and _is_going_to_future(aux.head)):
            continue
        going = aux.head
        to = going.nbor(1) if going.i + 1 < len(doc) else None
        if going.lower_ == "going" and to is not None and to.lower_ == "to":
            yield site(Delete(aux.i), alternatives=((Delete(aux.i), Replace(going.i, "gonna"),
                                                     Delete(to.i)),))
        else:
            yield site(Delete(aux.i))


def _deletable_be(aux: Token) -> bool:
    """Finite present auxiliary *be* of a progressive, after an overt declarative subject."""
    if not _is_be(aux) or aux.dep_ != "aux" or aux.lower_ not in PRESENT_BE:
        return False
    if aux.lower_ in FIRST_PERSON_BE:
        return False  # *I'm* keeps its verb in the varieties that drop *is/are*
    verb = aux.head
    if verb.tag_ != "VBG" or verb.i < aux.i:
        return False
    subject = clause_subject(aux)
    if subject is None or subject.i > aux.i or is_relative_pronoun(subject):
        return False
    if any(c.dep_ in ("relcl", "acl") for c in children(subject)):
        return False  # *every plant I bought still growing* reads as one clause
    if subject.lower_ in KEEPS_COPULA:
        return False  # *it's*, *that's*, *what's* keep their verb (see 176-178)
    if any(t.tag_ in WH_TAGS for t in subject.subtree) or maybe_ing_adjective(verb):
        return False  # *which person wearing a hat?*; *the news is worrying* (a copula)
    if aux.i > 0 and aux.doc[aux.i - 1].is_punct:
        return False  # *my friends, one tall and one short, attending* reads as a fragment
    nxt = aux.nbor(1) if aux.i + 1 < len(aux.doc) else None
    return not (nxt is not None and nxt.lower_ in ("n't", "n’t"))


def _is_be(tok: Token) -> bool:
    """*be* by lemma, or a curly-apostrophe clitic (*’re*, *’m*) the lemmatiser leaves as is."""
    return tok.lemma_ == "be" or (tok.lower_ in ("’re", "’m") and tok.tag_ == "VBP")


def _is_going_to_future(verb: Token) -> bool:
    """*going to* + bare verb, or *gon na* + verb: the future, not motion."""
    if verb.lemma_ != "go" or verb.tag_ != "VBG":
        return False
    if verb.lower_ == "gon":
        return True
    for child in children(verb):
        if child.dep_ == "xcomp" and child.tag_ == "VB":
            return any(c.dep_ == "aux" and c.lower_ in ("to", "na") for c in children(child))
    return False


COPULA_FORMS = frozenset({"is", "are", "'s", "'re", "’s", "’re"})
KEEPS_COPULA = frozenset({"it", "that", "what"})
LOCATIVE_PREPS = frozenset({
    "at", "in", "on", "inside", "outside", "under", "underneath", "below", "beneath", "above",
    "over", "behind", "beside", "near", "between", "among", "around", "across", "within",
    "upstairs", "downstairs", "next",
})
LOCATIVE_ADVERBS = frozenset({
    "here", "there", "home", "outside", "inside", "upstairs", "downstairs", "away", "back",
    "abroad", "nearby", "downtown", "overseas",
})


def copula_predicate(be: Token) -> tuple[str, Token] | None:
    """('NP' | 'AP' | 'LOC', predicate) for a deletable present copula, else None."""
    if not _deletable_copula(be):
        return None
    for child in children(be):
        if child.i <= be.i:
            continue
        kind = _predicate_kind(child)
        if kind:
            return kind, child
    return None


def _deletable_copula(be: Token) -> bool:
    if be.lower_ not in COPULA_FORMS or not is_be_verb(be) or be.tag_ not in ("VBZ", "VBP"):
        return False
    if be.dep_ in ("aux", "auxpass") or (be.text.isupper() and len(be.text) > 1):
        return False  # auxiliary (features 174/175), or stressed IS
    if any(c.dep_ in ("aux", "auxpass", "expl") for c in children(be)):
        return False
    nxt = be.nbor(1) if be.i + 1 < len(be.doc) else None
    if nxt is not None and nxt.lower_ in ("n't", "n’t"):
        return False
    if any(c.dep_ == "advmod" and c.lower_ in HABITUAL_ADVERBS for c in children(be)):
        return False  # "it sometimes [is] cold": a habit, which takes invariant habitual be
    subject = clause_subject(be)
    return (subject is not None and subject.i < be.i and _plain_subject(subject)
            and not _wh_before(be, be.i))


# Adverbs of frequency: the clause states a habit, not a present state (*is sometimes late*).
HABITUAL_ADVERBS = frozenset({"sometimes", "usually", "often", "always", "never", "normally",
                              "generally", "occasionally", "rarely", "seldom", "frequently"})


WH_TAGS = frozenset({"WP", "WDT", "WP$", "WRB"})


def _wh_before(head: Token, end: int) -> bool:
    """A wh-word before token ``end`` in the main clause ``head``: a question (*Which
    students have ...?*, where the parser may take *which* for an object). Embedded
    questions keep their order and may lose the verb (*I know why he so angry*)."""
    if head.dep_ != "ROOT":
        return False
    return any(t.tag_ in WH_TAGS for c in children(head) if c.i < end for t in c.subtree)


def _plain_subject(subject: Token) -> bool:
    """A noun or personal pronoun subject, not a relative or interrogative one."""
    if subject.pos_ not in ("NOUN", "PROPN", "PRON") or subject.lower_ in KEEPS_COPULA:
        return False
    if any(c.dep_ in ("relcl", "acl", "appos") for c in children(subject)):
        return False  # *the book I was reading on the shelf* would read as one clause
    if any(t.dep_ in ("relcl", "acl") for t in subject.subtree if t is not subject):
        return False  # nor *the share of males affected with it in a group .10*
    return not any(t.tag_ in WH_TAGS for t in subject.subtree)


def _bare_after_noun(predicate: Token) -> bool:
    """A predicate opening with a bare noun, adjective or number right after a subject that
    ends in a noun (*the answer [is] 42*, *the products of ethanol [are] water and carbon
    dioxide*), or one followed by *and* and another noun phrase (*the musician [is] the COO and
    the deaf person ...*), or a subject ending in *them/these/those*: without the copula the
    two run together as one noun phrase, a label or a list."""
    be = predicate.head
    subject = clause_subject(be)
    if subject is None:
        return False
    last = subject.doc[subject.right_edge.i]
    if last.lower_ in DETERMINER_PRONOUNS:  # *those hotel charges*, *half of them ewes*: the
        # pronoun + a bare noun reads as a demonstrative and its noun (not *this a small group*)
        return predicate.left_edge.tag_ not in ("DT", "PRP$", "WP$")
    bare = predicate.left_edge.tag_ in ("NN", "NNS", "CD", "JJ")
    if last.tag_ in ("VBG", "VBN", "JJ") and bare:
        return True  # *all of the following examples*: a modifier of the predicate's noun
    if last.pos_ not in ("NOUN", "PROPN"):
        return False
    if bare:
        return True
    # *the musician [is] the COO and the deaf person ...*: noun phrases joined on read as a
    # list, whether the parser joins them to the predicate or the next clause begins with one
    if any(c.dep_ in ("conj", "cc") for c in predicate.children):
        return True
    after, doc = predicate.right_edge.i + 1, predicate.doc
    return after + 1 < len(doc) and doc[after].lower_ in ("and", "or") \
        and doc[after + 1].pos_ in ("DET", "NOUN", "PROPN", "ADJ")


# Pronouns that also stand before a noun as its determiner (*them bucks*, *these days*).
DETERMINER_PRONOUNS = frozenset({"them", "these", "those", "this", "that"})


def _progressive_misread(predicate: Token) -> bool:
    """An *-ing* word the parser took for a noun predicate (*five people are jump roping*, *a
    man is deep water scuba diving*): a progressive, whose *be* is an auxiliary (feature 174)."""
    return any(t.tag_ == "VBG" or t.lower_.endswith("ing") and dictionary_verb(verb_lemma(t.lower_))
               for t in predicate.head.children if t.dep_ in ("attr", "acomp") and t.i > predicate.head.i)


def _predicate_kind(child: Token) -> str | None:
    if child.dep_ == "attr":
        if child.lower_ in LOCATIVE_ADVERBS and not any(True for _ in children(child)):
            return "LOC"  # she's home: the parser reads home as a noun
        if _bare_after_noun(child) or _progressive_misread(child):
            return None
        if child.pos_ in ("NOUN", "PROPN", "NUM") or (child.pos_ == "PRON" and child.tag_ == "PRP"):
            return "NP"
        return None
    if child.dep_ == "acomp" and child.lower_ in LOCATIVE_ADVERBS:
        return "LOC"  # my brother is upstairs
    if child.dep_ == "acomp" and child.pos_ == "ADJ":
        return "AP"
    if child.dep_ == "prep" and child.lower_ in LOCATIVE_PREPS:
        objects = [c for c in children(child) if c.dep_ in ("pobj", "pcomp", "prep")]
        if not objects or any(_temporal(o) for o in objects):
            return None  # stranded (*the house he is in*) or a time (*at noon*)
        if any(_state_or_scale(o) for o in objects):
            return None  # *in good form*, *at risk*, *at the 25th percentile*: no place
        if any(_names_state(o) for o in objects):
            return None  # *in good state*, *in a coma*, *on sale*: a state, not a place
        return "LOC"
    if child.dep_ == "advmod" and child.lower_ in LOCATIVE_ADVERBS:
        return "LOC"
    return None


# Nouns that make *at/on/in* + noun a time, not a place (*the meeting is at noon*).
TIME_NOUNS = frozenset({
    "noon", "midnight", "night", "morning", "afternoon", "evening", "dawn", "dusk", "weekend",
    "moment", "time", "minute", "hour", "day", "week", "month", "year", "season", "future",
    "past", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december", "spring", "summer", "autumn", "fall", "winter",
})


def _state_or_scale(obj: Token) -> bool:
    """The object of *in/at/on* names a state or a point on a scale, not a place: a bare
    noun that is no place (*in love*, *at risk*, *in playoff form*, *on sale*; a bare *school*
    or *town* is one) or a ranked one (*at the 25th percentile*, *at the highest level*)."""
    if obj.pos_ != "NOUN" or names_a_place(obj) or obj.lower_ in LOCATIVE_ADVERBS:
        return False  # *at home*
    kids = children(obj)
    if any(c.tag_ in ("JJS", "RBS") or ORDINAL.match(c.text) for c in kids):
        return True
    return not any(c.dep_ in ("det", "poss", "nummod") for c in kids)


def _names_state(obj: Token) -> bool:
    """The object of a locative preposition names a state, not somewhere to be: a noun with
    no place or thing sense (*in a coma*, *on sale*, *on a trip*), or a place noun described
    by an adjective but with no determiner (*in good state*; not *in hospital*, *on land*)."""
    if obj.dep_ == "prep":
        return False
    kids = children(obj)
    if names_no_place(obj):
        # unless a place before a participle is the phrase's real head (*in a living room
        # playing soccer*, *in the ocean surfing*, parsed as compounds of the last noun)
        doc = obj.doc
        return not any(c.dep_ == "compound" and names_a_place(c) and c.i + 1 < len(doc)
                       and doc[c.i + 1].lower_.endswith("ing") for c in kids)
    # a described place noun with no determiner (*in good state*); *on land*, *at school*
    return names_a_place(obj) and obj.tag_ == "NN" \
        and obj.lemma_.lower() not in wordlist("bare_destination_nouns") \
        and any(c.dep_ == "amod" for c in kids) \
        and not any(c.dep_ in ("det", "poss", "nummod") for c in kids)


ORDINAL = re.compile(r"\d+(st|nd|rd|th)$", re.IGNORECASE)


def _temporal(obj: Token) -> bool:
    return obj.tag_ == "CD" or obj.lemma_.lower() in TIME_NOUNS


def _copula_sites(index: DocIndex, kind: str) -> Iterator[Site]:
    for be, found_kind in _deletable_copulas(index):
        if found_kind == kind:
            yield site(Delete(be), keep=_predicate_determiners(index, be) if kind == "NP" else ())


def _predicate_determiners(index: DocIndex, be: int) -> list[int]:
    """The determiner of a noun-phrase predicate, which the site needs: with both the
    copula and the article gone (*Africa country with the most poverty*), the subject and the
    predicate read as one compound noun."""
    found = copula_predicate(index.tokens[be])
    if found is None:
        return []
    return [c.i for c in children(found[1]) if c.dep_ in ("det", "poss") and c.i < found[1].i]


_COPULAS_KEY = "multivalue.agreement.copulas"


def _deletable_copulas(index: DocIndex) -> list[tuple[int, str]]:
    """``(position, kind)`` of every deletable copula in the document, in document order.
    The three copula rules (176-178) ask, so it is worked out once per document."""
    user_data = index.doc.user_data
    found = user_data.get(_COPULAS_KEY)
    if found is None:
        found = user_data[_COPULAS_KEY] = [
            (be.i, predicate[0]) for be in index.lemma("be", *CURLY_BE_LEMMAS)
            if (predicate := copula_predicate(be)) is not None]
    return found


@rule(
    "drop_copula_be_NP",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("He is a good teacher.", "He a good teacher."),
        ("My sister is a nurse, isn't she?", "My sister a nurse, isn't she?"),
        ("I think you’re the best player on the team.",
         "I think you the best player on the team."),
        ("They are not my friends.", "They not my friends."),
    ],
    negatives=[
        "Who is your teacher?",
        "It's a good movie.",
        "I know who he is.",
        "Yes, he is.",
        "There is a teacher here.",
        "I am a teacher.",
        "He isn't a teacher.",
        "The man who is my teacher left.",
        # a number after a noun reads as its label; a subject with a clause inside runs on
        "The answer to the second question is 42.",
        "The share of farms hit by the drought is a third.",
        "The main products of the farm are wheat and barley.",
        "Two girls are rope skipping in the yard.",
        "Half of them are ewes.",
        "Both of the following are fruits.",
        "The singer is the manager and the drummer is new.",
    ],
)
def drop_copula_be_NP(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before a noun phrase: *He a good teacher*, *you my best friend*.

    Present *is/are/'s/'re* (not *am*) after an overt noun or pronoun subject (not *it, that,
    what*, not relative or wh-), in declarative order, before a noun-phrase predicate; not
    in questions, before a gap, before *n't*, or with existential *there*. The predicate keeps
    its determiner: without it and the copula the two noun phrases run together."""
    return _copula_sites(index, "NP")


@rule(
    "drop_copula_be_AP",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("She is smart.", "She smart."),
        ("The food's really good, but the rooms are too small.",
         ["The food really good, but the rooms too small.",
          "The food really good, but the rooms are too small.",
          "The food's really good, but the rooms too small."]),
        ("If you’re hungry, eat something.", "If you hungry, eat something."),
        ("Do you know why he is so angry?", "Do you know why he so angry?"),
        ("The food is good, but the service is not.", "The food good, but the service is not."),
    ],
    negatives=[
        "Is she smart?",
        "How old is he?",
        "That's right.",
        "I know how old she is.",
        "Reading is fun.",
        "Dogs that bark a lot are annoying.",
        "I'm tired.",
        "She isn't tall.",
        "The bus is sometimes late.",  # a habit: varieties with zero copula use be there
    ],
)
def drop_copula_be_AP(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before an adjective phrase: *She smart*, *the rooms too small*.

    Same conditions as 176 (present *is/are*, overt plain subject before it, declarative,
    no *n't*), before an adjective predicate."""
    return _copula_sites(index, "AP")


@rule(
    "drop_copula_be_locative",
    lemmas={"be", *CURLY_BE_LEMMAS},
    examples=[
        ("He is at home.", "He at home."),
        ("The keys are on the table, so we're here.",
         ["The keys on the table, so we here.", "The keys on the table, so we're here.",
          "The keys are on the table, so we here."]),
        ("She's home now.", "She home now."),
        ("I don't know if my brother is upstairs.", "I don't know if my brother upstairs."),
        ("My cousin is at school until four.", "My cousin at school until four."),
        ("The spoons are in the top drawer.", "The spoons in the top drawer."),
        ("Maybe the twins are in London now.", "Maybe the twins in London now."),
        ("My grandmother is in hospital.", "My grandmother in hospital."),
        ("The dog is under the kitchen table.", "The dog under the kitchen table."),
        ("The children are at the park with Dad.", "The children at the park with Dad."),
        ("Two boys are in the yard playing football.", "Two boys in the yard playing football."),
    ],
    negatives=[
        "Where is the station?",
        "This is the house my brother is in.",
        "She is from Texas.",
        "The book is by Tolkien.",
        "He is like his father.",
        "The meeting is at noon.",
        "The book I was reading is on the shelf.",
        "Is he at home?",
        "I'm at home.",
        "The twins are at risk of a fall.",
        "Our striker is in great form this season.",
        "Her score is at the 90th percentile.",
        "Most of the shirts are on sale.",
        # a state, not a place: the object names no place, or a place noun stands bare
        "My uncle is on a long business trip.",
        "The old bridge is in poor state.",
        "Our team is in deep trouble.",
    ],
)
def drop_copula_be_locative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Copula deletion before a locative: *She at home*, *we here*.

    Same conditions as 176, before a locative preposition with an object that is not a time
    (*at home*, not *at noon*, not a stranded *is in*) or a place adverb (*here, upstairs*);
    *from*, *like*, *by* and *into* are not locatives here, nor a preposition before a state
    or a rank (*in love*, *at risk*, *at the 25th percentile*)."""
    return _copula_sites(index, "LOC")


# --------------------------------------------------------------------------- 179

HAVE_FORMS = frozenset({"have", "has", "'ve", "’ve"})
# *'s* is *has* only before these participles; *he's gone/finished* may be *is*.
HAS_CLITIC_BEFORE = frozenset({"been", "got", "gotten"})


@rule(
    "drop_aux_have",
    tags={"VBN"},
    examples=[
        ("I have eaten my lunch.", "I eaten my lunch."),
        ("We've got a problem.", "We got a problem."),
        ("He's been there twice, and she has never seen it.",
         ["He been there twice, and she never seen it.",
          "He been there twice, and she has never seen it.",
          "He's been there twice, and she never seen it."]),
        ("I think they have already gone home.", "I think they already gone home."),
    ],
    negatives=[
        "Have you eaten?",
        "I haven't eaten.",
        "I would have gone.",
        "She has to go.",
        "He's gone.",
        "Yes, I have.",
        "People who have seen it love it.",
        "The man who lives next door has gone away.",
        "I had eaten.",
        "She has lived here for ten years.",
        "Which students have never taken a math class?",
    ],
)
def drop_aux_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Perfect auxiliary *have* deleted: *I eaten my lunch*, *we got a problem*.

    Only before participles unlike the simple past (*eaten, been, seen, done*) and *got*;
    *has lived* -> *lived* would be the Standard simple past with another meaning.
    Finite present *have/has/'ve* (and *'s* before *been/got*) as the auxiliary of a
    participle after it, with an overt, non-relative subject before it. Questions,
    *haven't/have not* (the negation would be stranded), modal *would have*, past *had*,
    ellipsis (*Yes, I have*) and *have to* stay."""
    for verb in index.by_tag.get("VBN", ()):
        for aux in children(verb):
            if aux.i < verb.i and aux.dep_ in ("aux", "auxpass") and _perfect_have(aux, verb):
                yield site(Delete(aux.i))


def _perfect_have(aux: Token, verb: Token) -> bool:
    low = aux.lower_
    if low in ("'s", "’s"):
        if verb.lower_ not in HAS_CLITIC_BEFORE:
            return False
    elif low not in HAVE_FORMS or aux.lemma_.lower() != "have" or aux.tag_ not in ("VBP", "VBZ"):
        return False
    if negation_after(aux) is not None:
        return False
    if not _distinct_participle(verb) or _wh_before(verb, aux.i):
        return False
    subject = nominal_subject(verb)
    return (subject is not None and subject.i < aux.i and not is_relative_pronoun(subject)
            and not any(t.tag_ in WH_TAGS for t in subject.subtree)
            and not any(c.dep_ in ("relcl", "acl") for c in children(subject)))


def _distinct_participle(verb: Token) -> bool:
    """Whether the bare participle still shows the perfect: *I eaten*, *he been*, *we got*
    (possessive *have got*). Where it equals the simple past (*she has lived* -> *she lived*)
    the result is Standard English with another tense and meaning, not this feature."""
    low = verb.lower_
    if low in ("got", "gotten"):
        return True
    past = inflect_verb(lemma_of(verb), "VBD")
    return past is not None and past.lower() != low
