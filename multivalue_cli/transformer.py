"""The Python API: ``Transformer(dialect="IndE").transform("He speaks English.")``.

A Transformer is a façade over what a run is configured with, a dialect :class:`Profile`,
learner errors (an :class:`~multivalue_cli.learner.ErrorConfig`) and a :class:`Protection`
(together a :class:`TransformerConfig`), and the parts that do the work: the parser and its
cache (:mod:`.engine.parsing`), long texts in pieces (:mod:`.engine.chunking`), the rules
(:class:`~.engine.apply.Engine`) and the learner stage. It holds only its configuration; the
pipeline and the engine are built on first use in each process, so it pickles cheaply into
``datasets.map(num_proc=...)`` workers.

With ``errors=`` it also injects learner errors, after the dialect (when both are given), each
labelled with its ERRANT type (eWAVE number 0). The log of both stages is in the input's
coordinates: a learner error that touches a dialect edit shares its merged span.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Mapping, Sequence

from .engine.apply import Engine, Prepared, Result, keyed_uniform
from .engine.chunking import CHUNK_CHARS, RewrittenPiece, clipped, join_pieces, split_texts, text_windows
from .engine.offsets import compose, moved_span
from .engine.parsing import DEFAULT_CACHE_SIZE, ParseCache, Parser, shared_cache
from .profiles import Profile, resolve_profile
from .run.collector import collecting_less
from .protection import Protection, Span

if TYPE_CHECKING:
    from .learner import ErrorConfig, LearnerInjector, LearnerResult, LearnerStats


@dataclass(frozen=True)
class TransformerConfig:
    """All a :class:`Transformer` is (cheap to pickle): the dialect (None: learner errors only),
    the learner errors (None: none), what no stage may touch, the seed of the dialect's
    draws, and how texts are parsed (which never changes the output)."""

    profile: Profile | None = None
    errors: "ErrorConfig | None" = None
    protection: Protection = Protection()
    seed: int = 0
    model: str | None = None  # the spaCy pipeline (None: the default)
    batch_size: int = 256  # texts parsed at a time
    cache_size: int = DEFAULT_CACHE_SIZE  # parsed texts kept per process (0: none)

    def __post_init__(self) -> None:
        self.protection.check_patterns()

    @classmethod
    def from_options(
        cls,
        dialect: str | Profile | None = None,
        features: Iterable[str | int] | Mapping[str | int, float] | None = None,
        seed: int = 0,
        *,
        only: Sequence[str] = (),
        exclude: Sequence[str] = (),
        density: float | None = None,
        errors: "str | Sequence[str] | ErrorConfig | None" = None,
        error_rate: float | None = None,
        error_profile: str | None = None,
        error_level: str | None = None,
        error_boost: float = 1.0,
        protect: Sequence[str] = (),
        protect_regex: Sequence[str] = (),
        protect_quotes: bool = False,
        protection: Protection | None = None,
        model: str | None = None,
        batch_size: int = 256,
        cache_size: int = DEFAULT_CACHE_SIZE,
        task: str | None = None,
    ) -> "TransformerConfig":
        """The configuration the keyword options of :class:`Transformer` name. ``task`` (a
        preset's name) adds what the preset keeps in every text, as ``--task`` does: the
        features it leaves out, its protected expressions and quoted spans, and the words
        learner errors leave alone (its fields and the values of a record it protects are for
        records: :func:`~multivalue_cli.hf.hf_map`)."""
        learner_tags: tuple[str, ...] = ()
        if task is not None:
            from .tasks import load_task

            preset = load_task(task)
            exclude = [*exclude, *(f for f in preset.exclude if f not in exclude)]
            protect_regex = [*protect_regex, *(r for r in preset.protect_regex if r not in protect_regex)]
            protect_quotes = protect_quotes or preset.protect_quotes
            learner_tags = preset.learner_tags
        if error_level is not None and errors is None:
            errors = "learner"  # a level names a learner population: all four types
        profile = resolve_profile(dialect, features, only=only, exclude=exclude, density=density,
                                  required=errors is None)
        if errors is not None:
            from .learner import ErrorConfig

            if not isinstance(errors, ErrorConfig):
                errors = ErrorConfig.from_options(errors, error_rate, error_profile, error_level, seed,
                                                  error_boost)
            if learner_tags:
                errors = dataclasses.replace(errors, protect_tags=learner_tags)
        protection = protection or Protection(tuple(protect), tuple(protect_regex), protect_quotes)
        return cls(profile=profile, errors=errors, protection=protection, seed=seed, model=model,
                   batch_size=batch_size, cache_size=cache_size)


class Transformer:
    """Rewrite English text into a dialect (or with the given features), and/or inject
    learner errors.

    >>> t = Transformer(dialect="IndE", seed=0)
    >>> t = Transformer(features=["uninflect", 170])
    >>> t = Transformer(features={"uninflect": 0.5}, seed=3)
    >>> t = Transformer(errors="prep", error_rate=0.1, protect=["nurse", "he", "she"])
    >>> t = Transformer(error_level="B")  # W&I learners at CEFR level B, at their own rate
    >>> t = Transformer(config=TransformerConfig(profile, errors, protection, seed=3))

    The keywords are those of :meth:`TransformerConfig.from_options`. ``error_level`` (A, B, C,
    N) takes the learner-error profile of that level of the W&I+LOCNESS corpus; without
    ``error_rate`` the rate is the level's own (the default profile's rate is 0.1). The
    profile's shares are used as they are: the command line also corrects them for what the
    data offers (see :mod:`multivalue_cli.learner.calibrate`).

    ``protect`` (terms), ``protect_regex`` and ``protect_quotes`` bind every stage: no dialect
    rule and no learner error touches what they match.
    """

    def __init__(self, dialect: str | Profile | None = None,
                 features: Iterable[str | int] | Mapping[str | int, float] | None = None,
                 seed: int = 0, *, config: TransformerConfig | None = None, **options: Any) -> None:
        if config is None:
            config = TransformerConfig.from_options(dialect, features, seed, **options)
        elif dialect is not None or features is not None or seed or options:
            raise TypeError("give a Transformer either a config or options, not both")
        self.config = config
        self.profile, self.errors, self.protection = config.profile, config.errors, config.protection
        self._rules, self.missing_features = config.profile.split() if config.profile is not None else ([], [])
        self.rule_names = [r.name for r, _ in self._rules]
        self._nlp = None
        self._cache: ParseCache | None = None
        self._parser: Parser | None = None
        self._engine: Engine | None = None
        self._injector: LearnerInjector | None = None

    # Pickle only the configuration; each process loads its own pipeline.
    def __getstate__(self) -> dict:
        return {"config": self.config}

    def __setstate__(self, state: dict) -> None:
        self.__init__(config=state["config"])

    @property
    def nlp(self):
        if self._nlp is None:
            from .engine.nlp import load_pipeline

            self._nlp = load_pipeline(self.config.model)
        return self._nlp

    @property
    def parser(self) -> Parser:
        """Parses with this process's parse cache for the pipeline (none with ``cache_size`` 0)."""
        if self._parser is None:
            if self.config.cache_size > 0:
                self._cache = shared_cache(self.config.model, self.config.cache_size)
            self._parser = Parser(self.nlp, self.config.batch_size, self._cache)
        return self._parser

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(self._rules, self.config.seed)
        return self._engine

    @property
    def injector(self) -> "LearnerInjector | None":
        if self._injector is None and self.errors is not None:
            from .learner import LearnerInjector

            self._injector = LearnerInjector(self.errors)
        return self._injector

    def transform(self, text: str) -> str:
        return self.explain(text).text

    def transform_many(self, texts: Sequence[str]) -> list[str]:
        return [r.text for r in self.explain_many(list(texts))]

    def __call__(self, text: str) -> str:
        return self.transform(text)

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
        return self._learner_stage([text], [result], [key], [path], [()], [()], [reuse])[0][0]

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
        spans: Sequence[Sequence[Span]] | None = None,
    ) -> list[tuple[Result, "LearnerStats | None"]]:
        """Texts longer than ``CHUNK_CHARS`` are cut at line or sentence ends into pieces that
        are rewritten one by one and put back together, so memory and time stay bounded. The
        garbage collector runs less often meanwhile (see :func:`.collector.collecting_less`).
        ``spans`` gives, per text, the character spans labels point at: no stage touches them,
        and the dialect sites they block are counted (``Result.blocked``)."""
        with collecting_less():
            return self._explain_many(texts, keys, paths, protected, spans)

    def _explain_many(self, texts, keys, paths, protected, spans) -> list[tuple[Result, "LearnerStats | None"]]:
        keys = keys if keys is not None else [""] * len(texts)
        paths = paths if paths is not None else [""] * len(texts)
        protected = protected if protected is not None else [()] * len(texts)
        spans = spans if spans is not None else [()] * len(texts)
        if all(len(t) <= CHUNK_CHARS for t in texts if t):
            return self._explain_pieces(texts, keys, paths, protected, spans)
        pieces, owners = split_texts(texts)
        piece_spans = [clipped(spans[k], start, start + len(piece)) for (k, start), piece in zip(owners, pieces)]
        done = self._explain_pieces(pieces, *_picked([k for k, _ in owners], keys, paths, protected), piece_spans)
        parts: list[list[RewrittenPiece]] = [[] for _ in texts]
        for (k, start), piece, (result, stats) in zip(owners, pieces, done):
            parts[k].append(RewrittenPiece(start, piece, result, stats))
        return [join_pieces(text_parts) for text_parts in parts]

    def _explain_pieces(self, texts, keys, paths, protected, spans) -> list[tuple[Result, "LearnerStats | None"]]:
        """Rewrite texts window by window (at most ``batch_size`` texts and about
        ``WINDOW_CHARS`` characters parsed at a time, see :func:`.chunking.text_windows`), so
        that memory stays bounded however long the input."""
        out: list[tuple[Result, LearnerStats | None]] = [(Result(t), None) for t in texts]
        todo = [k for k, t in enumerate(texts) if t and t.strip()]
        for window in text_windows(todo, texts, self.config.batch_size):
            stage1, parsed = self._dialect_stage(texts, keys, paths, protected, spans, window)
            if self.injector is None:
                done = [(result, None) for result in stage1]
            else:
                done = self._learner_stage(*_picked(window, texts), stage1,
                                           *_picked(window, keys, paths, protected, spans), parsed)
            for k, pair in zip(window, done):
                out[k] = pair
        return out

    def _dialect_stage(self, texts, keys, paths, protected, spans, window: list[int]) -> tuple[list[Result], list]:
        """The dialect's results for the texts at positions ``window``, and the parses the
        learner stage can reuse (of the texts the dialect left as they were, else None)."""
        stage1 = [Result(texts[k]) for k in window]
        parsed: list = [None] * len(window)
        if self.profile is not None and self.engine.rules:
            for n, (k, ready) in enumerate(zip(window, self.parser.prepare([texts[k] for k in window]))):
                stage1[n] = self.engine.apply(ready, keys[k], paths[k],
                                              protected_spans=self.protection.spans(texts[k], protected[k]),
                                              label_spans=spans[k])
                if stage1[n].text == texts[k]:
                    parsed[n] = ready
        return stage1, parsed

    def _learner_docs(self, stage1: list[Result], parsed) -> list[Prepared]:
        """The parse of each text the learner stage gets (parsed again only where the dialect
        changed it)."""
        parsed = parsed or [None] * len(stage1)
        fresh = iter(self.parser.prepare([r.text for r, d in zip(stage1, parsed) if d is None]))
        return [d if d is not None else next(fresh) for d in parsed]

    def _learner_stage(self, sources: list[str], stage1: list[Result], keys, paths, terms, spans,
                       parsed=None) -> list[tuple[Result, "LearnerStats"]]:
        """Inject learner errors into the dialect's output (``sources``: the texts the dialect
        read; ``spans``: the label spans in them)."""
        out = []
        for source, result, ready, key, path, protect, labels in zip(
                sources, stage1, self._learner_docs(stage1, parsed), keys, paths, terms, spans):
            learned = self.injector.inject(ready.doc, key=key, path=path, store=ready.learner,
                                           protected_spans=self._learner_spans(ready.doc, protect, labels, result))
            out.append(_after_dialect(source, result, learned))
        return out

    def _learner_spans(self, doc, terms: Sequence[str], labels: Sequence[Span], dialect: Result) -> list[Span]:
        """What the learner stage may not touch in the dialect's output: the protection, and
        the label spans where the dialect's edits moved them."""
        found = self.protection.doc_spans(doc, terms)
        for start, end in labels:
            moved = moved_span(start, end, dialect.edits) if dialect.edits else start
            if moved is not None:
                found.append((moved, moved + end - start))
        return found

    def learner_inputs(self, texts: Sequence[str], keys: Sequence[object], paths: Sequence[str],
                       protected: Sequence[Sequence[str]], max_chars: int | None = None,
                       spans: Sequence[Sequence[Span]] | None = None) -> list[tuple]:
        """``(doc, key, path, protected spans, store)`` of every text the learner stage would
        get (after the dialect, cut into pieces as for rewriting), for a calibration pass;
        ``store`` keeps what the pass finds for the run (see :meth:`.LearnerInjector.inject`).
        With ``max_chars``, only the pieces up to that many characters are read, in order (a
        calibration needs a sample, not all of a book); they are parsed window by window."""
        pieces, owners = split_texts(texts, max_chars=max_chars)
        owner = [k for k, _ in owners]
        todo = [i for i, piece in enumerate(pieces) if piece and piece.strip()]
        spans = spans if spans is not None else [()] * len(texts)
        piece_spans = [clipped(spans[k], start, start + len(piece)) for (k, start), piece in zip(owners, pieces)]
        of_pieces = _picked(owner, keys, paths, protected)
        items = []
        for window in text_windows(todo, pieces, self.config.batch_size):
            stage1, parsed = self._dialect_stage(pieces, *of_pieces, piece_spans, window)
            for i, first, r in zip(window, stage1, self._learner_docs(stage1, parsed)):
                k = owner[i]
                items.append((r.doc, keys[k], paths[k],
                              self._learner_spans(r.doc, protected[k], piece_spans[i], first), r.learner))
        return items

    def explain_pair(self, texts: Sequence[str], keys: Sequence[object], path: str,
                     protected: Sequence[Sequence[str]], pair: object,
                     spans: Sequence[Sequence[Span]] | None = None,
                     ) -> tuple[list[tuple[Result, "LearnerStats | None"]], int, int]:
        """The members of a counterfactual pair, rewritten alike: the dialect's edits and the
        learner errors land at aligned positions only, and where the members differ nothing is
        touched, so they still differ exactly there. Also returns how many dialect sites were
        carried over to every member and how many were blocked (the parses disagreed)."""
        labels = spans if spans is not None else [()] * len(texts)
        if len(texts) < 2:
            return self.explain_many_with_stats(texts, keys, [path] * len(texts), protected, labels), 0, 0
        docs = self.parser.docs(texts)
        kept = [self.protection.spans(t, p) + list(s) for t, p, s in zip(texts, protected, labels)]
        carried = blocked = 0
        if self.profile is not None and self.engine.rules:
            stage1, carried, blocked = self.engine.apply_pair(docs, pair, path, kept)
        else:
            stage1 = [Result(t) for t in texts]
        if self.injector is None:
            return [(r, None) for r in stage1], carried, blocked
        changed = [r.text != t for r, t in zip(stage1, texts)]
        fresh = self.parser.parse([r.text for r, c in zip(stage1, changed) if c])
        docs = [next(fresh) if c else d for d, c in zip(docs, changed)]
        learned = self.injector.inject_pair(docs, keys, path, [
            self._learner_spans(d, p, s, first) for d, p, s, first in zip(docs, protected, labels, stage1)], pair)
        return [_after_dialect(t, first, r) for t, first, r in zip(texts, stage1, learned)], carried, blocked

    def __repr__(self) -> str:
        name = self.profile.abbreviation if self.profile is not None else None
        errors = self.errors.types if self.errors is not None else None
        return (f"Transformer(dialect={name!r}, errors={errors}, seed={self.config.seed}, "
                f"rules={len(self.rule_names)})")


