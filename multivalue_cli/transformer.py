"""The Python API: ``Transformer(dialect="IndE").transform("He speaks English.")``.

A Transformer holds only its configuration; the spaCy pipeline and the engine are built on
first use in each process, so it pickles cheaply into ``datasets.map(num_proc=...)`` workers.

With ``errors=`` it also injects learner errors, after the dialect (when both are given): the
dialect's edits come first in the log, the learner errors' (eWAVE number 0, labelled with
their ERRANT type) second, with spans in the text the dialect produced.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable, Iterator, Mapping, Sequence

from .engine.apply import Engine, Prepared, Result
from .profiles import Profile, load_profile, profile_from_features
from .protection import Protection
from .run.collector import collecting_less

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .learner import ErrorConfig, LearnerInjector

CHUNK_CHARS = 20_000  # longer texts are rewritten piece by piece
# At most this much text is parsed at a time: the parse's arrays grow with it (about 1.3 KB a
# character: a worker over the BBQ contexts peaks at 380 MB with 25,000 characters, at 480 MB
# with 100,000, at the same speed) ...
WINDOW_CHARS = 25_000
# ... unless that is fewer texts than this: the parser advances the texts of a window together,
# one step for all, so pieces of a book parsed five at a time (100,000 characters) take 10%
# less time than one at a time.
WINDOW_MIN_TEXTS = 5
DEFAULT_CACHE_SIZE = 2_000  # parsed texts kept per process (see ParseCache)
CACHE_MAX_CHARS = 4_000  # longer texts (pieces of a book) are not kept: they seldom come back
# ... and at most this much text in all (a kept text costs about 60 bytes a character, its
# parse without vectors, index and sites: some 25 MB, measured on the realtext texts). The
# learner calibration's sample (at most 200,000 characters) stays for the run to reuse.
CACHE_TOTAL_CHARS = 400_000


def resolve_profile(
    dialect: str | Profile | None = None,
    features: Iterable[str | int] | Mapping[str | int, float] | None = None,
    *,
    only: Sequence[str] = (),
    exclude: Sequence[str] = (),
    density: float | None = None,
    required: bool = True,
) -> Profile | None:
    if dialect is not None and features is not None:
        raise ValueError("give either a dialect or a list of features, not both")
    if isinstance(dialect, Profile):
        profile = dialect
    elif dialect is not None:
        profile = load_profile(dialect)
    elif features is not None:
        profile = profile_from_features(features)
    elif required:
        raise ValueError("give a dialect (abbreviation, name or YAML path), features, or errors")
    else:
        return None
    if only or exclude:
        profile = profile.select(only, exclude)
    if density is not None:
        profile = profile.with_density(density)
    return profile


@dataclass(slots=True)
class LearnerStats:
    """What the run-level error rate needs from one text."""

    distance: int
    unprotected: int
    capacity: int
    expected: float
    per_label: dict[str, int]  # edits per ERRANT type (each edit is one unit of distance)


def _per_label(edits) -> dict[str, int]:
    counts: dict[str, int] = {}
    for edit in edits:
        counts[edit.feature] = counts.get(edit.feature, 0) + 1
    return counts


class Transformer:
    """Rewrite English text into a dialect (or with the given features), and/or inject
    learner errors.

    >>> t = Transformer(dialect="IndE", seed=0)
    >>> t = Transformer(features=["uninflect", 170])
    >>> t = Transformer(features={"uninflect": 0.5}, seed=3)
    >>> t = Transformer(errors="prep", error_rate=0.1, protect=["nurse", "he", "she"])
    >>> t = Transformer(error_level="B")  # W&I learners at CEFR level B, at their own rate

    ``error_level`` (A, B, C, N) takes the learner-error profile of that level of the
    W&I+LOCNESS corpus; without ``error_rate`` the rate is the level's own (the default
    profile's rate is 0.1). The profile's shares are used as they are: the command line also
    corrects them for what the data offers (see :mod:`multivalue_cli.learner.calibrate`).

    ``protect`` (terms), ``protect_regex`` and ``protect_quotes`` bind every stage: no dialect
    rule and no learner error touches what they match.
    """

    def __init__(
        self,
        dialect: str | Profile | None = None,
        features: Iterable[str | int] | Mapping[str | int, float] | None = None,
        seed: int = 0,
        *,
        only: Sequence[str] = (),
        exclude: Sequence[str] = (),
        density: float | None = None,
        errors: str | Sequence[str] | None = None,
        error_rate: float | None = None,
        error_profile: str | None = None,
        error_level: str | None = None,
        protect: Sequence[str] = (),
        protect_regex: Sequence[str] = (),
        protect_quotes: bool = False,
        protection: Protection | None = None,
        error_boost: float = 1.0,
        model: str | None = None,
        batch_size: int = 256,
        cache_size: int = DEFAULT_CACHE_SIZE,
    ) -> None:
        if error_level is not None and errors is None:
            errors = "learner"  # a level names a learner population: all four types
        self.profile = resolve_profile(dialect, features, only=only, exclude=exclude,
                                       density=density, required=errors is None)
        self.seed = seed
        self.model = model
        self.batch_size = batch_size
        self.protection = protection or Protection(tuple(protect), tuple(protect_regex),
                                                   protect_quotes)
        for pattern in self.protection.regex:
            try:
                re.compile(pattern)
            except re.error as exc:
                raise ValueError(f"protect regex {pattern!r}: {exc}") from None
        self.errors = _error_config(errors, error_rate, error_profile, error_level, seed, error_boost)
        self.cache_size = cache_size
        self._cache: ParseCache | None = None
        self._nlp = None
        self._engine: Engine | None = None
        self._injector: LearnerInjector | None = None
        if self.profile is not None:
            rules, self.missing_features = self.profile.split()
        else:
            rules, self.missing_features = [], []
        self.rule_names = [r.name for r, _ in rules]

    # Pickle only the configuration; each process loads its own pipeline.
    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["_nlp"] = None
        state["_engine"] = None
        state["_injector"] = None
        state["_cache"] = None
        return state

    @property
    def nlp(self):
        if self._nlp is None:
            from .engine.nlp import load_pipeline

            self._nlp = load_pipeline(self.model)
        return self._nlp

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            rules = self.profile.split()[0] if self.profile is not None else []
            self._engine = Engine(rules, self.seed)
        return self._engine

    @property
    def injector(self) -> "LearnerInjector | None":
        if self._injector is None and self.errors is not None:
            from .learner import LearnerInjector

            self._injector = LearnerInjector(self.errors)
        return self._injector

    def explain(self, text: str, key: object = "", path: str = "", trace: dict | None = None) -> Result:
        """The rewritten text and the edits that produced it (``trace``: see Engine.apply)."""
        if not text or not text.strip():
            return Result(text)
        if len(text) > CHUNK_CHARS:
            return self.explain_many_with_stats([text], [key], [path])[0][0]
        doc = self.nlp(text)
        result = self.engine.apply(doc, key, path, trace, self.protection.spans(text))
        if self.injector is None:
            return result
        reuse = Prepared(doc) if result.text == text else None
        return self._with_errors([result], [key], [path], [()], [reuse])[0][0]

    def transform(self, text: str) -> str:
        return self.explain(text).text

    def explain_many(
        self, texts: Sequence[str], keys: Sequence[object] | None = None,
        paths: Sequence[str] | None = None, protected: Sequence[Sequence[str]] | None = None,
    ) -> list[Result]:
        """Like :meth:`explain` for many texts, parsed in batches with ``nlp.pipe``.
        ``protected`` gives, per text, strings that no stage may touch (besides the
        Transformer's own ``protect``)."""
        return [r for r, _ in self.explain_many_with_stats(texts, keys, paths, protected)]

    def explain_many_with_stats(
        self, texts: Sequence[str], keys: Sequence[object] | None = None,
        paths: Sequence[str] | None = None, protected: Sequence[Sequence[str]] | None = None,
    ) -> list[tuple[Result, LearnerStats | None]]:
        """Texts longer than ``CHUNK_CHARS`` are cut at line or sentence ends into pieces that
        are rewritten one by one and put back together, so memory and time stay bounded. The
        garbage collector runs less often meanwhile (see :func:`.collector.collecting_less`)."""
        with collecting_less():
            return self._explain_many(texts, keys, paths, protected)

    def _explain_many(self, texts, keys, paths, protected) -> list[tuple[Result, LearnerStats | None]]:
        keys = keys if keys is not None else [""] * len(texts)
        paths = paths if paths is not None else [""] * len(texts)
        protected = protected if protected is not None else [()] * len(texts)
        if all(len(t) <= CHUNK_CHARS for t in texts if t):
            return self._explain_pieces(texts, keys, paths, protected)
        pieces, owners = [], []
        for k, text in enumerate(texts):
            for start, end in chunk_bounds(text or "", CHUNK_CHARS):
                pieces.append(text[start:end])
                owners.append((k, start))
            if not text:
                pieces.append(text)
                owners.append((k, 0))
        done = self._explain_pieces(pieces, [keys[k] for k, _ in owners], [paths[k] for k, _ in owners],
                                    [protected[k] for k, _ in owners])
        merged: list[list] = [[] for _ in texts]
        for (k, start), (result, stats), piece in zip(owners, done, pieces):
            merged[k].append((start, piece, result, stats))
        return [_join_pieces(parts) for parts in merged]

    def _explain_pieces(self, texts, keys, paths, protected) -> list[tuple[Result, LearnerStats | None]]:
        """Rewrite texts window by window (at most ``batch_size`` texts or ``WINDOW_CHARS``
        characters parsed at a time, see :func:`_windows`), so that memory stays bounded however
        long the input."""
        out: list[tuple[Result, LearnerStats | None]] = [(Result(t), None) for t in texts]
        todo = [k for k, t in enumerate(texts) if t and t.strip()]
        for window in _windows(todo, texts, self.batch_size, WINDOW_CHARS):
            stage1, parsed = self._dialect_stage(texts, keys, paths, protected, window)
            if self.injector is None:
                for k, result in zip(window, stage1):
                    out[k] = (result, None)
                continue
            done = self._with_errors(stage1, [keys[k] for k in window], [paths[k] for k in window],
                                     [protected[k] for k in window], parsed)
            for k, pair in zip(window, done):
                out[k] = pair
        return out

    def _dialect_stage(self, texts, keys, paths, protected, window: list[int]) -> tuple[list[Result], list]:
        """The dialect's results for the texts at positions ``window``, and the parses the
        learner stage can reuse (of the texts the dialect left as they were, else None)."""
        stage1 = [Result(texts[k]) for k in window]
        parsed: list = [None] * len(window)
        if self.profile is not None and self.engine.rules:
            for n, (k, ready) in enumerate(zip(window, self._prepare([texts[k] for k in window]))):
                stage1[n] = self.engine.apply(ready, keys[k], paths[k],
                                              protected_spans=self.protection.spans(texts[k], protected[k]))
                if stage1[n].text == texts[k]:
                    parsed[n] = ready
        return stage1, parsed

    def _prepare(self, texts: Sequence[str]) -> list[Prepared]:
        """Each text parsed once: from the cache, or in one ``nlp.pipe`` over the distinct
        texts not in it."""
        if self._cache is None and self.cache_size > 0:
            self._cache = shared_cache(self.model, self.cache_size)
        cache = self._cache
        found: dict[str, Prepared] = {}
        if cache is not None:
            for text in texts:
                hit = cache.get(text)
                if hit is not None:
                    found[text] = hit
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        for text, doc in zip(missing, self._parse(missing)):
            found[text] = Prepared(doc)
            if cache is not None and len(text) <= CACHE_MAX_CHARS:
                cache.put(text, found[text])
        return [found[t] for t in texts]

    def _parse(self, texts: Sequence[str]) -> Iterator["Doc"]:
        """``nlp.pipe`` over ``texts``, each parse without its token vectors: the rules and the
        learner stage read tags, dependencies and lemmas, and a parse's vectors are a view
        that keeps its whole batch's array alive (2,000 kept parses of 210-character texts
        held 264 MB of memory with them, 24 MB without)."""
        import numpy

        no_vectors = numpy.zeros((0,), dtype="float32")  # what a Doc has before tok2vec runs
        for doc in self.nlp.pipe(texts, batch_size=self.batch_size):
            doc.tensor = no_vectors
            yield doc

    def _learner_docs(self, stage1: list[Result], parsed) -> list[Prepared]:
        """The parse of each text the learner stage gets (parsed again only where the dialect
        changed it)."""
        parsed = parsed or [None] * len(stage1)
        fresh = iter(self._prepare([r.text for r, d in zip(stage1, parsed) if d is None]))
        return [d if d is not None else next(fresh) for d in parsed]

    def _with_errors(self, stage1: list[Result], keys, paths, terms, parsed=None) -> list[tuple[Result, LearnerStats]]:
        """Inject learner errors into the dialect's output."""
        out = []
        for result, ready, key, path, protect in zip(stage1, self._learner_docs(stage1, parsed), keys, paths, terms):
            learned = self.injector.inject(ready.doc, key=key, path=path, store=ready.learner,
                                           protected_spans=self.protection.doc_spans(ready.doc, protect))
            combined = Result(learned.text, result.edits + learned.edits,
                              result.failures + learned.failures)
            out.append((combined, LearnerStats(learned.distance, learned.unprotected,
                                               learned.capacity, learned.expected,
                                               _per_label(learned.edits))))
        return out

    def learner_inputs(self, texts: Sequence[str], keys: Sequence[object], paths: Sequence[str],
                       protected: Sequence[Sequence[str]], max_chars: int | None = None) -> list[tuple]:
        """``(doc, key, path, protected spans, store)`` of every text the learner stage would
        get (after the dialect, cut into pieces as for rewriting), for a calibration pass;
        ``store`` keeps what the pass finds for the run (see :meth:`.LearnerInjector.inject`).
        With ``max_chars``, only the pieces up to that many characters are read, in order (a
        calibration needs a sample, not all of a book); they are parsed window by window."""
        pieces, owners, size = [], [], 0
        for k, text in enumerate(texts):
            for start, end in chunk_bounds(text or "", CHUNK_CHARS):
                if max_chars is not None and size >= max_chars:
                    break
                pieces.append(text[start:end])
                owners.append(k)
                size += end - start
            if max_chars is not None and size >= max_chars:
                break
        todo = [i for i, piece in enumerate(pieces) if piece and piece.strip()]
        piece_keys, piece_paths = [keys[k] for k in owners], [paths[k] for k in owners]
        piece_protected = [protected[k] for k in owners]
        items = []
        for window in _windows(todo, pieces, self.batch_size, WINDOW_CHARS):
            stage1, parsed = self._dialect_stage(pieces, piece_keys, piece_paths, piece_protected, window)
            for i, r in zip(window, self._learner_docs(stage1, parsed)):
                k = owners[i]
                items.append((r.doc, keys[k], paths[k], self.protection.doc_spans(r.doc, protected[k]), r.learner))
        return items

    def explain_pair(self, texts: Sequence[str], keys: Sequence[object], path: str,
                     protected: Sequence[Sequence[str]], pair: object,
                     ) -> tuple[list[tuple[Result, LearnerStats | None]], int, int]:
        """The members of a counterfactual pair, rewritten alike: the dialect's edits and the
        learner errors land at aligned positions only, and where the members differ nothing is
        touched, so they still differ exactly there. Also returns how many dialect sites were
        carried over to every member and how many were blocked (the parses disagreed)."""
        if len(texts) < 2:
            return self.explain_many_with_stats(texts, keys, [path] * len(texts), protected), 0, 0
        docs = list(self._parse(texts))
        spans = [self.protection.spans(t, p) for t, p in zip(texts, protected)]
        carried = blocked = 0
        if self.profile is not None and self.engine.rules:
            stage1, carried, blocked = self.engine.apply_pair(docs, pair, path, spans)
        else:
            stage1 = [Result(t) for t in texts]
        if self.injector is None:
            return [(r, None) for r in stage1], carried, blocked
        changed = [r.text != t for r, t in zip(stage1, texts)]
        fresh = self._parse([r.text for r, c in zip(stage1, changed) if c])
        docs = [next(fresh) if c else d for d, c in zip(docs, changed)]
        learned = self.injector.inject_pair(docs, keys, path,
                                            [self.protection.doc_spans(d, p) for d, p in zip(docs, protected)], pair)
        return [(Result(r.text, first.edits + r.edits, first.failures + r.failures),
                 LearnerStats(r.distance, r.unprotected, r.capacity, r.expected, _per_label(r.edits)))
                for first, r in zip(stage1, learned)], carried, blocked

    def transform_many(self, texts: Sequence[str]) -> list[str]:
        return [r.text for r in self.explain_many(list(texts))]

    def __call__(self, text: str) -> str:
        return self.transform(text)

    def __repr__(self) -> str:
        name = self.profile.abbreviation if self.profile is not None else None
        errors = self.errors.types if self.errors is not None else None
        return f"Transformer(dialect={name!r}, errors={errors}, seed={self.seed}, rules={len(self.rule_names)})"




class ParseCache:
    """The most recently used parsed texts (:class:`Prepared`), by exact text, at most ``size``
    of them and ``chars`` characters of text: templated benchmarks repeat a context or a
    question many times, and a text seen again needs neither a parse nor its rules' site
    search. (Their repeats come close together: on the BBQ files a cache of 50,000
    characters finds every one that 2,000 texts of any length would.)"""

    def __init__(self, size: int, chars: int = CACHE_TOTAL_CHARS) -> None:
        from collections import OrderedDict

        self.size = size
        self.chars = chars
        self.kept_chars = 0
        self._entries: "OrderedDict[str, Prepared]" = OrderedDict()
        self.hits = self.misses = 0

    def get(self, text: str) -> Prepared | None:
        found = self._entries.get(text)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._entries.move_to_end(text)
        return found

    def put(self, text: str, prepared: Prepared) -> None:
        if text not in self._entries:
            self.kept_chars += len(text)
        self._entries[text] = prepared
        self._entries.move_to_end(text)
        while len(self._entries) > self.size or self.kept_chars > self.chars:
            self.kept_chars -= len(self._entries.popitem(last=False)[0])


_SHARED_CACHES: dict[tuple, ParseCache] = {}


def shared_cache(model: str | None, size: int) -> ParseCache:
    """The parse cache of this process for a pipeline: the run's calibration pass and its
    in-process worker share it (and forked workers inherit what the calibration parsed)."""
    key = (model, size)
    if key not in _SHARED_CACHES:
        _SHARED_CACHES[key] = ParseCache(size)
    return _SHARED_CACHES[key]


def _windows(todo: list[int], texts: Sequence[str], count: int, chars: int,
             min_texts: int = WINDOW_MIN_TEXTS):
    """``todo`` (text positions) cut into runs of at most ``count`` texts and about ``chars``
    characters, or ``min_texts`` texts where those are longer."""
    window: list[int] = []
    size = 0
    for k in todo:
        if window and (len(window) >= count
                       or size + len(texts[k]) > chars and len(window) >= min_texts):
            yield window
            window, size = [], 0
        window.append(k)
        size += len(texts[k])
    if window:
        yield window


def chunk_bounds(text: str, limit: int) -> list[tuple[int, int]]:
    """``(start, end)`` pieces of at most about ``limit`` characters that cover ``text``,
    cut after a line break, else after a sentence end, else after a space."""
    bounds, start = [], 0
    while len(text) - start > limit:
        window = text[start:start + limit]
        cut = window.rfind("\n")
        if cut < limit // 2:
            cut = max(window.rfind(". "), window.rfind("? "), window.rfind("! "))
            cut = cut + 1 if cut >= limit // 2 else -1
        if cut < limit // 2:
            cut = window.rfind(" ")
        if cut <= 0:
            cut = limit - 1
        end = start + cut + 1
        while end < len(text) and text[end] in " \t":  # the piece keeps the whitespace after it
            end += 1
        bounds.append((start, end))
        start = end
    if start < len(text):
        bounds.append((start, len(text)))
    return bounds


def _join_pieces(parts: list) -> tuple[Result, LearnerStats | None]:
    """Put the results of a text's pieces together, moving their edit spans into place
    (dialect edits in the input's coordinates, learner edits in the dialect output's)."""
    from dataclasses import replace

    if len(parts) == 1:
        return parts[0][2], parts[0][3]
    text, edits, failures = [], [], []
    stats = None
    intermediate = 0
    for start, piece, result, piece_stats in parts:
        dialect = [e for e in result.edits if e.ewave]
        learner = [e for e in result.edits if not e.ewave]
        edits += [replace(e, start=e.start + start, end=e.end + start) for e in dialect]
        edits += [replace(e, start=e.start + intermediate, end=e.end + intermediate) for e in learner]
        intermediate += len(piece) + sum(len(e.after) - len(e.before) for e in {
            (d.start, d.end, d.before, d.after): d for d in dialect}.values())
        text.append(result.text)
        failures += result.failures
        if piece_stats is not None:
            if stats is None:
                stats = LearnerStats(0, 0, 0, 0.0, {})
            stats.distance += piece_stats.distance
            stats.unprotected += piece_stats.unprotected
            stats.capacity += piece_stats.capacity
            stats.expected += piece_stats.expected
            for label, n in piece_stats.per_label.items():
                stats.per_label[label] = stats.per_label.get(label, 0) + n
    return Result("".join(text), edits, failures), stats


DEFAULT_ERROR_RATE = 0.1  # without a level or --error-rate


def error_rate_for(rate: float | None, profile) -> float:
    """The rate asked for, else the level's own rate, else the default."""
    if rate is not None:
        return rate
    return profile.rate if profile.level is not None and profile.rate is not None else DEFAULT_ERROR_RATE


def _error_config(errors, rate, profile_path, level, seed, boost) -> "ErrorConfig | None":
    if errors is None:
        return None
    from .learner import ErrorConfig, load_error_profile

    if isinstance(errors, ErrorConfig):
        return errors
    types = tuple(t.strip() for t in errors.split(",")) if isinstance(errors, str) else tuple(errors)
    profile = load_error_profile(profile_path, level)
    return ErrorConfig(types=types, rate=error_rate_for(rate, profile), profile=profile, seed=seed,
                       boost=boost)
