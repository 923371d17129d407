"""A light antecedent finder for third-person pronouns, working on the dependency parse.

No coreference model is used: the candidates of a pronoun are the nominal heads before it in
its own sentence and the sentence before, filtered by number and animacy and ranked by
syntactic role (subject > object > other) and recency. The finder is built for rules that
must only fire when the reference is clear, so it answers ``None`` whenever it is unsure:

* no compatible candidate, or two whose rank is too close to choose between;
* an *it* that is, or may be, a dummy (weather, extraposition, clefts, raising verbs, time
  and distance), see :func:`is_pleonastic_it`.

Animacy comes from word lists derived from WordNet (``person_nouns``,
``animate_sense_nouns``, ``animal_nouns``, ``group_nouns``, ``concrete_thing_nouns`` in
``rules/wordlists/``) and from the pronouns themselves; gender from two short lists of ours
(``male_person_nouns``, ``female_person_nouns``), used only to respect the agreement of the
SAE input. Proper nouns have no animacy signal (named entities are not tagged in our
pipeline), so they count as "unknown" and compete with every pronoun.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterator

from .animacy import (  # noqa: F401  (re-exported: rules ask them from here)
    DEMONSTRATIVES, FEMALE, MALE, PLUR, PRONOUN_GENDER, QUANTITY_HEADS, SING, THIRD_PERSON,
    could_be_person, gender, is_animate, is_concrete_thing, is_human_noun, lemma, names_people,
    noun_number, semantic_head,
)
from .docindex import index_of
from .syntax import children, morph_values
from .wordlists import wordlist

if TYPE_CHECKING:
    from spacy.tokens import Token

SUBJECT_DEPS = frozenset({"nsubj", "nsubjpass"})
OBJECT_DEPS = frozenset({"dobj", "dative"})
# Dependents that are not referring expressions of their own (predicates, modifiers, parts
# of names) or that restate a referent already counted (appositions).
NON_REFERRING_DEPS = frozenset({
    "compound", "attr", "appos", "amod", "nmod", "npadvmod", "advmod", "acomp", "oprd",
    "det", "nummod", "quantmod", "case", "meta", "intj", "expl", "predet",
})
# Nouns of time and measure: adjuncts ("last week", "for two hours"), never what a later
# pronoun is about in the texts we perturb, but they would compete with the real antecedent.
TIME_NOUNS = frozenset(
    "second minute hour day week month year decade century time moment while today tomorrow "
    "yesterday tonight morning afternoon evening night weekend noon midnight o'clock "
    "monday tuesday wednesday thursday friday saturday sunday january february march april "
    "may june july august september october november december spring summer autumn fall "
    "winter mile miles kilometer kilometre meter metre foot feet inch yard way".split()
)
# Adverbs of the speaker's surroundings: *it's so quiet here*, *it's cold outside*.
PLACE_ADVERBS = frozenset({"here", "there", "outside", "inside", "indoors", "outdoors"})
# Nouns of a part of a stretch of time: *it's the end of the year*, *the middle of the night*.
TIME_PARTS = frozenset({"start", "beginning", "middle", "end"})
WEATHER_VERBS = frozenset(
    "rain snow hail drizzle sleet pour thunder storm freeze sprinkle shower lighten".split())
# Adjectives that make "it is ADJ" a statement about weather or time of day.
WEATHER_ADJECTIVES = frozenset(
    "sunny rainy windy cloudy foggy snowy stormy chilly humid muggy overcast drizzly late "
    "breezy frosty misty".split())
# Adjectives that describe the surroundings or a thing: "it is dark" may be either, so only
# "it got dark" counts as a dummy and "it is dark" stays unresolved.
AMBIENT_ADJECTIVES = frozenset("dark cold hot warm cool chilly freezing".split())
RAISING_VERBS = frozenset({"seem", "appear", "happen", "look", "sound", "feel", "turn"})
# Verbs whose dummy subject announces an infinitive or clause: "it takes an hour to ...".
EXTRAPOSING_VERBS = frozenset({"take", "cost", "matter", "pay", "hurt", "help", "make", "occur"})
COPULAS = frozenset({"be", "become", "remain", "get", "stay"})
# Passive verbs of permission and obligation: "it is not allowed to stop here".
DEONTIC_PASSIVES = frozenset(
    "allow permit forbid prohibit require recommend advise expect suppose ban".split())
# Predicates of "tough" constructions: "it is easy to use" has a referential it.
TOUGH_PREDICATES = frozenset(
    "easy hard difficult tough impossible simple fun pleasant nice comfortable safe "
    "dangerous cheap expensive fine good great awful terrible annoying painful".split())
CLAUSAL_DEPS = frozenset({"ccomp", "xcomp", "csubj", "advcl"})
# --------------------------------------------------------------------------- dummy it


def is_it(tok: Token) -> bool:
    return tok.lower_ == "it" and tok.tag_ == "PRP"


def pleonastic_kind(tok: Token) -> str | None:
    """The construction that makes ``tok`` a dummy *it*, or None: "weather" (*it rains*,
    *it's sunny*), "time" (*it's five o'clock*, *it's a long way*, *it's been three years
    since ...*), "cleft" (*it was John who ...*), "raising" (*it seems that ...*) or
    "extraposition" (*it is important that/to ...*, *it is said that ...*, *it takes an hour
    to get there*)."""
    if not is_it(tok) or tok.dep_ not in SUBJECT_DEPS:
        return None
    cache = _doc_cache(tok.doc, _KIND_CACHE_KEY)
    if tok.i not in cache:  # several rules ask about the same it
        cache[tok.i] = _pleonastic_kind(tok)
    return cache[tok.i]


# Verbs that pass their subject on to an infinitive *be*: *it's going to be too expensive to
# ...*, *it used to be hard to ...*, *it has to be done*.
SUBJECT_RAISING_VERBS = frozenset("go use have seem appear tend begin start continue".split())


def _through_raising(head: Token) -> Token:
    """The infinitive *be* whose subject ``head``'s subject really is (*it's going to be
    ...*), else ``head``."""
    if lemma(head) not in SUBJECT_RAISING_VERBS:
        return head
    be = next((c for c in children(head) if c.dep_ == "xcomp" and lemma(c) == "be" and c.i > head.i), None)
    return be if be is not None else head


def _pleonastic_kind(tok: Token) -> str | None:
    head = _through_raising(tok.head)
    for kind, test in (("weather", _weather), ("time", _time_or_distance), ("cleft", _cleft),
                       ("raising", _raising), ("extraposition", _extraposition)):
        if test(head):
            return kind
    if _costs_time(tok):
        return "extraposition"
    return None


def is_pleonastic_it(tok: Token) -> bool:
    """Whether ``tok`` is a dummy *it* (see :func:`pleonastic_kind`)."""
    return pleonastic_kind(tok) is not None


def _weather(head: Token) -> bool:
    verb, kids = lemma(head), children(head)
    if verb in WEATHER_VERBS and not _thing_object(head):
        return True
    if any(c.dep_ == "xcomp" and lemma(c) in WEATHER_VERBS and not _thing_object(c)
           for c in kids):
        return True  # it started raining, it is going to snow
    if verb in ("get", "grow", "become") and any(
            c.dep_ in ("acomp", "advmod") and c.lower_ in AMBIENT_ADJECTIVES for c in kids):
        return True  # it got dark
    return verb in COPULAS and any(
        (c.dep_ in ("acomp", "advmod") and c.lower_ in WEATHER_ADJECTIVES)
        or (c.dep_ in ("attr", "acomp") and c.tag_ == "VBG" and lemma(c) in WEATHER_VERBS)
        for c in kids)  # "it's raining" is sometimes parsed with an attribute


def _time_or_distance(head: Token) -> bool:
    if lemma(head) not in COPULAS:
        return False
    for attr in children(head):
        if attr.dep_ != "attr":
            continue
        noun = lemma(attr)
        if noun in TIME_NOUNS and noun not in ("way", "while"):
            return True
        if noun in TIME_NOUNS and any(c.dep_ in ("amod", "nummod") for c in children(attr)):
            return True  # a long way, a while
        if attr.like_num and ":" in attr.text:
            return True  # it's 5:30
        if noun in TIME_PARTS and any(
                lemma(o) in TIME_NOUNS for of in children(attr) if of.dep_ == "prep" and of.lower_ == "of"
                for o in children(of) if o.dep_ == "pobj"):
            return True  # it's the end of the year, the middle of the night
    return False


def _cleft_parts(head: Token) -> tuple[Token, Token] | None:
    """``(focus, clause)`` of *it is X who/that ...*: an attribute followed by a clause whose
    subject or object is a relative word. Also a relative clause on a described noun (*it's
    the kind of movie that ...*), which is usually not a cleft: see :func:`_cleft`."""
    if lemma(head) != "be":
        return None
    kids = children(head)
    attr = next((c for c in kids if c.dep_ == "attr"), None)
    if attr is None:
        return None
    clause = next((c for c in (*kids, *children(attr))
                   if c.dep_ in ("relcl", "ccomp") and c.i > attr.i), None)
    if clause is None or not any(t.tag_ in ("WP", "WDT") or (t.lower_ == "that" and t.dep_ != "mark")
                                 for t in children(clause)):
        return None
    return attr, clause


def _cleft(head: Token) -> bool:
    """*It was John who called*, *it was my sister who told me*: clefts whose focus is a name,
    a pronoun, or a person noun with *who*; *it's the car that I had* may be referential."""
    parts = _cleft_parts(head)
    if parts is None:
        return False
    focus, clause = parts
    if focus.pos_ in ("PROPN", "PRON"):
        return True
    return is_animate(focus) is True and any(t.lower_ == "who" for t in children(clause))


