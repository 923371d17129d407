"""Questions (eWAVE 227-230): inverted word order in indirect questions, no inversion or
auxiliary in direct wh- and yes/no questions, and a complementizer after a wh-word."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    SUBJECT_DEPS, children, clause_is_negated, direct_subject, in_question, inverted_conjunct,
    negation_after,
)

from .common import WH_TAGS, as_site, spelt_out, verb_of


COPULA_PREDICATES = frozenset({"acomp", "attr", "prep", "advmod", "oprd", "ccomp"})
AUX_LEMMAS = frozenset(
    "be have do can could will would shall should may might must".split()
)
# The tense of do-support, carried over to the verb when do is dropped.
DO_TAG = {"does": "VBZ", "did": "VBD", "do": "VBP"}


# ---------------------------------------------------------------------------------- shared helpers


def _first_word(index: DocIndex, start: int) -> Token | None:
    """The first token of the sentence at ``start`` that is neither punctuation nor space."""
    tokens, is_space = index.tokens, index.is_space
    return next((tokens[i] for i in range(start, index.sentence_end(start))
                 if not is_space[i] and not tokens[i].is_punct), None)


def _finite_aux(tok: Token) -> bool:
    return (tok.pos_ == "AUX" and tok.lemma_.lower() in AUX_LEMMAS
            and tok.tag_ in ("VBP", "VBZ", "VBD", "MD"))


def _coordinated_bare_verbs(verb: Token) -> list[Token]:
    """*Did you [eat] and [drink]?*: bare verbs sharing the do-support."""
    return [c for c in children(verb) if c.dep_ == "conj" and c.tag_ == "VB"
            and not any(g.dep_ in ("aux", "nsubj") for g in children(c))]


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
    neg = negation_after(aux)
    end = (neg or aux).i + 1
    if neg is not None and neg.lower_ == "not" or any(
        c.dep_ == "neg" and c != neg for c in children(verb)
    ):
        return []  # "Do you not like it?" is too marked to reorder safely
    spelt = spelt_out(aux)
    if spelt is None:
        return []
    move: tuple[Op, ...] = (Move(aux.i, end, subj.right_edge.i, after=True), *spelt)
    if neg is None and aux.lemma_ == "do" and verb != aux and verb.tag_ == "VB":
        dropped = _drop_do(aux, verb)
        return [dropped] if dropped else []
    if aux.lemma_ == "do":
        return [move] if verb.tag_ == "VB" else []
    if (neg is None and aux.lemma_ == "be" and aux.dep_ == "aux" and verb.tag_ == "VBG"
            and aux.tag_ != "VBD"):
        return [(Delete(aux.i),), move]  # "What you doing?"; a dropped "were" loses the past
    return [move]


def _inverted_subject(aux: Token) -> tuple[Token, Token] | None:
    """``(subject, verb)`` when ``aux`` is directly followed by the subject of its verb."""
    verb = verb_of(aux)
    if verb is None:
        return None
    subj = direct_subject(verb)
    if subj is None:
        return None
    neg = negation_after(aux)
    if subj.left_edge.i != (neg or aux).i + 1:
        return None
    if verb != aux and verb.i < subj.right_edge.i:
        return None
    if verb == aux and not any(c.dep_ in COPULA_PREDICATES
                               and (c.i < aux.i or c.i > subj.right_edge.i)
                               for c in children(verb)):
        return None  # "Were the windows open ...?": the parse swallowed the predicate
    if subj.lower_ in NPI_WORDS:
        return None  # "Why didn't anybody help?" -> *"Why anybody didn't help?"
    return subj, verb


@rule(
    "drop_aux_yn",
    lemmas={"?"},  # only questions that end in a question mark
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
        "Are there any tickets left?",
        "Were the windows open when the rain started?",
        "Could you tell me the time?",
        "Is it me or does the bus look late?",
        "Did they call and was anybody home?",
    ],
)
def drop_aux_yn(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Yes/no questions without inversion or do-support: *You get the point?*, *You liked India?*
    (the tense of *did* moves to the verb), *You coming?*, *You can help me?*. Only main-clause
    questions that start with the auxiliary directly followed by the subject; not negative
    questions (*Isn't it ...?* asks for agreement, *It isn't ...?* does not), *shall* and
    *please* requests, or questions with *anyone/ever*, which need the question form. Needs a
    main-clause yes/no question; benchmark questions are wh-questions and commands."""
    for start in index.sentence_starts():
        if not index.in_question(start):
            continue
        aux = _first_word(index, start)
        if aux is None or not _finite_aux(aux):
            continue
        found = _inverted_subject(aux)
        if found is None or not _predicate_after_subject(found[0]) or _needs_inversion(index, aux):
            continue
        if inverted_conjunct(found[1]):
            continue  # "Is it me or does ... look ...?": its second half would still ask
        made = as_site(_uninverted_variants(aux, *found))
        if made is not None:
            yield made


