"""What an *it* stands for: one classifier shared by every rule that rewrites *it*.

A rule that turns *it* into *she*, *the thing* or *em*, or deletes it, needs a referential *it*
with a referent such a form can stand for; a rule about dummy *it* (*thass raining*) needs the
opposite. :func:`classify_it` gives each *it* one reading:

* ``WEATHER_TIME``: *it's raining*, *it's five o'clock*, *it was her birthday*;
* ``EXTRAPOSITION``: a clause after the predicate is the logical subject or object (*it is
  important to ...*, *it takes an hour to ...*, *I find it hard to ...*);
* ``CLEFT``: *it was John who called*;
* ``DUMMY``: other dummies: raising verbs (*it seems that*, *it turns out*), *it's up to you*;
* ``IDIOM``: the *it* of a fixed phrase (*overdo it*, *hit it off*, *go for it*, *make it*);
* ``EVENT``: *it* standing for a clause, an event or a situation (*it was over*, *it was the
  fifth visit*, *I knew it*, *it happened twice*);
* ``REFERENTIAL``: a thing the antecedent finder names (:func:`antecedents.antecedent`);
* ``UNCERTAIN``: possibly a dummy (a clause the tests cannot place, *it is late* with a thing
  nearby that could be late);
* ``UNRESOLVED``: no dummy construction, but no clear antecedent either (*is it broken?*).

The readings are decided from the parse (dependencies, lemmas, a few closed word lists); the
dummy tests themselves live in :mod:`multivalue_cli.engine.antecedents`, which the antecedent finder
shares. Each *it* is classified once per document.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .antecedents import (
    COPULAS, SUBJECT_DEPS, antecedent, bound_by_subject, candidates, could_be_person, is_it, lemma,
    maybe_pleonastic_it, pleonastic_kind,
)
from .syntax import children

if TYPE_CHECKING:
    from spacy.tokens import Token

WEATHER_TIME = "weather-time"
EXTRAPOSITION = "extraposition"
CLEFT = "cleft"
DUMMY = "dummy"
IDIOM = "idiom"
EVENT = "event"
REFERENTIAL = "referential"
UNCERTAIN = "uncertain"
UNRESOLVED = "unresolved"

# Readings of an *it* that stands for no thing (no gendered or lexical form can replace it).
DUMMY_KINDS = frozenset({WEATHER_TIME, EXTRAPOSITION, CLEFT, DUMMY})
NON_REFERENTIAL = DUMMY_KINDS | {IDIOM, EVENT, UNCERTAIN}

# What antecedents.pleonastic_kind calls each construction.
_PLEONASTIC = {"weather": WEATHER_TIME, "time": WEATHER_TIME, "cleft": CLEFT,
               "raising": DUMMY, "extraposition": EXTRAPOSITION}

# Nouns of days and occasions that make *it is X* a statement about the time: *it was her
# birthday*, *it's your turn*, *it's Christmas*.
OCCASION_NOUNS = frozenset(
    "birthday anniversary holiday holidays christmas easter weekend bedtime lunchtime "
    "dinnertime breakfast lunch dinner turn".split())
# Predicates that describe the weather or the time, but also things (*the bus was late*).
THING_OR_TIME_PREDICATES = frozenset({"late", "early"})
# Nouns that name an event, an occasion or an assessment of a situation: *it was the fifth
# visit*, *it was a mistake*, *it was a relief*.
EVENT_NOUNS = frozenset(
    "visit time trip occasion event experience mistake accident shame pity relief surprise "
    "pleasure honor honour disaster success failure nightmare coincidence miracle tragedy "
    "joke struggle challenge problem issue question matter case situation".split())
ORDINALS = frozenset(
    "first second third fourth fifth sixth seventh eighth ninth tenth last umpteenth".split())
# Predicates of events: *it happened twice*, *it took place*, *it was over*.
EVENT_VERBS = frozenset({"happen", "occur"})
EVENT_PREDICATES = frozenset({"over"})
# Verbs whose object *it* is a proposition or a situation (*I knew it*, *I doubt it*).
PROPOSITION_VERBS = frozenset(
    "know believe doubt deny admit regret mean realize realise suspect notice imagine "
    "guess say promise swear".split())
# Verbs (with their particle) whose object *it* belongs to a fixed phrase, whatever the text
# around says: *overdo it*, *hit it off*, *wing it*.
IDIOM_VERBS = frozenset(
    "overdo wing rough fake nail beat blow hit+off pull+off cut+out live+up keep+up "
    "give+up make+up step+on talk+over think+over sleep+off laugh+off shake+off".split())
# Light verbs whose object *it* is idiomatic unless a referent is clear (*make it*, *get it*,
# *take it*, *lose it*).
LIGHT_IT_VERBS = frozenset("make get take do have lose let hold call play".split())
# Prepositional idioms: *go for it*, *run for it*, *step on it*.
IDIOM_PREPOSITIONS = frozenset({("go", "for"), ("run", "for"), ("step", "on"), ("stick", "with"),
                                ("get", "with"), ("get", "over"), ("be", "at")})


@dataclass(frozen=True)
class ItReading:
    """The reading of one *it*: its kind and, for ``REFERENTIAL``, the antecedent's head."""

    kind: str
    antecedent: "Token | None" = None

    @property
    def referential(self) -> bool:
        return self.kind == REFERENTIAL

    @property
    def dummy(self) -> bool:
        return self.kind in DUMMY_KINDS


