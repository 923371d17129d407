"""Small questions about a parse that many rules ask."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Span, Token

# Subjects, the dummy "there"/"it" included.
SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass", "expl"})
# Subjects that are noun phrases or pronouns (no dummy "there"/"it").
NOMINAL_SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
_TRAILING = ('"', "'", "”", "’", ")")


def direct_subject(verb: "Token") -> "Token | None":
    """The subject among ``verb``'s own dependents."""
    return next((c for c in verb.children if c.dep_ in SUBJECT_DEPS), None)


def subject_of(verb: "Token") -> "Token | None":
    """The subject of ``verb``, or of the verb it is coordinated with when it has none."""
    while True:
        subj = direct_subject(verb)
        if subj is not None or verb.dep_ != "conj":
            return subj
        verb = verb.head


def in_question(tok: "Token") -> bool:
    """Whether ``tok``'s sentence ends in '?'."""
    return ends_with_question_mark(tok.sent)


def ends_with_question_mark(sent: "Span") -> bool:
    """Whether the sentence ends in '?' (closing quotes and brackets aside)."""
    last = [t for t in sent if not t.is_space and t.text not in _TRAILING]
    return bool(last) and last[-1].text == "?"
