"""The rule engine: sample rule sites, resolve overlaps, render text.

Rules propose :class:`~multivalue_cli.engine.edits.Site` objects on the parse of the original text.
The engine

1. runs each rule of the profile whose triggers occur in the document (profile order: eWAVE
   number, then name);
2. keeps each site with the feature's probability, drawn from a generator keyed by
   ``(seed, record key, field path, feature, site)`` - never from a global RNG, so output does
   not depend on worker count, batch size or order;
3. drops a site that touches a token an earlier kept site already touched, or that
   restructures (deletes, moves, adds words beside) a token an earlier kept site needs as it
   stands, or needs one that an earlier kept site restructured (``Site.keep``; rewording is
   allowed); deterministic: earlier feature wins, then earlier site;
4. renders the text from the tokens and their original whitespace (:mod:`.render`).
"""
from __future__ import annotations

import hashlib
from functools import partial
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from .docindex import INDEX_KEY, DocIndex
from .edits import (
    Delete, Insert, Move, Op, Replace, changes_protected, restructured_tokens, touched_tokens,
)
from .render import Item, render_tokens

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
    blocked: int = 0  # sites not applied because they would change a span label's characters


def replay(text: str, edits: Iterable[AppliedEdit]) -> str:
    """Apply logged edits to the input text. For a result this gives its output exactly
    (edits that were merged share one span and are applied once), whatever stages made it:
    every span is in the input's coordinates."""
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
    return _uniform("\x1f".join(map(str, parts)))


