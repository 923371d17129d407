"""Discourse and word order rules (eWAVE 223-235): clefts, fronting, negative inversion, word
order of direct and indirect questions, complementizers after wh-words, the place of *most*,
the order of pronoun objects, and *like* as focus marker and quotative."""
from __future__ import annotations

from typing import Iterable, Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb, person_number
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.wordlists import wordlist
from multivalue_cli.engine.syntax import SUBJECT_DEPS, children
from multivalue_cli.engine.syntax import direct_subject as _subject
from multivalue_cli.engine.syntax import full_form, in_question, sentence

WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})
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
    if not aux.lower_.startswith(("'", "’")):
        return []
    full = full_form(aux)
    return [Replace(aux.i, full)] if full else None


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
    neg = _negation(aux)
    end = (neg or aux).i + 1
    if neg is not None and neg.lower_ == "not" or any(
        c.dep_ == "neg" and c != neg for c in children(verb)
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
    if (neg is None and aux.lemma_ == "be" and aux.dep_ == "aux" and verb.tag_ == "VBG"
            and aux.tag_ != "VBD"):
        return [(Delete(aux.i),), move]  # "What you doing?"; a dropped "were" loses the past
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
    if verb == aux and not any(c.dep_ in COPULA_PREDICATES
                               and (c.i < aux.i or c.i > subj.right_edge.i)
                               for c in children(verb)):
        return None  # "Were the windows open ...?": the parse swallowed the predicate
    if subj.lower_ in NPI_WORDS:
        return None  # "Why didn't anybody help?" -> *"Why anybody didn't help?"
    return subj, verb


def _as_site(variants: list[tuple[Op, ...]], keep: Iterable[int] = ()) -> Site | None:
    if not variants:
        return None
    return site(*variants[0], alternatives=tuple(variants[1:]), keep=keep)


# --------------------------------------------------------------------------------- 229 drop_aux_yn


@rule(
    229, "drop_aux_yn", "Discourse and Word Order",
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
    ],
)
def drop_aux_yn(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Yes/no questions without inversion or do-support: *You get the point?*, *You liked India?*
    (the tense of *did* moves to the verb), *You coming?*, *You can help me?*. Only main-clause
    questions that start with the auxiliary directly followed by the subject; not negative
    questions (*Isn't it ...?* asks for agreement, *It isn't ...?* does not), *shall* and
    *please* requests, or questions with *anyone/ever*, which need the question form."""
    for start in index.sentence_starts():
        if not index.in_question(start):
            continue
        aux = _first_word(index, start)
        if aux is None or not _finite_aux(aux):
            continue
        found = _inverted_subject(aux)
        if found is None or not _predicate_follows(found[0]) or _needs_inversion(index, aux):
            continue
        made = _as_site(_uninverted_variants(aux, *found))
        if made is not None:
            yield made


# Negative-polarity words that need the question form (*Anyone has seen ...?), and requests and
# offers whose declarative order reads as a statement (*We shall dance?*, *You could please ...*).
NPI_WORDS = frozenset({"anyone", "anybody", "anything", "ever", "any"})


def _needs_inversion(index: DocIndex, aux: Token) -> bool:
    if _negation(aux) is not None or aux.lower_ in ("shall", "sha"):
        return True
    nxt = aux.doc[aux.i + 1] if aux.i + 1 < len(aux.doc) else None
    if aux.lower_ in ("could", "would") and nxt is not None and nxt.lower_ == "you":
        return True  # "Could you tell me ...?" is a request
    sentence = index.tokens[index.sentence_of[aux.i]:index.sentence_end(aux.i)]
    return any(t.lower_ in NPI_WORDS or t.lower_ == "please" for t in sentence)


def _predicate_follows(subj: Token) -> bool:
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


def _has_clause_inside(subj: Token) -> bool:
    """A subject with a relative clause; moving a copula past it leaves it stranded at the end
    (*What the names of the teachers who teach math are?*)."""
    return any(t.dep_ in ("relcl", "acl") for t in subj.subtree)


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


def _copula_to_end(index: DocIndex, be: Token, subj: Token) -> list[tuple[Op, ...]]:
    """*What is the name of the team with most wins?* -> *What the name of the team with most
    wins is?*: the copula goes to the end of the question, past the phrases the parser may
    have hung on the verb rather than on the subject (*with most wins*), but before a
    trailing adverb (*What the average weight is each year?*) or stranded preposition
    (*Where your father is from?*). Questions with a second clause or wh-word stay."""
    if any(c.dep_ in ("acomp", "attr", "oprd") and c.i > subj.i for c in children(be)):
        return []  # "Who is HIV positive?": who is the subject, the parse is wrong
    last = _question_end(index, be)
    if last is None or last.i < subj.right_edge.i:
        return []
    rest = index.tokens[be.i + 1:last.i + 1]
    if any(t.tag_ in FINITE_VERB_TAGS or t.tag_ in WH_TAGS or t.dep_ in ("relcl", "acl")
           for t in rest):
        return []  # "What is the name of X and how many Y are there?"
    neg = _negation(be)
    spelt = _spelt_out(be)
    if spelt is None or neg is not None and neg.lower_ == "not":
        return []
    moved = (be.i, (neg or be).i + 1)
    adverb = next((c for c in children(be) if c.i > subj.right_edge.i
                   and c.dep_ in ("advmod", "npadvmod")
                   and not any(t.tag_ in ("JJR", "RBR") for t in c.subtree)), None)
    if adverb is not None:
        return [(Move(*moved, adverb.left_edge.i), *spelt)]
    if last.dep_ == "prep" and not children(last):
        return [(Move(*moved, last.i), *spelt)]
    if not _word_ends_at(last):
        return []
    return [(Move(*moved, last.i, after=True), *spelt)]


FINITE_VERB_TAGS = frozenset({"VBZ", "VBP", "VBD", "MD"})


@rule(
    228, "drop_aux_wh", "Discourse and Word Order",
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
        ("What is the length of the rivers with a dam?",
         "What the length of the rivers with a dam is?"),
        ("Where is your father from?", "Where your father is from?"),
        ('What is the title of the song "Yesterday"?', 'What the title of the song "Yesterday" is?'),
        ("What was Mary's score?", "What Mary's score was?"),
        ("How old is the oldest tree in the park?", "How old the oldest tree in the park is?"),
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
    ],
)
def drop_aux_wh(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Wh-questions without inversion or auxiliaries: *What you doing?*, *What he wants?*
    (do-support dropped, its tense moved to the verb), *Why we can't leave?*, *What the name
    of the course is?*. Only where the auxiliary follows the fronted wh-phrase and precedes
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
        made = _as_site(variants, keep=_subject_determiners(subj))
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
    negated = any(c.dep_ == "neg" for c in children(embedder))
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
    if any(c.dep_ in ("aux", "auxpass") for c in children(clause)):
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
        subj = _subject(clause)
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


# ------------------------------------------------------------------------------------ 223 clefting


def _cleftable_predicate(be: Token, index: DocIndex) -> Token | None:
    """The predicate after *be* that Irish English fronts in a cleft: a progressive verb
    (*are looking for land*), or a predicative adjective or place (*was tired*, *is in
    Dublin*)."""
    dep, head = index.dep_of[be.i], index.head_of[be.i]
    if dep == "aux" and index.tag_of[head] == "VBG" and index.dep_of[head] in ("ROOT", "conj"):
        return index.tokens[head]
    if dep in ("ROOT", "conj"):
        preds = [c for c in index.children(be.i) if c.dep_ in ("acomp", "prep") and c.i > be.i]
        if len(preds) == 1 and preds[0].tag_ not in ("JJR", "JJS"):
            return preds[0]
    return None


# Subjects a predicate cleft is about: people and things, not dummy or quantified subjects
# (*It was perfect it was*, *It's listening to me nobody is*).
UNCLEFTABLE_SUBJECTS = frozenset(
    "it this that these those there nobody nothing none everyone everybody everything someone "
    "somebody something anyone anybody anything all each".split()
)
DEGREE_WORDS = frozenset({"more", "less", "as", "most", "least"})


def _cleftable_subject(subj: Token) -> bool:
    """A subject the clause is about, already known (see :func:`_given`), not a dummy or a
    quantifier (*It was perfect it was*, *It's listening to me nobody is*)."""
    if subj.lower_ in UNCLEFTABLE_SUBJECTS:
        return False
    if any(t.dep_ == "appos" or t.lower_ in ("that", "who", "which") for t in subj.subtree):
        return False  # "Dogs that bark a lot": a relative clause the parse may have missed
    if any(c.dep_ == "det" and c.lower_ in ("no", "every", "each", "any") for c in children(subj)):
        return False
    return _given(subj)


DEFINITE_DETERMINERS = frozenset({"the", "this", "that", "these", "those"})


def _given(noun: Token) -> bool:
    """Known to the hearer: a personal pronoun, a name, a definite or possessive noun phrase,
    or part of a known set (*a lot of them*, *some of the men*). A cleft puts the predicate
    in focus and leaves the subject as the topic; a new, indefinite subject (*Two
    candidates were debating ...*) is what such a sentence is about to introduce."""
    if noun.tag_ == "PRP" or noun.pos_ == "PROPN":
        return True
    if any(c.dep_ == "poss" or c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS
           for c in children(noun)):
        return True
    return any(c.dep_ == "prep" and c.lower_ == "of" and any(o.dep_ == "pobj" and _given(o)
                                                             for o in children(c))
               for c in children(noun))


def _comparative(pred: Token) -> bool:
    """*more careful than her*, *as scary as its poster*, *going to* + verb (a future)."""
    if pred.tag_ == "VBG":
        return pred.lemma_ == "go" and any(c.dep_ == "xcomp" for c in children(pred))
    if any(c.dep_ == "advmod" and c.lower_ in DEGREE_WORDS for c in children(pred)):
        return True
    return any(t.lower_ == "than" for t in pred.subtree)


def _subject_in(index: DocIndex, verb: Token) -> Token | None:
    """The subject among ``verb``'s own dependents (as ``direct_subject``, from the index)."""
    return next((c for c in index.children(verb.i) if c.dep_ in SUBJECT_DEPS), None)


def _starts_main_clause(first: Token, verb: Token, index: DocIndex) -> bool:
    """``first`` starts the sentence, or the second of two contrasted *be* clauses after
    *and/but* (*One was slim and the other was obese*), where the contrast puts the
    predicate in focus (*The cook made a meal and it was very thankful she was* would not)."""
    if first.i == index.sentence_of[first.i]:
        return True
    cc, main = index.tokens[first.i - 1], verb.head
    return (verb.dep_ == "conj" and main.dep_ == "ROOT" and main.lemma_ == "be"
            and cc.dep_ == "cc" and cc.lower_ in ("and", "but") and cc.head == main)


def _cleft(be: Token, index: DocIndex) -> tuple[Op, ...] | None:
    verb = _verb_of(be)
    subj = _subject_in(index, verb) if verb is not None else None
    if subj is None or subj.dep_ == "expl":
        return None
    # The cheap position tests first: the subject starts the clause and ends before *be*.
    if not _starts_main_clause(subj.left_edge, verb, index) or subj.right_edge.i + 1 != be.i:
        return None
    pred = _cleftable_predicate(be, index)
    end = index.statement_end(be.i) if pred is not None else None
    if end is None:
        return None
    if not _cleftable_subject(subj) or _comparative(pred):
        return None
    if _has_clause_inside(subj) or any(c.dep_ == "neg" for c in index.children(verb.i)):
        return None
    start = be.i + 1
    last = max(t.i for t in pred.subtree if t.i != end)  # the VBG head also holds the full stop
    if (pred.i if pred.tag_ == "VBG" else pred.left_edge.i) != start or last + 1 != end:
        return None
    if any(dep in ("ccomp", "advcl", "relcl", "conj", "cc", "xcomp")
           for dep in index.dep_of[start:end]):
        return None
    if sum(not index.tokens[i].is_punct for i in range(start, end)) > MAX_FOCUS_WORDS:
        return None  # a long predicate is no focus: the sentence would not read as one
    spelt = _spelt_out(be)
    if spelt is None:
        return None
    it_be = "it was" if be.tag_ == "VBD" else "it's"
    return (Insert(start, it_be), Move(subj.left_edge.i, be.i + 1, end), *spelt)


@rule(
    223, "clefting", "Discourse and Word Order",
    deps={"nsubj", "nsubjpass"},
    examples=[
        ("A lot of them are looking for more land.", "It's looking for more land a lot of them are."),
        ("He's living in Dublin.", "It's living in Dublin he is."),
        ("She was very tired.", "It was very tired she was."),
        ("We left early. My brother is in Boston!", "We left early. It's in Boston my brother is!"),
        ("She bought a new car.", "It was a new car she bought."),
        ("My uncle grows potatoes.", "It's potatoes my uncle grows."),
        ("They sell fresh fish!", "It's fresh fish they sell!"),
        ("Some of the boys were playing football.", "It was playing football some of the boys were."),
        ("One was slim and the other was tall.", "One was slim and it was tall the other was."),
        ("My sister is shy, but my brother is lazy.",
         "My sister is shy, but it's lazy my brother is."),
    ],
    negatives=[
        "One was slim and the other was tall, so they argued.",
        "He said that his brother was lazy.",
        "He works hard, but his brother is lazy.",
        "Two old friends were talking about the weather in the park.",
        "A man was standing at the door.",
        "She bought it.",
        "He sold the car that he had bought in Paris.",
        "The students were preparing for the exams they had to take in the spring.",
        "Did she buy a car?",
        "She didn't buy a car.",
        "He gave his sister a book.",
        "Is he living in Dublin?",
        "He isn't living in Dublin.",
        "There is a problem.",
        "He is taller than me.",
        "The man who called is living in Dublin.",
        "He is living in Dublin and working in a bank.",
        "It was perfect.",
        "Nobody is listening to me.",
        "Her brother was more careful than her.",
        "I'm going to call him.",
        "Dogs that bark a lot are annoying.",
    ],
)
def clefting(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Clefts beyond Standard English use (Irish English): *It's looking for more land a lot
    of them are*, *It was very tired she was*. The progressive verb phrase, or the
    predicative adjective or place phrase, is fronted after *it's* / *it was*, and the
    subject and *be* close the sentence (a contracted *'s* is spelt out, since it cannot end
    a sentence). A short transitive clause fronts its object the same way, with no *that*
    (*She bought a car* -> *It was a car she bought*). Only affirmative one-clause statements
    that start with a known subject (a pronoun, a name, a definite noun phrase, *a lot of
    them*) and have a short focus: a cleft keeps the subject as the topic, so a new,
    indefinite subject (*Two candidates were debating ...*) is not clefted."""
    for be in index.by_lemma.get("be", ()):
        if index.tag_of[be.i] not in ("VBZ", "VBP", "VBD"):
            continue
        ops = _cleft(be, index)
        if ops is not None:
            yield site(*ops)
    for obj in index.by_dep.get("dobj", ()):
        ops = _object_cleft(obj, index)
        if ops is not None:
            yield site(*ops)


# The longest phrase (in words) a cleft puts in focus.
MAX_FOCUS_WORDS = 6


def _object_cleft(obj: Token, index: DocIndex) -> tuple[Op, ...] | None:
    """*She bought a car.* -> *It was a car she bought.*: the whole statement is subject +
    simple-tense verb + object (a noun phrase without a clause, not a pronoun)."""
    verb = obj.head
    if verb.dep_ != "ROOT" or verb.pos_ != "VERB" or verb.tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    subj = _subject_in(index, verb)
    end = index.statement_end(verb.i)
    if subj is None or end is None or subj.left_edge.i != index.sentence_of[verb.i]:
        return None
    if subj.right_edge.i + 1 != verb.i or obj.left_edge.i != verb.i + 1 or obj.right_edge.i + 1 != end:
        return None
    if obj.pos_ not in ("NOUN", "PROPN") or not _cleftable_subject(subj):
        return None
    words = range(obj.left_edge.i, end)
    if len(words) > MAX_FOCUS_WORDS or any(
            index.dep_of[i] in ("relcl", "acl", "ccomp", "conj", "cc") for i in words):
        return None
    if any(c.dep_ in ("aux", "auxpass", "neg", "prt", "dative") for c in index.children(verb.i)):
        return None
    it_be = "it was" if verb.tag_ == "VBD" else "it's"
    return (Insert(obj.left_edge.i, it_be), Move(subj.left_edge.i, verb.i + 1, end))


# ------------------------------------------------------------------------------- 224 fronting_pobj

# Prepositions of recipient, beneficiary and companion phrases that are fronted (*To my sister
# I speak English*).
FRONTED_PREPOSITIONS = frozenset({"to", "for", "with"})
HUMAN_NOUNS = wordlist("human_nouns")


def _person(obj: Token) -> bool:
    """A recipient, beneficiary or companion: a pronoun, a name or a people noun (*with a
    knife* is an instrument and does not front the same way)."""
    return obj.tag_ == "PRP" or obj.pos_ == "PROPN" or obj.lemma_.lower() in HUMAN_NOUNS


def _main_verb_of(prep: Token) -> Token:
    """The verb a phrase belongs to; *a letter [to her mother]* is often hung on the object."""
    head = prep.head
    return head.head if head.dep_ == "dobj" and prep.lower_ in ("to", "for") else head


def _ends_first_predicate(tok: Token, verb: Token, index: DocIndex) -> bool:
    """``tok`` closes the statement, or the first of two coordinated verb phrases of
    ``verb`` (*cooked a meal for the teacher [and] hoped she liked it*)."""
    end = index.statement_end(tok.i)
    if end is None:
        return False
    if tok.i + 1 == end:
        return True
    cc = index.tokens[tok.i + 1]
    return cc.dep_ == "cc" and cc.head == verb and any(
        c.dep_ == "conj" and c.pos_ == "VERB" and c.i > cc.i and _subject_in(index, c) is None
        for c in index.children(verb.i))


def _fronted_phrase(prep: Token, index: DocIndex) -> tuple[int, int, int] | None:
    """``(start, end, subject start)`` of a clause-final prepositional phrase on a verb that
    has a direct object: *I speak English [to my sister].*"""
    verb = _main_verb_of(prep)
    if prep.lower_ not in FRONTED_PREPOSITIONS or prep.dep_ not in ("prep", "dative"):
        return None
    if verb.dep_ != "ROOT" or verb.pos_ != "VERB":
        return None
    if not any(c.dep_ == "dobj" for c in index.children(verb.i)):
        return None
    obj = next((c for c in index.children(prep.i) if c.dep_ == "pobj"), None)
    subj = _subject_in(index, verb)
    if obj is None or subj is None or not _ends_first_predicate(prep.right_edge, verb, index):
        return None
    if not _person(obj) or obj.lower_ in THIRD_PERSON_OBJECTS:
        return None  # "To him the clerk handed the form": him would come before its antecedent
    if subj.left_edge.i != index.sentence_of[prep.i] or subj.i > verb.i or prep.i < verb.i:
        return None
    if any(t.pos_ in ("VERB", "AUX") or t.is_punct or t.dep_ == "appos" for t in prep.subtree):
        return None  # "for two clients, one of them new": the fronted phrase needs its commas
    return prep.i, prep.right_edge.i + 1, subj.left_edge.i


THIRD_PERSON_OBJECTS = frozenset({"him", "her", "them", "it"})


@rule(
    224, "fronting_pobj", "Discourse and Word Order",
    lemmas=FRONTED_PREPOSITIONS,
    examples=[
        ("I speak English to my sister.", "To my sister I speak English."),
        ("She sent a letter to her mother.", "To her mother she sent a letter."),
        ("We bought a cake for the children!", "For the children we bought a cake!"),
        ("He left. My father doesn't discuss politics with my uncle.",
         "He left. With my uncle my father doesn't discuss politics."),
        ("We cooked dinner for our guests.", "For our guests we cooked dinner."),
        ("She plays tennis with me.", "With me she plays tennis."),
        ("The cook baked a cake for the nurse and hoped she liked it.",
         "For the nurse the cook baked a cake and hoped she liked it."),
    ],
    negatives=[
        "Did you give the book to her?",
        "I went to school.",
        "I speak English to my sister when she visits.",
        "Yesterday I gave the book to my brother.",
        "I gave it to the man who called.",
        "I cut the bread with a knife.",
        "The clinic ran some tests for two clients, one of them new.",
        "The clerk handed the form to him.",
        "I gave the book to my brother and he read it.",
    ],
)
def fronting_pobj(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Fronting of a prepositional object: *To my sister sometime I speak English*. The
    *to/for/with* phrase that ends the statement, or the first of two verb phrases, of a
    verb with a direct object moves before the subject. Statements that start with their subject only; no phrase containing a clause
    or punctuation, and no *him/her/them*, which would come before its antecedent."""
    for prep in index.lemma(*FRONTED_PREPOSITIONS):
        span = _fronted_phrase(prep, index)
        if span is not None:
            start, end, to = span
            yield site(Move(start, end, to))


# -------------------------------------------------------------------------- 226 negative_inversion

NEGATIVE_PRONOUNS = frozenset({"nobody", "nothing", "none", "no-one"})
# Negative forms of the auxiliaries that invert before a negative subject; several where
# speakers use more than one (*ain't nobody coming* / *isn't nobody coming*).
NEGATIVE_AUX = {
    "can": ("can't",), "could": ("couldn't",), "will": ("won't",), "would": ("wouldn't",),
    "should": ("shouldn't",), "is": ("ain't", "isn't"), "are": ("ain't", "aren't"),
    "was": ("wasn't",), "were": ("weren't",), "has": ("ain't", "hasn't"),
    "have": ("ain't", "haven't"), "had": ("hadn't",), "does": ("don't", "doesn't"),
    "do": ("don't",), "did": ("didn't",),
}


def _negative_subject(subj: Token, index: DocIndex) -> bool:
    """*nobody*, *nothing*, *none (of them)*, *no one*, *no student(s)*."""
    if subj.lower_ in NEGATIVE_PRONOUNS:
        return True
    return any(c.dep_ == "det" and c.lower_ == "no" for c in index.children(subj.i))


def _clause_initial(tok: Token, index: DocIndex) -> bool:
    """At the start of its sentence, or right after *but/and/so* and an optional comma."""
    if tok.i == index.sentence_of[tok.i]:
        return True
    prev = tok.doc[tok.i - 1]
    return prev.lower_ in ("but", "and", "so") and prev.dep_ in ("cc", "advmod")


def _finite_aux_of(verb: Token, subj: Token) -> Token | None:
    """The first auxiliary after the subject (or the copula itself)."""
    if verb.lemma_ == "be" and verb.dep_ in ("ROOT", "conj") and verb.i == subj.right_edge.i + 1:
        return verb
    aux = next((c for c in children(verb) if c.dep_ in ("aux", "auxpass") and c.i > subj.i),
               None)
    if aux is not None and aux.i == subj.right_edge.i + 1 and aux.tag_ in ("VBZ", "VBP", "VBD", "MD"):
        return aux
    return None


def _negative_inversion(verb: Token, subj: Token) -> list[tuple[Op, ...]]:
    start = subj.left_edge.i
    aux = _finite_aux_of(verb, subj)
    if aux is not None:
        forms = NEGATIVE_AUX.get(aux.lower_, ())
        return [(Move(aux.i, aux.i + 1, start), Replace(aux.i, form)) for form in forms]
    if verb.i != subj.right_edge.i + 1 or verb.tag_ not in ("VBD", "VBZ", "VBP"):
        return []
    if any(c.dep_ in ("aux", "auxpass") for c in children(verb)) or verb.lemma_ == "be":
        return []
    base = inflect_verb(verb.lemma_.lower(), "VB")
    if not base:
        return []
    do = "didn't" if verb.tag_ == "VBD" else "don't"
    return [(Insert(start, do), Replace(verb.i, base))]


@rule(
    226, "negative_inversion", "Discourse and Word Order",
    deps={"nsubj", "nsubjpass"},
    examples=[
        ("Nobody can do that.", "Can't nobody do that."),
        ("Nobody showed up.", "Didn't nobody show up."),
        ("There's an old house up here, but nobody lives in it.",
         "There's an old house up here, but don't nobody live in it."),
        ("Nobody is coming.", ["Ain't nobody coming.", "Isn't nobody coming."]),
        ("No student was happy with the test.", "Wasn't no student happy with the test."),
    ],
    negatives=[
        "Nobody can't do that.",
        "Did nobody come?",
        "I saw nobody.",
        "She said nobody came.",
        "The man who nobody likes left.",
        "Somebody came.",
    ],
)
def negative_inversion(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Negative inversion (African American and Southern US English): a negated auxiliary
    before a negative subject, *Didn't nobody show up* 'Nobody showed up', *Can't nobody do
    that*; *don't* with present-tense verbs (*don't nobody live in it*). Main clauses (or
    clauses after *but/and/so*) that start with the negative subject, without a negation of
    their own."""
    for subj in index.dep("nsubj", "nsubjpass"):
        if not _negative_subject(subj, index) or not _clause_initial(subj.left_edge, index):
            continue
        verb = subj.head
        if verb.dep_ not in ("ROOT", "conj") or index.in_question(subj.i) or subj.i > verb.i:
            continue
        if any(c.dep_ == "neg" for c in index.children(verb.i)):
            continue
        made = _as_site(_negative_inversion(verb, subj))
        if made is not None:
            yield made


# -------------------------------------------------------------------------- 230 doubly_filled_comp


def _wh_phrase_end(clause: Token, index: DocIndex) -> int | None:
    """Index after the fronted non-subject wh-phrase of an embedded question (*what*, *which
    dish*, *how old*), when the clause's subject follows it directly."""
    intro = clause.left_edge
    if not (intro.tag_ in WH_TAGS or intro.lower_ == "how") or intro.dep_ in SUBJECT_DEPS:
        return None
    subj = _subject(clause)
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
    230, "doubly_filled_comp", "Discourse and Word Order",
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


# --------------------------------------------------------------- 231 superlative_before_matrix_head


def _stranded_most(most: Token) -> tuple[Token, Token | None] | None:
    """``(noun, the)`` for *the thing I like (the) most*: *most* ends a relative clause on a
    noun with just a determiner before it; ``the`` is a *the* before *most*, if any."""
    clause = most.head
    if most.dep_ not in ("advmod", "dobj") or clause.dep_ != "relcl" or clause.pos_ != "VERB":
        return None
    if any(c.lower_ != "the" for c in children(most)):
        return None  # "most of them", "the most money"
    if most.i != clause.right_edge.i and not (most.i + 1 == clause.right_edge.i
                                               and clause.right_edge.is_punct):
        return None
    noun = clause.head
    if noun.pos_ != "NOUN" or noun.left_edge.i != noun.i - 1 or noun.doc[noun.i - 1].dep_ != "det":
        return None
    the = most.doc[most.i - 1]
    return noun, (the if the.lower_ == "the" and the.head == most else None)


@rule(
    231, "superlative_before_matrix_head", "Discourse and Word Order",
    lemmas={"most"},
    examples=[
        ("The thing I like most is apples.", "The most thing I like is apples."),
        ("The place we visited most was Goa.", "The most place we visited was Goa."),
        ("What is the food you eat the most?", "What is the most food you eat?"),
    ],
    negatives=[
        "The most important thing is health.",
        "I like apples most.",
        "Most people like apples.",
        "The red car I liked most was sold.",
    ],
)
def superlative_before_matrix_head(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """The superlative *most* before the head noun it is about, not in the relative clause:
    *The most thing I like is apples* 'The thing I like most'. Only nouns with just a
    determiner before them (with an adjective, *the most red car* would read as a
    superlative adjective)."""
    for most in index.by_lemma.get("most", ()):
        found = _stranded_most(most)
        if found is None:
            continue
        noun, the = found
        ops: list[Op] = [Move(most.i, most.i + 1, noun.i)]
        if the is not None:
            ops.insert(0, Delete(the.i))
        yield site(*ops)


# ----------------------------------------------------------------------------- 232 double_obj_order

RECIPIENT_PRONOUNS = frozenset({"me", "him", "her", "us", "them", "you"})
# Verbs of giving and showing, which take two objects (*give him it*); with others (*explain it
# to me*, *return it to them*) the recipient needs its *to*.
DITRANSITIVE_VERBS = frozenset(
    "give send show tell bring hand lend pass offer pay sell teach throw owe".split()
)
THEME_PRONOUNS = frozenset({"it", "them"})


def _pronoun_objects(verb: Token) -> list[tuple[Op, ...]]:
    """Reorderings of two pronoun objects: *give it to me* -> *give me it* / *give it me*;
    *give me it* -> *give it me*."""
    kids = {c.dep_: c for c in children(verb) if c.dep_ in ("dobj", "dative")}
    theme, dative = kids.get("dobj"), kids.get("dative")
    if dative is None:  # "send them to her": the parser may call this "to" a plain prep
        dative = next((c for c in children(verb) if c.dep_ == "prep" and c.lower_ == "to"), None)
    if theme is None or dative is None or theme.lower_ not in THEME_PRONOUNS:
        return []
    if dative.lower_ == "to":  # give it to me
        recip = next((c for c in children(dative) if c.dep_ == "pobj"), None)
        if (recip is None or recip.lower_ not in RECIPIENT_PRONOUNS or recip.lower_ == theme.lower_
                or not theme.i + 1 == dative.i == recip.i - 1 or theme.i != verb.i + 1):
            return []
        return [(Delete(dative.i), Move(recip.i, recip.i + 1, theme.i)), (Delete(dative.i),)]
    if (dative.lower_ in RECIPIENT_PRONOUNS and dative.i == verb.i + 1 and theme.i == dative.i + 1
            and dative.lower_ != theme.lower_):
        return [(Move(theme.i, theme.i + 1, dative.i),)]
    return []


@rule(
    232, "double_obj_order", "Discourse and Word Order",
    deps={"dobj"},
    examples=[
        ("Give it to me.", ["Give me it.", "Give it me."]),
        ("She showed it to them.", ["She showed them it.", "She showed it them."]),
        ("He couldn't give him it.", "He couldn't give it him."),
        ("Why didn't you send them to her?",
         ["Why didn't you send her them?", "Why didn't you send them her?"]),
    ],
    negatives=[
        "Give the book to me.",
        "Give it to the teacher.",
        "I gave my brother a book.",
        "She talked to me about it.",
        "I explained it to him.",
    ],
)
def double_obj_order(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Either order of the objects when both are pronouns: *He couldn't give him it* / *give
    it him*, and the *to*-dative *give it to me* as *give me it* or *give it me*. Only two
    adjacent personal pronouns right after the verb."""
    for theme in index.by_dep.get("dobj", ()):
        verb = theme.head
        if verb.lemma_.lower() not in DITRANSITIVE_VERBS or theme.lower_ not in THEME_PRONOUNS:
            continue
        made = _as_site(_pronoun_objects(verb))
        if made is not None:
            yield made


# ---------------------------------------------------------------------- 234 acomp_focusing_like


def _focused_adjective(adj: Token) -> Token | None:
    """The first word of a predicative adjective phrase after *be* (*was [really big]*)."""
    be = adj.head
    if adj.dep_ != "acomp" or be.lemma_ != "be" or adj.tag_ not in ("JJ",) or adj.i < be.i:
        return None
    first = adj.left_edge
    prev = adj.doc[first.i - 1]
    if prev.lower_ == "like" or prev.dep_ == "neg" and prev.i != be.i + 1:
        return None
    if any(c.dep_ in ("xcomp", "ccomp", "prep") for c in children(adj)):
        return None  # "sure that ...", "able to ...", "afraid of dogs": frames, not focus
    if any(c.dep_ in ("xcomp", "ccomp", "csubj") for c in children(be)):
        return None  # "It's hard to say", "Is it true that ...": the adjective is no focus
    if any(t.lower_ in ("as", "more", "less", "than") for t in adj.subtree):
        return None  # comparisons
    if any(c.dep_ == "neg" for c in children(be)) and first == adj:
        return None  # "is not like satisfied": only a degree word makes room for "like"
    return first


@rule(
    234, "acomp_focusing_like", "Discourse and Word Order",
    deps={"acomp"},
    examples=[
        ("It was really big.", "It was like really big."),
        ("The movie isn't that good.", "The movie isn't like that good."),
        ("Was she happy?", "Was she like happy?"),
        ("I'm so tired, and he's hungry.", "I'm like so tired, and he's like hungry."),
    ],
    negatives=[
        "It was like really big.",
        "He is taller than me.",
        "I'm sure that he left.",
        "She seems happy.",
        "It was a big house.",
        "It's hard to say.",
        "The coach is not satisfied.",
        "The movie is as bad as you have heard.",
    ],
)
def acomp_focusing_like(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """*like* as a focusing device before a predicative adjective: *It was like really big*.
    Plain adjectives after *be* only; comparatives, superlatives and adjectives with a
    complement (*sure that*, *afraid of*) are left alone."""
    for adj in index.by_dep.get("acomp", ()):
        first = _focused_adjective(adj)
        if first is not None:
            yield site(Insert(first.i, "like"))


# ------------------------------------------------------------------------------ 235 quotative_like

OPENING_QUOTES = frozenset({'"', "“", "'", "‘", "``"})


def _quotative(verb: Token) -> Token | None:
    """The subject of *say* / *ask* introducing a direct quote after a comma or colon:
    *She said, "What?"*."""
    doc = verb.doc
    if verb.lemma_.lower() not in ("say", "ask") or verb.tag_ not in ("VBD", "VBZ", "VBP"):
        return None
    if verb.i + 2 >= len(doc) or doc[verb.i + 1].text not in (",", ":"):
        return None
    if doc[verb.i + 2].text not in OPENING_QUOTES:
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
    if subj is None or subj.right_edge.i + 1 != verb.i:
        return None
    if any(t.text in OPENING_QUOTES for t in doc[sentence(verb).start:subj.left_edge.i]):
        return None  # '"I'm coming," she said, "just ...": the verb interrupts a quote
    if any(c.dep_ in ("aux", "neg", "dative", "dobj") for c in children(verb)):
        return None
    return subj


def _be_like(verb: Token, subj: Token) -> str:
    person = person_number(subj)
    if verb.tag_ == "VBD":
        return "was like" if person in ("1s", "3s") else "were like"
    return {"1s": "am like", "3s": "is like"}.get(person, "are like")


SPEAKER_NOUNS = wordlist("human_nouns") | wordlist("person_nouns_wordnet") | {"one", "other"}


def _speaker(subj: Token) -> bool:
    """A person who speaks: a personal pronoun, a name or a people noun (*the lesbian one*)."""
    if subj.tag_ == "PRP":
        return subj.lower_ not in ("it", "this", "that")
    return subj.pos_ == "PROPN" or subj.lemma_.lower() in SPEAKER_NOUNS


def _reported_words(verb: Token) -> list[int] | None:
    """What past *said* reports in speech, told as a quote: a clause right after it (its
    *that* goes: *said that they were busy* -> *was like they were busy*) or an answer
    word (*I said no*). Returns the tokens to delete (the *that*), or None."""
    doc = verb.doc
    if verb.lower_ != "said" or verb.i + 1 >= len(doc):
        return None
    subj = next((c for c in children(verb) if c.dep_ == "nsubj"), None)
    if subj is None or subj.right_edge.i + 1 != verb.i or not _speaker(subj):
        return None  # "The sign said that ...": a text, not a speaker
    if any(c.dep_ in ("aux", "neg") or c.i > verb.i and c.dep_ in ("dative", "dobj", "xcomp", "prep")
           for c in children(verb)):
        return None  # "said nothing", "said thank you to ...", "has said", "never said"
    nxt = doc[verb.i + 1]
    if nxt.tag_ == "UH" and nxt.head == verb:
        return []
    clause = next((c for c in children(verb) if c.dep_ == "ccomp" and c.i > verb.i), None)
    if clause is None or clause.left_edge.i != verb.i + 1 or _subject(clause) is None:
        return None
    mark = clause.left_edge
    if mark.lower_ == "that" and mark.dep_ == "mark":
        return [mark.i]
    return [] if mark.dep_ != "mark" and mark.tag_ not in WH_TAGS else None


@rule(
    235, "quotative_like", "Discourse and Word Order",
    lemmas={"say", "ask"},
    examples=[
        ('She said, "What do you mean?"', 'She was like, "What do you mean?"'),
        ('And then they asked, "Where are you?"', 'And then they were like, "Where are you?"'),
        ("My mom says, 'Go home.'", "My mom is like, 'Go home.'"),
        ('I said: "No way."', 'I was like: "No way."'),
        ("She said that she was tired.", "She was like she was tired."),
        ("When he asked, I said no.", "When he asked, I was like no."),
        ("My cousins said they would not come.", "My cousins were like they would not come."),
        ("My boss said the report is late.", "My boss was like the report is late."),
    ],
    negatives=[
        '"Stop," she said.',
        'He never said, "Sorry."',
        'She told me, "Go home."',
        '"I\'m coming," she said, "just give me a minute."',
        "She said nothing.",
        "The clerk said thank you to the driver.",
        "He didn't say that he was tired.",
        "The sign said that the shop was closed.",
        "They say that it rains a lot here.",
        "She said why she left.",
    ],
)
def quotative_like(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Quotative *be like*: *And she was like "What do you mean?"*. *say*/*ask* introducing a
    direct quote, and past *said* introducing what someone said (*said that they were busy*
    -> *was like they were busy*, *I said no* -> *I was like no*), with the tense and
    agreement of *say* moved to *be*. Not quotes before the verb, verbs with auxiliaries,
    negation or an object, a text that says something (*The sign said ...*), generic
    present *they say*, or reported questions (*said why ...*)."""
    for verb in index.lemma("say", "ask"):
        subj = _quotative(verb)
        if subj is not None:
            yield site(Replace(verb.i, _be_like(verb, subj)))
            continue
        dropped = _reported_words(verb)
        if dropped is not None:
            subj = next(c for c in children(verb) if c.dep_ == "nsubj")
            yield site(Replace(verb.i, _be_like(verb, subj)), *(Delete(i) for i in dropped))
