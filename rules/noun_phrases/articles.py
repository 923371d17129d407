"""Articles (eWAVE 60-66): definite, indefinite and zero articles where Standard English has
another, and indefinite *one*."""
from __future__ import annotations

from typing import Iterator

from multivalue_cli.engine.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.engine.morphology import indefinite_article, reads_as_infinitive_without
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    clause_is_negated, first_conjunct, in_question, lexically_capitalised,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    ARGUMENT_DEPS, ARTICLE_FRAMES, DEFINITE_IDIOM_NOUNS, FIXED_ARTICLE_NOUNS, NON_GRADABLE,
    FRACTION_WORDS, PARTITIVE_POS, QUANTITY_NOUNS, SINGULAR_MARKERS, UNIQUE_NOUNS, capitalised_at,
    characterising_phrase, clause_verb, common_noun_head, counted_unit, definite_article,
    first_conjunct_at, followed_by_possessive, fronted_description, generic_object,
    generic_passive_subject, has_of_complement, in_hyphenated_word, intensional_object, lower, of_possessive,
    plain_noun_phrase, present_when_clause, previous_word, result_predicate,
)


# Light verbs: "have a look", "take a break", "make a decision" change meaning with "the".
LIGHT_VERBS = frozenset("have take make give do get".split())
# Ailments, the context eWAVE 60 is attested in ("I had the toothache", "get the cold").
AILMENT_NOUNS = wordlist("ailment_nouns")

# Abstract and generic mass nouns that the varieties with feature 64 use with "the"
# ("starved with the hunger", "the society has changed"). School subjects (history,
# science, music) are left out: "learn the history" means the history of something.
ABSTRACT_NOUNS = wordlist("abstract_nouns_generic")

ABSTRACT_PREPOSITIONS = frozenset(
    "about from with against on through towards toward into of for in to without over under "
    "between among after before despite".split())
# Preposition + abstract noun phrases that keep zero article (*in love*, *for life*).
ABSTRACT_IDIOMS = wordlist("abstract_noun_idioms")

# Results that several rules ask for on the same parse (the a/an articles) are worked out
# once per document and kept in ``doc.user_data`` as token positions - plain ints, so the
# doc stays serialisable (as multivalue_cli.engine.antecedents does).
MEMO_KEY = "noun_phrases.memo"


def memoised(index, key: str, compute) -> list[int]:
    """``compute(index)``, a list of token positions, worked out once per document."""
    memo = index.doc.user_data.setdefault(MEMO_KEY, {})
    found = memo.get(key)
    if found is None:
        found = memo[key] = compute(index)
    return found


NOMINAL_ROLES = frozenset({"dobj", "pobj", "nsubj", "nsubjpass", "conj"})


def nominal_head(index, det: int) -> bool:
    """A determiner's head is a common noun (or a noun the tagger took for an adjective,
    as in "a cold") in a nominal role."""
    head = index.head_of[det]
    if index.tag_of[head] == "NN":
        return True
    return index.pos_of[head] == "ADJ" and index.dep_of[head] in NOMINAL_ROLES


def indefinite_articles(index) -> list[int]:
    """Positions of the a/an determiners of a common noun, outside quantity and fixed
    expressions (three rules ask for them)."""
    return memoised(index, "indefinite_articles", lambda index: list(find_indefinite_articles(index)))


def letter_a(tok) -> bool:
    """A capital *A* not opening the sentence (nor a quotation or bracket in it) is a letter
    or begins a name or title (*type A blood*, *vitamin A*, *Plan A*, *A Tale of Two
    Cities*), not an indefinite article to drop or exchange."""
    return tok.text == "A" and lexically_capitalised(tok) and tok.nbor(-1).text not in OPENING_MARKS


OPENING_MARKS = frozenset({'"', "'", "``", "(", "[", ":", "\u201c", "\u2018", "-", "--"})


