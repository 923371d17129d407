"""Prefixes and suffixes of verbs (eWAVE 134, 135, 143, 145, 146): *a*-prefixing, the
transitive suffix *-em*, *gotten* for *got*, and *-ing* on other forms."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import children, maybe_ing_adjective, nominal_subject, subject_of
from multivalue_cli.engine.wordlists import wordlist

from .common import FUNCTION_VERBS, has_aux_lemma, object_of


# Unstressed verb prefixes: a-prefixing needs a stressed first syllable (*a-hunting* but not
# *a-believing*, *a-discovering*), so lemmas beginning with these are skipped.
UNSTRESSED_PREFIXES = ("be", "de", "di", "re", "pre", "pro", "con", "com", "col", "cor", "ex",
                       "sur", "sup", "sub", "suc", "per", "pur", "for", "mis", "em", "en")
# Verbs after which an -ing complement is a-prefixed (went a-fishing, kept a-talking).
A_PREFIX_GOVERNORS = frozenset({"go", "come", "keep", "start", "begin", "set", "get"})
VOWELS = "aeiou"


def _syllables(word: str) -> int:
    groups, previous = 0, False
    for ch in word.lower():
        vowel = ch in VOWELS or ch == "y"
        groups += vowel and not previous
        previous = vowel
    if word.endswith("e") and not word.endswith(("le", "ee")) and groups > 1:
        groups -= 1
    return groups


def takes_a_prefix(lemma: str) -> bool:
    """Consonant-initial and stressed on the first syllable (approximated: one or two
    syllables and no unstressed prefix)."""
    if not lemma.isalpha() or lemma[0] in VOWELS:
        return False
    if _syllables(lemma) > 2:
        return False
    return _syllables(lemma) == 1 or not lemma.startswith(UNSTRESSED_PREFIXES)


def _is_verbal_ing(tok: Token) -> bool:
    """A progressive (*was hunting*) or the -ing complement of *go/keep/start* (*went fishing*),
    not a gerund noun, an adjective or the object of a preposition."""
    if tok.tag_ != "VBG" or tok.pos_ not in ("VERB", "AUX"):
        return False
    if any(c.dep_ == "aux" and (c.lemma_ == "be" or c.lower_ == "going") for c in children(tok)):
        return True  # progressive; the parser takes "going" of "going fishing" as an auxiliary
    return tok.dep_ in ("xcomp", "dobj") and tok.head.lemma_.lower() in A_PREFIX_GOVERNORS


@rule(
    "a_ing",
    tags={"VBG"},
    examples=[
        ("He was hunting.", "He was a-hunting."),
        ("They weren't doing anything wrong.", "They weren't a-doing anything wrong."),
        ("Are you going fishing tomorrow?", "Are you a-going a-fishing tomorrow?"),
        ("She kept talking while we were working outside.",
         "She kept a-talking while we were a-working outside."),
    ],
    negatives=[
        "Swimming is fun.",
        "He is interested in hunting.",
        "They were eating dinner.",
        "She was discovering new places.",
        "The running water was cold.",
        "The story is moving.",
        "The ending was very moving.",
    ],
)
def a_ing(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Appalachian a-prefixing on verbal -ing forms: *he was a-hunting*, *went a-fishing*.
    Only progressives and -ing complements of motion/aspect verbs, never gerunds, nouns or
    objects of prepositions (**for a-hunting*); and only verbs beginning with a consonant and a
    stressed syllable, the phonological condition of the prefix (*a-eating*, *a-discovering* are
    not said)."""
    for tok in index.by_tag.get("VBG", ()):
        if _is_verbal_ing(tok) and takes_a_prefix(tok.lemma_.lower()) and not maybe_ing_adjective(tok):
            # the progressive's *be* is claimed as it stands: the prefix goes with it
            # (*he's a-dating her*), and a feature that drops it would leave *he a-dating*
            be = [Replace(c.i, c.text) for c in children(tok) if c.dep_ == "aux" and c.lemma_ == "be"]
            yield site(Replace(tok.i, "a-" + tok.lower_), *be)


# ------------------------------------------------------------------------------ 135 a_participle

# Participles that do not take the prefix: copular *been*, possessive *got* and *had* are not
# the verbs of action the prefix goes with.
NO_A_PARTICIPLE = frozenset({"be", "get", "have"})


