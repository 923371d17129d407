"""Candidate edits: one operation on one eligible token, proposed from the parse.

Every learner edit touches exactly one token of the clean text (it replaces or deletes the
token, or inserts a word before it), so it adds exactly one to the token-level Levenshtein
distance, and a token, once edited, is frozen: no second candidate anchored on it can apply.
The finders (``determiners``, ``prepositions``, ``verbs``, ``spelling``) propose candidates
with every acceptable replacement; the injector chooses among them with keyed generators.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Kind = Literal["replace", "delete", "insert"]


@dataclass(frozen=True, slots=True)
class Candidate:
    """One possible edit.

    ``token`` is the token the edit claims: the one replaced or deleted, or the one the new
    word is inserted before. ``choices`` are the acceptable new texts (empty for a deletion),
    drawn by ``weights`` (empty: equally likely); ``subtype`` refines the label where the
    profile has shares for it (spelling kinds); ``site`` weighs this token's chance against
    the other candidates of its label (how error-prone learners find the word).
    """

    type: str  # det, prep, verb, spell
    label: str  # ERRANT type, e.g. "R:PREP"
    kind: Kind
    token: int
    choices: tuple[str, ...] = ()
    subtype: str = ""
    weights: tuple[float, ...] = ()
    site: float = 1.0

    def signature(self, token: int | None = None) -> tuple:
        """What makes two candidates the same edit (used to align counterfactual pairs)."""
        return (self.type, self.label, self.kind, self.token if token is None else token,
                self.choices, self.subtype, self.weights, self.site)


def weighted_choices(options: dict[str, float], exclude: str = "") -> tuple[tuple[str, ...], tuple[float, ...]]:
    """``(choices, weights)`` from a map of word weights, without ``exclude``, in a fixed order."""
    kept = [(w, v) for w, v in options.items() if w != exclude and v > 0]
    return tuple(w for w, _ in kept), tuple(v for _, v in kept)


@dataclass(frozen=True, slots=True)
class Chosen:
    """A candidate the injector kept, with the text it chose."""

    candidate: Candidate
    text: str  # new text ("" for a deletion)

    @property
    def token(self) -> int:
        return self.candidate.token

    @property
    def label(self) -> str:
        return self.candidate.label
