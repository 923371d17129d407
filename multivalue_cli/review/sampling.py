"""Which texts of a run reviewers see: a sample stratified by feature, the same for a seed.

Every text gets a priority keyed by (seed, input row, field path), so the sample depends only
on the run and the options, never on the order the log is read in. For each feature that fired,
the lowest-priority texts holding it are kept as candidates (a bounded number: the log is
streamed, not held; only ``controls`` needs the set of every edited text). Items are then taken round-robin, rarest feature first: each feature still
short of ``per_feature`` instances takes its next candidate, and every instance in a chosen text
counts for its feature, so frequent features reach their quota through the texts of rare ones.
With ``max_items`` the rounds stop there, which keeps the rare features in.

An *instance* is one row of the edit log: one feature at one site. Edits the engine merged
(sites that touch) share one span; an item lists one edit per instance, with the shared span.
"""
from __future__ import annotations

import hashlib
import heapq
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Hashable, Sequence

from ..engine.apply import AppliedEdit, keyed_uniform
from ..io.fields import STAR, FieldError, Match, Step, parse_path
from ..reports.examples import edit_spans, make_example
from ..reports.run_folder import ReportError, edit_log, error_rows, read_manifest, record_texts, rows_and_records
from . import ReviewError

MAX_TEXT_CHARS = 2000  # longer texts are not shown to reviewers (counted in ``skipped_long``)
CANDIDATE_SLACK = 2  # candidates kept per feature, as a multiple of per_feature
LOG_COLUMNS = ("key", "field", "ewave", "feature", "start", "end", "before", "after")

Text = tuple[int, str]  # (input row, concrete field path)


@dataclass(frozen=True)
class SampleOptions:
    per_feature: int = 10
    max_items: int | None = None
    seed: int = 0
    fields: tuple[str, ...] = ()
    controls: int = 0  # unchanged texts of the selected fields, to see how reviewers judge those


@dataclass
class Sample:
    items: list[dict]
    manifest: dict
    features: dict[str, dict]  # name -> {"ewave", "in_run", "in_review"}
    skipped_long: int


class _Lowest:
    """The ``k`` entries of lowest priority seen so far, each entry at most once."""

    def __init__(self, k: int) -> None:
        self.k = k
        self._heap: list[tuple[float, Hashable]] = []
        self._members: set = set()

    def add(self, priority: float, entry: Hashable) -> None:
        if self.k <= 0 or entry in self._members:
            return
        if len(self._heap) < self.k:
            heapq.heappush(self._heap, (-priority, entry))
            self._members.add(entry)
        elif -self._heap[0][0] > priority:
            _, dropped = heapq.heapreplace(self._heap, (-priority, entry))
            self._members.discard(dropped)
            self._members.add(entry)

    def entries(self) -> list:
        """Lowest priority first."""
        return [entry for _, entry in sorted((-p, e) for p, e in self._heap)]


def priority(seed: int, text: Text, purpose: str = "sample") -> float:
    return keyed_uniform("review", purpose, seed, text[0], text[1])


def item_id(row: int, path: str, original: str, transformed: str) -> str:
    """Stable across exports of the same output, different for another output of the row."""
    payload = "\x1f".join((str(row), path, original, transformed)).encode()
    return "i" + hashlib.blake2b(payload, digest_size=5).hexdigest()


def field_filter(patterns: Sequence[str]) -> Callable[[str], bool]:
    """Whether a concrete path (``questions[2]``) is one of ``patterns`` (``questions``,
    ``questions[*]``, ``dialog.turns[*].text``); every path when there are none."""
    try:
        parsed = [parse_path(p) for p in patterns]
    except FieldError as exc:
        raise ReviewError(f"--field: {exc}") from None
    if not parsed:
        return lambda path: True

    def wanted(path: str) -> bool:
        steps = parse_path(path)
        return any(_matches(p, steps) for p in parsed)

    return wanted


def _matches(pattern: tuple[Step, ...], steps: tuple[Step, ...]) -> bool:
    if len(steps) == len(pattern) + 1 and isinstance(steps[-1], int):
        steps = steps[:-1]  # a path naming a list of strings selects its elements
    return len(steps) == len(pattern) and all(
        p == s or ((p is STAR or isinstance(p, Match)) and isinstance(s, int)) for p, s in zip(pattern, steps))


def sample_run(run: Path, opts: SampleOptions) -> Sample:
    """The review items of a finished run (see the module docstring)."""
    try:
        manifest = read_manifest(run)
    except ReportError as exc:
        raise ReviewError(str(exc)) from None
    if manifest.get("run", {}).get("errors") or not manifest.get("profile"):
        raise ReviewError(f"{run}: a review judges dialect features, and this run injected learner "
                          "errors (--errors), which reviewers would judge too; export a run made "
                          "without --errors")
    wanted = field_filter(opts.fields)
    failed, _ = error_rows(run)
    pools, in_run, ewave, edited = _candidates(run, manifest, opts, wanted, failed)
    if not in_run:
        where = f" in --field {', '.join(opts.fields)}" if opts.fields else ""
        raise ReviewError(f"{run}: the run changed no text{where} (its fields: "
                          f"{', '.join(manifest.get('fields', []))}); there is nothing to review")
    wanted_texts = {t for pool in pools.values() for t in pool.entries()}
    edits = _edits_of(run, manifest, wanted_texts)
    dialect = manifest["profile"]["abbreviation"]
    built, controls = _texts(run, manifest, opts, wanted, failed, edits, edited, dialect)
    long = {t for t in wanted_texts if t not in built}
    chosen = _choose({f: [t for t in pool.entries() if t in built] for f, pool in pools.items()},
                     built, in_run, opts)
    items = [built[t] for t in chosen] + controls
    items.sort(key=lambda item: priority(opts.seed, (item["key"], item["field"]), "order"))
    in_review = Counter(e["feature"] for item in items for e in item["edits"])
    features = {f: {"ewave": ewave[f], "in_run": in_run[f], "in_review": in_review[f]}
                for f in sorted(in_run)}
    return Sample(items, manifest, features, len(long))


