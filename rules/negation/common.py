"""What several negation rules use: the negation standing after a verb, and *ain't* made from
a verb and its negation."""
from __future__ import annotations

from typing import TYPE_CHECKING

from multivalue_cli.engine.edits import Op, Replace

if TYPE_CHECKING:
    from spacy.tokens import Token


CONTRACTED_NOT = frozenset({"n't", "n’t"})
NEGATORS = CONTRACTED_NOT | {"not"}


def negation_after(verb: Token) -> Token | None:
    """The ``not``/``n't`` standing right after ``verb`` as its clausal negation, if any."""
    if verb.i + 1 >= len(verb.doc):
        return None
    nxt = verb.nbor(1)
    # A clitic n't is negation whatever the parser calls it (it misreads the curly n’t).
    if nxt.lower_ in CONTRACTED_NOT or (nxt.lower_ == "not" and nxt.dep_ == "neg"):
        return nxt
    return None


def contract_to_aint(verb: Token, neg: Token) -> tuple[Op, ...]:
    """Operations turning *isn't / is not / 'm not / haven't ...* into *ain't*: the host
    becomes *ai* and the negation its clitic, so the engine joins them."""
    ops: list[Op] = [Replace(verb.i, "ai")]
    if neg.lower_ == "not":
        ops.append(Replace(neg.i, "n’t" if "’" in verb.text else "n't"))
    return tuple(ops)
