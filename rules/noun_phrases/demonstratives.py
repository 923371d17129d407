"""Demonstratives (eWAVE 59, 67-71): double determiners, demonstratives for the definite
article, *them* for *those*, *this here* / *that there*, and no number in demonstratives."""
from __future__ import annotations

from itertools import chain
from typing import Iterator

from multivalue_cli.engine.animacy import could_be_person, is_concrete_thing, is_human_noun, names_a_place
from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import lexically_capitalised
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    ARGUMENT_DEPS, DEFINITE_IDIOM_NOUNS, INALIENABLE_NOUNS, PARTITIVE_POS, TIME_NOUNS,
    UNIQUE_NOUNS, by_position, capitalised_at, common_noun_head, first_conjunct_at,
    followed_by_possessive, has_conjunct, has_of_complement, lower, plain_noun_phrase,
)


UNIQUE_REFERENTS = wordlist("unique_referent_nouns")


def is_partitive_complement(index, noun: int) -> bool:
    """*one of the students*, *some of the books*: the determiner belongs to the partitive."""
    head = index.head_of[first_conjunct_at(index, noun)]
    return (
        index.dep_of[noun] in ("pobj", "conj")
        and lower(index, head) == "of"
        and index.pos_of[index.head_of[head]] in PARTITIVE_POS
    )


@rule(
    "double_determiners",
    tags={"PRP$", "DT"},
    examples=[
        ("We discussed the problem. Our common problem is very serious.",
         "We discussed the problem. This our common problem is very serious."),
        ("I bought new shoes last week. I washed my new shoes, and they look clean.",
         "I bought new shoes last week. I washed these my new shoes, and they look clean."),
        ("He told us about the plan, but I think that his plan won't work.",
         "He told us about the plan, but I think that this his plan won't work."),
        ("This old car of ours is broken.", "This our old car is broken."),
        ("I love that dog of yours.", "I love that your dog."),
        ("These friends of mine are nice.", "These my friends are nice."),
    ],
    negatives=[
        "Our common problem is very serious.",
        "I washed my new shoes.",
        "That is a friend of mine.",
        "All our friends came.",
        "She lost her way.",
        "It is my turn.",
        "He raised his hand.",
        "They did their best.",
        "Did you see my new shoes?",
        "My sister and I left.",
    ],
)
def double_determiners(doc, index) -> Iterator[Site]:
    """Double determiners: a demonstrative before a possessive determiner, *this our common
    problem*, *these my shoes*. Two SAE sources. (1) *this car of ours*: the demonstrative
    and the independent possessive of a postnominal *of*-phrase, which become *this our
    car*. (2) A possessive determiner of a common noun that was mentioned before in the
    text (*... the problem. Our common problem is ...*): the demonstrative points back to a
    known referent, as in the attested use; on a first mention it would point at something
    new. Only subjects and objects in statements, with nothing before the possessive (not
    *all our*), agreeing in number (*this* / *these*). Not for people (*this my brother*
    points at someone present), body parts and fixed phrases (*raise his hand, lose her
    way, their best*), where a demonstrative reads as a contrast, coordinated phrases (*my
    sister and I*) or *its*."""
    yield from by_position(chain(demonstrative_of_possessive(index), known_possessed(index)))


def known_possessed(index) -> Iterator[Site]:
    """Source (2) of :func:`double_determiners`: *our problem* after an earlier *problem*."""
    tag_of, dep_of = index.tag_of, index.dep_of
    for tok in index.by_tag.get("PRP$", ()):
        poss = tok.i
        noun = index.head_of[poss]
        if dep_of[poss] != "poss" or tag_of[noun] not in ("NN", "NNS") or noun < poss:
            continue
        if dep_of[noun] not in ("nsubj", "nsubjpass", "dobj") or has_conjunct(index, noun):
            continue
        if capitalised_at(index, noun) or lower(index, poss) == "its" or index.in_question(noun):
            continue
        lemma = index.lemma_of[noun]
        if lemma in INALIENABLE_NOUNS or is_human_noun(lemma) or not mentioned_before(index, noun):
            continue
        if any(c < poss for c in index.child_positions(noun)) or not plain_noun_phrase(index, poss, noun):
            continue
        yield site(Insert(poss, "these" if tag_of[noun] == "NNS" else "this"))


def mentioned_before(index, noun: int, start: int | None = None) -> bool:
    """The noun's lemma stands earlier in the text (before ``start``, by default the noun) as
    a noun (a known referent)."""
    lemma, lemma_of, pos_of = index.lemma_of[noun], index.lemma_of, index.pos_of
    return any(lemma_of[j] == lemma and pos_of[j] == "NOUN" for j in range(noun if start is None else start))


