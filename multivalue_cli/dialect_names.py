"""Dialect names as users type them.

A dialect is found by its abbreviation (``CollSgE``), its eWAVE variety name (``Colloquial
Singapore English (Singlish)``), either part of such a name (``Colloquial Singapore English``,
``Singlish``), a well-known alias (``Hiberno-English``), or words that only its name has
(``Singapore``, ``Chicano``), in any case. A name that several varieties share (``AAVE``,
``Indian``, ``Fiji English``) is not guessed: the caller lists the candidates.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from typing import Mapping

# Well-known names that eWAVE's variety names do not contain; a tuple of several abbreviations
# is a name that several varieties answer to.
# ("Black English" would otherwise find Black South African English by its words.)
_AAVE = ("UAAVE", "RAAVE", "EAAVE")
ALIASES: dict[str, tuple[str, ...]] = {
    "hiberno english": ("IrE",),
    "manglish": ("MalE",),
    "kiwi english": ("NZE",),
    "aave": _AAVE,
    "aae": _AAVE,
    "black english": _AAVE,
    "ebonics": _AAVE,
}
# Words that tell no variety from another.
_FILLER = {"english", "dialect", "dialects", "the", "of", "in", "variety"}
_MOST_CANDIDATES = 6  # more than this many varieties share the words: not a name at all
_MIN_PREFIX = 4  # "Nigeria" finds "Nigerian"; "Ind" finds nothing


@dataclass(frozen=True)
class NameMatch:
    """The variety ``spec`` names, or the candidates it may mean (``ambiguous``: it fits each
    of them; otherwise they are only close spellings)."""

    abbreviation: str | None
    candidates: tuple[str, ...] = ()
    ambiguous: bool = False


def normalise(text: str) -> str:
    """Lower case, punctuation as spaces (``St. Helena`` = ``St Helena``, ``Hiberno-English``)."""
    return " ".join(re.sub(r"[^\w&]+", " ", text.casefold()).split())


def find_dialect(spec: str, names: Mapping[str, str]) -> NameMatch:
    """Look ``spec`` up among ``names`` (abbreviation -> eWAVE variety name)."""
    wanted = normalise(spec)
    exact = _exact_names(names)
    if wanted in exact:
        found = exact[wanted]
        return NameMatch(found[0]) if len(found) == 1 else NameMatch(None, found, ambiguous=True)
    by_words = _by_words(wanted, names)
    if len(by_words) == 1:
        return NameMatch(by_words[0])
    if 1 < len(by_words) <= _MOST_CANDIDATES:
        return NameMatch(None, tuple(by_words), ambiguous=True)
    labels = {key: found[0] for key, found in exact.items() if len(found) == 1}
    close = difflib.get_close_matches(wanted, list(labels), n=3, cutoff=0.6)
    return NameMatch(None, tuple(dict.fromkeys(labels[c] for c in close)))


def _exact_names(names: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """Every exact way to name a variety, normalised, with the varieties it names."""
    found: dict[str, list[str]] = {}
    for abbr, name in names.items():
        main, _, common = name.partition("(")
        for key in (abbr, name, main, common.rstrip(")")):
            if normalise(key):
                found.setdefault(normalise(key), [])
                if abbr not in found[normalise(key)]:
                    found[normalise(key)].append(abbr)
    for alias, abbrs in ALIASES.items():
        found.setdefault(alias, list(abbrs))
    return {key: tuple(abbrs) for key, abbrs in found.items()}


def _by_words(wanted: str, names: Mapping[str, str]) -> list[str]:
    """The varieties whose names hold every telling word of ``wanted``: the word, one that it
    begins (at least four letters: ``Nigeria``), or its singular (``Philippines``)."""
    words = [w for w in wanted.split() if w not in _FILLER]
    if not words:
        return []
    return [abbr for abbr, name in names.items()
            if all(any(_same_word(w, n) for n in normalise(name).split()) for w in words)]


def _same_word(typed: str, word: str) -> bool:
    return (typed in (word, word + "s")
            or (len(typed) >= _MIN_PREFIX and word.startswith(typed)))
