"""Determiner candidates: M:DET (a determiner left out), U:DET (one added), R:DET (one
swapped). Which words, and how likely each, come from the profile (``sites``, ``confusions``,
``unnecessary``)."""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, Sequence

from ..engine.morphology import indefinite_article
from .candidates import Candidate, free_tokens, weighted_choices
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

ARTICLES = frozenset({"the", "a", "an"})
DETERMINER_TAGS = frozenset({"DT", "PRP$", "WDT"})
# A noun with one of these children already has a determiner-like word.
DETERMINED = frozenset({"det", "poss", "predet", "nummod", "quantmod", "case"})
NP_ROLES = frozenset({"nsubj", "nsubjpass", "dobj", "pobj", "attr", "appos", "conj", "oprd"})
NP_START_TAGS = frozenset({"JJ", "JJR", "JJS", "NN", "NNS"})
SINGULAR_ONLY = frozenset({"a", "an", "this", "that"})


def determiner_candidates(doc: "Doc", profile: ErrorProfile, free: set[int],
         tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]:
    """Candidates on the tokens in ``free`` (the unprotected ones; ``tokens``: see
    :func:`.free_tokens`)."""
    confusions = profile.confusions["det"]
    deletable = ARTICLES | set(profile.sites.get("M:DET", ()))
    for tok in free_tokens(doc, free, tokens):
        if tok.dep_ in ("det", "poss") and tok.tag_ in DETERMINER_TAGS and tok.is_alpha:
            low = tok.lower_
            if low in deletable:
                yield Candidate("det", "M:DET", "delete", tok.i, site=profile.site_weight("M:DET", low))
            choices, weights = _replacements(doc, tok, confusions.get(low, {}))
            if choices:
                yield Candidate("det", "R:DET", "replace", tok.i, choices, weights=weights,
                                site=profile.site_weight("R:DET", low))
        anchor = _bare_noun_phrase_start(tok)
        if anchor is not None and anchor in free:
            choices, weights = _added(doc, tok, anchor, profile.unnecessary["det"])
            if choices:
                yield Candidate("det", "U:DET", "insert", anchor, choices, weights=weights)


def _replacements(doc: "Doc", tok: "Token", options: dict[str, float]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The confusions of ``tok``. An article put for another word agrees with the next word
    ("the apple" -> "an apple"); a/an put for an/a is the learner's error itself."""
    following = doc[tok.i + 1].text if tok.i + 1 < len(doc) else ""
    low = tok.lower_
    out: dict[str, float] = {}
    for word, weight in options.items():
        if word in ("a", "an") and low not in ("a", "an") and following[:1].isalpha():
            word = indefinite_article(following)
        out[word] = out.get(word, 0.0) + weight
    return weighted_choices(out, exclude=low)


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


def _added(doc: "Doc", noun: "Token", anchor: int, options: dict[str, float]) -> tuple[tuple[str, ...], tuple[float, ...]]:
    """The determiners a learner may add before this noun phrase: a/an agreeing with its first
    word, and only before a singular noun (as "this" and "that")."""
    article = indefinite_article(doc[anchor].text)
    out: dict[str, float] = {}
    for word, weight in options.items():
        if noun.tag_ == "NNS" and word in SINGULAR_ONLY:
            continue
        word = article if word in ("a", "an") else word
        out[word] = out.get(word, 0.0) + weight
    return weighted_choices(out)
