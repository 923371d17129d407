"""Rules that only replace words, declared as data: a table of which word becomes which, and
a condition on where.

``substitution_rule("reflex_number", {"ourselves": "ourself", ...}, doc=..., examples=...,
negatives=..., lemmas=...)`` registers a rule (see :func:`~.registry.rule`, whose keywords it
passes on) whose sites are the tokens written as one of the table's words (lower-cased) for
which ``where`` holds. Each becomes what the table gives it: a word, or several words in order
of preference, the first the default and the others alternatives the engine draws from.
A rule whose new word is computed (an inflection), or that edits more than one token, is
written as a function with :func:`~.registry.rule`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator, Mapping

from .edits import Replace, Site, site
from .registry import RuleFn, rule

if TYPE_CHECKING:
    from spacy.tokens import Doc, Token

    from .docindex import DocIndex


def substitution_rule(name: str, table: Mapping[str, str | tuple[str, ...]], *, doc: str,
                      where: Callable[[Token], bool] | None = None, **registration: Any) -> RuleFn:
    """Register the rule ``name`` that replaces each word of ``table`` where ``where`` (a test
    of the token) holds; ``doc`` says what the rule does, as a rule function's docstring
    would. The other keywords are :func:`~.registry.rule`'s (examples, negatives, triggers)."""
    words = tuple(table)
    replacements = {word: (new,) if isinstance(new, str) else tuple(new)
                    for word, new in table.items()}

    def substitute(parse: Doc, index: DocIndex) -> Iterator[Site]:
        for tok in index.form(*words):
            if where is None or where(tok):
                first, *others = replacements[tok.lower_]
                yield site(Replace(tok.i, first),
                           alternatives=tuple((Replace(tok.i, other),) for other in others))

    substitute.__name__ = substitute.__qualname__ = name
    substitute.__doc__ = doc
    return rule(name, **registration)(substitute)
