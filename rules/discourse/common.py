"""What several discourse and word order rules use: wh-word tags, the verb an auxiliary belongs
to, an auxiliary spelt out before it moves, and a site from alternative edits."""
from __future__ import annotations

from typing import Iterable

from spacy.tokens import Token

from multivalue_cli.engine.edits import Op, Replace, Site, site
from multivalue_cli.engine.syntax import full_form


WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})


def verb_of(aux: Token) -> Token | None:
    """The verb an auxiliary belongs to; a copular *be* (or main *have*) is its own verb."""
    if aux.dep_ in ("aux", "auxpass"):
        return aux.head
    if aux.lemma_ == "be":
        return aux
    return None


def spelt_out(aux: Token) -> list[Op] | None:
    """Replace a contracted auxiliary by its full form (needed when it moves); None when the
    form is uncertain (*'s* before a participle may be *is* or *has*)."""
    if not aux.lower_.startswith(("'", "’")):
        return []
    full = full_form(aux)
    return [Replace(aux.i, full)] if full else None


def as_site(variants: list[tuple[Op, ...]], keep: Iterable[int] = ()) -> Site | None:
    if not variants:
        return None
    return site(*variants[0], alternatives=tuple(variants[1:]), keep=keep)