def _after_dialect(source: str, dialect: Result, learned: "LearnerResult") -> tuple[Result, "LearnerStats"]:
    """The learner stage's result on the dialect's output of ``source``, with one edit log on
    ``source`` for both stages (see :func:`.engine.offsets.compose`)."""
    edits = compose(source, dialect.edits, learned.edits, learned.text)
    return Result(learned.text, edits, dialect.failures + learned.failures, dialect.blocked), learned.stats()


def _picked(positions: Sequence[int], *columns: Sequence) -> list[list]:
    """The values of each of ``columns`` at ``positions``."""
    return [[column[k] for k in positions] for column in columns]


# ------------------------------------------------------------------ many dialects, one parse


def variant_key(key: object, variant: int) -> object:
    """The key of a text's random draws in variant ``variant``: the key itself in variant 0
    (the plain run's draws), else a key of that variant's own."""
    return key if variant == 0 else f"{key}\x1fvariant\x1f{variant}"


def mixed_member(seed: int, key: object, variant: int, weights: Sequence[float]) -> int:
    """Which of the dialects the record keyed ``key`` takes in variant ``variant`` of a mixed
    run: a keyed draw (never a global RNG), in proportion to ``weights``."""
    point = keyed_uniform(seed, "dialect", key, variant) * sum(weights)
    for member, weight in enumerate(weights):
        point -= weight
        if point < 0:
            return member
    return len(weights) - 1


