#!/usr/bin/env python3
"""The tool's a/an choice beside `inflect`'s over the most frequent English words.

    pip install inflect            # for this check only; the tool does not use it
    python scripts/article_check.py                # the 20,000 most frequent words
    python scripts/article_check.py -n 5000 --show 50

The words are those of pyspellchecker's English frequency list (a dependency of the tool),
most frequent first, letters only. Prints how many of them the two choose differently and each
such word with both choices; neither is always right (`inflect` reads *one-* as a vowel in some
compounds, the pronunciation dictionary follows American speech: *an herb*), so the list is
for reading, not a score to drive to zero.
"""
from __future__ import annotations

import argparse


def frequent_words(n: int) -> list[str]:
    from spellchecker import SpellChecker

    counts = SpellChecker(language="en").word_frequency.dictionary
    words = sorted((w for w in counts if w.isalpha()), key=lambda w: (-counts[w], w))
    return words[:n]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("-n", type=int, default=20_000, help="how many of the most frequent words")
    parser.add_argument("--show", type=int, default=100, help="disagreements to print")
    args = parser.parse_args()
    import inflect

    from multivalue_cli.engine.morphology import indefinite_article

    engine = inflect.engine()
    words = frequent_words(args.n)
    differing = [(w, indefinite_article(w), engine.a(w).split(" ", 1)[0]) for w in words]
    differing = [(w, ours, theirs) for w, ours, theirs in differing if ours != theirs]
    print(f"{len(differing)} of the {len(words)} most frequent words differ from inflect")
    for word, ours, theirs in differing[: args.show]:
        print(f"  {word}: multivalue '{ours}', inflect '{theirs}'")


if __name__ == "__main__":
    main()
