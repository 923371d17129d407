#!/usr/bin/env python3
"""Derive the animacy word lists of the antecedent finder from WordNet 3.0.

    python scripts/wordlists/animacy_nouns.py [/usr/share/wordnet]

Writes six lists to rules/wordlists/:

* ``person_nouns``: nouns whose most frequent sense is in the noun.person lexicographer file
  and none of whose attested senses is a thing or an animal (*teacher*, *mother*, *driver*);
* ``animate_sense_nouns``: nouns with any attested sense in noun.person or noun.animal
  (*head*, *star*, *dog*): used to say "animacy unknown" for nouns that are not persons;
* ``animal_nouns``: nouns whose most frequent sense is in noun.animal (*dog*, *horse*);
* ``group_nouns``: nouns whose most frequent sense is in noun.group (*people*, *police*,
  *team*, *company*): referred to by *it* or *they*, so their animacy is "unknown";
* ``concrete_thing_nouns``: nouns whose most frequent sense is a concrete thing (noun.artifact,
  noun.object, noun.plant), with no attested person or animal sense (*car*, *house*, *tree*);
* ``non_place_nouns``: nouns all of whose attested senses are abstract (an act, state, event,
  attribute, ...: *coma*, *sale*, *trip*), so nothing is in, at or on one as a place.

"Attested" senses are the first ``tagsense_cnt`` senses of index.noun (those seen in the
sense-tagged corpus), at least the first sense. Only single-word lower-case lemmas are kept.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PERSON, ANIMAL, GROUP = 18, 5, 14
THING = frozenset({6, 17, 20})  # noun.artifact, noun.object, noun.plant
# Senses of no physical place or thing (noun.act, attribute, cognition, communication, event,
# feeling, motive, phenomenon, possession, process, quantity, relation, state, time).
ABSTRACT = frozenset({4, 7, 9, 10, 11, 12, 16, 19, 21, 22, 23, 24, 26, 28})
# The synset {person, individual, someone, somebody, mortal, soul} heads noun.person but is
# filed in noun.Tops: its senses count as person senses.
PERSON_SYNSETS = frozenset({"00007846"})


def lex_files(wn: Path) -> dict[str, int]:
    """Synset offset -> lexicographer file number."""
    files: dict[str, int] = {}
    for line in (wn / "data.noun").read_text("latin-1").splitlines():
        if line and not line.startswith(" "):
            parts = line.split(" ", 2)
            files[parts[0]] = PERSON if parts[0] in PERSON_SYNSETS else int(parts[1])
    return files


def attested_senses(wn: Path, files: dict[str, int]):
    """(lemma, [lexicographer file of each attested sense, most frequent first])."""
    for line in (wn / "index.noun").read_text("latin-1").splitlines():
        if not line or line.startswith(" "):
            continue
        parts = line.split()
        lemma, synset_cnt, p_cnt = parts[0], int(parts[2]), int(parts[3])
        if "_" in lemma or "-" in lemma or not lemma.isalpha() or not lemma.islower():
            continue
        tagsense_cnt = int(parts[5 + p_cnt])
        offsets = parts[6 + p_cnt: 6 + p_cnt + synset_cnt]
        yield lemma, [files[o] for o in offsets[: max(1, tagsense_cnt)]]


def header(name: str, what: str) -> str:
    return (f"# {name}: {what}\n"
            "# Derived from WordNet 3.0 (Debian wordnet-base, /usr/share/wordnet) by\n"
            "# scripts/wordlists/animacy_nouns.py; attested senses = the first tagsense_cnt senses.\n")


def main() -> None:
    wn = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/usr/share/wordnet")
    files = lex_files(wn)
    person, animate, thing, animal, group, abstract = [], [], [], [], [], []
    for lemma, senses in attested_senses(wn, files):
        living = [f for f in senses if f in (PERSON, ANIMAL)]
        if living:
            animate.append(lemma)
        if senses[0] == PERSON and not any(f in THING or f == ANIMAL for f in senses):
            person.append(lemma)
        if not living and senses[0] in THING:
            thing.append(lemma)
        if senses[0] == ANIMAL:
            animal.append(lemma)
        if senses[0] == GROUP:
            group.append(lemma)
        if all(f in ABSTRACT for f in senses):
            abstract.append(lemma)
    out = ROOT / "rules" / "wordlists"
    for name, what, words in (
        ("person_nouns", "nouns denoting people (first sense in noun.person, no thing/animal sense)", person),
        ("animate_sense_nouns", "nouns with an attested sense in noun.person or noun.animal", animate),
        ("animal_nouns", "nouns whose most frequent sense is in noun.animal", animal),
        ("group_nouns", "nouns whose most frequent sense is in noun.group", group),
        ("concrete_thing_nouns", "nouns for concrete inanimate things (artifact/object/plant), "
         "no person or animal sense", thing),
        ("non_place_nouns", "nouns all of whose attested senses are abstract (act, state, event, "
         "attribute, ...), no place or thing", abstract),
    ):
        (out / f"{name}.txt").write_text(header(name, what) + "\n".join(sorted(set(words))) + "\n", "utf-8")
        print(name, len(set(words)))


if __name__ == "__main__":
    main()