# Negative-polarity words that need the question form (*Anyone has seen ...?), and requests and
# offers whose declarative order reads as a statement (*We shall dance?*, *You could please ...*).
NPI_WORDS = frozenset({"anyone", "anybody", "anything", "ever", "any"})


def _needs_inversion(index: DocIndex, aux: Token) -> bool:
    if negation_after(aux) is not None or aux.lower_ in ("shall", "sha"):
        return True
    nxt = aux.doc[aux.i + 1] if aux.i + 1 < len(aux.doc) else None
    if aux.lower_ in ("could", "would") and nxt is not None and nxt.lower_ == "you":
        return True  # "Could you tell me ...?" is a request
    words = index.tokens[index.sentence_of[aux.i]:index.sentence_end(aux.i)]
    return any(t.lower_ in NPI_WORDS or t.lower_ == "please" for t in words)


def _predicate_after_subject(subj: Token) -> bool:
    """Something must follow the subject in a yes/no question; a subject that runs to the end
    means the parse swallowed the predicate (*Was the old man happy at ...?*)."""
    nxt = subj.right_edge.i + 1
    return nxt < len(subj.doc) and not subj.doc[nxt].is_punct


# --------------------------------------------------------------------------------- 228 drop_aux_wh


def _wh_fronted_aux(index: DocIndex, start: int) -> Token | None:
    """The auxiliary after a fronted wh-phrase (*Which book did ...*), if the sentence at
    ``start`` is one."""
    first = _first_word(index, start)
    if first is None:
        return None
    end = index.sentence_end(start)
    if first.pos_ == "ADP":  # "In which city do you live?"
        first = index.tokens[first.i + 1] if first.i + 1 < end else None
    if first is None or not (first.tag_ in WH_TAGS or first.lower_ == "how"):
        return None
    for tok in index.tokens[first.i + 1:end]:
        if _finite_aux(tok):
            return tok
        if tok.pos_ in ("VERB", "AUX", "PUNCT") or tok.dep_ in SUBJECT_DEPS:
            return None
    return None


# The words that make a noun phrase read as a subject after a fronted *what*: without one,
# *What name of the course is?* reads as *which name*.
SUBJECT_DETERMINER_DEPS = frozenset({"det", "poss", "predet", "nummod"})


def _subject_determiners(subj: Token) -> list[int]:
    """The determiners, possessives and numbers of the subject (and of its conjuncts)."""
    heads = [subj, *(c for c in children(subj) if c.dep_ == "conj")]
    return [c.i for head in heads for c in children(head) if c.dep_ in SUBJECT_DETERMINER_DEPS]


def _reads_as_wh_determiner(index: DocIndex, aux: Token, subj: Token) -> bool:
    """*What are names of ...?* -> *What names of ... are?*: a bare noun right after a bare
    *what/which* reads as the wh-word's own noun (*which names*), not as the subject."""
    wh = index.tokens[aux.i - 1] if aux.i > 0 else None
    if wh is None or wh.lower_ not in ("what", "which") or subj.pos_ not in ("NOUN", "PROPN"):
        return False
    return not _subject_determiners(subj)


