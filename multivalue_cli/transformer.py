"""The Python API: ``Transformer(dialect="IndE").transform("He speaks English.")``.

A Transformer holds only its configuration; the spaCy pipeline and the engine are built on
first use in each process, so it pickles cheaply into ``datasets.map(num_proc=...)`` workers.
"""
from __future__ import annotations

from typing import Iterable, Mapping, Sequence

from .engine import Engine, Result
from .profiles import Profile, load_profile, profile_from_features


def resolve_profile(
    dialect: str | Profile | None = None,
    features: Iterable[str | int] | Mapping[str | int, float] | None = None,
    *,
    only: Sequence[str] = (),
    exclude: Sequence[str] = (),
    density: float | None = None,
) -> Profile:
    if dialect is not None and features is not None:
        raise ValueError("give either a dialect or a list of features, not both")
    if isinstance(dialect, Profile):
        profile = dialect
    elif dialect is not None:
        profile = load_profile(dialect)
    elif features is not None:
        profile = profile_from_features(features)
    else:
        raise ValueError("give a dialect (abbreviation, name or YAML path) or features")
    if only or exclude:
        profile = profile.select(only, exclude)
    if density is not None:
        profile = profile.with_density(density)
    return profile


class Transformer:
    """Rewrite English text into a dialect (or with the given features).

    >>> t = Transformer(dialect="IndE", seed=0)
    >>> t = Transformer(features=["uninflect", 170])
    >>> t = Transformer(features={"uninflect": 0.5}, seed=3)
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
        model: str | None = None,
        batch_size: int = 256,
    ) -> None:
        self.profile = resolve_profile(dialect, features, only=only, exclude=exclude, density=density)
        self.seed = seed
        self.model = model
        self.batch_size = batch_size
        self._nlp = None
        self._engine: Engine | None = None
        rules, self.missing_features = self.profile.split()
        self.rule_names = [r.name for r, _ in rules]

    # Pickle only the configuration; each process loads its own pipeline.
    def __getstate__(self) -> dict:
        state = self.__dict__.copy()
        state["_nlp"] = None
        state["_engine"] = None
        return state

    @property
    def nlp(self):
        if self._nlp is None:
            from .nlp import load_pipeline

            self._nlp = load_pipeline(self.model)
        return self._nlp

    @property
    def engine(self) -> Engine:
        if self._engine is None:
            rules, _ = self.profile.split()
            self._engine = Engine(rules, self.seed)
        return self._engine

    def explain(self, text: str, key: object = "", path: str = "", trace: dict | None = None) -> Result:
        """The rewritten text and the edits that produced it (``trace``: see Engine.apply)."""
        if not text or not text.strip():
            return Result(text)
        return self.engine.apply(self.nlp(text), key, path, trace)

    def transform(self, text: str) -> str:
        return self.explain(text).text

    def explain_many(
        self, texts: Sequence[str], keys: Sequence[object] | None = None, paths: Sequence[str] | None = None
    ) -> list[Result]:
        """Like :meth:`explain` for many texts, parsed in batches with ``nlp.pipe``."""
        keys = keys if keys is not None else [""] * len(texts)
        paths = paths if paths is not None else [""] * len(texts)
        results: list[Result] = [Result(t) for t in texts]
        todo = [k for k, t in enumerate(texts) if t and t.strip()]
        docs = self.nlp.pipe((texts[k] for k in todo), batch_size=self.batch_size)
        for k, doc in zip(todo, docs):
            results[k] = self.engine.apply(doc, keys[k], paths[k])
        return results

    def transform_many(self, texts: Sequence[str]) -> list[str]:
        return [r.text for r in self.explain_many(list(texts))]

    def __call__(self, text: str) -> str:
        return self.transform(text)

    def __repr__(self) -> str:
        return f"Transformer(dialect={self.profile.abbreviation!r}, seed={self.seed}, rules={len(self.rule_names)})"
