"""Past tense and past participle forms (eWAVE 128-133, 147): regularized and unmarked pasts,
the past and the participle for each other, double past marking, and *was* for conditional
*were*."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Replace, Site, site
from multivalue_cli.engine.morphology import (
    dictionary_adjective, inflect_verb, past_of_another_verb, regular_past, verb_read_as_noun,
)
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import (
    absolute_participle, object_of_imperative_as_subject, participle_after_object,
    participle_of_bare_question_be,
    children, clause_is_negated, morph_values, nominal_subject, subject_of,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import FUNCTION_VERBS, base_form, has_aux_lemma, object_of


def _verbal_form(tok: Token) -> str | None:
    """``VBD`` for a finite past, ``VBN`` for a participle in a perfect or passive verb group,
    else None (adjectival participles such as *a broken window* are left alone)."""
    if tok.pos_ != "VERB":
        return None
    if tok.tag_ == "VBD" and "Fin" in morph_values(tok, "VerbForm"):
        return "VBD"
    if tok.tag_ == "VBN" and (has_aux_lemma(tok, "have", ("aux",)) or has_aux_lemma(tok, "be", ("auxpass",))):
        return "VBN"
    return None


def _is_irregular_form(tok: Token, tag: str) -> str | None:
    """The lemma when ``tok`` is the irregular ``tag`` form of its lemma (checked against the
    inflection table, so a mis-lemmatised token does not fire)."""
    lemma = tok.lemma_.lower()
    if lemma not in wordlist("regularized_past_verbs"):
        return None
    form = inflect_verb(lemma, tag)
    if form is None or form.lower() != tok.lower_:
        return None
    if form.endswith("ed") or form.lower() == regular_past(lemma):
        return None
    return lemma


@rule(
    "regularized_past_tense",
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
    regularized = wordlist("regularized_past_verbs")
    for tok in index.tag("VBD", "VBN"):
        if index.lemma_of[tok.i] not in regularized:
            continue  # the cheap test of _is_irregular_form first
        tag = _verbal_form(tok)
        lemma = _is_irregular_form(tok, tag) if tag else None
        if lemma is None:
            continue
        yield site(Replace(tok.i, regular_past(lemma)))


# "been", "done" and "born" keep their participle (*has been*, *has done*, *was born* are not
# levelled to *was*, *did*, *was bore*), and a passive *was knew* is not the levelled *was known*.
NO_PAST_PARTICIPLE = frozenset({"be", "do", "bear"})
NO_PAST_PASSIVE = frozenset({"know"})


@rule(
    "past_for_past_participle",
    tags={"VBN"},
    examples=[
        ("He had gone home.", "He had went home."),
        ("I have never seen such a thing.", "I have never saw such a thing."),
        ("Has she written the letter?", "Has she wrote the letter?"),
        ("The window was broken by the kids.", "The window was broke by the kids."),
        ("They've taken the bus, haven't they?", "They've took the bus, haven't they?"),
        ("The boy was quickly taken to hospital.", "The boy was quickly took to hospital."),
    ],
    negatives=[
        "He had finished the work.",
        "I have been there.",
        "He went home.",
        "The broken window was fixed.",
        "We have put it away.",
        "What needs to be done?",
        "The answer is already known.",
        "She was born in May.",
        # a graded state, an adjective: *was deeply withdrew* is no past for participle
        "He was deeply withdrawn after the move.",
        "The old path is badly overgrown.",
    ],
)
def past_for_past_participle(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Simple past form for the past participle in perfects and passives: *he had went*, *it
    was broke*. Only where the two forms differ; *been* and adjectival participles excluded."""
    for tok in index.by_tag.get("VBN", ()):
        lemma = tok.lemma_.lower()
        if _verbal_form(tok) != "VBN" or lemma in NO_PAST_PARTICIPLE:
            continue
        if lemma in NO_PAST_PASSIVE and has_aux_lemma(tok, "be", ("auxpass",)):
            continue
        if _graded_state(tok):
            continue  # "was emotionally withdrawn": a state the adverb grades, an adjective
        participle = inflect_verb(lemma, "VBN")
        past = inflect_verb(lemma, "VBD")
        if not participle or not past or participle.lower() != tok.lower_:
            continue
        if past.lower() != participle.lower():
            yield site(Replace(tok.i, past))


def _graded_state(participle: Token) -> bool:
    """A participle after *be* that an adverb before it grades and no *by*-phrase makes an
    event (*was emotionally withdrawn*, *is deeply involved*), one the dictionary also has as
    an adjective: a state, where the past form cannot stand (*was emotionally withdrew*)."""
    kids = children(participle)
    return (any(c.dep_ == "advmod" and c.i < participle.i and c.pos_ == "ADV" for c in kids)
            and not any(c.dep_ == "agent" for c in kids) and dictionary_adjective(participle.lower_))


