"""Word lists that rules need (mass nouns, human nouns, stative verbs, ...), kept as data.

Each list is ``rules/wordlists/<name>.txt`` (shipped as ``multivalue_cli.rules/wordlists``):
a header of ``#`` lines saying what the list is and where it came from, then one entry per
line (lower case; an entry may hold spaces). Loaded once per process.
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources


@lru_cache(maxsize=None)
def wordlist(name: str) -> frozenset[str]:
    """The entries of ``rules/wordlists/<name>.txt``."""
    path = resources.files("multivalue_cli.rules").joinpath(f"wordlists/{name}.txt")
    try:
        text = path.read_text("utf-8")
    except FileNotFoundError:
        raise KeyError(f"no word list named {name!r} in rules/wordlists/") from None
    entries = (line.split("#", 1)[0].strip().lower() for line in text.splitlines())
    return frozenset(e for e in entries if e)