def _word_ends_at(tok: Token) -> bool:
    """Nothing is glued to ``tok`` (*Kyle's id* is parsed *i* + *d*: no word may go between)."""
    doc = tok.doc
    return bool(tok.whitespace_) or tok.i + 1 >= len(doc) or doc[tok.i + 1].is_punct


def _question_end(index: DocIndex, tok: Token) -> Token | None:
    """The last word of ``tok``'s question before its final ``?`` (a closing quote included)."""
    tokens = index.tokens
    for i in range(index.sentence_end(tok.i) - 1, tok.i, -1):
        if not index.is_space[i] and index.words[i] not in ("?", "!", "."):
            return tokens[i]
    return None


# What follows a noun inside its own phrase: *the name [of the team]*, *a car [that runs]*.
POSTMODIFIER_DEPS = frozenset({"prep", "acl", "relcl", "appos"})


def _postmodified(subj: Token) -> bool:
    """Whether the subject (or a conjunct of it) has a phrase after its head noun (*the names
    [of all makers]*): an uninverted copula would come after it, far from the subject's
    head, and dangle at the end of the question."""
    heads = [subj, *(c for c in children(subj) if c.dep_ == "conj")]
    return any(c.dep_ in POSTMODIFIER_DEPS and c.i > head.i for head in heads
               for c in children(head))


def _copula_to_end(index: DocIndex, be: Token, subj: Token) -> list[tuple[Op, ...]]:
    """*What was Mary's score?* -> *What Mary's score was?*: the copula goes right after the
    subject, before a trailing adverb (*What the average weight is each year?*), a stranded
    preposition (*Where your father is from?*) or, after a pronoun, which takes no
    modifier, a phrase of the verb (*How old he was in this video?*). A subject with a
    phrase after its head (*the name of the team with most wins*) would leave the copula
    dangling at the end after it, and a phrase of the verb after a noun subject may be the
    subject's own, misattached: those stay. Questions with a second clause or wh-word
    stay."""
    if any(c.dep_ in ("acomp", "attr", "oprd") and c.i > subj.i for c in children(be)):
        return []  # "Who is HIV positive?": who is the subject, the parse is wrong
    if _postmodified(subj):
        return []
    last = _question_end(index, be)
    if last is None or last.i < subj.right_edge.i:
        return []
    rest = index.tokens[be.i + 1:last.i + 1]
    if any(t.tag_ in FINITE_VERB_TAGS or t.tag_ in WH_TAGS or t.dep_ in ("relcl", "acl")
           for t in rest):
        return []  # "What is the name of X and how many Y are there?"
    neg = negation_after(be)
    spelt = spelt_out(be)
    if spelt is None or neg is not None and neg.lower_ == "not":
        return []
    moved = (be.i, (neg or be).i + 1)
    adverb = next((c for c in children(be) if c.i > subj.right_edge.i
                   and c.dep_ in ("advmod", "npadvmod")
                   and not any(t.tag_ in ("JJR", "RBR") for t in c.subtree)), None)
    if adverb is not None:
        if any(t.is_punct for t in index.tokens[subj.right_edge.i + 1:adverb.left_edge.i]):
            # set off by a comma, a vocative or an afterthought (*Where are my keys, Tom?*):
            # the copula stays with its subject, before the comma
            return [(Move(*moved, subj.right_edge.i, after=True), *spelt)]
        return [(Move(*moved, adverb.left_edge.i), *spelt)]
    if last.dep_ == "prep" and not children(last):
        return [(Move(*moved, last.i), *spelt)]
    if last.i > subj.right_edge.i:
        if subj.pos_ != "PRON" or not _word_ends_at(subj.right_edge):
            return []  # "What is the capital city of France?" may hang "of France" on is
        return [(Move(*moved, subj.right_edge.i, after=True), *spelt)]
    if not _word_ends_at(last):
        return []
    return [(Move(*moved, last.i, after=True), *spelt)]


FINITE_VERB_TAGS = frozenset({"VBZ", "VBP", "VBD", "MD"})