# ------------------------------------------------------------------------ 147 conditional_were_was

SINGULAR_PRONOUNS = frozenset("i he she it this that one".split())
IRREALIS_MARKERS = frozenset({"if", "though", "unless"})
IRREALIS_VERBS = frozenset({"wish", "suppose", "imagine"})


def _singular_subject(subj: Token) -> bool:
    if any(c.dep_ == "conj" for c in children(subj)):
        return False
    if subj.lower_ in SINGULAR_PRONOUNS:
        return True
    return (subj.tag_ in ("NN", "NNP") and morph_values(subj, "Number") != ["Plur"]
            and subj.lower_ not in wordlist("plural_construed_nouns"))


# The modals of a hypothetical main clause (*if I were rich, I would travel*).
HYPOTHETICAL_MODALS = frozenset({"would", "could", "might", "'d", "’d"})


def _is_irrealis(clause: Token) -> bool:
    """An *as though* clause, an *if/unless* clause whose main clause is hypothetical (has
    *would/could/might*: an open condition, *if 50 people were kicked out, how many were ...*,
    has the indicative past), or the complement of *wish/suppose/imagine*."""
    marks = [c.lower_ for c in children(clause) if c.dep_ == "mark" and c.lower_ in IRREALIS_MARKERS]
    if "though" in marks:
        return True
    if marks:
        if any(c.dep_ == "mark" and c.i > 0 and c.doc[c.i - 1].lower_ == "what"
               for c in children(clause)):
            return True  # *what if the moon were ...*: a supposition, no main clause
        return clause.head.i != clause.i and any(
            c.dep_ == "aux" and c.lower_ in HYPOTHETICAL_MODALS for c in children(clause.head))
    return clause.dep_ in ("ccomp", "advcl") and clause.head.lemma_ in IRREALIS_VERBS


def _irrealis_were(tok: Token) -> bool:
    """The irrealis *were* of a singular subject before it (*if I were you*, *I wish she were
    here*; not *were I rich*)."""
    if tok.lemma_.lower() != "be":
        return False
    clause = tok.head if tok.dep_ in ("aux", "auxpass") else tok
    subj = nominal_subject(clause)
    if subj is None or subj.i > tok.i or not _singular_subject(subj):
        return False
    return _is_irrealis(clause)


substitution_rule(
    "conditional_were_was",
    {"were": "was"},
    where=_irrealis_were,
    doc="""*Was* for the irrealis *were* with a singular subject: *if I was you*, *I wish she was
    here*. Only in *if/as though* clauses and after *wish*, with the subject before the verb
    (not the literary inversion *were I rich*); plural and *you* subjects keep *were*. Needs
    an irrealis *were* with a singular subject; the benchmark texts have no hypothetical
    *if*, *as though* or *wish* clause (their *if* asks an indirect question, *asked him if
    he needed a ride*, whose *was/were* is a real past).""",
    lemmas={"be"},
    tags={"VBD"},
    examples=[
        ("If I were you, I would go.", "If I was you, I would go."),
        ("I wish she were here.", "I wish she was here."),
        ("He talks as though he were the boss.", "He talks as though he was the boss."),
        ("If the car were cheaper, would you buy it?", "If the car was cheaper, would you buy it?"),
        ("What would you do if it were raining?", "What would you do if it was raining?"),
        ("What if the moon were made of cheese?", "What if the moon was made of cheese?"),
        ("If my brother were taller, he could reach the shelf.",
         "If my brother was taller, he could reach the shelf."),
    ],
    negatives=[
        "If you were here, we would win.",
        "If they were late, I didn't notice.",
        "We were happy.",
        "Were I rich, I would travel.",
        "If the police were here, they would help.",
        "If the parcel were delivered on Monday, who signed for it?",
        "If the whole class were told, why did nobody come?",
    ],
)


def is_finite_past(tok: Token) -> bool:
    """A finite simple past of a lexical verb with an overt subject (*he walked*, *who came*)."""
    return (tok.tag_ == "VBD" and tok.pos_ == "VERB" and "Fin" in morph_values(tok, "VerbForm")
            and subject_of(tok) is not None and not absolute_participle(tok)
            and not object_of_imperative_as_subject(tok))


def is_irrealis_clause(verb: Token) -> bool:
    """*if I walked*, *as if he knew*, *I wish I knew*: past forms without past meaning."""
    while verb.dep_ == "conj":
        verb = verb.head
    if any(c.dep_ == "mark" and c.lower_ in ("if", "unless", "though") for c in children(verb)):
        return True
    return verb.dep_ == "ccomp" and verb.head.lemma_ in ("wish", "rather")