@dataclass(frozen=True)
class FanoutConfig:
    """Many outputs of the same texts (cheap to pickle): one :class:`TransformerConfig` per
    dialect (one seed and one way of parsing for all; the learner errors calibrated per
    dialect), ``variants`` independent draws of each, and for a mixed run (``weights``) one
    dialect per record and variant, drawn in proportion to the weights, instead of all."""

    members: tuple[TransformerConfig, ...]
    variants: int = 1
    weights: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        if not self.members:
            raise ValueError("give at least one dialect")
        parsing = {(c.seed, c.model, c.batch_size, c.cache_size) for c in self.members}
        if len(parsing) > 1:
            raise ValueError("the dialects of one run share the seed, the model and the parsing options")
        if self.variants < 1:
            raise ValueError("variants must be at least 1")
        if self.weights is not None and (len(self.weights) != len(self.members)
                                         or min(self.weights) < 0 or not sum(self.weights)):
            raise ValueError("give one weight (>= 0, not all 0) per dialect")

    def wanted(self, key: object) -> list[tuple[int, int]]:
        """``(member, variant)`` of every output of the record keyed ``key``, in output order:
        every dialect's variants, or for a mixed run each variant's drawn dialect."""
        if self.weights is None:
            return [(m, v) for m in range(len(self.members)) for v in range(self.variants)]
        seed = self.members[0].seed
        return [(mixed_member(seed, key, v, self.weights), v) for v in range(self.variants)]