_CACHE_KEY = "multivalue.it_classifier"


def classify_it(tok: "Token") -> ItReading | None:
    """The reading of ``tok`` if it is the pronoun *it* (subject or object), else None."""
    if not is_it(tok):
        return None
    cache = tok.doc.user_data.setdefault(_CACHE_KEY, {})
    found = cache.get(tok.i)
    if found is None:  # kept as plain values, so the doc stays serialisable
        reading = _classify(tok)
        found = cache[tok.i] = (reading.kind, None if reading.antecedent is None else reading.antecedent.i)
    kind, ante = found
    return ItReading(kind, None if ante is None else tok.doc[ante])


def referential_antecedent(tok: "Token") -> "Token | None":
    """The antecedent of a referential *it* (None for every other reading and for other words)."""
    reading = classify_it(tok)
    return reading.antecedent if reading is not None and reading.referential else None


def is_dummy_it(tok: "Token") -> bool:
    """A dummy *it*: weather and time, extraposition, cleft or raising."""
    reading = classify_it(tok)
    return reading is not None and reading.dummy


def _classify(tok: "Token") -> ItReading:
    kind = _dummy_kind(tok)
    if kind is not None:
        return ItReading(kind)
    if _idiomatic(tok):
        return ItReading(IDIOM)
    if _event(tok):
        return ItReading(EVENT)
    if maybe_pleonastic_it(tok):
        return ItReading(UNCERTAIN)
    ante = antecedent(tok)
    return ItReading(REFERENTIAL, ante) if ante is not None else ItReading(UNRESOLVED)


# --------------------------------------------------------------------------- dummies


def _dummy_kind(tok: "Token") -> str | None:
    kind = pleonastic_kind(tok)
    if kind is not None:
        if kind == "weather" and _thing_or_time(tok):
            return UNCERTAIN  # "the bus came, but it was late"
        return _PLEONASTIC[kind]
    if tok.dep_ not in SUBJECT_DEPS:
        return None
    head = tok.head
    if _turns_out(head) or _up_to(head):
        return DUMMY
    if _occasion(head):
        return WEATHER_TIME
    return None


def _thing_or_time(tok: "Token") -> bool:
    """*It was late* after a noun that could be what was late."""
    preds = [c for c in children(tok.head) if c.dep_ in ("acomp", "advmod")]
    return any(p.lower_ in THING_OR_TIME_PREDICATES for p in preds) and bool(candidates(tok))


def _turns_out(head: "Token") -> bool:
    """*It turns out (that) ...*, *it turned out she was right*."""
    kids = children(head)
    return (lemma(head) == "turn" and any(c.dep_ == "prt" and c.lower_ == "out" for c in kids)
            and any(c.dep_ in ("ccomp", "advcl") and c.i > head.i for c in kids))


def _up_to(head: "Token") -> bool:
    """*It's up to you*: the situation, not a thing."""
    return lemma(head) == "be" and any(
        c.lower_ == "up" and any(g.lower_ == "to" for g in children(c)) for c in children(head))


def _occasion(head: "Token") -> bool:
    """*It was her birthday*, *it's your turn*, *it's Christmas*."""
    if lemma(head) not in COPULAS:
        return False
    return any(c.dep_ == "attr" and lemma(c) in OCCASION_NOUNS for c in children(head))


# --------------------------------------------------------------------------- idioms


def _idiomatic(tok: "Token") -> bool:
    """The *it* of a fixed phrase with a verb (*overdo it*, *hit it off*) or a preposition (*go
    for it*)."""
    if tok.dep_ == "dobj":
        verb = tok.head
        particles = [c.lower_ for c in children(verb) if c.dep_ == "prt"]
        keys = {lemma(verb), *(f"{lemma(verb)}+{p}" for p in particles)}
        if keys & IDIOM_VERBS:
            return True
        return lemma(verb) in LIGHT_IT_VERBS and candidates(tok) == []
    if tok.dep_ == "pobj":
        prep = tok.head
        return (lemma(prep.head), prep.lower_) in IDIOM_PREPOSITIONS
    return _small_clause_idiom(tok)


SMALL_CLAUSE_VERBS = frozenset("call make take play".split())