def is_used_to(tok: Token) -> bool:
    """The habitual *used to*: its -ed is part of a fixed form, not a past marking."""
    nxt = tok.nbor(1) if tok.i + 1 < len(tok.doc) else None
    return tok.lemma_ == "use" and nxt is not None and nxt.lower_ == "to"


def has_aux(verb: Token) -> bool:
    return any(c.dep_ in ("aux", "auxpass") for c in children(verb))


def is_regular_past(tok: Token, lemma: str) -> bool:
    """The token is the -ed past of its lemma in the inflection table (walked, tried): the
    lemma's stem with a suffix added, not an irregular past that happens to end in *-ed*
    (*led*, *fled*, *fed*, *sped*, shorter than or as long as their lemma)."""
    past = inflect_verb(lemma, "VBD")
    return (past is not None and past.lower() == tok.lower_ and past.endswith("ed")
            and len(past) > len(lemma) and past.lower().startswith(lemma.lower().rstrip("ey")))


def _unmarked_past_sites(index: DocIndex, is_kind) -> Iterator[Site]:
    """The base form for each finite past of a lexical verb with a subject whose form
    ``is_kind(tok, lemma)`` accepts. Auxiliaries, *be/have/do*, *used to*, passives and the
    unreal past of *if/wish* clauses keep their form."""
    for tok in index.by_tag.get("VBD", ()):
        lemma = index.lemma_of[tok.i]
        if lemma in FUNCTION_VERBS or not is_kind(tok, lemma):
            continue  # the form tests (cached) before the parse tests
        if not is_finite_past(tok) or is_used_to(tok):
            continue
        if is_irrealis_clause(tok) or has_aux(tok):
            continue  # "hasn't the package arrived" is sometimes tagged VBD
        base = base_form(lemma)
        if base and base.lower() != tok.lower_:
            yield site(Replace(tok.i, base))


