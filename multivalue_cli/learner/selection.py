"""Choosing which candidates become edits, with keyed randomness only.

How many: the expected number of edits in a text is ``rate x boost x unprotected tokens``;
the count is that number rounded up or down at random (keyed stochastic rounding), so it is
unbiased per text and the mean rate over many texts converges on the target. It is capped by
the text's *capacity*, the number of edits a full draw makes (edits freeze their token and
isolate deletions and insertions, so the draw ends when no candidate is left): the injector
draws the text's edits in order and keeps the first ``count``, drawing no further than that
once only replacements are left (each would take one token, so the rest is counted).

Which: edit by edit, a type is drawn by the profile's ``mix`` among the selected types that
still have a candidate, then an ERRANT type (label) by the type's operation shares, each
times the run's availability correction (``adjust``, see :mod:`.rate`); then, for spelling, a
kind by the spelling shares; then a candidate by its site weight (how error-prone learners
find the word; 1 where the profile says nothing); then one of its replacements by their
weights. A type, label or kind whose candidates are used up drops out and the others share
its weight: a text with no preposition still gets its mixed-target edits, from the other
types.

Every draw is keyed by ``(seed, record key, field path, what, edit number)``: output depends
only on the text, never on batch size or worker count.
"""
from __future__ import annotations

import math
from bisect import bisect_right
from collections import defaultdict
from itertools import accumulate
from operator import attrgetter
from typing import Mapping, Sequence

from ..engine.apply import keyed_stream, keyed_uniform
from .candidates import SIGNATURE_FIELDS, Candidate, weighted_index
from .spelling import spellings
from .profile import ErrorProfile

Group = tuple[str, str, str]  # type, label, spelling kind
# The order candidates are drawn in: by token, then by what makes them the same edit
# (``(c.token, *c.signature())``, read off in one call instead of two Python calls a candidate).
DRAW_ORDER = attrgetter("token", *SIGNATURE_FIELDS)
TREE_CACHE_SIZE = 4096  # sets of live groups kept per selector (a few hundred in a corpus)


def edit_count(expected: float, cap: int, *key: object) -> int:
    """``expected`` rounded up with probability equal to its fraction (keyed), capped."""
    whole = math.floor(expected)
    if keyed_uniform(*key, "count") < expected - whole:
        whole += 1
    return min(whole, cap)


def options_of(cand: Candidate) -> tuple[str, ...]:
    """The candidate's acceptable new texts: its ``choices``, or the misspellings of its
    ``source`` of its kind (made once per word and kind)."""
    if cand.choices or not cand.source:
        return cand.choices
    return spellings(cand.source, cand.subtype)


class Chosen:
    """A candidate the injector kept, with the text it chose. A replacement's text is the
    option its draw ``u`` falls on, found when first read: a text's full draw order (see
    :meth:`.LearnerInjector.draws`) takes many of its words, and the misspellings of a
    word are made only for those a text keeps."""

    __slots__ = ("candidate", "_text", "_u")

    def __init__(self, candidate: Candidate, text: str | None = None, u: float = 0.0) -> None:
        self.candidate = candidate
        self._text = text
        self._u = u

    @property
    def text(self) -> str:
        """The new text ("" for a deletion)."""
        if self._text is None:
            options = options_of(self.candidate)
            self._text = (options[weighted_index(self.candidate.weights or [1.0] * len(options), self._u)]
                          if options else "")
        return self._text

    @property
    def token(self) -> int:
        return self.candidate.token

    @property
    def label(self) -> str:
        return self.candidate.label

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Chosen):
            return NotImplemented
        return self.candidate == other.candidate and self.text == other.text

    def __hash__(self) -> int:
        return hash((self.candidate, self.text))

    def __repr__(self) -> str:
        return f"Chosen({self.candidate!r}, {self.text!r})"


