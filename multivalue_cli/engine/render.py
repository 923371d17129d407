"""Rendering: the text of a document after a set of operations, from its tokens and their
original whitespace. One place owns spacing around inserted, deleted and moved words,
sentence-initial capitals, contractions (``ca``/``wo`` + ``n't``, an orphaned ``n't``) and
``a``/``an`` before a changed word, so rules need not get them right one by one."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from .docindex import DocIndex, is_blank
from .edits import Delete, Insert, Move, Op, Replace

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token


CLITICS = frozenset(
    {"'s", "'re", "'m", "'ve", "'d", "'ll", "n't", "’s", "’re", "’m", "’ve", "’d", "’ll", "n’t"}
)


NO_SPACE_BEFORE_TAGS = frozenset({".", ",", ":", "-RRB-", "''", "POS", "HYPH"})


NO_SPACE_AFTER_TAGS = frozenset({"-LRB-", "``", "$", "HYPH"})


CLOSING = frozenset(".,;:!?)]}%…”’")


OPENING = frozenset("([{“‘$")


# n't attaches only to these hosts; elsewhere it is rendered as "not".
NEGATION_HOSTS = frozenset(
    "do does did is are was were have has had can ca could will wo would should shall sha "
    "must might may need dare ai am ought".split()
)


SHORT_HOSTS = {"ca": "can", "wo": "will", "sha": "shall"}


LONG_HOSTS = {v: k for k, v in SHORT_HOSTS.items()}


CONTRACTION_PARTS = frozenset({*SHORT_HOSTS, *LONG_HOSTS, "n't", "n’t"})


@dataclass(slots=True)
class Item:
    text: str
    orig: int | None  # index of the original token, None for inserted words
    sent: int  # sentence number, for casing
    changed: bool = False
    moved: bool = False


def _is_clitic(text: str) -> bool:
    return text.lower() in CLITICS


def _no_space_before(tokens: DocIndex, item: Item) -> bool:
    if _is_clitic(item.text):
        return True
    if item.orig is not None and not item.changed:
        return tokens.tag_of[item.orig] in NO_SPACE_BEFORE_TAGS
    return item.text[:1] in CLOSING  # inserted ", innit" attaches like its comma


def _no_space_after(tokens: DocIndex, item: Item) -> bool:
    if item.orig is not None and not item.changed:
        return tokens.tag_of[item.orig] in NO_SPACE_AFTER_TAGS or tokens.is_space[item.orig]
    return bool(item.text) and all(ch in OPENING for ch in item.text)


def render(doc: "Doc", ops: Iterable[Op]) -> str:
    """The text of ``doc`` with ``ops`` applied."""
    return render_tokens(doc, ops, DocIndex(doc))[0]


def render_tokens(doc: "Doc", ops: Iterable[Op], index: DocIndex) -> tuple[str, list[Item], list[int]]:
    """Render; also return the output items and where each starts in the output."""
    replaced: dict[int, str] = {}
    deleted: set[int] = set()
    before: dict[int, list[str]] = {}
    after: dict[int, list[str]] = {}
    moved_from: set[int] = set()
    moves_before: dict[int, list[range]] = {}
    moves_after: dict[int, list[range]] = {}
    for op in ops:
        if isinstance(op, Replace):
            replaced[op.i] = op.text
        elif isinstance(op, Delete):
            deleted.add(op.i)
        elif isinstance(op, Insert):
            (after if op.after else before).setdefault(op.i, []).append(op.text)
        elif isinstance(op, Move):
            span = range(op.start, op.end)
            moved_from.update(span)
            (moves_after if op.after else moves_before).setdefault(op.to, []).append(span)

    sent_of = index.sentence_of
    words = index.words
    items: list[Item] = []

    def emit_token(i: int) -> None:
        if i in deleted:
            return
        if i in replaced:
            new = replaced[i]
            if new:
                items.append(Item(_match_case(words[i], new), i, sent_of[i], True, i in moved_from))
        else:
            items.append(Item(words[i], i, sent_of[i], moved=i in moved_from))

    edited = replaced.keys() | deleted | before.keys() | after.keys() | moved_from \
        | moves_before.keys() | moves_after.keys()
    append = items.append
    for i in range(len(doc)):
        if i not in edited:  # the common case: a token no operation touches
            append(Item(words[i], i, sent_of[i]))
            continue
        for span in moves_before.get(i, ()):
            for j in span:
                emit_token(j)
        for text in before.get(i, ()):
            items.append(Item(text, None, sent_of[i], True))
        if i not in moved_from:
            emit_token(i)
        for text in after.get(i, ()):
            items.append(Item(text, None, sent_of[i], True))
        for span in moves_after.get(i, ()):
            for j in span:
                emit_token(j)

    _fix_contractions(items, index.words)
    _fix_articles(items)
    _fix_sentence_case(index.tokens, items, sent_of, deleted | {i for i, t in replaced.items() if not t})
    tokens = index

    out: list[str] = []
    starts: list[int] = []
    position = 0
    spaces = tokens.spaces
    last_k = len(items) - 1
    for k, item in enumerate(items):
        starts.append(position)
        out.append(item.text)
        position += len(item.text)
        if k < last_k:
            nxt = items[k + 1]
            if item.orig is not None and nxt.orig == item.orig + 1 and not nxt.changed:
                gap = spaces[item.orig]  # neighbours in the input, as they were: the common case
            else:
                gap = _gap(tokens, item, nxt)
            out.append(gap)
            position += len(gap)
    if items:  # the whitespace after the last word: its own, or the text's if it went
        last = items[-1]
        kept_last = last.orig == len(doc) - 1 and not last.changed
        out.append(tokens.spaces[-1] if kept_last else _trailing_ws(index.text))
    return "".join(out), items, starts


def _trailing_ws(text: str) -> str:
    return text[len(text.rstrip()):]


def _gap(tokens: DocIndex, a: Item, b: Item) -> str:
    """Whitespace between two consecutive output items."""
    spaces = tokens.spaces
    if a.orig is not None and b.orig is not None and b.orig == a.orig + 1:
        ws = spaces[a.orig]
        if b.changed:
            was_clitic, is_clitic = _is_clitic(tokens.words[b.orig]), _is_clitic(b.text)
            if is_clitic and not was_clitic:
                return ""
            if was_clitic and not is_clitic:
                return " "
        return ws
    if b.orig is not None and tokens.is_space[b.orig]:  # a line break keeps the space before it
        return spaces[b.orig - 1] if b.orig > 0 else ""
    if _no_space_after(tokens, a):
        return ""
    if _no_space_before(tokens, b):
        # Keep the writer's habit: "tall ." stays spaced when the words before it go.
        keep = b.orig is not None and b.orig > 0 and not b.changed
        return spaces[b.orig - 1] if keep else ""
    if a.orig is not None and b.orig is not None and b.orig > a.orig:
        gaps = spaces[a.orig:b.orig]
        for ws in gaps:
            if "\n" in ws:
                return ws
        if not any(gaps):
            return ""
    if a.orig is not None and "\n" in spaces[a.orig]:
        return spaces[a.orig]
    return " "


def _match_case(original: str, new: str) -> str:
    """Carry a shouted (ALL CAPS) word's casing over to its replacement."""
    if len(original) > 1 and original.isupper() and original.isalpha():
        return new.upper()
    return new


