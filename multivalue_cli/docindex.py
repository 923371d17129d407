"""Per-document indexes, built once per parse, so rules find their sites without scanning.

``index.by_lemma["be"]`` lists the tokens whose lemma is *be* (lower-cased), likewise
``by_tag`` (Penn tags), ``by_pos`` (UPOS) and ``by_dep`` (dependency labels), in document order.
"""
from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


class DocIndex:
    __slots__ = ("doc", "by_lemma", "by_tag", "by_pos", "by_dep", "lemmas", "tags", "deps")

    def __init__(self, doc: "Doc") -> None:
        self.doc = doc
        by_lemma: defaultdict[str, list[Token]] = defaultdict(list)
        by_tag: defaultdict[str, list[Token]] = defaultdict(list)
        by_pos: defaultdict[str, list[Token]] = defaultdict(list)
        by_dep: defaultdict[str, list[Token]] = defaultdict(list)
        for tok in doc:
            by_lemma[tok.lemma_.lower()].append(tok)
            by_tag[tok.tag_].append(tok)
            by_pos[tok.pos_].append(tok)
            by_dep[tok.dep_].append(tok)
        self.by_lemma = dict(by_lemma)
        self.by_tag = dict(by_tag)
        self.by_pos = dict(by_pos)
        self.by_dep = dict(by_dep)
        self.lemmas = frozenset(self.by_lemma)
        self.tags = frozenset(self.by_tag)
        self.deps = frozenset(self.by_dep)

    def lemma(self, *lemmas: str) -> list["Token"]:
        """Tokens with any of these lemmas, in document order."""
        return _merged(self.by_lemma, lemmas)

    def tag(self, *tags: str) -> list["Token"]:
        return _merged(self.by_tag, tags)

    def pos(self, *pos: str) -> list["Token"]:
        return _merged(self.by_pos, pos)

    def dep(self, *deps: str) -> list["Token"]:
        return _merged(self.by_dep, deps)


def _merged(table: dict[str, list["Token"]], keys: tuple[str, ...]) -> list["Token"]:
    if len(keys) == 1:
        return table.get(keys[0], [])
    found = [tok for key in keys for tok in table.get(key, ())]
    found.sort(key=lambda t: t.i)
    return found
