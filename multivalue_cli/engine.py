"""The rule engine: sample rule sites, resolve overlaps, render text.

Rules propose :class:`~multivalue_cli.edits.Site` objects on the parse of the original text.
The engine

1. runs each rule of the profile whose triggers occur in the document (profile order: eWAVE
   number, then name);
2. keeps each site with the feature's probability, drawn from a generator keyed by
   ``(seed, record key, field path, feature, site)`` - never from a global RNG, so output does
   not depend on worker count, batch size or order;
3. drops a site that touches a token an earlier kept site already touched (deterministic:
   earlier feature wins, then earlier site);
4. renders the text from the tokens and their original whitespace. Rendering owns spacing
   around inserted, deleted and moved words, sentence-initial capitals, contractions
   (``ca``/``wo`` + ``n't``, an orphaned ``n't``) and ``a``/``an`` before a changed word, so
   rules need not get them right one by one.
"""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, Sequence

from .docindex import DocIndex
from .edits import Delete, Insert, Move, Op, Replace, touched_tokens

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .registry import Rule


@dataclass(frozen=True, slots=True)
class AppliedEdit:
    """One applied edit: feature, character span in the input text, text before and after."""

    ewave: int
    feature: str
    start: int
    end: int
    before: str
    after: str

    def as_dict(self) -> dict:
        return {
            "ewave": self.ewave,
            "feature": self.feature,
            "start": self.start,
            "end": self.end,
            "before": self.before,
            "after": self.after,
        }


@dataclass(slots=True)
class Result:
    text: str
    edits: list[AppliedEdit] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # "rule: error" for rules that raised


def replay(text: str, edits: Iterable[AppliedEdit]) -> str:
    """Apply logged edits to the input text. For an engine result this gives its output
    exactly (edits that were merged share one span and are applied once)."""
    spans = sorted({(e.start, e.end, e.before, e.after) for e in edits})
    out, position = [], 0
    for start, end, before, after in spans:
        if start < position or text[start:end] != before:
            raise ValueError(f"edit at {start}-{end} does not match the text ({before!r})")
        out.append(text[position:start])
        out.append(after)
        position = end
    out.append(text[position:])
    return "".join(out)


