"""The rule registry: every perturbation rule, keyed by its feature name.

A rule is a small function ``(doc, index) -> iterable of Site`` registered with the
:func:`rule` decorator under its feature name, which records its cheap trigger conditions and
its own examples; its eWAVE number and category come from the feature catalogue
(``multivalue_cli/data/features.tsv``). Rule modules live in the top-level ``rules/`` folder (a module
or a subpackage per eWAVE category), shipped as ``multivalue_cli.rules``; :func:`registry`
imports them all once.
"""
from __future__ import annotations

import dataclasses
import functools
import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Iterable

from .catalog import catalog
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
class Form:
    """One variety-specific realisation a rule can render (*gon* or *going to* for a go-based
    future). ``needs`` are the other eWAVE features the form shows as well (*he gon build*
    drops *be*, feature 175): a variety gets the form by default only if it attests them."""

    name: str
    needs: tuple[int, ...] = ()


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
    forms: tuple[Form, ...] = ()  # the first is the default; examples are written for it
    form: str | None = None  # the form this rule renders (None for rules without forms)

    def with_form(self, form: str | None) -> "Rule":
        """This rule rendering ``form`` (one of its ``forms``; None: the default). The rule
        function receives it as its ``form`` keyword."""
        names = [f.name for f in self.forms]
        if not names:
            if form is not None:
                raise ValueError(f"{self.name} has no variety-specific forms")
            return self
        form = names[0] if form is None else form
        if form not in names:
            raise ValueError(f"{self.name}: unknown form {form!r}; forms: {', '.join(names)}")
        if form == self.form:
            return self
        return dataclasses.replace(self, fn=functools.partial(_unbound(self.fn), form=form), form=form)


def _unbound(fn: RuleFn) -> RuleFn:
    return fn.func if isinstance(fn, functools.partial) else fn


_RULES: dict[str, Rule] = {}
_LOADED = False


def rule(
    name: str,
    *,
    examples: Iterable[tuple[str, str | Iterable[str]]],
    negatives: Iterable[str],
    lemmas: Iterable[str] = (),
    tags: Iterable[str] = (),
    deps: Iterable[str] = (),
    forms: dict[str, tuple[int, ...]] | None = None,
) -> Callable[[RuleFn], RuleFn]:
    """Register the rule of the catalogued feature ``name`` (its eWAVE number and category are
    the catalogue's; a name the catalogue lacks is an error). ``examples`` are ``(input, accepted output or outputs)`` pairs;
    ``negatives`` are inputs the rule must leave unchanged. ``lemmas``/``tags``/``deps`` are
    triggers: the rule only runs on documents that contain at least one of each given set.
    ``forms`` maps the names of the variety-specific forms the rule can render, in order of
    preference, to the eWAVE features each also shows (see :class:`Form`); the function then
    takes a ``form`` keyword, the first form by default."""

    catalogued = catalog().get(name)
    if catalogued is None:
        raise ValueError(f"rule {name!r}: no feature of that name in features.tsv (the eWAVE "
                         f"number and category of a rule come from there)")
    ewave, category = catalogued.ewave, catalogued.category

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
            forms=tuple(Form(name, tuple(needs)) for name, needs in (forms or {}).items()),
            form=next(iter(forms)) if forms else None,
        )
        return fn

    return decorate


def registry() -> dict[str, Rule]:
    """All registered rules by name, in eWAVE order (number, then name), importing every module
    of ``multivalue_cli.rules`` and of its subpackages once. The order does not depend on which
    module a rule lives in; modules whose name starts with ``_`` are skipped."""
    global _LOADED
    if not _LOADED:
        from .. import rules as rules_pkg
        from .spacy_import import import_spacy

        import_spacy()  # the rules import spaCy: without its command-line package

        found = pkgutil.walk_packages(rules_pkg.__path__, prefix=f"{rules_pkg.__name__}.")
        for mod in sorted(found, key=lambda m: m.name):
            if not any(part.startswith("_") for part in mod.name.split(".")):
                importlib.import_module(mod.name)
        ordered = sorted(_RULES.values(), key=lambda r: (r.ewave, r.name))
        _RULES.clear()
        _RULES.update((r.name, r) for r in ordered)
        _LOADED = True
    return _RULES
