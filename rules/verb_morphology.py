"""Verb morphology rules (eWAVE 128, 130, 147)."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.docindex import DocIndex
from multivalue_cli.edits import Replace, Site, site
from multivalue_cli.morphology import inflect_verb, regular_past
from multivalue_cli.registry import rule

# Irregular verbs whose regularized forms are the ones reported for nonstandard varieties
# (catched, knowed, growed, throwed, seed, telled, bringed ...). Suppletive *went*, auxiliaries
# and child-language forms (*maked*, *finded*) are deliberately absent.
REGULARIZED_VERBS = frozenset(
    "catch teach know grow throw blow draw see tell sell hear bring feel keep sleep give "
    "fall build creep sweep weep freeze".split()
)


def _has_aux(verb: Token, lemma: str, deps: tuple[str, ...] = ("aux", "auxpass")) -> bool:
    return any(c.dep_ in deps and c.lemma_ == lemma for c in verb.children)


def _verbal_form(tok: Token) -> str | None:
    """``VBD`` for a finite past, ``VBN`` for a participle in a perfect or passive verb group,
    else None (adjectival participles such as *a broken window* are left alone)."""
    if tok.pos_ != "VERB":
        return None
    if tok.tag_ == "VBD" and "Fin" in tok.morph.get("VerbForm"):
        return "VBD"
    if tok.tag_ == "VBN" and (_has_aux(tok, "have", ("aux",)) or _has_aux(tok, "be", ("auxpass",))):
        return "VBN"
    return None


def _is_irregular_form(tok: Token, tag: str) -> str | None:
    """The lemma when ``tok`` is the irregular ``tag`` form of its lemma (checked against the
    inflection table, so a mis-lemmatised token does not fire)."""
    lemma = tok.lemma_.lower()
    if lemma not in REGULARIZED_VERBS:
        return None
    form = inflect_verb(lemma, tag)
    if form is None or form.lower() != tok.lower_:
        return None
    if form.endswith("ed") or form.lower() == regular_past(lemma):
        return None
    return lemma


@rule(
    128, "regularized_past_tense", "Verb Morphology",
    tags={"VBD", "VBN"},
    examples=[
        ("He caught the ball.", "He catched the ball."),
        ("I knew the answer, so I threw my hand up.",
         ["I knowed the answer, so I throwed my hand up."]),
        ("Who taught you that?", "Who teached you that?"),
        ("The thief was caught yesterday.", "The thief was catched yesterday."),
        ("They have grown tomatoes.", "They have growed tomatoes."),
    ],
    negatives=[
        "He walked home.",
        "I went there and said hello.",
        "She got a broken window fixed.",
        "I will catch the ball.",
        "We had a good time.",
        "The plot made no sense.",
    ],
)
def regularized_past_tense(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Irregular past and participle regularized with *-ed*: *catched*, *knowed*, *growed*.
    Only finite pasts and participles of perfect/passive verb groups, and only verbs whose
    regularized forms are attested (not suppletive *went*, auxiliaries or *maked*)."""
    for tok in index.tag("VBD", "VBN"):
        tag = _verbal_form(tok)
        lemma = _is_irregular_form(tok, tag) if tag else None
        if lemma is None:
            continue
        yield site(Replace(tok.i, regular_past(lemma)))


@rule(
    130, "past_for_past_participle", "Verb Morphology",
    tags={"VBN"},
    examples=[
        ("He had gone home.", "He had went home."),
        ("I have never seen such a thing.", "I have never saw such a thing."),
        ("Has she written the letter?", "Has she wrote the letter?"),
        ("The window was broken by the kids.", "The window was broke by the kids."),
        ("They've taken the bus, haven't they?", "They've took the bus, haven't they?"),
    ],
    negatives=[
        "He had finished the work.",
        "I have been there.",
        "He went home.",
        "The broken window was fixed.",
        "We have put it away.",
    ],
)
def past_for_past_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past form for the past participle in perfects and passives: *he had went*, *it
    was broke*. Only where the two forms differ; *been* and adjectival participles excluded."""
    for tok in index.by_tag.get("VBN", ()):
        if _verbal_form(tok) != "VBN" or tok.lemma_.lower() == "be":
            continue
        lemma = tok.lemma_.lower()
        participle = inflect_verb(lemma, "VBN")
        past = inflect_verb(lemma, "VBD")
        if not participle or not past or participle.lower() != tok.lower_:
            continue
        if past.lower() != participle.lower():
            yield site(Replace(tok.i, past))


# ------------------------------------------------------------------------ 147 conditional_were_was

SINGULAR_PRONOUNS = frozenset("i he she it this that one".split())
# Singular in form but usually construed as plural.
COLLECTIVE_NOUNS = frozenset("police people staff cattle family team government crew".split())
IRREALIS_MARKERS = frozenset({"if", "though", "unless"})
IRREALIS_VERBS = frozenset({"wish", "suppose", "imagine"})


def _singular_subject(subj: Token) -> bool:
    if any(c.dep_ == "conj" for c in subj.children):
        return False
    if subj.lower_ in SINGULAR_PRONOUNS:
        return True
    return (subj.tag_ in ("NN", "NNP") and subj.morph.get("Number") != ["Plur"]
            and subj.lower_ not in COLLECTIVE_NOUNS)


def _is_irrealis(clause: Token) -> bool:
    """An *if/as though* clause, or the complement of *wish/suppose/imagine*."""
    if any(c.dep_ == "mark" and c.lower_ in IRREALIS_MARKERS for c in clause.children):
        return True
    return clause.dep_ in ("ccomp", "advcl") and clause.head.lemma_ in IRREALIS_VERBS


@rule(
    147, "conditional_were_was", "Verb Morphology",
    lemmas={"be"},
    tags={"VBD"},
    examples=[
        ("If I were you, I would go.", "If I was you, I would go."),
        ("I wish she were here.", "I wish she was here."),
        ("He talks as though he were the boss.", "He talks as though he was the boss."),
        ("If the car were cheaper, would you buy it?", "If the car was cheaper, would you buy it?"),
        ("What would you do if it were raining?", "What would you do if it was raining?"),
    ],
    negatives=[
        "If you were here, we would win.",
        "If they were late, I didn't notice.",
        "We were happy.",
        "Were I rich, I would travel.",
        "If the police were here, they would help.",
    ],
)
def conditional_were_was(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Was* for the irrealis *were* with a singular subject: *if I was you*, *I wish she was
    here*. Only in *if/as though* clauses and after *wish*, with the subject before the verb
    (not the literary inversion *were I rich*); plural and *you* subjects keep *were*."""
    for tok in index.by_lemma.get("be", ()):
        if tok.lower_ != "were":
            continue
        clause = tok.head if tok.dep_ in ("aux", "auxpass") else tok
        subj = next((c for c in clause.children if c.dep_ in ("nsubj", "nsubjpass")), None)
        if subj is None or subj.i > tok.i or not _singular_subject(subj):
            continue
        if _is_irrealis(clause):
            yield site(Replace(tok.i, "was"))
