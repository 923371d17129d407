"""Small questions about a parse that rules of several categories ask: a clause's subject and
negation, its own tokens, definite and negative noun phrases, coordination, questions."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from .docindex import QUESTION_TRAILING, index_of
from .wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

# Subjects, the dummy "there"/"it" included.
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
# Subjects that are noun phrases or pronouns (no dummy "there"/"it").
NOMINAL_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})


def direct_subject(verb: "Token") -> "Token | None":
    """The subject among ``verb``'s own dependents."""
    return next((c for c in children(verb) if c.dep_ in SUBJECT_DEPS), None)


def nominal_subject(verb: "Token") -> "Token | None":
    """The noun phrase or pronoun subject among ``verb``'s own dependents (not a dummy
    *there*/*it*)."""
    return next((c for c in children(verb) if c.dep_ in NOMINAL_SUBJECT_DEPS), None)


def subject_of(verb: "Token") -> "Token | None":
    """The subject of ``verb``, or of the verb it is coordinated with when it has none."""
    while True:
        subj = direct_subject(verb)
        if subj is not None or verb.dep_ != "conj":
            return subj
        verb = verb.head


# Verb tags that carry tense (a finite verb or auxiliary).
FINITE_TAGS = frozenset({"VBD", "VBZ", "VBP", "MD"})


def finite_clause(verb: "Token") -> bool:
    """Whether ``verb`` heads a tensed clause (*he left*, *that they will come*), not an
    infinitive or participle (*I consider him to be a friend*, *him being late*), whose subject
    is really the object of the verb above it."""
    auxiliaries = [c for c in children(verb) if c.dep_ in ("aux", "auxpass")]
    if any(a.tag_ == "TO" for a in auxiliaries):
        return False
    return verb.tag_ in FINITE_TAGS or any(a.tag_ in FINITE_TAGS for a in auxiliaries)


# The clitic forms of *not*.
CONTRACTED_NOT = frozenset({"n't", "n’t"})


def bare_adjective(subj: "Token") -> bool:
    """A subject that is an adjective with no determiner (*Nice of the jerk who ... checked*,
    *Normans (... French: Normands) were*): no noun phrase, so the parser has misread the
    clause; *the rich* is a noun phrase."""
    return subj.pos_ == "ADJ" and not any(c.dep_ == "det" for c in children(subj))


def absolute_participle(verb: "Token") -> bool:
    """*with his eyes closed*, *without a word said*: a participle after *with/without* and its
    noun, which the parser may take for a past tense with that noun for subject."""
    if verb.dep_ == "pcomp" and verb.head.lower_ in ("with", "without"):
        return True
    return any(c.dep_ == "mark" and c.lower_ in ("with", "without") for c in children(verb))


def object_of_imperative_as_subject(verb: "Token") -> bool:
    """Whether ``verb``'s subject is really the object of a sentence-initial imperative with
    no object of its own (*Find the number of concerts happened in ...*, *List the episodes of
    all series showed on ...*): ``verb`` is then a participle in a reduced relative clause,
    which the parser took for a past tense with that noun (or the imperative) for subject. A
    personal pronoun takes no reduced relative: *remember you promised* is a clause."""
    subj = direct_subject(verb)
    first = sentence(verb)[0]
    if subj is None or subj.i > verb.i or first.tag_ != "VB" or any(
            c.dep_ == "mark" for c in children(verb)):
        return False  # *remember that the trains left*: a clause
    if not (first.i == verb.head.i or first.head.i == verb.i):
        return False
    if subj.i == first.i:
        return True  # *Count the pupils enrolled in ...*: the imperative itself as subject
    return first.i < subj.left_edge.i and subj.tag_ != "PRP" and not any(
        c.dep_ in ("dobj", "dative", "nsubj", "nsubjpass", "expl", "aux") for c in children(first))


def negation_after(word: "Token") -> "Token | None":
    """The *not*/*n't* standing right after ``word`` as its negation (*isn't*, *was not*,
    *didn't*), if any. A clitic *n't* counts whatever the parser calls it (it misreads the
    curly *n’t*); a *not* only when parsed as a negation (not *not only ... but*)."""
    if word.i + 1 >= len(word.doc):
        return None
    nxt = word.nbor(1)
    if nxt.lower_ in CONTRACTED_NOT or (nxt.lower_ == "not" and nxt.dep_ == "neg"):
        return nxt
    return None