def _uniform(key: str) -> float:
    digest = hashlib.blake2b(key.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def keyed_stream(*prefix: object) -> Callable[..., float]:
    """``lambda *rest: keyed_uniform(*prefix, *rest)`` (``rest`` not empty), with the prefix
    hashed once: the learner draws dozens of numbers per text under one key."""
    head = hashlib.blake2b(("\x1f".join(map(str, prefix)) + "\x1f" if prefix else "").encode(), digest_size=8)

    def uniform(*rest: object) -> float:
        h = head.copy()
        h.update("\x1f".join(map(str, rest)).encode())
        return int.from_bytes(h.digest(), "big") / 2**64

    return uniform


CANDIDATE_CACHE_SIZE = 4096


# The renderings a prepared text keeps, in characters of text kept (a 500-character text keeps
# 16, a 4,000-character one 2): a long text with many sites rarely keeps the same ones twice.
RENDER_MEMO_CHARS = 8_000


class Prepared:
    """A parsed text with what the rules found in it: its document index and each rule's
    sites, computed once. A text that comes back (templated benchmarks repeat contexts and
    questions) is rewritten from these; only the keyed sampling differs per record, so the
    output is the same as from a fresh parse. The learner stage keeps its candidates here
    too (``learner``, see :meth:`.LearnerInjector.inject`)."""

    __slots__ = ("doc", "_index", "sites", "learner", "rendered", "signature")

    def __init__(self, doc: "Doc") -> None:
        self.doc = doc
        self._index: DocIndex | None = None
        self.signature: tuple[int, int] | None = None  # see TriggerBits.signature_of
        self.sites: dict[tuple, tuple[list, str | None]] = {}  # (rule, form, fn) -> (sites, failure)
        self.learner: dict[tuple, object] = {}
        # the kept sites (and the protection) -> the text and edit log they give: records of
        # a repeated text often keep the same sites
        self.rendered: dict[tuple, tuple[str, tuple[AppliedEdit, ...]]] = {}

    @property
    def index(self) -> DocIndex:
        if self._index is None:
            self._index = DocIndex(self.doc)
        return self._index

    def rule_sites(self, rule: "Rule", failures: list[str]) -> list:
        # A rule's sites depend on the form it renders, and on its code: a rule registered
        # again under the same name (a library user's own, a test's stand-in) finds its own.
        # (The code, not the partial that gives it its form: each profile makes its own
        # partial, and the profiles of a many-dialect run share the sites.)
        fn = rule.fn
        key = (rule.name, rule.form, fn.func if isinstance(fn, partial) else fn)
        found = self.sites.get(key)
        if found is None:
            fresh: list[str] = []
            found = self.sites[key] = (_rule_sites(rule, self.doc, self.index, fresh),
                                       fresh[0] if fresh else None)
        if found[1] is not None:
            failures.append(found[1])
        return found[0]


class TriggerBits:
    """A bit for each trigger key (lemma, tag or dependency) of the rules of every engine of
    the process. A document's signature, the OR of the bits of the keys it holds, is worked
    out once per parsed text (kept in :attr:`Prepared.signature`); each engine masks the bits
    of its own rules' keys (the dialects of a many-dialect run share the text's signature)."""

    def __init__(self) -> None:
        self.bits: dict[str, dict[str, int]] = {"lemma": {}, "tag": {}, "dep": {}}
        self.size = 0

    def bit(self, kind: str, key: str) -> int:
        """The bit of a key (a new one for a key not seen yet)."""
        table = self.bits[kind]
        if key not in table:
            table[key] = 1 << self.size
            self.size += 1
        return table[key]

    def signature(self, index: DocIndex) -> int:
        signature = 0
        for kind, keys in (("lemma", index.lemmas), ("tag", index.tags), ("dep", index.deps)):
            bits = self.bits[kind]
            for key in keys:
                found_bit = bits.get(key)
                if found_bit is not None:
                    signature |= found_bit
        return signature

    def signature_of(self, prepared: "Prepared") -> int:
        """The document's signature, kept with it (made again once more keys have bits)."""
        found = prepared.signature
        if found is None or found[0] != self.size:
            found = prepared.signature = (self.size, self.signature(prepared.index))
        return found[1]


TRIGGER_BITS = TriggerBits()


class Engine:
    """Applies a list of ``(rule, probability)`` pairs to parsed documents."""

    def __init__(self, rules: Sequence[tuple["Rule", float]], seed: int = 0) -> None:
        self.rules = [(r, p) for r, p in rules if p > 0.0]
        self.seed = seed
        # Which rules a lemma, tag or dependency can wake: each rule is filed under the keys of
        # one of its trigger sets, so a document only checks the rules its words can trigger;
        # its other trigger sets (if any) are checked once it is woken.
        self._always: list[int] = []
        self._woken_by: dict[str, dict[str, list[int]]] = {"lemma": {}, "tag": {}, "dep": {}}
        self._other_triggers: list[tuple[tuple[str, frozenset[str]], ...]] = []
        for position, (rule, _) in enumerate(self.rules):
            kind, keys = _primary_trigger(rule)
            if kind is None:
                self._always.append(position)
            for key in keys:
                self._woken_by[kind].setdefault(key, []).append(position)
            self._other_triggers.append(tuple(
                (other, found) for other, found in (("lemma", rule.lemmas), ("tag", rule.tags),
                                                    ("dep", rule.deps))
                if found and other != kind))
        # every trigger key of every rule, by kind: what decides which rules a document wakes
        self._trigger_keys = {kind: frozenset().union(*(getattr(r, kind + "s") for r, _ in self.rules))
                              for kind in ("lemma", "tag", "dep")}
        # a document's signature, masked to this engine's keys (see TriggerBits), tells
        # which of them occur
        self._mask = 0
        for kind in ("lemma", "tag", "dep"):
            for key in sorted(self._trigger_keys[kind]):
                self._mask |= TRIGGER_BITS.bit(kind, key)
        self._candidate_cache: dict[int, list[tuple["Rule", float]]] = {}

    def _candidates(self, index: DocIndex, prepared: Prepared | None = None) -> list[tuple["Rule", float]]:
        """The rules whose triggers all occur in the document, in profile order (cached by
        which trigger keys occur: documents share few distinct combinations)."""
        whole = TRIGGER_BITS.signature_of(prepared) if prepared is not None else TRIGGER_BITS.signature(index)
        signature = whole & self._mask
        found = self._candidate_cache.get(signature)
        if found is not None:
            return found
        all_keys = self._trigger_keys
        present = {"lemma": all_keys["lemma"] & index.lemmas, "tag": all_keys["tag"] & index.tags,
                   "dep": all_keys["dep"] & index.deps}
        positions = set(self._always)
        for kind, table in self._woken_by.items():
            for key in present[kind]:
                positions.update(table.get(key, ()))
        rules, other_triggers = self.rules, self._other_triggers
        found = [rules[p] for p in sorted(positions)
                 if all(not present[kind].isdisjoint(keys) for kind, keys in other_triggers[p])]
        if len(self._candidate_cache) >= CANDIDATE_CACHE_SIZE:
            self._candidate_cache.clear()
        self._candidate_cache[signature] = found
        return found

    def apply(self, doc: "Doc | Prepared", key: object = "", path: str = "", trace: dict | None = None,
              protected_spans: Sequence[tuple[int, int]] = (),
              label_spans: Sequence[tuple[int, int]] = ()) -> Result:
        """Rewrite ``doc`` (a parse, or a :class:`Prepared` one whose sites are reused). With a
        ``trace`` dict, also record per feature how many sites it found and what became of them
        (applied, sampled out, overlapping, protected). ``protected_spans`` (character spans)
        are left exactly as they are: a site that would touch one is blocked, and so is one
        whose side effects (a capital that moves, a/an, a contraction) would change one.
        ``label_spans`` (spans that labels point at) are protected alike, and the sites they
        block are counted (``Result.blocked``)."""
        prepared = doc if isinstance(doc, Prepared) else Prepared(doc)
        doc = prepared.doc
        if not self.rules or len(doc) == 0:
            return Result(doc.text)
        index = prepared.index
        user_data = doc.user_data
        user_data[INDEX_KEY] = index  # for helpers handed only a Token (docindex.index_of)
        try:
            return self._apply(prepared, key, path, trace, protected_spans, label_spans)
        finally:
            del user_data[INDEX_KEY]  # the doc must not keep its index alive (a cycle)

    def _apply(self, prepared: Prepared, key: object, path: str, trace: dict | None,
               protected_spans: Sequence[tuple[int, int]] = (),
               label_spans: Sequence[tuple[int, int]] = ()) -> Result:
        doc, index = prepared.doc, prepared.index
        claimed: set[int] = set()
        needed: set[int] = set()  # tokens applied sites need as they stand (Site.keep)
        restructured: set[int] = set()  # tokens applied sites deleted, moved or added words beside
        kept: list[tuple["Rule", tuple[Op, ...]]] = []
        failures: list[str] = []
        protected = index.protected
        labels = _tokens_in(index, label_spans) if label_spans else frozenset()
        blocked = 0
        if protected_spans or labels:
            protected = protected | _tokens_in(index, protected_spans) | labels
        offsets = index.offsets
        site_prefix = f"{self.seed}\x1f{key}\x1f{path}\x1f"  # the site key: see keyed_uniform
        for rule, prob in self._candidates(index, prepared):
            sites = prepared.rule_sites(rule, failures)
            if not sites:
                continue
            fate = trace.setdefault(rule.name, Counter()) if trace is not None else None
            if fate is not None:
                fate["sites"] += len(sites)
            for ordinal, site in enumerate(sites):
                ops = _sampled(site, prob, site_prefix, rule, ordinal, offsets)
                if ops is None:
                    if fate is not None:
                        fate["sampled_out"] += 1
                    continue
                touched = touched_tokens(ops)
                if protected and changes_protected(ops, protected):
                    outcome = "protected"
                    blocked += bool(labels) and changes_protected(ops, labels)
                elif labels and _reaches(touched, labels):
                    outcome = "protected"
                    blocked += 1
                elif not claimed.isdisjoint(touched) or (needed or site.keep) and _blocked(
                        restructured_tokens(ops), site.keep, restructured, needed):
                    outcome = "overlapping"
                else:
                    outcome = "applied"
                    claimed |= touched
                    restructured |= restructured_tokens(ops)
                    if site.keep:
                        needed |= site.keep
                    kept.append((rule, ops))
                if fate is not None:
                    fate[outcome] += 1
        if not kept:
            return Result(index.text, failures=failures, blocked=blocked)
        if trace is not None:  # the trace counts what the protection takes back: no memo
            text, edits, taken_back = _rendered(doc, index, kept, protected, trace, labels)
            return Result(text, list(edits), failures, blocked + taken_back)
        memo_key = (tuple((rule.ewave, rule.name, ops) for rule, ops in kept),
                    protected if protected_spans or labels else None, labels)
        found = prepared.rendered.get(memo_key)
        if found is None:
            found = _rendered(doc, index, kept, protected, None, labels)
            if (len(prepared.rendered) + 1) * len(index.text) <= RENDER_MEMO_CHARS:
                prepared.rendered[memo_key] = found
        return Result(found[0], list(found[1]), failures, blocked + found[2])

    def apply_pair(self, docs: Sequence["Doc"], key: object, path: str = "",
                   protected_spans: Sequence[Sequence[tuple[int, int]]] | None = None,
                   ) -> tuple[list[Result], int, int]:
        """Rewrite the members of a counterfactual pair alike: the first member's sites are
        sampled once (keyed by ``key``, the pair's value) and each is carried over to the
        other members where the same rule finds the same site at the aligned tokens; where the
        parses disagree, it is blocked in all. Tokens where the members differ are protected,
        so they still differ exactly there. Returns the results and how many sites were
        carried over and blocked."""
        from .alignment import align_tokens

        if len(docs) < 2:
            spans = (protected_spans or [()])[0]
            return [self.apply(docs[0], key, path, protected_spans=spans)], 0, 0
        spans = list(protected_spans) if protected_spans is not None else [()] * len(docs)
        indexes = [DocIndex(doc) for doc in docs]
        for doc, index in zip(docs, indexes):
            doc.user_data[INDEX_KEY] = index
        try:
            protected = [index.protected | _tokens_in(index, s) if s else index.protected
                         for index, s in zip(indexes, spans)]
            alignment = align_tokens(docs, [set(p) for p in protected])
            protected = [p | extra for p, extra in zip(protected, alignment.protected)]
            kept, carried, blocked, failures = self._pair_sites(docs, indexes, key, path, protected,
                                                                alignment.from_first)
            kept = _without_pair_side_effects(docs, indexes, kept, protected)
            results = []
            for m, (doc, index) in enumerate(zip(docs, indexes)):
                mine = [(rule, ops[m]) for rule, ops in kept]
                if not mine:
                    results.append(Result(index.text, failures=failures[m]))
                    continue
                text, items, starts = render_tokens(doc, [op for _, ops in mine for op in ops], index)
                results.append(Result(text, _edit_log(doc, index, mine, text, items, starts), failures[m]))
            return results, len(kept), blocked + carried - len(kept)
        finally:
            for doc in docs:
                del doc.user_data[INDEX_KEY]

    def _pair_sites(self, docs, indexes, key, path, protected, from_first):
        """The first member's kept sites, each as its operations in every member."""
        claimed: list[set[int]] = [set() for _ in docs]
        needed: set[int] = set()  # as in _apply, on the first member (the others mirror it)
        restructured: set[int] = set()
        kept: list[tuple["Rule", list[tuple[Op, ...]]]] = []
        failures: list[list[str]] = [[] for _ in docs]
        carried = blocked = 0
        site_prefix = f"{self.seed}\x1f{key}\x1f{path}\x1f"
        others = [{rule.name for rule, _ in self._candidates(index)} for index in indexes[1:]]
        for rule, prob in self._candidates(indexes[0]):
            sites = _rule_sites(rule, docs[0], indexes[0], failures[0])
            if not sites:
                continue
            theirs = [set(_rule_variants(rule, doc, index, failures[m + 1]) if rule.name in others[m] else ())
                      for m, (doc, index) in enumerate(zip(docs[1:], indexes[1:]))]
            for ordinal, site in enumerate(sites):
                ops = _sampled(site, prob, site_prefix, rule, ordinal, indexes[0].offsets)
                if ops is None:
                    continue
                mapped = [_mapped_site(site, from_first[m + 1]) for m in range(len(docs) - 1)]
                if any(found is None or found not in theirs[m] for m, found in enumerate(mapped)):
                    blocked += 1
                    continue
                variant = site.variants().index(ops)
                member_ops = [ops] + [found[variant] for found in mapped]
                touched = [touched_tokens(o) for o in member_ops]
                if any(changes_protected(o, protected[m]) or not claimed[m].isdisjoint(t)
                       for m, (o, t) in enumerate(zip(member_ops, touched))):
                    continue
                if (needed or site.keep) and _blocked(restructured_tokens(ops), site.keep,
                                                      restructured, needed):
                    continue
                for m, t in enumerate(touched):
                    claimed[m] |= t
                restructured |= restructured_tokens(ops)
                needed |= site.keep
                kept.append((rule, member_ops))
                carried += 1
        return kept, carried, blocked, failures

def _without_pair_side_effects(docs, indexes, kept, protected) -> list:
    """Drop, latest first, the sites whose rendering changes a protected token in any member."""
    def altered(sites) -> int:
        total = 0
        for m, (doc, index) in enumerate(zip(docs, indexes)):
            _, items, _ = render_tokens(doc, [op for _, ops in sites for op in ops[m]], index)
            total += _altered(items, index.words, protected[m])
        return total

    count = altered(kept) if kept else 0
    for k in range(len(kept) - 1, -1, -1):
        if not count:
            break
        trial = kept[:k] + kept[k + 1:]
        fewer = altered(trial)
        if fewer < count:
            kept, count = trial, fewer
    return kept


def _rule_sites(rule: "Rule", doc: "Doc", index: DocIndex, failures: list[str]) -> list:
    try:
        return list(rule.fn(doc, index))
    except Exception as exc:  # a broken rule costs its own edits on this text only
        failures.append(f"{rule.name}: {type(exc).__name__}: {exc}")
        return []


def _rule_variants(rule: "Rule", doc: "Doc", index: DocIndex, failures: list[str]) -> list[tuple]:
    return [tuple(site.variants()) for site in _rule_sites(rule, doc, index, failures)]


def _sampled(site, prob: float, site_prefix: str, rule: "Rule", ordinal: int,
             offsets: list[int]) -> tuple[Op, ...] | None:
    """The site's operations if it is kept (the chosen variant), None if sampled out."""
    if prob >= 1.0 and not site.alternatives:
        return site.ops
    # the same string as keyed_uniform(seed, key, path, rule, ordinal, offset)
    site_key = f"{site_prefix}{rule.name}\x1f{ordinal}\x1f{offsets[min(touched_tokens(site.ops))]}"
    if prob < 1.0 and _uniform(site_key) >= prob:
        return None
    if not site.alternatives:
        return site.ops
    variants = site.variants()
    return variants[int(_uniform(site_key + "\x1fvariant") * len(variants))]


def _rendered(doc: "Doc", index: DocIndex, kept: list[tuple["Rule", tuple[Op, ...]]],
              protected: frozenset[int], trace: dict | None,
              labels: frozenset[int] = frozenset()) -> tuple[str, tuple[AppliedEdit, ...], int]:
    """The text the kept sites give, its edit log, and how many sites were taken back because
    they changed a label's token; sites whose side effects would change a protected token
    are taken back first."""
    text, items, starts = render_tokens(doc, [op for _, ops in kept for op in ops], index)
    altered = _altered(items, index.words, protected) if protected else 0
    taken_back = 0
    if altered:
        on_labels = bool(labels) and _altered(items, index.words, labels) > 0
        fewer = _without_side_effects_on(protected, doc, index, kept, trace, altered)
        taken_back = len(kept) - len(fewer) if on_labels else 0
        kept = fewer
        if not kept:
            return index.text, (), taken_back
        text, items, starts = render_tokens(doc, [op for _, ops in kept for op in ops], index)
    return text, tuple(_edit_log(doc, index, kept, text, items, starts)), taken_back


def _mapped_site(site, mapping: dict[int, int]) -> tuple | None:
    """The site's variants with every token index moved through ``mapping`` (None if a token
    has no counterpart)."""
    out = []
    for ops in site.variants():
        moved = tuple(_mapped_op(op, mapping) for op in ops)
        if any(op is None for op in moved):
            return None
        out.append(moved)
    return tuple(out)


def _mapped_op(op: Op, mapping: dict[int, int]) -> Op | None:
    if isinstance(op, Move):
        span = [mapping.get(i) for i in range(op.start, op.end)]
        to = mapping.get(op.to)
        if to is None or None in span or span != list(range(span[0], span[0] + len(span))):
            return None
        return Move(span[0], span[-1] + 1, to, op.after)
    i = mapping.get(op.i)
    if i is None:
        return None
    if isinstance(op, Replace):
        return Replace(i, op.text)
    if isinstance(op, Delete):
        return Delete(i)
    return Insert(i, op.text, op.after)


def _tokens_in(index: DocIndex, spans: Sequence[tuple[int, int]]) -> frozenset[int]:
    """Tokens overlapping any of the character ``spans``."""
    offsets, words = index.offsets, index.words
    return frozenset(i for i, start in enumerate(offsets)
                     if any(s < start + len(words[i]) and start < e for s, e in spans))


def _reaches(touched: set[int], labels: frozenset[int]) -> bool:
    """Whether a site's logged span would hold a label's characters: it touches a label's
    token (words inserted at it, say) or edits tokens on both sides of one."""
    lo, hi = min(touched), max(touched)
    return any(lo <= t <= hi for t in labels)


def _altered(items: list["Item"], words: list[str], protected: frozenset[int]) -> int:
    """How many protected tokens rendering changed (a capital that moved, say)."""
    return sum(1 for item in items if item.orig in protected and item.text != words[item.orig])


def _without_side_effects_on(protected, doc, index, kept, trace, altered: int) -> list:
    """Drop, latest first, each site without which fewer protected tokens change."""
    kept = list(kept)
    for k in range(len(kept) - 1, -1, -1):
        if not altered:
            break
        trial = kept[:k] + kept[k + 1:]
        _, items, _ = render_tokens(doc, [op for _, ops in trial for op in ops], index)
        fewer = _altered(items, index.words, protected)
        if fewer < altered:
            if trace is not None:
                fate = trace.setdefault(kept[k][0].name, Counter())
                fate["applied"] -= 1
                fate["protected"] += 1
            kept, altered = trial, fewer
    return kept


def _blocked(changes: set[int], keep: frozenset[int], restructured: set[int],
             needed: set[int]) -> bool:
    """A site restructures a token that an applied site needs as it stands, or needs one that
    an applied site restructured."""
    return not needed.isdisjoint(changes) or not restructured.isdisjoint(keep)


def _primary_trigger(rule: "Rule") -> tuple[str | None, frozenset[str]]:
    """The rule's most selective trigger set (lemmas, then tags, then dependencies)."""
    for kind, keys in (("lemma", rule.lemmas), ("tag", rule.tags), ("dep", rule.deps)):
        if keys:
            return kind, keys
    return None, frozenset()


def _edit_log(
    doc: "Doc", index: DocIndex, kept: list[tuple["Rule", tuple[Op, ...]]], out: str,
    items: list["Item"], starts: list[int],
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
    words = index.words
    for i in range(n):
        if i not in claimed and (i not in placed or placed[i][1] != words[i]):
            nearest = min(range(len(ranges)), key=lambda k: _distance(i, ranges[k]))
            ranges[nearest][0] = min(ranges[nearest][0], i)
            ranges[nearest][1] = max(ranges[nearest][1], i)
    groups = _merge_ranges(ranges)
    text = index.text
    edits: list[AppliedEdit] = []
    for (lo, hi), members in groups:
        start = index.offsets[lo - 1] + len(words[lo - 1]) if lo > 0 else 0
        end = index.offsets[hi + 1] if hi + 1 < n else len(text)
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
    if len(ranges) == 1:
        return [((ranges[0][0], ranges[0][1]), [0])]
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
    if not (a[:1].isspace() or a[-1:].isspace()):
        return 0, 0  # the usual case: the span starts and ends with a word
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head] and a[head].isspace():
        head += 1
    tail = 0
    while (tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]
           and a[-1 - tail].isspace()):
        tail += 1
    return head, tail
