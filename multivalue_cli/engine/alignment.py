"""Counterfactual pairs: align members token by token, so that every stage can give them
identical edits.

Members (two or more texts sharing a pair key, e.g. "He is a nurse." / "She is a nurse.") are
aligned to the first member on their lower-cased token sequences. Tokens outside the equal
blocks - where the members differ - are protected in every member, and so are aligned tokens
protected in any member; afterwards the members still differ exactly where they did.
"""
from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from spacy.tokens import Doc


@dataclass(frozen=True)
class TokenAlignment:
    to_first: list[dict[int, int]]  # per member: its token index -> first member's index
    from_first: list[dict[int, int]]  # per member: first member's index -> its token index
    protected: list[set[int]]  # per member: tokens to protect because of the alignment


def align_tokens(docs: Sequence["Doc"], protected: Sequence[set[int]]) -> TokenAlignment:
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
    return TokenAlignment(to_first, from_first, extra)