def _raising(head: Token) -> bool:
    """*It seems that ...*, *it looks as if ...*, *it turned out that ...*."""
    verb = lemma(head)
    if verb not in RAISING_VERBS:
        return False
    for child in children(head):
        if child.dep_ == "ccomp" and child.i > head.i and (
                _has_mark(child, ("that",)) or verb in ("seem", "appear", "happen")):
            return True
        if child.dep_ == "advcl" and _has_mark(child, ("like", "if", "though")):
            return True
    return False


def _extraposition(head: Token) -> bool:
    """A dummy subject whose logical subject is a clause after the predicate."""
    verb, kids = lemma(head), children(head)
    if head.tag_ == "VBN" and any(c.dep_ == "auxpass" for c in kids):
        if any(c.dep_ == "ccomp" and c.i > head.i for c in kids):
            return True  # it is said that ...
        return verb in DEONTIC_PASSIVES and _has_dep(head, "xcomp")
    if verb in EXTRAPOSING_VERBS and verb not in ("take", "cost"):
        if verb == "make" and not _has_dep(head, "dobj"):
            return False  # it makes sense to ...; not "watching it made me feel old"
        return any(c.dep_ in ("xcomp", "ccomp", "csubj") and c.i > head.i for c in kids)
    if verb not in COPULAS:
        return False
    for prep in (c for c in kids if c.dep_ == "prep" and c.i > head.i):
        if any(_infinitive(a) and a.dep_ == "acl" for o in children(prep) if o.dep_ == "pobj"
               for a in children(o)):
            return True  # it is in your power to free yourselves, it is up to us to decide
    for pred in kids:
        if pred.dep_ not in ("acomp", "attr"):
            continue
        clause = next((c for c in (*children(pred), *kids)
                       if c.dep_ in CLAUSAL_DEPS and c.i > pred.i), None)
        if clause is None:
            continue
        if clause.dep_ == "advcl" and not _infinitive(clause):
            continue  # "it is good because ..." says something about a referent
        if _tough(pred, clause):
            return False
        return True
    return False


