"""Field paths: which strings of a (nested) record are text to rewrite.

A path is ``name(.name)*`` where any name may be followed by ``[*]`` (every list element),
``[key=value]`` (the elements that are objects whose ``key`` holds ``value``: the user turns of
a chat, ``messages[role=user].content``, ``conversations[from=human].value``) or, in the
concrete paths this module returns, ``[N]`` (one element): ``question``,
``questions[*].input_text``, ``dialog.turns[*].text``, ``translation.en``. A path that ends on
a list of strings selects every element, so ``questions`` selects ``questions[0]``,
``questions[1]``, ... (Task presets, which name such paths, are in :mod:`.tasks`.)
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Iterator, Sequence, Union

from ..errors import MultivalueError


class FieldError(MultivalueError):
    """A field path or task that cannot be used; the message lists what the records do hold."""


class _Star:
    """The ``[*]`` step: every element of a list."""

    def __repr__(self) -> str:
        return "STAR"


STAR = _Star()


@dataclass(frozen=True)
class Match:
    """The ``[key=value]`` step: the elements of a list that are objects whose ``key`` holds
    ``value`` (a string, or a number written as one)."""

    key: str
    value: str

    def __repr__(self) -> str:
        return f"[{self.key}={self.value}]"

    def matches(self, item: Any) -> bool:
        if not isinstance(item, dict) or self.key not in item:
            return False
        found = item[self.key]
        if isinstance(found, str):
            return found == self.value
        return isinstance(found, int) and not isinstance(found, bool) and str(found) == self.value


Step = Union[str, int, _Star, Match]
MAX_LISTED_FIELDS = 40
_TYPE_NAMES = {dict: "object", list: "list", str: "string", bool: "bool", int: "int",
               float: "float", type(None): "null"}


@lru_cache(maxsize=4096)
def parse_path(path: str) -> tuple[Step, ...]:
    """Parse a path into steps: a key (str), an index (int) or STAR, e.g.
    ``"questions[*].input_text"`` -> ``("questions", STAR, "input_text")``."""
    steps: list[Step] = []
    for part in _dotted_parts(path.strip()):
        name, bracket, rest = part.partition("[")
        if not name or "]" in name or "=" in name:
            raise FieldError(f"bad field path {path!r}: expected name(.name)* with optional [*], "
                             "[N] or [key=value]")
        steps.append(name)
        if bracket:
            steps.extend(_parse_brackets("[" + rest, path))
    return tuple(steps)


def _dotted_parts(path: str) -> list[str]:
    """``path`` cut at the dots outside brackets (``turns[speaker=A.B].text`` has two parts)."""
    parts, depth, start = [], 0, 0
    for k, char in enumerate(path):
        if char == "[":
            depth += 1
        elif char == "]":
            depth = max(0, depth - 1)
        elif char == "." and depth == 0:
            parts.append(path[start:k])
            start = k + 1
    parts.append(path[start:])
    return parts


def _parse_brackets(text: str, path: str) -> list[Step]:
    """``"[*][2]"`` -> ``[STAR, 2]``; ``"[role=user]"`` -> ``[Match("role", "user")]``."""
    steps: list[Step] = []
    for chunk in text.split("]"):
        if not chunk:
            continue
        inside = chunk[1:] if chunk.startswith("[") else None
        if inside == "*":
            steps.append(STAR)
        elif inside is not None and inside.isascii() and inside.isdigit():
            steps.append(int(inside))
        elif inside is not None and "=" in inside:
            steps.append(_match_step(inside, path))
        else:
            raise FieldError(f"bad field path {path!r}: brackets must hold *, a number or key=value "
                             "(messages[role=user].content)")
    if not text.endswith("]"):
        raise FieldError(f"bad field path {path!r}: unclosed [")
    return steps


def _match_step(inside: str, path: str) -> Match:
    key, _, value = (part.strip() for part in inside.partition("="))
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
        value = value[1:-1]
    if not key or not value or "[" in inside:
        raise FieldError(f"bad field path {path!r}: [{inside}] needs a key and a value, as in "
                         "[role=user]")
    return Match(key, value)


# --- walking a record ---------------------------------------------------------------------


@dataclass(frozen=True)
class _Hit:
    """One location a path reached: a string (``text`` set) or a problem (``kind`` set)."""

    where: str
    text: str | None = None
    kind: str = "text"  # "text", "missing", "null" or "type"
    detail: str = ""

    def message(self) -> str:
        if self.kind == "missing":
            return f"{self.where}: missing"
        if self.kind == "null":
            return f"{self.where}: null"
        return f"{self.where}: {self.detail}"


def _walk(value: Any, steps: tuple[Step, ...], at: int, where: str) -> Iterator[_Hit]:
    """Follow ``steps[at:]`` from ``value`` (found at concrete path ``where``)."""
    if value is None:
        yield _Hit(where, kind="null")
        return
    if at == len(steps):
        yield from _leaf(value, where)
        return
    step = steps[at]
    if isinstance(step, str):
        if not isinstance(value, dict):
            yield _type_hit(where, "an object", value)
        elif step not in value:
            yield _Hit(f"{where}.{step}" if where else step, kind="missing")
        else:
            yield from _walk(value[step], steps, at + 1, f"{where}.{step}" if where else step)
    elif not isinstance(value, list):
        yield _type_hit(where, "a list", value)
    elif step is STAR:
        for index, item in enumerate(value):
            yield from _walk(item, steps, at + 1, f"{where}[{index}]")
    elif isinstance(step, Match):
        for index, item in enumerate(value):
            if step.matches(item):
                yield from _walk(item, steps, at + 1, f"{where}[{index}]")
    elif step < len(value):
        yield from _walk(value[step], steps, at + 1, f"{where}[{step}]")
    else:
        yield _Hit(f"{where}[{step}]", kind="missing")


def _leaf(value: Any, where: str) -> Iterator[_Hit]:
    """A path's end: a string, or a list whose elements are each selected."""
    if isinstance(value, str):
        yield _Hit(where, text=value)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            at = f"{where}[{index}]"
            if isinstance(item, str):
                yield _Hit(at, text=item)
            elif item is None:
                yield _Hit(at, kind="null")
            else:
                yield _type_hit(at, "a string", item)
    else:
        yield _type_hit(where, "a string", value)


