"""Tense and aspect rules (eWAVE 88, 99, 100, 119)."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.docindex import DocIndex
from multivalue_cli.edits import Delete, Insert, Op, Replace, Site, site
from multivalue_cli.morphology import BE_PAST, BE_PRESENT, inflect_verb, person_number
from multivalue_cli.registry import rule

SUBJECT_DEPS = ("nsubj", "nsubjpass", "expl")
# Adverbial clauses whose tense is fixed by the main clause (*when I was young*).
TEMPORAL_MARKERS = frozenset(
    "when whenever while as after before until till since once if unless".split()
)


# ---------------------------------------------------------------------------------- shared helpers


def subject_of(verb: Token) -> Token | None:
    """The subject of ``verb``, or of the verb it is coordinated with when it has none."""
    while True:
        subj = next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)
        if subj is not None or verb.dep_ != "conj":
            return subj
        verb = verb.head


def aux_children(verb: Token, lemma: str) -> list[Token]:
    return [c for c in verb.children if c.dep_ in ("aux", "auxpass") and c.lemma_ == lemma]


def negation_after(aux: Token) -> Token | None:
    """The *not*/*n't* right after an auxiliary."""
    nxt = aux.nbor(1) if aux.i + 1 < len(aux.doc) else None
    if nxt is not None and nxt.dep_ == "neg" and nxt.lower_ in ("not", "n't", "n’t"):
        return nxt
    return None


def be_form(subj: Token, past: bool) -> str:
    """*am/is/are* or *was/were* agreeing with ``subj``."""
    table = BE_PAST if past else BE_PRESENT
    return table[person_number(subj)]


def have_form(subj: Token) -> str:
    return "has" if person_number(subj) == "3s" else "have"


def preverbal_start(verb: Token, subj: Token | None) -> int:
    """Where an auxiliary goes before ``verb``: before the adverbs (*never*, *really*) standing
    between the subject and the verb, so that *I never went* gives *I have never gone*."""
    start = verb.i
    lower = subj.right_edge.i if subj is not None and subj.i < verb.i else -1
    for child in sorted(verb.children, key=lambda c: -c.i):
        if lower < child.i < start and child.dep_ in ("advmod", "neg") and child.i == start - 1:
            start = child.i
    return start


def _is_temporal_clause(verb: Token) -> bool:
    if verb.dep_ != "advcl":
        return False
    return any(c.dep_ == "mark" and c.lower_ in TEMPORAL_MARKERS for c in verb.children) or any(
        c.dep_ == "advmod" and c.tag_ == "WRB" for c in verb.children
    )


def in_temporal_clause(verb: Token) -> bool:
    """Whether ``verb`` heads (or is coordinated into) an adverbial clause such as *when ...*,
    or is the main verb such a clause anchors in time (*when I was young, we lived ...*)."""
    while verb.dep_ == "conj":
        verb = verb.head
    return _is_temporal_clause(verb) or any(_is_temporal_clause(c) for c in verb.children)


# --------------------------------------------------------------------------------- 88 progressives

# Stative verbs (states of mind, emotion, possession) that SAE does not put in the progressive.
STATIVE_VERBS = frozenset(
    "like love hate want need know understand believe prefer own possess remember doubt "
    "recognize recognise mean".split()
)
COMPLEMENT_DEPS = frozenset({"dobj", "ccomp", "xcomp", "prep", "dative", "attr", "oprd", "acomp"})


def _is_stative_main_verb(verb: Token) -> bool:
    if verb.pos_ != "VERB":
        return False
    deps = {c.dep_ for c in verb.children}
    if verb.lemma_ == "have":
        return _is_possessive_have(verb, deps)
    if verb.lemma_ not in STATIVE_VERBS:
        return False
    if verb.dep_ in ("parataxis", "intj"):
        return False  # parenthetical "you know", "I mean"
    return bool(deps & COMPLEMENT_DEPS)


PERSONAL_SUBJECTS = frozenset("i you we they he she".split())


def _is_possessive_have(verb: Token, deps: set[str]) -> bool:
    """Possessive *have* of a person (*I have a car*), not *have to*, *have got*, a wh-object
    (*how many singers do we have*, where *are we having* reads as 'hosting') or the *have*
    of things and relative clauses (*the city that has the largest population*)."""
    if "dobj" not in deps or "xcomp" in deps or verb.lower_ == "got":
        return False
    obj = next(c for c in verb.children if c.dep_ == "dobj")
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


@rule(
    88, "progressives", "Tense and Aspect",
    lemmas=STATIVE_VERBS | {"have"},
    examples=[
        ("I like this.", "I am liking this."),
        ("What do you want?", "What are you wanting?"),
        ("She really knows the answer.", "She is really knowing the answer."),
        ("I don't understand your question.", "I am not understanding your question."),
        ("Does he have a car?", "Is he having a car?"),
        ("They didn't want to leave.", "They weren't wanting to leave."),
        ("The people who know him trust him.", "The people who are knowing him trust him."),
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
    ],
)
def progressives(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Progressive *be + V-ing* extended to stative verbs: *I am liking this*, *What are you
    wanting?*. Simple present and past only; do-support becomes *be* agreeing with the subject
    (*don't understand* -> *am not understanding*). Modal, perfect and non-finite verbs, the
    parenthetical *you know* and non-possessive *have* are left alone."""
    for verb in index.lemma(*STATIVE_VERBS, "have"):
        if not _is_stative_main_verb(verb):
            continue
        subj = subject_of(verb)
        if subj is None or any(c.dep_ in ("aux", "auxpass") and c.lemma_ != "do"
                               for c in verb.children):
            continue
        dos = aux_children(verb, "do")
        gerund = inflect_verb(verb.lemma_.lower(), "VBG")
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


# -------------------------------------------------------------- 99 simple_past_for_present_perfect


def _has_duration_phrase(verb: Token) -> bool:
    """*since 2010*, *for ten years*: the perfect there means 'up to now', the past would not.
    Any *since* or *for* in the clause counts (conservatively)."""
    return any(t.lower_ in ("since", "for") and t.dep_ in ("prep", "advmod", "mark")
               for t in verb.subtree)


def _coordinated_participles(verb: Token) -> list[Token]:
    """Participles sharing the perfect auxiliary: *has [eaten] and [drunk]*."""
    return [c for c in verb.children if c.dep_ == "conj" and c.tag_ == "VBN"
            and not any(g.dep_ in ("aux", "nsubj") for g in c.children)]


@rule(
    99, "simple_past_for_present_perfect", "Tense and Aspect",
    lemmas={"have"},
    tags={"VBN"},
    examples=[
        ("I have finished my homework.", "I finished my homework."),
        ("Have you eaten?", "Did you eat?"),
        ("She hasn't seen the film.", "She didn't see the film."),
        ("I've been busy.", "I was busy."),
        ("Have you ever been in London?", "Were you ever in London?"),
        ("What have you done?", "What did you do?"),
        ("The bridge has been repaired.", "The bridge was repaired."),
        ("We have never eaten and drunk so much.", "We never ate and drank so much."),
    ],
    negatives=[
        "I have lived here since 2010.",
        "I have been waiting for an hour.",
        "I've got a car.",
        "He had finished the work.",
        "You should have told me.",
        "I have been to Paris.",
        "I have a car.",
        "He and I have been friends for years.",
    ],
)
def simple_past_for_present_perfect(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past for the SAE present perfect: *I finished*, *Did you eat?*, *Were you ever in
    London?*. Questions and negation take *did* (or *was/were* for *been*). Not for perfects
    with *since/for* (the past would say the state is over), progressives (*have been waiting*),
    *have been to*, possessive *have got*, or past and modal perfects."""
    for have in index.by_lemma.get("have", ()):
        verb = have.head
        if have.dep_ != "aux" or have.tag_ not in ("VBP", "VBZ") or verb.tag_ != "VBN":
            continue
        subj = subject_of(verb)
        if subj is None or _has_duration_phrase(verb) or verb.lower_ == "got":
            continue
        inverted = have.i < subj.i
        negated = negation_after(have) is not None
        been = [c for c in verb.children if c.dep_ == "auxpass" and c.lower_ == "been"]
        if verb.lemma_ == "be":
            if any(c.dep_ == "prep" and c.lower_ == "to" for c in verb.children):
                continue
            been = [verb]
        if been:
            yield site(Replace(have.i, be_form(subj, past=True)), Delete(been[0].i))
            continue
        if any(c.dep_ == "aux" and c.i != have.i for c in verb.children):
            continue
        participles = [verb, *_coordinated_participles(verb)]
        if inverted or negated:
            forms = [inflect_verb(v.lemma_.lower(), "VB") for v in participles]
            ops: list[Op] = [Replace(have.i, "did")]
        else:
            forms = [inflect_verb(v.lemma_.lower(), "VBD") for v in participles]
            ops = [Delete(have.i)]
        if not all(forms):
            continue
        ops += [Replace(v.i, f) for v, f in zip(participles, forms) if f != v.lower_]
        yield site(*ops)


# -------------------------------------------------------------------- 100 present_perfect_for_past


IRREALIS_VERBS = frozenset({"wish", "suppose", "imagine", "rather"})


def _is_irrealis(verb: Token) -> bool:
    """A past that is not past time: *I wish I knew*, *as though he knew*, *if I were you*."""
    if verb.dep_ == "ccomp" and verb.head.lemma_ in IRREALIS_VERBS:
        return True
    if any(c.dep_ == "mark" and c.lower_ in ("if", "though") for c in verb.children):
        return True
    if verb.lower_ == "were":  # singular "were" is subjunctive
        subj = subject_of(verb)
        return subj is not None and person_number(subj) != "other"
    return False


def _is_past_lexical(verb: Token) -> bool:
    if verb.tag_ != "VBD" or "Fin" not in verb.morph.get("VerbForm"):
        return False
    if verb.lemma_ == "use" and any(c.dep_ == "xcomp" for c in verb.children):
        return False  # "used to"
    if verb.pos_ == "VERB":
        return True
    # copular be as the main verb ("I was in Delhi"), not an auxiliary
    return verb.lemma_ == "be" and verb.dep_ not in ("aux", "auxpass")


@rule(
    100, "present_perfect_for_past", "Tense and Aspect",
    tags={"VBD"},
    examples=[
        ("I went to Delhi last year.", "I have gone to Delhi last year."),
        ("She never liked him.", "She has never liked him."),
        ("Did you see the match yesterday?", "Have you seen the match yesterday?"),
        ("My parents didn't come to the wedding.", "My parents haven't come to the wedding."),
        ("We were in New York two years ago.", "We have been in New York two years ago."),
        ("Was he at home?", "Has he been at home?"),
        ("Neither she nor I knew the answer.", "Neither she nor I have known the answer."),
    ],
    negatives=[
        "When I was young, we lived in a village.",
        "I used to play cricket.",
        "He was arrested.",
        "She is reading.",
        "If I knew the answer, I would tell you.",
        "I had finished the work.",
        "Was the old man happy at the end of the story?",
        "I wish I were taller.",
        "He talks as though he knew everything.",
        "I thought about it for a long time.",
    ],
)
def present_perfect_for_past(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Present perfect for the SAE simple past, also with past time adverbials: *I have gone to
    Delhi last year*. *have/has* agrees with the subject; *did* becomes *have/has* with the
    participle. Not in temporal, conditional and irrealis clauses (*when I was young*, *if I
    knew*, *I wish I were*), with *for/since* durations, for *used to*, or for auxiliary
    *was/were*."""
    for verb in index.tag("VBD", "VB"):
        if verb.tag_ == "VB":
            dids = [d for d in aux_children(verb, "do") if d.tag_ == "VBD"]
            subj = subject_of(verb)
            if not dids or subj is None or in_temporal_clause(verb) or _has_duration_phrase(verb):
                continue
            participle = inflect_verb(verb.lemma_.lower(), "VBN")
            if participle:
                yield site(Replace(dids[0].i, have_form(subj)), Replace(verb.i, participle))
            continue
        if not _is_past_lexical(verb) or in_temporal_clause(verb) or _is_irrealis(verb):
            continue
        if _has_duration_phrase(verb):
            continue  # "I thought about it for a long time" would come to mean 'until now'
        subj = subject_of(verb)
        if subj is None or subj.lower_ == "there":
            continue
        have = have_form(subj)
        if verb.lemma_ == "be":
            neg = negation_after(verb)
            if subj.i > verb.i:  # "Was he at home?" -> "Has he been at home?"
                end = subj.right_edge.i
                if end + 1 < len(doc) and not doc[end + 1].is_punct and end >= verb.i:
                    yield site(Replace(verb.i, have), Insert(end, "been", after=True))
            else:
                yield site(Replace(verb.i, have), Insert((neg or verb).i, "been", after=True))
            continue
        participle = inflect_verb(verb.lemma_.lower(), "VBN")
        if not participle or subj.i > verb.i:
            continue
        ops: list[Op] = [Insert(preverbal_start(verb, subj), have)]
        if participle != verb.lower_:
            ops.append(Replace(verb.i, participle))
        yield site(*ops)


# ---------------------------------------------------------------------------------- 119 will_would


@rule(
    119, "will_would", "Tense and Aspect",
    lemmas={"will"},
    tags={"MD"},
    examples=[
        ("I will eat rice tomorrow.", "I would eat rice tomorrow."),
        ("She'll call you next week.", "She would call you next week."),
        ("We won't be late.", "We wouldn't be late."),
        ("Will you come to the party?", "Would you come to the party?"),
        ("The train will leave at noon, and it will stop in Pune.",
         "The train would leave at noon, and it would stop in Pune."),
    ],
    negatives=[
        "She has a strong will.",
        "By Friday, I will have finished the report.",
        "I would like some tea.",
        "He wills it to happen.",
    ],
)
def will_would(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*Would* for future *will*: *I would eat rice tomorrow*. Not for the future perfect
    (*will have finished*), where *would have* is a counterfactual."""
    for tok in index.by_tag.get("MD", ()):
        if tok.lemma_.lower() != "will" or tok.lower_ not in ("will", "'ll", "’ll", "wo"):
            continue
        verb = tok.head
        if tok.dep_ != "aux" or any(c.dep_ == "aux" and c.lemma_ == "have" for c in verb.children):
            continue
        yield site(Replace(tok.i, "would"))