def _time_cost_clause(head: Token) -> Token | None:
    """The infinitive of *it takes/costs X to ...*, if any."""
    if lemma(head) not in ("take", "cost"):
        return None
    return next((c for c in children(head)
                 if c.dep_ in ("xcomp", "advcl", "ccomp") and c.i > head.i and _infinitive(c)), None)


def _costs_time(tok: Token) -> bool:
    """*It takes two hours to get there* is a dummy; *it takes a while to charge* (a phone)
    is not. Confident when the infinitive has its own object, or no earlier noun phrase could
    be what *it* stands for."""
    clause = _time_cost_clause(tok.head)
    if clause is None:
        return False
    if any(c.dep_ in ("dobj", "ccomp") for c in children(clause)):
        return True
    # An earlier "it" counts as a possible referent without being classified itself.
    return not any(t.i != tok.i and (is_it(t) or _referring(t)) for t, _ in context_window(tok))


def _tough(pred: Token, clause: Token) -> bool:
    """*It is easy to use*: a tough predicate whose infinitive lacks its object (the gap is
    the referent of *it*), unlike *it is easy to see that ...*."""
    if lemma(pred) not in TOUGH_PREDICATES or not _infinitive(clause):
        return False
    return not any(c.dep_ in ("dobj", "ccomp", "xcomp", "attr", "acomp") for c in children(clause))