class Selector:
    """Draws edits from candidates for one set of selected types and one profile."""

    def __init__(self, types: Sequence[str], profile: ErrorProfile,
                 adjust: Mapping[str, float] | None = None) -> None:
        self.types = tuple(types)
        self.profile = profile
        self.adjust = dict(adjust or {})
        self.adjust_key = tuple(sorted(self.adjust.items()))  # what draws depend on beside types and profile
        self._group_weights: dict[Group, float] = {}
        self._trees: dict[frozenset[Group], tuple] = {}  # see _tree

    def type_weight(self, type_: str) -> float:
        """The type's share of the selected types' edits, times its availability correction."""
        if type_ not in self.types:
            return 0.0
        if len(self.types) == 1:
            return 1.0
        return self.profile.mix[type_] * self.adjust.get(type_, 1.0)

    def label_weight(self, type_: str, label: str) -> float:
        """The label's share of its type's edits, times its availability correction."""
        return self.profile.operations[type_].get(label, 0.0) * self.adjust.get(label, 1.0)

    def weight(self, cand: Candidate) -> float:
        """The candidate's group weight; 0 means it is never chosen."""
        group = _group(cand)
        w = self._group_weights.get(group)
        if w is None:
            w = self.type_weight(cand.type) * self.label_weight(cand.type, cand.label)
            if cand.type == "spell":
                w *= self.profile.spelling.get(cand.subtype, 0.0)
            self._group_weights[group] = w
        return w * (cand.site > 0)

    def prepare(self, candidates: Sequence[Candidate], words: Sequence[str] = ()) -> "Prepared":
        """The candidates in draw order, grouped, for any number of draws. Which candidates
        can be chosen at all does not depend on ``adjust`` (its factors are positive), so
        the result serves every selector of the same types and profile (calibration
        rounds)."""
        ordered = sorted(candidates, key=DRAW_ORDER)
        return Prepared([c for c in ordered if self.weight(c) > 0], words)

    def choose(self, candidates: "Sequence[Candidate] | Prepared", count: int, *key: object,
               words: Sequence[str] = (), memo: dict | None = None) -> list[Chosen]:
        """Choose up to ``count`` edits on distinct tokens (see :class:`_Pool` for which
        candidates an edit rules out). ``candidates`` may come :meth:`prepare`-d (then
        ``words`` are its own). ``memo`` keeps the key's random numbers for another draw
        under the same key (the calibration draws each text once per round)."""
        prepared = candidates if isinstance(candidates, Prepared) else self.prepare(candidates, words)
        return self._draw(prepared, count, key, memo)[0]

    def draw_order(self, prepared: "Prepared", need: int | None, *key: object,
                   memo: dict | None = None) -> tuple[list[Chosen], int]:
        """The first edits in draw order (at least ``need`` of them where the text can take
        that many; all of them when ``need`` is None) and the text's capacity: how many edits
        the full draw makes. Once only replacements are left, each further draw takes the
        candidates of one token, whichever it draws, so the rest of the draw is counted, not
        made."""
        return self._draw(prepared, len(prepared.cands), key, memo, need)

    def _draw(self, prepared: "Prepared", count: int, key: tuple, memo: dict | None,
              need: int | None = None) -> tuple[list[Chosen], int]:
        pool = _Pool(prepared)
        draw = keyed_stream(*key) if memo is None else _memoized(key, memo)
        chosen: list[Chosen] = []
        cands = prepared.cands
        for n in range(count):
            if need is not None and n >= need and not pool.gaps:
                return chosen, n + pool.tokens_left()
            live = pool.live_key()
            if not live:
                break
            idx = pool.pick(self._draw_group(live, draw, n), draw, n)
            cand = cands[idx]
            if cand.kind == "insert":  # among the words not deleted so far
                choices = [(w, v) for w, v in zip(cand.choices, cand.weights or [1.0] * len(cand.choices))
                           if w not in pool.deleted]
                edit = Chosen(cand, _weighted([w for w, _ in choices], [v for _, v in choices],
                                              draw("choice", cand.token, cand.label)))
            elif cand.kind == "replace":  # its text is found when it is read
                edit = Chosen(cand, None, draw("choice", cand.token, cand.label))
            else:
                edit = Chosen(cand, "")
            chosen.append(edit)
            if n + 1 < count:  # what the edit rules out matters only to the draws after it
                pool.apply(idx, edit.text if cand.kind == "insert" else "")
        return chosen, len(chosen)

    def _draw_group(self, live: frozenset[Group], draw, n: int) -> Group:
        """Type, then label, then spelling kind, each by its weight among those still live
        (a draw with one option left is not made: it could only give that option)."""
        types, type_shares, labels_of = self._tree(live)
        type_ = types[0] if len(types) == 1 else types[_share_index(type_shares, draw(n, "type"))]
        labels, label_shares, kinds_of = labels_of[type_]
        label = labels[0] if len(labels) == 1 else labels[_share_index(label_shares, draw(n, "label"))]
        kinds, kind_shares = kinds_of[label]
        if type_ != "spell" or len(kinds) == 1:
            return (type_, label, kinds[0])
        return (type_, label, kinds[_share_index(kind_shares, draw(n, "kind"))])

    def _tree(self, live: frozenset[Group]) -> tuple:
        """The live types, labels and kinds in draw order with their cumulative shares, made
        once per set of live groups: texts and draws meet the same few sets again and again."""
        tree = self._trees.get(live)
        if tree is None:
            if len(self._trees) >= TREE_CACHE_SIZE:
                self._trees.clear()
            nested: dict[str, dict[str, list[str]]] = {}
            for type_, label, kind in sorted(live):  # types, labels and kinds in sorted order
                nested.setdefault(type_, {}).setdefault(label, []).append(kind)
            labels_of = {}
            for type_, kinds_by_label in nested.items():
                kinds_of = {label: (kinds, _running_shares([self.profile.spelling[k] for k in kinds])
                                    if type_ == "spell" else None)
                            for label, kinds in kinds_by_label.items()}
                labels = list(kinds_of)
                labels_of[type_] = (labels, _running_shares([self.label_weight(type_, l) for l in labels]), kinds_of)
            types = list(labels_of)
            tree = self._trees[live] = (types, _running_shares([self.type_weight(t) for t in types]), labels_of)
        return tree