@rule(
    "bare_past_tense",
    tags={"VBD"},
    examples=[
        ("She gave me the keys and ran out.", "She give me the keys and run out."),
        ("He came home late, but he didn't call.", "He come home late, but he didn't call."),
        ("My brother ate the whole cake last night.", "My brother eat the whole cake last night."),
        ("When the bell rang, the kids ran outside.", "When the bell rang, the kids run outside."),
        ("She became a nurse after the war.", "She become a nurse after the war."),
    ],
    negatives=[
        "I walked to school yesterday.",
        "She bought a new car.",
        "If I gave you the money, would you go?",
        "He has given up.",
        "They come here every Sunday.",
        "Did you eat it?",
    ],
)
def bare_past_tense(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Levelling of irregular pasts to the unmarked base form (eWAVE 129, "frequent with give
    and run"): *she give me it*, *he come home*, *they run off*. Only the irregular verbs whose
    bare past is attested (give, run, come, become, eat); -ed pasts are eWAVE 132
    (:func:`zero_past_regular`)."""
    irregular = wordlist("unmarked_past_irregular_verbs")
    yield from _unmarked_past_sites(
        index, lambda tok, lemma: lemma in irregular and inflect_verb(lemma, "VBD") == tok.lower_)


@rule(
    "zero_past_regular",
    tags={"VBD"},
    examples=[
        ("I walked to school yesterday.", "I walk to school yesterday."),
        ("When they arrived, we played cards.", "When they arrive, we play cards."),
        ("Who cooked dinner last night?", "Who cook dinner last night?"),
        ("We walked home. It rained all night.", "We walk home. It rain all night."),
        ("My uncle fixed the roof in May.", "My uncle fix the roof in May."),
        ("The kids baked cookies and tried the new oven.", "The kids bake cookies and try the new oven."),
        ("Somebody stopped the clock.", "Somebody stop the clock."),
        ("The farmers planted corn and the rain watered it.",
         "The farmers plant corn and the rain water it."),
        ("After the storm, the neighbours cleaned the street.",
         "After the storm, the neighbours clean the street."),
    ],
    negatives=[
        "She gave me the keys.",
        "If I walked faster, I would catch the bus.",
        "He used to live here.",
        "The door was closed.",
        "They have finished the job.",
        "Did you finish it?",
        "The guide led us up the hill.",
        "The dog fled from the thunder.",
        "A man is shown sitting in a chair with his eyes closed and resting.",
        "Find the number of trains departed from the station.",
        "The monks founded a school in the valley.",
        "A stray bullet wounded two soldiers.",
        "She was tired of getting her bike stolen.",
        "We had the roof repaired last spring.",
        "When was the Spanish spelling of the name Lopez first recorded?",  # a passive's participle
    ],
)
def zero_past_regular(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Zero past tense of regular verbs (eWAVE 132): *I walk* 'I walked', *we play cards*
    'we played cards' — the -ed of a finite simple past is dropped; irregular pasts are
    eWAVE 129 (:func:`bare_past_tense`). Not where the base form is also another verb's past
    (*founded* -> *found*, read as the past of *find*), nor a participle after the object of
    *get/have* that the parser took for a past (*getting rick rolled*), nor the participle of a
    question's *was* that the parser took for a relative's past (*When was it first used?*)."""
    yield from _unmarked_past_sites(index, _zero_past_candidate)


def _zero_past_candidate(tok: Token, lemma: str) -> bool:
    """A regular -ed past whose base form says the same verb in the present (not *found* for
    *founded*), and a past tense, not a participle after an object (*get it fixed*)."""
    return (is_regular_past(tok, lemma) and not past_of_another_verb(lemma)
            and not participle_after_object(tok) and not participle_of_bare_question_be(tok))


# ------------------------------------------------------------------------ 131 participle_past_tense


def _is_lexical_do(tok: Token) -> bool:
    """*did* as a main verb with its object after it (*he did his homework*), not the *did* of
    tags (*didn't they?*), ellipsis (*so did I*, *more than I did*) or a misparsed auxiliary."""
    subj = subject_of(tok)
    obj = object_of(tok)
    return (subj is not None and subj.i < tok.i and obj is not None and obj.i > tok.i
            and not clause_is_negated(tok) and not verb_read_as_noun(obj))


@rule(
    "participle_past_tense",
    tags={"VBD"},
    examples=[
        ("He saw it.", "He seen it."),
        ("I did my homework before I went to bed.", "I done my homework before I gone to bed."),
        ("Who drank my coffee?", "Who drunk my coffee?"),
        ("They began the meeting late, and nobody saw why.",
         "They begun the meeting late, and nobody seen why."),
    ],
    negatives=[
        "Did you see it?",
        "He walked home.",
        "She has seen it.",
        "I didn't go.",
        "If I did that, she would be angry.",
        "They liked it, didn't they?",
        "My kids loved it, and so did I.",
    ],
)
def participle_past_tense(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Past participle for the simple past: *I seen it*, *he done it*, *he gone to Mary*.
    Finite pasts of the irregular verbs for which this is attested (see, do, go, begin,
    drink, sing, swim ...), where the two forms differ; *did* of do-support is an auxiliary
    (dep *aux*) and is never touched, nor are unreal pasts of *if* clauses."""
    verbs = wordlist("participle_past_verbs")
    for tok in index.by_tag.get("VBD", ()):
        lemma = tok.lemma_.lower()
        if lemma not in verbs or not is_finite_past(tok) or is_irrealis_clause(tok):
            continue
        if lemma == "do" and not _is_lexical_do(tok):
            continue
        past, participle = inflect_verb(lemma, "VBD"), inflect_verb(lemma, "VBN")
        if past and participle and past.lower() == tok.lower_ and participle != past:
            yield site(Replace(tok.i, participle))


# ----------------------------------------------------------------------------------- 133 double_past


def _did_support(verb: Token) -> Token | None:
    """The past *did* of do-support on ``verb`` (*didn't go*, *did you see*)."""
    return next((c for c in children(verb)
                 if c.dep_ == "aux" and c.lemma_ == "do" and c.tag_ == "VBD"), None)


@rule(
    "double_past",
    lemmas={"do"},
    tags={"VBD"},
    examples=[
        ("He didn't go.", "He didn't went."),
        ("I did not stay there long.", "I did not stayed there long."),
        ("Did you see the game?", "Did you saw the game?"),
        ("I didn't see him. Did you?", "I didn't saw him. Did you?"),
        ("She said she didn't know, but I did tell her.",
         "She said she didn't knew, but I did told her."),
    ],
    negatives=[
        "Don't go.",
        "He doesn't know.",
        "I did my homework.",
        "Why didn't you do it?",
        "We didn't put it there.",
    ],
)
def double_past(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Past marked twice under do-support: *didn't went*, *didn't stayed*, *did you saw*. The
    lexical verb after past *did* takes its past form (from the inflection table); *be* and
    *do* themselves, and verbs whose past equals the base (*put*), are left alone."""
    for tok in index.by_tag.get("VB", ()):
        lemma = tok.lemma_.lower()
        if tok.pos_ not in ("VERB", "AUX") or lemma in ("be", "do") or _did_support(tok) is None:
            continue
        past = inflect_verb(lemma, "VBD")
        if past and past.lower() != tok.lower_:
            yield site(Replace(tok.i, past))
