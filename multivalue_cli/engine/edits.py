"""Edit operations that rules propose on the parse of the original text.

Rules never touch strings. They return :class:`Site` objects made of these operations,
addressed by token index in the original ``Doc``; the engine samples, resolves overlaps and
renders (see :mod:`multivalue_cli.engine.apply`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import AbstractSet, Iterable, Union


@dataclass(frozen=True, slots=True)
class Replace:
    """Replace the text of token ``i`` (may be several words, or a clitic such as ``n't``)."""

    i: int
    text: str


@dataclass(frozen=True, slots=True)
class Delete:
    """Delete token ``i`` and its whitespace."""

    i: int


@dataclass(frozen=True, slots=True)
class Insert:
    """Insert ``text`` before token ``i`` (or after it when ``after`` is true)."""

    i: int
    text: str
    after: bool = False


@dataclass(frozen=True, slots=True)
class Move:
    """Move tokens ``[start, end)`` so that they stand before token ``to``.

    ``to == len(doc)`` is not allowed; to move a span to the end of a sentence, move it before
    the sentence-final punctuation (or use ``after=True`` with the last token).
    """

    start: int
    end: int
    to: int
    after: bool = False


Op = Union[Replace, Delete, Insert, Move]


@dataclass(frozen=True, slots=True)
class Site:
    """One place where a feature can apply: an atomic group of operations.

    ``alternatives`` holds other equally valid realisations (each a tuple of operations);
    the engine picks one of ``(ops, *alternatives)`` with the site's keyed generator, so a
    rule never draws random numbers itself.

    ``keep`` names tokens the site does not edit but needs as they stand, because its result
    only reads right with them (*What the name of the course is?* needs its *the*: without
    it the subject reads as *what name*; a doubled relativizer needs its gap unmarked, with
    no pronoun added after the verb). Another feature may reword a kept token (*that name*,
    another tense), but a site that deletes or moves it, or adds words beside it, and this
    site exclude each other, as two sites that touch one token do.
    """

    ops: tuple[Op, ...]
    alternatives: tuple[tuple[Op, ...], ...] = field(default=())
    keep: frozenset[int] = field(default=frozenset())

    def variants(self) -> tuple[tuple[Op, ...], ...]:
        return (self.ops, *self.alternatives)


def site(*ops: Op, alternatives: tuple[tuple[Op, ...], ...] = (),
         keep: Iterable[int] = ()) -> Site:
    """Shorthand: ``site(Replace(3, "speak"))``."""
    return Site(tuple(ops), tuple(tuple(a) for a in alternatives), frozenset(keep))


def restructured_tokens(ops: tuple[Op, ...]) -> set[int]:
    """Token indices an operation group deletes, moves, or adds words beside: every token it
    touches except those it only rewords (what ``Site.keep`` forbids)."""
    found: set[int] = set()
    for op in ops:
        if isinstance(op, Move):
            found.update(range(op.start, op.end))
            found.add(op.to)
        elif not isinstance(op, Replace) or not op.text:
            found.add(op.i)
    return found


def touched_tokens(ops: tuple[Op, ...]) -> set[int]:
    """Token indices an operation group claims; two sites that share one cannot both apply."""
    claimed: set[int] = set()
    for op in ops:
        if isinstance(op, Move):
            claimed.update(range(op.start, op.end))
            claimed.add(op.to)
        else:
            claimed.add(op.i)
    return claimed


def changes_protected(ops: tuple[Op, ...], protected: AbstractSet[int]) -> bool:
    """Whether ``ops`` change a protected token (:func:`altered_tokens`) or put words inside
    a protected phrase, between two neighbouring protected tokens (*a person who bikes* ->
    *a person that who bikes*); words put beside a phrase leave it as it is."""
    if not protected.isdisjoint(altered_tokens(ops)):
        return True
    for op in ops:
        if isinstance(op, (Insert, Move)):
            at = op.i if isinstance(op, Insert) else op.to
            left, right = (at, at + 1) if op.after else (at - 1, at)
            if left in protected and right in protected:
                return True
    return False


def altered_tokens(ops: tuple[Op, ...]) -> set[int]:
    """Token indices whose own text or place an operation group changes: replaced, deleted
    and moved tokens, and the host of a clitic joined to it (*is* + *n't*). A word inserted
    beside a token, or moved next to it, leaves it as it is (what protection needs)."""
    found: set[int] = set()
    for op in ops:
        if isinstance(op, Move):
            found.update(range(op.start, op.end))
        elif isinstance(op, Insert):
            if op.text[:1] in ("'", "’") or op.text.lower().startswith(("n't", "n’t")):
                found.add(op.i)
        else:
            found.add(op.i)
    return found
