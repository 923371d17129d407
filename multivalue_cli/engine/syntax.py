"""Small questions about a parse that many rules ask."""
from __future__ import annotations

from typing import TYPE_CHECKING

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


def subject_of(verb: "Token") -> "Token | None":
    """The subject of ``verb``, or of the verb it is coordinated with when it has none."""
    while True:
        subj = direct_subject(verb)
        if subj is not None or verb.dep_ != "conj":
            return subj
        verb = verb.head


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