def find_indefinite_articles(index) -> Iterator[int]:
    lemma_of, dep_of, head_of = index.lemma_of, index.dep_of, index.head_of
    for tok in index.tag("DT"):
        det = tok.i
        if lower(index, det) not in ("a", "an") or dep_of[det] != "det" or not nominal_head(index, det):
            continue
        noun = head_of[det]
        if noun < det or previous_word(index, det) in ARTICLE_FRAMES:
            continue
        if lemma_of[det + 1] in QUANTITY_NOUNS:
            continue
        if lower(index, det + 1) in FRACTION_WORDS and noun == det + 1:
            continue  # *a third of that amount*: a fraction, a quantity like *a quarter*
        if letter_a(index.doc[det]) or in_hyphenated_word(index.doc[det]):
            continue  # *type A blood, vitamin A, Plan A*: a letter or a name; *action-at-a-distance*
        if lemma_of[noun] in FIXED_ARTICLE_NOUNS or dep_of[noun] in ("npadvmod", "nmod"):
            continue
        if any(lower(index, c) == "single" for c in index.child_positions(noun)):
            continue
        yield det


@rule(
    "definite_for_indefinite_articles",
    lemmas={"a", "an"},
    examples=[
        ("I had a toothache yesterday.", "I had the toothache yesterday."),
        ("When did she get a cold?", "When did she get the cold?"),
        ("A man came to the door with an umbrella.",
         "The man came to the door with the umbrella."),
        ("I saw a movie with a friend.", "I saw the movie with the friend."),
    ],
    negatives=[
        "He is a teacher.",
        "Have you ever seen a ghost?",
        "I don't have a car.",
        "I waited for a while and had a look.",
        "There is a problem.",
        "What a day it was!",
        "She calls twice a week.",
        "Anytime you rent a car, check the tyres.",
        "List the towns where a doctor and a nurse live.",
        "A good map is a must for a long hike.",
        # an indefinite over occasions, or in a description that is no statement
        "He usually takes a taxi to work.",
        "List all the cities where a museum and a zoo are found.",
        # a capital A inside the sentence is a letter, no article
        "Yesterday she got grade A in maths.",
    ],
)
def definite_for_indefinite_articles(doc, index) -> Iterator[Site]:
    """*the* where SAE has *a/an*: *I had the toothache*, *get the cold*, and for specific
    first mentions (*I saw the movie with the friend*). Only for nouns as subject, object or
    object of *with/about/from/to/into/for*, in a declarative clause about something that
    happened or happens (not in questions, under negation or modals, in conditionals,
    imperatives or infinitives, where *a* is non-specific - *have you ever seen a ghost?*),
    except for ailments (*do you have a cold?*). Not in predicates (*he is a teacher*, *there
    is a problem*), quantity and frequency phrases (*a lot*, *twice a week*), fixed phrases
    (*for a while*, *as a result*), nor light-verb objects (*have a look*, *make a
    decision*) other than ailments, where it changes the meaning."""
    lemma_of, dep_of, head_of = index.lemma_of, index.dep_of, index.head_of
    for det in indefinite_articles(index):
        noun = head_of[det]
        role = first_conjunct_at(index, noun)
        if dep_of[role] == "pobj":
            if lower(index, head_of[role]) not in ("with", "about", "from", "to", "into", "for"):
                continue
        elif dep_of[role] not in ("dobj", "nsubj", "nsubjpass"):
            continue
        verb = clause_verb(index, role)
        # *didn't say a word*: under negation *a* means "any", and *the* would change that
        if verb is None or clause_is_negated(index.tokens[verb]) or has_of_complement(index, noun):
            continue
        if fronted_description(index, role, verb):
            continue
        if lemma_of[noun] not in AILMENT_NOUNS:
            if dep_of[role] == "dobj" and lemma_of[verb] in LIGHT_VERBS:
                continue
            if not is_specific_context(index, verb):
                continue
        yield site(Replace(det, "the"))


# Words that make a clause a condition or a rule over occasions (*anytime you build a pc*):
# an indefinite in it is any one, not a specific one.
CONDITIONAL_WORDS = frozenset({"if", "unless", "whether", "whenever", "anytime", "wherever"})


