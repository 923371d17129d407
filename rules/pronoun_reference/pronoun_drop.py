"""Pronoun drop (eWAVE 42, 43): object pronouns and referential subject pronouns left out."""
from __future__ import annotations

from typing import Iterator

from spacy.tokens import Doc, Token

from multivalue_cli.engine.antecedents import (
    antecedent, candidates, context_window, is_animate, is_it, lemma,
)
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Delete, Replace, Site, site
from multivalue_cli.engine.registry import rule
from multivalue_cli.engine.syntax import NOMINAL_SUBJECT_DEPS, children

from .common import (
    antecedent_of, finite_of, is_question, next_token, previous_token, sentence_start,
)


# Full forms of the clitics that a dropped subject pronoun leaves behind.
CLITIC_FULL = {"'s": "is", "’s": "is", "'re": "are", "’re": "are", "'ve": "have", "’ve": "have",
               "'ll": "will", "’ll": "will", "'m": "am", "’m": "am"}

# Words that, right after a verb whose object was dropped, read as its object or particle.
OBJECT_LOOKALIKES = frozenset(
    "all both each much more less little enough on off in out up down over under away back by "
    "around through behind along about".split())
# Verbs whose object *it* is mostly idiomatic (*do it*, *make it*, *get it*, *take it easy*).
IDIOMATIC_IT_VERBS = frozenset({"do", "make", "get", "take", "have", "mean", "let", "say"})


