"""Word tokens for fields derived from a rewritten text (Spider's ``question_toks``).

``treebank``: the Penn Treebank conventions of NLTK's ``TreebankWordTokenizer`` (``"`` as
`` `` `` and ``''``, *n't* and *'s* split off), applied sentence by sentence, which is how
Spider made ``question_toks``: on the unchanged questions of the Spider dev set it gives the
dataset's own tokens for 433 of 436 (the other three hold quotes the dataset tokenized
inconsistently).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

TOKENIZERS = ("treebank",)
_SENTENCE_END = re.compile(r"(?<=[.?!])\s+(?=\S)")


@lru_cache(maxsize=1)
def _treebank():
    from nltk.tokenize import TreebankWordTokenizer

    return TreebankWordTokenizer()


def tokenize(text: str, tokenizer: str = "treebank") -> list[str]:
    if tokenizer != "treebank":
        raise ValueError(f"unknown tokenizer {tokenizer!r}; known: {', '.join(TOKENIZERS)}")
    words = _treebank()
    return [token for sentence in _SENTENCE_END.split(text) for token in words.tokenize(sentence)]


@dataclass(frozen=True)
class Rebuild:
    """A field derived from a rewritten text, made again from the new text (Spider's
    ``question_toks`` from ``question``); left as it was where the text did not change."""

    field: str
    source: str
    tokenizer: str = "treebank"

    def make(self, text: str) -> list[str]:
        return tokenize(text, self.tokenizer)

    def as_dict(self) -> dict[str, str]:
        """How the manifest and a task preset describe it (under the field's name)."""
        return {"from": self.source, "tokenizer": self.tokenizer}
