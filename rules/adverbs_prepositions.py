"""Adverb and preposition rules (eWAVE 216-222): omitted prepositions, adverbs with the form
of adjectives, *too* for *very*."""
from __future__ import annotations

from functools import lru_cache
from typing import Iterator

from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.substitution import substitution_rule
from multivalue_cli.engine.syntax import DEGREE_WORDS, first_conjunct, lexically_capitalised
from multivalue_cli.engine.wordlists import wordlist

# Degree adverbs whose adjective form is used as a degree modifier in the varieties with
# feature 220 (*real good, awful tired, terrible cold*).
DEGREE_ADVERBS = wordlist("degree_adverbs")

# -ly adverbs left alone by feature 221 although an adjective exists for them: either the
# adjective form means something else after a verb (*hardly works* / *works hard*, *arrived
# lately* / *arrived late*, *thinks highly* / *jumps high*), or the adverb is no manner
# adverb but a sentence, time, frequency, focus or degree adverb (*probably, recently,
# usually, only, completely*), which the flat form does not replace.
NOT_MANNER_ADVERBS = wordlist("non_manner_ly_adverbs")

# Quantity words: *very many* -> *too many* means "excessively many"; only *very much*
# after a verb is the attested *too much* 'very much'.
QUANTITY_ADJECTIVES = frozenset("many few little much".split())

# Adjectives whose bare form is in use as a manner adverb (*come quick*, *talk loud*); a
# documented list, as most -ly adverbs have no flat form in use (*vainly*, *generously*).
FLAT_ADVERBS = wordlist("flat_adverbs")


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


@rule(
    "degree_adj_for_adv",
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
    "flat_adj_for_adv",
    tags={"RB"},
    examples=[
        ("Come quickly!", "Come quick!"),
        ("She speaks English fluently and walks slowly.",
         "She speaks English fluent and walks slow."),
        ("He answered the question correctly, didn't he?",
         "He answered the question correct, didn't he?"),
        ("Why do they talk so loudly?", "Why do they talk so loud?"),
        ("Please speak clearly and slowly.", "Please speak clear and slow."),
        ('Drive carefully on the ice.',
         'Drive careful on the ice.'),
        ('He spoke softly to the child.',
         'He spoke soft to the child.'),
        ('They finished the job easily.',
         'They finished the job easy.'),
    ],
    negatives=[
        "He quickly ran home.",
        "She hardly works.",
        "They arrived recently.",
        "The car was badly damaged.",
        "It is extremely quiet.",
        'She waited vainly for an answer.',
        'He donated generously to the school.',
        'They looked at the clock impatiently.',
        "He did something clearly stupid.",
        "She left the room quietly furious.",
        "They argued loudly unhappy about the bill.",
    ],
)
def flat_adj_for_adv(doc, index) -> Iterator[Site]:
    """Manner adverbs with the form of adjectives: *come quick*, *speaks English fluent*.
    Only -ly adverbs of an adjective whose flat form is in use (``FLAT_ADVERBS``: *quick,
    loud, careful*; not *vainly* or *generously*), modifying a verb and standing after it (the
    position of manner adverbs; *he quick ran* is not the feature);
    not sentence, time, frequency, focus or degree adverbs, nor those whose adjective means
    something else (``NOT_MANNER_ADVERBS``: *hardly, lately, highly ...*)."""
    words = index.words
    for tok in index.by_tag.get("RB", ()):
        low = words[tok.i].lower()  # tok.lower_, read from the index
        if not low.endswith("ly") or low in NOT_MANNER_ADVERBS:
            continue
        first = first_conjunct(tok)  # *speak clearly and loudly*
        if first.dep_ != "advmod" or first.tag_ != "RB":
            continue
        head = first.head
        if head.pos_ != "VERB" or head.i >= tok.i or lexically_capitalised(tok):
            continue
        if _premodifier(index, tok.i):
            continue  # *something clearly morally wrong*: it grades the words after it
        adjective = adjective_of_adverb(low)
        if adjective in FLAT_ADVERBS:
            yield site(Replace(tok.i, adjective))


