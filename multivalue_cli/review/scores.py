"""Scoring judgments as the Multi-VALUE authors did.

Every judgment with a verdict is a vote on its item (acceptable or not) and on each of the
item's edits (wrong if listed in ``wrong_edits``, acceptable otherwise). An edit or item is
acceptable when more than half of its votes say so; a tie is not a majority, so it counts as
not acceptable (``ties`` says how often that happened). Only edits and items with at least
``min_votes`` votes are counted:

- a feature's accuracy: its instances (edits) judged acceptable / its instances counted;
- transformation accuracy: changed items judged acceptable / changed items counted (items
  without a change, the controls, are scored apart);
- agreement: Krippendorff's alpha (nominal) on the edit-level votes, annotators by edits
  (``alpha_items`` on the item verdicts). It is undefined (None) with fewer than two
  annotators on any unit or when every vote is the same.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Sequence

from .judgments import Judgment


def majority(votes: Sequence[bool]) -> bool:
    """Acceptable by a strict majority (a tie is not)."""
    return 2 * sum(votes) > len(votes)


def score(items: dict[str, dict], judgments: Sequence[Judgment], min_votes: int = 1) -> dict:
    item_votes: dict[str, dict[str, bool]] = defaultdict(dict)
    edit_votes: dict[tuple[str, str], dict[str, bool]] = defaultdict(dict)
    judged_by: dict[str, int] = defaultdict(int)
    for j in judgments:
        if j.acceptable is None:
            continue
        judged_by[j.annotator] += 1
        item_votes[j.item][j.annotator] = j.acceptable
        for e in items[j.item]["edits"]:
            edit_votes[(j.item, e["edit"])][j.annotator] = e["edit"] not in j.wrong_edits
    features = _feature_accuracy(items, edit_votes, min_votes)
    changed = {i: v for i, v in item_votes.items() if not items[i]["control"]}
    controls = {i: v for i, v in item_votes.items() if items[i]["control"]}
    annotators = sorted(judged_by)
    counted_edits = [v for v in edit_votes.values() if len(v) >= min_votes]
    return {
        "min_votes": min_votes,
        "annotators": {name: judged_by[name] for name in annotators},
        "items": {"exported": sum(not i["control"] for i in items.values()),
                  "judged": len(changed),
                  "counted": sum(len(v) >= min_votes for v in changed.values())},
        "transformation_accuracy": _accuracy(changed.values(), min_votes),
        "controls": {"accuracy": _accuracy(controls.values(), min_votes),
                     "n": sum(len(v) >= min_votes for v in controls.values())},
        "alpha": krippendorff_alpha(list(edit_votes.values()), annotators),
        "alpha_items": krippendorff_alpha(list(item_votes.values()), annotators),
        "edits_counted": len(counted_edits),
        "ties": {"edits": sum(_tie(v) for v in counted_edits),
                 "items": sum(_tie(v) for v in item_votes.values() if len(v) >= min_votes)},
        "features": features,
    }


def _feature_accuracy(items: dict[str, dict], edit_votes: dict, min_votes: int) -> dict[str, dict]:
    """Accuracy, n and eWAVE number of every feature in the review (accuracy None if n is 0)."""
    instances: dict[str, list[dict[str, bool]]] = defaultdict(list)
    ewave: dict[str, int] = {}
    for item_id, item in items.items():
        for e in item["edits"]:
            ewave[e["feature"]] = e["ewave"]
            instances[e["feature"]].append(edit_votes.get((item_id, e["edit"]), {}))
    result = {}
    for name in sorted(instances):
        counted = [v for v in instances[name] if len(v) >= min_votes]
        good = sum(majority(list(v.values())) for v in counted)
        result[name] = {"accuracy": round(good / len(counted), 4) if counted else None,
                        "n": len(counted), "acceptable": good, "ewave": ewave[name]}
    return result


def _accuracy(votes: object, min_votes: int) -> float | None:
    counted = [list(v.values()) for v in votes if len(v) >= min_votes]
    return round(sum(map(majority, counted)) / len(counted), 4) if counted else None


def _tie(votes: dict[str, bool]) -> bool:
    return 2 * sum(votes.values()) == len(votes)


def krippendorff_alpha(units: list[dict[str, bool]], annotators: list[str]) -> float | None:
    """Nominal alpha over units (each a vote per annotator); None when it is undefined."""
    import krippendorff
    import numpy as np

    if len(annotators) < 2 or not any(len(u) >= 2 for u in units):
        return None
    data = np.full((len(annotators), len(units)), np.nan)
    row = {name: k for k, name in enumerate(annotators)}
    for col, unit in enumerate(units):
        for name, vote in unit.items():
            data[row[name], col] = float(vote)
    pairable = data[:, (~np.isnan(data)).sum(axis=0) >= 2]
    if len(np.unique(pairable[~np.isnan(pairable)])) < 2:
        return None  # every pairable vote is the same: no disagreement to expect, alpha is 0/0
    return round(float(krippendorff.alpha(reliability_data=data, level_of_measurement="nominal")), 4)
