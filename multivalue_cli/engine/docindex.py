"""Per-document indexes, built once per parse, so rules find their sites without scanning.

``index.by_lemma["be"]`` lists the tokens whose lemma is *be* (lower-cased), likewise
``by_tag`` (Penn tags), ``by_pos`` (UPOS) and ``by_dep`` (dependency labels), in document order;
``index.form("me", "us")`` the tokens written so (lower-cased).

``index.protected`` holds tokens no edit may touch: URLs and e-mail addresses, quoted titles
(*the episode "A Love of a Lifetime"*: a name, whose articles are not the speaker's) and
quoted mentions (*the phrase "the whole nine yards"*: a quoted phrase with no finite verb), and
every token of a sentence the rules cannot be trusted on - one with control characters, one
that does not read as English (no common English function words), or one that reads as code
(mostly symbols); and symbols such as emoji, which the tagger takes for words.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from spacy.tokens import Doc, Span, Token

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
# Closing quotes and brackets that may follow a sentence's final '?'.
QUESTION_TRAILING = frozenset({'"', "'", "”", "’", ")"})


# While the engine applies rules to a document, its index is here in ``doc.user_data``, so shared
# helpers that are handed only a Token can use it (see :func:`index_of`).
INDEX_KEY = "multivalue.index"


def index_of(doc: "Doc") -> "DocIndex | None":
    """The index the engine built for ``doc`` while it applies rules to it, else None."""
    return doc.user_data.get(INDEX_KEY)


class DocIndex:
    """Lists built in one pass over the parse: per key (``by_lemma`` etc.), and per token
    position (``tokens``, ``words``, ``lemma_of``, ``head_of``, ...), so rules and rendering
    read plain Python lists instead of creating a spaCy ``Token`` on every ``doc[i]``."""

    __slots__ = ("doc", "text", "tokens", "by_lemma", "by_tag", "by_pos", "by_dep", "lemmas", "tags",
                 "deps", "protected", "words", "spaces", "offsets", "tag_of", "lemma_of", "pos_of",
                 "dep_of", "head_of", "morph_of", "is_space", "sentence_of", "_merged", "_questions",
                 "_children", "_child_positions", "_sentences", "_sentence_ends", "_by_form",
                 "_lower", "_form_questions")

    def __init__(self, doc: "Doc") -> None:
        self.doc = doc
        tokens = self.tokens = list(doc)
        n = len(tokens)
        # One to_array call reads every attribute the index needs (spaCy would otherwise build a
        # Token object and look up a string per attribute and token).
        if not _ATTRS:
            _load_attributes()
        columns = doc.to_array(_ATTRS).T.tolist() if n else [[] for _ in _ATTRS]
        orths, lemma_ids, tag_ids, pos_ids, dep_ids, offsets, heads, starts, trailing, morphs = columns
        store = doc.vocab.strings
        words = _strings(orths, _STRINGS, store)
        lemma_of = _strings(lemma_ids, _LOWER_LEMMAS, store, str.lower)
        tag_of = _strings(tag_ids, _STRINGS, store)
        dep_of = _strings(dep_ids, _STRINGS, store)
        pos_of = list(map(_POS_NAMES.__getitem__, pos_ids))
        spaces = [" " if s else "" for s in trailing]
        # HEAD is the offset to the head, stored unsigned: read it back as a signed number.
        head_of = [i + (h - _WRAP if h >= _HALF else h) for i, h in enumerate(heads)]
        self.text = "".join([w + s for w, s in zip(words, spaces)])  # as doc.text, without Tokens
        by_lemma: dict[str, list[Token]] = {}
        by_tag: dict[str, list[Token]] = {}
        by_pos: dict[str, list[Token]] = {}
        by_dep: dict[str, list[Token]] = {}
        for tok, lemma, tag, pos, dep in zip(tokens, lemma_of, tag_of, pos_of, dep_of):
            by_lemma.setdefault(lemma, []).append(tok)
            by_tag.setdefault(tag, []).append(tok)
            by_pos.setdefault(pos, []).append(tok)
            by_dep.setdefault(dep, []).append(tok)
        protected: set[int] = set()
        is_space: list[bool] = []
        sentence_of: list[int] = []
        has_sentences = doc.has_annotation("SENT_START")
        sentence = 0
        # per sentence: [words, English function words, symbols, tokens]
        counts = [0, 0, 0, 0]
        sentence_counts: dict[int, list[int]] = {0: counts}
        word_classes = _WORD_CLASSES
        for i, word in enumerate(orths):
            found = word_classes.get(word)
            if found is None:
                found = _word_class(tokens[i])
                if len(word_classes) > MAX_CACHED_WORDS:
                    word_classes.clear()
                word_classes[word] = found
            space_token, kind, protect = found
            if protect:
                protected.add(i)
            if has_sentences and i and starts[i] == 1:
                sentence = i
                counts = sentence_counts[sentence] = [0, 0, 0, 0]
            counts[3] += 1
            if kind is not None:
                counts[kind] += 1
                if kind == FUNCTION_WORD:
                    counts[WORD] += 1
            is_space.append(space_token)
            sentence_of.append(sentence)
        self.words, self.spaces, self.offsets = words, spaces, offsets
        self.tag_of, self.lemma_of, self.pos_of, self.dep_of = tag_of, lemma_of, pos_of, dep_of
        self.head_of, self.is_space, self.sentence_of = head_of, is_space, sentence_of
        self.morph_of = morphs  # hashes of the morphological analyses (see morph_values)
        self._children: list[list[Token]] | None = None
        self._child_positions: list[list[int]] | None = None
        self._sentences: dict[int, Span] = {}
        self._sentence_ends: dict[int, int] | None = None
        self.by_lemma = by_lemma
        self.by_tag = by_tag
        self.by_pos = by_pos
        self.by_dep = by_dep
        self.lemmas = by_lemma.keys()
        self.tags = by_tag.keys()
        self.deps = by_dep.keys()
        self._merged: dict[tuple, list[Token]] = {}
        self._questions: dict[int, bool] = {}
        self._by_form: dict[str, list[Token]] | None = None
        self._lower: list[str] | None = None
        self._form_questions = 0
        untrusted = _untrusted_sentences(self, sentence_counts)
        if '"' in self.text or "'" in self.text or "“" in self.text or "‘" in self.text:
            protected |= _quoted_titles(self)
        self.protected = frozenset(protected | untrusted if untrusted else protected)

    def children(self, i: int) -> list["Token"]:
        """Token ``i``'s syntactic children in document order (as ``Token.children``, which
        builds every child anew on each call). The list is shared: do not change it."""
        found = self._children
        if found is None:
            tokens = self.tokens
            found = self._children = [[tokens[c] for c in kids] for kids in self._child_lists()]
        return found[i]

    def child_positions(self, i: int) -> list[int]:
        """The positions of token ``i``'s children, in document order (shared: do not change)."""
        return self._child_lists()[i]

    def _child_lists(self) -> list[list[int]]:
        found = self._child_positions
        if found is None:
            found = self._child_positions = [[] for _ in self.head_of]
            for child, head in enumerate(self.head_of):
                if head != child:
                    found[head].append(child)
        return found

    def in_subtree(self, i: int, root: int) -> bool:
        """Whether token ``i`` is ``root`` or one of its descendants (read off the head links,
        as ``Token.ancestors`` would, without building the subtree)."""
        head_of = self.head_of
        for _ in range(len(head_of)):  # a parse is a tree; the bound only guards against a cycle
            if i == root:
                return True
            head = head_of[i]
            if head == i:
                return False
            i = head
        return False

    def subtree_positions(self, i: int) -> list[int]:
        """The positions of token ``i``'s subtree, in no particular order (``Token.subtree``
        would build a Token for each)."""
        found, stack = [], [i]
        while stack:
            j = stack.pop()
            found.append(j)
            stack.extend(self._child_lists()[j])
        return found

    def sentence(self, i: int) -> "Span":
        """Token ``i``'s sentence (as ``Token.sent``, which searches for its bounds each time)."""
        start = self.sentence_of[i]
        found = self._sentences.get(start)
        if found is None:
            found = self._sentences[start] = self.doc[start:self.sentence_end(i)]
        return found

    def morph_values(self, i: int, field: str) -> list[str]:
        """The values of a morphological feature of token ``i`` (as ``Token.morph.get``)."""
        features = _MORPH_FEATURES.get(self.morph_of[i])
        if features is None:
            features = _morph_features(self.morph_of[i], self.tokens[i])
        return list(features.get(field, ()))

    def sentence_end(self, i: int) -> int:
        """One past the last token of token ``i``'s sentence."""
        ends = self._sentence_ends
        if ends is None:
            ends = self._sentence_ends = {}
            sentence_of = self.sentence_of
            for k, start in enumerate(sentence_of):
                ends[start] = k + 1
        return ends[self.sentence_of[i]]

    def statement_end(self, i: int) -> int | None:
        """The position of the final . or ! of token ``i``'s sentence (None for questions and
        sentences without final punctuation); of a run of them (*! !*, *?!*), the first, so
        that what closes the clause goes before the whole run."""
        last = self._last_word(i)
        if last is None or self.words[last] not in (".", "!"):
            return None
        return self.final_punct_run(i)

    def final_punct_run(self, i: int) -> int | None:
        """The first of the run of . ! ? that closes token ``i``'s sentence (*? ? ?*, *?!*,
        *! !*; spaces between them aside), or None if the sentence does not end in one."""
        words, is_space = self.words, self.is_space
        last = self._last_word(i)
        if last is None or words[last] not in TERMINAL_PUNCT:
            return None
        first = last
        for j in range(last - 1, self.sentence_of[i] - 1, -1):
            if is_space[j]:
                continue
            if words[j] not in TERMINAL_PUNCT:
                break
            first = j
        return first

    def _last_word(self, i: int) -> int | None:
        is_space = self.is_space
        for j in range(self.sentence_end(i) - 1, self.sentence_of[i] - 1, -1):
            if not is_space[j]:
                return j
        return None

    def sentence_starts(self) -> list[int]:
        """The first token of every sentence, in order."""
        return list(dict.fromkeys(self.sentence_of))

    def in_question(self, i: int) -> bool:
        """Whether token ``i``'s sentence ends in '?' (closing quotes and brackets aside);
        worked out once per sentence."""
        start = self.sentence_of[i]
        found = self._questions.get(start)
        if found is None:
            found = self._questions[start] = _ends_in_question_mark(self, start, self.sentence_end(i))
        return found

    def lemma(self, *lemmas: str) -> list["Token"]:
        """Tokens with any of these lemmas, in document order."""
        return self._lookup(self.by_lemma, self.lemma_of, lemmas)

    def tag(self, *tags: str) -> list["Token"]:
        return self._lookup(self.by_tag, self.tag_of, tags)

    def pos(self, *pos: str) -> list["Token"]:
        return self._lookup(self.by_pos, self.pos_of, pos)

    def dep(self, *deps: str) -> list["Token"]:
        return self._lookup(self.by_dep, self.dep_of, deps)

    def form(self, *forms: str) -> list["Token"]:
        """Tokens whose lower-cased text is one of ``forms``, in document order. Most texts are
        asked for a form or two: those are found by reading the words; a text asked more often
        gets a table of its words (building one for every text cost more than it saved)."""
        if self._lower is None:
            self._lower = [word.lower() for word in self.words]
            self._form_questions = 0
        if self._by_form is None:
            self._form_questions += 1
            if self._form_questions <= FORM_SCANS:
                return self._scan(forms)
            table: dict[str, list[Token]] = {}
            for tok, low in zip(self.tokens, self._lower):
                table.setdefault(low, []).append(tok)
            self._by_form = table
        return self._lookup(self._by_form, self._lower, forms)

    def _scan(self, forms: tuple[str, ...]) -> list["Token"]:
        tokens = self.tokens
        if len(forms) == 1:
            form = forms[0]
            return [tokens[i] for i, low in enumerate(self._lower) if low == form]
        wanted = frozenset(forms)
        return [tokens[i] for i, low in enumerate(self._lower) if low in wanted]

    def _lookup(self, table: dict[str, list["Token"]], column: list[str],
                keys: tuple[str, ...]) -> list["Token"]:
        if len(keys) == 1:
            return table.get(keys[0], [])
        cache_key = (id(table), keys)  # many rules ask for the same tag sets
        found = self._merged.get(cache_key)
        if found is None:
            present = [key for key in keys if key in table]
            if len(present) <= 1:
                found = table[present[0]] if present else []
            else:  # read off the per-token list rather than sorting Token objects
                wanted, tokens = frozenset(present), self.tokens
                found = [tokens[i] for i, value in enumerate(column) if value in wanted]
            self._merged[cache_key] = found
        return found