# Adverbs that quantify over occasions: an indefinite under them is any one, each time.
FREQUENCY_ADVERBS = frozenset(
    "always usually often sometimes never rarely seldom normally generally typically frequently "
    "occasionally ever habitually regularly".split())


def description_clause(index, verb: int) -> bool:
    """A relative clause of a sentence that is no statement but a noun phrase (a heading or
    query: *countries where a singer is from*): it says what is looked for, not what
    happened."""
    root = index.sentence(verb).root.i
    return index.dep_of[verb] == "relcl" and index.head_of[verb] == root and index.pos_of[root] in ("NOUN", "PROPN")


def is_specific_context(index, verb: int) -> bool:
    """A declarative, non-modal, finite clause, where an indefinite usually has a specific
    referent (*I saw a movie*), unlike questions, conditionals, imperatives, infinitives and
    perfects of experience (*have you ever seen a ghost*)."""
    words, tag_of = index.words, index.tag_of
    start, end = index.sentence_of[verb], index.sentence_end(verb)
    if words[end - 1] == "?" or any(words[i].lower() in CONDITIONAL_WORDS for i in range(start, end)):
        return False
    children = index.child_positions(verb)
    if any(tag_of[c] in ("MD", "TO") for c in children):
        return False
    if any(lower(index, c) in FREQUENCY_ADVERBS for c in children):
        return False  # *I always use a recipe*: a new one on each occasion, any one
    if is_imperative(index, verb) or description_clause(index, verb):
        return False  # *show countries where a singer ... is from*: what is asked for, any one
    if index.lemma_of[verb] == "be" and tag_of[verb] in ("VBZ", "VBP") and any(
            index.dep_of[c] in ("attr", "acomp") for c in children) and not any(
            index.dep_of[c] == "expl" for c in children):
        return False  # *a bunny outfit is a classic for an easter photo*: a generic statement
    if tag_of[verb] == "VBN":
        return any(index.dep_of[c] == "auxpass" for c in children)
    if tag_of[verb] == "VBG":  # a progressive, not a gerund (*has trouble keeping a job*)
        return any(index.dep_of[c] == "aux" and index.lemma_of[c] == "be" for c in children)
    return tag_of[verb] in ("VBD", "VBZ", "VBP")


@rule(
    "remove_det_definite",
    lemmas={"the"},
    examples=[
        ("The main reason for their performance was luck.",
         "Main reason for their performance was luck."),
        ("Did you get the mileage claim for that trip?",
         "Did you get mileage claim for that trip?"),
        ("Show the names of the singers.", "Show names of singers."),
        ("He gave the book to the teacher.", "He gave book to teacher."),
    ],
    negatives=[
        "She is the best.",
        "By the way, the rest is easy.",
        "He read The Hobbit.",
        "One of the students left.",
        "Which player scored the most goals?", "What did they do to the fence?",  # to fence
        "What did the Dutch promise to build?",  # promise read as a noun
    ],
)
def remove_det_definite(doc, index) -> Iterator[Site]:
    """Zero article where SAE has *the*: *Ø main reason for their performance*. Only before
    common nouns in argument roles; not in titles or names (*The Hobbit*, *the Nile*), before
    adjectives used as nouns (*the best*), in partitives (*one of the students*) or fixed
    phrases (*by the way*, *the rest*, *the same*), nor before superlatives, ordinals and
    numerals (*the most goals* -> *most goals* would mean "the majority of goals")."""
    lemma_of, tag_of, dep_of, head_of = index.lemma_of, index.tag_of, index.dep_of, index.head_of
    for tok in index.by_lemma.get("the", ()):
        det = tok.i
        if dep_of[det] != "det" or capitalised_at(index, det) or in_hyphenated_word(tok):
            continue
        noun = head_of[det]
        if tag_of[noun] not in ("NN", "NNS") or noun < det or capitalised_at(index, noun):
            continue
        if lemma_of[noun] in DEFINITE_IDIOM_NOUNS or any(
                dep_of[c] in ("aux", "auxpass") for c in index.child_positions(noun)):
            continue  # "did the French promise to ...": a verb the tagger took for a noun
        role = first_conjunct_at(index, noun)
        if dep_of[role] not in ("nsubj", "nsubjpass", "dobj", "pobj", "attr", "ROOT"):
            continue
        head = head_of[role]
        of_phrase = dep_of[role] == "pobj" and lower(index, head) == "of"
        if of_phrase and index.pos_of[head_of[head]] in PARTITIVE_POS:
            continue  # "one of the students", "some of the books"
        if not plain_noun_phrase(index, det, noun):
            continue  # *the same, the most goals, the first day, the whole cake*
        if not index.words[det + 1][:1].isalpha() or reads_as_infinitive_without(tok):
            continue  # "the 1990s": a sentence cannot be re-capitalised on a digit; "to flag"
        yield site(Delete(det))


