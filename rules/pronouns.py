"""Pronoun rules (eWAVE 5-40, except the reference-dependent ones in pronoun_reference.py).

Most features here swap one closed-class pronoun form for another in a position the parse
identifies: a possessive determiner, a subject, an object, a reflexive, a question word. The
forms are a small closed class and stay in code; the positions come from tags and dependencies.
"""
from __future__ import annotations

from typing import Callable, Iterable, Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.antecedents import is_animate
from multivalue_cli.engine.edits import Delete, Insert, Move, Replace, Site, site
from multivalue_cli.engine.it_classifier import NON_REFERENTIAL, REFERENTIAL, UNRESOLVED, classify_it
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS as SUBJECT_DEPS
from multivalue_cli.engine.syntax import children
from multivalue_cli.engine.syntax import direct_subject as subject_of
from multivalue_cli.engine.syntax import in_question as _is_question
from multivalue_cli.engine.wordlists import wordlist

OBJECT_DEPS = frozenset({"dobj", "dative", "pobj"})
CATEGORY = "Pronouns"

# The lemma the parser files each pronoun form under (lower-cased, as in the index), so the
# forms can be found through the lemma index; forms not listed are their own lemma.
_LEMMA_OF = {
    "me": ("i",), "him": ("he",), "her": ("she",), "us": ("we",), "them": ("they",),
    "yours": ("your",), "hers": ("her",), "ours": ("our",), "theirs": ("their",),
    "yourselves": ("yourself",),
}
# Clitics a pronoun may host; only "'ll" reads naturally after an object form (*us'll do it*).
_CLITICS = frozenset({"'m", "'re", "'s", "'ve", "'d", "'ll", "’m", "’re", "’s", "’ve", "’d", "’ll"})


def _forms(index: DocIndex, forms: Iterable[str]) -> list[Token]:
    """Tokens whose lower-cased text is one of ``forms``, found through the lemma index (whose
    look-ups are in document order)."""
    wanted = frozenset(forms)
    lemmas = _LEMMAS_OF_FORMS.get(wanted)
    if lemmas is None:
        lemmas = _LEMMAS_OF_FORMS[wanted] = tuple(sorted(
            set(wanted).union(*(_LEMMA_OF.get(f, ()) for f in wanted))))
    return [t for t in index.lemma(*lemmas) if t.lower_ in wanted]


# forms -> the lemmas to look up for them (each rule asks for the same forms on every text)
_LEMMAS_OF_FORMS: dict[frozenset[str], tuple[str, ...]] = {}


def _next_lower(tok: Token) -> str:
    return tok.doc[tok.i + 1].lower_ if tok.i + 1 < len(tok.doc) else ""


def _is_coordinated(tok: Token) -> bool:
    """A conjunct, or the head of a coordination (*John and me*, *me and John*)."""
    return tok.dep_ == "conj" or any(c.dep_ == "conj" for c in children(tok))


def _is_request(verb: Token) -> bool:
    """An imperative (*Give me that*) or a request to the addressee (*Can you show me ...?*)."""
    while verb.dep_ == "conj" and not any(c.dep_ in SUBJECT_DEPS for c in children(verb)):
        verb = verb.head
    subjects = [c for c in children(verb) if c.dep_ in SUBJECT_DEPS]
    if not subjects:
        return verb.tag_ == "VB" and verb.dep_ == "ROOT" and not any(
            c.dep_ in ("aux", "auxpass") for c in children(verb))
    if subjects[0].lower_ != "you" or not _is_question(verb):
        return False
    return any(c.dep_ == "aux" and c.i < subjects[0].i and c.lower_ in REQUEST_AUX
               for c in children(verb))


REQUEST_AUX = frozenset({"can", "could", "will", "would", "ca", "wo"})


def _swap(tok: Token, table: dict[str, str]) -> Site:
    return site(Replace(tok.i, table[tok.lower_]))


# ------------------------------------------------------------------------ 7 me_coordinate_subjects


def _conjuncts_of(head: Token) -> list[Token]:
    """The head of a coordination and its conjuncts, in order."""
    found = [head]
    for child in children(head):
        if child.dep_ == "conj":
            found.extend(_conjuncts_of(child))
    return sorted(found, key=lambda t: t.i)


def _subtree_span(tok: Token) -> tuple[int, int] | None:
    """``[start, end)`` of a token's subtree without its conjuncts and cc, if contiguous."""
    parts = [tok] + [
        t for child in children(tok) if child.dep_ not in ("conj", "cc", "preconj", "punct")
        for t in child.subtree
    ]
    idx = sorted(t.i for t in parts)
    if idx[-1] - idx[0] + 1 != len(idx):
        return None
    return idx[0], idx[-1] + 1


def _after_listed_noun(doc: Doc, start: int) -> bool:
    """*Tom, Mary and I*: a noun and comma before the coordination, probably a longer list."""
    return (start >= 2 and doc[start - 1].text == ","
            and doc[start - 2].pos_ in ("PROPN", "NOUN", "PRON"))