def _candidates(run: Path, manifest: dict, opts: SampleOptions, wanted, failed: set[int]):
    """Pass over the log: per feature, the lowest-priority texts holding it; instances per
    feature; with controls, every edited text (controls are the texts with no edit)."""
    pools: dict[str, _Lowest] = defaultdict(lambda: _Lowest(CANDIDATE_SLACK * opts.per_feature))
    in_run: Counter = Counter()
    ewave: dict[str, int] = {}
    edited: set[Text] = set()
    for e in edit_log(run, manifest, ("key", "field", "ewave", "feature")):
        if e["key"] in failed or not wanted(e["field"]):
            continue
        text = (e["key"], e["field"])
        if opts.controls:  # the only set that grows with the run: controls are texts not in it
            edited.add(text)
        in_run[e["feature"]] += 1
        ewave[e["feature"]] = e["ewave"]
        pools[e["feature"]].add(priority(opts.seed, text), text)
    return pools, in_run, ewave, edited


def _edits_of(run: Path, manifest: dict, texts: set[Text]) -> dict[Text, list[AppliedEdit]]:
    found: dict[Text, list[AppliedEdit]] = defaultdict(list)
    for e in edit_log(run, manifest, LOG_COLUMNS):
        if (e["key"], e["field"]) in texts:
            found[(e["key"], e["field"])].append(
                AppliedEdit(e["ewave"], e["feature"], e["start"], e["end"], e["before"], e["after"]))
    return found


def _texts(run: Path, manifest: dict, opts: SampleOptions, wanted, failed: set[int],
           edits: dict[Text, list[AppliedEdit]], edited: set[Text], dialect: str):
    """Pass over the data: the items of the candidate texts (those short enough to show) and
    the control items."""
    built: dict[Text, dict] = {}
    controls = _Lowest(opts.controls)
    for row, record in rows_and_records(run, manifest):
        if row is None:
            raise ReviewError(f"{run}: the written records cannot be matched to input rows")
        if row in failed:
            continue
        located = record_texts(record, manifest)
        for path, text in located:
            key = (row, path)
            if key in edits:
                example = make_example(row, path, record, edits[key], manifest)
                if max(len(example.original), len(example.output)) <= MAX_TEXT_CHARS:
                    built[key] = make_item(row, path, dialect, example.original, example.output,
                                           edits[key])
            elif (opts.controls and key not in edited and wanted(path) and text.strip()
                  and len(text) <= MAX_TEXT_CHARS):
                controls.add(priority(opts.seed, key, "control"), (row, path, text))
    return built, [make_item(row, path, dialect, text, text, [], control=True)
                   for row, path, text in controls.entries()]


def _choose(pools: dict[str, list[Text]], built: dict[Text, dict], in_run: Counter,
            opts: SampleOptions) -> list[Text]:
    """Round-robin over the features, rarest first, until each has ``per_feature`` instances
    (or all its candidates) or ``max_items`` texts are chosen."""
    counts = {t: Counter(e["feature"] for e in item["edits"]) for t, item in built.items()}
    need = {f: min(opts.per_feature, sum(counts[t][f] for t in pool)) for f, pool in pools.items()}
    order = sorted(pools, key=lambda f: (in_run[f], f))
    covered: Counter = Counter()
    chosen: list[Text] = []
    shown: set[tuple[str, str]] = set()  # a text repeated in the data (BBQ contexts) is shown once
    remaining = {f: iter(pool) for f, pool in pools.items()}
    progressed = True
    while progressed:
        progressed = False
        for feature in order:
            if covered[feature] >= need[feature]:
                continue
            if opts.max_items is not None and len(chosen) >= opts.max_items:
                return chosen
            text = next((t for t in remaining[feature] if _content(built[t]) not in shown), None)
            if text is None:  # the rest of its candidates repeat texts already chosen
                need[feature] = 0
                continue
            shown.add(_content(built[text]))
            chosen.append(text)
            covered.update(counts[text])
            progressed = True
    return chosen


def _content(item: dict) -> tuple[str, str]:
    return item["original"], item["transformed"]


def make_item(row: int, path: str, dialect: str, original: str, transformed: str,
              edits: list[AppliedEdit], control: bool = False) -> dict:
    """One review item: spans in the transformed text (``start``/``end``) and in the original
    (``original_start``/``original_end``); edits that were merged share their span."""
    spans = {(s.start, s.end, s.before, s.after): s for s in edit_spans(edits)}
    items = []
    for n, e in enumerate(sorted(edits, key=lambda e: (e.start, e.end, e.ewave, e.feature)), 1):
        span = spans[(e.start, e.end, e.before, e.after)]
        if transformed[span.out_start:span.out_end] != e.after or original[e.start:e.end] != e.before:
            raise ReviewError(f"row {row}, {path}: the edit log does not match the data "
                              "(`multivalue verify` checks the folder)")
        items.append({"edit": f"e{n}", "feature": e.feature, "ewave": e.ewave,
                      "start": span.out_start, "end": span.out_end, "before": e.before,
                      "after": e.after, "original_start": e.start, "original_end": e.end})
    return {"item": item_id(row, path, original, transformed), "key": row, "field": path,
            "dialect": dialect, "original": original, "transformed": transformed,
            "control": control, "edits": items}
