"""Adverb rules (eWAVE 220-222): adverbs with the form of adjectives, *too* for *very*."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from multivalue_cli.edits import Replace, Site, site
from multivalue_cli.registry import rule

CATEGORY = "Adverbs and Prepositions"

# Degree adverbs whose adjective form is used as a degree modifier in the varieties with
# feature 220 (*real good, awful tired, terrible cold*).
DEGREE_ADVERBS = frozenset(
    "really awfully terribly dreadfully incredibly uncommonly exceedingly wonderfully".split()
)

# -ly adverbs left alone by feature 221 although an adjective exists for them: either the
# adjective form means something else after a verb (*hardly works* / *works hard*, *arrived
# lately* / *arrived late*, *thinks highly* / *jumps high*), or the adverb is no manner
# adverb but a sentence, time, frequency, focus or degree adverb (*probably, recently,
# usually, only, completely*), which the flat form does not replace.
NOT_MANNER_ADVERBS = frozenset(
    "hardly lately nearly shortly highly barely scarcely greatly closely widely freely openly "
    "rightly justly mostly partly lastly firstly secondly thirdly kindly likely only early daily "
    "weekly monthly yearly hourly really fairly surely dearly squarely sharply flatly "
    "plainly fully presently directly evenly largely mainly chiefly solely merely simply purely "
    "probably possibly certainly actually finally usually recently obviously hopefully "
    "basically apparently fortunately unfortunately immediately eventually currently "
    "exactly previously originally initially particularly especially totally completely "
    "entirely absolutely definitely generally normally typically frequently rarely regularly "
    "constantly instantly suddenly personally literally virtually approximately roughly "
    "relatively increasingly extremely strongly truly honestly exclusively primarily newly "
    "terribly awfully incredibly utterly deeply ideally naturally "
    "exceptionally remarkably unusually sufficiently equally similarly individually "
    "separately jointly mutually respectively accordingly consequently subsequently "
    "ultimately initially occasionally continually continuously repeatedly gradually "
    "steadily briefly temporarily permanently".split()
)

# Quantity words: *very many* -> *too many* means "excessively many"; only *very much*
# after a verb is the attested *too much* 'very much'.
QUANTITY_ADJECTIVES = frozenset("many few little much".split())


@lru_cache(maxsize=4096)
def is_adjective(word: str) -> bool:
    """Whether the lexicon knows ``word`` as an adjective."""
    from lemminflect import getAllInflections

    return bool(getAllInflections(word, "ADJ"))


def adjective_candidates(adverb: str) -> tuple[str, ...]:
    """Spellings the adjective of an -ly adverb can have: *quickly* -> quick, *happily* ->
    happy, *gently* -> gentle, *truly* -> true, *fully* -> full."""
    stem = adverb[:-2]
    candidates = [stem]
    if adverb.endswith("ily"):
        candidates.append(adverb[:-3] + "y")
    if adverb.endswith("ly") and len(adverb) > 3 and adverb[-3] in "bcdgkpt":
        candidates.append(adverb[:-1] + "e")
    if adverb.endswith("uly"):
        candidates.append(adverb[:-2] + "e")
    if adverb.endswith("lly"):
        candidates.append(adverb[:-1])
    return tuple(candidates)


@lru_cache(maxsize=4096)
def adjective_of_adverb(adverb: str) -> str | None:
    """The adjective an -ly adverb is derived from, if the lexicon knows it (*basically* ->
    None: *basical* is no word, and *basic* does not end the stem)."""
    if not adverb.endswith("ly") or adverb.endswith("ically"):
        return None
    for candidate in adjective_candidates(adverb):
        if len(candidate) > 2 and is_adjective(candidate):
            return candidate
    return None


def first_conjunct(tok):
    while tok.dep_ == "conj" and tok.head is not tok:
        tok = tok.head
    return tok


def lexically_capitalised(tok) -> bool:
    return tok.text[:1].isupper() and not tok.is_sent_start


@rule(
    220, "degree_adj_for_adv", CATEGORY,
    lemmas=DEGREE_ADVERBS,
    examples=[
        ("That's really good.", "That's real good."),
        ("It was terribly cold, and she was awfully tired.",
         "It was terrible cold, and she was awful tired."),
        ("Isn't the food really spicy?", "Isn't the food real spicy?"),
        ("Really nice people live there.", "Real nice people live there."),
    ],
    negatives=[
        "I really like it.",
        "She sang terribly.",
        "Really? I didn't know.",
        "He is very good.",
    ],
)
def degree_adj_for_adv(doc, index) -> Iterator[Site]:
    """Degree modifiers with the form of adjectives: *real good, awful tired, terrible cold*.
    Only the degree adverbs in ``DEGREE_ADVERBS`` and only where they modify an adjective or
    adverb to their right; *really* modifying a verb (*I really like it*) and manner uses
    (*she sang terribly*) are left alone."""
    for tok in index.lemma(*DEGREE_ADVERBS):
        if tok.tag_ != "RB" or tok.dep_ != "advmod" or lexically_capitalised(tok):
            continue
        head = tok.head
        if head.pos_ not in ("ADJ", "ADV") or head.i <= tok.i:
            continue
        adjective = adjective_of_adverb(tok.lower_)
        if adjective:
            yield site(Replace(tok.i, adjective))


@rule(
    221, "flat_adj_for_adv", CATEGORY,
    tags={"RB"},
    examples=[
        ("Come quickly!", "Come quick!"),
        ("She speaks English fluently and walks slowly.",
         "She speaks English fluent and walks slow."),
        ("He answered the question correctly, didn't he?",
         "He answered the question correct, didn't he?"),
        ("Why do they talk so loudly?", "Why do they talk so loud?"),
        ("Please speak clearly and slowly.", "Please speak clear and slow."),
    ],
    negatives=[
        "He quickly ran home.",
        "She hardly works.",
        "They arrived recently.",
        "The car was badly damaged.",
        "It is extremely quiet.",
    ],
)
def flat_adj_for_adv(doc, index) -> Iterator[Site]:
    """Manner adverbs with the form of adjectives: *come quick*, *speaks English fluent*.
    Only -ly adverbs derived from an adjective the lexicon knows, modifying a verb and
    standing after it (the position of manner adverbs; *he quick ran* is not the feature);
    not sentence, time, frequency, focus or degree adverbs, nor those whose adjective means
    something else (``NOT_MANNER_ADVERBS``: *hardly, lately, highly ...*)."""
    for tok in index.by_tag.get("RB", ()):
        low = tok.lower_
        if not low.endswith("ly") or low in NOT_MANNER_ADVERBS:
            continue
        first = first_conjunct(tok)  # *speak clearly and loudly*
        if first.dep_ != "advmod" or first.tag_ != "RB":
            continue
        head = first.head
        if head.pos_ != "VERB" or head.i >= tok.i or lexically_capitalised(tok):
            continue
        adjective = adjective_of_adverb(low)
        if adjective:
            yield site(Replace(tok.i, adjective))


def has_infinitive_complement(adj) -> bool:
    """*difficult to say*: with *too* this reads as "impossible to say"."""
    return any(
        c.dep_ in ("xcomp", "ccomp") and any(g.tag_ == "TO" for g in c.children)
        for c in adj.children
    )


def is_predicative(adj) -> bool:
    """An adjective used as predicate (*it is very difficult*), not before a noun
    (*a very difficult task* - *a too difficult task* is ungrammatical)."""
    return adj.dep_ in ("acomp", "ROOT", "ccomp", "xcomp", "conj", "oprd") and adj.tag_ == "JJ"


@rule(
    222, "too_sub", CATEGORY,
    lemmas={"very"},
    examples=[
        ("It is very difficult.", "It is too difficult."),
        ("The movie wasn't very good, but the music was very nice.",
         "The movie wasn't too good, but the music was too nice."),
        ("I like it very much.", "I like it too much."),
        ("Is she very tired?", "Is she too tired?"),
    ],
    negatives=[
        "It is a very difficult task.",
        "It is very difficult to say.",
        "She arrived at the very end.",
        "Thank you very much.",
        "There were very many people.",
        "She was very, very tired.",
    ],
)
def too_sub(doc, index) -> Iterator[Site]:
    """*too* (*too much*) as qualifier for *very* (*very much*): *it is too difficult* 'very
    difficult', *I like it too much* 'very much'. Only before predicative adjectives and in
    *very much* after a verb; not before nouns' adjectives (*a too difficult task*), not with
    a *to*-infinitive (*too difficult to say* reads as "impossible"), not *thank you very
    much* (a formula) or *very many/few*."""
    for tok in index.by_lemma.get("very", ()):
        if tok.tag_ != "RB" or tok.dep_ != "advmod" or lexically_capitalised(tok):
            continue
        head = tok.head
        if head.i != tok.i + 1 or head.lower_ in QUANTITY_ADJECTIVES - {"much"}:
            continue
        if sum(c.lower_ == "very" for c in head.children) > 1:
            continue  # *very, very tired*: one *too* would not replace both
        if head.lower_ == "much":
            verb = head.head
            if head.dep_ != "advmod" or verb.pos_ != "VERB" or verb.lemma_.lower() == "thank":
                continue
        elif not is_predicative(head) or has_infinitive_complement(head):
            continue
        yield site(Replace(tok.i, "too"))