def maybe_pleonastic_it(tok: Token) -> bool:
    """Broader than :func:`is_pleonastic_it`: also an *it* before a clause the tests above
    could not classify (*it is easy to sleep here*, *I find it hard to ...*, *make it clear
    that*), or an *it* in fixed phrases (*make it*, *take it easy*). Referential uses must
    rule these out."""
    if not is_it(tok):
        return False
    cache = _doc_cache(tok.doc, _MAYBE_CACHE_KEY)
    if tok.i not in cache:  # asked by most pronoun rules, and for every earlier it in candidates
        cache[tok.i] = _maybe_pleonastic_it(tok)
    return cache[tok.i]


def _maybe_pleonastic_it(tok: Token) -> bool:
    if is_pleonastic_it(tok):
        return True
    head = tok.head
    if tok.dep_ in SUBJECT_DEPS and (_cleft_parts(head) is not None or _time_cost_clause(head) is not None):
        return True
    verb, kids = lemma(head), children(head)
    if verb in COPULAS and any(c.dep_ == "acomp" and c.lower_ in AMBIENT_ADJECTIVES for c in kids):
        return True  # it is cold (the weather, or the soup?)
    if verb in COPULAS and any(c.dep_ == "acomp" for c in kids) and any(
            c.dep_ == "advmod" and c.lower_ in PLACE_ADVERBS for c in kids):
        return True  # it's so quiet here: the surroundings
    if verb in COPULAS and any(c.dep_ == "acomp" and lemma(c) in TOUGH_PREDICATES for c in kids) and any(
            _experiencer(o) for p in (head, *kids) for f in children(p) if f.dep_ == "prep" and f.lower_ == "for"
            for o in children(f) if o.dep_ == "pobj"):
        return True  # it's hardest for the men: the situation, for someone (the clause unsaid)
    if any(c.dep_ in CLAUSAL_DEPS and c.i > tok.i for c in kids) and (
            verb in COPULAS or head.pos_ in ("ADJ", "NOUN")):
        return True
    if tok.dep_ in ("nsubj",) and head.pos_ in ("ADJ", "NOUN") and head.dep_ in ("ccomp", "xcomp", "oprd"):
        return True  # I find it hard ..., made it clear
    if verb in ("make", "take") and tok.dep_ == "dobj" and any(
            c.dep_ in ("acomp", "oprd", "ccomp", "xcomp") or c.lower_ == "easy" for c in kids):
        return True  # make it clear, take it easy
    return False


def _experiencer(tok: Token) -> bool:
    """A person a situation is hard or easy for (*for me*, *for the men*, *for Matthew*)."""
    return could_be_person(tok)


