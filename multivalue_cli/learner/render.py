"""Rendering learner edits: the new text, its edit log, and the token-level distance.

Each original token becomes a *piece*: words inserted before it, its own (possibly new) text,
and its trailing whitespace. Deleted tokens take their whitespace with them; a deleted token
glued to what follows ("from?") takes the space before it instead. Unlike the dialect engine,
nothing else is repaired: a learner who writes "a" for "the" before "apple" writes "a apple".
Only sentence-initial capitals follow the words: when the first word of a sentence goes or a
word is put before it, the new first word is capitalised and the old one lowered if it was
capitalised only by position.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Sequence

from ..engine.apply import AppliedEdit
from ..engine.render import capital_by_position
from .selection import Chosen

if TYPE_CHECKING:
    from spacy.tokens import Doc

try:  # the same distance, computed in C; the pure-Python loop below is the fallback
    from rapidfuzz.distance.Levenshtein import distance as _fast_levenshtein
except ImportError:  # pragma: no cover
    _fast_levenshtein = None


@dataclass(slots=True)
class _Piece:
    inserted: list[str] = field(default_factory=list)
    text: str | None = ""  # None: deleted
    ws: str = ""

    def render(self) -> str:
        words = "".join(w + " " for w in self.inserted)
        return words + (self.text + self.ws if self.text is not None else "")


class Sentences:
    """Where each sentence's first word is, computed once per document (``Token.sent``
    rescans the document on every call)."""

    def __init__(self, doc: "Doc") -> None:
        self.capitalised_first: set[int] = set()  # first word of a sentence, capitalised
        # word -> the token that starts the sentence once the word is gone: the next one that
        # is not punctuation ("In 1980, how ..." -> "1980, how ...": no capital moves to "how")
        self.next_word: dict[int, int] = {}
        spans = doc.sents if doc.has_annotation("SENT_START") else [doc[:]]
        for sent in spans:
            words = [t for t in sent if t.is_alpha]
            if words and words[0].text[:1].isupper():
                self.capitalised_first.add(words[0].i)
            following = [t for t in sent if not t.is_punct and not t.is_space]
            for a, b in zip(following, following[1:]):
                if a.is_alpha:
                    self.next_word[a.i] = b.i


@dataclass(frozen=True, slots=True)
class Rendered:
    text: str
    edits: list[AppliedEdit]
    distance: int


def render_errors(doc: "Doc", chosen: Sequence[Chosen], sentences: Sentences | None = None) -> Rendered:
    """The text with the ``chosen`` learner errors, unrepaired (see the module's text), its
    edit log and token distance (``sentences``: the document's, if already known)."""
    if sentences is None:
        sentences = Sentences(doc)
    pieces = [_Piece([], tok.text, tok.whitespace_) for tok in doc]
    for edit in chosen:
        piece = pieces[edit.token]
        if edit.candidate.kind == "replace":
            piece.text = edit.text
        elif edit.candidate.kind == "delete":
            piece.text = None
        else:
            piece.inserted.append(edit.text)
    _fix_glued_deletions(doc, pieces)
    _carry_sentence_capital(doc, pieces, sentences)
    text = "".join(p.render() for p in pieces)
    return Rendered(text, _chosen_edit_log(doc, pieces, chosen), token_distance(doc, pieces))


def side_effects(doc: "Doc", token: int, kind: str, sentences: Sentences) -> set[int]:
    """Other tokens whose rendering an edit at ``token`` may change: the next word, which
    takes the capital of a deleted sentence-initial word; the word before a deleted word
    glued to punctuation, which loses its space ("from?"); a sentence-initial word that
    loses its capital to an inserted word (that is ``token`` itself)."""
    effects: set[int] = set()
    if kind == "delete":
        if token in sentences.capitalised_first and token in sentences.next_word:
            effects.add(sentences.next_word[token])
        if token > 0 and _glued(doc, token):
            effects.add(token - 1)
    return effects


def _glued(doc: "Doc", i: int) -> bool:
    return not doc[i].whitespace_ and not (i + 1 < len(doc) and doc[i + 1].is_alpha)


def _fix_glued_deletions(doc: "Doc", pieces: list[_Piece]) -> None:
    for i, piece in enumerate(pieces):
        if piece.text is None and i > 0 and _glued(doc, i) and pieces[i - 1].text is not None:
            pieces[i - 1].ws = ""


def _carry_sentence_capital(doc: "Doc", pieces: list[_Piece], sentences: Sentences) -> None:
    """A sentence's capital stays at its start: a word put before its first word takes the
    capital (and the old first word loses one it had only by position), and when the first
    word goes, the next word takes it. Only errors' insertions and deletions move it, so the
    first word is known beforehand (:class:`Sentences`); the dialect renderer, where words
    also move, finds each touched sentence's first word again (``engine.render``)."""
    for first in sorted(sentences.capitalised_first):
        piece = pieces[first]
        if piece.inserted:
            piece.inserted[0] = _upper_first(piece.inserted[0])
            if capital_by_position(doc[first]) and piece.text:
                piece.text = piece.text[:1].lower() + piece.text[1:]
        elif piece.text is None:
            nxt = sentences.next_word.get(first)
            if nxt is not None and pieces[nxt].text:
                target = pieces[nxt]
                if target.inserted:
                    target.inserted[0] = _upper_first(target.inserted[0])
                else:
                    target.text = _upper_first(target.text)
        elif piece.text:
            piece.text = _upper_first(piece.text)


def _chosen_edit_log(doc: "Doc", pieces: list[_Piece], chosen: Sequence[Chosen]) -> list[AppliedEdit]:
    """One row per edit. Edits whose changed tokens touch share one merged span, so replaying
    the log (each distinct span once) gives exactly the output. A span is the words changed,
    without the text around them that stays ("went" -> "go", not "went " -> "go "; an added
    word is an empty span before the next word); a deleted word keeps its space. (The dialect
    engine's log, :func:`..engine.apply._edit_log`, spans the tokens a site touched and the
    space up to the next untouched token instead.)"""
    changed = [i for i, tok in enumerate(doc) if pieces[i].render() != tok.text_with_ws]
    ranges = _runs(changed)
    # A changed token apart from every edit (a capital that moved to the new first word of a
    # sentence, past a quote: 'So "hello" ...' -> '"Hello" ...') joins the span of the
    # nearest edit, with what lies between: the log must give back the output.
    edited = {edit.token for edit in chosen}
    own = [r for r in ranges if any(r[0] <= t <= r[1] for t in edited)]
    for lo, hi in [r for r in ranges if r not in own]:
        nearest = min(own, key=lambda r: r[0] - hi if r[0] > hi else lo - r[1])
        nearest[0], nearest[1] = min(nearest[0], lo), max(nearest[1], hi)
    ranges = _runs(sorted({i for lo, hi in own for i in range(lo, hi + 1)}))
    range_of = {i: (lo, hi) for lo, hi in ranges for i in range(lo, hi + 1)}
    text = doc.text  # built anew from the tokens at each access
    edits = []
    for edit in chosen:
        lo, hi = range_of[edit.token]
        start = doc[lo].idx
        end = doc[hi].idx + len(doc[hi].text_with_ws)
        after = "".join(pieces[k].render() for k in range(lo, hi + 1))
        bounds = {b for tok in doc[lo:hi + 1] for b in (tok.idx, tok.idx + len(tok.text))}
        start, end, before, after = _trimmed(text, start, end, after, bounds)
        edits.append(AppliedEdit(0, edit.label, start, end, before, after))
    edits.sort(key=lambda e: (e.start, e.end, e.feature))
    return edits


def _runs(positions: Sequence[int]) -> list[list[int]]:
    """Sorted token positions as ``[first, last]`` runs of consecutive ones."""
    runs: list[list[int]] = []
    for i in positions:
        if runs and i == runs[-1][1] + 1:
            runs[-1][1] = i
        else:
            runs.append([i, i])
    return runs


def _trimmed(text: str, start: int, end: int, after: str, bounds: set[int]) -> tuple[int, int, str, str]:
    """The span ``start:end`` of ``text`` (rendered as ``after``) without the longest common
    suffix and prefix that end on a word boundary (``bounds``: where words start and end)."""
    before = text[start:end]
    n = 0
    while n < min(len(before), len(after)) and before[-1 - n] == after[-1 - n]:
        n += 1
    while n and end - n not in bounds:
        n -= 1
    before, after, end = before[:len(before) - n], after[:len(after) - n], end - n
    m = 0
    while m < min(len(before), len(after)) and before[m] == after[m]:
        m += 1
    while m and start + m not in bounds:
        m -= 1
    return start + m, end, before[m:], after[m:]


def token_distance(doc: "Doc", pieces: list[_Piece]) -> int:
    """Levenshtein distance between the clean and errored token sequences (case-insensitive,
    so a capital that moved to the new first word of a sentence is not counted)."""
    clean = [tok.lower_ for tok in doc if not tok.is_space]
    errored: list[str] = []
    for tok, piece in zip(doc, pieces):
        errored.extend(w.lower() for w in piece.inserted)
        if piece.text is not None and not tok.is_space:
            errored.append(piece.text.lower())
    return levenshtein(clean, errored)


def levenshtein(a: Sequence[str], b: Sequence[str]) -> int:
    """Edit distance between two token sequences (common prefix and suffix trimmed first)."""
    lo = 0
    while lo < min(len(a), len(b)) and a[lo] == b[lo]:
        lo += 1
    hi_a, hi_b = len(a), len(b)
    while hi_a > lo and hi_b > lo and a[hi_a - 1] == b[hi_b - 1]:
        hi_a, hi_b = hi_a - 1, hi_b - 1
    a, b = a[lo:hi_a], b[lo:hi_b]
    if _fast_levenshtein is not None:
        return _fast_levenshtein(a, b)
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def _upper_first(word: str) -> str:
    """``word`` with its first character upper-cased: a word that starts with a letter takes
    the sentence's capital, a clitic (*'s* of *It's* when *It* goes) keeps its apostrophe
    first. (The dialect renderer's :func:`..engine.render.capitalise` looks past opening
    marks, as its words can be quoted; it would give *'S* here.)"""
    return word[:1].upper() + word[1:]