@rule(
    7, "me_coordinate_subjects", "Pronouns",
    lemmas={"i"},
    deps={"conj"},
    examples=[
        ("My brother and I were late.",
         ["Me and my brother were late.", "My brother and me were late."]),
        ("Yesterday John and I went to the market.",
         ["Yesterday me and John went to the market.",
          "Yesterday John and me went to the market."]),
        ("Can you and I talk later?", ["Can me and you talk later?", "Can you and me talk later?"]),
        ("I and my wife don't eat meat.", "Me and my wife don't eat meat."),
        ("Both my wife and I love it.", "Both my wife and me love it."),
        ("Tom, Mary and I will come.", "Tom, Mary and me will come."),
    ],
    negatives=[
        "I was late.",
        "She invited my brother and me.",
        "This is between you and me.",
        "My brother and my sister were late.",
        "I came home and I slept.",
        "Neither she nor I knew the answer.",
    ],
)
def me_coordinate_subjects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Me* for *I* in a coordinated subject: *me and my brother* / *my brother and me were late*.
    Only the nominative *I* inside a coordination that is the subject of a clause; when *I* is the
    last of exactly two conjuncts joined by *and*, the variant with *me* moved to the front is
    offered too (not after *both*, where it would break the correlative)."""
    for tok in index.by_lemma.get("i", ()):
        if tok.text != "I":
            continue
        if tok.dep_ in SUBJECT_DEPS and any(c.dep_ == "conj" for c in children(tok)):
            yield site(Replace(tok.i, "me"))  # "I and my wife" -> "me and my wife"
            continue
        if tok.dep_ != "conj":
            continue
        head = tok.head
        while head.dep_ == "conj":
            head = head.head
        if head.dep_ not in SUBJECT_DEPS:
            continue
        replace = (Replace(tok.i, "me"),)
        conjuncts = _conjuncts_of(head)
        cc = [c for c in children(head) if c.dep_ == "cc"]
        fronting: list[tuple] = []
        span = _subtree_span(head)
        if not cc or any(c.lower_ != "and" for c in cc):
            continue  # "neither she nor I"
        if (
            len(conjuncts) == 2 and conjuncts[1] == tok and len(cc) == 1
            and cc[0].i == tok.i - 1 and span is not None and span[1] == cc[0].i
            and not any(c.dep_ == "preconj" for c in children(head))
            and not _after_listed_noun(doc, span[0])
        ):
            start = span[0]
            fronting.append((Replace(tok.i, "me"), Move(tok.i, tok.i + 1, start),
                             Move(cc[0].i, cc[0].i + 1, start)))
        yield site(*fronting[0], alternatives=(replace,)) if fronting else site(*replace)


# ---------------------------------------------------------------------------- 9 benefactive_dative

# Verbs of obtaining and creating, which take a benefactive "for oneself" object (not *find*
# or *catch*, whose discovery sense reads oddly: "she found her a wallet on the street").
BENEFACTIVE_VERBS = frozenset(
    "get buy build bake cook grab order rent pour knit sew make fix purchase earn win hire book "
    "fetch brew fry grill roast pick catch".split())
# The personal dative for each subject pronoun.
DATIVE_FOR_SUBJECT = {
    "i": "me", "we": "us", "you": "you", "he": "him", "she": "her", "they": "them",
}
INDEFINITE_DETS = frozenset({"a", "an", "some", "another"})


def _controlling_subject(verb: Token) -> Token | None:
    """The subject of ``verb``, or of the verb whose infinitive complement it is."""
    for _ in range(3):
        subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
        if subj is not None:
            return subj
        if verb.dep_ in ("xcomp", "conj"):
            verb = verb.head
        else:
            return None
    return None


def _has_for_beneficiary(verb: Token, obj: Token) -> bool:
    """A *for*-phrase on the verb or object, which may name another beneficiary."""
    return any(c.dep_ == "prep" and c.lower_ == "for" for t in (verb, obj) for c in children(t))


def _indefinite_object(verb: Token) -> Token | None:
    """A direct object that names a new thing: introduced by an indefinite determiner or a
    number (*a new car*, *two tickets*), or a bare plural (*new shoes*). Not people (*I got
    two new neighbours* is no obtaining for oneself) nor a *catch* that is no thing caught
    (*catch a cold*)."""
    objs = [c for c in children(verb) if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].pos_ != "NOUN":
        return None
    obj = objs[0]
    animal = obj.lemma_.lower() in wordlist("animal_nouns")
    if is_animate(obj) is True or (is_animate(obj) is None and not animal):
        return None
    if verb.lemma_.lower() == "catch" and not animal:
        return None  # "catch a cold", "catch a bus"; "I caught me a fish"
    first = obj.left_edge
    if first.lower_ in INDEFINITE_DETS or first.like_num:
        return obj
    if obj.tag_ == "NNS" and not any(c.dep_ in ("det", "poss", "nummod") for c in children(obj)):
        return obj
    return None


@rule(
    9, "benefactive_dative", "Pronouns",
    lemmas=BENEFACTIVE_VERBS,
    deps={"dobj"},
    examples=[
        ("I got a new car.", "I got me a new car."),
        ("She bought a red dress.", "She bought her a red dress."),
        ("We want to rent a nice house.", "We want to rent us a nice house."),
        ("Did they build a new garage?", "Did they build them a new garage?"),
        ("He didn't cook a proper meal.", "He didn't cook him a proper meal."),
        ("I'm going to make a sandwich.",
         "I'm going to make me a sandwich."),
        ('She wants to buy new shoes.',
         'She wants to buy her new shoes.'),
        ('We caught a big fish.',
         'We caught us a big fish.'),
        ('He won two tickets to the game.',
         'He won him two tickets to the game.'),
    ],
    negatives=[
        "I got the message.",
        "She bought a gift for her mother.",
        "I've got a question.",
        "My brother bought a new car.",
        "I bought my son a bike.",
        "He got it.",
        "She found a wallet on the street.",
        'I got two new neighbours last month.',
        'She caught a cold.',
        'We made the bed.',
        'They hired a new teacher.',
    ],
)
def benefactive_dative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Personal dative: a pronoun coreferent with the subject before the object of a verb of
    obtaining or creating (*I got me a new car*). Only pronoun subjects (a noun subject leaves
    *him/her* ambiguous), indefinite objects, no existing dative or *for*-beneficiary, and not
    possessive *have got*."""
    for verb in index.lemma(*BENEFACTIVE_VERBS):
        if verb.pos_ != "VERB" or any(
            c.dep_ in ("dative", "iobj", "prt", "ccomp", "xcomp", "auxpass", "nsubjpass")
            for c in children(verb)
        ):
            continue
        if verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in children(verb) if c.dep_ == "aux"):
            continue
        obj = _indefinite_object(verb)
        subj = _controlling_subject(verb)
        if obj is None or subj is None or _has_for_beneficiary(verb, obj):
            continue
        dative = DATIVE_FOR_SUBJECT.get(subj.lower_)
        if dative is None:
            continue
        yield site(Insert(obj.left_edge.i, dative))


# -------------------------------------------------------------------------------- 14 reflex_number

SINGULAR_REFLEXIVE = {"ourselves": "ourself", "themselves": "themself", "yourselves": "yourself"}