def _thing_object(verb: Token) -> bool:
    """A direct object that is not a measure (*it rained 2 inches* has none: the amount is
    no thing rained on or poured)."""
    return any(c.dep_ == "dobj" and not (c.like_num or any(n.dep_ == "nummod" for n in children(c)))
               for c in children(verb))


def _has_dep(tok: Token, dep: str) -> bool:
    return any(c.dep_ == dep for c in children(tok))


def _has_mark(clause: Token, words: tuple[str, ...]) -> bool:
    return any(c.dep_ in ("mark", "prep", "advmod") and c.lower_ in words for c in children(clause))


def _infinitive(clause: Token) -> bool:
    return any(c.tag_ == "TO" and c.dep_ == "aux" for c in children(clause))


# --------------------------------------------------------------------------- candidates


@dataclass(frozen=True)
class Candidate:
    """A possible antecedent: its head token (resolved through earlier pronouns), number,
    animacy and rank (role weight minus sentence distance)."""

    head: Token
    number: str | None
    animate: bool | None
    rank: int


ROLE_WEIGHT = {"subject": 4, "object": 3, "other": 1}
# The best candidate must outrank the next compatible one by this much: a subject beats an
# object of a preposition, but a subject and a direct object tie.
MARGIN = 2


def role(tok: Token) -> str:
    if tok.dep_ in SUBJECT_DEPS or _dislocated_topic(tok):
        return "subject"
    if tok.dep_ in OBJECT_DEPS:
        return "object"
    return "other"


def _dislocated_topic(tok: Token) -> bool:
    """*My mother, she's a teacher*: an NP, a comma, then a subject pronoun."""
    commas = _topic_commas(tok.doc)
    if not commas:  # most texts: no need to walk the subtree
        return False
    return max(t.i for t in tok.subtree) + 1 in commas


def _topic_commas(doc) -> tuple[int, ...]:
    """Positions of the commas followed by a third-person subject pronoun (see
    :func:`_dislocated_topic`), worked out once per document."""
    found = doc.user_data.get(_COMMAS_CACHE_KEY)
    if found is None:
        index = index_of(doc)
        tokens = index.tokens if index is not None else doc
        found = doc.user_data[_COMMAS_CACHE_KEY] = tuple(
            i for i in range(len(tokens) - 1)
            if tokens[i].text == "," and tokens[i + 1].dep_ in SUBJECT_DEPS
            and tokens[i + 1].lower_ in THIRD_PERSON)
    return found


def _referring(tok: Token) -> bool:
    """Whether ``tok`` heads a referring noun phrase that may be an antecedent."""
    pos = tok.pos_
    if pos == "PRON" or tok.tag_ == "PRP":
        low = tok.lower_
        if low in ("it",):
            return not maybe_pleonastic_it(tok)
        return (low in THIRD_PERSON and tok.tag_ in ("PRP", "PRP$")) or (
            low in DEMONSTRATIVES and tok.dep_ not in ("det", "mark"))
    if pos not in ("NOUN", "PROPN"):
        return False
    if tok.lemma_.lower() in TIME_NOUNS:
        return False
    return tok.dep_ not in NON_REFERRING_DEPS or _dislocated_topic(tok)


def _co_argument(pron: Token, cand: Token) -> bool:
    """Binding: a non-reflexive pronoun does not refer to another argument of its own verb
    (*the car hit it*, *whose car is it?*)."""
    if pron.lower_.endswith(("self", "selves")) or pron.tag_ == "PRP$" or cand.tag_ == "PRP$":
        return False
    if cand.head == pron.head:
        return not _dislocated_topic(cand)
    if pron.dep_ == "pobj" and cand.dep_ in SUBJECT_DEPS:
        return cand.head == pron.head.head
    if pron.dep_ == "nsubj" and "Acc" in morph_values(pron, "Case") and cand.dep_ in SUBJECT_DEPS:
        return cand.head == pron.head.head  # let him drive: him is in the clause of "let"
    return False


def _inside(pron: Token, cand: Token) -> bool:
    """The pronoun is part of the candidate's own phrase (*the owner of its house*)."""
    return pron.tag_ != "PRP$" and _is_ancestor(cand, pron)


