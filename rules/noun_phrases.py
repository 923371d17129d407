"""Noun phrase rules (eWAVE 49-80): plural marking, articles and comparison.

All noun and adjective forms come from the inflection lexicon: irregular forms from its
dictionary (``plural_noun``, ``singular_noun``), and the *regular* forms a feature calls for
(``wifes``, ``furnitures``, ``regularest``) from its rules for out-of-vocabulary words, which
apply the regular suffix with the right spelling (``jewelries``, ``wifes``, ``biggest``).
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from multivalue_cli.edits import Delete, Insert, Replace, Site, site
from multivalue_cli.morphology import plural_noun, singular_noun
from multivalue_cli.registry import rule

CATEGORY = "Noun Phrases"

# --------------------------------------------------------------------------- word lists

# Nouns that are mass (uncountable) in SAE but count nouns in the varieties with feature 55.
# Deliberately left out: nouns whose plural is already standard with another sense
# (woods, works, fruits, hairs, papers, accommodations, researches).
MASS_NOUNS = frozenset(
    "advice furniture equipment information luggage baggage staff homework jewelry jewellery "
    "machinery stationery feedback evidence knowledge software scenery mail slang".split()
)

# Words in a noun phrase that require a singular or mass noun: "much advices", "this
# informations", "an equipments" would be ungrammatical in the dialect too.
SINGULAR_MARKERS = frozenset(
    "a an this that much little less every each another either neither one".split()
)

# Nouns that take a mass noun as "of"-complement and count it themselves
# ("a piece of furniture", "the amount of information").
PARTITIVE_NOUNS = frozenset(
    "piece bit item article kind type sort amount deal quantity scrap word".split()
)

# Quantifiers that themselves mark plurality. "some" is left out: "some book" reads as
# "a certain book", which changes the meaning.
PLURAL_QUANTIFIERS = frozenset(
    "many several few all both various numerous multiple countless".split()
)
PLURAL_DEMONSTRATIVES = frozenset({"these", "those"})

# Heads of "of"-phrases that mark the plurality of their complement ("a lot of books").
QUANTITY_HEADS = frozenset(
    "lot lots plenty number couple dozen dozens hundreds thousands millions".split()
)

# Plurals whose singular is another word or reads with another sense.
PLURALIA_TANTUM = frozenset(
    "glasses clothes goods arms scissors trousers pants jeans shorts thanks savings "
    "surroundings belongings earnings outskirts premises headquarters customs manners remains "
    "stairs spirits troops quarters grounds damages letters minutes odds riches funds "
    "contents sales terms regards wages works".split()
)

# Human nouns (feature 58 is for non-human referents). A short list of frequent ones; the
# agentive suffixes below catch most of the rest, at the cost of skipping some objects.
HUMAN_NOUNS = frozenset(
    "person people man men woman women child children kid boy girl baby adult friend family "
    "parent mother father brother sister son daughter husband wife uncle aunt cousin "
    "grandparent grandmother grandfather neighbour neighbor guest host citizen student pupil "
    "teacher doctor nurse patient guy lady gentleman king queen prince princess member fan "
    "hero victim soldier officer police chef cook pilot artist author poet actor actress "
    "singer player leader employee colleague partner client customer audience staff crew team "
    "individual human youth elder stranger enemy boss expert scientist athlete judge coach "
    "tourist visitor resident local native spouse sibling relative peer employee trainee "
    "refugee actress waitress princess hostess officer lawyer soldier prisoner foreigner "
    "partner passenger messenger villager teenager carpenter minister master engineer "
    "volunteer pioneer".split()
)
PERSONAL_SUFFIXES = ("ist", "ian", "ant", "ent")
NON_HUMAN_ENDINGS = ("ment",)

# Nouns that a/an turns into a measure or quantity expression ("a lot", "a few",
# "twice a day") or fixed phrase ("for a while", "in a way"), where another article is not
# the feature.
QUANTITY_NOUNS = frozenset(
    "lot bit few little couple number dozen hundred thousand million billion half quarter "
    "while deal total majority handful".split()
)
ARTICLE_IDIOM_NOUNS = frozenset(
    "time way result sudden whole moment hurry row nutshell sense matter rule extent degree "
    "day week month year hour minute second".split()
)
FIXED_ARTICLE_NOUNS = QUANTITY_NOUNS | ARTICLE_IDIOM_NOUNS
# Words before a/an that make it part of another construction ("such a", "what a", "half an").
ARTICLE_FRAMES = frozenset("such what quite rather many half once twice per upon".split())

# Light verbs: "have a look", "take a break", "make a decision" change meaning with "the".
LIGHT_VERBS = frozenset("have take make give do get".split())
# Ailments, the context eWAVE 60 is attested in ("I had the toothache", "get the cold").
AILMENT_NOUNS = frozenset(
    "cold fever headache toothache stomachache backache earache cough flu temperature rash "
    "infection sore throat".split()
)

# Nouns after which "the" is part of a fixed expression ("by the way", "the rest").
DEFINITE_IDIOM_NOUNS = frozenset(
    "way rest time end same latter former moment past future present".split()
)

# Heads of partitive "of"-phrases, before which "the" stays: "one/some/most of the books".
PARTITIVE_POS = frozenset({"NUM", "PRON", "ADJ", "DET"})

# Abstract and generic mass nouns that the varieties with feature 64 use with "the"
# ("starved with the hunger", "the society has changed"). School subjects (history,
# science, music) are left out: "learn the history" means the history of something.
ABSTRACT_NOUNS = frozenset(
    "hunger poverty education society nature technology life love religion culture democracy "
    "freedom justice happiness health knowledge peace unemployment corruption pollution "
    "crime violence inflation humanity friendship honesty childhood marriage death".split()
)
ABSTRACT_PREPOSITIONS = frozenset("about from with against on through towards toward into".split())

# Quantifier-like words that are no adjectives to compare.
NON_GRADABLE = frozenset("much many little few more most less least far late".split())


# --------------------------------------------------------------------------- morphology


@lru_cache(maxsize=4096)
def regular_form(lemma: str, upos: str, tag: str) -> str | None:
    """The regular (suffixed) ``tag`` form of ``lemma``, even where the lexicon has an
    irregular or no form: wife -> wifes, furniture -> furnitures, regular -> regularest."""
    from lemminflect import getAllInflectionsOOV

    forms = getAllInflectionsOOV(lemma, upos).get(tag)
    return forms[0] if forms else None


@lru_cache(maxsize=4096)
def lexicon_forms(lemma: str, tag: str) -> tuple[str, ...]:
    """The forms the lexicon lists for ``lemma`` and ``tag`` (empty for unknown words)."""
    from lemminflect import getInflection

    return tuple(getInflection(lemma, tag=tag))


def is_synthetic_degree(tok, tag: str) -> bool:
    """Whether ``tok`` is a true -er/-est (or suppletive) form of its lemma, not a mis-tag."""
    lemma = tok.lemma_.lower()
    if lemma == tok.lower_ or lemma in NON_GRADABLE:
        return False
    return tok.lower_ in lexicon_forms(lemma, tag)


# --------------------------------------------------------------------------- parse helpers


def lexically_capitalised(tok) -> bool:
    """A capital that is not there because the word starts the sentence (names, titles)."""
    return tok.text[:1].isupper() and not tok.is_sent_start


def first_conjunct(tok):
    """The first noun of a coordination (its dependency label is the phrase's role)."""
    while tok.dep_ == "conj" and tok.head is not tok:
        tok = tok.head
    return tok


def left_words(tok) -> set[str]:
    """Lower-cased words of ``tok``'s left dependents and their own dependents."""
    return {t.lower_ for child in tok.lefts for t in child.subtree}


def has_numeral_above_one(tok) -> bool:
    return any(
        c.dep_ == "nummod" and c.like_num and c.lower_ not in ("one", "1") for c in tok.children
    )


def has_personal_relative(noun) -> bool:
    """*the ones who left*: a *who* relative clause shows the noun names people."""
    return any(
        c.dep_ == "relcl" and any(t.lower_ in ("who", "whom", "whose") for t in c.subtree)
        for c in noun.children
    )


def has_plural_quantifier(tok, words: frozenset[str]) -> bool:
    """*many books, all our subjects, these shoes*: a quantifier or demonstrative among the
    noun's determiners and modifiers."""
    return any(c.dep_ in ("det", "amod", "predet") and c.lower_ in words for c in tok.children)


def followed_by_possessive(tok) -> bool:
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return nxt is not None and nxt.tag_ == "POS"


def regular_plural_singular(tok) -> str | None:
    """The singular of a plural noun marked with -s ("years" -> "year"), or None for
    irregular plurals, invariable nouns and plurals that are words of their own."""
    low = tok.lower_
    if tok.tag_ != "NNS" or not low.endswith("s") or low in PLURALIA_TANTUM:
        return None
    for singular in (tok.lemma_.lower(), singular_noun(low)):
        if singular == low or singular.endswith("s") or tok.doc.vocab[singular].like_num:
            continue
        if plural_noun(singular) == low or low in lexicon_forms(singular, "NNS"):
            return singular
    return None


def voiced_plural_singular(tok) -> str | None:
    """The f/fe singular of a -ves plural (*leaves* -> *leaf*, not the verb *leave*)."""
    from lemminflect import getAllLemmas

    low = tok.lower_
    dictionary = getAllLemmas(low, "NOUN").get("NOUN", ())
    for singular in (tok.lemma_.lower(), singular_noun(low), *dictionary):
        if singular.endswith(("f", "fe")) and low in lexicon_forms(singular, "NNS"):
            return singular
    return None


def is_human_noun(singular: str) -> bool:
    """Whether a noun (probably) names people: listed, with a personal suffix (*artist,
    musician, student*), or an agent noun in -er/-or of a verb (*player, visitor*). Devices
    in -er (*printer*) are caught too, which only makes the rule more cautious."""
    if singular in HUMAN_NOUNS or singular.endswith(("man", "woman")):
        return True
    if singular.endswith(PERSONAL_SUFFIXES) and not singular.endswith(NON_HUMAN_ENDINGS):
        return True
    if singular.endswith(("er", "or")):
        return any(is_verb(stem) for stem in agent_stems(singular))
    return False


def agent_stems(noun: str) -> tuple[str, ...]:
    """Possible verbs of an agent noun: *player* -> play, *writer* -> write, *runner* -> run."""
    stem = noun[:-2]
    stems = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stems.append(stem[:-1])
    return tuple(stems)


@lru_cache(maxsize=4096)
def is_noun(word: str) -> bool:
    from lemminflect import getAllLemmas

    return bool(getAllLemmas(word, "NOUN"))


@lru_cache(maxsize=4096)
def is_verb(word: str) -> bool:
    from lemminflect import getAllInflections

    return bool(getAllInflections(word, "VERB"))


def finite_verb_is_plural(verb) -> bool:
    """Whether the finite verb of ``verb``'s clause shows plural agreement (are, were, do, VBP)."""
    for t in (*[c for c in verb.children if c.dep_ in ("aux", "auxpass")], verb):
        if t.tag_ == "VBP" or t.lower_ in ("are", "were", "'re", "’re"):
            return t.lower_ not in ("am", "'m")
        if t.tag_ in ("VBZ", "VBD", "MD"):
            return False
    return False


def plurality_marked_elsewhere(noun) -> bool:
    """Whether the noun's plurality stays visible without its -s: a plural determiner,
    numeral or quantifier, a quantity head ("a lot of"), or a plural verb it agrees with."""
    if has_numeral_above_one(noun):
        return True
    if has_plural_quantifier(noun, PLURAL_QUANTIFIERS | PLURAL_DEMONSTRATIVES):
        return True
    head = noun.head
    if noun.dep_ == "pobj" and head.lower_ == "of" and is_quantity_head(head.head):
        return True
    if noun.dep_ == "conj" or any(c.dep_ == "conj" for c in noun.children):
        return False
    if noun.dep_ in ("nsubj", "nsubjpass"):
        return finite_verb_is_plural(head)
    if noun.dep_ == "attr" and any(c.dep_ == "expl" for c in head.children):
        return finite_verb_is_plural(head)
    return False


def is_quantity_head(tok) -> bool:
    """*a lot / lots / plenty / a number / a couple / dozens* (of ...); *the number of* counts."""
    if tok.lower_ not in QUANTITY_HEADS:
        return False
    return tok.lower_ != "number" or any(c.lower_ in ("a", "an") for c in tok.children)


def nominal_head(det) -> bool:
    """A determiner's head is a common noun (or a noun the tagger took for an adjective,
    as in "a cold") in a nominal role."""
    head = det.head
    if head.tag_ == "NN":
        return True
    return head.pos_ == "ADJ" and head.dep_ in ("dobj", "pobj", "nsubj", "nsubjpass", "conj")


def is_negated(verb) -> bool:
    """*didn't say a word*: under negation *a* means "any", and *the* would change that."""
    return any(c.dep_ == "neg" for c in verb.children)


def previous_word(tok) -> str:
    return tok.doc[tok.i - 1].lower_ if tok.i > 0 else ""


# --------------------------------------------------------------------------- plurals


@rule(
    49, "regularized_plurals", CATEGORY,
    tags={"NNS"},
    examples=[
        ("Their wives cooked dinner.", "Their wifes cooked dinner."),
        ("The leaves fell and the wolves howled.", "The leafs fell and the wolfs howled."),
        ("Knives are sharp, aren't they?", "Knifes are sharp, aren't they?"),
        ("How many lives were saved?", "How many lifes were saved?"),
    ],
    negatives=[
        "She leaves at noon and lives in Delhi.",
        "He bought new gloves and olives.",
        "The chiefs met on the roofs.",
    ],
)
def regularized_plurals(doc, index) -> Iterator[Site]:
    """Phonological regularisation of plurals: the f/v voicing of *wife - wives* is given up
    and the regular -s is added to the singular (*wifes, knifes, leafs, lifes*). Only nouns
    whose standard plural has that alternation; other irregular plurals (*children, feet*)
    are a different feature."""
    for tok in index.by_tag.get("NNS", ()):
        low = tok.lower_
        if not low.endswith("ves") or lexically_capitalised(tok):
            continue
        singular = voiced_plural_singular(tok)
        if singular is None:
            continue
        regular = regular_form(singular, "NOUN", "NNS")
        if regular and regular != low and regular.startswith(singular):
            yield site(Replace(tok.i, regular))


@rule(
    55, "mass_noun_plurals", CATEGORY,
    lemmas=MASS_NOUNS,
    examples=[
        ("She gave me some good advice.", "She gave me some good advices."),
        ("They sold all their furniture and equipment.",
         "They sold all their furnitures and equipments."),
        ("Where can I find more information about the course?",
         "Where can I find more informations about the course?"),
        ("We hired new staff, but we lost our luggage.",
         "We hired new staffs, but we lost our luggages."),
    ],
    negatives=[
        "How much advice did he give you?",
        "The information is wrong.",
        "This is useful information.",
        "He bought a piece of furniture.",
        "The information desk was closed.",
    ],
)
def mass_noun_plurals(doc, index) -> Iterator[Site]:
    """Mass nouns used as count nouns and pluralised: *advices, furnitures, equipments,
    informations, staffs* (documented list ``MASS_NOUNS``). Only where nothing in the
    sentence would then disagree: not after singular-only words (*much, a, this, every*),
    not as subject or predicate (the verb or *this is* agrees in the singular), not with a
    relative clause (its verb agrees too), not inside compounds (*information desk*) or after
    partitives (*a piece of furniture*)."""
    for tok in index.lemma(*MASS_NOUNS):
        if tok.tag_ != "NN" or tok.lower_ != tok.lemma_.lower() or lexically_capitalised(tok):
            continue
        role = first_conjunct(tok).dep_
        if role in ("nsubj", "nsubjpass", "attr", "compound", "npadvmod", "appos"):
            continue
        if tok.dep_ == "compound" or any(c.dep_ in ("relcl", "nummod") for c in tok.children):
            continue
        if left_words(tok) & SINGULAR_MARKERS:
            continue
        head = first_conjunct(tok).head
        if head.lower_ == "of" and head.head.lemma_.lower() in PARTITIVE_NOUNS:
            continue
        plural = regular_form(tok.lower_, "NOUN", "NNS")
        if plural and plural != tok.lower_:
            yield site(Replace(tok.i, plural))


@rule(
    56, "zero_plural_after_quantifier", CATEGORY,
    tags={"NNS"},
    examples=[
        ("I lived there for five years.", "I lived there for five year."),
        ("How many books did you read?", "How many book did you read?"),
        ("We did all our subjects in English, and it took several weeks.",
         "We did all our subject in English, and it took several week."),
        ("It costs 20 dollars.", "It costs 20 dollar."),
    ],
    negatives=[
        "The books are on the table.",
        "Some students didn't come.",
        "Five children were playing.",
        "It was a five years' journey.",
    ],
)
def zero_plural_after_quantifier(doc, index) -> Iterator[Site]:
    """Plural -s left out only where a numeral or quantifier already marks plurality: *five
    year, many book, all our subject, several week*. Only regular -s plurals (*five child*
    is not the feature); not after *some* (*some book* means "a certain book"); not before a
    possessive (*five years' time*)."""
    for tok in index.by_tag.get("NNS", ()):
        singular = regular_plural_singular(tok)
        if singular is None or lexically_capitalised(tok) or followed_by_possessive(tok):
            continue
        if has_numeral_above_one(tok) or has_plural_quantifier(tok, PLURAL_QUANTIFIERS):
            yield site(Replace(tok.i, singular))


@rule(
    58, "zero_plural", CATEGORY,
    tags={"NNS"},
    examples=[
        ("The trees don't grow very tall up there.", "The tree don't grow very tall up there."),
        ("These shoes are too small.", "These shoe are too small."),
        ("There were three cars and many bikes outside.",
         "There were three car and many bike outside."),
        ("Which rivers are longer than the Nile?", "Which river are longer than the Nile?"),
        ("The books on his desk were old.", "The book on his desk were old."),
    ],
    negatives=[
        "I like dogs.",
        "The students are waiting.",
        "She reads books and papers.",
        "These glasses are mine.",
        "Many teachers left.",
    ],
)
def zero_plural(doc, index) -> Iterator[Site]:
    """Plural marking optional for nouns with non-human referents: *the tree don't grow*.
    Decision: the -s is dropped only where plurality stays visible elsewhere - a plural
    determiner, numeral or quantifier (*these shoe, three car, a lot of book*), or a plural
    verb the noun is the subject of (*the tree don't*, *there were ... car*) - so that the
    meaning is kept ("I like dog" would be read as a mass noun). Human nouns (a list plus
    agentive suffixes -er, -ist, -ian, ...) and nouns whose singular is another word
    (*glasses, goods*) are left alone."""
    for tok in index.by_tag.get("NNS", ()):
        singular = regular_plural_singular(tok)
        if singular is None or is_human_noun(singular) or lexically_capitalised(tok):
            continue
        if followed_by_possessive(tok) or tok.dep_ == "compound":
            continue
        if has_personal_relative(tok):
            continue
        if plurality_marked_elsewhere(tok):
            yield site(Replace(tok.i, singular))


# --------------------------------------------------------------------------- articles


def indefinite_articles(index) -> Iterator:
    """a/an determiners of a common noun, outside quantity and fixed expressions."""
    for det in index.tag("DT"):
        if det.lower_ not in ("a", "an") or det.dep_ != "det" or not nominal_head(det):
            continue
        noun = det.head
        if noun.i < det.i or previous_word(det) in ARTICLE_FRAMES:
            continue
        if det.doc[det.i + 1].lemma_.lower() in QUANTITY_NOUNS:
            continue
        if noun.lemma_.lower() in FIXED_ARTICLE_NOUNS or noun.dep_ in ("npadvmod", "nmod"):
            continue
        if any(c.lower_ == "single" for c in noun.children):
            continue
        yield det


@rule(
    60, "definite_for_indefinite_articles", CATEGORY,
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
    for det in indefinite_articles(index):
        noun = det.head
        role = first_conjunct(noun)
        if role.dep_ == "pobj":
            if role.head.lower_ not in ("with", "about", "from", "to", "into", "for"):
                continue
        elif role.dep_ not in ("dobj", "nsubj", "nsubjpass"):
            continue
        verb = clause_verb(role)
        if verb is None or is_negated(verb):
            continue
        if noun.lemma_.lower() not in AILMENT_NOUNS:
            if role.dep_ == "dobj" and verb.lemma_.lower() in LIGHT_VERBS:
                continue
            if not is_specific_context(verb):
                continue
        yield site(Replace(det.i, "the"))


def clause_verb(tok):
    """The verb of the clause a noun belongs to."""
    for anc in tok.ancestors:
        if anc.pos_ in ("VERB", "AUX"):
            return anc
    return None


def is_specific_context(verb) -> bool:
    """A declarative, non-modal, finite clause, where an indefinite usually has a specific
    referent (*I saw a movie*), unlike questions, conditionals, imperatives, infinitives and
    perfects of experience (*have you ever seen a ghost*)."""
    sent = verb.sent
    if sent[-1].text == "?" or any(t.lower_ in ("if", "unless", "whether") for t in sent):
        return False
    children = list(verb.children)
    if any(c.tag_ in ("MD", "TO") for c in children):
        return False
    if verb.tag_ == "VBN":
        return any(c.dep_ == "auxpass" for c in children)
    return verb.tag_ in ("VBD", "VBZ", "VBP", "VBG")


@rule(
    62, "remove_det_definite", CATEGORY,
    lemmas={"the"},
    examples=[
        ("The main reason for their performance was luck.",
         "Main reason for their performance was luck."),
        ("Did you get the mileage claim for that trip?",
         "Did you get mileage claim for that trip?"),
        ("Show the names of the singers.", "Show names of singers."),
    ],
    negatives=[
        "She is the best.",
        "By the way, the rest is easy.",
        "He read The Hobbit.",
        "One of the students left.",
    ],
)
def remove_det_definite(doc, index) -> Iterator[Site]:
    """Zero article where SAE has *the*: *Ø main reason for their performance*. Only before
    common nouns in argument roles; not in titles or names (*The Hobbit*, *the Nile*), before
    adjectives used as nouns (*the best*), in partitives (*one of the students*) or fixed
    phrases (*by the way*, *the rest*, *the same*)."""
    for det in index.by_lemma.get("the", ()):
        if det.dep_ != "det" or lexically_capitalised(det):
            continue
        noun = det.head
        if noun.tag_ not in ("NN", "NNS") or noun.i < det.i or lexically_capitalised(noun):
            continue
        if noun.lemma_.lower() in DEFINITE_IDIOM_NOUNS:
            continue
        role = first_conjunct(noun)
        if role.dep_ not in ("nsubj", "nsubjpass", "dobj", "pobj", "attr", "ROOT"):
            continue
        head = role.head
        if role.dep_ == "pobj" and head.lower_ == "of" and head.head.pos_ in PARTITIVE_POS:
            continue  # "one of the students", "some of the books"
        if any(t.lower_ in ("same", "other", "very") for t in doc[det.i + 1:noun.i]):
            continue
        if not doc[det.i + 1].text[:1].isalpha():
            continue  # "the 1990s": a sentence cannot be re-capitalised on a digit
        yield site(Delete(det.i))


@rule(
    63, "remove_det_indefinite", CATEGORY,
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
    ],
)
def remove_det_indefinite(doc, index) -> Iterator[Site]:
    """Zero article where SAE has *a/an*: *getting Ø girl from India*, *he is Ø engineer*.
    Not where the article is part of a quantity or frequency phrase (*a few, a lot, twice a
    week, half an hour*) or an exclamation (*what a day*)."""
    for det in indefinite_articles(index):
        yield site(Delete(det.i))


def is_plain_modifier(tok) -> bool:
    """A word that may stand between an inserted *the* and its noun (*the modern society*)."""
    return tok.pos_ in ("ADJ", "ADV", "NOUN", "PUNCT") and tok.tag_ != "JJS"


@rule(
    64, "definite_abstract", CATEGORY,
    lemmas=ABSTRACT_NOUNS,
    examples=[
        ("Poor people were starved with hunger.", "Poor people were starved with the hunger."),
        ("Education is important for girls.", "The education is important for girls."),
        ("Modern society has changed, hasn't it?", "The modern society has changed, hasn't it?"),
        ("They talked about love and poverty.", "They talked about the love and the poverty."),
    ],
    negatives=[
        "She fell in love.",
        "The education system is weak.",
        "His life was hard.",
        "It is a way of life.",
    ],
)
def definite_abstract(doc, index) -> Iterator[Site]:
    """*the* with abstract nouns used generically, where SAE has zero: *starved with the
    hunger*, *the society has changed*. Safe subset: bare singular nouns of a documented list
    of abstract nouns (``ABSTRACT_NOUNS``) as subject, object or object of a few
    prepositions (*about, from, with, against, on, ...*); not after *in/at/of/for/by*, where
    they form fixed phrases (*in love, way of life, for life*), not in compounds, not with
    any determiner, possessive or quantifier. Generic bare plurals are left alone: *the
    goats* would read as specific goats."""
    for noun in index.lemma(*ABSTRACT_NOUNS):
        if noun.tag_ != "NN" or noun.dep_ == "compound" or lexically_capitalised(noun):
            continue
        role = first_conjunct(noun)
        if role.dep_ == "pobj":
            if role.head.lower_ not in ABSTRACT_PREPOSITIONS:
                continue
        elif role.dep_ not in ("nsubj", "nsubjpass", "dobj"):
            continue
        lefts = list(noun.lefts)
        if any(c.dep_ not in ("amod", "compound") for c in lefts):
            continue
        start = noun.left_edge.i if lefts else noun.i
        if not all(is_plain_modifier(t) for t in doc[start:noun.i]):
            continue
        yield site(Insert(start, "the"))


# --------------------------------------------------------------------------- comparison


def comparison_candidates(index, tag: str) -> Iterator:
    """Synthetic comparatives (``JJR``) or superlatives (``JJS``), including the ones the
    tagger took for a noun or plain adjective (*the prettiest sunsets* as a compound)."""
    suffix = "er" if tag == "JJR" else "est"
    for tok in index.tag(tag, "JJ", "NN"):
        if lexically_capitalised(tok):
            continue
        if tok.tag_ == tag and is_synthetic_degree(tok, tag):
            yield tok
        elif tok.tag_ != tag and tok.lower_.endswith(suffix) and not is_noun(tok.lower_):
            if adjective_lemma(tok, tag):
                yield tok


def degree_lemma(tok, tag: str) -> str:
    """The adjective a comparative or superlative is a form of (*prettiest* -> *pretty*)."""
    return tok.lemma_.lower() if tok.tag_ == tag else adjective_lemma(tok, tag) or tok.lower_


def adjective_lemma(tok, tag: str) -> str | None:
    """For a word tagged as something else, the adjective it is the ``tag`` form of."""
    from lemminflect import getAllLemmas

    for lemma in getAllLemmas(tok.lower_, "ADJ").get("ADJ", ()):
        if lemma != tok.lower_ and lemma not in NON_GRADABLE:
            if tok.lower_ in lexicon_forms(lemma, tag):
                return lemma
    return None


def after_determiner(tok) -> bool:
    """Right after *the* or a possessive (*the easiest*, *my best*, *John's oldest*)."""
    if tok.i == 0:
        return False
    prev = tok.doc[tok.i - 1]
    return prev.lower_ == "the" or prev.tag_ in ("PRP$", "POS")


def in_at_phrase(tok) -> bool:
    """*at best*, *at the latest*: fixed superlative phrases."""
    return tok.dep_ in ("pobj", "advmod", "amod") and tok.head.lower_ == "at"


@rule(
    78, "double_comparative", CATEGORY,
    tags={"JJR", "JJ", "NN"},
    examples=[
        ("That is so much easier to follow.", "That is so much more easier to follow."),
        ("Is your house bigger than mine?", "Is your house more bigger than mine?"),
        ("She felt better after she had eaten.", "She felt more better after she had eaten."),
    ],
    negatives=[
        "The more, the merrier.",
        "He has more books than me.",
        "The bigger, the better.",
        "See you later.",
    ],
)
def double_comparative(doc, index) -> Iterator[Site]:
    """Double comparatives: *more* added before a synthetic comparative adjective: *more
    easier, more bigger, more better*. Not in correlatives (*the bigger, the better*) or on
    quantity words (*more, less, fewer*)."""
    for tok in comparison_candidates(index, "JJR"):
        if previous_word(tok) in ("the", "more", "less"):
            continue
        yield site(Insert(tok.i, "more"))


@rule(
    78, "double_superlative", CATEGORY,
    tags={"JJS", "JJ", "NN"},
    examples=[
        ("This is the easiest way.", "This is the most easiest way."),
        ("Who is your best friend?", "Who is your most best friend?"),
        ("It was one of the hottest days, wasn't it?",
         "It was one of the most hottest days, wasn't it?"),
    ],
    negatives=[
        "At least he tried.",
        "Most people agree.",
        "She is the most famous singer.",
        "It is at best a guess.",
    ],
)
def double_superlative(doc, index) -> Iterator[Site]:
    """Double superlatives: *most* added before a synthetic superlative after *the* or a
    possessive: *the most easiest, my most best friend*. Not in *at least/at best*, or on
    quantity words (*most, least*)."""
    for tok in comparison_candidates(index, "JJS"):
        if after_determiner(tok) and not in_at_phrase(tok):
            yield site(Insert(tok.i, "most"))


@rule(
    79, "synthetic_superlative", CATEGORY,
    lemmas={"most"},
    examples=[
        ("He is the most regular kind of guy I know.", "He is the regularest kind of guy I know."),
        ("It was her most famous song.", "It was her famousest song."),
        ("Which is the most common name?", "Which is the commonest name?"),
    ],
    negatives=[
        "Most people like it.",
        "It was the most interesting film.",
        "She is a most generous host.",
        "He helped the most.",
        "It is the most well-known song.",
    ],
)
def synthetic_superlative(doc, index) -> Iterator[Site]:
    """Extension of synthetic comparison: *the most regular* -> *the regularest*, with the
    regular -est form of the adjective. Only superlatives (after *the* or a possessive), not
    *a most generous host* ("very"); not participles (*most interesting*) or compounds
    (*most well-known*)."""
    for most in index.by_lemma.get("most", ()):
        if most.tag_ != "RBS" or most.dep_ != "advmod" or not after_determiner(most):
            continue
        adj = most.head
        if adj.i != most.i + 1 or adj.tag_ != "JJ" or lexically_capitalised(adj):
            continue
        low = adj.lower_
        if not low.isalpha() or low.endswith(("ed", "ing")) or low in NON_GRADABLE:
            continue
        if adj.i + 1 < len(doc) and doc[adj.i + 1].tag_ == "HYPH":
            continue
        form = (lexicon_forms(low, "JJS") or (regular_form(low, "ADJ", "JJS"),))[0]
        if form and form != low:
            yield site(Delete(most.i), Replace(adj.i, form))


@rule(
    80, "analytic_superlative", CATEGORY,
    tags={"JJS", "JJ", "NN"},
    examples=[
        ("It is one of the prettiest sunsets.", "It is one of the most pretty sunsets."),
        ("Who is the tallest student in the class?", "Who is the most tall student in the class?"),
        ("Easiest questions come first.", "Most easy questions come first."),
    ],
    negatives=[
        "She is my best friend.",
        "At least he came.",
        "It was the worst day.",
        "The most beautiful city is Paris.",
    ],
)
def analytic_superlative(doc, index) -> Iterator[Site]:
    """Extension of analytic comparison: *the prettiest* -> *the most pretty*. Only regular
    -est superlatives (not suppletive *best, worst*) and not *at least / at best*."""
    for tok in comparison_candidates(index, "JJS"):
        lemma = degree_lemma(tok, "JJS")
        if not tok.lower_.endswith("est") or in_at_phrase(tok):
            continue
        if not tok.lower_.startswith(lemma[:-1]):
            continue  # suppletive: best, worst
        yield site(Replace(tok.i, f"most {lemma}"))
