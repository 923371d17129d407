"""The learner-error injector: configuration, per-text injection, counterfactual pairs.

The rate is token-level: ``distance / unprotected``, where ``distance`` is the Levenshtein
distance between the clean and errored token sequences and ``unprotected`` counts the
non-space tokens (punctuation included) that are not protected. See :mod:`.selection` for how
a text's number of edits is drawn and :mod:`.rate` for run-level calibration.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..engine.apply import AppliedEdit
from . import determiners, prepositions, spelling, verbs
from .candidates import Candidate, Finder
from .pairs import align_members
from .profile import TYPES, ErrorProfile, load_error_profile
from ..protection import Protection, Span, protected_tokens
from .rate import rate_summary, reachable, solve_boost
from .render import Sentences, render_errors, side_effects
from .selection import Chosen, Prepared, Selector, edit_count

if TYPE_CHECKING:
    from spacy.tokens import Doc

# The finder of each error type (see :class:`.candidates.Finder`).
FINDERS: dict[str, Finder] = {
    "det": determiners.determiner_candidates,
    "prep": prepositions.preposition_candidates,
    "verb": verbs.verb_candidates,
    "spell": spelling.spelling_candidates,
}
MIXED = "learner"
DEFAULT_ERROR_RATE = 0.1  # without a level or a rate asked for


def resolve_types(types: Iterable[str]) -> tuple[str, ...]:
    """``("learner",)`` means all four types; otherwise each name must be a type."""
    out: list[str] = []
    for name in types:
        if name == MIXED:
            out.extend(TYPES)
        elif name in TYPES:
            out.append(name)
        else:
            raise ValueError(f"unknown error type {name!r} (expected {', '.join(TYPES)} or {MIXED})")
    if not out:
        raise ValueError("no error type selected")
    return tuple(t for t in TYPES if t in out)


@dataclass(frozen=True)
class ErrorConfig:
    """What to inject. ``boost`` scales every text's expected edit count, ``boosts`` that of
    the texts of one field (``(field path, boost)`` pairs; a field not listed takes
    ``boost``), and ``adjust`` weighs ERRANT types against the profile's shares (``(label,
    factor)`` pairs); leave them as they are unless a calibration pass over the data
    computed them (see :mod:`.rate`)."""

    types: tuple[str, ...]
    rate: float
    profile: ErrorProfile = field(default_factory=lambda: load_error_profile(None))
    seed: int = 0
    protect_terms: tuple[str, ...] = ()
    protect_regex: tuple[str, ...] = ()
    protect_tags: tuple[str, ...] = ()  # Penn tags of tokens no learner error may touch
    boost: float = 1.0
    boosts: tuple[tuple[str, float], ...] = ()
    adjust: tuple[tuple[str, float], ...] = ()

    def __post_init__(self) -> None:
        if not 0.0 <= self.rate <= 1.0:
            raise ValueError(f"error rate must be between 0 and 1, got {self.rate}")
        if self.boost <= 0 or any(b <= 0 for _, b in self.boosts):
            raise ValueError(f"boost must be positive, got {self.boost}")
        object.__setattr__(self, "types", resolve_types(self.types))
        if isinstance(self.protect_tags, str):
            raise ValueError(f"protect_tags takes a sequence of tags, got the string {self.protect_tags!r}")
        object.__setattr__(self, "protect_tags", tuple(dict.fromkeys(self.protect_tags)))

    @classmethod
    def from_options(cls, types: str | Sequence[str], rate: float | None = None,
                     profile_path: str | None = None, level: str | None = None, seed: int = 0,
                     boost: float = 1.0) -> "ErrorConfig":
        """The configuration of the keyword API and the command line: ``types`` may be one
        comma-separated string; ``rate`` defaults to the level's own (:func:`error_rate_for`)."""
        if isinstance(types, str):
            types = tuple(t.strip() for t in types.split(","))
        profile = load_error_profile(profile_path, level)
        return cls(types=tuple(types), rate=error_rate_for(rate, profile), profile=profile, seed=seed,
                   boost=boost)

    def boost_for(self, path: str) -> float:
        """The boost of the field that ``path`` (a concrete location) belongs to."""
        if not self.boosts:
            return self.boost
        from ..io.fields import field_of

        boosts = dict(self.boosts)
        return boosts.get(path) or boosts.get(field_of(path, list(boosts)), self.boost)


def error_rate_for(rate: float | None, profile: ErrorProfile) -> float:
    """The rate asked for, else the level's own rate, else the default."""
    if rate is not None:
        return rate
    return profile.rate if profile.level is not None and profile.rate is not None else DEFAULT_ERROR_RATE


@dataclass(slots=True)
class LearnerStats:
    """What the run-level error rate needs from one text; a long text's pieces add up."""

    distance: int
    unprotected: int
    capacity: int
    expected: float
    per_label: dict[str, int]  # edits per ERRANT type (each edit is one unit of distance)

    def __add__(self, other: "LearnerStats") -> "LearnerStats":
        per_label = dict(self.per_label)
        for label, n in other.per_label.items():
            per_label[label] = per_label.get(label, 0) + n
        return LearnerStats(self.distance + other.distance, self.unprotected + other.unprotected,
                            self.capacity + other.capacity, self.expected + other.expected, per_label)