def _small_clause_idiom(tok: "Token") -> bool:
    """*call it quits*, *call it a day*, *take it easy*, *make it big*, *play it safe*: *it*
    right after a light verb, as the subject of the phrase that completes it (the parser
    often reads *quits* as a verb with *it* its subject)."""
    complement = tok.head
    verb = complement.head
    return (tok.dep_ in ("nsubj", "nsubjpass") and complement.dep_ in ("ccomp", "xcomp", "oprd")
            and lemma(verb) in SMALL_CLAUSE_VERBS and tok.i == verb.i + 1)


# --------------------------------------------------------------------------- events


def _event(tok: "Token") -> bool:
    """*It* for an event, a situation or a proposition: the subject of an event predicate or
    of an occasion noun, or the object of a verb of knowing and saying."""
    head = tok.head
    if tok.dep_ == "dobj":
        return lemma(head) in PROPOSITION_VERBS
    if tok.dep_ not in SUBJECT_DEPS:
        return False
    if lemma(head) in EVENT_VERBS or (lemma(head) == "take" and any(
            c.dep_ == "dobj" and c.lower_ == "place" for c in children(head))):
        return True
    if lemma(head) not in COPULAS:
        return False
    for pred in children(head):
        if pred.dep_ in ("acomp", "advmod", "prt", "prep") and pred.lower_ in EVENT_PREDICATES:
            return True
        if pred.dep_ == "attr" and _event_noun(pred):
            return True
    return False


def _event_noun(noun: "Token") -> bool:
    """*the fifth visit*, *a mistake*, *the first time*: an event or assessment noun, or a
    noun counted as the n-th occurrence."""
    if lemma(noun) in EVENT_NOUNS:
        return True
    return any(c.dep_ == "amod" and c.lower_ in ORDINALS for c in children(noun))


# Dependents of an infinitive that fill its object: with one, the infinitive has no gap the
# subject *it* could fill.
_OBJECT_FILLERS = frozenset({"dobj", "ccomp", "xcomp", "attr", "acomp"})


def extraposed_noun_infinitive(tok: "Token") -> bool:
    """*It's bad luck to bear a son now*, *it is the duty of a government not to permit ...*:
    a subject *it* of a copula whose predicate noun carries a *to*-infinitive that has its own
    object, which is the logical subject (*to bear a son is bad luck*). Unlike *it's a good
    book to read*, where the infinitive's missing object is what *it* refers to. (The parser
    hangs such an infinitive on the noun, where :func:`classify_it` does not look for it.)"""
    if not is_it(tok) or tok.dep_ not in SUBJECT_DEPS or lemma(tok.head) not in COPULAS:
        return False
    for attr in children(tok.head):
        if attr.dep_ != "attr" or attr.i < tok.i:
            continue
        for clause in children(attr):
            if clause.dep_ not in ("acl", "relcl") or clause.i < attr.i or not any(
                    c.tag_ == "TO" and c.dep_ == "aux" for c in children(clause)):
                continue
            verbs = [clause, *(c for c in children(clause) if c.dep_ == "conj")]
            if any(c.dep_ in _OBJECT_FILLERS for v in verbs for c in children(v)):
                return True  # *not to permit or suffer the making of ...*: the conjunct's
    return False


def raised_into_passive(tok: "Token") -> bool:
    """*Was it supposed to be watched?*, *it is expected to be finished by May*: the subject
    *it* of a passive verb of obligation or expectation whose infinitive is passive too. The
    infinitive's missing object is what *it* stands for (it is to be watched), so *it* is
    referential, unlike *it is not allowed to smoke here*, where no gap is left."""
    if not is_it(tok) or tok.dep_ not in SUBJECT_DEPS:
        return False
    verb = tok.head
    if verb.tag_ != "VBN" or not any(c.dep_ == "auxpass" for c in children(verb)):
        return False
    return any(c.dep_ == "xcomp" and any(g.dep_ == "auxpass" for g in children(c))
               for c in children(verb))


def has_visible_antecedent(tok: "Token") -> bool:
    """An *it* with a thing to refer to in the text before it: a referential *it* whose
    antecedent is a noun phrase (not another *it* with none of its own), or one with no
    dummy, idiom or event reading and at least one compatible candidate that is a common
    noun for no person (a singular noun phrase in its sentence or the one before), although
    none clearly wins; a noun inside the subject pronoun's own clause is none (*what kind
    of business is it?*). The situational *it* of *how much does it cost?*, *how did it go?*
    or *it's Tom here* has none: a form that marks reference to a thing (*em*) reads there
    as another pronoun."""
    reading = classify_it(tok)
    if reading is None:
        return False
    if reading.kind == REFERENTIAL:
        ante = reading.antecedent
        return ante is not None and ante.pos_ != "PRON" and not bound_by_subject(tok, ante)
    return reading.kind == UNRESOLVED and any(
        c.head.pos_ == "NOUN" and not could_be_person(c.head) and not bound_by_subject(tok, c.head)
        for c in candidates(tok))
