"""Tokens rewritten as a sentence, and split again so that every label list stays aligned.

**Joining.** The tokens are joined with one space, except where the space can be inferred
away: none before closing punctuation (``. , ! ? ; : % ) ] }`` and runs of them, ``''``, ``”``)
or a clitic (``n't``, ``'s``, ``'re``, ``'ve``, ``'ll``, ``'d``, ``'m``), none after an opening
bracket (``( [ {``, ``````, ``“``) or ``$``, and none on either side of an apostrophe split off
a word (``should ' ve`` reads *should've*). The joined text is what the rules parse, what the
edit log's character spans point into, and what ``verify`` joins again.

**Splitting.** The edits say which characters changed. A token no edit touches keeps its text
and every label, wherever it moved; the text between two such tokens (what replaced the touched
ones, or what was inserted) is split at whitespace, and further where the parse splits a word
off and the joining rule would glue it back (*it's* -> *it* *'s*; *cannot* stays one token), so
that joining the new tokens gives the rewritten text exactly. A new token's labels:

- in an entity list: ``O`` (entity tokens are protected, so a new token is never inside one);
- in a chunk list: the chunk of the tokens it replaced (or of its two neighbours, for an
  inserted word) when they all belong to one, else ``O``; the chunks are written again in the
  list's scheme (a chunk that lost its first word begins at its next one);
- in a tag list: the parse's tag when the list holds Penn Treebank (or Universal POS) tags, else
  the declared fill.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Container, Iterable, Iterator, Sequence

from ..errors import MultivalueError
from .layout import TokenLayout
from .schemes import OUTSIDE, encode, entities, first_invalid, spans

if TYPE_CHECKING:
    from ..engine.apply import AppliedEdit

_CLOSING = re.compile(r"^(?:[.,!?;:%)\]}…]+|''|”|’’)$")
_CLITIC = re.compile(r"^(?:n[’']t|[’'](?:s|re|ve|ll|d|m))$", re.IGNORECASE)
_OPENING = frozenset({"(", "[", "{", "``", "“", "$"})
_APOSTROPHES = frozenset({"'", "’", "´", "`"})
_SPLIT_CLITIC = re.compile(r"^(?:s|t|re|ve|ll|d|m)$", re.IGNORECASE)
_QUOTE = '"'

ParsedToken = tuple[int, int, str, str]  # start, end, Penn tag, Universal POS of the new text


def glued(left: str, right: str) -> bool:
    """Whether the joining rule writes ``right`` right after ``left`` with no space, as far as
    the two tokens alone tell (see :func:`spacing` for the rules that need more)."""
    return bool(_CLOSING.match(right) or _CLITIC.match(right) or left in _OPENING
                or left in _APOSTROPHES and _SPLIT_CLITIC.match(right))


def spacing(tokens: Sequence[str]) -> list[bool]:
    """Whether a space goes before each token: :func:`glued`, and an apostrophe split off a
    word (``should ' ve``, ``do n ' t``) glued on both sides, and straight double quotes taken
    in turn as opening (glued to the next token) and closing (to the one before)."""
    space = [False] + [not glued(a, b) for a, b in zip(tokens, tokens[1:])]
    quotes = 0
    for k, token in enumerate(tokens):
        after = tokens[k + 1] if k + 1 < len(tokens) else ""
        if token in _APOSTROPHES and k and tokens[k - 1][-1:].isalpha() and _SPLIT_CLITIC.match(after):
            space[k] = False
            if tokens[k - 1] == "n" and after.lower() == "t" and k >= 2 and tokens[k - 2][-1:].isalpha():
                space[k - 1] = False  # do n ' t
        elif token == _QUOTE:
            if quotes % 2 == 0 and k + 1 < len(tokens):
                space[k + 1] = False
            elif quotes % 2 == 1:
                space[k] = False
            quotes += 1
    return space


def join_tokens(tokens: Sequence[str]) -> tuple[str, list[tuple[int, int]]]:
    """The tokens as one text, and each token's character span in it."""
    parts: list[str] = []
    offsets: list[tuple[int, int]] = []
    position = 0
    for token, space in zip(tokens, spacing(tokens)):
        if space:
            parts.append(" ")
            position += 1
        parts.append(token)
        offsets.append((position, position + len(token)))
        position += len(token)
    return "".join(parts), offsets


