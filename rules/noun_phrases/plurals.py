"""Plural marking (eWAVE 49-58): regularized plurals, plurals marked by a word before or after
the noun, plurals of mass nouns, plural marking left out."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from multivalue_cli.engine.antecedents import is_human_noun, names_people
from multivalue_cli.engine.edits import Insert, Replace, Site, site
from multivalue_cli.engine.morphology import dictionary_verb, plural_noun, singular_noun
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import lexically_capitalised
from multivalue_cli.engine.wordlists import wordlist

from .common import (
    SINGULAR_MARKERS, capitalised_at, definite_article, first_conjunct_at, followed_by_possessive,
    has_conjunct, is_noun, lexicon_forms, lower, plain_noun_phrase, regular_form,
)


# Nouns that are mass (uncountable) in SAE but count nouns in the varieties with feature 55.
# Deliberately left out: nouns whose plural is already standard with another sense
# (woods, works, fruits, hairs, papers, accommodations, researches).
MASS_NOUNS = wordlist("mass_nouns_countable")

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
    if not plain and singular_noun(low).endswith("s") and singular_noun(low) != low:
        return None  # a sibilant stem (*viruses*, *polyomaviruses*): the tagger's lemma of a
        # word it does not know cuts the -s only (*polyomaviruse*), no word
    for singular in (*plain, lemma, singular_noun(low)):
        if singular == low or singular.endswith("s") or vocab[singular].like_num:
            continue
        if plural_noun(singular) == low or low in lexicon_forms(singular, "NNS"):
            return singular
    return None


# The simple prepositions (a closed class): a noun made from one (*likes, ins, outs*) that is
# no noun of the dictionary in the singular reads, bare, as the preposition again.
PREPOSITIONS = frozenset(
    "aboard about above across after against along amid among around as at before behind below "
    "beneath beside besides between beyond by despite down during except for from in inside "
    "into like near of off on onto opposite out outside over past per round since than through "
    "till to toward towards under underneath unlike until up upon via with within without".split())


def singular_reads_as_other_word(singular: str | None) -> bool:
    """Whether the singular a plural's -s would leave reads as another word: none is found
    (an irregular or invariable plural), or it is a preposition the dictionary does not know
    as a noun (*2 or more like* reads as the preposition or the verb, not the noun *likes*)."""
    return singular is None or singular in PREPOSITIONS and not is_noun(singular)


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


def finite_verb_is_plural(verb) -> bool:
    """Whether the finite verb of ``verb``'s clause shows plural agreement (are, were, do, VBP)."""
    return plural_agreement_word(verb) is not None


def plural_agreement_word(verb):
    """The finite word of ``verb``'s clause that shows plural agreement (*are*, *were*, *do*,
    a VBP verb), or None."""
    for t in (*[c for c in verb.children if c.dep_ in ("aux", "auxpass")], verb):
        if t.tag_ == "VBP" or t.lower_ in ("are", "were", "'re", "’re"):
            return None if t.lower_ in ("am", "'m") else t
        if t.tag_ in ("VBZ", "VBD", "MD"):
            return None
    return None


def plural_verb_only(index, noun: int):
    """The plural finite verb that is the only sign of noun ``noun``'s plurality (*which
    regions speak ...*, *the trees don't grow*), or None (a determiner, numeral or quantifier
    shows it, or nothing does). A site that drops the -s needs that verb as it stands: with
    the verb made singular by another feature (*which region speaks*) the noun is singular."""
    if has_numeral_above_one(index, noun) or has_plural_quantifier(index, noun, PLURAL_MARKERS):
        return None
    head, dep = index.head_of[noun], index.dep_of[noun]
    if dep == "pobj" and lower(index, head) == "of" and is_quantity_head(index.tokens[index.head_of[head]]):
        return None
    if dep in ("nsubj", "nsubjpass") or (dep == "attr" and any(
            index.dep_of[c] == "expl" for c in index.child_positions(head))):
        return plural_agreement_word(index.tokens[head])
    return None


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