# Independent possessives and the determiners they correspond to (*of ours* -> *our*).
DETERMINER_OF_POSSESSIVE = {"mine": "my", "yours": "your", "his": "his", "hers": "her",
                            "ours": "our", "theirs": "their"}


def demonstrative_of_possessive(index) -> Iterator[Site]:
    """Source (1) of :func:`double_determiners`: *this old car of ours* -> *this our old car*."""
    for det in demonstrative_determiners(index, "this", "that", "these", "those"):
        noun = det.head
        of = next((c for c in noun.children if c.dep_ == "prep" and c.lower_ == "of"), None)
        if of is None or of.i != noun.i + 1 or not plain_noun_phrase(index, det.i, noun.i):
            continue
        owners = [c for c in of.children if c.dep_ == "pobj"]
        if len(owners) != 1 or owners[0].i != of.i + 1 or owners[0].lower_ not in DETERMINER_OF_POSSESSIVE:
            continue
        owner = owners[0]
        yield site(Insert(det.i, DETERMINER_OF_POSSESSIVE[owner.lower_], after=True),
                   Delete(of.i), Delete(owner.i))


def replaceable_definite(index, det: int) -> bool:
    """A *the* (position ``det``) of a plain common noun phrase in an argument role, outside
    names, fixed phrases, partitives, superlatives and unique nouns (*the sun*)."""
    if lower(index, det) != "the" or not common_noun_head(index, det):
        return False
    noun = index.head_of[det]
    lemma = index.lemma_of[noun]
    if lemma in DEFINITE_IDIOM_NOUNS or lemma in UNIQUE_NOUNS or lemma in UNIQUE_REFERENTS \
            or lemma in TIME_NOUNS:
        return False
    if has_of_complement(index, noun) or completed_by_to_phrase(index, noun):
        return False  # *the name of the teacher*: *that name of* reads as contrastive
    if index.dep_of[first_conjunct_at(index, noun)] not in ARGUMENT_DEPS:
        return False
    if is_partitive_complement(index, noun):
        return False
    if index.in_question(noun) and not situational(index, noun):
        return False  # *which statement about the molecules in ice*: a kind or a referent known to all
    if not index.words[det + 1][:1].isalpha():  # the noun follows, so there is a next word
        return False
    if any(capitalised_at(index, i) for i in range(det + 1, noun)):
        return False  # *the Atlantic coast*, *the Great Lakes*: a name, one of a kind
    if abstract_first_mention(index, noun):
        return False
    return plain_noun_phrase(index, det, noun) and not followed_by_possessive(index, noun)


# Endings of nouns of a property or a state (*truth, heritability, kindness, importance,
# realism, childhood*): they name a notion, not a thing or an event one could point at.
PROPERTY_NOUN_ENDINGS = ("ity", "ness", "ism", "hood", "ance", "ence", "th")


def abstract_first_mention(index, noun: int) -> bool:
    """*learned the truth*, *The heritability for traits ... is*: a noun of a property or
    state (:data:`PROPERTY_NOUN_ENDINGS`; no concrete noun, no noun of people), not mentioned
    before, with no clause of its own that says which one is meant. Its *the* comes with the
    notion (the one there is, or a definition's term), and a demonstrative would point at a
    referent that is neither in sight nor in the text. Events and things (*the meeting, the
    job*) keep it: they can be the ones of the situation."""
    tok = index.tokens[noun]
    lemma = index.lemma_of[noun]
    if not lemma.endswith(PROPERTY_NOUN_ENDINGS) or len(lemma) < 5:
        return False
    if is_concrete_thing(tok) or could_be_person(tok) or is_human_noun(lemma):
        return False
    return not mentioned_before(index, noun) and not restricted_by_clause(index, noun)


def completed_by_to_phrase(index, noun: int) -> bool:
    """*the road to a third attack*, *the key to success*: a *to*-phrase right after the noun
    whose object is no place or person (where something goes, *took the bus to school*), so
    that it completes the noun as an *of*-phrase does, and *the* comes with it."""
    to = noun + 1
    if to >= len(index.words) or lower(index, to) != "to" or index.dep_of[to] != "prep":
        return False
    if index.head_of[to] not in (noun, index.head_of[noun]):
        return False
    objects = [index.tokens[c] for c in index.child_positions(to) if index.dep_of[c] == "pobj"]
    return any(o.pos_ == "NOUN" and not names_a_place(o) and not could_be_person(o) for o in objects)


