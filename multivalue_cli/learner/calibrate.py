"""Fitting the injection to the data of a run, from a first pass over its first records.

Two things depend on the data, not only on the profile:

* **Availability.** A text offers some error types and not others (a sentence without an
  auxiliary cannot lose one), and a type or label with no candidate in a text gives its turn
  to the others. Over a data set that skews the injected distribution away from the
  profile's: the rarer a label's sites, the fewer edits it gets. :func:`fit_adjust` finds one
  factor per type and per label (iterative proportional fitting on the expected edit counts)
  that brings the injected shares back to the profile's, as far as the data allows; a label
  with no site at all keeps factor 1 and its share is reported, not faked.
* **Capacity.** Texts short of eligible tokens cannot take their share of the rate;
  :func:`field_sizes` gives, per selected field, each text's ``(unprotected tokens,
  capacity)`` so that :func:`.rate.solve_boost` can give every field its own boost (an
  instruction and an input are calibrated separately).

Both are computed once, from the same records whatever the batching, so output still
depends only on input, arguments and seed.
"""
from __future__ import annotations

import math
from collections import Counter, defaultdict
from dataclasses import replace
from typing import TYPE_CHECKING, Sequence

from .profile import LABELS
from .selection import Selector

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .injector import ErrorConfig, LearnerInjector

ROUNDS = 8
LIMITS = (0.05, 20.0)  # no factor goes beyond these: a label that barely occurs stays rare
MIN_EDITS = 3.0  # a type or label expected fewer times than this in the sample is left as it is
Spans = Sequence[tuple[int, int]]
# doc, key, path, protected spans (and, optionally, where the text keeps its plan)
Item = tuple["Doc", object, str, Spans] | tuple["Doc", object, str, Spans, dict]


def _plans(injector: "LearnerInjector", items: Sequence[Item]) -> list[tuple]:
    """``(plan, candidates prepared for drawing, unprotected tokens, key, path, memo)`` of
    each text: computed once, they serve every round of the fit and the capacities (which
    candidates can be drawn does not depend on the factors; ``memo`` keeps the text's random
    numbers, which do not depend on them either)."""
    out = []
    for doc, key, path, spans, *store in items:
        plan = injector._stored_plan(doc, spans, store[0] if store else None)
        out.append((plan, injector.prepared(plan), plan.unprotected, key, path, {}))
    return out


def expected_labels(injector: "LearnerInjector", plans: Sequence[tuple]) -> Counter:
    """Expected edits per label over the texts: the k-th edit a text draws counts with the
    chance that the text takes at least k edits (its stochastic rounding)."""
    counts: Counter = Counter()
    config = injector.config
    for _plan, prepared, unprotected, key, path, memo in plans:
        expected = config.rate * config.boost_for(path) * unprotected
        if expected <= 0:
            continue
        order = injector.selector.choose(prepared, math.ceil(expected), config.seed, key, path, memo=memo)
        for k, chosen in enumerate(order):
            counts[chosen.label] += min(max(expected - k, 0.0), 1.0)
    return counts


def fit(config: "ErrorConfig", items: Sequence[Item], fields: Sequence[str],
        ) -> tuple[tuple[tuple[str, float], ...], dict[str, list[tuple[int, int]]]]:
    """:func:`fit_adjust` and then :func:`field_sizes` under its factors, planning each text
    once."""
    from .injector import LearnerInjector

    plans = _plans(LearnerInjector(config), items)
    adjust = _fit_adjust(config, plans)
    return adjust, _field_sizes(LearnerInjector(replace(config, adjust=adjust)), plans, fields)


def fit_adjust(config: "ErrorConfig", items: Sequence[Item]) -> tuple[tuple[str, float], ...]:
    """Factors per type and label that bring the expected injected shares to the profile's."""
    from .injector import LearnerInjector

    return _fit_adjust(config, _plans(LearnerInjector(config), items))


def _fit_adjust(config: "ErrorConfig", plans: Sequence[tuple]) -> tuple[tuple[str, float], ...]:
    from .injector import LearnerInjector

    injector = LearnerInjector(config)
    profile = config.profile
    types = config.types
    mix_total = sum(profile.mix[t] for t in types)
    adjust: dict[str, float] = {}
    for _ in range(ROUNDS):
        injector.selector = Selector(types, profile, adjust)
        counts = expected_labels(injector, plans)
        total = sum(counts.values())
        if total <= 0:
            break
        for t in types:
            got = sum(counts[l] for l in LABELS[t])
            if len(types) > 1 and got >= MIN_EDITS and profile.mix[t] > 0:
                adjust[t] = _clamp(adjust.get(t, 1.0) * (profile.mix[t] / mix_total) / (got / total))
            for label in LABELS[t]:
                want = profile.operations[t].get(label, 0.0)
                if got > 0 and counts[label] >= MIN_EDITS and want > 0:
                    adjust[label] = _clamp(adjust.get(label, 1.0) * want / (counts[label] / got))
    return tuple(sorted((k, round(v, 4)) for k, v in adjust.items()))


def field_sizes(config: "ErrorConfig", items: Sequence[Item], fields: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    """Per selected field, ``(unprotected tokens, capacity)`` of each of its texts."""
    from .injector import LearnerInjector

    injector = LearnerInjector(config)
    return _field_sizes(injector, _plans(injector, items), fields)


def _field_sizes(injector: "LearnerInjector", plans: Sequence[tuple],
                 fields: Sequence[str]) -> dict[str, list[tuple[int, int]]]:
    from ..io.fields import field_of

    sizes: dict[str, list[tuple[int, int]]] = defaultdict(list)
    seed = injector.config.seed
    for plan, _prepared, unprotected, key, path, memo in plans:
        capacity = injector.draws(plan, (seed, key, path), need=0, memo=memo)[1]  # counted, mostly not drawn
        sizes[field_of(path, fields) or path].append((unprotected, capacity))
    return dict(sizes)


def _clamp(value: float) -> float:
    return min(max(value, LIMITS[0]), LIMITS[1])