def _premodifier(index, i: int) -> bool:
    """The -ly word at ``i`` stands right before an adjective or another -ly adverb, which it
    grades or comments on (*clearly morally wrong*, *really quickly*), whatever the parse
    hung it on: its flat form would read as an adjective of its own (*something clear*)."""
    k = i + 1
    if k >= len(index.words):
        return False
    nxt = index.words[k].lower()
    return index.tag_of[k] in ("JJ", "JJR", "JJS") or (
        index.tag_of[k] == "RB" and nxt.endswith("ly"))


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


def _qualifying_very(tok) -> bool:
    """*very* right before a predicative adjective without a *to*-infinitive (*it is very
    difficult*) or in *very much* after a verb, but not *thank you very much*, *very many*,
    *very, very tired* or *all/only very ...*."""
    if tok.lemma_.lower() != "very" or tok.tag_ != "RB" or tok.dep_ != "advmod" \
            or lexically_capitalised(tok):
        return False
    head = tok.head
    if head.i != tok.i + 1 or head.lower_ in QUANTITY_ADJECTIVES - {"much"}:
        return False
    if tok.i > 0 and tok.doc[tok.i - 1].lower_ in ("all", "only", "none"):
        return False  # *all too proud*, *only too happy* mean "excessively", "very willingly"
    if tok.i > 0 and tok.doc[tok.i - 1].lower_ in DEGREE_WORDS:
        return False  # *so very cute*: the degree word before it would grade *too* (*so too*)
    if sum(c.lower_ == "very" for c in head.children) > 1:
        return False  # *very, very tired*: one *too* would not replace both
    if head.lower_ == "much":
        verb = head.head
        return head.dep_ == "advmod" and verb.pos_ == "VERB" and verb.lemma_.lower() != "thank"
    if head.lemma_.lower() in DIMENSION_ADJECTIVES:
        return False  # *the sample is too small* reads as "smaller than fits", not "very"
    return is_predicative(head) and not has_infinitive_complement(head)


# Size, length, weight and age: *too tall*, *too small* read as "more than fits".
DIMENSION_ADJECTIVES = wordlist("dimension_adjectives")


substitution_rule(
    "too_sub",
    {"very": "too"},
    where=_qualifying_very,
    doc="""*too* (*too much*) as qualifier for *very* (*very much*): *it is too difficult* 'very
    difficult', *I like it too much* 'very much'. Only before predicative adjectives and in
    *very much* after a verb; not before nouns' adjectives (*a too difficult task*), not with
    a *to*-infinitive (*too difficult to say* reads as "impossible"), not *thank you very
    much* (a formula) or *very many/few*, nor before an adjective of size, length, weight or
    age (*too tall*, *too small*, *too heavy* read as "more than fits", not "very").""",
    lemmas={"very"},
    examples=[
        ("It is very difficult.", "It is too difficult."),
        ("The movie wasn't very good, but the music was very nice.",
         "The movie wasn't too good, but the music was too nice."),
        ("I like it very much.", "I like it too much."),
        ("Is she very tired?", "Is she too tired?"),
        ("My grandmother is very kind.", "My grandmother is too kind."),
        ("The soup was very tasty.", "The soup was too tasty."),
        ("The staff were very friendly.", "The staff were too friendly."),
    ],
    negatives=[
        "It is a very difficult task.",
        "It is very difficult to say.",
        "She arrived at the very end.",
        "Thank you very much.",
        "There were very many people.",
        "She was very, very tired.",
        "We're all very proud of you.",
        "The kids are so very happy today.",
        "It was really very cold.",
        "Her new puppy is very small.",
        "The river here is very deep.",
        "My grandfather was very old when he died.",
    ],
)


# --------------------------------------------------------------------------- prepositions

DESTINATION_NOUNS = wordlist("destination_nouns")
# Verbs of going and coming, whose goal or source the varieties with feature 216 give
# without a preposition (*went Ø town*, *came out Ø hospital*). Verbs that are also
# transitive with another sense (*run the park*, *move the city*, *return the library*,
# *drive the car*) are left out.
MOTION_VERBS = frozenset("go come walk travel hurry rush".split())
WEEKDAYS = frozenset("monday tuesday wednesday thursday friday saturday sunday".split())