# Speaker and hearer: a question that names them is asked in a shared situation.
PARTICIPANT_PRONOUNS = frozenset("i me my we us our you your".split())


def situational(index, noun: int) -> bool:
    """In a question, a *the* that a demonstrative may replace: one of a referent of the
    situation or the text, not a kind or a thing known to all (*which statement about the
    molecules in ice*, *who came to the south?*), which a first mention in a question without
    speaker or hearer (a knowledge or exam question) is. The referent was mentioned in an
    earlier sentence, a clause of its own says which one is meant (*the books I gave you*),
    or the question is asked between *I/we* and *you* (*where do I catch the train?*)."""
    if mentioned_before(index, noun, index.sentence_of[noun]) or restricted_by_clause(index, noun):
        return True
    start, end = index.sentence_of[noun], index.sentence_end(noun)
    return any(index.tag_of[j] in ("PRP", "PRP$") and lower(index, j) in PARTICIPANT_PRONOUNS
               for j in range(start, end))


def restricted_by_clause(index, noun: int) -> bool:
    """*the books I gave you*, *the countries founded before 1930*: a relative or participle
    clause that says which one is meant, as a pointing word would."""
    return any(index.dep_of[c] in ("relcl", "acl") for c in index.child_positions(noun))


@rule(
    "demonstrative_for_definite_articles",
    lemmas={"the"},
    examples=[
        ("The door closed.", "That door closed."),
        ("Did you read the books I gave you?", "Did you read those books I gave you?"),
        ("She said the old man wasn't home.", "She said that old man wasn't home."),
        ("Where did you park the van?", "Where did you park that van?"),
        ("We bought a lamp. Where should the lamp go?", "We bought a lamp. Where should that lamp go?"),
        ("The meeting ran late, so I missed the bus.", "That meeting ran late, so I missed that bus."),
        ("He showed kindness to us. The kindness was real.",
         "He showed kindness to us. That kindness was real."),
        ("The wooden bridge creaked.", "That wooden bridge creaked."),
    ],
    negatives=[
        "By the way, the rest is easy.",
        # a kind or a referent known to all, first named in a knowledge question
        "Which organ pumps the blood through the arteries?",
        "Why do the leaves of trees change colour?",
        "Which tribes settled in the north?",
        "She is the best student.",
        "One of the students left.",
        "The sun rose.",
        "He read The Hobbit.",
        "How many languages are spoken around the world?",
        "Which car has the minimum horsepower?",
        "They compared the average ages.",
        # a unique region; a to-phrase that completes the noun
        "Warm air came up from the tropics.",
        "Hard work opened the door to success.",
        # a name with a capitalised modifier; a property noun first named
        "Storms often batter the Pacific coast.",
        "Years later, she finally told him the truth.",
        "The elasticity for goods with many substitutes is",
        # right after a *that* (*that that*); the media, the press, the public: one there is
        "It was a story that the neighbour spread.",
        "She knew that the kettle had boiled.",
        "I know that the car you lent me is old.",
        "Why does the press always criticize us?",
    ],
)
def demonstrative_for_definite_articles(doc, index) -> Iterator[Site]:
    """Demonstratives for the definite article: *that door bin close* 'the door closed'.
    *the* becomes *that* (singular and mass nouns) or *those* (plurals) before plain common
    noun phrases in argument roles; not in names and titles (*The Hobbit*), fixed phrases
    (*by the way, the rest*), partitives (*one of the students*), superlatives and ordinals
    (*the best, the first*), with unique nouns (*the sun, the tropics*), times (*in the
    summer* would become one particular summer) or heads of an *of*-phrase (*the name of the
    teacher*) or of a *to*-phrase that completes them (*the key to success*). Not *that*
    right after a *that* (*a lie that the media told*): *that that media* reads as a word
    written twice."""
    tag_of, head_of, words = index.tag_of, index.head_of, index.words
    for tok in index.by_lemma.get("the", ()):
        det = tok.i
        if replaceable_definite(index, det):
            demonstrative = "those" if tag_of[head_of[det]] == "NNS" else "that"
            if demonstrative == "that" and det > 0 and words[det - 1].lower() == "that":
                continue
            yield site(Replace(det, demonstrative))


# --------------------------------------------------------------------------- demonstratives


def demonstrative_determiners(index, *words: str) -> Iterator:
    """The demonstratives ``words`` used as determiners (see :func:`_demonstrative_determiner`)."""
    return (det for det in index.tag("DT") if det.lower_ in words and _demonstrative_determiner(det))


