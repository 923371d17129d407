"""Noun phrase rules (eWAVE 49-87): plural marking, articles, demonstratives, possession
and comparison.

All noun and adjective forms come from the inflection lexicon: irregular forms from its
dictionary (``plural_noun``, ``singular_noun``), and the *regular* forms a feature calls for
(``wifes``, ``furnitures``, ``regularest``) from its rules for out-of-vocabulary words, which
apply the regular suffix with the right spelling (``jewelries``, ``wifes``, ``biggest``).
"""
from __future__ import annotations

from functools import lru_cache
from itertools import chain
from typing import Iterator

from multivalue_cli.engine.edits import Delete, Insert, Move, Replace, Site, site, touched_tokens
from multivalue_cli.engine.morphology import indefinite_article, plural_noun, singular_noun
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import first_conjunct, lexically_capitalised
from multivalue_cli.engine.syntax import in_question as is_question
from multivalue_cli.engine.wordlists import wordlist

CATEGORY = "Noun Phrases"

# --------------------------------------------------------------------------- word lists

# Nouns that are mass (uncountable) in SAE but count nouns in the varieties with feature 55.
# Deliberately left out: nouns whose plural is already standard with another sense
# (woods, works, fruits, hairs, papers, accommodations, researches).
MASS_NOUNS = wordlist("mass_nouns_countable")

# Words in a noun phrase that require a singular or mass noun: "much advices", "this
# informations", "an equipments" would be ungrammatical in the dialect too.
SINGULAR_MARKERS = frozenset(
    "a an this that much little less every each another either neither one".split()
)

# Nouns that take a mass noun as "of"-complement and count it themselves
# ("a piece of furniture", "the amount of information").
PARTITIVE_NOUNS = wordlist("partitive_nouns")

# Quantifiers that themselves mark plurality. "some" is left out: "some book" reads as
# "a certain book", which changes the meaning.
PLURAL_QUANTIFIERS = frozenset(
    "many several few all both various numerous multiple countless".split()
)
PLURAL_DEMONSTRATIVES = frozenset({"these", "those"})
PLURAL_MARKERS = PLURAL_QUANTIFIERS | PLURAL_DEMONSTRATIVES

# Heads of "of"-phrases that mark the plurality of their complement ("a lot of books").
QUANTITY_HEADS = wordlist("quantity_of_heads")

# Plurals whose singular is another word or reads with another sense.
PLURALIA_TANTUM = wordlist("pluralia_tantum")

# Human nouns (feature 58 is for non-human referents). A short list of frequent ones; the
# agentive suffixes below catch most of the rest, at the cost of skipping some objects.
HUMAN_NOUNS = wordlist("human_nouns")
PERSONAL_SUFFIXES = ("ist", "ian", "ant", "ent")
NON_HUMAN_ENDINGS = ("ment",)

# Nouns that a/an turns into a measure or quantity expression ("a lot", "a few",
# "twice a day") or fixed phrase ("for a while", "in a way"), where another article is not
# the feature.
QUANTITY_NOUNS = wordlist("quantity_nouns")
ARTICLE_IDIOM_NOUNS = wordlist("article_idiom_nouns")
FIXED_ARTICLE_NOUNS = QUANTITY_NOUNS | ARTICLE_IDIOM_NOUNS
# Words before a/an that make it part of another construction ("such a", "what a", "half an").
ARTICLE_FRAMES = frozenset("such what quite rather many half once twice per upon".split())

# Light verbs: "have a look", "take a break", "make a decision" change meaning with "the".
LIGHT_VERBS = frozenset("have take make give do get".split())
# Ailments, the context eWAVE 60 is attested in ("I had the toothache", "get the cold").
AILMENT_NOUNS = wordlist("ailment_nouns")

# Nouns after which "the" is part of a fixed expression ("by the way", "the rest").
DEFINITE_IDIOM_NOUNS = wordlist("definite_idiom_nouns")

# Heads of partitive "of"-phrases, before which "the" stays: "one/some/most of the books".
PARTITIVE_POS = frozenset({"NUM", "PRON", "ADJ", "DET"})

# Abstract and generic mass nouns that the varieties with feature 64 use with "the"
# ("starved with the hunger", "the society has changed"). School subjects (history,
# science, music) are left out: "learn the history" means the history of something.
ABSTRACT_NOUNS = wordlist("abstract_nouns_generic")
# Nouns whose possessive is no real possession (body parts, *lose one's way*, *my turn*):
# a demonstrative or a for-phrase would read as a contrast or a change of meaning.
INALIENABLE_NOUNS = wordlist("possessive_idiom_nouns")
# Nouns of time, which with a demonstrative form time adverbials (*this morning, those days*).
TIME_NOUNS = wordlist("time_nouns")
# Words of time whose genitive dates something (*today's paper*, *last year's results*).
TIME_POSSESSORS = frozenset(
    "today tonight yesterday tomorrow year month week day decade century hour minute".split())
# Possessions that a postnominal for/belong-phrase can follow without being read as purpose
# (*the knife for Chinyere*, *the cow for my brother*; not *the help for you*): concrete
# things and animals, and possessors that are people (lists derived from WordNet 3.0 by
# another rule family; shared, not edited here).
CONCRETE_NOUNS = wordlist("concrete_thing_nouns") | wordlist("animal_nouns")
PERSON_NOUNS = wordlist("person_nouns")
ABSTRACT_PREPOSITIONS = frozenset(
    "about from with against on through towards toward into of for in to without over under "
    "between among after before despite".split())
# Preposition + abstract noun phrases that keep zero article (*in love*, *for life*).
ABSTRACT_IDIOMS = wordlist("abstract_noun_idioms")

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

# The helpers below that take ``(index, i)`` read the engine's per-document index by token
# position (``index.tag_of[i]`` is a list look-up; ``doc[i].tag_`` builds a Token first),
# for the rules that run on most texts.


def lower(index, i: int) -> str:
    """Token ``i``'s lower-cased text (``Token.lower_``)."""
    return index.words[i].lower()


def capitalised_at(index, i: int) -> bool:
    """``lexically_capitalised`` for token ``i``."""
    return lexically_capitalised(index.tokens[i])


def first_conjunct_at(index, i: int) -> int:
    """``first_conjunct`` for token ``i``: the position of its coordination's first noun."""
    dep_of, head_of = index.dep_of, index.head_of
    while dep_of[i] == "conj" and head_of[i] != i:
        i = head_of[i]
    return i


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


def left_words(index, i: int) -> set[str]:
    """Lower-cased words of token ``i``'s left dependents and their own dependents."""
    return {lower(index, j) for child in index.child_positions(i) if child < i
            for j in index.subtree_positions(child)}


def has_numeral_above_one(index, i: int) -> bool:
    """Token ``i`` has a numeral other than *one* (*five years*)."""
    dep_of, tokens = index.dep_of, index.tokens
    return any(
        dep_of[c] == "nummod" and tokens[c].like_num and lower(index, c) not in ("one", "1")
        for c in index.child_positions(i)
    )


def has_personal_relative(noun) -> bool:
    """*the ones who left*: a *who* relative clause shows the noun names people."""
    return any(
        c.dep_ == "relcl" and any(t.lower_ in ("who", "whom", "whose") for t in c.subtree)
        for c in noun.children
    )


def has_plural_quantifier(index, i: int, words: frozenset[str]) -> bool:
    """*many books, all our subjects, these shoes*: a quantifier or demonstrative among the
    determiners and modifiers of noun ``i``."""
    dep_of = index.dep_of
    return any(
        dep_of[c] in ("det", "amod", "predet") and lower(index, c) in words
        for c in index.child_positions(i)
    )


def followed_by_possessive(index, i: int) -> bool:
    """Token ``i`` is followed by a possessive *'s* or *'*."""
    return i + 1 < len(index.tag_of) and index.tag_of[i + 1] == "POS"