@rule(
    "remove_det_indefinite",
    lemmas={"a", "an"},
    examples=[
        ("What about getting a girl from India?", "What about getting girl from India?"),
        ("He is an engineer.", "He is engineer."),
        ("There is a problem with the printer.", "There is problem with the printer."),
        ("A friend of mine bought a new house.", "Friend of mine bought new house."),
    ],
    negatives=[
        "I have a few questions.",
        "She visits us twice a week.",
        "What a beautiful day!",
        "It took a lot of time.",
        "Wait for half an hour.",
        # a capital A inside the sentence is a letter or starts a name, no article
        "Foods rich in vitamin A are good for you.",
        "People with type A blood are said to be calm.",
        "Students who get grade A are praised.",
        # a fraction is a quantity, like *a quarter*
        "They spent a third of the budget on food.",
        "Only a tenth of the seeds grew.",
        "They study action-at-a-distance in class.",  # an article inside a hyphenated word
    ],
)
def remove_det_indefinite(doc, index) -> Iterator[Site]:
    """Zero article where SAE has *a/an*: *getting Ø girl from India*, *he is Ø engineer*.
    Not where the article is part of a quantity or frequency phrase (*a few, a lot, twice a
    week, half an hour*) or an exclamation (*what a day*)."""
    for det in indefinite_articles(index):
        yield site(Delete(det))


def is_plain_modifier(tok) -> bool:
    """A word that may stand between an inserted *the* and its noun (*the modern society*)."""
    return tok.pos_ in ("ADJ", "ADV", "NOUN", "PUNCT") and tok.tag_ != "JJS"


@rule(
    "definite_abstract",
    lemmas=ABSTRACT_NOUNS,
    examples=[
        ("Poor people were starved with hunger.", "Poor people were starved with the hunger."),
        ("Education is important for girls.", "The education is important for girls."),
        ("Modern society has changed, hasn't it?", "The modern society has changed, hasn't it?"),
        ("They talked about love and poverty.", "They talked about the love and the poverty."),
        ('Everyone talks about the importance of education.',
         'Everyone talks about the importance of the education.'),
        ('They fought for justice and freedom.',
         'They fought for the justice and the freedom.'),
        ('Many families live in poverty.',
         'Many families live in the poverty.'),
    ],
    negatives=[
        "She fell in love.",
        "The education system is weak.",
        "His life was hard.",
        "It is a way of life.",
        'They were friends for life.',
        'What are the life expectancies of the countries?',
        'He was at peace.',
    ],
)
def definite_abstract(doc, index) -> Iterator[Site]:
    """*the* with abstract nouns used generically, where SAE has zero: *starved with the
    hunger*, *the society has changed*. Safe subset: bare singular nouns of a documented list
    of abstract nouns (``ABSTRACT_NOUNS``) as subject, object or object of a preposition
    (*the importance of the education*, *starved with the hunger*); not after *at/by*, nor in
    the fixed phrases of a documented list (*in love, way of life, for life*), not in
    compounds, not with any determiner, possessive or quantifier. Generic bare plurals are left alone: *the
    goats* would read as specific goats."""
    for noun in index.lemma(*ABSTRACT_NOUNS):
        if noun.tag_ != "NN" or noun.dep_ == "compound" or lexically_capitalised(noun):
            continue
        role = first_conjunct(noun)
        if role.dep_ == "pobj":
            prep = role.head.lower_
            if prep not in ABSTRACT_PREPOSITIONS or f"{prep} {noun.lemma_.lower()}" in ABSTRACT_IDIOMS:
                continue
        elif role.dep_ not in ("nsubj", "nsubjpass", "dobj"):
            continue
        if noun.i + 1 < len(doc) and doc[noun.i + 1].tag_ in ("NN", "NNS"):
            continue  # *life expectancies*: the noun modifies another
        lefts = list(noun.lefts)
        if any(c.dep_ not in ("amod", "compound") for c in lefts):
            continue
        start = noun.left_edge.i if lefts else noun.i
        if not all(is_plain_modifier(t) for t in doc[start:noun.i]):
            continue
        yield site(Insert(start, "the"))