def _type_hit(where: str, expected: str, value: Any) -> _Hit:
    got = _TYPE_NAMES.get(type(value), type(value).__name__)
    return _Hit(where, kind="type", detail=f"expected {expected}, got {got}")


def select(record: dict, paths: Sequence[str]) -> tuple[list[tuple[str, str]], list[str]]:
    """The texts ``paths`` pick out of ``record`` as ``(concrete path, text)``, in path order
    then list order, each location once; plus messages for locations that are missing, null
    or not strings (those are skipped, not fatal)."""
    selected: list[tuple[str, str]] = []
    problems: list[str] = []
    seen: set[str] = set()
    for path in paths:
        for hit in _walk(record, parse_path(path), 0, ""):
            if hit.where in seen:
                continue
            seen.add(hit.where)
            if hit.text is not None:
                selected.append((hit.where, hit.text))
            else:
                problems.append(hit.message())
    return selected, problems


def field_of(concrete: str, paths: Sequence[str]) -> str | None:
    """The first of ``paths`` that selects the location ``concrete`` (as :func:`select`
    reports it: ``questions[2]`` for ``questions``, ``turns[0].text`` for ``turns[*].text``)."""
    for path in paths:
        if _path_pattern(path).fullmatch(concrete):
            return path
    return None


@lru_cache(maxsize=1024)
def _path_pattern(path: str) -> "re.Pattern[str]":
    parts: list[str] = []
    for step in parse_path(path):
        if isinstance(step, str):
            parts.append(("\\." if parts else "") + re.escape(step))
        elif step is STAR or isinstance(step, Match):
            parts.append(r"\[\d+\]")
        else:
            parts.append(rf"\[{step}\]")
    return re.compile("".join(parts) + r"(?:\[\d+\])?")