def clause_is_negated(verb: "Token") -> bool:
    """Whether a negation (*not*, *n't*, *never*) is among ``verb``'s dependents: the clause
    it heads is negated, wherever the negation stands (*did not go*, *never really went*)."""
    return any(c.dep_ == "neg" for c in children(verb))


# Dependents that open a clause of their own (whose tokens are not the governing clause's).
EMBEDDED_CLAUSE_DEPS = frozenset(
    {"advcl", "ccomp", "xcomp", "relcl", "acl", "csubj", "csubjpass", "parataxis", "conj", "pcomp"}
)


def clause_tokens(verb: "Token") -> Iterator["Token"]:
    """The tokens of ``verb``'s own clause: its subtree without embedded clauses."""
    for child in children(verb):
        if child.dep_ in EMBEDDED_CLAUSE_DEPS:
            continue
        yield child
        yield from clause_tokens(child)


DEFINITE_DETERMINERS = frozenset({"the", "this", "that", "these", "those"})
# Pronouns that introduce a new or unspecified referent (*something*, *nobody*, *lots*).
INDEFINITE_PRONOUNS = frozenset({
    "something", "someone", "somebody", "anything", "anyone", "anybody", "nothing", "nobody",
    "no-one", "everything", "everyone", "everybody", "one", "lots", "plenty", "much", "many",
    "none", "little", "few",
})


def definite_noun_phrase(noun: "Token") -> bool:
    """A name, a pronoun that is not indefinite (*she*, not *something*), or a noun with a
    possessor or a definite determiner (*my car*, *the bus*, *those people*): a known thing."""
    if noun.pos_ in ("PROPN", "PRON") and noun.lower_ not in INDEFINITE_PRONOUNS:
        return True
    return any(c.dep_ == "poss" or (c.dep_ == "det" and c.lower_ in DEFINITE_DETERMINERS)
               for c in children(noun))


NEGATIVE_PRONOUNS = frozenset({"nobody", "nothing", "none", "no-one", "noone"})


def negative_noun_phrase(noun: "Token") -> bool:
    """*nobody*, *nothing*, *none (of them)*, *no one*, *no student(s)*."""
    return noun.lower_ in NEGATIVE_PRONOUNS or any(
        c.dep_ == "det" and c.lower_ == "no" for c in children(noun))


# Words that need a negation or a question to stand in (*Does anyone know?*, *Are we there
# yet?*, *Have you ever ...?*): the any-words, *ever* and *yet*.
NEGATIVE_POLARITY_WORDS = frozenset({
    "any", "anyone", "anybody", "anything", "anywhere", "anymore", "ever", "yet",
})


def negative_polarity_item(tok: "Token") -> bool:
    """A word that only a negation or a question licenses (*anyone*, *any*, *ever*, *yet*,
    *at all*): a question that holds one is open, and the same words in a statement are
    ungrammatical (*Anyone knows where it is*). Not *any* as a degree word before a
    comparative (*any better* is fine in a statement too: *it isn't any better* aside, *if
    it gets any better*), which is rare in questions anyway; *at all* is its *all*."""
    low = tok.lower_
    if low in NEGATIVE_POLARITY_WORDS:
        return True
    return low == "all" and tok.i > 0 and tok.doc[tok.i - 1].lower_ == "at"


def lexically_capitalised(tok: "Token") -> bool:
    """A capital that is not there because the word starts the sentence (names, titles)."""
    return tok.text[:1].isupper() and not tok.is_sent_start


def first_conjunct(tok: "Token") -> "Token":
    """The first member of a coordination (its dependency label is the phrase's role)."""
    while tok.dep_ == "conj" and tok.head.i != tok.i:
        tok = tok.head
    return tok


def in_question(tok: "Token") -> bool:
    """Whether ``tok``'s sentence ends in '?' (closing quotes and brackets aside)."""
    index = index_of(tok.doc)
    if index is not None:
        return index.in_question(tok.i)
    return ends_with_question_mark(tok.sent)


def ends_with_question_mark(sent: "Span") -> bool:
    """Whether the sentence ends in '?' (closing quotes and brackets aside)."""
    index = index_of(sent.doc)
    if index is not None and len(sent) and index.sentence_of[sent.start] == sent.start \
            and index.sentence_end(sent.start) == sent.end:
        return index.in_question(sent.start)
    last = [t for t in sent if not t.is_space and t.text not in QUESTION_TRAILING]
    return bool(last) and last[-1].text == "?"


def children(tok: "Token") -> list["Token"]:
    """``tok``'s children in document order (from the engine's index when there is one)."""
    index = index_of(tok.doc)
    return index.children(tok.i) if index is not None else list(tok.children)