# Adverbs that make a numeral approximate, the context of *about a three fields* (65).
# Prepositions whose object is a comparison or description, not a referent: *like a
# brother*, *as a child*, *nothing but a bunch*, *the kitchen of a restaurant*.
NON_REFERRING_PREPOSITIONS = frozenset("like as than but of per".split())
APPROXIMATORS = frozenset("about around approximately nearly almost roughly some".split())

# Mass nouns that take *a/an* in the varieties with feature 65 (*a good advice*).
COUNTED_MASS_NOUNS = wordlist("mass_nouns_with_article")


def is_imperative(index, i: int) -> bool:
    """Token ``i``'s sentence is a command or request (*Find the students who ...*): its root
    is a bare verb without a subject, as in database questions."""
    root = index.sentence(i).root.i
    return index.tag_of[root] == "VB" and not any(
        index.dep_of[c] in ("nsubj", "nsubjpass", "expl") for c in index.child_positions(root)
    )


def determiner_of(noun):
    """The noun's determiner (*a, the, this, my, John's*), or None."""
    for child in noun.children:
        if child.i < noun.i and child.dep_ in ("det", "poss"):
            return child
    return None


@rule(
    "indefinite_for_definite_articles",
    lemmas=UNIQUE_NOUNS,
    examples=[
        ("The sun was shining.", "A sun was shining."),
        ("When the wind blew, we saw the moon.", "When a wind blew, we saw a moon."),
        ("She said that the sky wasn't clear.", "She said that a sky wasn't clear."),
    ],
    negatives=[
        "The door was open.",
        "There is nothing new under the sun.",
        "The sun's rays are hot.",
        "The same sun rose.",
        "Isn't the sky beautiful tonight?",
    ],
)
def indefinite_for_definite_articles(doc, index) -> Iterator[Site]:
    """*a/an* where SAE has *the*, as in *a sun was shining*. Decision: only where the
    referent is identifiable without the article, for the nouns with one referent in the
    speaker's world (a documented list: *sun, moon, sky, wind*) as subject or object in
    statements;
    elsewhere *a* would introduce a new referent and change the meaning. Not in prepositional
    phrases (*under the sun* is a fixed phrase), possessors or with *same/first/...*.
    Benchmark texts rarely speak of the sun, moon, sky or wind: their *the weather* is a mass
    noun (*a weather was warm* would not be said) and their *the world* follows a preposition
    (*in a world* would mean some world)."""
    for noun in index.lemma(*UNIQUE_NOUNS):
        if noun.tag_ != "NN" or first_conjunct(noun).dep_ not in ("nsubj", "nsubjpass", "dobj"):
            continue
        det = definite_article(index, noun.i)
        if det is None or not common_noun_head(index, det) or followed_by_possessive(index, noun.i):
            continue
        if in_question(noun):
            continue  # *why is a sky blue?* would ask about skies in general
        if plain_noun_phrase(index, det, noun.i):
            yield site(Replace(det, indefinite_article(index.words[det + 1])))