@rule(
    "drop_aux_wh",
    lemmas={"?"},  # only questions that end in a question mark
    deps={"nsubj", "nsubjpass", "expl"},
    examples=[
        ("What are you doing?", ["What you doing?", "What you are doing?"]),
        ("What does he want?", "What he wants?"),
        ("Where did you go last night?", "Where you went last night?"),
        ("Which book did you read?", "Which book you read?"),
        ("Why can't we leave now?", "Why we can't leave now?"),
        ("What's your name?", "What your name is?"),
        ("How much money have you spent?", "How much money you have spent?"),
        ("What were they talking about?", "What they were talking about?"),
        ("Where is your father from?", "Where your father is from?"),
        ("What was Mary's score?", "What Mary's score was?"),
        ("How tall was she in her school photo?", "How tall she was in her school photo?"),
        ("Where were they at midnight?", "Where they were at midnight?"),
        ("What is your brother's phone number?", "What your brother's phone number is?"),
        ("Where are my shoes , Mike ?", "Where my shoes are , Mike ?"),
    ],
    negatives=[
        "Who is coming?",
        "How many students have taken the course?",
        "Do you like it?",
        "I know what you are doing.",
        "What a day it was!",
        "What are the names of the teachers who teach math?",
        "Why didn't anybody help her?",
        "What is the name of the town and how many people live there?",
        "What are names of the cities in France?",
        "Who is COVID positive?",
        "What is the length of the rivers with a dam?",
        'What is the title of the song "Yesterday"?',
        "How old is the oldest tree in the park?",
        "Which is the cheapest of the hotels near the station?",
        # a name set off by a comma is no adverb of the copula's to go before
        "Where are my keys, Tom?",
    ],
)
def drop_aux_wh(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Wh-questions without inversion or auxiliaries: *What you doing?*, *What he wants?*
    (do-support dropped, its tense moved to the verb), *Why we can't leave?*, *What your
    name is?*. A copula goes right after its subject, never to the end past a phrase of the
    subject's (*the name of the course*). Only where the auxiliary follows the fronted wh-phrase and precedes
    the subject; subject questions (*Who is coming?*) have no inversion to undo. A bare noun
    subject after *what/which* is left alone (*What names ... are?* reads as *which names*),
    and the site keeps the subject's determiner: another feature may not delete it."""
    for start in index.sentence_starts():
        if not index.in_question(start):
            continue
        aux = _wh_fronted_aux(index, start)
        found = _inverted_subject(aux) if aux is not None else None
        if found is None or _reads_as_wh_determiner(index, aux, found[0]):
            continue
        subj, verb = found
        if verb == aux and aux.lemma_ == "be":
            variants = _copula_to_end(index, aux, subj)
        elif aux.lemma_ == "be" and verb.tag_ not in ("VBG", "VBN"):
            continue  # "What is the number of injuries caused ...?" parsed as a past tense
        elif _word_ends_at(subj.right_edge):
            variants = _uninverted_variants(aux, subj, verb)
        else:
            continue
        made = as_site(variants, keep=_subject_determiners(subj))
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
        c.dep_ in ("dobj", "dative") for c in children(embedder)
    )


def _open_question_context(embedder: Token) -> bool:
    """Whether a *what*-clause after ``embedder`` is an indirect question rather than a free
    relative: after asking verbs, or after *know* and the like when negated or questioned."""
    if embedder.lemma_.lower() not in FREE_RELATIVE_EMBEDDERS:
        return True
    negated = clause_is_negated(embedder)
    return negated or in_question(embedder)


# Verbs whose object is the person asked or told, before the question (*asked the clerk
# where ...*), not a noun the wh-clause modifies.
ASKED_PERSON_VERBS = frozenset({"ask", "tell", "show", "teach", "inform", "remind", "advise"})


def _clause_introducer(clause: Token) -> Token | None:
    """The wh-word or *if/whether* that starts an embedded clause; not a relative *where* or
    *which* after a noun (*Find the city where the rent is lowest*), which the parser may
    take for a question after the verb."""
    first = clause.left_edge
    if first.lower_ == "that":
        return None  # the complementizer "that", which the parser may tag as a wh-word
    if first.tag_ in WH_TAGS or first.lower_ == "how":
        return None if _after_modified_noun(first, clause.head) else first
    if first.dep_ == "mark" and first.lower_ in ("if", "whether") and first.head == clause:
        return first
    return None