_HALF, _WRAP = 2**63, 2**64
_ATTRS: list[int] = []  # the attribute ids read by to_array (spaCy is imported on first use)
_POS_NAMES: dict[int, str] = {}


def _load_attributes() -> None:
    from spacy.attrs import DEP, HEAD, IDX, LEMMA, MORPH, ORTH, POS, SENT_START, SPACY, TAG
    from spacy.parts_of_speech import NAMES

    _POS_NAMES.update(NAMES)
    _POS_NAMES[0] = ""
    _ATTRS[:] = [ORTH, LEMMA, TAG, POS, DEP, IDX, HEAD, SENT_START, SPACY, MORPH]


_STRINGS: dict[int, str] = {}  # hash -> string: hashes are the same in every vocabulary
_LOWER_LEMMAS: dict[int, str] = {}


def _strings(ids: list[int], cache: dict[int, str], store, convert=None) -> list[str]:
    """The strings of these hashes, through ``cache`` (a StringStore look-up costs several
    times a dict's); ``convert`` is applied to strings new to the cache."""
    try:
        return list(map(cache.__getitem__, ids))
    except KeyError:
        if len(cache) > MAX_CACHED_WORDS:
            cache.clear()
        for h in ids:
            if h not in cache:
                text = store[h] if h else ""
                cache[h] = convert(text) if convert else text
        return list(map(cache.__getitem__, ids))