@rule(
    "object_pronoun_drop",
    lemmas={"it", "they"},
    examples=[
        ("I bought a new phone last week, and I really like it.",
         "I bought a new phone last week, and I really like."),
        ("We got tickets for the show. Did you sell them already?",
         "We got tickets for the show. Did you sell already?"),
        ("The soup was cold, so I heated it twice.", "The soup was cold, so I heated twice."),
        # a verbless main clause: the walk up to the antecedent's clause stops at its root
        ("Great food at the hotel, and we loved it.", "Great food at the hotel, and we loved."),
        ('The vacuum cleaner is broken; I will repair it tomorrow.',
         'The vacuum cleaner is broken; I will repair tomorrow.'),
        ('I baked a cake, and my brother ate it.',
         'I baked a cake, and my brother ate.'),
        ('John took the book because he wanted to read it.',
         'John took the book because he wanted to read.'),
    ],
    negatives=[
        "I like it when you sing.",
        "She made it clear that she was angry.",
        "The shop sells phones and fixes them.",
        "Pick the box up and put it down over there.",
        "These glasses scratch easily, so I don't wear them much.",
        "I can't make it tonight.",
        'My aunt had to calm down my cousin to keep them from breaking the table.',
        'The gym was full, but you were overdoing it.',
        'He lied about the money, and I knew it.',
        'I bought a lamp for the channels that use it.',
    ],
)
def object_pronoun_drop(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Object pronoun drop: *I like Ø* 'I like it', *No, sold Ø already*. A direct object
    *it*/*them* is dropped only when its antecedent is clear and stands in an earlier clause
    or sentence; phrasal verbs (*put it down*), objects followed by a complement (*made it
    clear*) and idiomatic light verbs (*make it*, *do it*) keep the pronoun."""
    for tok in index.lemma("it", "they"):
        if tok.lower_ not in ("it", "them") or tok.dep_ != "dobj" or tok.tag_ != "PRP":
            continue
        nxt = next_token(index, tok)
        if index.children(tok.i) or (nxt is not None and (
                nxt.lower_.endswith(("self", "selves")) or nxt.lower_ in OBJECT_LOOKALIKES)):
            continue  # "inspected it herself", "wear them much", "hide it under": the word
            # left behind would read as the object or a particle
        verb = tok.head
        if lemma(verb) in IDIOMATIC_IT_VERBS or _has_complement_after(verb, tok):
            continue
        if verb.dep_ == "relcl":
            continue  # "channels that use it" -> "channels that use": the relative would
            # be read as the object
        ante = antecedent_of(tok)
        if ante is None or not _earlier_clause(index, ante, verb):
            continue
        yield site(Delete(tok.i))


def _has_complement_after(verb: Token, obj: Token) -> bool:
    """A particle, second object or predicate after the object (*put it down*, *call it a
    day*, *like it when*), which would be stranded without the pronoun."""
    return any(c.i > obj.i and (c.dep_ in ("prt", "dobj", "dative", "oprd", "acomp", "ccomp", "xcomp",
                                             "advcl", "attr") or _prepositional_complement(c))
               for c in children(verb))


def _prepositional_complement(prep: Token) -> bool:
    """*keep them from breaking*, *turn it into a shed*: a preposition that completes the
    verb with its object (without the object, *keep from breaking* means the subject)."""
    return prep.dep_ == "prep" and (prep.lower_ in ("from", "into", "onto") or any(
        c.dep_ == "pcomp" for c in children(prep)))


def _clause_of(tok: Token) -> Token:
    """The verb heading the clause that ``tok`` belongs to."""
    node = tok
    while node.pos_ not in ("VERB", "AUX") and node.head.i != node.i:
        node = node.head
    return node


def _earlier_clause(index: DocIndex, ante: Token, verb: Token) -> bool:
    return ante.i < verb.i and (sentence_start(index, ante) != sentence_start(index, verb)
                                or _clause_of(ante).i != verb.i)


# --------------------------------------------------------------------------- 43

CLAUSE_OPENERS = frozenset({";", ",", ":", "and", "but", "so", "then", "—", "-"})


@rule(
    "null_referential_pronouns",
    lemmas={"he", "she", "it", "they"},
    examples=[
        ("The car broke down; it needs a new engine.", "The car broke down; needs a new engine."),
        ("Those books are very informative. They can be bought at Dillon's.",
         "Those books are very informative. Can be bought at Dillon's."),
        ("My uncle lives in Pune, and he's a doctor.", "My uncle lives in Pune, and is a doctor."),
        ("Your teacher phoned me this morning. She was really helpful.",
         "Your teacher phoned me this morning. Was really helpful."),
        ('The old bike is in the garage and it needs new tyres.',
         'The old bike is in the garage and needs new tyres.'),
        ('My neighbour bought a van. He drives it every day.',
         'My neighbour bought a van. Drives it every day.'),
        ('The meeting was long, but it ended well.',
         'The meeting was long, but ended well.'),
    ],
    negatives=[
        "It is raining.",
        "The car is old. Does it still run?",
        "John met Mary, and she smiled.",
        "He said that they were late.",
        "The shoes were cheap. They last long.",
        "I called my aunt, but she didn't answer.",
        'The party started late. It happened twice.',
        'The plumber came, and it was over.',
    ],
)
def null_referential_pronouns(doc: Doc, index: DocIndex) -> Iterator[Site]:
    """Referential subject pronoun drop: *Ø sold already*. A subject *he*/*she*/*it*/*they*
    at the start of a main clause is dropped when its antecedent is clear (so it is not a
    first mention). Not in questions, not before a bare present verb (*they last* would read
    as an imperative), and a clitic verb left behind is spelled out (*it's* -> *is*)."""
    for tok in index.lemma("he", "she", "it", "they"):
        if tok.dep_ not in NOMINAL_SUBJECT_DEPS or tok.tag_ != "PRP" or is_question(index, tok):
            continue
        if not _opens_main_clause(index, tok) or not _finite_not_bare(tok):
            continue
        ante = antecedent_of(tok)
        if ante is None or not _continues_topic(tok, ante) or _rival_referent(tok, ante):
            continue
        nxt = next_token(index, tok)
        if nxt is not None and nxt.lower_ in ("'d", "’d"):
            continue
        if nxt is not None and nxt.lower_ in CLITIC_FULL:
            full = "has" if lemma(nxt) == "have" and nxt.lower_ in ("'s", "’s") else CLITIC_FULL[nxt.lower_]
            yield site(Delete(tok.i), Replace(nxt.i, full))
        else:
            yield site(Delete(tok.i))


def _continues_topic(pron: Token, ante: Token) -> bool:
    """The antecedent is the subject of the last clause before the pronoun (*the car broke
    down; Ø needs ...*), directly or through an earlier pronoun. A dropped subject is read as
    continuing the last subject, so an object antecedent (*I called her, but Ø didn't
    answer*) or another subject in between (*my father ... my mother liked it, so Ø was
    happy*) would change the meaning."""
    subjects = [t for t, _ in context_window(pron)
                if t.dep_ in ("nsubj", "nsubjpass", "expl", "csubj")]
    if not subjects:
        return False
    last = max(subjects, key=lambda t: t.i)
    if last.dep_ not in NOMINAL_SUBJECT_DEPS:
        return False
    return last.i == ante.i or (last.lower_ in ("he", "she", "it", "they") and antecedent(last) == ante)


def _rival_referent(pron: Token, ante: Token) -> bool:
    """Another person the pronoun could stand for (*the carpenter asked the manager for a
    raise and she complied*): the finder's choice may be right, but once the subject is
    gone the reader takes the last subject, so a personal pronoun is dropped only when no
    other person noun or name (outside a place phrase: *lives in Pune*) competes."""
    if is_it(pron):
        return False
    return any(c.head.i != ante.i and (is_animate(c.head) is True or (
        c.head.pos_ == "PROPN" and not _place_phrase(c.head))) for c in candidates(pron))


def _place_phrase(tok: Token) -> bool:
    """The object of a preposition of place or direction (*in Pune*, *to Paris*)."""
    return tok.dep_ == "pobj" and tok.head.lower_ in ("in", "at", "to", "from", "near", "into")


def _opens_main_clause(index: DocIndex, tok: Token) -> bool:
    """The pronoun opens a main (or coordinated main) clause."""
    head = tok.head
    while head.dep_ == "conj":
        head = head.head
    if head.dep_ != "ROOT":
        return False
    if tok.i == sentence_start(index, tok):
        return True
    prev = previous_token(index, tok)
    return prev.lower_ in CLAUSE_OPENERS and tok.head.dep_ in ("ROOT", "conj")


def _finite_not_bare(subject: Token) -> bool:
    """The finite verb does not look like an imperative once the subject is gone: not a bare
    present (*they last*) nor a past identical to the base (*he put*)."""
    finite = finite_of(subject.head)
    if finite is None or finite.pos_ != "VERB":
        return finite is not None
    return finite.tag_ != "VBP" and not (finite.tag_ == "VBD" and finite.lower_ == lemma(finite))