def entity_terms(tokens: Sequence[str], values: dict[str, list], layout: TokenLayout) -> tuple[str, ...]:
    """The text of every entity of the sentence, for no stage to touch."""
    text, offsets = join_tokens(tokens)
    terms = [text[offsets[start][0]:offsets[end - 1][1]] for start, end in _entity_spans(values, layout)]
    return tuple(dict.fromkeys(terms))


def _entity_spans(values: dict[str, list], layout: TokenLayout) -> Iterator[tuple[int, int]]:
    """The token ranges of the entities of every entity list."""
    for lst in layout.labels:
        if lst.role == "entities":
            for _, start, end in spans(lst.read(values[lst.field]), lst.scheme or "IOB2"):
                yield start, end


@dataclass(frozen=True)
class Realigned:
    """A rewritten sentence's tokens and its label lists (by field), as the record holds them."""

    tokens: list[str]
    values: dict[str, list]


class RealignError(MultivalueError, ValueError):
    """The rewritten sentence cannot be split back into tokens its labels fit (the record is
    then left as it was, and listed in errors.jsonl)."""


def realign(tokens: Sequence[str], values: dict[str, list], layout: TokenLayout, new_text: str,
            edits: Iterable["AppliedEdit"], parsed: Sequence[ParsedToken] | None = None) -> Realigned:
    """The new tokens and label lists of a sentence whose joined text the edits turned into
    ``new_text`` (``parsed``: the parse of ``new_text``, for the tags of new tokens)."""
    text, offsets = join_tokens(tokens)
    edits = list(edits)
    entity_tokens = {k for start, end in _entity_spans(values, layout) for k in range(start, end)}
    # A token found whole inside an edit is kept only where the new tokens still join into the
    # new text; failing that, only the entities' tokens are (or none).
    for inside in (None, entity_tokens, ()):
        pieces, owners = _new_tokens(new_text, kept_spans(text, offsets, edits, inside), parsed or ())
        new_tokens = [new_text[s:e] for s, e in pieces]
        if join_tokens(new_tokens)[0] == new_text:
            break
    else:
        raise RealignError("its new words do not split into tokens that join back into it")
    new_values: dict[str, list] = {}
    for lst in layout.labels:
        old = lst.read(values[lst.field])
        if lst.role == "tags":
            labels = [old[o] if isinstance(o, int) else lst.new_label(*_parse_at(parsed, pieces[k]))
                      for k, o in enumerate(owners)]
        elif lst.role == "entities":
            labels = [old[o] if isinstance(o, int) else OUTSIDE for o in owners]
            scheme = lst.scheme or "IOB2"
            if entities(new_tokens, labels, scheme) != entities(tokens, old, scheme):
                raise RealignError(f"{lst.field}: an entity would change")
            if first_invalid(labels, scheme) and not first_invalid(old, scheme):
                raise RealignError(f"{lst.field}: the tags would break {scheme}")
        else:
            labels = _chunks(old, owners, lst.scheme or "IOB2")
        new_values[lst.field] = lst.write(labels)
    return Realigned(new_tokens, new_values)


def kept_spans(text: str, offsets: Sequence[tuple[int, int]], edits: Iterable["AppliedEdit"],
               inside: Container[int] | None = None) -> list[tuple[int, int] | None]:
    """Where each token of ``text`` (at ``offsets``) is in the rewritten text, or None for a
    token an edit changed. The dialect's edits apply to ``text``, the learner errors' (eWAVE
    number 0) to the text the dialect made. A token inside an edit's span is still there when
    the edit kept its characters as they were (*Wendy's* -> *for Wendy*: the edit spans the
    phrase, the name is as it was): found by matching the edit's text before and after (for the
    tokens in ``inside`` only, when it is given)."""
    from ..engine.apply import replay

    edits = list(edits)
    found: list[tuple[int, int] | None] = list(offsets)
    for stage in ([e for e in edits if e.ewave], [e for e in edits if not e.ewave]):
        if not stage:
            continue
        changes = sorted({(e.start, e.end, e.before, e.after) for e in stage})
        after = replay(text, stage)
        found = [_moved(span, changes, text, after, inside is None or k in inside)
                 for k, span in enumerate(found)]
        text = after
    return found


def _moved(span: tuple[int, int] | None, changes: list[tuple[int, int, str, str]], text: str,
           after: str, inside_edits: bool = True) -> tuple[int, int] | None:
    if span is None:
        return None
    start, end = span
    shift = 0
    for a, b, before, replaced in changes:
        if a < b and a < end and start < b or a == b and start < a < end:
            if not (inside_edits and a <= start and end <= b):
                return None  # the edit changes part of the token
            inside = _kept_inside(start - a, end - a, before, replaced)
            if inside is None:
                return None
            new_start = a + shift + inside
            new = (new_start, new_start + end - start)
            return new if _same_edges(text, span, after, new) else None
        if b <= start:
            shift += len(replaced) - (b - a)
    new = (start + shift, end + shift)
    return new if _same_edges(text, span, after, new) else None  # not glued to new letters