def original_columns(paths: Sequence[str]) -> list[str]:
    """The top-level columns the paths start in, each once, in order: what ``--keep-original``
    copies (whole, as the input had it) into ``<column>_original``."""
    return list(dict.fromkeys(str(parse_path(path)[0]) for path in paths))


def values_at(record: dict, path: str) -> list[Any]:
    """Every value ``path`` reaches in ``record`` (of any type; ``[*]`` takes every element),
    for fields whose values are used, not rewritten (``--protect-field``)."""
    return [value for _, value in located_values(record, path)]


def located_values(record: dict, path: str) -> list[tuple[str, Any]]:
    """:func:`values_at` with the concrete path of each value (``answers[2].span_start``)."""
    return _located(record, parse_path(path))


def _reach(record: Any, steps: tuple[Step, ...]) -> list[Any]:
    return [value for _, value in _located(record, steps)]


def _located(record: Any, steps: tuple[Step, ...]) -> list[tuple[str, Any]]:
    found: list[tuple[str, Any]] = []

    def walk(value: Any, at: int, where: str) -> None:
        if value is None:
            return
        if at == len(steps):
            found.append((where, value))
            return
        step = steps[at]
        if isinstance(step, str):
            if isinstance(value, dict) and step in value:
                walk(value[step], at + 1, f"{where}.{step}" if where else step)
        elif isinstance(value, list):
            if step is STAR:
                for index, item in enumerate(value):
                    walk(item, at + 1, f"{where}[{index}]")
            elif isinstance(step, Match):
                for index, item in enumerate(value):
                    if step.matches(item):
                        walk(item, at + 1, f"{where}[{index}]")
            elif step < len(value):
                walk(value[step], at + 1, f"{where}[{step}]")

    walk(record, 0, "")
    return found


def _shown_path(steps: Sequence[Step]) -> str:
    parts: list[str] = []
    for step in steps:
        if isinstance(step, str):
            parts.append(("." if parts else "") + step)
        else:
            parts.append("[*]" if step is STAR else f"[{step}]" if isinstance(step, int) else repr(step))
    return "".join(parts)


def _match_problem(records: Sequence[dict], steps: tuple[Step, ...]) -> str | None:
    """For a path with ``[key=value]`` steps: the first such step no element of the records
    matches, said with the values its key does hold (or the keys the elements have)."""
    for at, step in enumerate(steps):
        if not isinstance(step, Match):
            continue
        lists = [v for r in records for v in _reach(r, steps[:at]) if isinstance(v, list)]
        items = [item for found in lists for item in found if isinstance(item, dict)]
        if any(step.matches(item) for item in items):
            continue
        where = _shown_path(steps[:at])
        held = dict.fromkeys(str(item[step.key]) for item in items if step.key in item)
        if held:
            shown = ", ".join(list(held)[:MAX_LISTED_FIELDS])
            message = f"no element of {where} has {step.key} {step.value!r}; {where}[*].{step.key} holds: {shown}"
            close = difflib.get_close_matches(step.value, list(held), n=1, cutoff=0.6)
            if close:
                fixed = (*steps[:at], Match(step.key, close[0]), *steps[at + 1:])
                message += f". Did you mean {_shown_path(fixed)!r}?"
            return message
        keys = dict.fromkeys(str(k) for item in items for k in item)
        return (f"no element of {where} has the key {step.key!r}; its elements have: "
                f"{', '.join(keys) or 'no keys'}" if items else f"{where} holds no list of objects")
    return None