_MORPH_FEATURES: dict[int, dict[str, tuple[str, ...]]] = {}


def _morph_features(key: int, tok: "Token") -> dict[str, tuple[str, ...]]:
    """A morphological analysis as field -> values, cached by its hash."""
    analysis = tok.morph
    features = {field: tuple(analysis.get(field)) for field in analysis.to_dict()}
    if len(_MORPH_FEATURES) > MAX_CACHED_WORDS:
        _MORPH_FEATURES.clear()
    _MORPH_FEATURES[key] = features
    return features


# The marks that close a sentence.
TERMINAL_PUNCT = frozenset({".", "!", "?"})


def _ends_in_question_mark(index: DocIndex, start: int, end: int) -> bool:
    words, is_space = index.words, index.is_space
    for i in range(end - 1, start - 1, -1):
        if not is_space[i] and words[i] not in QUESTION_TRAILING:
            return words[i] == "?"
    return False


# What the per-sentence counts record of a word (positions in a sentence's counts list).
WORD, FUNCTION_WORD, SYMBOL = 0, 1, 2
MAX_CACHED_WORDS = 200_000
# A text asked for word forms (DocIndex.form) this many times is read word by word each time;
# asked again, it gets a table of its words.
FORM_SCANS = 3
# orth id -> (is a space token, count kind or None, protected on its own)
_WORD_CLASSES: dict[int, tuple[bool, int | None, bool]] = {}


