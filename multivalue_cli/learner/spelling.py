"""Spelling candidates (R:SPELL): a character-level misspelling that is not a word, or a close
real word. The dictionary is pyspellchecker's English word-frequency list (offline)."""
from __future__ import annotations

import gzip
import json
import pkgutil
from collections import Counter, defaultdict
from functools import lru_cache
from typing import TYPE_CHECKING, Iterator, Sequence

from ..engine.render import same_case
from .candidates import Candidate, free_tokens
from .profile import ErrorProfile

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

# Character-level misspellings of words shorter than this are too often another word or an
# abbreviation ("hd", "nt"); real-word confusions are allowed from three letters.
MIN_LENGTH = 4
MIN_LENGTH_REAL_WORD = 3
# A real-word confusion must be a common word, not a rare one the reader would not know.
REAL_WORD_MIN_FREQUENCY = 20_000
# A real-word confusion never makes or unmakes a negative (*would not* -> *would now*, *are
# nor*) or a number word (*for hours* -> *four hours*, *nine* -> *nice*): that would reverse
# what the sentence says, or the quantity it gives, and with it the labels of most tasks.
NEGATIVE_WORDS = frozenset({"not", "no", "nor", "never", "none", "nothing", "nobody", "nowhere",
                            "neither", "cannot"})
QWERTY_ROWS = ("qwertyuiop", "asdfghjkl", "zxcvbnm")
# Letters learners confuse by sound or shape (beyond vowel for vowel).
SIMILAR = {
    "c": "ks", "k": "c", "s": "cz", "z": "s", "i": "ey", "y": "i", "f": "v", "v": "fw",
    "w": "v", "b": "p", "p": "b", "d": "t", "t": "d", "g": "j", "j": "g", "m": "n", "n": "m",
}
VOWELS = "aeiou"
LANGUAGE = "en"  # pyspellchecker's dictionary


def spelling_candidates(doc: "Doc", profile: ErrorProfile, free: set[int],
         tokens: "Sequence[Token] | None" = None) -> Iterator[Candidate]:
    """One candidate per eligible word and spelling kind that has at least one variant. The
    variants themselves are made when an edit of the word is read
    (:func:`.selection.options_of`): most words of a text are never misspelt, and a word's
    variants cost a hundred look-ups. ``tokens``: see :func:`.free_tokens`."""
    kinds = tuple(kind for kind, share in profile.spelling.items() if share > 0)
    for tok in free_tokens(doc, free, tokens):
        if _eligible(tok):
            text = tok.text
            for kind in _kinds_with_variants(text, kinds):
                yield Candidate("spell", "R:SPELL", "replace", tok.i, (), kind, source=text)


@lru_cache(maxsize=200_000)
def _kinds_with_variants(text: str, kinds: tuple[str, ...]) -> tuple[str, ...]:
    """Those of ``kinds`` that have a variant of ``text``."""
    return tuple(kind for kind in kinds
                 if (kind == "real_word" or len(text) >= MIN_LENGTH) and _has_variant(text.lower(), kind))


def _has_variant(word: str, kind: str) -> bool:
    """``bool(misspellings(word, kind))``, stopping at the first variant found."""
    if kind == "real_word":
        return bool(_real_words(word))
    return next(_non_words(word, kind), None) is not None


@lru_cache(maxsize=200_000)
def spellings(text: str, kind: str) -> tuple[str, ...]:
    """The variants of ``text`` of one kind, in its casing (made once per word: most words of
    a corpus come back many times)."""
    variants = misspellings(text.lower(), kind)
    if not text[:1].isupper():
        return variants
    return tuple(same_case(text, v) for v in variants)


def _eligible(tok: "Token") -> bool:
    text = tok.text
    if not tok.is_alpha or len(text) < MIN_LENGTH_REAL_WORD or tok.pos_ == "PROPN":
        return False
    if text.isupper():  # acronyms
        return False
    return text[1:] == text[1:].lower()  # no iPhone / McDonald


@lru_cache(maxsize=200_000)
def misspellings(word: str, kind: str) -> tuple[str, ...]:
    """Variants of lower-case ``word`` of one kind, sorted (deterministic)."""
    if kind == "real_word":
        return _real_words(word)
    return tuple(sorted(set(_non_words(word, kind))))


def _non_words(word: str, kind: str) -> Iterator[str]:
    """The strings one edit of ``kind`` away from ``word`` that are not words (repeats included)."""
    known = _dictionary()
    return (v for v in _EDITS[kind](word) if v != word and v not in known)


def _deletions(w: str) -> Iterator[str]:
    for k in range(1, len(w)):  # the first letter is kept: learners rarely get it wrong
        yield w[:k] + w[k + 1:]


def _insertions(w: str) -> Iterator[str]:
    for k in range(1, len(w)):
        yield w[:k + 1] + w[k] + w[k + 1:]  # a doubled letter ("untill")
        for near in _keyboard_neighbours(w[k]):
            yield w[:k + 1] + near + w[k + 1:]


def _substitutions(w: str) -> Iterator[str]:
    for k in range(1, len(w)):
        ch = w[k]
        similar = VOWELS.replace(ch, "") if ch in VOWELS else SIMILAR.get(ch, "")
        for other in similar:
            yield w[:k] + other + w[k + 1:]


def _keyboard(w: str) -> Iterator[str]:
    for k in range(1, len(w)):
        for near in _keyboard_neighbours(w[k]):
            yield w[:k] + near + w[k + 1:]