def keyed_uniform(*parts: object) -> float:
    """A uniform float in [0, 1) determined only by ``parts`` (the site's key)."""
    key = "\x1f".join(map(str, parts)).encode()
    digest = hashlib.blake2b(key, digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


class Engine:
    """Applies a list of ``(rule, probability)`` pairs to parsed documents."""

    def __init__(self, rules: Sequence[tuple["Rule", float]], seed: int = 0) -> None:
        self.rules = [(r, p) for r, p in rules if p > 0.0]
        self.seed = seed

    def apply(self, doc: "Doc", key: object = "", path: str = "", trace: dict | None = None) -> Result:
        """Rewrite ``doc``. With a ``trace`` dict, also record per feature how many sites it
        found and what became of them (applied, sampled out, overlapping, protected)."""
        if not self.rules or len(doc) == 0:
            return Result(doc.text)
        index = DocIndex(doc)
        claimed: set[int] = set()
        kept: list[tuple["Rule", tuple[Op, ...]]] = []
        failures: list[str] = []
        for rule, prob in self.rules:
            if not rule.may_apply(index):
                continue
            try:
                sites = list(rule.fn(doc, index))
            except Exception as exc:  # a broken rule costs its own edits on this text only
                failures.append(f"{rule.name}: {type(exc).__name__}: {exc}")
                continue
            fate = trace.setdefault(rule.name, Counter()) if trace is not None else Counter()
            fate["sites"] += len(sites)
            for ordinal, site in enumerate(sites):
                variants = site.variants()
                anchor = min(touched_tokens(variants[0]))
                site_key = (self.seed, key, path, rule.name, ordinal, doc[anchor].idx)
                if prob < 1.0 and keyed_uniform(*site_key) >= prob:
                    fate["sampled_out"] += 1
                    continue
                ops = variants[0]
                if len(variants) > 1:
                    ops = variants[int(keyed_uniform(*site_key, "variant") * len(variants))]
                touched = touched_tokens(ops)
                if touched & index.protected:
                    fate["protected"] += 1
                    continue
                if touched & claimed:
                    fate["overlapping"] += 1
                    continue
                claimed |= touched
                kept.append((rule, ops))
                fate["applied"] += 1
        if not kept:
            return Result(doc.text, failures=failures)
        text, items, starts = _render(doc, [op for _, ops in kept for op in ops])
        return Result(text, _edit_log(doc, kept, text, items, starts), failures)


def _edit_log(
    doc: "Doc", kept: list[tuple["Rule", tuple[Op, ...]]], out: str, items: list["_Item"],
    starts: list[int],
) -> list[AppliedEdit]:
    """One log entry per kept site, with spans chosen so that replacing every entry's
    ``before`` by its ``after`` in the input gives exactly the output.

    A site's span covers the tokens it touches, plus tokens whose rendering changed as a side
    effect (a capital that moved, a/an, can/will before a lost n't), plus the whitespace up to
    the nearest untouched token on each side. Sites whose spans meet are merged: each keeps
    its own log row, all carrying the merged span (they changed that text together).
    """
    n = len(doc)
    placed: dict[int, tuple[int, str]] = {}  # original token -> (output start, output text)
    for item, start in zip(items, starts):
        if item.orig is not None:
            placed[item.orig] = (start, item.text)
    ranges = []
    claimed: set[int] = set()
    for _, ops in kept:
        touched = touched_tokens(ops)
        claimed |= touched
        ranges.append([min(touched), max(touched)])
    for i in range(n):
        if i not in claimed and (i not in placed or placed[i][1] != doc[i].text):
            nearest = min(range(len(ranges)), key=lambda k: _distance(i, ranges[k]))
            ranges[nearest][0] = min(ranges[nearest][0], i)
            ranges[nearest][1] = max(ranges[nearest][1], i)
    groups = _merge_ranges(ranges)
    text = doc.text
    edits: list[AppliedEdit] = []
    for (lo, hi), members in groups:
        start = doc[lo - 1].idx + len(doc[lo - 1].text) if lo > 0 else 0
        end = doc[hi + 1].idx if hi + 1 < n else len(text)
        out_start = placed[lo - 1][0] + len(placed[lo - 1][1]) if lo > 0 else 0
        out_end = placed[hi + 1][0] if hi + 1 < n else len(out)
        before, after = text[start:end], out[out_start:out_end]
        head, tail = _common_space(before, after)
        before, after = before[head:len(before) - tail], after[head:len(after) - tail]
        for k in members:
            rule = kept[k][0]
            edits.append(AppliedEdit(rule.ewave, rule.name, start + head, end - tail, before, after))
    edits.sort(key=lambda e: (e.start, e.end, e.ewave, e.feature))
    return edits


def _distance(i: int, span: list[int]) -> int:
    return 0 if span[0] <= i <= span[1] else min(abs(i - span[0]), abs(i - span[1]))


def _merge_ranges(ranges: list[list[int]]) -> list[tuple[tuple[int, int], list[int]]]:
    """Merge token ranges that overlap or touch; keep which sites each merged range holds."""
    order = sorted(range(len(ranges)), key=lambda k: ranges[k][0])
    groups: list[tuple[list[int], list[int]]] = []
    for k in order:
        lo, hi = ranges[k]
        if groups and lo <= groups[-1][0][1] + 1:
            groups[-1][0][1] = max(groups[-1][0][1], hi)
            groups[-1][1].append(k)
        else:
            groups.append(([lo, hi], [k]))
    return [((span[0], span[1]), sorted(members)) for span, members in groups]


def _common_space(a: str, b: str) -> tuple[int, int]:
    """Lengths of the whitespace prefix and suffix that ``a`` and ``b`` share."""
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head] and a[head].isspace():
        head += 1
    tail = 0
    while (tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]
           and a[-1 - tail].isspace()):
        tail += 1
    return head, tail