def _is_ancestor(cand: Token, tok: Token) -> bool:
    """Whether ``cand`` is among ``tok.ancestors`` (read off the index's heads if there is one)."""
    index = index_of(tok.doc)
    if index is None:
        return cand in tok.ancestors
    return cand.i != tok.i and index.in_subtree(tok.i, cand.i)


def candidates(pron: Token, _depth: int = 0, as_form: str | None = None) -> list[Candidate]:
    """Compatible candidate antecedents of a third-person pronoun, best first. With
    ``as_form`` (e.g. "it"), the candidates the pronoun would have if it had that form: a
    rule that changes a pronoun's form checks with it that the new form is not ambiguous."""
    low = as_form or pron.lower_
    if low not in THIRD_PERSON or pron.tag_ not in ("PRP", "PRP$"):
        return []
    number, animate = THIRD_PERSON[low]
    pron_gender = PRONOUN_GENDER.get(low)
    found: dict[int, Candidate] = {}
    for tok, distance in context_window(pron):
        if not _referring(tok) or _co_argument(pron, tok) or _inside(pron, tok):
            continue
        head = semantic_head(tok)
        if tok.lower_ in THIRD_PERSON and tok.pos_ == "PRON":
            if _depth >= 3:
                continue
            resolved = antecedent(tok, _depth + 1)
            head = resolved if resolved is not None else tok
        cand_number = noun_number(tok) if tok.pos_ == "PRON" else noun_number(head)
        cand_animate = is_animate(head)
        if not _compatible(number, animate, cand_number, cand_animate):
            continue
        if animate is False and (_person_noun(head) or _named_person(pron, head, _depth)):
            continue  # *the gay man ... it*, *John ... he ... it*: a noun with a person sense
            # and a gender, a human noun, or a name a personal pronoun refers to
        if animate is True and _never_personal(head):
            continue  # *my neighbour bought a van. He ...*: a group or vehicle sense only
        cand_gender = gender(head) or gender(tok)
        if pron_gender and cand_gender and cand_gender != pron_gender:
            continue
        rank = ROLE_WEIGHT[role(tok)] - distance
        previous = found.get(head.i)
        if previous is None or previous.rank < rank:
            found[head.i] = Candidate(head, cand_number, cand_animate, rank)
    return sorted(found.values(), key=lambda c: (-c.rank, -c.head.i))


def _named_person(pron: Token, cand: Token, depth: int) -> bool:
    """A name that a *he*/*she* between it and ``pron`` refers to (*John took the book
    because he wanted to read it*)."""
    if cand.pos_ != "PROPN" or depth > 0:
        return False
    tokens = index_of(pron.doc).tokens if index_of(pron.doc) is not None else pron.doc
    return any(tokens[i].lower_ in PRONOUN_GENDER and tokens[i].tag_ == "PRP"
               and getattr(antecedent(tokens[i], depth + 1), "i", None) == cand.i
               for i in range(cand.i + 1, pron.i))


def _never_personal(tok: Token) -> bool:
    """A common noun of unknown animacy with no person or animal sense (*van*, *committee*),
    which *he*/*she* do not stand for."""
    return (tok.pos_ == "NOUN" and is_animate(tok) is None
            and tok.lemma_.lower() not in wordlist("person_sense_nouns")
            and tok.lemma_.lower() not in wordlist("animal_nouns"))


def _person_noun(tok: Token) -> bool:
    """A common noun that names a person although it has other senses (*man*, *guest*)."""
    return tok.pos_ == "NOUN" and (gender(tok) is not None or tok.lemma_.lower() in wordlist("human_nouns"))


def context_window(pron: Token) -> Iterator[tuple[Token, int]]:
    """Tokens before the pronoun in its sentence (distance 0) and the one before (1)."""
    tokens, start, previous_start = _window_bounds(pron)
    yield from ((tokens[i], 0) for i in range(start, pron.i))
    if start > 0:
        yield from ((tokens[i], 1) for i in range(previous_start, start))