@dataclass(slots=True)
class LearnerResult:
    """Like :class:`multivalue_cli.engine.apply.Result`, plus what the rate needs."""

    text: str
    edits: list[AppliedEdit] = field(default_factory=list)
    distance: int = 0  # token Levenshtein distance, clean -> errored
    unprotected: int = 0  # the rate's denominator
    capacity: int = 0  # most edits this text allows
    expected: float = 0.0  # rate x boost x unprotected, before rounding and capping
    failures: list[str] = field(default_factory=list)

    @property
    def rate(self) -> float | None:
        return self.distance / self.unprotected if self.unprotected else None

    @property
    def per_label(self) -> dict[str, int]:
        return dict(Counter(e.feature for e in self.edits))

    def stats(self) -> LearnerStats:
        return LearnerStats(self.distance, self.unprotected, self.capacity, self.expected, self.per_label)


@dataclass(slots=True)
class _Plan:
    """A parsed text ready for selection: its protected tokens and its candidates."""

    doc: "Doc"
    protected: set[int]
    candidates: list[Candidate]
    sentences: Sentences
    failures: list[str] = field(default_factory=list)
    prepared: "Prepared | None" = None  # the candidates in draw order (see LearnerInjector.prepared)
    orders: dict = field(default_factory=dict)  # see LearnerInjector.draws
    _unprotected: int | None = None

    @property
    def unprotected(self) -> int:
        """The non-space tokens not protected (counted once; :meth:`protect` counts again)."""
        if self._unprotected is None:
            self._unprotected = sum(1 for t in self.doc if not t.is_space and t.i not in self.protected)
        return self._unprotected

    def protect(self, tokens: set[int]) -> None:
        self.protected |= tokens
        self._unprotected = None


