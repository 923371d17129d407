"""Run-level rate: the summary for the manifest, the reachable maximum, and the boost.

Per text, the number of edits is ``round(rate x boost x unprotected)`` (keyed stochastic
rounding), capped by the text's capacity. With ``boost = 1`` the mean rate over many texts
meets the target as long as few texts hit their cap - the usual case for the mixed
``learner`` type, whose spelling candidates cover almost every word. When a single type is
asked for at a high rate, short texts without enough eligible tokens fall short; then

* :func:`reachable` is the highest mean rate the data allows (every eligible token edited);
  below the target, the caller fails with "target R cannot be reached; the data allows at
  most M";
* otherwise :func:`solve_boost` finds the one factor that, applied to every text, raises the
  texts that have room enough to make up for the capped ones. It is a property of the whole
  data set (computed from a first pass over it, or over a fixed prefix of it), so output
  still does not depend on batching or worker count.
"""
from __future__ import annotations

from collections import Counter
from statistics import mean
from typing import Any, Protocol, Sequence

from ..errors import MultivalueError

TOLERANCE = 0.01  # the achieved mean must be within 1 percentage point of the target


class UnreachableRate(MultivalueError, ValueError):
    """The data cannot reach the target rate; ``maximum`` is the most it allows."""

    def __init__(self, target: float, maximum: float) -> None:
        super().__init__(f"target error rate {target:.3f} cannot be reached; "
                         f"the data allows at most {maximum:.3f}")
        self.target, self.maximum = target, maximum


class _Result(Protocol):
    distance: int
    unprotected: int
    capacity: int
    per_label: dict[str, int]


def reachable(results: Sequence[_Result]) -> float:
    """Mean over texts with unprotected tokens of ``capacity / unprotected``."""
    rates = [min(r.capacity, r.unprotected) / r.unprotected for r in results if r.unprotected]
    return mean(rates) if rates else 0.0


def expected_mean(sizes: Sequence[tuple[int, int]], rate: float, boost: float) -> float:
    """Expected mean rate for ``(unprotected, capacity)`` texts: E[min(round(x), c)] is
    ``min(x, c)`` for keyed stochastic rounding of ``x`` and an integer cap ``c``."""
    rates = [min(rate * boost * n, c) / n for n, c in sizes if n]
    return mean(rates) if rates else 0.0


def solve_boost(sizes: Sequence[tuple[int, int]], rate: float) -> float:
    """The smallest boost >= 1 whose expected mean rate meets ``rate`` (bisection)."""
    maximum = expected_mean(sizes, 1.0, float("inf")) if sizes else 0.0
    if maximum < rate - 1e-12:
        raise UnreachableRate(rate, maximum)
    if rate == 0 or expected_mean(sizes, rate, 1.0) >= rate:
        return 1.0
    lo, hi = 1.0, 2.0
    while expected_mean(sizes, rate, hi) < rate:
        hi *= 2
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if expected_mean(sizes, rate, mid) < rate else (lo, mid)
    return hi


def rate_summary(results: Sequence[_Result], target: float) -> dict[str, Any]:
    """Target, achieved mean, per-text distribution and per-label counts, for the manifest."""
    rates = sorted(r.distance / r.unprotected for r in results if r.unprotected)
    achieved = mean(rates) if rates else 0.0
    labels: Counter = Counter()
    for r in results:
        labels.update(r.per_label)
    return {
        "target": target,
        "achieved_mean": round(achieved, 6),
        "within_tolerance": abs(achieved - target) <= TOLERANCE,
        "reachable_max": round(reachable(results), 6),
        "texts": len(results),
        "texts_without_unprotected_tokens": sum(1 for r in results if not r.unprotected),
        "texts_at_capacity": sum(1 for r in results if r.unprotected and r.distance >= r.capacity > 0
                                 and r.capacity < getattr(r, "expected", 0)),
        "edits": sum(labels.values()),
        "per_label": dict(sorted(labels.items())),
        "percentiles": {f"p{p}": round(_percentile(rates, p), 6) for p in (0, 10, 25, 50, 75, 90, 100)},
        "histogram": _rate_histogram(rates),
    }


def label_distribution(per_label: dict[str, int], config) -> list[dict[str, Any]]:
    """Each ERRANT type's share of the injected edits beside its share in the profile (over
    the selected types), commonest in the profile first."""
    profile = config.profile
    mix_total = sum(profile.mix[t] for t in config.types)
    expected = {label: (profile.mix[t] / mix_total if len(config.types) > 1 else 1.0) * share
                for t in config.types for label, share in profile.operations[t].items()}
    total = sum(per_label.values())
    labels = sorted(set(expected) | set(per_label), key=lambda l: (-expected.get(l, 0.0), l))
    return [{"label": l, "profile": round(expected.get(l, 0.0), 4), "edits": per_label.get(l, 0),
             "injected": round(per_label.get(l, 0) / total, 4) if total else 0.0} for l in labels]


def total_variation(distribution: Sequence[dict[str, Any]]) -> float:
    """Half the summed absolute difference between the injected and the profile's shares."""
    return round(sum(abs(r["injected"] - r["profile"]) for r in distribution) / 2, 4)


def _percentile(sorted_values: Sequence[float], p: int) -> float:
    if not sorted_values:
        return 0.0
    k = round(p / 100 * (len(sorted_values) - 1))
    return sorted_values[k]


def _rate_histogram(rates: Sequence[float], width: float = 0.05) -> dict[str, int]:
    """Texts per rate bucket of ``width`` ("0.10-0.15": n); the last bucket is open."""
    counts: Counter[str] = Counter()
    top = 10
    for r in rates:
        b = min(int(r / width + 1e-9), top)
        counts[f"{b * width:.2f}+" if b == top else f"{b * width:.2f}-{(b + 1) * width:.2f}"] += 1
    return dict(sorted(counts.items()))