def _after_modified_noun(wh: Token, embedder: Token) -> bool:
    """The wh-word follows a noun that is not the person asked (*for each continent where*,
    *Find the city where*, but not *asked the clerk where*)."""
    prev = wh.doc[wh.i - 1] if wh.i > 0 else None
    if prev is None or prev.pos_ not in ("NOUN", "PROPN"):
        return False
    return not (prev.head == embedder and prev.dep_ in ("dobj", "dative")
                and embedder.lemma_.lower() in ASKED_PERSON_VERBS)


def _embedded_aux(clause: Token, subj: Token) -> Token | None:
    """The finite auxiliary (or copula) right after the subject of an embedded clause."""
    nxt = clause.doc[subj.right_edge.i + 1] if subj.right_edge.i + 1 < len(clause.doc) else None
    if nxt is None or not _finite_aux(nxt) or negation_after(nxt) is not None:
        return None
    if nxt == clause or (nxt.head == clause and nxt.dep_ in ("aux", "auxpass")):
        return nxt
    return None


def _embedded_inversion(clause: Token, subj: Token) -> tuple[Op, ...] | None:
    aux = _embedded_aux(clause, subj)
    if aux is not None:
        spelt = spelt_out(aux)
        return None if spelt is None else (Move(aux.i, aux.i + 1, subj.left_edge.i), *spelt)
    if clause.pos_ != "VERB" or clause.tag_ not in DO_TAG.values() and clause.tag_ != "VBP":
        return None
    if clause.i != subj.right_edge.i + 1:
        return None
    if any(c.dep_ in ("aux", "auxpass") for c in children(clause)):
        return None
    do = {"VBZ": "does", "VBD": "did", "VBP": "do"}[clause.tag_]
    base = inflect_verb(clause.lemma_.lower(), "VB")
    if not base:
        return None
    return (Insert(subj.left_edge.i, do), Replace(clause.i, base))


