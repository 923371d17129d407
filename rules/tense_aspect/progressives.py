"""Progressives (eWAVE 88, 95): the progressive in wider use, and *be sat* / *be stood* for
*be sitting* / *be standing*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Insert, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, lemma_of
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import children, negation_after, subject_gap_complement, subject_of

from .common import STATIVE_VERBS, aux_children, be_form, is_duration_for, preverbal_start


COMPLEMENT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "prep", "dative", "attr", "oprd", "acomp"})


def _is_stative_main_verb(verb: Token) -> bool:
    if verb.pos_ != "VERB":
        return False
    deps = {c.dep_ for c in children(verb)}
    if verb.lemma_ == "have":
        return _is_possessive_have(verb, deps)
    if verb.lemma_ not in STATIVE_VERBS:
        return False
    if verb.dep_ in ("parataxis", "intj") or _parenthetical(verb):
        return False  # parenthetical "you know", "I mean", "..., I believe"
    if verb.lemma_ == "need" and "xcomp" in deps:
        return False  # semi-modal "need to"
    if subject_gap_complement(verb) is not None:
        return False  # "a fact that everyone knows is true": "is knowing is true" garbles it
    return bool(deps & COMPLEMENT_DEPS)


def _parenthetical(verb: Token) -> bool:
    """*..., you know.*, *..., I believe.*: the clause it comments on stands before it (the
    parser makes it the verb's complement) and nothing follows it as its own complement."""
    kids = children(verb)
    return any(c.dep_ == "ccomp" and c.i < verb.i for c in kids) and not any(
        c.dep_ in COMPLEMENT_DEPS and c.i > verb.i for c in kids)


PERSONAL_SUBJECTS = frozenset("i you we they he she".split())


def _is_possessive_have(verb: Token, deps: set[str]) -> bool:
    """Possessive *have* of a person (*I have a car*), not *have to*, *have got*, a wh-object
    (*how many singers do we have*, where *are we having* reads as 'hosting') or the *have*
    of things and relative clauses (*the city that has the largest population*)."""
    if "dobj" not in deps or "xcomp" in deps or verb.lower_ == "got":
        return False
    obj = next(c for c in children(verb) if c.dep_ == "dobj")
    if obj.i < verb.i or obj.tag_ in ("WP", "WDT"):
        return False
    subj = subject_of(verb)
    return subj is not None and subj.lower_ in PERSONAL_SUBJECTS and verb.dep_ != "relcl"


def _progressive_be(verb: Token, subj: Token, do_aux: Token | None) -> str:
    finite = do_aux if do_aux is not None else verb
    if finite.tag_ == "VBD":
        return be_form(subj, past=True)
    if finite.tag_ == "VBZ":
        return "is"
    return "am" if subj.lower_ == "i" else "are"


PROGRESSIVE_LEMMAS = STATIVE_VERBS | {"have"}


@rule(
    "progressives",
    lemmas=PROGRESSIVE_LEMMAS,
    examples=[
        ("I like this.", "I am liking this."),
        ("What do you want?", "What are you wanting?"),
        ("She really knows the answer.", "She is really knowing the answer."),
        ("I don't understand your question.", "I am not understanding your question."),
        ("Does he have a car?", "Is he having a car?"),
        ("They didn't want to leave.", "They weren't wanting to leave."),
        ("The people who know him trust him.", "The people who are knowing him trust him."),
        ("Everyone knows that the road is closed.", "Everyone is knowing that the road is closed."),
        ("My brother loves his new bike.", "My brother is loving his new bike."),
    ],
    negatives=[
        "I am eating.",
        "You know, it was fun.",
        "I have to go.",
        "I can understand that.",
        "We have finished the work.",
        "Like me, she runs.",
        "Which city has the largest population?",
        "How many singers do we have?",
        "It is a rule that every driver knows is strict.",
        "Which team do you believe won the final?",
        "That is the song my parents say they love most.",
        "They arrested a man who they believed was armed.",
        "It was good for your health, you know.",
        "The plan is risky, I believe.",
    ],
)
def progressives(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Progressive *be + V-ing* extended to stative verbs: *I am liking this*, *What are you
    wanting?*. Simple present and past only; do-support becomes *be* agreeing with the subject
    (*don't understand* -> *am not understanding*). Modal, perfect and non-finite verbs, the
    parenthetical *you know* and non-possessive *have* are left alone, and so is a verb whose
    clause complement lost its subject to a relative or a question (*a fact everyone knows is
    true*: *is knowing is true* reads as garbled)."""
    tokens = index.tokens
    for verb in [tokens[i] for i, lemma in enumerate(index.lemma_of) if lemma in PROGRESSIVE_LEMMAS]:
        if not _is_stative_main_verb(verb):
            continue
        subj = subject_of(verb)
        if subj is None or any(c.dep_ in ("aux", "auxpass") and c.lemma_ != "do"
                               for c in children(verb)):
            continue
        dos = aux_children(verb, "do")
        gerund = inflect_verb(lemma_of(verb), "VBG")
        if not gerund:
            continue
        if dos:
            if verb.tag_ != "VB":
                continue
            do_aux = dos[0]
            be = _progressive_be(verb, subj, do_aux)
            neg = negation_after(do_aux)
            ops: list[Op] = [Replace(do_aux.i, be), Replace(verb.i, gerund)]
            if be == "am" and neg is not None and neg.lower_ != "not":
                ops.append(Replace(neg.i, "not"))  # no "amn't"
            yield site(*sorted(ops, key=lambda op: op.i))
        elif verb.tag_ in ("VBP", "VBZ", "VBD") and subj.i < verb.i:
            be = _progressive_be(verb, subj, None)
            yield site(Insert(preverbal_start(verb, subj), be), Replace(verb.i, gerund))


POSTURE_VERBS = frozenset({"sit", "stand"})  # closed set: the two verbs of the feature


def _is_posture_progressive(verb: Token) -> bool:
    """*be sitting/standing* of bodily posture: not *stand for/by* (tolerate, support, run for
    office), not with an object or particle (*stood him up*, *sat the exam*)."""
    if verb.tag_ != "VBG" or verb.lemma_ not in POSTURE_VERBS:
        return False
    if not aux_children(verb, "be"):
        return False
    for child in children(verb):
        if child.dep_ in ("dobj", "prt", "dative", "ccomp", "xcomp"):
            return False
        if child.dep_ == "prep" and child.lower_ == "by":
            return False  # "standing by" (supporting) cannot be told from place here
        if child.dep_ == "prep" and child.lower_ == "for" and not is_duration_for(child):
            return False
    return True


@rule(
    "standing_stood",
    lemmas=POSTURE_VERBS,
    tags={"VBG"},
    examples=[
        ("She was sitting on the bench.", "She was sat on the bench."),
        ("Why are you standing there?", "Why are you stood there?"),
        ("When you're standing there you can see the flames.",
         "When you're stood there you can see the flames."),
        ("The kids weren't sitting at the table. They were standing near the window.",
         "The kids weren't sat at the table. They were stood near the window."),
        ("He has been sitting in the car for an hour.", "He has been sat in the car for an hour."),
    ],
    negatives=[
        "She is standing for election.",
        "I sat on the bench.",
        "They were sitting the exam.",
        "He stood her up.",
        "Sitting in the park is nice.",
        "We are standing by our decision.",
    ],
)
def standing_stood(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*be sat/stood* with progressive meaning: *She was sat on the bench*. Only the
    progressive *be sitting/standing* of posture (past participles *sat/stood*)."""
    for verb in index.lemma(*POSTURE_VERBS):
        if _is_posture_progressive(verb):
            participle = inflect_verb(lemma_of(verb), "VBN")
            if participle:
                yield site(Replace(verb.i, participle))
