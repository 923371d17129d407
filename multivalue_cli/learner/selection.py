"""Choosing which candidates become edits, with keyed randomness only.

How many: the expected number of edits in a text is ``rate x boost x unprotected tokens``;
the count is that number rounded up or down at random (keyed stochastic rounding), so it is
unbiased per text and the mean rate over many texts converges on the target. It is capped by
the text's *capacity*: the injector draws every edit the text can take, in order, and keeps
the first ``count`` (edits freeze their token and isolate deletions and insertions, so the
draw ends when no candidate is left).

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
from typing import Mapping, Sequence

from ..engine.apply import keyed_stream, keyed_uniform
from .candidates import Candidate, Chosen
from .profile import ErrorProfile

Group = tuple[str, str, str]  # type, label, spelling kind
TREE_CACHE_SIZE = 4096  # sets of live groups kept per selector (a few hundred in a corpus)


def edit_count(expected: float, cap: int, *key: object) -> int:
    """``expected`` rounded up with probability equal to its fraction (keyed), capped."""
    whole = math.floor(expected)
    if keyed_uniform(*key, "count") < expected - whole:
        whole += 1
    return min(whole, cap)


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
        ordered = sorted(candidates, key=lambda c: (c.token, c.signature()))
        return Prepared([c for c in ordered if self.weight(c) > 0], words)

    def choose(self, candidates: "Sequence[Candidate] | Prepared", count: int, *key: object,
               words: Sequence[str] = ()) -> list[Chosen]:
        """Choose up to ``count`` edits on distinct tokens (see :class:`_Pool` for which
        candidates an edit rules out). ``candidates`` may come :meth:`prepare`-d (then
        ``words`` are its own)."""
        prepared = candidates if isinstance(candidates, Prepared) else self.prepare(candidates, words)
        pool = _Pool(prepared)
        draw = keyed_stream(*key)
        chosen: list[Chosen] = []
        for n in range(count):
            live = pool.live_groups()
            if not live:
                break
            group = self._draw_group(live, draw, n)
            cand = pool.pick(group, lambda k: draw("site", n, k))
            text = ""
            if cand.choices:
                choices = list(zip(cand.choices, cand.weights or [1.0] * len(cand.choices)))
                if cand.kind == "insert":
                    choices = [(w, v) for w, v in choices if w not in pool.deleted]
                text = _weighted([w for w, _ in choices], [v for _, v in choices],
                                 draw("choice", cand.token, cand.label))
            chosen.append(Chosen(cand, text))
            if n + 1 < count:  # what the edit rules out matters only to the draws after it
                pool.apply(cand, text)
        return chosen

    def _draw_group(self, live: Sequence[Group], draw, n: int) -> Group:
        """Type, then label, then spelling kind, each by its weight among those still live."""
        types, type_weights, labels_of = self._tree(live)
        type_ = types[0] if len(types) == 1 else _weighted(types, type_weights, draw(n, "type"))
        labels, label_weights, kinds_of = labels_of[type_]
        label = _weighted(labels, label_weights, draw(n, "label"))
        kinds, kind_weights = kinds_of[label]
        kind = _weighted(kinds, kind_weights, draw(n, "kind")) if type_ == "spell" else kinds[0]
        return (type_, label, kind)

    def _tree(self, live: Sequence[Group]) -> tuple:
        """The live types, labels and kinds in draw order with their weights, made once per
        set of live groups: texts and draws meet the same few sets again and again."""
        key = frozenset(live)
        tree = self._trees.get(key)
        if tree is None:
            if len(self._trees) >= TREE_CACHE_SIZE:
                self._trees.clear()
            labels_of = {}
            for type_ in sorted({g[0] for g in live}):
                kinds_of = {}
                for label in sorted({g[1] for g in live if g[0] == type_}):
                    kinds = sorted({g[2] for g in live if g[0] == type_ and g[1] == label})
                    weights = [self.profile.spelling[k] for k in kinds] if type_ == "spell" else []
                    kinds_of[label] = (kinds, weights)
                labels = sorted(kinds_of)
                labels_of[type_] = (labels, [self.label_weight(type_, l) for l in labels], kinds_of)
            types = sorted(labels_of)
            tree = self._trees[key] = (types, [self.type_weight(t) for t in types], labels_of)
        return tree


class Prepared:
    """Candidates in draw order with what every draw over them starts from: the members of
    each group (and their cumulative site weights), the candidates on each token, the
    insertions and deletions. Read-only; each :class:`_Pool` keeps its own changes."""

    __slots__ = ("cands", "words", "groups", "members", "cumulative", "by_token", "live", "insertions",
                 "deletions")
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
        self.cumulative: dict[Group, list[float]] = {}  # filled as groups are first drawn from
        self.insertions: dict[str, list[int]] = defaultdict(list)
        self.deletions: dict[str, list[int]] = defaultdict(list)
        for idx, c in enumerate(candidates):
            if c.kind == "insert":
                for word in dict.fromkeys(c.choices):
                    self.insertions[word].append(idx)
            elif c.kind == "delete" and words:
                self.deletions[words[c.token]].append(idx)


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
        self.by_token = prepared.by_token
        self.insertions = prepared.insertions
        self.deletions = prepared.deletions
        self.members = dict(prepared.members)  # a group's list is replaced, never changed
        self.cumulative: dict[Group, list[float]] = {}  # of compacted lists
        self.live = dict(prepared.live)
        self.dead: set[int] = set()
        self.frozen: set[int] = set()
        self.deleted: set[str] = set()
        self.inserted: set[str] = set()

    def live_groups(self) -> list[Group]:
        return [g for g, n in self.live.items() if n > 0]

    def pick(self, group: Group, draw) -> Candidate:
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
        for attempt in range(64):
            idx = members[min(bisect_right(cumulative, draw(attempt) * cumulative[-1]), len(members) - 1)]
            if idx not in self.dead:
                return self.cands[idx]
        alive = [i for i in members if i not in self.dead]
        return self.cands[alive[_index([self.cands[i].site for i in alive], draw(64))]]

    def apply(self, cand: Candidate, text: str) -> None:
        self._freeze(cand.token)
        if cand.kind != "replace":
            for t in _neighbours(cand):  # untouched, but no longer editable
                for idx in self.by_token.get(t, ()):
                    self._kill(idx)
        if not self.words:
            return
        # a word deleted (or inserted) again rules out nothing its first time did not
        if cand.kind == "delete" and self.words[cand.token] not in self.deleted:
            word = self.words[cand.token]
            self.deleted.add(word)
            for idx in self.insertions.get(word, ()):  # only those that could insert it
                if idx not in self.dead and all(w in self.deleted for w in self.cands[idx].choices):
                    self._kill(idx)
        elif cand.kind == "insert" and text.lower() not in self.inserted:
            word = text.lower()
            self.inserted.add(word)
            for idx in self.deletions.get(word, ()):
                self._kill(idx)

    def _freeze(self, token: int) -> None:
        """``token`` is edited: no other edit on it, and no deletion or insertion beside it."""
        self.frozen.add(token)
        for t in (token - 1, token, token + 1):
            for idx in self.by_token.get(t, ()):
                c = self.cands[idx]
                if c.token == token or (c.kind != "replace" and token in _neighbours(c)):
                    self._kill(idx)

    def _kill(self, idx: int) -> None:
        if idx not in self.dead:
            self.dead.add(idx)
            self.live[self.groups[idx]] -= 1


def _group(c: Candidate) -> Group:
    return (c.type, c.label, c.subtype)


def _neighbours(cand: Candidate) -> set[int]:
    """Tokens whose edit would merge with this deletion or insertion (the one before the
    gap and, for a deletion, the one after it)."""
    if cand.kind == "delete":
        return {cand.token - 1, cand.token + 1}
    return {cand.token - 1}


def _weighted(items: Sequence, weights: Sequence[float], u: float):
    return items[_index(weights, u)]


def _index(weights: Sequence[float], u: float) -> int:
    """The index ``u`` (uniform in [0, 1)) falls on, each index taking its weight's share
    (equal shares when the weights are all zero)."""
    total = sum(weights)
    if total <= 0:
        return min(int(u * len(weights)), len(weights) - 1)
    acc = 0.0
    for k, w in enumerate(weights):
        acc += w / total
        if u < acc:
            return k
    return len(weights) - 1