def approximated_numeral(index, num: int) -> bool:
    """*about three fields*: a numeral (position ``num``) above one, counting a plural noun,
    right after an approximating adverb that modifies it."""
    if index.dep_of[num] != "nummod" or not index.tokens[num].like_num or lower(index, num) in ("one", "1"):
        return False
    noun = index.head_of[num]
    return (
        num > 0
        and lower(index, num - 1) in APPROXIMATORS
        and index.head_of[num - 1] == num
        and index.tag_of[noun] == "NNS"
        and determiner_of(index.tokens[noun]) is None
    )


def bare_modified_mass_noun(noun) -> bool:
    """*good advice*, *for advice*, *with useful information*: a countable-in-the-dialect
    mass noun without a determiner, as object, predicate or object of a preposition (not of
    the *of* of a partitive or quantity: *a piece of advice*, *a lot of homework*); as a
    predicate only with an adjective (*it is information* is no single item); not the
    object of an infinitive (:func:`activity_object`)."""
    if noun.tag_ != "NN" or noun.lower_ != noun.lemma_.lower() or lexically_capitalised(noun):
        return False
    role = first_conjunct(noun)
    if role.dep_ not in ("dobj", "attr", "pobj") or determiner_of(noun) is not None:
        return False
    if role.dep_ == "pobj" and role.head.lower_ in NON_REFERRING_PREPOSITIONS:
        return False
    if role.dep_ == "dobj" and not object_taken_by_verb(role.head, role):
        return False  # *imperfect information*, *pricing information*: a modifier taken for a verb
    if role.dep_ == "dobj" and activity_object(role):
        return False
    if noun.i + 1 < len(noun.doc) and noun.doc[noun.i + 1].tag_ in ("NN", "NNS"):
        return False  # *information desk*
    lefts = list(noun.lefts)
    if not lefts and role.dep_ == "attr":
        return False
    return all(c.dep_ == "amod" and c.tag_ == "JJ" for c in lefts) and not (
        {t.lower_ for c in lefts for t in c.subtree} & (SINGULAR_MARKERS | NON_GRADABLE)
    )


def activity_object(obj) -> bool:
    """*designed to gather information*, *the way to free information*: the bare object of an
    infinitive, which with its verb names a kind of activity (any information), not a
    single item that was or is gathered."""
    verb = obj.head
    return verb.tag_ == "VB" and any(c.dep_ == "aux" and c.tag_ == "TO" for c in verb.children)


# What a bare -ing form right before its object does when it is a verb of its own clause
# (*ends up obtaining advice*, *by sharing information*); elsewhere (*This is encouraging
# news*, *a list, pricing information and ...*) it is an attributive modifier the parser
# took for a verb.
GERUND_CLAUSE_DEPS = frozenset({"xcomp", "pcomp", "advcl", "csubj", "conj", "ccomp"})


def object_taken_by_verb(head, obj) -> bool:
    """``head``, which the parse gives ``obj`` as its object, is a verb: not an adjective
    (*imperfect information*), nor an -ing word right before it that heads no clause."""
    if head.pos_ not in ("VERB", "AUX"):
        return False
    return not (head.tag_ == "VBG" and head.i == obj.left_edge.i - 1 and head.dep_ not in GERUND_CLAUSE_DEPS)


