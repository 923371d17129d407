"""Per-document indexes, built once per parse, so rules find their sites without scanning.

``index.by_lemma["be"]`` lists the tokens whose lemma is *be* (lower-cased), likewise
``by_tag`` (Penn tags), ``by_pos`` (UPOS) and ``by_dep`` (dependency labels), in document order.

``index.protected`` holds tokens no edit may touch: URLs and e-mail addresses, and every token
of a sentence the rules cannot be trusted on - one with control characters, one that does not
read as English (no common English function words), or one that reads as code (mostly symbols);
and symbols such as emoji, which the tagger takes for words.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
# Closed-class words found in nearly every English sentence of four words or more.
ENGLISH_FUNCTION_WORDS = frozenset(
    "the a an is are was were be been am to of and in on at for with it he she they we you i me "
    "him her them us this that these those not do does did have has had will would can could "
    "should may might must what who whom which where when why how my your his their our its "
    "there as by from or but if so than then no yes all some any".split()
)
MIN_WORDS_FOR_LANGUAGE_CHECK = 4
MAX_SYMBOL_SHARE = 0.35  # above this share of symbol tokens a sentence is taken for code
SENTENCE_PUNCTUATION = frozenset(".,?!'\"")


class DocIndex:
    __slots__ = ("doc", "text", "by_lemma", "by_tag", "by_pos", "by_dep", "lemmas", "tags", "deps",
                 "protected", "words", "spaces", "offsets", "tag_of", "is_space", "sentence_of",
                 "_merged")

    def __init__(self, doc: "Doc") -> None:
        self.doc = doc
        self.text = doc.text  # spaCy joins the tokens anew on every doc.text
        by_lemma: dict[str, list[Token]] = {}
        by_tag: dict[str, list[Token]] = {}
        by_pos: dict[str, list[Token]] = {}
        by_dep: dict[str, list[Token]] = {}
        protected: set[int] = set()
        # Plain lists of what rendering reads for every token, so it need not build a Token
        # object per look-up: text, trailing whitespace, offset, tag, is-space, sentence start.
        words: list[str] = []
        spaces: list[str] = []
        offsets: list[int] = []
        tag_of: list[str] = []
        is_space: list[bool] = []
        sentence_of: list[int] = []
        has_sentences = doc.has_annotation("SENT_START")
        sentence = 0
        # per sentence: [words, English function words, symbols, tokens]
        counts = [0, 0, 0, 0]
        sentence_counts: dict[int, list[int]] = {0: counts}
        word_classes = _WORD_CLASSES
        for tok in doc:
            tag = tok.tag_
            by_lemma.setdefault(tok.lemma_.lower(), []).append(tok)
            by_tag.setdefault(tag, []).append(tok)
            by_pos.setdefault(tok.pos_, []).append(tok)
            by_dep.setdefault(tok.dep_, []).append(tok)
            word = tok.orth
            found = word_classes.get(word)
            if found is None:
                found = _word_class(tok)
                if len(word_classes) > MAX_CACHED_WORDS:
                    word_classes.clear()
                word_classes[word] = found
            text, space_token, kind, protect = found
            if protect:
                protected.add(tok.i)
            if has_sentences and tok.is_sent_start and tok.i:
                sentence = tok.i
                counts = sentence_counts[sentence] = [0, 0, 0, 0]
            counts[3] += 1
            if kind is not None:
                counts[kind] += 1
                if kind == FUNCTION_WORD:
                    counts[WORD] += 1
            words.append(text)
            spaces.append(tok.whitespace_)
            offsets.append(tok.idx)
            tag_of.append(tag)
            is_space.append(space_token)
            sentence_of.append(sentence)
        self.words, self.spaces, self.offsets = words, spaces, offsets
        self.tag_of, self.is_space, self.sentence_of = tag_of, is_space, sentence_of
        self.by_lemma = by_lemma
        self.by_tag = by_tag
        self.by_pos = by_pos
        self.by_dep = by_dep
        self.lemmas = by_lemma.keys()
        self.tags = by_tag.keys()
        self.deps = by_dep.keys()
        self._merged: dict[tuple, list[Token]] = {}
        untrusted = _untrusted_sentences(self, sentence_counts)
        self.protected = frozenset(protected | untrusted if untrusted else protected)

    def lemma(self, *lemmas: str) -> list["Token"]:
        """Tokens with any of these lemmas, in document order."""
        return self._lookup(self.by_lemma, lemmas)

    def tag(self, *tags: str) -> list["Token"]:
        return self._lookup(self.by_tag, tags)

    def pos(self, *pos: str) -> list["Token"]:
        return self._lookup(self.by_pos, pos)

    def dep(self, *deps: str) -> list["Token"]:
        return self._lookup(self.by_dep, deps)

    def _lookup(self, table: dict[str, list["Token"]], keys: tuple[str, ...]) -> list["Token"]:
        if len(keys) == 1:
            return table.get(keys[0], [])
        cache_key = (id(table), keys)  # many rules ask for the same tag sets
        found = self._merged.get(cache_key)
        if found is None:
            found = self._merged[cache_key] = _merged(table, keys)
        return found


# What the per-sentence counts record of a word (positions in a sentence's counts list).
WORD, FUNCTION_WORD, SYMBOL = 0, 1, 2
MAX_CACHED_WORDS = 200_000
# orth id -> (text, is a space token, count kind or None, protected on its own)
_WORD_CLASSES: dict[int, tuple[str, bool, int | None, bool]] = {}


def _word_class(tok: "Token") -> tuple[str, bool, int | None, bool]:
    """What the index needs of a word type; cached per vocabulary entry, as it depends on the
    word's text alone."""
    text = tok.text
    protect = tok.like_url or tok.like_email or _is_symbol(tok)
    if tok.is_alpha:
        kind: int | None = FUNCTION_WORD if tok.lower_ in ENGLISH_FUNCTION_WORDS else WORD
    elif not (tok.is_space or tok.like_num) and text not in SENTENCE_PUNCTUATION:
        kind = SYMBOL
    else:
        kind = None
    return text, tok.is_space, kind, protect


