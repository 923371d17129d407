"""Second person forms (eWAVE 34, 35): *y'all* and other plurals, *ye* for singular *you*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import children, sentence

from .common import PLURAL_AFTER_YOU, all_of_you, floating_all, next_lower, plural_by_context


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


@rule(
    "yall",
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
        # one person addressed by name: a plural predicate is loose talk
        "thank you anna you are the best teachers ever",
        "Sam, you are true heroes to me.",
    ],
)
def yall(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """A dedicated second person plural (*y'all*, *you guys*) for a *you* that is clearly plural.
    Plurality must be visible in the parse: *you all*, *all of you*, *you are all ...*, or a
    plural predicate noun, plural reflexive, reciprocal or plural vocative in the clause; a
    bare *you* is left alone (it may be one person, or generic), as is *you guys*. Needs a
    plural *you* with an overt plural cue (*you all*, *all of you*, *you two*, a plural
    predicate); the benchmark questions address no one, and their prose has only generic
    *you*."""
    for you in index.by_lemma.get("you", ()):
        if you.lower_ != "you":
            continue
        all_tok = _you_all(you) or floating_all(you)
        if all_tok is not None:
            yield site(Replace(you.i, "y'all"), Delete(all_tok.i))
            continue
        quantifier = all_of_you(you)
        if quantifier is not None:  # "all of you" -> "y'all"
            yield site(Replace(quantifier.i, "y'all"), Delete(quantifier.i + 1), Delete(you.i))
            continue
        if you.i + 1 < len(doc) and doc[you.i + 1].lower_ in ALREADY_PLURAL:
            continue  # "you guys", "you two" are plural forms already
        if plural_by_context(you) and not _singular_vocative(you):
            variants = [(Replace(you.i, form),) for form in PLURAL_YOU_FORMS]
            yield site(*variants[0], alternatives=tuple(variants[1:]))


VOCATIVE_DEPS = frozenset({"npadvmod", "vocative", "appos", "dep"})


def _singular_vocative(you: Token) -> bool:
    """The sentence addresses one person by name or noun: a singular noun right after a
    *you* (*I love you, Momo*) or before a comma at the start (*Momo, you ...*). A plural
    predicate is then loose talk (*you are the sweetest women in the world*), not plural
    address."""
    for tok in sentence(you):
        if tok.tag_ not in ("NN", "NNP") or tok.dep_ not in VOCATIVE_DEPS:
            continue
        before = tok.doc[tok.i - 1] if tok.i > 0 else None
        after = tok.doc[tok.i + 1] if tok.i + 1 < len(tok.doc) else None
        if before is not None and before.lower_ == "you":
            return True
        if tok.i == sentence(you).start and after is not None and after.text == ",":
            return True
    return False


def _singular_you(tok: Token) -> bool:
    """A personal *you* not shown to be plural by the words after it or its clause."""
    return tok.tag_ == "PRP" and next_lower(tok) not in PLURAL_AFTER_YOU and not plural_by_context(tok)


substitution_rule(
    "you_ye",
    {"you": "ye"},
    where=_singular_you,
    doc="""*Ye* as the second person pronoun of one addressee. A *you* shown to be plural (*you
    all*, *you guys*, plural predicate or vocative) is left to feature 34; possessive *your*
    is a different feature.""",
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