# --------------------------------------------------------------------------- rendering

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


@dataclass(slots=True)
class _Item:
    text: str
    orig: int | None  # index of the original token, None for inserted words
    sent: int  # sentence number, for casing
    changed: bool = False
    moved: bool = False


def _is_clitic(text: str) -> bool:
    return text.lower() in CLITICS


def _no_space_before(doc: "Doc", item: _Item) -> bool:
    if _is_clitic(item.text):
        return True
    if item.orig is not None and not item.changed:
        return doc[item.orig].tag_ in NO_SPACE_BEFORE_TAGS
    return item.text[:1] in CLOSING  # inserted ", innit" attaches like its comma


def _no_space_after(doc: "Doc", item: _Item) -> bool:
    if item.orig is not None and not item.changed:
        return doc[item.orig].tag_ in NO_SPACE_AFTER_TAGS or doc[item.orig].is_space
    return bool(item.text) and all(ch in OPENING for ch in item.text)


def render(doc: "Doc", ops: Iterable[Op]) -> str:
    """The text of ``doc`` with ``ops`` applied."""
    return _render(doc, ops)[0]


def _render(doc: "Doc", ops: Iterable[Op]) -> tuple[str, list[_Item], list[int]]:
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

    sent_of = _sentence_ids(doc)
    items: list[_Item] = []

    def emit_token(i: int) -> None:
        if i in deleted:
            return
        if i in replaced:
            new = replaced[i]
            if new:
                items.append(_Item(_match_case(doc[i].text, new), i, sent_of[i], True, i in moved_from))
        else:
            items.append(_Item(doc[i].text, i, sent_of[i], moved=i in moved_from))

    for i in range(len(doc)):
        for span in moves_before.get(i, ()):
            for j in span:
                emit_token(j)
        for text in before.get(i, ()):
            items.append(_Item(text, None, sent_of[i], True))
        if i not in moved_from:
            emit_token(i)
        for text in after.get(i, ()):
            items.append(_Item(text, None, sent_of[i], True))
        for span in moves_after.get(i, ()):
            for j in span:
                emit_token(j)

    _fix_contractions(items)
    _fix_articles(items)
    _fix_sentence_case(doc, items, sent_of)

    out: list[str] = []
    starts: list[int] = []
    position = 0
    for k, item in enumerate(items):
        starts.append(position)
        out.append(item.text)
        position += len(item.text)
        if k + 1 < len(items):
            gap = _gap(doc, item, items[k + 1])
            out.append(gap)
            position += len(gap)
    if items:  # the whitespace after the last word: its own, or the text's if it went
        last = items[-1]
        kept_last = last.orig == len(doc) - 1 and not last.changed
        out.append(doc[-1].whitespace_ if kept_last else _trailing_ws(doc))
    return "".join(out), items, starts


def _trailing_ws(doc: "Doc") -> str:
    text = doc.text
    return text[len(text.rstrip()):]


def _sentence_ids(doc: "Doc") -> list[int]:
    """For every token, the index of the token that starts its sentence."""
    if not doc.has_annotation("SENT_START"):
        return [0] * len(doc)
    ids, start = [], 0
    for tok in doc:
        if tok.is_sent_start:
            start = tok.i
        ids.append(start)
    return ids