@rule(
    "indefinite_for_zero",
    tags={"CD", "NN"},
    examples=[
        ("We planted about three fields.", "We planted about a three fields."),
        ("It took around 20 minutes, didn't it?", "It took around a 20 minutes, didn't it?"),
        ("She gave me good advice.", "She gave me a good advice."),
        ("Was it useful information?", "Was it a useful information?"),
        ('She asked the manager for advice.',
         'She asked the manager for an advice.'),
        ('He came back with useful information.',
         'He came back with a useful information.'),
        ('We need new furniture.',
         'We need a new furniture.'),
    ],
    negatives=[
        "We planted three fields.",
        "About 80 people came.",
        "She gave me some good advice.",
        "The information is useful.",
        "It costs about a dollar.",
        'He gave me a piece of advice.',
        'They gave us a lot of homework.',
        'I went to school by bus.',
        'It is information.',
        # a modifier before the noun taken for a verb with an object
        'That is encouraging news.',
        'Taxes, public goods, and imperfect information all cause market failure.',
        # the object of an infinitive names an activity
        'The probe was built to collect information about comets.',
        'Their aim is to give advice to everyone who asks.',
    ],
)
def indefinite_for_zero(doc, index) -> Iterator[Site]:
    """*a/an* where SAE has no article. Two attested contexts: before an approximated
    numeral (*about a three fields*), and with mass nouns that the dialect counts (*a good
    advice*, *ask for an advice*, *with a useful information*; documented list of such
    nouns), as object or after a preposition. Bare singular count nouns after a preposition
    (*at school*, *by bus*) are left out on purpose: their zero article marks the
    institution or the means, and *at a school* would name a building instead. Not with a numeral that is the subject's (*about 80 people came* keeps the
    article out of subjects), nor where another determiner or quantifier stands."""
    lemma_of, dep_of, head_of = index.lemma_of, index.dep_of, index.head_of
    for i, tag in enumerate(index.tag_of):
        if tag == "CD":
            if not approximated_numeral(index, i):
                continue
            if dep_of[first_conjunct_at(index, head_of[i])] not in ("nsubj", "nsubjpass"):
                yield site(Insert(i, indefinite_article(index.words[i])))
        elif tag == "NN" and lemma_of[i] in COUNTED_MASS_NOUNS and bare_modified_mass_noun(index.tokens[i]):
            start = index.tokens[i].left_edge
            yield site(Insert(start.i, indefinite_article(start.text)))


def specific_indefinite(index, det: int) -> bool:
    """An *a/an* (position ``det``) with a specific referent: subject, object or prepositional
    object in a declarative clause about something that happened or happens (see
    ``is_specific_context``), not a predicate (*he is a teacher*) or under negation."""
    dep_of, head_of = index.dep_of, index.head_of
    noun = head_of[det]
    role = first_conjunct_at(index, noun)
    if dep_of[role] not in ARGUMENT_DEPS or is_imperative(index, det):
        return False
    if dep_of[role] == "pobj" and lower(index, head_of[role]) in NON_REFERRING_PREPOSITIONS:
        return False
    tokens = index.tokens
    if any(tokens[i].like_num for i in range(det + 1, noun)):
        return False  # *a two-week strike*
    if has_of_complement(index, noun) and not of_possessive(index, noun):
        return False  # *a glass of water*; but *a friend of mine* is one person
    verb = clause_verb(index, role)
    if verb is None or clause_is_negated(index.tokens[verb]) or fronted_description(index, role, verb):
        return False
    if not (is_specific_context(index, verb) or (dep_of[role] in ("nsubj", "nsubjpass")
                                                 and perfect_of_an_event(index, verb))):
        return False
    if dep_of[role] == "dobj" and index.lemma_of[verb] in LIGHT_VERBS:
        return False
    if characterising_phrase(index, role) or generic_passive_subject(index, role, verb):
        return False
    if present_when_clause(index, verb) or generic_object(index, role, verb) or counted_unit(index, noun):
        return False
    if result_predicate(index, role):
        return False  # *turned it into a studio*: what it becomes, a predicate
    return not intensional_object(index, role, verb)


def perfect_of_an_event(index, verb: int) -> bool:
    """*a student has won the prize*: a present or past perfect in a statement, not one of
    experience (*... ever/never seen*), whose subject did something specific."""
    words = index.words
    start, end = index.sentence_of[verb], index.sentence_end(verb)
    if words[end - 1] == "?" or any(words[i].lower() in CONDITIONAL_WORDS for i in range(start, end)):
        return False
    kids = index.child_positions(verb)
    if index.tag_of[verb] != "VBN" or any(index.tag_of[c] == "MD" for c in kids):
        return False
    if any(lower(index, c) in ("ever", "never") for c in kids):
        return False
    return any(index.dep_of[c] == "aux" and index.lemma_of[c] == "have" for c in kids)