@rule(
    "a_participle",
    tags={"VBN"},
    examples=[
        ("He has come home.", "He has a-come home."),
        ("I have known him for years.", "I have a-known him for years."),
        ("She had told me the truth, but nobody had heard it.",
         "She had a-told me the truth, but nobody had a-heard it."),
        ("We've found the key.", "We've a-found the key."),
    ],
    negatives=[
        "The letter was written by hand.",
        "I have eaten.",
        "They have returned.",
        "One of the speakers had crossed eyes.",
        "I have been there.",
        "We've got a car.",
        "She has discovered the truth.",
        "They have had the same car for years.",
    ],
)
def a_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A-prefixing beyond -ing forms (eWAVE 135, *acome*, *a-back*): on the past participle of
    an active perfect, as in Appalachian and older Southern English *he's a-come home*, *I've
    a-knowed him*. The participle must take the prefix by the same sound condition as
    *a-hunting* (a consonant and a stressed first syllable: not *a-eaten*, *a-returned*);
    passives, copular *been* and *have got* are left. Adverbs (*a-back*) have no SAE source
    a parse can rebuild and are not produced."""
    for tok in index.by_tag.get("VBN", ()):
        lemma = index.lemma_of[tok.i]
        if lemma in NO_A_PARTICIPLE or not has_aux_lemma(tok, "have", ("aux",)):
            continue
        if has_aux_lemma(tok, "be", ("auxpass",)) or not takes_a_prefix(tok.lower_):
            continue
        if _bare_object_follows(index, tok.i):
            continue  # *had crossed eyes* may be possession: crossed describes the eyes
        yield site(Replace(tok.i, "a-" + tok.lower_))


def _bare_object_follows(index: DocIndex, verb: int) -> bool:
    """A plural or mass object right after the participle, with no determiner (*had crossed
    eyes*, *has dyed hair*): *have* + adjective + noun reads as possession as well."""
    after = verb + 1
    return (after < len(index.tokens) and index.head_of[after] == verb
            and index.dep_of[after] == "dobj" and index.tag_of[after] in ("NNS", "NN"))


# ------------------------------------------------------------------------- 143 transitive_suffix


@rule(
    "transitive_suffix",
    deps={"dobj"},
    examples=[
        ("Fix the car.", "Fix-im the car."),
        ("You have to grab the bag.", "You have to grab-im the bag."),
        ("I will cook some fish, and you can wash the plates.",
         "I will cook-im some fish, and you can wash-im the plates."),
    ],
    negatives=[
        "I fixed the car.",
        "She sleeps all day.",
        "Go home.",
        "I want to remember the name.",
        "You have to be a doctor.",
        "Can you give me the book?",
        "Please tell me about it.",
        "They did not enjoy themselves.",
    ],
)
def transitive_suffix(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The transitive suffix *-im* of Aboriginal English and the Pacific contact varieties
    (*Mi bin bai-im kaikai* 'I bought some food'): *fix-im the car*. On the bare form of a
    verb of one or two syllables with a direct object after it (imperatives, infinitives,
    verbs after a modal or do-support). Finite forms are left: the varieties mark tense with
    separate particles (*bin*, feature 111) rather than on the suffixed verb, so *fixed-im*
    would be no one's form, and a bare past would add another feature. *be/have/do* and
    double-object verbs (*give me the book*) are left, and so are pronoun objects, where
    *tell-im me* would read as a second pronoun."""
    for tok in index.by_tag.get("VB", ()):
        lemma = index.lemma_of[tok.i]
        if tok.pos_ != "VERB" or lemma in FUNCTION_VERBS or not tok.lower_.isalpha():
            continue
        obj = object_of(tok)
        if obj is None or obj.i < tok.i or obj.pos_ == "PRON" or any(
                c.dep_ in ("dative", "prt", "ccomp", "xcomp") for c in children(tok)):
            continue
        if _syllables(tok.lower_) > 2:
            continue
        yield site(Replace(tok.i, tok.lower_ + "-im"))


# ---------------------------------------------------------------------------------- 145 got_gotten


def _is_have_aux(aux: Token) -> bool:
    """*have/has/'ve*, and the *'s* of *he's got*, which the parser takes for a passive *is*."""
    return aux.dep_ in ("aux", "auxpass") and (
        aux.lemma_ == "have" or aux.lower_ in ("'s", "’s"))


def _has_as_possessive_mark(got: Token) -> bool:
    """*the teacher's got a pen*: the parser takes the *'s* (*has*) right before *got* for the
    possessive mark of the subject noun."""
    if got.i == 0:
        return False
    mark = got.doc[got.i - 1]
    return mark.tag_ == "POS" and mark.lower_ in ("'s", "’s") and mark.head.dep_ == "nsubj" \
        and mark.head.head.i == got.i


def _possessive_have_got(tok: Token) -> bool:
    """*have got* + object meaning 'possess' (*I've got a car*, *has she got a pen?*), not
    *have got to* (obligation) nor *got* in a passive or without an object."""
    if tok.lemma_.lower() != "get" or tok.tag_ not in ("VBN", "VBD"):  # "'ve got" is often VBD
        return False
    if not any(_is_have_aux(c) for c in children(tok)) and not _has_as_possessive_mark(tok):
        return False
    if any(c.dep_ in ("xcomp", "ccomp") or c.dep_ == "auxpass" and not _is_have_aux(c)
           for c in children(tok)):
        return False
    return object_of(tok) is not None


