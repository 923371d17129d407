"""Animacy, gender and number of nouns and pronouns, from the parse and word lists derived
from WordNet (``person_nouns``, ``animate_sense_nouns``, ``animal_nouns``, ``group_nouns``,
``concrete_thing_nouns``, ``person_sense_nouns`` in ``rules/wordlists/``) and two short gender
lists of ours (``male_person_nouns``, ``female_person_nouns``). The antecedent finder
(:mod:`.antecedents`) filters its candidates with these, and rules ask them directly
(re-exported there)."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from .docindex import is_blank
from .syntax import children, morph_values
from .wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Token

SING, PLUR = "sing", "plur"

# Third-person personal pronouns: form -> (number, animate?). None = animate or not.
THIRD_PERSON: dict[str, tuple[str, bool | None]] = {
    **dict.fromkeys(("it", "its", "itself"), (SING, False)),
    **dict.fromkeys(("he", "him", "his", "himself"), (SING, True)),
    **dict.fromkeys(("she", "her", "hers", "herself"), (SING, True)),
    **dict.fromkeys(("they", "them", "their", "theirs", "themselves"), (PLUR, None)),
}
MALE, FEMALE = "m", "f"
PRONOUN_GENDER = {**dict.fromkeys(("he", "him", "his", "himself"), MALE),
                  **dict.fromkeys(("she", "her", "hers", "herself"), FEMALE)}
DEMONSTRATIVES = {"this": SING, "that": SING, "these": PLUR, "those": PLUR}
# Heads of quantity phrases whose referent is the noun after "of": hundreds of workers.
QUANTITY_HEADS = frozenset(
    "hundred thousand million billion dozen lot number couple pair bunch majority minority "
    "most half rest part percent kind sort type variety range set series group plenty "
    "amount handful lots".split())


# Curly-apostrophe clitics get no useful lemma from the tagger; these are what it gives the
# straight forms.
CURLY_CLITIC_LEMMAS = {"’s": "be", "’re": "be", "’m": "be", "’ve": "have", "’ll": "will", "’d": "would"}


def lemma(tok: Token) -> str:
    """The lower-cased lemma, also for clitics written with a curly apostrophe (*it’s*)."""
    low = tok.lower_
    if low in CURLY_CLITIC_LEMMAS:
        if low == "’s" and tok.dep_ == "aux" and tok.head.tag_ == "VBN":
            return "have"  # it’s gone
        return CURLY_CLITIC_LEMMAS[low]
    return tok.lemma_.lower()


def is_animate(tok: Token) -> bool | None:
    """True for person nouns and personal pronouns of people, False for nouns and pronouns of
    things, None when unknown (proper nouns, animals, nouns with both kinds of sense)."""
    low, base = tok.lower_, tok.lemma_.lower()
    if tok.pos_ == "PRON" or tok.tag_ in ("PRP", "PRP$"):
        if low in THIRD_PERSON:
            return THIRD_PERSON[low][1]
        if low in DEMONSTRATIVES:
            return False
        return True if low in ("i", "me", "you", "we", "us") else None
    if tok.pos_ != "NOUN":
        return None
    if base in wordlist("person_nouns"):
        return True
    if base in wordlist("animate_sense_nouns") or base in wordlist("group_nouns"):
        return None
    return False


# Endings of nouns of people (*artist*, *musician*, *assistant*, *student*), and of nouns that
# end so but name no person (*payment*).
PERSONAL_SUFFIXES = ("ist", "ian", "ant", "ent")
NON_HUMAN_ENDINGS = ("ment",)


@lru_cache(maxsize=4096)
def is_human_noun(singular: str) -> bool:
    """Whether a noun (probably) names people: listed (ours, or a noun whose WordNet senses
    are people: *candidate, roommate*), with a personal suffix (*artist, musician,
    student*), or an agent noun in -er/-or of a verb (*player, visitor*). Devices in -er
    (*printer*) are caught too, which only makes the rules more cautious."""
    if singular in wordlist("human_nouns") or singular in wordlist("person_nouns") \
            or singular.endswith(("man", "woman")):
        return True
    if singular.endswith(PERSONAL_SUFFIXES) and not singular.endswith(NON_HUMAN_ENDINGS):
        return True
    if singular.endswith(("er", "or")):
        return any(_verb_lemma(stem) for stem in _agent_stems(singular))
    return False


def _agent_stems(noun: str) -> tuple[str, ...]:
    """Possible verbs of an agent noun: *player* -> play, *writer* -> write, *runner* -> run."""
    stem = noun[:-2]
    stems = [stem, stem + "e"]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stems.append(stem[:-1])
    return tuple(stems)


@lru_cache(maxsize=4096)
def names_people(singular: str) -> bool:
    """Whether a noun names people for sure: a listed person noun, or one that
    :func:`is_human_noun` guesses from its ending (*worker*, *builder*) and WordNet gives a
    person sense, that is not mainly a thing (*computer*). Stricter than is_human_noun, which
    also takes *error*, *flower* or *cent* (err-or, flow-er, -ent) to stay cautious."""
    if singular in wordlist("human_nouns") or singular in wordlist("person_nouns") \
            or singular in wordlist("person_nouns_wordnet"):
        return True
    return (is_human_noun(singular) and singular in wordlist("person_sense_nouns")
            and singular not in wordlist("concrete_thing_nouns"))


@lru_cache(maxsize=4096)
def _verb_lemma(word: str) -> bool:
    """Whether the inflection lexicon has ``word`` as a verb's base form."""
    from lemminflect import getAllInflections

    return bool(getAllInflections(word, "VERB"))