def check_value_paths(records: Sequence[dict], paths: Sequence[str], option: str) -> None:
    """Raise FieldError for a path (of ``option``, e.g. --protect-field) that reaches no value
    in any of ``records``, listing the fields that exist and a close match."""
    for path in paths:
        parse_path(path)
        if not any(values_at(record, path) for record in records):
            existing = existing_fields(records)
            shown = ", ".join(existing[:MAX_LISTED_FIELDS]) or "none"
            message = (f"{option} {path!r} reaches no value in the first {len(records)} "
                       f"record(s); fields that exist: {shown}")
            close = difflib.get_close_matches(path, existing, n=1, cutoff=0.6)
            if close:
                message += f". Did you mean {close[0]!r}?"
            raise FieldError(message)


def assign(record: dict, concrete_path: str, text: str) -> None:
    """Set the string at a concrete path (keys and ``[N]`` indexes, no ``[*]``) in place."""
    steps = parse_path(concrete_path)
    if STAR in steps:
        raise FieldError(f"cannot assign to {concrete_path!r}: [*] is not a single location")
    container: Any = record
    try:
        for step in steps[:-1]:
            container = container[step]
        last = steps[-1]
        if isinstance(last, int) and not isinstance(container, list):
            raise TypeError(f"not a list: {type(container).__name__}")
        container[last] = text
    except (KeyError, IndexError, TypeError) as exc:
        raise FieldError(f"cannot assign to {concrete_path!r}: {exc}") from None


# --- checking paths against records -------------------------------------------------------


def _path_problem(records: Sequence[dict], path: str) -> str | None:
    """Why ``path`` cannot be a text field of these records, or None when it can.

    A path is fine when some record holds a string, a null or an empty list there; it is wrong
    when every location it reaches is missing or holds something other than strings.
    """
    first_problem = None
    steps = parse_path(path)
    for record in records:
        for hit in _walk(record, steps, 0, ""):
            if hit.kind in ("text", "null"):
                return None
            first_problem = first_problem or hit.message()
    if first_problem is None and any(isinstance(step, Match) for step in steps):
        return _match_problem(records, steps)
    return first_problem


def check_paths(records: Sequence[dict], paths: Sequence[str]) -> None:
    """Raise FieldError for a path that selects no text in any of ``records`` (the first few
    of the input), listing the fields that do exist and a close match."""
    for path in paths:
        problem = _path_problem(records, path)
        if problem is not None:
            raise FieldError(_unknown_field_message(path, problem, records))


def _unknown_field_message(path: str, problem: str, records: Sequence[dict]) -> str:
    existing = existing_fields(records)
    shown = ", ".join(existing[:MAX_LISTED_FIELDS])
    if len(existing) > MAX_LISTED_FIELDS:
        shown += f", ... ({len(existing) - MAX_LISTED_FIELDS} more)"
    message = (f"field {path!r} selects no text in the first {len(records)} record(s) "
               f"({problem}); fields that exist: {shown or 'none'}")
    close = difflib.get_close_matches(path, existing, n=1, cutoff=0.6)
    by_key = any(isinstance(step, Match) for step in parse_path(path))  # [*] would take every element
    if close and close[0] != path and not by_key:
        message += f". Did you mean {close[0]!r}?"
    return message


def existing_fields(records: Sequence[dict]) -> list[str]:
    """The leaf paths found in ``records``, first-seen order; keys inside lists of objects are
    shown with ``[*]`` (``sql.conds[*].column``), a list of strings as its own name."""
    found: dict[str, None] = {}
    for record in records:
        _collect(record, "", found)
    return list(found)


def _collect(value: Any, where: str, found: dict[str, None]) -> None:
    if isinstance(value, dict) and value:
        for key, item in value.items():
            _collect(item, f"{where}.{key}" if where else str(key), found)
    elif isinstance(value, list) and any(isinstance(item, dict) for item in value):
        for item in value:
            if isinstance(item, dict):
                _collect(item, f"{where}[*]", found)
    elif where:
        found.setdefault(where, None)