@rule(
    "regularized_plurals",
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
    "mass_noun_plurals",
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
    "zero_plural_after_quantifier",
    tags={"NNS"},
    examples=[
        ("I lived there for five years.", "I lived there for five year."),
        ("How many books did you read?", "How many book did you read?"),
        ("We did all our subjects in English, and it took several weeks.",
         "We did all our subject in English, and it took several week."),
        ("It costs 20 dollars.", "It costs 20 dollar."),
        ("The photo got two hundred likes and ten comments.",
         "The photo got two hundred likes and ten comment."),
    ],
    negatives=[
        # a sibilant stem the lexicon does not know: its -es is no plain -s to cut
        "Three coronaviruses infect bats.",
        "The books are on the table.",
        "Some students didn't come.",
        "Five children were playing.",
        "It was a five years' journey.",
        "The post got three hundred likes.",
        "Her post got few likes.",
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
        if singular_reads_as_other_word(singular) or capitalised_at(index, i) \
                or followed_by_possessive(index, i):
            continue
        if has_numeral_above_one(index, i) or has_plural_quantifier(index, i, PLURAL_QUANTIFIERS):
            yield site(Replace(i, singular))


@rule(
    "zero_plural",
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
        'These ins and outs are tricky.',
        'These likes were bought.',
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
        if singular_reads_as_other_word(singular) or is_human_noun(singular) \
                or capitalised_at(index, i):
            continue
        if followed_by_possessive(index, i) or index.dep_of[i] == "compound":
            continue
        if has_personal_relative(tok):
            continue
        if plurality_marked_elsewhere(index, i):
            verb = plural_verb_only(index, i)
            # the verb that shows the plural is claimed as it stands (a site that rewords it,
            # *which region speaks*, excludes this one)
            yield site(Replace(i, singular), *(() if verb is None else (Replace(verb.i, verb.text),)))


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


@rule(
    "plural_preposed",
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
        # a field of study in -ics
        'We discussed the politics of the region.',
        'She studied the economics of trade.',
        'The teacher noticed the cleaner forgets to lock the door.',
    ],
)
def plural_preposed(doc, index) -> Iterator[Site]:
    """Plural marked by a word before the noun, which then loses its -s: *the boys* -> *dem
    boy* (the plural article of Caribbean and West African creoles and Gullah). Only definite
    regular -s plurals with *the*, whose *the* is replaced, in clauses and in fragments,
    lists and headlines alike; not recipients (*gave dem kid the toys* would read as *gave
    them kid*, the recipient lost), irregular plurals (*children*),
    bare generic plurals, possessors (*the boys' room*), names or nouns that already have a
    numeral or plural quantifier. Not a verb the tagger took for a plural noun (*the cleaner
    dislikes the cook*: it has an object of its own), nor a singular noun of a field in
    *-ics* (*the politics*: *politic* is no noun), which *dem* would make plural."""
    for tok in index.by_tag.get("NNS", ()):
        singular = definite_regular_plural(index, tok)
        if not singular or used_as_verb(index, tok.i) or tok.lower_.endswith("ics") and not is_noun(singular):
            continue
        if any(c.tag_ == "JJR" and is_noun(c.lower_) for c in tok.lefts) and dictionary_verb(tok.lower_):
            continue  # *the cleaner forgets*: a noun in -er and a verb, tagged as an adjective and a plural
        if index.dep_of[first_conjunct_at(index, tok.i)] != "dative":
            yield site(Replace(definite_article(index, tok.i), "dem"), Replace(tok.i, singular))


@rule(
    "plural_postposed",
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
    "plural_to_singular_human",
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
        # nouns whose ending looks agentive but that name no people
        "She found a few errors in the report.",
        "Few flowers grow on the tundra.",
        "It costs two dollars and fifty cents.",
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
        if singular is None or not names_people(singular) or capitalised_at(index, i):
            continue
        if followed_by_possessive(index, i) or index.dep_of[i] == "compound":
            continue
        if any(c < i and tag_of[c] == "PRP" for c in index.child_positions(i)):
            continue  # *you guys, we students*: the pronoun is the head of the phrase
        if plurality_marked_elsewhere(index, i):
            yield site(Replace(i, singular))
