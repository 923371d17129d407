"""Candidate edits: one operation on one eligible token, proposed from the parse.

Every learner edit touches exactly one token of the clean text (it replaces or deletes the
token, or inserts a word before it), so it adds exactly one to the token-level Levenshtein
distance, and a token, once edited, is frozen: no second candidate anchored on it can apply.
The finders (:class:`Finder`: ``determiners``, ``prepositions``, ``verbs`` with
``auxiliaries``, ``spelling``, one per error type in :data:`.injector.FINDERS`) propose
candidates with every acceptable replacement; the injector chooses among them with keyed
generators.
"""
from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Iterator, Literal, Protocol, Sequence

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .profile import ErrorProfile

Kind = Literal["replace", "delete", "insert"]


@dataclass(slots=True, unsafe_hash=True)  # immutable by use; a frozen class is 3x as slow to make
class Candidate:
    """One possible edit (never changed once made: :func:`dataclasses.replace` makes another).

    ``token`` is the token the edit claims: the one replaced or deleted, or the one the new
    word is inserted before. ``choices`` are the acceptable new texts (empty for a deletion),
    drawn by ``weights`` (empty: equally likely); ``subtype`` refines the label where the
    profile has shares for it (spelling kinds); ``site`` weighs this token's chance against
    the other candidates of its label (how error-prone learners find the word). A spelling
    candidate has no ``choices`` but the word they are made from (``source``), see
    :func:`.selection.options_of`.
    """

    type: str  # det, prep, verb, spell
    label: str  # ERRANT type, e.g. "R:PREP"
    kind: Kind
    token: int
    choices: tuple[str, ...] = ()
    subtype: str = ""
    weights: tuple[float, ...] = ()
    site: float = 1.0
    source: str = ""

    def signature(self, token: int | None = None) -> tuple:
        """What makes two candidates the same edit (used to align counterfactual pairs), with
        ``token`` in place of its own if given."""
        found = _signature(self)
        return found if token is None else found[:_TOKEN_AT] + (token,) + found[_TOKEN_AT + 1:]


# The fields of :meth:`Candidate.signature`, in its order.
SIGNATURE_FIELDS = ("type", "label", "kind", "token", "choices", "subtype", "weights", "site", "source")
_signature = attrgetter(*SIGNATURE_FIELDS)
_TOKEN_AT = SIGNATURE_FIELDS.index("token")


class Finder(Protocol):
    """What proposes one error type's candidates in a parsed text: on the tokens at the
    positions in ``free`` (the unprotected ones; ``tokens``: the same tokens, see
    :func:`free_tokens`), with the words and weights of ``profile``."""

    def __call__(self, doc: "Doc", profile: "ErrorProfile", free: set[int],
                 tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]: ...


def weighted_choices(options: dict[str, float], exclude: str = "") -> tuple[tuple[str, ...], tuple[float, ...]]:
    """``(choices, weights)`` from a map of word weights, without ``exclude``, in a fixed order."""
    kept = [(w, v) for w, v in options.items() if w != exclude and v > 0]
    return tuple(w for w, _ in kept), tuple(v for _, v in kept)


def weighted_index(weights: Sequence[float], u: float) -> int:
    """The index ``u`` (uniform in [0, 1)) falls on, each index taking its weight's share
    (equal shares when the weights are all zero)."""
    total = sum(weights)
    if total <= 0:
        return min(int(u * len(weights)), len(weights) - 1)
    acc = 0.0
    for k, w in enumerate(weights):
        acc += w / total
        if u < acc:
            return k
    return len(weights) - 1


def free_tokens(doc: "Doc", free: set[int], tokens: "Sequence[Token] | None" = None) -> "Sequence[Token]":
    """The tokens a finder looks at: ``tokens`` (the free ones in document order, made once
    for every finder of a text: spaCy makes a new object each time a token is read), else
    those of ``doc`` at the positions in ``free``."""
    return tokens if tokens is not None else [doc[i] for i in sorted(free)]