class DialectsTransformer:
    """Several dialects of the same texts from one parse of each text.

    >>> t = DialectsTransformer(["IndE", "ChcE"], seed=0)
    >>> t.transform("He speaks English.")        # {"IndE": "...", "ChcE": "..."}
    >>> t.transform_many(texts, variant=1)        # {"IndE": [...], "ChcE": [...]}

    Each dialect's output is exactly what ``Transformer(dialect=..., seed=...)`` gives (keyword
    options as for :class:`Transformer`, for every dialect); the texts are parsed once and each
    rule's sites found once, whatever the number of dialects: only the sampling, the rendering
    and the learner stage are done per dialect. ``variant`` N > 0 draws again, independently of
    variant 0 (which is the plain output) and of the other variants.
    """

    def __init__(self, dialects: Sequence[str | Profile] = (), seed: int = 0, *,
                 config: FanoutConfig | None = None, **options: Any) -> None:
        if config is None:
            config = FanoutConfig(tuple(TransformerConfig.from_options(d, seed=seed, **options)
                                        for d in dialects))
        self.config = config
        self.members = [Transformer(config=c) for c in config.members]
        self.names = [m.profile.abbreviation if m.profile is not None else "none" for m in self.members]
        if len(set(self.names)) < len(self.names):
            raise ValueError(f"a dialect is named twice: {', '.join(self.names)}")
        self._parser: Parser | None = None

    def __getstate__(self) -> dict:
        return {"config": self.config}

    def __setstate__(self, state: dict) -> None:
        self.__init__(config=state["config"])

    @property
    def parser(self) -> Parser:
        """One parser (and parse cache) for every dialect."""
        if self._parser is None:
            self._parser = self.members[0].parser
            for member in self.members[1:]:
                member._parser = self._parser
        return self._parser

    def transform(self, text: str, variant: int = 0) -> dict[str, str]:
        return {name: texts[0] for name, texts in self.transform_many([text], variant).items()}

    def transform_many(self, texts: Sequence[str], variant: int = 0) -> dict[str, list[str]]:
        return {name: [r.text for r in results]
                for name, results in self.explain_many(texts, variant=variant).items()}

    def explain_many(self, texts: Sequence[str], keys: Sequence[object] | None = None,
                     paths: Sequence[str] | None = None,
                     protected: Sequence[Sequence[str]] | None = None, variant: int = 0,
                     ) -> dict[str, list[Result]]:
        """Each dialect's results (as :meth:`Transformer.explain_many`), by abbreviation."""
        wanted = [(m, variant) for m in range(len(self.members))]
        rows = self.explain_wanted(texts, keys, paths, protected, [wanted] * len(texts))
        return {name: [row[m][0] for row in rows] for m, name in enumerate(self.names)}

    def explain_wanted(
        self, texts: Sequence[str], keys: Sequence[object] | None, paths: Sequence[str] | None,
        protected: Sequence[Sequence[str]] | None, wanted: Sequence[Sequence[tuple[int, int]]],
        spans: Sequence[Sequence["Span"]] | None = None,
    ) -> list[list[tuple[Result, "LearnerStats | None"]]]:
        """For each text, the result of each ``(member, variant)`` it wants, in that order. The
        texts (pieces of long ones) are parsed window by window, as one transformer does; each
        window is pinned in the parser while every member rewrites its texts of it. ``spans``:
        per text, the character spans labels point at (see :meth:`Transformer.explain_many_with_stats`)."""
        keys = keys if keys is not None else [""] * len(texts)
        paths = paths if paths is not None else [""] * len(texts)
        protected = protected if protected is not None else [()] * len(texts)
        spans = spans if spans is not None else [()] * len(texts)
        with collecting_less():
            if all(len(t) <= CHUNK_CHARS for t in texts if t):
                pieces, owners = list(texts), [(k, 0) for k in range(len(texts))]
            else:
                pieces, owners = split_texts(texts)
            piece_spans = [clipped(spans[k], start, start + len(piece)) if spans[k] else ()
                           for (k, start), piece in zip(owners, pieces)]
            groups: dict[tuple[int, int], list[int]] = {}
            for p, (k, _) in enumerate(owners):
                for wish in wanted[k]:
                    groups.setdefault(wish, []).append(p)
            done: dict[tuple[int, int, int], tuple[Result, Any]] = {}
            todo = [p for p, piece in enumerate(pieces) if piece and piece.strip()]
            for window in text_windows(todo, pieces, self.members[0].config.batch_size):
                inside = set(window)
                with self.parser.pinning([pieces[p] for p in window]):
                    for (m, v), positions in groups.items():
                        mine = [p for p in positions if p in inside]
                        if not mine:
                            continue
                        ks = [owners[p][0] for p in mine]
                        results = self.members[m]._explain_pieces(
                            [pieces[p] for p in mine], [variant_key(keys[k], v) for k in ks],
                            [paths[k] for k in ks], [protected[k] for k in ks], [piece_spans[p] for p in mine])
                        for p, result in zip(mine, results):
                            done[(m, v, p)] = result
            pieces_of: list[list[int]] = [[] for _ in texts]
            for p, (k, _) in enumerate(owners):
                pieces_of[k].append(p)
            return [[join_pieces([RewrittenPiece(owners[p][1], pieces[p],
                                                 *done.get((m, v, p), (Result(pieces[p]), None)))
                                  for p in pieces_of[k]])
                     for m, v in wanted[k]] for k in range(len(texts))]

    def explain_pair_wanted(self, texts: Sequence[str], keys: Sequence[object], path: str,
                            protected: Sequence[Sequence[str]], pair: object,
                            wanted: Sequence[tuple[int, int]],
                            spans: Sequence[Sequence["Span"]] | None = None) -> list[tuple[list, int, int]]:
        """:meth:`Transformer.explain_pair` for each ``(member, variant)`` of ``wanted``, the
        members of the pair parsed once."""
        with self.parser.pinning(list(texts)):
            return [self.members[m].explain_pair(texts, [variant_key(k, v) for k in keys], path,
                                                 protected, variant_key(pair, v), spans)
                    for m, v in wanted]

    def __repr__(self) -> str:
        return f"DialectsTransformer({self.names!r}, seed={self.config.members[0].seed})"
