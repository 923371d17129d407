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
from collections import defaultdict
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
    __slots__ = ("doc", "by_lemma", "by_tag", "by_pos", "by_dep", "lemmas", "tags", "deps", "protected",
                 "words", "spaces", "offsets", "tag_of", "is_space", "sentence_of")

    def __init__(self, doc: "Doc") -> None:
        self.doc = doc
        by_lemma: defaultdict[str, list[Token]] = defaultdict(list)
        by_tag: defaultdict[str, list[Token]] = defaultdict(list)
        by_pos: defaultdict[str, list[Token]] = defaultdict(list)
        by_dep: defaultdict[str, list[Token]] = defaultdict(list)
        protected: set[int] = set()
        # Plain lists of what rendering reads for every token, so it need not build a Token
        # object per look-up: text, trailing whitespace, offset, tag, is-space, sentence start.
        self.words: list[str] = []
        self.spaces: list[str] = []
        self.offsets: list[int] = []
        self.tag_of: list[str] = []
        self.is_space: list[bool] = []
        self.sentence_of: list[int] = []
        has_sentences = doc.has_annotation("SENT_START")
        sentence = 0
        # per sentence: [words, English function words, symbols, tokens]
        sentence_counts: dict[int, list[int]] = {0: [0, 0, 0, 0]}
        for tok in doc:
            tag = tok.tag_
            by_lemma[tok.lemma_.lower()].append(tok)
            by_tag[tag].append(tok)
            by_pos[tok.pos_].append(tok)
            by_dep[tok.dep_].append(tok)
            if tok.like_url or tok.like_email or _is_symbol(tok):
                protected.add(tok.i)
            if has_sentences and tok.is_sent_start:
                sentence = tok.i
                sentence_counts.setdefault(sentence, [0, 0, 0, 0])
            counts = sentence_counts[sentence]
            counts[3] += 1
            if tok.is_alpha:
                counts[0] += 1
                if tok.lower_ in ENGLISH_FUNCTION_WORDS:
                    counts[1] += 1
            elif not (tok.is_space or tok.like_num) and tok.text not in SENTENCE_PUNCTUATION:
                counts[2] += 1
            self.words.append(tok.text)
            self.spaces.append(tok.whitespace_)
            self.offsets.append(tok.idx)
            self.tag_of.append(tag)
            self.is_space.append(tok.is_space)
            self.sentence_of.append(sentence)
        self.by_lemma = dict(by_lemma)
        self.by_tag = dict(by_tag)
        self.by_pos = dict(by_pos)
        self.by_dep = dict(by_dep)
        self.lemmas = frozenset(self.by_lemma)
        self.tags = frozenset(self.by_tag)
        self.deps = frozenset(self.by_dep)
        self.protected = frozenset(protected | _untrusted_sentences(doc, self.sentence_of, sentence_counts))

    def lemma(self, *lemmas: str) -> list["Token"]:
        """Tokens with any of these lemmas, in document order."""
        return _merged(self.by_lemma, lemmas)

    def tag(self, *tags: str) -> list["Token"]:
        return _merged(self.by_tag, tags)

    def pos(self, *pos: str) -> list["Token"]:
        return _merged(self.by_pos, pos)

    def dep(self, *deps: str) -> list["Token"]:
        return _merged(self.by_dep, deps)


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


def _untrusted_sentences(doc: "Doc", sentence_of: list[int], counts: dict[int, list[int]]) -> set[int]:
    """Tokens of sentences with control characters, that are not English, or that are code."""
    if "\n" in doc.text and _looks_like_code(doc.text):
        return set(range(len(doc)))
    has_control = CONTROL.search(doc.text) is not None
    bad: set[int] = set()
    for start, (words, function_words, symbols, tokens) in counts.items():
        foreign = words >= MIN_WORDS_FOR_LANGUAGE_CHECK and function_words == 0
        code = tokens >= 4 and symbols / tokens > MAX_SYMBOL_SHARE
        if foreign or code:
            bad.add(start)
    if has_control:
        for tok in doc:
            if CONTROL.search(tok.text) or CONTROL.search(tok.whitespace_):
                bad.add(sentence_of[tok.i])
    return {i for i, start in enumerate(sentence_of) if start in bad} if bad else set()


def _merged(table: dict[str, list["Token"]], keys: tuple[str, ...]) -> list["Token"]:
    if len(keys) == 1:
        return table.get(keys[0], [])
    found = [tok for key in keys for tok in table.get(key, ())]
    found.sort(key=lambda t: t.i)
    return found
