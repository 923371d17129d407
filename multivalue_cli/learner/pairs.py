"""Counterfactual pairs: align members token by token so they can get identical edits.

Members (two or more records sharing a pair key, e.g. "He is a nurse." / "She is a nurse.")
are aligned to the first member on their lower-cased token sequences. Tokens outside the
equal blocks - where the members differ - are protected in every member, and so are aligned
tokens protected in any member. A candidate is shared when every member has the same
candidate (same label, operation and replacements) at the aligned position; the injector
chooses among shared candidates once and maps the choice onto each member.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from .candidates import Candidate, Chosen

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass(frozen=True)
class Alignment:
    to_first: list[dict[int, int]]  # per member: its token index -> first member's index
    from_first: list[dict[int, int]]  # per member: first member's index -> its token index
    protected: list[set[int]]  # per member: tokens to protect because of the alignment

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
        moved = Candidate(cand.type, cand.label, cand.kind, token, cand.choices, cand.subtype)
        return Chosen(moved, chosen.text)


def align_members(docs: Sequence["Doc"], protected: Sequence[set[int]]) -> Alignment:
    """Align every member to the first; see the module docstring."""
    first = [t.lower_ for t in docs[0]]
    to_first: list[dict[int, int]] = [{i: i for i in range(len(docs[0]))}]
    from_first: list[dict[int, int]] = [{i: i for i in range(len(docs[0]))}]
    for doc in docs[1:]:
        tokens = [t.lower_ for t in doc]
        matcher = difflib.SequenceMatcher(None, first, tokens, autojunk=False)
        mapping: dict[int, int] = {}
        for block in matcher.get_matching_blocks():
            for k in range(block.size):
                mapping[block.b + k] = block.a + k
        to_first.append(mapping)
        from_first.append({a: b for b, a in mapping.items()})
    # A first-member token is usable only if every member has it aligned and unprotected.
    usable = set(range(len(docs[0])))
    for m, doc in enumerate(docs):
        usable &= {to_first[m][i] for i in range(len(doc)) if i in to_first[m] and i not in protected[m]}
    extra = []
    for m, doc in enumerate(docs):
        extra.append({i for i in range(len(doc)) if to_first[m].get(i) not in usable})
    return Alignment(to_first, from_first, extra)