def _is_symbol(tok: "Token") -> bool:
    """Emoji and other symbols, which the tagger takes for nouns or adjectives."""
    return not (tok.is_alpha or tok.is_punct or tok.is_space or tok.like_num) and not any(
        ch.isalnum() for ch in tok.text)


CODE_LINE_ENDINGS = (":", ";", "{", "}", ")", "]")


def _looks_like_code(text: str) -> bool:
    """Several lines, most of them indented or ending like statements (``:``, ``;``, ``{``)."""
    lines = [line.rstrip() for line in text.splitlines() if line.strip()]
    if len(lines) < 2:
        return False
    code_like = sum(1 for line in lines if line.endswith(CODE_LINE_ENDINGS) or line[:1] in " \t")
    return code_like * 2 >= len(lines)


def _untrusted_sentences(index: DocIndex, counts: dict[int, list[int]]) -> set[int]:
    """Tokens of sentences with control characters, that are not English, or that are code."""
    text, sentence_of = index.text, index.sentence_of
    if "\n" in text and _looks_like_code(text):
        return set(range(len(sentence_of)))
    bad: set[int] = set()
    for start, (words, function_words, symbols, tokens) in counts.items():
        foreign = words >= MIN_WORDS_FOR_LANGUAGE_CHECK and function_words == 0
        code = tokens >= 4 and symbols / tokens > MAX_SYMBOL_SHARE
        if foreign or code:
            bad.add(start)
    if CONTROL.search(text) is not None:
        for i, (word, space) in enumerate(zip(index.words, index.spaces)):
            if CONTROL.search(word) or CONTROL.search(space):
                bad.add(sentence_of[i])
    return {i for i, start in enumerate(sentence_of) if start in bad} if bad else set()


def _merged(table: dict[str, list["Token"]], keys: tuple[str, ...]) -> list["Token"]:
    if len(keys) == 1:
        return table.get(keys[0], [])
    found = [tok for key in keys for tok in table.get(key, ())]
    found.sort(key=lambda t: t.i)
    return found
