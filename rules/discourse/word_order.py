"""Clefts, fronting and the order of words (eWAVE 223, 224, 226, 231, 232): other clefts and
fronting than Standard English, negative inversion, *most* before the matrix head, and
either order of two objects."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Insert, Move, Op, Replace, Site, site
from multivalue_cli.engine.morphology import inflect_verb
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import (
    DEFINITE_DETERMINERS, children, clause_is_negated, direct_subject, negative_noun_phrase,
)
from multivalue_cli.engine.wordlists import wordlist

from .common import as_site, spelt_out, verb_of


def _has_clause_inside(subj: Token) -> bool:
    """A subject with a relative clause; moving a copula past it leaves it stranded at the end
    (*What the names of the teachers who teach math are?*)."""
    return any(t.dep_ in ("relcl", "acl") for t in subj.subtree)


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


def _given(noun: Token) -> bool:
    """Known to the hearer: a personal pronoun, a name, a definite or possessive noun phrase,
    or part of a known set (*a lot of them*, *some of the men*). A cleft puts the predicate
    in focus and leaves the subject as the topic; a new, indefinite subject (*Two
    candidates were debating ...*) is what such a sentence is about to introduce."""
    if noun.tag_ == "PRP" or noun.pos_ == "PROPN":
        return True
    if any(c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS for c in children(noun)):
        return True
    if any(c.dep_ == "poss" and (c.tag_ in ("PRP$", "WP$") or _given(c)) for c in children(noun)):
        return True  # *my brother*, *the boy's dog*; not *a beach community's water*
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


def _starts_main_clause(first: Token, verb: Token, index: DocIndex) -> bool:
    """``first`` starts the sentence, or the second of two contrasted *be* clauses after
    *and/but* (*One was slim and the other was obese*), where the contrast puts the
    predicate in focus (*The cook made a meal and it was very thankful she was* would not)."""
    if first.i == index.sentence_of[first.i]:
        return True
    cc, main = index.tokens[first.i - 1], verb.head
    return (verb.dep_ == "conj" and main.dep_ == "ROOT" and main.lemma_ == "be"
            and cc.dep_ == "cc" and cc.lower_ in ("and", "but") and cc.head == main)


def _predicate_cleft(be: Token, index: DocIndex) -> tuple[Op, ...] | None:
    """The edits that cleft the predicate after *be* (*It's living in Dublin he is*), if it
    can be clefted."""
    verb = verb_of(be)
    subj = direct_subject(verb) if verb is not None else None
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
    if _has_clause_inside(subj) or clause_is_negated(verb):
        return None
    start = be.i + 1
    last = max(t.i for t in pred.subtree if t.i < end)  # the VBG head also holds the full stop
    if (pred.i if pred.tag_ == "VBG" else pred.left_edge.i) != start or last + 1 != end:
        return None
    if any(dep in ("ccomp", "advcl", "relcl", "conj", "cc", "xcomp")
           for dep in index.dep_of[start:end]):
        return None
    if sum(not index.tokens[i].is_punct for i in range(start, end)) > MAX_FOCUS_WORDS:
        return None  # a long predicate is no focus: the sentence would not read as one
    spelt = spelt_out(be)
    if spelt is None:
        return None
    it_be = "it was" if be.tag_ == "VBD" else "it's"
    return (Insert(start, it_be), Move(subj.left_edge.i, be.i + 1, end), *spelt)


@rule(
    "clefting",
    deps={"nsubj", "nsubjpass"},
    examples=[
        ("A lot of them are looking for more land.", "It's looking for more land a lot of them are."),
        ("He's living in Dublin.", "It's living in Dublin he is."),
        ("She was very tired.", "It was very tired she was."),
        ("We left early. My brother is in Boston!", "We left early. It's in Boston my brother is!"),
        ("She bought a new car.", "It was a new car she bought."),
        ("My uncle grows potatoes.", "It's potatoes my uncle grows."),
        ("They sell fresh fish!", "It's fresh fish they sell!"),
        ("He is working in the garden! !", "It's working in the garden he is! !"),
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
        "A neighbour's cat was sleeping on the roof.",
        "The price of houses built near the coast has a long history.",
        "The man standing by the door wants a ticket.",
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
        ops = _predicate_cleft(be, index)
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
    subj = direct_subject(verb)
    end = index.statement_end(verb.i)
    if subj is None or end is None or subj.left_edge.i != index.sentence_of[verb.i]:
        return None
    if subj.right_edge.i + 1 != verb.i or obj.left_edge.i != verb.i + 1 or obj.right_edge.i + 1 != end:
        return None
    if obj.pos_ not in ("NOUN", "PROPN") or not _cleftable_subject(subj) or _has_clause_inside(subj):
        return None  # *The longevity of people living in X has ...*: the subject would trail
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
        c.dep_ == "conj" and c.pos_ == "VERB" and c.i > cc.i and direct_subject(c) is None
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
    subj = direct_subject(verb)
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
    "fronting_pobj",
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

# Negative forms of the auxiliaries that invert before a negative subject; several where
# speakers use more than one (*ain't nobody coming* / *isn't nobody coming*).
NEGATIVE_AUX = {
    "can": ("can't",), "could": ("couldn't",), "will": ("won't",), "would": ("wouldn't",),
    "should": ("shouldn't",), "is": ("ain't", "isn't"), "are": ("ain't", "aren't"),
    "was": ("wasn't",), "were": ("weren't",), "has": ("ain't", "hasn't"),
    "have": ("ain't", "haven't"), "had": ("hadn't",), "does": ("don't", "doesn't"),
    "do": ("don't",), "did": ("didn't",),
}


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
    "negative_inversion",
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
    their own. Needs a negative subject (*nobody*, *no one*, *no* + noun) opening a main
    clause; benchmark prose and questions rarely have one (their *nothing* and *no* are
    objects or sit inside *with no tattoos*)."""
    for subj in index.dep("nsubj", "nsubjpass"):
        if not negative_noun_phrase(subj) or not _clause_initial(subj.left_edge, index):
            continue
        verb = subj.head
        if verb.dep_ not in ("ROOT", "conj") or index.in_question(subj.i) or subj.i > verb.i:
            continue
        if clause_is_negated(verb):
            continue
        made = as_site(_negative_inversion(verb, subj))
        if made is not None:
            yield made


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
    "superlative_before_matrix_head",
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
    superlative adjective). Needs *most* closing a relative clause on its noun (*the
    thing I like most*); benchmark questions put *most* before the noun already (*the
    country with the most car makers*)."""
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
    "double_obj_order",
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
    adjacent personal pronouns right after the verb. Needs both objects pronouns (*give it
    to me*, *show him it*); benchmark prose names at least one of them with a noun."""
    for theme in index.by_dep.get("dobj", ()):
        verb = theme.head
        if verb.lemma_.lower() not in DITRANSITIVE_VERBS or theme.lower_ not in THEME_PRONOUNS:
            continue
        made = as_site(_pronoun_objects(verb))
        if made is not None:
            yield made