def governing_verb(index, prep: int) -> int:
    """The position of the verb a prepositional phrase (its preposition at ``prep``) belongs
    to, directly or through an adverb or particle (*went back to school*, *came out of
    hospital*)."""
    head = index.head_of[prep]
    if index.pos_of[head] in ("ADV", "ADP") and index.dep_of[head] in ("advmod", "prep", "prt"):
        head = index.head_of[head]
    return head


def motion_verb(index, prep: int) -> bool:
    """The phrase belongs to a verb of going or coming."""
    verb = governing_verb(index, prep)
    return index.pos_of[verb] == "VERB" and index.lemma_of[verb] in MOTION_VERBS


def place_object(index, prep) -> bool:
    """The preposition's object is a place of the list, bare or with *the* or a possessive
    (*to school*, *to the market*, *to my office*), with nothing after it but punctuation."""
    objs = [c for c in prep.children if c.dep_ == "pobj"]
    if len(objs) != 1:
        return False
    noun = objs[0]
    if noun.tag_ not in ("NN", "NNS") or noun.lemma_.lower() not in DESTINATION_NOUNS:
        return False
    if noun.i != prep.i + 1 and index.lemma_of[governing_verb(index, prep.i)] not in ("go", "come"):
        return False  # *walked the park* would read as transitive *walk*
    if noun.i != prep.i + 1 and not all(
        t.lower_ == "the" or t.tag_ == "PRP$" or t.pos_ == "ADJ" for t in prep.doc[prep.i + 1:noun.i]
    ):
        return False
    return not any(c.dep_ in ("prep", "relcl", "acl", "conj") for c in noun.children)


def omissible_preposition(index, prep) -> bool:
    """*to* of a goal and *of* after *out* (*went Ø town*, *came out Ø hospital*) with a place
    noun, and *on* before a weekday (*we're going there Ø Tuesday*)."""
    if index.dep_of[prep.i] != "prep" or lexically_capitalised(prep):
        return False
    low = index.words[prep.i].lower()
    if low == "on":
        objs = [c for c in prep.children if c.dep_ == "pobj"]
        return (
            len(objs) == 1 and objs[0].i == prep.i + 1 and objs[0].lower_ in WEEKDAYS
            and prep.head.pos_ in ("VERB", "AUX")
        )
    if low == "to":
        return motion_verb(index, prep.i) and place_object(index, prep)
    if low == "of":
        head = index.head_of[prep.i]
        return index.words[head].lower() == "out" and motion_verb(index, head) and place_object(index, prep)
    return False


@rule(
    "null_prepositions",
    lemmas={"to", "of", "on"},
    examples=[
        ("She went to town.", "She went town."),
        ("He came out of hospital and went back to school on Monday.",
         "He came out hospital and went back school Monday."),
        ("We're going there on Tuesday.", "We're going there Tuesday."),
        ("Are you going to the market?", "Are you going the market?"),
        ('She went to the kitchen to cook.',
         'She went the kitchen to cook.'),
        ('We often go to the pub.',
         'We often go the pub.'),
        ('They came to our garage yesterday.',
         'They came our garage yesterday.'),
    ],
    negatives=[
        "They came to the conclusion that it was wrong.",
        "I went to the doctor.",
        "He gave it to John.",
        "She walked to the end of the road.",
        "The book on Monday's table.",
        "I want to go.",
        "We walked to the park.",
        "They moved to the city.",
        'She went to the dieting support group.',
        'We went to a meeting with the boss.',
        'I went to our friend for advice.',
    ],
)
def null_prepositions(doc, index) -> Iterator[Site]:
    """Omission of SAE prepositions: *she went Ø town*, *came out Ø hospital*, *going there
    Ø Tuesday*. Decision (conservative): *to* after a verb of going or coming and *of* after
    its *out*, when the object is a place of a documented list (school, church, market,
    town, hospital, ...) - not people (*went to the doctor*) or abstract goals (*came to the
    conclusion*), where the verb would read as transitive; and *on* before a bare weekday
    name after a verb. Infinitival *to* is never touched."""
    tokens = index.tokens
    for i, lemma in enumerate(index.lemma_of):
        if lemma in ("to", "of", "on") and omissible_preposition(index, tokens[i]):
            yield site(Delete(i))