@rule(
    "inverted_indirect_question",
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
        ("She asked the clerk where the exit was.", "She asked the clerk where was the exit."),
        ("Can you tell the nurse where the pain is?", "Can you tell the nurse where is the pain?"),
        ("We don't know which road the bus takes.", "We don't know which road does the bus take."),
    ],
    negatives=[
        "I don't know what is happening.",
        "Tell me when you are ready.",
        "I know that he left.",
        "Can you tell me how many students are enrolled?",
        "I'll ask if I need help.",
        "I like what you did.",
        "He knew what he was doing.",
        "The teacher told the students that the test was cancelled.",
        "Find the average price for each town where the rent is lower than 500.",
        "Show the city where the museum was built.",
        "List the shops in each street which the mayor visited.",
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
        subj = direct_subject(clause)
        if intro is None or subj is None or subj.left_edge.i <= intro.i:
            continue
        if intro.lower_ in AMBIGUOUS_INTRODUCERS and not _asks_a_question(embedder):
            continue
        if intro.lower_ == "what" and not _open_question_context(embedder):
            continue
        if any(pos in ("VERB", "AUX") for pos in index.pos_of[intro.i:subj.left_edge.i]):
            continue
        ops = _embedded_inversion(clause, subj)
        if ops is None:
            continue
        if intro.lower_ in ("if", "whether"):
            ops = (Delete(intro.i), *ops)
        yield site(*ops)


def _wh_phrase_end(clause: Token, index: DocIndex) -> int | None:
    """Index after the fronted non-subject wh-phrase of an embedded question (*what*, *which
    dish*, *how old*), when the clause's subject follows it directly."""
    intro = clause.left_edge
    if not (intro.tag_ in WH_TAGS or intro.lower_ == "how") or intro.dep_ in SUBJECT_DEPS:
        return None
    subj = direct_subject(clause)
    if subj is None or subj.left_edge.i <= intro.i or subj.lower_ == "that":
        return None  # "whose car that that is"
    phrase = index.tokens[intro.i:subj.left_edge.i]
    if any(t.pos_ in ("VERB", "AUX") or t.is_punct for t in phrase):
        return None
    if any(t.dep_ in SUBJECT_DEPS for t in phrase):
        return None
    return subj.left_edge.i


def _embedded_question(clause: Token) -> bool:
    """A wh-clause that is a question (*I wonder what ...*, *I don't know what ...*), not a
    free relative (*I like what you said*); as for feature 227."""
    embedder, intro = clause.head, _clause_introducer(clause)
    if embedder.lemma_.lower() not in QUESTION_EMBEDDERS or intro is None:
        return False
    if intro.lower_ in AMBIGUOUS_INTRODUCERS and not _asks_a_question(embedder):
        return False
    return intro.lower_ != "what" or _open_question_context(embedder)


@rule(
    "doubly_filled_comp",
    tags=WH_TAGS,
    examples=[
        ("I don't know what he wants.", "I don't know what that he wants."),
        ("I wonder which dish they picked.", "I wonder which dish that they picked."),
        ("Can you tell me where she lives?", "Can you tell me where that she lives?"),
        ("Ask him how old he is.", "Ask him how old that he is."),
        ("Who ate what?", "What who ate?"),
        ("Which student brought which book?", "Which book which student brought?"),
        ("Who went where?", "Where who went?"),
        ("Who gave what to whom?", "What who gave to whom?"),
    ],
    negatives=[
        "I know that he left.",
        "Tell me who called.",
        "What do you want?",
        "I don't know if he's coming.",
        "The book that I read was good.",
        "I like what you said.",
        "Tell me when you are ready.",
        "Do you know whose car that is?",
        "I told the man that I would call him later.",
        "Who ate the cake?",
        "Who told you about what happened?",
        "Who said that, and when?",
    ],
)
def doubly_filled_comp(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Doubly filled COMP: two wh-phrases in the front of a question, as in the atlas's *What
    who has eaten?* 'Who ate what?', and a wh-phrase followed by the complementizer *that*
    in embedded questions, *I wonder which dish that they picked*. In questions, the second
    wh-phrase (an object, adverb or prepositional object of the main verb) joins the
    subject wh-phrase at the front; in embedded questions *that* goes in only where the
    wh-phrase is not the subject (*who that called* is rarer) and the subject follows it
    directly."""
    for clause in index.by_dep.get("ccomp", ()):
        if clause.head.pos_ != "VERB" or clause.i < clause.head.i or not _embedded_question(clause):
            continue
        end = _wh_phrase_end(clause, index)
        if end is not None:
            yield site(Insert(end, "that"))
    for start in index.sentence_starts():
        moved = _second_wh_phrase(index, start) if index.in_question(start) else None
        if moved is not None:
            yield site(Move(*moved, start))


def _second_wh_phrase(index: DocIndex, start: int) -> tuple[int, int] | None:
    """``(start, end)`` of the wh-phrase left in place in a question whose subject is a
    wh-phrase (*Who ate [what]?*, *Which student brought [which book]?*): an object or
    adverb of the main verb, the first after it."""
    first = _first_word(index, start)
    if first is None or first.i != start or first.tag_ not in ("WP", "WDT"):
        return None
    subj = first if first.dep_ in SUBJECT_DEPS else first.head
    verb = subj.head
    if subj.dep_ not in SUBJECT_DEPS or verb.pos_ != "VERB" or verb.dep_ != "ROOT":
        return None
    for tok in index.tokens[verb.i + 1:index.sentence_end(start)]:
        if tok.tag_ not in WH_TAGS or tok.lower_ == "that":
            continue
        phrase = tok if tok.dep_ in ("dobj", "advmod") else tok.head
        if phrase.head != verb or phrase.dep_ not in ("dobj", "advmod", "npadvmod"):
            return None  # "Who knows what he wants?": the wh-word is in a clause of its own
        return phrase.left_edge.i, phrase.right_edge.i + 1
    return None
