"""The rule registry: every perturbation rule, keyed by its feature name.

A rule is a small function ``(doc, index) -> iterable of Site`` registered with the
:func:`rule` decorator, which records its eWAVE number, name, category, cheap trigger
conditions and its own examples. Rule modules live in the top-level ``rules/`` folder, shipped
as ``multivalue_cli.rules``; :func:`registry` imports them all once.
"""
from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from .edits import Site

if TYPE_CHECKING:
    from spacy.tokens import Doc

    from .docindex import DocIndex

RuleFn = Callable[["Doc", "DocIndex"], Iterable[Site]]


@dataclass(frozen=True)
class Example:
    """An SAE input and the outputs accepted when the rule fires at probability 1."""

    text: str
    accepted: tuple[str, ...]


@dataclass(frozen=True)
class Rule:
    ewave: int
    name: str
    category: str
    fn: RuleFn
    examples: tuple[Example, ...]
    negatives: tuple[str, ...]
    lemmas: frozenset[str] = field(default=frozenset())
    tags: frozenset[str] = field(default=frozenset())
    deps: frozenset[str] = field(default=frozenset())
    doc: str = ""


_RULES: dict[str, Rule] = {}
_LOADED = False


def rule(
    ewave: int,
    name: str,
    category: str,
    *,
    examples: Iterable[tuple[str, str | Iterable[str]]],
    negatives: Iterable[str],
    lemmas: Iterable[str] = (),
    tags: Iterable[str] = (),
    deps: Iterable[str] = (),
) -> Callable[[RuleFn], RuleFn]:
    """Register a rule. ``examples`` are ``(input, accepted output or outputs)`` pairs;
    ``negatives`` are inputs the rule must leave unchanged. ``lemmas``/``tags``/``deps`` are
    triggers: the rule only runs on documents that contain at least one of each given set."""

    def decorate(fn: RuleFn) -> RuleFn:
        if name in _RULES:
            raise ValueError(f"rule {name!r} is registered twice")
        exs = tuple(
            Example(text, (accepted,) if isinstance(accepted, str) else tuple(accepted))
            for text, accepted in examples
        )
        _RULES[name] = Rule(
            ewave=ewave,
            name=name,
            category=category,
            fn=fn,
            examples=exs,
            negatives=tuple(negatives),
            lemmas=frozenset(lemmas),
            tags=frozenset(tags),
            deps=frozenset(deps),
            doc=(fn.__doc__ or "").strip(),
        )
        return fn

    return decorate


def registry() -> dict[str, Rule]:
    """All registered rules by name, importing every module of ``multivalue_cli.rules`` once."""
    global _LOADED
    if not _LOADED:
        from . import rules as rules_pkg

        for mod in sorted(pkgutil.iter_modules(rules_pkg.__path__), key=lambda m: m.name):
            if not mod.name.startswith("_"):
                importlib.import_module(f"{rules_pkg.__name__}.{mod.name}")
        _LOADED = True
    return _RULES