def is_concrete_thing(tok: Token) -> bool:
    """A common noun for a concrete inanimate thing (car, house, tree), per WordNet."""
    return tok.pos_ == "NOUN" and tok.lemma_.lower() in wordlist("concrete_thing_nouns")


def could_be_person(tok: Token) -> bool:
    """A name, a personal pronoun or a noun for people, gendered ones included (*a man*,
    whose other senses, a chess piece, leave :func:`is_animate` unsure)."""
    return tok.pos_ == "PROPN" or is_animate(tok) is True or gender(tok) is not None


def gender(tok: Token) -> str | None:
    """MALE or FEMALE for gendered pronouns and person nouns (*mother*, *king*), else None."""
    low = tok.lower_
    if low in PRONOUN_GENDER and tok.tag_ in ("PRP", "PRP$"):
        return PRONOUN_GENDER[low]
    if tok.pos_ != "NOUN":
        return None
    base = tok.lemma_.lower()
    if base in wordlist("male_person_nouns"):
        return MALE
    if base in wordlist("female_person_nouns"):
        return FEMALE
    return None


def semantic_head(tok: Token) -> Token:
    """The noun a quantity phrase is about: *hundreds of workers* -> *workers*."""
    while tok.lemma_.lower() in QUANTITY_HEADS:
        of = next((c for c in children(tok) if c.dep_ == "prep" and c.lower_ == "of"), None)
        obj = next((c for c in children(of) if c.dep_ == "pobj"), None) if of is not None else None
        if obj is None:
            break
        tok = obj
    return tok


def noun_number(tok: Token) -> str | None:
    """SING or PLUR for a nominal head; a coordination (*John and Mary*) is plural."""
    low = tok.lower_
    if any(child.dep_ == "conj" and child.pos_ in ("NOUN", "PROPN", "PRON") for child in children(tok)):
        return PLUR
    if low in THIRD_PERSON:
        return THIRD_PERSON[low][0]
    if low in DEMONSTRATIVES:
        return DEMONSTRATIVES[low]
    number = morph_values(tok, "Number")
    if tok.tag_ in ("NNS", "NNPS") or number == ["Plur"]:
        return PLUR
    if tok.tag_ in ("NN", "NNP") or number == ["Sing"]:
        return SING
    return None


# Word lists of nouns that name places or located things.
PLACE_NOUN_LISTS = ("place_nouns", "destination_nouns", "bare_destination_nouns",
                    "concrete_thing_nouns")


def names_a_place(tok: Token) -> bool:
    """A common noun whose usual sense is a place or a concrete thing something can be in, at
    or on (*school, town, kitchen, drawer*), per the place and thing lists; not a state,
    scale or set (*form, risk, love, percentile, series*). Names are left to the caller."""
    return tok.pos_ == "NOUN" and tok.lemma_.lower() in _place_nouns()


@lru_cache(maxsize=1)
def _place_nouns() -> frozenset[str]:
    return frozenset(w for name in PLACE_NOUN_LISTS for w in wordlist(name))


def fill_in_blank(tok: Token) -> bool:
    """A cloze text's blank (*_ avoids eating carrots*, *___ had a baby*): it stands for a
    noun phrase the reader fills in, most often a person's name."""
    return is_blank(tok.text)


def names_no_place(tok: Token) -> bool:
    """A common noun none of whose usual senses is a place or a physical thing (an act, a
    state, an event: *coma*, *sale*, *trip*), so that *in/at/on* before it states a condition,
    not where something is."""
    return tok.pos_ == "NOUN" and tok.lemma_.lower() in wordlist("non_place_nouns")