substitution_rule(
    "got_gotten",
    {"got": "gotten"},
    where=_possessive_have_got,
    doc="""*Gotten* for *got* in possessive *have got*: *Finbank has gotten a new website*
    'has'. Only *have got* with a direct object; obligation *have got to*, the simple past
    *got*, and *got* in other constructions are left alone; a noun's *'s got* counts though
    the parser reads its *'s* as a possessive mark. Needs a possessive *have got*,
    which is spoken rather than written: the benchmark texts have none (their *got* is the
    simple past, *got together*, *got voted*).""",
    lemmas={"get"},
    examples=[
        ("The bank has got a new website.", "The bank has gotten a new website."),
        ("I've got two brothers.", "I've gotten two brothers."),
        ("He's got a car.", "He's gotten a car."),
        ("Have you got a pen I could borrow?", "Have you gotten a pen I could borrow?"),
        ("We haven't got any money, so we stayed home.",
         "We haven't gotten any money, so we stayed home."),
        ("The teacher's got a red pen.", "The teacher's gotten a red pen."),
        ("Our dog's got fleas, so we bathed him.", "Our dog's gotten fleas, so we bathed him."),
        ("I think my neighbour's got a new truck.", "I think my neighbour's gotten a new truck."),
    ],
    negatives=[
        "My brother's car got a dent.",
        "The boss's got to go.",
        "Her sister's friend got a prize.",
        "I've got to go.",
        "She's got to leave.",
        "He got a new job.",
        "She has got married.",
        "They have gotten better.",
        "I got it.",
    ],
)


# --------------------------------------------------------------------------- 146 verbal_ing_suffix

# The modal before which a bare infinitive is reported with -ing (I can driving now): the
# ability modal; other modals (*would remaining*, *will coming*) are not reported.
ING_MODALS = frozenset({"can"})
# Perception and other non-activity verbs: *I can seeing it* is not the reported pattern.
NON_ACTIVITY_VERBS = frozenset({"see", "hear", "feel", "smell", "taste", "get", "go", "come",
                                "say", "tell", "be", "wait", "help", "stand", "afford"})
# Verbs with an object + past participle complement (want my hair cut -> cutting).
CAUSATIVE_NEED_VERBS = frozenset({"want", "need"})


def _bare_after_modal(tok: Token) -> bool:
    """A lexical infinitive after a modal in a declarative clause (*I can drive*)."""
    lemma = tok.lemma_.lower()
    if tok.tag_ != "VB" or tok.pos_ != "VERB" or lemma in FUNCTION_VERBS:
        return False
    if lemma in NON_ACTIVITY_VERBS or lemma in wordlist("progressive_stative_verbs"):
        return False
    modal = next((c for c in children(tok) if c.dep_ == "aux" and c.tag_ == "MD"), None)
    if modal is None or modal.lemma_.lower() not in ING_MODALS:
        return False
    if any(c.dep_ in ("aux", "auxpass") and c.i > modal.i or c.dep_ == "neg"
           for c in children(tok)):
        return False  # can be seen, can't wait
    subj = subject_of(tok)
    return subj is not None and subj.i < modal.i


def _participle_after_need(tok: Token) -> bool:
    """*want/need* + object + past participle: *I need my hair cut*."""
    if tok.tag_ != "VBN" or tok.dep_ != "ccomp" or tok.head.lemma_ not in CAUSATIVE_NEED_VERBS:
        return False
    if any(c.dep_ in ("aux", "auxpass") for c in children(tok)):
        return False
    subj = nominal_subject(tok)
    return subj is not None and subj.i < tok.i and subj.pos_ in ("NOUN", "PROPN")


@rule(
    "verbal_ing_suffix",
    tags={"VB", "VBN"},
    examples=[
        ("I can drive now.", "I can driving now."),
        ("She said that she can swim well.", "She said that she can swimming well."),
        ("He wants his hair cut.", "He wants his hair cutting."),
        ("My brother can cook, and I can bake.", "My brother can cooking, and I can baking."),
    ],
    negatives=[
        "Can you drive?",
        "It can be done.",
        "I want to drive.",
        "He could have won.",
        "You should be careful.",
        "We will call you tomorrow.",
        "I can't wait to see it.",
        "I can see the lake from here.",
    ],
)
def verbal_ing_suffix(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """-ing on verb forms other than the participle/gerund: *I can driving now* (activity verb
    after ability *can*), *he wants his hair cutting* (past participle after *want/need* +
    object). Affirmative declaratives only; other modals, statives and perception verbs,
    *be/have/do*, passives and perfects are left, as the reported pattern does not cover them."""
    for tok in index.tag("VB", "VBN"):
        if _bare_after_modal(tok) or _participle_after_need(tok):
            form = inflect_verb(lemma_of(tok), "VBG")
            if form and form.lower() != tok.lower_:
                yield site(Replace(tok.i, form))