def regular_plural_singular(index, i: int) -> str | None:
    """The singular of a plural noun (token ``i``) marked with -s ("years" -> "year"), or
    None for irregular plurals, invariable nouns and plurals that are words of their own."""
    if index.tag_of[i] != "NNS":
        return None
    return regular_singular(lower(index, i), index.lemma_of[i], index.doc.vocab)


@lru_cache(maxsize=4096)
def regular_singular(low: str, lemma: str, vocab) -> str | None:
    """``regular_plural_singular`` of a plural by its lower-cased form and lemma (the same
    plurals recur, and the answer depends on these strings alone)."""
    if not low.endswith("s") or low in PLURALIA_TANTUM:
        return None
    # *cookies* -> *cookie*, not the lexicon's variant *cooky*: the plain -s singular first
    plain = (low[:-1],) if is_noun(low[:-1]) else ()
    for singular in (*plain, lemma, singular_noun(low)):
        if singular == low or singular.endswith("s") or vocab[singular].like_num:
            continue
        if plural_noun(singular) == low or low in lexicon_forms(singular, "NNS"):
            return singular
    return None


VERB_DEPENDENTS = frozenset({"nsubj", "nsubjpass", "aux", "neg", "dobj", "prt"})
RELATIVE_WORDS = frozenset({"who", "that", "which"})


def used_as_verb(index, i: int) -> bool:
    """A word tagged as a plural noun that heads a clause (*she lives here*, *who leaves
    early*, tagged NNS by mistake): it has a subject, auxiliary or object of its own, or
    follows a relative pronoun or subject pronoun."""
    if any(index.dep_of[c] in VERB_DEPENDENTS for c in index.child_positions(i)):
        return True
    return i > 0 and (lower(index, i - 1) in RELATIVE_WORDS or index.tag_of[i - 1] == "PRP")


def voiced_plural_singular(tok) -> str | None:
    """The f/fe singular of a -ves plural (*leaves* -> *leaf*, not the verb *leave*)."""
    from lemminflect import getAllLemmas

    low = tok.lower_
    dictionary = getAllLemmas(low, "NOUN").get("NOUN", ())
    for singular in (tok.lemma_.lower(), singular_noun(low), *dictionary):
        if singular.endswith(("f", "fe")) and low in lexicon_forms(singular, "NNS"):
            return singular
    return None


@lru_cache(maxsize=4096)
def is_human_noun(singular: str) -> bool:
    """Whether a noun (probably) names people: listed (ours, or a noun whose WordNet senses
    are people: *candidate, roommate*), with a personal suffix (*artist, musician,
    student*), or an agent noun in -er/-or of a verb (*player, visitor*). Devices in -er
    (*printer*) are caught too, which only makes the rule more cautious."""
    if singular in HUMAN_NOUNS or singular in PERSON_NOUNS or singular.endswith(("man", "woman")):
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


def plurality_marked_elsewhere(index, noun: int) -> bool:
    """Whether the plurality of noun ``noun`` stays visible without its -s: a plural
    determiner, numeral or quantifier, a quantity head ("a lot of"), or a plural verb it
    agrees with."""
    if has_numeral_above_one(index, noun):
        return True
    if has_plural_quantifier(index, noun, PLURAL_MARKERS):
        return True
    dep_of, tokens = index.dep_of, index.tokens
    head, dep = index.head_of[noun], dep_of[noun]
    if dep == "pobj" and lower(index, head) == "of" and is_quantity_head(tokens[index.head_of[head]]):
        return True
    if dep == "conj" or any(dep_of[c] == "conj" for c in index.child_positions(noun)):
        return False
    if dep in ("nsubj", "nsubjpass"):
        return finite_verb_is_plural(tokens[head])
    if dep == "attr" and any(dep_of[c] == "expl" for c in index.child_positions(head)):
        return finite_verb_is_plural(tokens[head])
    return False


def is_quantity_head(tok) -> bool:
    """*a lot / lots / plenty / a number / a couple / dozens* (of ...); *the number of* counts."""
    if tok.lower_ not in QUANTITY_HEADS:
        return False
    return tok.lower_ != "number" or any(c.lower_ in ("a", "an") for c in tok.children)


NOMINAL_ROLES = frozenset({"dobj", "pobj", "nsubj", "nsubjpass", "conj"})


def nominal_head(index, det: int) -> bool:
    """A determiner's head is a common noun (or a noun the tagger took for an adjective,
    as in "a cold") in a nominal role."""
    head = index.head_of[det]
    if index.tag_of[head] == "NN":
        return True
    return index.pos_of[head] == "ADJ" and index.dep_of[head] in NOMINAL_ROLES


def is_negated(index, verb: int) -> bool:
    """*didn't say a word*: under negation *a* means "any", and *the* would change that."""
    return any(index.dep_of[c] == "neg" for c in index.child_positions(verb))


def previous_word(index, i: int) -> str:
    return lower(index, i - 1) if i > 0 else ""


# --------------------------------------------------------------------------- plurals


@rule(
    49, "regularized_plurals", CATEGORY,
    tags={"NNS"},
    examples=[
        ("Their wives cooked dinner.", "Their wifes cooked dinner."),
        ("The leaves fell and the wolves howled.", "The leafs fell and the wolfs howled."),
        ("Knives are sharp, aren't they?", "Knifes are sharp, aren't they?"),
        ("How many lives were saved?", "How many lifes were saved?"),
        ('They live very different lives.',
         'They live very different lifes.'),
        ('The thieves stole two loaves of bread.',
         'The thiefs stole two loafs of bread.'),
        ('Put the knives on the shelves.',
         'Put the knifes on the shelfs.'),
    ],
    negatives=[
        "She leaves at noon and lives in Delhi.",
        "He bought new gloves and olives.",
        "The chiefs met on the roofs.",
        'Which singer lives in Paris and leaves early?',
        'The woman who lives next door halves the bread.',
    ],
)
def regularized_plurals(doc, index) -> Iterator[Site]:
    """Phonological regularisation of plurals: the f/v voicing of *wife - wives* is given up
    and the regular -s is added to the singular (*wifes, knifes, leafs, lifes*). Only nouns
    whose standard plural has that alternation; other irregular plurals (*children, feet*)
    are a different feature."""
    for tok in index.by_tag.get("NNS", ()):
        low = tok.lower_
        if not low.endswith("ves") or lexically_capitalised(tok) or used_as_verb(index, tok.i):
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
        ('Free advice for new parents.',
         'Free advices for new parents.'),
        ('What we need: furniture, equipment and luggage.',
         'What we need: furnitures, equipments and luggages.'),
        ('Useful information for the visitors',
         'Useful informations for the visitors'),
    ],
    negatives=[
        "How much advice did he give you?",
        "The information is wrong.",
        "This is useful information.",
        "He bought a piece of furniture.",
        "The information desk was closed.",
        'Much information, little advice.',
        'A piece of furniture for the hall.',
    ],
)
def mass_noun_plurals(doc, index) -> Iterator[Site]:
    """Mass nouns used as count nouns and pluralised: *advices, furnitures, equipments,
    informations, staffs* (documented list ``MASS_NOUNS``). Only where nothing in the
    sentence would then disagree: not after singular-only words (*much, a, this, every*),
    not as subject or predicate (the verb or *this is* agrees in the singular), not with a
    relative clause (its verb agrees too), not inside compounds (*information desk*) or after
    partitives (*a piece of furniture*)."""
    lemma_of, dep_of, head_of = index.lemma_of, index.dep_of, index.head_of
    for tok in index.lemma(*MASS_NOUNS):
        i = tok.i
        low = lower(index, i)
        if index.tag_of[i] != "NN" or low != lemma_of[i] or capitalised_at(index, i):
            continue
        first = first_conjunct_at(index, i)
        if dep_of[first] in ("nsubj", "nsubjpass", "attr", "compound", "npadvmod"):
            continue
        if dep_of[first] == "appos" and not listed_after_colon(index, first):
            continue
        if dep_of[i] == "compound":
            continue
        if any(dep_of[c] in ("relcl", "nummod") for c in index.child_positions(i)):
            continue
        if left_words(index, i) & SINGULAR_MARKERS:
            continue
        head = head_of[first]
        if lower(index, head) == "of" and lemma_of[head_of[head]] in PARTITIVE_NOUNS:
            continue
        plural = regular_form(low, "NOUN", "NNS")
        if plural and plural != low:
            yield site(Replace(i, plural))


