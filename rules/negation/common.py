"""What several negation rules use: the negation words, and *ain't* made from a verb and its
negation."""
from __future__ import annotations

from typing import TYPE_CHECKING

from multivalue_cli.engine.edits import Op, Replace
from multivalue_cli.engine.syntax import CONTRACTED_NOT

if TYPE_CHECKING:
    from spacy.tokens import Token


NEGATORS = CONTRACTED_NOT | {"not"}


def contract_to_aint(verb: Token, neg: Token) -> tuple[Op, ...]:
    """Operations turning *isn't / is not / 'm not / haven't ...* into *ain't*: the host
    becomes *ai* and the negation its clitic, so the engine joins them."""
    ops: list[Op] = [Replace(verb.i, "ai")]
    if neg.lower_ == "not":
        ops.append(Replace(neg.i, "n’t" if "’" in verb.text else "n't"))
    return tuple(ops)