def _demonstrative_determiner(det) -> bool:
    """A determiner of a noun to its right (*those books*), not a pronoun (*I like those*), a
    complementiser (*so that*) or a degree word (*that big*)."""
    if det.tag_ != "DT" or det.dep_ != "det" or lexically_capitalised(det):
        return False
    noun = det.head
    return noun.pos_ in ("NOUN", "PROPN") and noun.i > det.i and noun.tag_ in ("NN", "NNS")


substitution_rule(
    "those_them",
    {"those": "them"},
    where=_demonstrative_determiner,
    doc="""*them* for the demonstrative determiner *those*: *in them days, one of them things*.
    Only where *those* determines a noun; the pronoun (*I like those*, *those who wait*)
    stays.""",
    lemmas={"those"},
    examples=[
        ("In those days, nobody had a car.", "In them days, nobody had a car."),
        ("Who bought those books?", "Who bought them books?"),
        ("Those old shoes don't fit, so I gave away those.",
         "Them old shoes don't fit, so I gave away those."),
    ],
    negatives=[
        "Those who wait will see.",
        "I like those.",
        "These books are mine.",
    ],
)


def is_time_adverbial(noun) -> bool:
    """*this morning, that week*: a bare noun phrase used as a time adverbial."""
    return noun.dep_ == "npadvmod" or (noun.dep_ == "pobj" and noun.lemma_.lower() in TIME_NOUNS)


@rule(
    "proximal_distal_demonstratives",
    lemmas={"this", "that", "these", "those"},
    examples=[
        ("This book is mine.", "This here book is mine."),
        ("Who owns those books?", ["Who owns them there books?", "Who owns those there books?"]),
        ("I know that these shoes don't fit.", "I know that these here shoes don't fit."),
        ("Give me that pen.", "Give me that there pen."),
    ],
    negatives=[
        "Which of these two jackets is warmer?",
        "Farmers say this year's harvest was small.",
        "This is mine.",
        "I know that he left.",
        "It isn't that big.",
        "I saw her this morning.",
    ],
)
def proximal_distal_demonstratives(doc, index) -> Iterator[Site]:
    """Demonstratives reinforced with *here* and *there*: *this here book*, *them there
    books*. *here* follows *this/these*, *there* follows *that/those*; for *those* the
    attested *them there* is offered beside *those there*. Only determiners of a noun; not in
    time adverbials (*this morning*), where the reinforcement is not used."""
    for det in demonstrative_determiners(index, "this", "that", "these", "those"):
        noun = det.head
        if is_time_adverbial(noun) or noun.lemma_.lower() in TIME_NOUNS:
            continue
        if det.i + 1 < len(doc) and doc[det.i + 1].like_num:
            continue  # *these two jackets*
        low = det.lower_
        place = "here" if low in ("this", "these") else "there"
        ops = (Insert(det.i, place, after=True),)
        alternatives = ((Replace(det.i, "them"), *ops),) if low == "those" else ()
        if alternatives:
            yield site(*alternatives[0], alternatives=(ops,))
        else:
            yield site(*ops)


def _plural_demonstrative(det) -> bool:
    """A demonstrative determiner of a plural noun."""
    return _demonstrative_determiner(det) and det.head.tag_ == "NNS"


SINGULAR_DEMONSTRATIVE = {"these": "this", "those": "that"}


@rule(
    "demonstrative_no_number",
    lemmas={"these", "those"},
    examples=[
        ("I've watched these children.", "I've watched this children."),
        ("Are those shoes yours?", "Are that shoes yours?"),
        ("These days, those kids don't read.", "This days, that kids don't read."),
        ("Which of these bottles are empty?", "Which of this bottles are empty?"),
    ],
    negatives=[
        "These are mine.",
        "I don't like those who lie.",
        "This book is good.",
        "That old house on the hill is empty.",
    ],
)
def demonstrative_no_number(doc, index) -> Iterator[Site]:
    """No number distinction in demonstratives: the singular form with plural nouns, *this
    children*, *that shoes*. Only determiners of a plural noun; the pronouns (*these are
    mine*) stay. With the demonstrative's number gone, the noun's -s is the only mark of the
    plural left: the site claims the noun as it stands, so that a feature that drops the -s
    (*this child*, *which of this set*) cannot apply with it."""
    for tok in index.form(*SINGULAR_DEMONSTRATIVE):
        if _plural_demonstrative(tok):
            noun = tok.head
            yield site(Replace(tok.i, SINGULAR_DEMONSTRATIVE[tok.lower_]), Replace(noun.i, noun.text))
