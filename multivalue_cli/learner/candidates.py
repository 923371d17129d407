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
    word is inserted before. ``choices`` are the acceptable new texts (empty for a deletion);
    ``subtype`` refines the label where the profile has shares for it (spelling kinds).
    """

    type: str  # det, prep, verb, spell
    label: str  # ERRANT type, e.g. "R:PREP"
    kind: Kind
    token: int
    choices: tuple[str, ...] = ()
    subtype: str = ""

    def signature(self, token: int | None = None) -> tuple:
        """What makes two candidates the same edit (used to align counterfactual pairs)."""
        return (self.type, self.label, self.kind, self.token if token is None else token,
                self.choices, self.subtype)


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
