"""Pronoun rules (eWAVE 7, 9, 14, 34)."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.docindex import DocIndex
from multivalue_cli.edits import Delete, Insert, Move, Replace, Site, site
from multivalue_cli.registry import rule

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


# ------------------------------------------------------------------------ 7 me_coordinate_subjects


def _conjuncts_of(head: Token) -> list[Token]:
    """The head of a coordination and its conjuncts, in order."""
    found = [head]
    for child in head.children:
        if child.dep_ == "conj":
            found.extend(_conjuncts_of(child))
    return sorted(found, key=lambda t: t.i)


def _subtree_span(tok: Token) -> tuple[int, int] | None:
    """``[start, end)`` of a token's subtree without its conjuncts and cc, if contiguous."""
    parts = [tok] + [
        t for child in tok.children if child.dep_ not in ("conj", "cc", "preconj", "punct")
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
        if tok.dep_ in SUBJECT_DEPS and any(c.dep_ == "conj" for c in tok.children):
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
        cc = [c for c in head.children if c.dep_ == "cc"]
        fronting: list[tuple] = []
        span = _subtree_span(head)
        if not cc or any(c.lower_ != "and" for c in cc):
            continue  # "neither she nor I"
        if (
            len(conjuncts) == 2 and conjuncts[1] == tok and len(cc) == 1
            and cc[0].i == tok.i - 1 and span is not None and span[1] == cc[0].i
            and not any(c.dep_ == "preconj" for c in head.children)
            and not _after_listed_noun(doc, span[0])
        ):
            start = span[0]
            fronting.append((Replace(tok.i, "me"), Move(tok.i, tok.i + 1, start),
                             Move(cc[0].i, cc[0].i + 1, start)))
        yield site(*fronting[0], alternatives=(replace,)) if fronting else site(*replace)


# ---------------------------------------------------------------------------- 9 benefactive_dative

# Verbs of obtaining and creating, which take a benefactive "for oneself" object (not *find*
# or *catch*, whose discovery sense reads oddly: "she found her a wallet on the street").
BENEFACTIVE_VERBS = frozenset("get buy build bake cook grab order rent pour knit sew".split())
# The personal dative for each subject pronoun.
DATIVE_FOR_SUBJECT = {
    "i": "me", "we": "us", "you": "you", "he": "him", "she": "her", "they": "them",
}
INDEFINITE_DETS = frozenset({"a", "an", "some", "another"})


def _controlling_subject(verb: Token) -> Token | None:
    """The subject of ``verb``, or of the verb whose infinitive complement it is."""
    for _ in range(3):
        subj = next((c for c in verb.children if c.dep_ == "nsubj"), None)
        if subj is not None:
            return subj
        if verb.dep_ in ("xcomp", "conj"):
            verb = verb.head
        else:
            return None
    return None


def _has_for_beneficiary(verb: Token, obj: Token) -> bool:
    """A *for*-phrase on the verb or object, which may name another beneficiary."""
    return any(c.dep_ == "prep" and c.lower_ == "for" for t in (verb, obj) for c in t.children)


def _indefinite_object(verb: Token) -> Token | None:
    """A direct object introduced by an indefinite determiner or a number (*a new car*)."""
    objs = [c for c in verb.children if c.dep_ == "dobj"]
    if len(objs) != 1 or objs[0].pos_ != "NOUN":
        return None
    obj = objs[0]
    first = obj.left_edge
    if first.lower_ in INDEFINITE_DETS or first.like_num:
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
    ],
    negatives=[
        "I got the message.",
        "She bought a gift for her mother.",
        "I've got a question.",
        "My brother bought a new car.",
        "I bought my son a bike.",
        "He got it.",
        "She found a wallet on the street.",
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
            for c in verb.children
        ):
            continue
        if verb.tag_ == "VBN" and any(c.lemma_ == "have" for c in verb.children if c.dep_ == "aux"):
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
    for tok in doc:
        new = SINGULAR_REFLEXIVE.get(tok.lower_)
        if new:
            yield site(Replace(tok.i, new))


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
    if nxt.head not in (you, you.head) or list(nxt.children):
        return None
    return nxt


def _plural_by_context(you: Token) -> bool:
    """*You* whose clause shows it is plural: a plural predicate noun (*you are students*), a
    plural reflexive (*help yourselves*) or a plural vocative (*Boys, you ...*)."""
    if you.dep_ not in SUBJECT_DEPS:
        return False
    verb = you.head
    for child in verb.children:
        if child.dep_ == "attr" and child.tag_ == "NNS" and verb.lemma_ == "be":
            return True
        if child.lower_ == "yourselves":
            return True
        if (child.dep_ in ("npadvmod", "vocative", "dep") and child.tag_ == "NNS"
                and child.i < you.i and child.i + 1 < len(you.doc)
                and you.doc[child.i + 1].text == ","):
            return True
    return False


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
    ],
    negatives=[
        "Are you ready?",
        "I wish you all the best.",
        "You are a good student.",
        "You guys are late.",
        "Did you enjoy yourself?",
    ],
)
def yall(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A dedicated second person plural (*y'all*, *you guys*) for a *you* that is clearly plural.
    Plurality must be visible in the parse: *you all*, or a plural predicate noun, plural
    reflexive or plural vocative in the clause; a bare *you* is left alone, as is *you guys*."""
    for you in index.by_lemma.get("you", ()):
        if you.lower_ != "you":
            continue
        all_tok = _you_all(you)
        if all_tok is not None:
            yield site(Replace(you.i, "y'all"), Delete(all_tok.i))
            continue
        if you.i + 1 < len(doc) and doc[you.i + 1].lower_ in ALREADY_PLURAL:
            continue  # "you guys", "you two" are plural forms already
        if _plural_by_context(you):
            variants = [(Replace(you.i, form),) for form in PLURAL_YOU_FORMS]
            yield site(*variants[0], alternatives=tuple(variants[1:]))