@rule(
    "indef_one",
    lemmas={"a", "an"},
    examples=[
        ("They saw a green snake tangled round a tree.",
         "They saw one green snake tangled round one tree."),
        ("A man came to the door with an umbrella.",
         "One man came to the door with one umbrella."),
        ("She sells a car, but I said that I bought an apple.",
         "She sells one car, but I said that I bought one apple."),
        ('A friend of mine lives in Paris.',
         'One friend of mine lives in Paris.'),
        ('A student has won the prize.',
         'One student has won the prize.'),
        ('Yesterday a man knocked on the door.',
         'Yesterday one man knocked on the door.'),
        ('When we arrived, a guard opened the gate.',
         'When we arrived, one guard opened the gate.'),
        ('A woman in a red coat feeds the pigeons.',
         'One woman in one red coat feeds the pigeons.'),
        ('The kids built a snowman, which melted by noon.',
         'The kids built one snowman, which melted by noon.'),
    ],
    negatives=[
        "He is a teacher.",
        "Have you ever seen a ghost?",
        "I don't have a car.",
        "I waited for a while and had a look.",
        "Can you lend me a pen?",
        "He drank a glass of water.",
        'A student has never won the prize.',
        'Has a student won the prize?',
        'A glass of water fell.',
        'He always has trouble keeping a job.',
        # coordinated indefinites, generic statements, rules over occasions
        'Both a nurse and a teacher were waiting outside.',
        'A raincoat is a must for a trip to Wales.',
        'Whenever you buy a phone, check the battery.',
        # a description set before the subject; an indefinite over occasions
        'A talented painter, this Dutchman was born in Leiden.',
        'We often rent a cottage by the sea.',
        'Two judges gave him a nine. A third gave him a seven.',
        # the object of a verb of wanting or seeking is no existing thing
        'Most people want a quiet life.', 'She is looking for a new flat.',
        'The village needed a doctor.',
        # a property that tells which one; a state as predicate of *be*; a generic passive
        'The girl with a red hat waved at us.', 'My brother was in a hurry yesterday.',
        'A rainbow is formed by sunlight in rain.',
        # a present *when*-clause, a generic statement of two kinds, a unit the text counts
        'When you drop a glass on tiles, it breaks.',
        'A strong wind bends a young tree.',
        'She stacked the cups in a box, which holds 12 cups each.',
        'Ben filled a sack with apples. He charged $4 per sack.',
        # what a thing is made into: a predicate of the result
        'They turned the old barn into a studio.', 'The well had been dry for more than a year.',
    ],
)
def indef_one(doc, index) -> Iterator[Site]:
    """*one* as indefinite article: *they seen one green snake*. Only for specific
    indefinites (subject, object or prepositional object in a declarative clause about a
    real event), where *one* and *a* refer alike; not in predicates (*he is one teacher*
    would count), questions, commands (*find the students enrolled in one course* would read
    as "exactly one"), conditionals, under negation (*I don't have one car* means "not even
    one") or modals, after *like/as/than/of* (*like a brother*), nor in quantity and fixed
    phrases (*a few, for a while*). Not a property that tells which one (*the man with a
    beard*), a state after *be* (*was on a diet*) or the subject of a present passive (*a
    plateau is formed by*: any plateau), where nothing is counted."""
    for det in indefinite_articles(index):
        if lower(index, det + 1) in ORDINALS or (det > 0 and lower(index, det - 1) == "than"):
            continue  # *a third (person)*: a fraction; *more than a year*: a measure, "one" counts
        if specific_indefinite(index, det) and not coordinated_noun(index, det):
            yield site(Replace(det, "one"))


ORDINALS = FRACTION_WORDS | {"second"}


def coordinated_noun(index, det: int) -> bool:
    """The noun of ``det`` is coordinated with another one (*both a bisexual man and a gay
    man*): with *one* for each, the pair reads as a count, one of each. The parser may leave
    the conjuncts as two subjects, so a coordinator right before the article or among the
    noun's dependents counts too."""
    noun = index.head_of[det]
    if index.dep_of[noun] == "conj" or (det > 0 and index.tag_of[det - 1] == "CC"):
        return True
    return any(index.dep_of[c] in ("conj", "cc", "preconj") for c in index.child_positions(noun))