class Prepared:
    """Candidates in draw order with what every draw over them starts from: the members of
    each group (and their cumulative site weights), the candidates on each token, the
    insertions and deletions. Read-only; each :class:`_Pool` keeps its own changes."""

    __slots__ = ("cands", "words", "groups", "members", "cumulative", "by_token", "live", "live_key",
                 "insertions", "deletions", "is_gap", "gaps", "_freeze_kills", "_gap_kills")
    # insertions: word -> the insertions that may insert it; deletions: word -> the deletions
    # of that word (what a deletion or an insertion of the word can rule out)

    def __init__(self, candidates: list[Candidate], words: Sequence[str]) -> None:
        self.cands = candidates
        self.words = words
        self.groups = [_group(c) for c in candidates]
        self.members: dict[Group, list[int]] = defaultdict(list)
        self.by_token: dict[int, list[int]] = defaultdict(list)
        for idx, c in enumerate(candidates):
            self.members[self.groups[idx]].append(idx)
            self.by_token[c.token].append(idx)
        self.live = {g: len(m) for g, m in self.members.items()}
        self.live_key = frozenset(self.live)  # every group has a member at first
        self.is_gap = [c.kind != "replace" for c in candidates]  # deletions and insertions
        self.gaps = sum(self.is_gap)
        self.cumulative: dict[Group, list[float]] = {}  # filled as groups are first drawn from
        self.insertions: dict[str, list[int]] = defaultdict(list)
        self.deletions: dict[str, list[int]] = defaultdict(list)
        for idx, c in enumerate(candidates):
            if c.kind == "insert":
                for word in dict.fromkeys(c.choices):
                    self.insertions[word].append(idx)
            elif c.kind == "delete" and words:
                self.deletions[words[c.token]].append(idx)
        self._freeze_kills: dict[int, tuple[int, ...]] = {}
        self._gap_kills: dict[int, tuple[int, ...]] = {}

    def freeze_kills(self, token: int) -> tuple[int, ...]:
        """The candidates an edit of ``token`` rules out: the others on it, and the deletions
        and insertions it stands beside (found once, for every draw over these candidates)."""
        found = self._freeze_kills.get(token)
        if found is None:
            found = self._freeze_kills[token] = tuple(
                idx for t in (token - 1, token, token + 1) for idx in self.by_token.get(t, ())
                if self.cands[idx].token == token
                or (self.cands[idx].kind != "replace" and token in _merging_neighbours(self.cands[idx])))
        return found

    def gap_kills(self, idx: int) -> tuple[int, ...]:
        """The candidates on the tokens beside the deletion or insertion ``idx``."""
        found = self._gap_kills.get(idx)
        if found is None:
            found = self._gap_kills[idx] = tuple(
                other for t in _merging_neighbours(self.cands[idx]) for other in self.by_token.get(t, ()))
        return found


