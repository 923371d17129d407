"""Discourse and word order rules (eWAVE 227, 228, 229): word order of direct and indirect
questions."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Span, Token

from multivalue_cli.docindex import DocIndex
from multivalue_cli.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.morphology import inflect_verb
from multivalue_cli.registry import rule

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})
AUX_LEMMAS = frozenset(
    "be have do can could will would shall should may might must".split()
)
# Contracted auxiliaries and their full forms: a moved clitic has no host, so it is spelt out.
# ('d is left out: had, would and did are all possible.)
FULL_FORMS = {"'s": {"be": "is", "have": "has"}, "'re": {"be": "are"}, "'m": {"be": "am"},
              "'ve": {"have": "have"}, "'ll": {"will": "will"}}
# The tense of do-support, carried over to the verb when do is dropped.
DO_TAG = {"does": "VBZ", "did": "VBD", "do": "VBP"}


# ---------------------------------------------------------------------------------- shared helpers


def _is_question(sent: Span) -> bool:
    last = [t for t in sent if not t.is_space and t.text not in ('"', "'", "”", "’", ")")]
    return bool(last) and last[-1].text == "?"


def _first_word(sent: Span) -> Token | None:
    return next((t for t in sent if not t.is_punct and not t.is_space), None)


def _subject(verb: Token) -> Token | None:
    return next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)


def _negation(aux: Token) -> Token | None:
    nxt = aux.doc[aux.i + 1] if aux.i + 1 < len(aux.doc) else None
    if nxt is not None and nxt.dep_ == "neg" and nxt.lower_ in ("n't", "n’t", "not"):
        return nxt
    return None


def _finite_aux(tok: Token) -> bool:
    return (tok.pos_ == "AUX" and tok.lemma_.lower() in AUX_LEMMAS
            and tok.tag_ in ("VBP", "VBZ", "VBD", "MD"))


def _verb_of(aux: Token) -> Token | None:
    """The verb an auxiliary belongs to; a copular *be* (or main *have*) is its own verb."""
    if aux.dep_ in ("aux", "auxpass"):
        return aux.head
    if aux.lemma_ == "be":
        return aux
    return None


def _spelt_out(aux: Token) -> list[Op] | None:
    """Replace a contracted auxiliary by its full form (needed when it moves); None when the
    form is uncertain (*'s* before a participle may be *is* or *has*)."""
    forms = FULL_FORMS.get(aux.lower_.replace("’", "'"))
    if forms is None:
        return [] if not aux.lower_.startswith(("'", "’")) else None
    if aux.lower_ in ("'s", "’s") and aux.head.tag_ == "VBN":
        return None
    full = forms.get(aux.lemma_.lower())
    return [Replace(aux.i, full)] if full else None


def _coordinated_bare_verbs(verb: Token) -> list[Token]:
    """*Did you [eat] and [drink]?*: bare verbs sharing the do-support."""
    return [c for c in verb.children if c.dep_ == "conj" and c.tag_ == "VB"
            and not any(g.dep_ in ("aux", "nsubj") for g in c.children)]


def _drop_do(do: Token, verb: Token) -> tuple[Op, ...] | None:
    """Delete do-support and put its tense on the verb(s): *did you like* -> *you liked*."""
    ops: list[Op] = [Delete(do.i)]
    tag = DO_TAG.get(do.lower_)
    if tag is None:
        return None
    for v in [verb, *_coordinated_bare_verbs(verb)]:
        form = inflect_verb(v.lemma_.lower(), tag)
        if not form:
            return None
        if form != v.lower_:
            ops.append(Replace(v.i, form))
    return tuple(sorted(ops, key=lambda op: op.i))


def _uninverted_variants(aux: Token, subj: Token, verb: Token) -> list[tuple[Op, ...]]:
    """The ways to undo subject-auxiliary inversion at ``aux``: drop do-support, drop a
    progressive *be*, or move the auxiliary (with its *n't*) after the subject."""
    neg = _negation(aux)
    end = (neg or aux).i + 1
    if neg is not None and neg.lower_ == "not" or any(
        c.dep_ == "neg" and c != neg for c in verb.children
    ):
        return []  # "Do you not like it?" is too marked to reorder safely
    spelt = _spelt_out(aux)
    if spelt is None:
        return []
    move: tuple[Op, ...] = (Move(aux.i, end, subj.right_edge.i, after=True), *spelt)
    if neg is None and aux.lemma_ == "do" and verb != aux and verb.tag_ == "VB":
        dropped = _drop_do(aux, verb)
        return [dropped] if dropped else []
    if aux.lemma_ == "do":
        return [move] if verb.tag_ == "VB" else []
    if neg is None and aux.lemma_ == "be" and aux.dep_ == "aux" and verb.tag_ == "VBG":
        return [(Delete(aux.i),), move]
    return [move]


def _inverted_subject(aux: Token) -> tuple[Token, Token] | None:
    """``(subject, verb)`` when ``aux`` is directly followed by the subject of its verb."""
    verb = _verb_of(aux)
    if verb is None:
        return None
    subj = _subject(verb)
    if subj is None:
        return None
    neg = _negation(aux)
    if subj.left_edge.i != (neg or aux).i + 1:
        return None
    if verb != aux and verb.i < subj.right_edge.i:
        return None
    return subj, verb


def _as_site(variants: list[tuple[Op, ...]]) -> Site | None:
    if not variants:
        return None
    return site(*variants[0], alternatives=tuple(variants[1:]))


# --------------------------------------------------------------------------------- 229 drop_aux_yn


@rule(
    229, "drop_aux_yn", "Discourse and Word Order",
    deps={"nsubj", "nsubjpass", "expl"},
    examples=[
        ("Do you get the point?", "You get the point?"),
        ("Did you visit India last year?", "You visited India last year?"),
        ("Are you coming?", ["You coming?", "You are coming?"]),
        ("Does your brother play cricket?", "Your brother plays cricket?"),
        ("Can you help me with this?", "You can help me with this?"),
        ("Is the shop open today?", "The shop is open today?"),
        ("Have you eaten?", "You have eaten?"),
    ],
    negatives=[
        "What are you doing?",
        "You are coming.",
        "It's nice, isn't it?",
        "Do it now.",
        "Who is coming?",
        "Do you not like it?",
        "Was the old man happy at the end of the story?",
        "Has anyone seen my keys?",
        "Could you please pass the salt?",
        "Isn't it a beautiful day?",
    ],
)
def drop_aux_yn(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Yes/no questions without inversion or do-support: *You get the point?*, *You liked India?*
    (the tense of *did* moves to the verb), *You coming?*, *You can help me?*. Only main-clause
    questions that start with the auxiliary directly followed by the subject; not negative
    questions (*Isn't it ...?* asks for agreement, *It isn't ...?* does not), *shall* and
    *please* requests, or questions with *anyone/ever*, which need the question form."""
    for sent in doc.sents:
        aux = _first_word(sent)
        if aux is None or not _finite_aux(aux) or not _is_question(sent):
            continue
        found = _inverted_subject(aux)
        if found is None or not _predicate_follows(found[0]) or _needs_inversion(sent, aux):
            continue
        made = _as_site(_uninverted_variants(aux, *found))
        if made is not None:
            yield made


# Negative-polarity words that need the question form (*Anyone has seen ...?), and requests and
# offers whose declarative order reads as a statement (*We shall dance?*, *You could please ...*).
NPI_WORDS = frozenset({"anyone", "anybody", "anything", "ever"})


def _needs_inversion(sent: Span, aux: Token) -> bool:
    if _negation(aux) is not None or aux.lower_ in ("shall", "sha"):
        return True
    return any(t.lower_ in NPI_WORDS or t.lower_ == "please" for t in sent)


def _predicate_follows(subj: Token) -> bool:
    """Something must follow the subject in a yes/no question; a subject that runs to the end
    means the parse swallowed the predicate (*Was the old man happy at ...?*)."""
    nxt = subj.right_edge.i + 1
    return nxt < len(subj.doc) and not subj.doc[nxt].is_punct


# --------------------------------------------------------------------------------- 228 drop_aux_wh


def _wh_fronted_aux(sent: Span) -> Token | None:
    """The auxiliary after a fronted wh-phrase (*Which book did ...*), if the sentence is one."""
    first = _first_word(sent)
    if first is None:
        return None
    if first.pos_ == "ADP":  # "In which city do you live?"
        first = first.doc[first.i + 1] if first.i + 1 < sent.end else None
    if first is None or not (first.tag_ in WH_TAGS or first.lower_ == "how"):
        return None
    for tok in sent[first.i - sent.start + 1:]:
        if _finite_aux(tok):
            return tok
        if tok.pos_ in ("VERB", "AUX", "PUNCT") or tok.dep_ in SUBJECT_DEPS:
            return None
    return None


def _has_clause_inside(subj: Token) -> bool:
    """A subject with a relative clause; moving a copula past it leaves it stranded at the end
    (*What the names of the teachers who teach math are?*)."""
    return any(t.dep_ in ("relcl", "acl") for t in subj.subtree)


@rule(
    228, "drop_aux_wh", "Discourse and Word Order",
    deps={"nsubj", "nsubjpass", "expl"},
    examples=[
        ("What are you doing?", ["What you doing?", "What you are doing?"]),
        ("What does he want?", "What he wants?"),
        ("Where did you go last night?", "Where you went last night?"),
        ("Which book did you read?", "Which book you read?"),
        ("Why can't we leave now?", "Why we can't leave now?"),
        ("What's your name?", "What your name is?"),
        ("How much money have you spent?", "How much money you have spent?"),
    ],
    negatives=[
        "Who is coming?",
        "How many students have taken the course?",
        "Do you like it?",
        "I know what you are doing.",
        "What a day it was!",
        "What are the names of the teachers who teach math?",
    ],
)
def drop_aux_wh(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Wh-questions without inversion or auxiliaries: *What you doing?*, *What he wants?*
    (do-support dropped, its tense moved to the verb), *Why we can't leave?*. Only where the
    auxiliary follows the fronted wh-phrase and precedes the subject; subject questions
    (*Who is coming?*) have no inversion to undo."""
    for sent in doc.sents:
        if not _is_question(sent):
            continue
        aux = _wh_fronted_aux(sent)
        found = _inverted_subject(aux) if aux is not None else None
        if found is None or (found[1] == aux and _has_clause_inside(found[0])):
            continue
        made = _as_site(_uninverted_variants(aux, *found))
        if made is not None:
            yield made


# ------------------------------------------------------------------ 227 inverted_indirect_question

# After these, a "what" clause is often a free relative (*I know what you did*, *he knew what
# he was doing*): taken as a question only when negated or questioned (*I don't know what ...*).
FREE_RELATIVE_EMBEDDERS = frozenset(
    "know understand remember forget learn show find figure".split()
)
# Verbs that embed questions (ask, wonder, know ...).
QUESTION_EMBEDDERS = frozenset(
    "ask wonder know tell understand remember forget explain check decide guess show learn "
    "inquire enquire find figure".split()
)
# "when"/"if" clauses are often adverbial (tell me when you are ready; I'll ask if I need
# help); they are taken as questions only after "wonder", or "ask" with a person asked.
AMBIGUOUS_INTRODUCERS = frozenset({"when", "if"})


def _asks_a_question(embedder: Token) -> bool:
    """*wonder*, or *ask/inquire* with the person asked (*She asked me if ...*)."""
    lemma = embedder.lemma_.lower()
    if lemma == "wonder":
        return True
    return lemma in ("ask", "inquire", "enquire") and any(
        c.dep_ in ("dobj", "dative") for c in embedder.children
    )


def _open_question_context(embedder: Token) -> bool:
    """Whether a *what*-clause after ``embedder`` is an indirect question rather than a free
    relative: after asking verbs, or after *know* and the like when negated or questioned."""
    if embedder.lemma_.lower() not in FREE_RELATIVE_EMBEDDERS:
        return True
    negated = any(c.dep_ == "neg" for c in embedder.children)
    return negated or _is_question(embedder.sent)


def _clause_introducer(clause: Token) -> Token | None:
    """The wh-word or *if/whether* that starts an embedded clause."""
    first = clause.left_edge
    if first.tag_ in WH_TAGS or first.lower_ == "how":
        return first
    if first.dep_ == "mark" and first.lower_ in ("if", "whether") and first.head == clause:
        return first
    return None


def _embedded_aux(clause: Token, subj: Token) -> Token | None:
    """The finite auxiliary (or copula) right after the subject of an embedded clause."""
    nxt = clause.doc[subj.right_edge.i + 1] if subj.right_edge.i + 1 < len(clause.doc) else None
    if nxt is None or not _finite_aux(nxt) or _negation(nxt) is not None:
        return None
    if nxt == clause or (nxt.head == clause and nxt.dep_ in ("aux", "auxpass")):
        return nxt
    return None


def _embedded_inversion(clause: Token, subj: Token) -> tuple[Op, ...] | None:
    aux = _embedded_aux(clause, subj)
    if aux is not None:
        spelt = _spelt_out(aux)
        return None if spelt is None else (Move(aux.i, aux.i + 1, subj.left_edge.i), *spelt)
    if clause.pos_ != "VERB" or clause.tag_ not in DO_TAG.values() and clause.tag_ != "VBP":
        return None
    if clause.i != subj.right_edge.i + 1:
        return None
    if any(c.dep_ in ("aux", "auxpass") for c in clause.children):
        return None
    do = {"VBZ": "does", "VBD": "did", "VBP": "do"}[clause.tag_]
    base = inflect_verb(clause.lemma_.lower(), "VB")
    if not base:
        return None
    return (Insert(subj.left_edge.i, do), Replace(clause.i, base))


@rule(
    227, "inverted_indirect_question", "Discourse and Word Order",
    lemmas=QUESTION_EMBEDDERS,
    deps={"ccomp"},
    examples=[
        ("I'm wondering what you are going to do.", "I'm wondering what are you going to do."),
        ("I asked where he lives.", "I asked where does he live."),
        ("Do you know which city she lives in?", "Do you know which city does she live in?"),
        ("I wonder what time it is.", "I wonder what time is it."),
        ("She asked me if I was ready.", "She asked me was I ready."),
        ("He didn't say why he left, and I don't know where she's going.",
         "He didn't say why he left, and I don't know where is she going."),
    ],
    negatives=[
        "I don't know what is happening.",
        "Tell me when you are ready.",
        "I know that he left.",
        "Can you tell me how many students are enrolled?",
        "I'll ask if I need help.",
        "I like what you did.",
        "He knew what he was doing.",
    ],
)
def inverted_indirect_question(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Inverted (main-clause) word order in indirect questions: *I'm wondering what are you going
    to do*, with do-support where there is no auxiliary (*I asked where does he live*); *if* and
    *whether* give way to the inversion (*She asked me was I ready*). Only complements of verbs
    that embed questions; *when/if* only after *ask/wonder*, where they cannot be adverbial."""
    for clause in index.by_dep.get("ccomp", ()):
        embedder = clause.head
        if embedder.lemma_.lower() not in QUESTION_EMBEDDERS:
            continue
        intro = _clause_introducer(clause)
        subj = _subject(clause)
        if intro is None or subj is None or subj.left_edge.i <= intro.i:
            continue
        if intro.lower_ in AMBIGUOUS_INTRODUCERS and not _asks_a_question(embedder):
            continue
        if intro.lower_ == "what" and not _open_question_context(embedder):
            continue
        if any(t.pos_ in ("VERB", "AUX") for t in doc[intro.i:subj.left_edge.i]):
            continue
        ops = _embedded_inversion(clause, subj)
        if ops is None:
            continue
        if intro.lower_ in ("if", "whether"):
            ops = (Delete(intro.i), *ops)
        yield site(*ops)