def _kept_inside(start: int, end: int, before: str, after: str) -> int | None:
    """Where ``before[start:end]`` is in ``after``, when the edit kept it whole."""
    from difflib import SequenceMatcher

    for i, j, size in SequenceMatcher(None, before, after, autojunk=False).get_matching_blocks():
        if i <= start and end <= i + size:
            return j + start - i
    return None


def _same_edges(text: str, span: tuple[int, int], after: str, new: tuple[int, int]) -> bool:
    """Whether a token has a letter or digit beside it on the same sides as before (an edit
    that writes letters right beside it, *support* -> *supporting*, changes its word)."""
    def edges(t: str, s: tuple[int, int]) -> tuple[bool, bool]:
        return (s[0] > 0 and t[s[0] - 1].isalnum(), s[1] < len(t) and t[s[1]].isalnum())

    return edges(text, span) == edges(after, new)


def _new_tokens(text: str, kept: list[tuple[int, int] | None],
                parsed: Sequence[ParsedToken]) -> tuple[list[tuple[int, int]], list[int | tuple[int, int]]]:
    """The spans of the new tokens, each with its owner: the old token it is (an index), or the
    old tokens it replaced (a range ``(first, end)``, empty for an inserted word)."""
    starts = {start for start, *_ in parsed}
    pieces: list[tuple[int, int]] = []
    owners: list[int | tuple[int, int]] = []
    position, last_kept = 0, -1
    for k, span in enumerate([*kept, (len(text), len(text))]):
        if span is None:
            continue
        for piece in _pieces(text, position, span[0], starts):
            pieces.append(piece)
            owners.append((last_kept + 1, k))
        if k < len(kept):
            pieces.append(span)
            owners.append(k)
            position, last_kept = span[1], k
    return pieces, owners


def _pieces(text: str, start: int, end: int, starts: set[int]) -> Iterable[tuple[int, int]]:
    """The words of ``text[start:end]``: split at whitespace, and at the parse's token starts
    where the joining rule would glue the parts back."""
    for word in re.finditer(r"\S+", text[start:end]):
        a, b = start + word.start(), start + word.end()
        cuts = [c for c in range(a + 1, b) if c in starts]
        bounds = [a, *cuts, b]
        begin = a
        for k in range(1, len(bounds) - 1):
            left, right = text[begin:bounds[k]], text[bounds[k]:bounds[k + 1]]
            if glued(left, right) or _QUOTE in (left, right):
                yield begin, bounds[k]
                begin = bounds[k]
        yield begin, b


def _parse_at(parsed: Sequence[ParsedToken] | None, piece: tuple[int, int]) -> tuple[str | None, str | None]:
    """The tags of the parse's token that covers the start of ``piece``."""
    for start, end, tag, pos in parsed or ():
        if start <= piece[0] < end:
            return tag, pos
    return None, None


def _chunks(old: list[str], owners: list[int | tuple[int, int]], scheme: str) -> list[str]:
    """Chunk tags of the new tokens: a kept token stays in its chunk, a new one joins the
    chunk of what it replaced (or of both neighbours), and the chunks are written again."""
    member = {}
    for number, (_, start, end) in enumerate(spans(old, scheme)):
        member.update((k, number) for k in range(start, end))
    kinds = {number: kind for number, (kind, _, _) in enumerate(spans(old, scheme))}
    chunk_of: list[int | None] = []
    for owner in owners:
        if isinstance(owner, int):
            chunk_of.append(member.get(owner))
            continue
        first, end = owner
        around = range(first, end) if end > first else (first - 1, end)
        found = {member.get(k) for k in around if 0 <= k < len(old)}
        if end == first and (first - 1 < 0 or end >= len(old)):
            found.add(None)
        chunk_of.append(found.pop() if len(found) == 1 else None)
    runs: list[tuple[str, int, int]] = []
    for k, number in enumerate(chunk_of):
        if number is None:
            continue
        if runs and chunk_of[k - 1] == number and k > 0:
            runs[-1] = (runs[-1][0], runs[-1][1], k + 1)
        else:
            runs.append((kinds[number], k, k + 1))
    return encode(runs, len(owners), scheme)