def _fix_contractions(items: list[Item], words: list[str]) -> None:
    lows = [item.text.lower() for item in items]
    if CONTRACTION_PARTS.isdisjoint(lows):
        return
    lows.append("")
    for k, item in enumerate(items):
        low, nxt = lows[k], lows[k + 1]
        if low not in CONTRACTION_PARTS:
            continue
        prev = lows[k - 1] if k > 0 else ""
        if low in SHORT_HOSTS and nxt not in ("n't", "n’t") and _was_host(item, words):
            item.text = same_case(item.text, SHORT_HOSTS[low])
        elif low in LONG_HOSTS and nxt in ("n't", "n’t") and item.changed:
            item.text = same_case(item.text, LONG_HOSTS[low])
        elif low in ("n't", "n’t") and prev not in NEGATION_HOSTS:
            item.text = "not"
            item.changed = True
        elif low in ("n't", "n’t") and item.text.isupper() and not items[k - 1].text.isupper():
            items[k - 1].text = items[k - 1].text.upper()  # a stressed NOT keeps its stress: AIN'T


def _was_host(item: Item, words: list[str]) -> bool:
    """Whether ``ca``/``wo``/``sha`` stood before *n't* in the input (or was written by a rule):
    *CA* the state, *wo* of another language, are not hosts."""
    if item.orig is None or item.changed:
        return True
    after = item.orig + 1
    return after < len(words) and words[after].lower() in ("n't", "n’t")