def _transpositions(w: str) -> Iterator[str]:
    for k in range(1, len(w) - 1):
        if w[k] != w[k + 1]:
            yield w[:k] + w[k + 1] + w[k] + w[k + 2:]


_EDITS = {
    "deletion": _deletions,
    "insertion": _insertions,
    "substitution": _substitutions,
    "keyboard": _keyboard,
    "transposition": _transpositions,
}


def _real_words(word: str) -> tuple[str, ...]:
    """Common words one edit away that are not an inflection of ``word`` (cat/cats), and
    neither is a negative or a number."""
    if _negative_or_number(word):
        return ()
    out = []
    for cand in _common_words_one_edit_from(word):
        if _negative_or_number(cand):
            continue
        if cand[0] != word[0] or cand.startswith(word) or word.startswith(cand):
            continue  # cat/cats, walk/walked: an inflection or a fragment, not a spelling slip
        if _share_lemma(word, cand):
            continue  # dies/died: a wrong inflection, not a spelling slip
        out.append(cand)
    return tuple(sorted(out))


def _negative_or_number(word: str) -> bool:
    """*not*, *never*, *two*, *ten*, *first*: no real-word confusion starts from such a word
    or ends in one."""
    from spacy.lang.en.lex_attrs import like_num

    return word in NEGATIVE_WORDS or like_num(word)


def _common_words_one_edit_from(word: str) -> set[str]:
    """The common words (see :func:`_common_words`) one deletion, insertion, substitution or
    swap of neighbours away from ``word``. Found through the words' one-letter deletions
    (two words one edit apart share one, or one is the other's) instead of generating
    every string one edit away (some 500 for a word of eight letters)."""
    if not _checkable(word):
        return set()
    common, by_deletion = _common_words()
    found = set(by_deletion.get(word, ()))  # a letter inserted
    for k in range(len(word)):
        shorter = word[:k] + word[k + 1:]
        if shorter in common:  # a letter deleted
            found.add(shorter)
        for other in by_deletion.get(shorter, ()):
            if len(other) == len(word) and _substituted_or_swapped(word, other):
                found.add(other)
    found.discard(word)
    return found


def _substituted_or_swapped(a: str, b: str) -> bool:
    """``a`` and ``b`` (of one length) differ in one letter or by two neighbours swapped."""
    diff = [k for k in range(len(a)) if a[k] != b[k]]
    return len(diff) == 1 or (len(diff) == 2 and diff[1] == diff[0] + 1
                              and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]])


def _checkable(word: str) -> bool:
    """What the dictionary's own one-edit search looks at: not a number (but *inf* and
    *nan* are words) and not much longer than its longest word."""
    if len(word) > _longest_word_length() + 3:
        return False
    if word in ("nan", "inf", "infinity"):
        return True
    try:
        float(word)
        return False
    except ValueError:
        return True


@lru_cache(maxsize=1)
def _common_words() -> tuple[frozenset[str], dict[str, list[str]]]:
    """The dictionary's words common enough for a real-word confusion, and each of their
    one-letter deletions with the words it comes from."""
    common = frozenset(w for w, f in _dictionary().items()
                       if f >= REAL_WORD_MIN_FREQUENCY and w.isalpha() and len(w) >= 2)
    by_deletion: dict[str, list[str]] = defaultdict(list)
    for w in sorted(common):
        for k in range(len(w)):
            by_deletion[w[:k] + w[k + 1:]].append(w)
    return common, dict(by_deletion)


def _share_lemma(a: str, b: str) -> bool:
    return bool(_lemmas(a) & _lemmas(b))


@lru_cache(maxsize=65536)
def _lemmas(word: str) -> frozenset[str]:
    from lemminflect import getAllLemmas

    return frozenset({l for ls in getAllLemmas(word).values() for l in ls} | {word})


@lru_cache(maxsize=None)
def _keyboard_neighbours(ch: str) -> str:
    """Keys next to ``ch`` on a QWERTY keyboard (same row and the rows above and below)."""
    for r, row in enumerate(QWERTY_ROWS):
        c = row.find(ch)
        if c < 0:
            continue
        near = []
        for dr in (-1, 0, 1):
            if 0 <= r + dr < len(QWERTY_ROWS):
                other = QWERTY_ROWS[r + dr]
                for dc in ((-1, 1) if dr == 0 else (0, 1) if dr == -1 else (-1, 0)):
                    if 0 <= c + dc < len(other):
                        near.append(other[c + dc])
        return "".join(near)
    return ""



@lru_cache(maxsize=1)
def _dictionary() -> dict[str, int]:
    """pyspellchecker's English words and their frequencies, lower-cased, as its ``SpellChecker``
    keeps them. Read from its data file here: ``SpellChecker`` lower-cases every one of the
    160,000 words into a new dictionary, half of its 0.14 s load, where the file has them in
    lower case already (they are lower-cased here only if some are not)."""
    try:
        words = json.loads(gzip.decompress(pkgutil.get_data("spellchecker", f"resources/{LANGUAGE}.json.gz")))
    except (OSError, TypeError, ValueError):  # a pyspellchecker that keeps its data elsewhere
        from spellchecker import SpellChecker

        return SpellChecker(language=LANGUAGE, distance=1).word_frequency.dictionary
    if "".join(words).lower() == "".join(words):
        return words
    lowered: Counter = Counter()  # as SpellChecker adds up words that differ only in case
    for word, count in words.items():
        lowered[word.lower()] += count
    return dict(lowered)


@lru_cache(maxsize=1)
def _longest_word_length() -> int:
    return max(map(len, _dictionary()), default=0)