def sentence(tok: "Token") -> "Span":
    """``tok``'s sentence (from the engine's index when there is one)."""
    index = index_of(tok.doc)
    return index.sentence(tok.i) if index is not None else tok.sent


def morph_values(tok: "Token", field: str) -> list[str]:
    """The values of one morphological feature of ``tok`` (as ``tok.morph.get(field)``)."""
    index = index_of(tok.doc)
    return index.morph_values(tok.i, field) if index is not None else tok.morph.get(field)


# Dependents that show an -ing form is a verb with its complement, not a predicative adjective.
VERBAL_COMPLEMENT_DEPS = frozenset({"dobj", "dative", "prep", "prt", "xcomp", "ccomp", "advcl",
                                    "npadvmod", "oprd", "advmod"})
# Degree words that modify adjectives as well as verbs (*very moving*, *so boring*).
DEGREE_WORDS = frozenset("very so too quite pretty really truly deeply extremely".split())


def maybe_ing_adjective(tok: "Token") -> bool:
    """*the story is moving*, *the news is worrying*: an -ing word that is also an adjective,
    with no complement that would show it to be a verb (degree adverbs such as *very* do not
    count), so *be* before it may be a copula rather than the progressive auxiliary."""
    if tok.lower_ not in wordlist("ing_adjectives"):
        return False
    return not any(c.dep_ in VERBAL_COMPLEMENT_DEPS and c.lower_ not in DEGREE_WORDS
                   for c in children(tok))


# Contracted auxiliaries and their full forms by lemma ('d is left out: had, would and did are
# all possible).
FULL_FORMS = {"'s": {"be": "is", "have": "has"}, "'re": {"be": "are"}, "'m": {"be": "am"},
              "'ve": {"have": "have"}, "'ll": {"will": "will"}}


def full_form(aux: "Token") -> str | None:
    """The full form of a contracted auxiliary (*'s* -> *is* or *has*, by its lemma), needed
    where the clitic loses its host; None when it is uncertain (*'s* before a participle may
    be *is* or *has*, and *'d* is *had*, *would* or *did*) or ``aux`` is no clitic."""
    forms = FULL_FORMS.get(aux.lower_.replace("’", "'"))
    if forms is None or aux.lower_ in ("'s", "’s") and aux.head.tag_ == "VBN":
        return None
    return forms.get(aux.lemma_.lower())



# Verbs that take an object and a past participle after it (*get it done*, *have the car
# fixed*, *want it finished*), never a finite clause: a "past" the parser gives them as a
# clause with that object for subject is the participle.
OBJECT_PARTICIPLE_VERBS = frozenset("get have keep leave want need make watch".split())


def participle_after_object(verb: "Token") -> bool:
    """*getting rick rolled*, *had his car stolen*: a past participle after the object of
    *get/have/keep/want/...*, which the parser took for a past tense (``verb``) in a clause of
    its own with that object for subject. A clause with a conjunction or a nominative pronoun
    for subject (*keep in mind that he left*) is a real one, and so is one whose subject does
    not follow the verb at once (*I had a barbecue and my neighbours talked*)."""
    head = verb.head
    if verb.dep_ not in ("ccomp", "xcomp", "oprd") or head.lemma_.lower() not in OBJECT_PARTICIPLE_VERBS:
        return False
    if head.i > verb.i or any(c.dep_ == "mark" for c in children(verb)):
        return False
    subj = direct_subject(verb)
    if subj is None:
        return True
    return subj.left_edge.i == head.i + 1 and subj.lower_ not in ("i", "he", "she", "we", "they")


def subject_gap_complement(verb: "Token") -> "Token | None":
    """The finite clause complement of ``verb`` whose subject has been moved out of it (*a
    fact that everyone knows __ is true*, *what do we know __ will happen*, *a suspect who he
    believed __ was involved*), if any: a ``ccomp`` after ``verb`` with no conjunction of its
    own, whose subject is missing or stands before ``verb`` (the parser hangs a moved *what*
    or *who* on the clause it came from). ``verb`` is then a bridge the moved phrase crosses,
    and its own form stands right before the gap."""
    for child in children(verb):
        if child.dep_ != "ccomp" or child.i < verb.i or not finite_clause(child):
            continue
        if any(c.dep_ == "mark" for c in children(child)):
            continue
        subj = direct_subject(child)
        if subj is None or subj.i < verb.i:
            return child
    return None