def _fix_articles(items: list[Item]) -> None:
    """Choose a/an again where the word after an article changed."""
    for k in range(len(items) - 1):
        art, nxt = items[k], items[k + 1]
        if art.text.lower() not in ("a", "an"):
            continue
        neighbours_kept = art.orig is not None and nxt.orig == art.orig + 1
        if neighbours_kept and not (art.changed or nxt.changed or art.moved or nxt.moved):
            continue
        word = nxt.text.split(" ", 1)[0]
        if not word[:1].isalpha():
            continue
        wanted = _indefinite_article(word)
        if wanted != art.text.lower():
            art.text = same_case(art.text, wanted)


def _indefinite_article(word: str) -> str:
    from .morphology import indefinite_article

    return indefinite_article(word)


def same_case(template: str, word: str) -> str:
    """``word`` in the casing of ``template``: shouted (ALL CAPS), capitalised, or as it is."""
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _fix_sentence_case(tokens: list["Token"], items: list[Item], sent_of: list[int], deleted: set[int]) -> None:
    """Keep a capital at the start of every sentence when words move, or are added or removed.
    Only sentences with a changed, added, moved or deleted word are looked at."""
    touched = {item.sent for item in items if item.changed or item.moved or item.orig is None}
    touched.update(sent_of[i] for i in deleted)
    if not touched:
        return
    first_out: dict[int, Item] = {}
    by_orig: dict[int, Item] | None = None
    for item in items:
        if item.sent in touched and item.sent not in first_out and (
                any(ch.isalpha() for ch in item.text) or is_blank(item.text)):
            first_out[item.sent] = item
    n = len(tokens)
    for start in sorted(touched):
        first = None
        for i in range(start, n):
            if i > start and sent_of[i] != start:
                break
            tok = tokens[i]
            if tok.is_alpha or tok.like_num or tok.text[:1].isalpha() or is_blank(tok.text):
                first = tok
                break
        if first is None or not (first.text[:1].isupper() or is_blank(first.text)):
            continue  # the writer did not capitalise this sentence; neither do we
        new_first = first_out.get(start)
        if new_first is None:
            continue
        if new_first.orig != first.i:
            if by_orig is None:
                by_orig = {item.orig: item for item in items if item.orig is not None}
            old_first = by_orig.get(first.i)
            if old_first is not None and capital_by_position(first) and old_first.text[:1].isupper():
                old_first.text = old_first.text[:1].lower() + old_first.text[1:]
            new_first.text = capitalise(new_first.text)
        elif new_first.changed:
            new_first.text = capitalise(new_first.text)


def capitalise(text: str) -> str:
    """Upper-case the first letter, unless the word starts with a digit (*1990s*)."""
    for k, ch in enumerate(text):
        if ch.isdigit():
            return text
        if ch.isalpha():
            return text[:k] + ch.upper() + text[k + 1:]
    return text


def capital_by_position(tok: "Token") -> bool:
    """Whether a sentence-initial word is capitalised only because it starts the sentence."""
    text = tok.text
    if tok.pos_ == "PROPN" or text == "I" or text.startswith(("I'", "I’")):
        return False
    if len(text) > 1 and text.isupper():
        return False
    return text[:1].isupper() and text[1:] == text[1:].lower()