@rule(
    14, "reflex_number", "Pronouns",
    lemmas={"ourselves", "themselves", "yourselves", "yourself", "ourself", "themself"},
    examples=[
        ("We did it ourselves.", "We did it ourself."),
        ("They hurt themselves while playing.", "They hurt themself while playing."),
        ("Did you enjoy yourselves at the party?", "Did you enjoy yourself at the party?"),
        ("Ourselves, we never complain.", "Ourself, we never complain."),
    ],
    negatives=[
        "He did it himself.",
        "You should help yourself.",
        "They did it themself.",
    ],
)
def reflex_number(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Reflexives without number distinction: *ourself*, *themself*, *yourself* for the plural
    *ourselves*, *themselves*, *yourselves*."""
    for tok in _forms(index, SINGULAR_REFLEXIVE):
        yield _swap(tok, SINGULAR_REFLEXIVE)


# ----------------------------------------------------------------------------------------- 34 yall

PLURAL_YOU_FORMS = ("y'all", "you guys", "you all")
ALREADY_PLURAL = frozenset({"guys", "all", "people", "two", "both"})


def _you_all(you: Token) -> Token | None:
    """The *all* of *you all* (not the predeterminer of *you all the best*)."""
    if you.i + 1 >= len(you.doc):
        return None
    nxt = you.doc[you.i + 1]
    if nxt.lower_ != "all" or nxt.dep_ not in ("appos", "advmod", "det", "nsubj"):
        return None
    if nxt.head not in (you, you.head) or children(nxt):
        return None
    return nxt


def _all_of_you(you: Token) -> Token | None:
    """The *all* of *all of you* (*all of you should come*, *I'll call all of you*)."""
    of = you.head
    if you.dep_ != "pobj" or of.lower_ != "of" or of.i != you.i - 1 or of.i < 1:
        return None
    quantifier = of.head
    if quantifier.lower_ != "all" or quantifier.i != of.i - 1:
        return None
    return quantifier


def _floating_all(you: Token) -> Token | None:
    """The *all* of *you are all welcome*: a floating quantifier right after the verb of a
    subject *you*."""
    verb = you.head
    if you.dep_ not in SUBJECT_DEPS or verb.i != you.i + 1 or verb.i + 1 >= len(you.doc):
        return None
    nxt = you.doc[verb.i + 1]
    if nxt.lower_ == "all" and nxt.dep_ == "advmod" and nxt.head.i == verb.i:
        return nxt
    return None


def _plural_by_context(you: Token) -> bool:
    """*You* whose clause shows it is plural: a plural predicate noun (*you are students*), a
    plural reflexive (*help yourselves*), a reciprocal (*you should help each other*) or a
    plural vocative (*Boys, you ...*)."""
    if you.dep_ not in SUBJECT_DEPS:
        return False
    verb = you.head
    for child in children(verb):
        if child.dep_ == "attr" and child.tag_ == "NNS" and verb.lemma_ == "be":
            return True
        if child.lower_ == "yourselves" or _reciprocal(child):
            return True
        if (child.dep_ in ("npadvmod", "vocative", "dep") and child.tag_ == "NNS"
                and child.i < you.i and child.i + 1 < len(you.doc)
                and you.doc[child.i + 1].text == ","):
            return True
    return False


def _reciprocal(tok: Token) -> bool:
    """*each other*, *one another* as an object."""
    return tok.lower_ in ("other", "another") and tok.i > 0 and tok.doc[tok.i - 1].lower_ in ("each", "one")


@rule(
    34, "yall", "Pronouns",
    lemmas={"you"},
    examples=[
        ("Are you all ready?", "Are y'all ready?"),
        ("I will see you all tomorrow.", "I will see y'all tomorrow."),
        ("You are good students.",
         ["Y'all are good students.", "You guys are good students.", "You all are good students."]),
        ("Boys, you must be quiet.",
         ["Boys, y'all must be quiet.", "Boys, you guys must be quiet.",
          "Boys, you all must be quiet."]),
        ("I hope you enjoyed yourselves.",
         ["I hope y'all enjoyed yourselves.", "I hope you guys enjoyed yourselves.",
          "I hope you all enjoyed yourselves."]),
        ('I will call all of you tomorrow.',
         "I will call y'all tomorrow."),
        ('All of you should come.',
         "Y'all should come."),
        ('You are all welcome here.',
         "Y'all are welcome here."),
        ('You should help each other.',
         ["Y'all should help each other.", 'You guys should help each other.', 'You all should help each other.']),
    ],
    negatives=[
        "Are you ready?",
        "I wish you all the best.",
        "You are a good student.",
        "You guys are late.",
        "Did you enjoy yourself?",
        'All of them should come.',
        'You should help him.',
        "Regardless of whether you're tall or short, you might trip.",
    ],
)
def yall(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A dedicated second person plural (*y'all*, *you guys*) for a *you* that is clearly plural.
    Plurality must be visible in the parse: *you all*, *all of you*, *you are all ...*, or a
    plural predicate noun, plural reflexive, reciprocal or plural vocative in the clause; a
    bare *you* is left alone (it may be one person, or generic), as is *you guys*."""
    for you in index.by_lemma.get("you", ()):
        if you.lower_ != "you":
            continue
        all_tok = _you_all(you) or _floating_all(you)
        if all_tok is not None:
            yield site(Replace(you.i, "y'all"), Delete(all_tok.i))
            continue
        quantifier = _all_of_you(you)
        if quantifier is not None:  # "all of you" -> "y'all"
            yield site(Replace(quantifier.i, "y'all"), Delete(quantifier.i + 1), Delete(you.i))
            continue
        if you.i + 1 < len(doc) and doc[you.i + 1].lower_ in ALREADY_PLURAL:
            continue  # "you guys", "you two" are plural forms already
        if _plural_by_context(you):
            variants = [(Replace(you.i, form),) for form in PLURAL_YOU_FORMS]
            yield site(*variants[0], alternatives=tuple(variants[1:]))


# ===================================================================== generalized 3sg pronoun

def _referential_it(it: Token) -> bool:
    """Whether an *it* may refer to a thing, by the shared classifier: referential, or with no
    dummy, idiomatic or event reading and no clear antecedent (*is it broken?*). Weather,
    time, extraposition, cleft, raising, idiom and event *it* stand for no thing."""
    reading = classify_it(it)
    return reading is not None and reading.kind in (REFERENTIAL, UNRESOLVED)


EM_SUBJECT_FORMS = frozenset({"he", "she", "it"})


@rule(
    5, "em_subj_pronoun", CATEGORY,
    lemmas=EM_SUBJECT_FORMS,
    deps=SUBJECT_DEPS,
    examples=[
        ("He works at the bank.", "Em works at the bank."),
        ("I think she's right, but it broke anyway.",
         "I think em's right, but em broke anyway."),
        ("Does he know where the keys are?", "Does em know where the keys are?"),
        ("When the car stopped, it was making a noise.",
         "When the car stopped, em was making a noise."),
        ('The bike is old, but it still works.',
         'The bike is old, but em still works.'),
        ('She sings well.',
         'Em sings well.'),
        ('Is it broken?',
         'Is em broken?'),
    ],
    negatives=[
        "It is raining again.",
        "It is important to read the manual.",
        "It seems that the shop closed.",
        "They saw him and her.",
        "It was John who called.",
        'It turns out the shop was closed.',
        'It was her birthday.',
        'It happened last week.',
    ],
)
def em_subj_pronoun(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """One third person singular subject pronoun *em* for *he*, *she* and *it*. Subjects only
    (objects are feature 6); *it* only when it refers (not weather, raising, extraposition or
    cleft *it*, which creoles with *em* express differently)."""
    for tok in _forms(index, EM_SUBJECT_FORMS):
        if tok.dep_ not in SUBJECT_DEPS:
            continue
        if tok.lower_ == "it" and not _referential_it(tok):
            continue
        yield site(Replace(tok.i, "em"))


EM_OBJECT_FORMS = frozenset({"him", "her", "it"})


def _object_pronoun(tok: Token) -> bool:
    """*him/her/it* as the object of a verb or preposition (not possessive *her*)."""
    if tok.tag_ != "PRP" or tok.dep_ not in OBJECT_DEPS:
        return False
    if tok.lower_ == "it":
        verb = tok.head
        if any(c.dep_ in ("ccomp", "xcomp", "oprd") and c.i > tok.i for c in children(verb)):
            return False
        return classify_it(tok).kind not in NON_REFERENTIAL
    return True


@rule(
    6, "em_obj_pronoun", CATEGORY,
    lemmas={"he", "she", "it"},
    deps=OBJECT_DEPS,
    examples=[
        ("I saw her at the market.", "I saw om at the market."),
        ("Give him the book and tell him it's late.",
         "Give om the book and tell om it's late."),
        ("Did you fix it before you left?", "Did you fix om before you left?"),
        ("We waited for him, but he didn't come.", "We waited for om, but he didn't come."),
        ('I found the key and used it.',
         'I found the key and used om.'),
        ('Tell her the truth.',
         'Tell om the truth.'),
        ('We bought a lamp and fixed it.',
         'We bought a lamp and fixed om.'),
    ],
    negatives=[
        "Her car is red.",
        "He left early.",
        "I find it hard to believe.",
        "They helped us.",
        'Stop overdoing it.',
        'They hit it off at once.',
    ],
)
def em_obj_pronoun(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """One third person singular object pronoun *om* for *him*, *her* and *it* (the eWAVE form):
    objects of verbs and prepositions; possessive *her* and the dummy *it* of *find it hard to*
    are left alone."""
    for tok in _forms(index, EM_OBJECT_FORMS):
        if _object_pronoun(tok):
            yield site(Replace(tok.i, "om"))


# ===================================================================== coordinated first person


def _first_person_in_coordinated_subject(tok: Token) -> bool:
    """*I* as a conjunct of a subject, or as the subject heading a coordination."""
    if tok.text != "I":
        return False
    if tok.dep_ in SUBJECT_DEPS:
        return any(c.dep_ == "conj" for c in children(tok))
    if tok.dep_ != "conj":
        return False
    head = tok.head
    while head.dep_ == "conj":
        head = head.head
    return head.dep_ in SUBJECT_DEPS


@rule(
    8, "myself_coordinate_subjects", CATEGORY,
    lemmas={"i"},
    deps={"conj"},
    examples=[
        ("My brother and I were late.",
         ["My brother and myself were late.", "My brother and meself were late."]),
        ("I and my wife don't eat meat.",
         ["Myself and my wife don't eat meat.", "Meself and my wife don't eat meat."]),
        ("Did you know that Sarah and I met in Paris?",
         ["Did you know that Sarah and myself met in Paris?",
          "Did you know that Sarah and meself met in Paris?"]),
    ],
    negatives=[
        "I was late.",
        "She invited my brother and me.",
        "I came home and I slept.",
    ],
)
def myself_coordinate_subjects(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Myself/meself* for *I* in a coordinated subject (*my husband and myself were late*);
    the position of *I* in the coordination is kept."""
    for tok in _forms(index, {"i"}):
        if _first_person_in_coordinated_subject(tok):
            yield site(Replace(tok.i, "myself"), alternatives=((Replace(tok.i, "meself"),),))


# ==================================================================================== reflexives

REGULAR_REFLEXIVES = {"himself": "hisself", "themselves": "theirselves", "themself": "theirself"}


@rule(
    11, "regularized_reflexives", CATEGORY,
    lemmas={"himself", "themselves", "themself"},
    examples=[
        ("He hurt himself.", "He hurt hisself."),
        ("They did it themselves, didn't they?",
         ["They did it theirselves, didn't they?", "They did it theirself, didn't they?"]),
        ("Did John buy himself a car?", "Did John buy hisself a car?"),
    ],
    negatives=[
        "She hurt herself.",
        "We did it ourselves.",
        "I saw him there.",
    ],
)
def regularized_reflexives(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Third person reflexives built on the possessive like the first and second person:
    *hisself*, *theirselves* (or *theirself*)."""
    for tok in _forms(index, REGULAR_REFLEXIVES):
        new = REGULAR_REFLEXIVES[tok.lower_]
        alternatives = ((Replace(tok.i, "theirself"),),) if new == "theirselves" else ()
        yield site(Replace(tok.i, new), alternatives=alternatives)


@rule(
    12, "regularized_reflexives_object_pronouns", CATEGORY,
    lemmas={"myself"},
    examples=[
        ("I made it myself.", "I made it meself."),
        ("Myself, I don't care.", "Meself, I don't care."),
        ("I can't help myself when I see chocolate.",
         "I can't help meself when I see chocolate."),
    ],
    negatives=[
        "You did it yourself.",
        "He hurt himself.",
        "Give me that.",
    ],
)
def regularized_reflexives_object_pronouns(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """First person singular reflexive on the object form: *meself* for *myself*. (The second
    person has no distinct object form, and *usselves* is too rare to generate.)"""
    for tok in _forms(index, {"myself"}):
        yield site(Replace(tok.i, "meself"))


SUBJECT_BASED_REFLEXIVES = {
    "himself": "heself", "herself": "sheself", "themselves": "theyselves", "themself": "theyself",
}


@rule(
    13, "regularized_reflexives_aave", CATEGORY,
    lemmas=SUBJECT_BASED_REFLEXIVES,
    examples=[
        ("They fixed the roof themselves.",
         ["They fixed the roof theyselves.", "They fixed the roof theyself."]),
        ("She bought herself a coat.", "She bought sheself a coat."),
        ("He doesn't like talking about himself.", "He doesn't like talking about heself."),
    ],
    negatives=[
        "I did it myself.",
        "Her brother saw her.",
        "We enjoyed ourselves.",
    ],
)
def regularized_reflexives_aave(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Third person reflexives on the subject form: *heself*, *sheself*, *theyselves/theyself*.
    *Herself* is also the object form's reflexive, so only the subject form changes it."""
    for tok in _forms(index, SUBJECT_BASED_REFLEXIVES):
        new = SUBJECT_BASED_REFLEXIVES[tok.lower_]
        alternatives = ((Replace(tok.i, "theyself"),),) if new == "theyselves" else ()
        yield site(Replace(tok.i, new), alternatives=alternatives)


# ------------------------------------------------------------------------------ 15 absolute_reflex

ABSOLUTE_REFLEXIVE = {
    "i": "myself", "me": "myself", "we": "ourselves", "us": "ourselves",
    "he": "himself", "him": "himself", "she": "herself", "her": "herself",
    "they": "themselves", "them": "themselves",
}
SUBJECT_FORMS = frozenset({"i", "we", "he", "she", "they"})
FIRST_PERSON_OBJECTS = frozenset({"me", "us"})


def _fronted_first_conjunct(doc: Doc, pronoun: Token, reflexive: str) -> tuple | None:
    """``X and I`` -> ``Myself and X``: the ops moving the pronoun and *and* before ``X``,
    when the coordination is exactly ``X and I`` with a contiguous ``X``."""
    head = pronoun.head
    if pronoun.dep_ != "conj" or head.dep_ == "conj" or _conjuncts_of(head) != [head, pronoun]:
        return None
    cc = [c for c in children(head) if c.dep_ in ("cc", "preconj")]
    span = _subtree_span(head)
    if len(cc) != 1 or cc[0].lower_ != "and" or cc[0].i != pronoun.i - 1 or span is None:
        return None
    if span[1] != cc[0].i or _after_listed_noun(doc, span[0]):
        return None
    return (Replace(pronoun.i, reflexive), Move(pronoun.i, pronoun.i + 1, span[0]),
            Move(cc[0].i, cc[0].i + 1, span[0]))


def _absolute_object(tok: Token) -> bool:
    """*me/us* as object in a request to the addressee (*please contact me*), where the
    reflexive has no antecedent in its clause."""
    if tok.dep_ not in OBJECT_DEPS or _is_coordinated(tok):
        return False
    verb = tok.head.head if tok.dep_ == "pobj" else tok.head
    if tok.dep_ == "pobj" and tok.head.dep_ not in ("prep", "dative"):
        return False
    return verb.pos_ == "VERB" and verb.lemma_.lower() != "let" and _is_request(verb)


# Verbs whose first person object is often a reflexive without antecedent in requests
# (*please contact myself*); with other verbs (*give myself that*) it reads as self-directed.
CONTACT_VERBS = frozenset({"contact", "email", "inform", "notify", "include", "copy", "cc"})


def _absolute_reflexive_object(tok: Token) -> bool:
    """*me/us* after a preposition in a request (*send it to myself*), or the object of a verb
    of contacting (*please contact myself*)."""
    if tok.dep_ == "dobj" and tok.head.lemma_.lower() not in CONTACT_VERBS:
        return False
    return tok.dep_ != "dative" and _absolute_object(tok)


@rule(
    15, "absolute_reflex", CATEGORY,
    lemmas={"i", "we", "he", "she", "they"},
    examples=[
        ("My wife and I will be there.", "Myself and my wife will be there."),
        ("The letter was sent to John and me.", "The letter was sent to John and myself."),
        ("Please contact me if you have questions.",
         "Please contact myself if you have questions."),
        ("Could you send the tickets to us?", "Could you send the tickets to ourselves?"),
        ("Is it true that John and I were chosen?", "Is it true that myself and John were chosen?"),
        ('He and his wife moved to Cork.',
         'Himself and his wife moved to Cork.'),
        ('Did she and her brother come?',
         'Did herself and her brother come?'),
        ('The manager and they signed the deal.',
         'The manager and themselves signed the deal.'),
        ('They invited Tom and me to the wedding.',
         'They invited Tom and myself to the wedding.'),
    ],
    negatives=[
        "I will be there.",
        "He called me yesterday.",
        "Let me know if you need anything.",
        "We invited them and they came.",
        'He moved to Cork.',
        "They said he left early.",
        'I saw her brother.',
        'Tell him to wait.',
        # a third person reflexive object would be bound by the subject (the cook)
        'The cook prepared a dish for the designer and him.',
        'We invited Tom and her.',
        # ... and so would myself after a first person subject
        'I sent it to Tom and me.',
    ],
)
def absolute_reflex(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """First person reflexives without an antecedent, standing for *I/me/we/us*: in a
    coordination (*myself and my wife will be there*, *sent to John and myself*) and as the
    object of a request (*please contact myself*). A coordinated subject *X and I* becomes
    *myself and X*, the order of that construction. Outside coordinations only after a
    preposition or a verb of contacting (*give myself that* would read as self-directed).
    Third person reflexives stand for *he/she/they* in coordinated subjects (*himself and his
    wife came*); as objects they would read as bound by the subject (*the cook made it for the
    designer and himself*), and alone (*himself is gone*) they mean 'the boss', which no SAE
    source gives."""
    for tok in _forms(index, ABSOLUTE_REFLEXIVE):
        if tok.tag_ != "PRP":
            continue  # possessive *her*
        reflexive = ABSOLUTE_REFLEXIVE[tok.lower_]
        if tok.lower_ in SUBJECT_FORMS:
            if tok.lower_ == "i" and tok.text != "I":
                continue
            if not (_is_coordinated(tok) and _in_subject(tok)):
                continue
            fronted = _fronted_first_conjunct(doc, tok, reflexive) if tok.lower_ == "i" else None
            yield site(*fronted) if fronted else site(Replace(tok.i, reflexive))
        elif tok.lower_ in FIRST_PERSON_OBJECTS and not _bound_by_subject(tok) and (
                (_is_coordinated(tok) and not _in_subject(tok)) or _absolute_reflexive_object(tok)):
            yield site(Replace(tok.i, reflexive))


def _bound_by_subject(tok: Token) -> bool:
    """Whether the clause's subject is the same person as a first person object (*I sent it to
    Tom and me*): there the reflexive would be an ordinary bound one, not absolute."""
    verb = tok
    while verb.dep_ not in ("ROOT",) and verb.pos_ not in ("VERB", "AUX"):
        verb = verb.head
    subject = subject_of(verb) if verb.pos_ in ("VERB", "AUX") else None
    same = {"me": ("i",), "us": ("we",)}[tok.lower_]
    return subject is not None and any(c.lower_ in same for c in _conjuncts_of(subject))


def _in_subject(tok: Token) -> bool:
    head = tok
    while head.dep_ == "conj":
        head = head.head
    return head.dep_ in SUBJECT_DEPS


# ------------------------------------------------------------------------------ 16 emphatic_reflex

OWN_SELF = {
    "myself": "my own self", "yourself": "your own self", "himself": "his own self",
    "herself": "her own self", "ourselves": "our own selves", "yourselves": "your own selves",
    "themselves": "their own selves", "themself": "their own self", "ourself": "our own self",
}


@rule(
    16, "emphatic_reflex", CATEGORY,
    lemmas=set(OWN_SELF) | {"yourself"},
    examples=[
        ("Everybody took care of themselves.", "Everybody took care of their own selves."),
        ("I did it all by myself.", "I did it all by my own self."),
        ("She said so herself, didn't she?", "She said so her own self, didn't she?"),
        ("Why don't you ask him yourself?", "Why don't you ask him your own self?"),
    ],
    negatives=[
        "The door opened by itself.",
        "He took his own car.",
        "Make yourself at home.",
        "They enjoyed themselves.",
    ],
)
def emphatic_reflex(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Emphatic reflexives made with *own*: *I did it my own self*, *by my own self*, *took care
    of their own selves*. Emphatic (appositive or adverbial) reflexives and objects of
    prepositions; not direct objects of verbs, whose reflexive is often lexical (*enjoy
    yourself*, *make yourself at home*). Personal reflexives only; *itself* has no *its own
    self* in the varieties that use this."""
    for tok in _forms(index, OWN_SELF):
        if tok.dep_ in ("dobj", "dative", "nsubj", "nsubjpass", "conj"):
            continue
        yield _swap(tok, OWN_SELF)


# =============================================================== pronoun forms as possessives

# Head nouns of exclamations (*my God*, *oh my goodness*) that are not possession.
EXCLAMATION_NOUNS = frozenset({"god", "goodness", "gosh", "lord", "word", "bad"})


def _possessive_determiners(index: DocIndex, form: str) -> Iterator[Token]:
    """Possessive determiners ``form`` (*my*, *his*, ...) before their noun; not an independent
    *his*, not before *own* (*I own car* would read as the verb), not in exclamations."""
    for tok in _forms(index, {form}):
        head = tok.head
        if tok.tag_ != "PRP$" or tok.dep_ != "poss" or head.i <= tok.i:
            continue
        if head.pos_ not in ("NOUN", "PROPN") or _next_lower(tok) == "own":
            continue
        if any(index.tokens[i].is_punct for i in range(tok.i + 1, head.i)):
            continue  # "the book is his, not mine": an independent *his* parsed as determiner
        if head.lower_ in EXCLAMATION_NOUNS or head.dep_ == "intj":
            continue
        yield tok


def _determiner_rule(form: str, new: str) -> Callable[[Doc, DocIndex], Iterator[Site]]:
    def apply(doc: Doc, index: DocIndex) -> Iterator[Site]:
        for tok in _possessive_determiners(index, form):
            yield site(Replace(tok.i, new))
    return apply


def _register_determiner(ewave: int, name: str, form: str, new: str, doc: str,
                         examples: list, negatives: list) -> None:
    fn = _determiner_rule(form, new)
    fn.__name__ = name
    fn.__doc__ = doc
    rule(ewave, name, CATEGORY, lemmas={form}, tags={"PRP$"},
         examples=examples, negatives=negatives)(fn)


_register_determiner(
    18, "my_i", "my", "I",
    "Subject form *I* as possessive determiner: *I book* for *my book*.",
    examples=[
        ("My brother's car is red.", "I brother's car is red."),
        ("Have you seen my keys?", "Have you seen I keys?"),
        ("I don't think my mother knows, but my dad does.",
         "I don't think I mother knows, but I dad does."),
    ],
    negatives=["That book is mine.", "I have my own room.", "Oh my God, it's late!"],
)
_register_determiner(
    19, "our_we", "our", "we",
    "Subject form *we* as possessive determiner: *we farm* for *our farm*.",
    examples=[
        ("Our house is small.", "We house is small."),
        ("When we finished our work, we went home.", "When we finished we work, we went home."),
        ("Isn't our teacher coming?", "Isn't we teacher coming?"),
    ],
    negatives=["The house is ours.", "We have our own car.", "We left early."],
)
_register_determiner(
    20, "his_he", "his", "he",
    "Subject form *he* as possessive determiner: *he book* for *his book*; independent *his* "
    "(*the book is his*) is left alone.",
    examples=[
        ("His book is on the table.", "He book is on the table."),
        ("Did you meet his sister?", "Did you meet he sister?"),
        ("He said his father's shop was closed.", "He said he father's shop was closed."),
    ],
    negatives=["The book is his.", "He lost his own keys.", "He left early."],
)
_register_determiner(
    21, "their_they", "their", "they",
    "Subject form *they* as possessive determiner: *it's they book*.",
    examples=[
        ("It's their book.", "It's they book."),
        ("Their kids don't go to school here.", "They kids don't go to school here."),
        ("Do you know where their house is?", "Do you know where they house is?"),
    ],
    negatives=["The book is theirs.", "They have their own rules.", "They left early."],
)
_register_determiner(
    22, "your_you", "your", "you",
    "*You* as possessive determiner: *you fare* for *your fare*.",
    examples=[
        ("You can't come in unless you pay your fare.",
         "You can't come in unless you pay you fare."),
        ("Your sister's friend called.", "You sister's friend called."),
        ("Is this your car?", "Is this you car?"),
    ],
    negatives=["Is this car yours?", "You have your own room.", "You did it yourself."],
)
_register_determiner(
    24, "his_him", "his", "him",
    "Object form *him* as possessive determiner: *him dog* for *his dog*.",
    examples=[
        ("His dog barks all night.", "Him dog barks all night."),
        ("Tell him to get his gear on.", "Tell him to get him gear on."),
        ("Why didn't he call his mother?", "Why didn't he call him mother?"),
    ],
    negatives=["The dog is his.", "He has his own dog.", "I saw him."],
)
_register_determiner(
    25, "their_them", "their", "them",
    "Object form *them* as possessive determiner: *them book* for *their book*.",
    examples=[
        ("Their book is new.", "Them book is new."),
        ("The kids lost their shoes.", "The kids lost them shoes."),
        ("Have they sold their house yet?", "Have they sold them house yet?"),
    ],
    negatives=["The house is theirs.", "They have their own house.", "I saw them."],
)
_register_determiner(
    26, "my_me", "my", "me",
    "Object form *me* as possessive determiner: *me brother*, *I've lost me bike*.",
    examples=[
        ("He's my brother.", "He's me brother."),
        ("I've lost my bike.", "I've lost me bike."),
        ("My mum's friend didn't come.", "Me mum's friend didn't come."),
    ],
    negatives=["The bike is mine.", "I have my own bike.", "Oh my God!"],
)
_register_determiner(
    27, "our_us", "our", "us",
    "Object form *us* as possessive determiner: *we like us town*.",
    examples=[
        ("We like our town.", "We like us town."),
        ("Our George was a nice one.", "Us George was a nice one."),
        ("Where did you park our car?", "Where did you park us car?"),
    ],
    negatives=["The town is ours.", "We have our own rules.", "They helped us."],
)


# --------------------------------------------------------------------------------- 23 your_yalls

PLURAL_AFTER_YOU = frozenset({"all", "guys", "two", "three", "both", "people", "folks"})


def _plural_addressee(sent) -> bool:
    """The sentence shows the addressee is plural: *you all/guys/two*, *all of you*, *you are
    all ...*, *yourselves*, or a *you* with a plural predicate noun, reciprocal or vocative."""
    for tok in sent:
        low = tok.lower_
        if low in ("yourselves", "y'all", "y’all"):
            return True
        if low == "you" and (_next_lower(tok) in PLURAL_AFTER_YOU or _plural_by_context(tok)
                             or _all_of_you(tok) is not None or _floating_all(tok) is not None):
            return True
    return False


@rule(
    23, "your_yalls", CATEGORY,
    lemmas={"your"},
    tags={"PRP$"},
    examples=[
        ("You all should bring your books.",
         ["You all should bring y'all's books.", "You all should bring yalls books."]),
        ("Boys, you need to clean your room.",
         ["Boys, you need to clean y'all's room.", "Boys, you need to clean yalls room."]),
        ("Did you guys finish your homework?",
         ["Did you guys finish y'all's homework?", "Did you guys finish yalls homework?"]),
        ('All of you should bring your books.',
         ["All of you should bring y'all's books.", 'All of you should bring yalls books.']),
        ('You are all welcome to bring your kids.',
         ["You are all welcome to bring y'all's kids.", 'You are all welcome to bring yalls kids.']),
        ('You should help each other with your homework.',
         ["You should help each other with y'all's homework.", 'You should help each other with yalls homework.']),
    ],
    negatives=[
        "Did you finish your homework?",
        "You are a good student and your essay is great.",
        "Is this yours, guys?",
        'You should bring your books.',
        'All of them brought their books, and you forgot your pen.',
    ],
)
def your_yalls(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A second person plural form as possessive determiner, *y'all's* (or *yalls*) for a *your*
    whose possessor is visibly plural in the sentence; a *your* of unknown number stays."""
    for tok in _possessive_determiners(index, "your"):
        if _plural_addressee(index.sentence(tok.i)):
            yield site(Replace(tok.i, "y'all's"), alternatives=((Replace(tok.i, "yalls"),),))


# ========================================================================== case forms swapped


@rule(
    29, "me_us", CATEGORY,
    lemmas={"i"},
    deps=OBJECT_DEPS,
    examples=[
        ("Give me that.", "Give us that."),
        ("Show me those boots, please.", "Show us those boots, please."),
        ("Can you tell me where the station is?", "Can you tell us where the station is?"),
        ("Pass the salt to me and pour the tea.", "Pass the salt to us and pour the tea."),
    ],
    negatives=[
        "Let me go.",
        "He gave me a book.",
        "Give my brother and me a minute.",
        "Did you see me?",
    ],
)
def me_us(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Us* for a singular *me* as object: *show us them boots*. Requests only (imperatives and
    *can/could/will/would you ...?*), where the form is established; not *let me* (which would
    read as *let's*) and not in coordinations."""
    for tok in _forms(index, {"me"}):
        if _absolute_object(tok):
            yield site(Replace(tok.i, "us"))


OBJECT_TO_SUBJECT = {"me": "I", "him": "he", "her": "she", "us": "we", "them": "they"}
SUBJECT_TO_OBJECT = {"i": "me", "he": "him", "she": "her", "we": "us", "they": "them"}
# After these the subject form is standard in formal English (*taller than I*), not dialectal.
COMPARATIVE_PREPS = frozenset({"than", "as", "but", "except"})


@rule(
    30, "non_coordinated_subj_obj", CATEGORY,
    lemmas={"i", "he", "she", "we", "they"},
    deps=OBJECT_DEPS,
    examples=[
        ("You got him out of bed in the middle of the night.",
         "You got he out of bed in the middle of the night."),
        ("If I didn't know them, they knew me.", "If I didn't know they, they knew I."),
        ("Did you give it to her?", "Did you give it to she?"),
        ("We told us a story.", "We told we a story."),
    ],
    negatives=[
        "Let's go.",
        "I saw John and her.",
        "Her car is red.",
        "She is taller than me.",
        "Let me see.",
    ],
)
def non_coordinated_subj_obj(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Subject forms in object function, outside coordinations: *they knowed I*, *get he out of
    bed*. Objects of verbs and prepositions; not possessive *her*, *let's*, the subject of a
    small clause (*let me see*) or after comparative *than/as*."""
    for tok in _forms(index, OBJECT_TO_SUBJECT):
        if tok.tag_ != "PRP" or tok.dep_ not in OBJECT_DEPS or _is_coordinated(tok):
            continue
        if tok.dep_ == "pobj" and tok.head.lower_ in COMPARATIVE_PREPS:
            continue
        yield site(Replace(tok.i, OBJECT_TO_SUBJECT[tok.lower_]))


@rule(
    31, "non_coordinated_obj_subj", CATEGORY,
    lemmas=set(SUBJECT_TO_OBJECT),
    deps=SUBJECT_DEPS,
    examples=[
        ("We'll do it.", "Us'll do it."),
        ("They say she is dry.", "Them say her is dry."),
        ("What did they call it?", "What did them call it?"),
        ("I went home because he was tired.", "Me went home because him was tired."),
    ],
    negatives=[
        "I'm tired.",
        "I am late, aren't I?",
        "They're here.",
        "John and I left.",
        "Give it to them.",
    ],
)
def non_coordinated_obj_subj(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object forms in subject function, outside coordinations: *us'll do it*, *what did 'em call
    it?*. Not before the clitics *'m/'re/'s/'ve/'d*, which fuse with the subject form only."""
    for tok in _forms(index, SUBJECT_TO_OBJECT):
        if tok.tag_ != "PRP" or tok.dep_ not in SUBJECT_DEPS or _is_coordinated(tok):
            continue
        if tok.lower_ == "i" and tok.text != "I":
            continue
        nxt = _next_lower(tok)
        if nxt in _CLITICS and nxt not in ("'ll", "’ll"):
            continue
        if tok.lower_ == "i" and tok.head.lower_ in ("am", "are", "'m", "’m"):
            continue  # "I am", "aren't I?": forms that agree with *I* only
        yield site(Replace(tok.i, SUBJECT_TO_OBJECT[tok.lower_]))


# --------------------------------------------------------------------------- 33 nasal possessive

NASAL_POSSESSIVE = {"yours": "yourn", "his": "hisn", "hers": "hern", "ours": "ourn",
                    "theirs": "theirn"}
# Letter closings are fixed formulas (*Yours truly*), not possessive pronouns.
CLOSING_ADVERBS = frozenset({"truly", "sincerely", "faithfully", "ever"})


def _determiner_his(tok: Token) -> bool:
    """*his* as determiner (*his car*, *his regular-sized friend*), as opposed to independent
    *his* (*it's his*, *hers, not his*), which the tagger may also tag PRP$. A determiner is
    the possessor of a noun after it, with nothing but words and hyphens in between."""
    head = tok.head
    return (tok.dep_ == "poss" and head.i > tok.i and head.pos_ in ("NOUN", "PROPN", "NUM")
            and not any(t.is_punct and t.tag_ != "HYPH" for t in tok.doc[tok.i + 1:head.i]))


@rule(
    33, "nasal_possessive_pron", CATEGORY,
    # the tagger often takes *hers*, *ours*, *theirs* for plural nouns of lemma her, our, their
    lemmas={"your", "yours", "his", "hers", "ours", "theirs", "her", "our", "their"},
    examples=[
        ("That book is hers, not his.", "That book is hern, not hisn."),
        ("The nurse told us about a friend of hers.", "The nurse told us about a friend of hern."),
        ("The car is theirs now.", "The car is theirn now."),
        ("Is the red one yours?", "Is the red one yourn?"),
        ("Ours is bigger than theirs.", "Ourn is bigger than theirn."),
        ("That's not yours, it's hers.", "That's not yourn, it's hern."),
        ('The red one is his.',
         'The red one is hisn.'),
        ('Is that car his or yours?',
         'Is that car hisn or yourn?'),
        ('I like his better than ours.',
         'I like hisn better than ourn.'),
    ],
    negatives=[
        "His car is red.",
        "Yours truly, Bob.",
        "That one is mine.",
        'He gave his regular-sized friend a ride.',
        'She fixed his old-fashioned clock.',
        'They sold his car.',
    ],
)
def nasal_possessive_pron(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Independent possessives with the nasal of *mine*: *yourn*, *hisn*, *hern*, *ourn*,
    *theirn*. Independent uses only (the determiner *his* stays); *mine* already has it."""
    for tok in _forms(index, NASAL_POSSESSIVE):
        if tok.lower_ == "his" and _determiner_his(tok):
            continue
        if tok.lower_ == "yours" and _next_lower(tok) in CLOSING_ADVERBS:
            continue
        yield _swap(tok, NASAL_POSSESSIVE)


# -------------------------------------------------------------------------------------- 35 you_ye


@rule(
    35, "you_ye", CATEGORY,
    lemmas={"you"},
    examples=[
        ("Are you coming tonight?", "Are ye coming tonight?"),
        ("I told you that you're welcome.", "I told ye that ye're welcome."),
        ("You don't know him.", "Ye don't know him."),
    ],
    negatives=[
        "Are you all ready?",
        "You guys are late.",
        "Is this your car?",
    ],
)
def you_ye(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Ye* as the second person pronoun of one addressee. A *you* shown to be plural (*you
    all*, *you guys*, plural predicate or vocative) is left to feature 34; possessive *your*
    is a different feature."""
    for tok in _forms(index, {"you"}):
        if tok.tag_ != "PRP" or _next_lower(tok) in PLURAL_AFTER_YOU or _plural_by_context(tok):
            continue
        yield site(Replace(tok.i, "ye"))


# ============================================================================ plural wh-words

QUESTION_WORDS = frozenset({"who", "what"})
# *what about X?*, *what if ...?*, *who else*: fixed phrases without a set of answers.
NO_PLURAL_AFTER = frozenset({"about", "if", "else"})
# Words that single out one answer: *who scored the most goals?*, *who came first?*.
SINGLE_ANSWER_WORDS = frozenset({"first", "only", "last", "single"})
SINGULAR_PERSONAL = frozenset({"he", "she", "him", "her", "his", "hers", "himself", "herself"})
SINGULAR_BE = frozenset({"is", "was", "'s", "’s"})


def _question_tokens(index: DocIndex, tok: Token) -> list[Token]:
    return [index.tokens[i] for i in range(index.sentence_of[tok.i], index.sentence_end(tok.i))]


def _open_question_word(index: DocIndex, tok: Token) -> bool:
    """*who/what* opening a direct question that may have several answers: not a relative or
    determiner, not *what about/if*, and not a question that expects one answer (see
    :func:`_expects_one_answer`)."""
    if tok.tag_ != "WP" or tok.dep_ in ("det", "dep") or _next_lower(tok) in NO_PLURAL_AFTER:
        return False
    sentence = _question_tokens(index, tok)
    first = next((t for t in sentence if not (t.is_punct or t.is_space)), None)
    if first is None or first.i != tok.i or not _is_question(tok):
        return False
    return not _expects_one_answer(tok, sentence)


def _expects_one_answer(wh: Token, sentence: list[Token]) -> bool:
    """A question about one identity, one person or one event: a singular copula (*who is
    the president?*, *what was the total?*), a singular personal pronoun for the answer
    (*who forgot her keys?*), a superlative or ordinal (*who scored the most?*, *who came
    first?*), or a subject *who/what* of a verb that is not one of gathering (*who broke
    the window?*, *who reacted violently?*: one culprit, one event)."""
    verb = wh.head
    if verb.lemma_.lower() == "be" and verb.lower_ in SINGULAR_BE:
        return True
    for t in sentence:
        if t.i == wh.i:
            continue
        if t.tag_ in ("PRP", "PRP$") and t.lower_ in SINGULAR_PERSONAL:
            return True
        if t.tag_ in ("JJS", "RBS") or t.lower_ in SINGLE_ANSWER_WORDS:
            return True
    if wh.dep_ in ("nsubj", "nsubjpass"):
        return not _gathering(verb)
    return False


# Verbs of coming together and being somewhere, whose subject question asks for everyone
# (*who came?*, *who's going to be there?*); other subject questions (*who reacted
# violently?*, *who broke the window?*) ask for the one who did it.
GATHERING_VERBS = frozenset(
    "come go attend join arrive show turn stay live visit gather meet sign".split())


def _gathering(verb: Token) -> bool:
    """A verb of coming or being there (*who came?*, *who is coming?*, *who'll be there?*),
    or a plural copula (*who are the winners?*)."""
    lemma = verb.lemma_.lower()
    if lemma == "be":
        return verb.lower_ in ("are", "were", "'re", "’re") or any(
            c.lower_ == "there" for c in children(verb))
    return lemma in GATHERING_VERBS


@rule(
    39, "plural_interrogative", CATEGORY,
    lemmas=QUESTION_WORDS,
    tags={"WP"},
    examples=[
        ("Who came to the party?", "Who-all came to the party?"),
        ("What did you buy at the market?", "What-all did you buy at the market?"),
        ("What are the names of the students?", "What-all are the names of the students?"),
        ("I'm back. Who did you see there?", "I'm back. Who-all did you see there?"),
        ("Who's coming tonight?",
         "Who-all's coming tonight?"),
        ('What did they say about the plan?',
         'What-all did they say about the plan?'),
        ('Who lives in that house?',
         'Who-all lives in that house?'),
    ],
    negatives=[
        "Who is the president?",
        "What is your name?",
        "The man who came was tall.",
        "What about you?",
        "What kind of car is it?",
        'Who broke the window?',
        'Who scored the most goals?',
        'Who forgot her keys?',
        'What was the total cost?',
        'Who has a mental illness?',
        "Who's your teacher?",
    ],
)
def plural_interrogative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Who-all*, *what-all* asking for the whole set of answers, in direct questions where a
    plural reading is possible: object questions (*what did you buy?*), plural copulas
    (*what are the names ...?*) and subject questions about coming or being there (*who
    came?*, *who's coming?*). Questions that expect one answer are left alone: a singular
    copula (*who is the president?*), a singular pronoun for the answer, a superlative or
    ordinal, or a subject question about one deed (*who broke the window?*)."""
    for tok in _forms(index, QUESTION_WORDS):
        if _open_question_word(index, tok):
            yield site(Replace(tok.i, f"{tok.lower_}-all"))


@rule(
    40, "reduplicate_interrogative", CATEGORY,
    lemmas=QUESTION_WORDS,
    tags={"WP"},
    examples=[
        ("Who came?", "Who-who came?"),
        ("What did they say?", "What-what did they say?"),
        ("Who didn't sign up?", "Who-who didn't sign up?"),
        ("Who's coming to dinner?",
         "Who-who's coming to dinner?"),
        ('What did you see at the fair?',
         'What-what did you see at the fair?'),
        ("Who'll be there tomorrow?",
         "Who-who'll be there tomorrow?"),
    ],
    negatives=[
        "Who is your teacher?",
        "I know what you did.",
        "What if it rains?",
        'Who broke the window?',
        'Who came first?',
        'Who was the victim?',
    ],
)
def reduplicate_interrogative(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Reduplicated *who-who*, *what-what* asking about several people or things, in the same
    direct questions as feature 39."""
    for tok in _forms(index, QUESTION_WORDS):
        if _open_question_word(index, tok):
            yield site(Replace(tok.i, f"{tok.lower_}-{tok.lower_}"))