def _window_bounds(pron: Token) -> tuple:
    """``(tokens, start, previous_start)``: a sequence of the doc's tokens, the start of the
    pronoun's sentence and that of the sentence before (0 when there is none); from the
    engine's index when there is one (``Token.sent`` searches the bounds every time)."""
    index = index_of(pron.doc)
    if index is not None:
        start = index.sentence_of[pron.i]
        return index.tokens, start, index.sentence_of[start - 1] if start > 0 else 0
    doc, start = pron.doc, pron.sent.start
    return doc, start, doc[start - 1].sent.start if start > 0 else 0


def _compatible(number: str, animate: bool | None, cand_number: str | None,
                cand_animate: bool | None) -> bool:
    if cand_number is not None and cand_number != number:
        return False
    if animate is None or cand_animate is None:
        return True
    return animate == cand_animate


def antecedent(pron: Token, _depth: int = 0) -> Token | None:
    """The head token of the antecedent of a third-person pronoun, or None when there is no
    clear one (no candidate, competing candidates, or a possibly dummy *it*). When the
    antecedent is itself a pronoun, its own antecedent is returned if it has a clear one."""
    cache = pron.doc.user_data.setdefault(_CACHE_KEY, {})
    if pron.i in cache:
        return None if cache[pron.i] is None else pron.doc[cache[pron.i]]
    head = _resolve(pron, _depth)
    if _depth == 0:  # deeper calls may stop early at the depth limit; do not remember them
        cache[pron.i] = None if head is None else head.i
    return head


# Results per document (token index of the antecedent, or None): several rules ask about the
# same pronouns, and pronoun chains ask again. Plain ints, so the doc stays serialisable.
_CACHE_KEY = "multivalue.antecedents"
# Likewise per token index: pleonastic_kind, maybe_pleonastic_it; and _topic_commas.
_KIND_CACHE_KEY = "multivalue.antecedents.pleonastic_kind"
_MAYBE_CACHE_KEY = "multivalue.antecedents.maybe_pleonastic"
_COMMAS_CACHE_KEY = "multivalue.antecedents.topic_commas"


def _doc_cache(doc, key: str) -> dict:
    """A dict of results kept with ``doc`` (the parse does not change while rules run)."""
    return doc.user_data.setdefault(key, {})


def _resolve(pron: Token, depth: int) -> Token | None:
    if is_it(pron) and maybe_pleonastic_it(pron):
        return None
    found = candidates(pron, depth)
    if not found:
        return None
    if len(found) > 1 and found[0].rank - found[1].rank < MARGIN:
        return None
    return found[0].head


def _sentence_end(tok: Token) -> int:
    """One past the last token of ``tok``'s sentence."""
    index = index_of(tok.doc)
    return index.sentence_end(tok.i) if index is not None else tok.sent.end


def person_in_context(pron: Token, pron_gender: str, exclude: Token | None = None) -> bool:
    """Whether a person that *he* (MALE) or *she* (FEMALE) could stand for is mentioned
    around ``pron`` (its sentence and the one before): a gendered pronoun or person noun of
    that gender, a person noun of unknown gender, an animal or a name, other than ``exclude``.
    A rule that turns a pronoun into *he*/*she* must not fire then, or the new pronoun could
    be read as that person."""
    return any(exclude is None or tok.i != exclude.i
               for tok in persons_in_context(pron, pron_gender, limit=2))


def persons_in_context(pron: Token, pron_gender: str, limit: int | None = None) -> list[Token]:
    """The mentions :func:`person_in_context` looks for, in text order, at most ``limit``
    (two are enough to know that one remains whichever is excluded)."""
    found: list[Token] = []
    tokens, _, previous_start = _window_bounds(pron)
    for tok in (tokens[i] for i in range(previous_start, _sentence_end(pron))):
        if tok.i == pron.i:
            continue
        if tok.lower_ in PRONOUN_GENDER and tok.tag_ in ("PRP", "PRP$"):
            if PRONOUN_GENDER[tok.lower_] == pron_gender:
                found.append(tok)
        elif tok.pos_ in ("NOUN", "PROPN") and _referring(tok):
            maybe_person = could_be_person(tok) or tok.lemma_.lower() in wordlist("animal_nouns")
            if maybe_person and gender(tok) in (None, pron_gender):
                found.append(tok)
        if limit is not None and len(found) >= limit:
            break
    return found