def listed_after_colon(index, noun: int) -> bool:
    """*What we need: furniture, equipment*: an item of a list after a colon, parsed as an
    apposition of the word before the colon (no verb agrees with it)."""
    head = index.head_of[noun]
    return any(index.words[j] == ":" for j in range(min(head, noun) + 1, max(head, noun)))


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
        i = tok.i
        singular = regular_plural_singular(index, i)
        if singular is None or capitalised_at(index, i) or followed_by_possessive(index, i):
            continue
        if has_numeral_above_one(index, i) or has_plural_quantifier(index, i, PLURAL_QUANTIFIERS):
            yield site(Replace(i, singular))


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
        ('We baked three cookies and two pies.',
         'We baked three cookie and two pie.'),
        ('These boxes are heavy.',
         'These box are heavy.'),
        ('Many cities have parks.',
         'Many city have parks.'),
    ],
    negatives=[
        "I like dogs.",
        "The students are waiting.",
        "She reads books and papers.",
        "These glasses are mine.",
        "Many teachers left.",
        'The hiring committee interviewed two candidates.',
        'My roommates are nice.',
        'Several cousins came.',
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
        i = tok.i
        singular = regular_plural_singular(index, i)
        if singular is None or is_human_noun(singular) or capitalised_at(index, i):
            continue
        if followed_by_possessive(index, i) or index.dep_of[i] == "compound":
            continue
        if has_personal_relative(tok):
            continue
        if plurality_marked_elsewhere(index, i):
            yield site(Replace(i, singular))


def definite_regular_plural(index, tok) -> str | None:
    """For a plural noun with *the* (*the boys*, *the old houses*): its singular, if the
    plural is a regular -s plural that stands for the singular plus plural marking."""
    i = tok.i
    if index.dep_of[i] == "compound" or capitalised_at(index, i) or followed_by_possessive(index, i):
        return None
    det = definite_article(index, i)
    if det is None or has_numeral_above_one(index, i) or not plain_noun_phrase(index, det, i):
        return None
    if has_conjunct(index, i):
        return None  # *the makers and models*: one *the* for both nouns
    if has_plural_quantifier(index, i, PLURAL_MARKERS):
        return None
    return regular_plural_singular(index, i)


def definite_article(index, noun: int) -> int | None:
    """The position of the *the* of a noun phrase, if it has one (*the boys*, not *the boys'*
    possessor)."""
    for child in index.child_positions(noun):
        if index.dep_of[child] == "det" and lower(index, child) == "the" and child < noun:
            return child
    return None


@rule(
    50, "plural_preposed", CATEGORY,
    tags={"NNS"},
    examples=[
        ("The boys will come at night.", "Dem boy will come at night."),
        ("Did you feed the goats?", "Did you feed dem goat?"),
        ("She said that the old houses weren't safe.",
         "She said that dem old house weren't safe."),
        ('The boys at the market.',
         'Dem boy at the market.'),
        ('Useful information: the rooms, the prices',
         'Useful information: dem room, dem price'),
        ('Prices of the rooms?',
         'Prices of dem room?'),
    ],
    negatives=[
        "Boys will be boys.",
        "The children are outside.",
        "These books are mine.",
        "The boys' room is upstairs.",
        "The cook is always teaching the assistant new techniques.",
        "He likes the Beatles.",
        'She gave the kids some toys.',
        'We sent the workers a letter.',
        'What are the makers and models?',
    ],
)
def plural_preposed(doc, index) -> Iterator[Site]:
    """Plural marked by a word before the noun, which then loses its -s: *the boys* -> *dem
    boy* (the plural article of Caribbean and West African creoles and Gullah). Only definite
    regular -s plurals with *the*, whose *the* is replaced, in clauses and in fragments,
    lists and headlines alike; not recipients (*gave dem kid the toys* would read as *gave
    them kid*, the recipient lost), irregular plurals (*children*),
    bare generic plurals, possessors (*the boys' room*), names or nouns that already have a
    numeral or plural quantifier."""
    for tok in index.by_tag.get("NNS", ()):
        singular = definite_regular_plural(index, tok)
        if singular and index.dep_of[first_conjunct_at(index, tok.i)] != "dative":
            yield site(Replace(definite_article(index, tok.i), "dem"), Replace(tok.i, singular))


@rule(
    51, "plural_postposed", CATEGORY,
    tags={"NNS"},
    examples=[
        ("The boys will come at night.", "The boy dem will come at night."),
        ("Where did the girls go?", "Where did the girl dem go?"),
        ("I didn't see the new teachers, but the parents were there.",
         "I didn't see the new teacher dem, but the parent dem were there."),
    ],
    negatives=[
        "Boys will be boys.",
        "The children are outside.",
        "Those cars are fast.",
        "The students' union met.",
    ],
)
def plural_postposed(doc, index) -> Iterator[Site]:
    """Plural marked by *dem* after the noun, which loses its -s: *the boys* -> *the boy dem*
    (Jamaican, Gullah, Belizean and other creoles, *di uman dem*). Only definite regular -s
    plurals with *the* (the contexts where the marker is used); *dem* goes right after the
    head noun, before any following phrase (*the boy dem from school*)."""
    for tok in index.by_tag.get("NNS", ()):
        singular = definite_regular_plural(index, tok)
        if singular:
            yield site(Replace(tok.i, singular), Insert(tok.i, "dem", after=True))


@rule(
    57, "plural_to_singular_human", CATEGORY,
    tags={"NNS"},
    examples=[
        ("My sisters are pretty girls.", "My sister are pretty girls."),
        ("How many students didn't pass?", "How many student didn't pass?"),
        ("There were three doctors and two nurses.", "There were three doctor and two nurse."),
        ("Do the players know that lots of fans are waiting?",
         "Do the player know that lots of fan are waiting?"),
    ],
    negatives=[
        "I met the students.",
        "These shoes are too small.",
        "Five children were playing.",
        "The players' wives came.",
    ],
)
def plural_to_singular_human(doc, index) -> Iterator[Site]:
    """Plural -s optional for nouns with human referents (*my sister are*, *three doctor*):
    the counterpart of 58 for people. Same decision as there: the -s goes only where
    plurality stays visible in a plural determiner, numeral, quantifier or a verb agreeing
    with the noun, and only on regular -s plurals of human nouns (a list plus agentive
    suffixes)."""
    tag_of = index.tag_of
    for tok in index.by_tag.get("NNS", ()):
        i = tok.i
        singular = regular_plural_singular(index, i)
        if singular is None or not is_human_noun(singular) or capitalised_at(index, i):
            continue
        if followed_by_possessive(index, i) or index.dep_of[i] == "compound":
            continue
        if any(c < i and tag_of[c] == "PRP" for c in index.child_positions(i)):
            continue  # *you guys, we students*: the pronoun is the head of the phrase
        if plurality_marked_elsewhere(index, i):
            yield site(Replace(i, singular))


# --------------------------------------------------------------------------- articles


def indefinite_articles(index) -> list[int]:
    """Positions of the a/an determiners of a common noun, outside quantity and fixed
    expressions (three rules ask for them)."""
    return memoised(index, "indefinite_articles", lambda index: list(find_indefinite_articles(index)))


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
        if lemma_of[noun] in FIXED_ARTICLE_NOUNS or dep_of[noun] in ("npadvmod", "nmod"):
            continue
        if any(lower(index, c) == "single" for c in index.child_positions(noun)):
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
        if verb is None or is_negated(index, verb) or has_of_complement(index, noun):
            continue
        if lemma_of[noun] not in AILMENT_NOUNS:
            if dep_of[role] == "dobj" and lemma_of[verb] in LIGHT_VERBS:
                continue
            if not is_specific_context(index, verb):
                continue
        yield site(Replace(det, "the"))


def has_of_complement(index, noun: int) -> bool:
    """*a glass of water*, *a basket of apples*: the noun measures or contains another, and
    *the glass* or *one basket* would single out the container."""
    return any(index.dep_of[c] == "prep" and lower(index, c) == "of" for c in index.child_positions(noun))


def clause_verb(index, i: int) -> int | None:
    """The position of the verb of the clause token ``i`` (a noun) belongs to."""
    head_of, pos_of = index.head_of, index.pos_of
    for _ in range(len(head_of)):  # walks up as Token.ancestors, with its guard against cycles
        if head_of[i] == i:
            break
        i = head_of[i]
        if pos_of[i] in ("VERB", "AUX"):
            return i
    return None


CONDITIONAL_WORDS = frozenset({"if", "unless", "whether"})


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
    if tag_of[verb] == "VBN":
        return any(index.dep_of[c] == "auxpass" for c in children)
    if tag_of[verb] == "VBG":  # a progressive, not a gerund (*has trouble keeping a job*)
        return any(index.dep_of[c] == "aux" and index.lemma_of[c] == "be" for c in children)
    return tag_of[verb] in ("VBD", "VBZ", "VBP")


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
        "Which player scored the most goals?",
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
        if dep_of[det] != "det" or capitalised_at(index, det):
            continue
        noun = head_of[det]
        if tag_of[noun] not in ("NN", "NNS") or noun < det or capitalised_at(index, noun):
            continue
        if lemma_of[noun] in DEFINITE_IDIOM_NOUNS:
            continue
        role = first_conjunct_at(index, noun)
        if dep_of[role] not in ("nsubj", "nsubjpass", "dobj", "pobj", "attr", "ROOT"):
            continue
        head = head_of[role]
        of_phrase = dep_of[role] == "pobj" and lower(index, head) == "of"
        if of_phrase and index.pos_of[head_of[head]] in PARTITIVE_POS:
            continue  # "one of the students", "some of the books"
        if not plain_noun_phrase(index, det, noun):
            continue  # *the same, the most goals, the first day, the whole cake*
        if not index.words[det + 1][:1].isalpha():
            continue  # "the 1990s": a sentence cannot be re-capitalised on a digit
        yield site(Delete(det))


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
        yield site(Delete(det))


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


# --------------------------------------------------------------------------- more articles and determiners

ARGUMENT_DEPS = frozenset({"nsubj", "nsubjpass", "dobj", "pobj"})
# Objective forms of possessive determiners (*the house for me*, *the car belong him*).
POSSESSIVE_OF_SUBJECT = {
    "i": "my", "me": "my", "you": "your", "he": "his", "him": "his", "she": "her",
    "it": "its", "we": "our", "us": "our", "they": "their", "them": "their",
}
POSSESSOR_OBJECT = {
    "my": "me", "your": "you", "his": "him", "her": "her", "its": "it", "our": "us",
    "their": "them",
}
# Adjectives and determiners that make a noun phrase definite by themselves (*the same, the
# first, the only, the next*): another determiner before them is no longer the feature.
DEFINITE_MODIFIERS = frozenset(
    "same other only first last next previous following former latter very entire whole "
    "own such certain "
    # aggregates pick out one value, as superlatives do (the maximum share, the average age)
    "maximum minimum average total mean median overall".split()
)
# Adverbs that make a numeral approximate, the context of *about a three fields* (65).
# Prepositions whose object is a comparison or description, not a referent: *like a
# brother*, *as a child*, *nothing but a bunch*, *the kitchen of a restaurant*.
NON_REFERRING_PREPOSITIONS = frozenset("like as than but of per".split())
APPROXIMATORS = frozenset("about around approximately nearly almost roughly some".split())
# Nouns with one referent in the speaker's world (*the sun*), the attested context of 61.
UNIQUE_NOUNS = wordlist("unique_natural_nouns")
UNIQUE_REFERENTS = wordlist("unique_referent_nouns")
# Mass nouns that take *a/an* in the varieties with feature 65 (*a good advice*).
COUNTED_MASS_NOUNS = wordlist("mass_nouns_with_article")


def has_conjunct(index, noun: int) -> bool:
    dep_of = index.dep_of
    return dep_of[noun] == "conj" or any(dep_of[c] == "conj" for c in index.child_positions(noun))


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


def plain_noun_phrase(index, det: int, noun: int) -> bool:
    """Between determiner and noun (positions) only adjectives, adverbs and nouns, none of
    which makes the phrase definite by itself (*the same*, *the first*) or is a superlative."""
    tag_of, pos_of = index.tag_of, index.pos_of
    for i in range(det + 1, noun):
        if lower(index, i) in DEFINITE_MODIFIERS or tag_of[i] in ("JJS", "RBS", "CD", "POS", "PRP$"):
            return False
        if pos_of[i] not in ("ADJ", "ADV", "NOUN", "PUNCT", "CCONJ"):
            return False
        if pos_of[i] == "ADJ" and noun_only(lower(index, i)):
            return False  # *teaching the assistant new techniques* read as one phrase
    return True


@lru_cache(maxsize=4096)
def noun_only(word: str) -> bool:
    """A word the lexicon knows as a noun and never as an adjective (*assistant*): tagged as
    an adjective, it shows a misparse (two noun phrases taken for one)."""
    from lemminflect import getAllLemmas

    return word.isalpha() and bool(getAllLemmas(word, "NOUN")) and not getAllLemmas(word, "ADJ")


def common_noun_head(index, det: int) -> bool:
    """Token ``det`` determines a common noun to its right that is no name or title word."""
    noun = index.head_of[det]
    return (
        index.dep_of[det] == "det"
        and index.tag_of[noun] in ("NN", "NNS")
        and noun > det
        and not capitalised_at(index, noun)
        and not capitalised_at(index, det)
    )


def is_partitive_complement(index, noun: int) -> bool:
    """*one of the students*, *some of the books*: the determiner belongs to the partitive."""
    head = index.head_of[first_conjunct_at(index, noun)]
    return (
        index.dep_of[noun] in ("pobj", "conj")
        and lower(index, head) == "of"
        and index.pos_of[index.head_of[head]] in PARTITIVE_POS
    )


@rule(
    59, "double_determiners", CATEGORY,
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


def mentioned_before(index, noun: int) -> bool:
    """The noun's lemma stands earlier in the text as a noun (a known referent)."""
    lemma, lemma_of, pos_of = index.lemma_of[noun], index.lemma_of, index.pos_of
    return any(lemma_of[j] == lemma and pos_of[j] == "NOUN" for j in range(noun))


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


@rule(
    61, "indefinite_for_definite_articles", CATEGORY,
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
    phrases (*under the sun* is a fixed phrase), possessors or with *same/first/...*."""
    for noun in index.lemma(*UNIQUE_NOUNS):
        if noun.tag_ != "NN" or first_conjunct(noun).dep_ not in ("nsubj", "nsubjpass", "dobj"):
            continue
        det = definite_article(index, noun.i)
        if det is None or not common_noun_head(index, det) or followed_by_possessive(index, noun.i):
            continue
        if is_question(noun):
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
    predicate only with an adjective (*it is information* is no single item)."""
    if noun.tag_ != "NN" or noun.lower_ != noun.lemma_.lower() or lexically_capitalised(noun):
        return False
    role = first_conjunct(noun)
    if role.dep_ not in ("dobj", "attr", "pobj") or determiner_of(noun) is not None:
        return False
    if role.dep_ == "pobj" and role.head.lower_ in NON_REFERRING_PREPOSITIONS:
        return False
    if noun.i + 1 < len(noun.doc) and noun.doc[noun.i + 1].tag_ in ("NN", "NNS"):
        return False  # *information desk*
    lefts = list(noun.lefts)
    if not lefts and role.dep_ == "attr":
        return False
    return all(c.dep_ == "amod" and c.tag_ == "JJ" for c in lefts) and not (
        {t.lower_ for c in lefts for t in c.subtree} & (SINGULAR_MARKERS | NON_GRADABLE)
    )


@rule(
    65, "indefinite_for_zero", CATEGORY,
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
    if verb is None or is_negated(index, verb):
        return False
    if not (is_specific_context(index, verb) or (dep_of[role] in ("nsubj", "nsubjpass")
                                                 and perfect_of_an_event(index, verb))):
        return False
    return not (dep_of[role] == "dobj" and index.lemma_of[verb] in LIGHT_VERBS)


def of_possessive(index, noun: int) -> bool:
    """*a friend of mine*, *a cousin of hers*: an *of*-phrase with an independent possessive."""
    return any(index.dep_of[c] == "prep" and lower(index, c) == "of" and any(
        lower(index, g) in ("mine", "yours", "his", "hers", "ours", "theirs")
        for g in index.child_positions(c)) for c in index.child_positions(noun))


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
    66, "indef_one", CATEGORY,
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
    ],
)
def indef_one(doc, index) -> Iterator[Site]:
    """*one* as indefinite article: *they seen one green snake*. Only for specific
    indefinites (subject, object or prepositional object in a declarative clause about a
    real event), where *one* and *a* refer alike; not in predicates (*he is one teacher*
    would count), questions, commands (*find the students enrolled in one course* would read
    as "exactly one"), conditionals, under negation (*I don't have one car* means "not even
    one") or modals, after *like/as/than/of* (*like a brother*), nor in quantity and fixed
    phrases (*a few, for a while*)."""
    for det in indefinite_articles(index):
        if specific_indefinite(index, det):
            yield site(Replace(det, "one"))


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
    if has_of_complement(index, noun):
        return False  # *the name of the teacher*: *that name of* reads as contrastive
    if index.dep_of[first_conjunct_at(index, noun)] not in ARGUMENT_DEPS:
        return False
    if is_partitive_complement(index, noun):
        return False
    if not index.words[det + 1][:1].isalpha():  # the noun follows, so there is a next word
        return False
    return plain_noun_phrase(index, det, noun) and not followed_by_possessive(index, noun)


@rule(
    67, "demonstrative_for_definite_articles", CATEGORY,
    lemmas={"the"},
    examples=[
        ("The door closed.", "That door closed."),
        ("Did you read the books I gave you?", "Did you read those books I gave you?"),
        ("She said the old man wasn't home.", "She said that old man wasn't home."),
    ],
    negatives=[
        "By the way, the rest is easy.",
        "She is the best student.",
        "One of the students left.",
        "The sun rose.",
        "He read The Hobbit.",
        "How many languages are spoken around the world?",
        "Which car has the minimum horsepower?",
        "They compared the average ages.",
    ],
)
def demonstrative_for_definite_articles(doc, index) -> Iterator[Site]:
    """Demonstratives for the definite article: *that door bin close* 'the door closed'.
    *the* becomes *that* (singular and mass nouns) or *those* (plurals) before plain common
    noun phrases in argument roles; not in names and titles (*The Hobbit*), fixed phrases
    (*by the way, the rest*), partitives (*one of the students*), superlatives and ordinals
    (*the best, the first*), with unique nouns (*the sun*), times (*in the summer* would
    become one particular summer) or heads of an *of*-phrase (*the name of the teacher*)."""
    tag_of, head_of = index.tag_of, index.head_of
    for tok in index.by_lemma.get("the", ()):
        det = tok.i
        if replaceable_definite(index, det):
            yield site(Replace(det, "those" if tag_of[head_of[det]] == "NNS" else "that"))


# --------------------------------------------------------------------------- demonstratives


def demonstrative_determiners(index, *words: str) -> Iterator:
    """Demonstratives used as determiners of a noun to their right (*those books*), not as
    pronouns (*I like those*), complementisers (*so that*) or degree words (*that big*)."""
    for det in index.tag("DT"):
        if det.lower_ not in words or det.dep_ != "det" or lexically_capitalised(det):
            continue
        noun = det.head
        if noun.pos_ in ("NOUN", "PROPN") and noun.i > det.i and noun.tag_ in ("NN", "NNS"):
            yield det


@rule(
    68, "those_them", CATEGORY,
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
def those_them(doc, index) -> Iterator[Site]:
    """*them* for the demonstrative determiner *those*: *in them days, one of them things*.
    Only where *those* determines a noun; the pronoun (*I like those*, *those who wait*)
    stays."""
    for det in demonstrative_determiners(index, "those"):
        yield site(Replace(det.i, "them"))


def is_time_adverbial(noun) -> bool:
    """*this morning, that week*: a bare noun phrase used as a time adverbial."""
    return noun.dep_ == "npadvmod" or (noun.dep_ == "pobj" and noun.lemma_.lower() in TIME_NOUNS)


@rule(
    70, "proximal_distal_demonstratives", CATEGORY,
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


@rule(
    71, "demonstrative_no_number", CATEGORY,
    lemmas={"these", "those"},
    examples=[
        ("I've watched these children.", "I've watched this children."),
        ("Are those shoes yours?", "Are that shoes yours?"),
        ("These days, those kids don't read.", "This days, that kids don't read."),
    ],
    negatives=[
        "These are mine.",
        "I don't like those who lie.",
        "This book is good.",
    ],
)
def demonstrative_no_number(doc, index) -> Iterator[Site]:
    """No number distinction in demonstratives: the singular form with plural nouns, *this
    children*, *that shoes*. Only determiners of a plural noun; the pronouns (*these are
    mine*) stay."""
    for det in demonstrative_determiners(index, "these", "those"):
        if det.head.tag_ == "NNS":
            yield site(Replace(det.i, "this" if det.lower_ == "these" else "that"))


# --------------------------------------------------------------------------- possession


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
        if not any_possession and not (ownable(noun) and personal_possessor(possessor)):
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
                                   or in_command(index, noun)):
            continue  # *don't touch the phone for me* reads "on my behalf"
        if ends_noun_phrase(index, noun):
            yield site(Replace(poss.i, "the"), Insert(noun.i, f"{marker} {POSSESSOR_OBJECT[poss.lower_]}", after=True))


def ownable(noun) -> bool:
    """A concrete thing or animal, not a person (*the brother for me* reads as "a brother
    meant for me") or an abstraction (*the help for you*, *the decision for the court*)."""
    lemma = noun.lemma_.lower()
    return lemma in CONCRETE_NOUNS and not is_human_noun(lemma)


def personal_possessor(possessor) -> bool:
    """A possessor that is a person: a name or a noun for people (*John's*, *my brother's*)."""
    lemma = possessor.lemma_.lower()
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
    return is_question(noun) and any(
        c.dep_ == "aux" and c.lower_ in ("can", "could", "may") for c in verb.children
    )


def by_position(sites: Iterator[Site]) -> list[Site]:
    """Sites in document order (the two possessive kinds are found separately)."""
    return sorted(sites, key=lambda s: min(min(touched_tokens(v)) for v in s.variants()))


@rule(
    74, "possessives_for_post", CATEGORY,
    tags={"POS", "PRP$"},
    examples=[
        ("Chinyere's knife is sharp.", "The knife for Chinyere is sharp."),
        ("I saw my brother's cow.", "I saw the cow for my brother."),
        ("Where is my house?", "Where is the house for me?"),
        ("They said their car wasn't ready.", "They said the car for them wasn't ready."),
        ("Is this John's old car?", "Is this the old car for John?"),
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
    75, "possessives_for_pre", CATEGORY,
    tags={"POS"},
    examples=[
        ("He was my sister's husband.", "He was for my sister husband."),
        ("Did you see the teacher's car?", "Did you see for the teacher car?"),
        ("I read the teacher's report.",
         'I read for the teacher report.'),
        ("It was my uncle's idea.",
         'It was for my uncle idea.'),
        ("They sold the farmer's cow.",
         'They sold for the farmer cow.'),
    ],
    negatives=[
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
    possessive pronouns stay. Not in subjects, where a sentence-initial *for*-phrase would be
    read as "as for" (*for the old man dog barked*), not after a preposition (*at for the
    doctor office* stacks two prepositions), and not for genitives of time (*last year's
    results* names no possessor)."""
    for possessor, pos, noun in genitive_possessions(index):
        role = first_conjunct(noun).dep_
        if role in ("nsubj", "nsubjpass", "pobj") or time_possessor(possessor):
            continue
        yield site(Insert(possessor.left_edge.i, "for"), Delete(pos.i))


def time_possessor(possessor) -> bool:
    """*last year's results*, *today's paper*: a genitive of time, no possessor."""
    return possessor.lemma_.lower() in TIME_NOUNS or possessor.lemma_.lower() in TIME_POSSESSORS


@rule(
    76, "possessives_belong", CATEGORY,
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
    77, "null_genitive", CATEGORY,
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


# --------------------------------------------------------------------------- comparison


def comparison_candidates(index, tag: str) -> Iterator:
    """Synthetic comparatives (``JJR``) or superlatives (``JJS``), including the ones the
    tagger took for a noun or plain adjective (*the prettiest sunsets* as a compound)."""
    suffix = "er" if tag == "JJR" else "est"
    words, tokens = index.words, index.tokens
    for i, tok_tag in enumerate(index.tag_of):
        if tok_tag == tag:
            if is_synthetic_degree(tokens[i], tag) and not capitalised_at(index, i):
                yield tokens[i]
        elif tok_tag in ("JJ", "NN"):
            low = words[i].lower()
            if low.endswith(suffix) and not is_noun(low):
                if adjective_lemma(tokens[i], tag) and not capitalised_at(index, i):
                    yield tokens[i]


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
        if previous_word(index, tok.i) in ("the", "more", "less"):
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
        "Which school has the most high schoolers?",
        "What model has the most different versions?",
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
        if compound_noun(low, adj.head.lemma_.lower()):
            continue  # *the most high schoolers* counts high schoolers
        if low in COUNTING_ADJECTIVES and adj.head.tag_ == "NNS":
            continue  # *the most different versions* counts them: the greatest number
        form = (lexicon_forms(low, "JJS") or (regular_form(low, "ADJ", "JJS"),))[0]
        if form and form != low:
            yield site(Delete(most.i), Replace(adj.i, form))


@rule(
    80, "analytic_superlative", CATEGORY,
    tags={"JJS", "JJ", "NN"},
    examples=[
        ("It is one of the prettiest sunsets.", "It is one of the most pretty sunsets."),
        ("Who is the tallest student in the class?", "Who is the most tall student in the class?"),
        ("Easiest questions come first in the test.", "Most easy questions come first in the test."),
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


# --------------------------------------------------------------------------- more comparison


def than_standard(tok):
    """The *than* that introduces the standard of comparison of ``tok`` (*bigger than mine*),
    if it is a child of it; not the *than* of a quantity (*more than five*)."""
    for child in tok.children:
        if child.lower_ == "than" and child.dep_ in ("prep", "mark") and child.i > tok.i:
            return child
    return None


def clausal_standard(than) -> bool:
    """*than we thought*: *than* as the marker of a clause that modifies the comparative
    before it."""
    clause = than.head
    return (than.dep_ == "mark" and clause.dep_ in ("advcl", "ccomp") and clause.i > than.i
            and clause.head.i < than.i)


def analytic_more(adj):
    """The *more* of an analytic comparative (*more severe*), right before the adjective."""
    for child in adj.children:
        if child.lower_ == "more" and child.dep_ == "advmod" and child.i == adj.i - 1:
            return child
    return None


def synthetic_comparative(tok) -> bool:
    """An -er (or suppletive) comparative adjective or adverb, not *more/less/fewer*."""
    return tok.tag_ in ("JJR", "RBR") and is_synthetic_degree(tok, tok.tag_) and (
        tok.lemma_.lower() not in NON_GRADABLE
    )


def comparative_base(tok) -> str:
    """The base form of a comparative: *bigger* -> *big*, adjective *better* -> *good*,
    adverb *better* -> *well* (from the inflection lexicon)."""
    if tok.tag_ == "JJR":
        return adjective_lemma(tok, "JJR") or tok.lemma_.lower()
    return tok.lemma_.lower()


def comparatives_with_than(index) -> Iterator[tuple]:
    """``(kind, word, than)`` for each comparison with a *than*-standard: kind ``"synthetic"``
    (*bigger than*), ``"analytic"`` (*more severe than*, word = the adjective) or ``"verbal"``
    (*loves his car more than*, word = *more* modifying a verb)."""
    for than in index.by_lemma.get("than", ()):
        head = than.head
        if clausal_standard(than):
            head = head.head  # *more difficult than we thought*: *than* marks the clause
        elif getattr(than_standard(head), "i", None) != than.i:
            continue
        if lexically_capitalised(head):
            continue
        if previous_word(index, head.i) in ("any", "no") or previous_word(index, than.i) in ("any", "no"):
            continue  # *any more than*, *no more than*, *no later than*: quantity idioms
        if synthetic_comparative(head):
            yield "synthetic", head, than
        elif head.pos_ in ("ADJ", "ADV") and head.tag_ in ("JJ", "RB") and analytic_more(head):
            yield "analytic", head, than
        elif head.lower_ == "more" and head.dep_ == "advmod" and head.head.pos_ == "VERB":
            yield "verbal", head, than


@rule(
    81, "more_much", CATEGORY,
    lemmas={"more"},
    examples=[
        ("The unemployment position is more severe than in Singapore.",
         "The unemployment position is much severe than in Singapore."),
        ("Is Paris more expensive than Rome?", "Is Paris much expensive than Rome?"),
        ("She said the test wasn't more difficult than the last one.",
         "She said the test wasn't much difficult than the last one."),
        ('Who is more intelligent?',
         'Who is much intelligent?'),
        ('It is more expensive.',
         'It is much expensive.'),
        ('This bag is more useful, and she speaks more clearly now.',
         'This bag is much useful, and she speaks much clearly now.'),
    ],
    negatives=[
        "It is more than five miles.",
        "He has more books than me.",
        "It is bigger than mine.",
        "It is much more expensive than mine.",
        "It gets more and more difficult.",
        "The more you practise, the better you play.",
        "I don't drive any more.",
        'Who was more likely to win?',
        'They like more stereotypically masculine games.',
        'Who is interested in more stereotypically masculine games?',
    ],
)
def more_much(doc, index) -> Iterator[Site]:
    """*much* as comparative marker: *much severe than* 'more severe than', *who is much
    intelligent?* 'more intelligent'. The *more* of every analytic comparative of an
    adjective or adverb, with or without a *than*-standard; not where *more* is already
    modified (*much more*, *far more*, *any more*: *much much severe* doubles the marker, and
    *any much* is no comparison), in *more and more* or in correlatives (*the more ...*)."""
    for more in index.by_lemma.get("more", ()):
        adj = more.head
        if analytic_more(adj) is not None and analytic_more(adj).i == more.i \
                and plain_comparative_more(index, more, adj):
            yield site(Replace(more.i, "much"))


# Adjectives of likelihood, whose *much* reads as "very" even beside a comparison.
NON_GRADABLE_PREDICATES = frozenset({"likely", "unlikely", "probable"})
# Words that make *more* part of another phrase: *much more*, *any more*, *the more*.
MORE_MODIFIERS = frozenset("much far any no the even still way lot lots once many".split())


def plain_comparative_more(index, more, adj) -> bool:
    """*more* as the marker of an adjective's or adverb's comparative, on its own."""
    if adj.pos_ not in ("ADJ", "ADV") or adj.tag_ not in ("JJ", "RB") or lexically_capitalised(adj):
        return False
    if previous_word(index, more.i) in MORE_MODIFIERS or any(c.dep_ == "advmod" for c in more.children):
        return False
    modifies_modifier = adj.dep_ == "advmod" and adj.head.dep_ in ("amod", "advmod", "acomp")
    if modifies_modifier or adj.head.pos_ in ("ADJ", "ADV") or adj.lower_ in NON_GRADABLE_PREDICATES:
        return False  # *more stereotypically masculine*, *more likely to*: no adjective compared
    return not (more.i + 2 < len(index.words) and lower(index, more.i + 1) == "and"
                and lower(index, more.i + 2) == "more")


@rule(
    82, "comparative_as_to", CATEGORY,
    lemmas={"than"},
    examples=[
        ("It is worse than before.", ["It is worse as before.", "It is worse to before."]),
        ("Is your house bigger than mine?",
         ["Is your house bigger as mine?", "Is your house bigger to mine?"]),
        ("She is more careful than her brother.",
         ["She is more careful as her brother.", "She is more careful to her brother."]),
    ],
    negatives=[
        "It is more than five miles.",
        "I would rather walk than drive.",
        "Anyone other than John can go.",
    ],
)
def comparative_as_to(doc, index) -> Iterator[Site]:
    """*as* or *to* as comparative markers: *worse as* 'worse than'. Only the *than* of a
    comparative adjective or adverb (synthetic or with *more*); not *more than five* (a
    quantity), *rather than* or *other than*. Both attested markers are offered where the
    standard is a noun phrase (*bigger as / to mine*); before numbers, prepositional
    phrases and clauses only *as* (*darker as in the photo*; *to in the photo* is no form)."""
    for kind, _, than in comparatives_with_than(index):
        if kind == "verbal":
            continue
        if nominal_standard(than):
            yield site(Replace(than.i, "as"), alternatives=((Replace(than.i, "to"),),))
        else:
            yield site(Replace(than.i, "as"))


def nominal_standard(than) -> bool:
    """*than mine*, *than the lake*: the standard is a noun phrase (not a number, a
    prepositional phrase or a clause), the only place where *to* is used."""
    objs = [c for c in than.children if c.dep_ == "pobj"]
    if len(objs) != 1 or objs[0].pos_ not in ("NOUN", "PROPN", "PRON") or objs[0].like_num:
        return False
    return not any(t.pos_ in ("VERB", "AUX") for t in objs[0].subtree)


@rule(
    84, "comparative_than", CATEGORY,
    lemmas={"than"},
    examples=[
        ("He loves his car more than his children.", "He loves his car than his children."),
        ("Is your house bigger than mine?", "Is your house big than mine?"),
        ("It's more expensive than the old one, isn't it?",
         "It's expensive than the old one, isn't it?"),
        ("She sings better than me.", "She sings well than me."),
        ('This road is busier than the old one.',
         'This road is busy than the old one.'),
        ('He runs faster than his brother.',
         'He runs fast than his brother.'),
        ('The test was more difficult than we thought.',
         'The test was difficult than we thought.'),
    ],
    negatives=[
        "It is more than five miles.",
        "He has fewer books than me.",
        "It is less expensive than the car.",
        "The bigger, the better.",
        "I don't like it any more than you do.",
        'It costs no more than ten dollars.',
        'Come no later than noon.',
    ],
)
def comparative_than(doc, index) -> Iterator[Site]:
    """Comparison marked only by *than*: *he loves his car than his children*, *big than
    mine*. The -er form becomes the base form (from the inflection lexicon: *better* ->
    *good/well*), the *more* of analytic and verbal comparatives goes. *less* and *fewer*
    stay: without them the comparison would be read the other way round."""
    for kind, word, _ in comparatives_with_than(index):
        if kind == "synthetic":
            conjuncts = [word, *(c for c in word.children if c.dep_ == "conj" and synthetic_comparative(c))]
            yield site(*(Replace(t.i, comparative_base(t)) for t in sorted(conjuncts, key=lambda t: t.i)))
        elif kind == "analytic":
            yield site(Delete(analytic_more(word).i))
        else:
            yield site(Delete(word.i))


@rule(
    85, "comparative_more_and", CATEGORY,
    lemmas={"than"},
    examples=[
        ("They would have more powder on their hands than in their faces.",
         "They would have more powder on their hands and in their faces."),
        ("The new law gives more power to local councils than to the government.",
         "The new law gives more power to local councils and to the government."),
        ("Why is there more snow in the north than in the south?",
         "Why is there more snow in the north and in the south?"),
    ],
    negatives=[
        "It is more than five miles.",
        "He is taller than me.",
        "It is more expensive than that.",
        "Why did you buy more apples than oranges?",
    ],
)
def comparative_more_and(doc, index) -> Iterator[Site]:
    """Comparison with *more ... and*: *more powder on their hands and in their faces* 'than
    in their faces'. Only for *more* + noun (comparison of quantities) whose *than*-standard
    is a prepositional phrase of the same clause, as in the attested example; with a noun
    phrase (*more goals than the captain*) *and* would be read as coordination ("more goals,
    and the captain"), which changes the meaning. Not *more than five*, nor adjectives."""
    for than in index.by_lemma.get("than", ()):
        head = than.head
        if than.dep_ not in ("prep", "mark") or than.i < head.i:
            continue
        if than.i + 1 >= len(doc) or doc[than.i + 1].dep_ != "prep" or doc[than.i + 1].head.i != than.i:
            continue  # the attested standard is a place or circumstance: *than in their faces*
        nouns = [head] if head.pos_ == "NOUN" else [c for c in head.children if c.dep_ in ("dobj", "attr")]
        if any(quantity_more(noun) and noun.i < than.i for noun in nouns):
            yield site(Replace(than.i, "and"))


def quantity_more(noun) -> bool:
    """*more powder*: a noun with *more* right before it as its quantifier."""
    return any(
        c.lower_ == "more" and c.dep_ in ("amod", "det") and c.i == noun.i - 1
        for c in noun.children
    )


def attributive_superlative(tok) -> bool:
    """A superlative that modifies a noun after it (*the tallest student*), after *the* or a
    possessive; used alone (*she is the tallest*) it would leave *the tall*."""
    return tok.dep_ == "amod" and tok.head.pos_ == "NOUN" and tok.head.i > tok.i


def one_of_many(noun) -> bool:
    """*one of the most radical students*: the plural is a set one member is picked from, so
    *most* grades the adjective (it cannot count)."""
    head = noun.head
    return noun.dep_ == "pobj" and head.lower_ == "of" and head.head.lower_ == "one"


@rule(
    86, "zero_degree", CATEGORY,
    tags={"JJS", "RBS"},
    examples=[
        ("He is one of the most radical students that you can ever find.",
         "He is one of the radical students that you can ever find."),
        ("Is he one of the tallest students in the class?",
         "Is he one of the tall students in the class?"),
        ("It was the hardest exam that we ever took, wasn't it?",
         "It was the hard exam that we ever took, wasn't it?"),
        ('Who is the oldest singer?',
         'Who is the old singer?'),
        ('It is one of the most famous songs.',
         'It is one of the famous songs.'),
        ('We climbed the highest mountain in Wales.',
         'We climbed the high mountain in Wales.'),
        ('It was the most beautiful day.',
         'It was the beautiful day.'),
    ],
    negatives=[
        "She is the tallest.",
        "Most people agree.",
        "At least he tried.",
        "He is my best friend.",
        "It is the most well-known song.",
        'She is the tallest.',
        'It is at best a guess.',
        'He sang the best song.',
        'Which grade has the most high schoolers?',
        'What model has the most different versions?',
        'Which continent has the most diverse languages?',
    ],
)
def zero_degree(doc, index) -> Iterator[Site]:
    """Zero marking of degree: the superlative without its marker, *one of the radical
    students that you can ever find*, *the tall building* 'the tallest building'. *most* of
    an analytic superlative goes, and a regular -est superlative becomes its base form. Only
    attributive superlatives after *the* or a possessive, where the determiner and the noun
    stay (*the highest mountain* -> *the high mountain*: the degree is read from the
    definite description, as in the varieties with the feature). *most* before a plural
    noun stays (*the most different versions* may count, not grade). Not suppletive
    *best/worst* (*the good friend* names no degree at all), superlatives used alone (*she
    is the tallest* -> *the tall*), *most* as a quantifier or *at least*."""
    for most in index.by_lemma.get("most", ()):
        adj = most.head
        if most.tag_ != "RBS" or most.dep_ != "advmod" or adj.i != most.i + 1:
            continue
        if not after_determiner(most) or not attributive_superlative(adj) or adj.tag_ != "JJ":
            continue
        if adj.i + 1 < len(doc) and doc[adj.i + 1].tag_ == "HYPH":
            continue
        if compound_noun(adj.lower_, adj.head.lemma_.lower()) or (
                adj.head.tag_ == "NNS" and not one_of_many(adj.head)):
            continue  # *the most high schoolers*, *has the most different versions*: before a
            # plural, *most* may count (the greatest number of), not grade
        if adj.lower_ in PRENOMINAL_ONLY:
            continue
        yield site(Delete(most.i))
    for tok in comparison_candidates(index, "JJS"):
        lemma = degree_lemma(tok, "JJS")
        if not tok.lower_.endswith("est") or not tok.lower_.startswith(lemma[:-1]):
            continue  # suppletive: best, worst
        if after_determiner(tok) and attributive_superlative(tok) and not in_at_phrase(tok):
            yield site(Replace(tok.i, lemma))


# Adjectives that do not follow the noun: determiner-like, quantity and order words.
PRENOMINAL_ONLY = frozenset(
    "own other same such only first last next previous main whole entire certain many few "
    "much little several various own former latter mere sheer very real total distinct "
    "different separate particular specific individual respective".split()
)


@lru_cache(maxsize=4096)
def dictionary_comparative(adjective: str) -> bool:
    """Whether the inflection dictionary lists a comparative for ``adjective`` (gradable
    adjectives: *big, old, simple*; not *final, public, northern*)."""
    from lemminflect import getAllInflections

    return bool(getAllInflections(adjective, "ADJ").get("JJR"))


NOUN_MODIFIER_DEPS = frozenset({"amod", "compound", "nummod", "nmod"})


def postposable_adjective(index, adj: int) -> bool:
    """A lone attributive adjective (position ``adj``) right before its noun, with nothing of
    its own (*a big house*, not *a very big house* or *a big and old house*)."""
    tag_of, dep_of = index.tag_of, index.dep_of
    noun = index.head_of[adj]
    if dep_of[adj] != "amod" or tag_of[adj] != "JJ" or noun != adj + 1 or index.children(adj):
        return False
    low = lower(index, adj)
    if low in PRENOMINAL_ONLY or capitalised_at(index, adj) or not index.tokens[adj].is_alpha:
        return False
    if not dictionary_comparative(low):
        return False  # classifying adjectives (*public, final, northern*) stay before the noun
    if tag_of[noun] not in ("NN", "NNS") or capitalised_at(index, noun) or dep_of[noun] == "compound":
        return False
    if lower(index, noun) in ("one", "ones") or index.lemma_of[noun] in FIXED_ARTICLE_NOUNS:
        return False  # *my old ones*, *a long way*, *a good time*
    if adj > 1 and lower(index, adj - 2) in ARTICLE_FRAMES:
        return False  # *such a nice guy*, *what a good idea*
    if compound_noun(low, index.lemma_of[noun]):
        return False  # *high schoolers*, *a red head*: a compound, not a described noun
    modifiers = [c for c in index.child_positions(noun) if dep_of[c] in NOUN_MODIFIER_DEPS]
    return modifiers == [adj] and not followed_by_possessive(index, noun)


ADJECTIVE_NOUN_COMPOUNDS = wordlist("adjective_noun_compounds")
# Adjectives with which *the most* + plural counts (*the most different versions*, the
# greatest number of them) rather than grades.
COUNTING_ADJECTIVES = frozenset("different distinct unique separate various individual".split())


def compound_noun(adjective: str, noun: str) -> bool:
    """*high school*, or an agent noun of one (*high schooler*, *old timer*)."""
    stems = (noun, noun[:-2]) if noun.endswith("er") else (noun,)
    return any(f"{adjective} {stem}" in ADJECTIVE_NOUN_COMPOUNDS for stem in stems)


def coordinated_adjectives(index, adj: int) -> int | None:
    """*a big and old house*: the end (exclusive) of two plain gradable adjectives joined by
    *and*/*or*/*but* right before their noun, starting at ``adj``; None otherwise."""
    dep_of, tag_of = index.dep_of, index.tag_of
    noun = index.head_of[adj]
    if dep_of[adj] != "amod" or tag_of[adj] != "JJ" or noun != adj + 3:
        return None
    kids = index.child_positions(adj)
    if [dep_of[k] for k in kids] != ["cc", "conj"] or kids != [adj + 1, adj + 2]:
        return None
    if lower(index, adj + 1) not in ("and", "or", "but") or tag_of[adj + 2] != "JJ" or index.child_positions(adj + 2):
        return None
    for a in (adj, adj + 2):
        low = lower(index, a)
        if low in PRENOMINAL_ONLY or not dictionary_comparative(low) or capitalised_at(index, a):
            return None
    if tag_of[noun] not in ("NN", "NNS") or capitalised_at(index, noun) or dep_of[noun] == "compound":
        return None
    if lower(index, noun) in ("one", "ones") or index.lemma_of[noun] in FIXED_ARTICLE_NOUNS:
        return None
    modifiers = [c for c in index.child_positions(noun) if dep_of[c] in NOUN_MODIFIER_DEPS]
    if modifiers != [adj] or followed_by_possessive(index, noun):
        return None
    return adj + 3


@rule(
    87, "adj_postfix", CATEGORY,
    tags={"JJ"},
    examples=[
        ("They bought a big saucepan.", "They bought a saucepan big."),
        ("Did you see an old car outside?", "Did you see a car old outside?"),
        ("She wore red shoes, but I didn't.", "She wore shoes red, but I didn't."),
        ('They live in a big and old house.',
         'They live in a house big and old.'),
        ('She bought a cheap but new car.',
         'She bought a car cheap but new.'),
        ('We saw a tall tree.',
         'We saw a tree tall.'),
    ],
    negatives=[
        "It is a very big house.",
        "The house is big.",
        "He is my own brother.",
        "It was the first day.",
        "She has a big old house.",
        "He passed the final exam.",
        "I like my old ones.",
        "He is such a nice guy.",
        'What are the names of high schoolers?',
        'One of them was a red head.',
        'She has a very big and old house.',
        'What are the distinct states?',
        'We tested different models.',
    ],
)
def adj_postfix(doc, index) -> Iterator[Site]:
    """Attributive adjectives after the head noun: *sospen ain* 'iron saucepan', *a house
    big*. A single plain, gradable adjective (one with a comparative: *big, old, new*), or
    two joined by *and*/*or*/*but* (*a house big and old*), directly before a common noun with no
    other modifier, so that the order of several modifiers need not be decided; not
    classifying adjectives (*public school, final exam*) or compounds (*high schoolers*, a
    documented list) that form a unit with the noun, nor determiner-like or ordering ones
    (*own, other, first*). *a/an* is chosen again for the noun that now follows it (*an old car* -> *a car
    old*)."""
    for tok in index.by_tag.get("JJ", ()):
        adj = tok.i
        end = adj + 1 if postposable_adjective(index, adj) else coordinated_adjectives(index, adj)
        if end is None:
            continue
        noun = index.head_of[adj]
        ops = [Move(adj, end, noun, after=True)]
        prev = adj - 1
        if prev >= 0 and lower(index, prev) in ("a", "an") and index.dep_of[prev] == "det":
            article = indefinite_article(index.words[noun])
            if article != lower(index, prev):
                ops.append(Replace(prev, article))
        yield site(*ops)
