"""Counterfactual pairs for learner errors: a candidate is shared when every member has the
same candidate (same label, operation and replacements) at the aligned position (see
:mod:`multivalue_cli.engine.alignment`); the injector chooses among shared candidates once and maps
the choice onto each member.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from ..engine.alignment import TokenAlignment, align_tokens
from .candidates import Candidate
from .selection import Chosen

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass(frozen=True)
class Alignment(TokenAlignment):
    """A token alignment that can share learner candidates between the members."""

    def shared_candidates(self, per_member: Sequence[Sequence[Candidate]]) -> list[Candidate]:
        """The first member's candidates that every other member has at the aligned token."""
        others = []
        for m, cands in enumerate(per_member[1:], 1):
            others.append({c.signature(self.to_first[m][c.token]) for c in cands
                           if c.token in self.to_first[m]})
        return [c for c in per_member[0] if all(c.signature() in sigs for sigs in others)]

    def to_member(self, chosen: Chosen, m: int) -> Chosen:
        """The first member's edit at member ``m``'s aligned token."""
        if m == 0:
            return chosen
        cand = chosen.candidate
        token = self.from_first[m][cand.token]
        moved = dataclasses.replace(cand, token=token)
        return Chosen(moved, chosen.text)


def align_members(docs: Sequence["Doc"], protected: Sequence[set[int]]) -> Alignment:
    """Align every member to the first (see :func:`multivalue_cli.engine.alignment.align_tokens`)."""
    found = align_tokens(docs, protected)
    return Alignment(found.to_first, found.from_first, found.protected)
