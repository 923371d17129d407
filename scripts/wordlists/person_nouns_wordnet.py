#!/usr/bin/env python3
"""Derive rules/wordlists/person_nouns_wordnet.txt from WordNet 3.0 (Debian's wordnet-base).

A noun counts as human when its most frequent sense (the first synset listed for it in
``index.noun``) belongs to the lexicographer file ``noun.person`` (number 18): *teacher*,
*cook*, *plumber*, but not *star* or *head*, whose first senses are not people. Words that
also name an animal, a plant, a food, an artifact or a natural object (*cookie*, *dragon*,
*guy* the rope) are left out: WordNet's sense order is unreliable for rare senses, and a
thing read as a person is the worse mistake. Only single words are kept (multi-word entries
cannot be a one-token head noun).

    python scripts/wordlists/person_nouns_wordnet.py > rules/wordlists/person_nouns_wordnet.txt

With ``--any`` it lists instead every single-word noun that has *some* sense in noun.person
(*driver*, *star*, *cookie*): nouns that cannot safely be called things either.

    python scripts/wordlists/person_nouns_wordnet.py --any > rules/wordlists/person_sense_nouns.txt
"""
from __future__ import annotations

import sys
from pathlib import Path

WORDNET = Path("/usr/share/wordnet")
PERSON_LEXFILE = 18  # noun.person
# noun.animal, noun.artifact, noun.food, noun.object, noun.plant
THING_LEXFILES = frozenset({5, 6, 13, 17, 20})


def lexfile_of_synsets(data_path: Path) -> dict[str, int]:
    """Synset offset -> lexicographer file number, from a WordNet data file."""
    table: dict[str, int] = {}
    with data_path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith(" "):
                continue  # licence header
            fields = line.split(" ", 2)
            table[fields[0]] = int(fields[1])
    return table


def sense_offsets(index_path: Path) -> dict[str, list[str]]:
    """Lemma -> offsets of its synsets, most frequent first, from a WordNet index file."""
    senses: dict[str, list[str]] = {}
    with index_path.open(encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line.startswith(" "):
                continue
            fields = line.split()
            lemma, synset_cnt, p_cnt = fields[0], int(fields[2]), int(fields[3])
            offsets = fields[6 + p_cnt:]
            if len(offsets) == synset_cnt and offsets:
                senses[lemma] = offsets
    return senses


def main() -> None:
    lexfiles = lexfile_of_synsets(WORDNET / "data.noun")
    senses = sense_offsets(WORDNET / "index.noun")
    if "--any" in sys.argv[1:]:
        print_any_person_sense(lexfiles, senses)
        return
    words = sorted(
        lemma for lemma, offsets in senses.items()
        if "_" not in lemma and lemma.isalpha() and lexfiles.get(offsets[0]) == PERSON_LEXFILE
        and not any(lexfiles.get(offset) in THING_LEXFILES for offset in offsets)
    )
    print("# Human nouns: single-word nouns whose most frequent WordNet 3.0 sense is in")
    print("# noun.person (teacher, plumber; not star, head) and none of whose senses is an")
    print("# animal, plant, food, artifact or object (not cookie, dragon). Derived from Debian's")
    print("# wordnet-base by scripts/wordlists/person_nouns_wordnet.py; used for relative-pronoun")
    print("# animacy (who vs which) and resumptive pronoun choice.")
    for word in words:
        print(word)


def print_any_person_sense(lexfiles: dict[str, int], senses: dict[str, list[str]]) -> None:
    words = sorted(
        lemma for lemma, offsets in senses.items()
        if "_" not in lemma and lemma.isalpha()
        and any(lexfiles.get(offset) == PERSON_LEXFILE for offset in offsets)
    )
    print("# Nouns with at least one WordNet 3.0 sense in noun.person (driver, star, cookie):")
    print("# single words that a rule must not treat as certainly non-human (it/its/which).")
    print("# Derived from Debian's wordnet-base by scripts/wordlists/person_nouns_wordnet.py --any.")
    for word in words:
        print(word)


if __name__ == "__main__":
    main()