def _word_class(tok: "Token") -> tuple[bool, int | None, bool]:
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
    return tok.is_space, kind, protect


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


# Words a title leaves in lower case (*A Love of a Lifetime*, *The Rise of the Blue Beetle*).
TITLE_SMALL_WORDS = frozenset("a an the and or but of in on at to for by with from as nor".split())


def _quoted_titles(index: "DocIndex") -> set[int]:
    """Tokens inside quotes that hold a title (every word capitalised but the small ones) or
    a mention: a quoted phrase with no finite verb (*the phrase "the whole nine yards"*, a
    term in scare quotes) names words, which a feature would rename; quoted speech, which
    has its verb, stays open."""
    from ..protection import QUOTED

    found: set[int] = set()
    offsets, words, tag_of = index.offsets, index.words, index.tag_of
    for match in QUOTED.finditer(index.text):
        start, end = match.span()
        inside = [i for i, at in enumerate(offsets) if start <= at and at + len(words[i]) <= end]
        content = [words[i] for i in inside if words[i].isalpha() and words[i].lower() not in TITLE_SMALL_WORDS]
        if content and all(w[0].isupper() for w in content):
            found.update(inside)
        elif inside and not any(tag_of[i] in FINITE_VERB_TAGS for i in inside):
            found.update(inside)
    return found


FINITE_VERB_TAGS = frozenset({"VBZ", "VBP", "VBD", "MD"})


def is_blank(text: str) -> bool:
    """A fill-in blank (*_ had a baby girl*): it stands for a word, capitalised at the start
    of a sentence, so what a rule puts before it there is capitalised."""
    return bool(text) and set(text) == {"_"}