def same_verb_argument(pron: Token, cand: Token) -> bool:
    """Binding: a pronoun after a preposition of a verb does not refer to that verb's own
    subject or object (*you can clean your bicycle with it*, *she put the box on it*: it is
    something else; the same thing would be *itself*)."""
    if pron.dep_ != "pobj" or pron.head.dep_ not in ("prep", "dative", "agent"):
        return False
    verb = pron.head.head
    return cand.head.i == verb.i and cand.dep_ in (*SUBJECT_DEPS, *OBJECT_DEPS)


def bound_by_subject(pron: Token, cand: Token) -> bool:
    """Binding (principle C): a subject pronoun does not refer to a noun inside its own
    clause (*in between interviews they show ...*, *they said the boxes were heavy*: *they*
    is someone else)."""
    if pron.dep_ not in SUBJECT_DEPS or pron.head.i == pron.i or cand.i == pron.i \
            or not _is_ancestor(pron.head, cand):
        return False
    tok = cand
    while tok.i != pron.head.i:
        if tok.dep_ in CLAUSE_DEPS and tok.i < pron.i:
            return False  # *the boxes were heavy, so they stayed*: a clause of its own
            # before the pronoun, which the parser hung under the pronoun's verb
        tok = tok.head
    return True


# Dependencies of a clause under another clause's verb.
CLAUSE_DEPS = frozenset({"advcl", "ccomp", "conj", "parataxis", "csubj", "csubjpass", "xcomp", "relcl", "acl"})


def across_quotation(pron: Token, cand: Token) -> bool:
    """A quotation mark between the candidate and the pronoun: one stands in quoted speech
    and the other in the narration around it (*"I remember things now" = they held up the
    card*), whose referents the quoted words do not set up."""
    start, end = sorted((pron.i, cand.i))
    return any(t.tag_ in ("``", "''") or t.text in ('"', "“", "”")
               for t in pron.doc[start + 1:end])


def enclosing_nouns(pron: Token) -> list[Token]:
    """The nouns whose clausal modifier (a participle or relative clause) holds ``pron``
    (*the energy given up by electrons as they move*): a pronoun inside may refer to them,
    although ``candidates`` leaves out the phrases a pronoun is part of."""
    found = []
    tok = pron
    while tok.head.i != tok.i:
        if tok.dep_ in ("acl", "relcl") and tok.head.pos_ in ("NOUN", "PROPN"):
            found.append(tok.head)
        tok = tok.head
    return found


def same_referent_groups(pronouns: list[Token]) -> list[list[Token]]:
    """Gendered pronouns (in text order) grouped by the person they refer to: a pronoun whose
    antecedent is an earlier pronoun of the list joins that pronoun's group, pronouns with the
    same noun antecedent share a group; one with no clear antecedent joins the last pronoun
    of its gender before it (*fire her and tell her*, *Goldy gave it to her cousin ... she
    gave*), or else starts its own. A rule that changes one form of a person's pronouns
    changes the group together or not at all, or two forms would read as two people."""
    root: dict[int, int] = {}
    groups: dict[int, list[Token]] = {}
    for n, tok in enumerate(pronouns):
        ante = antecedent(tok)
        if ante is None:
            ante = next((p for p in reversed(pronouns[:n])
                         if PRONOUN_GENDER.get(p.lower_) == PRONOUN_GENDER.get(tok.lower_)), None)
        key = tok.i if ante is None else root.get(ante.i, ante.i)
        root[tok.i] = key
        groups.setdefault(key, []).append(tok)
    return list(groups.values())