class LearnerInjector:
    """Injects learner errors into parsed texts. Picklable; holds no per-text state."""

    def __init__(self, config: ErrorConfig) -> None:
        self.config = config
        self.protection = Protection(tuple(config.protect_terms), tuple(config.protect_regex))
        self.selector = Selector(config.types, config.profile, dict(config.adjust))
        # what a plan depends on (see _stored_plan)
        self._plan_key = ("learner", config.types, config.profile.fingerprint(),
                          tuple(config.protect_terms), tuple(config.protect_regex), config.protect_tags)

    # ------------------------------------------------------------------ single texts

    def inject(self, doc: "Doc", key: object = "", path: str = "",
               protected_spans: Sequence[Span] = (), store: dict | None = None) -> LearnerResult:
        """``store``: where a parsed text keeps what was found in it (a text that comes back,
        or was seen by the calibration pass, is not searched again)."""
        return self._inject_plan(self._stored_plan(doc, protected_spans, store), (self.config.seed, key, path))

    # ------------------------------------------------------------------ counterfactual pairs

    def inject_pair(self, docs: Sequence["Doc"], keys: Sequence[object], path: str = "",
                    protected_spans: Sequence[Sequence[Span]] | None = None,
                    pair_key: object = None) -> list[LearnerResult]:
        """Inject identical edits at aligned positions into records that differ only in a few
        tokens (a gendered word, a name). Tokens where the members differ are protected in
        all of them, so afterwards they differ exactly where they did before. Randomness is
        keyed by ``pair_key`` (the shared value of the pair field) or else by all ``keys``."""
        if len(docs) != len(keys):
            raise ValueError("inject_pair needs one key per document")
        if len(docs) == 1:
            return [self.inject(docs[0], key=keys[0], path=path,
                                protected_spans=(protected_spans or [()])[0])]
        spans = list(protected_spans) if protected_spans is not None else [()] * len(docs)
        plans = [self._plan(doc, s) for doc, s in zip(docs, spans)]
        alignment = align_members([p.doc for p in plans], [p.protected for p in plans])
        for plan, extra in zip(plans, alignment.protected):
            plan.protect(extra)
            plan.candidates = [c for c in plan.candidates
                               if self._allowed(plan.doc, c, plan.protected, plan.sentences)]
        shared = alignment.shared_candidates([p.candidates for p in plans])
        rng_key = (self.config.seed, pair_key if pair_key is not None else tuple(keys), path)
        order = self._order(shared, rng_key, _words(plans[0].doc))
        results = []
        for m, plan in enumerate(plans):
            mine = [alignment.to_member(c, m) for c in order]
            results.append(self._result(plan, mine, len(mine), rng_key))
        return results

    # ------------------------------------------------------------------ run level

    def rate_summary(self, results: Sequence[LearnerResult]) -> dict[str, Any]:
        return rate_summary(results, self.config.rate)

    def reachable(self, results: Sequence[LearnerResult]) -> float:
        """The highest mean rate these texts allow (every eligible token edited)."""
        return reachable(results)

    def calibrate(self, results: Sequence[LearnerResult]) -> float:
        """The boost that brings the mean rate of these texts to the target despite texts
        that cannot take their share. Raises :class:`~.rate.UnreachableRate` when even
        editing every eligible token cannot reach the target."""
        return solve_boost([(r.unprotected, r.capacity) for r in results], self.config.rate)

    # ------------------------------------------------------------------ internals

    def _stored_plan(self, doc: "Doc", protected_spans: Sequence[Span], store: dict | None) -> _Plan:
        """The text's plan from ``store`` (made and kept there if missing). Plans depend on
        the selected types, the profile and the protection, not on the rate, factors or
        seed; kept plans are not changed (pairs make their own)."""
        if store is None:
            return self._plan(doc, protected_spans)
        key = (self._plan_key, tuple(map(tuple, protected_spans)))
        plan = store.get(key)
        if plan is None:
            plan = store[key] = self._plan(doc, protected_spans)
        return plan

    def _plan(self, doc: "Doc", protected_spans: Sequence[Span]) -> _Plan:
        spans = list(protected_spans) + self.protection.doc_spans(doc)
        protected = protected_tokens(doc, spans)
        if self.config.protect_tags:
            protected |= {t.i for t in doc if t.tag_ in self.config.protect_tags}
        tokens = [t for t in doc if not t.is_space and t.i not in protected]  # read once for all finders
        free = {t.i for t in tokens}
        candidates: list[Candidate] = []
        failures: list[str] = []
        for type_ in self.config.types:
            try:
                candidates.extend(FINDERS[type_](doc, self.config.profile, free, tokens))
            except Exception as exc:  # a broken finder costs its own edits on this text only
                failures.append(f"learner:{type_}: {type(exc).__name__}: {exc}")
        sentences = Sentences(doc)
        if protected:  # else every candidate is allowed
            candidates = [c for c in candidates if self._allowed(doc, c, protected, sentences)]
        return _Plan(doc, protected, candidates, sentences, failures)

    @staticmethod
    def _allowed(doc: "Doc", cand: Candidate, protected: set[int], sentences: Sentences) -> bool:
        """Neither the claimed token nor one whose rendering the edit changes as a side
        effect may be protected."""
        if cand.token in protected:
            return False
        return not side_effects(doc, cand.token, cand.kind, sentences) & protected

    def _order(self, candidates: list[Candidate], rng_key: tuple, words: Sequence[str]) -> list[Chosen]:
        """Every edit the text can take, in the order they are drawn. A text gets the first
        ``count`` of them, so its capacity is the length of this list, and for one seed the
        edits at a lower rate are a subset of those at a higher rate."""
        return self.selector.choose(candidates, len(candidates), *rng_key, words=words)

    def prepared(self, plan: _Plan) -> Prepared:
        """The plan's candidates in draw order, prepared once: a kept plan serves the
        calibration and the injection, and what can be drawn does not depend on the factors."""
        if plan.prepared is None:
            plan.prepared = self.selector.prepare(plan.candidates, _words(plan.doc))
        return plan.prepared

    def draws(self, plan: _Plan, rng_key: tuple, need: int | None = None,
              memo: dict | None = None) -> tuple[list[Chosen], int]:
        """The text's first edits in draw order (at least ``need`` of them, all with None) and
        its capacity, kept on the plan for the selector's factors and the key: the
        calibration's capacities and the injection of the same text draw the same edits
        (``memo``: see :meth:`.Selector.choose`)."""
        key = (self.selector.adjust_key, rng_key)
        kept = plan.orders.get(key)
        if kept is None or len(kept[0]) < (kept[1] if need is None else min(need, kept[1])):
            kept = plan.orders[key] = self.selector.draw_order(self.prepared(plan), need, *rng_key, memo=memo)
        return kept

    def _expected(self, plan: _Plan, rng_key: tuple) -> float:
        return self.config.rate * self.config.boost_for(str(rng_key[2])) * plan.unprotected

    def _inject_plan(self, plan: _Plan, rng_key: tuple) -> LearnerResult:
        order, capacity = self.draws(plan, rng_key, math.ceil(self._expected(plan, rng_key)))
        return self._result(plan, order, capacity, rng_key)

    def _result(self, plan: _Plan, order: list[Chosen], capacity: int, rng_key: tuple) -> LearnerResult:
        """The text with the first edits of ``order`` that its expected count (rounded, and
        capped by its ``capacity``) takes."""
        n = plan.unprotected
        expected = self._expected(plan, rng_key)
        count = edit_count(expected, capacity, *rng_key)
        chosen = order[:count]
        if not chosen:
            return LearnerResult(plan.doc.text, [], 0, n, capacity, expected, plan.failures)
        out = render_errors(plan.doc, chosen, plan.sentences)
        return LearnerResult(out.text, out.edits, out.distance, n, capacity, expected, plan.failures)


def _words(doc: "Doc") -> list[str]:
    return [t.lower_ for t in doc]
