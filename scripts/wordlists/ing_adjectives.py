#!/usr/bin/env python3
"""Derive rules/wordlists/ing_adjectives.txt: -ing words that WordNet 3.0 lists as adjectives
(moving, stunning, charming, boring), from Debian's wordnet-base (/usr/share/wordnet/index.adj).

    python scripts/wordlists/ing_adjectives.py > rules/wordlists/ing_adjectives.txt
"""
from __future__ import annotations

from pathlib import Path

INDEX = Path("/usr/share/wordnet/index.adj")
HEADER = """\
# ing_adjectives: single words ending in -ing that WordNet 3.0 lists as adjectives (moving,
# stunning, charming). A "be + X-ing" with such a word and no complement may be a predicative
# adjective, not a progressive (the story is moving), so a_ing (eWAVE 134) leaves it.
# Derived from WordNet 3.0 (Debian wordnet-base, /usr/share/wordnet/index.adj) by
# scripts/wordlists/ing_adjectives.py."""


def main() -> None:
    words = set()
    for line in INDEX.read_text("utf-8").splitlines():
        if line.startswith(" "):
            continue  # licence header
        lemma = line.split(" ", 1)[0]
        if lemma.endswith("ing") and lemma.isalpha() and len(lemma) > 5:
            words.add(lemma)
    print(HEADER)
    print("\n".join(sorted(words)))


if __name__ == "__main__":
    main()
