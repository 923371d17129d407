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

TOLERANCE = 0.01  # the achieved mean must be within 1 percentage point of the target


class UnreachableRate(ValueError):
    """The data cannot reach the target rate; ``maximum`` is the most it allows."""

    def __init__(self, target: float, maximum: float) -> None:
        super().__init__(f"target error rate {target:.3f} cannot be reached; "
                         f"the data allows at most {maximum:.3f}")
        self.target, self.maximum = target, maximum


class _Result(Protocol):
    distance: int
    unprotected: int
    capacity: int
    edits: list


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
    labels = Counter(e.feature for r in results for e in r.edits)
    return {
        "target": target,
        "achieved_mean": achieved,
        "within_tolerance": abs(achieved - target) <= TOLERANCE,
        "reachable_max": reachable(results),
        "texts": len(results),
        "texts_without_unprotected_tokens": sum(1 for r in results if not r.unprotected),
        "texts_at_capacity": sum(1 for r in results if r.unprotected and r.distance >= r.capacity > 0
                                 and r.capacity < getattr(r, "expected", 0)),
        "edits": sum(labels.values()),
        "per_type": dict(sorted(labels.items())),
        "percentiles": {f"p{p}": _percentile(rates, p) for p in (0, 10, 25, 50, 75, 90, 100)},
        "histogram": _histogram(rates),
    }


def _percentile(sorted_values: Sequence[float], p: int) -> float:
    if not sorted_values:
        return 0.0
    k = round(p / 100 * (len(sorted_values) - 1))
    return sorted_values[k]


def _histogram(rates: Sequence[float], width: float = 0.05) -> dict[str, int]:
    """Texts per rate bucket of ``width`` ("0.10-0.15": n); the last bucket is open."""
    counts: Counter[str] = Counter()
    top = 10
    for r in rates:
        b = min(int(r / width + 1e-9), top)
        counts[f"{b * width:.2f}+" if b == top else f"{b * width:.2f}-{(b + 1) * width:.2f}"] += 1
    return dict(sorted(counts.items()))
