"""Negated forms of *be*, *have* and *do* (eWAVE 155, 156, 158, 163): *ain't* for *isn't* and
*haven't*, invariant *don't*, and *was* / *weren't* split by polarity."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from multivalue_cli.engine.edits import Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import CONTRACTED_NOT, negation_after, nominal_subject

from .common import contract_to_aint

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from multivalue_cli.engine.docindex import DocIndex


PRESENT_BE = frozenset({"is", "are", "am", "'s", "'re", "'m", "’s", "’re", "’m"})
PRESENT_HAVE = frozenset({"have", "has", "'ve", "'s", "’ve", "’s"})
# The perfect auxiliaries that *ain't* replaces (eWAVE 156: the negated form of *have*).
PERFECT_HAVE = PRESENT_HAVE | {"had", "'d", "’d"}


@rule(
    "aint_be",
    lemmas={"be", "’re", "’m"},
    examples=[
        ("They're all in there, aren't they?", "They're all in there, ain't they?"),
        ("He isn't coming tonight.", "He ain't coming tonight."),
        ("I'm not sure what you mean.", "I ain't sure what you mean."),
        ("We’re not ready.", "We ain’t ready."),
        ("Isn't it obvious that it's not a problem?",
         ["Ain't it obvious that it ain't a problem?",
          "Ain't it obvious that it's not a problem?",
          "Isn't it obvious that it ain't a problem?"]),
        ("This is not the movie you want.", "This ain't the movie you want."),
    ],
    negatives=[
        "He wasn't coming.",
        "Is it not obvious?",
        "It is not only cheap but also good.",
        "He's not been there.",
        "They are happy.",
    ],
)
def aint_be(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negated present of *be*: *isn't, aren't, am not, 's not, 're not*.

    Copula and auxiliary alike, negation right after *be* (so not *is it not*), present tense
    only (*wasn't* stays). *not only ... but* negates a constituent, not the clause, and
    *'s not been* is *has not* (feature 156)."""
    # The lemmatiser leaves curly-apostrophe clitics (’re, ’m) as their own lemma.
    for be in index.lemma("be", "’re", "’m"):
        if be.lower_ not in PRESENT_BE or be.tag_ not in ("VBZ", "VBP"):
            continue
        neg = negation_after(be)
        if neg is None or _is_hidden_has(be) or _constituent_negation(neg):
            continue
        yield site(*contract_to_aint(be, neg))


def _is_hidden_has(be: Token) -> bool:
    """*'s* parsed as *be* before *been* is really *has* (*he's not been there*)."""
    return be.head.lower_ == "been" and be.head.i > be.i


def _constituent_negation(neg: Token) -> bool:
    nxt = neg.nbor(1).lower_ if neg.i + 1 < len(neg.doc) else ""
    return nxt == "only"


# --------------------------------------------------------------------------- 156


@rule(
    "aint_have",
    tags={"VBN"},
    examples=[
        ("I haven't had a look at them yet.", "I ain't had a look at them yet."),
        ("She hasn't finished her homework, has she?",
         "She ain't finished her homework, has she?"),
        ("We've not seen him since Tuesday.", "We ain't seen him since Tuesday."),
        ("He's not been there, and I haven't got time.",
         ["He ain't been there, and I ain't got time.",
          "He ain't been there, and I haven't got time.",
          "He's not been there, and I ain't got time."]),
        ("The kids haven't eaten anything since noon.", "The kids ain't eaten anything since noon."),
        ("My phone has not rung all day.", "My phone ain't rung all day."),
    ],
    negatives=[
        "I haven't any money.",
        "He hadn't a penny.",
        "They have not to worry.",
        "Haven't you seen it?",
        "Hadn't they left already?",
        "He's not allowed to go.",
        "He hadn't seen it before.",
        "By noon they had not eaten anything, so they stopped.",
    ],
)
def aint_have(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*ain't* as the negated perfect auxiliary: *I ain't had a look*, *ain't got*, *he ain't
    seen it before*.

    Only *have/has/'ve/'s* + *n't/not* as the auxiliary of a past participle, in declarative
    order (subject before it). *ain't* is a present form: a past perfect *hadn't* in a past
    narrative would move the event to the present. Possessive *have* and inverted questions
    stay."""
    for tok in index.lemma("have", "be"):
        if tok.lower_ not in PERFECT_HAVE or tok.dep_ not in ("aux", "auxpass"):
            continue
        if tok.tag_ == "VBD" or tok.lower_ in ("had", "'d", "’d"):
            continue  # the past perfect
        if tok.lemma_ == "be" and not _is_hidden_has(tok):
            continue
        verb = tok.head
        neg = negation_after(tok)
        if neg is None or verb.tag_ != "VBN" or verb.i < tok.i:
            continue
        subject = nominal_subject(verb)
        if subject is None or subject.i > tok.i:
            continue
        yield site(*contract_to_aint(tok, neg))


# --------------------------------------------------------------------------- 158


def _contracted_negative_does(does: Token) -> bool:
    """The auxiliary *does* of *doesn't* (not of *does not*)."""
    if does.tag_ != "VBZ" or does.lemma_.lower() != "do":
        return False
    neg = negation_after(does)
    return neg is not None and neg.lower_ in CONTRACTED_NOT


substitution_rule(
    "dont",
    {"does": "do"},
    where=_contracted_negative_does,
    doc="""Invariant *don't* in the present: *he don't like me*. Contracted *doesn't* only; the
    full *does not* and affirmative *does* are left to the general uninflected-verb rule.""",
    lemmas={"do"},
    examples=[
        ("He doesn't like me.", "He don't like me."),
        ("Doesn't she know the way?", "Don't she know the way?"),
        ("My car doesn't start when it doesn't rain.",
         ["My car don't start when it don't rain.", "My car don't start when it doesn't rain.",
          "My car doesn't start when it don't rain."]),
    ],
    negatives=[
        "He does like me.",
        "He didn't like me.",
        "They don't like me.",
        "She does not know.",
    ],
)


# --------------------------------------------------------------------------- 163


def _negative_was(was: Token) -> bool:
    """*was* with its negation right after it (*wasn't*, *was not*)."""
    return was.lemma_.lower() == "be" and negation_after(was) is not None


substitution_rule(
    "wasnt_werent",
    {"was": "were"},
    where=_negative_was,
    doc="""Was/weren't split: the negative past of *be* is *weren't* for every person (*Mary
    weren't*), while the affirmative keeps *was*. Negation right after *was* only.""",
    lemmas={"be"},
    examples=[
        ("The boys were interested, but Mary wasn't.",
         "The boys were interested, but Mary weren't."),
        ("It wasn't me, was it?", "It weren't me, was it?"),
        ("It wasn’t me.", "It weren’t me."),
        ("If I wasn't so tired, I was not going to stay.",
         ["If I weren't so tired, I were not going to stay.",
          "If I weren't so tired, I was not going to stay.",
          "If I wasn't so tired, I were not going to stay."]),
    ],
    negatives=[
        "She was interested.",
        "They weren't ready.",
        "Was it not obvious?",
    ],
)
