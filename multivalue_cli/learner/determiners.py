"""Determiner candidates: M:DET (an article left out), U:DET (one added), R:DET (one swapped)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator

from ..morphology import indefinite_article
from .candidates import Candidate
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

ARTICLES = frozenset({"the", "a", "an"})
# A noun with one of these children already has a determiner-like word.
DETERMINED = frozenset({"det", "poss", "predet", "nummod", "quantmod", "case"})
NP_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "appos", "conj", "oprd"})
NP_START_TAGS = frozenset({"JJ", "JJR", "JJS", "NN", "NNS"})


def find(doc: "Doc", profile: ErrorProfile, free: set[int]) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones)."""
    confusions = profile.confusions["det"]
    for tok in doc:
        if tok.i not in free:
            continue
        if tok.dep_ == "det" and tok.tag_ == "DT":
            low = tok.lower_
            if low in ARTICLES:
                yield Candidate("det", "M:DET", "delete", tok.i)
            choices = _replacements(doc, tok, confusions.get(low, ()))
            if choices:
                yield Candidate("det", "R:DET", "replace", tok.i, choices)
        anchor = _bare_noun_phrase_start(tok)
        if anchor is not None and anchor in free:
            yield Candidate("det", "U:DET", "insert", anchor, _added_articles(doc, tok, anchor))


def _replacements(doc: "Doc", tok: "Token", options: tuple[str, ...]) -> tuple[str, ...]:
    """The confusions of ``tok``, with a/an agreeing with the next word (a wrong article,
    not a wrong a/an, is the error here)."""
    following = doc[tok.i + 1].text if tok.i + 1 < len(doc) else ""
    out: list[str] = []
    for word in options:
        if word in ("a", "an") and following[:1].isalpha():
            word = indefinite_article(following)
        if word != tok.lower_ and word not in out:
            out.append(word)
    return tuple(out)


def _bare_noun_phrase_start(noun: "Token") -> int | None:
    """Where an unnecessary article could go: the first word of a common-noun phrase that has
    no determiner, possessor or number ("the life is hard", "the people say")."""
    if noun.tag_ not in ("NN", "NNS") or noun.dep_ not in NP_ROLES:
        return None
    if any(child.dep_ in DETERMINED for child in noun.children):
        return None
    start = noun.left_edge
    if start.i > noun.i or start.tag_ not in NP_START_TAGS:
        return None
    if start.i > 0 and start.nbor(-1).tag_ in ("DT", "PRP$", "POS", "CD"):
        return None
    return start.i


def _added_articles(doc: "Doc", noun: "Token", anchor: int) -> tuple[str, ...]:
    if noun.tag_ == "NN":
        return ("the", indefinite_article(doc[anchor].text))
    return ("the",)