def _gap(doc: "Doc", a: _Item, b: _Item) -> str:
    """Whitespace between two consecutive output items."""
    if a.orig is not None and b.orig is not None and b.orig == a.orig + 1:
        ws = doc[a.orig].whitespace_
        if b.changed:
            was_clitic, is_clitic = _is_clitic(doc[b.orig].text), _is_clitic(b.text)
            if is_clitic and not was_clitic:
                return ""
            if was_clitic and not is_clitic:
                return " "
        return ws
    if b.orig is not None and doc[b.orig].is_space:  # a line break keeps the space before it
        return doc[b.orig - 1].whitespace_ if b.orig > 0 else ""
    if _no_space_after(doc, a):
        return ""
    if _no_space_before(doc, b):
        # Keep the writer's habit: "tall ." stays spaced when the words before it go.
        keep = b.orig is not None and b.orig > 0 and not b.changed
        return doc[b.orig - 1].whitespace_ if keep else ""
    if a.orig is not None and b.orig is not None and b.orig > a.orig:
        gaps = [doc[k].whitespace_ for k in range(a.orig, b.orig)]
        for ws in gaps:
            if "\n" in ws:
                return ws
        if not any(gaps):
            return ""
    if a.orig is not None and "\n" in doc[a.orig].whitespace_:
        return doc[a.orig].whitespace_
    return " "


def _match_case(original: str, new: str) -> str:
    """Carry a shouted (ALL CAPS) word's casing over to its replacement."""
    if len(original) > 1 and original.isupper() and original.isalpha():
        return new.upper()
    return new


def _fix_contractions(items: list[_Item]) -> None:
    for k, item in enumerate(items):
        low = item.text.lower()
        nxt = items[k + 1].text.lower() if k + 1 < len(items) else ""
        prev = items[k - 1].text.lower() if k > 0 else ""
        if low in SHORT_HOSTS and nxt not in ("n't", "n’t"):
            item.text = _same_case(item.text, SHORT_HOSTS[low])
        elif low in LONG_HOSTS and nxt in ("n't", "n’t") and item.changed:
            item.text = _same_case(item.text, LONG_HOSTS[low])
        elif low in ("n't", "n’t") and prev not in NEGATION_HOSTS:
            item.text = "not"
            item.changed = True


def _fix_articles(items: list[_Item]) -> None:
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
            art.text = _same_case(art.text, wanted)


def _indefinite_article(word: str) -> str:
    from .morphology import indefinite_article

    return indefinite_article(word)


def _same_case(template: str, word: str) -> str:
    if template.isupper() and len(template) > 1:
        return word.upper()
    if template[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _fix_sentence_case(doc: "Doc", items: list[_Item], sent_of: list[int]) -> None:
    """Keep a capital at the start of every sentence when words move, or are added or removed."""
    first_out: dict[int, _Item] = {}
    by_orig = {item.orig: item for item in items if item.orig is not None}
    for item in items:
        if item.sent not in first_out and any(ch.isalpha() for ch in item.text):
            first_out[item.sent] = item
    for sent in doc.sents if doc.has_annotation("SENT_START") else [doc[:]]:
        first = next((t for t in sent if t.is_alpha or t.like_num or t.text[:1].isalpha()), None)
        if first is None:
            continue
        if not first.text[:1].isupper():
            continue  # the writer did not capitalise this sentence; neither do we
        new_first = first_out.get(sent_of[first.i])
        if new_first is None:
            continue
        if new_first.orig != first.i:
            old_first = by_orig.get(first.i)
            if old_first is not None and _capital_by_position(first) and old_first.text[:1].isupper():
                old_first.text = old_first.text[:1].lower() + old_first.text[1:]
            new_first.text = _capitalise(new_first.text)
        elif new_first.changed:
            new_first.text = _capitalise(new_first.text)


def _capitalise(text: str) -> str:
    """Upper-case the first letter, unless the word starts with a digit (*1990s*)."""
    for k, ch in enumerate(text):
        if ch.isdigit():
            return text
        if ch.isalpha():
            return text[:k] + ch.upper() + text[k + 1:]
    return text


def _capital_by_position(tok) -> bool:
    """Whether a sentence-initial word is capitalised only because it starts the sentence."""
    text = tok.text
    if tok.pos_ == "PROPN" or text == "I" or text.startswith(("I'", "I’")):
        return False
    if len(text) > 1 and text.isupper():
        return False
    return text[:1].isupper() and text[1:] == text[1:].lower()