class _Pool:
    """The candidates still usable, by group, updated as edits are chosen.

    Each edit must add exactly one to the token distance. So an edit freezes its token; a
    deletion or insertion stands apart, with no other edit on a token next to it ("to work"
    -> "a work" would be one substitution, not a deletion plus an insertion); and a word
    deleted is not inserted elsewhere in the text, nor the reverse (``words`` holds the
    lower-cased tokens). Usability only ever goes from true to false, so candidates are
    killed once and counted per group.
    """

    def __init__(self, prepared: Prepared) -> None:
        self.prepared = prepared
        self.cands = prepared.cands
        self.groups = prepared.groups
        self.words = prepared.words
        self.insertions = prepared.insertions
        self.deletions = prepared.deletions
        self.members = dict(prepared.members)  # a group's list is replaced, never changed
        self.cumulative: dict[Group, list[float]] = {}  # of compacted lists
        self.live = dict(prepared.live)
        self._live_key: frozenset[Group] | None = prepared.live_key  # None: to be made again
        self.gaps = prepared.gaps  # deletions and insertions still usable
        self.dead: set[int] = set()
        self.deleted: set[str] = set()
        self.inserted: set[str] = set()

    def tokens_left(self) -> int:
        """The tokens with a usable candidate."""
        return len({self.cands[i].token for i in range(len(self.cands)) if i not in self.dead})

    def live_key(self) -> frozenset[Group]:
        """The groups with a usable member (made again only after one ran out)."""
        if self._live_key is None:
            self._live_key = frozenset(g for g, n in self.live.items() if n > 0)
        return self._live_key

    def pick(self, group: Group, draw, n: int) -> int:
        """A live member of ``group``, by site weight: keyed draws over all members until one
        is live (the list is compacted when most members are dead)."""
        members = self.members[group]
        if self.live[group] * 2 < len(members):
            members = self.members[group] = [i for i in members if i not in self.dead]
            self.cumulative[group] = list(accumulate(self.cands[i].site for i in members))
        if group in self.cumulative:
            cumulative = self.cumulative[group]
        else:  # the group's full list, shared by every draw over these candidates
            cumulative = self.prepared.cumulative.get(group)
            if cumulative is None:
                cumulative = self.prepared.cumulative[group] = list(accumulate(self.cands[i].site for i in members))
        last = len(members) - 1
        for attempt in range(64):
            idx = members[min(bisect_right(cumulative, draw("site", n, attempt) * cumulative[-1]), last)]
            if idx not in self.dead:
                return idx
        alive = [i for i in members if i not in self.dead]
        return alive[weighted_index([self.cands[i].site for i in alive], draw("site", n, 64))]

    def apply(self, idx: int, text: str) -> None:
        """Rule out what the edit ``idx`` (with new text ``text``) rules out."""
        cand = self.cands[idx]
        self._kill(self.prepared.freeze_kills(cand.token))
        if cand.kind != "replace":  # the tokens beside it: untouched, but no longer editable
            self._kill(self.prepared.gap_kills(idx))
        if not self.words:
            return
        # a word deleted (or inserted) again rules out nothing its first time did not
        if cand.kind == "delete" and self.words[cand.token] not in self.deleted:
            word = self.words[cand.token]
            self.deleted.add(word)
            self._kill([i for i in self.insertions.get(word, ())  # only those that could insert it
                        if i not in self.dead and all(w in self.deleted for w in self.cands[i].choices)])
        elif cand.kind == "insert" and text.lower() not in self.inserted:
            word = text.lower()
            self.inserted.add(word)
            self._kill(self.deletions.get(word, ()))

    def _kill(self, indices) -> None:
        dead, live, groups, is_gap = self.dead, self.live, self.groups, self.prepared.is_gap
        for idx in indices:
            if idx not in dead:
                dead.add(idx)
                group = groups[idx]
                live[group] -= 1
                if not live[group]:
                    self._live_key = None
                if is_gap[idx]:
                    self.gaps -= 1


def _group(c: Candidate) -> Group:
    return (c.type, c.label, c.subtype)


def _merging_neighbours(cand: Candidate) -> set[int]:
    """Tokens whose edit would merge with this deletion or insertion (the one before the
    gap and, for a deletion, the one after it)."""
    if cand.kind == "delete":
        return {cand.token - 1, cand.token + 1}
    return {cand.token - 1}


def _memoized(key: tuple, memo: dict):
    """``keyed_stream(*key)`` that keeps what it gave in ``memo`` (keyed draws are pure
    functions), made only when the memo lacks a number: a calibration round draws what the
    rounds before it drew."""
    draw = None

    def cached(*rest: object) -> float:
        nonlocal draw
        u = memo.get(rest)
        if u is None:
            if draw is None:
                draw = keyed_stream(*key)
            u = memo[rest] = draw(*rest)
        return u

    return cached


def _running_shares(weights: Sequence[float]) -> list[float] | int:
    """The running sums of the weights' shares, added up as :func:`.weighted_index` adds them
    (the number of weights when they are all zero: equal shares)."""
    total = sum(weights)
    if total <= 0:
        return len(weights)
    out, acc = [], 0.0
    for w in weights:
        acc += w / total
        out.append(acc)
    return out


def _share_index(shares: list[float] | int, u: float) -> int:
    """:func:`.weighted_index` of the weights whose :func:`_running_shares` these are: the same sums,
    so the same ``u`` falls on the same index (the sums never decrease, so a bisection finds
    it)."""
    if isinstance(shares, int):
        return min(int(u * shares), shares - 1)
    k = bisect_right(shares, u)
    return k if k < len(shares) else len(shares) - 1


def _weighted(items: Sequence, weights: Sequence[float], u: float):
    return items[weighted_index(weights, u)]
